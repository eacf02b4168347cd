"""The count control of ``cgsat find --count`` (issue 36): a count by SAT is recounted by
the direct solver at small sizes in the same run. A blocking clause that drops a literal
(a slip, made by monkeypatch) passes the search's own controls at length 5 over LRE and
changes the count from 189 to 135; the user's command fails a named control (exit 3)."""

from __future__ import annotations

import pytest

from cgsat.api import find
from cgsat.api._recount import LIMIT, direct_count
from cgsat.cli import main
from cgsat.encodings.toppling import word_clause
from cgsat.search import toppling as toppling_search
from cgsat.search.plan import run_query
from cgsat.search.query import FindQuery

QUERIES = [
    {"ruleset": "toppling", "length": 5, "outcome": "N"},
    {"ruleset": "toppling", "max_length": 6, "value": "{1|0}"},
    {"ruleset": "toppling", "length": 6, "alphabet": "LR", "value": "0"},
    {"ruleset": "timber-path", "max_length": 7, "value": "*"},
    {"ruleset": "timber-path", "length": 6, "value": "0", "misere": True},
    {"ruleset": "timber", "shape": "0-1 1-2 1-3 3-4", "outcome": "P"},
    {"ruleset": "phyminoes", "shape": "0-1 1-2 2-0 2-3", "distances": "graph",
     "value": "*2"},
    {"ruleset": "green-cordon", "height": 7, "outcome": "P", "misere": True},
]


@pytest.mark.parametrize("kw", QUERIES, ids=lambda kw: " ".join(f"{k}={v}" for k, v in
                                                                kw.items()))
def test_the_direct_count_is_the_sat_count(kw: dict) -> None:
    """The control passes on the code as it is, and counts something somewhere."""
    r = find(mode="count", **kw)
    assert direct_count(r.ruleset, r.query) == r.count


def test_the_direct_count_is_not_vacuous() -> None:
    assert direct_count("toppling", {"length": 5, "alphabet": "LRE", "outcome": "N"}) == 189
    assert direct_count("timber-path", {"max_length": 13, "value": "0"}) is None  # > LIMIT
    assert LIMIT == 4096


def _drop_a_literal(sink, side, words, guard=None, blanks=False) -> None:
    n = len(side)
    for w in words:
        if len(w) > n or (len(w) < n and not blanks):
            continue
        clause = word_clause(side, w)
        if clause is not None:
            clause = clause[:-1]  # the slip: the blocking clause drops its last literal
            sink.add_clause(clause if guard is None else [-guard] + clause)


def test_a_blocking_clause_that_drops_a_literal_is_caught(monkeypatch, capsys) -> None:
    monkeypatch.setattr(toppling_search, "add_exclusions", _drop_a_literal)
    # the search alone: its own controls pass, and the count falls short
    short = run_query(FindQuery("toppling", length=5, outcome="N", mode="count"))
    assert short.count == 135 and short.controls["passed"] == short.controls["total"]
    # the user's command: a failed control, named, exit code 3
    code = main(["find", "toppling", "--length", "5", "--outcome", "N", "--count"])
    err = capsys.readouterr().err
    assert code == 3
    assert "count control" in err and "SAT counted 135, the direct solver 189" in err
    assert len(err.strip().splitlines()) == 1
