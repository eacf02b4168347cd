"""``--memory-limit`` and peak memory (issue 16, part 2): a check over its limit is
``unknown: memory`` and the run exits 5 (stopped short); a failed allocation or a solver
that aborts under a limit is ``memory`` too; every run's peak resident memory is stored,
in ``check --json`` and in the report's run tables; bad limits exit 2; old stores open."""

from __future__ import annotations

import faulthandler
import json
import os
import resource
import shutil
import sqlite3
import time

import pytest

from cgsat.claims import Budget, Claim, Method, Verdict
from cgsat.cli import main
from cgsat.engine import memory
from cgsat.engine.store import Store

pytestmark = pytest.mark.skipif(not memory.supported(), reason="needs Linux /proc")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _hog(n: int, budget: Budget) -> Verdict:
    """n = 0: nothing; otherwise grow by 10 MB steps (touched, so resident) up to 4 GB."""
    chunks = []
    for _ in range(0 if n == 0 else 400):
        chunks.append(b"\x01" * (10 << 20))
        time.sleep(0.01)
    return Verdict.holds()


def _huge(n: int, budget: Budget) -> Verdict:
    """n = 0: nothing; otherwise one allocation of 1 TB (fails at the address-space cap)."""
    if n:
        return Verdict.holds(detail=str(len(b"\x01" * (1 << 40))))
    return Verdict.holds()


def _abort(n: int, budget: Budget) -> Verdict:
    """n = 0: nothing; otherwise abort, as a solver's uncaught std::bad_alloc does."""
    if n:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        faulthandler.disable()  # pytest's handler would print the worker's stack
        os.abort()
    return Verdict.holds()


def _claim(method) -> Claim:
    return Claim(id="test.mem", paper="Test", theorem="Test 0", statement="test claim",
                 kind="theorem", parameter="n", base=0, quick_bound=2, target_bound=2,
                 methods=(Method("m", method, "all"),), confirm=lambda n, cex: True)


def _limit() -> str:
    """A limit 150 MB above this process's resident memory (a forked worker starts there)."""
    return f"{memory.tree_rss(os.getpid()) // (1 << 20) + 150}M"


def _check(args: list[str], capsys) -> tuple[int, list[dict], str]:
    code = main(["check", *args, "--json"])
    out, err = capsys.readouterr()
    return code, json.loads(out)["results"], err


@pytest.mark.parametrize("method, reason", [
    (_hog, "memory: over "),
    (_huge, "memory: allocation failed under "),
    (_abort, "memory: worker died (SIGABRT) under "),
])
def test_a_check_over_its_limit_is_unknown_memory_and_exits_5(method, reason, register,
                                                               capsys, tmp_path):
    register(_claim(method))
    db = str(tmp_path / "r.sqlite")
    limit = _limit()
    t0 = time.perf_counter()
    code, results, err = _check(["test.mem", "--jobs", "1", "--db", db,
                                 "--memory-limit", limit], capsys)
    assert time.perf_counter() - t0 < 20
    assert code == 5
    got = {r["n"]: r for r in results}
    assert got[0]["status"] == "holds" and got[0]["peak_rss_mb"] >= 0  # the check's own
    assert got[1]["status"] == "unknown" and got[1]["reason"].startswith(reason)
    assert got[1]["reason"].endswith(memory.format_bytes(memory.parse_limit(limit)))
    assert got[2]["status"] == "unknown"  # skipped, unless it finished first (as n=1 did)
    assert got[2]["reason"] in ("skipped: memory at n=1", got[1]["reason"])
    assert "cgsat: stopped short: test.mem m: verified to 0 of 2: n=1 ran out of memory (" \
        in err
    with Store(db) as store:
        rows = {r.n: r for r in store.rows("test.mem")}
    assert rows[0].peak_rss_mb == got[0]["peak_rss_mb"]
    assert rows[1].status == "unknown" and rows[1].reason == got[1]["reason"]
    if method is _hog:  # killed by the watcher: the peak it saw is over the limit
        assert rows[1].peak_rss_mb >= round(memory.parse_limit(limit) / (1 << 20), 1)  # to 0.1 MiB


def test_within_the_limit_nothing_changes_and_peaks_are_reported(capsys, tmp_path):
    db, out = str(tmp_path / "r.sqlite"), str(tmp_path / "report")
    code, results, _ = _check(["lumberjack.tuft", "--up-to", "2", "--db", db,
                               "--memory-limit", "4G"], capsys)
    assert code == 0 and all(r["status"] == "holds" for r in results)
    assert all(0 <= r["peak_rss_mb"] < 4096 for r in results)  # over the worker's baseline
    code, again, _ = _check(["lumberjack.tuft", "--up-to", "2", "--db", db], capsys)
    assert [r["peak_rss_mb"] for r in again] == [r["peak_rss_mb"] for r in results]
    assert all(r["reused"] for r in again)
    assert main(["report", "--db", db, "--out", out]) == 0
    capsys.readouterr()
    with open(os.path.join(out, "bounds.json")) as f:
        runs = next(c for c in json.load(f)["claims"] if c["id"] == "lumberjack.tuft")["runs"]
    assert all(r["peak_rss_mb"] is not None and r["peak_rss_mb"] >= 0 for r in runs)
    with open(os.path.join(out, "bounds.md")) as f:
        md = f.read()
    assert f"holds {runs[0]['seconds']:.2f}s {runs[0]['peak_rss_mb']:.0f}MB" in md


@pytest.mark.parametrize("value", ["2000", "abc", "-1G", "0.5K", "2X", ""])
def test_a_bad_memory_limit_exits_2_with_one_line(value, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["check", "lumberjack.tuft", "--memory-limit", value])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and len(err.strip().splitlines()) == 1
    assert "--memory-limit" in err


def test_sizes_parse_in_binary_units():
    assert memory.parse_limit("2G") == 2 << 30 and memory.parse_limit("500M") == 500 << 20
    assert memory.parse_limit(" 1.5gb ") == 3 << 29 and memory.parse_limit("NONE") is None
    assert memory.resolve_limit("auto", 4) == memory.default_limit(4) > 0


def test_the_committed_store_opens_and_gains_the_column(tmp_path):
    """A store from before peaks were recorded (results/results.sqlite with the column
    dropped, as it was before this change) still reads, and gains the column."""
    src = os.path.join(ROOT, "results", "results.sqlite")
    db = str(tmp_path / "old.sqlite")
    shutil.copy(src, db)
    with sqlite3.connect(db) as conn:
        if "peak_rss_mb" in {c[1] for c in conn.execute("PRAGMA table_info(runs)")}:
            conn.execute("ALTER TABLE runs DROP COLUMN peak_rss_mb")
    with Store(db) as store:
        rows = list(store.rows())
        current = store.current_rows()
    assert rows and current and all(r.peak_rss_mb is None for r in rows)
    columns = {c[1] for c in sqlite3.connect(db).execute("PRAGMA table_info(runs)")}
    assert "peak_rss_mb" in columns
