"""Counts from automata: Theorems 3.4 and 3.5 for every height, and the counts of the new
rules against play."""

from __future__ import annotations

import pytest

from cgsat.automata.counting import (
    Recurrence,
    count_at,
    counts,
    minimal_recurrence,
    prove_same_counts,
    recurrence_of,
    word_counts,
)
from cgsat.automata.library import stored
from cgsat.papers.thickets.cordon_nim import nim_values

FIB = Recurrence((1, 1), 0)


def test_theorem_3_4_fibonacci_for_every_height():
    proof = prove_same_counts(stored("thm3.2"), True, FIB, [1, 0])
    assert proof.holds and proof.terms >= 2 + stored("thm3.2").size


def test_theorem_3_5_fibonacci_for_every_height():
    assert prove_same_counts(stored("thm3.3"), True, FIB, [0, 1]).holds


def test_a_wrong_identity_fails():
    proof = prove_same_counts(stored("thm3.2"), True, FIB, [0, 1])
    assert not proof.holds and proof.first_difference == 0
    assert not prove_same_counts(stored("nim2"), True, FIB, [0, 0]).holds


@pytest.mark.parametrize("k", range(0, 8))
def test_counts_agree_with_play(k):
    auto = stored("thm3.2" if k == 0 else "thm3.3" if k == 1 else f"nim{k}")
    mine = counts(auto, 14, bottom=True)
    table = [1 if k == 0 else 0] + [sum(1 for v in nim_values(n) if v == k)
                                    for n in range(1, 15)]
    assert mine == table


def test_counts_agree_with_automata_lib():
    auto = stored("nim5")
    assert word_counts(auto, 20) == [auto.count(n) for n in range(21)]
    assert count_at(auto, 21, True) == auto.count(20)


def test_minimal_recurrence_is_proved_against_the_transfer_matrix():
    auto = stored("nim4")
    seq = counts(auto, 80, True)
    rec = minimal_recurrence(seq[1:], 1)
    assert rec.order <= recurrence_of(auto, True).order
    assert prove_same_counts(auto, True, rec, seq[1:1 + rec.order]).holds


def test_recurrence_text():
    assert FIB.text("f") == "f(n) = f(n-1) + f(n-2) for n >= 2"


@pytest.mark.parametrize("k", range(0, 4))
def test_count_at_agrees_with_play_at_every_small_height(k):
    """count_at (the answer of ``find --count``), height by height from ⊥, against
    exhaustive play (issue 36: a shifted length or a wrong ⊥ count is caught)."""
    from cgsat.search.green_cordon_automata import play_counts

    auto = stored("thm3.2" if k == 0 else "thm3.3" if k == 1 else f"nim{k}")
    assert [count_at(auto, h, True) for h in range(11)] == play_counts(k, 10)


def test_count_at_with_a_dead_state():
    from cgsat.automata.dfa import Automaton

    zeros = Automaton("01", ((0, 1), (1, 1)), frozenset({0}))  # 0*: state 1 is dead
    assert [count_at(zeros, n, False) for n in range(4)] == [1, 1, 1, 1]
    assert [count_at(zeros, n, True) for n in range(4)] == [0, 1, 1, 1]
    assert word_counts(zeros, 3) == [1, 1, 1, 1]


def test_minimal_recurrence_starts_at_0_unless_told():
    assert minimal_recurrence([0, 1, 1, 2, 3, 5]).start == 0
    assert minimal_recurrence([0, 1, 1, 2, 3, 5], 4).start == 4


def test_transfer_matrix_counts_letters():
    from cgsat.automata.counting import transfer_matrix
    from cgsat.automata.dfa import Automaton

    auto = Automaton("01", ((1, 1), (0, 1)), frozenset({0}))
    assert transfer_matrix(auto) == [[0, 2], [1, 1]]


def test_counts_by_height_at_heights_0_and_1():
    auto = stored("thm3.3")  # the arc of height 1 has nim-value 1
    assert counts(auto, 0, True) == [0]
    assert counts(auto, 1, True) == [0, 1]
    assert counts(stored("thm3.2"), 1, True) == [1, 0]


def test_recurrences_start_at_the_first_word_size():
    assert recurrence_of(stored("thm3.2"), True).start == 1
    assert recurrence_of(stored("thm3.2"), False).start == 0
    assert FIB.extend([1, 0], 5) == [1, 0, 1, 1, 2, 3]
    assert Recurrence((1, 1), 3).extend([2, 3], 6) == [2, 3, 5, 8]


@pytest.mark.parametrize(("coeffs", "text"), [
    ((2, -1), "a(n) = 2 a(n-1) - a(n-2) for n >= 2"),
    ((-1,), "a(n) = -a(n-1) for n >= 1"),
    ((0, 0), "a(n) = 0 for n >= 2"),
    ((-2, 1), "a(n) = -2 a(n-1) + a(n-2) for n >= 2"),
    ((1, -3), "a(n) = a(n-1) - 3 a(n-2) for n >= 2"),
    ((0, 1), "a(n) = a(n-2) for n >= 2"),
])
def test_recurrence_text_with_signs(coeffs, text):
    assert Recurrence(coeffs).text() == text


def test_a_rational_recurrence_is_refused():
    with pytest.raises(ValueError, match="^no integer recurrence$"):
        minimal_recurrence([2, 3])


def test_what_a_proof_compared():
    from cgsat.automata.count_controls import needed_terms
    from cgsat.automata.dfa import Automaton

    auto = stored("thm3.2")
    proof = prove_same_counts(auto, True, FIB, [1, 0])
    assert proof.holds is True and proof.first_difference is None
    assert proof.terms == needed_terms(auto, True, FIB) + 1 == len(proof.counts)
    assert list(proof.counts) == counts(auto, proof.terms - 1, True)
    wrong = prove_same_counts(auto, True, FIB, [1, 1])  # 1, 1, 2 against 1, 0, 1
    assert wrong.holds is False and wrong.first_difference == 1
    assert wrong.terms == proof.terms and wrong.counts == proof.counts
    # a recurrence that starts after the automaton's first size: aligned by size
    even = Automaton("01", ((1, 1), (0, 0)), frozenset({0}))  # 1, 0, 4, 0, 16, ...
    late = prove_same_counts(even, False, Recurrence((0, 4), 1), [0, 4])
    assert late.holds and late.terms == 1 + 2 + 2 + 1


def test_a_proof_from_height_1_counts_its_terms_from_there():
    auto = stored("thm3.2")  # heights 1, 2, 3, 4: 0, 1, 1, 2
    from_1 = Recurrence((1, 1), 1)
    ok = prove_same_counts(auto, True, from_1, [0, 1])
    bad = prove_same_counts(auto, True, from_1, [0, 2])
    assert ok.holds and not bad.holds and bad.first_difference == 2
    assert ok.terms == bad.terms == auto.size + 2 + 1 == len(ok.counts)
