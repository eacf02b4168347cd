"""Theorem 32 of *Toppling Conjectures* (atomic weights) by plain game-tree search.

The engine's methods for Theorem 32 (:func:`cgsat.papers.toppling.brute.thm32`)
compute atomic weights from canonical forms (:mod:`cgsat.cgt.atomic_weight`). This module
decides a consequence of the theorem without canonical forms or any atomic-weight code:
every question it asks is "who wins moving first on a sum", answered by
:mod:`cgsat.cgt.play` on a row plus small explicit games (``k·↑``, ``*``, numbers).

The formulation
---------------
For a row ``G`` of ``n`` dominoes:

1. *Infinitesimal*, by play: ``-2^-n < G < 2^-n``. This is exactly ``LS(G) = RS(G) = 0``:
   ``G`` is born by day ``n``, so its stops are numbers born by day ``n`` and a nonzero
   stop has absolute value at least ``2^-(n-1)``; and for a number ``x``, ``LS(G) < x``
   implies ``G < x`` while ``G <= x`` implies ``LS(G) <= x`` (symmetrically for ``RS``).
2. *The proof's G′*, built from the row's own game tree: every follower of ``G`` whose
   value is a number (found by play, :func:`cgsat.cgt.play.number_value`) becomes ``k·↑``
   if positive, ``k·↓`` if negative, ``0`` if zero; every other follower keeps its
   options. A non-number follower of a row has moves for both players (a game with moves
   for one player only is an integer), so G′ is all-small as a form, hence as a value.
   The proof uses ``k = 2`` (⇑); like the engine's method, ``k = 3`` is tried when the
   proof's check fails for ``k = 2``.
3. *The proof's outcome check*, by play: ``G + H`` and ``G′ + H`` have the same outcome
   for ``H`` in ⇑*, ↑*, *, ↓*, ⇓*. Neither k passing gives "unknown", as in the engine's
   method.
4. *The weight bound*, by play: ``(lo - 2)·↑ < G′ < (hi + 2)·↑`` with ``[lo, hi] =
   [-1, 1]``, i.e. ``-3↑ < G′ < 3↑``. Atomic weight is additive on all-small games and
   ``aw(X) >= 2`` implies ``X > 0`` (the two-ahead rule; Winning Ways ch. 8, Lessons in
   Play ch. 9), so ``aw(G′) <= hi`` gives ``aw(G′ - (hi+2)·↑) <= -2``, i.e.
   ``G′ < (hi+2)·↑``, and ``aw(G′) >= lo`` gives ``G′ > (lo-2)·↑``. A row failing 4
   therefore has ``aw(G′)`` outside ``{-1, 0, 1}``: a genuine counterexample under the
   paper's reading (G has the weight of G′). Where ``G′ = G`` (checked by play and counted
   in the detail; so far every row whose value is all-small) the bound is on G itself.

Scope (what "holds" means): every infinitesimal row of ``n`` dominoes (a row and its
reversal are the same game, so one of each pair is searched) passes the proof's outcome
check with ⇑ or ↑↑↑, and its G′ lies strictly between ``-3↑`` and ``3↑``. That is a
*consequence* of Theorem 32, not the theorem, and it is all that finitely many outcome
checks can decide here: they bound the weight but cannot tell an integer weight from a
non-integer one, nor 1 from 2 in every case (a weight ``1/2``, ``↑`` or, for some G′,
``2`` passes 4), so "exactly -1, 0 or 1" stays with the engine's methods. Conversely a
failure of 4 proves by outcomes alone that the weight is outside ``[-1, 1]``. For a
non-all-small G the paper's atomic weight is that of G′; this module's G′ is built from
the row's game tree, not from the canonical form as the engine's is, so the two may need
different k (the detail counts rows needing ↑↑↑); both are substitutes the proof's sketch
allows (all-small, passing its outcome check). The weight bound is a theorem only for the
weight as the paper defines it (through G′); for an all-small G it is the standard one.

References
----------
.. [1] A. Fink, R. J. Nowakowski, A. N. Siegel, D. Wolfe, *Toppling Conjectures*, §6,
   Lemma 31, Theorem 32 and its proof (``toppling-conjectures.txt``).
.. [2] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, vol. 1, ch. 8;
   M. H. Albert, R. J. Nowakowski, D. Wolfe, *Lessons in Play*, ch. 9 (atomic weight is
   additive; the two-ahead rule; stops and numbers).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from cgsat.cgt import play
from cgsat.claims import Budget, Verdict
from cgsat.games import toppling

__all__ = [
    "TOPPLING",
    "UP",
    "SUBSTITUTES",
    "THEOREM_WEIGHTS",
    "ups",
    "probes",
    "is_infinitesimal",
    "substitute",
    "outcome_check",
    "weight_bound_fails",
    "RowCheck",
    "check_row",
    "thm32_play",
    "thm32_confirm_play",
]

TOPPLING = toppling.RULESET
UP = play.Explicit((play.ZERO,), (play.STAR,))
"""``↑ = {0|*}``."""

SUBSTITUTES = (2, 3)
"""How many ups replace a positive number in G′: the proof's ⇑, then ↑↑↑."""

