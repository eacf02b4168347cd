"""A second solver's answer as a certificate: its UNSAT is a certificate of kind
"second-solver", a disagreement between the solvers is raised, an old ``confirm`` kind
reads as "second-solver", and a stored holds is reused under ``--confirm-with`` only if a
second solver ran."""

from __future__ import annotations

import pytest
from pysat.examples.genhard import PHP

from cgsat.claims import Budget
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.engine.runner import reusable
from cgsat.engine.store import Row, derive
from cgsat.sat.certificates import combine, is_certified, kinds
from cgsat.sat.solve import solve_cnf
from cgsat.sat.solvers import SolverDisagreement

# --- a second solver's UNSAT -----------------------------------------------------------------


def test_second_solver_certifies_with_kind_second_solver() -> None:
    out = solve_cnf(ClauseBuffer(PHP(4).clauses), Budget(confirm_with="glucose4"))
    assert out.certificate == {"kind": "second-solver", "checker": "glucose4",
                               "verdict": "verified", "sha256": out.dimacs_sha256,
                               "answer": "unsat"}
    assert is_certified(out.certificate)
    plain = solve_cnf(ClauseBuffer(PHP(4).clauses), Budget())
    assert plain.certificate is None and not is_certified(plain.certificate)


def test_second_solver_disagreement_is_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    from cgsat.sat import solve as solvers

    real = solvers._solve_once

    def lying(name, cnf, want_proof):
        sat, model, proof = real(name, cnf, want_proof)
        return (True, [1], None) if name == "glucose4" else (sat, model, proof)

    monkeypatch.setattr(solvers, "_solve_once", lying)
    with pytest.raises(SolverDisagreement, match="glucose4"):
        solve_cnf(ClauseBuffer(PHP(4).clauses), Budget(confirm_with="glucose4"))


def test_old_kind_confirm_is_read_as_second_solver() -> None:
    old = {"kind": "confirm", "checker": "glucose4", "verdict": "verified", "sha256": "0"}
    assert kinds(old) == {"second-solver"}
    assert is_certified(old)
    proof = {"kind": "drat", "checker": "dratify+cgsat-drat", "verdict": "verified",
             "sha256": "1"}
    both = combine([proof, old])
    assert both["kind"] == "drat+second-solver"
    assert both["checker"] == "dratify+cgsat-drat+glucose4"
    assert not is_certified({**old, "verdict": "unchecked"})
    # every instance SAT, each model checked: certified; a model not checked is not
    assert is_certified({"kind": "model", "checker": "clause-check",
                         "verdict": "verified", "sha256": "2"})
    assert not is_certified({"kind": "model", "checker": "clause-check",
                             "verdict": "unchecked", "sha256": "2"})
    # an UNSAT answer without a certificate makes the size's combination None
    assert combine([{"kind": "model", "checker": "clause-check", "verdict": "verified",
                     "sha256": "2"}, None]) is None


@pytest.mark.parametrize("kind, usable", [
    ("second-solver", True), ("confirm", True), ("drat+second-solver", True),
    ("drat", False), (None, False),
])
def test_stored_holds_reused_under_confirm_with_only_if_a_second_solver_ran(
    kind: str | None, usable: bool
) -> None:
    cert = None if kind is None else (
        f'{{"kind": "{kind}", "checker": "glucose4", "verdict": "verified", "sha256": "0"}}')
    row = Row(claim="timber.thm2.3", n=5, method="sat", solver="cadical195", version="0",
              status="holds", certificate=cert, controls_asked=16, id=1)
    current = derive([row])
    assert (reusable(current, Budget(confirm_with="glucose4"), True) is row) is usable
    assert reusable(current, Budget(), True) is row
