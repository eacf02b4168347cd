"""``cgsat.game``: a game expression in CGSuite notation, evaluated (``cgsat game``).

An expression is a game, or a comparison of two games. A game is written as CGSuite
writes it and as :func:`cgsat.cgt.notation.parse` reads it: integers and dyadic fractions
(``3``, ``-1/2``, ``3/4``), ``*``, ``*n``, ``^``, ``v``, ``^^``, ``^3``, ``v*``, ``+-1``,
games ``{L1,L2|R1,R2}`` nested at any depth (``{0|0||0|0}``, the longer bar binding last),
sums and differences with ``+`` and ``-``, and parentheses. A comparison joins two games
with one of ``<``, ``<=``, ``>``, ``>=``, ``==``, ``<>`` (confused with, CGSuite's ``||``),
``<|`` (less than or confused) and ``|>`` (greater than or confused).

Bounds, each a :class:`~cgsat.errors.CgsatInputError` of one line: at most
:data:`MAX_EXPR` characters; the notation's own limits (64 nested braces, the numbers, ups
and nimbers written, :mod:`cgsat.cgt.notation`); at most :data:`GAME_BUDGET` new canonical
games. A malformed expression is one line naming the column (from 0) of the error.

References
----------
.. [1] A. N. Siegel, *Combinatorial Game Theory*, AMS 2013, ch. II; CGSuite's notation and
   its ``CanonicalShortGame`` invariants.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cgsat.cgt.canonical import GameBudgetExceeded, budget
from cgsat.cgt.value import GameValue
from cgsat.errors import CgsatInputError

__all__ = ["COMPARISONS", "GAME_BUDGET", "MAX_EXPR", "GameResult", "compare", "evaluate",
           "game", "invariants", "relation"]

MAX_EXPR = 10_000
"""Most characters in an expression."""
GAME_BUDGET = 300_000
"""Most new canonical games an expression may create (as ``cgsat value``'s budget,
:data:`cgsat.cgt.partizan_values.GAME_BUDGET`): canonical forms of sums of hot games grow
exponentially."""

COMPARISONS = ("<=", ">=", "==", "<>", "<|", "|>", "<", ">")
"""The comparison operators, two-character ones first (as they are matched)."""


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
    >>> evaluate("1 < {0|x}")
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: bad game '1 < {0|x}': unknown token 'x' at column 7
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


@dataclass(frozen=True)
class GameResult:
    """The answer of :func:`game` (the object of ``cgsat game --json``).

    Attributes
    ----------
    expression : str
        The expression, as given.
    value : GameValue
        The game (the left-hand side of a comparison).
    comparison : str or None
        The comparison operator, or None for a game alone.
    other : GameValue or None
        The right-hand side of the comparison.
    """

    expression: str
    value: GameValue
    comparison: str | None = None
    other: GameValue | None = None

    @property
    def answer(self) -> bool | None:
        """Whether the comparison holds (None for a game alone)."""
        if self.comparison is None or self.other is None:
            return None
        return compare(self.comparison, self.value, self.other)

    @property
    def relation(self) -> str | None:
        """How the two sides compare (:func:`relation`; None for a game alone)."""
        return None if self.other is None else relation(self.value, self.other)

    def to_json(self) -> dict[str, Any]:
        """``{"expression", **invariants}`` for a game; ``{"expression", "comparison",
        "answer", "relation", "left", "right"}`` for a comparison.

        Examples
        --------
        >>> game("{1|0} > *").to_json()["answer"], game("*2").to_json()["value"]
        (True, '*2')
        """
        if self.comparison is None or self.other is None:
            return {"expression": self.expression, **invariants(self.value)}
        return {"expression": self.expression, "comparison": self.comparison,
                "answer": self.answer, "relation": self.relation,
                "left": invariants(self.value), "right": invariants(self.other)}


def game(expr: str) -> GameResult:
    """Evaluate a game expression in CGSuite notation (``cgsat game EXPR``).

    Parameters
    ----------
    expr : str
        A game (``"{0|0||0|0}"``, ``"^ + ^ + *"``) or a comparison of two
        (``"{1|-1} <> 0"``).

    Returns
    -------
    GameResult

    Raises
    ------
    CgsatInputError
        Naming the column of the error, or the bound that was passed.

    Examples
    --------
    >>> game("{0|0||0|0}").value
    GameValue('0')
    >>> r = game("^ + ^ + *")
    >>> r.value, r.value.atomic_weight()
    (GameValue('^^*'), GameValue('2'))
    >>> game("{1|-1} <> 0").answer, game("{1|0} > *").answer
    (True, True)
    """
    g, op, h = evaluate(expr)
    return GameResult(expr, g, op, h)
