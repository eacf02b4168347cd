"""Short partizan games in canonical form, interned.

Every canonical game is stored once, in a table keyed by (the hash of) its canonical Left
and Right options, and is named by an integer id. Two games are equal exactly when they are
the same object, so equality, hashing and memo keys are identity and id operations.

:func:`game` builds a game from canonical option lists: it removes dominated options and
bypasses reversible ones until neither applies, which gives the canonical form, the
unique simplest form of the value (Conway, *On Numbers and Games*, ch. 10; Siegel,
*Combinatorial Game Theory*, ch. II). Results are cached on the two option sets; sums,
negatives and comparisons are cached too.

Fast paths, in the manner of CGSuite's ``CanonicalShortGameOps`` (ideas only):

- dyadic numbers are built directly in canonical form, and added as fractions;
- stops are computed when a game is interned, and decide most comparisons: ``G <= H``
  needs ``L(G) <= L(H)`` and ``R(G) <= R(H)``, and holds when ``L(G) < R(H)`` (a number
  lies between). Two numbers are compared by their stops alone;
- adorned stops (each stop with whether the last move into it was Left's or Right's; see
  ``_le_compute``) decide more: with them ``G <= x`` for a number x is read off directly;
- a Left option of any form of G is never ``>= G`` and a Right option never ``<= G``, which
  settles many reversibility tests without a comparison;
- a number x and a non-number H: ``x <= H`` iff no ``H^R <= x`` (number avoidance);
- ``x + G`` for a number x and a non-number G is ``{G^L + x | G^R + x}``, which is already
  canonical (number translation: domination and reversibility are unchanged by adding x);
- nimbers, ups and stars ``x + k.^ + *n`` are compared and added componentwise.

Tests check every fast path against the plain recursive definitions and against cgt-py.

References
----------
Conway, *On Numbers and Games*, ch. 10; Siegel, *Combinatorial Game Theory*, ch. II;
Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1–2 (notation, ordinal sum).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from operator import attrgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

__all__ = ["DOWN", "Game", "GameBudgetExceeded", "ONE", "STAR", "UP", "ZERO", "add", "budget",
           "game", "known_games", "le", "neg", "nimber", "number", "number_up_star", "nus", "stops",
           "sub", "switch", "up_multiple"]

# Option sets -> canonical game, for every pair of option sets ever canonicalised. The key
# is ``hash((frozenset(left), frozenset(right)))``; the value is the flat tuple
# ``(game, len(left), *left, *right)`` (one object, a fraction of two frozensets' memory),
# or on a hash collision a list of them. :func:`game` compares the sets before it trusts
# an entry.
_TABLE: dict[int, tuple | list[tuple]] = {}
# Canonical options -> the game, keyed by ``hash((left, right))`` (each a tuple sorted by
# id): an int key, no object for the cyclic GC. The value is the game, or on a hash
# collision a list of games; :func:`_find` compares the options.
_CANON: dict[int, Game | list[Game]] = {}
_GAMES: list[Game] = []
_ADD: dict[tuple[int, int], Game] = {}
_NUMBERS: dict[Fraction, Game] = {}
_NUS: dict[tuple[Fraction, int, int], Game] = {}
# While a budget is active: [max interned games, max memoized comparisons], else Nones.
_LIMIT: list[int | None] = [None, None]
# How many comparisons have been computed and memoized (in the games' ``_le`` dicts).
_COMPARISONS = [0]


class GameBudgetExceeded(Exception):
    """More canonical games would be created than the active :func:`budget` allows."""


class budget:  # noqa: N801 - used as a context manager, like ``open``
    """Allow at most ``new_games`` new interned games and ``new_comparisons`` new
    memoized comparisons inside the ``with`` block.

    Canonical forms of sums can grow exponentially, and so can comparing them; callers
    that answer users (such as ``cgsat value``) use this to stop cleanly. Caches stay
    consistent: nothing is stored for a computation that was cut off.

    Examples
    --------
    >>> with budget(10**6):
    ...     str(game([ONE], [STAR]))
    '{1|*}'
    """

    def __init__(self, new_games: int, new_comparisons: int | None = None) -> None:
        self.new_games = new_games
        self.new_comparisons = 10 * new_games if new_comparisons is None else new_comparisons

    def __enter__(self) -> budget:
        self._saved = list(_LIMIT)
        _LIMIT[0] = len(_GAMES) + self.new_games
        _LIMIT[1] = _COMPARISONS[0] + self.new_comparisons
        return self

    def __exit__(self, *exc: object) -> None:
        _LIMIT[:] = self._saved


class Game:
    """A short game in canonical form. Never construct directly: use :func:`game`.

    Attributes
    ----------
    id : int
        The intern id; equality is identity.
    left, right : tuple of Game
        The canonical Left and Right options, sorted by id.

    Examples
    --------
    >>> g = game([ONE], [STAR])
    >>> str(g), g.outcome()
    ('{1|*}', 'L')
    >>> g + (-g) is ZERO
    True
    """

    __slots__ = (
        "id",
        "left",
        "right",
        "_num",
        "_nv",
        "_nim",
        "_nus",
        "_neg",
        "_birthday",
        "_stops",
        "_ls",
        "_rs",
        "_small",
        "_sk",
        "_lt",
        "_rt",
        "_le",
        "__weakref__",
    )

    id: int
    left: tuple[Game, ...]
    right: tuple[Game, ...]
    if TYPE_CHECKING:  # the slots' types; set by _new_game (some later, on demand)
        _num: Fraction | None  # the number G equals, or None
        _nv: float | Fraction | None  # _num as an exact float when possible
        _nim: int | None  # n when G = *n
        _nus: tuple[Fraction, int, int] | None  # (x, k, n) when G = x + k.^ + *n
        _neg: Game | None
        _birthday: int | None
        _stops: tuple[Fraction, Fraction] | None
        _ls: float | Fraction  # Left stop
        _rs: float | Fraction  # Right stop
        _small: bool | None  # all-small, once computed
        _sk: float | Fraction  # sort key _ls + _rs
        _lt: int  # adorned Left stop: 1 when reached after a Left move
        _rt: int  # adorned Right stop
        _le: Mapping[int, bool]  # H.id -> whether G <= H (_NO_LE, then a dict of its own)

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise TypeError("Game is not constructed directly: use game(left, right)")

    # --- arithmetic -------------------------------------------------------------------
    def __add__(self, other: object) -> Game:
        other = _coerce(other)
        if other is None:
            return NotImplemented
        return add(self, other)

    __radd__ = __add__

    def __neg__(self) -> Game:
        return neg(self)

    def __sub__(self, other: object) -> Game:
        other = _coerce(other)
        if other is None:
            return NotImplemented
        return add(self, neg(other))

    def __rsub__(self, other: object) -> Game:
        other = _coerce(other)
        if other is None:
            return NotImplemented
        return add(other, neg(self))

    # --- order ------------------------------------------------------------------------
    def __le__(self, other: object) -> bool:
        other = _coerce(other)
        if other is None:
            return NotImplemented
        return le(self, other)

    def __ge__(self, other: object) -> bool:
        other = _coerce(other)
        if other is None:
            return NotImplemented
        return le(other, self)

    def __lt__(self, other: object) -> bool:
        other = _coerce(other)
        if other is None:
            return NotImplemented
        return le(self, other) and not le(other, self)

    def __gt__(self, other: object) -> bool:
        other = _coerce(other)
        if other is None:
            return NotImplemented
        return le(other, self) and not le(self, other)

    # Equality is identity, since every value is interned once. The C-level methods of
    # ``object`` do exactly that, and fast (they hash by identity, consistent with ``is``).
    __eq__ = object.__eq__
    __ne__ = object.__ne__
    __hash__ = object.__hash__

    def __copy__(self) -> Game:
        return self

    def __deepcopy__(self, memo: dict) -> Game:
        return self

    def __reduce__(self) -> tuple:
        # Pickle as CGSuite text, so that unpickling interns (identity stays equality).
        from cgsat.cgt.notation import parse, to_str  # import cycle: notation imports canonical

        return (parse, (to_str(self),))

    def fuzzy(self, other: Game) -> bool:
        """``G ‖ H``: G and H are confused (incomparable).

        Examples
        --------
        >>> STAR.fuzzy(ZERO), UP.fuzzy(ZERO)
        (True, False)
        """
        return not le(self, other) and not le(other, self)

    def outcome(self) -> str:
        """The outcome class: ``'L'``, ``'R'``, ``'N'`` or ``'P'`` (by comparing with 0).

        Examples
        --------
        >>> [g.outcome() for g in (ONE, -ONE, STAR, ZERO)]
        ['L', 'R', 'N', 'P']
        """
        ge0 = le(ZERO, self)
        le0 = le(self, ZERO)
        if ge0:
            return "P" if le0 else "L"
        return "R" if le0 else "N"

    # --- classification ---------------------------------------------------------------
    def is_number(self) -> bool:
        """True when G is a (dyadic) number.

        Examples
        --------
        >>> number(Fraction(3, 4)).is_number(), STAR.is_number()
        (True, False)
        """
        return self._num is not None

    def number_value(self) -> Fraction | None:
        """The number G equals, or None when G is not a number.

        Examples
        --------
        >>> game([ZERO], [ONE]).number_value()
        Fraction(1, 2)
        """
        return self._num

    def is_nimber(self) -> bool:
        """True when G is a nimber ``*n`` (0 included).

        Examples
        --------
        >>> nimber(3).is_nimber(), UP.is_nimber()
        (True, False)
        """
        return self._nim is not None

    def nim_value(self) -> int | None:
        """n when G = ``*n``, else None."""
        return self._nim

    def is_infinitesimal(self) -> bool:
        """True when both stops are 0 (as in CGSuite, 0 itself counts).

        Examples
        --------
        >>> UP.is_infinitesimal(), ONE.is_infinitesimal()
        (True, False)
        """
        ls, rs = stops(self)
        return ls == 0 and rs == 0

    def is_all_small(self) -> bool:
        """True when every follower has Left and Right options, or none (dicotic).

        Examples
        --------
        >>> UP.is_all_small(), game([ONE], [ZERO]).is_all_small()
        (True, False)
        """
        s = self._small
        if s is None:
            if not self.left and not self.right:
                s = True
            elif not self.left or not self.right:
                s = False
            else:
                s = all(g.is_all_small() for g in self.left) and all(
                    g.is_all_small() for g in self.right
                )
            self._small = s
        return s

    def birthday(self) -> int:
        """The birthday of the canonical form.

        Examples
        --------
        >>> ZERO.birthday(), STAR.birthday(), UP.birthday(), number(Fraction(1, 2)).birthday()
        (0, 1, 2, 2)
        """
        b = self._birthday
        if b is None:
            # iteratively (deep games, such as large integers, would overflow the stack)
            stack = [self]
            while stack:
                g = stack[-1]
                if g._birthday is not None:
                    stack.pop()
                    continue
                opts = g.left + g.right
                todo = [h for h in opts if h._birthday is None]
                if todo:
                    stack.extend(todo)
                else:
                    g._birthday = 1 + max([cast(int, h._birthday) for h in opts]) if opts else 0
                    stack.pop()
            b = self._birthday
        return cast(int, b)  # set by the loop above

    def __str__(self) -> str:
        from cgsat.cgt.notation import to_str  # import cycle: notation imports canonical

        return to_str(self)

    def __repr__(self) -> str:
        return f"Game({self})"


def _coerce(other: object) -> Game | None:
    if isinstance(other, Game):
        return other
    if isinstance(other, (int, Fraction)) and not isinstance(other, bool):
        return number(other)
    return None


# --- interning --------------------------------------------------------------------------


def _simplest_between(lo: Fraction | None, hi: Fraction | None) -> Fraction:
    """The simplest dyadic number strictly between lo and hi (None means unbounded)."""
    if lo is None and hi is None:
        return Fraction(0)
    if lo is None:
        return Fraction(0) if hi > 0 else Fraction(-(-hi.numerator // hi.denominator) - 1)  # type: ignore[operator, union-attr]  # hi: both None returned above
    if hi is None:
        return Fraction(0) if lo < 0 else Fraction(lo.numerator // lo.denominator + 1)
    if lo < 0 < hi:
        return Fraction(0)
    if lo >= 0:
        n = lo.numerator // lo.denominator + 1  # least integer > lo
        if n < hi:
            return Fraction(n)
    else:
        n = -(-hi.numerator // hi.denominator) - 1  # greatest integer < hi
        if n > lo:
            return Fraction(n)
    d = 2
    while True:
        n = (lo * d).numerator // (lo * d).denominator + 1
        c = Fraction(n, d)
        if c < hi:
            return c
        d *= 2


def _put(table: dict, k: int, value: object) -> None:
    """Store ``value`` (a Game or a tuple) under the hash ``k``: alone, or on a collision in
    a list with the values already there."""
    old = table.get(k)
    if old is None:
        table[k] = value
    elif old.__class__ is list:
        old.append(value)
    else:
        table[k] = [old, value]


def _intern(left: Iterable[Game], right: Iterable[Game]) -> Game:
    """Return the game with exactly these canonical options (they must already form a
    canonical game: no dominated or reversible options)."""
    key = (tuple(sorted(set(left), key=_ID)), tuple(sorted(set(right), key=_ID)))
    g = _find(key)
    if g is not None:
        return g
    return _new_game(key)


def _find(key: tuple[tuple, tuple]) -> Game | None:
    """The interned game whose canonical options are ``key`` (tuples sorted by id)."""
    g = _CANON.get(hash(key))
    if g is None:
        return None
    for x in (g,) if g.__class__ is Game else cast("list[Game]", g):
        if x.left == key[0] and x.right == key[1]:
            return x
    return None


def _new_game(  # noqa: C901 - every cache of a new game in one pass (hot path)
        key: tuple[tuple, tuple], lf: float | None = None, rf: float | None = None) -> Game:
    """Intern a new game whose canonical options are ``key`` (two tuples sorted by id, no
    repeats; not yet in the table).

    ``lf`` and ``rf``, when given, are ``max R(G^L)`` and ``min L(G^R)`` over any form of
    G (see :class:`_Form`): the stops of G if G is not a number."""
    games = _GAMES
    if _LIMIT[0] is not None and len(games) >= _LIMIT[0]:
        raise GameBudgetExceeded(f"more than {_LIMIT[0]} canonical games")
    lo, ro = key
    g = Game.__new__(Game)
    g.id = len(games)
    g.left = lo
    g.right = ro
    g._neg = None
    g._stops = None
    g._small = None
    g._nus = None
    g._birthday = None  # computed on demand
    g._le = _NO_LE  # H.id -> whether G <= H; a dict of its own from the first comparison
    # A canonical game is a number iff all its options are numbers with max L < min R
    # (the canonical form of a number is unique).
    num = None
    for h in lo:
        if h._num is None:
            break
    else:
        for h in ro:
            if h._num is None:
                break
        else:
            a = max([h._num for h in lo], default=None)
            b = min([h._num for h in ro], default=None)
            if a is None or b is None or a < b:
                num = _simplest_between(a, b)
    g._num = num
    if num is not None:
        f = float(num)
        g._nv = f if f == num else num  # exact float when possible: fast, exact compares
        g._ls = g._rs = g._nv
        g._lt = 0
        g._rt = 1
    else:
        g._nv = None
        # Stops, as exact floats where possible (a canonical non-number has options on
        # both sides): L(G) = max R(G^L), R(G) = min L(G^R).
        if lf is None:
            lf = max([h._rs for h in lo])
            rf = min([h._ls for h in ro])
        g._ls = lf
        g._rs = cast(float, rf)  # given together with lf, or computed with it above
        # Adorned stops (see _le_compute): 1 when the Left stop is reached with Right to
        # move, after a Left move; 0 when the Right stop is reached with Left to move.
        lt = 0
        for h in lo:
            if h._rt and h._rs == lf:
                lt = 1
                break
        rt = 1
        for h in ro:
            if not h._lt and h._ls == rf:
                rt = 0
                break
        g._lt = lt
        g._rt = rt
    g._sk = g._ls + g._rs  # sort key: a <= b implies a._sk <= b._sk
    nim = None
    if num is not None:
        nim = 0 if num == 0 else None
    elif lo == ro and all(h._nim is not None for h in lo):
        if sorted(h._nim for h in lo) == list(range(len(lo))):
            nim = len(lo)
    g._nim = nim
    if num is not None:
        g._nus = (num, 0, 0)
    elif nim is not None:
        g._nus = (Fraction(0), 0, nim)
    _put(_CANON, hash(key), g)
    games.append(g)
    return g


_ID = attrgetter("id")
# the comparisons of a game never compared yet (read-only)
_NO_LE = cast("Mapping[int, bool]", MappingProxyType({}))
_INF = float("inf")

ZERO = _intern((), ())
_NUMBERS[Fraction(0)] = ZERO


def number(q: int | Fraction) -> Game:
    """The canonical form of the dyadic rational ``q``.

    Raises
    ------
    ValueError
        When ``q`` is not a dyadic rational.

    Examples
    --------
    >>> str(number(3)), str(number(Fraction(-1, 2)))
    ('3', '-1/2')
    >>> number(Fraction(1, 3))
    Traceback (most recent call last):
    ...
    ValueError: 1/3 is not a dyadic rational

    References
    ----------
    Conway, *On Numbers and Games*, ch. 0 and 10 (dyadic numbers in canonical form).
    """
    q = Fraction(q)
    g = _NUMBERS.get(q)
    if g is not None:
        return g
    den = q.denominator
    if den & (den - 1):
        raise ValueError(f"{q} is not a dyadic rational")
    if den == 1:
        # Build integers upwards from the nearest known one, iteratively (no deep recursion).
        step = 1 if q > 0 else -1
        k = q - step
        while k not in _NUMBERS:
            k -= step
        while k != q:
            prev = _NUMBERS[k]
            k += step
            g = _intern((prev,), ()) if step > 0 else _intern((), (prev,))
            _NUMBERS[k] = g
        return _NUMBERS[q]
    else:
        step = Fraction(1, den)
        g = _intern((number(q - step),), (number(q + step),))
    _NUMBERS[q] = g
    return g


def nimber(k: int) -> Game:
    """The nimber ``*k``.

    Examples
    --------
    >>> str(nimber(0)), str(nimber(1)), str(nimber(5))
    ('0', '*', '*5')

    References
    ----------
    Conway, *On Numbers and Games*, ch. 11 (nimbers).
    """
    if k < 0:
        raise ValueError(f"nimber {k}: must be >= 0")
    key = (Fraction(0), 0, k)
    g = _NUS.get(key)
    if g is None:
        opts = [nimber(i) for i in range(k)]
        g = _intern(opts, opts)
        _NUS[key] = g
    return g


ONE = number(1)
STAR = nimber(1)
UP = _intern((ZERO,), (STAR,))
UP._nus = (Fraction(0), 1, 0)
_NUS[(Fraction(0), 1, 0)] = UP


def up_multiple(k: int, star: int = 0) -> Game:
    """``k.^ + *star`` (k may be negative: ``v`` is ``-^``).

    Examples
    --------
    >>> [str(up_multiple(k, s)) for k, s in [(1, 0), (2, 1), (-3, 0), (1, 2)]]
    ['^', '^^*', 'v3', '^*2']

    References
    ----------
    Siegel, *Combinatorial Game Theory*, ch. II (ups and their canonical forms).
    """
    return nus(Fraction(0), k, star)


def nus(x: Fraction | int, k: int, star: int) -> Game:
    """The game ``x + k.^ + *star`` for a dyadic number x (CGSuite's "number-up-star").

    Examples
    --------
    >>> str(nus(Fraction(1, 2), 1, 1))
    '1/2+^*'

    References
    ----------
    Siegel, *Combinatorial Game Theory*, ch. II; CGSuite's NumberUpStar.
    """
    x = Fraction(x)
    key = (x, k, star)
    g = _NUS.get(key)
    if g is not None:
        return g
    if star < 0:
        raise ValueError(f"nimber {star}: must be >= 0")
    if k == 0 and star == 0:
        g = number(x)
    elif x != 0:
        g = _translate(nus(0, k, star), x)
    elif k < 0:
        g = neg(nus(0, -k, star))
    elif k == 0:
        g = nimber(star)
    elif k >= 2 and star <= 1:
        # k.^ = {0 | (k-1).^*} and k.^* = {0 | (k-1).^} for k >= 2.
        g = _intern((ZERO,), (nus(0, k - 1, 1 - star),))
    elif k == 1 and star == 1:
        g = _intern((ZERO, STAR), (ZERO,))
    else:
        g = _add_general(nus(0, k, 0), nimber(star))
    g._nus = key
    _NUS[key] = g
    return g


def switch(a: Game, b: Game) -> Game:
    """The game ``{a | b}`` in canonical form.

    Examples
    --------
    >>> str(switch(ONE, -ONE)), str(switch(ONE, STAR))
    ('+-1', '{1|*}')

    References
    ----------
    Siegel, *Combinatorial Game Theory*, ch. II (switches).
    """
    return game((a,), (b,))


# --- negation, order, sums --------------------------------------------------------------


def neg(g: Game) -> Game:
    """The negative ``-G`` (exchange the roles of Left and Right).

    Examples
    --------
    >>> neg(UP) is DOWN
    True

    References
    ----------
    Conway, *On Numbers and Games*, ch. 1 (negation).
    """
    n = g._neg
    if n is not None:
        return n
    if g._num is not None:
        n = number(-g._num)
    else:
        n = _intern([neg(h) for h in g.right], [neg(h) for h in g.left])
    if g._nus is not None:
        x, k, s = g._nus
        n._nus = (-x, -k, s)
        _NUS.setdefault(n._nus, n)
    g._neg = n
    n._neg = g
    return n


def le(g: Game, h: Game) -> bool:
    """``G <= H`` in the game order: no ``G^L >= H`` and no ``H^R <= G``.

    Examples
    --------
    >>> le(ZERO, UP), le(UP, ZERO), le(STAR, ZERO)
    (True, False, False)

    References
    ----------
    Conway, *On Numbers and Games*, ch. 1 (order); Siegel, ch. II (stops, number avoidance).
    """
    if g is h:
        return True
    # Stops: G <= H forces L(G) <= L(H) and R(G) <= R(H); L(G) < R(H) gives G < x < H
    # for a number x in between.
    if g._ls > h._ls or g._rs > h._rs:
        return False
    if g._ls < h._rs:
        return True
    r = g._le.get(h.id)
    if r is None:
        r = _le_compute(g, h)
    return r


def _le_compute(g: Game, h: Game) -> bool:  # noqa: C901 - the fast paths inlined (hot path)
    """``G <= H`` for ``G is not H`` whose stops leave it open and that is not memoized yet;
    the answer is memoized. Callers have made the quick checks of :func:`le`.

    Adorned stops decide some of these. Write ``Ls(G)`` for the pair (Left stop, 1 if Left
    made the last move into it else 0), ordered lexicographically: ``Ls(x) = (x, 0)`` for a
    number x and otherwise ``Ls(G) = max Rs(G^L)``; dually ``Rs(x) = (x, 1)`` and
    ``Rs(G) = min Ls(G^R)``. By induction with number avoidance (for G not a number,
    ``G <= x`` iff no ``G^L >= x``, and ``x <= G`` iff no ``G^R <= x``):
    ``G <= x`` iff ``Ls(G) <= (x, 0)``, and ``x <= G`` iff ``Rs(G) >= (x, 1)``. Hence
    ``G <= H`` implies ``Ls(G) <= Ls(H)`` and ``Rs(G) <= Rs(H)`` (numbers are dense), and
    ``Ls(G) <= (x, 0)``, ``Rs(H) >= (x, 1)`` give ``G <= x <= H``. Tests check both
    statements against the plain definition."""
    if _LIMIT[1] is not None:
        if _COMPARISONS[0] >= _LIMIT[1]:
            raise GameBudgetExceeded(f"more than {_LIMIT[1]} comparisons")
        _COMPARISONS[0] += 1
    r = True
    if (g._lt > h._lt and g._ls == h._ls) or (g._rt > h._rt and g._rs == h._rs):
        r = False
    elif g._lt < h._rt and g._ls == h._rs:
        pass  # G <= x <= H for the number x = L(G) = R(H)
    elif g._nus is not None and h._nus is not None:
        # equal stops here, so equal number parts: compare the ups and stars
        d = h._nus[1] - g._nus[1]
        if d == 0:
            r = g._nus[2] == h._nus[2]
        elif d == 1:
            r = g._nus[2] ^ h._nus[2] != 1  # ^* is confused with 0; ^*n (n != 1) > 0
        else:
            r = d > 1
    elif g._nv is not None:
        # Number avoidance: x <= H iff no H^R <= x.
        r = not _any_le_right(h.right, g)
    elif h._nv is not None:
        r = not _any_ge_left(g.left, h)
    else:
        # no G^L >= H and no H^R <= G (the loops of _any_ge_left, _any_le_right inlined)
        hle = h._le
        hls = h._ls
        hrs = h._rs
        for x in g.left:
            if x is h:
                r = False
                break
            if hls > x._ls or hrs > x._rs:
                continue
            if hls < x._rs:
                r = False
                break
            v = hle.get(x.id)
            if v is None:
                v = _le_compute(h, x)
            if v:
                r = False
                break
        if r:
            gls = g._ls
            grs = g._rs
            gid = g.id
            for x in h.right:
                if x is g:
                    r = False
                    break
                if x._ls > gls or x._rs > grs:
                    continue
                if x._ls < grs:
                    r = False
                    break
                v = x._le.get(gid)
                if v is None:
                    v = _le_compute(x, g)
                if v:
                    r = False
                    break
    d = g._le
    if d is _NO_LE:
        d = g._le = {}
    d[h.id] = r  # type: ignore[index]  # a dict of its own by now (never _NO_LE)
    return r


def _any_ge_left(opts: Sequence[Game], h: Game) -> bool:
    """Some ``x`` in opts has ``h <= x`` (the quick cases of :func:`le` inlined)."""
    hls = h._ls
    hrs = h._rs
    hle = h._le
    for x in opts:
        if x is h:
            return True
        if hls > x._ls or hrs > x._rs:
            continue
        if hls < x._rs:
            return True
        v = hle.get(x.id)
        if v is None:
            v = _le_compute(h, x)
        if v:
            return True
    return False


def _any_le_right(opts: Sequence[Game], g: Game) -> bool:
    """Some ``x`` in opts has ``x <= g``."""
    gls = g._ls
    grs = g._rs
    gid = g.id
    for x in opts:
        if x is g:
            return True
        if x._ls > gls or x._rs > grs:
            continue
        if x._ls < grs:
            return True
        v = x._le.get(gid)
        if v is None:
            v = _le_compute(x, g)
        if v:
            return True
    return False


def add(g: Game, h: Game) -> Game:
    """The disjunctive sum ``G + H`` in canonical form.

    Examples
    --------
    >>> str(add(STAR, STAR)), str(add(UP, STAR)), str(add(ONE, number(Fraction(1, 2))))
    ('0', '^*', '3/2')

    References
    ----------
    Conway, *On Numbers and Games*, ch. 1 (sums); Siegel, ch. II (number translation).
    """
    if g is ZERO:
        return h
    if h is ZERO:
        return g
    gn = g._num
    hn = h._num
    if gn is not None and hn is not None:
        return number(gn + hn)
    if g.id > h.id:
        g, h = h, g
        gn, hn = hn, gn
    key = (g.id, h.id)
    r = _ADD.get(key)
    if r is not None:
        return r
    if gn is not None:
        r = _translate(h, gn)
    elif hn is not None:
        r = _translate(g, hn)
    elif g._nus is not None and h._nus is not None:
        a, b = g._nus, h._nus
        r = nus(a[0] + b[0], a[1] + b[1], a[2] ^ b[2])
    else:
        r = _add_general(g, h)
    _ADD[key] = r
    return r


def _translate(g: Game, x: Fraction) -> Game:
    """``G + x`` for a non-number G: ``{G^L + x | G^R + x}`` is already canonical."""
    xg = number(x)
    r = _intern([add(h, xg) for h in g.left], [add(h, xg) for h in g.right])
    if g._nus is not None and r._nus is None:
        y, k, s = g._nus
        r._nus = (y + x, k, s)
        _NUS.setdefault(r._nus, r)
    return r


def _add_general(g: Game, h: Game) -> Game:
    left = [add(gl, h) for gl in g.left] + [add(g, hl) for hl in h.left]
    right = [add(gr, h) for gr in g.right] + [add(g, hr) for hr in h.right]
    return _canonical(left, right)


def sub(g: Game, h: Game) -> Game:
    """``G - H``."""
    return add(g, neg(h))


# --- canonicalisation -------------------------------------------------------------------


def game(left: Iterable[Game], right: Iterable[Game]) -> Game:
    """The canonical form of ``{left | right}`` for canonical option games.

    Dominated options are removed and reversible options bypassed until neither applies.

    Examples
    --------
    >>> str(game([ZERO, STAR], [ZERO, STAR]))
    '*2'
    >>> game([STAR], [STAR]) is ZERO
    True
    >>> str(game([ZERO], [game([ZERO], [-ONE])]))
    '{0||0|-1}'

    References
    ----------
    Conway, *On Numbers and Games*, ch. 10 (simplest form); Siegel, ch. II (canonical form).
    """
    # The result is cached on the two option sets.
    lset = frozenset(left)
    rset = frozenset(right)
    k = hash((lset, rset))
    e = _TABLE.get(k)
    if e is not None:
        nl = len(lset)
        for t in (e,) if e.__class__ is tuple else e:
            if (
                t[1] == nl
                and len(t) == nl + len(rset) + 2
                and lset.issuperset(t[2 : nl + 2])
                and rset.issuperset(t[nl + 2 :])
            ):
                return t[0]
    try:
        r = _canonical_uncached(lset, rset)
    except AttributeError:
        for h in lset | rset:
            if h.__class__ is not Game:
                raise TypeError(f"option {h!r} is not a Game") from None
        raise
    _put(_TABLE, k, (r, len(lset), *lset, *rset))
    return r


_canonical = game


def _canonical_uncached(lset: frozenset, rset: frozenset) -> Game:  # noqa: C901 - hot path, inlined
    # Stops of the form: lf = max R(G^L) and rf = min L(G^R) (see _Form).
    lf = max([h._rs for h in lset]) if lset else -_INF
    rf = min([h._ls for h in rset]) if rset else _INF
    if lf < rf:
        # Simplicity: options all numbers with max L < min R give the simplest number
        # between. (With max L >= min R, the general path below gives {max L | min R}.)
        for h in lset:
            if h._num is None:
                break
        else:
            for h in rset:
                if h._num is None:
                    break
            else:
                a = max([h._num for h in lset], default=None)
                b = min([h._num for h in rset], default=None)
                return number(_simplest_between(a, b))
    # An option whose Left stop is below another's Right stop is dominated by it.
    lo = [h for h in lset if h._ls >= lf]
    if len(lo) > 1:
        lo.sort(key=_SK, reverse=True)
        lo = _sweep_max([], lo)
    ro = [h for h in rset if h._rs <= rf]
    if len(ro) > 1:
        ro.sort(key=_SK)
        ro = _sweep_min([], ro)
    if lf > rf:
        hi = lf
        low = rf
    else:
        hi = rf
        low = lf
    form = None
    # Only options not yet tested are tested for reversibility: whether G^L reverses
    # through G^LR (G^LR <= G) depends on the value of G alone, which bypassing keeps.
    test_lo = lo
    test_ro = ro
    while True:
        keep_lo: list[Game] = lo
        add_lo: list[Game] = []
        for gl in test_lo:
            for glr in gl.right:
                # G^LR <= G: G^L reverses through G^LR (stop bounds inlined from _Form.ge)
                if glr._rs > rf or glr._ls > hi:
                    continue
                if glr._ls >= low:
                    # A Right option of any form of G is never <= G (G <| G^R).
                    if glr in rset:
                        continue
                    if form is None:
                        form = _Form(lo, ro, lf, rf, lset, rset)
                    if not form.ge(glr):
                        continue
                if keep_lo is lo:
                    keep_lo = list(lo)
                keep_lo.remove(gl)
                add_lo.extend(glr.left)
                break
        keep_ro: list[Game] = ro
        add_ro: list[Game] = []
        for gr in test_ro:
            for grl in gr.left:
                # G^RL >= G (stop bounds inlined from _Form.le)
                if lf > grl._ls or low > grl._rs:
                    continue
                if hi >= grl._rs:
                    if grl in lset:  # a Left option of any form of G is never >= G
                        continue
                    if form is None:
                        form = _Form(lo, ro, lf, rf, lset, rset)
                    if not form.le(grl):
                        continue
                if keep_ro is ro:
                    keep_ro = list(ro)
                keep_ro.remove(gr)
                add_ro.extend(grl.right)
                break
        if keep_lo is lo and keep_ro is ro:
            key = (
                tuple(sorted(lo, key=_ID)) if len(lo) > 1 else tuple(lo),
                tuple(sorted(ro, key=_ID)) if len(ro) > 1 else tuple(ro),
            )
            g = _find(key)
            return g if g is not None else _new_game(key, lf, rf)
        # The kept options are still pairwise incomparable: sweep in only the new ones.
        # (A new option may dominate a kept one, which the sweep then drops: the options
        # to test are the ones not kept from before, wherever they are in the list.)
        if keep_lo is not lo:
            before = set(keep_lo)
            add_lo.sort(key=_SK, reverse=True)
            lo = _sweep_max(keep_lo, add_lo)
            test_lo = [a for a in lo if a not in before]
        else:
            test_lo = []
        if keep_ro is not ro:
            before = set(keep_ro)
            add_ro.sort(key=_SK)
            ro = _sweep_min(keep_ro, add_ro)
            test_ro = [a for a in ro if a not in before]
        else:
            test_ro = []
        if form is not None:
            form.left, form.right = lo, ro


_SK = attrgetter("_sk")


def _sweep_max(kept: list[Game], opts: list[Game]) -> list[Game]:  # noqa: C901 - hot path, inlined
    """Add each of ``opts`` to the antichain ``kept`` (a list, changed in place) unless
    some kept option dominates it (``a <= b``), dropping the kept options it dominates.
    Kept options stay in their order and new ones are appended.

    A memoized answer is looked up first; stops are consulted only when there is none.
    A memoized ``a <= b`` that is false was decided past the stops, so ``L(a) <= L(b)``
    and ``R(a) <= R(b)``, and then ``b <= a`` needs equal stops."""
    for a in opts:
        als = a._ls
        ars = a._rs
        aid = a.id
        ale = a._le
        drop = None
        for b in kept:
            v = ale.get(b.id)
            if v is None:
                bls = b._ls
                brs = b._rs
                if als <= bls and ars <= brs:
                    # maybe a <= b
                    if als < brs or a is b or _le_compute(a, b):
                        break
                    if bls != als or brs != ars:
                        continue
                elif bls > als or brs > ars:
                    continue
            elif v:
                break
            elif b._ls != als or b._rs != ars:
                continue
            # maybe b <= a (a <= b is false here); L(b) <= L(a) and R(b) <= R(a) now
            if b._ls < ars:
                v = True  # b <= x <= a for a number x between
            else:
                v = b._le.get(aid)
                if v is None:
                    v = _le_compute(b, a)
            if v:
                if drop is None:
                    drop = [b]
                else:
                    drop.append(b)
        else:
            # (if a were dominated by a kept b, no kept option could be <= a: the kept
            # options are pairwise incomparable; so drop is only used here)
            if drop is not None:
                for b in drop:
                    kept.remove(b)
            kept.append(a)
    return kept


def _sweep_min(kept: list[Game], opts: list[Game]) -> list[Game]:  # noqa: C901 - hot path, inlined
    """As :func:`_sweep_max` with the order reversed (keep the least options)."""
    for a in opts:
        als = a._ls
        ars = a._rs
        aid = a.id
        ale = a._le
        drop = None
        for b in kept:
            v = b._le.get(aid)
            if v is None:
                bls = b._ls
                brs = b._rs
                if bls <= als and brs <= ars:
                    # maybe b <= a
                    if bls < ars or a is b or _le_compute(b, a):
                        break
                    if bls != als or brs != ars:
                        continue
                elif als > bls or ars > brs:
                    continue
            elif v:
                break
            elif b._ls != als or b._rs != ars:
                continue
            # maybe a <= b (b <= a is false here); L(a) <= L(b) and R(a) <= R(b) now
            if als < b._rs:
                v = True  # a <= x <= b for a number x between
            else:
                v = ale.get(b.id)
                if v is None:
                    v = _le_compute(a, b)
            if v:
                if drop is None:
                    drop = [b]
                else:
                    drop.append(b)
        else:
            if drop is not None:
                for b in drop:
                    kept.remove(b)
            kept.append(a)
    return kept


class _Form:
    """A game G given by option lists (not yet canonical), compared with canonical games.

    Comparisons are value-based, so the memo stays valid while the option lists are
    simplified (every intermediate form has the same value).

    Stops bound the comparisons. With ``lf = max R(G^L)`` and ``rf = min L(G^R)`` over
    any form of G: if G equals a number x then ``lf <= x <= rf`` (as ``G^L`` is not
    ``>= x``); otherwise ``L(G) = lf`` and ``R(G) = rf``. Either way
    ``lf <= L(G) <= max(lf, rf)`` and ``min(lf, rf) <= R(G) <= rf``.

    ``lset`` and ``rset`` are the options of the form G was given by: no Left option of
    any form of G is ``>= G`` and no Right option is ``<= G``.
    """

    def __init__(
        self,
        left: list[Game],
        right: list[Game],
        lf: float,
        rf: float,
        lset: frozenset,
        rset: frozenset,
    ) -> None:
        self.left = left
        self.right = right
        self.lset = lset
        self.rset = rset
        self.lf = lf
        self.rf = rf
        self.hi = lf if lf > rf else rf
        self.lo = rf if lf > rf else lf
        self._ge: dict[int, bool] = {}
        self._le: dict[int, bool] = {}

    def ge(self, x: Game) -> bool:
        """``x <= G``: no ``x^L >= G`` and no ``G^R <= x``."""
        if x._rs > self.rf or x._ls > self.hi:
            return False
        if x._ls < self.lo:
            return True
        if x in self.rset:
            return False
        r = self._ge.get(x.id)
        if r is None:
            r = not _any_le_right(self.right, x)
            if r:
                for xl in x.left:
                    if self.le(xl):
                        r = False
                        break
            self._ge[x.id] = r
        return r

    def le(self, x: Game) -> bool:
        """``G <= x``: no ``G^L >= x`` and no ``x^R <= G``."""
        if self.lf > x._ls or self.lo > x._rs:
            return False
        if self.hi < x._rs:
            return True
        if x in self.lset:
            return False
        r = self._le.get(x.id)
        if r is None:
            r = not _any_ge_left(self.left, x)
            if r:
                for xr in x.right:
                    if self.ge(xr):
                        r = False
                        break
            self._le[x.id] = r
        return r


DOWN = up_multiple(-1)


# --- stops (used by is_infinitesimal) ---------------------------------------------------


def stops(g: Game) -> tuple[Fraction, Fraction]:
    """The Left and Right stops of G.

    Examples
    --------
    >>> stops(game([ONE], [number(-1)]))
    (Fraction(1, 1), Fraction(-1, 1))

    References
    ----------
    Siegel, *Combinatorial Game Theory*, ch. II (Left and Right stops).
    """
    s = g._stops
    if s is None:
        s = (Fraction(g._ls), Fraction(g._rs))
        g._stops = s
    return s


def number_up_star(g: Game) -> tuple[Fraction, int, int] | None:
    """``(x, k, n)`` when G = x + k.^ + *n, else None.

    Recognises the form whether or not G was built by :func:`nus`: a candidate is read off
    the options and confirmed by identity.

    Examples
    --------
    >>> number_up_star(game([ZERO], [up_multiple(1, 1)]))
    (Fraction(0, 1), 2, 0)
    >>> number_up_star(game([ONE], [ZERO])) is None
    True

    References
    ----------
    CGSuite's NumberUpStar (ideas); Siegel, ch. II.
    """
    if g._nus is not None:
        return g._nus
    if not g.left or not g.right:
        return None
    opts = []
    for h in g.left + g.right:
        t = number_up_star(h)
        if t is None:
            return None
        opts.append(t)
    x = opts[0][0]
    if any(t[0] != x for t in opts):
        return None
    ls, rs = stops(g)
    if ls != x or rs != x:
        return None
    ks = {0}
    top = 1
    for _, k, n in opts:
        ks.update((k - 1, k, k + 1))
        top = max(top, n)
    for k in sorted(ks, key=abs):
        for n in range(2 * top + 2):
            if nus(x, k, n) is g:
                return g._nus
    return None


def known_games() -> int:
    """How many canonical games have been interned so far (for benchmarks).

    Examples
    --------
    >>> known_games() > 0
    True

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures* (the benchmark's strings).
    """
    return len(_GAMES)
