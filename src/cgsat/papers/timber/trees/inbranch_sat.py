"""The in-branch rule of the probe ``timber-reductions`` by SAT (claim
``timber.in-branch``; *The Game of timber!* Problem 4.2).

The rule (proved in :mod:`cgsat.papers.timber.trees.reductions`): let ``D`` be a
branch at a vertex ``x`` (the edge ``xc`` and everything beyond ``c``) whose arcs all point
towards ``x``. A *fixed exit* at ``x`` is an arc ``a`` pointing towards ``x`` such that
every arc between ``a`` and ``x`` and every arc beyond ``a`` also points towards ``x``; its
*value* is the nim-value of what toppling it leaves (the part beyond ``a``). If every exit
of ``D`` (each of its arcs) has the value of some fixed exit outside ``D``, then ``T`` and
``T - D`` have the same nim-value.

One instance per tree shape with ``n`` edges covers every orientation, every vertex ``x``
and every branch ``D`` at ``x``: the Grundy encoding of every follower
(:func:`cgsat.encodings.timber_trees.add_tree_grundy`; the exits' leftovers and ``T - D``
are followers of ``T``), and per case ``(x, D)`` a selector implying ``D`` all in, the
precondition (each exit of ``D`` matched by a fixed exit outside ``D`` of equal value,
auxiliary variables) and "``T`` and ``T - D`` differ". UNSAT proves the rule on every
orientation of that shape. This module imports no direct-solver code; the direct solver
comes in only as the controls' ``oracle``.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), Problem 4.2 and Theorem 2.1.
"""

from __future__ import annotations

from collections.abc import Callable

import networkx as nx

from cgsat.claims import Budget, Verdict
from cgsat.encodings.gates import Circuit
from cgsat.encodings.timber_trees import (
    add_tree_grundy,
    followers,
    orientation_literals,
    tree_shape,
)
from cgsat.games.oriented import trees
from cgsat.games.timber import format as fmt
from cgsat.games.timber import make_position
from cgsat.sat.solve import Control, SatRun

__all__ = ["Oracle", "CONTROLS", "inbranch_sat"]

Oracle = Callable[[str], int]
"""``oracle(position) -> nim-value``: the direct solver on an oriented tree (``timber``
syntax), passed in by the claims."""

CONTROLS = (
    "Controls: budget.controls random orientations per size (spread over the shapes, at "
    "least one per shape), fixed with the goal's selector off, must give a model whose "
    "root nim-value is the direct solver's. A failed control makes the verdict an error."
)


def _toward(shape_edges: tuple, x: str, g: nx.Graph) -> list[int]:
    """Per edge ``(u, v)``: +1 if the arc ``u > v`` points towards ``x``, else -1."""
    dist = nx.single_source_shortest_path_length(g, x)
    return [1 if dist[v] < dist[u] else -1 for u, v in shape_edges]


