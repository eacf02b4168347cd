"""The DRAT checkers (dratify, cgsat's own, drat-trim's bridge) accept solvers' proofs and
reject corrupted ones; certificates name the checkers that agreed (a second solver's
certificate: tests/sat/test_second_solver.py)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from pysat.examples.genhard import PHP
from pysat.solvers import Solver

from cgsat.claims import Budget
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.papers.registry import get_claim
from cgsat.sat import drat
from cgsat.sat.certificates import is_certified
from cgsat.sat.drat import ProofCheck, check_drat, check_refutation, check_with_dratify, parse_proof
from cgsat.sat.solve import solve_cnf
from cgsat.sat.solvers import SolverDisagreement
from drat_hand import HAND, HAND_PROOF  # tests/ is on pythonpath
from drat_hand import solver_proof as _proof


def _satisfiable(formula: list[list[int]]) -> bool:
    with Solver(name="glucose4", bootstrap_with=formula) as s:
        return s.solve()


@pytest.mark.parametrize("name", ["cadical195", "glucose4", "lingeling"])
def test_solver_proofs_are_accepted(name: str) -> None:
    formula = PHP(5).clauses
    check = check_drat(formula, _proof(name, formula))
    assert check.verdict == "verified", check.message


def test_hand_proof_is_accepted() -> None:
    assert check_drat(HAND, HAND_PROOF).ok


def test_truncated_proof_is_rejected() -> None:
    formula = PHP(5).clauses
    proof = _proof("cadical195", formula)
    end = max(i for i, line in enumerate(proof) if line.strip() == "0")
    check = check_drat(formula, proof[:end])
    assert check.verdict == "rejected"
    assert "empty clause" in check.message
    assert check_drat(HAND, HAND_PROOF[:-1]).verdict == "rejected"


def test_proof_without_lemmas_is_rejected() -> None:
    formula = PHP(5).clauses
    assert check_drat(formula, ["0"]).verdict == "rejected"


def test_dropped_lemma_is_rejected() -> None:
    # without "1", the lemma "4" is still RAT, but the empty clause is no longer RUP
    assert check_drat(HAND, HAND_PROOF[1:]).verdict == "rejected"


def test_flipped_lemma_literal_is_rejected() -> None:
    check = check_drat(HAND, ["-1 0", "4 0", "0"])
    assert check.verdict == "rejected"
    assert "lemma 1" in check.message


def test_proof_of_a_satisfiable_formula_is_rejected() -> None:
    """Soundness: drop one clause, or flip one literal, so that the formula is SAT."""
    formula = PHP(5).clauses
    proof = _proof("cadical195", formula)
    dropped = formula[1:]
    assert _satisfiable(dropped)
    assert check_drat(dropped, proof).verdict == "rejected"
    flipped = [list(c) for c in formula]
    flipped[0][0] = -flipped[0][0]
    if not _satisfiable(flipped):  # the first clause is a long "pigeon somewhere" clause
        pytest.skip("flipping this literal keeps the formula UNSAT")
    assert check_drat(flipped, proof).verdict == "rejected"


def test_deletion_is_honoured() -> None:
    formula = [[1, 2], [1, -2], [-1, 3], [-1, -3]]
    assert check_drat(formula, ["1 0", "0"]).ok
    # after deleting (1 2), the lemma 1 is neither RUP nor RAT
    assert check_drat(formula, ["d 1 2 0", "1 0", "0"]).verdict == "rejected"


def test_size_limit() -> None:
    formula = PHP(5).clauses
    proof = _proof("cadical195", formula)
    assert check_drat(formula, proof, max_literals=100).verdict == "too-large"


def test_parse_errors() -> None:
    with pytest.raises(ValueError):
        parse_proof(["1 2"])


def test_solve_cnf_certifies_and_confirms() -> None:
    buf = ClauseBuffer(PHP(4).clauses)
    out = solve_cnf(buf, Budget(proof=True, confirm_with="glucose4"))
    assert out.sat is False
    assert out.certificate is not None
    assert out.certificate["kind"] == "drat+second-solver"
    assert out.certificate["verdict"] == "verified"
    assert is_certified(out.certificate)
    assert len(out.dimacs_sha256) == 64
    sat = solve_cnf(ClauseBuffer([[1, 2], [-1]]), Budget(confirm_with="glucose4"))
    assert sat.sat and 2 in sat.true_vars()


def test_solve_cnf_rejects_a_bad_proof(monkeypatch: pytest.MonkeyPatch) -> None:
    from cgsat.sat import solve as solvers

    real = solvers._solve_once

    def corrupt(name, cnf, want_proof):
        sat, model, proof = real(name, cnf, want_proof)
        return sat, model, (["0"] if proof is not None else None)

    monkeypatch.setattr(solvers, "_solve_once", corrupt)
    with pytest.raises(SolverDisagreement):
        solve_cnf(ClauseBuffer(PHP(4).clauses), Budget(proof=True))


def test_tautologies_and_duplicates_in_the_formula() -> None:
    formula = [[1, -1], [2, 2, 3]] + [list(c) for c in HAND]
    assert check_drat(formula, HAND_PROOF).ok


# --- dratify, the established checker (drat-trim where installed) ---------------------------


@pytest.fixture
def no_drat_trim(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make dratify the first checker even on a machine with drat-trim."""
    monkeypatch.setattr(drat, "drat_trim_path", lambda: None)


