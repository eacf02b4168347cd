"""Candidate characterizations of green cordons of nim-values 2 and 3 (Problem 5.1), stated
on the gaps, in plain Python for both sides of the claims ``thickets.green-nim2`` and
``thickets.green-nim3``.

The *gaps* of a cordon of height n with leaves at a(1) < ... < a(k) are
a(1), a(2) - a(1), ..., a(k) - a(k-1), n - a(k) (k + 1 numbers; a stalk has the one gap n).
Theorems 3.2 and 3.3 say, in this language: nim-value 0 iff the gaps are ``E O*`` (the
first even, every later one odd), nim-value 1 iff they are ``O O*``. The candidates mined
from the complete tables to height 20 (the probe ``green-cordon-nim``) are

- nim-value 2 iff the gaps are ``X (1 Y)* E O*``;
- nim-value 3 iff the gaps are ``X X (1 Y)* E O*``;

where X is any gap, 1 the gap 1, Y a gap of at least 2, E an even gap and O an odd gap:
after one (two) arbitrary gaps, any number of pairs (1, at least 2), then the nim-value-0
pattern. Both are regular; their minimal automata on the leaf word are
:data:`cgsat.encodings.green_cordon_dfa.NIM2_DFA` and ``NIM3_DFA`` (6 and 7 states).

The statement here reads the gaps directly, written independently of those automata
(the claims' brute method compares play with it, the SAT method uses the automata; the
tests check the two agree).

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.2, 3.3 and Problem 5.1.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["gaps", "nim2_rule", "nim3_rule"]


def gaps(n: int, atts: Sequence[int]) -> list[int]:
    """The gaps a(1), a(2) - a(1), ..., n - a(k) of a cordon (the stalk: [n]).

    Examples
    --------
    >>> gaps(7, [2, 4, 5]), gaps(3, [])
    ([2, 2, 1, 2], [3])

    References
    ----------
    *Thinning Thickets*, Theorems 3.2 and 3.3 (the gaps a(i+1) - a(i)).
    """
    points = [0, *atts, n]
    return [b - a for a, b in zip(points, points[1:], strict=False)]


def _matches(n: int, atts: Sequence[int], free: int) -> bool:
    """Whether the gaps are ``free`` arbitrary gaps, then ``(1 Y)*``, then ``E O*``.

    The reading is deterministic: where a pair or the tail may start, a gap 1 (odd, so no
    E) must start a pair, and an even gap must start the tail.
    """
    gs = gaps(n, atts)
    if n == 0:
        return False
    i = free
    while i < len(gs) and gs[i] == 1:
        if i + 1 >= len(gs) or gs[i + 1] < 2:
            return False
        i += 2
    return i < len(gs) and gs[i] % 2 == 0 and all(g % 2 == 1 for g in gs[i + 1:])


def nim2_rule(n: int, atts: Sequence[int]) -> bool:
    """Candidate: a green cordon has nim-value 2 iff its gaps are ``X (1 Y)* E O*``.

    Examples
    --------
    >>> nim2_rule(3, [1]), nim2_rule(4, [1]), nim2_rule(4, [1, 3])
    (True, False, True)

    References
    ----------
    *Thinning Thickets*, Problem 5.1 (and the first two statements of §5).
    """
    return _matches(n, atts, 1)


def nim3_rule(n: int, atts: Sequence[int]) -> bool:
    """Candidate: a green cordon has nim-value 3 iff its gaps are ``X X (1 Y)* E O*``.

    Examples
    --------
    >>> nim3_rule(4, [1, 2]), nim3_rule(5, [1, 2])
    (True, False)

    References
    ----------
    *Thinning Thickets*, Problem 5.1 (and the third statement of §5).
    """
    return _matches(n, atts, 2)