THEOREM_WEIGHTS = (-1, 1)
"""Theorem 32's weights, as an interval ``[lo, hi]`` of integers."""


@cache
def _sum(a: play.Explicit, b: play.Explicit) -> play.Explicit:
    """The explicit game ``a + b`` (both explicit), by the definition of a sum."""
    left = [_sum(x, b) for x in a.left] + [_sum(a, y) for y in b.left]
    right = [_sum(x, b) for x in a.right] + [_sum(a, y) for y in b.right]
    return play.Explicit(left, right)


@cache
def ups(k: int) -> play.Explicit:
    """``k·↑`` (``k < 0``: ``|k|·↓``) as one explicit game, the sum of ``|k|`` copies.

    Examples
    --------
    >>> ups(1)
    {0|{0|0}}
    >>> play.compare(TOPPLING, ups(2), ups(1)), play.compare(TOPPLING, ups(-1), play.ZERO)
    ('>', '<')

    References
    ----------
    Fink et al., *Toppling Conjectures*, proof of Theorem 32 (⇑, the substitute).
    """
    if k < 0:
        return play.neg(ups(-k))
    g = play.ZERO
    for _ in range(k):
        g = _sum(g, UP)
    return g


def probes() -> tuple[tuple[str, play.Explicit], ...]:
    """The five games ``H`` of the proof of Theorem 32, as explicit games.

    Examples
    --------
    >>> [name for name, _ in probes()]
    ['^^*', '^*', '*', 'v*', 'vv*']

    References
    ----------
    Fink et al., *Toppling Conjectures*, proof of Theorem 32.
    """
    return tuple((name, _sum(ups(k), play.STAR))
                 for name, k in (("^^*", 2), ("^*", 1), ("*", 0), ("v*", -1), ("vv*", -2)))


def _position(word: str) -> tuple[str, ...]:
    """The position of one row (the empty row is the empty position)."""
    return (word,) if word else ()


def is_infinitesimal(word: str) -> bool:
    """Whether the row is infinitesimal, by play: ``-2^-n < G < 2^-n`` for ``n`` dominoes
    (see the module docstring for why this is exactly ``LS(G) = RS(G) = 0``).

    Examples
    --------
    >>> [is_infinitesimal(w) for w in ("LR", "E", "L", "LLR", "")]
    [True, True, False, False, True]

    References
    ----------
    Fink et al., *Toppling Conjectures*, §6 (infinitesimal positions).
    """
    eps = Fraction(1, 2 ** len(word))
    g = _position(word)
    return (play.compare(TOPPLING, g, play.number(eps)) == "<"
            and play.compare(TOPPLING, g, play.number(-eps)) == ">")


class _Substitute:
    """G′ of one row for one ``k``: the row's game tree with number followers replaced.

    ``numbers`` caches each subrow's number value (or None) across rows of one run.
    """

    def __init__(self, k: int, numbers: dict[str, Fraction | None]):
        self.k = k
        self.numbers = numbers
        self.memo: dict[str, play.Explicit] = {}

    def number(self, word: str) -> Fraction | None:
        if word not in self.numbers:
            self.numbers[word] = play.number_value(TOPPLING, _position(word), len(word))
        return self.numbers[word]

    def build(self, word: str) -> play.Explicit:
        hit = self.memo.get(word)
        if hit is not None:
            return hit
        q = self.number(word)
        if q is not None:
            result = ups(self.k) if q > 0 else ups(-self.k) if q < 0 else play.ZERO
        else:
            pos = _position(word)
            result = play.Explicit(
                [self.build(_word(o)) for _, o in TOPPLING.left_options(pos)],
                [self.build(_word(o)) for _, o in TOPPLING.right_options(pos)])
        self.memo[word] = result
        return result


def _word(position: tuple[str, ...]) -> str:
    """The row of a one-row position (inverse of :func:`_position`)."""
    return position[0] if position else ""


def substitute(word: str, k: int, numbers: dict[str, Fraction | None] | None = None
               ) -> play.Explicit:
    """The proof's G′ of a row: each number-valued follower becomes ``k·↑`` (positive),
    ``k·↓`` (negative) or 0, found by play; other followers keep their options.

    Examples
    --------
    >>> play.compare(TOPPLING, substitute("LR", 2), play.STAR)   # LR = *: no number inside
    '='

    References
    ----------
    Fink et al., *Toppling Conjectures*, proof of Theorem 32.
    """
    return _Substitute(k, {} if numbers is None else numbers).build(word)


def outcome_check(word: str, g2: play.Explicit) -> list[tuple[str, str, str]]:
    """``(H, outcome of G + H, outcome of G′ + H)`` for the proof's five probes, by play.

    Examples
    --------
    >>> outcome_check("LR", substitute("LR", 2))[2]
    ('*', 'P', 'P')

    References
    ----------
    Fink et al., *Toppling Conjectures*, proof of Theorem 32.
    """
    out = []
    for name, h in probes():
        minus = play.neg(h)
        out.append((name, play.outcome(TOPPLING, _position(word), minus),
                    play.outcome(TOPPLING, g2, minus)))
    return out


