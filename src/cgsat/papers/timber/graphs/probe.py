"""The data of the probe ``phyminoes`` (:mod:`cgsat.papers.timber.probes`): the
connected non-bipartite graphs of the networkx atlas, their orientations up to
automorphisms, and the direct solver's nim-values and misère outcomes. The probe's stored
sizes are fingerprinted by this module and its imports only.
"""

from __future__ import annotations

from typing import Any

import networkx as nx
from networkx.algorithms.isomorphism import GraphMatcher

from cgsat.cgt.impartial import solver_for
from cgsat.games import phyminoes, timber

__all__ = [
    "TableRow",
    "ATLAS_MAX_VERTICES",
    "READINGS",
    "graphs",
    "graph6",
    "orientations",
    "graph_rows",
    "size",
]

TableRow = dict[str, Any]

ATLAS_MAX_VERTICES = 7
READINGS = phyminoes.DISTANCES


def graphs(n: int) -> list[nx.Graph]:
    """The connected non-bipartite graphs with exactly ``n`` vertices, in atlas order.

    Examples
    --------
    >>> [g.number_of_edges() for g in graphs(4)]
    [4, 5, 6]

    References
    ----------
    Nowakowski et al., *The Game of timber!*, §4, Problem 4.3 (Phyminoes on graphs that are
    not bipartite).
    """
    return [g for g in nx.graph_atlas_g() if g.number_of_nodes() == n
            and nx.is_connected(g) and not nx.is_bipartite(g)]


def graph6(g: nx.Graph) -> str:
    """The graph6 string of ``g`` (no header), the graph's name in the table.

    References
    ----------
    Nowakowski et al., *The Game of timber!*, §4, Problem 4.3.
    """
    return nx.to_graph6_bytes(g, header=False).decode().strip()


def orientations(g: nx.Graph) -> list[frozenset[tuple[str, str]]]:
    """One orientation of ``g`` per orbit of its automorphism group, as positions.

    Orientation ``mask`` directs the i-th edge ``(u, v)`` (u < v, sorted) as ``v>u`` when
    bit i is set and ``u>v`` otherwise; an automorphism maps an orientation to the one with
    the images of its arcs. Each orbit is represented by its smallest mask.

    Examples
    --------
    >>> len(orientations(nx.complete_graph(3))), len(orientations(nx.complete_graph(4)))
    (2, 4)

    References
    ----------
    Nowakowski et al., *The Game of timber!*, §4, Problem 4.3.
    """
    edges = sorted(tuple(sorted(e)) for e in g.edges())
    index = {e: i for i, e in enumerate(edges)}
    perms = []
    for sigma in GraphMatcher(g, g).isomorphisms_iter():
        perm = []
        for u, v in edges:
            a, b = sigma[u], sigma[v]
            perm.append((index[(min(a, b), max(a, b))], a > b))
        perms.append(perm)
    m = len(edges)
    seen = bytearray(1 << m)
    reps = []
    for mask in range(1 << m):
        if seen[mask]:
            continue
        reps.append(mask)
        for perm in perms:
            image = 0
            for i, (j, flip) in enumerate(perm):
                if ((mask >> i) & 1) ^ flip:
                    image |= 1 << j
            seen[image] = 1
    return [timber.make_position((v, u) if (mask >> i) & 1 else (u, v)
                                 for i, (u, v) in enumerate(edges)) for mask in reps]


def graph_rows(g: nx.Graph) -> list[TableRow]:
    """The table rows of one graph, one per reading of the distances.

    References
    ----------
    Nowakowski et al., *The Game of timber!*, §4, Problem 4.3.
    """
    positions = orientations(g)
    out = []
    for reading in READINGS:
        solver = solver_for(phyminoes.ruleset(reading))
        nims = [solver.nim_value(p) for p in positions]
        misere_p = sum(solver.outcome(p, misere=True) == "P" for p in positions)
        p_normal = nims.count(0)
        out.append({"graph6": graph6(g), "vertices": g.number_of_nodes(),
                    "edges": g.number_of_edges(), "reading": reading,
                    "orientations": len(positions), "p_normal": p_normal,
                    "p_misere": misere_p, "all_N": p_normal == 0,
                    "all_N_misere": misere_p == 0,
                    "nim_values": " ".join(str(k) for k in sorted(set(nims)))})
    return out


def size(n: int) -> list[TableRow]:
    """The rows of every connected non-bipartite graph with exactly ``n`` vertices.

    References
    ----------
    Nowakowski et al., *The Game of timber!*, §4, Problem 4.3.
    """
    return [r for g in graphs(n) for r in graph_rows(g)]
