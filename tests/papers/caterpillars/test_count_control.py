"""The run-time count control of ``caterpillars.path-most`` (issue 36): the SAT method's
own counting code (blocking clauses) against the direct solver's count of every tree at
n <= 6, run with every check of the claim.

Measured while writing it: a blocking clause that drops any *one* literal leaves every
count unchanged at n <= 8 (no two P-orientations of a tree differ in one arc, so the extra
model it blocks is never counted: an equivalent slip); dropping two or more literals for
every tree makes the path's own count short, which the method's known-answer control
(Theorem 2.5) catches. The slip below drops two literals for trees other than the path
only: the method still says holds at every size, and the record's control fails."""

from __future__ import annotations

import pytest

import cgsat
from cgsat.claims import Budget
from cgsat.papers.caterpillars import counts_sat
from cgsat.papers.caterpillars.claims import tree_counts_control
from cgsat.papers.caterpillars.counts import is_path
from cgsat.papers.registry import get_claim

CLAIM = "caterpillars.path-most"


def _short_blocking(self, cap=None):
    """TreeCount.count with a blocking clause two literals short, except on the path."""
    if not self.lits:
        return 1
    path = self._path
    while cap is None or len(self.found) < cap:
        model = self.run.solve(self.sink, [self.goal, self.blk])
        if model is None:
            break
        true = {x for x in model if x > 0}
        self.found.append(self.position(true))
        lits = [-x if x in true else x for x in self.lits]
        self.sink.add_clause([-self.blk] + (lits if path else lits[2:]))
    return len(self.found)


@pytest.fixture
def slip(monkeypatch):
    original = counts_sat.TreeCount.__init__

    def init(self, run, g):
        original(self, run, g)
        self._path = is_path(g)

    monkeypatch.setattr(counts_sat.TreeCount, "__init__", init)
    monkeypatch.setattr(counts_sat.TreeCount, "count", _short_blocking)


def test_the_control_passes_on_the_code_as_it_is() -> None:
    assert [tree_counts_control(n) for n in range(1, 8)] == [None] * 7
    assert get_claim(CLAIM).control(4) is None


def test_a_short_blocking_clause_fails_the_count_control(slip) -> None:
    claim = get_claim(CLAIM)
    sat = claim.method("sat")
    assert sat.run(6, Budget(controls=4, seed="t")).status == "holds"  # the slip alone
    why = tree_counts_control(6) or ""
    assert why.startswith("count control at n=6: the SAT enumeration (blocking clauses) "
                          "counts")
    r = cgsat.check(claim, methods="sat", up_to=6, jobs=1)
    assert r.exit_code == 3
    at6 = [x for x in r.results if x.n == 6]
    assert at6[0].status == "error" and "count control at n=6" in (at6[0].reason or "")
