"""Claims from *Timber Game with Caterpillars* (Furtado, Dantas, de Figueiredo, Gravier).

Here n is the number of edges. A claim at n covers every caterpillar ``cat(k1, ..., ks)``
with n edges (``s - 1 + sum(k) = n``), over all spine lengths ``s >= 1`` and all leg
vectors, taken up to reversal (``cat(k)`` and ``cat(reversed k)`` are the same tree with
the spine read backwards). Where a statement is about trees rather than leg vectors
(Theorem 3.1, the even-edges theorem) the trees are taken up to isomorphism.

How the statements are read
---------------------------
- Theorem 3.1: a configuration with a leaf of out-degree 1 is not a P-position, for every
  leaf (legs and spine ends alike).
- Theorem 3.2: ``cat(1, ..., 1)`` (``2s - 1`` edges) has no P-position. At even n there is
  no such caterpillar, and the claim holds vacuously (the result says so).
- Theorem 3.3: ``#P(cat(k)) = #P(cat(k mod 2))``. Only leg vectors with some ``k_i >= 2``
  say anything; the others are skipped.
- Corollary 3.4: (i) all ``k_i`` even: ``#P(cat(k)) = #P(path with s vertices)``;
  (ii) all ``k_i`` odd: no P-position.
- Corollary 3.5: a double broom ``cat(k1, 0, ..., 0, ks)`` has as many P-positions as the
  path with ``s + (k1 mod 2) + (ks mod 2)`` vertices. This needs ``s >= 2``: for ``s = 1``,
  ``cat(k1)`` is a star, and ``cat(1)`` (one edge) has no P-position while the formula
  predicts the path with 3 vertices, which has one. The claim covers ``s >= 2`` only.
- ``even-edges`` (Furtado, Dantas, de Figueiredo, Gravier, *Timber game as a counting
  problem*, Discrete Applied Mathematics 261 (2019)): a tree has a P-position (some
  orientation is a P-position) if and only if it has an even number of edges. Checked over
  every tree with n edges, caterpillar or not.

Methods
-------
``sat`` uses :mod:`cgsat.encodings.caterpillars` (all-legs-out caterpillars with legs up
to symmetry, every spine orientation at once) or :mod:`cgsat.encodings.timber_trees` (every
orientation of a tree shape):

- Theorem 3.3 and Corollaries 3.4 (i) and 3.5 are proved through the inductive leg-pair
  check ("two legs at one spine vertex cancel", one small instance per leg vector and
  vertex); Theorem 3.3's check at n covers the leg vectors with exactly n edges, so it is
  inductive relative to the smaller sizes;
- Theorem 3.2 and Corollary 3.4 (ii) then solve the kernel of the reduced caterpillars
  (``cat(1, ..., 1)``), with the spine's reversal symmetry broken;
- Theorem 3.1 uses the depth-1 relaxation of the tree kernel, the even-edges theorem the
  full tree kernel of every tree.

``brute`` enumerates every orientation with
:mod:`cgsat.games.oriented` and solves it with the direct solver
(:mod:`cgsat.cgt.impartial` on :mod:`cgsat.games.timber`); it shares no encoding code.
Counterexamples are replayed by the direct solver (``confirm``).

References
----------
.. [1] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber Game with
   Caterpillars*, Theorems 3.1-3.3, Corollaries 3.4-3.5.
.. [2] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber game as a counting
   problem*, Discrete Applied Mathematics 261 (2019).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Sequence
from functools import cache

import networkx as nx
from pysat.formula import IDPool
from pysat.solvers import Solver

from cgsat.verify.claims import Budget, Claim, Method, Verdict

PAPER = "Timber Game with Caterpillars (Furtado, Dantas, de Figueiredo, Gravier)"
FOLLOWUP = "Timber game as a counting problem (Furtado et al., DAM 261, 2019)"


# ------------------------------------------------------------------ scope (shared)
def leg_vectors(n: int, s: int | None = None) -> Iterator[tuple[int, ...]]:
    """Every leg vector ``(k1, ..., ks)`` with ``s - 1 + sum(k) = n``, up to reversal.

    This is the scope of a caterpillar claim at n; both methods use it.

    Examples
    --------
    >>> list(leg_vectors(2))
    [(2,), (0, 1), (0, 0, 0)]
    """
    spines = range(1, n + 2) if s is None else [s]
    for sp in spines:
        legs = n - (sp - 1)
        if legs < 0:
            continue
        for cut in itertools.combinations(range(legs + sp - 1), sp - 1):
            # stars and bars: the sp - 1 bars split `legs` stars into sp parts
            bounds = (-1,) + cut + (legs + sp - 1,)
            k = tuple(bounds[i + 1] - bounds[i] - 1 for i in range(sp))
            if k <= k[::-1]:
                yield k


def cat_text(k: Sequence[int]) -> str:
    """``cat(2,0,1)``."""
    return "cat(" + ",".join(map(str, k)) + ")"


def parse_cat(text: str) -> tuple[int, ...]:
    m = re.fullmatch(r"cat\(([0-9, ]*)\)", text.strip().split(":")[0].strip())
    if not m:
        raise ValueError(f"not a caterpillar: {text!r}")
    return tuple(int(x) for x in m.group(1).split(",") if x.strip())


def is_caterpillar(g: nx.Graph) -> bool:
    """A tree is a caterpillar when removing its leaves leaves a path (or nothing)."""
    inner = g.subgraph([v for v in g if g.degree(v) > 1])
    return inner.number_of_nodes() == 0 or (
        nx.is_connected(inner) and max(d for _, d in inner.degree()) <= 2
    )


def caterpillar_trees(n: int) -> list[nx.Graph]:
    """The caterpillars with n edges, up to isomorphism (scope of Theorem 3.1)."""
    from cgsat.games.oriented import trees

    return [g for g in trees(n) if is_caterpillar(g)]


# ------------------------------------------------------------------ direct solver
def _solver():
    from cgsat.cgt.impartial import solver_for
    from cgsat.games import get_ruleset

    return solver_for(get_ruleset("timber"))  # type: ignore[arg-type]


def cat_graph(k: Sequence[int]) -> nx.Graph:
    """``cat(k)`` as a networkx graph (spine ``0 .. s-1``, legs after), for brute force."""
    g = nx.path_graph(len(k))
    nxt = len(k)
    for i, ki in enumerate(k):
        for _ in range(ki):
            g.add_edge(i, nxt)
            nxt += 1
    return g


@cache
def brute_p_count(k: tuple[int, ...]) -> int:
    """The number of P-positions of ``cat(k)``, by exhaustive play on every orientation."""
    from cgsat.games.oriented import orientations

    solver = _solver()
    return sum(solver.outcome(p) == "P" for p in orientations(cat_graph(k)))


@cache
def brute_path_p_count(vertices: int) -> int:
    """P-positions of the path with this many vertices (Timber on the path graph)."""
    return brute_p_count((0,) * vertices) if vertices >= 1 else 1


# ------------------------------------------------------------------ SAT helpers
def _buffer():
    from cgsat.encodings.cnf import ClauseBuffer

    return ClauseBuffer()


def _sat_verdict(cnf, budget: Budget, decode: Callable[[set[int]], Verdict], detail: str = ""):
    """UNSAT -> holds; SAT -> ``decode(true vars)`` (shared with the timber tree claims)."""
    from cgsat.verify.papers.timber_trees import sat_verdict

    return sat_verdict(cnf, budget, decode, detail)


def _arcs_from_model(edges, lits, true: set[int]) -> str:
    from cgsat.games.timber import format as fmt
    from cgsat.games.timber import make_position

    arcs = [(u, v) if lit in true else (v, u) for (u, v), lit in zip(edges, lits, strict=True)]
    return fmt(make_position(arcs))


def _outleg_text(k: Sequence[int], spine_true: Sequence[bool]) -> str:
    """The all-legs-out ``cat(k)`` with the given spine orientation, as Timber arcs."""
    from cgsat.encodings.timber_trees import caterpillar
    from cgsat.games.timber import format as fmt
    from cgsat.games.timber import make_position

    shape = caterpillar(k)
    arcs = []
    for i, (u, v) in enumerate(shape.edges):
        if i < len(k) - 1:
            arcs.append((u, v) if spine_true[i] else (v, u))
        else:
            arcs.append((u, v))  # legs go from the spine to the leaf
    return fmt(make_position(arcs))


def _merge(first: Verdict | None, second: Verdict) -> Verdict:
    """Combine two SAT verdicts of one method: sizes add up, certificates are joined."""
    if first is None:
        return second
    from cgsat.verify.certificates import combine

    inst = None
    if first.instance or second.instance:
        inst = {
            key: (first.instance or {}).get(key, 0) + (second.instance or {}).get(key, 0)
            for key in ("vars", "clauses")
        }
    cert = combine([first.certificate, second.certificate])
    detail = "; ".join(x for x in (first.detail, second.detail) if x) or None
    return Verdict(second.status, second.counterexample, second.reason, inst,
                   second.solver or first.solver, cert, detail)


def _pair_vectors(roots_for: dict[int, set[tuple[int, ...]]]) -> list[tuple[int, ...]]:
    """Every leg vector of a follower state of the all-legs-out caterpillars with these
    roots (intervals read from their first vertex), up to reversal."""
    from cgsat.encodings.caterpillars import leg_vectors_of, outleg_states

    out: set[tuple[int, ...]] = set()
    for s, roots in roots_for.items():
        for a in leg_vectors_of(outleg_states(s, sorted(roots))):
            out.add(min(a, a[::-1]))
    return sorted(out)


def _pair_induction(vectors: list[tuple[int, ...]], budget: Budget) -> Verdict | None:
    """SAT, inductive: for each leg vector and each vertex with at least two legs, two
    legs there cancel (:func:`cgsat.encodings.caterpillars.leg_pair_checks`). Each local
    check is its own small instance; all UNSAT proves the induction step for these
    vectors. (A vector and its reversal have the same check up to renaming the spine
    variables, so vectors are taken up to reversal.)"""
    from cgsat.encodings.caterpillars import leg_pair_checks
    from cgsat.encodings.cnf import ClauseBuffer
    from cgsat.verify.certificates import combine
    from cgsat.verify.solve import solve_cnf

    n_checks = n_vars = n_clauses = 0
    solver = budget.solver
    certs = []
    for a, x, clauses in leg_pair_checks(vectors):
        cnf = ClauseBuffer(clauses)
        out = solve_cnf(cnf, budget)
        n_checks += 1
        n_vars = max(n_vars, cnf.nv)
        n_clauses += len(cnf)
        solver = out.solver
        certs.append(out.certificate)
        if out.sat:
            return Verdict.unknown(
                f"the inductive leg-pair check failed at {cat_text(a)}, vertex {x + 1}",
                solver=solver,
            )
    if not n_checks:
        return None
    return Verdict.holds(
        instance={"vars": n_vars, "clauses": n_clauses}, solver=solver,
        certificate=combine(certs),
        detail=f"induction: two legs cancel, {n_checks} local checks (vars: the largest)",
    )


def _outleg_check(
    n: int,
    budget: Budget,
    pairs_for: Callable[[int], list[tuple[tuple[int, ...], tuple[int, ...]]]] | None,
    no_p_for: Callable[[int], list[tuple[int, ...]]] | None,
    what: str,
    vectors: list[tuple[int, ...]] | None = None,
) -> Verdict:
    """SAT over every spine length s = 1 .. n + 1 (all-legs-out caterpillars).

    The statements are: for each pair ``(k, k')`` from ``pairs_for(s)`` (where ``k'`` is
    ``k`` with legs removed two at a time), ``#P(cat(k)) = #P(cat(k'))``; for each ``k``
    from ``no_p_for(s)``, ``cat(k)`` has no P-position.

    1. Inductive stage: on every follower state of these caterpillars (or, if given, on
       the leg vectors ``vectors`` only, the rest being covered by smaller sizes), two
       legs at one spine vertex cancel (UNSAT proves it by induction on the number of
       edges). Then
       ``cat(k)`` and ``cat(k')`` are P-positions under the same spine orientations, and
       ``cat(k)`` is a P-position iff ``cat(k mod 2)`` is.
    2. Kernel stage, for ``no_p_for``: one kernel per s for the reduced roots
       ``k mod 2``; UNSAT of "some reduced root is a P-position".

    If the inductive stage does not go through, the kernel is used for everything: a
    miter asks for a spine orientation on which ``cat(k)`` and ``cat(k')`` differ; if it
    finds one, the P-positions are counted to decide the claim. With Lemma 3.1 (an
    inward leg makes an N-position), equal P-sets of spine orientations give equal
    counts, and no P-position with all legs out means no P-position at all.
    """
    pairs = {s: pairs_for(s) if pairs_for else [] for s in range(1, n + 2)}
    lonely = {s: no_p_for(s) if no_p_for else [] for s in range(1, n + 2)}
    total = sum(len(v) for v in pairs.values()) + sum(len(v) for v in lonely.values())
    if not total:
        return Verdict.holds(detail=f"no {what} has {n} edges (vacuous)")
    for ps in pairs.values():
        for k, k2 in ps:
            assert all(x >= y and (x - y) % 2 == 0 for x, y in zip(k, k2, strict=True)), (k, k2)
    need = {
        s: {k for k, _ in pairs[s]} | {k for k in lonely[s] if _mod2(k) != k}
        for s in pairs
    }
    need = {s: ks for s, ks in need.items() if ks and any(max(k) >= 2 for k in ks)}
    if vectors is None:
        vectors = _pair_vectors(need) if need else []
    first = _pair_induction(vectors, budget) if vectors else None
    if first is not None and first.status != "holds":
        # fall back to the full kernel for every statement
        second = _kernel_check(n, budget, pairs, lonely, what)
        return _merge(first, second)
    reduced = {s: sorted({_mod2(k) for k in ks}) for s, ks in lonely.items()}
    if not any(reduced.values()):
        return first if first is not None else Verdict.holds()
    second = _kernel_check(n, budget, {}, reduced, what)
    if second.status == "refuted":
        # a reduced root is a P-position: by the (proved) leg-pair stage, so is every
        # original root with that parity pattern; report the smallest original one
        second = _kernel_check(n, budget, {}, lonely, what)
    return _merge(first, second)


def _kernel_check(
    n: int,
    budget: Budget,
    pairs: dict[int, list[tuple[tuple[int, ...], tuple[int, ...]]]],
    lonely: dict[int, list[tuple[int, ...]]],
    what: str,
) -> Verdict:
    """One kernel instance over every spine length: asks for a spine orientation and
    either a pair whose all-legs-out caterpillars differ (a miter) or a ``lonely`` leg
    vector whose all-legs-out caterpillar is a P-position. UNSAT holds."""
    from cgsat.encodings.caterpillars import add_outleg_kernel, add_reversal_symmetry_breaking

    pool, cnf = IDPool(), _buffer()
    pair_sel: list[tuple[int, int, tuple[int, ...], tuple[int, ...]]] = []
    root_sel: list[tuple[int, tuple[int, ...], list[int]]] = []
    for s in range(1, n + 2):
        ps = pairs.get(s, [])
        ls = lonely.get(s, [])
        if not ps and not ls:
            continue
        roots = sorted({k for pair in ps for k in pair} | set(ls))
        kern = add_outleg_kernel(pool, cnf, s, roots, tag=("cat", s))
        if s > 2 and all(k == k[::-1] for k in roots):
            # every statement here is invariant under reading the spine backwards
            add_reversal_symmetry_breaking(pool, cnf, kern.spine_lits, tag=("lex", s))
        for k, k2 in ps:
            d = pool.id(("differ", s, k, k2))
            x, y = kern.root(k), kern.root(k2)
            cnf.add_clause([-d, x, y])
            cnf.add_clause([-d, -x, -y])
            pair_sel.append((d, s, k, k2))
        root_sel.extend((kern.root(k), k, kern.spine_lits) for k in ls)
    total = len(pair_sel) + len(root_sel)
    if not total:
        return Verdict.holds(detail=f"no {what} has {n} edges (vacuous)")
    cnf.add_clause([d for d, *_ in pair_sel] + [r for r, *_ in root_sel])

    def decode(true: set[int]) -> Verdict:
        for r, k, spine in root_sel:
            if r in true:
                return Verdict.refuted(_outleg_text(k, [x in true for x in spine]))
        for d, s, k, k2 in pair_sel:
            if d not in true:
                continue
            c1, c2 = _count_outleg(s, k, budget), _count_outleg(s, k2, budget)
            if c1 != c2:
                return Verdict.refuted(
                    cat_text(k), detail=f"{cat_text(k)} has {c1} P-positions, "
                    f"{cat_text(k2)} has {c2}"
                )
            return Verdict.unknown(
                f"{cat_text(k)} and {cat_text(k2)} differ spine by spine but have equal "
                "P-counts; the SAT method proves only the pointwise statement"
            )
        return Verdict.unknown("SAT model names no caterpillar (internal error)")

    return _sat_verdict(cnf, budget, decode, detail=f"kernel: {total} leg vectors")


def _count_outleg(s: int, k: tuple[int, ...], budget: Budget) -> int:
    """#P(cat(k)): the spine orientations making the all-legs-out cat(k) a P-position."""
    from cgsat.encodings.caterpillars import add_outleg_kernel
    from cgsat.verify.solvers import canonical_solver

    pool = IDPool()
    with Solver(name=canonical_solver(budget.solver)) as sol:
        kern = add_outleg_kernel(pool, sol, s, [k])
        count = 0
        for bits in itertools.product([False, True], repeat=s - 1):
            lits = [x if b else -x for x, b in zip(kern.spine_lits, bits, strict=False)]
            if sol.solve(assumptions=lits + [kern.root(k)]):
                count += 1
        return count


# ------------------------------------------------------------------ brute helpers
def _orientations(g: nx.Graph):
    from cgsat.games.oriented import orientations

    return orientations(g)


def _fmt(position) -> str:
    from cgsat.games.timber import format as fmt

    return fmt(position)


def _leaf_out(position, g: nx.Graph) -> bool:
    """Whether some leaf of ``g`` has its arc pointing away from it in ``position``."""
    leaves = {str(v) for v in g if g.degree(v) == 1}
    return any(x in leaves for x, _ in position)


def _first_p(g: nx.Graph):
    solver = _solver()
    for p in _orientations(g):
        if solver.outcome(p) == "P":
            return p
    return None


# ------------------------------------------------------------------ Theorem 3.1
def thm31_sat(n: int, budget: Budget) -> Verdict:
    """Every caterpillar tree with n edges: no P-position has a leaf arc pointing away
    from its leaf (:func:`cgsat.verify.papers.timber_trees.leaf_arc_sat`: the depth-1
    relaxation of the tree kernel, whose UNSAT implies the full kernel's)."""
    from cgsat.verify.papers.timber_trees import leaf_arc_sat

    return leaf_arc_sat(caterpillar_trees(n), budget)


def thm31_brute(n: int, budget: Budget) -> Verdict:
    from cgsat.verify.papers.timber_trees import leaf_arc_brute

    return leaf_arc_brute(caterpillar_trees(n))


def thm31_confirm(n: int, cex: str) -> bool:
    from cgsat.games.timber import parse

    p = parse(cex)
    g = nx.Graph(list(p))
    return (
        g.number_of_edges() == n and nx.is_tree(g) and is_caterpillar(g)
        and _leaf_out(p, g) and _solver().outcome(p) == "P"
    )


# ------------------------------------------------------------------ Theorem 3.2
def _ones(n: int, s: int) -> list[tuple[int, ...]]:
    return [(1,) * s] if 2 * s - 1 == n else []


def thm32_sat(n: int, budget: Budget) -> Verdict:
    return _outleg_check(n, budget, None, lambda s: _ones(n, s), "caterpillar 1")


def thm32_brute(n: int, budget: Budget) -> Verdict:
    if n % 2 == 0:
        return Verdict.holds(detail=f"no cat(1,...,1) has {n} edges (vacuous)")
    p = _first_p(cat_graph((1,) * ((n + 1) // 2)))
    return Verdict.refuted(_fmt(p)) if p is not None else Verdict.holds()


def thm32_confirm(n: int, cex: str) -> bool:
    from cgsat.games.timber import parse

    p = parse(cex)
    g = nx.Graph(list(p))
    return (
        n % 2 == 1 and nx.is_isomorphic(g, cat_graph((1,) * ((n + 1) // 2)))
        and _solver().outcome(p) == "P"
    )


# ------------------------------------------------------------------ Theorem 3.3
def _mod2(k: Sequence[int]) -> tuple[int, ...]:
    return tuple(x % 2 for x in k)


def thm33_pairs(n: int, s: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    return [(k, _mod2(k)) for k in leg_vectors(n, s) if max(k) >= 2]


def thm33_sat(n: int, budget: Budget) -> Verdict:
    """Inductive: the leg-pair step for every leg vector with exactly n edges (smaller
    vectors are the steps of smaller sizes)."""
    vectors = [k for k in leg_vectors(n) if max(k) >= 2]
    return _outleg_check(n, budget, lambda s: thm33_pairs(n, s), None,
                         "caterpillar with a leg count >= 2", vectors=vectors)


def thm33_brute(n: int, budget: Budget) -> Verdict:
    for s in range(1, n + 2):
        for k, k2 in thm33_pairs(n, s):
            if brute_p_count(k) != brute_p_count(k2):
                return Verdict.refuted(cat_text(k))
    return Verdict.holds()


def thm33_confirm(n: int, cex: str) -> bool:
    k = parse_cat(cex)
    return len(k) - 1 + sum(k) == n and brute_p_count(k) != brute_p_count(_mod2(k))


# ------------------------------------------------------------------ Corollary 3.4
def cor34_even(n: int, s: int) -> list[tuple[int, ...]]:
    return [k for k in leg_vectors(n, s) if all(x % 2 == 0 for x in k) and max(k) > 0]


def cor34_odd(n: int, s: int) -> list[tuple[int, ...]]:
    return [k for k in leg_vectors(n, s) if all(x % 2 == 1 for x in k)]


def cor34_sat(n: int, budget: Budget) -> Verdict:
    return _outleg_check(
        n, budget,
        lambda s: [(k, (0,) * s) for k in cor34_even(n, s)],
        lambda s: cor34_odd(n, s),
        "caterpillar with all leg counts even (and one > 0) or all odd",
    )


def cor34_brute(n: int, budget: Budget) -> Verdict:
    for s in range(1, n + 2):
        for k in cor34_even(n, s):
            if brute_p_count(k) != brute_path_p_count(s):
                return Verdict.refuted(cat_text(k))
        for k in cor34_odd(n, s):
            p = _first_p(cat_graph(k))
            if p is not None:
                return Verdict.refuted(_fmt(p))
    return Verdict.holds()


def cor34_confirm(n: int, cex: str) -> bool:
    if cex.startswith("cat("):
        k = parse_cat(cex)
        return (len(k) - 1 + sum(k) == n and all(x % 2 == 0 for x in k)
                and brute_p_count(k) != brute_path_p_count(len(k)))
    from cgsat.games.timber import parse

    p = parse(cex)
    g = nx.Graph(list(p))
    odd = any(nx.is_isomorphic(g, cat_graph(k)) for s in range(1, n + 2) for k in cor34_odd(n, s))
    return odd and _solver().outcome(p) == "P"


# ------------------------------------------------------------------ Corollary 3.5
def double_brooms(n: int, s: int) -> list[tuple[int, ...]]:
    """``cat(k1, 0, ..., 0, ks)`` with n edges, s >= 2, up to reversal (k1 <= ks)."""
    if s < 2:
        return []
    legs = n - (s - 1)
    return [
        (k1,) + (0,) * (s - 2) + (legs - k1,)
        for k1 in range(0, legs + 1)
        if k1 <= legs - k1 and legs >= 0
    ]


def cor35_path(k: Sequence[int]) -> int:
    """The number of path vertices the corollary predicts: s + k1 mod 2 + ks mod 2."""
    return len(k) + k[0] % 2 + k[-1] % 2


def cor35_pairs(n: int, s: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    return [(k, _mod2(k)) for k in double_brooms(n, s) if _mod2(k) != k]


def cor35_sat(n: int, budget: Budget) -> Verdict:
    return _outleg_check(n, budget, lambda s: cor35_pairs(n, s), None,
                         "double broom with a leg count >= 2")


def cor35_brute(n: int, budget: Budget) -> Verdict:
    for s in range(2, n + 2):
        for k in double_brooms(n, s):
            if brute_p_count(k) != brute_path_p_count(cor35_path(k)):
                return Verdict.refuted(cat_text(k))
    return Verdict.holds()


def cor35_confirm(n: int, cex: str) -> bool:
    k = parse_cat(cex)
    return (len(k) >= 2 and len(k) - 1 + sum(k) == n and not any(k[1:-1])
            and brute_p_count(k) != brute_path_p_count(cor35_path(k)))


# ------------------------------------------------------------------ even edges (2019)
def _all_trees(n: int) -> list[nx.Graph]:
    from cgsat.games.oriented import trees

    return list(trees(n))


def even_edges_sat(n: int, budget: Budget) -> Verdict:
    """Odd n: one instance, every tree's full kernel, asking for some P-position (UNSAT
    holds). Even n: one instance per tree asking for a P-position; each model is replayed
    by the direct solver."""
    from cgsat.encodings.timber_trees import (
        add_tree_kernel,
        followers,
        orientation_literals,
        tree_shape,
    )
    from cgsat.verify.solve import solve_cnf
    from cgsat.verify.solvers import SolverDisagreement

    if n % 2 == 1:
        pool, cnf = IDPool(), _buffer()
        roots = []
        for idx, g in enumerate(_all_trees(n)):
            shape = tree_shape(g.edges())
            lits = orientation_literals(pool, shape, tag=("o", idx))
            kern = add_tree_kernel(pool, cnf, followers(shape), lits, tag=("T", idx))
            roots.append((kern.p[0], shape, lits))
        cnf.add_clause([r for r, _, _ in roots])

        def decode(true: set[int]) -> Verdict:
            for r, shape, lits in roots:
                if r in true:
                    return Verdict.refuted(_arcs_from_model(shape.edges, lits, true))
            return Verdict.unknown("SAT model names no tree (internal error)")

        return _sat_verdict(cnf, budget, decode, detail=f"{len(roots)} trees")
    from cgsat.verify.certificates import combine

    vars_, clauses, solver_name, certs = 0, 0, budget.solver, []
    for g in _all_trees(n):
        pool, cnf = IDPool(), _buffer()
        shape = tree_shape(g.edges())
        lits = orientation_literals(pool, shape)
        kern = add_tree_kernel(pool, cnf, followers(shape), lits)
        cnf.add_clause([kern.p[0]])
        out = solve_cnf(cnf, budget)
        vars_, clauses, solver_name = vars_ + cnf.nv, clauses + len(cnf), out.solver
        certs.append(out.certificate)
        if not out.sat:
            return Verdict.refuted("tree:" + shape.text(),
                                   instance={"vars": vars_, "clauses": clauses},
                                   solver=out.solver, certificate=out.certificate)
        from cgsat.games.timber import parse

        witness = _arcs_from_model(shape.edges, lits, out.true_vars())
        if n and _solver().outcome(parse(witness)) != "P":
            raise SolverDisagreement(f"SAT says {witness} is a P-position, play says N")
    return Verdict.holds(instance={"vars": vars_, "clauses": clauses}, solver=solver_name,
                         certificate=combine(certs),
                         detail="every tree has a P-position (SAT witness, replayed)")


def even_edges_brute(n: int, budget: Budget) -> Verdict:
    solver = _solver()
    for g in _all_trees(n):
        if n % 2 == 0:
            if _first_p(g) is None:
                return Verdict.refuted("tree:" + " ".join(f"{u}-{v}" for u, v in g.edges()))
        else:
            for p in _orientations(g):
                if solver.outcome(p) == "P":
                    return Verdict.refuted(_fmt(p))
    return Verdict.holds()


def even_edges_confirm(n: int, cex: str) -> bool:
    if cex.startswith("tree:"):
        g = nx.Graph([tuple(e.split("-")) for e in cex[5:].split()])
        return n % 2 == 0 and g.number_of_edges() == n and nx.is_tree(g) and _first_p(g) is None
    from cgsat.games.timber import parse

    p = parse(cex)
    g = nx.Graph(list(p))
    return (n % 2 == 1 and g.number_of_edges() == n and nx.is_tree(g)
            and _solver().outcome(p) == "P")


# ------------------------------------------------------------------ the claims
_PARAM = "n = number of edges; every caterpillar cat(k1,...,ks) with n edges (all s, all k)"
_LEMMA31 = (
    " Together with Lemma 3.1 of The Game of timber! (a configuration with a leg pointing "
    "to the spine is an N-position: toppling that leg leaves the empty position), this "
    "covers every configuration."
)
_OUTLEG = (
    "Encoding: caterpillars with all legs pointing out, every spine orientation at once; "
    "legs at a spine vertex are identified up to symmetry (a follower is a spine interval "
    "and the number of legs left at each of its vertices). Leg counts are reduced mod 2 "
    "by the inductive leg-pair check on every follower's leg vector (local checks, all "
    "UNSAT), then the kernel of the reduced caterpillars is solved where needed."
)
_BRUTE = (
    "Exhaustive play (direct solver, games.timber) on every orientation of every "
    "caterpillar in scope."
)

CLAIMS: list[Claim] = [
    Claim(
        id="caterpillars.thm3.1",
        paper=PAPER,
        theorem="Theorem 3.1",
        statement="If a caterpillar has a leaf whose out-degree in D is 1, D is not a P-position.",
        kind="theorem",
        parameter="n = number of edges; every caterpillar tree with n edges (up to isomorphism)",
        base=1,
        quick_bound=8,
        target_bound=16,
        methods=(
            Method("sat", thm31_sat,
                   "UNSAT at n: for every caterpillar tree with n edges (up to isomorphism) "
                   "and every orientation, a leaf arc pointing away from its leaf excludes "
                   "a P-position. The instance is the depth-1 relaxation of the tree "
                   "kernel (conditions of the root and the empty position only), whose "
                   "UNSAT implies that of the full kernel.", uses_solver=True),
            Method("brute", thm31_brute, max_n=9, scope=
                   "Exhaustive play on every orientation of every caterpillar tree with n "
                   "edges that has a leaf arc pointing away from its leaf: all are N."),
        ),
        confirm=thm31_confirm,
        notes="A special case of Lemma 3.1 of The Game of timber! (timber.lem3.1).",
    ),
    Claim(
        id="caterpillars.thm3.2",
        paper=PAPER,
        theorem="Theorem 3.2",
        statement="No configuration of a caterpillar 1, cat(1,...,1), is a P-position.",
        kind="theorem",
        parameter="n = number of edges; cat(1,...,1) with s spine vertices has n = 2s - 1",
        base=1,
        quick_bound=11,
        target_bound=23,
        methods=(
            Method("sat", thm32_sat,
                   "UNSAT at odd n: cat(1,...,1) with s = (n+1)/2 has no P-position with all "
                   "legs out, under any spine orientation. " + _OUTLEG + _LEMMA31
                   + " Even n: vacuous (no caterpillar 1 has an even number of edges).",
                   uses_solver=True),
            Method("brute", thm32_brute, max_n=13, scope=
                   "Exhaustive play on every orientation of cat(1,...,1) with n edges "
                   "(odd n); vacuous at even n."),
        ),
        confirm=thm32_confirm,
        notes="At even n no caterpillar 1 exists; those sizes hold vacuously.",
    ),
    Claim(
        id="caterpillars.thm3.3",
        paper=PAPER,
        theorem="Theorem 3.3",
        statement="#P(cat(k1,...,ks)) = #P(cat(k1 mod 2, ..., ks mod 2)).",
        kind="theorem",
        parameter=_PARAM,
        base=1,
        quick_bound=8,
        target_bound=14,
        methods=(
            Method("sat", thm33_sat, uses_solver=True, scope=(
                "Inductive. UNSAT at n: for every leg vector a with n edges (up to reversal) "
                "and every vertex x with a_x >= 2, the local check of 'two legs at x "
                "cancel' (kernel conditions at cat(a) and cat(a - 2e_x), the statement on "
                "smaller pairs as hypothesis) fails, under every spine orientation, legs "
                "out. With every smaller size this proves, for every k with at most n "
                "edges, that cat(k) and cat(k mod 2) with all legs out are P-positions under "
                "the same spine orientations, hence equal counts. " + _LEMMA31
                + " If the induction fails, a kernel miter decides (and counts).")),
            Method("brute", thm33_brute, max_n=9, scope=
                   "Counts the P-positions of cat(k) and cat(k mod 2) by exhaustive play on "
                   "every orientation, for every k with n edges and some k_i >= 2."),
        ),
        confirm=thm33_confirm,
        notes="Leg vectors with every k_i <= 1 make the statement trivial and are skipped. "
              "The SAT method proves the stronger pointwise statement (same spine "
              "orientations); if that failed, it counts before declaring a refutation.",
    ),
    Claim(
        id="caterpillars.cor3.4",
        paper=PAPER,
        theorem="Corollary 3.4",
        statement="(i) every k_i even: #P(cat(k)) = #P(path with s vertices); "
                  "(ii) every k_i odd: #P(cat(k)) = 0.",
        kind="corollary",
        parameter=_PARAM,
        base=1,
        quick_bound=8,
        target_bound=15,
        methods=(
            Method("sat", cor34_sat,
                   "UNSAT at n: (i) for every all-even k with n edges (some k_i > 0) and every "
                   "spine orientation, cat(k) with all legs out is a P-position iff the bare "
                   "spine (the path with s vertices) is; (ii) no all-odd cat(k) with n edges "
                   "is a P-position with all legs out. " + _OUTLEG + _LEMMA31,
                   uses_solver=True),
            Method("brute", cor34_brute, max_n=10, scope=
                   "Exhaustive play: (i) counts P-positions of cat(k) and of the path with s "
                   "vertices; (ii) searches every orientation of each all-odd cat(k)."),
        ),
        confirm=cor34_confirm,
        notes="In (i) the vector of zeros (the path itself) is skipped as trivial.",
    ),
    Claim(
        id="caterpillars.cor3.5",
        paper=PAPER,
        theorem="Corollary 3.5",
        statement="A double broom cat(k1,0,...,0,ks), s >= 2, has as many P-positions as "
                  "the path with s + (k1 mod 2) + (ks mod 2) vertices.",
        kind="corollary",
        parameter="n = number of edges; every double broom cat(k1,0,...,0,ks) with s >= 2 "
                  "and n edges",
        base=1,
        quick_bound=9,
        target_bound=36,
        methods=(
            Method("sat", cor35_sat,
                   "UNSAT at n: for every double broom with n edges, s >= 2 and k1 or ks >= 2, "
                   "and every spine orientation, it is a P-position with all legs out iff "
                   "cat(k1 mod 2, 0, ..., 0, ks mod 2) (that path) is. " + _OUTLEG + _LEMMA31
                   + " Brooms whose legs are all 0 or 1 are the path itself (trivial).",
                   uses_solver=True),
            Method("brute", cor35_brute, max_n=12, scope=
                   "Counts P-positions of each double broom with n edges (s >= 2) and of the "
                   "predicted path, by exhaustive play."),
        ),
        confirm=cor35_confirm,
        notes="Restricted to s >= 2: for s = 1, cat(1) (one edge) has no P-position but the "
              "formula predicts the path with 3 vertices, which has one (LR). With s = 1 "
              "the paper's k1 and ks are the same number.",
    ),
    Claim(
        id="caterpillars.even-edges",
        paper=FOLLOWUP,
        theorem="Furtado et al. 2019 (even edges)",
        statement="A tree has a P-position if and only if it has an even number of edges.",
        kind="theorem",
        parameter="n = number of edges; every tree with n edges (up to isomorphism)",
        base=1,
        quick_bound=8,
        target_bound=10,
        methods=(
            Method("sat", even_edges_sat,
                   "Odd n: UNSAT of one instance with the full kernel of every tree with n "
                   "edges, asking for a P-position. Even n: for every tree with n edges a SAT "
                   "model (an orientation that is a P-position), replayed by the direct "
                   "solver.", uses_solver=True),
            Method("brute", even_edges_brute, max_n=10, scope=
                   "Exhaustive play: at even n finds a P-orientation of every tree with n "
                   "edges; at odd n checks that no orientation of any tree is P."),
        ),
        confirm=even_edges_confirm,
        notes="At even n a 'holds' is an existence result (one witness per tree, replayed), "
              "not an UNSAT answer.",
    ),
]
