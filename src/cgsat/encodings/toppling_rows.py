"""Constraints on Toppling rows beyond their values: palindromes, rows that differ,
Lemma 1's rule (split from :mod:`cgsat.encodings.toppling` in issue 27, unchanged). Every
variable is named (:func:`~cgsat.encodings.toppling_names.fresh`). This module builds
clauses and never solves.

References
----------
Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, Lemma 1, Corollary 17,
Conjecture 35.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING

from pysat.formula import IDPool

from cgsat.encodings.toppling import Lit, StringSide, add_row
from cgsat.encodings.toppling_names import fresh

if TYPE_CHECKING:  # a type only
    from cgsat.encodings.cnf import Sink

__all__ = ["add_lemma1_violation", "add_not_palindrome", "add_palindrome_row", "add_rows_differ"]


def _add_some_differ(sink: Sink, pool: IDPool, pairs: Iterable[tuple[Lit, Lit]],
                     guard: int | None = None) -> None:
    """Clauses: for some pair ``(x, y)``, ``x xor y`` (one auxiliary ``e -> x xor y`` each;
    the disjunction guarded by ``guard`` if given)."""
    ors = [] if guard is None else [-guard]
    for x, y in pairs:
        e = fresh(pool, "differ")
        sink.add_clause([-e, x, y])
        sink.add_clause([-e, -x, -y])
        ors.append(e)
    sink.add_clause(ors)


def add_not_palindrome(sink: Sink, pool: IDPool, side: StringSide,
                       guard: int | None = None) -> None:
    """Clauses: the row is not a palindrome (some domino differs from its mirror image),
    guarded by the selector literal ``guard`` if given.

    Examples
    --------
    >>> from cgsat.encodings.cnf import ClauseBuffer
    >>> from cgsat.encodings.toppling import letter_vars
    >>> buf, pool = ClauseBuffer(), IDPool()
    >>> add_not_palindrome(buf, pool, letter_vars(pool, "G", 2)); list(buf)[-1]
    [5, 6]

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, Corollary 17.
    """
    n = len(side)
    pairs = []
    for k in range(n // 2):
        m = n - 1 - k
        pairs += [(side.left[k], side.left[m]), (side.right[k], side.right[m])]
    _add_some_differ(sink, pool, pairs, guard)


def add_palindrome_row(sink: Sink, pool: IDPool, n: int, alphabet: str = "LR",
                       name: Hashable = "P") -> StringSide:
    """A symbolic palindrome of ``n`` dominoes over ``alphabet``.

    Examples
    --------
    >>> from cgsat.encodings.cnf import ClauseBuffer
    >>> buf = ClauseBuffer()
    >>> side = add_palindrome_row(buf, IDPool(), 2); list(buf)[4:]
    [[-1, 3], [1, -3], [-2, 4], [2, -4]]

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, Conjecture 35.
    """
    side = add_row(sink, pool, n, alphabet, name=name)
    for k in range(n // 2):
        m = n - 1 - k
        for x, y in ((side.left[k], side.left[m]), (side.right[k], side.right[m])):
            sink.add_clause([-x, y])
            sink.add_clause([x, -y])
    return side


def add_rows_differ(sink: Sink, pool: IDPool, g: StringSide, h: StringSide,
                    guard: int | None = None) -> None:
    """Clauses: two rows of the same length differ in some domino (guarded by the selector
    literal ``guard`` if given).

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, Conjecture 35.
    """
    pairs = []
    for k in range(len(g)):
        pairs += [(g.left[k], h.left[k]), (g.right[k], h.right[k])]
    _add_some_differ(sink, pool, pairs, guard)


def add_lemma1_violation(sink: Sink, pool: IDPool, side: StringSide, lw: int, rw: int,
                         guard: int | None = None) -> None:
    """Clauses: the outcome ``(LW, RW)`` of ``G - 0`` breaks Lemma 1's rule (as corrected);
    the violation is asked for only under the selector literal ``guard`` if given.

    The rule: Left wins moving first unless both ends are R, Right wins moving first unless
    both ends are L (``LW = not both_R`` and ``RW = not both_L``); these clauses ask for
    ``LW = both_R`` or ``RW = both_L``.

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, Lemma 1.
    """
    a0, b0, a1, b1 = side.left[0], side.right[0], side.left[-1], side.right[-1]
    both_l, both_r = fresh(pool, "both-L"), fresh(pool, "both-R")
    for x, y, v in ((a0, b0, both_l), (a1, b1, both_l), (b0, a0, both_r), (b1, a1, both_r)):
        sink.add_clause([-v, x])
        sink.add_clause([-v, -y])
    sink.add_clause([both_l, -a0, b0, -a1, b1])
    sink.add_clause([both_r, -b0, a0, -b1, a1])
    e1, e2 = fresh(pool, "lemma1-LW"), fresh(pool, "lemma1-RW")
    sink.add_clause([e1, e2] if guard is None else [-guard, e1, e2])
    sink.add_clause([-e1, lw, -both_r])  # e1 -> (LW == both_r), i.e. LW xor not both_r
    sink.add_clause([-e1, -lw, both_r])
    sink.add_clause([-e2, rw, -both_l])
    sink.add_clause([-e2, -rw, both_l])
