"""The SAT methods of the caterpillar claims.

Instances come from :mod:`cgsat.encodings.caterpillars` (all-legs-out caterpillars with
legs up to symmetry, every spine orientation at once) or :mod:`cgsat.encodings.timber_trees`
(every orientation of a tree shape), and are solved through :mod:`cgsat.sat.solve`:

- Theorem 3.3 and Corollaries 3.4 (i) and 3.5 are proved through the inductive leg-pair
  check ("two legs at one spine vertex cancel", one small instance per leg vector and
  vertex); Theorem 3.3's check at n covers the leg vectors with exactly n edges, so it is
  inductive relative to the smaller sizes;
- Theorem 3.2 and Corollary 3.4 (ii) then solve the kernel of the reduced caterpillars
  (``cat(1, ..., 1)``), with the spine's reversal symmetry broken;
- Theorem 3.1 uses the depth-1 relaxation of the tree kernel, the even-edges theorem the
  full tree kernel of every tree.

With Lemma 3.1 of *The Game of timber!* (an inward leg makes an N-position), the
P-positions of a caterpillar are its spine orientations, all legs out, that are
P-positions; so equal P-sets of spine orientations give equal counts, and no P-position
with all legs out means no P-position at all.

References
----------
.. [1] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber Game with
   Caterpillars*, Theorems 3.1-3.3, Corollaries 3.4-3.5.
.. [2] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber game as a counting
   problem*, Discrete Applied Mathematics 261 (2019).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import networkx as nx
from pysat.formula import IDPool

from cgsat.cgt.impartial import solver_for
from cgsat.claims import Budget, Verdict
from cgsat.encodings.caterpillars import (
    add_outleg_kernel,
    add_outleg_miter,
    leg_pair_checks,
    leg_vectors_of,
    outleg_states,
)
from cgsat.encodings.timber_trees import (
    TreeShape,
    add_tree_kernel,
    caterpillar,
    followers,
    orientation_literals,
    tree_shape,
)
from cgsat.games import get_ruleset
from cgsat.games.timber import format as fmt
from cgsat.games.timber import make_position, parse
from cgsat.papers.caterpillars.legs import (
    LegVector,
    Pair,
    all_trees,
    cat_text,
    caterpillar_one,
    caterpillar_trees,
    cor34_even,
    cor34_odd,
    cor35_pairs,
    leg_vectors,
    mod2,
    thm33_pairs,
)
from cgsat.papers.timber.trees.sat import LEMMA31_CONTROLS, leaf_arc_sat
from cgsat.papers.timber.trees.sat import Oracle as NimOracle
from cgsat.sat.solve import Control, SatRun, expect_sat
from cgsat.sat.solvers import SolverDisagreement

if TYPE_CHECKING:  # types only
    from cgsat.encodings.cnf import ClauseBuffer, Sink
    from cgsat.sat.solve import LiveSolver

__all__ = [
    "Oracle",
    "KERNEL_CONTROLS",
    "PAIR_CONTROLS",
    "kernel_check",
    "outleg_check",
    "thm31_sat",
    "THM31_CONTROLS",
    "thm32_sat",
    "thm33_sat",
    "cor34_sat",
    "cor35_sat",
    "EVEN_EDGES_CONTROLS",
    "even_edges_sat",
]

Oracle = Callable[[str], bool]
"""``oracle(position) -> is P``: the direct solver on an oriented tree in ``timber`` syntax
(:func:`cgsat.papers.caterpillars.brute.is_p`), passed in by the claims."""


def _true_vars(model: Sequence[int]) -> set[int]:
    """The variables a model sets true."""
    return {lit for lit in model if lit > 0}


def _arcs_from_model(edges: Sequence[tuple], lits: Sequence[int], true: set[int]) -> str:
    """The orientation of ``edges`` that a model gives (true literal: ``u > v``)."""
    arcs = [(u, v) if lit in true else (v, u) for (u, v), lit in zip(edges, lits, strict=True)]
    return fmt(make_position(arcs))


def _outleg_text(k: Sequence[int], spine_true: Sequence[bool]) -> str:
    """The all-legs-out ``cat(k)`` with the given spine orientation, as Timber arcs."""
    shape = caterpillar(k)
    arcs = []
    for i, (u, v) in enumerate(shape.edges):
        if i < len(k) - 1:
            arcs.append((u, v) if spine_true[i] else (v, u))
        else:
            arcs.append((u, v))  # legs go from the spine to the leaf
    return fmt(make_position(arcs))


# ------------------------------------------------------------------ the outleg checks
def _pair_vectors(roots_for: dict[int, set[LegVector]]) -> list[LegVector]:
    """Every leg vector of a follower state of the all-legs-out caterpillars with these
    roots (intervals read from their first vertex), up to reversal."""
    out: set[LegVector] = set()
    for s, roots in roots_for.items():
        for a in leg_vectors_of(outleg_states(s, sorted(roots))):
            out.add(min(a, a[::-1]))
    return sorted(out)


def _bits(run: SatRun, m: int) -> str:
    """One seeded random orientation of ``m`` spine edges ("1": ``v_t > v_{t+1}``)."""
    return run.samples(lambda rng: "".join(rng.choice("01") for _ in range(m)), 1)[0]


def _pair_induction(run: SatRun, vectors: list[LegVector]) -> tuple[str | None, int]:
    """Solve the inductive leg-pair checks of ``vectors``; return (failure, checks).

    For each leg vector and each vertex with at least two legs, two legs there cancel
    (:func:`cgsat.encodings.caterpillars.leg_pair_checks`). Each local check is its own
    small instance; all UNSAT (failure None) proves the induction step for these vectors.
    A vector and its reversal have the same check up to renaming the spine variables, so
    vectors are taken up to reversal. The first satisfiable check stops the loop.

    The "tops differ" goal of each check is behind its selector (variable ``len(a)``); an
    UNSAT check counts after its control: with the selector off (the tops equal) and the
    spine fixed to a seeded random orientation, the check must be SAT (the true kernel
    values satisfy it). The local check is a relaxation, so the control cannot compare
    its values with the direct solver.
    """
    checks = 0
    for a, x, clauses in leg_pair_checks(vectors, selector=True):
        sink, pool = run.new()
        for t in range(len(a) - 1):  # names for export-cnf's variable map: variable t + 1
            pool.id(("spine", t, cat_text(a)))  # true: spine edge v_t > v_{t+1}
        pool.id(("selector", "goal", f"vertex {x + 1}"))  # variable len(a)
        for clause in clauses:
            sink.add_clause(clause)
        checks += 1
        sel = len(a)
        if run.solve(sink, [sel]) is not None:
            return f"the inductive leg-pair check failed at {cat_text(a)}, vertex {x + 1}", checks
        bits = _bits(run, len(a) - 1)
        fixed = [t + 1 if b == "1" else -(t + 1) for t, b in enumerate(bits)]
        where = f"{cat_text(a)} vertex {x + 1}, spine {bits or '-'}"
        run.control(sink, Control("sample", where, tuple([-sel] + fixed), expect_sat))
    return None, checks


def _count_outleg(s: int, k: LegVector, budget: Budget) -> int:
    """#P(cat(k)): the spine orientations making the all-legs-out cat(k) a P-position."""
    run = SatRun(budget)
    sink, pool = run.new()
    kern = add_outleg_kernel(pool, sink, s, [k])
    count = 0
    for bits in itertools.product([False, True], repeat=s - 1):
        lits = [x if b else -x for x, b in zip(kern.spine_lits, bits, strict=False)]
        if run.solve(sink, lits + [kern.root(k)]) is not None:
            count += 1
    return count


