"""``find --count`` of a nim-value with a proved automaton uses the proof stored in the
store in use, and proves (and stores) only when none is current (issue 35)."""

from __future__ import annotations

import sqlite3

from cgsat.api import find


def _runs(db: str, claim: str) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM runs WHERE claim = ?",
                                (claim,)).fetchone()[0])


def test_a_second_count_runs_no_proof(tmp_path, monkeypatch):
    db = str(tmp_path / "r.sqlite")
    first = find("green-cordon", height=40, value="*3", mode="count", db=db)
    assert first.query["proof"] == f"proved now and stored in {db}"
    assert first.query["counted_by"].startswith("automaton nim3 (7 states), proved for every ")
    assert _runs(db, "thickets.green-nim3") == 1

    from cgsat.automata import methods

    def no_proof(*args, **kwargs):
        raise AssertionError("a proof ran although one is stored")

    monkeypatch.setattr(methods, "decide_all", no_proof)
    second = find("green-cordon", height=40, value="*3", mode="count", db=db)
    assert second.count == first.count
    assert second.query["proof"] == f"stored in {db}"
    assert _runs(db, "thickets.green-nim3") == 1
    # another height, the same proof; and the count agrees with the SAT route's
    third = find("green-cordon", height=12, value="*3", mode="count", db=db)
    assert third.query["proof"] == f"stored in {db}"
    listed = find("green-cordon", height=12, value="*3", mode="all").positions or ()
    assert third.count == len(listed) > 0


def test_without_a_store_it_proves_in_memory():
    got = find("green-cordon", height=30, value="0", mode="count")
    assert got.count == 514229  # Theorem 3.4: f_30
    assert got.query["proof"] == "proved now"
