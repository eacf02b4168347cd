"""A damaged results store is the user's file, not a bug: one line naming the file and the
problem, exit 2 (issue 26 item 5); ``report`` never writes the store it reads."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import stat
import subprocess
import sys

import pytest

from cgsat.cli import main
from cgsat.engine.store import Store


@pytest.fixture(scope="module")
def good_store(tmp_path_factory) -> str:
    path = str(tmp_path_factory.mktemp("store") / "good.sqlite")
    proc = subprocess.run([sys.executable, "-m", "cgsat", "check", "timber.thm2.3", "--up-to",
                           "4", "--method", "sat", "--db", path], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return path


def _damaged(good: str, tmp_path, how: str) -> str:
    path = str(tmp_path / f"{how}.sqlite")
    shutil.copy(good, path)
    if how == "page":
        data = bytearray(open(path, "rb").read())
        size = int.from_bytes(data[16:18], "big")
        data[size:size + 64] = b"\xab" * 64  # the header of page 2 (the runs table)
        open(path, "wb").write(bytes(data))
        return path
    sql = {"controls": "UPDATE runs SET controls = 'not json' WHERE n = 3",
           "text-n": "UPDATE runs SET n = 'three' WHERE n = 3",
           "certificate": "UPDATE runs SET certificate = '{bad' WHERE n = 3",
           "none": "SELECT 1"}[how]
    conn = sqlite3.connect(path)
    conn.execute(sql)
    conn.commit()
    conn.close()
    return path


@pytest.mark.parametrize("how", ["page", "controls", "text-n", "certificate"])
@pytest.mark.parametrize("command", ["check", "report"])
def test_a_damaged_store_is_one_line_naming_it(good_store, tmp_path, capsys, how, command):
    path = _damaged(good_store, tmp_path, how)
    argv = (["check", "timber.thm2.3", "--up-to", "4", "--method", "sat", "--db", path]
            if command == "check" else ["report", "--db", path, "--out", str(tmp_path / "r")])
    code = main(argv)
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if not line.startswith("cgsat: plan")
             and not line.startswith("cgsat:   ")]
    assert code == 2, err
    assert len(lines) == 1 and path in lines[0] and "internal error" not in err


def test_the_undamaged_store_is_fine(good_store, tmp_path, capsys):
    """The control: the same commands on the store before damage succeed."""
    path = _damaged(good_store, tmp_path, "none")
    assert main(["report", "--db", path, "--out", str(tmp_path / "r")]) == 0
    assert main(["check", "timber.thm2.3", "--up-to", "4", "--method", "sat", "--db",
                 path]) == 0


def test_a_full_disk_is_exit_2_naming_enospc(good_store, tmp_path, capsys, monkeypatch):
    path = _damaged(good_store, tmp_path, "none")

    def full(self, row):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(Store, "put", full)
    code = main(["check", "timber.thm2.3", "--up-to", "5", "--method", "sat", "--db", path,
                 "--jobs", "1"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "ENOSPC" in err.splitlines()[-1] and path in err.splitlines()[-1]


def test_report_never_writes_a_read_only_store(good_store, tmp_path):
    path = _damaged(good_store, tmp_path, "none")
    conn = sqlite3.connect(path)  # an old store: a column added since is missing
    conn.execute("ALTER TABLE runs DROP COLUMN worker")
    conn.commit()
    conn.close()
    os.chmod(path, stat.S_IRUSR)
    before = hashlib.sha256(open(path, "rb").read()).hexdigest()
    names = sorted(os.listdir(tmp_path))
    proc = subprocess.run([sys.executable, "-m", "cgsat", "report", "--db", path, "--out",
                           str(tmp_path / "rep")], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert hashlib.sha256(open(path, "rb").read()).hexdigest() == before
    assert sorted(os.listdir(tmp_path)) == sorted([*names, "rep"])  # no -wal, no -shm
    assert "worker" not in {c[1] for c in sqlite3.connect(path).execute(
        "PRAGMA table_info(runs)")}


def test_report_never_overwrites_a_store(good_store, tmp_path):
    out = tmp_path / "rep"
    out.mkdir()
    shutil.copy(good_store, out / "bounds.json")
    proc = subprocess.run([sys.executable, "-m", "cgsat", "report", "--db", good_store,
                           "--out", str(out)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "results store" in proc.stderr
    assert open(out / "bounds.json", "rb").read(15) == b"SQLite format 3"
