"""The direct solver's side of the uniqueness families of the probe
``toppling-uniqueness`` (issue 14, :mod:`cgsat.papers.toppling.families`): every row
enumerated with its canonical form (the partizan engine), and the replay of a
counterexample by plain game-tree search (:mod:`cgsat.cgt.play`). Nothing here uses an
encoding or a SAT solver.
"""

from __future__ import annotations

from fractions import Fraction
from typing import cast

from cgsat.cgt import play
from cgsat.cgt.canonical import Game, number
from cgsat.claims import Budget, Verdict
from cgsat.papers.toppling.brute import TOPPLING, row, rows, value
from cgsat.papers.toppling.families import Family, claimed_rows, describe
from cgsat.papers.toppling.numbers import number_rows, positive_numbers

__all__ = ["family_argument", "family", "family_confirm"]


def family_argument(fam: Family, g: Game) -> Fraction | None:
    """The number ``x > 0`` with ``g = fam.game(x)``, or None (``g`` canonical: its single
    Left option is a positive number ``x``, and ``g`` is ``fam.game(x)``).

    Examples
    --------
    >>> from cgsat.papers.toppling.families import FAMILIES
    >>> family_argument(FAMILIES["x-zero"], value("EL"))
    Fraction(1, 1)
    >>> family_argument(FAMILIES["switch"], value("EL")) is None
    True

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 20 and Conjecture 37.
    """
    if len(g.left) != 1 or not g.left[0].is_number():
        return None
    q = cast(Fraction, g.left[0].number_value())
    return q if q > 0 and fam.game(g.left[0]) == g else None


def family(n: int, budget: Budget, fam: Family) -> Verdict:
    """Every row of exactly ``n`` dominoes over LRE: if its canonical form is
    ``fam.game(x)`` for a number ``x > 0``, the row is one of ``x``'s claimed rows; and
    every claimed row of length ``n`` has its value.

    Examples
    --------
    >>> from cgsat.papers.toppling.families import FAMILIES
    >>> family(3, Budget(), FAMILIES["x-zero"]).status
    'holds'

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 20, Conjecture 22 (the enumeration) and
    Conjecture 37.
    """
    known = number_rows(n)
    for q, w in positive_numbers(n):
        for r in sorted(claimed_rows(fam, w)):
            if len(r) == n and value(r) != fam.game(number(q)):
                return Verdict.refuted(r, detail=f"{r} is not {describe(fam, q)}")
    found = 0
    for w in rows(n):
        q = family_argument(fam, value(w))
        if q is None:
            continue
        found += 1
        if w not in claimed_rows(fam, known[q]):
            return Verdict.refuted(w, detail=f"has value {describe(fam, q)}")
    return Verdict.holds(detail=f"{3 ** n} rows, {found} in the family")


def family_confirm(n: int, w: str, fam: Family) -> bool:
    """Whether ``w`` breaks the family's rule, by game-tree search only: ``w`` is a claimed
    row of some ``x`` but not equal to ``fam.game(x)``, or ``w`` equals ``fam.game(x)``
    for some ``x > 0`` but is not one of ``x``'s claimed rows.

    The candidates ``x`` are the numbers whose rows occur in ``w`` as a block of adjacent
    dominoes (``x`` is equal to a follower of ``w``, and a follower is such a block: by
    Theorem 16 it is ``x``'s row); each is compared with ``w`` as an explicit game.

    Examples
    --------
    >>> from cgsat.papers.toppling.families import FAMILIES
    >>> family_confirm(2, "EL", FAMILIES["x-zero"]), family_confirm(3, "LLR", FAMILIES["x-zero"])
    (False, False)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 16, Lemma 20 and Conjecture 37.
    """
    pos = row(w)
    for q, x in positive_numbers(max(len(w) - 1, 0)):
        claimed = w in claimed_rows(fam, x)
        if not claimed and x not in w:
            continue
        equal = play.equals(TOPPLING, pos, _explicit(fam, q))
        if equal != claimed:
            return True
    return False


def _explicit(fam: Family, q: Fraction) -> play.Explicit:
    """``fam.game(q)`` as an explicit game, read off its options (no engine call)."""
    return _read(fam.game(number(q)))


def _read(g: Game) -> play.Explicit:
    """A canonical game as an explicit game, option by option."""
    return play.Explicit(tuple(_read(o) for o in g.left), tuple(_read(o) for o in g.right))
