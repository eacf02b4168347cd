"""The statements of *Toppling Conjectures* that the kit says with ``every(predicate)``.

Each predicate takes one row (a :class:`~cgsat.kit.statements.Position` of the family
``rows("LRE")`` or ``rows("LR")``, with its value ``p.value``, whose canonical form is
``p.value.game``) and says whether
the row keeps the claim; :mod:`~cgsat.papers.toppling.claims` makes them records
(:func:`cgsat.kit.paper.record`). The records keep their own methods, so no method runs
these predicates: they state the claims, and the kit's play over them is tested against
the methods (``tests/papers/toppling/test_toppling_records.py``).

References
----------
.. [1] Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, Lemma 1, Theorem 16,
   Corollary 17, Theorem 21, Conjecture 22, Theorem 29, Theorem 32; the uniqueness
   families of the probe ``toppling-uniqueness`` (issue 14).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import cast

from cgsat.cgt.atomic_weight import infinitesimal_atomic_weight
from cgsat.cgt.canonical import ONE, ZERO, number
from cgsat.cgt.stops import is_infinitesimal
from cgsat.kit.statements import Position
from cgsat.papers.toppling.brute import lemma1_rule, miny_argument, value
from cgsat.papers.toppling.constructions import star_rows
from cgsat.papers.toppling.families import Family, claimed_rows
from cgsat.papers.toppling.families_brute import family_argument
from cgsat.papers.toppling.numbers import miny, number_rows, positive_numbers

__all__ = [
    "lemma1_outcome",
    "number_is_its_row",
    "number_is_palindrome",
    "rlxlr_value",
    "miny_is_rlxlr",
    "stars_are_theorem29",
    "weight_at_most_one",
    "only_claimed_rows",
]


def lemma1_outcome(p: Position) -> bool:
    """The row's outcome is Lemma 1's rule (as corrected: by its end dominoes).

    Examples
    --------
    >>> from cgsat.kit import rows
    >>> lemma1_outcome(Position(rows(), "LRL", 3))
    True

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 1.
    """
    return p.outcome == lemma1_rule(p.text)


def number_is_its_row(p: Position) -> bool:
    """A row whose value is a number ``x`` is ``x``'s row (Corollary 8).

    Examples
    --------
    >>> from cgsat.kit import rows
    >>> number_is_its_row(Position(rows(), "LRL", 3)), number_is_its_row(Position(rows(), "LR", 2))
    (True, True)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Corollary 8 and Theorem 16.
    """
    v = p.value
    return not v.is_number() or number_rows(p.n).get(cast(Fraction, v.number_value())) == p.text


def number_is_palindrome(p: Position) -> bool:
    """A row whose value is a number is a palindrome.

    Examples
    --------
    >>> from cgsat.kit import rows
    >>> number_is_palindrome(Position(rows(), "LRL", 3))
    True

    References
    ----------
    Fink et al., *Toppling Conjectures*, Corollary 17.
    """
    return not p.value.is_number() or p.text == p.text[::-1]


def rlxlr_value(p: Position) -> bool:
    """A row ``RLxLR`` (family ``rows(match="^RL.*LR$")``) whose inner part ``x`` has a
    positive number value ``x`` has value ``{{x|0}|0}``.

    Examples
    --------
    >>> from cgsat.kit import rows
    >>> rlxlr_value(Position(rows(), "RLLLR", 5)), rlxlr_value(Position(rows(), "RLRLR", 5))
    (True, True)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 21.
    """
    x = value(p.text[2:-2])
    if not x.is_number() or not cast(Fraction, x.number_value()) > 0:
        return True
    return p.value == miny(x)


def miny_is_rlxlr(p: Position) -> bool:
    """A row of value ``{{x|0}|0}``, ``x > 0`` a number, is ``RLxLR`` (``x`` its row).

    Examples
    --------
    >>> from cgsat.kit import rows
    >>> miny_is_rlxlr(Position(rows(), "RLLLR", 5)), miny_is_rlxlr(Position(rows(), "RL", 2))
    (True, True)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 22.
    """
    x = miny_argument(p.value.game)
    if x is None:
        return True
    q = cast(Fraction, x.number_value())
    return p.text == "RL" + number_rows(p.n).get(q, "?") + "LR"


def stars_are_theorem29(p: Position) -> bool:
    """An LR row is a positive nimber ``*m`` exactly when it is one of Theorem 29's rows of
    ``*m``: ``(LR)^a (RL)^m (LR)^a``, ``a < m``, or its reversal.

    Examples
    --------
    >>> from cgsat.kit import rows
    >>> [stars_are_theorem29(Position(rows("LR"), w, 4)) for w in ("RLRL", "LRLR", "LLLL")]
    [True, True, True]

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 29.
    """
    k = p.value.nim_value()
    claimed = [m for m in range(1, p.n + 1) if p.text in star_rows(m, p.n)]
    if claimed:
        return k == claimed[0]
    return k is None or k == 0


def weight_at_most_one(p: Position) -> bool:
    """A row whose value is infinitesimal has atomic weight -1, 0 or 1 (computed with the
    proof's ``^^`` for positive numbers, or ``^^^`` where the proof's outcome check fails;
    a row neither decides breaks it).

    Examples
    --------
    >>> from cgsat.kit import rows
    >>> weight_at_most_one(Position(rows(), "LR", 2)), weight_at_most_one(Position(rows(), "L", 1))
    (True, True)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 32.
    """
    g = p.value.game
    if not is_infinitesimal(g):
        return True
    for ups in (2, 3):
        weight = infinitesimal_atomic_weight(g, ups=ups).weight
        if weight is not None:
            return weight in {ZERO, ONE, -ONE}
    return False


@cache
def _claimed(fam: Family, n: int) -> dict[str, Fraction]:
    """The claimed rows of length ``n`` of every number ``x > 0`` (reversals included),
    each with its ``x``."""
    return {r: q for q, w in positive_numbers(n) for r in claimed_rows(fam, w) if len(r) == n}


def only_claimed_rows(fam: Family) -> Callable[[Position], bool]:
    """The statement of a uniqueness family: a row of value ``fam.game(x)``, ``x > 0`` a
    number, is one of ``x``'s claimed rows (or a reversal), and each claimed row has its
    value.

    Examples
    --------
    >>> from cgsat.kit import rows
    >>> from cgsat.papers.toppling.families import FAMILIES
    >>> test = only_claimed_rows(FAMILIES["x-zero"])
    >>> test(Position(rows(), "EL", 2)), test(Position(rows(), "LR", 2))
    (True, True)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 20 and Conjectures 22 and 37 (uniqueness of
    a value's rows, up to reversal).
    """
    def only_the_claimed_rows(p: Position) -> bool:
        q = _claimed(fam, p.n).get(p.text)
        if q is not None:
            return p.value == fam.game(number(q))
        return family_argument(fam, p.value.game) is None
    only_the_claimed_rows.__name__ = f"only_the_claimed_rows_of_{fam.name}"
    return only_the_claimed_rows
