"""The ``sat`` method of a kit claim (:func:`cgsat.kit.sat.sat`): the verdict of the
``cgsat find`` searches at size n, pinned field by field (status, counterexample, detail,
reason, controls, solver) on small families, true and false statements."""

from __future__ import annotations

from typing import Any

import pytest

from cgsat.claims import Budget, Verdict
from cgsat.errors import CgsatInputError
from cgsat.kit import sat as kit_sat
from cgsat.kit.families import Family, graphs, green_cordons, rows, timber_paths, trees
from cgsat.kit.methods import UserClaimError
from cgsat.kit.statements import Statement, every, exactly, never
from cgsat.search import ControlFailed

SAT = "cadical195"
# the trees with 3 edges of nim-value 2: orientations of the path and of the star
TREES_NIM2 = ["0>1 0>3 2>1", "1>0 1>2 3>0", "1>0 2>1 3>0", "0>1 2>1 3>0", "0>3 1>0 2>0",
              "0>2 1>0 3>0", "0>1 2>0 3>0"]
# Phyminoes on graphs with 3 vertices, graph distances: nim-value 0 (every triangle too)
PHYMINOES_NIM0 = ["0>1 0>2", "0>1 0>2 1>2", "0>2 1>0 1>2", "0>1 1>2 2>0", "1>0 1>2 2>0",
                  "0>1 0>2 2>1", "0>2 1>0 2>1", "0>1 2>0 2>1", "1>0 2>0 2>1"]


def _sat(n: int, family: Family, statement: Statement, budget: Budget | None = None,
         claim_id: str = "c") -> Verdict:
    return kit_sat.sat(n, budget or Budget(), family=family, statement=statement,
                       claim_id=claim_id)


def _nothing(n: int, bound: int) -> Verdict:
    return Verdict.holds(detail=f"nothing to search: a nim-value at size {n} is at most {bound} "
                                "(the number of moves), and each is in the set")


def _found(text: str, detail: str, passed: int) -> Verdict:
    return Verdict.refuted(text, detail=detail, controls={"passed": passed, "total": passed},
                           solver=SAT)


def _holds(passed: int, detail: str | None = None) -> Verdict:
    return Verdict.holds(controls={"passed": passed, "total": passed}, solver=SAT, detail=detail)


def test_every_nim_value_up_to_the_number_of_moves_needs_no_search() -> None:
    """A nim-value set covering 0..moves holds with nothing to search: moves are n dominoes
    (Peaks words), 2n arcs (cordons), n(n-1)/2 edges (graphs); one more is searched."""
    assert _sat(4, timber_paths(), every(nim=range(5))) == _nothing(4, 4)
    assert _sat(2, green_cordons(), every(nim=range(5))) == _nothing(2, 4)
    assert _sat(4, graphs(), every(nim=range(7))) == _nothing(4, 6)
    assert _sat(3, timber_paths(), every(nim={0, 1, 2, 3})) == _nothing(3, 3)
    # a set short of the bound: the missing nim-values are searched, and none is found
    assert _sat(2, green_cordons(), every(nim={0, 1, 2, 3})) == _holds(3)
    assert _sat(2, green_cordons(), every(nim={0, 1})) == _holds(9)


def test_a_nim_value_found_is_the_counterexample_named_by_its_nim_value() -> None:
    """A Peaks word with a nim-value outside the set (or a value the statement excludes) is
    the counterexample; the detail names the nim-value searched (0 is searched as 0)."""
    assert _sat(3, timber_paths(), every(nim={0, 1})) == _found("RLR", "found with nim-value 2", 8)
    assert _sat(2, timber_paths(), every(nim={0, 2})) == _found("RL", "found with nim-value 1", 4)
    assert _sat(2, timber_paths(), every(nim={1, 2})) == _found("LR", "found with nim-value 0", 4)
    assert _sat(3, timber_paths(), never("*2")) == _found("RLR", "found with nim-value 2", 8)


def test_rows_values_and_outcomes_found_or_not() -> None:
    """Toppling Dominoes rows: value 3 is born on day 3 (not in a row of 2: the instance
    still answers its controls, K of them at K=1); an outcome other than P is found."""
    assert _sat(3, rows("LR"), never("1")) == _holds(9)
    assert _sat(2, rows("LR"), never("3")) == _holds(5)
    assert _sat(2, rows("LR"), never("3"), Budget(controls=1)) == _holds(2)
    assert _sat(3, rows("LR"), never("3")) == _found("LLL", "found with value 3", 8)
    assert _sat(3, rows("LR"), never("3"), Budget(controls=1)) == _found(
        "LLL", "found with value 3", 1)
    assert _sat(3, timber_paths(), every(outcome="P")) == _found("LLL", "found with outcome N", 8)
    assert _sat(3, timber_paths(), every(outcome="P"), Budget(controls=1)) == _found(
        "RLR", "found with outcome N", 1)
    assert _sat(3, timber_paths(), every(outcome="P", misere=True)) == _found(
        "LRL", "found with outcome N", 8)


