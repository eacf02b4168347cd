"""Bounded input and closed streams (issue 38, items 1 and 11;
:mod:`cgsat.commands.bounded_input`): one line on stderr, exit 2, in bounded time and
memory."""

from __future__ import annotations

import io
import os
import resource
import subprocess
import sys

import pytest

from cgsat.cli import main
from cgsat.commands.bounded_input import LINE_LIMITS, SKIP_LIMIT, read_lines
from cgsat.errors import CgsatInputError
from cgsat.games import RULESET_NAMES

ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))


def _limit_memory() -> None:  # in the child: 1 GB of address space
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def _cgsat(*argv: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cgsat", *argv], capture_output=True,
                          text=True, timeout=60, preexec_fn=_limit_memory, env=ENV,
                          check=False, **kw)


def _one_line_exit_2(done: subprocess.CompletedProcess, *words: str) -> None:
    assert done.returncode == 2, (done.returncode, done.stderr[-500:])
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    for w in words:
        assert w in done.stderr, done.stderr


def test_every_ruleset_has_a_line_limit_above_its_positions():
    assert set(LINE_LIMITS) == set(RULESET_NAMES)
    assert LINE_LIMITS["toppling"] >= 2 * 200 and LINE_LIMITS["timber-path"] >= 3000


def test_a_line_without_end_from_dev_zero_is_refused_in_bounded_time_and_memory():
    """Issue 38: ``value toppling - < /dev/zero`` reached 8.6 GB in 8 s."""
    with open("/dev/zero", "rb") as zero:
        done = _cgsat("value", "toppling", "-", stdin=zero)
    _one_line_exit_2(done, "line 1", "more than 1,000 characters",
                     "no line end within 10,000,000 characters: stopped reading")


def test_a_long_line_is_a_bad_line_and_the_next_lines_are_answered(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("LR\n" + "L" * 300_000 + "\nRL\n"))
    code = main(["value", "toppling", "-"])
    out, err = capsys.readouterr()
    assert code == 2 and "toppling LR:" in out and "toppling RL:" in out
    assert err.count("\n") == 1 and "line 2" in err and "line skipped" in err


def test_the_limit_counts_characters_before_the_line_end():
    text = "L" * LINE_LIMITS["toppling"]
    got = list(read_lines(io.StringIO(f"{text}\r\n{text}"), "toppling"))
    assert [(n, p) for n, _, p in got] == [(1, None), (2, None)]
    got = list(read_lines(io.StringIO(f"LR\n{text}L\nRL"), "toppling"))
    assert [n for n, _, p in got if p] == [2] and got[-1][1] == "RL"
    with pytest.raises(CgsatInputError, match="line 2: .*stopped reading"):
        list(read_lines(io.StringIO("LR\n" + "L" * (SKIP_LIMIT + 10)), "toppling"))


def test_a_position_argument_over_the_limit_is_refused(capsys):
    code = main(["value", "timber-path", "L" * 4001])
    _, err = capsys.readouterr()
    assert code == 2 and "more than 4,000 characters" in err


def test_closed_stdin_is_one_line_exit_2():
    """Issue 38: ``value toppling - <&-`` gave exit 4 (TypeError)."""
    done = subprocess.run(
        ["sh", "-c", f'exec "{sys.executable}" -m cgsat value toppling - <&-'],
        capture_output=True, text=True, timeout=60, env=ENV, check=False)
    _one_line_exit_2(done, "standard input is closed")


@pytest.mark.parametrize("argv", [
    ["export-cnf", "timber.thm2.3", "--n", "3"],
    ["value", "toppling", "LR"],
    ["list"],
])
def test_closed_stdout_is_one_line_exit_2(argv):
    """Issue 38: ``export-cnf ... >&-`` gave exit 4 (AttributeError)."""
    done = subprocess.run(
        ["sh", "-c", f'exec "{sys.executable}" -m cgsat {" ".join(argv)} >&-'],
        capture_output=True, text=True, timeout=120, env=ENV, check=False)
    _one_line_exit_2(done, "standard output is closed")


def test_export_cnf_to_a_file_needs_no_stdout(tmp_path):
    out = tmp_path / "x.cnf"
    done = subprocess.run(
        ["sh", "-c", f'exec "{sys.executable}" -m cgsat export-cnf timber.thm2.3 --n 3 '
                     f'--out {out} >&-'],
        capture_output=True, text=True, timeout=120, env=ENV, check=False)
    assert done.returncode == 0, done.stderr
    assert out.read_text().startswith("c ")


@pytest.mark.parametrize("command", [
    ["report", "--out", "rep"],
    ["check", "timber.thm2.5", "--up-to", "1"],
    ["find", "green-cordon", "--height", "3", "--value", "*", "--count"],
])
def test_a_fifo_store_is_refused_before_it_is_opened(tmp_path, command):
    """Issue 38: ``report --db FIFO`` hung (opening a FIFO waits for a writer)."""
    fifo = tmp_path / "store"
    os.mkfifo(fifo)
    done = _cgsat(*command, "--db", str(fifo), cwd=tmp_path)
    _one_line_exit_2(done, "a FIFO (named pipe), not a regular file")


def test_a_fifo_or_device_as_claims_file_is_refused(tmp_path, capsys):
    fifo = tmp_path / "claims.py"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/zero"):
        code = main(["list", "--claims", path])
        _, err = capsys.readouterr()
        assert code == 2 and "--claims" in err and "not a regular file" in err
