"""SAT encodings of Timber on oriented trees of a fixed shape.

The shape (an undirected tree) is fixed and its edge orientations are Boolean variables,
so one instance covers every orientation of the shape.

Followers
---------
Toppling the arc ``(x, y)`` of a tree removes ``xy`` and the component of ``y``: what
remains is the component of ``x`` in ``T - xy``, again a connected subtree. So every
follower of every orientation of ``T`` is a connected subtree of ``T`` (an edge set), and
the move "topple edge ``e`` of subtree ``S`` towards one of its ends" is legal exactly when
the orientation literal of ``e`` says so. :func:`followers` lists these subtrees once per
shape; every subtree with no edge is the same (empty) position.

Kernel encoding (via :mod:`cgsat.encodings.kernel`)
---------------------------------------------------
One variable ``P(S)`` per follower ``S``, with the Partition Theorem conditions
(Theorems 2.1 and 2.2 of *The Game of timber!*): ``P(S)`` holds exactly when no legal move
of ``S`` leads to a follower ``S'`` with ``P(S')``. Under normal play the empty position
is in P; under misère play it is not (a non-empty tree always has a move). Since the game
is finite, the conditions have exactly one solution for each orientation, so ``P(T)`` is
a function of the orientation literals. :func:`add_tree_kernel` builds it.

Nim-values
----------
:func:`add_tree_grundy` encodes the nim-value of every follower (one-hot), with the mex
rule: no legal option has the same value, and every smaller value is the value of some
legal option.

Variables are named by a :class:`pysat.formula.IDPool`; clauses go straight to a sink
(a PySAT solver or a :class:`pysat.formula.CNF`), and building is kept apart from solving.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, J. Combin. Math. Combin. Comput. 85 (2013), Theorems 2.1, 2.2 and §3.
.. [2] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber Game with
   Caterpillars*, §3 (the caterpillars cat(k1, ..., ks)).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pysat.formula import IDPool

from cgsat.encodings.gates import Circuit
from cgsat.encodings.kernel import (
    GrundyEncoding,
    KernelEncoding,
    SymbolicMove,
    add_grundy,
    add_kernel,
)
from cgsat.errors import CgsatInputError

if TYPE_CHECKING:  # a type only
    from cgsat.encodings.cnf import Sink

__all__ = ["FollowerGraph", "Move", "TreeShape", "Vertex", "add_partial_tree_kernel",
           "add_tree_grundy", "add_tree_kernel", "arc_literal", "caterpillar",
           "caterpillar_leg_edges", "caterpillar_spine_edges", "followers", "orientation_literals",
           "parse_shape", "symbolic_moves", "tree_shape", "values_differ"]

Vertex = Hashable


# --------------------------------------------------------------------------- shapes
@dataclass(frozen=True)
class TreeShape:
    """An undirected tree, given by its edges ``(u, v)``.

    Edge ``i`` is ``edges[i]``; its orientation literal (see :func:`add_tree_kernel`) is true
    when the arc is ``u > v`` (from the first to the second end) and false for ``v > u``.

    Examples
    --------
    >>> t = tree_shape([(0, 1), (1, 2), (1, 3)])
    >>> t.n_edges, sorted(t.leaves())
    (3, [0, 2, 3])
    """

    edges: tuple[tuple[Vertex, Vertex], ...]

    @property
    def n_edges(self) -> int:
        return len(self.edges)

    def vertices(self) -> list[Vertex]:
        seen: dict[Vertex, None] = {}
        for u, v in self.edges:
            seen.setdefault(u)
            seen.setdefault(v)
        return list(seen)

    def degree(self) -> dict[Vertex, int]:
        deg: dict[Vertex, int] = {}
        for u, v in self.edges:
            deg[u] = deg.get(u, 0) + 1
            deg[v] = deg.get(v, 0) + 1
        return deg

    def leaves(self) -> list[Vertex]:
        """The vertices of degree 1."""
        return [x for x, d in self.degree().items() if d == 1]

    def incident(self, x: Vertex) -> list[int]:
        """Indices of the edges at ``x``."""
        return [i for i, (u, v) in enumerate(self.edges) if x in (u, v)]

    def text(self) -> str:
        """The shape as ``u-v`` pairs, the syntax of ``cgsat find --shape``."""
        return " ".join(f"{u}-{v}" for u, v in self.edges)


def tree_shape(edges: Iterable[tuple[Vertex, Vertex]]) -> TreeShape:
    """Check that ``edges`` form a tree (connected, no cycle, no loop) and wrap them.

    Raises
    ------
    CgsatInputError
        Naming the offending edge if the graph has a loop, a repeated edge or a cycle,
        or saying that it is disconnected.

    Examples
    --------
    >>> tree_shape([(0, 1), (1, 2)]).n_edges
    2
    >>> tree_shape([(0, 1), (1, 2), (2, 0)])
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: edge 2-0 closes a cycle; a Timber tree shape has none
    """
    edges = tuple((u, v) for u, v in edges)
    parent: dict[Vertex, Vertex] = {}

    def find(x: Vertex) -> Vertex:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for u, v in edges:
        if u == v:
            raise CgsatInputError(f"edge {u}-{v} is a loop")
        ru, rv = find(u), find(v)
        if ru == rv:
            raise CgsatInputError(f"edge {u}-{v} closes a cycle; a Timber tree shape has none")
        parent[ru] = rv
    if len({find(x) for x in list(parent)}) > 1:
        raise CgsatInputError("the shape is disconnected; give one tree")
    return TreeShape(edges)


def parse_shape(text: str) -> TreeShape:
    """Parse ``"0-1 1-2 1-3"`` (edges separated by spaces or commas) into a tree shape.

    Vertex names that are integers become ``int``.

    Examples
    --------
    >>> parse_shape("0-1, 1-2").edges
    ((0, 1), (1, 2))
    """
    edges = []
    for token in text.replace(",", " ").split():
        parts = token.split("-")
        if len(parts) != 2 or not parts[0] or not parts[1]:
            raise CgsatInputError(f"bad edge {token!r}: expected u-v")
        edges.append(tuple(int(p) if p.lstrip("+").isdigit() else p for p in parts))
    if not edges:
        raise CgsatInputError("empty shape: give at least one edge u-v")
    return tree_shape(edges)  # type: ignore[arg-type]  # each edge is a pair (2 parts, checked)


def caterpillar(legs: Sequence[int]) -> TreeShape:
    """The caterpillar ``cat(k1, ..., ks)`` of the caterpillars paper, §3.

    The spine is the path ``0 - 1 - ... - (s-1)`` (spine vertex ``v_i`` of the paper is
    vertex ``i - 1``); then ``k_i`` legs (new leaves) hang from spine vertex ``i - 1``,
    numbered ``s, s+1, ...`` in spine order. Spine edges come first, then the legs.
    ``cat(k1, ..., ks)`` has ``s - 1 + sum(k)`` edges.

    Examples
    --------
    >>> caterpillar([2, 0, 1]).edges
    ((0, 1), (1, 2), (0, 3), (0, 4), (2, 5))
    >>> caterpillar([0]).n_edges
    0
    """
    ks = list(legs)
    if not ks or any((not isinstance(k, int)) or k < 0 for k in ks):
        raise CgsatInputError(f"bad caterpillar {ks!r}: need s >= 1 leg counts k_i >= 0")
    s = len(ks)
    edges: list[tuple[int, int]] = [(i, i + 1) for i in range(s - 1)]
    nxt = s
    for i, k in enumerate(ks):
        for _ in range(k):
            edges.append((i, nxt))
            nxt += 1
    return TreeShape(tuple(edges))


def caterpillar_spine_edges(legs: Sequence[int]) -> list[int]:
    """Indices of the spine edges of :func:`caterpillar` ``(legs)``: ``0 .. s-2``."""
    return list(range(len(legs) - 1))


def caterpillar_leg_edges(legs: Sequence[int]) -> list[list[int]]:
    """For each spine vertex, the indices of its leg edges in :func:`caterpillar`."""
    out: list[list[int]] = []
    nxt = len(legs) - 1
    for k in legs:
        out.append(list(range(nxt, nxt + k)))
        nxt += k
    return out


# ------------------------------------------------------------------------ followers
@dataclass(frozen=True)
class Move:
    """Toppling edge ``edge`` of a follower: ``forward`` is the arc ``u > v`` of
    ``edges[edge] = (u, v)``, else ``v > u``; ``child`` is the follower left."""

    edge: int
    forward: bool
    child: int


@dataclass
class FollowerGraph:
    """The connected subtrees of a shape reachable by toppling, with their moves.

    Attributes
    ----------
    shape : TreeShape
    subtrees : list of frozenset of int
        Edge sets; ``subtrees[0]`` is the whole tree and ``subtrees[empty]`` is the empty
        position (``frozenset()``).
    moves : list of list of Move
        ``moves[i]``: the two potential moves per edge of ``subtrees[i]``; exactly one of
        each pair is legal under a given orientation.
    empty : int
        Index of the empty position.
    expanded : list of bool
        False for followers listed but not expanded (``followers(..., max_depth)``).
    """

    shape: TreeShape
    subtrees: list[frozenset[int]]
    moves: list[list[Move]]
    empty: int
    expanded: list[bool]

    def __len__(self) -> int:
        return len(self.subtrees)

    def n_moves(self) -> int:
        return sum(len(m) for m in self.moves)


def followers(shape: TreeShape, max_depth: int | None = None) -> FollowerGraph:
    """Every follower (connected subtree) of ``shape``, under every orientation.

    With ``max_depth``, only followers reached in fewer than ``max_depth`` moves are
    expanded; the others are listed without moves (``graph.expanded[i]`` is False), for
    :func:`add_partial_tree_kernel`.

    Examples
    --------
    A path with 2 edges has the followers {e0, e1}, {e0}, {e1} and the empty position:

    >>> g = followers(tree_shape([(0, 1), (1, 2)]))
    >>> len(g), g.n_moves()
    (4, 8)
    """
    edges = shape.edges
    adj: dict[Vertex, list[tuple[int, Vertex]]] = {}
    for i, (u, v) in enumerate(edges):
        adj.setdefault(u, []).append((i, v))
        adj.setdefault(v, []).append((i, u))

    def side(sub: frozenset[int], cut: int, start: Vertex) -> frozenset[int]:
        """Edges of ``sub - cut`` in the component of ``start``."""
        seen_e: set[int] = set()
        stack = [start]
        seen_v = {start}
        while stack:
            x = stack.pop()
            for i, y in adj[x]:
                if i == cut or i not in sub or i in seen_e:
                    continue
                seen_e.add(i)
                if y not in seen_v:
                    seen_v.add(y)
                    stack.append(y)
        return frozenset(seen_e)

    full = frozenset(range(len(edges)))
    index: dict[frozenset[int], int] = {full: 0}
    subtrees = [full]
    depth = [0]
    moves: list[list[Move]] = []
    expanded: list[bool] = []
    k = 0
    while k < len(subtrees):
        sub = subtrees[k]
        here: list[Move] = []
        grow = max_depth is None or depth[k] < max_depth
        expanded.append(grow or not sub)
        for i in sorted(sub) if grow else ():
            u, v = edges[i]
            for forward, tail in ((True, u), (False, v)):
                rest = side(sub, i, tail)
                j = index.get(rest)
                if j is None:
                    j = index[rest] = len(subtrees)
                    subtrees.append(rest)
                    depth.append(depth[k] + 1)
                here.append(Move(i, forward, j))
        moves.append(here)
        k += 1
    if frozenset() not in index:  # a shape with no edge
        index[frozenset()] = len(subtrees)
        subtrees.append(frozenset())
        moves.append([])
        expanded.append(True)
    return FollowerGraph(shape, subtrees, moves, index[frozenset()], expanded)


# ----------------------------------------------------------------------- encodings
def orientation_literals(pool: IDPool, shape: TreeShape, tag: Hashable = "o") -> list[int]:
    """One fresh orientation variable per edge, named ``(tag, edge)``.

    The variable of edge ``i = (u, v)`` is true for the arc ``u > v``.
    """
    return [pool.id((tag, i)) for i in range(shape.n_edges)]


def arc_literal(edge_lits: Sequence[int], move: Move) -> int:
    """The literal that makes ``move`` legal."""
    lit = edge_lits[move.edge]
    return lit if move.forward else -lit


def symbolic_moves(graph: FollowerGraph, edge_lits: Sequence[int]) -> list[SymbolicMove]:
    """The moves of every follower as ``(source, target, [orientation literal])`` for
    :func:`cgsat.encodings.kernel.add_kernel`."""
    return [
        (i, m.child, [arc_literal(edge_lits, m)])
        for i, moves in enumerate(graph.moves)
        for m in moves
    ]


def add_tree_kernel(
    pool: IDPool,
    sink: Sink,
    graph: FollowerGraph,
    edge_lits: Sequence[int],
    tag: Hashable = "T",
    misere: bool = False,
) -> KernelEncoding:
    """The kernel (P-position) encoding of Timber on every orientation of a tree shape.

    A thin layer over :func:`cgsat.encodings.kernel.add_kernel`: the followers are the
    subtrees of :func:`followers` (ids ``0 .. len(graph) - 1``, ``0`` the whole tree) and a
    move is legal when its arc literal is true.

    Parameters
    ----------
    pool : IDPool
        Names the variables; ``(tag, i)`` is "follower ``i`` is a P-position".
    sink
        A PySAT solver, CNF or :class:`cgsat.encodings.cnf.ClauseBuffer`.
    graph : FollowerGraph
        The followers of the shape (:func:`followers`).
    edge_lits : sequence of int
        The orientation literal of each edge (true: ``u > v`` for ``edges[i] = (u, v)``).
        Two kernels may share literals, e.g. a tree and its reduction.
    tag : hashable
        Distinguishes several kernels in one pool.
    misere : bool
        Misère play (Theorem 2.2) instead of normal play (Theorem 2.1).

    Returns
    -------
    KernelEncoding
        ``.p[0]`` is "the whole tree is a P-position".

    Examples
    --------
    The path ``0-1-2`` is a P-position only as ``1>0 1>2`` (the word LR):

    >>> from pysat.solvers import Solver
    >>> pool, s = IDPool(), Solver(name="cadical195")
    >>> shape = tree_shape([(0, 1), (1, 2)])
    >>> o = orientation_literals(pool, shape)
    >>> k = add_tree_kernel(pool, s, followers(shape), o)
    >>> s.solve(assumptions=[k.p[0]]), s.get_model()[o[0] - 1] < 0, s.get_model()[o[1] - 1] > 0
    (True, True, True)
    >>> s.solve(assumptions=[k.p[0], o[0]])
    False

    References
    ----------
    Nowakowski et al., *The Game of timber!*, Theorems 2.1 and 2.2 (Partition Theorems).
    """
    return add_kernel(
        pool, sink, range(len(graph)), symbolic_moves(graph, edge_lits), misere=misere, tag=tag
    )


def add_partial_tree_kernel(
    pool: IDPool,
    sink: Sink,
    graph: FollowerGraph,
    edge_lits: Sequence[int],
    tag: Hashable = "T",
) -> list[int]:
    """A relaxation of :func:`add_tree_kernel`: the Partition Theorem conditions (normal
    play) only for the expanded followers of ``graph`` and the empty position; the
    P-variables of unexpanded followers are left free.

    A thin layer over :func:`cgsat.encodings.kernel.add_kernel` with ``constrained`` the
    expanded followers. Its clauses are a subset of the full kernel's, so an UNSAT answer
    with this relaxation proves UNSAT of the full kernel. With
    ``followers(shape, max_depth=1)`` it encodes exactly one-move arguments such as
    Lemma 3.1.

    Returns
    -------
    list of int
        The P-variable of each follower (index 0: the whole tree).

    Examples
    --------
    A leaf arc pointing away from its leaf (here ``2>1``) wins at once:

    >>> from pysat.solvers import Solver
    >>> pool, s = IDPool(), Solver(name="cadical195")
    >>> shape = tree_shape([(0, 1), (1, 2)])
    >>> o = orientation_literals(pool, shape)
    >>> p = add_partial_tree_kernel(pool, s, followers(shape, max_depth=1), o)
    >>> s.solve(assumptions=[p[0], -o[1]]), s.solve(assumptions=[p[0], o[1]])
    (False, True)

    References
    ----------
    Nowakowski et al., *The Game of timber!*, Theorem 2.1 and Lemma 3.1.
    """
    expanded = [i for i in range(len(graph)) if graph.expanded[i]]
    kernel = add_kernel(pool, sink, range(len(graph)), symbolic_moves(graph, edge_lits),
                        tag=tag, constrained=expanded)
    return [kernel.p[i] for i in range(len(graph))]


def add_tree_grundy(
    pool: IDPool,
    sink: Sink,
    graph: FollowerGraph,
    edge_lits: Sequence[int],
    tag: Hashable = "G",
) -> GrundyEncoding:
    """Nim-values of every follower of a tree shape (one-hot, mex rule).

    A thin layer over :func:`cgsat.encodings.kernel.add_grundy`; ``.value[0][t]`` is "the
    whole tree has nim-value ``t``".

    Examples
    --------
    An out-star with two arms is ``*1 + *1 = 0``; with one arm reversed (``0>1 2>0``)
    its options are ``*1`` and the empty position, so its value is 2:

    >>> from pysat.solvers import Solver
    >>> pool, s = IDPool(), Solver(name="cadical195")
    >>> shape = tree_shape([(0, 1), (0, 2)])
    >>> o = orientation_literals(pool, shape)
    >>> g = add_tree_grundy(pool, s, followers(shape), o)
    >>> s.solve(assumptions=[o[0], o[1], -g.value[0][0]])
    False
    >>> s.solve(assumptions=[o[0], -o[1], -g.value[0][2]])
    False

    References
    ----------
    Albert, Nowakowski, Wolfe, *Lessons in Play*, Theorem 7.10 (mex rule).
    """
    return add_grundy(pool, sink, range(len(graph)), symbolic_moves(graph, edge_lits), tag=tag)


def values_differ(
    pool: IDPool, sink: Sink, a: GrundyEncoding, b: GrundyEncoding, tag: Hashable = "differ"
) -> int:
    """A fresh literal ``d`` with ``d -> (value of a's follower 0) != (b's follower 0)``.

    Asserting ``d`` asks for colours on which the two roots have different nim-values.
    """
    circ = Circuit(pool, sink)
    d = pool.id((tag, "d"))
    va, vb = a.value[0], b.value[0]
    # d -> for every t, not (a = t and b = t)
    for t in range(min(len(va), len(vb))):
        circ.add([-d, -va[t], -vb[t]])
    return d
