"""``cgsat value -`` keeps its memory flat over any number of distinct lines (issue 38,
item 12): the lines are solved in a child process that is replaced when its caches grow
(:mod:`cgsat.commands.value_worker`). The figure over 200,000 lines is in
docs/performance.md (benchmarks/bench_value_input.py stream)."""

from __future__ import annotations

import io
import itertools

import pytest

from cgsat.api import value
from cgsat.cgt.canonical import known_games
from cgsat.cli import main
from cgsat.commands.value import to_text
from cgsat.commands.value_worker import LineSolver, WorkerDied

ROWS = ["".join(t) for n in range(1, 6) for t in itertools.product("LRE", repeat=n)]


def test_the_command_itself_solves_nothing(capsys, monkeypatch):
    """The command's own caches do not grow with the lines: on the code before issue 38
    every line's canonical games were interned in the command's process."""
    lines = [f"{a} {b}" for a, b in itertools.islice(itertools.product(ROWS, ROWS), 0,
                                                     40_000, 97)][:300]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    before = known_games()
    assert main(["value", "toppling", "-"]) == 0
    out, _ = capsys.readouterr()
    assert out.count("toppling ") == len(lines)
    assert known_games() == before


def test_a_child_over_its_budget_is_replaced_and_answers_do_not_change(monkeypatch):
    def answer(text: str) -> str:
        return to_text(value("toppling", text).to_json())

    rows = ROWS[:60]
    with LineSolver(answer, budget=0) as solve:  # replaced after every line
        got = [solve(r) for r in rows]
        started = solve.started
    assert started == len(rows)
    assert got == [("ok", answer(r)) for r in rows]
    with LineSolver(answer) as solve:
        assert [solve(r) for r in rows] == got and solve.started == 1


def test_bad_input_and_a_bug_come_back_as_kinds():
    from cgsat.errors import CgsatInputError
    from cgsat.search import ControlFailed

    def answer(text: str) -> str:
        if text == "bad":
            raise CgsatInputError("bad input")
        if text == "bug":
            raise ControlFailed("a control failed")
        if text == "oops":
            raise KeyError("oops")
        return text

    with LineSolver(answer) as solve:
        assert solve("bad") == ("input", "bad input")
        assert solve("bug") == ("bug", "a control failed")
        assert solve("oops") == ("internal", "KeyError: 'oops'")
        assert solve("fine") == ("ok", "fine")


def test_a_child_that_dies_is_an_error_not_a_hang():
    import os

    with LineSolver(lambda text: os._exit(9)) as solve, pytest.raises(WorkerDied):
        solve("LR")
