"""Enumerators of oriented graphs, as Timber (or Phyminoes) positions.

- :func:`orientations` lists all ``2^m`` orientations of an undirected graph;
- :func:`oriented_trees` lists every orientation of every tree with ``n`` edges, one tree
  per isomorphism class of the *underlying* tree (``networkx.nonisomorphic_trees``).
  Orientations that happen to be isomorphic as oriented trees are all listed.

Vertices become strings, as in :mod:`cgsat.games.timber`.

References
----------
.. [1] Nowakowski et al., *The Game of timber!*, §1 (positions are oriented graphs) and §3
   (trees).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

import networkx as nx

__all__ = ["Arc", "orientations", "oriented_trees", "oriented_trees_up_to", "trees"]

Arc = tuple[str, str]


def orientations(graph: nx.Graph) -> Iterator[frozenset[Arc]]:
    """Every orientation of ``graph``'s edges, as a Timber position.

    Edges are taken in the order ``graph.edges()`` gives; orientation number ``k`` reverses
    edge ``i`` when bit ``i`` of ``k`` is set.

    Examples
    --------
    >>> from cgsat.games.timber import format
    >>> [format(p) for p in orientations(nx.path_graph(3))]
    ['0>1 1>2', '1>0 1>2', '0>1 2>1', '1>0 2>1']
    """
    edges = [(str(u), str(v)) for u, v in graph.edges()]
    for mask in range(1 << len(edges)):
        yield frozenset(
            (v, u) if mask >> i & 1 else (u, v) for i, (u, v) in enumerate(edges)
        )


def trees(n_edges: int) -> Iterator[nx.Graph]:
    """The trees with ``n_edges`` edges, one per isomorphism class.

    Examples
    --------
    >>> [len(list(trees(n))) for n in range(7)]
    [1, 1, 1, 2, 3, 6, 11]
    """
    if n_edges < 0:
        raise ValueError("a tree has at least 0 edges")
    if n_edges == 0:
        g = cast("nx.Graph[int]", nx.Graph())
        g.add_node(0)
        yield g
        return
    yield from nx.nonisomorphic_trees(n_edges + 1)  # type: ignore[misc]  # graphs; the stubs say lists


def oriented_trees(n_edges: int) -> Iterator[frozenset[Arc]]:
    """Every orientation of every tree with ``n_edges`` edges (trees up to isomorphism).

    There are ``t(n_edges + 1) * 2**n_edges`` of them, ``t`` counting unlabelled trees.

    Examples
    --------
    >>> sum(1 for _ in oriented_trees(3))
    16

    References
    ----------
    .. [1] Nowakowski et al., *The Game of timber!*, §3 (Timber on trees).
    """
    for tree in trees(n_edges):
        yield from orientations(tree)


def oriented_trees_up_to(max_edges: int) -> Iterator[frozenset[Arc]]:
    """:func:`oriented_trees` for every edge count ``0..max_edges``.

    Examples
    --------
    >>> sum(1 for _ in oriented_trees_up_to(3))
    23
    """
    for n in range(max_edges + 1):
        yield from oriented_trees(n)
