"""Left and Right stops of short partizan games.

The stops are the numbers at which alternating play settles when Left (for the Left stop)
or Right (for the Right stop) moves first and both players stop as soon as the game is a
number (``thinning-thickets.txt``, Definition 2.2)::

    LS(G) = G                 if G is a number,   else max over G^L of RS(G^L)
    RS(G) = G                 if G is a number,   else min over G^R of LS(G^R)

Stops are computed on canonical forms (a non-canonical form of a number, such as
``{-1|1}``, would give the wrong answer); the recursion itself is the engine's
:func:`cgsat.cgt.canonical.stops`, memoized on each game.

References
----------
.. [1] A. Fink, R. J. Nowakowski, A. Siegel, D. Wolfe, and the Thinning Thickets paper
   (``thinning-thickets.txt``), Definition 2.2 and Lemma 2.7.
.. [2] A. N. Siegel, *Combinatorial Game Theory*, AMS 2013, §II.3 (stops).
"""

from __future__ import annotations

from fractions import Fraction

from cgsat.cgt.canonical import Game
from cgsat.cgt.canonical import stops as _stops

__all__ = ["is_infinitesimal", "is_numberish", "left_stop", "right_stop", "stops"]


def left_stop(g: Game) -> Fraction:
    """The Left stop LS(G): the number reached when Left moves first.

    Parameters
    ----------
    g : Game
        A canonical short game.

    Returns
    -------
    Fraction
        A dyadic rational.

    Examples
    --------
    >>> from cgsat.cgt.canonical import number, switch, STAR, UP
    >>> left_stop(switch(number(3), number(-1))), left_stop(STAR), left_stop(UP)
    (Fraction(3, 1), Fraction(0, 1), Fraction(0, 1))

    References
    ----------
    ``thinning-thickets.txt``, Definition 2.2.
    """
    return _stops(g)[0]


def right_stop(g: Game) -> Fraction:
    """The Right stop RS(G): the number reached when Right moves first.

    Parameters
    ----------
    g : Game
        A canonical short game.

    Returns
    -------
    Fraction
        A dyadic rational.

    Examples
    --------
    >>> from cgsat.cgt.canonical import number, switch
    >>> right_stop(switch(number(3), number(-1))), right_stop(number(Fraction(-1, 2)))
    (Fraction(-1, 1), Fraction(-1, 2))

    References
    ----------
    ``thinning-thickets.txt``, Definition 2.2.
    """
    return _stops(g)[1]


def stops(g: Game) -> tuple[Fraction, Fraction]:
    """Both stops ``(LS(G), RS(G))``; always ``LS(G) >= RS(G)``.

    Examples
    --------
    >>> from cgsat.cgt.canonical import ONE, ZERO, switch
    >>> stops(switch(ONE, ZERO))
    (Fraction(1, 1), Fraction(0, 1))
    """
    return left_stop(g), right_stop(g)


def is_numberish(g: Game) -> bool:
    """Whether G is a number plus an infinitesimal, i.e. ``LS(G) == RS(G)`` (Lemma 2.7).

    Examples
    --------
    >>> from cgsat.cgt.canonical import ONE, UP, ZERO, switch
    >>> is_numberish(UP + ONE), is_numberish(switch(ONE, ZERO))
    (True, False)

    References
    ----------
    ``thinning-thickets.txt``, Lemma 2.7.
    """
    return left_stop(g) == right_stop(g)


def is_infinitesimal(g: Game) -> bool:
    """Whether G is infinitesimal: ``LS(G) == RS(G) == 0`` (Definition 2.5, alternate form).

    Zero counts as infinitesimal.

    Examples
    --------
    >>> from cgsat.cgt.canonical import UP, STAR, ONE
    >>> is_infinitesimal(UP), is_infinitesimal(STAR), is_infinitesimal(ONE)
    (True, True, False)

    References
    ----------
    ``thinning-thickets.txt``, Definition 2.5.
    """
    return left_stop(g) == 0 and right_stop(g) == 0
