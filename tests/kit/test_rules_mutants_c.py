"""Mutation survivors of :mod:`cgsat.kit.rules` (part 3): the checks of ``rule(...)``'s
arguments and their one-line messages, the words a rule and its family are described in,
and the empty Toppling Peaks word (printed ``()``) as a refutation that replays."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from cgsat.automata.dfa import Automaton
from cgsat.automata.partizan_families import regex_automaton
from cgsat.claims import ALL_N, Budget
from cgsat.engine.replay_stored import replay_problem
from cgsat.engine.store import Row
from cgsat.errors import CgsatInputError
from cgsat.kit import claim, green_cordons, rule, timber_paths
from cgsat.kit.rules import RuleSpec, rule_automaton

EVEN = Automaton("01", ((1, 1), (0, 0)), frozenset({0}))  # words of even length, unnamed
NOT_A_STRING: Any = 5
NOT_AN_AUTOMATON: Any = "0*1"


@pytest.mark.parametrize(("made", "message"), [
    (lambda: rule(True, regex="1"), "rule(): nim is a nim-value 0, 1, 2, ..., got True"),
    (lambda: rule(2, regex=NOT_A_STRING), "rule(): regex= takes a string, got 5"),
    (lambda: rule(2, automaton=NOT_AN_AUTOMATON),
     "rule(): automaton= takes a cgsat.automata.dfa.Automaton, got str"),
    (lambda: rule(2, learn=0), "rule(): learn= is a size 1, 2, ..., got 0"),
    (lambda: rule(2, learn=True), "rule(): learn= is a size 1, 2, ..., got True"),
    (lambda: rule(2, regex="1", below=0), "rule(): below= is a size 1, 2, ..., got 0"),
    (lambda: rule(2, regex="1", below=True), "rule(): below= is a size 1, 2, ..., got True"),
])
def test_bad_rule_arguments_are_named_in_one_line(made: Callable[[], object],
                                                  message: str) -> None:
    """Each bad argument of rule() is a CgsatInputError whose whole text names it."""
    with pytest.raises(CgsatInputError) as err:
        made()
    assert str(err.value) == message


def test_size_one_is_a_size_for_learn_and_below() -> None:
    """learn=1 and below=1 are sizes rule() takes (1, 2, ... are allowed)."""
    assert rule(0, learn=1).spec.learn == 1
    assert rule(0, regex="1", below=1).spec.below == 1


def test_an_automaton_rule_is_described_with_its_name_or_without() -> None:
    """The claim's sentence names a user's automaton when it has a name, and says nothing
    in its place when it has none; a learned rule names its table's size."""
    even = replace(EVEN, name="even")
    named = claim("user.t-named", green_cordons(leaves=1), rule(2, automaton=even))
    assert named.statement == (
        "green cordons with exactly 1 leaf arc: A position has nim-value 2 exactly when the "
        "automaton even (2 states) accepts its leaf word.")
    bare = claim("user.t-bare", green_cordons(leaves=1), rule(2, automaton=EVEN))
    assert bare.statement == (
        "green cordons with exactly 1 leaf arc: A position has nim-value 2 exactly when the "
        "automaton (2 states) accepts its leaf word.")
    assert rule(0, learn=12).describe() == ("a position has nim-value 0 exactly when the "
                                            "automaton learned from exhaustive play up to "
                                            "size 12 accepts its word")


def test_at_most_m_leaf_arcs_in_words() -> None:
    """max_leaves=m is described as at most m leaf arcs, with the plural except for one."""
    assert green_cordons(max_leaves=1).describe() == "green cordons with at most 1 leaf arc"
    assert green_cordons(max_leaves=2).describe() == "green cordons with at most 2 leaf arcs"


def test_a_refutation_at_the_empty_peaks_word_stands_and_replays() -> None:
    """A Peaks rule given as an automaton that rejects the empty word (no domino, nim-value
    0) is refuted there by the all-n method, and the stored refutation replays (the empty
    word prints as ``()``); the same rule as a regex is read on sizes >= 1 and proved."""
    family = timber_paths(height_range=2)
    assert family.keep("") and family.keep("()")
    nonempty = regex_automaton("(L(LR)*R)+", "LR", "nonempty Dyck words")
    c = claim("user.t-empty", family, rule(0, automaton=nonempty))
    automata = next(m for m in c.methods if m.name == "automata")
    verdict = automata.run(ALL_N, Budget())
    assert (verdict.status, verdict.counterexample) == ("refuted", "")
    assert c.confirm is not None and c.confirm(0, "") is True
    row = Row(c.id, ALL_N, "automata", "", "0", "refuted", counterexample="")
    assert replay_problem(c, row) is None
    by_regex = claim("user.t-regex", family, rule(0, regex="(L(LR)*R)+"))
    automata = next(m for m in by_regex.methods if m.name == "automata")
    assert automata.run(ALL_N, Budget()).status == "proved"


def test_a_peaks_regex_holds_the_empty_word_exactly_at_nim_value_0() -> None:
    """The empty Peaks word has nim-value 0: a regex rule accepts it for k = 0 and not for
    k >= 1, whatever the regex says of it; the other words are the regex's."""
    family = timber_paths(height_range=2)
    zero = rule_automaton(family, RuleSpec(0, regex="LR"))
    one = rule_automaton(family, RuleSpec(1, regex="()|LRLR"))
    assert zero.accepts("") and zero.accepts("LR") and not zero.accepts("LRLR")
    assert not one.accepts("") and one.accepts("LRLR") and not one.accepts("LR")
