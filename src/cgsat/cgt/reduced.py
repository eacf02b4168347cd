"""Reduced canonical form and infinitesimal closeness (the relations ≡_I and ≤_I).

Following ``thinning-thickets.txt`` §2.2:

- G is *infinitesimal* when ``-x < G < x`` for every positive number x; equivalently
  ``LS(G) == RS(G) == 0`` (Definition 2.5).
- ``G ≡_I H`` (G and H are infinitesimally close) when ``G - H`` is infinitesimal.
- ``G ≥_I H`` when ``G ≥ H + ε`` for some infinitesimal ε (Definition 2.6). This holds
  exactly when ``RS(G - H) >= 0``: if ``RS(G - H) > 0`` then G - H exceeds a positive
  number, and if ``RS(G - H) = 0`` then ``G - H ≥ ε`` for an infinitesimal ε (the lemma
  used in the proof of Theorem 2.8); conversely ``G - H ≥ ε`` gives
  ``RS(G - H) >= RS(ε) = 0``.

The reduced canonical form (Definition 2.11; Theorems 2.12 and 2.13) is computed
recursively:

1. if G is a number plus an infinitesimal (``LS(G) == RS(G) = x``, Lemma 2.7) it is x;
2. otherwise replace every option by its reduced canonical form (Theorem 2.15), then
   repeatedly remove Inf-dominated options (Lemma 2.14) and bypass Inf-reversible ones
   (Definition 2.10): a Left option ``G^L`` with some ``G^LR ≤_I G`` is replaced by the
   Left options of that ``G^LR`` (and symmetrically for Right), until neither applies.

Each step keeps the game infinitesimally close to G, and the result has no Inf-dominated or
Inf-reversible options, so it is the unique reduced canonical form.

References
----------
.. [1] ``thinning-thickets.txt``, §2.2: Definitions 2.5, 2.6, 2.10, 2.11; Lemma 2.7,
   Theorem 2.8, Theorems 2.12–2.15.
.. [2] J. P. Grossman and A. N. Siegel, *Reductions of partizan games*, in Games of No
   Chance 3 (2009).
"""

from __future__ import annotations

from cgsat.cgt.canonical import Game, game, number
from cgsat.cgt.stops import left_stop, right_stop

__all__ = ["inf_equivalent", "inf_geq", "inf_leq", "is_reduced", "reduced_canonical_form"]

_RCF: dict[int, Game] = {}


def inf_geq(g: Game, h: Game) -> bool:
    """``G ≥_I H``: G is at least H up to an infinitesimal (Definition 2.6).

    Decided by ``RS(G - H) >= 0``.

    Examples
    --------
    >>> from cgsat.cgt.canonical import ZERO, DOWN, switch
    >>> inf_geq(DOWN, ZERO), inf_geq(switch(number(0), number(-1)), ZERO)
    (True, False)

    References
    ----------
    ``thinning-thickets.txt``, Definition 2.6 and Theorem 2.8.
    """
    return right_stop(g - h) >= 0


def inf_leq(g: Game, h: Game) -> bool:
    """``G ≤_I H``, that is ``H ≥_I G``.

    Examples
    --------
    >>> from cgsat.cgt.canonical import switch, ONE
    >>> inf_leq(switch(number(1), number(0)), ONE), inf_leq(ONE, switch(number(1), number(0)))
    (True, False)

    References
    ----------
    ``thinning-thickets.txt``, Definition 2.6.
    """
    return inf_geq(h, g)


def inf_equivalent(g: Game, h: Game) -> bool:
    """``G ≡_I H``: ``G - H`` is infinitesimal, i.e. ``LS(G - H) == RS(G - H) == 0``.

    Examples
    --------
    >>> from cgsat.cgt.canonical import game, number, ZERO, switch
    >>> b3 = game([switch(number(1), number(0))], [ZERO])          # B(3) = {{1|0}|0}
    >>> inf_equivalent(b3, ZERO), inf_equivalent(switch(number(1), number(0)), ZERO)
    (True, False)

    References
    ----------
    ``thinning-thickets.txt``, Definition 2.5.
    """
    d = g - h
    return left_stop(d) == 0 and right_stop(d) == 0


def _remove_inf_dominated(options: list[Game], left: bool) -> list[Game]:
    # Options are in reduced canonical form, so infinitesimally close ones are identical.
    unique = list(dict.fromkeys(options))
    kept: list[Game] = []
    for a in unique:
        dominated = False
        for b in unique:
            if b is a:
                continue
            if inf_leq(a, b) if left else inf_geq(a, b):
                dominated = True
                break
        if not dominated:
            kept.append(a)
    return kept


def _bypass_one(options: list[Game], g: Game, left: bool) -> list[Game] | None:
    """Bypass the first Inf-reversible option, or return None if there is none."""
    for i, a in enumerate(options):
        for ar in a.right if left else a.left:
            if inf_leq(ar, g) if left else inf_geq(ar, g):
                replacement = list(ar.left if left else ar.right)
                return options[:i] + replacement + options[i + 1 :]
    return None


def reduced_canonical_form(g: Game) -> Game:
    """The reduced canonical form rcf(G), the simplest game infinitesimally close to G.

    Parameters
    ----------
    g : Game
        A canonical short game.

    Returns
    -------
    Game
        The unique game in reduced canonical form with ``rcf(G) ≡_I G``.

    Examples
    --------
    >>> from cgsat.cgt.canonical import game, number, switch, ZERO, ONE, UP
    >>> str(reduced_canonical_form(UP + ONE))
    '1'
    >>> b3 = game([switch(number(1), number(0))], [ZERO])
    >>> str(reduced_canonical_form(b3)), str(reduced_canonical_form(game([b3], [ZERO])))
    ('0', '0')
    >>> str(reduced_canonical_form(game([ONE, switch(number(1), number(0))], [ZERO])))
    '{1|0}'

    References
    ----------
    ``thinning-thickets.txt``, Definition 2.11, Theorems 2.12–2.15; Grossman and Siegel,
    *Reductions of partizan games*.
    """
    cached = _RCF.get(g.id)
    if cached is not None:
        return cached
    ls, rs = left_stop(g), right_stop(g)
    if g.is_number():
        result = g
    elif ls == rs:
        result = number(ls)
    else:
        lefts = [reduced_canonical_form(x) for x in g.left]
        rights = [reduced_canonical_form(x) for x in g.right]
        while True:
            lefts = _remove_inf_dominated(lefts, left=True)
            rights = _remove_inf_dominated(rights, left=False)
            new_lefts = _bypass_one(lefts, g, left=True)
            if new_lefts is not None:
                lefts = new_lefts
                continue
            new_rights = _bypass_one(rights, g, left=False)
            if new_rights is not None:
                rights = new_rights
                continue
            break
        result = game(lefts, rights)
    _RCF[g.id] = result
    return result


def is_reduced(g: Game) -> bool:
    """Whether G is in reduced canonical form (``rcf(G) == G``).

    Examples
    --------
    >>> from cgsat.cgt.canonical import UP, switch
    >>> is_reduced(UP), is_reduced(switch(number(1), number(0)))
    (False, True)
    """
    return reduced_canonical_form(g) == g
