"""CGSuite notation for canonical short games: printing and parsing.

Printing writes what CGSuite's input grammar reads back as the same game, so that a value
can be pasted into CGSuite. The grammar is ``lib/core/src/main/antlr/org/cgsuite/lang/parser/
Cgsuite.g`` in the repository ``aaron-siegel/cgsuite`` (rules ``addExpr``, ``unaryExpr``,
``expExpr``, ``upstarExpr``, ``starExpr``, ``explicitGame``/``slashExpression``). There a
number written directly against an infinitesimal is *not* one literal: ``1*`` and ``1*2``
are multiplications (``multiplyExpr``), ``3^5`` is exponentiation (``expExpr``, 243), and
``+-`` binds tighter than ``+``, ``*`` and ``/`` (``unaryExpr: PLUSMINUS expExpr``), so
``+-1*`` and ``+-1/2`` are not the switches they look like. The rules printed here:

- a number-up-star ``x + k.↑ + *n`` is the number (``0``, ``3``, ``-1/2``; ``x/2^j`` is a
  division of integers, which CGSuite evaluates to the dyadic) and the up-star part
  (``upstarExpr``: ``^``, ``^^``, ``^3``, ``v``, ``vv``, ``v3``, each optionally followed
  by ``*`` or ``*n``; ``*``, ``*n`` alone), joined by ``+`` when both are present:
  ``1+*``, ``1+*2``, ``3+^5``, ``9/8+*``, ``2+v*``, ``10+v3*``, ``-1/2+^*``;
- a switch ``{G | -G}`` as ``+-G`` when G prints as an integer, an up-star part or a
  braced game (``+-1``, ``+-*``, ``+-{1|0}``), else as ``+-(G)`` (``+-(1+*)``,
  ``+-(1/2)``, ``+-(-1)``): ``PLUSMINUS expExpr`` takes one primary, and ``(...)`` is one;
- a switch with several options ``{a,b | -a,-b}`` is written out with braces (CGSuite's
  ``+-(a,b)`` would parse as coordinates in this grammar);
- any other game as ``{L1,L2|R1,R2}``. An option that is the only one on its side is
  written without braces, and the braces are replaced by a longer bar
  (``slashExpression``): ``{0|{0|-1}}`` prints as ``{0||0|-1}`` and ``{{1|0}|0}`` as
  ``{1|0||0}``. CGSuite's plain text writes tinies as ``1.Tiny``; we keep the braces.

Options are listed in CGSuite's deterministic order: numbers, then nimbers, then other
number-up-stars, then the rest by their sorted options.

The parser reads the printed notation and cgsat's older forms, where a number written
against an infinitesimal is one literal (``1*`` = ``1+*``, ``3^5`` = ``3+^5``,
``1/2v*3``, ``+-1*`` = ``+-(1*)``): sums and differences (``1+*``, ``^-*2``),
parentheses, ``+-`` in front of any term (``1+-1`` is ``1 + ±1``), and the Unicode ``±``,
``↑``, ``↓``. A malformed string raises :class:`cgsat.errors.CgsatInputError` naming the
offending token. Input limits (each an error, so that no input can exhaust the stack, time
or memory): at most ``MAX_LENGTH`` characters, ``MAX_DEPTH`` nested braces, parentheses
and ``+-``; the numbers written together within ``MAX_INTEGER`` (each number x costs
``floor(|x|) + 1``) and the ups within ``MAX_UPS``; a nimber at most ``*MAX_NIMBER``; a
denominator at most ``2**MAX_LOG_DENOMINATOR``, and not zero. A UTF-8 byte order mark
at the start is ignored.

References
----------
Siegel, *Combinatorial Game Theory*, ch. II (notation); CGSuite's ``CanonicalShortGame``
output conventions and its grammar ``Cgsuite.g`` (path above).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, cast

from cgsat.cgt.canonical import (
    ZERO,
    Game,
    add,
    game,
    neg,
    number_up_star,
    nus,
)
from cgsat.errors import CgsatInputError

_MAX_SLASHES = 4

MAX_LENGTH = 100_000
"""Most characters in a game's text."""
MAX_DEPTH = 64
"""Most nested braces, parentheses and ``+-`` in a game's text."""
MAX_INTEGER = 10_000
"""Budget for the numbers written in a game's text: each number x costs ``floor(|x|) + 1``
(building the integer n takes time linear in n)."""
MAX_UPS = 256
"""Largest sum of the absolute up multiples written in a game's text."""
MAX_NIMBER = 1024
"""Largest nimber written in a game's text."""
MAX_LOG_DENOMINATOR = 64
"""A denominator is at most ``2**MAX_LOG_DENOMINATOR``."""


