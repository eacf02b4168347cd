"""The forward DRAT checker accepts solvers' proofs and rejects corrupted ones."""

from __future__ import annotations

import pytest
from pysat.examples.genhard import PHP
from pysat.solvers import Solver

from cgsat.encodings.cnf import ClauseBuffer
from cgsat.verify.claims import Budget
from cgsat.verify.drat import check_drat, parse_proof
from cgsat.verify.solve import solve_cnf
from cgsat.verify.solvers import SolverDisagreement

# A small UNSAT formula with a hand-written proof in which every lemma is needed:
# 1 is forced by (1 2)(-2 3)(-3 1); then 4 by the four clauses (-1 ±4 ±5); then conflict.
HAND = [[1, 2], [-2, 3], [-3, 1], [-1, 4, 5], [-1, 4, -5], [-1, -4, 5], [-1, -4, -5]]
HAND_PROOF = ["1 0", "4 0", "0"]


def _proof(name: str, formula: list[list[int]]) -> list[str]:
    with Solver(name=name, with_proof=True, bootstrap_with=formula) as s:
        assert s.solve() is False
        return s.get_proof()


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
    assert out.certificate["kind"] == "drat+confirm"
    assert out.certificate["verdict"] == "verified"
    assert len(out.dimacs_sha256) == 64
    sat = solve_cnf(ClauseBuffer([[1, 2], [-1]]), Budget(confirm_with="glucose4"))
    assert sat.sat and 2 in sat.true_vars()


def test_solve_cnf_rejects_a_bad_proof(monkeypatch: pytest.MonkeyPatch) -> None:
    from cgsat.verify import solve as solvers

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
