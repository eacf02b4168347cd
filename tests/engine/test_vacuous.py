"""Vacuous sizes (issue 12 item 5): a method that checks nothing at a size says
``vacuous``, never ``holds``; the report neither counts nor breaks a chain at such sizes."""

from __future__ import annotations

import pytest

import cgsat
from cgsat.claims import Budget, Claim, Method, Verdict
from cgsat.engine.result import Why
from cgsat.engine.store import Row
from cgsat.kit import claim, never, rows
from cgsat.papers.registry import all_claims
from cgsat.papers.timber.graphs import brute as graphs_brute
from cgsat.papers.timber.trees import sat as trees_sat
from cgsat.report.data import _largest_from_base, claim_summary
from cgsat.sat.solve import SatRun
from cgsat.vacuity import gap_at, vacuous_at, with_vacuity

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


# -- the record decides, once (issue 34) ---------------------------------------------------
@pytest.mark.parametrize(("claim", "method", "n", "after", "status"), CASES)
def test_the_record_decides_each_vacuous_size(claim: str, method: str, n: int, after: int,
                                              status: str) -> None:
    """Every size where a paper method says vacuous is vacuous for its record, or a gap of
    that method's scope; the next size is neither."""
    c = CLAIMS[claim]
    m = c.method(method)
    assert vacuous_at(c, n) or gap_at(m, n), (claim, method, n)
    assert vacuous_at(c, after) is None and gap_at(m, after) is None


def _never_run(n: int, budget: Budget) -> Verdict:
    raise AssertionError(f"ran at a vacuous size {n}")


def _holds(n: int, budget: Budget) -> Verdict:
    return Verdict.holds()


def _vacuous_at_two(n: int, budget: Budget) -> Verdict:
    return Verdict.vacuous("nothing here, says the method") if n == 2 else Verdict.holds()


def _test_claim(cid: str, brute, sat, vacuous=None, gaps=None) -> Claim:
    c = Claim(id=cid, paper="Test", theorem="T", statement="S", kind="theorem",
              parameter="n", base=1, quick_bound=4, target_bound=4,
              methods=(Method("brute", brute, "every position"),
                       Method("sat", sat, "every position, by SAT", uses_solver=True)))
    return with_vacuity(c, vacuous, gaps=gaps)


def test_at_a_vacuous_size_no_method_runs() -> None:
    """The record's vacuous size: every method's result is vacuous, with its reason."""
    c = _test_claim("user.test-record-vacuous",
                    lambda n, b: _never_run(n, b) if n == 3 else Verdict.holds(),
                    lambda n, b: _never_run(n, b) if n == 3 else Verdict.holds(),
                    vacuous=lambda n: "no position of size 3" if n == 3 else None)
    r = cgsat.check(c, up_to=4, jobs=1)
    at3 = {x.method: (x.status, x.reason) for x in r.results if x.n == 3}
    assert at3 == {"brute": ("vacuous", "no position of size 3"),
                   "sat": ("vacuous", "no position of size 3")}
    assert r.exit_code == 0
    assert r.verified == {c.id: {"brute": 4, "sat": 4}}


def test_a_method_that_says_vacuous_where_the_record_does_not_exits_3() -> None:
    """Negative control: the record calls nothing vacuous, a method says vacuous at n = 2:
    a disagreement, status error, exit code 3."""
    c = _test_claim("user.test-vacuous-disagrees", _holds, _vacuous_at_two)
    r = cgsat.check(c, up_to=3, jobs=1)
    bad = [x for x in r.results if x.n == 2 and x.method == "sat"]
    assert bad[0].status == "error" and "does not call n=2 vacuous" in (bad[0].reason or "")
    assert r.exit_code == 3
    assert any("vacuous" in p for p in r.problems)
    # the same method, with the record calling n = 2 vacuous: no disagreement
    ok = _test_claim("user.test-vacuous-agrees", _holds, _vacuous_at_two,
                     vacuous=lambda n: "nothing at 2" if n == 2 else None)
    assert cgsat.check(ok, up_to=3, jobs=1).exit_code == 0


def test_a_gap_of_a_method_is_shown_never_vacuous_never_verified() -> None:
    """A size the method's scope leaves out: unknown (Why.GAP), reason ``gap: ...``; the
    other method checks it; no stop short (exit code 0)."""
    c = _test_claim("user.test-gap", _holds,
                    lambda n, b: _never_run(n, b) if n == 1 else Verdict.holds(),
                    gaps={"sat": lambda n: "no SAT instance at this size" if n == 1 else None})
    r = cgsat.check(c, up_to=3, jobs=1)
    at1 = {x.method: x for x in r.results if x.n == 1}
    assert at1["brute"].status == "holds"
    assert at1["sat"].status == "unknown" and at1["sat"].why is Why.GAP
    assert at1["sat"].reason == "gap: no SAT instance at this size"
    assert r.exit_code == 0 and not r.stopped_short


def test_a_kit_claim_is_vacuous_for_play_and_sat_alike() -> None:
    """The defect of issue 34: a filtered family with no position at n = 1..3 was vacuous
    by play and holds by SAT; the record now decides for both."""
    c = claim("user.test-filtered", rows("LR", match="^LL.R$"), never("^*"))
    r = cgsat.check(c, up_to=5, jobs=1)
    statuses = {(x.method, x.n): x.status for x in r.results}
    for n in (1, 2, 3):
        assert statuses[("play", n)] == statuses[("sat", n)] == "vacuous"
    assert statuses[("play", 4)] == statuses[("sat", 4)] == "holds"
    assert r.exit_code == 0


def test_below_the_base_no_method_runs() -> None:
    """``--from`` below a claim's base: vacuous for every method, by the record (the sat
    methods of the Timber lemmas said vacuous there while brute said holds)."""
    c = _test_claim("user.test-below-base",
                    lambda n, b: _never_run(n, b) if n < 1 else Verdict.holds(),
                    lambda n, b: _never_run(n, b) if n < 1 else Verdict.holds())
    r = cgsat.check(c, from_n=0, up_to=2, jobs=1)
    assert {x.method: x.status for x in r.results if x.n == 0} == {"brute": "vacuous",
                                                                   "sat": "vacuous"}
    assert r.exit_code == 0
    for cid in ("timber.lem3.2", "timber.lem3.3", "toppling.thm21"):
        assert vacuous_at(CLAIMS[cid], CLAIMS[cid].base - 1)