# --- printing ---------------------------------------------------------------------------


def to_str(g: Game) -> str:
    """CGSuite's plain-text notation for G.

    Examples
    --------
    >>> from cgsat.cgt.canonical import ONE, STAR, ZERO, game, number, up_multiple
    >>> to_str(game([ONE], [STAR]))
    '{1|*}'
    >>> to_str(game([ZERO], [game([ZERO], [number(-1)])]))
    '{0||0|-1}'
    >>> to_str(game([ONE], [number(-1)])), to_str(up_multiple(2, 1))
    ('+-1', '^^*')

    References
    ----------
    CGSuite plain-text output of canonical short games.
    """
    return _fmt(g, True)[0]


def _nus_str(x: Fraction, k: int, n: int) -> str:
    s1 = "" if x == 0 else str(x)
    s2 = _upstar_str(k, n)
    if s1 and s2:
        return s1 + "+" + s2
    return (s1 + s2) or "0"


def _upstar_str(k: int, n: int) -> str:
    """``k.↑ + *n`` as CGSuite's ``upstarExpr`` (empty for 0)."""
    if k == 0:
        s2 = ""
    elif k == 1:
        s2 = "^"
    elif k == 2:
        s2 = "^^"
    elif k > 0:
        s2 = f"^{k}"
    elif k == -1:
        s2 = "v"
    elif k == -2:
        s2 = "vv"
    else:
        s2 = f"v{-k}"
    s3 = "" if n == 0 else ("*" if n == 1 else f"*{n}")
    return s2 + s3


# a text that CGSuite's ``PLUSMINUS expExpr`` takes whole: an integer, an up-star, braces
_PM_OPERAND = re.compile(r"\d+|(\^+|v+|\^\d+|v\d+)?(\*\d*)?|\{.*\}")


_SORT_KEYS: dict[int, tuple] = {}


def _sort_key(g: Game) -> tuple:
    key = _SORT_KEYS.get(g.id)
    if key is None:
        t = number_up_star(g)
        if t is not None and t[1] == 0 and t[2] == 0:
            key = (0, t[0])
        elif t is not None and t[0] == 0 and t[1] == 0:
            key = (1, t[2])
        elif t is not None:
            key = (2, t)
        else:
            key = (
                3,
                tuple(sorted(_sort_key(h) for h in g.left)),
                tuple(sorted(_sort_key(h) for h in g.right)),
            )
        _SORT_KEYS[g.id] = key
    return key


def sorted_options(opts: tuple[Game, ...]) -> list[Game]:
    """Options in CGSuite's deterministic printing order."""
    return sorted(opts, key=_sort_key)


def _fmt(g: Game, force_brackets: bool) -> tuple[str, int]:
    """The text of G and the number of bars it ends up using (0 when bracketed)."""
    t = number_up_star(g)
    if t is not None:
        return _nus_str(*t), 0
    lo = sorted_options(g.left)
    if neg(g) is g and len(lo) == 1:
        s = _fmt(lo[0], True)[0]
        if _PM_OPERAND.fullmatch(s) and not (s.startswith("{") and not _one_group(s)):
            return "+-" + s, 0
        return "+-(" + s + ")", 0
    ro = sorted_options(g.right)
    parts = []
    slashes = 1
    for side in (lo, ro):
        texts = []
        for h in side:
            s, k = _fmt(h, len(side) > 1)
            texts.append(s)
            slashes = max(slashes, k + 1)
        parts.append(",".join(texts))
    bars = "|" * slashes
    if force_brackets or slashes >= _MAX_SLASHES:
        return "{" + parts[0] + bars + parts[1] + "}", 0
    return parts[0] + bars + parts[1], slashes


def _one_group(s: str) -> bool:
    """Whether the braces opening S close only at its end."""
    depth = 0
    for i, c in enumerate(s):
        depth += c == "{"
        depth -= c == "}"
        if depth == 0 and i < len(s) - 1:
            return False
    return True


# --- parsing ----------------------------------------------------------------------------

_UNICODE = {"±": "+-", "↑": "^", "↓": "v", "⇑": "^^", "⇓": "vv"}


def _show(text: str) -> str:
    """TEXT quoted for an error message, cut to 60 characters."""
    return repr(text) if len(text) <= 60 else repr(text[:57]) + "..."


