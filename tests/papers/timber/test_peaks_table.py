"""The numpy Toppling Peaks tables against the direct solver and the paper's counts."""

import itertools
from functools import partial
from math import comb

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgsat.cgt import peaks
from cgsat.cgt.impartial import ImpartialSolver
from cgsat.claims import Budget
from cgsat.encodings.timber_path import toggled, wp_predicate
from cgsat.errors import TooLargeError
from cgsat.games import get_ruleset
from cgsat.papers.timber.path import brute as path_brute
from cgsat.papers.timber.path import sat as path_sat

RULES = get_ruleset("timber-path")


def catalan(n):
    return comb(2 * n, n) // (n + 1)


def fine_numbers(count):
    """Fine numbers F_0, F_1, ... from C_n = 2 F_n + F_(n-1) (F_0 = 1)."""
    fine = [1]
    for n in range(1, count):
        fine.append((catalan(n) - fine[-1]) // 2)
    return fine


def in_wp(word):
    """timber.txt's WP: every prefix has at least as many L as R, and equal counts overall."""
    height = 0
    for c in word:
        height += 1 if c == "L" else -1
        if height < 0:
            return False
    return height == 0


def test_bit_order():
    assert peaks.code_of("R") == 1 and peaks.code_of("LR") == 2
    for n in range(6):
        for code in range(1 << n):
            w = peaks.word_of(code, n)
            assert peaks.code_of(w) == code
            for i in range(n):
                assert peaks.code_of(w[:i]) == code & ((1 << i) - 1)
                assert peaks.code_of(w[i + 1 :]) == code >> (i + 1)


@given(st.text(alphabet="LR", max_size=30))
def test_code_round_trip(w):
    assert peaks.word_of(peaks.code_of(w), len(w)) == w


def test_tables_agree_with_the_direct_solver_up_to_length_12():
    solver = ImpartialSolver(RULES)
    normal = peaks.p_position_tables(12)
    misere = peaks.p_position_tables(12, misere=True)
    nims = peaks.nim_value_tables(12)
    for n in range(13):
        for letters in itertools.product("LR", repeat=n):
            w = "".join(letters)
            c = peaks.code_of(w)
            assert normal[n][c] == (solver.outcome(w) == "P"), w
            assert misere[n][c] == (solver.outcome(w, misere=True) == "P"), w
            assert nims[n][c] == solver.nim_value(w), w


def test_normal_play_p_positions_are_the_dyck_words_up_to_length_14():
    # timber.txt Theorem 2.3.
    for n in range(15):
        table = peaks.p_position_table(n)
        assert [bool(table[c]) for c in range(1 << n)] == [
            in_wp(peaks.word_of(c, n)) for c in range(1 << n)
        ]


def test_counts_up_to_length_22_match_theorem_2_5():
    # Normal play: Catalan numbers at even lengths, 0 at odd (Theorem 2.5(1));
    # misère: X(2n) = F_(n-1) + F_n, X(2n+1) = 2 F_n (Theorem 2.5(3)), X(0) = 0.
    fine = fine_numbers(12)
    assert fine[:6] == [1, 0, 1, 2, 6, 18]
    for n in range(23):
        normal = peaks.count_p_positions(n)
        misere = peaks.count_p_positions(n, misere=True)
        assert normal == (catalan(n // 2) if n % 2 == 0 else 0), n
        if n == 0:
            expected = 0
        elif n % 2 == 0:
            expected = fine[n // 2 - 1] + fine[n // 2]
        else:
            expected = 2 * fine[n // 2]
        assert misere == expected, n


def test_paper_counts_for_lengths_1_to_10():
    assert [peaks.count_p_positions(n) for n in range(1, 11)] == [0, 1, 0, 2, 0, 5, 0, 14, 0, 42]


def _balanced_words(n):
    """A deliberately wrong Theorem 2.3: the P-positions are the words with as many L as R."""
    if n % 2:
        return []
    return sorted("".join(w) for w in itertools.product("LR", repeat=n) if w.count("L") == n // 2)


def test_negative_control_a_wrong_characterization_is_refuted():
    # The registered methods of timber.thm2.3 with the wrong set must refute it at length 2
    # with RL, and the claim's replay confirms it. Up to length 2 the balanced words are the
    # Dyck words with RL added, which is the SAT method's (toggled) predicate.
    def balanced(w):
        return w.count("L") == w.count("R")

    brute = partial(path_brute.characterization, member_words=_balanced_words, misere=False)
    sat = partial(path_sat.characterization, predicate=toggled(wp_predicate, "RL"),
                  misere=False)
    for run in (brute, sat):
        assert [run(n, Budget()).status for n in (0, 1)] == ["holds", "holds"]
        verdict = run(2, Budget())
        assert (verdict.status, verdict.counterexample) == ("refuted", "RL")
    assert path_brute.confirm_characterization(2, "RL", balanced, misere=False)
    table = peaks.p_position_table(2)
    assert not table[peaks.code_of("RL")]


def test_tables_are_read_only_and_limits_refuse():
    with pytest.raises(ValueError):
        peaks.p_position_table(3)[0] = True
    with pytest.raises(TooLargeError, match="SAT route"):
        peaks.p_position_table(peaks.MAX_LENGTH + 1)
    with pytest.raises(ValueError, match="letter"):
        peaks.code_of("LXR")
    assert peaks.p_position_table(0).tolist() == [True]
    assert peaks.p_position_table(0, misere=True).tolist() == [False]
    assert isinstance(peaks.nim_value_table(3), np.ndarray)
