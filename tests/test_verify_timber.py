"""Toppling Peaks claims: the circuits, the inductive check and the counts (timber §2)."""

from __future__ import annotations

from itertools import product

import pytest
from pysat.formula import IDPool
from pysat.solvers import Solver

from cgsat.cgt import peaks
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.encodings.peaks_induction import (
    Dyck,
    Gates,
    MisereX,
    PeakFreeDyck,
    Toggled,
    _all_subwords,
    build_partition_check,
    decode_word,
)
from cgsat.verify.papers.timber import (
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
    misclassified,
)


class _PerSubword:
    """A predicate without ``encode_all``: one circuit per subword (the generic path)."""

    def __init__(self, base):
        self.base = base
        self.name = "per-subword " + base.name

    def encode(self, gates, letters):
        return self.base.encode(gates, letters)


CASES = [
    (Dyck(), is_dyck),
    (PeakFreeDyck(), is_swp),
    (MisereX(), in_x),
    (_PerSubword(MisereX()), in_x),
    (Toggled(Dyck(), "LRLR"), lambda w: is_dyck(w) != (w == "LRLR")),
]


@pytest.mark.parametrize("predicate,member", CASES, ids=lambda c: getattr(c, "name", ""))
def test_circuits_agree_with_python_on_every_subword(predicate, member) -> None:
    for m in range(0, 8):
        buf, pool = ClauseBuffer(), IDPool()
        gates = Gates(buf, pool)
        xs = [pool.id(i) for i in range(m)]
        prefix, suffix = _all_subwords(predicate, gates, xs)
        with Solver(name="cadical195", bootstrap_with=list(buf)) as s:
            for letters in product("LR", repeat=m):
                w = "".join(letters)
                assert s.solve(assumptions=[x if c == "L" else -x for x, c in zip(xs, w,
                                                                                 strict=True)])
                model = set(s.get_model())
                for i in range(m + 1):
                    for lit, sub in ((prefix[i], w[:i]), (suffix[i], w[i:])):
                        value = lit if isinstance(lit, bool) else lit in model
                        assert value == member(sub), (predicate.name, w, sub)


@pytest.mark.parametrize("predicate,misere", [(Dyck(), False), (MisereX(), True)])
def test_true_characterizations_pass_the_inductive_check(predicate, misere) -> None:
    for n in range(0, 15):
        buf = ClauseBuffer()
        build_partition_check(n, predicate, buf, misere=misere)
        with Solver(name="cadical195", bootstrap_with=list(buf)) as s:
            assert s.solve() is False, n


def test_wrong_play_is_caught_with_a_replayed_counterexample() -> None:
    """Dyck words are not the misère P-positions: the check finds a word, play confirms."""
    for n in range(0, 5):
        buf = ClauseBuffer()
        xs = build_partition_check(n, Dyck(), buf, misere=True)
        with Solver(name="cadical195", bootstrap_with=list(buf)) as s:
            if s.solve():
                word = decode_word(s.get_model(), xs)
                assert misclassified(word, is_dyck, misere=True) is not None
                break
    else:
        pytest.fail("the misère check never refuted the Dyck characterization")


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
