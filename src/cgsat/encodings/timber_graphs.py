"""Timber and Phyminoes on oriented graphs of a fixed shape.

The shape is an undirected simple graph; edge ``i = (u, v)`` has one orientation variable,
true for the arc ``u > v`` and false for ``v > u``. One instance covers all ``2^m``
orientations, e.g. for Theorem 1.1 of *The Game of timber!*.

Followers
---------
Toppling removes edges and never re-orients the ones left standing, so every follower of
every orientation is an edge subset of the shape. :func:`symbolic_moves` explores them
once per shape: from an edge set F, the move "topple edge i towards its second end" (or
its first end) leads to a fixed edge set and is available exactly when the orientation
literal says so. The move rules are recomputed here from the paper (this module shares no
code with :mod:`cgsat.games`, so that the direct solver stays an independent check):

- **Timber** (§1): toppling ``(x, y)`` removes ``xy``, every vertex of ``y``'s component
  ``Y`` in ``F - xy``, and every edge incident with ``Y``.
- **Phyminoes** (§4): toppling ``(x, y)`` removes ``xy`` and every edge ``ab`` of ``y``'s
  component in ``F - xy`` with ``d(a) != d(b)``, where d is the BFS distance from ``y``
  in ``F - xy`` (``distances="minus-edge"``, default) or in ``F`` (``"graph"``).

The empty edge set is the terminal position. A disconnected shape is handled as a whole
(the followers are edge subsets of the whole shape), so sums need no special case.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §1, Theorem 1.1 and §4 (Phyminoes).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pysat.formula import IDPool

from cgsat.encodings.kernel import GrundyEncoding, KernelEncoding, add_grundy, add_kernel
from cgsat.errors import CgsatInputError, TooLargeError

if TYPE_CHECKING:  # a type only
    from cgsat.encodings.cnf import Sink

__all__ = ["DEFAULT_FOLLOWER_LIMIT", "GraphShape", "RULES", "Vertex", "add_graph_grundy",
           "add_graph_kernel", "decode_orientation", "from_networkx", "graph_shape",
           "orientation_vars", "symbolic_moves", "topple"]

Vertex = Hashable
DEFAULT_FOLLOWER_LIMIT = 20_000
RULES = ("timber", "phyminoes")


@dataclass(frozen=True)
class GraphShape:
    """An undirected simple graph; edge ``i`` is ``edges[i] = (u, v)``.

    Examples
    --------
    >>> g = graph_shape([(0, 1), (1, 2), (2, 0)])
    >>> g.n_edges, g.vertices
    (3, (0, 1, 2))
    """

    vertices: tuple[Vertex, ...]
    edges: tuple[tuple[Vertex, Vertex], ...]

    @property
    def n_edges(self) -> int:
        return len(self.edges)


def graph_shape(edges: Iterable[tuple[Vertex, Vertex]]) -> GraphShape:
    """A :class:`GraphShape` from edge pairs; rejects self-loops and repeated edges."""
    seen: set[frozenset] = set()
    out = []
    verts: dict[Vertex, None] = {}
    for u, v in edges:
        if u == v:
            raise CgsatInputError(f"shape: self-loop {u}-{v}")
        e = frozenset((u, v))
        if e in seen:
            raise CgsatInputError(f"shape: repeated edge {u}-{v}")
        seen.add(e)
        out.append((u, v))
        verts.setdefault(u)
        verts.setdefault(v)
    return GraphShape(tuple(verts), tuple(out))


def from_networkx(graph: Any) -> GraphShape:
    """The shape of a networkx graph (edges in ``graph.edges()`` order)."""
    return graph_shape((u, v) for u, v in graph.edges())


def orientation_vars(pool: IDPool, shape: GraphShape) -> list[int]:
    """One variable per edge ``(u, v)``, ``pool.id(("arc", i, "u>v"))``: true for ``u > v``
    (the arc's text names it in ``cgsat export-cnf``'s variable map)."""
    return [pool.id(("arc", i, f"{u}>{v}")) for i, (u, v) in enumerate(shape.edges)]


def decode_orientation(model: Any, shape: GraphShape, lits: Sequence[int]) -> str:
    """The orientation chosen by a model, in Timber syntax (arcs ``x>y``).

    Examples
    --------
    >>> decode_orientation([1, -2], graph_shape([(0, 1), (1, 2)]), [1, 2])
    '0>1 2>1'
    """
    m = set(model)
    arcs = []
    for (u, v), x in zip(shape.edges, lits, strict=True):
        arcs.append(f"{u}>{v}" if x in m else f"{v}>{u}")
    return " ".join(arcs)


# -- move rules -----------------------------------------------------------------------------
def _adjacency(shape: GraphShape, edge_set: Iterable[int]) -> dict[Vertex, list[tuple]]:
    adj: dict[Vertex, list[tuple]] = {}
    for i in edge_set:
        u, v = shape.edges[i]
        adj.setdefault(u, []).append((v, i))
        adj.setdefault(v, []).append((u, i))
    return adj


def _distances(adj: dict, start: Vertex, skip: int | None) -> dict[Vertex, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        a = queue.popleft()
        for b, i in adj.get(a, ()):
            if i == skip or b in dist:
                continue
            dist[b] = dist[a] + 1
            queue.append(b)
    return dist


def topple(
    shape: GraphShape,
    edge_set: frozenset[int],
    edge: int,
    forward: bool,
    rule: str = "timber",
    distances: str = "minus-edge",
) -> frozenset[int]:
    """The edge set left after toppling edge ``edge`` of ``edge_set``.

    ``forward`` topples ``u > v`` (towards v) for ``shape.edges[edge] = (u, v)``.

    Examples
    --------
    >>> g = graph_shape([(0, 1), (1, 2), (2, 3)])
    >>> sorted(topple(g, frozenset({0, 1, 2}), 1, True))   # 1>2 leaves 0-1
    [0]
    >>> c = graph_shape([(0, 1), (1, 2), (2, 0), (0, 3)])
    >>> sorted(topple(c, frozenset({0, 1, 2, 3}), 0, True))   # on a cycle: all falls
    []
    >>> c5 = graph_shape([(i, (i + 1) % 5) for i in range(5)])
    >>> sorted(topple(c5, frozenset(range(5)), 0, True, rule="phyminoes"))
    []
    >>> sorted(topple(c5, frozenset(range(5)), 0, True, "phyminoes", distances="graph"))
    [3]
    """
    u, v = shape.edges[edge]
    x, y = (u, v) if forward else (v, u)
    adj = _adjacency(shape, edge_set)
    comp = _distances(adj, y, edge)  # y's component in F - xy, with its distances
    if rule == "timber":
        return frozenset(
            i for i in edge_set
            if i != edge and shape.edges[i][0] not in comp and shape.edges[i][1] not in comp
        )
    if rule != "phyminoes":
        raise CgsatInputError(f"unknown rule {rule!r}; expected one of {', '.join(RULES)}")
    if distances == "minus-edge":
        d = comp
    elif distances == "graph":
        d = _distances(adj, y, None)
    else:
        raise CgsatInputError(f"phyminoes: unknown distances {distances!r}")
    keep = []
    for i in edge_set:
        if i == edge:
            continue
        a, b = shape.edges[i]
        if a in comp and b in comp and d[a] != d[b]:
            continue
        keep.append(i)
    return frozenset(keep)


def symbolic_moves(
    shape: GraphShape,
    lits: Sequence[int],
    rule: str = "timber",
    distances: str = "minus-edge",
    limit: int = DEFAULT_FOLLOWER_LIMIT,
) -> tuple[list[frozenset[int]], list[tuple[frozenset[int], frozenset[int], tuple[int]]]]:
    """Every follower (edge subset) of the shape and its symbolic moves.

    Parameters
    ----------
    shape : GraphShape
    lits : sequence of int
        The orientation literals (true: ``u > v``).
    rule : {"timber", "phyminoes"}
    distances : {"minus-edge", "graph"}
        Phyminoes only.
    limit : int
        Refuse shapes with more followers (:class:`~cgsat.errors.TooLargeError`).

    Returns
    -------
    followers, moves
        ``moves`` are ``(source, target, (literal,))``.

    Examples
    --------
    >>> fol, mv = symbolic_moves(graph_shape([(0, 1), (1, 2)]), [5, 6])
    >>> sorted(len(f) for f in fol), len(mv)
    ([0, 1, 1, 2], 8)
    """
    root = frozenset(range(shape.n_edges))
    seen = {root}
    order = [root]
    moves = []
    queue = deque([root])
    while queue:
        f = queue.popleft()
        for i in sorted(f):
            for forward in (True, False):
                g = topple(shape, f, i, forward, rule, distances)
                moves.append((f, g, (lits[i] if forward else -lits[i],)))
                if g not in seen:
                    seen.add(g)
                    order.append(g)
                    queue.append(g)
                    if len(seen) > limit:
                        raise TooLargeError(
                            f"shape has more than {limit} followers; too large for the "
                            "kernel encoding"
                        )
    return order, moves


def add_graph_kernel(
    pool: IDPool,
    sink: Sink,
    shape: GraphShape,
    misere: bool = False,
    rule: str = "timber",
    distances: str = "minus-edge",
    tag: Hashable = "P",
) -> tuple[list[int], KernelEncoding, frozenset[int]]:
    """The kernel encoding over all orientations of ``shape``.

    Returns the orientation literals, the encoding, and the root follower (all edges);
    ``enc.p[root]`` is "this orientation is a P-position".

    Examples
    --------
    Theorem 1.1 on a triangle: under normal play no orientation is a P-position.

    >>> from pysat.formula import IDPool
    >>> from pysat.solvers import Solver
    >>> pool, cl = IDPool(), []
    >>> _, enc, root = add_graph_kernel(pool, cl, graph_shape([(0, 1), (1, 2), (2, 0)]))
    >>> Solver(bootstrap_with=cl + [[enc.p[root]]]).solve()
    False

    References
    ----------
    .. [1] Nowakowski et al., *The Game of timber!*, Theorems 1.1, 2.1 and 2.2.
    """
    lits = orientation_vars(pool, shape)
    followers, moves = symbolic_moves(shape, lits, rule, distances)
    enc = add_kernel(pool, sink, followers, moves, misere=misere, tag=tag)
    return lits, enc, followers[0]


def add_graph_grundy(
    pool: IDPool,
    sink: Sink,
    shape: GraphShape,
    rule: str = "timber",
    distances: str = "minus-edge",
    tag: Hashable = "G",
) -> tuple[list[int], GrundyEncoding, frozenset[int]]:
    """Nim-values (normal play) over all orientations; see :func:`add_graph_kernel`."""
    lits = orientation_vars(pool, shape)
    followers, moves = symbolic_moves(shape, lits, rule, distances)
    enc = add_grundy(pool, sink, followers, moves, tag=tag)
    return lits, enc, followers[0]
