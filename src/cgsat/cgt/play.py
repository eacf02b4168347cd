"""Plain game-tree search: the replays' own solver, sharing nothing with the engines.

Counterexamples found by a claim's methods are confirmed here, by code that knows a game
only through a ruleset's option functions (:mod:`cgsat.games.base`):

- partizan rulesets (Toppling Dominoes, Thinning Thickets): "does Left (Right) win moving
  first on ``G - H``", by memoized recursion over the options of the sum. ``G`` is a
  position; ``H`` is a position of the same ruleset or a small game given by its options
  (:class:`Explicit`, whose options may again be positions). A move is a move in one term;
  in a negated term the players swap. ``G = H`` exactly when the second player wins
  ``G - H``. No canonical form, no simplification, no component splitting;
- impartial rulesets: P-positions (normal and misère play) and nim-values by plain
  recursion over ``options`` of the whole position (no component splitting, no
  Sprague-Grundy sums, no fast paths).

Every call starts with an empty memo, so one replay never sees another's table.

References
----------
.. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, ch. 1-2 (outcomes of
   sums, ``G = H`` iff ``G - H`` is a second-player win).
.. [2] M. H. Albert, R. J. Nowakowski, D. Wolfe, *Lessons in Play*, ch. 2 and 7.
"""

from __future__ import annotations

import sys
from collections.abc import Hashable, Iterable
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from cgsat.errors import TooLargeError
from cgsat.games.base import ImpartialRuleset, PartizanRuleset

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TypeVar

    T = TypeVar("T")

__all__ = ["Explicit", "NODE_LIMIT", "STAR", "ZERO", "compare", "equals", "find_number", "greater",
           "impartial_outcome", "integer", "is_p_position", "neg", "nim_value", "nimber", "number",
           "number_value", "outcome", "switch", "wins_first"]

NODE_LIMIT = 2_000_000
"""How many distinct (sum, player) states one search may visit before giving up."""


class Explicit:
    """A game given by its options, ``{left | right}``.

    Each option is an :class:`Explicit` or a position of the ruleset being searched.
    Equality is structural; the hash is computed once, so deep games (``*20``) stay cheap
    as memo keys.

    Examples
    --------
    >>> Explicit((ZERO,), ())  # the integer 1
    {0|}
    >>> Explicit((ZERO,), ()) == integer(1)
    True
    """

    __slots__ = ("left", "right", "_hash")

    def __init__(self, left: Iterable = (), right: Iterable = ()):
        self.left = tuple(left)
        self.right = tuple(right)
        self._hash = hash((self.left, self.right))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Explicit) or self._hash != other._hash:
            return False
        return self.left == other.left and self.right == other.right

    def __repr__(self) -> str:
        def show(o: Any) -> str:
            if isinstance(o, Explicit):
                return repr(o) if (o.left or o.right) else "0"
            return str(o)
        return ("{" + ",".join(map(show, self.left)) + "|"
                + ",".join(map(show, self.right)) + "}")


ZERO = Explicit()
"""The game ``{|}`` = 0."""

STAR = Explicit((ZERO,), (ZERO,))
"""The game ``{0|0}`` = ``*``."""


def neg(g: Explicit) -> Explicit:
    """The negative of an explicit game whose options are all explicit.

    Examples
    --------
    >>> neg(integer(1)) == integer(-1)
    True
    """
    return Explicit(tuple(neg(o) for o in g.right), tuple(neg(o) for o in g.left))


@cache
def integer(k: int) -> Explicit:
    """The integer ``k``: ``{k-1|}`` for ``k > 0``, ``{|k+1}`` for ``k < 0``, else ``{|}``.

    Examples
    --------
    >>> integer(2)
    {{0|}|}
    """
    if k == 0:
        return ZERO
    if k > 0:
        return Explicit((integer(k - 1),), ())
    return Explicit((), (integer(k + 1),))


