"""cgsat's own DRAT checker (:func:`cgsat.sat.drat.check_drat`), case by case on small
hand-made formulas whose satisfiability is plain: deletions, RAT steps, units. Written
against the survivors of ``benchmarks/mutation.sh drat`` (issue 36); quick."""

from __future__ import annotations

import pytest

from cgsat.sat.drat import ProofCheck, check_drat
from drat_hand import HAND, HAND_PROOF  # tests/ is on pythonpath
from drat_hand import solver_proof as _proof


@pytest.mark.parametrize("formula", [[[-1]], [[-2], [-1, 2]], [[-1, 2], [-2]]],
                         ids=["a unit clause", "the reason of a unit",
                              "the reason of a propagated unit"])
def test_deleting_a_units_reason_does_not_refute_a_satisfiable_formula(formula) -> None:
    """The checker never takes back a top-level unit, so it must keep the clause that is
    its reason (as drat-trim ignores such deletions): else "delete the reason of -1, add
    1 by RAT (no clause left with -1), conflict" refutes a satisfiable formula. The reason
    is recorded when the unit is added, or when it is propagated from a later unit."""
    reason = next(c for c in formula if -1 in c)
    deleted = "d " + " ".join(map(str, reason)) + " 0"
    check = check_drat(formula, [deleted, "1 0", "0"])
    assert check == ProofCheck("rejected", "cgsat-drat", "lemma 2 is not RUP/RAT: 1")


def test_a_deleted_clause_takes_no_part_in_a_rat_check() -> None:
    """After (-1 3) is deleted no clause holds -1, so the lemma 1 is RAT; only its one
    copy is deleted, so a second copy keeps -1 in play."""
    assert check_drat([[-1, 3]], ["d -1 3 0", "1 0"]) == ProofCheck(
        "rejected", "cgsat-drat", "the proof does not derive the empty clause")
    assert check_drat([[-1, 3], [3, -1]], ["d -1 3 0", "1 0"]) == ProofCheck(
        "rejected", "cgsat-drat", "lemma 2 is not RUP/RAT: 1")


# -- the checker on solvers' proofs and on corrupted ones (small formulas: quick under
#    mutation testing, where tests/sat/test_drat.py's PHP(5) and solve_cnf runs are slow) --

def _php(n: int) -> list[list[int]]:
    from pysat.examples.genhard import PHP

    return [list(c) for c in PHP(n).clauses]


@pytest.mark.parametrize("name", ["cadical195", "glucose4"])
@pytest.mark.parametrize("n", [3, 4])
def test_solver_proofs_of_small_pigeonholes_are_verified(name: str, n: int) -> None:
    formula = _php(n)
    proof = _proof(name, formula)
    check = check_drat(formula, proof)
    assert check.verdict == "verified", check.message
    assert check.message.startswith("empty clause derived at step ")
    end = max(i for i, line in enumerate(proof) if line.strip() == "0")
    assert check_drat(formula, proof[:end]) == ProofCheck(
        "rejected", "cgsat-drat", "the proof does not derive the empty clause")
    from pysat.solvers import Solver

    dropped = formula[1:]  # one "pigeon somewhere" clause less: satisfiable
    with Solver(name="glucose4", bootstrap_with=dropped) as s:
        assert s.solve()
    assert check_drat(dropped, proof).verdict == "rejected"


def test_the_hand_proof_step_by_step() -> None:
    assert check_drat(HAND, HAND_PROOF) == ProofCheck(
        "verified", "cgsat-drat", "empty clause derived at step 3")
    assert check_drat(HAND, ["1 0", "4 0"]) == ProofCheck(
        "rejected", "cgsat-drat", "the proof does not derive the empty clause")
    assert check_drat(HAND, ["-1 0", "4 0", "0"]) == ProofCheck(
        "rejected", "cgsat-drat", "lemma 1 is not RUP/RAT: -1")
    assert check_drat(HAND, ["0"]) == ProofCheck(
        "rejected", "cgsat-drat", "lemma 1 is not RUP/RAT: (empty clause)")
    # without "1" the lemma "4" is RAT, but the empty clause is no longer RUP
    assert check_drat(HAND, ["4 0", "0"]) == ProofCheck(
        "rejected", "cgsat-drat", "lemma 2 is not RUP/RAT: (empty clause)")
    # parsed steps are taken as they are; comments and blank lines are skipped
    from cgsat.sat.drat import parse_proof

    assert check_drat(HAND, parse_proof(HAND_PROOF)).ok
    assert check_drat(HAND, ["c a comment", "", "1 0", "4 0", "0"]).message.endswith(
        "step 3")


def test_lemmas_over_new_variables_and_rat_steps() -> None:
    # 9 is no variable of the formula: "9" is RAT (no clause holds -9), "1 9" is RUP
    assert check_drat(HAND, ["9 0", "1 9 0", "1 0", "4 0", "0"]).message.endswith("step 5")
    assert check_drat(HAND, ["1 -9 0", "1 0", "4 0", "0"]).ok
    # RAT on the first literal only: "-1 9" is RAT on 9 but not on -1
    assert check_drat(HAND, ["9 -1 0", "1 0", "4 0", "0"]).ok
    assert check_drat(HAND, ["-1 9 0"]).message == "lemma 1 is not RUP/RAT: -1 9"
    # "2" is not RUP, and not RAT: its resolvent with (-2 3) is (2 3), not RUP
    assert check_drat(HAND, ["2 0"]).message == "lemma 1 is not RUP/RAT: 2"


