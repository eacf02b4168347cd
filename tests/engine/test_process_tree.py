"""No process and no temporary folder of an external tool outlives its check (issue 38,
defect 3).

A hanging fake ``mona`` and a hanging external solver behind a wrapper script, each with a
child of its own, are run by ``cgsat check``; then the check times out (``--timeout``), or
cgsat gets SIGTERM, or SIGKILL. Afterwards ``ps`` shows no process of the tool or its child,
and the temporary directory (``$TMPDIR``, one of the test's own) holds no ``cgsat-*``
folder. Linux only (the sessions are followed through ``/proc``).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self/task"),
                                reason="follows processes through /proc (Linux)")

GONE_WITHIN = 10.0
"""Seconds the tool's processes and folders have to disappear after cgsat ends."""

CHILD = """#!/bin/sh
exec {python} -c 'import time; time.sleep(900)' "$0" "$@"
"""
"""The tool's child: a process that sleeps, with its script's path (the test's) and the
tool's input file (as a solver behind a wrapper gets it) in its arguments."""

MONA = """#!/bin/sh
"{bin}/child" &
"{bin}/child"
"""
"""A ``mona`` that never answers: two children, one in the background."""

SOLVER = """#!/bin/sh
"{bin}/child" "$1" &
"{bin}/child" "$1"
"""
"""An external solver's wrapper that never answers, likewise."""


def _tools(tmp_path: Path) -> Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, text in (("child", CHILD), ("mona", MONA), ("solver", SOLVER)):
        script = bin_dir / name
        script.write_text(text.format(python=sys.executable, bin=bin_dir))
        script.chmod(0o755)
    return bin_dir


def _ps(mark: str) -> list[str]:
    """The processes whose command line mentions ``mark`` (by ``ps``)."""
    out = subprocess.run(["ps", "-ww", "-eo", "pid,stat,args"], capture_output=True, text=True,
                         check=True).stdout
    return [line for line in out.splitlines()[1:]
            if mark in line and " Z" not in line[:12]]


def _argv(tool: str, bin_dir: Path, tmp_path: Path, timeout: int) -> list[str]:
    db = str(tmp_path / "r.sqlite")
    if tool == "mona":  # the sized method "mona": MONA alone decides Theorem 2.3 at h=2
        return ["check", "timber.thm2.3-height", "--method", "mona", "--from", "2",
                "--up-to", "2", "--timeout", str(timeout), "--db", db]
    return ["check", "timber.thm2.3", "--method", "sat", "--from", "4", "--up-to", "4",
            "--external-solver", str(bin_dir / "solver"), "--timeout", str(timeout),
            "--db", db]


def _wait_for(mark: str, proc: subprocess.Popen[str], count: int) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if len(_ps(mark)) >= count:
            return
        if proc.poll() is not None:
            raise AssertionError(f"cgsat ended first: {proc.stderr.read() if proc.stderr else ''}")
        time.sleep(0.2)
    raise AssertionError(f"the tool did not start within 120 s: {_ps(mark)}")


def _nothing_left(mark: str, tmp: Path) -> tuple[list[str], list[str]]:
    """Wait until no process mentions ``mark`` and ``tmp`` holds no cgsat folder; what is
    left after :data:`GONE_WITHIN` seconds."""
    deadline = time.monotonic() + GONE_WITHIN
    while True:
        procs = _ps(mark)
        folders = sorted(p.name for p in tmp.iterdir() if p.name.startswith("cgsat-"))
        if (not procs and not folders) or time.monotonic() > deadline:
            return procs, folders
        time.sleep(0.2)


def _run(tool: str, event: str, tmp_path: Path) -> None:
    bin_dir = _tools(tmp_path)
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    mark = str(bin_dir)
    env = dict(os.environ, TMPDIR=str(tmp), PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
               PYTHONUNBUFFERED="1")
    timeout = 8 if event == "timeout" else 600
    proc = subprocess.Popen([sys.executable, "-m", "cgsat",
                             *_argv(tool, bin_dir, tmp_path, timeout)],
                            env=env, cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        _wait_for(mark, proc, 3)  # the tool and its two children
        if event == "timeout":
            out, err = proc.communicate(timeout=300)
            assert "Traceback" not in err, err
            assert "timeout" in out + err, (out, err)
        else:
            proc.send_signal(signal.SIGTERM if event == "SIGTERM" else signal.SIGKILL)
            proc.communicate(timeout=60)
        procs, folders = _nothing_left(mark, tmp)
        assert not procs, f"{tool} after {event}: processes left: {procs}"
        assert not folders, f"{tool} after {event}: folders left: {folders}"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
        for line in _ps(mark):  # never leave a process behind, even when the test fails
            try:
                os.kill(int(line.split()[0]), signal.SIGKILL)
            except (ProcessLookupError, ValueError):
                pass


@pytest.mark.parametrize("tool", ["mona", "solver"])
def test_nothing_left_after_sigkill(tool, tmp_path):
    _run(tool, "SIGKILL", tmp_path)


@pytest.mark.parametrize("tool", ["mona", "solver"])
def test_nothing_left_after_timeout(tool, tmp_path):
    _run(tool, "timeout", tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("tool", ["mona", "solver"])
def test_nothing_left_after_sigterm(tool, tmp_path):
    _run(tool, "SIGTERM", tmp_path)
