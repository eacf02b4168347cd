"""Printed values read back in CGSuite as the same value (issue 13, item 3).

``cgsuite_value`` below is an independent reader of the part of CGSuite's input grammar that
printed values use, written from ``lib/core/src/main/antlr/org/cgsuite/lang/parser/Cgsuite.g``
in ``aaron-siegel/cgsuite`` (see the docstring of :mod:`cgsat.cgt.notation`):

    addExpr      : sidle (('+' | '-') sidle | '+-' sidle)*        a +- b is a + (+-b)
    multiplyExpr : unary (('*' | '/' | '%') unary)*               binary '*' multiplies
    unaryExpr    : '+-' expExpr | '-' expExpr | '+' expExpr | expExpr
    expExpr      : postfix ('^' expExpr)?                         binary '^' exponentiates
    upstarExpr   : ups star | ('^'|'v') primary star | ('^'|'v') primary | star | ups
                 | primary                                        (tried in this order)
    starExpr     : '*' primary | '*'
    primaryExpr  : INTEGER | '(' expression ')' | '{' slashExpression '}'

Binary ``*`` and ``^`` (multiplication, exponentiation) are reported as errors here: a
printed value that needs them does not mean in CGSuite what cgsat meant.
"""

import itertools
import re
from fractions import Fraction

import pytest

from cgsat.cgt.canonical import (
    ONE,
    STAR,
    UP,
    ZERO,
    Game,
    add,
    game,
    nimber,
    number,
    nus,
    up_multiple,
)
from cgsat.cgt.notation import parse, to_str
from cgsat.cgt.partizan_values import canonical_form
from cgsat.games.toppling import RULESET as TOPPLING

_LEX = re.compile(r"\s*(\d+|\^\^+|vv+|\+-|\|+|[\^v*/+\-(){},])")


class NotCgsuite(Exception):
    pass


def _lex(text: str) -> list[str]:
    out, i = [], 0
    while i < len(text):
        m = _LEX.match(text, i)
        if m is None:
            if text[i:].strip() == "":
                break
            raise NotCgsuite(f"cannot lex {text[i:]!r}")
        out.append(m.group(1))
        i = m.end()
    return out


class _Reader:
    """Values are Fraction (a CGSuite integer or rational) or Game."""

    def __init__(self, text: str) -> None:
        self.t = _lex(text)
        self.i = 0

    def peek(self, k: int = 0) -> str | None:
        return self.t[self.i + k] if self.i + k < len(self.t) else None

    def eat(self, tok: str) -> None:
        if self.peek() != tok:
            raise NotCgsuite(f"expected {tok!r} at {self.i}, got {self.peek()!r}")
        self.i += 1

    @staticmethod
    def game(v) -> Game:
        return number(v) if isinstance(v, Fraction) else v

    def expr(self):
        v = self.multiply()
        while self.peek() in ("+", "-", "+-"):
            op = self.t[self.i]
            self.i += 1
            w = self.game(self.multiply()) if op != "+-" else self.pm(self.multiply())
            v = add(self.game(v), w if op != "-" else -w)
        return v

    def pm(self, v) -> Game:
        g = self.game(v)
        return game([g], [-g])

    def multiply(self):
        v = self.unary()
        while self.peek() in ("*", "/"):
            op = self.t[self.i]
            self.i += 1
            w = self.unary()
            if op == "*":
                raise NotCgsuite("binary '*' is multiplication in CGSuite")
            if not (isinstance(v, Fraction) and isinstance(w, Fraction)):
                raise NotCgsuite("'/' of a game")
            v = v / w
        return v

    def unary(self):
        tok = self.peek()
        if tok in ("+-", "-", "+"):
            self.i += 1
            v = self.exp()
            if tok == "+-":
                return self.pm(v)
            if tok == "-":
                return -v
            return v
        return self.exp()

    def exp(self):
        v = self.upstar()
        if self.peek() == "^":
            raise NotCgsuite("binary '^' is exponentiation in CGSuite")
        return v

    def upstar(self):
        tok = self.peek()
        if tok and (tok[0] == "^" or tok[0] == "v"):
            self.i += 1
            k = len(tok) if tok[0] == "^" else -len(tok)
            if self.peek() == "*":
                return nus(0, k, self.star())
            nxt = self.peek()
            if len(tok) == 1 and nxt is not None and (nxt.isdigit() or nxt in ("(", "{")):
                p = self.primary()
                if not isinstance(p, Fraction) or p.denominator != 1:
                    raise NotCgsuite("'^' of a non-integer")
                n = self.star() if self.peek() == "*" else 0
                return nus(0, k * int(p), n)
            return up_multiple(k)
        if tok == "*":
            return nimber(self.star())
        return self.primary()

    def star(self) -> int:
        self.eat("*")
        tok = self.peek()
        if tok is not None and tok.isdigit():
            self.i += 1
            return int(tok)
        if tok in ("(", "{"):
            raise NotCgsuite("'*' of a bracketed primary")
        return 1

    def primary(self):
        tok = self.peek()
        if tok is not None and tok.isdigit():
            self.i += 1
            return Fraction(int(tok))
        if tok == "(":
            self.i += 1
            v = self.expr()
            self.eat(")")
            return v
        if tok == "{":
            self.i += 1
            start = self.i
            depth = 0
            while depth or self.peek() != "}":
                if self.peek() is None:
                    raise NotCgsuite("unclosed brace")
                depth += self.peek() in ("{", "(")
                depth -= self.peek() in ("}", ")")
                self.i += 1
            inner = self.t[start : self.i]
            self.eat("}")
            return self.slashes(inner)
        raise NotCgsuite(f"unexpected {tok!r}")

    def slashes(self, toks: list[str]) -> Game:
        depth, bars = 0, []
        for j, tok in enumerate(toks):
            depth += tok in ("{", "(")
            depth -= tok in ("}", ")")
            if depth == 0 and tok[0] == "|":
                bars.append((len(tok), j))
        if not bars:
            raise NotCgsuite("braces without bars")
        top = max(b for b, _ in bars)
        at = [j for b, j in bars if b == top]
        if len(at) > 1:
            raise NotCgsuite("ambiguous pattern of slashes")
        j = at[0]
        return game(self.side(toks[:j]), self.side(toks[j + 1 :]))

    def side(self, toks: list[str]) -> list[Game]:
        depth = 0
        for tok in toks:
            depth += tok in ("{", "(")
            depth -= tok in ("}", ")")
            if depth == 0 and tok[0] == "|":
                return [self.slashes(toks)]
        out, depth, cur = [], 0, []
        for tok in toks + [","]:
            depth += tok in ("{", "(")
            depth -= tok in ("}", ")")
            if tok == "," and depth == 0:
                if cur:
                    sub = _Reader("")
                    sub.t = cur
                    out.append(sub.whole())
                cur = []
            else:
                cur.append(tok)
        return out

    def whole(self) -> Game:
        v = self.expr()
        if self.i != len(self.t):
            raise NotCgsuite(f"trailing {self.t[self.i:]!r}")
        return self.game(v)


