""":mod:`cgsat.engine.store`: a run stored and read back field by field (an unknown never
replaces a decided verdict, a holds and a refuted under one fingerprint are a conflict), a
store of an old schema opens and its rows are kept but not reused, and a store without the
commit column gains it."""

from __future__ import annotations

import json
import sqlite3

from cgsat.cli import main
from cgsat.engine.store import Row, Store
from cgsat.report import build_report


def test_store_round_trip(tmp_path):
    path = str(tmp_path / "r.sqlite")
    row = Row("timber.thm2.3", 7, "sat", "cadical195", "9.9", "refuted", 1.5, "LRL", None,
              10, 20, json.dumps({"kind": "model", "checker": "clause-check",
                                  "verdict": "verified", "sha256": "ab"}), "cd", "detail",
              fingerprint="fp", controls=json.dumps({"passed": 3, "total": 3}),
              controls_asked=3, solver_used="cadical195")
    with Store(path) as store:
        store.put(row)
    with Store(path) as store:
        back = store.current("timber.thm2.3", 7, "sat", "cadical195", "fp").row
        for field in ("claim", "n", "method", "solver", "version", "status", "seconds",
                      "counterexample", "instance_vars", "instance_clauses", "certificate",
                      "dimacs_sha256", "detail", "fingerprint", "controls", "controls_asked",
                      "solver_used"):
            assert getattr(back, field) == getattr(row, field)
        assert back.instance == {"vars": 10, "clauses": 20}
        assert back.controls_dict == {"passed": 3, "total": 3}
        assert store.current("timber.thm2.3", 7, "sat", "glucose4", "fp") is None
        assert store.current("timber.thm2.3", 7, "sat", "cadical195", "other") is None
        # an unknown never replaces a decided verdict; every run is kept
        store.put(Row("timber.thm2.3", 7, "sat", "cadical195", "9.9", "unknown",
                      reason="timeout 1s", fingerprint="fp"))
        current = store.current("timber.thm2.3", 7, "sat", "cadical195", "fp")
        assert current.row.status == "refuted" and not current.conflict
        assert [r.status for r in store.rows("timber.thm2.3")] == ["refuted", "unknown"]
        # a holds and a refuted under one fingerprint is a conflict
        store.put(Row("timber.thm2.3", 7, "sat", "cadical195", "9.9", "holds",
                      fingerprint="fp"))
        assert store.current("timber.thm2.3", 7, "sat", "cadical195", "fp").conflict


def _cli(args: list[str], capsys) -> tuple[int, list[dict] | None, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, (json.loads(out)["results"] if "--json" in args else None), err


def test_old_store_opens_and_its_rows_are_not_reused(tmp_path, capsys):
    db = str(tmp_path / "old.sqlite")
    with sqlite3.connect(db) as conn:
        conn.executescript("""
            CREATE TABLE results (claim TEXT NOT NULL, n INTEGER NOT NULL,
              method TEXT NOT NULL, solver TEXT NOT NULL, version TEXT NOT NULL,
              status TEXT NOT NULL, seconds REAL, counterexample TEXT, reason TEXT,
              instance_vars INTEGER, instance_clauses INTEGER, certificate TEXT,
              dimacs_sha256 TEXT, detail TEXT, python TEXT, pysat TEXT, time TEXT NOT NULL,
              PRIMARY KEY (claim, n, method, solver, version));
            INSERT INTO results (claim, n, method, solver, version, status, time)
            VALUES ('timber.thm2.5', 1, 'sat', 'cadical195', '0.1.0', 'holds',
                    '2020-01-01T00:00:00Z');
        """)
    code, results, _ = _cli(["check", "timber.thm2.5", "--up-to", "1", "--db", db, "--json"],
                            capsys)
    assert code == 0 and not any(r["reused"] for r in results)
    with Store(db) as store:
        old = [r for r in store.rows() if r.fingerprint == ""]
    assert [(r.n, r.method, r.status, r.time) for r in old] == [
        (1, "sat", "holds", "2020-01-01T00:00:00Z")]  # kept for information


def test_a_store_without_commits_gains_the_column_and_new_rows_record_one(
        tmp_path, capsys, monkeypatch):
    db = str(tmp_path / "pre.sqlite")
    with Store(db) as store:  # today's schema, then the column taken away
        store.conn.execute("ALTER TABLE runs DROP COLUMN git_commit")
    with sqlite3.connect(db) as conn:
        assert "git_commit" not in {c[1] for c in conn.execute("PRAGMA table_info(runs)")}
    monkeypatch.setattr("cgsat.engine.runner.source_commit", lambda: "a" * 40 + "+dirty")
    code, _, _ = _cli(["check", "timber.thm2.5", "--up-to", "1", "--db", db], capsys)
    assert code == 0
    with Store(db) as store:
        rows = list(store.rows())
        doc = build_report(store)
    assert rows and {r.git_commit for r in rows} == {"a" * 40 + "+dirty"}
    assert doc["provenance"]["commits"] == {"a" * 40 + "+dirty": len(rows)}
    entry = next(c for c in doc["claims"] if c["id"] == "timber.thm2.5")
    assert {r["commit"] for r in entry["runs"]} == {"a" * 40 + "+dirty"}
