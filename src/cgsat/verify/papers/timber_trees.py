"""Claims from *The Game of timber!* §3 (trees): Lemmas 3.1-3.3 and Algorithm 3.5.

Here n is the number of edges, and a claim at n covers every orientation of every tree
with n edges (trees up to isomorphism, ``networkx.nonisomorphic_trees``).

How the statements are read
---------------------------
- Lemma 3.1: if a leaf ``v`` with neighbour ``x`` carries the arc ``(v, x)`` (pointing
  away from the leaf), the position is an N-position.
- Lemma 3.2: if a vertex ``x`` of degree exactly 2 carries the arcs ``(x, y)`` and
  ``(x, z)``, removing ``x`` and identifying ``y`` with ``z`` preserves the outcome. (The
  paper's ``E(T_t) = E(T^1_t) ∪ {(x,y),(x,z)} ∪ E(T^1_t)`` has a typo: the second
  ``T^1`` is ``T^2``.)
- Lemma 3.3: two leaf paths at a vertex ``w`` of lengths ``a, b >= 1``, both directed away
  from ``w`` (every vertex but the last of degree 2, the last a leaf), can be replaced by
  one path of length ``a XOR b`` directed away from ``w``; the outcome is preserved, and
  so is the nim-value (the paper's remark in §4). Both are checked.
- Algorithm 3.5 (:mod:`cgsat.cgt.timber_trees`) gives the outcome of every oriented tree,
  and, for an N-position, a winning move.

Methods
-------
``sat`` uses :mod:`cgsat.encodings.timber_trees` (every orientation of a tree shape at once);
``brute`` plays every orientation exhaustively with the direct solver
(:mod:`cgsat.cgt.impartial` on :mod:`cgsat.games.timber`); they share no encoding code.
Algorithm 3.5 has no natural SAT encoding (it is a reduction procedure, not a predicate
given as a circuit), so its main second method is **exhaustive play** (``play``); its
``sat`` method checks the set of P-orientations the algorithm computes against the kernel
encoding of each shape.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §3: Lemmas 3.1-3.3, Algorithm 3.5, and §4 (values).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import networkx as nx
from pysat.formula import IDPool

from cgsat.verify.claims import Budget, Claim, Method, Verdict

PAPER = "The Game of timber! (Nowakowski, Renault, Lamoureux, Mellon, Miller)"


# ------------------------------------------------------------------ shared helpers
def trees(n: int) -> list[nx.Graph]:
    """Every tree with n edges, up to isomorphism (the scope of these claims)."""
    from cgsat.games.oriented import trees as _trees

    return list(_trees(n))


def _solver():
    from cgsat.cgt.impartial import solver_for
    from cgsat.games import get_ruleset

    return solver_for(get_ruleset("timber"))  # type: ignore[arg-type]


def _buffer():
    from cgsat.encodings.cnf import ClauseBuffer

    return ClauseBuffer()


def _fmt(position) -> str:
    from cgsat.games.timber import format as fmt

    return fmt(position)


def _parse(text: str):
    from cgsat.games.timber import parse

    return parse(text)


def sat_verdict(cnf, budget: Budget, decode: Callable[[set[int]], Verdict],
                detail: str = "") -> Verdict:
    """Solve with :func:`cgsat.verify.solve.solve_cnf`: UNSAT holds, SAT is decoded."""
    from cgsat.verify.solve import solve_cnf

    out = solve_cnf(cnf, budget)
    common = {"instance": out.instance, "solver": out.solver, "certificate": out.certificate}
    if not out.sat:
        return Verdict.holds(detail=detail or None, **common)
    v = decode(out.true_vars())
    return Verdict(v.status, v.counterexample, v.reason, out.instance, out.solver,
                   out.certificate, v.detail)


def arcs_from_model(edges, lits, true: set[int]) -> str:
    """The orientation a model gives to ``edges`` (literal true: ``u > v``), as arcs."""
    from cgsat.games.timber import make_position

    arcs = [(u, v) if lit in true else (v, u) for (u, v), lit in zip(edges, lits, strict=True)]
    return _fmt(make_position(arcs))


def _graph_of(position) -> nx.Graph:
    g = nx.Graph()
    g.add_edges_from(position)
    return g


def _leaf_out(position) -> bool:
    g = _graph_of(position)
    return any(g.degree(x) == 1 for x, _ in position)


# ------------------------------------------------------------------ Lemma 3.1
def leaf_arc_sat(graphs: Iterable[nx.Graph], budget: Budget, toward: bool = False) -> Verdict:
    """SAT: for every shape, no orientation with a leaf arc pointing away from its leaf
    is a P-position. One instance, one depth-1 relaxation of the kernel per shape (root
    and empty position constrained, the other followers free); UNSAT of the relaxation
    implies UNSAT of the full kernel.

    ``toward=True`` asks about a leaf arc pointing *to* its leaf instead: a wrong
    statement, kept for negative controls (its SAT answers are not refuted by the
    relaxation alone, so then the full kernel is used).
    """
    from cgsat.encodings.timber_trees import (
        add_partial_tree_kernel,
        followers,
        orientation_literals,
        tree_shape,
    )

    pool, cnf = IDPool(), _buffer()
    sel = []
    for idx, g in enumerate(graphs):
        if g.number_of_edges() == 0:
            continue
        shape = tree_shape(g.edges())
        lits = orientation_literals(pool, shape, tag=("o", idx))
        graph = followers(shape) if toward else followers(shape, max_depth=1)
        p = add_partial_tree_kernel(pool, cnf, graph, lits, tag=idx)
        outs = []
        sign = -1 if toward else 1
        for (u, v), lit in zip(shape.edges, lits, strict=True):
            if g.degree(u) == 1:
                outs.append(sign * lit)  # u > v leaves the leaf u
            if g.degree(v) == 1:
                outs.append(-sign * lit)
        x = pool.id(("case", idx))
        cnf.add_clause([-x, p[0]])
        cnf.add_clause([-x] + outs)
        sel.append((x, shape, lits))
    if not sel:
        return Verdict.holds(detail="no tree with a leaf (vacuous)")
    cnf.add_clause([x for x, _, _ in sel])

    def decode(true: set[int]) -> Verdict:
        for x, shape, lits in sel:
            if x in true:
                return Verdict.refuted(arcs_from_model(shape.edges, lits, true))
        return Verdict.unknown("SAT model names no tree (internal error)")

    return sat_verdict(cnf, budget, decode, detail=f"{len(sel)} trees")


def leaf_arc_brute(graphs: Iterable[nx.Graph]) -> Verdict:
    """Exhaustive play: every orientation with a leaf arc pointing away from its leaf is N."""
    from cgsat.games.oriented import orientations

    solver = _solver()
    for g in graphs:
        for p in orientations(g):
            if _leaf_out(p) and solver.outcome(p) == "P":
                return Verdict.refuted(_fmt(p))
    return Verdict.holds()


def _lem31_sat(n: int, budget: Budget) -> Verdict:
    return leaf_arc_sat(trees(n), budget)


def _lem31_brute(n: int, budget: Budget) -> Verdict:
    return leaf_arc_brute(trees(n))


def _lem31_confirm(n: int, cex: str) -> bool:
    p = _parse(cex)
    g = _graph_of(p)
    return (g.number_of_edges() == n and nx.is_tree(g) and _leaf_out(p)
            and _solver().outcome(p) == "P")


# ------------------------------------------------------------------ Lemma 3.2
def flatten(position, x: str):
    """Lemma 3.2 on a Timber position: ``x`` has degree 2 and arcs ``(x, y)``, ``(x, z)``
    (``y`` before ``z`` in the printing order); remove ``x`` and identify ``z`` with
    ``y``. Returns None if ``x`` is no such vertex.

    Examples
    --------
    >>> from cgsat.games.timber import format, parse
    >>> format(flatten(parse("1>0 1>2 2>3"), "1"))
    '0>3'
    """
    from cgsat.games.timber import arc_sort_key, make_position

    at = sorted(((u, v) for u, v in position if x in (u, v)), key=arc_sort_key)
    if len(at) != 2 or any(u != x for u, _ in at):
        return None
    (_, y), (_, z) = at
    rest = [(y if u == z else u, y if v == z else v) for u, v in position if x not in (u, v)]
    return make_position(rest)


def _flatten_shape(g: nx.Graph, x) -> tuple[list[tuple], list[int]]:
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


def _lem32_cases(n: int) -> Iterator[tuple[nx.Graph, object]]:
    for g in trees(n):
        for x in g:
            if g.degree(x) == 2:
                yield g, x


def _lem32_sat(n: int, budget: Budget) -> Verdict:
    """One instance: for every tree T with n edges and every vertex x of degree 2, the
    kernels of T and of the flattened T' share the orientations of the other edges; the
    arcs at x are forced out of x; a selector asks P(T) != P(T')."""
    from cgsat.encodings.timber_trees import (
        add_tree_kernel,
        followers,
        orientation_literals,
        tree_shape,
    )

    pool, cnf = IDPool(), _buffer()
    sel = []
    kernels: dict[int, tuple] = {}
    for idx, (g, x) in enumerate(_lem32_cases(n)):
        key = id(g)
        if key not in kernels:
            shape = tree_shape(g.edges())
            lits = orientation_literals(pool, shape, tag=("o", key))
            kern = add_tree_kernel(pool, cnf, followers(shape), lits, tag=("T", key))
            kernels[key] = (shape, lits, kern.p[0])
        shape, lits, root = kernels[key]
        flat_edges, src = _flatten_shape(g, x)
        if flat_edges:
            flat = tree_shape(flat_edges)
            flat_lits = [lits[i] for i in src]
            root2 = add_tree_kernel(pool, cnf, followers(flat), flat_lits, tag=("F", idx)).p[0]
        else:
            root2 = pool.id(("F-empty", idx))
            cnf.add_clause([root2])  # the empty position is P
        d = pool.id(("case", idx))
        for i, (u, v) in enumerate(shape.edges):
            if u == x:
                cnf.add_clause([-d, lits[i]])
            elif v == x:
                cnf.add_clause([-d, -lits[i]])
        cnf.add_clause([-d, root, root2])
        cnf.add_clause([-d, -root, -root2])
        sel.append((d, shape, lits))
    if not sel:
        return Verdict.holds(detail=f"no tree with {n} edges has a vertex of degree 2")
    cnf.add_clause([d for d, _, _ in sel])

    def decode(true: set[int]) -> Verdict:
        for d, shape, lits in sel:
            if d in true:
                return Verdict.refuted(arcs_from_model(shape.edges, lits, true))
        return Verdict.unknown("SAT model names no case (internal error)")

    return sat_verdict(cnf, budget, decode, detail=f"{len(sel)} (tree, vertex) cases")


def _lem32_bad_vertex(p) -> str | None:
    solver = _solver()
    for x in sorted({u for u, _ in p}):
        q = flatten(p, x)
        if q is not None and solver.outcome(p) != solver.outcome(q):
            return x
    return None


def _lem32_brute(n: int, budget: Budget) -> Verdict:
    from cgsat.games.oriented import oriented_trees

    for p in oriented_trees(n):
        if _lem32_bad_vertex(p) is not None:
            return Verdict.refuted(_fmt(p))
    return Verdict.holds()


def _lem32_confirm(n: int, cex: str) -> bool:
    p = _parse(cex)
    g = _graph_of(p)
    return g.number_of_edges() == n and nx.is_tree(g) and _lem32_bad_vertex(p) is not None


# ------------------------------------------------------------------ Lemma 3.3
def leaf_path(g: nx.Graph, w, u) -> list | None:
    """The leaf path from ``w`` through its neighbour ``u``: ``[u, ..., leaf]`` with every
    vertex but the last of degree 2 and the last a leaf; None if there is none."""
    path, prev, cur = [u], w, u
    while g.degree(cur) == 2:
        nxt = next(v for v in g[cur] if v != prev)
        path.append(nxt)
        prev, cur = cur, nxt
    return path if g.degree(cur) == 1 else None


def _lem33_cases(g: nx.Graph) -> Iterator[tuple[object, list, list]]:
    """Every vertex w with two leaf paths P1, P2 (unordered pairs)."""
    for w in g:
        paths = [p for u in sorted(g[w], key=str) if (p := leaf_path(g, w, u)) is not None]
        for i in range(len(paths)):
            for j in range(i + 1, len(paths)):
                yield w, paths[i], paths[j]


def merge(position, w: str, p1: list[str], p2: list[str]):
    """Lemma 3.3 on a Timber position: replace the leaf paths ``w p1`` and ``w p2``
    (directed away from ``w``) by one path of length ``len(p1) XOR len(p2)`` from ``w``.
    Returns None if the paths are not directed away from ``w``.

    Examples
    --------
    >>> from cgsat.games.timber import format, parse
    >>> format(merge(parse("0>1 0>2 2>3 0>4"), "0", ["2", "3"], ["4"]))
    '0>1 0>m1 m1>m2 m2>m3'
    """
    from cgsat.games.timber import make_position

    arcs = set(position)
    for path in (p1, p2):
        chain = [w] + path
        for a, b in zip(chain, chain[1:], strict=False):
            if (a, b) not in arcs:
                return None
            arcs.discard((a, b))
    c = len(p1) ^ len(p2)
    chain = [w] + [f"m{i}" for i in range(1, c + 1)]
    arcs |= set(zip(chain, chain[1:], strict=False))
    return make_position(arcs)


def _lem33_tree_cnf(g: nx.Graph, cases: list[tuple]):
    """The instance for one tree T and all its cases of Lemma 3.3: the Grundy encoding of
    T, and for each case (w, P1, P2) a selector, the Grundy encoding of the merged T'
    (sharing the other edges' orientations), both paths (and the new path) directed away
    from w under the selector, and different nim-values at the roots."""
    from cgsat.encodings.timber_trees import (
        add_tree_grundy,
        followers,
        orientation_literals,
        tree_shape,
        values_differ,
    )

    pool, cnf = IDPool(), _buffer()
    shape = tree_shape(g.edges())
    lits = orientation_literals(pool, shape)
    gt = add_tree_grundy(pool, cnf, followers(shape), lits, tag="T")
    selectors = []
    for idx, (w, p1, p2) in enumerate(cases):
        d = pool.id(("case", idx))
        selectors.append(d)
        on_path = {frozenset(e) for path in (p1, p2)
                   for e in zip([w] + path, path, strict=False)}
        edges2, lits2 = [], []
        for (u, v), lit in zip(shape.edges, lits, strict=True):
            if frozenset((u, v)) in on_path:
                nearer = u if _dist(g, w, u) < _dist(g, w, v) else v  # the tail
                cnf.add_clause([-d, lit if nearer == u else -lit])
            else:
                edges2.append((u, v))
                lits2.append(lit)
        chain = [w] + [("m", idx, i) for i in range(1, (len(p1) ^ len(p2)) + 1)]
        for a, b in zip(chain, chain[1:], strict=False):
            edges2.append((a, b))
            new = pool.id(("new", b))
            cnf.add_clause([new])  # the new path is directed away from w
            lits2.append(new)
        if edges2:
            g2 = add_tree_grundy(pool, cnf, followers(tree_shape(edges2)), lits2, tag=("M", idx))
            cnf.add_clause([-d, values_differ(pool, cnf, gt, g2, tag=("diff", idx))])
        else:  # the merged tree is empty: value 0
            cnf.add_clause([-d, -gt.value[0][0]])
    cnf.add_clause(selectors)
    return cnf, shape, lits


def _lem33_sat(n: int, budget: Budget) -> Verdict:
    """One instance per tree T with n edges, covering its cases (vertex w, two leaf paths
    at w): it asks for an orientation, with both paths directed away from w, on which T
    and the merged T' have different nim-values (which covers different outcomes). Every
    instance UNSAT: the lemma holds at n."""
    from cgsat.verify.solve import solve_cnf

    total = {"vars": 0, "clauses": 0}
    cases, solver, certs = 0, budget.solver, []
    for g in trees(n):
        todo = list(_lem33_cases(g))
        if not todo:
            continue
        cnf, shape, lits = _lem33_tree_cnf(g, todo)
        out = solve_cnf(cnf, budget)
        cases += len(todo)
        total = {"vars": max(total["vars"], cnf.nv), "clauses": total["clauses"] + len(cnf)}
        solver = out.solver
        certs.append(out.certificate)
        if out.sat:
            return Verdict.refuted(arcs_from_model(shape.edges, lits, out.true_vars()),
                                   instance=total, solver=solver)
    if not cases:
        return Verdict.holds(detail=f"no tree with {n} edges has two leaf paths at a vertex")
    return Verdict.holds(instance=total, solver=solver, certificate=_combine(certs),
                         detail=f"{cases} (tree, vertex, path pair) cases, one instance per "
                                "tree (vars: the largest)")


def _combine(certs: list) -> dict | None:
    from cgsat.verify.certificates import combine

    return combine(certs)


def _dist(g: nx.Graph, a, b) -> int:
    return nx.shortest_path_length(g, a, b)


def _lem33_bad(p) -> str | None:
    """A description of a merge that changes the nim-value, or None."""
    solver = _solver()
    g = _graph_of(p)
    for w, p1, p2 in _lem33_cases(g):
        q = merge(p, w, p1, p2)
        if q is None:
            continue
        a, b = solver.nim_value(p), solver.nim_value(q)
        if a != b:
            return f"w={w}: nim-value {a} before, {b} after"
    return None


def _lem33_brute(n: int, budget: Budget) -> Verdict:
    from cgsat.games.oriented import oriented_trees

    for p in oriented_trees(n):
        if _lem33_bad(p) is not None:
            return Verdict.refuted(_fmt(p), detail=_lem33_bad(p))
    return Verdict.holds()


def _lem33_confirm(n: int, cex: str) -> bool:
    p = _parse(cex)
    g = _graph_of(p)
    return g.number_of_edges() == n and nx.is_tree(g) and _lem33_bad(p) is not None


# ------------------------------------------------------------------ Algorithm 3.5
def _alg_disagrees(p) -> str | None:
    """Why Algorithm 3.5 is wrong on ``p`` (outcome or winning move), or None."""
    from cgsat.cgt import timber_trees

    solver = _solver()
    alg = timber_trees.outcome(p)
    play = solver.outcome(p)
    if alg != play:
        return f"Algorithm 3.5 says {alg}, play says {play}"
    if play == "N":
        move = timber_trees.winning_move(p)
        options = dict(_options(p))
        if move not in options or solver.outcome(options[move]) != "P":
            return f"Algorithm 3.5's move {move} does not win"
    return None


def _options(p):
    from cgsat.games.timber import options

    return options(p)


def _alg35_play(n: int, budget: Budget) -> Verdict:
    from cgsat.games.oriented import oriented_trees

    for p in oriented_trees(n):
        why = _alg_disagrees(p)
        if why is not None:
            return Verdict.refuted(_fmt(p), detail=why)
    return Verdict.holds()


def _alg35_sat(n: int, budget: Budget) -> Verdict:
    """For every tree shape with n edges: the set A of orientations that Algorithm 3.5
    calls P is computed; then one instance asks, with the shape's kernel, for an
    orientation that is P but not in A, or in A but not P. UNSAT: the algorithm's
    outcome is right on every orientation."""
    from cgsat.cgt import timber_trees
    from cgsat.encodings.timber_trees import (
        add_tree_kernel,
        followers,
        orientation_literals,
        tree_shape,
    )
    from cgsat.games.oriented import orientations

    pool, cnf = IDPool(), _buffer()
    sel = []
    for idx, g in enumerate(trees(n)):
        if g.number_of_edges() == 0:
            continue
        shape = tree_shape(g.edges())
        lits = orientation_literals(pool, shape, tag=("o", idx))
        root = add_tree_kernel(pool, cnf, followers(shape), lits, tag=("T", idx)).p[0]
        index = {(str(u), str(v)): lit for (u, v), lit in zip(shape.edges, lits, strict=True)}
        cubes = []
        for p in orientations(g):
            if timber_trees.outcome(p) == "P":
                cubes.append([index[a] if a in index else -index[(a[1], a[0])] for a in p])
        # case 1: P-position outside A
        d1 = pool.id(("notA", idx))
        cnf.add_clause([-d1, root])
        for cube in cubes:
            cnf.add_clause([-d1] + [-x for x in cube])
        # case 2: in A but not a P-position
        d2 = pool.id(("inA", idx))
        cnf.add_clause([-d2, -root])
        picks = []
        for j, cube in enumerate(cubes):
            c = pool.id(("cube", idx, j))
            for x in cube:
                cnf.add_clause([-c, x])
            picks.append(c)
        cnf.add_clause([-d2] + picks)
        sel += [(d1, shape, lits), (d2, shape, lits)]
    if not sel:
        return Verdict.holds(detail="no edge (vacuous)")
    cnf.add_clause([d for d, _, _ in sel])

    def decode(true: set[int]) -> Verdict:
        for d, shape, lits in sel:
            if d in true:
                return Verdict.refuted(arcs_from_model(shape.edges, lits, true))
        return Verdict.unknown("SAT model names no case (internal error)")

    return sat_verdict(cnf, budget, decode, detail=f"{len(sel) // 2} trees")


def _alg35_confirm(n: int, cex: str) -> bool:
    p = _parse(cex)
    g = _graph_of(p)
    return (g.number_of_edges() == n and (n == 0 or nx.is_tree(g))
            and _alg_disagrees(p) is not None)


# ------------------------------------------------------------------ the claims
_PARAM = "n = number of edges; every orientation of every tree with n edges"
_BRUTE = "Exhaustive play (direct solver) on every orientation of every tree with n edges"


def claims() -> list[Claim]:
    """``timber.lem3.1``, ``timber.lem3.2``, ``timber.lem3.3``, ``timber.alg3.5``."""
    return [
        Claim(
            id="timber.lem3.1", paper=PAPER, theorem="Lemma 3.1", kind="lemma",
            statement="A tree position with a leaf arc pointing away from its leaf is an "
                      "N-position.",
            parameter=_PARAM, base=1, quick_bound=8, target_bound=14,
            methods=(
                Method("sat", _lem31_sat, uses_solver=True, scope=(
                    "UNSAT at n: no orientation of any tree with n edges with a leaf arc "
                    "pointing away from its leaf is a P-position, by the depth-1 relaxation "
                    "of the kernel encoding (root and empty position constrained), whose "
                    "UNSAT implies that of the full kernel")),
                Method("brute", _lem31_brute, max_n=9, scope=(
                    _BRUTE + " that has a leaf arc pointing away from its leaf: all are N")),
            ),
            confirm=_lem31_confirm,
        ),
        Claim(
            id="timber.lem3.2", paper=PAPER, theorem="Lemma 3.2", kind="lemma",
            statement="Removing a degree-2 vertex x with arcs (x,y), (x,z) and identifying "
                      "y with z preserves the outcome.",
            parameter=_PARAM + " (T_t has n edges, T'_t has n - 2)",
            base=2, quick_bound=8, target_bound=9,
            methods=(
                Method("sat", _lem32_sat, uses_solver=True, scope=(
                    "UNSAT at n: for every tree with n edges, every vertex x of degree 2 and "
                    "every orientation with both arcs at x pointing out of x, the kernels of "
                    "T_t and of the flattened T'_t (sharing the other arcs) agree")),
                Method("brute", _lem32_brute, max_n=9, scope=(
                    _BRUTE + ": at each degree-2 vertex with both arcs out, the flattened "
                    "position has the same outcome")),
            ),
            confirm=_lem32_confirm,
            notes="The paper's E(T_t) lists E(T^1_t) twice; the second is E(T^2_t). The "
                  "value is not preserved in general (paper, §4), only the outcome.",
        ),
        Claim(
            id="timber.lem3.3", paper=PAPER, theorem="Lemma 3.3", kind="lemma",
            statement="Two leaf paths of lengths a, b directed away from a common vertex may "
                      "be replaced by one of length a XOR b: the outcome and the nim-value "
                      "are preserved.",
            parameter=_PARAM + " (T_t has n edges)",
            base=2, quick_bound=7, target_bound=8,
            methods=(
                Method("sat", _lem33_sat, uses_solver=True, scope=(
                    "UNSAT at n: for every tree with n edges, every vertex w with two leaf "
                    "paths and every orientation with both paths directed away from w, the "
                    "Grundy encodings of T_t and of the merged T'_t (sharing the other arcs) "
                    "give equal nim-values (hence equal outcomes)")),
                Method("brute", _lem33_brute, max_n=9, scope=(
                    _BRUTE + ": every merge of two leaf paths directed away from their "
                    "common vertex keeps the nim-value (hence the outcome)")),
            ),
            confirm=_lem33_confirm,
            notes="The nim-value part is the paper's remark in §4 ('both trees actually "
                  "have the same value').",
        ),
        Claim(
            id="timber.alg3.5", paper=PAPER, theorem="Algorithm 3.5", kind="algorithm",
            statement="Algorithm 3.5 gives the outcome of every oriented tree (and a winning "
                      "move of every N-position).",
            parameter=_PARAM, base=0, quick_bound=7, target_bound=9,
            methods=(
                Method("play", _alg35_play, max_n=9, scope=(
                    "Algorithm 3.5 (cgt.timber_trees) agrees with exhaustive play on the "
                    "outcome of every orientation of every tree with n edges, and its "
                    "winning move of each N-position leads to a P-position")),
                Method("sat", _alg35_sat, uses_solver=True, scope=(
                    "UNSAT at n: for every tree shape with n edges, the orientations that "
                    "Algorithm 3.5 calls P are exactly the P-positions of the shape's kernel "
                    "encoding (outcomes only; winning moves are checked by play)")),
            ),
            confirm=_alg35_confirm,
            notes="Algorithm 3.5 is a reduction procedure, not a predicate given as a "
                  "circuit, so it has no natural SAT encoding: its main second method is "
                  "exhaustive play, not SAT. The sat method compares the algorithm's set of "
                  "P-orientations (computed orientation by orientation) with the kernel.",
        ),
    ]
