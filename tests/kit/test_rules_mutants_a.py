"""What a user sees of a rule (:mod:`cgsat.kit.rules`): the claim's sentence, the
``automata`` method's scope and proof detail, the attribution of a refutation to a wrong
background automaton, and the one-line errors of bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cgsat.api import check
from cgsat.automata.library import stored
from cgsat.errors import CgsatInputError
from cgsat.kit import claim, green_cordons, rows, rule, rules, timber_paths
from cgsat.kit.families import Family
from cgsat.kit.rules import Rule, RuleSpec, learn, rule_automaton, rule_statement

ONE = "0*10(00)*"  # one leaf arc: nim-value 2 (Thinning Thickets, §5)
LIBRARY = "from the stored library automata of Thinning Thickets"


def test_a_cordon_rule_speaks_of_the_leaf_word() -> None:
    """A rule over green cordons is described by its leaf word, in the claim's sentence;
    over Peaks words, by its word."""
    c = claim("user.m-leaf", green_cordons(leaves=1), rule(2, regex=ONE))
    assert isinstance(c.test, Rule)
    assert c.test.describe() == ("a position has nim-value 2 exactly when its leaf word matches "
                                 f"/{ONE}/")
    assert c.statement == ("green cordons with exactly 1 leaf arc: A position has nim-value 2 "
                           f"exactly when its leaf word matches /{ONE}/.")
    p = claim("user.m-word", timber_paths(height_range=2), rule(0, regex="(LR)*"))
    assert isinstance(p.test, Rule)
    assert p.test.describe() == "a position has nim-value 0 exactly when its word matches /(LR)*/"


def test_a_filtered_family_is_refused_with_the_reason() -> None:
    """match= or palindrome= on a rule's family: one line saying the deciders read automata."""
    for family in (green_cordons(match="1"), timber_paths(height_range=2, palindrome=True)):
        with pytest.raises(CgsatInputError) as err:
            claim("user.m-filter", family, rule(0, regex="1" if "cordon" in family.kind else "L"))
        assert str(err.value) == ("user.m-filter: a rule's family takes no match= or palindrome= "
                                  "(the deciders read automata, not Python filters)")


@pytest.mark.parametrize(("family", "nim", "regex", "parts"), [
    (green_cordons(), 0, "(0|1)*1", "R_0 (R_0 the rule on green cordons)"),
    (green_cordons(max_leaves=1), 1, "0*", "R_0 .. R_1 (R_1 the rule on green cordons with at "
     f"most 1 leaf arc; R_0 {LIBRARY}"),
    (green_cordons(max_leaves=1), 2, ONE, "R_0 .. R_2 (R_2 the rule on green cordons with at "
     f"most 1 leaf arc; R_0 .. R_1 {LIBRARY}"),
    (green_cordons(leaves=1), 0, "(0|1)*1", "R_0 (R_0 the rule on green cordons with exactly 1 "
     f"leaf arc; R_0 on the rest of the closed domain {LIBRARY}"),
    (green_cordons(leaves=1), 2, ONE, "R_0 .. R_2 (R_2 the rule on green cordons with exactly 1 "
     f"leaf arc; R_0 .. R_1 and R_2 on the rest of the closed domain {LIBRARY}"),
])
def test_the_automata_scope_names_the_automata_it_proves(family: Family, nim: int, regex: str,
                                                          parts: str) -> None:
    """The automata method's scope (cgsat list, the report): R_0 .. R_k, which of them is the
    rule, which the background (and on which part of the closed domain), and how it is decided."""
    c = claim("user.m-scope", family, rule(nim, regex=regex))
    scope = c.methods[0].scope
    assert c.methods[0].name == "automata"
    assert scope.startswith(f"every size at once: {parts}")
    assert ") pass the mex rule on every word of a domain closed under options, decided by " \
        "two deciders" in scope
    for words in ("(set operations, pre-images, product search, MONA when installed)",
                  "; a counterexample is replayed by plain play"):
        assert words in scope
    assert scope.endswith("replayed by plain play")


def test_the_proof_detail_names_the_claim_and_its_rule() -> None:
    """The automata verdict's detail: the statement named by the claim id and the rule in
    words (a cordon's leaf word), and the artifacts' directory named by the claim id."""
    c = claim("user.m-detail", green_cordons(leaves=1), rule(2, regex=ONE))
    (x,) = check(c, methods="automata").results
    assert x.status == "proved", x.reason
    detail = json.loads(x.detail or "")
    assert detail["statement"] == ("user.m-detail: a position has nim-value 2 exactly when its "
                                   f"leaf word matches /{ONE}/")
    assert detail["artifacts"] == "results/proofs/user.m-detail/"


