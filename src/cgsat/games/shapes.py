"""The graph and tree shapes the claims of *The Game of timber!* range over, and ``find`` and
a user's claims with them (claim-independent, so below the papers).

A check at size n covers every orientation of every shape listed here for n: the
connected graphs of the networkx graph atlas with n vertices (Theorem 1.1, Phyminoes on
bipartite graphs), and the trees with n edges up to isomorphism (Lemmas 3.1-3.3,
Algorithm 3.5). Both sides of each check use these lists, and the cases of Theorem 1.1 and
Lemma 3.3 that apply to a shape; nothing here encodes or plays.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), Theorem 1.1, §3 and §4.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any, cast

import networkx as nx

from cgsat.games import oriented

__all__ = [
    "ATLAS_MAX_VERTICES",
    "connected_graphs",
    "has_cycle",
    "two_connected",
    "theorem11_parts",
    "bipartite_graphs",
    "trees",
    "graph_of",
    "leaf_path",
    "lemma33_cases",
]

ATLAS_MAX_VERTICES = 7
"""The networkx graph atlas lists every graph with up to 7 vertices."""


@cache
def connected_graphs(n: int) -> tuple[Any, ...]:
    """Every connected graph with n vertices (networkx graph atlas), up to isomorphism.

    Parameters
    ----------
    n : int
        The number of vertices, at most :data:`ATLAS_MAX_VERTICES`.

    Returns
    -------
    tuple of networkx.Graph

    Raises
    ------
    ValueError
        Beyond the atlas.

    Examples
    --------
    >>> [len(connected_graphs(n)) for n in range(1, 6)]
    [1, 1, 2, 6, 21]

    References
    ----------
    *The Game of timber!*, Theorem 1.1 (the graphs it quantifies over).
    """
    if n > ATLAS_MAX_VERTICES:
        raise ValueError(f"the graph atlas stops at {ATLAS_MAX_VERTICES} vertices")
    return tuple(g for g in nx.graph_atlas_g()
                 if g.number_of_nodes() == n and n > 0 and nx.is_connected(g))


def has_cycle(g: Any) -> bool:
    """Whether a connected graph contains a cycle (at least as many edges as vertices).

    Parameters
    ----------
    g : networkx.Graph
        A connected graph.

    Returns
    -------
    bool

    Examples
    --------
    >>> has_cycle(nx.cycle_graph(3)), has_cycle(nx.path_graph(3))
    (True, False)

    References
    ----------
    *The Game of timber!*, Theorem 1.1, part 1 (read as "contains a cycle").
    """
    return g.number_of_edges() >= g.number_of_nodes()


def two_connected(g: Any) -> bool:
    """2-connected in the paper's sense: at least 3 vertices and no cut vertex.

    Parameters
    ----------
    g : networkx.Graph

    Returns
    -------
    bool

    Examples
    --------
    >>> two_connected(nx.cycle_graph(4)), two_connected(nx.path_graph(2))
    (True, False)

    References
    ----------
    *The Game of timber!*, Theorem 1.1, part 2.
    """
    return g.number_of_nodes() >= 3 and nx.is_biconnected(g)


def theorem11_parts(g: Any) -> Iterator[tuple[str, bool, str]]:
    """The parts of Theorem 1.1 that apply to g: (part, misère, claimed outcome).

    Parameters
    ----------
    g : networkx.Graph
        A connected graph.

    Yields
    ------
    tuple
        ``("part 1", False, "N")`` if g contains a cycle, ``("part 2", True, "P")`` if g
        is 2-connected.

    Examples
    --------
    >>> list(theorem11_parts(nx.cycle_graph(3)))
    [('part 1', False, 'N'), ('part 2', True, 'P')]

    References
    ----------
    *The Game of timber!*, Theorem 1.1.
    """
    if has_cycle(g):
        yield "part 1", False, "N"
    if two_connected(g):
        yield "part 2", True, "P"


def bipartite_graphs(n: int) -> list[Any]:
    """Connected bipartite graphs with n vertices (at least one edge).

    Parameters
    ----------
    n : int
        The number of vertices.

    Returns
    -------
    list of networkx.Graph

    Examples
    --------
    >>> [len(bipartite_graphs(n)) for n in range(1, 6)]
    [0, 1, 1, 3, 5]

    References
    ----------
    *The Game of timber!*, §4 (Phyminoes is Timber on bipartite graphs).
    """
    return [g for g in connected_graphs(n) if g.number_of_edges() and nx.is_bipartite(g)]


def trees(n: int) -> list[nx.Graph]:
    """Every tree with n edges, up to isomorphism (the scope of the claims of §3).

    Parameters
    ----------
    n : int
        The number of edges.

    Returns
    -------
    list of networkx.Graph

    Examples
    --------
    >>> [len(trees(n)) for n in range(6)]
    [1, 1, 1, 2, 3, 6]

    References
    ----------
    *The Game of timber!*, §3 (Lemmas 3.1-3.3, Algorithm 3.5).
    """
    return list(oriented.trees(n))


def graph_of(position: Any) -> nx.Graph:
    """The undirected graph of a Timber position (a set of arcs).

    Parameters
    ----------
    position : iterable of (u, v)
        The arcs.

    Returns
    -------
    networkx.Graph

    References
    ----------
    *The Game of timber!*, §1 (a position is an oriented graph).
    """
    g = cast("nx.Graph[Any]", nx.Graph())
    g.add_edges_from(position)
    return g


def leaf_path(g: nx.Graph, w: Any, u: Any) -> list | None:
    """The leaf path from ``w`` through its neighbour ``u``.

    Parameters
    ----------
    g : networkx.Graph
        A tree.
    w, u
        A vertex and one of its neighbours.

    Returns
    -------
    list or None
        ``[u, ..., leaf]`` with every vertex but the last of degree 2 and the last a leaf;
        None if there is none.

    Examples
    --------
    >>> leaf_path(nx.path_graph(4), 0, 1), leaf_path(nx.star_graph(3), 1, 0)
    ([1, 2, 3], None)

    References
    ----------
    *The Game of timber!*, Lemma 3.3 and §3 (leaf-paths).
    """
    path, prev, cur = [u], w, u
    while g.degree(cur) == 2:
        nxt = next(v for v in g[cur] if v != prev)
        path.append(nxt)
        prev, cur = cur, nxt
    return path if g.degree(cur) == 1 else None


def lemma33_cases(g: nx.Graph) -> Iterator[tuple[Any, list, list]]:
    """Every vertex w with two leaf paths P1, P2 (unordered pairs), as ``(w, P1, P2)``.

    Parameters
    ----------
    g : networkx.Graph
        A tree.

    Yields
    ------
    tuple

    Examples
    --------
    >>> list(lemma33_cases(nx.path_graph(3)))
    [(1, [0], [2])]

    References
    ----------
    *The Game of timber!*, Lemma 3.3.
    """
    for w in g:
        paths = [p for u in sorted(g[w], key=str) if (p := leaf_path(g, w, u)) is not None]
        for i in range(len(paths)):
            for j in range(i + 1, len(paths)):
                yield w, paths[i], paths[j]