def _canonical(bits: str, broken: bool) -> str:
    """The spine orientation ``bits`` or its mirror, whichever the reversal symmetry
    breaking keeps (``bits <= mirror``, "0" before "1"), when ``broken``."""
    if not broken:
        return bits
    mirror = "".join("0" if b == "1" else "1" for b in reversed(bits))
    return min(bits, mirror)


def _kernel_stage(
    run: SatRun,
    budget: Budget,
    pairs: dict[int, list[Pair]],
    lonely: dict[int, list[LegVector]],
    oracle: Oracle | None = None,
) -> tuple[Verdict | None, int]:
    """Solve one :func:`~cgsat.encodings.caterpillars.add_outleg_miter` instance; return
    (None if UNSAT, else the decoded refuted/unknown verdict; the number of statements).

    A model naming a lonely caterpillar refutes with its P-position; a model naming a
    differing pair has the P-positions of both counted, and refutes only if the counts
    differ (the SAT method proves the pointwise statement, the claim is about counts).

    The goal is behind a selector, and an UNSAT answer counts after its controls
    (:data:`KERNEL_CONTROLS`).
    """
    sink, pool = run.new()
    goal, y = pool.id(("selector", "goal")), pool.id(("selector", "toggled case"))
    miter = add_outleg_miter(pool, sink, pairs, lonely, selector=goal)
    if not miter.total:
        return None, 0
    items: list[tuple[int, tuple[LegVector, ...]]] = [(len(k), (k,)) for _, k, _ in miter.roots]
    items += [(s, (k, k2)) for _, s, k, k2 in miter.pairs]
    broken = _broken(pairs, lonely)
    s0, vecs0 = items[0]
    kern0 = miter.kernels[s0]
    r0 = _canonical(_bits(run, s0 - 1), broken[s0])
    for lit in _fix(kern0.spine_lits, r0):
        sink.add_clause([-y, lit])
    a, b = kern0.root(vecs0[0]), kern0.root(vecs0[-1])
    if len(vecs0) == 1:
        sink.add_clause([-y, -a])  # the claim toggled at r0: cat(k) is P there
    else:
        sink.add_clause([-y, a, -b])  # the claim toggled at r0: the pair differs there
        sink.add_clause([-y, -a, b])
    model = run.solve(sink, [goal, -y])
    if model is None:
        _kernel_controls(run, sink, miter, items, broken, (goal, y), r0, oracle)
        return None, miter.total
    true = _true_vars(model)
    for r, k, spine in miter.roots:
        if r in true:
            return Verdict.refuted(_outleg_text(k, [x in true for x in spine])), miter.total
    for d, s, k, k2 in miter.pairs:
        if d not in true:
            continue
        c1, c2 = _count_outleg(s, k, budget), _count_outleg(s, k2, budget)
        if c1 != c2:
            return Verdict.refuted(
                cat_text(k), detail=f"{cat_text(k)} has {c1} P-positions, "
                f"{cat_text(k2)} has {c2}"
            ), miter.total
        return Verdict.unknown(
            f"{cat_text(k)} and {cat_text(k2)} differ spine by spine but have equal "
            "P-counts; the SAT method proves only the pointwise statement"
        ), miter.total
    return Verdict.unknown("SAT model names no caterpillar (internal error)"), miter.total


