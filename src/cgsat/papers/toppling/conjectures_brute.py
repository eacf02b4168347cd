"""The direct solver's side of *Toppling Conjectures* §7 ("Conjectures"): Conjectures
33-40 and Theorem 36, with their replays, built like
:mod:`cgsat.papers.toppling.brute`: the methods use canonical forms, the replays
plain game-tree search on the row minus the claimed value (:mod:`cgsat.cgt.play`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from cgsat.cgt import play
from cgsat.cgt.canonical import Game
from cgsat.claims import Budget, Verdict
from cgsat.papers.toppling.brute import TOPPLING, rows, value
from cgsat.papers.toppling.brute import row as one_row
from cgsat.papers.toppling.constructions import (
    allowed_rows,
    conjecture33_value,
    conjecture40_games,
    construction_cases,
    describe_numbers,
)
from cgsat.papers.toppling.numbers import theorem36_cases

__all__ = [
    "conj33",
    "conj33_confirm",
    "CONJECTURE33",
    "conj34",
    "conj34_confirm",
    "conj35",
    "conj35_confirm",
    "thm36",
    "thm36_confirm",
    "construction",
    "construction_confirm",
    "EXPLICIT_GAMES",
    "explicit",
    "conj40_absent",
    "conj40_absent_confirm",
]


def conj33(n: int, budget: Budget) -> Verdict:
    """No LR row of exactly ``n`` dominoes has canonical form ``{1|0,{0|-1}}``.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 33.
    """
    target = conjecture33_value()
    for w in rows(n, "LR"):
        if value(w) == target:
            return Verdict.refuted(w)
    return Verdict.holds(detail=f"{2 ** n} LR rows")


def conj33_confirm(n: int, w: str) -> bool:
    """Whether ``w`` is an LR row of value ``{1|0,{0|-1}}`` (game-tree search against the
    explicit game).

    Examples
    --------
    >>> conj33_confirm(4, "LERE"), conj33_confirm(4, "LRRL")
    (False, False)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 33.
    """
    return set(w) <= set("LR") and play.equals(TOPPLING, one_row(w), CONJECTURE33)


CONJECTURE33 = play.Explicit((play.integer(1),),
                             (play.ZERO, play.switch(play.ZERO, play.integer(-1))))
"""``{1|0,{0|-1}}`` written out for the replay of Conjecture 33."""


def conj34(n: int, budget: Budget) -> Verdict:
    """``xLy > xy`` for every row ``xy`` of exactly ``n`` dominoes over LRE and every place
    for the L.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 34.
    """
    for w in rows(n):
        v = value(w)
        for p in range(n + 1):
            if not value(w[:p] + "L" + w[p:]) > v:
                return Verdict.refuted(w[:p] + "L" + w[p:], detail=f"x = {w[:p]!r}")
    return Verdict.holds(detail=f"{3 ** n} rows xy, {n + 1} places for the L")


def conj34_confirm(n: int, w: str) -> bool:
    """Whether some L of ``w``, removed, leaves a row ``xy`` with not ``xLy > xy`` (game-tree
    search on ``xLy - xy``).

    Examples
    --------
    >>> conj34_confirm(3, "RLE")
    False

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 34.
    """
    return any(not play.greater(TOPPLING, one_row(w), one_row(w[:p] + w[p + 1:]))
               for p, c in enumerate(w) if c == "L")


def conj35(n: int, budget: Budget) -> Verdict:
    """Canonical forms of every LR row of length ``<= n``: no value class holding a
    palindrome has two rows (one of length ``n``).

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 35.
    """
    by_value: dict = {}
    for m in range(1, n + 1):
        for w in rows(m, "LR"):
            by_value.setdefault(value(w), []).append(w)
    for ws in by_value.values():
        if len(ws) > 1:
            pals = [w for w in ws if w == w[::-1]]
            if pals and any(len(w) == n or len(pals[0]) == n for w in ws):
                other = next(w for w in ws if w != pals[0])
                return Verdict.refuted(f"{pals[0]} {other}")
    return Verdict.holds(detail=f"{2 ** (n + 1) - 2} LR rows of length <= {n}")


def conj35_confirm(n: int, text: str) -> bool:
    """Whether ``text`` = ``"P G"`` is an LR palindrome and another LR row of equal value
    (game-tree search on ``P - G``).

    Examples
    --------
    >>> conj35_confirm(3, "LRL RLL"), conj35_confirm(3, "LRRL RLLR")
    (False, False)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 35.
    """
    pal, other = text.split()
    return pal == pal[::-1] and pal != other and set(pal + other) <= set("LR") and \
        play.equals(TOPPLING, one_row(pal), one_row(other))


# -- Theorem 36 and Conjectures 37-39 -------------------------------------------------------
def thm36(n: int, budget: Budget) -> Verdict:
    """Every non-integer number ``x`` whose row has ``n`` dominoes: canonical form of
    ``x^L LR x^R``.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 36.
    """
    cases = theorem36_cases(n)
    for q, w, built in cases:
        v = value(built)
        if not (v.is_number() and v.number_value() == q and built == w):
            return Verdict.refuted(built, detail=f"x = {q}")
    if not cases:
        return Verdict.vacuous(f"no non-integer number has a row of length {n}")
    return Verdict.holds(detail=f"{len(cases)} non-integer numbers with rows of length {n}")


def thm36_confirm(n: int, w: str) -> bool:
    """Whether ``w = x^L LR x^R`` is not ``x`` (game-tree search on ``w - x``, ``x``
    explicit) or not ``x``'s row.

    Examples
    --------
    >>> thm36_confirm(3, "LRL"), thm36_confirm(3, "LRR")
    (False, False)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 36.
    """
    for q, own_row, built in theorem36_cases(len(w)):
        if built == w:
            return built != own_row or not play.equals(TOPPLING, one_row(w), play.number(q))
    return False


def construction(n: int, budget: Budget, name: str, strict: bool) -> Verdict:
    """Conjectures 37-39 at length ``n``: canonical form of each construction row of length
    ``n``, and canonical forms of every row of exactly ``n`` dominoes over LRE.

    Parameters
    ----------
    n : int
    budget : Budget
    name : {"conj37", "conj38", "conj39"}
    strict : bool
        Numbers ``a > b > ...`` (the strict variant) instead of ``a >= b >= ...``.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjectures 37, 38 and 39.
    """
    cases = construction_cases(name, n, strict)
    if not cases:
        return Verdict.vacuous(f"no tuple has a construction row of length <= {n}")
    for t, row, g in cases:
        if len(row) == n and value(row) != g:
            return Verdict.refuted(row, detail=f"{describe_numbers(t)}: {row} = {value(row)}, "
                                   f"not {g}")
    allowed = allowed_rows(cases)
    for w in rows(n):
        v = value(w)
        if v in allowed and w not in allowed[v]:
            return Verdict.refuted(w, detail=f"{w} = {v}, also given by "
                                   f"{min(allowed[v])}")
    return Verdict.holds(detail=f"{len(cases)} tuples; {3 ** n} rows")


def construction_confirm(n: int, w: str, name: str, strict: bool) -> bool:
    """Whether ``w`` is a construction row without its game's value, or another row with
    the value of a construction.

    By game-tree search: ``w`` against each construction game written out with explicit
    numbers (:data:`EXPLICIT_GAMES`); the constructions' canonical games are not used. A
    row with the value of a tuple's game is allowed if it (or its reversal) is the row of
    a tuple whose game equals that game.

    Examples
    --------
    >>> construction_confirm(6, "RLLRRL", "conj39", False)
    True
    >>> construction_confirm(6, "LLRRLR", "conj39", False)
    False

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjectures 37, 38 and 39.
    """
    cases = [(t, r) for t, r, _ in construction_cases(name, len(w), strict)]
    build = EXPLICIT_GAMES[name]
    games = {t: build(*(play.number(q) for q in t)) for t, _ in cases}
    for t, r in cases:
        if r == w and not play.equals(TOPPLING, one_row(w), games[t]):
            return True
    for t, _ in cases:
        if play.equals(TOPPLING, one_row(w), games[t]):
            return not any(w in (r, r[::-1]) and _same(games[u], games[t]) for u, r in cases)
    return False


@cache
def _same(g: play.Explicit, h: play.Explicit) -> bool:
    """Whether two explicit games are equal (game-tree search on ``g - h``)."""
    return play.equals(TOPPLING, g, h)


EXPLICIT_GAMES: dict[str, Callable[..., play.Explicit]] = {
    "conj37": lambda a, b: play.switch(a, b),
    "conj38": lambda a, b, c: play.switch(a, play.switch(b, c)),
    "conj39": lambda a, b, c, d: play.switch(play.switch(a, b), play.switch(c, d)),
}
"""Conjectures 37-39's games ``{a|b}``, ``{a||b|c}``, ``{a|b||c|d}`` as explicit games."""


