""":mod:`cgsat.engine.runner` and its processes: concurrent runs on one store lose nothing,
the workers die with the runner (``kill -9``; a control without the parent-death signal
survives), and SIGTERM is handled like Ctrl-C."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time

import pytest

from cgsat.engine.store import Store

# -- concurrent runs ---------------------------------------------------------------------

_SCRIPT = textwrap.dedent("""
    import os, sys, time
    from cgsat.cli import main
    from cgsat.papers import registry
    from cgsat.claims import Claim, Method, Verdict

    def run(n, budget):
        mode = os.environ.get("CGSAT_TEST_MODE", "")
        if mode == "sleep" and n >= 2:
            time.sleep(60)
        time.sleep(0.03)
        if mode == "unknown":
            return Verdict.unknown("resource limit (simulated)")
        return Verdict.holds()

    claim = Claim(id="test.proc", paper="Test", theorem="T", statement="s", kind="theorem",
                  parameter="n", base=0, quick_bound=int(os.environ.get("CGSAT_TEST_N", "12")),
                  target_bound=40, methods=(Method("m", run, "all"),))
    registry._CLAIMS[claim.id] = claim
    sys.exit(main(sys.argv[1:]))
""")


@pytest.fixture
def script(tmp_path):
    path = tmp_path / "run.py"
    path.write_text(_SCRIPT)
    return str(path)


def test_concurrent_runs_on_one_store_lose_nothing(tmp_path, script):
    """Two runs that hold and one whose checks come back unknown, at once, on one store:
    every run is in the history and every size's current verdict is holds."""
    db = str(tmp_path / "r.sqlite")
    procs = []
    for mode in ("", "unknown", ""):
        env = dict(os.environ, CGSAT_TEST_MODE=mode)
        procs.append(subprocess.Popen(
            [sys.executable, script, "check", "test.proc", "--force", "--jobs", "1",
             "--db", db], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True))
    codes = [p.wait(timeout=120) for p in procs]
    errs = [p.stderr.read() for p in procs]
    # the unknown run: exit 5 when it ends before a holds is stored; exit 3 (a later
    # unknown that is not out of budget, against a decided verdict: a disagreement) after
    assert codes[0] == codes[2] == 0 and codes[1] in (3, 5), (codes, errs)
    assert f"exit {codes[1]}" in errs[1], errs[1]
    with Store(db) as store:
        history = list(store.rows("test.proc"))
        current = {c.row.n: c.row.status for c in store.current_rows("test.proc")}
    assert len(history) == 3 * 13
    assert current == {n: "holds" for n in range(13)}


# -- workers die with the runner; SIGTERM ------------------------------------------------


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    fields = fh.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def _alive(pid: int) -> bool:
    """Running (a zombie waiting for its reaper counts as dead)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _start_slow(script: str, db: str, *extra: str) -> tuple[subprocess.Popen, list[int]]:
    env = dict(os.environ, CGSAT_TEST_MODE="sleep", CGSAT_TEST_N="5")
    proc = subprocess.Popen([sys.executable, script, "check", "test.proc", "--jobs", "2",
                             "--db", db, *extra], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    workers: list[int] = []
    while time.monotonic() < deadline:
        workers = _children(proc.pid)
        if len(workers) >= 2 and os.path.exists(db):
            with sqlite3.connect(db) as conn:
                try:
                    done = conn.execute("SELECT count(*) FROM runs").fetchone()[0]
                except sqlite3.OperationalError:
                    done = 0
            if done >= 2:  # n = 0, 1 stored; the workers sleep on n = 2, 3
                break
        time.sleep(0.1)
    assert len(workers) >= 2
    return proc, workers


def _gone_within(pids: list[int], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not any(_alive(p) for p in pids):
            return True
        time.sleep(0.1)
    return False


def test_kill_9_of_the_runner_kills_its_workers(tmp_path, script):
    proc, workers = _start_slow(script, str(tmp_path / "r.sqlite"))
    os.kill(proc.pid, signal.SIGKILL)  # the runner only, not its process group
    proc.wait()
    try:
        assert _gone_within(workers, 10), "a worker outlived its runner"
    finally:
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_kill_9_control_workers_without_pdeathsig_survive(tmp_path, script, monkeypatch):
    """Negative control: with the initializer's prctl disabled, the check above fails."""
    path = tmp_path / "nodeath.py"
    path.write_text(_SCRIPT.replace(
        "from cgsat.cli import main",
        "from cgsat.cli import main\nimport cgsat.engine.executors.local as r\n"
        "r.init_worker = lambda *args: None"))
    proc, workers = _start_slow(str(path), str(tmp_path / "r.sqlite"))
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    try:
        assert not _gone_within(workers, 2)
    finally:
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_sigterm_is_handled_like_ctrl_c(tmp_path, script):
    db = str(tmp_path / "r.sqlite")
    proc, workers = _start_slow(script, db)
    os.kill(proc.pid, signal.SIGTERM)
    assert proc.wait(timeout=30) == 143
    assert "terminated" in proc.stderr.read()
    try:
        assert _gone_within(workers, 10)
    finally:
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
    with Store(db) as store:
        assert {r.n for r in store.rows("test.proc") if r.status == "holds"} >= {0, 1}
