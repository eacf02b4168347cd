"""Families of values for the probe ``toppling-uniqueness`` (issue 14): each a game built
from a number ``x > 0`` and the rows claimed to be exactly the rows of that game.

Shared by both sides (:mod:`~cgsat.papers.toppling.families_sat`,
:mod:`~cgsat.papers.toppling.families_brute`) as the *statement*: the game to
compare with and the claimed rows, built from ``x``'s row (Corollary 8,
:func:`~cgsat.papers.toppling.numbers.number_rows`). Nothing here decides a row's
value.

The families (rows up to reversal; ``x`` stands for ``x``'s row, ``-x`` for its colour
swap, which is ``-x``'s row):

========  ==============  ==============================  =============================
name      game            claimed rows                    first case
========  ==============  ==============================  =============================
x-zero    ``{x|0}``       ``Ex``, ``xLR``                 ``{1|0}``: EL, LLR
switch    ``±x``          ``xE(-x)``, ``xLR(-x)``         ``±1``: LER, LLRR
x-star    ``x* = {x|x}``  ``xEx``, ``xLRx``               ``1*``: LEL, LLRL
========  ==============  ==============================  =============================

Each is an exact count: two rows up to reversal (``xLR`` is Lemma 20, ``xLR(-x)`` is
Conjecture 37's row; the rows with ``E`` are what the probe's data add).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from cgsat.cgt.canonical import ZERO, Game, game
from cgsat.papers.toppling.numbers import positive_numbers, swap

__all__ = ["Family", "FAMILIES", "claimed_rows", "family_cases", "describe"]


@dataclass(frozen=True)
class Family:
    """A family of values indexed by a number ``x > 0``, with its claimed rows.

    Attributes
    ----------
    name : str
        The claim suffix (``toppling.unique-<name>``).
    game : callable
        ``game(x)``: the value for the number game ``x``.
    rows : callable
        ``rows(w)``: the claimed rows for ``x``'s row ``w`` (one of each reversal pair).
    statement : str
        The game and its rows in the paper's letters.
    """

    name: str
    game: Callable[[Game], Game]
    rows: Callable[[str], tuple[str, ...]]
    statement: str


def _switch(a: Game, b: Game) -> Game:
    """``{a|b}``."""
    return game([a], [b])


FAMILIES: dict[str, Family] = {
    "x-zero": Family("x-zero", lambda x: _switch(x, ZERO), lambda w: ("E" + w, w + "LR"),
                     "{x|0} = Ex = xLR"),
    "switch": Family("switch", lambda x: _switch(x, -x),
                     lambda w: (w + "E" + swap(w), w + "LR" + swap(w)),
                     "+-x = xE(-x) = xLR(-x)"),
    "x-star": Family("x-star", lambda x: _switch(x, x), lambda w: (w + "E" + w, w + "LR" + w),
                     "x* = xEx = xLRx"),
}
"""The families by name."""


def claimed_rows(family: Family, w: str) -> set[str]:
    """The claimed rows for ``x``'s row ``w`` and their reversals.

    Examples
    --------
    >>> sorted(claimed_rows(FAMILIES["x-zero"], "L"))
    ['EL', 'LE', 'LLR', 'RLL']

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 20 and Conjectures 22 and 37 (uniqueness of
    a value's row, up to reversal).
    """
    return {r for row in family.rows(w) for r in (row, row[::-1])}


def family_cases(family: Family, max_len: int) -> list[tuple[Fraction, str, set[str]]]:
    """Every number ``x > 0`` whose row has at most ``max_len`` dominoes: ``(x, x's row,
    claimed rows with reversals)``, shortest rows first.

    A row of ``n`` dominoes equal to ``{x|0}``, ``±x`` or ``x*`` has a follower equal to
    ``x`` (the canonical form's options are equal to followers), so ``x``'s row has at
    most ``n - 1`` dominoes (Theorem 16): the cases with ``max_len = n - 1`` are all the
    ``x`` a row of length ``n`` can have.

    Examples
    --------
    >>> [(str(q), w) for q, w, _ in family_cases(FAMILIES["switch"], 2)]
    [('1', 'L'), ('2', 'LL')]

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 16 and Conjecture 22 (the same argument).
    """
    return [(q, w, claimed_rows(family, w)) for q, w in positive_numbers(max_len)]


def describe(family: Family, q: Fraction) -> str:
    """The value's label for ``x = q``.

    Examples
    --------
    >>> describe(FAMILIES["switch"], Fraction(1, 2))
    '+-x, x = 1/2'

    References
    ----------
    Fink et al., *Toppling Conjectures*, §7 (notation).
    """
    return f"{family.statement.split(' = ')[0]}, x = {q}"