def weight_bound_fails(g2: play.Explicit, weights: tuple[int, int] = THEOREM_WEIGHTS
                       ) -> str | None:
    """Which side of ``(lo - 2)·↑ < G′ < (hi + 2)·↑`` fails, by play (None: both hold).

    For an all-small G′ both hold whenever ``lo <= aw(G′) <= hi`` (additivity and the
    two-ahead rule), so a failure proves ``aw(G′)`` is outside ``[lo, hi]``.

    Examples
    --------
    >>> weight_bound_fails(ups(1)), weight_bound_fails(ups(1), (-1, 0))  # ↑ < ⇑: no proof
    (None, None)
    >>> weight_bound_fails(ups(2), (-1, 0))
    'G′ is not < 2·↑'
    >>> weight_bound_fails(_sum(ups(1), play.STAR), (-1, 0))   # ↑* is fuzzy with ⇑
    'G′ is not < 2·↑'

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 32; Lessons in Play ch. 9 (two-ahead).
    """
    lo, hi = weights
    if play.compare(TOPPLING, g2, ups(hi + 2)) != "<":
        return f"G′ is not < {hi + 2}·↑"
    if play.compare(TOPPLING, g2, ups(lo - 2)) != ">":
        return f"G′ is not > {lo - 2}·↑"
    return None


@dataclass(frozen=True)
class RowCheck:
    """The play check of one row.

    Attributes
    ----------
    infinitesimal : bool
    k : int or None
        The substitute (ups per positive number) whose outcome check passed; None if none.
    equal : bool
        Whether that G′ equals the row (by play): the bound is then on G itself, the
        standard consequence for an all-small G.
    failure : str or None
        The failed side of the weight bound, for the passing G′.
    """

    infinitesimal: bool
    k: int | None = None
    equal: bool = False
    failure: str | None = None


def check_row(word: str, weights: tuple[int, int] = THEOREM_WEIGHTS,
              numbers: dict[str, Fraction | None] | None = None) -> RowCheck:
    """Steps 1-4 of the module docstring on one row.

    Examples
    --------
    >>> check_row("LR"), check_row("L").infinitesimal
    (RowCheck(infinitesimal=True, k=2, equal=True, failure=None), False)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 32 and its proof.
    """
    if not is_infinitesimal(word):
        return RowCheck(False)
    numbers = {} if numbers is None else numbers
    for k in SUBSTITUTES:
        g2 = _Substitute(k, numbers).build(word)
        if all(a == b for _, a, b in outcome_check(word, g2)):
            equal = play.equals(TOPPLING, _position(word), g2)
            return RowCheck(True, k, equal, weight_bound_fails(g2, weights))
    return RowCheck(True)


def thm32_play(n: int, budget: Budget, weights: tuple[int, int] = THEOREM_WEIGHTS
               ) -> Verdict:
    """Theorem 32's consequence (module docstring) on every row of ``n`` dominoes over LRE,
    by play only; ``weights`` other than ``(-1, 1)`` check a different (wrong) statement.

    Examples
    --------
    >>> thm32_play(3, Budget()).status
    'holds'

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 32.
    """
    numbers: dict[str, Any] = {}
    counts = {"infinitesimal": 0, "G′ = G": 0, "k=3": 0}
    for t in itertools.product("LRE", repeat=n):
        word = "".join(t)
        if word[::-1] < word:  # the reversal is the same game
            continue
        res = check_row(word, weights, numbers)
        if not res.infinitesimal:
            continue
        counts["infinitesimal"] += 1
        if res.k is None:
            return Verdict.unknown(f"the proof's outcome check fails for {word} with "
                                   f"{SUBSTITUTES} ups (by play)")
        counts["G′ = G"] += res.equal
        counts["k=3"] += res.k == 3
        if res.failure is not None:
            return Verdict.refuted(word, detail=res.failure + f" (G′ with {res.k} ups)")
    detail = (f"{counts['infinitesimal']} infinitesimal rows up to reversal, "
              f"{counts['G′ = G']} equal to their G′; every G′ within ±3↑ by play")
    if counts["k=3"]:
        detail += f"; {counts['k=3']} needed ↑↑↑"
    return Verdict.holds(detail=detail)


def thm32_confirm_play(n: int, word: str, weights: tuple[int, int] = THEOREM_WEIGHTS
                       ) -> bool:
    """Whether ``word`` is a counterexample to Theorem 32 provable by outcomes: an
    infinitesimal row whose G′ (passing the proof's outcome check) is not strictly
    between ``-3↑`` and ``3↑``, so that its atomic weight is outside ``[-1, 1]``.

    A counterexample of weight ``1/2`` (say) lies within ``±3↑`` and is not confirmed.
    ``weights`` other than ``(-1, 1)`` replay a different (wrong) statement.

    Examples
    --------
    >>> thm32_confirm_play(2, "LR"), thm32_confirm_play(1, "L")
    (False, False)
    >>> thm32_confirm_play(3, "ELE"), thm32_confirm_play(3, "ELE", weights=(-1, 0))
    (False, True)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 32.
    """
    res = check_row(word, weights)
    return res.infinitesimal and res.k is not None and res.failure is not None
