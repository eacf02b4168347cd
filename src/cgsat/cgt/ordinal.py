"""Ordinal sum G:H of short partizan games.

``G:H = {G^L, G:H^L | G^R, G:H^R}`` (``toppling-conjectures.txt``, Definition 6): a
disjunctive sum in which any move on the base G annihilates the subordinate H. The value
depends on the form of G (we use its canonical form) but only on the value of H (the colon
principle).

References
----------
.. [1] ``toppling-conjectures.txt``, Definition 6, Fact 7, Lemma 13 and Theorem 10.
.. [2] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, vol. 1 (Hackenbush
   strings, the colon principle).
"""

from __future__ import annotations

from cgsat.cgt.canonical import Game, game

__all__ = ["ordinal_sum"]

_ORDINAL: dict[tuple[int, int], Game] = {}


def ordinal_sum(g: Game, h: Game) -> Game:
    """The ordinal sum G:H, canonicalised, with G in canonical form.

    Parameters
    ----------
    g : Game
        The base.
    h : Game
        The subordinate.

    Returns
    -------
    Game
        ``{G^L, G:H^L | G^R, G:H^R}``.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from cgsat.cgt.canonical import ONE, STAR, number, nimber
    >>> str(ordinal_sum(ONE, number(-2))), str(ordinal_sum(ONE, number(3)))
    ('1/4', '4')
    >>> ordinal_sum(STAR, nimber(2)) == nimber(3)
    True

    References
    ----------
    ``toppling-conjectures.txt``, Definition 6 and Fact 7 (1:n = n+1, 1:-n = 2^-n).
    """
    key = (g.id, h.id)
    cached = _ORDINAL.get(key)
    if cached is not None:
        return cached
    result = game(
        list(g.left) + [ordinal_sum(g, x) for x in h.left],
        list(g.right) + [ordinal_sum(g, x) for x in h.right],
    )
    _ORDINAL[key] = result
    return result