def inbranch_sat(n: int, budget: Budget, oracle: Oracle | None = None,
                 strict: bool = True) -> Verdict:
    """The in-branch rule on every orientation of every tree with ``n`` edges, by SAT.

    Parameters
    ----------
    n : int
        The number of edges.
    budget : Budget
    oracle : callable or None
        The direct solver's nim-value, for the controls.
    strict : bool
        True: the rule as stated. False (negative controls only): the precondition is
        dropped, so any in-branch may be deleted.

    Returns
    -------
    Verdict
        Refuted with ``<orientation> x=<vertex> D=<c>``: a tree, the vertex and the first
        vertex of the deleted branch, where the values differ.

    Examples
    --------
    >>> inbranch_sat(4, Budget()).status
    'holds'
    >>> inbranch_sat(1, Budget(), strict=False).counterexample
    '1>0 x=0 D=1'

    References
    ----------
    *The Game of timber!*, Problem 4.2.
    """
    run = SatRun(budget)
    shapes = list(trees(n)) if n else []
    per = max(1, budget.controls // max(1, len(shapes)))
    for tree in shapes:
        found = _shape(run, nx.relabel_nodes(tree, str), strict, oracle, per)
        if found is not None:
            return run.verdict(counterexample=found)
    return run.verdict(detail=f"{len(shapes)} tree shapes")


def _branch_edges(shape_edges: tuple, side: set) -> list[int]:
    """The edges with an end in ``side`` (a branch: its first edge and all beyond)."""
    return [i for i, (u, v) in enumerate(shape_edges) if u in side or v in side]


def _fixed_condition(shape_edges: tuple, g: nx.Graph, x: str, i: int, tow: list[int]) -> list[int]:
    """The edges that must point towards ``x`` for edge ``i`` to be a fixed exit at ``x``:
    itself, those between it and ``x`` and those beyond it."""
    u, v = shape_edges[i]
    far = u if tow[i] == 1 else v
    h = g.copy()
    h.remove_edge(u, v)
    beyond = nx.node_connected_component(h, far)
    path = nx.shortest_path(g, far, x)
    steps = {frozenset(p) for p in zip(path, path[1:], strict=False)}
    return [j for j, (a, b) in enumerate(shape_edges)
            if (a in beyond and b in beyond) or frozenset((a, b)) in steps]


def _shape(run: SatRun, g: nx.Graph, strict: bool, oracle: Oracle | None,
           per: int) -> str | None:
    """One tree shape: every orientation, vertex and branch in one instance; the
    counterexample, or None when UNSAT (controls run)."""
    shape = tree_shape(g.edges())
    n = shape.n_edges
    graph = followers(shape)
    sink, pool = run.new()
    circ = Circuit(pool, sink)
    lits = orientation_literals(pool, shape)
    gr = add_tree_grundy(pool, sink, graph, lits)
    goal = pool.id(("selector", "goal"))
    move = {(m.edge, m.forward): m.child for m in graph.moves[0]}

    def equal(f: int, h: int) -> int:
        """A literal implying that followers f and h have equal values."""
        top = max(gr.bound[f], gr.bound[h])
        return circ.or_([circ.and_([gr.value_lit(f, t, circ), gr.value_lit(h, t, circ)])
                         for t in range(top + 1)])

    cases: list[tuple[int, str, str]] = []
    for x in g.nodes:
        tow = _toward(shape.edges, x, g)
        toward = [lits[i] * tow[i] for i in range(n)]
        exit_of = {i: move[(i, tow[i] == 1)] for i in range(n)}
        for c in g.adj[x]:
            h = g.copy()
            h.remove_edge(x, c)
            in_d = _branch_edges(shape.edges, nx.node_connected_component(h, c))
            sel = pool.id(("case", x, c))
            cases.append((sel, x, c))
            for i in in_d:
                sink.add_clause([-sel, toward[i]])
            if strict:
                outside = [i for i in range(n) if i not in in_d]
                fixed = {i: circ.and_([toward[j] for j in
                                       _fixed_condition(shape.edges, g, x, i, tow)])
                         for i in outside}
                for i in in_d:
                    sink.add_clause([-sel] + [circ.and_([fixed[j],
                                                         equal(exit_of[i], exit_of[j])])
                                              for j in outside])
            first = next(i for i, e in enumerate(shape.edges) if set(e) == {x, c})
            rest = move[(first, shape.edges[first][0] == x)]  # topple x > c: T - D is left
            for t in range(max(gr.bound[0], gr.bound[rest]) + 1):
                sink.add_clause([-sel, -gr.value_lit(0, t, circ), -gr.value_lit(rest, t, circ)])
    sink.add_clause([-goal] + [s for s, _, _ in cases])
    model = run.solve(sink, [goal])
    if model is not None:
        true = {v for v in model if v > 0}
        pos = fmt(make_position((u, v) if lits[i] in true else (v, u)
                                for i, (u, v) in enumerate(shape.edges)))
        _, x, c = next(case for case in cases if case[0] in true)
        return f"{pos} x={x} D={c}"
    if oracle is None:
        return None
    for bits in run.samples(lambda rng: "".join(rng.choice("01") for _ in range(n)), per):
        fixed_o = [v if b == "1" else -v for v, b in zip(lits, bits, strict=True)]
        pos = fmt(make_position((u, v) if b == "1" else (v, u)
                                for (u, v), b in zip(shape.edges, bits, strict=True)))
        want = oracle(pos)

        def check(true: set[int] | None, want: int = want) -> str | None:
            """The root's nim-value at this orientation, against the direct solver."""
            if true is None:
                return "UNSAT with the orientation fixed and the goal off"
            got = gr.value_of(0, true)
            return None if got == want else f"SAT says *{got}, the direct solver *{want}"

        run.control(sink, Control("sample", pos, tuple([-goal] + fixed_o), check))
    return None