@cache
def number(q: Fraction | int) -> Explicit:
    """A dyadic rational as a game: an integer, or ``{(m-1)/2^j | (m+1)/2^j}`` for
    ``q = m/2^j`` with ``m`` odd and ``j >= 1``.

    Raises
    ------
    ValueError
        If ``q`` is not dyadic.

    Examples
    --------
    >>> number(Fraction(1, 2)) == Explicit((ZERO,), (integer(1),))
    True
    """
    q = Fraction(q)
    den = q.denominator
    if den == 1:
        return integer(q.numerator)
    if den & (den - 1):
        raise ValueError(f"{q} is not a dyadic rational")
    step = Fraction(1, den)
    return Explicit((number(q - step),), (number(q + step),))


@cache
def nimber(m: int) -> Explicit:
    """``*m = {*0, ..., *(m-1) | *0, ..., *(m-1)}``.

    Examples
    --------
    >>> nimber(1) == STAR
    True
    """
    opts = tuple(nimber(k) for k in range(m))
    return Explicit(opts, opts)


def switch(a: Any, b: Any) -> Explicit:
    """The game ``{a|b}`` (each side a position or an explicit game).

    Examples
    --------
    >>> switch(ZERO, ZERO) == STAR
    True
    """
    return Explicit((a,), (b,))


# -- partizan: who wins moving first on a sum -----------------------------------------------
class _Search:
    """Memoized "who wins moving first" on sums of signed terms for one ruleset."""

    def __init__(self, ruleset: PartizanRuleset, node_limit: int):
        self.ruleset = ruleset
        self.node_limit = node_limit
        self.memo: dict[tuple[tuple, str], bool] = {}

    def _term_options(self, term: Any, player: str) -> list:
        """The options of one term for ``player`` ("L" or "R")."""
        if isinstance(term, Explicit):
            return list(term.left if player == "L" else term.right)
        moves = (self.ruleset.left_options if player == "L"
                 else self.ruleset.right_options)(term)
        return [o for _, o in moves]

    def options(self, terms: tuple, player: str) -> Iterable[tuple]:
        """Every sum reachable by one move of ``player``."""
        for i, (sign, term) in enumerate(terms):
            who = player if sign > 0 else ("R" if player == "L" else "L")
            for o in self._term_options(term, who):
                yield terms[:i] + ((sign, o),) + terms[i + 1:]

    def wins(self, terms: tuple, player: str) -> bool:
        """Whether ``player`` moving first on the sum wins."""
        state = (terms, player)
        hit = self.memo.get(state)
        if hit is not None:
            return hit
        if len(self.memo) >= self.node_limit:
            raise TooLargeError(f"game-tree search passed {self.node_limit} states")
        other = "R" if player == "L" else "L"
        result = any(not self.wins(o, other) for o in self.options(terms, player))
        self.memo[state] = result
        return result


def _terms(g: Any, h: Any | None) -> tuple:
    """``g - h`` as signed terms (``h`` None: ``g`` alone)."""
    return ((1, g),) if h is None else ((1, g), (-1, h))


