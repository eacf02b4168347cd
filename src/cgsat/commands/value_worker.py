"""The process that solves the lines of ``cgsat value RULESET -``, replaced when its caches
have grown by :data:`CACHE_BUDGET` (issue 38, item 12: flat memory over any number of
distinct lines).

The direct solvers memoize every position they meet, for the life of the process (the
canonical games of :mod:`cgsat.cgt.canonical` are interned: a game is its identity, so
that cache cannot be trimmed in place). Over 200,000 distinct lines the memory grew without
end. So the lines are solved in a child process forked from the command, which has solved
nothing: after each line the child compares its resident memory with what it had when it
started, and once it has grown by more than :data:`CACHE_BUDGET` it answers that line and
ends; the next line goes to a fresh child. The memory of ``value -`` is then that of the
command, plus one child's start, plus at most the budget and the largest single line
(each line's own work is bounded by the solvers' limits). Answers do not depend on the
caches, only the time does.

The child ignores Ctrl-C (the command handles it, and ends the child) and dies when its
pipe to the command closes (the command ended, by any signal).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from cgsat.errors import CgsatInputError
from cgsat.search import ControlFailed

__all__ = ["CACHE_BUDGET", "LineSolver", "WorkerDied"]

CACHE_BUDGET = 48 << 20
"""Resident bytes a child may add to what it had at its start before it is replaced."""

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


class WorkerDied(RuntimeError):
    """The child solving a line ended without an answer (killed, or out of memory)."""


def _rss() -> int:
    """This process's resident bytes (Linux ``/proc``; 0 elsewhere: never replaced)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return 0


def _serve(conn: Connection, other: Connection, answer: Callable[[str], str],
           budget: int) -> None:  # pragma: no cover - runs in the child
    """The child's loop: one line in, ``(kind, text, replaced)`` out."""
    other.close()  # the command's end: EOF here once the command is gone
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)
    start = _rss()
    while True:
        try:
            text = conn.recv()
        except (EOFError, OSError):
            return
        kind: str
        try:
            kind, out = "ok", answer(text)
        except CgsatInputError as exc:
            kind, out = "input", str(exc)
        except ControlFailed as exc:
            kind, out = "bug", str(exc)
        except ValueError as exc:  # a number of more than 4,300 digits: bad input, as in cli
            kind, out = (("input", "a number in the input has more than 4300 digits")
                         if "integer string conversion" in str(exc) else
                         ("internal", f"ValueError: {exc}"))
        except Exception as exc:  # noqa: BLE001 - sent to the command, which reports it
            kind, out = "internal", f"{type(exc).__name__}: {exc}"
        done = _rss() - start > budget
        conn.send((kind, out, done))
        if done:
            return


class LineSolver:
    """Solve lines in a child process (see the module's text).

    Parameters
    ----------
    answer : callable
        ``answer(text) -> str``: the printed answer for one position; raises
        :class:`CgsatInputError` for bad input and :class:`ControlFailed` for a bug.
    budget : int
        :data:`CACHE_BUDGET` unless a test sets it.

    Examples
    --------
    >>> with LineSolver(str.upper) as solve:
    ...     solve("lr")
    ('ok', 'LR')
    """

    def __init__(self, answer: Callable[[str], str], budget: int = CACHE_BUDGET) -> None:
        self.answer = answer
        self.budget = budget
        self.started = 0  # how many children were started (for tests)
        self._proc: Any = None
        self._conn: Connection | None = None

    def __enter__(self) -> LineSolver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _start(self) -> Connection:
        ctx = multiprocessing.get_context("fork")
        mine, theirs = ctx.Pipe()
        proc = ctx.Process(target=_serve, args=(theirs, mine, self.answer, self.budget),
                           daemon=True, name="cgsat-value")
        proc.start()
        theirs.close()
        self._proc, self._conn = proc, mine
        self.started += 1
        return mine

    def __call__(self, text: str) -> tuple[str, str]:
        """``(kind, text)``: ``ok`` and the answer, ``input`` and the message of bad input,
        ``bug`` and the message of a failed control, ``internal`` and an error's text."""
        conn = self._conn or self._start()
        try:
            conn.send(text)
            kind, out, done = conn.recv()
        except (EOFError, OSError, BrokenPipeError):
            code = self._proc.exitcode if self._proc is not None else None
            self.close()
            raise WorkerDied(f"the process solving the position ended without an answer "
                             f"(exit code {code}; out of memory?)") from None
        if done:
            self.close(wait=5.0)  # it ends by itself after its answer
        return kind, out

    def close(self, wait: float = 0.0) -> None:
        """End the child (if any): wait up to ``wait`` seconds for it to end by itself
        (after its last answer), else kill it (an interrupted run)."""
        conn, proc = self._conn, self._proc
        self._conn = self._proc = None
        if conn is not None:
            conn.close()
        if proc is not None:
            proc.join(timeout=wait)
            if proc.is_alive():
                proc.kill()
                proc.join(timeout=5)
