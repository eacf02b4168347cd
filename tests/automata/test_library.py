"""The library of green-cordon automata: the stored files are the automata of their regular
expressions, the block pattern starts at nim-value 2, ``pattern_rule`` reads a cordon's leaf
word (the empty cordon rejected), and ``nim_statement`` is R_0 .. R_k under its name."""

from __future__ import annotations

import pytest
from automata.base.exceptions import InvalidSymbolError

from cgsat.automata.library import (
    SEC5,
    THM_3_2,
    THM_3_3,
    nim_statement,
    pattern,
    pattern_rule,
    regex,
    stored,
)
from cgsat.automata.methods import summary
from cgsat.claims import Budget
from cgsat.games.green_cordon import cordons
from cgsat.papers.registry import get_claim


def test_regex_builds_the_stored_automata_with_their_flag_and_name() -> None:
    """Each stored statement is exactly its regex's automaton: states, ⊥ flag and name."""
    expressions = {"thm3.2": (THM_3_2, True), "thm3.3": (THM_3_3, False)}
    for name, (domain, auto) in SEC5.items():
        expressions[f"sec5-{name}-domain"] = (domain, True)
        expressions[f"sec5-{name}"] = (auto, False)
    for name, (expression, empty) in expressions.items():
        built = regex(expression, empty, name)
        assert built == stored(name), name
        assert (built.empty, built.name) == (empty, name)
    assert regex(THM_3_2, True, "thm3.2").accepts(None) is True
    assert regex(THM_3_3, False, "thm3.3").accepts(None) is False


def test_regex_reads_the_leaf_alphabet_0_and_1() -> None:
    """A wildcard matches both letters of the leaf word; any other letter is an error."""
    last_leaf = regex(".*1", False, "last leaf")
    assert last_leaf.size == 2
    assert [last_leaf.accepts(w) for w in ("1", "01", "11", "10", "")] == [
        True, True, True, False, False]
    two = regex("0.", False, "two")
    assert two.accepts("01") and two.accepts("00") and not two.accepts("11")
    with pytest.raises(InvalidSymbolError):
        regex("0*2", False, "bad letter")


def test_pattern_below_nim_value_2_is_refused_by_name() -> None:
    """The block pattern A_k starts at k = 2; the error names the k asked for."""
    with pytest.raises(ValueError, match="block pattern starts at nim-value 2, not 1"):
        pattern(1)
    with pytest.raises(ValueError, match="not -3"):
        pattern(-3)


def test_pattern_rule_is_the_stored_automaton_on_the_leaf_word() -> None:
    """The empty cordon is never nim-value k >= 2; other cordons by their leaf word."""
    for k in (2, 3, 4, 12):
        assert pattern_rule(0, [], k=k) is False
        assert pattern_rule(0, (), k=k) == pattern(k).accepts(None)
        for h in range(1, 8):
            for _, atts in cordons(h):
                word = "".join("1" if a in atts else "0" for a in range(1, h))
                assert pattern_rule(h, atts, k=k) == pattern(k).accepts(word), (k, h, atts)
    # the claim's play method at height 0: the empty cordon (nim-value 0) is not listed
    v = get_claim("thickets.green-nim4").method("brute").run(0, Budget())
    assert v.status == "holds", v


@pytest.mark.parametrize("k", [0, 1, 2, 5])
def test_nim_statement_is_r0_to_rk_under_its_name(k: int) -> None:
    """R_0 .. R_k: Theorems 3.2, 3.3, then nim2 .. nimk, named by their range."""
    st = nim_statement(k)
    expected = ["thm3.2", "thm3.3", *(f"nim{j}" for j in range(2, k + 1))][: k + 1]
    assert [a.name for a in st.automata] == expected
    assert st.k == k
    assert st.name == f"green cordons, nim-values 0..{k}"
    # the proof record's "statement" (results/proofs/<label>/proof.json)
    assert summary(st, [], "thickets.x")["statement"] == f"green cordons, nim-values 0..{k}"
