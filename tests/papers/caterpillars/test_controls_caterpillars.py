"""Controls on the SAT instances of the caterpillar claims (issue 12, item 2).

Each registered sat method must pass its controls on the true claims, and a control must
fail (verdict "error", never "holds") when the instance is broken (an extra clause fixing
one spine or edge orientation) or the direct solver's answer is wrong (a lying oracle).
"""

from __future__ import annotations

from functools import partial

import pytest

from cgsat.claims import Budget
from cgsat.encodings import caterpillars as enc
from cgsat.papers.caterpillars import brute, sat
from cgsat.papers.registry import get_claim
from cgsat.papers.timber.graphs import brute as graphs_brute
from cgsat.papers.timber.trees import sat as trees_sat

SIZES = [
    ("caterpillars.thm3.1", 4), ("caterpillars.thm3.2", 5), ("caterpillars.thm3.3", 5),
    ("caterpillars.cor3.4", 5), ("caterpillars.cor3.5", 5), ("caterpillars.even-edges", 4),
    ("caterpillars.even-edges", 5),
]


def _budget(claim: str, n: int) -> Budget:
    return Budget(seed=f"test:{claim}:{n}")


def _run(claim: str, n: int):
    return get_claim(claim).method("sat").run(n, _budget(claim, n))


@pytest.mark.parametrize(("claim", "n"), SIZES)
def test_every_sat_method_runs_controls(claim: str, n: int) -> None:
    v = _run(claim, n)
    assert v.status == "holds", v.reason
    assert v.controls is not None and v.controls["total"] > 0
    assert v.controls["passed"] == v.controls["total"]


def test_kernel_check_runs_controls() -> None:
    v = sat.kernel_check(5, Budget(), {}, {3: [(1, 1, 1)]}, "caterpillar 1",
                         oracle=brute.is_p)
    assert v.status == "holds" and v.controls["total"] > 1  # samples and the toggled case
    bare = sat.kernel_check(5, Budget(), {}, {3: [(1, 1, 1)]}, "caterpillar 1")
    assert bare.controls == {"passed": 1, "total": 1}  # the toggled case only


def _fix_first_spine(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mutation: every outleg kernel gets a clause fixing its first spine arc."""
    real = enc.add_outleg_kernel

    def mutated(pool, sink, s, roots, tag="cat"):
        kern = real(pool, sink, s, roots, tag=tag)
        if kern.spine_lits:
            sink.add_clause([kern.spine_lits[0]])
        return kern

    monkeypatch.setattr(enc, "add_outleg_kernel", mutated)


@pytest.mark.parametrize(("claim", "n"), [("caterpillars.thm3.2", 5),
                                          ("caterpillars.cor3.4", 5)])
def test_fixed_spine_in_kernel_is_an_error(monkeypatch: pytest.MonkeyPatch, claim: str,
                                           n: int) -> None:
    assert _run(claim, n).status == "holds"
    _fix_first_spine(monkeypatch)
    v = _run(claim, n)
    assert v.status == "error", (v.status, v.controls)
    assert "control failed" in v.reason


@pytest.mark.parametrize(("claim", "n"), [("caterpillars.thm3.3", 6),
                                          ("caterpillars.cor3.5", 6)])
def test_fixed_spine_in_local_checks_is_an_error(monkeypatch: pytest.MonkeyPatch, claim: str,
                                                 n: int) -> None:
    real = sat.leg_pair_checks

    def mutated(vectors, drop=2, selector=False):
        for a, x, clauses in real(vectors, drop, selector):
            yield a, x, clauses + ([[1]] if len(a) > 1 else [])  # spine arc v0 > v1

    monkeypatch.setattr(sat, "leg_pair_checks", mutated)
    v = _run(claim, n)
    assert v.status == "error", (v.status, v.controls)


def test_fixed_orientation_in_tree_kernels_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    real = sat._tree_kernel

    def mutated(pool, sink, g, idx):
        root, shape, lits = real(pool, sink, g, idx)
        if lits:
            sink.add_clause([lits[0]])
        return root, shape, lits

    monkeypatch.setattr(sat, "_tree_kernel", mutated)
    for n in (4, 5):
        v = _run("caterpillars.even-edges", n)
        assert v.status == "error", (n, v.status, v.controls)


def test_fixed_orientation_in_thm31_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    real = trees_sat.add_partial_tree_kernel

    def mutated(pool, sink, graph, lits, tag=None):
        sink.add_clause([lits[0]])
        return real(pool, sink, graph, lits, tag=tag)

    monkeypatch.setattr(trees_sat, "add_partial_tree_kernel", mutated)
    assert _run("caterpillars.thm3.1", 4).status == "error"


def _liar(position: str) -> bool:
    return not brute.is_p(position)


@pytest.mark.parametrize(("method", "n"), [(sat.thm32_sat, 5), (sat.cor34_sat, 5),
                                           (sat.even_edges_sat, 4), (sat.even_edges_sat, 5)])
def test_lying_oracle_is_an_error(method, n: int) -> None:
    assert method(n, Budget(seed="liar"), oracle=brute.is_p).status == "holds"
    v = partial(method, oracle=_liar)(n, Budget(seed="liar"))
    assert v.status == "error", (v.status, v.controls)
    assert "the direct solver" in v.reason


def test_lying_nim_oracle_is_an_error_for_thm31() -> None:
    def liar(position: str) -> tuple[int, bool]:
        nim, misere = graphs_brute.nim_and_misere(position)
        return (1 if nim == 0 else 0), misere

    assert sat.thm31_sat(4, Budget(seed="liar"), oracle=liar).status == "error"
