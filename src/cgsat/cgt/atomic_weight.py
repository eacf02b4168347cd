"""Atomic weight of all-small games, and of the infinitesimals of Toppling Theorem 32.

All-small games (every follower with a Left option also has a Right option, and vice
versa) have an *atomic weight* AW(G), itself a game, counting G in units of ↑. It is computed
by the standard recursion with the far-star correction:

    G'' = { AW(G^L) - 2 | AW(G^R) + 2 }

If G'' is not an integer, AW(G) = G''. If G'' is an integer, compare G with the *far star*
☆ = *m, where m exceeds every nimber *k (by one) met in G's game tree:

- if G < ☆: AW(G) is the least integer n with ``n |> AW(G^L) - 2`` for every G^L;
- if G > ☆: AW(G) is the greatest integer n with ``n <| AW(G^R) + 2`` for every G^R;
- otherwise AW(G) = G''.

Some infinitesimals are not all-small: Toppling Dominoes' miny_x = {{x|0}|0} and
tiny_x = {0|{0|-x}} (``toppling-conjectures.txt`` §4, Theorem 21). For those the proof of
Theorem 32 replaces each positive number in G's game tree by ⇑ and each negative one by ⇓,
giving an all-small G′, and observes that G + H and G′ + H have the same outcome for
H in {⇑*, ↑*, *, ↓*, ⇓*}; G then has the atomic weight of G′.
:func:`infinitesimal_atomic_weight` does exactly this and reports the outcome check, with
the weight withheld (None) when the check fails.

Finding: with ⇑ the check fails for 20 of the 2232 distinct infinitesimal values of Toppling
strings of length at most 9, the first being LRELLRLE (G + ↓* is N, G′ + ↓* is R; cgt-py
agrees). Replacing positive numbers by ↑↑↑ (``ups=3``) instead passes the check on all of
them, with weights in {-1, 0, 1} that agree with ⇑'s wherever both pass — so the theorem's
conclusion holds there, though the proof's G′ needs one more ↑.

References
----------
.. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, vol. 1, ch. 8 (atomic
   weight, the far-star rule); M. H. Albert, R. J. Nowakowski, D. Wolfe, *Lessons in
   Play*, ch. 9 (atomic weight calculus, the two-ahead rule).
.. [2] A. N. Siegel, *Combinatorial Game Theory*, AMS 2013, §II.7; CGSuite's atomic weight.
.. [3] ``toppling-conjectures.txt``, §6, Theorem 32 and its proof.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from cgsat.cgt.canonical import DOWN, STAR, UP, ZERO, Game, game, nimber, number, up_multiple
from cgsat.cgt.stops import is_infinitesimal, left_stop, right_stop
from cgsat.errors import CgsatInputError

if TYPE_CHECKING:
    from fractions import Fraction

__all__ = ["AtomicWeightReport", "atomic_weight", "far_star_index", "infinitesimal_atomic_weight",
           "substitute_number_stops", "theorem32_probes"]

_AW: dict[int, Game] = {}
_FAR: dict[int, int] = {}
_SUBST: dict[tuple[int, int], Game] = {}


def far_star_index(g: Game) -> int:
    """The m of the far star *m of G: one more than the largest nimber in G's game tree.

    A nimber *k counts as k + 1; any other game as the maximum over its options, and at
    least 1.

    Examples
    --------
    >>> from cgsat.cgt.canonical import UP, nimber
    >>> far_star_index(UP), far_star_index(nimber(3))
    (2, 4)
    """
    cached = _FAR.get(g.id)
    if cached is not None:
        return cached
    if g.is_nimber():
        result = len(g.left) + 1  # *k has Left options 0, *1, ..., *(k-1)
    else:
        result = max([1] + [far_star_index(x) for x in g.left + g.right])
    _FAR[g.id] = result
    return result


def _is_integer(g: Game) -> bool:
    if not g.is_number():
        return False
    return cast("Fraction", g.number_value()).denominator == 1


def atomic_weight(g: Game) -> Game:
    """The atomic weight AW(G) of an all-small game G.

    Parameters
    ----------
    g : Game
        A canonical all-small game.

    Returns
    -------
    Game
        The atomic weight, usually an integer.

    Raises
    ------
    CgsatInputError
        If G is not all-small (see :func:`infinitesimal_atomic_weight`).

    Examples
    --------
    >>> from cgsat.cgt.canonical import UP, STAR, up_multiple
    >>> [str(atomic_weight(x)) for x in (UP, STAR, UP + STAR, up_multiple(2), -up_multiple(3))]
    ['1', '0', '1', '2', '-3']

    References
    ----------
    Winning Ways, ch. 8; Lessons in Play, ch. 9; Siegel, *Combinatorial Game Theory*, §II.7.
    """
    cached = _AW.get(g.id)
    if cached is not None:
        return cached
    if not g.is_all_small():
        raise CgsatInputError(f"atomic weight: {g} is not all-small")
    two = number(2)
    lefts = [atomic_weight(x) - two for x in g.left]
    rights = [atomic_weight(x) + two for x in g.right]
    g0 = game(lefts, rights)
    result = g0
    if _is_integer(g0):
        star = nimber(far_star_index(g))
        below, above = g <= star, star <= g
        if below and not above:
            if lefts:
                best = cast("int | None", None)
                for x in lefts:
                    n = math.ceil(right_stop(x))
                    if number(n) <= x:
                        n += 1
                    best = n if best is None else max(best, n)
                result = number(cast(int, best))  # lefts (rights) is not empty
            else:
                result = ZERO
        elif above and not below:
            if rights:
                best = None
                for x in rights:
                    n = math.floor(left_stop(x))
                    if x <= number(n):
                        n -= 1
                    best = n if best is None else min(best, n)
                result = number(cast(int, best))  # lefts (rights) is not empty
            else:
                result = ZERO
    _AW[g.id] = result
    return result


def substitute_number_stops(g: Game, ups: int = 2) -> Game:
    """G′ of the proof of Theorem 32: every positive number follower of G becomes ⇑ and
    every negative one ⇓ (0 stays 0). The result is all-small.

    Parameters
    ----------
    g : Game
        A canonical game.
    ups : int, optional
        How many ups replace a positive number: 2 (⇑) as in the proof. Other values give
        the variant G′ that :func:`infinitesimal_atomic_weight` can try when ⇑ fails.

    Examples
    --------
    >>> from cgsat.cgt.canonical import game, number, switch, ZERO
    >>> miny = game([switch(number(1), ZERO)], [ZERO])    # miny_1 = {{1|0}|0}
    >>> str(substitute_number_stops(miny))                # {{^^|0}|0} = {^*|0}
    '{^*|0}'

    References
    ----------
    ``toppling-conjectures.txt``, proof of Theorem 32.
    """
    key = (g.id, ups)
    cached = _SUBST.get(key)
    if cached is not None:
        return cached
    if g.is_number():
        value = cast("Fraction", g.number_value())
        result = up_multiple(ups) if value > 0 else up_multiple(-ups) if value < 0 else ZERO
    else:
        result = game(
            [substitute_number_stops(x, ups) for x in g.left],
            [substitute_number_stops(x, ups) for x in g.right],
        )
    _SUBST[key] = result
    return result


def theorem32_probes() -> tuple[tuple[str, Game], ...]:
    """The five games H against which G and G′ are compared (proof of Theorem 32).

    Examples
    --------
    >>> [name for name, _ in theorem32_probes()]
    ['^^*', '^*', '*', 'v*', 'vv*']
    """
    return (
        ("^^*", UP + UP + STAR),
        ("^*", UP + STAR),
        ("*", STAR),
        ("v*", DOWN + STAR),
        ("vv*", DOWN + DOWN + STAR),
    )


@dataclass(frozen=True)
class AtomicWeightReport:
    """The atomic weight of an infinitesimal, with how it was obtained.

    Attributes
    ----------
    weight : Game or None
        AW(G); None when the Theorem 32 outcome check failed (the weight is then unknown).
    method : str
        ``"all-small"`` (direct recursion) or ``"theorem-32"`` (substitution G → G′).
    substitute : Game
        G′ (equal to G for an all-small G).
    outcomes : tuple of (str, str, str)
        For each probe H: ``(H, outcome of G + H, outcome of G′ + H)``; empty for all-small G.
    confirmed : bool
        Whether every probe gave the same outcome for G + H and G′ + H.
    ups : int or None
        How many ups replaced each positive number in G′ (None for all-small G or a
        custom substitution).
    """

    weight: Game | None
    method: str
    substitute: Game
    outcomes: tuple[tuple[str, str, str], ...]
    confirmed: bool
    ups: int | None = None


def infinitesimal_atomic_weight(
    g: Game, ups: int = 2, substitute: Callable[[Game], Game] | None = None
) -> AtomicWeightReport:
    """The atomic weight of an infinitesimal G, all-small or not (Theorem 32's method).

    Parameters
    ----------
    g : Game
        A canonical infinitesimal (``LS(G) == RS(G) == 0``).
    ups : int, optional
        Positive numbers become ``ups`` ups (default 2, ⇑, as in the proof). The proof's ⇑
        fails the outcome check for some Toppling positions (the first is LRELLRLE, of
        length 8); ``ups=3`` passes on every infinitesimal string up to length 9 and, where
        both pass, gives the same weight.
    substitute : callable, optional
        Overrides how G′ is made (tests pass a wrong one to see the check fail).

    Returns
    -------
    AtomicWeightReport
        The weight, the method, G′ and the outcome check of the proof of Theorem 32.

    Raises
    ------
    CgsatInputError
        If G is not infinitesimal.

    Examples
    --------
    >>> from cgsat.cgt.canonical import game, number, switch, ZERO
    >>> miny = game([switch(number(1), ZERO)], [ZERO])
    >>> rep = infinitesimal_atomic_weight(miny)
    >>> rep.method, rep.confirmed, str(rep.weight)
    ('theorem-32', True, '0')

    References
    ----------
    ``toppling-conjectures.txt``, Theorem 32 and its proof.
    """
    if not is_infinitesimal(g):
        raise CgsatInputError(f"atomic weight: {g} is not infinitesimal")
    if g.is_all_small():
        return AtomicWeightReport(atomic_weight(g), "all-small", g, (), True)
    g2 = substitute(g) if substitute is not None else substitute_number_stops(g, ups)
    if not g2.is_all_small():
        raise CgsatInputError(f"atomic weight: the substitute {g2} of {g} is not all-small")
    outcomes = tuple(
        (name, (g + h).outcome(), (g2 + h).outcome()) for name, h in theorem32_probes()
    )
    confirmed = all(a == b for _, a, b in outcomes)
    weight = atomic_weight(g2) if confirmed else None
    used = None if substitute is not None else ups
    return AtomicWeightReport(weight, "theorem-32", g2, outcomes, confirmed, used)