def _broken(pairs: dict[int, list[Pair]], lonely: dict[int, list[LegVector]]) -> dict[int, bool]:
    """Spine length -> whether :func:`add_outleg_miter` breaks the reversal symmetry there
    (``s > 2`` and every leg vector of that length palindromic)."""
    out = {}
    for s in set(pairs) | set(lonely):
        roots = {k for pair in pairs.get(s, []) for k in pair} | set(lonely.get(s, []))
        out[s] = s > 2 and all(k == k[::-1] for k in roots)
    return out


def _fix(lits: Sequence[int], bits: str) -> list[int]:
    """Assumptions fixing spine literals to ``bits`` ("1": the literal true)."""
    return [x if b == "1" else -x for x, b in zip(lits, bits, strict=True)]


def _kernel_controls(run: SatRun, sink: ClauseBuffer | LiveSolver, miter: Any,
                     items: list[tuple[int, tuple[LegVector, ...]]], broken: dict[int, bool],
                     selectors: tuple[int, int], r0: str, oracle: Oracle | None) -> None:
    """The controls of an UNSAT kernel instance: samples (statement, spine orientation)
    whose root literals must equal the direct solver's outcomes, and the toggled case at
    ``r0`` (of the first statement), which must be SAT at exactly r0."""
    goal, y = selectors

    def draw(rng: Any) -> str:
        """A random statement of the instance and a random spine orientation, 'i:bits'."""
        i = rng.randrange(len(items))
        s = items[i][0]
        return f"{i}:" + _canonical("".join(rng.choice("01") for _ in range(s - 1)), broken[s])

    def sample(pick: str) -> Control:
        """One sample control: the kernel's roots at this spine orientation against play."""
        i, bits = pick.split(":")
        s, vecs = items[int(i)]
        kern = miter.kernels[s]
        spine = [b == "1" for b in bits]
        texts = [_outleg_text(k, spine) for k in vecs]
        expected = [oracle(t) for t in texts]  # type: ignore[misc]  # run only with an oracle

        def check(true: set[int] | None) -> str | None:
            """SAT at exactly this spine, with the direct solver's outcomes at the roots."""
            if true is None:
                return "the instance is UNSAT with the spine fixed and the goal off"
            if [x in true for x in kern.spine_lits] != spine:
                return "the model decodes to another spine orientation"
            for k, text, want in zip(vecs, texts, expected, strict=True):
                got = kern.root(k) in true
                if got != want:
                    return (f"the kernel says {text} is {'P' if got else 'N'}, the direct "
                            f"solver {'P' if want else 'N'}")
            return None

        return Control("sample", texts[0], tuple([-goal, -y] + _fix(kern.spine_lits, bits)),
                       check)

    s0, vecs0 = items[0]
    kern0 = miter.kernels[s0]
    position0 = _outleg_text(vecs0[0], [b == "1" for b in r0])

    def toggled(true: set[int] | None) -> str | None:
        """SAT at exactly r0."""
        if true is None:
            return "the instance is UNSAT with the claim toggled there"
        found = "".join("1" if x in true else "0" for x in kern0.spine_lits)
        return None if found == r0 else f"the model decodes to spine {found}"

    for pick in (run.samples(draw) if oracle else []):
        run.control(sink, sample(pick))
    run.control(sink, Control("toggled", position0, (-goal, y), toggled))


