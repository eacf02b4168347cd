"""Probes of *The Game of timber!*: Phyminoes on non-bipartite graphs (Problem 4.3).

``phyminoes``: for every connected non-bipartite graph with n vertices (the networkx graph
atlas, which holds every graph with at most 7 vertices) and every orientation up to the
graph's automorphisms, the normal-play nim-value and the misère outcome by the direct
solver (:mod:`cgsat.cgt.impartial`, memoized on isomorphism-invariant keys), in both
readings of the distances (:mod:`cgsat.games.phyminoes`: ``minus-edge`` and ``graph``).

One table row per (graph, reading): ``graph6``, ``vertices``, ``edges``, ``reading``,
``orientations`` (up to automorphisms), ``p_normal`` and ``p_misere`` (how many of those
are P-positions), ``all_N`` (every orientation is an N-position in normal play),
``all_N_misere`` (likewise in misère play) and ``nim_values`` (the set of normal-play
nim-values, space-separated).

The SAT method, the mined rules and their tests past the data are not here yet (issue 14).
"""

from __future__ import annotations

from typing import Any

import networkx as nx
from networkx.algorithms.isomorphism import GraphMatcher

from cgsat.cgt.impartial import solver_for
from cgsat.games import phyminoes, timber
from cgsat.verify.probe import Probe, Sizes, TableRow

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


def table(sizes: Sizes, up_to: int) -> list[TableRow]:
    """Every graph's rows, by number of vertices (atlas order).

    References
    ----------
    Nowakowski et al., *The Game of timber!*, §4, Problem 4.3.
    """
    return [r for n in range(3, up_to + 1) for r in sizes[n]]


def summary(sizes: Sizes, up_to: int) -> list[str]:
    """Markdown lines: per vertex count and reading, graphs, orientations, P-counts.

    References
    ----------
    Nowakowski et al., *The Game of timber!*, §4, Problem 4.3.
    """
    lines = ["| vertices | reading | graphs | orientations | P (normal) | P (misère) | "
             "graphs all N (normal) | nim-values seen |", "|---|---|---|---|---|---|---|---|"]
    for n in range(3, up_to + 1):
        for reading in READINGS:
            rows = [r for r in sizes[n] if r["reading"] == reading]
            nims = sorted({int(k) for r in rows for k in r["nim_values"].split()})
            lines.append(
                f"| {n} | {reading} | {len(rows)} | {sum(r['orientations'] for r in rows)} | "
                f"{sum(r['p_normal'] for r in rows)} | {sum(r['p_misere'] for r in rows)} | "
                f"{sum(r['all_N'] for r in rows)} | {' '.join(map(str, nims))} |")
    return lines


def plot(ax: Any, sizes: Sizes, up_to: int) -> None:
    """Share of P-orientations (normal and misère) per vertex count and reading.

    References
    ----------
    Nowakowski et al., *The Game of timber!*, §4, Problem 4.3.
    """
    xs = list(range(3, up_to + 1))
    for reading in READINGS:
        for key, style in (("p_normal", "-"), ("p_misere", "--")):
            ys = []
            for n in xs:
                rows = [r for r in sizes[n] if r["reading"] == reading]
                total = sum(r["orientations"] for r in rows)
                ys.append(sum(r[key] for r in rows) / total if total else 0.0)
            ax.plot(xs, ys, style, marker="o", label=f"{reading}, {key[2:]}")
    ax.set_xlabel("vertices")
    ax.set_ylabel("share of P-orientations")
    ax.legend(fontsize=8)


PHYMINOES = Probe(
    name="phyminoes",
    source="The Game of timber!, §4, Problem 4.3 (Phyminoes on non-bipartite graphs)",
    up_to="largest number of vertices (3 to 7, the networkx graph atlas)",
    default_up_to=5,
    base=3,
    max_up_to=ATLAS_MAX_VERTICES,
    size=size,
    table=table,
    columns=("graph6", "vertices", "edges", "reading", "orientations", "p_normal",
             "p_misere", "all_N", "all_N_misere", "nim_values"),
    summary=summary,
    plot=plot,
)

PROBES = [PHYMINOES]