@pytest.mark.parametrize("name", ["cadical195", "glucose4", "lingeling"])
def test_dratify_accepts_solver_proofs(name: str) -> None:
    formula = PHP(5).clauses
    check = check_with_dratify(formula, _proof(name, formula))
    assert check == ProofCheck("verified", "dratify", check.message), check.message


def test_dratify_rejects_corrupted_proofs() -> None:
    formula = PHP(5).clauses
    proof = _proof("cadical195", formula)
    end = max(i for i, line in enumerate(proof) if line.strip() == "0")
    assert check_with_dratify(formula, proof[:end]).verdict == "rejected"  # truncated
    assert check_with_dratify(formula, ["0"]).verdict == "rejected"  # no lemmas
    assert check_with_dratify(HAND, HAND_PROOF).ok
    assert check_with_dratify(HAND, HAND_PROOF[1:]).verdict == "rejected"  # dropped lemma
    assert check_with_dratify(HAND, ["-1 0", "4 0", "0"]).verdict == "rejected"  # flipped
    assert check_with_dratify(HAND, ["1 2"]).verdict == "rejected"  # unterminated


def test_dratify_rejects_a_proof_of_a_satisfiable_formula() -> None:
    formula = PHP(5).clauses
    proof = _proof("cadical195", formula)
    dropped = formula[1:]
    assert _satisfiable(dropped)
    assert check_with_dratify(dropped, proof).verdict == "rejected"


def test_real_cadical_proof_of_a_claim_instance_is_checked_by_both(no_drat_trim) -> None:
    """A CaDiCaL proof of a registered claim's instance (Theorem 2.3 of Timber, sat method,
    at n = 8): dratify and cgsat's checker both verify it, and the certificate says so."""
    method = get_claim("timber.thm2.3").method("sat")
    verdict = method.run(8, Budget(proof=True, controls=0))
    assert verdict.status == "holds"
    cert = verdict.certificate
    assert cert is not None
    assert cert["kind"] == "drat" and cert["verdict"] == "verified"
    assert cert["checker"] == "dratify+cgsat-drat"
    assert is_certified(cert)


def test_check_refutation_runs_dratify_then_cgsat(no_drat_trim) -> None:
    formula = PHP(4).clauses
    checks = check_refutation(formula, _proof("cadical195", formula))
    assert [(c.checker, c.verdict) for c in checks] == [
        ("dratify", "verified"), ("cgsat-drat", "verified")]
    bad = check_refutation(HAND, HAND_PROOF[1:])
    assert [(c.checker, c.verdict) for c in bad] == [("dratify", "rejected")]


def test_a_rejection_by_either_checker_is_a_disagreement(
    monkeypatch: pytest.MonkeyPatch, no_drat_trim
) -> None:
    buf = ClauseBuffer(PHP(4).clauses)
    assert solve_cnf(buf, Budget(proof=True)).certificate["checker"] == "dratify+cgsat-drat"
    with monkeypatch.context() as m:  # dratify says no, cgsat's checker would say yes
        m.setattr(drat, "check_with_dratify",
                  lambda clauses, proof: ProofCheck("rejected", "dratify", "planted"))
        with pytest.raises(SolverDisagreement, match="dratify"):
            solve_cnf(buf, Budget(proof=True))
    with monkeypatch.context() as m:  # dratify says yes, the second opinion says no
        m.setattr(drat, "check_drat",
                  lambda clauses, proof, max_literals: ProofCheck("rejected", "cgsat-drat", "x"))
        with pytest.raises(SolverDisagreement, match="cgsat-drat"):
            solve_cnf(buf, Budget(proof=True))


def test_certificate_names_only_the_checkers_that_verified(
    monkeypatch: pytest.MonkeyPatch, no_drat_trim
) -> None:
    monkeypatch.setattr(drat, "MAX_LITERALS", 10)  # cgsat's checker: too large
    out = solve_cnf(ClauseBuffer(PHP(4).clauses), Budget(proof=True))
    assert out.certificate["checker"] == "dratify"
    assert out.certificate["verdict"] == "verified"
    assert is_certified(out.certificate)


def _fake_drat_trim(tmp_path: Path, answer: str) -> str:
    exe = tmp_path / "drat-trim"
    exe.write_text(f"#!/bin/sh\necho '{answer}'\n")
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    return str(exe)


@pytest.mark.skipif(os.name != "posix", reason="a shell script stands in for drat-trim")
def test_drat_trim_comes_first_where_installed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    formula = PHP(4).clauses
    proof = _proof("cadical195", formula)
    monkeypatch.setenv("CGSAT_DRAT_TRIM", _fake_drat_trim(tmp_path, "s VERIFIED"))
    monkeypatch.setattr(drat, "check_with_dratify", lambda *a: pytest.fail("dratify ran"))
    checks = check_refutation(formula, proof)
    assert [(c.checker, c.verdict) for c in checks] == [
        ("drat-trim", "verified"), ("cgsat-drat", "verified")]
    monkeypatch.setenv("CGSAT_DRAT_TRIM", _fake_drat_trim(tmp_path, "s NOT VERIFIED"))
    checks = check_refutation(formula, proof)
    assert [(c.checker, c.verdict) for c in checks] == [("drat-trim", "rejected")]
