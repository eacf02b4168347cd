"""Lemma 3.4 of The Game of timber! (issue 37, §4): the kit's play and Algorithm 3.5 agree
at every size both reach, the minimality test matches the definition on hand-made trees,
and a wrong minimality (a negative control) is refuted by both methods and replayed."""

from __future__ import annotations

import pytest

from cgsat.claims import Budget
from cgsat.papers.registry import get_claim
from cgsat.papers.timber import minimal

CLAIM = get_claim("timber.lem3.4")


@pytest.mark.parametrize("n", range(1, 7))
def test_both_methods_hold(n):
    assert [CLAIM.method(m).run(n, Budget()).status for m in ("brute", "alg3.5")] == [
        "holds", "holds"]


@pytest.mark.parametrize("arcs, minimal_", [
    ([(0, 1)], True),
    ([(1, 0), (1, 2)], False),                   # a peak (Lemma 3.2)
    ([(0, 1), (2, 1)], True),                    # both arcs into the middle
    ([(0, 1), (1, 2), (0, 3)], False),           # two leaf paths away from 0 (Lemma 3.3)
    ([(1, 0), (2, 1), (0, 3)], True),            # a directed path: one leaf path each
    ([(0, 1), (0, 2), (3, 0)], False),           # 0 has two leaf paths out (degree 3)
    ([(1, 0), (2, 0), (3, 0)], True),            # a star pointing in
])
def test_minimality_by_hand(arcs, minimal_):
    assert minimal.is_minimal(arcs) is minimal_


def test_a_wrong_minimality_is_refuted_by_both_and_replayed(monkeypatch):
    """Forgetting Lemma 3.3 makes P-positions 'minimal': both methods must find one."""
    def only_peaks(arcs):
        arcs = list(arcs)
        deg: dict = {}
        for x, y in arcs:
            deg[x] = deg.get(x, 0) + 1
            deg[y] = deg.get(y, 0) + 1
        return not any(deg[x] == 2 and sum(a == x for a, _ in arcs) == 2 for x in deg)
    monkeypatch.setattr(minimal, "is_minimal", only_peaks)
    found = []
    for name in ("brute", "alg3.5"):
        v = next(v for n in range(1, 7)
                 if (v := CLAIM.method(name).run(n, Budget())).status != "holds")
        assert v.status == "refuted"
        assert CLAIM.confirm(len(v.counterexample.split()), v.counterexample)
        found.append(len(v.counterexample.split()))
    assert found[0] == found[1]