def test_tautologies_duplicates_and_the_empty_clause() -> None:
    formula = [[1, -1], [2, 2, 3]] + HAND
    assert check_drat(formula, HAND_PROOF).ok
    assert check_drat(HAND, ["1 1 0", "5 -5 0", "4 0", "0"]).message.endswith("step 4")
    assert check_drat([[1], []], []) == ProofCheck(
        "verified", "cgsat-drat", "the formula contains the empty clause")
    # contradictory units, or units that propagate to a conflict: "0" is RUP at once
    assert check_drat([[1], [-1]], ["0"]).ok
    assert check_drat([[1], [-1, 2], [-2, 3], [-3, -1]], ["0"]).ok
    assert check_drat([[1, 2], [-1, 2], [1, -2], [-1, -2]], ["2 0", "0"]).ok
    assert not check_drat([[1, 2], [-1, 2], [1, -2]], ["2 0", "0"]).ok  # satisfiable


def test_long_clauses_move_their_watches() -> None:
    """A clause of four literals becomes unit only after three of them are false: the
    watches must move along it (a proof of the all-different-signs formula on 3 vars)."""
    formula = [[a * 1, b * 2, c * 3] for a in (1, -1) for b in (1, -1) for c in (1, -1)]
    assert check_drat(formula, ["1 2 0", "1 0", "2 0", "0"]).ok
    assert not check_drat(formula, ["1 2 0", "1 0", "0"]).ok
    wide = [[1, 2, 3, 4], [-1], [-2], [-3], [-4]]
    assert check_drat(wide, ["0"]).ok
    assert check_drat([[1, 2, 3, 4], [-1], [-2], [-3]], ["0"]).verdict == "rejected"
    assert check_drat([[1, 2, 3, 4], [-1, 5], [-5], [-2], [-3]], ["4 0"]).message == (
        "the proof does not derive the empty clause")


def test_the_size_limit_counts_formula_and_proof() -> None:
    size = sum(len(c) for c in HAND) + 2  # the lemmas 1 and 4
    assert check_drat(HAND, HAND_PROOF, max_literals=size).ok
    assert check_drat(HAND, HAND_PROOF, max_literals=size - 1) == ProofCheck(
        "too-large", "cgsat-drat",
        f"{size} literals exceed the checker's limit of {size - 1}; use drat-trim")


def test_parse_proof_reads_text_drat() -> None:
    from cgsat.sat.drat import parse_proof

    assert parse_proof(["c x", "  ", "1 -2", " 3 0 4 0", "d 5 0", "0"]) == [
        (False, [1, -2, 3]), (False, [4]), (True, [5]), (False, [])]
    assert parse_proof(["1 -2 3 0", "d 5 0", "0"]) == [
        (False, [1, -2, 3]), (True, [5]), (False, [])]
    assert parse_proof(["1 2", "3 0"]) == [(False, [1, 2, 3])]  # a lemma over two lines
    assert parse_proof(["d 1", "2 0", "4 0"]) == [(True, [1, 2]), (False, [4])]
    with pytest.raises(ValueError, match="^deletion inside an unfinished lemma$"):
        parse_proof(["1 2", "d 3 0"])
    unterminated = r"^the proof ends inside a clause \(no terminating 0\)$"
    with pytest.raises(ValueError, match=unterminated):
        parse_proof(["1 2"])
    with pytest.raises(ValueError, match=unterminated):
        parse_proof(["d"])


def test_a_deleted_clause_in_a_watch_list_is_skipped_not_the_end_of_it() -> None:
    """(1 5 6) and (1 7 8) are deleted while they still watch 1, before and after (1 2)
    and (1 -2) in its watch list. The lemma 1 is RUP (and, by its resolvents with (-1 3)
    and (-1 -3), RAT) only if a scan goes on past a dead clause."""
    formula = [[1, 5, 6], [1, 2], [1, -2], [1, 7, 8], [-1, 3], [-1, -3]]
    assert check_drat(formula, ["d 1 5 6 0", "d 1 7 8 0", "1 0", "0"]) == ProofCheck(
        "verified", "cgsat-drat", "empty clause derived at step 4")


def test_a_clause_added_after_units_is_watched_on_literals_that_are_not_false() -> None:
    """(1 2 3 4) after the units -1, -2: its false literals must not be the watched ones
    (sorted by value, 1 and 2 would be, and the satisfiable formula "refuted")."""
    assert check_drat([[-1], [-2], [1, 2, 3, 4]], ["0"]).verdict == "rejected"
    assert check_drat([[-1], [-2], [1, 2, 3, 4], [-3], [-4]], ["0"]).ok


def test_a_formula_without_clauses_is_not_refuted() -> None:
    assert check_drat([], ["0"]) == ProofCheck(
        "rejected", "cgsat-drat", "lemma 1 is not RUP/RAT: (empty clause)")
    assert check_drat([], ["1 0", "0"]).message == "lemma 2 is not RUP/RAT: (empty clause)"
