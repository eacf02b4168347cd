"""Toppling Peaks claims: the subword predicates, the inductive check through the claims'
own methods (with negative controls), and the counts (timber §2)."""

from __future__ import annotations

from itertools import product

import pytest
from pysat.formula import IDPool
from pysat.solvers import Solver

from cgsat.cgt import peaks
from cgsat.claims import Budget
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.encodings.timber_path import SymbolicWord, toggled, wp_predicate, x_predicate
from cgsat.papers.timber.path import brute as path_brute
from cgsat.papers.timber.path import sat as path_sat
from cgsat.papers.timber.path.words import (
    count_dyck,
    count_swp,
    count_x,
    fine,
    formula_swp,
    formula_wp,
    formula_x,
    in_x,
    is_dyck,
    is_swp,
)


def _swp_predicate(word: SymbolicWord, i: int, j: int) -> int:
    """SWP on a prefix or a suffix, read off the order-encoded heights."""
    return word.swp_from(0)[j] if i == 0 else word.swp_to(j)[i]


CASES = [
    ("wp", wp_predicate, is_dyck),
    ("swp", _swp_predicate, is_swp),
    ("x", x_predicate, in_x),
    ("wp^LRLR", toggled(wp_predicate, "LRLR"), lambda w: is_dyck(w) != (w == "LRLR")),
    ("x^RLRL", toggled(x_predicate, "RLRL"), lambda w: in_x(w) != (w == "RLRL")),
]


@pytest.mark.parametrize("name,predicate,member", CASES, ids=[c[0] for c in CASES])
def test_predicates_agree_with_python_on_every_prefix_and_suffix(name, predicate, member):
    for m in range(0, 8):
        buf, pool = ClauseBuffer(), IDPool()
        word = SymbolicWord(pool, buf, m)
        lits = {(i, j): predicate(word, i, j) for k in range(m + 1) for i, j in ((0, k), (k, m))}
        with Solver(name="cadical195", bootstrap_with=list(buf)) as s:
            for letters in product("LR", repeat=m):
                w = "".join(letters)
                assumptions = [x if c == "R" else -x for x, c in zip(word.letters, w,
                                                                     strict=True)]
                assert s.solve(assumptions=assumptions)
                model = set(s.get_model())
                for (i, j), lit in lits.items():
                    assert (lit in model) == member(w[i:j]), (name, w, i, j)


@pytest.mark.parametrize("predicate,misere", [(wp_predicate, False), (x_predicate, True)])
def test_true_characterizations_pass_the_inductive_check(predicate, misere) -> None:
    for n in range(0, 15):
        assert path_sat.characterization(n, Budget(), predicate, misere).status == "holds", n


def test_wrong_play_is_caught_with_a_replayed_counterexample() -> None:
    """Dyck words are not the misère P-positions: the check finds a word, play confirms."""
    for n in range(0, 5):
        for method in (path_sat.characterization, path_sat.smt_characterization):
            verdict = method(n, Budget(), wp_predicate, True)
            if verdict.status == "refuted":
                word = "" if verdict.counterexample == "()" else verdict.counterexample
                assert path_brute.misclassified(word, is_dyck, misere=True) is not None
                assert path_brute.confirm_characterization(n, verdict.counterexample,
                                                           is_dyck, True)
        if verdict.status == "refuted":
            break
    else:
        pytest.fail("the misère check never refuted the Dyck characterization")


@pytest.mark.parametrize("word,misere", [("LLRR", False), ("LRRL", False), ("RLRL", True),
                                         ("", False), ("R", True)])
def test_a_set_perturbed_at_one_word_is_refuted_there_by_sat_and_smt(word, misere) -> None:
    """The registered methods refute C with one word toggled exactly at that word."""
    base, member0 = (x_predicate, in_x) if misere else (wp_predicate, is_dyck)
    wrong = toggled(base, word)

    def member(w: str) -> bool:
        return member0(w) != (w == word)

    for method in (path_sat.characterization, path_sat.smt_characterization):
        for n in range(len(word)):
            assert method(n, Budget(), wrong, misere).status == "holds", (method, n)
        verdict = method(len(word), Budget(), wrong, misere)
        assert verdict.status == "refuted"
        assert verdict.counterexample == (word or "()")
        assert path_brute.confirm_characterization(len(word), verdict.counterexample,
                                                   member, misere)


def test_counts_by_dp_match_exhaustive_play() -> None:
    for n in range(0, 15):
        normal = peaks.p_position_table(n)
        misere = peaks.p_position_table(n, misere=True)
        assert count_dyck(n) == int(normal.sum()) == formula_wp(n)
        assert count_x(n) == int(misere.sum()) == formula_x(n)
        if n:
            assert count_swp(n) == int((normal & misere).sum()) == formula_swp(n)
    assert count_swp(0) == formula_swp(0) == 1


def test_fine_numbers_are_a000957_shifted_by_one() -> None:
    # OEIS A000957 (offset 0): 0, 1, 0, 1, 2, 6, 18, 57, 186, 622, 2120
    a000957 = [0, 1, 0, 1, 2, 6, 18, 57, 186, 622, 2120]
    assert [fine(m) for m in range(10)] == a000957[1:]
    # and F_m counts the Dyck words of length 2m without a peak at height 1 (Theorem 2.5.2)
    for m in range(0, 7):
        words = ["".join(t) for t in product("LR", repeat=2 * m)]
        assert sum(is_swp(w) for w in words) == fine(m)