KERNEL_CONTROLS = (
    "Controls on each kernel instance (when it is UNSAT): budget.controls random "
    "(statement, spine orientation) pairs (the orientation replaced by its mirror where "
    "the instance breaks the reversal symmetry), fixed through the spine variables with "
    "the goal's selector off, must give a model whose root literals say P exactly when "
    "the direct solver does on the all-legs-out caterpillars (brute.is_p); and with the "
    "claim toggled at one random spine orientation r0 of the first statement (a selector "
    "adding 'cat(k) is N', resp. 'the pair agrees', at r0), the instance must be SAT at "
    "exactly r0."
)
"""What the controls of the kernel instances check."""

PAIR_CONTROLS = (
    "Controls on each local leg-pair check (when it is UNSAT): with its goal's selector "
    "off (the two tops equal) and the spine fixed to a seeded random orientation, the "
    "check must be SAT (the true kernel values satisfy it). The local check is a "
    "relaxation (options not bound by their own kernel conditions), so its values "
    "cannot be compared with the direct solver; this control only shows the instance can "
    "say yes."
)
"""What the controls of the inductive leg-pair checks check."""


def _finish(run: SatRun, found: Verdict | None, notes: list[str]) -> Verdict:
    """The method's verdict: ``found`` (refuted or unknown) with the run's sizes, else holds."""
    detail = "; ".join(notes) or None
    if found is None:
        return run.verdict(detail=detail)
    if found.status == "refuted":
        extra = "; ".join(x for x in (detail, found.detail) if x) or None
        return run.verdict(counterexample=found.counterexample, detail=extra)
    return run.verdict(unknown=found.reason, detail=detail)


def kernel_check(
    n: int,
    budget: Budget,
    pairs: dict[int, list[Pair]],
    lonely: dict[int, list[LegVector]],
    what: str,
    oracle: Oracle | None = None,
) -> Verdict:
    """One kernel instance over every spine length: asks for a spine orientation and
    either a pair whose all-legs-out caterpillars differ (a miter) or a ``lonely`` leg
    vector whose all-legs-out caterpillar is a P-position. UNSAT holds.

    Parameters
    ----------
    n : int
        Number of edges (for the message when there is no statement).
    budget : Budget
    pairs : dict
        Spine length -> pairs ``(k, k2)`` claimed to have the same P-positions.
    lonely : dict
        Spine length -> leg vectors claimed to have no P-position.
    what : str
        What the statements are about (for the vacuous message).
    oracle : callable or None
        The direct solver for the sample controls (:data:`KERNEL_CONTROLS`; None: only the
        toggled control).

    Returns
    -------
    Verdict
        Refuted with a P-position, or with ``cat(k)`` when the P-counts of a pair differ.

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorems 3.2-3.3, Corollaries
    3.4-3.5.
    """
    run = SatRun(budget)
    found, total = _kernel_stage(run, budget, pairs, lonely, oracle)
    if not total:
        return Verdict.vacuous(f"no {what} has {n} edges")
    return _finish(run, found, [f"kernel: {total} leg vectors"])


