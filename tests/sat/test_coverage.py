"""The coverage controls of :mod:`cgsat.sat.coverage` (issue 24, item 2), with the cases
mutation testing found untested (issue 36): a passing target set, a duplicate in the
loop, the failure's message (at most five names each way), the kind of control recorded,
and the projected count's variables and stdout."""

from __future__ import annotations

import os

from cgsat.claims import Budget
from cgsat.sat.coverage import check_count, check_targets, count_projected
from cgsat.sat.solve import SatRun


def test_a_target_set_that_matches_passes_and_is_counted() -> None:
    run = SatRun(Budget())
    assert check_targets(run, "values", ["a", "b"], ["b", "a"]) is True
    assert run.failures == []
    assert run.controls == {"passed": 1, "total": 1, "coverage": "count"}
    assert run.coverage_kinds == {"count"}


def test_a_target_looped_over_twice_fails() -> None:
    run = SatRun(Budget())
    assert check_targets(run, "values", ["a", "a", "b"], ["a", "b"]) is False
    assert run.failures == ["coverage control (values): the method loops over 3, the "
                            "scope has 2"]


def test_the_message_names_five_missing_and_five_extra_at_most() -> None:
    run = SatRun(Budget())
    check_targets(run, "m", [], list("abcdefg"))
    check_targets(run, "x", list("abcdefg"), [])
    check_targets(run, "y", ["a", "z"], ["a"])
    assert run.failures == [
        "coverage control (m): the method loops over 0, the scope has 7; missing "
        "['a', 'b', 'c', 'd', 'e']",
        "coverage control (x): the method loops over 7, the scope has 0; extra "
        "['a', 'b', 'c', 'd', 'e']",
        "coverage control (y): the method loops over 2, the scope has 1; extra ['z']",
    ]


def test_the_kind_of_control_is_passed_on() -> None:
    run = SatRun(Budget())
    check_count(run, "rows", 9, 9)
    assert run.coverage_kinds == {"count"}
    check_count(run, "rows", 9, 9, how="sample")
    check_targets(run, "values", [1], [1], how="sample")
    assert run.coverage_kinds == {"count", "sample"}
    assert run.controls == {"passed": 3, "total": 3, "coverage": "sample"}


def test_a_count_that_matches_passes() -> None:
    run = SatRun(Budget())
    assert check_count(run, "rows", 27, 27) is True and run.failures == []


def test_the_counter_has_every_variable_of_the_clauses_and_of_the_projection() -> None:
    # variable 3 occurs in the clauses only (nv = 3), variable 2 in the projection only
    assert count_projected([[1, 3], [-1, 3]], 3, [1]) == 2
    assert count_projected([[1]], 1, [1, 2]) == 2
    assert count_projected([[1]], 1, []) == 1
    assert count_projected([[1, -1]], 0, []) == 1


def test_the_counter_leaves_stdout_and_stderr_as_they_were(capfd) -> None:
    """File descriptors 1 and 2 (Ganak writes to fd 1 from C): the same files after the
    call, and nothing of Ganak's on them."""
    os.write(1, b"before\n")
    assert count_projected([[1, 2], [-1, 3]], 3, [1, 2, 3]) == 4
    os.write(1, b"after\n")
    os.write(2, b"err\n")
    out, err = capfd.readouterr()
    assert out == "before\nafter\n"
    assert err == "err\n"


def test_each_check_passes_its_kind_on() -> None:
    counted = SatRun(Budget())
    check_count(counted, "rows", 9, 9, how="sample")
    assert counted.coverage_kinds == {"sample"}
    targets = SatRun(Budget())
    check_targets(targets, "values", [1], [1], how="sample")
    assert targets.coverage_kinds == {"sample"}
