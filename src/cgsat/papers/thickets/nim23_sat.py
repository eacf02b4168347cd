"""SAT method for the mined characterizations of nim-values 2 and 3 (Problem 5.1).

The inductive mex check of :mod:`cgsat.sat.green_cordon` (the one that checks
Theorems 3.2 and 3.3), run on the automata of :mod:`cgsat.encodings.green_cordon_dfa`: at
height n, a symbolic cordon T on which "the automaton accepts T" disagrees with "no option
of T is accepted, and for every smaller value j some option has value j" (the options'
values read off Theorems 3.2, 3.3 and, for nim-value 3, the nim-value-2 automaton). UNSAT
at every height 0..n proves the rule up to height n, by induction on the number of arcs
(for nim-value 3, given the nim-value-2 rule up to n, checked the same way). The same
controls as there run on the same instance (:data:`cgsat.sat.green_cordon.
CONTROLS_SCOPE`). Imports no brute module: the direct solver comes in as ``oracle``.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.2, 3.3 and Problem 5.1.
"""

from __future__ import annotations

from cgsat.claims import Budget, Verdict
from cgsat.encodings.green_cordon import NimCharacterization
from cgsat.sat.green_cordon import InductiveCheck, Oracle
from cgsat.sat.solve import SatRun

__all__ = ["candidate"]


def candidate(n: int, budget: Budget, *, claim: NimCharacterization,
              oracle: Oracle | None = None) -> Verdict:
    """No cordon of height n breaks the mex condition for ``claim.value``, given ``claim``'s
    rules on its options (UNSAT of the inductive check), with controls.

    Parameters
    ----------
    n : int
        The height.
    budget : Budget
        Solver options.
    claim : NimCharacterization
        The candidate (:data:`~cgsat.encodings.green_cordon_dfa.NIM2_ALL`, ``NIM3_ALL``, or
        a deliberately wrong one for a negative control).
    oracle : callable or None
        The direct solver's ``oracle(n, attachments)``: "this cordon has the nim-value", for
        the sample controls (None: only the toggled control).

    Returns
    -------
    Verdict
        Refuted with the first cordon found on which the mex condition fails.

    Examples
    --------
    >>> from cgsat.encodings.green_cordon_dfa import NIM2_ALL
    >>> candidate(8, Budget(), claim=NIM2_ALL).status
    'holds'

    References
    ----------
    *Thinning Thickets*, Problem 5.1 (checked like Theorems 3.2 and 3.3).
    """
    run = SatRun(budget)
    check = InductiveCheck.build(run, claim, n)
    model = run.solve(check.buffer, check.main, pool=check.cc.pool)
    if model is not None:
        return run.verdict(check.decode(model), detail="the mex condition fails here")
    check.run_controls(run, oracle)
    return run.verdict()
