"""Lumberjack T_k as words (issue 37, section 2): the options are the ruleset's, the three
impartial deciders prove g(T_(2k-1)) = 2, g(T_(2k)) = 1 for every k, and wrong values are
refuted by each and replayed by play."""

from __future__ import annotations

import pytest

from cgsat.automata import product, setops
from cgsat.automata.replay import check_options, confirm, truth
from cgsat.automata.tk_family import TK_FAMILY, tk_statement, tk_word
from cgsat.games import get_ruleset
from cgsat.games import rooted_trees as rt
from cgsat.papers.lumberjack import tk_expected


def test_words_are_the_trees_t_k():
    rs = get_ruleset("lumberjack")
    for k in range(1, 9):
        assert rs.parse(TK_FAMILY.position("1" * k)) == rt.T_k(k)
        assert tk_word(TK_FAMILY.position("1" * k)) == "1" * k


def test_options_match_the_ruleset():
    assert check_options(TK_FAMILY, 9) == []


def test_play_agrees_with_the_text():
    for k in range(1, 12):
        assert truth(TK_FAMILY, "1" * k, False) == tk_expected(k)


@pytest.mark.parametrize("decide", [product.decide, setops.decide])
def test_proved(decide):
    assert decide(tk_statement()).verdict == "proved"


def test_proved_by_mona(need_mona):
    from cgsat.automata import mona
    assert mona.decide(tk_statement()).verdict == "proved"


@pytest.mark.parametrize("values, where", [((2, 1), ""), ((1, 0), "1"), ((1, 3), "1")])
def test_wrong_values_refuted_and_replayed(values, where):
    st = tk_statement(values)
    found = [d(st) for d in (product.decide, setops.decide)]
    assert [d.verdict for d in found] == ["refuted", "refuted"]
    assert {d.counterexample for d in found} == {where}
    assert confirm(st, where).confirmed


@pytest.mark.parametrize("values", [(1, 2), (2, 1), (1, 0), (0, 1), (2, 0), (0, 2), (0, 0),
                                    (1, 3)])
def test_each_automaton_accepts_the_claimed_values(values):
    """R_0 .. R_max: R_j accepts ⊥ iff j = 0 and 1^k iff values[k mod 2] = j, read off
    ``values`` directly (also the negative controls' values)."""
    st = tk_statement(values)
    assert len(st.automata) == max(values) + 1
    for j, a in enumerate(st.automata):
        assert a.empty == (j == 0)
        for k in range(6):
            assert a.accepts("1" * k) == (values[k % 2] == j), (j, k)


@pytest.mark.parametrize("values", [(1, 2), (1, 0)])
def test_names_in_reports(values):
    """The names a method's report and dumped automata carry."""
    st = tk_statement(values)
    assert st.name == "lumberjack T_k"
    assert [a.name for a in st.automata] == [f"nim {j}" for j in range(max(values) + 1)]
