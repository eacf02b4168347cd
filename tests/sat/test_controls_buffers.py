"""Controls on ClauseBuffer instances (the --proof / --confirm-with path).

A control on a buffer is solved by a plain solver loaded with the buffer's clauses. That
solver once was cached by ``id(buffer)``: a later buffer allocated at a freed buffer's
address got the old instance's solver, and clauses added after a first control were never
seen, so controls failed at random under ``--confirm-with`` (found by the report's
regeneration: caterpillars.thm3.3 n=6 and timber.lem3.3 n=7 were "error").
"""

from __future__ import annotations

import gc

import pytest

from cgsat.claims import Budget
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.papers.registry import all_claims, get_claim
from cgsat.sat.solve import Control, SatRun, expect_sat


def _needs(lit: int):
    def check(true: set[int] | None) -> str | None:
        if true is None:
            return "UNSAT"
        return None if (lit in true) == (lit > 0) else f"{lit} not as expected"
    return check


def test_a_buffer_at_a_freed_buffers_address_gets_its_own_clauses():
    """A control on a new buffer after the last one was dropped and collected never sees
    the old buffer's clauses (the run keeps the buffer its control solver was loaded from,
    so the new one is told apart by identity, whatever its address)."""
    run = SatRun(Budget(confirm_with="minisat22"))
    # the objects of earlier tests out of the collections: a full collection in a
    # long-lived worker of the suite (a large heap) took 216 s over the 50 turns (issue 36)
    gc.freeze()
    try:
        for _ in range(50):
            a = ClauseBuffer([[1]])
            assert run.control(a, Control("sample", "a", (), _needs(1)))
            del a
            gc.collect()
            b = ClauseBuffer([[-1]])
            assert run.control(b, Control("sample", "b", (), expect_sat))
            assert run.control(b, Control("sample", "b", (1,), lambda t: None if t is None
                                          else "SAT although the buffer says -1"))
            del b
    finally:
        gc.unfreeze()
    assert run.failures == []


def test_clauses_added_after_a_control_are_seen_by_the_next():
    run = SatRun(Budget(proof=True))
    a = ClauseBuffer([[1, 2]])
    assert run.control(a, Control("sample", "a", (-1,), expect_sat))
    a.add_clause([-2])
    assert not run.control(a, Control("sample", "a", (-1,), expect_sat))
    assert run.verdict().status == "error"


CASES = [("caterpillars.thm3.3", 6), ("caterpillars.thm3.3", 7), ("caterpillars.cor3.4", 8),
         ("caterpillars.cor3.5", 9), ("caterpillars.even-edges", 8), ("timber.lem3.3", 7)]
BUDGETS = {"confirm-with": Budget(confirm_with="minisat22"), "proof": Budget(proof=True)}


@pytest.mark.parametrize("cid, n, kind", [
    pytest.param(cid, n, kind, marks=[pytest.mark.slow] if (cid, kind) == ("timber.lem3.3",
                                                                          "proof") else [])
    for cid, n in CASES for kind in BUDGETS])
def test_certified_runs_pass_their_controls(cid, n, kind):
    budget = BUDGETS[kind]
    claim = get_claim(cid)
    v = claim.method("sat").run(n, budget)
    assert v.status == "holds", v.reason
    assert v.controls["passed"] == v.controls["total"] > 0


def _sat_methods():
    return [(c.id, m.name) for c in all_claims() for m in c.methods if m.uses_solver]


@pytest.mark.slow
@pytest.mark.parametrize("cid, method", _sat_methods())
def test_every_sat_method_passes_its_controls_under_confirm_with(cid, method):
    """Every registered SAT method, through the ClauseBuffer path, at its first sizes."""
    claim = get_claim(cid)
    for n in range(claim.base, min(claim.quick_bound, claim.base + 6) + 1):
        v = claim.method(method).run(n, BUDGETS["confirm-with"])
        assert v.status != "error", (n, v.reason)
