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

from cgsat.cgt.canonical import number
from cgsat.claims import Budget, Verdict
from cgsat.papers.toppling.families import Family, describe, family_cases
from cgsat.papers.toppling.sat import Oracle, concrete, uniqueness
from cgsat.sat.solve import SatRun


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
