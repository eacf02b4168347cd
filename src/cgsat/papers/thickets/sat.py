"""SAT methods for the *Thinning Thickets* claims.

- Theorems 3.2-3.5 and §5: the inductive mex check over a symbolic cordon whose leaf arcs
  are variables, with the characterizations as automaton circuits, and its controls
  (:func:`cgsat.sat.green_cordon.characterization`, shared with ``cgsat find``); counts
  are the proved characterization counted by dynamic programming on its automaton;
- Theorem 3.1: mex constraints (:func:`cgsat.encodings.kernel.add_grundy`) on all
  followers of L(n), with concrete moves from :mod:`cgsat.encodings.green_cordon`.

Every instance is solved through :mod:`cgsat.sat.solve`. Imports no brute module: the
direct solver's answers for the controls (:data:`cgsat.sat.green_cordon.CONTROLS_SCOPE`,
:data:`THM31_CONTROLS`) come in as ``oracle`` arguments from the claims.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.1-3.5 and §5.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cgsat.claims import Budget, Verdict
from cgsat.encodings.green_cordon import (
    concrete_moves,
    concrete_options,
    count_accepted,
    followers,
)
from cgsat.encodings.kernel import add_grundy, some_equal_pair
from cgsat.papers.thickets.rules import L, cordon_text, fibonacci
from cgsat.sat.coverage import check_targets
from cgsat.sat.green_cordon import CHARACTERIZATIONS, InductiveCheck, Oracle
from cgsat.sat.solve import Control, LiveSolver, SatRun

__all__ = ["NimOracle", "THM31_CONTROLS", "count", "thm31"]

NimOracle = Callable[[int, Sequence[int]], int]
"""``oracle(n, attachments)``: the direct solver's nim-value of a cordon
(:func:`cgsat.papers.thickets.brute.nim_value`), passed in by the claims."""

THM31_CONTROLS = (
    "Control on the same instance (when the pair goal is UNSAT): with the goal off, the mex "
    "constraints must be solvable and give L(n) and every L(2k) the direct solver's "
    "nim-value (exhaustive play, brute.nim_value). Target set: the L(2k) the pair goal "
    "ranges over are L(2), L(4), ..., L(2 floor(n/2)), listed again apart. A failed control "
    "makes the verdict an error."
)
"""What the control of :func:`thm31` checks."""


# -- counts: Theorems 3.4 and 3.5 -----------------------------------------------------


def count(n: int, budget: Budget, *, value: int, f0: int, f1: int,
          oracle: Oracle | None = None) -> Verdict:
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
    oracle : callable or None
        The direct solver's ``oracle(n, attachments)`` for the sample controls of the
        inductive check (:data:`CONTROLS_SCOPE`).

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
    check = InductiveCheck.build(run, claim, n)
    model = run.solve(check.buffer, check.main, pool=check.cc.pool)
    if model is not None:
        return run.verdict(check.decode(model), detail="the characterization fails here")
    check.run_controls(run, oracle)
    found = count_accepted(claim.rule, n)
    expected = fibonacci(n, f0, f1)
    if found != expected:
        return run.verdict(f"count({n}) = {found}, recurrence {expected}")
    return run.verdict(detail=f"{found} cordons (automaton count)")


# -- Theorem 3.1: the family L(n) -----------------------------------------------------


def _concrete_L(m: int) -> tuple[int, frozenset[int]]:  # noqa: N802 - the paper's name
    """L(m) as a concrete cordon of :mod:`cgsat.encodings.green_cordon`."""
    return (m, frozenset(range(1, m - 1)))


def thm31(n: int, budget: Budget, *, offset: int, oracle: NimOracle | None = None) -> Verdict:
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
    oracle : callable or None
        The direct solver's nim-value ``oracle(n, attachments)`` for the control
        (:data:`THM31_CONTROLS`; None: no control).

    Examples
    --------
    >>> thm31(3, Budget(), offset=1).counterexample, thm31(8, Budget(), offset=2).status
    ('3:1', 'holds')

    References
    ----------
    *Thinning Thickets*, Theorem 3.1 (and its proof).
    """
    if n <= min(offset + 1, 3):
        return Verdict.vacuous(f"no option L(i) to check and fewer than two L(2k) at n = {n}")
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
    # the target set (issue 24): the L(2k) the pair goal ranges over, against 2, 4, .., <= n
    check_targets(run, f"L(2k) with 2k <= {n}", [c[0] for c in evens], range(2, n + 1, 2))
    equal = some_equal_pair(pool, sink, grundy, evens)
    values = run.solve(sink)
    if values is None:
        return run.verdict(unknown="the value range is too small for L(n)'s followers")
    if run.solve(sink, [equal]) is not None:
        return run.verdict(cordon_text(*L(n)), detail="two L(2k) share a nim-value")
    if oracle is not None:
        watched = list(dict.fromkeys([root] + evens))
        expected = {c: oracle(c[0], sorted(c[1])) for c in watched}

        def check(true: set[int] | None) -> str | None:
            """The nim-values of L(n) and the L(2k) must be the direct solver's."""
            if true is None:
                return "the mex constraints are UNSAT with the goal off"
            for c in watched:
                got = grundy.value_of(c, true)
                if got != expected[c]:
                    return (f"{cordon_text(c[0], sorted(c[1]))} has nim-value {got} in the "
                            f"model but {expected[c]} by the direct solver")
            return None

        run.control(sink, Control("sample", cordon_text(*L(n)), (-equal,), check))
    found = [grundy.value_of(c, values) for c in evens]
    verdict = run.verdict(detail=f"nim-values of L(2), L(4), ...: {found}")
    if isinstance(sink, LiveSolver):
        sink.close()
    return verdict
