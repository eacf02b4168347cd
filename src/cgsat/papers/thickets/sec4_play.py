"""The play side of the *Thinning Thickets* §4 claims: game-tree search of G − V.

Each requirement ``(V, relation)`` of :mod:`cgsat.papers.thickets.sec4_rules` on a
position G is decided by plain "who wins moving first" recursion over the ruleset's
options (:mod:`cgsat.cgt.play`; no canonical forms, no reduction, no thermographs):

- ``G = V``: the second player wins G − V;
- ``G >= V``: Right, moving first on G − V, loses;
- ``G ≡_I V`` (G − V infinitesimal): ``-x < G − V < x`` for the number x = 2^-D, D the
  number of arcs of G plus the birthday of V. This is exact: every stop of G − V is a
  number born by day D, so a nonzero stop has absolute value at least 2^-(D-1) > x; if
  both stops are 0 then ``-x < G − V < x``, and if ``LS(G − V) > 0`` then
  ``LS(G − V − x) > 0`` (number translation), so G − V < x fails (symmetrically for the
  Right stop and -x).

Temperatures (Theorem 4.4): T(2n) is matched, by the same search, against the switches
{a | 0} for the integers 0 <= a <= 2n + 1; a switch {a|0} with a > 0 has temperature a/2
(its thermograph's walls a − t and t meet at t = a/2), and {0|0} = * has temperature 0.
If T(2n) is none of them the method answers unknown.

This module imports nothing from the engine side
(:mod:`cgsat.papers.thickets.sec4_brute`); its checks are the claims' replays of
counterexamples (``confirm``).

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, §4: Theorems 4.1, 4.2, 4.4,
   Lemma 4.3, the blue stalks B(n); §2.2 (Definition 2.5, Lemma 2.7).
.. [2] M. H. Albert, R. J. Nowakowski, D. Wolfe, *Lessons in Play*, ch. 5-6 (stops,
   number translation, thermographs of switches).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

from cgsat.cgt import play
from cgsat.claims import Budget, Verdict
from cgsat.errors import PositionError, TooLargeError
from cgsat.games import thickets
from cgsat.games.thickets import Thicket
from cgsat.papers.thickets.sec4_rules import (
    Requirement,
    Rule,
    Spec,
    member,
    requirement_text,
    t_family,
)

__all__ = [
    "Family",
    "RULESET",
    "explicit",
    "birthday",
    "plus",
    "meets",
    "family_values",
    "confirm_family",
    "switch_value",
    "thm44",
    "confirm_thm44",
]

Family = Callable[[int], Iterator[tuple[str, Thicket]]]
RULESET = thickets.RULESET


def explicit(spec: Spec) -> Any:
    """A spec as an explicit game tree (positions stay positions).

    Examples
    --------
    >>> explicit(((1,), (0,)))
    {{0|}|0}

    References
    ----------
    *Thinning Thickets*, §2.2.
    """
    if isinstance(spec, int):
        return play.integer(spec)
    if isinstance(spec, Thicket):
        return spec
    lefts, rights = spec
    return play.Explicit(tuple(map(explicit, lefts)), tuple(map(explicit, rights)))


def birthday(spec: Spec) -> int:
    """An upper bound on the birthday of a spec's game (a position's: its number of arcs,
    since every move deletes one).

    Examples
    --------
    >>> birthday(((1,), (0,))), birthday(-3)
    (2, 3)

    References
    ----------
    *Thinning Thickets*, §1 (each move deletes an arc); *Lessons in Play*, §6.1
    (birthdays).
    """
    if isinstance(spec, int):
        return abs(spec)
    if isinstance(spec, Thicket):
        return len(spec.arcs)
    return 1 + max((birthday(s) for side in spec for s in side), default=-1)


def plus(a: play.Explicit, b: play.Explicit,
         memo: dict | None = None) -> play.Explicit:
    """The disjunctive sum of two explicit games (every option explicit).

    Examples
    --------
    >>> plus(play.integer(1), play.integer(1)) == play.integer(2)
    False
    >>> play.equals(RULESET, thickets.EMPTY, plus(play.integer(1), play.integer(-1)))
    True

    References
    ----------
    *Lessons in Play*, §4.1 (disjunctive sums).
    """
    memo = {} if memo is None else memo
    key = (a, b)
    if key not in memo:
        memo[key] = play.Explicit(
            tuple(plus(x, b, memo) for x in a.left) + tuple(plus(a, y, memo) for y in b.left),
            tuple(plus(x, b, memo) for x in a.right) + tuple(plus(a, y, memo) for y in b.right),
        )
    return memo[key]


def meets(g: Thicket, req: Requirement) -> bool:
    """Whether the position ``g`` meets the requirement, by game-tree search of g − V.

    Examples
    --------
    >>> from cgsat.papers.thickets.sec4_rules import blue_stalk
    >>> meets(blue_stalk(3), (0, "~")), meets(blue_stalk(3), (0, "="))
    (True, False)
    >>> meets(blue_stalk(2), (((1,), (0,)), "=")), meets(blue_stalk(1), (1, ">="))
    (True, True)

    References
    ----------
    *Thinning Thickets*, Definition 2.5; *Lessons in Play*, ch. 5.
    """
    spec, relation = req
    v = explicit(spec)
    if relation == "=":
        return play.outcome(RULESET, g, v) == "P"
    if relation == ">=":
        return not play.wins_first(RULESET, "R", g, v)
    x = play.number(Fraction(1, 2 ** (len(g.arcs) + birthday(spec))))
    memo: dict = {}
    return (play.outcome(RULESET, g, plus(v, x, memo)) == "R"
            and play.outcome(RULESET, g, plus(v, play.neg(x), memo)) == "L")


def family_values(n: int, budget: Budget, *, family: Family, rule: Rule) -> Verdict:
    """Every member of ``family(n)`` meets the requirements ``rule(label)``, by game-tree
    search.

    Examples
    --------
    >>> from cgsat.papers.thickets.sec4_rules import stalks, thm42_rule
    >>> family_values(3, Budget(), family=stalks, rule=thm42_rule).detail
    '8 positions by game-tree search'

    References
    ----------
    *Thinning Thickets*, Theorems 4.1, 4.2, Lemma 4.3, the blue stalks B(n).
    """
    count = 0
    try:
        for label, position in family(n):
            count += 1
            for req in rule(label):
                if not meets(position, req):
                    return Verdict.refuted(label, detail=(
                        f"by game-tree search {label} is not {requirement_text(req)}"))
    except TooLargeError as e:
        return Verdict.unknown(str(e))
    return Verdict.holds(detail=f"{count} positions by game-tree search")


def confirm_family(n: int, counterexample: str, *, family: Family, rule: Rule) -> bool:
    """Replay: the counterexample is a member of ``family(n)`` and fails a requirement under
    game-tree search.

    Examples
    --------
    >>> from cgsat.papers.thickets.sec4_rules import blue_cordons, thm41_rule
    >>> wrong = lambda label: [(1, "~")]
    >>> confirm_family(3, "blue:[000]", family=blue_cordons, rule=wrong)
    True
    >>> confirm_family(3, "blue:[000]", family=blue_cordons, rule=thm41_rule)
    False

    References
    ----------
    *Thinning Thickets*, §4.
    """
    try:
        position = member(counterexample)
    except PositionError:
        return False
    for label, p in family(n):
        if label == counterexample or p == position:
            return not all(meets(p, req) for req in rule(label))
    return False


def switch_value(position: Thicket, top: int) -> int | None:
    """The integer a, 0 <= a <= ``top``, with position = {a | 0}, by game-tree search.

    Examples
    --------
    >>> switch_value(t_family(4), 5), switch_value(t_family(0), 3)
    (2, None)

    References
    ----------
    *Thinning Thickets*, §4.1.
    """
    for a in range(top + 1):
        if play.equals(RULESET, position, play.switch(play.integer(a), play.ZERO)):
            return a
    return None


def thm44(n: int, budget: Budget, *, scale: Fraction = Fraction(1)) -> Verdict:
    """The temperature of T(2n) is at least ``scale * n`` (Theorem 4.4: scale 1): T(2n) is
    matched against {a | 0} by game-tree search, temperature a/2.

    Examples
    --------
    >>> thm44(1, Budget()).counterexample
    '1>0:r 2>1:b 3>1:b 4>3:b 5>3:b'
    >>> thm44(2, Budget(), scale=Fraction(1, 2)).detail
    'T(4) = {2|0} by game-tree search, temperature 1'

    References
    ----------
    *Thinning Thickets*, Theorem 4.4.
    """
    position = t_family(2 * n)
    try:
        a = switch_value(position, 2 * n + 1)
    except TooLargeError as e:
        return Verdict.unknown(str(e))
    if a is None:
        return Verdict.unknown(f"T({2 * n}) is no switch {{a|0}} with 0 <= a <= {2 * n + 1}")
    t = Fraction(a, 2)
    if t < scale * n:
        return Verdict.refuted(thickets.format(position), detail=(
            f"T({2 * n}) = {{{a}|0}} by game-tree search, temperature {t} < {scale * n}"))
    return Verdict.holds(detail=f"T({2 * n}) = {{{a}|0}} by game-tree search, temperature {t}")


def confirm_thm44(n: int, counterexample: str, *, scale: Fraction = Fraction(1)) -> bool:
    """Replay: the counterexample is T(2n), it equals {a|0} by game-tree search, and
    a/2 < scale * n.

    Examples
    --------
    >>> confirm_thm44(1, thickets.format(t_family(2)))
    True
    >>> confirm_thm44(1, thickets.format(t_family(2)), scale=Fraction(1, 2))
    False
    >>> confirm_thm44(2, thickets.format(t_family(2)))
    False

    References
    ----------
    *Thinning Thickets*, Theorem 4.4.
    """
    try:
        position = thickets.parse(counterexample)
    except PositionError:
        return False
    if position != t_family(2 * n):
        return False
    a = switch_value(position, 2 * n + 1)
    return a is not None and Fraction(a, 2) < scale * n
