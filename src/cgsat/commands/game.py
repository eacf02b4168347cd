"""``cgsat game EXPR [--plot FILE.png] [--json]``: a calculator in CGSuite notation.

EXPR is a game, or a comparison of two games. A game is written as CGSuite writes it and
as :func:`cgsat.cgt.notation.parse` reads it: integers and dyadic fractions (``3``,
``-1/2``, ``3/4``), ``*``, ``*n``, ``^``, ``v``, ``^^``, ``^3``, ``v*``, ``+-1``, games
``{L1,L2|R1,R2}`` nested at any depth (``{0|0||0|0}``, the longer bar binding last), sums
and differences with ``+`` and ``-``, and parentheses. A comparison joins two games with
one of ``<``, ``<=``, ``>``, ``>=``, ``==``, ``<>`` (confused with, CGSuite's ``||``), and
``<|`` (less than or confused), ``|>`` (greater than or confused).

A game prints its canonical form and, on a second line, its invariants (:func:`summary`):
the outcome, temperature, mean, Left and Right stops, and the atomic weight where it is
defined (all-small games). A comparison prints ``true`` or ``false`` and, on a second line,
how the two canonical forms relate. ``--json`` prints the same as one object;
``--plot FILE.png`` draws the thermograph (:mod:`cgsat.report.thermograph_plot`).

Bounds, each a one-line error and exit 2: at most :data:`MAX_EXPR` characters; the
notation's own limits (64 nested braces, the numbers, ups and nimbers written,
:mod:`cgsat.cgt.notation`); at most :data:`GAME_BUDGET` new canonical games; at most
:data:`MAX_SECONDS` seconds for the canonical forms and invariants. A malformed EXPR is
one line naming the column of the error.

References
----------
.. [1] A. N. Siegel, *Combinatorial Game Theory*, AMS 2013, ch. II; CGSuite's notation and
   its ``CanonicalShortGame`` invariants.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import signal
import sys
import threading
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from cgsat.cgt.canonical import GameBudgetExceeded, budget
from cgsat.cgt.value import GameValue
from cgsat.errors import CgsatInputError

__all__ = ["COMPARISONS", "GAME_BUDGET", "MAX_EXPR", "MAX_SECONDS", "SCREEN", "compare",
           "evaluate", "invariants", "relation", "run", "shown", "summary"]

MAX_EXPR = 10_000
"""Most characters in EXPR."""
GAME_BUDGET = 300_000
"""Most new canonical games an EXPR may create (as ``cgsat value``'s budget,
:data:`cgsat.cgt.partizan_values.GAME_BUDGET`): canonical forms of sums of hot games grow
exponentially."""
MAX_SECONDS = 60
"""Most seconds for the canonical forms and the invariants."""
SCREEN = 80 * 24
"""A value longer than this many characters (a screen of 80 by 24) is shortened in text
output: its size, stops and temperature instead (``--json`` prints it whole)."""

COMPARISONS = ("<=", ">=", "==", "<>", "<|", "|>", "<", ">")
"""The comparison operators, two-character ones first (as they are matched)."""

_WORDS = {"==": "equal to", ">": "greater than", "<": "less than", "<>": "confused with"}


# --- reading --------------------------------------------------------------------------


def _show(text: str) -> str:
    """TEXT quoted for an error message, cut to 60 characters (as the notation does)."""
    return repr(text) if len(text) <= 60 else repr(text[:57]) + "..."


def _split(expr: str) -> tuple[str, int, str, int] | None:
    """``(operator, its column, left text, start of the right text)`` of the one
    comparison outside braces and parentheses, or None; a second comparison is an
    error naming its column."""
    depth = 0
    found: tuple[str, int] | None = None
    i = 0
    while i < len(expr):
        c = expr[i]
        if c in "{(":
            depth += 1
        elif c in "})":
            depth -= 1
        elif depth == 0 and c in "<>=|":
            op = next((o for o in COMPARISONS if expr.startswith(o, i)), None)
            if op is not None:
                if found is not None:
                    raise CgsatInputError(f"bad expression {_show(expr)}: a second comparison "
                                          f"{op!r} at column {i} (compare two games at a "
                                          "time)")
                found = (op, i)
                i += len(op)
                continue
            if c == "=":
                raise CgsatInputError(f"bad expression {_show(expr)}: '=' at column {i} (write "
                                      "== to compare)")
        i += 1
    if found is None:
        return None
    op, col = found
    return op, col, expr[:col], col + len(op)


def _game(expr: str, text: str, start: int, what: str) -> GameValue:
    """The game ``text`` found at column ``start`` of ``expr``; errors name the column in
    ``expr``."""
    if not text.strip():
        raise CgsatInputError(f"bad expression {_show(expr)}: no game {what} at column "
                              f"{start}")
    padded = " " * start + text  # the notation's columns are then expr's
    try:
        return GameValue(padded)
    except CgsatInputError as exc:
        message = str(exc).replace(f"bad game {_show(padded)}", f"bad game {_show(expr)}", 1)
        if "column" not in message:  # "unexpected end of input"
            message += f" at column {start + len(text.rstrip())}"
        raise CgsatInputError(message) from None


def evaluate(expr: str) -> tuple[GameValue, str | None, GameValue | None]:
    """``(G, None, None)`` for a game, ``(G, operator, H)`` for a comparison.

    Raises
    ------
    CgsatInputError
        Naming the column of the error, or the bound that was passed.

    Examples
    --------
    >>> evaluate("{0|0||0|0}")
    (GameValue('0'), None, None)
    >>> evaluate("{1|0} > *")
    (GameValue('{1|0}'), '>', GameValue('*'))
    >>> evaluate("{1|} < 0")
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: bad game '{1|} < 0': unexpected '}' at column 3
    """
    if not isinstance(expr, str):
        raise CgsatInputError(f"a game expression is text, got {expr!r}")
    expr = expr.removeprefix("\ufeff")
    if len(expr) > MAX_EXPR:
        raise CgsatInputError(f"bad expression: longer than {MAX_EXPR} characters "
                              f"({len(expr)})")
    if not expr.strip():
        raise CgsatInputError("bad expression '': empty")
    try:
        with budget(GAME_BUDGET):
            split = _split(expr)
            if split is None:
                return _game(expr, expr, 0, "here"), None, None
            op, col, left, start = split
            g = _game(expr, left, 0, f"before {op!r}")
            h = _game(expr, expr[start:], start, f"after {op!r}")
            return g, op, h
    except GameBudgetExceeded:
        raise CgsatInputError(f"bad expression {_show(expr)}: its canonical form needs more "
                              f"than {GAME_BUDGET} new games (sums of hot games grow "
                              "exponentially)") from None


# --- answering ------------------------------------------------------------------------


def relation(g: GameValue, h: GameValue) -> str:
    """How G and H compare: ``"=="``, ``">"``, ``"<"`` or ``"<>"`` (confused).

    Examples
    --------
    >>> relation(GameValue("{1|-1}"), GameValue("0")), relation(GameValue("^"), GameValue("*"))
    ('<>', '<>')
    >>> relation(GameValue("{1|0}"), GameValue("*")), relation(GameValue("v"), GameValue("0"))
    ('>', '<')
    """
    le, ge = g <= h, g >= h
    if le and ge:
        return "=="
    if ge:
        return ">"
    if le:
        return "<"
    return "<>"


def compare(op: str, g: GameValue, h: GameValue) -> bool:
    """Whether ``G op H`` holds (``op`` one of :data:`COMPARISONS`).

    Examples
    --------
    >>> compare("<>", GameValue("{1|-1}"), GameValue("0")), compare(">=", GameValue("*"), 0)
    (True, False)
    >>> compare("<|", GameValue("*"), 0), compare("|>", GameValue("v"), 0)
    (True, False)
    """
    rel = relation(g, h)
    holds = {"==": ("==",), "<=": ("<", "=="), ">=": (">", "=="), "<": ("<",), ">": (">",),
             "<>": ("<>",), "<|": ("<", "<>"), "|>": (">", "<>")}
    return rel in holds[op]


def _fraction(x: Fraction) -> str:
    return str(x)


def invariants(g: GameValue) -> dict[str, Any]:
    """The JSON object of one game: ``value`` (CGSuite text), ``outcome``,
    ``temperature``, ``mean``, ``left_stop``, ``right_stop`` (exact numbers as text,
    ``"3/2"``), ``atomic_weight`` (text, or null when the game is not all-small) and
    ``birthday``.

    Examples
    --------
    >>> invariants(GameValue("{2|-1}"))  # doctest: +NORMALIZE_WHITESPACE
    {'value': '{2|-1}', 'outcome': 'N', 'temperature': '3/2', 'mean': '1/2',
     'left_stop': '2', 'right_stop': '-1', 'atomic_weight': None, 'birthday': 3}
    """
    weight = g.atomic_weight()
    return {"value": str(g), "outcome": g.outcome(), "temperature": _fraction(g.temperature()),
            "mean": _fraction(g.mean()), "left_stop": _fraction(g.left_stop()),
            "right_stop": _fraction(g.right_stop()),
            "atomic_weight": None if weight is None else str(weight),
            "birthday": g.birthday()}


def summary(g: GameValue, outcome: bool = True) -> str:
    """The invariants on one line (without the outcome when ``outcome`` is False).

    Examples
    --------
    >>> summary(GameValue("^^*"))
    'outcome N, temperature 0, mean 0, left stop 0, right stop 0, atomic weight 2'
    >>> summary(GameValue("{1|*}"), outcome=False)
    'temperature 1/2, mean 1/2, left stop 1, right stop 0'
    """
    parts = [f"outcome {g.outcome()}"] if outcome else []
    parts += [f"temperature {g.temperature()}", f"mean {g.mean()}",
              f"left stop {g.left_stop()}", f"right stop {g.right_stop()}"]
    weight = g.atomic_weight()
    if weight is not None:
        parts.append(f"atomic weight {weight}")
    return ", ".join(parts)


def shown(text: str, g: GameValue, full: bool = False, how: str = "--json prints it") -> str:
    """``text`` (the canonical form of ``g``), or, when it is longer than :data:`SCREEN`
    and ``full`` is False, its size: ``a value of N characters, birthday B (HOW)``.

    Examples
    --------
    >>> shown("{1|0}", GameValue("{1|0}"))
    '{1|0}'
    >>> g = GameValue(" + ".join(["{2|-2}", "{1|-1}", "{1/2|-1/2}"] * 3) + " + {3|-3}")
    >>> shown(str(g), g, how="--full prints it") if len(str(g)) > SCREEN else "short"
    'a value of 6399 characters, birthday 31 (--full prints it)'
    """
    if full or len(text) <= SCREEN:
        return text
    return f"a value of {len(text)} characters, birthday {g.birthday()} ({how})"


class _OutOfTime(Exception):
    """The time budget ran out (raised by SIGALRM; never a :class:`CgsatInputError`, so
    that no handler of bad input takes it for one)."""


@contextlib.contextmanager
def time_budget(seconds: float, what: str) -> Iterator[None]:
    """Stop the block after ``seconds`` with one line (:class:`CgsatInputError`); a no-op
    outside the main thread or where there is no SIGALRM."""
    if (threading.current_thread() is not threading.main_thread()
            or not hasattr(signal, "setitimer")):
        yield
        return

    def _stop(signum: int, frame: object) -> None:
        raise _OutOfTime

    old = signal.signal(signal.SIGALRM, _stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except _OutOfTime:
        raise CgsatInputError(f"{what}: more than {seconds:g} s to compute (the time "
                              "budget of cgsat game)") from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


_PLOT = re.compile(r".*\.png", re.IGNORECASE)


def run(args: argparse.Namespace) -> int:
    """Run ``cgsat game``; returns the exit code (0: answered, also for a false
    comparison; 2: bad input)."""
    expr: str = args.expr
    if args.plot is not None and not _PLOT.fullmatch(args.plot):
        raise CgsatInputError(f"--plot {args.plot}: the file name must end in .png")
    with time_budget(MAX_SECONDS, f"bad expression {_show(expr)}"):
        g, op, h = evaluate(expr)
        if op is not None and args.plot is not None:
            raise CgsatInputError("--plot draws one game's thermograph, not a comparison")
        if op is None:
            out = {"expression": expr, **invariants(g)}
            text = [shown(out["value"], g), "  " + summary(g)]
        else:
            assert h is not None  # a comparison has two sides
            answer = compare(op, g, h)
            rel = relation(g, h)
            out = {"expression": expr, "comparison": op, "answer": answer, "relation": rel,
                   "left": invariants(g), "right": invariants(h)}
            a, b = shown(out["left"]["value"], g), shown(out["right"]["value"], h)
            text = ["true" if answer else "false", f"  {a} {rel} {b} ({a} is "
                    f"{_WORDS[rel]} {b})"]
        if args.plot is not None:
            from cgsat.report.thermograph_plot import draw_thermograph  # matplotlib: on use

            draw_thermograph(g.thermograph(), args.plot, str(g))
    print(json.dumps(out) if args.json else "\n".join(text))
    if args.plot is not None:
        sys.stderr.write(f"cgsat: thermograph written to {args.plot}\n")
    return 0
