"""Test support for the DRAT checker's tests: a small UNSAT formula with a hand-written
proof in which every lemma is needed, and a solver's proof of a formula."""

from __future__ import annotations

from pysat.solvers import Solver

# 1 is forced by (1 2)(-2 3)(-3 1); then 4 by the four clauses (-1 ±4 ±5); then conflict.
HAND = [[1, 2], [-2, 3], [-3, 1], [-1, 4, 5], [-1, 4, -5], [-1, -4, 5], [-1, -4, -5]]
HAND_PROOF = ["1 0", "4 0", "0"]


def solver_proof(name: str, formula: list[list[int]]) -> list[str]:
    """The DRAT proof PySAT's solver ``name`` gives of the UNSAT ``formula``."""
    with Solver(name=name, with_proof=True, bootstrap_with=formula) as s:
        assert s.solve() is False
        return s.get_proof()
