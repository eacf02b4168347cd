"""The statements of *Thinning Thickets* §3 and §5 in plain Python (for both sides).

A green cordon of height n has stalk arcs v_i v_{i-1} and leaf arcs at attachment vertices
0 < a(1) < ... < a(k) < n; n is the height in every statement here. The rules take the
height and the increasing attachments.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.1-3.5 and §5.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "nim0_rule",
    "nim1_rule",
    "one_leaf_nim2_rule",
    "two_leaves_nim2_rule",
    "two_leaves_nim3_rule",
    "fibonacci",
    "L",
    "cordon_text",
]


def _gaps(n: int, atts: Sequence[int]) -> tuple[int, list[int], int]:
    """(a(1), the gaps a(i+1) - a(i), n - a(k)) of a cordon with at least one leaf."""
    return atts[0], [b - a for a, b in zip(atts, atts[1:], strict=False)], n - atts[-1]


def nim0_rule(n: int, atts: Sequence[int]) -> bool:
    """Whether a cordon has nim-value 0 by the rule of Theorem 3.2.

    A stalk of even height, or a(1) even and all a(i+1)-a(i), n-a(k) odd.

    Parameters
    ----------
    n : int
        The height.
    atts : sequence of int
        The attachments, increasing.

    Examples
    --------
    >>> nim0_rule(4, []), nim0_rule(7, [2, 4, 5]), nim0_rule(5, [2])
    (True, False, True)

    References
    ----------
    *Thinning Thickets*, Theorem 3.2.
    """
    if not atts:
        return n % 2 == 0
    first, middle, last = _gaps(n, atts)
    return first % 2 == 0 and all(g % 2 for g in middle) and last % 2 == 1


def nim1_rule(n: int, atts: Sequence[int]) -> bool:
    """Whether a cordon has nim-value 1 by the rule of Theorem 3.3.

    A stalk of odd height, or a(1), all a(i+1)-a(i) and n-a(k) odd.

    Examples
    --------
    >>> nim1_rule(3, []), nim1_rule(4, [1]), nim1_rule(4, [2])
    (True, True, False)

    References
    ----------
    *Thinning Thickets*, Theorem 3.3.
    """
    if not atts:
        return n % 2 == 1
    first, middle, last = _gaps(n, atts)
    return first % 2 == 1 and all(g % 2 for g in middle) and last % 2 == 1


def one_leaf_nim2_rule(n: int, atts: Sequence[int]) -> bool:
    """Whether a cordon has one leaf arc and n - a(1) even (nim-value 2 by the rule).

    Examples
    --------
    >>> one_leaf_nim2_rule(5, [3]), one_leaf_nim2_rule(5, [2])
    (True, False)

    References
    ----------
    *Thinning Thickets*, §5 (first statement).
    """
    return len(atts) == 1 and (n - atts[0]) % 2 == 0


def two_leaves_nim2_rule(n: int, atts: Sequence[int]) -> bool:
    """Whether a cordon has two leaf arcs, n - a(2) odd and a(2) - a(1) even.

    Examples
    --------
    >>> two_leaves_nim2_rule(6, [1, 3]), two_leaves_nim2_rule(6, [2, 3])
    (True, False)

    References
    ----------
    *Thinning Thickets*, §5 (second statement).
    """
    return len(atts) == 2 and (n - atts[1]) % 2 == 1 and (atts[1] - atts[0]) % 2 == 0


def two_leaves_nim3_rule(n: int, atts: Sequence[int]) -> bool:
    """Whether a cordon has two leaf arcs and n - a(2) even (nim-value 3 by the rule).

    Examples
    --------
    >>> two_leaves_nim3_rule(6, [1, 4]), two_leaves_nim3_rule(6, [1, 3])
    (True, False)

    References
    ----------
    *Thinning Thickets*, §5 (third statement).
    """
    return len(atts) == 2 and (n - atts[1]) % 2 == 0


def fibonacci(n: int, f0: int, f1: int) -> int:
    """The sequence f_n = f_{n-1} + f_{n-2} with the given start.

    Examples
    --------
    >>> [fibonacci(n, 1, 0) for n in range(8)]
    [1, 0, 1, 1, 2, 3, 5, 8]

    References
    ----------
    *Thinning Thickets*, Theorems 3.4 (f_0 = 1, f_1 = 0) and 3.5 (|H_0| = 0, |H_1| = 1).
    """
    a, b = f0, f1
    for _ in range(n):
        a, b = b, a + b
    return a


def L(n: int) -> tuple[int, list[int]]:  # noqa: N802 - the paper's name
    """The cordon L(n) of Theorem 3.1: height n, leaf arcs at v_1 .. v_{n-2}.

    Examples
    --------
    >>> L(5)
    (5, [1, 2, 3])

    References
    ----------
    *Thinning Thickets*, Theorem 3.1 (its proof).
    """
    return n, list(range(1, n - 1))


def cordon_text(n: int, atts: Sequence[int]) -> str:
    """A cordon in ``green-cordon`` syntax.

    Examples
    --------
    >>> cordon_text(*L(4))
    '4:1,2'

    References
    ----------
    *Thinning Thickets*, Definition 1.2 (the syntax is docs/reference.md's).
    """
    return f"{n}:" + ",".join(map(str, atts))
