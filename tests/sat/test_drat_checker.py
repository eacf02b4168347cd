"""cgsat's own DRAT checker (:func:`cgsat.sat.drat.check_drat`), case by case on small
hand-made formulas whose satisfiability is plain: deletions, RAT steps, units. Written
against the survivors of ``benchmarks/mutation.sh drat`` (issue 36); quick."""

from __future__ import annotations

import pytest

from cgsat.sat.drat import ProofCheck, check_drat


@pytest.mark.parametrize("formula", [[[-1]], [[-2], [-1, 2]]],
                         ids=["a unit clause", "the reason of a unit"])
def test_deleting_a_units_reason_does_not_refute_a_satisfiable_formula(formula) -> None:
    """The checker never takes back a top-level unit, so it must keep the clause that is
    its reason (as drat-trim ignores such deletions): else "delete the reason of -1, add
    1 by RAT (no clause left with -1), conflict" refutes a satisfiable formula."""
    deleted = "d " + " ".join(map(str, formula[-1])) + " 0"
    check = check_drat(formula, [deleted, "1 0", "0"])
    assert check == ProofCheck("rejected", "cgsat-drat", "lemma 2 is not RUP/RAT: 1")


def test_a_deleted_clause_takes_no_part_in_a_rat_check() -> None:
    """After (-1 3) is deleted no clause holds -1, so the lemma 1 is RAT; only its one
    copy is deleted, so a second copy keeps -1 in play."""
    assert check_drat([[-1, 3]], ["d -1 3 0", "1 0"]) == ProofCheck(
        "rejected", "cgsat-drat", "the proof does not derive the empty clause")
    assert check_drat([[-1, 3], [3, -1]], ["d -1 3 0", "1 0"]) == ProofCheck(
        "rejected", "cgsat-drat", "lemma 2 is not RUP/RAT: 1")
