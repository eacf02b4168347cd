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

Bounds, each a one-line error and exit 2: at most :data:`cgsat.api._game.MAX_EXPR` characters; the
notation's own limits (64 nested braces, the numbers, ups and nimbers written,
:mod:`cgsat.cgt.notation`); at most :data:`cgsat.api._game.GAME_BUDGET` new canonical games; at most
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

from cgsat.api import GameValue, game
from cgsat.errors import CgsatInputError

__all__ = ["MAX_SECONDS", "SCREEN", "run", "shown", "summary", "time_budget"]

MAX_SECONDS = 60
"""Most seconds for the canonical forms and the invariants."""
SCREEN = 80 * 24
"""A value longer than this many characters (a screen of 80 by 24) is shortened in text
output: its size, stops and temperature instead (``--json`` prints it whole)."""

_WORDS = {"==": "equal to", ">": "greater than", "<": "less than", "<>": "confused with"}


def _show(text: str) -> str:
    """TEXT quoted for an error message, cut to 60 characters (as the notation does)."""
    return repr(text) if len(text) <= 60 else repr(text[:57]) + "..."


def summary(g: GameValue, outcome: bool = True) -> str:
    """The invariants on one line (without the outcome when ``outcome`` is False).

    Examples
    --------
    >>> summary(GameValue("^^*"))
    'outcome L, temperature 0, mean 0, left stop 0, right stop 0, atomic weight 2'
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


def shown(text: str, g: GameValue, full: bool = False, how: str = "--json prints it",
          limit: int = SCREEN) -> str:
    """``text`` (the canonical form of ``g``), or, when it is longer than ``limit``
    characters (default :data:`SCREEN`) and ``full`` is False, its size:
    ``a value of N characters, birthday B (HOW)``.

    Examples
    --------
    >>> g = GameValue("{1|0}")
    >>> shown(str(g), g), shown(str(g), g, limit=3), shown(str(g), g, full=True, limit=3)
    ('{1|0}', 'a value of 5 characters, birthday 2 (--json prints it)', '{1|0}')
    """
    if full or len(text) <= limit:
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
        result = game(expr)
        if result.other is not None and args.plot is not None:
            raise CgsatInputError("--plot draws one game's thermograph, not a comparison")
        out = result.to_json()
        g, h = result.value, result.other
        if h is None:
            text = [shown(out["value"], g), "  " + summary(g)]
        else:
            rel = out["relation"]
            a, b = shown(out["left"]["value"], g), shown(out["right"]["value"], h)
            text = ["true" if out["answer"] else "false",
                    f"  {a} {rel} {b} ({a} is {_WORDS[rel]} {b})"]
        if args.plot is not None:
            from cgsat.report.thermograph_plot import draw_thermograph  # matplotlib: on use

            draw_thermograph(g.thermograph(), args.plot, str(g))
    print(json.dumps(out) if args.json else "\n".join(text))
    if args.plot is not None:
        sys.stderr.write(f"cgsat: thermograph written to {args.plot}\n")
    return 0
