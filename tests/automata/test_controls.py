"""Negative controls at the proof level: every single edit of the small automata is refuted
by both deciders, with counterexamples that plain play confirms, or changes no language."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import pytest

from all_n_statements import cordon, peaks
from cgsat.automata import product
from cgsat.automata.controls import DECIDERS, run_edit, same_on_domain, single_edits
from cgsat.automata.replay import confirm


def _assert_all_refuted(outcomes):
    failed = [(o.automaton, o.edit, [d.describe() for d in o.decisions]) for o in outcomes
              if o.status == "failed"]
    assert not failed, failed
    assert any(o.status == "refuted" for o in outcomes)


@pytest.mark.parametrize("k", [0, 1, 2])
def test_every_edit_refuted_by_both(k, need_mona):
    """Theorems 3.2, 3.3 and nim2: every edit of every automaton of the statement."""
    _assert_all_refuted(single_edits(cordon(k)))


def test_every_edit_of_nim3_refuted_by_both(need_mona):
    _assert_all_refuted(single_edits(cordon(3), automata=[3]))


def test_edits_of_toppling_automata(need_mona):
    for misere in (False, True):
        outcomes = single_edits(peaks(2, misere))
        _assert_all_refuted(outcomes)


def test_language_preserving_edit_is_reported():
    st = cordon(2)
    auto = st.automata[2]
    m = auto.size  # an extra, unreachable state: flipping it changes no language
    padded = auto.__class__(auto.alphabet, auto.delta + ((0, 0),), auto.accepting,
                            auto.empty, auto.name)
    outcome = run_edit(st.with_automaton(2, padded), 2, f"flip accept {m}",
                       padded.__class__(padded.alphabet, padded.delta,
                                        padded.accepting | {m}, padded.empty))
    assert (outcome.automaton, outcome.edit, outcome.status) == (2, f"flip accept {m}",
                                                                 "same language")
    assert outcome.decisions == () and outcome.replays == ()


@pytest.mark.slow
@pytest.mark.parametrize("k", range(4, 8))
def test_every_edit_of_larger_automata(k, need_mona):
    _assert_all_refuted(single_edits(cordon(k), automata=[k]))


def test_outcome_records_edit_decisions_and_replays():
    """A refuted edit keeps which automaton and edit it was, one decision per decider and
    one replay per refutation, each replay confirmed by plain play."""
    st = cordon(2)
    text, edited = next(iter(st.automata[2].edits()))
    o = run_edit(st, 2, text, edited, deciders=("product", "setops"))
    assert (o.automaton, o.edit, o.status) == (2, text, "refuted")
    assert [d.decider for d in o.decisions] == ["product", "setops"]
    assert all(d.verdict == "refuted" for d in o.decisions)
    assert len(o.replays) == 2 and all(r.confirmed for r in o.replays)
    # each replay starts at its decider's counterexample: the same word is replayed again
    assert o.replays == tuple(confirm(st.with_automaton(2, edited), d.counterexample)
                              for d in o.decisions)


def test_flip_empty_is_not_the_same_language():
    """On a family with ⊥ in its domain, automata differing only at ⊥ differ."""
    st = cordon(2)
    a = st.automata[2]
    flipped = replace(a, empty=not a.empty)
    assert not same_on_domain(st, a, flipped)
    assert same_on_domain(st, a, a)
    o = run_edit(st, 2, "flip empty", flipped, deciders=("product",))
    assert o.status == "refuted" and o.decisions[0].bottom


def test_an_undecided_decider_fails_the_edit(monkeypatch):
    """A decider that gives up ("unknown") leaves the edit failed, even though the other
    decider's counterexample is confirmed."""
    monkeypatch.setitem(DECIDERS, "tiny", partial(product.decide, max_states=1))
    st = cordon(2)
    text, edited = list(st.automata[2].edits())[1]  # flip accept 1: refuted at "1"
    o = run_edit(st, 2, text, edited, deciders=("product", "tiny"))
    assert [d.verdict for d in o.decisions] == ["refuted", "unknown"]
    assert len(o.replays) == 1 and o.replays[0].confirmed
    assert o.status == "failed"


def test_single_edits_of_chosen_automaton_with_chosen_deciders():
    """Only the chosen automaton is edited, every edit of it in order, each decided by the
    chosen deciders only."""
    st = cordon(2)
    outcomes = single_edits(st, automata=[2], deciders=("product",))
    assert [(o.automaton, o.edit) for o in outcomes] == [
        (2, text) for text, _ in st.automata[2].edits()]
    for o in outcomes:
        assert [d.decider for d in o.decisions] == ([] if o.status == "same language"
                                                    else ["product"])
