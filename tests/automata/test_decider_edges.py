"""Edge cases every all-n decider must answer right (issue 36, mutation testing of
:mod:`cgsat.automata.setops`, :mod:`cgsat.automata.preimage` and
:mod:`cgsat.automata.tables`): small statements whose answer is known by hand and
re-checked here by direct evaluation (:meth:`Statement.violated_at`, code the deciders do
not call), and the fields of the decision record (states, seconds, the time limit)."""

from __future__ import annotations

import itertools
import time

import pytest

from cgsat.automata import preimage, product, setops
from cgsat.automata.dfa import Automaton
from cgsat.automata.options import OptionRule, Statement, Word, WordFamily

DECIDERS = {"setops": setops.decide, "preimage": preimage.decide, "product": product.decide}


def _first_violation(st: Statement, longest: int) -> Word | str:
    """The first position in shortlex order (⊥ first) where the statement fails, by direct
    evaluation; "none" if none up to ``longest`` letters."""
    if st.family.bottom and st.violated_at(None):
        return None
    for n in range(longest + 1):
        for letters in itertools.product(st.family.alphabet, repeat=n):
            if st.violated_at("".join(letters)):
                return "".join(letters)
    return "none"


def _exactly(alphabet: str, words: set[str], empty: bool = False) -> Automaton:
    """The words of ``alphabet`` of length at most 2 in ``words`` (a complete DFA)."""
    order = ["".join(t) for n in range(3) for t in itertools.product(alphabet, repeat=n)]
    index = {w: i for i, w in enumerate(order)}
    sink = len(order)
    delta = tuple(tuple(index.get(w + c, sink) for c in alphabet) for w in order)
    delta += (tuple(sink for _ in alphabet),)
    return Automaton(alphabet, delta, frozenset(index[w] for w in words), empty)


ONLY_TO_BOTTOM = WordFamily("only to bottom", "1", (
    OptionRule("1", None, at_start=True, at_end=True, label="the word 1 to ⊥"),
), True, "none", str)
"""Positions ⊥ and the words 1^n; the only move is 1 -> ⊥. Misère: ⊥ and every word but
"1" have no option (N-positions), "1" moves to ⊥ only (a P-position)."""


@pytest.mark.parametrize("name", sorted(DECIDERS))
def test_misere_a_word_whose_only_option_is_bottom(name):
    """A move to ⊥ is an option (misère: "some option exists" counts it)."""
    right = Statement(ONLY_TO_BOTTOM, (_exactly("1", {"1"}),), misere=True)
    assert _first_violation(right, 6) == "none"
    assert DECIDERS[name](right).verdict == "proved"
    wrong = Statement(ONLY_TO_BOTTOM, (_exactly("1", set()),), misere=True)
    assert _first_violation(wrong, 6) == "1"
    d = DECIDERS[name](wrong)
    assert (d.verdict, d.counterexample, d.bottom) == ("refuted", "1", False)
    assert d.reason == "R_0 rejects it, the mex rule says yes"


NIM = WordFamily("take one", "1", (OptionRule("1", "", keep_prefix=True, at_end=True),),
                 False, "none", str)
EVEN = Automaton("1", ((1,), (0,)), frozenset({0}))
ODD = Automaton("1", ((1,), (0,)), frozenset({1}))


@pytest.mark.parametrize("name", ["setops", "preimage"])
def test_decision_record_of_a_proof(name):
    """A proof's record: the largest automaton built has at least the states of the
    minimal DFAs of R_0 and R_1 (2 each) and at most a small bound; the time is the call's
    own (between 0 and the wall time measured around it); a generous time limit is not
    reached."""
    st = Statement(NIM, (EVEN, ODD))
    t0 = time.perf_counter()
    d = DECIDERS[name](st, timeout=600.0)
    wall = time.perf_counter() - t0
    assert d.verdict == "proved" and d.decider == name
    assert isinstance(d.states, int) and 2 <= d.states <= 8
    assert 0.0 <= d.seconds <= wall


@pytest.mark.parametrize("name", ["setops", "preimage"])
def test_bottom_is_refuted_before_any_automaton_is_built(name):
    """⊥ is checked first, on its own: no automaton built (states 0)."""
    fam = WordFamily("nim with ⊥", "1", NIM.rules, True, "none", str)
    st = Statement(fam, (Automaton("1", ((1,), (0,)), frozenset({0}), False), ODD))
    assert _first_violation(st, 4) is None
    d = DECIDERS[name](st)
    assert (d.verdict, d.counterexample, d.bottom, d.states) == ("refuted", None, True, 0)
    assert d.reason == "R_0 rejects ⊥"
    assert 0.0 <= d.seconds < 60.0
