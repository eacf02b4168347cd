"""SAT methods for the *Thinning Thickets* claims.

- Theorems 3.2-3.5 and §5: the inductive mex check over a symbolic cordon whose leaf arcs
  are variables, with the characterizations as automaton circuits
  (:func:`cgsat.encodings.green_cordon.inductive_instance`); counts are the proved
  characterization counted by dynamic programming on its automaton;
- Theorem 3.1: mex constraints (:func:`cgsat.encodings.kernel.add_grundy`) on all
  followers of L(n), with concrete moves from :mod:`cgsat.encodings.green_cordon`.

Every instance is solved through :mod:`cgsat.verify.solve`. Imports no brute module.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.1-3.5 and §5.
"""

from __future__ import annotations

from cgsat.encodings.cnf import ClauseBuffer
from cgsat.encodings.green_cordon import (
    NIM0,
    NIM1,
    ONE_LEAF_COVER,
    ONE_LEAF_NIM2,
    TWO_LEAVES_NIM2,
    TWO_LEAVES_NIM3,
    NimCharacterization,
    concrete_moves,
    concrete_options,
    count_accepted,
    coverage_instance,
    followers,
    inductive_instance,
)
from cgsat.encodings.kernel import add_grundy, some_equal_pair
from cgsat.verify.claims import Budget, Verdict
from cgsat.verify.papers.thickets.rules import L, cordon_text, fibonacci
from cgsat.verify.solve import SatRun

CHARACTERIZATIONS: dict[tuple[int, int | None], NimCharacterization] = {
    (0, None): NIM0,
    (1, None): NIM1,
    (2, 1): ONE_LEAF_NIM2,
    (2, 2): TWO_LEAVES_NIM2,
    (3, 2): TWO_LEAVES_NIM3,
}
"""The encoded characterization of (nim-value, number of leaf arcs; None for every cordon)."""


# -- characterizations: Theorems 3.2, 3.3 and §5 -----------------------------------------


def characterization(n: int, budget: Budget, *, value: int, leaves: int | None,
                     one_leaf_cover: bool = False) -> Verdict:
    """No cordon of height n (with ``leaves`` leaf arcs) breaks the mex condition for
    ``value``, given the characterizations on its options (UNSAT of the inductive check).

    Parameters
    ----------
    n : int
        The height.
    budget : Budget
        Solver options.
    value, leaves : int, int or None
        The characterization (a key of :data:`CHARACTERIZATIONS`).
    one_leaf_cover : bool
        First check, by a second UNSAT instance, that Theorems 3.2, 3.3 and the one-leaf
        §5 statement cover every one-leaf cordon of height n (so no one-leaf option has
        nim-value 3; the two-leaf nim-value-3 check relies on it).

    Returns
    -------
    Verdict
        Refuted with the cordon on which the mex condition fails (or, for the cover, a
        one-leaf cordon outside the three rules).

    Examples
    --------
    >>> characterization(6, Budget(), value=0, leaves=None).status
    'holds'

    References
    ----------
    *Thinning Thickets*, Theorems 3.2 and 3.3 (proved by the Partition Theorem), and the
    three statements of §5.
    """
    run = SatRun(budget)
    if one_leaf_cover:
        cnf, circuits = coverage_instance(ONE_LEAF_COVER, 1, n)
        model = run.solve(ClauseBuffer(cnf.clauses))
        if model is not None:
            return run.verdict(circuits.decode(model, n), detail=(
                "a one-leaf cordon outside Theorems 3.2, 3.3 and the one-leaf §5 rule"))
    cnf, circuits = inductive_instance(CHARACTERIZATIONS[(value, leaves)], n)
    model = run.solve(ClauseBuffer(cnf.clauses))
    if model is not None:
        return run.verdict(circuits.decode(model, n),
                           detail="the mex condition fails here")
    return run.verdict()


# -- counts: Theorems 3.4 and 3.5 -----------------------------------------------------


def count(n: int, budget: Budget, *, value: int, f0: int, f1: int) -> Verdict:
    """The characterization of nim-value ``value`` passes the inductive mex check at
    height n, and the cordons it accepts, counted on its automaton, number f_n.

    Parameters
    ----------
    n : int
        The height.
    budget : Budget
        Solver options.
    value : int
        0 (Theorem 3.4, counting Theorem 3.2's cordons) or 1 (Theorem 3.5, Theorem 3.3's).
    f0, f1 : int
        The start of the recurrence f_n = f_{n-1} + f_{n-2}.

    Examples
    --------
    >>> count(7, Budget(), value=0, f0=1, f1=0).detail
    '8 cordons (automaton count)'

    References
    ----------
    *Thinning Thickets*, Theorems 3.4 and 3.5.
    """
    claim = CHARACTERIZATIONS[(value, None)]
    run = SatRun(budget)
    cnf, circuits = inductive_instance(claim, n)
    model = run.solve(ClauseBuffer(cnf.clauses))
    if model is not None:
        return run.verdict(circuits.decode(model, n),
                           detail="the characterization fails here")
    found = count_accepted(claim.rule, n)
    expected = fibonacci(n, f0, f1)
    if found != expected:
        return run.verdict(f"count({n}) = {found}, recurrence {expected}")
    return run.verdict(detail=f"{found} cordons (automaton count)")


# -- Theorem 3.1: the family L(n) -----------------------------------------------------


def _concrete_L(m: int) -> tuple[int, frozenset[int]]:  # noqa: N802 - the paper's name
    """L(m) as a concrete cordon of :mod:`cgsat.encodings.green_cordon`."""
    return (m, frozenset(range(1, m - 1)))


def thm31(n: int, budget: Budget, *, offset: int) -> Verdict:
    """The encoding's move rules give L(n) the options L(i), 2 <= i <= n - ``offset``, and
    the mex constraints over all followers of L(n) admit no two equal nim-values among
    L(2), L(4), ..., L(2 floor(n/2)).

    The constraints alone must be solvable first (the value range max(n, 1) suffices),
    else the verdict is unknown.

    Parameters
    ----------
    n : int
        The cordon L(n).
    budget : Budget
        Solver options.
    offset : int
        1 for the statement as printed (i <= n-1), 2 for the corrected one (i <= n-2).

    Examples
    --------
    >>> thm31(3, Budget(), offset=1).counterexample, thm31(8, Budget(), offset=2).status
    ('3:1', 'holds')

    References
    ----------
    *Thinning Thickets*, Theorem 3.1 (and its proof).
    """
    root = _concrete_L(n)
    opts = set(concrete_options(root))
    for i in range(2, n - offset + 1):
        if _concrete_L(i) not in opts:
            return Verdict.refuted(cordon_text(*L(n)), detail=(
                f"the encoding's moves give no L({i}) among the options of L({n})"))
    run = SatRun(budget)
    sink, pool = run.new()
    nodes = followers(root)
    grundy = add_grundy(pool, sink, nodes, concrete_moves(nodes), value_range=max(n, 1))
    evens = [_concrete_L(2 * k) for k in range(1, n // 2 + 1)]
    equal = some_equal_pair(pool, sink, grundy, evens)
    values = run.solve(sink)
    if values is None:
        return run.verdict(unknown="the value range is too small for L(n)'s followers")
    if run.solve(sink, [equal]) is not None:
        return run.verdict(cordon_text(*L(n)), detail="two L(2k) share a nim-value")
    found = [grundy.value_of(c, values) for c in evens]
    return run.verdict(detail=f"nim-values of L(2), L(4), ...: {found}")
