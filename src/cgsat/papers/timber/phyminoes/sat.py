"""Phyminoes rules on graph families by SAT (*The Game of timber!*, Problem 4.3).

For a family (:mod:`~cgsat.papers.timber.phyminoes.families`) and n, one instance holds the
member with n vertices with every orientation left symbolic (one variable per edge): the
Grundy encoding (normal play) and the misère kernel encoding of Phyminoes in each reading
of the distances that has a rule at n (:mod:`cgsat.encodings.timber_graphs`), and a goal
asking that the root's nim-value or misère outcome differ from the rule in some reading.
UNSAT, with its controls passed, means the rule holds in every orientation of that graph.
A model is an orientation where it fails, decoded in ``timber`` syntax. This module
imports no brute-side code; the direct solver comes in as ``oracle`` for the controls.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §4, Problem 4.3.
"""

from __future__ import annotations

from typing import Any

from cgsat.claims import Budget, Verdict
from cgsat.encodings import timber_graphs as graphs
from cgsat.encodings.gates import Circuit
from cgsat.papers.timber.graphs.sat import GuardedOrientations, Oracle, _nim_value, _value
from cgsat.papers.timber.phyminoes.families import FAMILIES, expected
from cgsat.sat.solve import SatRun


def family_rule(n: int, budget: Budget, family: str, oracle: Oracle | None = None,
                rules: dict[str, Any] | None = None) -> Verdict:
    """The family's Phyminoes rule at n, in every orientation, by one SAT instance.

    Parameters
    ----------
    n : int
        The number of vertices.
    budget : Budget
        Solver, proof and confirm-with options; ``budget.controls`` samples.
    family : str
        A key of :data:`~cgsat.papers.timber.phyminoes.families.FAMILIES`.
    oracle : callable or None
        The direct solver, ``oracle(position, "phyminoes", reading) -> (nim, misère P)``
        (None: only the toggled control).
    rules : dict or None
        Reading -> rule, replacing the family's (the tests' perturbed rules).

    Returns
    -------
    Verdict
        ``vacuous`` where the family has no member (or no rule) at n.

    Examples
    --------
    >>> v = family_rule(7, Budget(), "odd-cycle")
    >>> v.status, v.controls
    ('holds', {'passed': 1, 'total': 1})
    >>> family_rule(4, Budget(), "odd-cycle").status
    'vacuous'

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    fam = FAMILIES[family]
    if rules is not None:
        fam = type(fam)(fam.name, fam.words, fam.graph, rules)
    want = expected(fam, n)
    if not want:
        return Verdict.vacuous(f"no member of {fam.words} with {n} vertices")
    run = SatRun(budget)
    shape = graphs.from_networkx(fam.graph(n))
    sink, pool = run.new()
    circ = Circuit(pool, sink)
    wrong = []
    roots = {}
    lits: list[int] = []
    for reading, (nim, misere_p) in want.items():
        lits, grundy, root = graphs.add_graph_grundy(pool, sink, shape, "phyminoes",
                                                     reading, tag=("G", reading))
        _, kernel, _ = graphs.add_graph_kernel(pool, sink, shape, True, "phyminoes",
                                               reading, tag=("P", reading))
        wrong.append(-grundy.value_lit(root, nim, circ))
        wrong.append(kernel.p[root] if not misere_p else -kernel.p[root])
        roots[reading] = (grundy, kernel.p[root], root)
    inst = GuardedOrientations.build(run, sink, pool, shape, lits, circ.or_(wrong))
    model = run.solve(sink, inst.main)
    if model is not None:
        return run.verdict(inst.decode(model),
                           detail=f"the rule for {fam.words} fails in this orientation")

    def compare(position: str, true: set[int]) -> str | None:
        """Each reading's root nim-value and misère outcome against the direct solver."""
        for reading, (grundy, misere_lit, root) in roots.items():
            got = (_nim_value(grundy, root, true), _value(misere_lit, true))
            wanted = oracle(position, "phyminoes", reading)  # type: ignore[misc]  # run only with an oracle
            if got != wanted:
                return (f"phyminoes ({reading}): the encodings give (nim-value, misère P) "
                        f"= {got}, the direct solver {wanted}")
        return None

    for control in inst.controls(run, compare if oracle else None):
        run.control(sink, control)
    return run.verdict(detail=f"{shape.n_edges} edges, 2^{shape.n_edges} orientations: UNSAT")
