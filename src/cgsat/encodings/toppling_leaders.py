"""Leader rows for Toppling Dominoes: of a row and its reversal (which have the same
value) keep only the lesser, letter by letter.

A statement about the values of rows of exactly ``n`` dominoes ("no row other than the
allowed ones has value ``v``") needs only its leaders checked, provided the allowed rows are
closed under reversal: any row of value ``v`` has a leader of value ``v``. This module
builds clauses and never solves.

References
----------
Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1 (a row and its reversal have the
same value) and Corollary 17 (number rows are palindromes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pysat.formula import IDPool

from cgsat.encodings.toppling import Lit, StringSide
from cgsat.encodings.toppling_names import fresh

if TYPE_CHECKING:  # a type only
    from cgsat.encodings.cnf import Sink

__all__ = ["LETTER_RANK", "add_leader", "leader"]

LETTER_RANK = {"R": 1, "L": 2, "E": 3}
"""The order of letters in :func:`add_leader`: the two literals ("Left may", "Right may")
read as a binary number."""


def leader(word: str) -> str:
    """The lesser of a row and its reversal in the order of :func:`add_leader`.

    Examples
    --------
    >>> leader("LLR"), leader("RLL")
    ('RLL', 'RLL')

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1 (a row and its reversal
    have the same value) and Corollary 17.
    """
    return min(word, word[::-1], key=lambda w: [LETTER_RANK[c] for c in w])


def add_leader(sink: Sink, pool: IDPool, side: StringSide) -> None:
    """Clauses: the row is at most its reversal, letter by letter (``R < L < E``, the
    literals ``(left, right)`` read as a binary number), so that of a row and its reversal
    only the :func:`leader` remains (both when it is a palindrome). Sound for a statement
    about values, since a row and its reversal have the same value; for rows of exactly
    ``len(side)`` dominoes (no blanks).

    Examples
    --------
    >>> from cgsat.encodings.cnf import ClauseBuffer
    >>> buf, pool = ClauseBuffer(), IDPool()
    >>> from cgsat.encodings.toppling import letter_vars
    >>> add_leader(buf, pool, letter_vars(pool, "G", 2)); len(buf)
    3

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1 and Corollary 17.
    """
    n = len(side)
    e: Lit = True  # the prefix before k equals the mirrored suffix
    for k in range(n // 2):
        a, b, c, d = side.left[k], side.right[k], side.left[n - 1 - k], side.right[n - 1 - k]
        g = [] if e is True else [-e]
        sink.add_clause(g + [-a, c])  # x_k <= y_k: not (a and not c) ...
        sink.add_clause(g + [a, c, -b, d])  # ... nor (a = c = 0, b and not d)
        sink.add_clause(g + [-a, -c, -b, d])  # ... nor (a = c = 1, b and not d)
        if k + 1 == n // 2:
            break
        nxt = fresh(pool, "leader-eq", k)
        for sa in (1, -1):
            for sb in (1, -1):  # a = c and b = d -> next
                sink.add_clause(g + [sa * a, sa * c, sb * b, sb * d, nxt])
        e = nxt
