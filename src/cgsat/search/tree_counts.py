"""``find timber --shape TREE --count`` of normal-play P- (or N-) positions by the tree
dynamic programme, at any size up to :data:`cgsat.search.limits.MAX_TREE_EDGES` (issue 39).

The count is :func:`cgsat.games.tree_counts.count_p` (Algorithm 3.5's reductions as a
dynamic programme over branch states: ``O(n * K^2)`` for ``n`` edges, no ``2^m`` plays, no
SAT), so the 20-edge limit of the SAT count (:data:`cgsat.search.limits.MAX_COUNT_SIZE`)
does not apply: a 74-edge caterpillar takes milliseconds. N-positions are the other
orientations: ``2^m - count_p``. (``timber-path`` keeps its SAT count: a word is an
orientation of a path, but its searches and their controls are what its tests pin.)

Where it applies (:func:`tree_of`): Timber (not Phyminoes, whose agreement with Timber on
bipartite graphs is a claim to check, not an assumption), normal play, the target P (``--value
0``, ``--outcome P``) or N, ``--count``, and a shape that is a tree (connected, no cycle).
Everything else keeps the SAT route.

Each answer carries its control (:func:`controlled_count`), run in the same call: on ``K``
seeded connected subtrees of the shape with at most :data:`CONTROL_EDGES` edges (the
whole shape first when it is that small), the programme's count must equal the enumeration of every
orientation played out by the direct solver (:mod:`cgsat.cgt.impartial`), which shares
nothing with the programme. A difference raises :class:`~cgsat.search.ControlFailed`.

References
----------
.. [1] R. J. Nowakowski et al., *The Game of timber!*, Lemmas 3.1-3.4, Algorithm 3.5,
   Theorem 2.5.
.. [2] A. Furtado et al., *Timber Game with Caterpillars*, §4 (counts of P-orientations).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable
from typing import Any

import networkx as nx

from cgsat.cgt.impartial import solver_for
from cgsat.games import get_ruleset, oriented
from cgsat.games.tree_counts import count_p
from cgsat.search import ControlFailed

__all__ = ["CONTROL_EDGES", "ROUTE", "COUNTED_BY", "tree_of", "applies", "count",
           "enumerated", "control_subtrees", "controlled_count"]

CONTROL_EDGES = 8
"""The largest subtree a control enumerates: 2^8 = 256 orientations, each played
out by the direct solver."""
ROUTE = "tree-dp"
"""The ``route`` of the query in ``find --json`` when the tree programme counted."""
COUNTED_BY = "the tree dynamic programme (count_p, Algorithm 3.5), controlled by enumeration"


def tree_of(edges: Iterable[tuple[Hashable, Hashable]]) -> nx.Graph | None:
    """The shape as a networkx tree, or None when it is not a tree.

    Examples
    --------
    >>> tree_of([("0", "1"), ("1", "2")]).number_of_edges()
    2
    >>> tree_of([("0", "1"), ("1", "2"), ("2", "0")]) is None
    True
    >>> tree_of([("0", "1"), ("2", "3")]) is None
    True
    """
    g: nx.Graph = nx.Graph()
    g.add_edges_from(edges)
    return g if nx.is_tree(g) else None


def applies(ruleset: str, outcome: str | None, misere: bool, mode: str) -> bool:
    """Whether the tree route can answer (when the shape is a tree): Timber, ``--count``,
    normal play, the target an outcome P or N (``--value 0`` is P).

    Examples
    --------
    >>> applies("timber", "P", False, "count"), applies("phyminoes", "P", False, "count")
    (True, False)
    >>> applies("timber", None, False, "count"), applies("timber", "P", True, "count")
    (False, False)
    """
    return (ruleset == "timber" and mode == "count" and not misere
            and outcome in ("P", "N"))


def count(tree: nx.Graph, outcome: str) -> int:
    """The orientations of ``tree`` whose outcome is ``outcome`` (normal play).

    Examples
    --------
    >>> count(nx.path_graph(7), "P"), count(nx.path_graph(7), "N")
    (5, 59)
    """
    p = count_p(tree)
    return p if outcome == "P" else 2 ** tree.number_of_edges() - p


def enumerated(tree: nx.Graph, outcome: str) -> int:
    """The same number by enumeration: every orientation played out by the direct solver.

    Examples
    --------
    >>> enumerated(nx.path_graph(7), "P")
    5
    """
    solver = solver_for(get_ruleset("timber"))
    return sum(solver.outcome(p) == outcome for p in oriented.orientations(tree))


def control_subtrees(tree: nx.Graph, k: int, seed: str) -> list[nx.Graph]:
    """``k`` seeded connected subtrees of ``tree`` of 1 to :data:`CONTROL_EDGES` edges
    (the whole tree first when it has at most that many edges).

    Examples
    --------
    >>> [s.number_of_edges() for s in control_subtrees(nx.path_graph(30), 4, "doc")]
    [1, 2, 3, 4]
    """
    m = tree.number_of_edges()
    out: list[nx.Graph] = []
    if m == 0:
        return out
    if m <= CONTROL_EDGES and k > 0:
        out.append(nx.Graph(tree))
    rng = random.Random(seed)
    nodes = sorted(tree.nodes, key=str)
    i = 0
    while len(out) < k:
        size = 1 + i % min(CONTROL_EDGES, m)
        i += 1
        root = rng.choice(nodes)
        inside = {root}
        edges: list[tuple[Any, Any]] = []
        while len(edges) < size:
            frontier = sorted(((u, v) for u in inside for v in tree.adj[u] if v not in inside),
                              key=lambda e: (str(e[0]), str(e[1])))
            u, v = rng.choice(frontier)
            inside.add(v)
            edges.append((u, v))
        out.append(nx.Graph(edges))
    return out


def controlled_count(tree: nx.Graph, outcome: str, k: int, seed: str
                     ) -> tuple[int, dict[str, int]]:
    """The count on ``tree`` and the tally of its ``k`` controls (each a subtree counted
    both ways); :class:`ControlFailed` when a control differs.

    Examples
    --------
    >>> caterpillar = nx.Graph([(i, i + 1) for i in range(4)]  # legs of length 2
    ...                        + [(i, f"a{i}") for i in range(5)]
    ...                        + [(f"a{i}", f"b{i}") for i in range(5)])
    >>> controlled_count(caterpillar, "P", 3, "doc")
    (90, {'passed': 3, 'total': 3})
    """
    passed = 0
    for sub in control_subtrees(tree, k, seed):
        dp, plays = count(sub, outcome), enumerated(sub, outcome)
        if dp != plays:
            edges = " ".join(f"{u}-{v}" for u, v in sub.edges)
            raise ControlFailed(f"control failed: the tree programme counts {dp} "
                                f"{outcome}-orientations of the subtree {edges}, enumeration "
                                f"{plays}")
        passed += 1
    return count(tree, outcome), {"passed": passed, "total": passed}

