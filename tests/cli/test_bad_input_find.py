"""Bad input to `find`: one line on stderr, exit 2, quickly and in little memory; Ctrl-C
during a long count exits 130 (issue 13 item 5; the limits are in docs/reference.md)."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cgsat.cli import main
from cgsat.errors import CgsatInputError
from cgsat.search import limits

PATH30 = " ".join(f"{i}-{i + 1}" for i in range(30))
PATH21 = " ".join(f"{i}-{i + 1}" for i in range(21))
PATH1001 = " ".join(f"{i}-{i + 1}" for i in range(1001))
SRC = str(Path(__file__).resolve().parents[2] / "src")


def _run(argv: list[str], capsys) -> tuple[int, str, str]:
    t0 = time.monotonic()
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse usage errors
        code = exc.code
    assert time.monotonic() - t0 < 20
    out, err = capsys.readouterr()
    return code, err, out


@pytest.mark.parametrize("argv, words", [
    (["toppling", "--length", "99999999", "--value", "0"], "--length is at most 60"),
    (["toppling", "--length", "61", "--value", "0"], "--length is at most 60"),
    (["toppling", "--max-length", "31", "--value", "0"], "--max-length is at most 30"),
    (["toppling", "--length", "5", "--value", "99999999999999999999999"],
     "numbers add up to more than"),
    (["toppling", "--length", "5", "--value", "6"], "born on day 6"),
    (["toppling", "--length", "5", "--value", "9999"], "born on day 9999"),
    (["toppling", "--length", "5", "--value", "*1024"], "born on day 1024"),
    (["toppling", "--max-length", "3", "--value", "{3|}"], "born on day 4"),
    (["toppling", "--length", "0", "--value", "*"], "born on day 1"),
    (["toppling", "--length", "60", "--value", "50"], "too large a search"),
    (["timber", "--shape", PATH30, "--value", "*", "--count"],
     "--shape (with --count, in edges) is at most 20, got 30"),
    (["timber", "--shape", PATH30, "--outcome", "P", "--misere", "--count"],
     "--shape (with --count, in edges) is at most 20, got 30"),
    (["timber", "--shape", PATH1001, "--outcome", "P", "--count"],
     "--shape (a tree counted by the tree programme, in edges) is at most 1000, got 1001"),
    (["phyminoes", "--shape", PATH21, "--outcome", "P", "--all"], "is at most 20, got 21"),
    (["timber-path", "--length", "51", "--outcome", "P"], "--length is at most 50"),
    (["timber-path", "--max-length", "31", "--outcome", "P"], "--max-length is at most 30"),
    (["timber-path", "--length", "21", "--outcome", "P", "--count"], "at most 20, got 21"),
    (["green-cordon", "--height", "201", "--value", "0", "--all"],
     "--height is at most 200, got 201"),
    (["green-cordon", "--height", "60", "--value", "*", "--all"], "more than 100000"),
])
def test_find_bad_input(argv, words, capsys):
    code, err, _ = _run(["find", *argv], capsys)
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err


@pytest.mark.parametrize("argv, out", [
    (["toppling", "--length", "5", "--value", "5"], "LLLLL"),     # born on day 5: allowed
    (["toppling", "--max-length", "3", "--value", "3"], "LLL"),
    (["green-cordon", "--height", "5", "--value", "0"], "5:2,3,4"),
])
def test_find_at_the_limits(argv, out, capsys):
    """Values born on the last day a row can reach are searched (the negative control of
    the birthday check)."""
    code, err, printed = _run(["find", *argv], capsys)
    assert code == 0, err
    assert printed.split() == [out]


def test_limits_are_the_documented_values():
    assert limits.MAX_LENGTH == 60 and limits.MAX_MAX_LENGTH == 30
    assert limits.MAX_WORK == 4_000_000
    assert limits.MAX_PATH_LENGTH == 50 and limits.MAX_COUNT_SIZE == 20
    assert limits.MAX_HEIGHT == 200
    doc = os.path.join(os.path.dirname(SRC), "docs", "reference.md")
    text = open(doc, encoding="utf-8").read()
    for n in ("60", "30", "50", "20", "4,000,000", "10,000"):
        assert n in text


def test_birthday_bound_is_tight_for_toppling():
    """The bound is sound and reached: LLLLL is 5, born on day 5 (a row of n dominoes is
    born by day n since each move removes a domino)."""
    from cgsat.cgt.notation import parse
    from cgsat.cgt.partizan_values import canonical_form
    from cgsat.games import toppling

    assert canonical_form(toppling.RULESET, ("LLLLL",)) == parse("5")
    assert parse("5").birthday() == 5
    for row in ("LRE", "ERL", "LLR", "EEEE", "RLLLR"):
        assert canonical_form(toppling.RULESET, (row,)).birthday() <= len(row)


def _limited_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def test_huge_length_in_1gb(tmp_path):
    """--length 99999999 is refused before anything is built: exit 2 in 1 GB of memory."""
    env = {**os.environ, "PYTHONPATH": SRC}
    proc = subprocess.run(
        [sys.executable, "-m", "cgsat", "find", "toppling", "--length", "99999999",
         "--value", "0"], capture_output=True, text=True, timeout=20, env=env,
        preexec_fn=_limited_memory)
    assert proc.returncode == 2, proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and "at most 60" in proc.stderr


def _interrupt(argv: list[str], after: float) -> tuple[int, str, float]:
    env = {**os.environ, "PYTHONPATH": SRC}
    proc = subprocess.Popen([sys.executable, "-m", "cgsat", *argv], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(after)
    assert proc.poll() is None, "finished before the interrupt"
    t0 = time.monotonic()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=20)
    return proc.returncode, err, time.monotonic() - t0


def test_ctrl_c_during_a_model_count():
    """SIGINT during pyganak's count (a 20-edge path: about 20 s of counting) exits 130 at
    once; the forked counter is killed with it. (Nim-value 1: a P count of a tree goes by
    the tree programme in milliseconds, issue 39.)"""
    path20 = " ".join(f"{i}-{i + 1}" for i in range(20))
    code, err, took = _interrupt(["find", "timber", "--shape", path20, "--value", "*",
                                  "--count"], 2.5)
    assert code == 130 and err.strip() == "cgsat: interrupted" and took < 5


@pytest.mark.slow
def test_ctrl_c_during_a_sat_solve():
    """SIGINT during PySAT's solve (which raises its own error, not KeyboardInterrupt)."""
    code, err, took = _interrupt(["find", "toppling", "--length", "60", "--value", "{1|0}"],
                                 4)
    assert code == 130 and err.strip() == "cgsat: interrupted" and took < 5


