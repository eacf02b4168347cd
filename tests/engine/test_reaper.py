"""The sessions and folders of :mod:`cgsat.engine.executors.reaper` (issue 38, defect 3):
a session is ended as a whole with the folders its processes use, never this process's
own; stale folders are removed, folders in use or recent are kept; the supervisor ends a
registered session when its pipe closes."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from cgsat.engine.executors import reaper

pytestmark = pytest.mark.skipif(not reaper.supported(), reason="Linux /proc")

SLEEPER = "import time; time.sleep(120)"


@pytest.fixture
def tmp_root(tmp_path, monkeypatch) -> Path:
    root = tmp_path / "tmp"
    root.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(root))
    return root


def _session_with_a_grandchild(folder: Path) -> subprocess.Popen[bytes]:
    """A session leader whose child sleeps with ``folder`` as its working directory."""
    code = (f"import subprocess, sys, time; subprocess.Popen([sys.executable, '-c', "
            f"{SLEEPER!r}], cwd={str(folder)!r}); time.sleep(120)")
    return subprocess.Popen([sys.executable, "-c", code], start_new_session=True)


def _wait_members(sid: int, count: int) -> list[int]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = reaper.members(sid)
        if len(found) >= count:
            return found
        time.sleep(0.05)
    raise AssertionError(f"session {sid}: {reaper.members(sid)}")


def test_end_session_ends_every_process_and_its_folders(tmp_root):
    folder = tmp_root / "cgsat-ext-test"
    folder.mkdir()
    leader = _session_with_a_grandchild(folder)
    try:
        pids = _wait_members(leader.pid, 2)
        assert reaper.end_session(leader.pid) == len(pids)
        leader.wait(timeout=10)
        assert reaper.members(leader.pid) == []
        assert not folder.exists()
    finally:
        leader.kill()
        leader.wait()


def test_own_session_is_never_ended():
    assert reaper.end_session(os.getsid(0)) == 0
    assert reaper.end_others() == 0  # this process did not make itself a session leader


def test_sweep_keeps_recent_and_used_folders(tmp_root):
    old, recent, used, other = (tmp_root / n for n in ("cgsat-mona-old", "cgsat-ext-new",
                                                       "cgsat-ext-used", "cgsat-fuzz-old"))
    for folder in (old, recent, used, other):
        folder.mkdir()
        (folder / "f").write_text("x")
    past = time.time() - 2 * reaper.STALE_SECONDS
    for folder in (old, used, other):
        os.utime(folder / "f", (past, past))
        os.utime(folder, (past, past))
    user = subprocess.Popen([sys.executable, "-c", SLEEPER], cwd=used)
    try:
        time.sleep(0.2)
        assert reaper.sweep() == [os.path.realpath(old)]
        assert recent.exists() and used.exists() and other.exists()
    finally:
        user.kill()
        user.wait()


def test_the_supervisor_ends_a_registered_session_when_its_pipe_closes(tmp_root):
    folder = tmp_root / "cgsat-mona-test"
    folder.mkdir()
    leader = _session_with_a_grandchild(folder)
    sup = subprocess.Popen([sys.executable, "-S", "-c", reaper._BOOT, reaper.__file__],
                           stdin=subprocess.PIPE, start_new_session=True,
                           env=dict(os.environ, TMPDIR=str(tmp_root)))
    try:
        _wait_members(leader.pid, 2)
        assert sup.stdin is not None
        reaper.register(leader.pid, sup.stdin.fileno())
        time.sleep(0.5)
        assert len(reaper.members(leader.pid)) == 2  # registered, not ended yet
        sup.stdin.close()  # as when cgsat is killed
        sup.wait(timeout=30)
        leader.wait(timeout=10)
        assert reaper.members(leader.pid) == []
        assert not folder.exists()
    finally:
        for proc in (leader, sup):
            proc.kill()
            proc.wait()
