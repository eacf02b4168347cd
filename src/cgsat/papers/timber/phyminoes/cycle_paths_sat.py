"""An odd cycle with a pendant path is its triangle, in Phyminoes, by SAT (*The Game of
timber!*, Problem 4.3; the claim ``timber.phyminoes-odd-cycle-path``).

For n and each member ``C_k + P_L`` with ``k + L = n`` (:mod:`.cycle_paths`), one instance
holds two graphs with every orientation symbolic: ``C_k + P_L`` and the triangle
``C_3 + P_L``, whose path edges share their orientation variables, and the triangle's own
edges free. The Grundy encodings (normal play, distances in G - xy) of both, and a goal
asking that the two roots' nim-values differ. UNSAT (with its controls) means: for every
orientation of the path, every orientation of C_k and every orientation of the triangle,
the two nim-values agree. This module imports no brute-side code.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §4, Problem 4.3.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cgsat.claims import Budget, Verdict
from cgsat.encodings import timber_graphs as graphs
from cgsat.encodings.gates import Circuit
from cgsat.encodings.kernel import add_grundy
from cgsat.papers.timber.graphs.sat import GuardedOrientations, Oracle, _nim_value
from cgsat.papers.timber.phyminoes.cycle_paths import edge_list, members
from cgsat.sat.solve import SatRun

if TYPE_CHECKING:
    from collections.abc import Hashable

    from cgsat.encodings.kernel import GrundyEncoding
    from cgsat.encodings.timber_graphs import GraphShape

__all__ = ["READING", "odd_cycle_path"]

READING = "minus-edge"


def odd_cycle_path(n: int, budget: Budget, oracle: Oracle | None = None,
                   shift: int = 0) -> Verdict:
    """Every ``C_k + P_L`` with n vertices has the nim-value of ``C_3 + P_L`` with the same
    path, in every orientation of both, by one SAT instance per member.

    Parameters
    ----------
    n : int
        The number of vertices.
    budget : Budget
        Solver, proof and confirm-with options; ``budget.controls`` samples per instance.
    oracle : callable or None
        The direct solver, ``oracle(position, "phyminoes", reading) -> (nim, misère P)``.
    shift : int
        Claim that the cycle's nim-value is the triangle's plus ``shift`` (0: the rule;
        other values are the tests' perturbed rules).

    Returns
    -------
    Verdict

    Examples
    --------
    >>> v = odd_cycle_path(7, Budget(controls=2))
    >>> v.status, v.controls
    ('holds', {'passed': 2, 'total': 2})

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    if not members(n):
        return Verdict.vacuous(f"no odd cycle with a pendant path has {n} vertices")
    run = SatRun(budget)
    for k, length in members(n):
        sink, pool = run.new()
        circ = Circuit(pool, sink)
        big = graphs.graph_shape(edge_list(k, length))
        lits, g_big, root_big = graphs.add_graph_grundy(pool, sink, big, "phyminoes", READING,
                                                        tag=("G", "cycle"))
        tri = graphs.graph_shape(edge_list(3, length))
        tri_lits = lits[:length] + [pool.id(("triangle arc", i)) for i in range(3)]
        followers, moves = graphs.symbolic_moves(tri, tri_lits, "phyminoes", READING)
        g_tri = add_grundy(pool, sink, followers, moves, tag=("G", "triangle"))
        root_tri = followers[0]
        differ = []
        for t in range(g_big.bound[root_big] + 1):
            differ.append(circ.xor(g_big.value_lit(root_big, t, circ),
                                   g_tri.value_lit(root_tri, t - shift, circ)))
        inst = GuardedOrientations.build(run, sink, pool, big, lits, circ.or_(differ))
        model = run.solve(sink, inst.main)
        if model is not None:
            return run.verdict(inst.decode(model), detail=(
                f"C_{k} with a pendant path of {length}: the triangle with the same path "
                f"has another nim-value{f' (shift {shift})' if shift else ''}"))

        def compare(position: str, true: set[int], g_big: GrundyEncoding = g_big,
                    g_tri: GrundyEncoding = g_tri, root_big: Hashable = root_big,
                    root_tri: Hashable = root_tri, tri: GraphShape = tri,
                    tri_lits: list[int] = tri_lits) -> str | None:
            """Both roots' nim-values against the direct solver."""
            triangle = graphs.decode_orientation(
                [x if x in true else -x for x in tri_lits], tri, tri_lits)
            for pos, enc, root in ((position, g_big, root_big), (triangle, g_tri, root_tri)):
                got = _nim_value(enc, root, true)
                want = oracle(pos, "phyminoes", READING)[0]  # type: ignore[misc]  # run only with an oracle
                if got != want:
                    return f"{pos}: the encoding gives nim-value {got}, the direct solver {want}"
            return None

        for control in inst.controls(run, compare if oracle else None):
            run.control(sink, control)
    return run.verdict(detail=f"{len(members(n))} members (k, L) = "
                              f"{', '.join(f'({k}, {m})' for k, m in members(n))}: UNSAT")