def _tokenize(text: str) -> list[tuple[str, str, int]]:  # noqa: C901 - a branch per token kind
    """Tokens ``(kind, text, column)``; kinds: num, up, down, star, pm, bars, or the
    character itself for ``{ } ( ) , + -``."""
    tokens: list[tuple[str, str, int]] = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
            continue
        if c in _UNICODE:
            rep = _UNICODE[c]
            kind = {"+-": "pm", "^": "up", "v": "down", "^^": "up", "vv": "down"}[rep]
            tokens.append((kind, rep, i))
            i += 1
            continue
        if c.isdigit():
            j = i
            while j < n and text[j].isdigit():
                j += 1
            if j < n and text[j] == "/":
                k = j + 1
                while k < n and text[k].isdigit():
                    k += 1
                if k == j + 1:
                    raise CgsatInputError(
                        f"bad game {_show(text)}: expected a denominator after {text[i:j + 1]!r} "
                        f"at column {i}"
                    )
                if int(text[j + 1 : k]) == 0:
                    raise CgsatInputError(
                        f"bad game {_show(text)}: zero denominator in {text[i:k]!r} at column {i}"
                    )
                j = k
            tokens.append(("num", text[i:j], i))
            i = j
            continue
        if c in "^v":
            j = i
            while j < n and text[j] == c:
                j += 1
            k = j
            while k < n and text[k].isdigit():
                k += 1
            if k > j and j - i > 1:
                raise CgsatInputError(
                    f"bad game {_show(text)}: unexpected {text[i:k]!r} at column {i}"
                )
            tokens.append(("up" if c == "^" else "down", text[i:k], i))
            i = k
            continue
        if c == "*":
            j = i + 1
            while j < n and text[j].isdigit():
                j += 1
            tokens.append(("star", text[i:j], i))
            i = j
            continue
        if c == "|":
            j = i
            while j < n and text[j] == "|":
                j += 1
            tokens.append(("bars", text[i:j], i))
            i = j
            continue
        if c == "+" and i + 1 < n and text[i + 1] == "-":
            tokens.append(("pm", "+-", i))
            i += 2
            continue
        if c in "{}(),+-":
            tokens.append((c, c, i))
            i += 1
            continue
        j = i
        while j < n and not text[j].isspace() and text[j] not in "{}(),|":
            j += 1
        raise CgsatInputError(f"bad game {_show(text)}: unknown token {text[i:j]!r} at column {i}")
    return tokens


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokenize(text)
        self.pos = 0
        self.depth = 0
        self.integer = 0
        self.ups = 0

    def enter(self) -> None:
        """One level deeper in braces, parentheses or ``+-``; at most ``MAX_DEPTH``."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.error(f"nested more than {MAX_DEPTH} deep at")

    def peek(self) -> str | None:
        return self.tokens[self.pos][0] if self.pos < len(self.tokens) else None

    def error(self, what: str = "unexpected") -> CgsatInputError:
        if self.pos < len(self.tokens):
            _, tok, col = self.tokens[self.pos]
            return CgsatInputError(f"bad game {_show(self.text)}: {what} {tok!r} at column {col}")
        return CgsatInputError(f"bad game {_show(self.text)}: unexpected end of input")

    def take(self, kind: str) -> str:
        if self.peek() != kind:
            raise self.error(f"expected {kind!r}, got")
        tok = self.tokens[self.pos][1]
        self.pos += 1
        return tok

    # expr := term (('+' | '-' | '+-') term)*
    def expr(self) -> Game:
        g = self.term()
        while True:
            kind = self.peek()
            if kind == "+":
                self.pos += 1
                g = add(g, self.term())
            elif kind == "-":
                self.pos += 1
                g = add(g, neg(self.term()))
            elif kind == "pm":
                g = add(g, self.term())
            else:
                return g

    # term := '-' term | '+-' term | atom
    def term(self) -> Game:
        kind = self.peek()
        if kind == "-":
            self.pos += 1
            if self.peek() == "num":
                return self.literal(negative=True)
            return neg(self.term())
        if kind == "pm":
            self.pos += 1
            self.enter()
            try:
                return self.plus_minus()
            finally:
                self.depth -= 1
        return self.atom()

    def plus_minus(self) -> Game:
        """``+-G`` or ``+-{a,b}`` after the ``+-``."""
        if self.peek() == "{":
            self.pos += 1
            sides = self.body()
            self.take("}")
            if isinstance(sides, Game):
                opts = [sides]
            else:
                opts = sides
                if not opts:
                    raise self.error("empty +- list before")
        else:
            opts = [self.term()]
        return game(opts, [neg(h) for h in opts])

    def atom(self) -> Game:
        kind = self.peek()
        if kind in ("{", "("):
            self.enter()
            try:
                return self.group(kind)
            finally:
                self.depth -= 1
        if kind in ("num", "up", "down", "star"):
            return self.literal(negative=False)
        raise self.error()

    def group(self, kind: str) -> Game:
        if kind == "{":
            self.pos += 1
            sides = self.body()
            if not isinstance(sides, Game):
                raise self.error("expected '|' in braces, got")
            self.take("}")
            return sides
        if kind == "(":
            self.pos += 1
            g = self.expr()
            self.take(")")
            return g
        if kind in ("num", "up", "down", "star"):
            return self.literal(negative=False)
        raise self.error()

    def literal(self, negative: bool) -> Game:
        """``x``, ``^k``, ``*n`` in that order, each optional (one at least)."""
        x = Fraction(0)
        k = 0
        n = 0
        if self.peek() == "num":
            tok = self.take("num")
            x = Fraction(tok)
            if x.denominator & (x.denominator - 1):
                self.pos -= 1
                raise self.error("not a dyadic rational:")
            if x.denominator > 2**MAX_LOG_DENOMINATOR:
                self.pos -= 1
                raise self.error(f"denominator above 2^{MAX_LOG_DENOMINATOR}:")
            self.integer += abs(x.numerator) // x.denominator + 1
            if self.integer > MAX_INTEGER:
                self.pos -= 1
                raise self.error(f"numbers add up to more than {MAX_INTEGER} at")
            if negative:
                x = -x
        if self.peek() in ("up", "down"):
            kind = cast(str, self.peek())
            tok = self.take(kind)
            digits = tok.lstrip(tok[0])
            k = int(digits) if digits else len(tok)
            if kind == "down":
                k = -k
            self.ups += abs(k)
            if self.ups > MAX_UPS:
                self.pos -= 1
                raise self.error(f"ups add up to more than {MAX_UPS} at")
        if self.peek() == "star":
            tok = self.take("star")
            n = int(tok[1:]) if len(tok) > 1 else 1
            if n > MAX_NIMBER:
                self.pos -= 1
                raise self.error(f"nimber above *{MAX_NIMBER}:")
        return nus(x, k, n)

    def body(self) -> Game | list[Game]:
        """The inside of braces: a game when it has bars, else a comma-separated list."""
        items: list[Any] = []  # alternating: list of games, bar count, list of games...
        current: list[Game] = []
        expecting_item = True
        while True:
            kind = self.peek()
            if kind == "}" or kind is None:
                break
            if kind == ",":
                if expecting_item:
                    raise self.error()
                self.pos += 1
                expecting_item = True
                continue
            if kind == "bars":
                if expecting_item and current:
                    raise self.error()
                items.append(current)
                items.append((len(self.take("bars")), self.pos - 1))
                current = []
                expecting_item = True
                continue
            if not expecting_item:
                raise self.error()
            current.append(self.expr())
            expecting_item = False
        if expecting_item and current:
            raise self.error()
        items.append(current)
        if len(items) == 1:
            return current
        return self._split(items)

    def _split(self, items: list[Any]) -> Game:
        bars = [items[i][0] for i in range(1, len(items), 2)]
        top = max(bars)
        where = [i for i in range(1, len(items), 2) if items[i][0] == top]
        if len(where) > 1:
            self.pos = items[where[1]][1]
            raise self.error("ambiguous bars")
        i = where[0]
        sides = []
        for part in (items[:i], items[i + 1 :]):
            if len(part) == 1:
                sides.append(part[0])
            else:
                sides.append([self._split(part)])
        return game(sides[0], sides[1])


def parse(text: str) -> Game:
    """Parse CGSuite notation into a canonical game (the syntax accepted is listed in
    docs/reference.md, "Values").

    Raises
    ------
    CgsatInputError
        Naming the offending token.

    Examples
    --------
    >>> str(parse("{1|0||0}")), str(parse("{0,*|0,*}")), str(parse("^ + ^ + *"))
    ('{1|0||0}', '*2', '^^*')
    >>> str(parse("+-1")), str(parse("1/2v*3")), str(parse("+-1*"))
    ('+-1', '1/2+v*3', '+-(1+*)')
    >>> parse("{1|x}")
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: bad game '{1|x}': unknown token 'x' at column 3

    References
    ----------
    CGSuite's input notation.
    """
    text = text.removeprefix("\ufeff")
    if len(text) > MAX_LENGTH:
        raise CgsatInputError(f"bad game: longer than {MAX_LENGTH} characters")
    p = _Parser(text)
    if not p.tokens:
        raise CgsatInputError("bad game '': empty")
    try:
        g = p.expr()
    except RecursionError:  # a backstop: the limits above keep the recursion shallow
        raise CgsatInputError(f"bad game {_show(text)}: too large") from None
    if p.pos != len(p.tokens):
        raise p.error()
    return g


__all__ = ["parse", "to_str", "sorted_options", "ZERO"]
