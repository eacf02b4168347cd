"""Timber on graphs by SAT: Theorem 1.1 and Phyminoes on bipartite graphs (*The Game of
timber!*, §1 and §4).

One instance per graph shape covers every orientation at once (the kernel and Grundy
encodings of :mod:`cgsat.encodings.timber_graphs`); the instances of one size are solved
through :class:`cgsat.verify.solve.SatRun`, whose verdict shows the largest. A model is
decoded into an oriented graph in ``timber`` syntax. This module imports no brute-side code.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), Theorem 1.1 and §4 (Phyminoes).
"""

from __future__ import annotations

from cgsat.encodings import timber_graphs as graphs
from cgsat.encodings.gates import Circuit
from cgsat.verify.claims import Budget, Verdict
from cgsat.verify.papers.timber.shapes import bipartite_graphs, connected_graphs, theorem11_parts
from cgsat.verify.solve import SatRun


def theorem11(n: int, budget: Budget) -> Verdict:
    """Theorem 1.1 on every connected graph with n vertices, by the kernel encoding.

    For each graph and each part that applies (part 1: it contains a cycle, so no
    orientation is a normal-play P-position; part 2: it is 2-connected, so no orientation
    is a misère N-position), one instance asks for an orientation with the opposite
    outcome. All UNSAT: the theorem holds at n.

    Parameters
    ----------
    n : int
        The number of vertices.
    budget : Budget
        Solver, proof and confirm-with options.

    Returns
    -------
    Verdict

    Examples
    --------
    >>> theorem11(4, Budget()).status
    'holds'

    References
    ----------
    *The Game of timber!*, Theorem 1.1.
    """
    run = SatRun(budget)
    checked = 0
    for g in connected_graphs(n):
        shape = graphs.from_networkx(g)
        for part, misere, outcome in theorem11_parts(g):
            sink, pool = run.new()
            lits, enc, root = graphs.add_graph_kernel(pool, sink, shape, misere=misere)
            p = enc.p[root]
            sink.add_clause([p] if outcome == "N" else [-p])  # the opposite outcome
            model = run.solve(sink)
            checked += 1
            if model is not None:
                pos = graphs.decode_orientation(model, shape, lits)
                return run.verdict(pos, detail=f"{part}: outcome is not {outcome}")
    return run.verdict(detail=f"{checked} graph instances, all UNSAT")


def phyminoes_bipartite(n: int, budget: Budget) -> Verdict:
    """Phyminoes equals Timber on every connected bipartite graph with n vertices, by SAT.

    One instance per graph: the Grundy and misère kernel encodings of Timber and of
    Phyminoes (both readings of the distances, G - xy and G) over all orientations, and a
    clause asking that some nim-value bit or misère outcome differ.

    Parameters
    ----------
    n : int
        The number of vertices.
    budget : Budget
        Solver, proof and confirm-with options.

    Returns
    -------
    Verdict

    Examples
    --------
    >>> phyminoes_bipartite(4, Budget()).status
    'holds'

    References
    ----------
    *The Game of timber!*, §4 (before Problem 4.3): Phyminoes is Timber on bipartite graphs.
    """
    run = SatRun(budget)
    for g in bipartite_graphs(n):
        shape = graphs.from_networkx(g)
        sink, pool = run.new()
        circ = Circuit(pool, sink)
        differ = []
        lits, tg, root = graphs.add_graph_grundy(pool, sink, shape, "timber", tag="Gt")
        _, tm, _ = graphs.add_graph_kernel(pool, sink, shape, True, "timber", tag="Pt")
        for dist in ("minus-edge", "graph"):
            _, pg, _ = graphs.add_graph_grundy(pool, sink, shape, "phyminoes", dist,
                                               tag=("Gp", dist))
            _, pm, _ = graphs.add_graph_kernel(pool, sink, shape, True, "phyminoes", dist,
                                               tag=("Pp", dist))
            bound = max(tg.bound[root], pg.bound[root])
            for t in range(bound + 1):
                differ.append(circ.xor(tg.value_lit(root, t, circ), pg.value_lit(root, t, circ)))
            differ.append(circ.xor(tm.p[root], pm.p[root]))
        sink.add_clause(differ)
        model = run.solve(sink)
        if model is not None:
            pos = graphs.decode_orientation(model, shape, lits)
            return run.verdict(pos, detail="Phyminoes and Timber differ here")
    return run.verdict()