def outleg_check(
    n: int,
    budget: Budget,
    pairs_for: Callable[[int], list[Pair]] | None,
    no_p_for: Callable[[int], list[LegVector]] | None,
    what: str,
    vectors: list[LegVector] | None = None,
    oracle: Oracle | None = None,
) -> Verdict:
    """SAT over every spine length s = 1 .. n + 1 (all-legs-out caterpillars).

    The statements are: for each pair ``(k, k')`` from ``pairs_for(s)`` (where ``k'`` is
    ``k`` with legs removed two at a time), ``#P(cat(k)) = #P(cat(k'))``; for each ``k``
    from ``no_p_for(s)``, ``cat(k)`` has no P-position.

    1. Inductive stage: on every follower state of these caterpillars (or, if given, on
       the leg vectors ``vectors`` only, the rest being covered by smaller sizes), two
       legs at one spine vertex cancel (UNSAT proves it by induction on the number of
       edges). Then ``cat(k)`` and ``cat(k')`` are P-positions under the same spine
       orientations, and ``cat(k)`` is a P-position iff ``cat(k mod 2)`` is.
    2. Kernel stage, for ``no_p_for``: one kernel over every s for the reduced roots
       ``k mod 2``; UNSAT of "some reduced root is a P-position".

    If the inductive stage does not go through, the kernel is used for everything: a
    miter asks for a spine orientation on which ``cat(k)`` and ``cat(k')`` differ; if it
    finds one, the P-positions are counted to decide the claim. With Lemma 3.1 of *The
    Game of timber!* (an inward leg makes an N-position), equal P-sets of spine
    orientations give equal counts, and no P-position with all legs out means no
    P-position at all.

    Parameters
    ----------
    n : int
        Number of edges.
    budget : Budget
    pairs_for, no_p_for : callable or None
        Spine length -> the pairs, resp. the leg vectors without P-position, at n edges.
    what : str
        What the statements are about (for the vacuous message).
    vectors : list or None
        The leg vectors of the inductive stage (default: every follower's).
    oracle : callable or None
        The direct solver for the kernel instances' sample controls
        (:data:`KERNEL_CONTROLS`; the local checks have :data:`PAIR_CONTROLS`).

    Returns
    -------
    Verdict
        The instance shown is the largest solved (local checks and kernels).

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorems 3.2-3.3, Corollaries
    3.4-3.5; Nowakowski et al., *The Game of timber!*, Lemmas 3.1 and 3.3.
    """
    pairs = {s: pairs_for(s) if pairs_for else [] for s in range(1, n + 2)}
    lonely = {s: no_p_for(s) if no_p_for else [] for s in range(1, n + 2)}
    total = sum(len(v) for v in pairs.values()) + sum(len(v) for v in lonely.values())
    if not total:
        return Verdict.vacuous(f"no {what} has {n} edges")
    for ps in pairs.values():
        for k, k2 in ps:
            assert all(x >= y and (x - y) % 2 == 0 for x, y in zip(k, k2, strict=True)), (k, k2)
    need = {
        s: {k for k, _ in pairs[s]} | {k for k in lonely[s] if mod2(k) != k}
        for s in pairs
    }
    need = {s: ks for s, ks in need.items() if ks and any(max(k) >= 2 for k in ks)}
    if vectors is None:
        vectors = _pair_vectors(need) if need else []
    run = SatRun(budget)
    notes: list[str] = []
    if vectors:
        failure, checks = _pair_induction(run, vectors)
        notes.append(f"induction: two legs cancel, {checks} local checks")
        if failure is not None:
            # fall back to the full kernel for every statement
            found, kernel_total = _kernel_stage(run, budget, pairs, lonely, oracle)
            notes += [failure, f"kernel: {kernel_total} leg vectors"]
            return _finish(run, found, notes)
    reduced = {s: sorted({mod2(k) for k in ks}) for s, ks in lonely.items()}
    if not any(reduced.values()):
        return _finish(run, None, notes)
    found, kernel_total = _kernel_stage(run, budget, {}, reduced, oracle)
    if found is not None and found.status == "refuted":
        # a reduced root is a P-position: by the (proved) leg-pair stage, so is every
        # original root with that parity pattern; report the smallest original one
        found, kernel_total = _kernel_stage(run, budget, {}, lonely, oracle)
    notes.append(f"kernel: {kernel_total} leg vectors")
    return _finish(run, found, notes)


