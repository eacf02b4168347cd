"""The worked example of Lumberjack §4.2 (issue 37, §4): both methods hold, and wrong
statements (negative controls) are refuted by both and replayed by win/loss play."""

from __future__ import annotations

import pytest

from cgsat.claims import Budget
from cgsat.papers import lumberjack_example as ex
from cgsat.papers.registry import get_claim

CLAIM = get_claim("lumberjack.example-4.2")


def test_both_methods_hold_with_the_same_detail():
    got = [m.run(1, Budget()) for m in CLAIM.methods]
    assert [v.status for v in got] == ["holds", "holds"]
    assert got[0].detail == got[1].detail
    assert "option values 0, 1, 2, 3, 4, 7, 8" in got[0].detail


@pytest.mark.parametrize("patch", [
    {"_VALUE": 4},                       # a wrong value of G1
    {"_SUM": 3},                         # a wrong value of the sum: no option of value 6
    {"G1": "0-v v-a1 a1-a2 v-c1 c1-c2 v-u u-p1 p1-p2 u-x x-y1"},  # a leaf short
])
def test_wrong_statements_are_refuted_and_replayed(monkeypatch, patch):
    for name, value in patch.items():
        monkeypatch.setattr(ex, name, value)
    got = [m.run(1, Budget()) for m in CLAIM.methods]
    assert [v.status for v in got] == ["refuted", "refuted"]
    assert got[0].counterexample == got[1].counterexample
    assert CLAIM.confirm(1, got[0].counterexample)
