"""Issue 38: a stored row is believed only after its checks, and the store's file is
cgsat's, writable or said to be read-only, and never "damaged" when the disk is full.

- Defect 4: every stored refutation is replayed by the claim's ``confirm`` before a run
  reuses it or the report shows it; every reused row passes the check of its fields. A
  row that fails is an error naming it (run id, claim, n, method), never reused, and the
  report lists it under the disagreements, never as a finding.
- Defect 7: a full disk (or a file-size limit) is one line naming the store, exit 2.
- Defect 10: a foreign SQLite file, or a store of a newer cgsat, is refused before any
  work, by ``check`` and ``report``; a store written gets the marker
  (``application_id``); the committed store (no marker) is recognised by its tables.
- Defect 12e: a read-only store serves a run whose results are all stored, and says
  "read-only" when anything would have to be stored.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from cgsat.cli import main
from cgsat.engine.store import (
    APPLICATION_ID,
    BAD_ROW,
    Row,
    Store,
    StoreWriteError,
    derive,
    row_problem,
)
from cgsat.report import build_report

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "results" / "results.sqlite"
REFUTED = ["check", "toppling.conj39", "--up-to", "6", "--method", "brute", "--jobs", "1"]
HOLDS = ["check", "timber.thm2.3", "--from", "4", "--up-to", "6", "--method", "sat",
         "--jobs", "1"]


def _cgsat(args: list[str], timeout: float = 240, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cgsat", *args], capture_output=True,
                          text=True, timeout=timeout, env={**os.environ, **env})


@pytest.fixture(scope="module")
def refuted_store(tmp_path_factory) -> str:
    """A store with one refutation (Conjecture 39 at n=6, by brute force)."""
    path = str(tmp_path_factory.mktemp("refuted") / "r.sqlite")
    proc = _cgsat([*REFUTED, "--db", path])
    assert proc.returncode == 1, proc.stderr
    return path


@pytest.fixture(scope="module")
def holds_store(tmp_path_factory) -> str:
    """A store where timber.thm2.3 sat holds at n=4..6."""
    path = str(tmp_path_factory.mktemp("holds") / "h.sqlite")
    proc = _cgsat([*HOLDS, "--db", path])
    assert proc.returncode == 0, proc.stderr
    return path


def _copy(src: str, tmp_path: Path, sql: str = "SELECT 1") -> str:
    path = str(tmp_path / "copy.sqlite")
    conn = sqlite3.connect(src)
    dst = sqlite3.connect(path)
    conn.backup(dst)
    conn.close()
    dst.execute(sql)
    dst.commit()
    dst.close()
    return path


# -- defect 4: stored rows are checked -------------------------------------------------------


def test_a_stored_refutation_that_does_not_replay_is_an_error_and_runs_again(
        refuted_store, tmp_path, capsys):
    path = _copy(refuted_store, tmp_path,
                 "UPDATE runs SET counterexample = 'LRXX' WHERE status = 'refuted'")
    code = main([*REFUTED, "--db", path, "--json"])
    out, err = capsys.readouterr()
    results = json.loads(out)["results"]
    assert code == 3, err
    assert "LRXX" not in out and "REFUTED toppling.conj39 at n=6 by brute: LRXX" not in err
    assert f"{BAD_ROW}: run 1 (toppling.conj39 n=6 brute)" in err
    six = next(r for r in results if r["n"] == 6)
    assert six["status"] == "refuted" and not six["reused"]  # run again, replayed in a worker


def test_the_control_an_untouched_refutation_is_reused(refuted_store, tmp_path, capsys):
    path = _copy(refuted_store, tmp_path)
    assert main([*REFUTED, "--db", path, "--json"]) == 1
    six = next(r for r in json.loads(capsys.readouterr().out)["results"] if r["n"] == 6)
    assert six["status"] == "refuted" and six["reused"]


def test_the_report_lists_a_refutation_that_does_not_replay_as_an_error(
        refuted_store, tmp_path, capsys):
    path = _copy(refuted_store, tmp_path,
                 "UPDATE runs SET counterexample = 'LRXX' WHERE status = 'refuted'")
    assert main(["report", "--db", path, "--out", str(tmp_path / "rep")]) == 0
    doc = json.loads((tmp_path / "rep" / "bounds.json").read_text())
    assert not [f for f in doc["findings"] if f["claim"] == "toppling.conj39"]
    listed = [d for d in doc["disagreements"] if d["claim"] == "toppling.conj39"]
    assert len(listed) == 1 and listed[0]["n"] == 6
    assert listed[0]["reason"].startswith(f"{BAD_ROW}: run 1 (toppling.conj39 n=6 brute)")
    md = (tmp_path / "rep" / "bounds.md").read_text()
    assert "toppling.conj39 n=6 brute: error" in md and "`LRXX`" not in md


@pytest.mark.parametrize(("sql", "named"), [
    ("UPDATE runs SET seconds = -5 WHERE n = 5", "seconds is -5.0, below 0"),
    ("UPDATE runs SET instance_vars = -3 WHERE n = 4", "instance_vars is -3, below 0"),
    ("UPDATE runs SET controls = '{\"passed\": 99, \"total\": 3}' WHERE n = 6",
     "controls passed 99 of 3"),
])
def test_a_hand_edited_holds_is_an_error_naming_the_row_and_not_reused(
        holds_store, tmp_path, capsys, sql, named):
    path = _copy(holds_store, tmp_path, sql)
    bad = sqlite3.connect(path).execute(
        "SELECT id, n FROM runs WHERE " + sql.split(" WHERE ")[1]).fetchone()
    code = main([*HOLDS, "--db", path, "--json"])
    out, err = capsys.readouterr()
    assert code == 3, err
    assert f"run {bad[0]} (timber.thm2.3 n={bad[1]} sat cadical195)" in err and named in err
    results = {r["n"]: r for r in json.loads(out)["results"]}
    assert not results[bad[1]]["reused"] and results[bad[1]]["status"] == "holds"
    assert all(results[n]["reused"] for n in results if n != bad[1])
    # the fresh holds stands from now on: the next run reuses it, exit 0
    assert main([*HOLDS, "--db", path]) == 0


@pytest.mark.parametrize(("fields", "problem"), [
    ({"seconds": -0.5}, "seconds is -0.5, below 0"),
    ({"seconds": float("nan")}, "seconds is nan, not a number"),
    ({"instance_clauses": -1}, "instance_clauses is -1, below 0"),
    ({"peak_rss_mb": -2.0}, "peak_rss_mb is -2.0, below 0"),
    ({"controls": '{"passed": 4, "total": 3}'}, "controls passed 4 of 3"),
    ({"controls": '{"passed": -1, "total": 3}'}, "controls passed -1 of 3"),
    ({"controls": '{"passed": 2, "total": 3}'}, "holds with controls passed 2 of 3"),
    ({"counterexample": "LR"}, "holds with a counterexample ('LR')"),
    ({"status": "refuted"}, "refuted without a counterexample"),
    ({"status": "maybe"}, "status 'maybe' is not one of"),
    ({}, None),
    ({"seconds": 0.0, "controls": '{"passed": 3, "total": 3}', "instance_vars": 0}, None),
])
def test_row_problem(fields, problem):
    row = Row(**{"claim": "c", "n": 3, "method": "sat", "solver": "", "version": "0",
                 "status": "holds", **fields})
    got = row_problem(row)
    assert (got is None) if problem is None else got.startswith(problem)


def test_a_bad_row_after_a_holds_leaves_the_holds_and_a_later_holds_heals_it():
    good = Row("c", 3, "sat", "", "0", "holds", seconds=1.0, id=1)
    bad = Row("c", 3, "sat", "", "0", "holds", seconds=-1.0, id=2)
    current = derive([good, bad])
    assert current.row.id == 1 and [r.id for r in current.disagreements] == [2]
    assert derive([bad]).row.status == "error"
    assert derive([bad, Row("c", 3, "sat", "", "0", "holds", id=3)]).row.id == 3


def test_the_committed_store_has_no_row_that_fails_its_checks(tmp_path):
    """The control: the checks accept every row of a real store, and replay every
    stored refutation."""
    from cgsat.engine.replay_stored import stored_replay
    from cgsat.papers.registry import all_claims

    with Store(str(COMMITTED), readonly=True) as store:
        store.replay = stored_replay(all_claims())
        bad = [r for r in store.rows() if (r.reason or "").startswith(BAD_ROW)]
        bad += [c.row for c in store.current_rows()
                if (c.row.reason or "").startswith(BAD_ROW)]
        refuted = [r for r in store.rows() if r.status == "refuted"]
    assert bad == [] and refuted


# -- defect 4: the report keeps the verdict that stands ----------------------------------------


def test_a_run_above_the_base_then_errors_shows_where_the_chain_stops(tmp_path, monkeypatch,
                                                                       capsys):
    """The issue's example: ``--from 4 --up-to 6``, then ``--proof --force`` with a DRAT
    checker that rejects everything. The holds stand; the chain from the base (n=0) stops
    at n=0, never run, and the report says so rather than "n=4: holds"."""
    db = str(tmp_path / "r.sqlite")
    assert main([*HOLDS, "--db", db]) == 0
    monkeypatch.setenv("CGSAT_DRAT_TRIM", "/bin/false")
    assert main([*HOLDS, "--db", db, "--proof", "--force"]) == 3
    capsys.readouterr()
    with Store(db) as store:
        doc = build_report(store)
    entry = next(c for c in doc["claims"] if c["id"] == "timber.thm2.3")
    assert entry["verified"]["sat"] is None
    assert entry["ended_by"]["sat"].startswith("n=0: not run; holds stored above it at "
                                               "n=4..6")
    assert {d["n"] for d in doc["disagreements"]} == {4, 5, 6}


def test_another_solvers_error_keeps_the_bound(tmp_path):
    from cgsat.engine.fingerprint import method_fingerprint
    from cgsat.papers.registry import get_claim

    claim = get_claim("timber.thm2.3")
    fp = method_fingerprint(claim, claim.method("sat"))
    db = str(tmp_path / "r.sqlite")
    with Store(db) as store:
        for n in range(3):
            store.put(Row(claim.id, n, "sat", "cadical195", "0", "holds", fingerprint=fp))
        store.put(Row(claim.id, 1, "sat", "glucose4", "0", "error", reason="it broke",
                      fingerprint=fp))
        doc = build_report(store)
    entry = next(c for c in doc["claims"] if c["id"] == claim.id)
    assert entry["verified"]["sat"] == 2
    assert [(d["n"], d["solver"], d["stored"], d["status"]) for d in doc["disagreements"]] \
        == [(1, "glucose4", "holds", "error")]


# -- defect 7: a full disk -------------------------------------------------------------------


def test_a_full_store_says_the_disk_is_full_and_names_it(tmp_path):
    path = str(tmp_path / "full.sqlite")
    store = Store(path)
    pages = store.conn.execute("PRAGMA page_count").fetchone()[0]
    store.conn.execute(f"PRAGMA max_page_count = {pages}")  # as a disk with no room left
    with pytest.raises(StoreWriteError) as caught:
        for n in range(1000):
            store.put(Row("c", n, "m", "", "0", "holds", detail="x" * 200))
    store.close()
    text = str(caught.value)
    assert f"results store {path}: the disk is full" in text
    assert "rollback" not in text and "damaged" not in text
    with Store(path, readonly=True) as again:  # what was stored before is kept
        assert len(list(again.rows())) == n


def test_a_file_size_limit_is_one_line_naming_the_store(tmp_path):
    """``ulimit -f`` while ``check`` writes: the kernel refuses the write (the signal it
    sends is ignored, as a shell with ``ulimit -f`` and ``trap '' XFSZ`` does)."""
    path = str(tmp_path / "s.sqlite")
    Store(path).close()
    script = ("import resource, signal, sys\n"
              "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
              "resource.setrlimit(resource.RLIMIT_FSIZE, (40000, 40000))\n"
              "from cgsat.cli import main\n"
              "sys.exit(main(sys.argv[1:]))\n")
    filler = sqlite3.connect(path)  # a store near the limit, as a disk nearly full
    filler.executemany("INSERT INTO runs (claim, n, method, solver, version, status, time, "
                       "detail) VALUES ('c', ?, 'm', '', '0', 'holds', 't', ?)",
                       [(n, "x" * 600) for n in range(45)])
    filler.commit()
    filler.close()
    proc = subprocess.run([sys.executable, "-c", script, "check", "lumberjack.tuft",
                           "--up-to", "6", "--jobs", "1", "--db", path],
                          capture_output=True, text=True, timeout=240)
    lines = [x for x in proc.stderr.splitlines() if x.startswith("cgsat: error")]
    assert proc.returncode == 2, proc.stderr
    assert len(lines) == 1 and path in lines[0], proc.stderr
    assert "rollback" not in proc.stderr and "damaged" not in proc.stderr
    assert "Traceback" not in proc.stderr


# -- defect 10: foreign files and newer stores ---------------------------------------------------


def _foreign(tmp_path: Path) -> str:
    path = str(tmp_path / "places.sqlite")
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)")
    conn.execute("INSERT INTO moz_places (url) VALUES ('https://example.org')")
    conn.commit()
    conn.close()
    return path


def _committed_copy(tmp_path: Path, sql: str | None = None) -> str:
    """A copy of the committed store (``sqlite3 results/results.sqlite ".backup x"``)."""
    path = _copy(str(COMMITTED), tmp_path)
    if sql:
        conn = sqlite3.connect(path)
        conn.execute(sql)
        conn.commit()
        conn.close()
    return path


@pytest.mark.parametrize("command", ["check", "report"])
@pytest.mark.parametrize("kind", ["foreign", "newer-version", "newer-column", "other-app"])
def test_a_file_that_is_not_a_store_of_this_cgsat_is_refused(tmp_path, capsys, kind,
                                                              command):
    path = {"foreign": lambda: _foreign(tmp_path),
            "newer-version": lambda: _committed_copy(tmp_path, "PRAGMA user_version = 9"),
            "newer-column": lambda: _committed_copy(
                tmp_path, "ALTER TABLE runs ADD COLUMN verdict_v2 TEXT"),
            "other-app": lambda: _committed_copy(tmp_path, "PRAGMA application_id = 7")}[kind]()
    before = Path(path).read_bytes()
    args = (["check", "lumberjack.tuft", "--up-to", "6", "--jobs", "1", "--db", path]
            if command == "check" else ["report", "--db", path, "--out",
                                        str(tmp_path / "rep")])
    code = main(args)
    out, err = capsys.readouterr()
    assert code == 2, err
    assert err.count("\n") == 1 and path in err, err
    assert "lumberjack.tuft n=" not in out  # refused before any check ran
    assert Path(path).read_bytes() == before  # nothing written into it
    assert not os.path.exists(path + "-wal")


def test_the_committed_store_is_recognised_and_marked_when_written(tmp_path, capsys):
    # as the committed store was before a cgsat that marks stores wrote to it
    path = _committed_copy(tmp_path, "PRAGMA application_id = 0")
    assert sqlite3.connect(path).execute("PRAGMA application_id").fetchone()[0] == 0
    with Store(path, readonly=True) as store:  # as report opens it (a whole report: minutes)
        assert store.current_rows()
    assert sqlite3.connect(path).execute("PRAGMA application_id").fetchone()[0] == 0
    assert main(["check", "lumberjack.tuft", "--up-to", "2", "--jobs", "1", "--db",
                 path]) == 0
    capsys.readouterr()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1


def test_a_new_store_is_marked(tmp_path):
    path = str(tmp_path / "new.sqlite")
    Store(path).close()
    assert sqlite3.connect(path).execute("PRAGMA application_id").fetchone()[0] == \
        APPLICATION_ID


# -- defect 12e: a read-only store ----------------------------------------------------------------


def _immutable(path: str) -> None:
    """Make ``path`` read-only even for root (``chattr +i``), or skip."""
    if shutil.which("chattr") is None:
        pytest.skip("no chattr")
    proc = subprocess.run(["chattr", "+i", path], capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.skip(f"chattr +i: {proc.stderr.strip()}")


def _mutable(path: str) -> None:
    subprocess.run(["chattr", "-i", path], capture_output=True)


@pytest.fixture
def read_only_store(holds_store, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    path = str(folder / "h.sqlite")
    shutil.copy(holds_store, path)
    if os.geteuid() != 0:
        os.chmod(path, 0o444)
        os.chmod(folder, 0o555)
        yield path
        os.chmod(folder, 0o755)
        return
    _immutable(path)
    try:
        _immutable(str(folder))
    except BaseException:
        _mutable(path)
        raise
    try:
        yield path
    finally:
        _mutable(str(folder))
        _mutable(path)


def test_a_read_only_store_serves_a_run_that_is_all_stored(read_only_store, capsys):
    code = main([*HOLDS, "--db", read_only_store, "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert all(r["reused"] for r in json.loads(out)["results"])


def test_a_read_only_store_says_read_only_when_a_run_must_store(read_only_store, capsys):
    code = main([*HOLDS[:5], "7", *HOLDS[6:], "--db", read_only_store])
    out, err = capsys.readouterr()
    assert code == 2, err
    line = err.strip().splitlines()[-1]
    assert "read-only" in line and read_only_store in line, err
    assert "unable to open database file" not in err
    assert "timber.thm2.3 n=4 sat" not in out  # refused before any work