# ------------------------------------------------------------------ the claims
def thm31_sat(n: int, budget: Budget, oracle: NimOracle | None = None,
              chunk: int | None = None) -> Verdict:
    """Every caterpillar tree with n edges: no P-position has a leaf arc pointing away
    from its leaf (UNSAT of the depth-1 relaxation of the tree kernel, which implies the
    full kernel's), in instances of at most ``chunk`` trees each (None: one instance).

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorem 3.1 (the check is
    ``leaf_arc_sat`` of *The Game of timber!*, Lemma 3.1, with its controls; ``oracle``
    is the direct solver, ``oracle(position) -> (nim-value, misère P)``).
    """
    return leaf_arc_sat(caterpillar_trees(n), budget, oracle=oracle, chunk=chunk)


THM31_CONTROLS = LEMMA31_CONTROLS
"""What the controls of :func:`thm31_sat` check (those of ``leaf_arc_sat``)."""


def thm32_sat(n: int, budget: Budget, oracle: Oracle | None = None) -> Verdict:
    """No spine orientation makes the all-legs-out ``cat(1, ..., 1)`` with n edges a
    P-position (vacuous at even n).

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorem 3.2.
    ``oracle`` (``oracle(position) -> is P``, the direct solver) feeds the controls.
    """
    return outleg_check(n, budget, None, lambda s: caterpillar_one(n, s), "caterpillar 1",
                        oracle=oracle)


def thm33_sat(n: int, budget: Budget, oracle: Oracle | None = None) -> Verdict:
    """Inductive: the leg-pair step for every leg vector with exactly n edges (smaller
    vectors are the steps of smaller sizes).

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorem 3.3.
    ``oracle`` (``oracle(position) -> is P``, the direct solver) feeds the controls.
    """
    vectors = [k for k in leg_vectors(n) if max(k) >= 2]
    return outleg_check(n, budget, lambda s: thm33_pairs(n, s), None,
                        "caterpillar with a leg count >= 2", vectors=vectors, oracle=oracle)


def cor34_sat(n: int, budget: Budget, oracle: Oracle | None = None) -> Verdict:
    """(i) all-even ``cat(k)`` with n edges is a P-position, all legs out, under exactly
    the spine orientations of the bare spine; (ii) no all-odd one is a P-position.

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Corollary 3.4.
    ``oracle`` (``oracle(position) -> is P``, the direct solver) feeds the controls.
    """
    return outleg_check(
        n, budget,
        lambda s: [(k, (0,) * s) for k in cor34_even(n, s)],
        lambda s: cor34_odd(n, s),
        "caterpillar with all leg counts even (and one > 0) or all odd", oracle=oracle,
    )


def cor35_sat(n: int, budget: Budget, oracle: Oracle | None = None) -> Verdict:
    """Every double broom with n edges and a leg count >= 2 is a P-position, all legs out,
    under exactly the spine orientations of its reduced broom (that path).

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Corollary 3.5.
    ``oracle`` (``oracle(position) -> is P``, the direct solver) feeds the controls.
    """
    return outleg_check(n, budget, lambda s: cor35_pairs(n, s), None,
                        "double broom with a leg count >= 2", oracle=oracle)


def _tree_kernel(
    pool: IDPool, sink: Sink, g: nx.Graph, idx: int
) -> tuple[int, TreeShape, list[int]]:
    """The full kernel of every orientation of the tree ``g`` (variables tagged ``idx``):
    (literal "the tree is a P-position", its shape, its edge literals)."""
    shape = tree_shape(g.edges())
    lits = orientation_literals(pool, shape, tag=("o", idx))
    kern = add_tree_kernel(pool, sink, followers(shape), lits, tag=("T", idx))
    return kern.p[0], shape, lits


def _tree_samples(run: SatRun, sink: ClauseBuffer | LiveSolver,
                  roots: list[tuple[int, TreeShape, list[int]]], goal: int,
                  oracle: Oracle | None) -> None:
    """Sample controls of a tree-kernel instance: seeded random (tree, orientation) pairs,
    fixed through the orientation literals with the goal off, whose kernel root must say P
    exactly when the direct solver does."""
    if oracle is None:
        return

    def draw(rng: Any) -> str:
        """A random tree of the instance and a random orientation of it, 'i:bits'."""
        i = rng.randrange(len(roots))
        return f"{i}:" + "".join(rng.choice("01") for _ in roots[i][2])

    for pick in run.samples(draw):
        i, bits = pick.split(":")
        root, shape, lits = roots[int(i)]
        fixed = _fix(lits, bits)
        position = _arcs_from_model(shape.edges, lits, {x for x in fixed if x > 0})
        want = oracle(position)

        def check(true: set[int] | None, root: int = root, shape: TreeShape = shape,
                  lits: list[int] = lits, position: str = position,
                  want: bool = want) -> str | None:
            """SAT at exactly this orientation, with the direct solver's outcome."""
            if true is None:
                return "the instance is UNSAT with the orientation fixed and the goal off"
            if _arcs_from_model(shape.edges, lits, true) != position:
                return "the model decodes to another orientation"
            got = root in true
            return None if got == want else (
                f"the kernel says {'P' if got else 'N'}, the direct solver "
                f"{'P' if want else 'N'}")

        run.control(sink, Control("sample", position, tuple([-goal] + fixed), check))