def _deep(fn: Callable[..., T], *args: Any) -> T:
    """Run ``fn`` with a recursion limit deep enough for long games."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 20_000))
    try:
        return fn(*args)
    finally:
        sys.setrecursionlimit(old)


def wins_first(ruleset: PartizanRuleset, player: str, g: Any, h: Any | None = None, *,
               node_limit: int = NODE_LIMIT) -> bool:
    """Whether ``player`` ("L" or "R") wins moving first on ``g - h`` (or on ``g``).

    Parameters
    ----------
    ruleset : PartizanRuleset
        The rules of the positions among ``g``, ``h`` and the explicit games' options.
    player : {"L", "R"}
    g, h : position or Explicit
        ``h`` may be None (then the game is ``g``).
    node_limit : int
        Past this many states, :class:`~cgsat.errors.TooLargeError`.

    Examples
    --------
    >>> from cgsat.games import toppling
    >>> wins_first(toppling.RULESET, "L", ("LR",)), wins_first(toppling.RULESET, "R", ("L",))
    (True, False)
    """
    search = _Search(ruleset, node_limit)
    return _deep(search.wins, _terms(g, h), player)


def outcome(ruleset: PartizanRuleset, g: Any, h: Any | None = None, *,
            node_limit: int = NODE_LIMIT) -> str:
    """The outcome class of ``g - h`` (or ``g``): "L", "R", "N" or "P".

    Examples
    --------
    >>> from cgsat.games import toppling
    >>> [outcome(toppling.RULESET, (w,)) for w in ("LRL", "RR", "LR", "E")]
    ['L', 'R', 'N', 'N']
    >>> outcome(toppling.RULESET, ("LRLR",), nimber(2))
    'P'
    """
    search = _Search(ruleset, node_limit)
    terms = _terms(g, h)
    left = _deep(search.wins, terms, "L")
    right = _deep(search.wins, terms, "R")
    return {(True, True): "N", (True, False): "L", (False, True): "R",
            (False, False): "P"}[(left, right)]


def compare(ruleset: PartizanRuleset, g: Any, h: Any, **kw: int) -> str:
    """How ``g`` compares with ``h``: "=", ">", "<" or "||" (the outcome of ``g - h``).

    Examples
    --------
    >>> from cgsat.games import toppling
    >>> compare(toppling.RULESET, ("LLR",), switch(integer(1), ZERO))
    '='
    >>> compare(toppling.RULESET, ("L",), ZERO), compare(toppling.RULESET, ("E",), ZERO)
    ('>', '||')
    """
    return {"P": "=", "L": ">", "R": "<", "N": "||"}[outcome(ruleset, g, h, **kw)]


def equals(ruleset: PartizanRuleset, g: Any, h: Any, **kw: int) -> bool:
    """Whether ``g = h``: the second player wins ``g - h``.

    Examples
    --------
    >>> from cgsat.games import toppling
    >>> equals(toppling.RULESET, ("LRR",), ("RRL",)), equals(toppling.RULESET, ("LR",), ZERO)
    (True, False)
    """
    return compare(ruleset, g, h, **kw) == "="


def greater(ruleset: PartizanRuleset, g: Any, h: Any, **kw: int) -> bool:
    """Whether ``g > h``: Left wins ``g - h`` whoever starts.

    Examples
    --------
    >>> from cgsat.games import toppling
    >>> greater(toppling.RULESET, ("LE",), ("E",)), greater(toppling.RULESET, ("E",), ("E",))
    (True, False)
    """
    return compare(ruleset, g, h, **kw) == ">"


# -- impartial: P-positions and nim-values by plain recursion --------------------------------
def _impartial(ruleset: ImpartialRuleset, position: Any, node_limit: int,
               rule: str) -> Any:
    """Plain memoized recursion over ``ruleset.options`` of the whole position.

    ``rule`` is "normal" or "misere" (is the position a P-position) or "nim" (nim-value).
    """
    memo: dict[Hashable, Any] = {}

    def solve(p: Any) -> Any:
        if p in memo:
            return memo[p]
        if len(memo) >= node_limit:
            raise TooLargeError(f"plain recursion passed {node_limit} positions")
        opts = [o for _, o in ruleset.options(p)]
        if rule == "nim":
            seen = {solve(o) for o in opts}
            result: Any = 0
            while result in seen:
                result += 1
        elif rule == "normal":  # P: no move, or every move reaches an N-position
            result = all(not solve(o) for o in opts)
        else:  # misère: a terminal position is N (the player to move wins)
            result = bool(opts) and all(not solve(o) for o in opts)
        memo[p] = result
        return result

    return _deep(solve, position)


def is_p_position(ruleset: ImpartialRuleset, position: Any, misere: bool = False, *,
                  node_limit: int = NODE_LIMIT) -> bool:
    """Whether ``position`` is a P-position (the player to move loses).

    Examples
    --------
    >>> from cgsat.games import get_ruleset
    >>> peaks = get_ruleset("timber-path")
    >>> is_p_position(peaks, "LLRR"), is_p_position(peaks, "LR", misere=True)
    (True, False)
    >>> is_p_position(peaks, ""), is_p_position(peaks, "", misere=True)
    (True, False)
    """
    return _impartial(ruleset, position, node_limit, "misere" if misere else "normal")


def impartial_outcome(ruleset: ImpartialRuleset, position: Any, misere: bool = False,
                      **kw: int) -> str:
    """"P" or "N" by :func:`is_p_position`.

    Examples
    --------
    >>> from cgsat.games import get_ruleset
    >>> impartial_outcome(get_ruleset("timber"), get_ruleset("timber").parse("0>1 1>2"))
    'N'
    """
    return "P" if is_p_position(ruleset, position, misere, **kw) else "N"


def nim_value(ruleset: ImpartialRuleset, position: Any, *,
              node_limit: int = NODE_LIMIT) -> int:
    """The nim-value: the mex of the options' nim-values, by plain recursion.

    Examples
    --------
    >>> from cgsat.games import get_ruleset
    >>> nim_value(get_ruleset("timber-path"), "LL"), nim_value(get_ruleset("timber-path"), "LR")
    (2, 0)
    """
    return _impartial(ruleset, position, node_limit, "nim")



# -- numbers by bisection -------------------------------------------------------------------
def _simplest_between(lo: Fraction | None, hi: Fraction | None) -> Fraction:
    """The simplest number strictly between ``lo`` and ``hi`` (None: unbounded)."""
    if lo is None and hi is None:
        return Fraction(0)
    if lo is None:
        return Fraction(0) if hi > 0 else Fraction(-(-hi // 1) - 1)  # type: ignore[operator]  # hi: both None returned above
    if hi is None:
        return Fraction(0) if lo < 0 else Fraction(lo // 1 + 1)
    if lo < 0 < hi:
        return Fraction(0)
    k = 0
    while True:  # the dyadic of least denominator strictly inside, nearest 0
        scale = 2 ** k
        inside = [Fraction(m, scale) for m in (lo * scale // 1 + 1, -(-hi * scale // 1) - 1)
                  if lo < Fraction(m, scale) < hi]
        if inside:
            return min(inside, key=abs)
        k += 1


def find_number(cmp: Callable[[Fraction], str], depth: int, lo: Fraction | None = None,
                hi: Fraction | None = None) -> Fraction | None:
    """Walk the tree of numbers (simplest first) by comparisons, looking for ``q`` with
    ``cmp(q) == "="``.

    ``cmp(q)`` answers "=", ">" (the target is above ``q``), "<" or "||" (the target is
    no number of the family: stop). At most ``depth`` comparisons: enough for every
    number born by day ``depth - 1`` inside ``(lo, hi)``.

    Examples
    --------
    >>> find_number(lambda q: "=" if q == Fraction(5, 4) else ">" if q < 1.25 else "<", 6)
    Fraction(5, 4)
    >>> find_number(lambda q: "||", 6) is None
    True
    """
    for _ in range(depth):
        q = _simplest_between(lo, hi)
        c = cmp(q)
        if c == "=":
            return q
        if c == "||":
            return None
        if c == ">":
            lo = q
        else:
            hi = q
    return None


def number_value(ruleset: PartizanRuleset, g: Any, birthday: int, **kw: int) -> Fraction | None:
    """The number ``g`` equals, if it is one born by day ``birthday``, by comparisons of
    ``g`` with explicit numbers (a number is comparable with every number).

    A Toppling Dominoes row of ``n`` dominoes is born by day ``n``, so ``birthday = n``
    finds its value whenever that is a number.

    Examples
    --------
    >>> from cgsat.games import toppling
    >>> number_value(toppling.RULESET, ("LRLLRL",), 6), number_value(toppling.RULESET, ("LR",), 2)
    (Fraction(3, 4), None)
    """
    return find_number(lambda q: compare(ruleset, g, number(q), **kw), birthday + 1)
