"""The SAT side of the uniqueness families of the probe ``toppling-uniqueness`` (issue 14,
:mod:`cgsat.papers.toppling.families`): Conjecture 22's method for other values.

At length ``n``: every claimed row of exactly ``n`` dominoes against its game (the concrete
row in the difference encoding), then, for every number ``x > 0`` whose row has at most
``n - 1`` dominoes, no row of exactly ``n`` dominoes over LRE other than the claimed rows
(and their reversals) has the family's value for ``x``. Both steps reuse
:func:`~cgsat.papers.toppling.sat.concrete` and
:func:`~cgsat.papers.toppling.sat.uniqueness`, with their controls.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

from cgsat.cgt.canonical import number
from cgsat.cgt.partizan_values import canonical_form
from cgsat.claims import Budget, Verdict
from cgsat.games import toppling as toppling_game
from cgsat.papers.toppling.families import Family, describe, family_cases
from cgsat.papers.toppling.sat import Oracle, concrete, uniqueness
from cgsat.sat.coverage import check_targets
from cgsat.sat.solve import SatRun

__all__ = ["ENUMERATED", "numbers_by_play", "family"]

ENUMERATED = 13
"""The target set of :func:`family` is checked against every LR row of at most this many
dominoes played out (2.4 s at 13, doubling per domino); beyond, against that stratum."""


@cache
def numbers_by_play(max_len: int) -> frozenset[Fraction]:
    """Every number ``x > 0`` that some LR row of at most ``max_len`` dominoes equals, by
    the canonical forms of all ``2^max_len`` such rows: the coverage control of
    :func:`family`'s target set (issue 24), sharing nothing with
    :func:`~cgsat.papers.toppling.numbers.positive_numbers`.

    Examples
    --------
    >>> sorted(str(x) for x in numbers_by_play(3))
    ['1', '1/2', '2', '3']

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 16 (a number's row is over L and R).
    """
    out = set()
    for m in range(1, max_len + 1):
        for letters in product("LR", repeat=m):
            g = canonical_form(toppling_game.RULESET, toppling_game.parse("".join(letters)))
            x = g.number_value() if g.is_number() else None
            if x is not None and x > 0:
                out.add(x)
    return frozenset(out)


def family(n: int, budget: Budget, fam: Family, *, oracle: Oracle, covers: str,
           chain: bool = True) -> Verdict:
    """The family ``fam`` at length ``n``: each claimed row of exactly ``n`` dominoes has
    its value, and no other row of exactly ``n`` dominoes over LRE (reversals of claimed
    rows allowed) has the value of ``fam`` at any ``x > 0`` whose row has ``<= n - 1``
    dominoes (every ``x`` such a row can have,
    :func:`~cgsat.papers.toppling.families.family_cases`).

    Parameters
    ----------
    n : int
        Row length.
    budget : Budget
    fam : Family
        The family (a perturbed one in the negative controls).
    oracle : callable
        The direct solver's first-player wins on ``r - H`` (from the claim).
    covers : str
        The alphabet the claim covers (sample rows are drawn over it).
    chain : bool
        Chained moves (:class:`~cgsat.encodings.toppling.DifferenceEncoding`, ``chain``;
        issue 17), the default; False is the encoding of issue 14, kept for the tests that
        compare the two.

    Returns
    -------
    Verdict
        Refuted with a claimed row that lacks its value or another row that has it.

    Examples
    --------
    >>> from cgsat.papers.toppling.brute import difference_wins
    >>> from cgsat.papers.toppling.families import FAMILIES
    >>> family(3, Budget(controls=2), FAMILIES["switch"], oracle=difference_wins,
    ...        covers="LRE").status
    'holds'

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 20, Conjecture 22 (the method) and
    Conjecture 37 (``{a|b} = aLRb``, uniquely).
    """
    run = SatRun(budget)
    cases = family_cases(fam, n - 1)
    m = min(n - 1, ENUMERATED)  # the target set against every row played out (issue 24)
    check_targets(run, f"numbers x > 0 with rows of <= {m} dominoes",
                  [q for q, w, _rows in cases if len(w) <= m], numbers_by_play(m),
                  "count" if m == n - 1 else "sample")
    if run.failures:
        return run.verdict()
    for q, _w, rows in cases:  # the claimed rows of length n have their value
        g = fam.game(number(q))
        for r in sorted(rows):
            if len(r) != n or r[::-1] < r:
                continue
            if concrete(run, r, g, oracle):
                return run.verdict(r, detail=f"{r} is not {describe(fam, q)}")
            if run.failures:
                return run.verdict()
    targets = [(describe(fam, q), fam.game(number(q)), sorted(rows)) for q, _w, rows in cases]
    v = uniqueness(n, budget, targets, run=run, oracle=oracle, covers=covers, chain=chain)
    if v.status != "holds":
        return v
    return run.verdict(detail=f"{len(cases)} numbers x with rows <= {n - 1}")
