"""A game value as an object, in the manner of CGSuite's ``CanonicalShortGame``.

:class:`GameValue` wraps one canonical :class:`~cgsat.cgt.canonical.Game` and gives it the
invariants a researcher asks CGSuite for: the outcome, temperature and mean, the Left and
Right stops, the atomic weight (all-small games), the reduced canonical form and the
thermograph, with comparisons (``<=``, ``<``, ``>=``, ``>``, ``==`` and
:meth:`GameValue.fuzzy` for ``||``), sums and negation. ``str()`` is the CGSuite text of
the canonical form (:func:`cgsat.cgt.notation.to_str`), which CGSuite reads back.

It is what :func:`cgsat.value` returns as ``.value`` for partizan rulesets and what a claim
predicate sees as ``p.value`` (``every(lambda p: p.value.temperature() <= 1)``). Every
invariant is computed by the existing modules of :mod:`cgsat.cgt` (this module adds none of
its own): :mod:`~cgsat.cgt.canonical`, :mod:`~cgsat.cgt.stops`,
:mod:`~cgsat.cgt.thermograph`, :mod:`~cgsat.cgt.atomic_weight`, :mod:`~cgsat.cgt.reduced`
and :mod:`~cgsat.cgt.notation`. The wrapped game is :attr:`GameValue.game`, for the
functions of those modules.

References
----------
.. [1] A. N. Siegel, *Combinatorial Game Theory*, AMS 2013, ch. II (canonical forms,
   stops, thermography §II.5, atomic weight §II.7, reduced canonical form).
.. [2] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, vol. 1, ch. 6 and 8.
.. [3] CGSuite's ``CanonicalShortGame`` (``LeftStop``, ``RightStop``, ``Temperature``,
   ``Mean``, ``AtomicWeight``, ``ReducedCanonicalForm``, ``Thermograph``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from cgsat.cgt import canonical
from cgsat.cgt.atomic_weight import atomic_weight as _atomic_weight
from cgsat.cgt.notation import parse, sorted_options, to_str
from cgsat.cgt.reduced import reduced_canonical_form
from cgsat.cgt.stops import left_stop, right_stop
from cgsat.cgt.thermograph import thermograph as _thermograph
from cgsat.errors import CgsatInputError

if TYPE_CHECKING:
    from cgsat.cgt.thermograph import Thermograph

__all__ = ["GameValue", "as_game"]


def as_game(x: object) -> canonical.Game | None:
    """``x`` as a canonical game: a :class:`GameValue`'s game, a game, an integer or a
    (dyadic) :class:`~fractions.Fraction`; None for anything else.

    Examples
    --------
    >>> str(as_game(GameValue("^"))), str(as_game(3)), as_game("^") is None
    ('^', '3', True)
    """
    if isinstance(x, GameValue):
        return x.game
    if isinstance(x, canonical.Game):
        return x
    if isinstance(x, (int, Fraction)) and not isinstance(x, bool):
        if isinstance(x, Fraction) and x.denominator & (x.denominator - 1):
            return None  # not dyadic: no short game equals it
        return canonical.number(x)
    return None


class GameValue:
    """A short partizan game's value: its canonical form and its invariants.

    Parameters
    ----------
    game : GameValue, Game, int, Fraction or str
        The value: a canonical game, a (dyadic) number, or CGSuite text such as
        ``"{1|0||0}"``, ``"^^*"`` or ``"+-1"`` (parsed by :func:`cgsat.cgt.notation.parse`).

    Raises
    ------
    CgsatInputError
        For text that does not parse (naming the column) or a number that is not dyadic.

    Notes
    -----
    ``==`` is equality of games (canonical forms are unique, so it is identity of the
    canonical forms); a value also equals the integer or dyadic fraction it is. The hash is
    the canonical game's, so a :class:`GameValue` and its
    :class:`~cgsat.cgt.canonical.Game` are one dictionary key (a number and its value are
    not: do not mix them as keys). ``<=`` is the partial order of games: ``a <= b`` and
    ``b <= a`` can both be False, when :meth:`fuzzy` is True (CGSuite's ``||``).

    Examples
    --------
    >>> g = GameValue("{2|-1}")
    >>> str(g), g.outcome(), g.temperature(), g.mean(), g.stops()
    ('{2|-1}', 'N', Fraction(3, 2), Fraction(1, 2), (Fraction(2, 1), Fraction(-1, 1)))
    >>> a = GameValue("^") + GameValue("^") + GameValue("*")
    >>> a, a.atomic_weight()
    (GameValue('^^*'), GameValue('2'))
    >>> GameValue("{1|-1}").fuzzy(0), GameValue("{1|0}") > GameValue("*")
    (True, True)
    >>> GameValue("{0|0||0|0}") == 0, -GameValue("{1|0}")
    (True, GameValue('{0|-1}'))
    >>> GameValue("^ + {1|0}").reduced()
    GameValue('{1|0}')
    """

    __slots__ = ("game",)

    game: canonical.Game

    def __init__(self, game: GameValue | canonical.Game | int | Fraction | str) -> None:
        if isinstance(game, str):
            g: canonical.Game | None = parse(game)
        else:
            g = as_game(game)
        if g is None:
            raise CgsatInputError(f"a game value is a game, a dyadic number or CGSuite text, "
                                  f"got {game!r}")
        object.__setattr__(self, "game", g)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a GameValue is immutable")

    def __reduce__(self) -> tuple[type[GameValue], tuple[str]]:
        return (GameValue, (to_str(self.game),))

    # --- text ---------------------------------------------------------------------------
    def __str__(self) -> str:
        return to_str(self.game)

    def __repr__(self) -> str:
        return f"GameValue({to_str(self.game)!r})"

    # --- options ------------------------------------------------------------------------
    @property
    def left(self) -> tuple[GameValue, ...]:
        """The Left options of the canonical form (as values, in CGSuite's order).

        Examples
        --------
        >>> GameValue("{1,{2|0}|-1}").left
        (GameValue('1'), GameValue('{2|0}'))
        """
        return tuple(GameValue(h) for h in sorted_options(self.game.left))

    @property
    def right(self) -> tuple[GameValue, ...]:
        """The Right options of the canonical form (as values, in CGSuite's order)."""
        return tuple(GameValue(h) for h in sorted_options(self.game.right))

    # --- invariants ---------------------------------------------------------------------
    def outcome(self) -> str:
        """The outcome class: ``'L'``, ``'R'``, ``'N'`` or ``'P'``.

        Examples
        --------
        >>> [GameValue(t).outcome() for t in ("1", "-1", "*", "0")]
        ['L', 'R', 'N', 'P']
        """
        return self.game.outcome()

    def left_stop(self) -> Fraction:
        """The Left stop: the number reached when Left moves first and both stop at a
        number (Siegel, §II.3).

        Examples
        --------
        >>> GameValue("{3|-1}").left_stop()
        Fraction(3, 1)
        """
        return left_stop(self.game)

    def right_stop(self) -> Fraction:
        """The Right stop (Right moves first).

        Examples
        --------
        >>> GameValue("{3|-1}").right_stop()
        Fraction(-1, 1)
        """
        return right_stop(self.game)

    def stops(self) -> tuple[Fraction, Fraction]:
        """``(left_stop, right_stop)``."""
        return left_stop(self.game), right_stop(self.game)

    def thermograph(self) -> Thermograph:
        """The thermograph (:class:`cgsat.cgt.thermograph.Thermograph`: Left and Right walls
        on ``-1 <= t``, CGSuite's subzero conventions).

        Examples
        --------
        >>> th = GameValue("{2|-1}").thermograph()
        >>> th.left_wall.cgsuite()
        (Fraction(1, 2), (Fraction(3, 2),), (Fraction(0, 1), Fraction(-1, 1)))
        """
        return _thermograph(self.game)

    def temperature(self) -> Fraction:
        """The temperature (CGSuite's conventions: an integer has temperature -1, a number
        m/2^k temperature -1/2^k, an infinitesimal 0).

        Examples
        --------
        >>> [GameValue(t).temperature() for t in ("3", "1/2", "^*", "{1|-1}")]
        [Fraction(-1, 1), Fraction(-1, 2), Fraction(0, 1), Fraction(1, 1)]
        """
        return _thermograph(self.game).temperature

    def mean(self) -> Fraction:
        """The mean value (the mast of the thermograph); additive over sums.

        Examples
        --------
        >>> GameValue("{3|-1}").mean(), GameValue("1/2+*").mean()
        (Fraction(1, 1), Fraction(1, 2))
        """
        return _thermograph(self.game).mast

    def atomic_weight(self) -> GameValue | None:
        """The atomic weight of an all-small game (Winning Ways, ch. 8, with the far-star
        rule), usually an integer; None when the game is not all-small (CGSuite's
        ``AtomicWeight`` is defined for all-small games; for other infinitesimals see
        :func:`cgsat.cgt.atomic_weight.infinitesimal_atomic_weight`).

        Examples
        --------
        >>> GameValue("^^*").atomic_weight(), GameValue("{0|vv}").atomic_weight()
        (GameValue('2'), GameValue('-1'))
        >>> GameValue("{1|0}").atomic_weight() is None
        True
        """
        if not self.game.is_all_small():
            return None
        return GameValue(_atomic_weight(self.game))

    def reduced(self) -> GameValue:
        """The reduced canonical form: the simplest game infinitesimally close to this
        one (Grossman and Siegel; ``thinning-thickets.txt`` Definition 2.11).

        Examples
        --------
        >>> GameValue("1+^").reduced(), GameValue("{1|0}").reduced()
        (GameValue('1'), GameValue('{1|0}'))
        """
        return GameValue(reduced_canonical_form(self.game))

    def birthday(self) -> int:
        """The birthday of the canonical form.

        Examples
        --------
        >>> GameValue("^").birthday()
        2
        """
        return self.game.birthday()

    def is_number(self) -> bool:
        """Whether the value is a (dyadic) number."""
        return self.game.is_number()

    def number_value(self) -> Fraction | None:
        """The number the value is, or None."""
        return self.game.number_value()

    def is_nimber(self) -> bool:
        """Whether the value is a nimber ``*n`` (0 included)."""
        return self.game.is_nimber()

    def nim_value(self) -> int | None:
        """n when the value is ``*n``, else None."""
        return self.game.nim_value()

    def is_infinitesimal(self) -> bool:
        """Whether both stops are 0 (0 counts, as in CGSuite)."""
        return self.game.is_infinitesimal()

    def is_all_small(self) -> bool:
        """Whether every follower with options has options for both players."""
        return self.game.is_all_small()

    # --- order --------------------------------------------------------------------------
    def fuzzy(self, other: object) -> bool:
        """``G || H``: G and H are confused (neither ``G <= H`` nor ``H <= G``).

        Examples
        --------
        >>> GameValue("*").fuzzy(0), GameValue("^").fuzzy(0)
        (True, False)
        """
        return self.game.fuzzy(self._other(other))

    def _other(self, other: object) -> canonical.Game:
        g = as_game(other)
        if g is None:
            raise TypeError(f"a GameValue compares with a game or a dyadic number, not "
                            f"{type(other).__name__}")
        return g

    def __le__(self, other: object) -> bool:
        g = as_game(other)
        if g is None:
            return NotImplemented
        return canonical.le(self.game, g)

    def __ge__(self, other: object) -> bool:
        g = as_game(other)
        if g is None:
            return NotImplemented
        return canonical.le(g, self.game)

    def __lt__(self, other: object) -> bool:
        g = as_game(other)
        if g is None:
            return NotImplemented
        return canonical.le(self.game, g) and not canonical.le(g, self.game)

    def __gt__(self, other: object) -> bool:
        g = as_game(other)
        if g is None:
            return NotImplemented
        return canonical.le(g, self.game) and not canonical.le(self.game, g)

    def __eq__(self, other: object) -> bool:
        g = as_game(other)
        if g is None:
            return NotImplemented
        return g is self.game

    def __ne__(self, other: object) -> bool:
        g = as_game(other)
        if g is None:
            return NotImplemented
        return g is not self.game

    def __hash__(self) -> int:
        return hash(self.game)

    # --- arithmetic ---------------------------------------------------------------------
    def __add__(self, other: object) -> GameValue:
        g = as_game(other)
        if g is None:
            return NotImplemented
        return GameValue(canonical.add(self.game, g))

    __radd__ = __add__

    def __neg__(self) -> GameValue:
        return GameValue(canonical.neg(self.game))

    def __pos__(self) -> GameValue:
        return self

    def __sub__(self, other: object) -> GameValue:
        g = as_game(other)
        if g is None:
            return NotImplemented
        return GameValue(canonical.sub(self.game, g))

    def __rsub__(self, other: object) -> GameValue:
        g = as_game(other)
        if g is None:
            return NotImplemented
        return GameValue(canonical.sub(g, self.game))