def test_a_filtered_family_lists_and_counts_what_it_keeps() -> None:
    """A family with a filter lists every find: a claim that holds says how many it kept."""
    assert _sat(3, rows("LR", match="^R"), never("1")) == _holds(9, "0 found")


def test_trees_are_searched_shape_by_shape() -> None:
    """Trees with 3 edges: nim-value 1 only on the star (the second shape), 3 only on the
    path (the first: the search stops there); misère outcomes; every shape's listing."""
    assert _sat(3, trees(), never("*")) == _found("0>1 0>3 2>0", "found with nim-value 1", 17)
    assert _sat(3, trees(), never("*3")) == _found("0>1 1>2 3>0", "found with nim-value 3", 8)
    assert _sat(3, trees(), every(outcome="N", misere=True)) == _found(
        "0>2 0>3 1>0", "found with outcome P", 17)
    assert _sat(3, trees(), exactly(TREES_NIM2, value="*2")) == _holds(18, "7 found")


def test_phyminoes_with_graph_distances_searches_those_distances() -> None:
    """Phyminoes over graphs with graph distances: every triangle has nim-value 0 (1 with
    the minus-edge distances), so the listing of nim-value 0 has 9 positions."""
    family = graphs("phyminoes", distances="graph")
    assert _sat(3, family, exactly(PHYMINOES_NIM0, value="0")) == _holds(13, "9 found")


def test_exactly_names_the_shortest_position_missing_from_either_side() -> None:
    """``exactly``: a position found but not listed, or listed but not found, refutes; the
    shortest (then the first in order) is shown: 4:2 before 4:1,3, 4:3 before 4:1,2."""
    assert _sat(4, green_cordons(), exactly([], value="*2")) == _found(
        "4:2", "has value *2, not listed", 8)
    listed = ["4:2", "4:1,3", "4:3", "4:1,2", "4:2,3", "4:1,2,3"]
    assert _sat(4, green_cordons(), exactly(listed, value="*2")) == _found(
        "4:3", "listed, but the search did not find it", 8)
    assert _sat(2, rows("LR"), exactly(["LL"], value="2")) == _holds(5, "1 found")
    assert _sat(2, rows("LR"), exactly(["LL", "RR"], value="2")) == _found(
        "RR", "listed, but the search did not find it", 5)
    assert _sat(2, rows("LR"), exactly([], value="2")) == _found("LL", "has value 2, not listed", 5)


def test_a_listing_function_that_raises_names_the_claim() -> None:
    """``exactly`` with a function of n that raises: a one-line error naming the claim."""
    def listing(n: int) -> list[str]:
        raise ValueError(f"no list at {n}")

    with pytest.raises(UserClaimError) as err:
        _sat(2, rows("LR"), exactly(listing, value="2"))
    assert str(err.value) == "c: the list of positions raised ValueError: no list at 2"


def test_a_failed_control_or_a_size_limit_is_reported_with_the_tally(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A failed control is an ``error`` with its message, a search's size limit ``unknown``
    ("too large: ..."); both carry the controls tally so far."""
    def failing(exc: Exception) -> Any:
        def run(query: Any) -> Any:
            raise exc
        return run

    monkeypatch.setattr(kit_sat, "run_query", failing(ControlFailed("control failed: x")))
    assert _sat(3, timber_paths(), every(outcome="P")) == Verdict.error(
        "control failed: x", controls={"passed": 0, "total": 0})
    monkeypatch.setattr(kit_sat, "run_query", failing(CgsatInputError("length above 40")))
    assert _sat(3, timber_paths(), every(outcome="P")) == Verdict.unknown(
        "too large: length above 40", controls={"passed": 0, "total": 0})


def test_a_value_born_after_day_n_samples_controls_seeded_by_the_claim() -> None:
    """Value 5 is born after day 4: the row instance's sample controls are drawn with the
    seed ``claim:n`` (16 draws of 16 rows give 15 distinct rows for user.c30, 16 for c);
    value 4, born on day 4, is searched by ``find`` with its own seed (no claim in it)."""
    rows_lr = rows("LR")
    assert _sat(4, rows_lr, never("5")) == _holds(17)
    assert _sat(4, rows_lr, never("5"), claim_id="user.c30") == _holds(16)
    for claim_id in ("c", "user.c30"):
        assert _sat(4, rows_lr, never("4"), claim_id=claim_id) == _found(
            "LLLL", "found with value 4", 16)


def test_a_cordon_search_for_nim_value_0_asks_find_for_value_0() -> None:
    """Nim-value 0 is searched as ``--value 0``, which seeds find's controls (with K=1 the
    cordon search of height 4 then finds 4: first; 4:2,3 has nim-value 0 too)."""
    statement = every(nim=range(1, 9))
    assert _sat(4, green_cordons(), statement, Budget(controls=1)) == _found(
        "4:", "found with nim-value 0", 20)