def cgsuite_value(text: str) -> Game:
    """The game CGSuite's grammar reads TEXT as (NotCgsuite when it is not a plain game)."""
    return _Reader(text).whole()


HALF = number(Fraction(1, 2))

# (game, what cgsat prints, the old form CGSuite misreads)
TABLE = [
    (ONE + STAR, "1+*", "1*"),
    (number(1) + nimber(2), "1+*2", "1*2"),
    (number(3) + up_multiple(5), "3+^5", "3^5"),
    (number(Fraction(9, 8)) + STAR, "9/8+*", "9/8*"),
    (nus(2, -1, 1), "2+v*", "2v*"),
    (nus(10, -3, 1), "10+v3*", "10v3*"),
    (game([ONE + STAR], [-(ONE + STAR)]), "+-(1+*)", "+-1*"),
    (game([HALF], [-HALF]), "+-(1/2)", "+-1/2"),
    (nus(Fraction(-1, 2), -1, 3), "-1/2+v*3", "-1/2v*3"),
]


@pytest.mark.parametrize("g, text, old", TABLE)
def test_printed_form_reads_back_in_cgsuite(g, text, old):
    assert to_str(g) == text
    assert cgsuite_value(text) is g
    # cgsat still reads its old form, which CGSuite does not read as the same game
    assert parse(old) is g
    try:
        assert cgsuite_value(old) is not g
    except NotCgsuite:
        pass


@pytest.mark.parametrize(
    "g, text",
    [
        (ZERO, "0"),
        (STAR, "*"),
        (UP, "^"),
        (up_multiple(2, 1), "^^*"),
        (up_multiple(3, 2), "^3*2"),
        (up_multiple(-3), "v3"),
        (game([ONE], [-ONE]), "+-1"),
        (game([STAR], [STAR]), "0"),
        (game([UP], [-UP]), "*"),
        (game([number(2)], [number(-2)]), "+-2"),
        (game([number(2) + UP], [-(number(2) + UP)]), "+-(2+^)"),
        (game([number(-1)], [ONE]), "0"),
        (game([UP, STAR], [-UP, STAR]), "{*,^|*,v}"),
        (game([game([number(2)], [ONE])], [game([-ONE], [number(-2)])]), "+-{2|1}"),
        (game([ZERO], [game([ZERO], [number(-1)])]), "{0||0|-1}"),
    ],
)
def test_other_forms_read_back_in_cgsuite(g, text):
    assert to_str(g) == text
    assert cgsuite_value(text) is g
    assert parse(text) is g


def test_the_grammar_reader_rejects_what_cgsuite_misreads():
    # negative controls: the reader is not a copy of cgsat's parser
    assert cgsuite_value("3^5".replace("^", "+^")) is number(3) + up_multiple(5)
    with pytest.raises(NotCgsuite):
        cgsuite_value("1*")
    with pytest.raises(NotCgsuite):
        cgsuite_value("3^5")
    with pytest.raises(NotCgsuite):
        cgsuite_value("+-1/2")
    assert cgsuite_value("+-1+*") is add(game([ONE], [-ONE]), STAR)


def _toppling_values():
    seen = {}
    for n in range(7):
        for row in itertools.product("LRE", repeat=n):
            g = canonical_form(TOPPLING, ("".join(row),) if row else ())
            seen.setdefault(g.id, g)
    return list(seen.values())


def test_every_toppling_value_up_to_length_6_round_trips():
    values = _toppling_values()
    assert len(values) > 50
    forms = set()
    for g in values:
        text = to_str(g)
        forms.add(text)
        assert parse(text) is g, text
        assert cgsuite_value(text) is g, text
        assert parse("+-(" + text + ")") is game([g], [-g])
        pm = to_str(game([g], [-g]))
        assert cgsuite_value(pm) is parse(pm), pm
    # the round trip covers number-up-stars written with '+' and with '+-(...)'
    assert any("+" in t and not t.startswith("+-") for t in forms)
