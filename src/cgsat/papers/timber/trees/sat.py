"""Timber on trees by SAT: Lemmas 3.1-3.3 and Algorithm 3.5 of *The Game of timber!* §3.

Every orientation of a tree shape is covered by one instance (the kernel and Grundy
encodings of :mod:`cgsat.encodings.timber_trees`). The instances are solved through
:mod:`cgsat.sat.solve`; a model is decoded into an oriented tree in ``timber`` syntax.
Algorithm 3.5 has no natural SAT encoding (it is a reduction procedure, not a predicate
given as a circuit): its ``sat`` method compares the set of orientations it calls P with
the kernel. This module imports no brute-side code.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §3: Lemmas 3.1-3.3, Algorithm 3.5, and §4 (values).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import networkx as nx
from pysat.formula import IDPool

from cgsat.cgt import timber_trees as algorithm
from cgsat.claims import Budget, Verdict
from cgsat.encodings.gates import Circuit
from cgsat.encodings.kernel import GrundyEncoding
from cgsat.encodings.timber_trees import (
    add_partial_tree_kernel,
    add_tree_grundy,
    add_tree_kernel,
    followers,
    orientation_literals,
    tree_shape,
    values_differ,
)
from cgsat.games.oriented import orientations
from cgsat.games.shapes import lemma33_cases, trees
from cgsat.games.timber import format as fmt
from cgsat.games.timber import make_position
from cgsat.papers.timber.trees.tree_count import tree_targets
from cgsat.sat.solve import Control, SatRun

if TYPE_CHECKING:  # types only
    from cgsat.encodings.cnf import ClauseBuffer, Sink
    from cgsat.sat.solve import LiveSolver

__all__ = [
    "Oracle",
    "leaf_arc_sat",
    "LEMMA31_CONTROLS",
    "lemma31",
    "LEMMA32_CONTROLS",
    "lemma32",
    "LEMMA33_CONTROLS",
    "lemma33",
    "ALGORITHM35_CONTROLS",
    "algorithm35",
]

Oracle = Callable[[str], tuple[int, bool]]
"""``oracle(position) -> (nim-value, misère P)``: the direct solver on an oriented tree in
``timber`` syntax (:func:`cgsat.papers.timber.graphs.brute.nim_and_misere`), passed
in by the claims."""


def _arcs_from_model(edges: Iterable[tuple], lits: list[int], true: Iterable[int]) -> str:
    """The orientation a model gives to ``edges`` (literal true: ``u > v``), as arcs."""
    true = set(true)
    arcs = [(u, v) if lit in true else (v, u) for (u, v), lit in zip(edges, lits, strict=True)]
    return fmt(make_position(arcs))


# ------------------------------------------------------------------ Lemma 3.1
def leaf_arc_sat(graphs: Iterable[nx.Graph], budget: Budget, toward: bool = False,
                 oracle: Oracle | None = None, chunk: int | None = None,
                 n_edges: int | None = None) -> Verdict:
    """No orientation of these shapes with a leaf arc pointing away from its leaf is a P-position.

    One instance, one depth-1 relaxation of the kernel per shape (root and empty position
    constrained, the other followers free); UNSAT of the relaxation implies UNSAT of the
    full kernel. The goal ("some case") is behind a selector literal, and an UNSAT answer
    counts after its controls (:data:`LEMMA31_CONTROLS`).

    Parameters
    ----------
    graphs : iterable of networkx.Graph
        Tree shapes.
    budget : Budget
        Solver, proof and confirm-with options; ``budget.controls`` samples.
    toward : bool
        Ask about a leaf arc pointing *to* its leaf instead: a wrong statement, kept for
        negative controls (its SAT answers are not refuted by the relaxation alone, so
        then the full kernel is used).
    oracle : callable or None
        The direct solver, ``oracle(position) -> (nim-value, misère P)`` (None: only the
        toggled control).
    chunk : int or None
        Split the shapes into instances of at most ``chunk`` shapes each, solved in turn,
        each with its own controls (None: one instance). The shapes' cases do not share
        variables, so the union of the chunks' UNSAT answers is the one instance's; the
        solver refutes small instances much faster (issue 27: at 12 edges, 528
        caterpillars in 2.2 s as one instance, 0.4 s in chunks of 32).
    n_edges : int or None
        ``graphs`` are every tree with this many edges: a target-set control checks it
        (:func:`~cgsat.papers.timber.trees.tree_count.tree_targets`; None: no such control).

    Returns
    -------
    Verdict
        ``refuted`` with a P-position that has such a leaf arc.

    Examples
    --------
    >>> v = leaf_arc_sat(trees(4), Budget())
    >>> v.status, v.controls
    ('holds', {'passed': 1, 'total': 1})
    >>> leaf_arc_sat(trees(2), Budget(), toward=True).counterexample
    '0>1 0>2'

    References
    ----------
    *The Game of timber!*, Lemma 3.1.
    """
    run = SatRun(budget)
    graphs = list(graphs)
    if n_edges is not None:
        tree_targets(run, n_edges, [list(g.edges()) for g in graphs])
    shapes = [g for g in graphs if g.number_of_edges() > 0]
    size = chunk or max(1, len(shapes))
    counted = 0
    for start in range(0, len(shapes), size):
        out = _leaf_arc_instance(run, shapes[start:start + size], toward, oracle)
        if isinstance(out, Verdict):
            return out
        counted += out
    if not counted:
        return Verdict.vacuous("no tree with a leaf")
    return run.verdict(detail=f"{counted} trees")


def _leaf_arc_instance(run: SatRun, graphs: Sequence[nx.Graph], toward: bool,
                       oracle: Oracle | None) -> Verdict | int:
    """One instance of :func:`leaf_arc_sat` over ``graphs``, with its controls: the
    verdict when it ends the check (refuted, or an internal error), else the number of
    trees it covered (0: vacuous)."""
    sink, pool = run.new()
    goal, toggle = pool.id(("selector", "goal")), pool.id(("selector", "toggle"))
    y = pool.id(("selector", "toggled case"))
    sel = []
    shapes: list[tuple] = []
    toggled: tuple | None = None
    for idx, g in enumerate(graphs):
        if g.number_of_edges() == 0:
            continue
        shape = tree_shape(g.edges())
        lits = orientation_literals(pool, shape, tag=("o", idx))
        graph = followers(shape) if toward else followers(shape, max_depth=1)
        p = add_partial_tree_kernel(pool, sink, graph, lits, tag=idx)
        shapes.append((shape, lits, p[0]))
        outs = []
        away: tuple[int, str] | None = None  # one leaf arc leaving its leaf: (edge, bit)
        sign = -1 if toward else 1
        for i, ((u, v), lit) in enumerate(zip(shape.edges, lits, strict=True)):
            if g.degree(u) == 1:
                outs.append(sign * lit)  # u > v leaves the leaf u
                away = away or (i, "1" if sign > 0 else "0")
            if g.degree(v) == 1:
                outs.append(-sign * lit)
                away = away or (i, "0" if sign > 0 else "1")
        x = pool.id(("case", idx))
        sink.add_clause([-x, p[0]])
        sink.add_clause([-x] + outs)
        sel.append((x, shape, lits))
        if toggled is None and away is not None:
            bits = list(_draw(run, len(lits), 1)[0])
            bits[away[0]] = away[1]
            r0 = "".join(bits)
            for lit in _fix(lits, r0):
                sink.add_clause([-y, lit])
            sink.add_clause([-y, -p[0]])  # the claim, toggled: r0 (with such an arc) is N
            sink.add_clause([-y, toggle])
            toggled = (shape, lits, r0)
    if not sel or toggled is None:
        return 0
    sink.add_clause([-goal, y] + [x for x, _, _ in sel])
    model = run.solve(sink, [goal, -toggle])
    if model is not None:
        true = {lit for lit in model if lit > 0}
        for x, shape, lits in sel:
            if x in true:
                return run.verdict(_arcs_from_model(shape.edges, lits, true))
        return run.verdict(unknown="SAT model names no tree (internal error)")
    _tree_controls(run, sink, shapes, (goal, toggle, y), [x for x, _, _ in sel], toggled,
                   oracle, relaxed=not toward)
    return len(sel)


LEMMA31_CONTROLS = (
    "Controls on the instance (when it is UNSAT): budget.controls random (tree, "
    "orientation) pairs, fixed through that tree's orientation variables with the goal's "
    "selector off and the root's P literal set to the direct solver's outcome (normal "
    "play, graphs_brute.nim_and_misere), must be SAT: the depth-1 relaxation admits the "
    "true root value (it does not determine it, so it cannot be compared); and with the "
    "claim toggled at one random orientation r0 of the first tree with a leaf arc away "
    "from its leaf (a selector adding the case 'r0 is N', through the relaxation's root "
    "and empty-position constraints), the instance must be SAT at exactly r0. A failed "
    "control makes the verdict an error."
    " Target set: the tree shapes looped over are pairwise non-isomorphic and as many as "
    "Otter's formula counts (tree_count.tree_targets)."
)
"""What the controls of :func:`lemma31` check."""


def lemma31(n: int, budget: Budget, oracle: Oracle | None = None,
            chunk: int | None = None) -> Verdict:
    """Lemma 3.1 on every tree with n edges, by :func:`leaf_arc_sat` (in instances of at
    most ``chunk`` trees each; None: one instance).

    Parameters
    ----------
    n : int
        The number of edges.
    budget : Budget
        Solver, proof and confirm-with options; ``budget.controls`` samples.
    oracle : callable or None
        The direct solver for the sample controls.
    chunk : int or None
        Trees per instance (see :func:`leaf_arc_sat`).

    Returns
    -------
    Verdict

    Examples
    --------
    >>> lemma31(5, Budget(), chunk=4).detail
    '6 trees; 2 instances, largest shown'
    >>> lemma31(5, Budget()).detail
    '6 trees'

    References
    ----------
    *The Game of timber!*, Lemma 3.1.
    """
    return leaf_arc_sat(trees(n), budget, oracle=oracle, chunk=chunk, n_edges=n)


# ------------------------------------------------------------------ Lemma 3.2
def _flatten_shape(g: nx.Graph, x: Any) -> tuple[list[tuple], list[int]]:
    """Edges of the flattened shape (``x`` removed, its second neighbour renamed to the
    first) and, for each, the index of the edge of ``g`` it comes from."""
    y, z = sorted(g[x], key=str)
    edges = list(g.edges())
    out, src = [], []
    for i, (u, v) in enumerate(edges):
        if x in (u, v):
            continue
        out.append((y if u == z else u, y if v == z else v))
        src.append(i)
    return out, src


def _lemma32_cases(n: int) -> Iterator[tuple[nx.Graph, Any]]:
    """Every (tree with n edges, vertex of degree 2)."""
    for g in trees(n):
        for x in g:
            if g.degree(x) == 2:
                yield g, x


LEMMA32_CONTROLS = (
    "Controls on the instance (when it is UNSAT): budget.controls random (tree, "
    "orientation) pairs, fixed through that tree's orientation variables with the goal's "
    "selector off, must give a model whose kernel says P exactly when the direct solver "
    "does (normal play, graphs_brute.nim_and_misere); and with the claim toggled at one "
    "random orientation r0 of the first case's tree, with both arcs out of x (a selector "
    "adding the case 'at r0, T and the flattened T' have equal outcomes', through both "
    "kernels), the instance must be SAT at exactly r0. A failed control makes the verdict "
    "an error."
)
"""What the controls of :func:`lemma32` check."""


def lemma32(n: int, budget: Budget, oracle: Oracle | None = None) -> Verdict:
    """Lemma 3.2 on every tree with n edges and every vertex of degree 2, in one instance.

    The kernels of T and of the flattened T' share the orientations of the other edges;
    the arcs at x are forced out of x; a selector asks P(T) != P(T'). The goal ("some
    case") is behind a selector literal, and the UNSAT answer counts after its controls
    (:data:`LEMMA32_CONTROLS`).

    Parameters
    ----------
    n : int
        The number of edges.
    budget : Budget
        Solver, proof and confirm-with options; ``budget.controls`` samples.
    oracle : callable or None
        The direct solver, ``oracle(position) -> (nim-value, misère P)`` (None: only the
        toggled control).

    Returns
    -------
    Verdict

    Examples
    --------
    >>> v = lemma32(4, Budget())
    >>> v.detail, v.controls
    ('4 (tree, vertex) cases', {'passed': 1, 'total': 1})

    References
    ----------
    *The Game of timber!*, Lemma 3.2.
    """
    run = SatRun(budget)
    sink, pool = run.new()
    goal, toggle = pool.id(("selector", "goal")), pool.id(("selector", "toggle"))
    y = pool.id(("selector", "toggled case"))
    sel = []
    kernels: dict[int, tuple] = {}
    toggled: tuple | None = None
    for idx, (g, x) in enumerate(_lemma32_cases(n)):
        key = id(g)
        if key not in kernels:
            shape = tree_shape(g.edges())
            lits = orientation_literals(pool, shape, tag=("o", key))
            kern = add_tree_kernel(pool, sink, followers(shape), lits, tag=("T", key))
            kernels[key] = (shape, lits, kern.p[0])
        shape, lits, root = kernels[key]
        flat_edges, src = _flatten_shape(g, x)
        if flat_edges:
            flat = tree_shape(flat_edges)
            flat_lits = [lits[i] for i in src]
            root2 = add_tree_kernel(pool, sink, followers(flat), flat_lits,
                                    tag=("F", idx)).p[0]
        else:
            root2 = pool.id(("F-empty", idx))
            sink.add_clause([root2])  # the empty position is P
        d = pool.id(("case", idx))
        out_of_x = []
        for i, (u, v) in enumerate(shape.edges):
            if u == x:
                out_of_x.append((i, "1"))
                sink.add_clause([-d, lits[i]])
            elif v == x:
                out_of_x.append((i, "0"))
                sink.add_clause([-d, -lits[i]])
        sink.add_clause([-d, root, root2])
        sink.add_clause([-d, -root, -root2])
        sel.append((d, shape, lits))
        if toggled is None:
            bits = list(_draw(run, len(lits), 1)[0])
            for i, b in out_of_x:
                bits[i] = b
            r0 = "".join(bits)
            for lit in _fix(lits, r0):
                sink.add_clause([-y, lit])
            sink.add_clause([-y, -root, root2])  # equal outcomes at r0: the claim, toggled
            sink.add_clause([-y, root, -root2])
            sink.add_clause([-y, toggle])
            toggled = (shape, lits, r0)
    if not sel or toggled is None:
        return Verdict.vacuous(f"no tree with {n} edges has a vertex of degree 2")
    sink.add_clause([-goal, y] + [d for d, _, _ in sel])
    model = run.solve(sink, [goal, -toggle])
    if model is not None:
        true = {lit for lit in model if lit > 0}
        for d, shape, lits in sel:
            if d in true:
                return run.verdict(_arcs_from_model(shape.edges, lits, true))
        return run.verdict(unknown="SAT model names no case (internal error)")
    _tree_controls(run, sink, list(kernels.values()), (goal, toggle, y),
                   [d for d, _, _ in sel], toggled, oracle)
    return run.verdict(detail=f"{len(sel)} (tree, vertex) cases")


# ------------------------------------------------------------------ Lemma 3.3
def _dist(g: nx.Graph, a: Any, b: Any) -> int:
    """The distance between a and b in g."""
    return nx.shortest_path_length(g, a, b)


@dataclass
class _Lemma33Instance:
    """One tree's instance of Lemma 3.3 with its goal behind selectors: ``goal`` asserts
    "some case" (the check); ``toggle`` adds the case "at r0, T and the merged T' of case
    ``pick`` have equal nim-values" (the claim toggled at r0: SAT at exactly r0 when the
    lemma holds, through both Grundy encodings)."""

    edges: tuple
    lits: list[int]
    grundy: GrundyEncoding
    goal: int
    toggle: int
    r0: str


def _lemma33_tree(pool: IDPool, sink: Sink, g: nx.Graph, cases: list[tuple],
                  r0: str) -> _Lemma33Instance:
    """The instance for one tree T and all its cases of Lemma 3.3, written into ``sink``.

    The Grundy encoding of T, and for each case (w, P1, P2) a selector, the Grundy encoding
    of the merged T' (sharing the other edges' orientations), both paths (and the new path)
    directed away from w under the selector, and different nim-values at the roots. The
    orientation ``r0`` (bits, "1": the edge's literal true) is made to satisfy case 0's
    path directions; the toggled case asks for equal values there.
    """
    shape = tree_shape(g.edges())
    lits = orientation_literals(pool, shape)
    circ = Circuit(pool, sink)
    gt = add_tree_grundy(pool, sink, followers(shape), lits, tag="T")
    goal, toggle = pool.id(("selector", "goal")), pool.id(("selector", "toggle"))
    y = pool.id(("selector", "toggled case"))
    bits = list(r0)
    selectors = []
    for idx, (w, p1, p2) in enumerate(cases):
        d = pool.id(("case", idx))
        selectors.append(d)
        on_path = {frozenset(e) for path in (p1, p2)
                   for e in zip([w] + path, path, strict=False)}
        edges2, lits2 = [], []
        for i, ((u, v), lit) in enumerate(zip(shape.edges, lits, strict=True)):
            if frozenset((u, v)) in on_path:
                nearer = u if _dist(g, w, u) < _dist(g, w, v) else v  # the tail
                sink.add_clause([-d, lit if nearer == u else -lit])
                if idx == 0:
                    sink.add_clause([-y, lit if nearer == u else -lit])
                    bits[i] = "1" if nearer == u else "0"
            else:
                edges2.append((u, v))
                lits2.append(lit)
        chain = [w] + [("m", idx, i) for i in range(1, (len(p1) ^ len(p2)) + 1)]
        for a, b in zip(chain, chain[1:], strict=False):
            edges2.append((a, b))
            new = pool.id(("new", b))
            sink.add_clause([new])  # the new path is directed away from w
            lits2.append(new)
        if edges2:
            g2 = add_tree_grundy(pool, sink, followers(tree_shape(edges2)), lits2,
                                 tag=("M", idx))
            sink.add_clause([-d, values_differ(pool, sink, gt, g2, tag=("diff", idx))])
            if idx == 0:
                va, vb = gt.value[0], g2.value[0]
                equal = circ.or_([circ.and_([va[t], vb[t]])
                                  for t in range(min(len(va), len(vb)))])
                sink.add_clause([-y, equal])
        else:  # the merged tree is empty: value 0
            sink.add_clause([-d, -gt.value[0][0]])
            if idx == 0:
                sink.add_clause([-y, gt.value[0][0]])
    r0 = "".join(bits)
    sink.add_clause([-y, toggle])
    for x in _fix(lits, r0):
        sink.add_clause([-y, x])
    sink.add_clause([-goal, y] + selectors)
    return _Lemma33Instance(shape.edges, lits, gt, goal, toggle, r0)


def _fix(lits: list[int], bits: str) -> list[int]:
    """Assumptions fixing orientation literals to ``bits`` ("1": the literal true)."""
    return [x if b == "1" else -x for x, b in zip(lits, bits, strict=True)]


def _lemma33_controls(run: SatRun, inst: _Lemma33Instance,
                      oracle: Oracle | None) -> list[Control]:
    """Sample orientations of T (its root nim-value against the direct solver) and the
    toggled case at r0."""
    def sample(bits: str) -> Control:
        """One sample control."""
        fixed = _fix(inst.lits, bits)
        position = _arcs_from_model(inst.edges, inst.lits, fixed)

        def check(true: set[int] | None) -> str | None:
            """SAT at exactly this orientation, with the direct solver's nim-value."""
            if true is None:
                return "the instance is UNSAT with the orientation fixed and the goal off"
            if _arcs_from_model(inst.edges, inst.lits, true) != position:
                return "the model decodes to another orientation"
            got = next((t for t, x in enumerate(inst.grundy.value[0]) if x in true), None)
            expected = oracle(position)[0]  # type: ignore[misc]  # run only with an oracle
            return None if got == expected else (
                f"the Grundy encoding gives {got}, the direct solver {expected}")

        return Control("sample", position, tuple([-inst.goal, -inst.toggle] + fixed), check)

    r0 = _arcs_from_model(inst.edges, inst.lits, _fix(inst.lits, inst.r0))

    def toggled(true: set[int] | None) -> str | None:
        """SAT at exactly r0."""
        if true is None:
            return "the instance is UNSAT with the claim toggled there"
        found = _arcs_from_model(inst.edges, inst.lits, true)
        return None if found == r0 else f"the model decodes to {found}"

    words = _draw(run, len(inst.lits)) if oracle else []
    return [sample(b) for b in words] + [Control("toggled", r0, (inst.goal, inst.toggle),
                                                 toggled)]


def _draw(run: SatRun, m: int, k: int | None = None) -> list[str]:
    """Seeded random orientations of m edges, as bit strings."""
    return run.samples(lambda rng: "".join(rng.choice("01") for _ in range(m)), k)


LEMMA33_CONTROLS = (
    "Controls on every instance (when it is UNSAT): budget.controls random orientations "
    "of T, fixed through the orientation variables with the goal's selector off, must "
    "give a model whose nim-value of T equals the direct solver's (generic play, "
    "graphs_brute.nim_and_misere); and with the claim toggled at one random orientation "
    "r0 satisfying the first case's path directions (a selector adding the case 'at r0, "
    "T and the merged T' have equal nim-values'), the instance must be SAT at exactly "
    "r0. A failed control makes the verdict an error."
    " Target set: the tree shapes looped over are pairwise non-isomorphic and as many as "
    "Otter's formula counts (tree_count.tree_targets)."
)
"""What the controls of :func:`lemma33` check."""


def lemma33(n: int, budget: Budget, oracle: Oracle | None = None) -> Verdict:
    """Lemma 3.3 (outcome and nim-value) on every tree with n edges, one instance per tree.

    Each instance covers the tree's cases (vertex w, two leaf paths at w): it asks for an
    orientation, with both paths directed away from w, on which T and the merged T' have
    different nim-values (which covers different outcomes). Every instance UNSAT, with its
    controls passed (:data:`LEMMA33_CONTROLS`): the lemma holds at n. The verdict shows
    the largest instance.

    Parameters
    ----------
    n : int
        The number of edges.
    budget : Budget
        Solver, proof and confirm-with options; ``budget.controls`` samples per instance.
    oracle : callable or None
        The direct solver, ``oracle(position) -> (nim-value, misère P)`` (None: only the
        toggled controls).

    Returns
    -------
    Verdict

    Examples
    --------
    >>> v = lemma33(4, Budget())
    >>> v.status, v.controls
    ('holds', {'passed': 4, 'total': 4, 'coverage': 'count'})

    References
    ----------
    *The Game of timber!*, Lemma 3.3, and §4 ("both trees actually have the same value").
    """
    run = SatRun(budget)
    cases = 0
    shapes = trees(n)
    tree_targets(run, n, [list(g.edges()) for g in shapes])
    for g in shapes:
        todo = list(lemma33_cases(g))
        if not todo:
            continue
        sink, pool = run.new()
        inst = _lemma33_tree(pool, sink, g, todo, _draw(run, g.number_of_edges(), 1)[0])
        cases += len(todo)
        model = run.solve(sink, [inst.goal, -inst.toggle])
        if model is not None:
            return run.verdict(_arcs_from_model(inst.edges, inst.lits, model))
        for control in _lemma33_controls(run, inst, oracle):
            run.control(sink, control)
    if not cases:
        return Verdict.vacuous(f"no tree with {n} edges has two leaf paths at a vertex")
    return run.verdict(detail=f"{cases} (tree, vertex, path pair) cases, one instance per tree")


# ------------------------------------------------------------------ Algorithm 3.5
ALGORITHM35_CONTROLS = (
    "Controls on the instance (when it is UNSAT): budget.controls random (tree, "
    "orientation) pairs, fixed through that tree's orientation variables with the goal's "
    "selector off, must give a model whose kernel says P exactly when the direct solver "
    "does (normal play, graphs_brute.nim_and_misere); and with the claim toggled at one "
    "random orientation r0 of the first tree (a selector adding the case 'at r0, the "
    "kernel's outcome equals the algorithm's', through the kernel), the instance must be "
    "SAT at exactly r0. A failed control makes the verdict an error."
    " Target set: the tree shapes looped over are pairwise non-isomorphic and as many as "
    "Otter's formula counts (tree_count.tree_targets)."
)
"""What the controls of :func:`algorithm35` check."""


def algorithm35(n: int, budget: Budget, oracle: Oracle | None = None) -> Verdict:
    """Algorithm 3.5's outcomes against the kernel of every tree shape with n edges.

    For every shape, the set A of orientations that Algorithm 3.5 calls P is computed
    (orientation by orientation); then one instance asks, with the shape's kernel, for an
    orientation that is P but not in A, or in A but not P. UNSAT, with its controls passed
    (:data:`ALGORITHM35_CONTROLS`): the algorithm's outcome is right on every orientation.
    Winning moves are checked by play only.

    Parameters
    ----------
    n : int
        The number of edges.
    budget : Budget
        Solver, proof and confirm-with options; ``budget.controls`` samples.
    oracle : callable or None
        The direct solver, ``oracle(position) -> (nim-value, misère P)`` (None: only the
        toggled control).

    Returns
    -------
    Verdict

    Examples
    --------
    >>> v = algorithm35(4, Budget())
    >>> v.detail, v.controls
    ('3 trees', {'passed': 2, 'total': 2, 'coverage': 'count'})

    References
    ----------
    *The Game of timber!*, Algorithm 3.5.
    """
    run = SatRun(budget)
    sink, pool = run.new()
    goal, toggle = pool.id(("selector", "goal")), pool.id(("selector", "toggle"))
    y = pool.id(("selector", "toggled case"))
    sel = []
    shapes: list[tuple] = []
    toggled: tuple | None = None
    shapes_n = trees(n)
    tree_targets(run, n, [list(g.edges()) for g in shapes_n])
    for idx, g in enumerate(shapes_n):
        if g.number_of_edges() == 0:
            continue
        shape = tree_shape(g.edges())
        lits = orientation_literals(pool, shape, tag=("o", idx))
        root = add_tree_kernel(pool, sink, followers(shape), lits, tag=("T", idx)).p[0]
        shapes.append((shape, lits, root))
        index = {(str(u), str(v)): lit for (u, v), lit in zip(shape.edges, lits, strict=True)}
        cubes = []
        for p in orientations(g):
            if algorithm.outcome(p) == "P":
                cubes.append([index[a] if a in index else -index[(a[1], a[0])] for a in p])
        # case 1: P-position outside A
        d1 = pool.id(("notA", idx))
        sink.add_clause([-d1, root])
        for cube in cubes:
            sink.add_clause([-d1] + [-x for x in cube])
        # case 2: in A but not a P-position
        d2 = pool.id(("inA", idx))
        sink.add_clause([-d2, -root])
        picks = []
        for j, cube in enumerate(cubes):
            c = pool.id(("cube", idx, j))
            for x in cube:
                sink.add_clause([-c, x])
            picks.append(c)
        sink.add_clause([-d2] + picks)
        sel += [(d1, shape, lits), (d2, shape, lits)]
        if toggled is None:
            r0 = _draw(run, len(lits), 1)[0]
            fixed = _fix(lits, r0)
            in_a = any(set(cube) <= set(fixed) for cube in cubes)
            for lit in fixed:
                sink.add_clause([-y, lit])
            sink.add_clause([-y, root if in_a else -root])  # the kernel agrees at r0
            sink.add_clause([-y, toggle])
            toggled = (shape, lits, r0)
    if not sel or toggled is None:
        return Verdict.vacuous("no edge")
    sink.add_clause([-goal, y] + [d for d, _, _ in sel])
    model = run.solve(sink, [goal, -toggle])
    if model is not None:
        true = {lit for lit in model if lit > 0}
        for d, shape, lits in sel:
            if d in true:
                return run.verdict(_arcs_from_model(shape.edges, lits, true))
        return run.verdict(unknown="SAT model names no case (internal error)")
    _tree_controls(run, sink, shapes, (goal, toggle, y), [d for d, _, _ in sel], toggled,
                   oracle)
    return run.verdict(detail=f"{len(sel) // 2} trees")


def _tree_controls(run: SatRun, sink: ClauseBuffer | LiveSolver, shapes: list[tuple],
                   selectors: tuple[int, ...], cases: list[int], toggled: tuple,
                   oracle: Oracle | None, relaxed: bool = False) -> None:
    """Run the controls of a one-instance tree check (Lemmas 3.1, 3.2 and Algorithm 3.5 of
    *The Game of timber!*): samples of (tree, orientation) whose kernel root (normal play)
    must match the direct solver (``relaxed``: must admit the direct solver's value, for
    the depth-1 relaxation of Lemma 3.1), and the toggled case at r0, which must be the
    only answer."""
    goal, toggle, y = selectors

    def draw(rng: random.Random) -> str:
        """A random tree of the instance and a random orientation of it, as 'index:bits'."""
        i = rng.randrange(len(shapes))
        return f"{i}:" + "".join(rng.choice("01") for _ in shapes[i][1])

    def sample(pick: str) -> Control:
        """One sample control: the tree's kernel at this orientation against play."""
        i, bits = pick.split(":")
        shape, lits, root = shapes[int(i)]
        fixed = _fix(lits, bits)
        position = _arcs_from_model(shape.edges, lits, fixed)
        expected = oracle(position)[0] == 0  # type: ignore[misc]  # run only with an oracle
        extra = [root if expected else -root] if relaxed else []

        def check(true: set[int] | None) -> str | None:
            """SAT, with the direct solver's outcome at the root."""
            if true is None:
                return ("the instance is UNSAT with the orientation fixed and the goal off"
                        + (" and the root set to the direct solver's outcome"
                           if relaxed else ""))
            if _arcs_from_model(shape.edges, lits, true) != position:
                return "the model decodes to another orientation"
            got = root in true
            return None if got == expected else (
                f"the kernel says {'P' if got else 'N'}, the direct solver "
                f"{'P' if expected else 'N'}")

        return Control("sample", position, tuple([-goal, -toggle] + fixed + extra), check)

    shape0, lits0, r0 = toggled
    position0 = _arcs_from_model(shape0.edges, lits0, _fix(lits0, r0))

    def toggled_check(true: set[int] | None) -> str | None:
        """SAT at exactly r0, by the toggled case."""
        if true is None:
            return "the instance is UNSAT with the claim toggled there"
        if y not in true or any(d in true for d in cases):
            return "the model picks another case"
        found = _arcs_from_model(shape0.edges, lits0, true)
        return None if found == position0 else f"the model decodes to {found}"

    for pick in (run.samples(draw) if oracle else []):
        run.control(sink, sample(pick))
    run.control(sink, Control("toggled", position0, (goal, toggle), toggled_check))
