"""The word families: a green-cordon position read as its leaf word, the height-range
automaton, and the Toppling Peaks family (no ⊥, words read back for the replay of a
counterexample) (mutation survivors of ``cgsat.automata.families``)."""

from __future__ import annotations

import pytest

from cgsat.automata.dfa import Automaton
from cgsat.automata.families import cordon_word, height_range, toppling_peaks
from cgsat.automata.methods import confirm_sized
from cgsat.automata.options import Statement
from cgsat.games import get_ruleset
from cgsat.kit.rules import RuleSpec, rule_automaton, timber_paths


def test_a_bare_stalk_without_colon_is_its_word_of_zeros() -> None:
    """The ruleset reads ``5`` as the stalk ``5:``; its leaf word is four zeros too."""
    rules = get_ruleset("green-cordon")
    assert rules.parse("5") == rules.parse("5:")
    assert cordon_word("5") == cordon_word("5:") == "0000"


@pytest.mark.parametrize("h", range(5))
def test_height_range_has_a_state_per_height_and_span_and_one_dead_state(h: int) -> None:
    """States (c, r) with 0 <= c <= r <= h and a dead state, none redundant; named for
    messages and the proof directory's domain.json."""
    a = height_range(h)
    assert a.size == (h + 1) * (h + 2) // 2 + 1
    assert a.minimal().size == a.size
    assert a.name == a.to_json()["name"] == f"height range <= {h}"


def test_toppling_peaks_has_no_bottom_position() -> None:
    """⊥ is not a Toppling Peaks position: not in the family, and a nim-value-0 rule over
    the words does not accept it."""
    fam = toppling_peaks(2)
    assert fam.bottom is False and fam.in_domain(None) is False
    auto = rule_automaton(timber_paths(height_range=2), RuleSpec(0, regex="(LR)*"))
    assert auto.empty is False and auto.to_json()["empty"] is False


def test_a_wrong_peaks_statement_is_confirmed_at_its_counterexample() -> None:
    """The runner's replay reads a Toppling Peaks counterexample back as a word: "L" (an N-
    position) refutes "every word is a P-position", "" (a P-position) does not."""
    every = Automaton("LR", ((0, 0),), frozenset({0}), name="every word")

    def build(h: int) -> Statement:
        return Statement(toppling_peaks(h), (every,))

    assert confirm_sized(2, "L", build=build) is True
    assert confirm_sized(2, "", build=build) is False
