"""Negative controls at the proof level: every single edit of the small automata is refuted
by both deciders, with counterexamples that plain play confirms, or changes no language."""

from __future__ import annotations

import pytest

from all_n_statements import cordon, peaks
from cgsat.automata.controls import run_edit, single_edits


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
    assert outcome.status == "same language"


@pytest.mark.slow
@pytest.mark.parametrize("k", range(4, 8))
def test_every_edit_of_larger_automata(k, need_mona):
    _assert_all_refuted(single_edits(cordon(k), automata=[k]))
