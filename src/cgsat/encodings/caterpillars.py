"""Kernel encoding of caterpillars whose legs all point outward, legs up to symmetry.

A caterpillar ``cat(k1, ..., ks)`` (caterpillars paper, §3) has a spine ``v1 ... vs`` and
``k_i`` legs (leaves) at ``v_i``. Here every leg is oriented from the spine to the leaf;
any configuration with a leg pointing to the spine is an N-position (toppling that leg
leaves a single vertex, the empty position: Lemma 3.1 of *The Game of timber!*,
Theorem 3.1 of the caterpillars paper), so the P-positions of a caterpillar are
exactly its spine orientations, with all legs out, that are P-positions.

With all legs out, the legs at one spine vertex are interchangeable, so a follower is
determined up to isomorphism by

- the spine interval ``v_i .. v_j`` that remains (toppling a spine arc keeps the side of
  its tail, with its legs), and
- the number ``a_t`` of legs still standing at each spine vertex of the interval
  (toppling an outward leg removes only that leg).

A follower is the state ``(i, j, a)``; the single vertex with no leg is the empty position.
Spine arcs are Boolean variables (true: ``v_t > v_{t+1}``); leg moves need no condition.
Isomorphic positions have the same outcome, so the kernel conditions on these states are
the kernel conditions of the game. One instance covers every leg vector ``k`` whose states
were generated (``roots``), under every spine orientation at once.

On top of the states, :func:`leg_pair_checks` is an inductive partition-style check of
"two legs at one spine vertex cancel" (Lemma 3.3 of *The Game of timber!* for paths of
length 1): one small instance per leg vector and vertex, with the statement on smaller
pairs as hypothesis. :func:`add_reversal_symmetry_breaking` halves the spine orientations
of palindromic caterpillars. :func:`add_outleg_miter` is the kernel instance of the claims:
some pair of caterpillars differs, or some caterpillar is a P-position, under some spine
orientation.

References
----------
.. [1] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber Game with
   Caterpillars*, §3 (cat(k1, ..., ks); Theorems 3.1-3.3, Corollaries 3.4-3.5).
.. [2] R. J. Nowakowski et al., *The Game of timber!*, Theorems 2.1 (Partition Theorem)
   and Lemma 3.1.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from pysat.formula import IDPool

from cgsat.encodings.gates import adder
from cgsat.encodings.kernel import KernelEncoding, SymbolicMove, add_kernel

if TYPE_CHECKING:  # a type only
    from cgsat.encodings.cnf import Sink

__all__ = ["EMPTY", "OutlegKernel", "OutlegMiter", "OutlegStates", "State", "add_outleg_kernel",
           "add_outleg_miter", "add_reversal_symmetry_breaking", "leg_pair_checks",
           "leg_vectors_of", "outleg_states", "state_moves"]

State = tuple[int, int, tuple[int, ...]]
EMPTY = "empty"


def _norm(i: int, j: int, a: tuple[int, ...]) -> Hashable:
    """The state ``(i, j, a)``, or :data:`EMPTY` for a single vertex with no leg."""
    if i == j and a[0] == 0:
        return EMPTY
    return (i, j, a)


@dataclass
class OutlegStates:
    """The followers of all-legs-out caterpillars with one spine length.

    Attributes
    ----------
    s : int
        Spine length (number of spine vertices).
    states : list
        Every follower: ``(i, j, a)`` or :data:`EMPTY`.
    moves : list of (source, target, spine_edge or None, forward)
        ``spine_edge`` ``t`` is the edge ``v_t v_{t+1}`` (0-based); ``forward`` is the arc
        ``v_t > v_{t+1}``. A leg move has ``spine_edge`` None.
    """

    s: int
    states: list[Hashable]
    moves: list[tuple[Hashable, Hashable, int | None, bool]]

    def symbolic_moves(self, spine_lits: Sequence[int]) -> list[SymbolicMove]:
        """Moves for :func:`cgsat.encodings.kernel.add_kernel`."""
        out: list[SymbolicMove] = []
        for src, tgt, t, forward in self.moves:
            if t is None:
                out.append((src, tgt, []))
            else:
                out.append((src, tgt, [spine_lits[t] if forward else -spine_lits[t]]))
        return out


def add_reversal_symmetry_breaking(
    pool: IDPool, sink: Sink, spine_lits: Sequence[int], tag: Hashable = "lex"
) -> None:
    """Keep only spine orientations ``σ`` with ``σ <= mirror(σ)`` (lexicographically, false
    before true), where ``mirror`` reads the spine backwards: edge ``t`` of the mirror is
    edge ``s - 2 - t`` with its arc reversed.

    Sound for statements about palindromic leg vectors (``k`` equal to its reversal): the
    mirror of a P-position is a P-position, and one of ``σ``, ``mirror(σ)`` passes.

    Examples
    --------
    >>> from pysat.solvers import Solver
    >>> pool, sol = IDPool(), Solver(name="cadical195")
    >>> x = [pool.id(t) for t in range(3)]
    >>> add_reversal_symmetry_breaking(pool, sol, x)
    >>> sum(1 for _ in sol.enum_models())  # 8 orientations, none its own mirror
    4
    """
    add = adder(sink)
    m = len(spine_lits)
    mirror = [-spine_lits[m - 1 - t] for t in range(m)]
    equal = None  # "the first t positions are equal"
    for t in range(m):
        a, b = spine_lits[t], mirror[t]
        prefix = cast("list[int]", [] if equal is None else [-equal])
        add(prefix + [-a, b])  # equal so far -> a <= b
        e = pool.id((tag, "eq", t))
        if equal is not None:
            add([-e, equal])
        add([-e, -a, b])
        add([-e, a, -b])
        add(prefix + [e, a, b])
        add(prefix + [e, -a, -b])
        equal = e


def state_moves(st: Hashable) -> list[tuple[Hashable, int | None, bool]]:
    """The moves of one state: ``(target, spine_edge, forward)``; ``spine_edge`` ``t`` is
    the edge ``v_t v_{t+1}`` and ``forward`` the arc ``v_t > v_{t+1}`` (toppling it keeps
    ``v_i .. v_t``); a leg move has ``spine_edge`` None (it needs no condition).

    Examples
    --------
    >>> state_moves((0, 1, (1, 0)))
    [((0, 0, (1,)), 0, True), ('empty', 0, False), ((0, 1, (0, 0)), None, True)]
    """
    if st == EMPTY:
        return []
    i, j, a = cast("tuple[int, int, tuple[int, ...]]", st)  # not EMPTY: an interval
    out: list[tuple[Hashable, int | None, bool]] = []
    for t in range(i, j):
        cut = t - i + 1
        out.append((_norm(i, t, a[:cut]), t, True))
        out.append((_norm(t + 1, j, a[cut:]), t, False))
    for x in range(len(a)):
        if a[x]:
            out.append((_norm(i, j, a[:x] + (a[x] - 1,) + a[x + 1 :]), None, True))
    return out


def outleg_states(s: int, roots: Iterable[Sequence[int]]) -> OutlegStates:
    """Every follower of ``cat(k)`` with all legs out, for each leg vector ``k`` in roots.

    Examples
    --------
    ``cat(1, 0)`` (a path with 2 edges, one a leg): states ``(0,1,(1,0))``,
    ``(0,1,(0,0))`` (one spine edge), ``(0,0,(1,))`` (one leg), and the empty position.

    >>> st = outleg_states(2, [(1, 0)])
    >>> sorted(map(str, st.states))
    ['(0, 0, (1,))', '(0, 1, (0, 0))', '(0, 1, (1, 0))', 'empty']
    """
    seen: dict[Hashable, None] = {EMPTY: None}
    moves: list[tuple[Hashable, Hashable, int | None, bool]] = []
    stack: list[Hashable] = []
    for k in roots:
        k = tuple(k)
        if len(k) != s:
            raise ValueError(f"leg vector {k} does not have {s} entries")
        r = _norm(0, s - 1, k)
        if r not in seen:
            seen[r] = None
            stack.append(r)
    while stack:
        st = stack.pop()
        for tgt, t, forward in state_moves(st):
            moves.append((st, tgt, t, forward))
            if tgt not in seen:
                seen[tgt] = None
                stack.append(tgt)
    return OutlegStates(s, list(seen), moves)


@dataclass
class OutlegKernel:
    """The kernel of :class:`OutlegStates` under every spine orientation."""

    states: OutlegStates
    spine_lits: list[int]
    kernel: KernelEncoding

    def root(self, k: Sequence[int]) -> int:
        """The literal "``cat(k)`` with all legs out is a P-position"."""
        return self.kernel.p[_norm(0, self.states.s - 1, tuple(k))]


def add_outleg_kernel(
    pool: IDPool,
    sink: Sink,
    s: int,
    roots: Iterable[Sequence[int]],
    tag: Hashable = "cat",
) -> OutlegKernel:
    """Kernel (normal play) of every all-legs-out ``cat(k)``, ``k`` in ``roots``, spine ``s``.

    The spine literals are ``pool.id((tag, "spine", t))`` for ``t = 0 .. s-2`` (true:
    ``v_t > v_{t+1}``, 0-based).

    Examples
    --------
    ``cat(1, 1)`` (spine ``v0 v1`` with one leg each; a path with 3 edges) has no P-position
    (Theorem 3.2); ``cat(2, 0, 0)`` is a P-position only with the spine ``1>0 1>2``, like
    the path ``v0 v1 v2`` (Theorem 3.3):

    >>> from pysat.solvers import Solver
    >>> pool, sol = IDPool(), Solver(name="cadical195")
    >>> k = add_outleg_kernel(pool, sol, 2, [(1, 1)])
    >>> sol.solve(assumptions=[k.root((1, 1))])
    False
    >>> pool, sol = IDPool(), Solver(name="cadical195")
    >>> k = add_outleg_kernel(pool, sol, 3, [(0, 0, 0), (2, 0, 0)])
    >>> sol.solve(assumptions=[k.root((2, 0, 0))])
    True
    >>> [lit > 0 for lit in sol.get_model() if abs(lit) in k.spine_lits]
    [False, True]

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, §3; Nowakowski et al., Theorem 2.1.
    """
    roots = [tuple(k) for k in roots]
    st = outleg_states(s, roots)
    spine = [pool.id((tag, "spine", t)) for t in range(s - 1)]
    kern = add_kernel(pool, sink, st.states, st.symbolic_moves(spine), tag=(tag, "P"))
    return OutlegKernel(st, spine, kern)


@dataclass
class OutlegMiter:
    """What :func:`add_outleg_miter` built: one selector per statement that may fail.

    Attributes
    ----------
    pairs : list of (selector, s, k, k2)
        ``selector`` true: the all-legs-out ``cat(k)`` and ``cat(k2)`` (spine ``s``) differ
        (one is a P-position, the other not) under the chosen spine orientation.
    roots : list of (root, k, spine_lits)
        ``root`` true: the all-legs-out ``cat(k)`` is a P-position under the spine
        orientation ``spine_lits``.
    """

    pairs: list[tuple[int, int, tuple[int, ...], tuple[int, ...]]]
    roots: list[tuple[int, tuple[int, ...], list[int]]]
    kernels: dict[int, OutlegKernel] = field(default_factory=dict)
    """Spine length -> its kernel (for controls that read root literals)."""

    @property
    def total(self) -> int:
        """The number of statements (leg vectors and pairs) in the instance."""
        return len(self.pairs) + len(self.roots)


def add_outleg_miter(
    pool: IDPool,
    sink: Sink,
    pairs: dict[int, list[tuple[tuple[int, ...], tuple[int, ...]]]],
    lonely: dict[int, list[tuple[int, ...]]],
    selector: int | None = None,
) -> OutlegMiter:
    """One instance over every spine length ``s``: a spine orientation under which some
    pair of ``pairs[s]`` differs (a miter) or some ``cat(k)``, ``k`` in ``lonely[s]``, is a
    P-position, all legs out. Unsatisfiable exactly when every pair agrees and no ``lonely``
    caterpillar is a P-position, under every spine orientation.

    Each spine length has its own kernel (:func:`add_outleg_kernel`, tag ``("cat", s)``);
    where every leg vector is palindromic (and ``s > 2``) the spine's reversal symmetry is
    broken (:func:`add_reversal_symmetry_breaking`). When no statement is given, nothing is
    added (``total == 0``). With ``selector`` (a variable), the goal clause ("some
    statement fails") is guarded by it: assumed false, the instance only computes the
    kernels (for controls); the default adds the goal unguarded.

    Examples
    --------
    ``cat(2, 0)`` and ``cat(0, 0)`` agree (two legs cancel), ``cat(1, 1)`` has no
    P-position (Theorem 3.2), ``cat(1, 0)`` and ``cat(0, 0)`` differ (one leg does not
    cancel):

    >>> from pysat.solvers import Solver
    >>> def sat(pairs, lonely):
    ...     pool, sol = IDPool(), Solver(name="cadical195")
    ...     return add_outleg_miter(pool, sol, pairs, lonely).total, sol.solve()
    >>> sat({2: [((2, 0), (0, 0))]}, {2: [(1, 1)]})
    (2, False)
    >>> sat({2: [((1, 0), (0, 0))]}, {})
    (1, True)

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorems 3.2-3.3, Corollaries
    3.4-3.5.
    """
    add = adder(sink)
    miter = OutlegMiter([], [])
    for s in sorted(set(pairs) | set(lonely)):
        ps = pairs.get(s, [])
        ls = lonely.get(s, [])
        if not ps and not ls:
            continue
        roots = sorted({k for pair in ps for k in pair} | set(ls))
        kern = add_outleg_kernel(pool, sink, s, roots, tag=("cat", s))
        miter.kernels[s] = kern
        if s > 2 and all(k == k[::-1] for k in roots):
            # every statement here is invariant under reading the spine backwards
            add_reversal_symmetry_breaking(pool, sink, kern.spine_lits, tag=("lex", s))
        for k, k2 in ps:
            d = pool.id(("differ", s, k, k2))
            x, y = kern.root(k), kern.root(k2)
            add([-d, x, y])
            add([-d, -x, -y])
            miter.pairs.append((d, s, k, k2))
        miter.roots.extend((kern.root(k), k, kern.spine_lits) for k in ls)
    if miter.total:
        guard = [] if selector is None else [-selector]
        add(guard + [d for d, *_ in miter.pairs] + [r for r, *_ in miter.roots])
    return miter


def _minus(st: Hashable, x: int, d: int) -> Hashable | None:
    """The state with ``d`` fewer legs at position ``x`` of its interval (None if < 0)."""
    if st == EMPTY:
        return None
    i, j, a = cast("tuple[int, int, tuple[int, ...]]", st)  # not EMPTY: an interval
    if a[x] < d:
        return None
    return _norm(i, j, a[:x] + (a[x] - d,) + a[x + 1 :])


def leg_vectors_of(states: OutlegStates) -> list[tuple[int, ...]]:
    """The distinct leg vectors ``a`` of the states (each state's interval read from its
    own first vertex). Local checks depend only on this vector: the spine literals of an
    interval are free variables, so the check of ``(i, j, a)`` is the check of
    ``(0, j - i, a)`` with the literals renamed."""
    seen: dict[tuple[int, ...], None] = {}
    for st in states.states:
        if st != EMPTY:
            seen.setdefault(cast("tuple[int, int, tuple[int, ...]]", st)[2])
    return list(seen)


def leg_pair_checks(
    vectors: Iterable[Sequence[int]], drop: int = 2, selector: bool = False
) -> Iterator[tuple[tuple[int, ...], int, list[list[int]]]]:
    """Inductive check of "two legs at one spine vertex cancel".

    The statement, for a leg vector ``a`` (the all-legs-out caterpillar ``cat(a)``) and a
    vertex ``x`` with ``a[x] >= 2``: ``cat(a)`` and ``cat(a - 2 e_x)`` (two legs fewer at
    that vertex) are P-positions under exactly the same spine orientations. For each
    ``(a, x)`` this yields one small, self-contained CNF (a *local check*) asking for a
    spine orientation on which

    - the kernel conditions at ``S = cat(a)`` and at ``S' = cat(a - 2e_x)`` hold (over
      their options),
    - the statement holds for every pair of smaller involved states (the induction
      hypothesis, on the number of edges),
    - an involved state that is a P-position has no legal move to an involved
      P-position (a true kernel fact),

    and yet ``S`` and ``S'`` differ. If the local checks of every leg vector with at most
    ``m`` edges are UNSAT, the statement holds for all of them (induction on the number of
    edges). Variables: the spine literal of edge ``v_t v_{t+1}`` is ``t + 1`` (true:
    ``v_t > v_{t+1}``); the others are local.

    ``drop`` (default 2) is the number of legs removed; other values are wrong statements,
    kept for negative controls (one leg does not cancel).

    With ``selector`` (default False), variable ``len(a)`` (after the spine literals) is a
    selector: true, the tops differ (the check); false, the tops are equal (a control: the
    true kernel values satisfy the local check with the tops equal, under every spine
    orientation, when the statement holds).

    Yields
    ------
    (a, x, clauses)

    Examples
    --------
    >>> from pysat.solvers import Solver
    >>> vectors = leg_vectors_of(outleg_states(3, [(2, 1, 3)]))
    >>> checks = list(leg_pair_checks(vectors))
    >>> len(vectors), len(checks), any(Solver(bootstrap_with=c).solve() for _, _, c in checks)
    (37, 28, False)

    A single leg does not cancel (``cat(1)`` is an N-position, the empty position is P):

    >>> any(Solver(bootstrap_with=c).solve() for _, _, c in leg_pair_checks(vectors, drop=1))
    True

    References
    ----------
    Nowakowski et al., *The Game of timber!*, Lemma 3.3 (two paths of length 1 at one
    vertex merge into a path of length 1 XOR 1 = 0); Furtado et al., Theorem 3.3.
    """
    for a in vectors:
        a = tuple(a)
        top = _norm(0, len(a) - 1, a)
        for x in range(len(a)):
            if a[x] >= drop:
                yield a, x, _local_check(len(a), top, _minus(top, x, drop), drop, selector)


def _local_check(s: int, top1: Hashable, top2: Hashable, drop: int,  # noqa: C901 - the kernel conditions, case by case
                 selector: bool = False) -> list[list[int]]:
    """The clauses of one local check of :func:`leg_pair_checks` (spine literals ``1 .. s-1``).

    The kernel conditions are stated at ``top1`` and ``top2`` only; their options stay open
    (bound by the induction hypothesis and the kernel fact, not by their own conditions).
    :func:`cgsat.encodings.kernel.add_kernel` states the conditions at every follower it
    is given, so it cannot build this partial kernel.
    """
    pool = IDPool(start_from=s + 1 if selector else s)
    cl: list[list[int]] = []
    involved: dict[Hashable, int] = {}
    moves: dict[Hashable, list[tuple[Hashable, int | None]]] = {}

    def var(st: Hashable) -> int:
        if st not in involved:
            involved[st] = pool.id(st)
        return involved[st]

    def moves_of(st: Hashable) -> list[tuple[Hashable, int | None]]:
        if st not in moves:
            moves[st] = [
                (tgt, None if t is None else (t + 1 if forward else -(t + 1)))
                for tgt, t, forward in state_moves(st)
            ]
        return moves[st]

    for top in (top1, top2):
        p = var(top)
        if top == EMPTY:
            cl.append([p])
            continue
        wit = []
        for tgt, lit in moves_of(top):
            q = var(tgt)
            if lit is None:
                cl.append([-p, -q])
                wit.append(q)
            else:
                cl.append([-p, -lit, -q])
                w = pool.id(("w", top, tgt, lit))
                cl.append([-w, lit])
                cl.append([-w, q])
                wit.append(w)
        cl.append([p] + wit)
    if selector:  # variable s: true, the two differ; false, they are equal
        cl += [[-s, var(top1), var(top2)], [-s, -var(top1), -var(top2)],
               [s, -var(top1), var(top2)], [s, var(top1), -var(top2)]]
    else:
        cl.append([var(top1), var(top2)])  # the two differ
        cl.append([-var(top1), -var(top2)])
    for y in [st for st in involved if st not in (top1, top2)]:
        if y == EMPTY:
            cl.append([var(y)])
            continue
        # induction hypothesis: y and y - drop e_z agree, when both are involved
        for z in range(len(cast("tuple[int, int, tuple[int, ...]]", y)[2])):
            y2 = _minus(y, z, drop)
            if y2 is not None and y2 in involved:
                cl.append([-var(y), var(y2)])
                cl.append([var(y), -var(y2)])
        # kernel fact: a P-position has no legal move to a P-position
        for tgt, lit in moves_of(y):
            if tgt in involved:
                cl.append([-var(y), -var(tgt)] + ([] if lit is None else [-lit]))
    return cl