# -- Conjecture 40: games that do not occur --------------------------------------------------
def explicit(g: Game) -> play.Explicit:
    """A listed game as an explicit game, read off its options (no engine call).

    Examples
    --------
    >>> explicit(conjecture33_value()) == CONJECTURE33
    True

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 40.
    """
    return play.Explicit(tuple(explicit(o) for o in g.left),
                         tuple(explicit(o) for o in g.right))


# -- Conjecture 40, one check per listed game (issue 12) --------------------------------------
def conj40_absent(n: int, budget: Budget, games: tuple[str, ...]) -> Verdict:
    """Canonical forms of every row of exactly ``n`` dominoes over LRE: none is one of the
    listed games (labels of :func:`conjecture40_games`); every listed game is checked.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 40.
    """
    listed = {g: label for label, g in conjecture40_games() if label in games}
    if len(listed) != len(set(games)):
        raise ValueError(f"unknown games in {games}")
    for w in rows(n):
        label = listed.get(value(w))
        if label is not None:
            return Verdict.refuted(w, detail=f"has value {label}")
    return Verdict.holds(detail=f"{3 ** n} rows; none is {', '.join(games)}")


def conj40_absent_confirm(n: int, w: str, games: tuple[str, ...]) -> bool:
    """Whether the row ``w`` has the value of one of the listed games.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 40.
    """
    row = one_row(w)
    return any(play.equals(TOPPLING, row, explicit(g))
               for label, g in conjecture40_games() if label in games)