def test_rule_statement_names_its_label() -> None:
    """rule_statement's name and its errors start with the label, "rule" without one."""
    spec = RuleSpec(2, regex=ONE)
    assert rule_statement(green_cordons(leaves=1), spec).name == \
        f"rule: a position has nim-value 2 exactly when its leaf word matches /{ONE}/"
    with pytest.raises(CgsatInputError, match=r"^rule: a rule needs a word family"):
        rule_statement(rows("LR"), RuleSpec(0, regex="L"))
    with pytest.raises(CgsatInputError, match=r"^user\.m-x: a rule needs a word family"):
        rule_statement(rows("LR"), RuleSpec(0, regex="L"), "user.m-x")


def test_the_empty_cordon_is_a_p_position_of_the_rest_of_the_domain() -> None:
    """With exactly m leaf arcs, ⊥ (no leaf arc) is outside the family: R_0 takes it from the
    background, so a right rule for nim-value 0 is proved."""
    family = green_cordons(leaves=1)
    st = rule_statement(family, RuleSpec(0, learn=10))
    assert st.automata[-1].name == "R_0" and st.automata[-1].accepts(None)
    (x,) = check(claim("user.m-p0", family, rule(0, learn=10)), methods="automata").results
    assert x.status == "proved", x.reason


def test_a_wrong_learned_background_is_unknown_not_refuted() -> None:
    """A background learned from too small a table (below=6) fails where the rule is right:
    the automata method answers unknown, naming the background, not refuted."""
    c = claim("user.m-bg", timber_paths(height_range=1), rule(3, learn=12, below=6))
    r = check(c, methods="automata")
    (x,) = r.results
    assert x.status == "unknown" and r.refutations == ()
    assert "LRLRLRL (nim-value 4 by play), where a background automaton is wrong, not the rule" \
        in (x.reason or "")


def test_a_refutation_blaming_the_rule_for_a_background_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The slip of a refutation kept where only a background automaton is wrong (the
    attribution dropped) is caught by the user's own check: the claim's replay by the
    direct solver finds no counterexample at LRLRLRL (size 7), so exit 3, not 1."""
    def kept(n: int, budget: Any, *, run: Any, family: Any, spec: Any) -> Any:
        return run(n, budget)

    monkeypatch.setattr(rules, "_attributed", kept)
    c = claim("user.m-slip", timber_paths(height_range=1), rule(3, learn=12, below=6))
    r = check(c, methods="automata")
    (x,) = r.results
    assert (x.status, r.exit_code, r.refutations) == ("error", 3, ())
    assert x.reason == ("the all-n refutation at 'LRLRLRL' is not a counterexample of the "
                        "claim at size 7 by the direct solver; this is a bug")


def test_too_small_a_table_is_one_line() -> None:
    """A table that determines no automaton: the error names the size and the nim-value;
    one that does (the P-positions up to height 4) gives Theorem 3.2's automaton."""
    assert learn(green_cordons(), 0, 4).same_language(stored("thm3.2"))
    with pytest.raises(CgsatInputError, match=r"^the table up to size 4 determines no automaton "
                       r"for nim-value 1; give a larger size \(learn=, below=\)$"):
        learn(green_cordons(), 1, 4)
    c = claim("user.m-small", green_cordons(), rule(1, learn=4))
    with pytest.raises(CgsatInputError, match="determines no automaton for nim-value 1"):
        check(c, methods="automata")


def test_a_learned_peaks_automaton_never_accepts_bottom() -> None:
    """Peaks words have no ⊥ (the empty cordon): an automaton learned for them rejects it."""
    a = learn(timber_paths(), 1, 4)
    assert a.accepts(None) is False
    assert (a.accepts("L"), a.accepts("RL"), a.accepts("LR")) == (True, True, False)
    assert learn(timber_paths(height_range=2), 1, 8).accepts(None) is False


def test_learn_reads_the_table_of_the_familys_own_domain() -> None:
    """learn= over exactly 2 leaf arcs learns from those cordons only (F, not the closed
    domain): the table up to height 3 determines an automaton, the one up to 5 none."""
    family = green_cordons(leaves=2)
    a = rule_automaton(family, RuleSpec(0, learn=3))
    assert not a.accepts("11")  # 3:1,2 has nim-value 1
    with pytest.raises(CgsatInputError, match="up to size 5 determines no automaton for "
                       "nim-value 0"):
        rule_automaton(family, RuleSpec(0, learn=5))
