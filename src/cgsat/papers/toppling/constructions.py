"""Rows and games the claims of *Toppling Conjectures* are built from.

- Theorem 29's LR rows of value ``*m`` (:func:`star_rows`);
- Conjecture 33's value ``{1|0,{0|-1}}`` (:func:`conjecture33_value`);
- Conjectures 37-39: rows built from number rows, ``aLRb``, ``aLRcRLb`` and
  ``bRLaLRdRLc``, and the games they should equal (:data:`CONSTRUCTIONS`,
  :func:`construction_cases`);
- Conjecture 40's list of games (:func:`conjecture40_games`).

Both sides of the claims use them: the SAT side to name its targets and allowed rows, the
direct solver to name the values it expects.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from cgsat.cgt.canonical import ONE, STAR, ZERO, Game, game, number, up_multiple
from cgsat.cgt.notation import to_str
from cgsat.papers.toppling.numbers import number_rows

__all__ = [
    "star_rows",
    "switch",
    "conjecture33_value",
    "Construction",
    "CONSTRUCTIONS",
    "construction_cases",
    "allowed_rows",
    "describe_numbers",
    "conjecture40_games",
]


def star_rows(m: int, n: int) -> set[str]:
    """Theorem 29's LR rows of value ``*m`` and length ``n``: ``(LR)^a (RL)^m (LR)^a``,
    ``a < m``, and their reversals.

    Examples
    --------
    >>> sorted(star_rows(2, 8))
    ['LRRLRLLR', 'RLLRLRRL']

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 25 and Theorem 29.
    """
    return {("LR" * a + "RL" * m + "LR" * a)[::r]
            for a in range(m) if 2 * m + 4 * a == n for r in (1, -1)}


def switch(a: Game, b: Game) -> Game:
    """The game ``{a|b}``.

    Examples
    --------
    >>> str(switch(ONE, ZERO))
    '{1|0}'

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjectures 37-40.
    """
    return game([a], [b])


def conjecture33_value() -> Game:
    """``{1|0,{0|-1}}``.

    Examples
    --------
    >>> str(conjecture33_value())
    '{1|0,{0|-1}}'

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 33.
    """
    return game([ONE], [ZERO, game([ZERO], [number(Fraction(-1))])])


# -- Conjectures 37, 38, 39: {a|b}, {a||b|c}, {a|b||c|d} -----------------------------------
def _row37(a: str, b: str) -> str:
    """``aLRb`` (Conjecture 37)."""
    return a + "LR" + b


def _game37(a: Game, b: Game) -> Game:
    """``{a|b}`` (Conjecture 37)."""
    return switch(a, b)


def _row38(a: str, b: str, c: str) -> str:
    """``aLRcRLb`` (Conjecture 38)."""
    return a + "LR" + c + "RL" + b


def _game38(a: Game, b: Game, c: Game) -> Game:
    """``{a||b|c}`` (Conjecture 38)."""
    return switch(a, switch(b, c))


def _row39(a: str, b: str, c: str, d: str) -> str:
    """``bRLaLRdRLc`` (Conjecture 39)."""
    return b + "RL" + a + "LR" + d + "RL" + c


def _game39(a: Game, b: Game, c: Game, d: Game) -> Game:
    """``{a|b||c|d}`` (Conjecture 39)."""
    return switch(switch(a, b), switch(c, d))


@dataclass(frozen=True)
class Construction:
    """A row built from the rows of ``arity`` numbers, and the game it should equal.

    Attributes
    ----------
    arity : int
        How many numbers (a, b, ...).
    row : callable
        Number rows -> the construction row.
    game : callable
        Number games -> the game.
    statement : str
        ``game = row`` in the paper's letters.
    """

    arity: int
    row: Callable[..., str]
    game: Callable[..., Game]
    statement: str


CONSTRUCTIONS: dict[str, Construction] = {
    "conj37": Construction(2, _row37, _game37, "{a|b} = aLRb"),
    "conj38": Construction(3, _row38, _game38, "{a||b|c} = aLRcRLb"),
    "conj39": Construction(4, _row39, _game39, "{a|b||c|d} = bRLaLRdRLc"),
}
"""Conjectures 37-39 by claim label."""


def construction_cases(name: str, max_len: int,
                       strict: bool) -> list[tuple[tuple[Fraction, ...], str, Game]]:
    """Every tuple of numbers a >= b >= ... (or > with ``strict``) whose construction row has
    at most ``max_len`` dominoes: ``(numbers, row, game)``, shortest rows first.

    Examples
    --------
    >>> [(tuple(map(str, t)), w) for t, w, _ in construction_cases("conj37", 3, False)]
    [(('0', '0'), 'LR'), (('1', '0'), 'LLR'), (('0', '-1'), 'LRR')]

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjectures 37, 38 and 39.
    """
    c = CONSTRUCTIONS[name]
    fixed = 2 * (c.arity - 1)
    known = number_rows(max(max_len - fixed, 0))
    nums = sorted(known, reverse=True)
    out = []
    for t in itertools.combinations_with_replacement(nums, c.arity):
        if strict and len(set(t)) < c.arity:
            continue
        row = c.row(*(known[q] for q in t))
        if len(row) <= max_len:
            out.append((t, row, c.game(*(number(q) for q in t))))
    out.sort(key=lambda case: (len(case[1]), case[1]))
    return out


def allowed_rows(cases: list[tuple[tuple[Fraction, ...], str, Game]]) -> dict[Game, set[str]]:
    """The construction rows and their reversals, by the game they should equal.

    Examples
    --------
    >>> {str(g): sorted(ws) for g, ws in
    ...  allowed_rows(construction_cases("conj37", 3, True)).items()}
    {'{1|0}': ['LLR', 'RLL'], '{0|-1}': ['LRR', 'RRL']}

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjectures 37-39 ("uniquely", up to reversal).
    """
    allowed: dict[Game, set[str]] = {}
    for _t, row, g in cases:
        allowed.setdefault(g, set()).update({row, row[::-1]})
    return allowed


def describe_numbers(t: tuple[Fraction, ...]) -> str:
    """``a = ..., b = ...`` for a tuple of numbers.

    Examples
    --------
    >>> describe_numbers((Fraction(1), Fraction(0)))
    'a = 1, b = 0'

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjectures 37-39.
    """
    return ", ".join(f"{k} = {q}" for k, q in zip("abcd", t, strict=False))


# -- Conjecture 40: games that do not occur --------------------------------------------------
def conjecture40_games() -> list[tuple[str, Game]]:
    """Every game born by day 2 (22 values), then a selection of day-3 games.

    Examples
    --------
    >>> len([n for n, _ in conjecture40_games()])
    29

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 40.
    """
    day1 = [ZERO, STAR, ONE, -ONE]
    subsets = [list(c) for k in range(len(day1) + 1) for c in itertools.combinations(day1, k)]
    day2: dict = {}
    for left in subsets:
        for right in subsets:
            g = game(left, right)
            day2.setdefault(g, to_str(g))
    out = sorted(((s, g) for g, s in day2.items()), key=lambda t: (t[1].birthday(), t[0]))
    half = number(Fraction(1, 2))
    extra = [up_multiple(2), up_multiple(2, 1), switch(half, -half), switch(ONE, STAR),
             switch(ZERO, switch(ZERO, -ONE)), switch(switch(ONE, ZERO), ZERO),
             switch(ZERO, switch(ZERO, -number(Fraction(2)))),
             switch(switch(number(Fraction(2)), ZERO), ZERO)]
    seen = set(day2)
    for g in extra:
        if g not in seen:
            seen.add(g)
            out.append((to_str(g), g))
    return out
