"""Vacuous sizes (issue 12 item 5): a method that checks nothing at a size says
``vacuous``, never ``holds``; the report neither counts nor breaks a chain at such sizes."""

from __future__ import annotations

import pytest

from cgsat.claims import Budget, Claim, Method, Verdict
from cgsat.engine.store import Row
from cgsat.papers.registry import all_claims
from cgsat.papers.timber.graphs import brute as graphs_brute
from cgsat.papers.timber.trees import sat as trees_sat
from cgsat.report.data import _largest_from_base, claim_summary
from cgsat.sat.solve import SatRun

CLAIMS = {c.id: c for c in all_claims()}
BUDGET = Budget(controls=4, seed="test")

# (claim, method, a vacuous size, the next size with positions, its status there)
CASES = [
    ("caterpillars.cor3.5", "sat", 2, 3, "holds"),
    ("caterpillars.thm3.2", "sat", 2, 3, "holds"),
    ("caterpillars.thm3.2", "brute", 4, 5, "holds"),
    ("caterpillars.thm3.3", "sat", 1, 2, "holds"),
    ("caterpillars.thm3.3", "brute", 1, 2, "holds"),
    ("thickets.sec5-one-leaf-nim2", "brute", 1, 2, "holds"),
    ("thickets.sec5-one-leaf-nim2", "sat", 1, 2, "holds"),
    ("thickets.sec5-two-leaves-nim2", "brute", 2, 3, "holds"),
    ("thickets.sec5-two-leaves-nim2", "sat", 2, 3, "holds"),
    ("thickets.sec5-two-leaves-nim3", "brute", 2, 3, "holds"),
    ("thickets.sec5-two-leaves-nim3", "sat", 2, 3, "holds"),
    ("thickets.thm3.1", "brute", 2, 3, "refuted"),
    ("thickets.thm3.1", "sat", 2, 3, "refuted"),
    ("thickets.thm3.1-corrected", "brute", 3, 4, "holds"),
    ("thickets.thm3.1-corrected", "sat", 3, 4, "holds"),
    ("timber.alg3.5", "sat", 0, 1, "holds"),
    ("toppling.conj22", "sat", 2, 3, "holds"),
    ("toppling.conj37-strict", "brute", 2, 3, "holds"),
    ("toppling.conj37-strict", "sat", 2, 3, "holds"),
    ("toppling.conj38-strict", "brute", 5, 6, "holds"),
    ("toppling.conj38-strict", "sat", 5, 6, "holds"),
    ("toppling.cor17", "sat", 1, 2, "holds"),
    ("toppling.thm36", "brute", 4, 5, "holds"),
    ("toppling.thm36", "sat", 4, 5, "holds"),
]


@pytest.mark.parametrize(("claim", "method", "n", "after", "status"), CASES)
def test_vacuous_size_then_a_checked_size(claim: str, method: str, n: int, after: int,
                                          status: str) -> None:
    run = CLAIMS[claim].method(method).run
    v = run(n, BUDGET)
    assert v.status == "vacuous", (v.status, v.detail)
    assert v.reason
    w = run(after, BUDGET)
    assert w.status == status, (w.status, w.reason, w.detail)


def test_conj39_strict_vacuous_below_its_first_tuple() -> None:
    claim = CLAIMS["toppling.conj39-strict"]
    for name in ("brute", "sat"):
        assert claim.method(name).run(7, BUDGET).status == "vacuous"


@pytest.mark.parametrize(("fn", "n", "after"), [
    (trees_sat.lemma31, 0, 1), (trees_sat.lemma32, 1, 2), (trees_sat.lemma33, 1, 2),
])
def test_trees_sat_vacuous_below_the_base(fn, n: int, after: int) -> None:
    oracle = graphs_brute.nim_and_misere
    assert fn(n, BUDGET, oracle=oracle).status == "vacuous"
    assert fn(after, BUDGET, oracle=oracle).status == "holds"


def test_satrun_with_no_instance_is_vacuous_not_holds() -> None:
    run = SatRun(BUDGET)
    v = run.verdict(detail="0 tuples")
    assert v.status == "vacuous" and "0 tuples" in (v.reason or "")
    run = SatRun(BUDGET)
    sink, _ = run.new()
    sink.add_clause([1])
    sink.add_clause([-1])
    assert run.solve(sink) is None
    assert run.verdict().status == "holds"


def test_refutation_without_a_solver_names_none() -> None:
    v = CLAIMS["thickets.thm3.1"].method("sat").run(3, BUDGET)
    assert v.status == "refuted" and v.solver is None and v.detail


# -- the report's chain -------------------------------------------------------------------
def test_largest_from_base_skips_vacuous_sizes() -> None:
    assert _largest_from_base(0, {0: True, 2: True}, {1}) == 2
    assert _largest_from_base(0, {0: True, 2: True}) == 0  # without the vacuous size: a gap
    assert _largest_from_base(0, {1: True}, {0}) == 1  # a vacuous base
    assert _largest_from_base(0, {0: True, 1: True}, {2, 3}) == 1  # ends in vacuous: last holds
    assert _largest_from_base(0, {}, {0, 1}) is None  # nothing but vacuous: not verified
    assert _largest_from_base(0, {0: True, 1: False, 2: True}, {3}) == 0  # a failure breaks it


def _claim() -> Claim:
    def run(n: int, budget: Budget) -> Verdict:
        return Verdict.holds()
    return Claim(id="test.vac", paper="P", theorem="T", statement="S", kind="theorem",
                 parameter="n", base=0, quick_bound=5, target_bound=5,
                 methods=(Method("sat", run, "scope", uses_solver=True),
                          Method("brute", run, "scope")))


def _row(n: int, method: str, status: str) -> Row:
    cert = ('{"kind": "drat", "checker": "dratify", "verdict": "verified", "sha256": "0"}'
            if status == "holds" and method == "sat" else None)
    return Row(claim="test.vac", n=n, method=method, solver="cadical195" if method == "sat"
               else "", version="0", status=status, certificate=cert, id=n)


def test_claim_summary_vacuous_neither_breaks_nor_extends_the_chain() -> None:
    rows = [_row(0, "sat", "holds"), _row(1, "sat", "vacuous"), _row(2, "sat", "holds"),
            _row(3, "sat", "vacuous"), _row(4, "sat", "vacuous"),
            _row(0, "brute", "vacuous"), _row(1, "brute", "vacuous")]
    s = claim_summary(_claim(), rows)
    assert s["verified"]["sat"] == 2  # not 4: the chain ends in vacuous sizes
    assert s["certified"]["sat"] == 2
    assert s["verified"]["brute"] is None  # vacuous only: nothing verified
    assert {r["status"] for r in s["runs"]} == {"holds", "vacuous"}