def test_value_too_slow_to_build_is_bad_input(capsys, monkeypatch):
    """``v*461`` passes every limit of the parser's text but takes minutes to canonicalize:
    the child process that builds it first is killed at the deadline, exit 2."""
    from cgsat.search import plan

    monkeypatch.setattr(plan, "VALUE_SECONDS", 1.0)
    code, err, out = _run(["find", "toppling", "--length", "5", "--value", "v*461"], capsys)
    assert code == 2 and out == ""
    assert "--value v*461" in err and "takes more than 1 s" in err
    assert len(err.strip().splitlines()) == 1


def test_building_a_value_uses_no_signal(monkeypatch):
    """The deadline is a child process, not SIGALRM: no alarm can fire in unrelated code
    (issue 26 item 7). A value that is quick to build is built, and the engine stays
    consistent after children were killed mid-build."""
    import signal as signal_module

    from cgsat.cgt import canonical
    from cgsat.cgt.notation import parse
    from cgsat.search.plan import build_value

    def no_alarm(*args, **kwargs):
        raise AssertionError("an alarm was set")

    monkeypatch.setattr(signal_module, "setitimer", no_alarm)
    monkeypatch.setattr(signal_module, "alarm", no_alarm)
    for k in range(5):
        with pytest.raises(CgsatInputError):
            build_value(f"v*{461 + k}", 0.05)
    assert str(build_value("{{1|0}|0}", 10)) == "{1|0||0}"
    for i, g in enumerate(canonical._GAMES):
        assert g.id == i
        assert canonical._find((g.left, g.right)) is g
    assert str(parse("^*3")) == "^*3"
