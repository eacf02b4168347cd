"""``cgsat find --max-length N --jobs J``: one task per length gives the answer of the
search in turn (issue 16, item 1; the Dask executor is tested in test_dask_executor.py)."""

from __future__ import annotations

import pytest

from cgsat.api import find
from cgsat.cli import main
from cgsat.errors import CgsatInputError

CASES = [
    {"ruleset": "toppling", "max_length": 9, "value": "{{1|0}|0}", "mode": "all"},
    {"ruleset": "toppling", "max_length": 6, "outcome": "N", "mode": "count"},
    {"ruleset": "toppling", "max_length": 7, "value": "{{2|0}|0}", "mode": "one"},
    {"ruleset": "timber-path", "max_length": 10, "value": 0, "mode": "count"},
    {"ruleset": "timber-path", "max_length": 6, "value": "*2", "mode": "all"},
    {"ruleset": "timber-path", "max_length": 8, "outcome": "P", "misere": True,
     "mode": "one"},
]


@pytest.mark.parametrize("kw", CASES, ids=lambda kw: f"{kw['ruleset']}-{kw['mode']}")
def test_split_by_length_gives_the_answer_in_turn(kw):
    here = find(**kw)
    split = find(**kw, jobs=2)
    assert split.to_json()["query"] == here.to_json()["query"]
    if kw["mode"] == "one":  # the shortest length with a match; SAT picks which row
        assert len(split.positions) == len(here.positions) <= 1
        assert {len(p) for p in split.positions} == {len(p) for p in here.positions}
    else:
        assert (split.positions, split.count) == (here.positions, here.count)
    assert split.controls["passed"] == split.controls["total"] > 0


def test_the_split_finds_what_it_looks_for():  # can say yes: the minies of Conjecture 22
    rows = find("toppling", max_length=9, value="{{2|0}|0}", mode="all", jobs=2).positions
    assert rows == ("RLLLLR",)


@pytest.mark.parametrize("kw, message", [
    ({"jobs": 0}, "--jobs"),
    ({"executor": "dask"}, "--scheduler"),
    ({"scheduler": "tcp://127.0.0.1:1"}, "--scheduler"),
    ({"executor": "spark"}, "--executor"),
    ({"executor": "dask", "scheduler": "tcp://127.0.0.1:1", "jobs": 2}, "--jobs"),
])
def test_bad_executor_options_are_one_line_errors(kw, message):
    with pytest.raises(CgsatInputError, match=message):
        find("toppling", max_length=4, value="1", **kw)


def test_cli_find_jobs(capsys):
    assert main(["find", "timber-path", "--max-length", "8", "--value", "0", "--count",
                 "--jobs", "2"]) == 0
    assert capsys.readouterr().out.strip().startswith("22 positions")
    assert main(["find", "timber-path", "--max-length", "8", "--value", "0",
                 "--executor", "dask"]) == 2
    assert "--scheduler" in capsys.readouterr().err