EVEN_EDGES_CONTROLS = (
    "Controls: on each instance, budget.controls random (tree, orientation) pairs, fixed "
    "through the orientation variables with the goal's selector off, must give a model "
    "whose kernel root says P exactly when the direct solver does (brute.is_p). Odd n, "
    "also the toggled control: with the claim toggled at one random orientation r0 of the "
    "first tree (a selector adding the case 'r0 is N'), the instance must be SAT at exactly "
    "r0. Even n: each SAT witness is replayed by the direct solver. A failed control "
    "makes the verdict an error."
)
"""What the controls of :func:`even_edges_sat` check."""


def even_edges_sat(n: int, budget: Budget, oracle: Oracle | None = None) -> Verdict:
    """Odd n: one instance, every tree's full kernel, asking for some P-position (UNSAT
    holds). Even n: one instance per tree asking for a P-position; each model is replayed
    by the direct solver. Goals are behind selectors, with the controls of
    :data:`EVEN_EDGES_CONTROLS` (``oracle(position) -> is P``, the direct solver).

    Raises
    ------
    SolverDisagreement
        When a SAT witness at even n is not a P-position by exhaustive play.

    References
    ----------
    Furtado et al., *Timber game as a counting problem* (2019), the even-edges theorem.
    """
    run = SatRun(budget)
    if n % 2 == 1:
        sink, pool = run.new()
        goal, y = pool.id(("selector", "goal")), pool.id(("selector", "toggled case"))
        roots = [_tree_kernel(pool, sink, g, idx) for idx, g in enumerate(all_trees(n))]
        root0, shape0, lits0 = roots[0]
        r0 = _bits(run, len(lits0))
        for lit in _fix(lits0, r0):
            sink.add_clause([-y, lit])
        sink.add_clause([-y, -root0])  # the claim toggled at r0: r0 is N
        sink.add_clause([-goal, y] + [r for r, _, _ in roots])
        model = run.solve(sink, [goal, -y])
        if model is not None:
            true = _true_vars(model)
            for r, shape, lits in roots:
                if r in true:
                    return run.verdict(_arcs_from_model(shape.edges, lits, true))
            return run.verdict(unknown="SAT model names no tree (internal error)")
        _tree_samples(run, sink, roots, goal, oracle)
        position0 = _arcs_from_model(shape0.edges, lits0, {x for x in _fix(lits0, r0) if x > 0})

        def toggled(true: set[int] | None) -> str | None:
            """SAT at exactly r0, by the toggled case."""
            if true is None:
                return "the instance is UNSAT with the claim toggled there"
            if y not in true or any(r in true for r, _, _ in roots):
                return "the model picks another case"
            found = _arcs_from_model(shape0.edges, lits0, true)
            return None if found == position0 else f"the model decodes to {found}"

        run.control(sink, Control("toggled", position0, (goal, y), toggled))
        return run.verdict(detail=f"{len(roots)} trees")
    direct = solver_for(get_ruleset("timber"))
    for idx, g in enumerate(all_trees(n)):
        sink, pool = run.new()
        goal = pool.id(("selector", "goal"))
        root, shape, lits = _tree_kernel(pool, sink, g, idx)
        sink.add_clause([-goal, root])
        model = run.solve(sink, [goal])
        if model is None:
            return run.verdict(counterexample="tree:" + shape.text())
        witness = _arcs_from_model(shape.edges, lits, _true_vars(model))
        if n and direct.outcome(parse(witness)) != "P":
            raise SolverDisagreement(f"SAT says {witness} is a P-position, play says N")
        if lits:
            _tree_samples(run, sink, [(root, shape, lits)], goal, oracle)
    return run.verdict(detail="every tree has a P-position (SAT witness, replayed)")
