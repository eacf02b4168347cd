"""The kernel encoding: one "is a P-position" variable per follower.

A *symbolic position* fixes a shape and leaves its colours (letters of a word, orientations
of edges) as Boolean variables. Its followers are listed once, for every colouring at
once; a *move* ``(source, target, condition)`` is available exactly when all literals of
``condition`` are true (an arc points the right way, a letter is an R). The encoding then
states the Partition Theorem for every follower:

- normal play (Theorem 2.1): ``P(f) <-> no available move from f reaches a P-follower``;
- misère play (Theorem 2.2): ``P(f) <-> f has an available move, and no available move
  from f reaches a P-follower``; a follower without available moves is an N-position.

By the Partition Theorems these conditions have exactly one solution for each colouring,
namely the true outcomes, so every auxiliary variable is a function of the colour variables
and the models projected onto the colours are exactly the colourings (a model counter's
projected count over the colours is exact).

A *concrete* game (no colours, e.g. the followers of one green cordon) is the special case
where every condition is empty. A *relaxation* states the conditions only for some
followers (``constrained``), leaving the P-variables of the others free: its clauses are a
subset of the full kernel's, so an UNSAT answer still proves the full kernel UNSAT (a
one-move argument such as Lemma 3.1 of *The Game of timber!* needs only the root's
conditions).

:func:`add_grundy` is the companion for nim-values under normal play: one-hot value
variables per follower with the mex rule, over a value range that is provably large enough
(a follower's nim-value is at most its number of moves, and at most one more than the
largest nim-value of its options). With ``value_range`` it encodes only the values
0..R, and the formula is UNSAT when some follower's nim-value exceeds R.
:func:`some_equal_pair` asks for two followers of equal nim-value.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), Theorems 2.1 and 2.2 (Partition Theorems).
.. [2] M. H. Albert, R. J. Nowakowski, D. Wolfe, *Lessons in Play*, Theorem 7.10 (mex).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pysat.formula import IDPool

from cgsat.encodings.gates import Circuit

if TYPE_CHECKING:  # a type only
    from cgsat.encodings.cnf import Sink

__all__ = ["GrundyEncoding", "KernelEncoding", "SymbolicMove", "add_grundy", "add_kernel",
           "grundy_bounds", "some_equal_pair"]

SymbolicMove = tuple[Hashable, Hashable, Sequence[int]]
"""``(source, target, condition)``: the move from follower ``source`` to ``target``,
available exactly when every literal in ``condition`` is true."""


@dataclass
class KernelEncoding:
    """What :func:`add_kernel` built.

    Attributes
    ----------
    p : dict
        Follower -> literal "this follower is a P-position" (under the chosen play).
    win : list of int
        One literal per move, in the order given: "this move is available and reaches a
        P-position", i.e. it is a winning move.
    available : list of int
        One literal per move: "this move is available".
    moves : list of (source, target, condition)
        The moves, in the order of ``win`` and ``available``.
    """

    p: dict[Hashable, int]
    win: list[int]
    available: list[int]
    moves: list[SymbolicMove] = field(default_factory=list)

    def is_p(self, f: Hashable, model: Iterable[int]) -> bool:
        """Whether follower ``f`` is a P-position in ``model`` (a list of literals)."""
        return self.p[f] in set(model)


def _group(moves: list[SymbolicMove]) -> dict[Hashable, list[int]]:
    """Move indices by source follower."""
    out: dict[Hashable, list[int]] = defaultdict(list)
    for i, (src, _, _) in enumerate(moves):
        out[src].append(i)
    return out


def add_kernel(
    pool: IDPool,
    sink: Sink,
    followers: Iterable[Hashable],
    moves: Iterable[SymbolicMove],
    misere: bool = False,
    tag: Hashable = "P",
    constrained: Iterable[Hashable] | None = None,
) -> KernelEncoding:
    """Add the Partition Theorem conditions for every follower of a symbolic position.

    Parameters
    ----------
    pool : IDPool
        Variable names; follower ``f`` gets the variable ``pool.id((tag, f))``. Gates are
        memoized by name in the pool (:class:`~cgsat.encodings.gates.Circuit`), so
        encodings that share a pool must share the sink too.
    sink : object
        Receives the clauses (a PySAT solver, a CNF, a list).
    followers : iterable
        Every follower (hashable ids). Targets of moves must be among them.
    moves : iterable of (source, target, condition)
        Symbolic moves; ``condition`` is a sequence of literals (empty: always available).
    misere : bool
        Misère play (Theorem 2.2) instead of normal play (Theorem 2.1).
    tag : hashable
        Namespace for the P-variables, so that two kernels can share one pool.
    constrained : iterable, optional
        The followers whose conditions are added (default: every follower). The
        P-variables of the others are left free, so the formula is a relaxation of the
        full kernel: its clauses are a subset of the full kernel's, and an UNSAT answer
        proves the full kernel UNSAT too.

    Returns
    -------
    KernelEncoding

    Examples
    --------
    The word ``x0 x1`` of Toppling Peaks with ``x = True`` meaning R: the followers are the
    subwords; ``LR`` is the only P-position of length 2 under normal play.

    >>> from pysat.formula import IDPool
    >>> from pysat.solvers import Solver
    >>> pool, cl = IDPool(), []
    >>> r = [pool.id(("R", i)) for i in range(2)]
    >>> fol = [(i, j) for i in range(3) for j in range(i, 3)]
    >>> mv = [((i, j), (i, k), [r[k]]) for (i, j) in fol for k in range(i, j)]
    >>> mv += [((i, j), (k + 1, j), [-r[k]]) for (i, j) in fol for k in range(i, j)]
    >>> enc = add_kernel(pool, cl, fol, mv)
    >>> with Solver(bootstrap_with=cl + [[enc.p[(0, 2)]]]) as s:
    ...     m = set(s.get_model()) if s.solve() else None
    >>> [("R" if r[i] in m else "L") for i in range(2)]
    ['L', 'R']

    A concrete game has empty conditions: a Nim heap of size 2 is an N-position, and
    constraining only the heap leaves its options free (here the solver may call the heap
    of size 1 a P-position, which the full kernel forbids):

    >>> nim = [(2, 1, []), (2, 0, []), (1, 0, [])]
    >>> pool, cl = IDPool(), []
    >>> enc = add_kernel(pool, cl, [0, 1, 2], nim, constrained=[2])
    >>> with Solver(bootstrap_with=cl + [[enc.p[1]], [-enc.p[0]]]) as s:
    ...     s.solve(), enc.is_p(2, s.get_model())
    (True, False)

    References
    ----------
    .. [1] Nowakowski et al., *The Game of timber!*, Theorems 2.1 and 2.2.
    """
    circ = Circuit(pool, sink)
    add = circ.add
    moves = [(s, t, tuple(c)) for s, t, c in moves]
    p = {f: pool.id((tag, f)) for f in followers}
    for _, t, _ in moves:
        if t not in p:
            raise ValueError(f"move target {t!r} is not a listed follower")
    win: list[int] = []
    available: list[int] = []
    for src, tgt, cond in moves:
        if src not in p:
            raise ValueError(f"move source {src!r} is not a listed follower")
        en = circ.and_(cond, name=("available", tuple(sorted(cond))))
        available.append(en)
        w = circ.and_([en, p[tgt]], name=(tag, "win", src, tgt, tuple(sorted(cond))))
        win.append(w)
    by_src = _group(moves)
    only = None if constrained is None else set(constrained)
    for f, pf in p.items():
        if only is not None and f not in only:
            continue  # a relaxation: this follower's P-variable stays free
        idx = by_src.get(f, [])
        wins = [win[i] for i in idx]
        for w in wins:  # a P-position has no winning move
            add([-pf, -w])
        if not misere:
            add([pf] + wins)  # an N-position has one
            continue
        has_move = circ.or_([available[i] for i in idx])
        add([-pf, has_move])  # misère: a P-position has a move ...
        add([pf, -has_move] + wins)  # ... and every N-position with a move has a winning one
    return KernelEncoding(p=p, win=win, available=available, moves=moves)


def grundy_bounds(followers: Iterable[Hashable], moves: Iterable[SymbolicMove]) -> dict:
    """A provable upper bound on each follower's nim-value.

    The mex of the values of k options is at most k, and at most one more than the largest
    of them; the followers must form a DAG (every game is finite).

    Examples
    --------
    >>> grundy_bounds(["a", "b", "c"], [("a", "b", []), ("a", "c", []), ("b", "c", [])])
    {'a': 2, 'b': 1, 'c': 0}
    """
    followers = list(followers)
    succ: dict[Hashable, list[Hashable]] = defaultdict(list)
    for s, t, _ in moves:
        succ[s].append(t)
    bound: dict[Hashable, int] = {}
    for f0 in followers:
        stack = [f0]
        while stack:
            f = stack[-1]
            if f in bound:
                stack.pop()
                continue
            todo = [t for t in succ[f] if t not in bound]
            if todo:
                stack.extend(todo)
                continue
            ts = succ[f]
            bound[f] = min(len(ts), 1 + max(bound[t] for t in ts)) if ts else 0
            stack.pop()
    return {f: bound[f] for f in followers}


@dataclass
class GrundyEncoding:
    """What :func:`add_grundy` built: ``value[f][t]`` is "f has nim-value t" (one-hot).

    ``bound[f]`` is the largest value encoded for f (the proven bound, or ``value_range``
    if smaller).
    """

    value: dict[Hashable, list[int]]
    bound: dict[Hashable, int]

    def value_lit(self, f: Hashable, t: int, circ: Circuit) -> int:
        """Literal "f has nim-value t", false beyond the proven bound."""
        vals = self.value[f]
        return vals[t] if 0 <= t < len(vals) else circ.false

    def value_of(self, f: Hashable, model: Iterable[int]) -> int:
        """The nim-value of follower ``f`` in ``model`` (a list of literals)."""
        true = set(model)
        return next(t for t, x in enumerate(self.value[f]) if x in true)


def add_grundy(
    pool: IDPool,
    sink: Sink,
    followers: Iterable[Hashable],
    moves: Iterable[SymbolicMove],
    tag: Hashable = "G",
    value_range: int | None = None,
) -> GrundyEncoding:
    """Add nim-values (normal play) for every follower, by the mex rule.

    ``value[f][t]`` is true exactly when f has nim-value t, for ``0 <= t <= bound[f]`` with
    :func:`grundy_bounds`; the mex of f's available options' values is encoded by
    "some available option has value s" for s < t, and none has value t.

    Parameters
    ----------
    pool, sink, followers, moves, tag
        As for :func:`add_kernel`.
    value_range : int, optional
        R: encode only the values 0..R. Each follower whose proven bound exceeds R must
        then take one of them, so the formula is UNSAT exactly when some follower's
        nim-value exceeds R (and otherwise has the true values as its only solution).

    Examples
    --------
    A single heap of size 2 in Nim (no colours): nim-value 2.

    >>> from pysat.formula import IDPool
    >>> from pysat.solvers import Solver
    >>> pool, cl = IDPool(), []
    >>> g = add_grundy(pool, cl, [0, 1, 2], [(2, 1, []), (2, 0, []), (1, 0, [])])
    >>> with Solver(bootstrap_with=cl) as s:
    ...     m = set(s.get_model()) if s.solve() else set()
    >>> [t for t, x in enumerate(g.value[2]) if x in m]
    [2]

    With ``value_range=1`` the heap of size 2 has no value left, so the formula is UNSAT:

    >>> cl = []
    >>> g = add_grundy(IDPool(), cl, [0, 1, 2], [(2, 1, []), (2, 0, []), (1, 0, [])],
    ...                value_range=1)
    >>> with Solver(bootstrap_with=cl) as s:
    ...     s.solve()
    False

    References
    ----------
    .. [1] Albert, Nowakowski, Wolfe, *Lessons in Play*, Theorem 7.10 (mex rule).
    """
    circ = Circuit(pool, sink)
    followers = list(followers)
    moves = [(s, t, tuple(c)) for s, t, c in moves]
    proven = grundy_bounds(followers, moves)
    cap = max(proven.values(), default=0) if value_range is None else value_range
    bound = {f: min(b, cap) for f, b in proven.items()}
    value = {f: [pool.id((tag, "value", f, t)) for t in range(bound[f] + 1)] for f in followers}
    for f in followers:
        if proven[f] > bound[f]:
            circ.add(value[f])  # a value within the range (else UNSAT)
    by_src = _group(moves)
    for f in followers:
        b = bound[f]
        # opt[t]: some available option has value t
        cand: list[list[int]] = [[] for _ in range(b + 1)]
        for i in by_src.get(f, []):
            _, tgt, cond = moves[i]
            en = circ.and_(cond, name=("available", tuple(sorted(cond))))
            for t in range(min(b, bound[tgt]) + 1):
                cand[t].append(circ.and_([en, value[tgt][t]]))
        opt = [circ.or_(c) for c in cand]
        below = circ.true
        for t in range(b + 1):
            circ.equiv(value[f][t], circ.and_([below, -opt[t]]))
            below = circ.and_([below, opt[t]])
    return GrundyEncoding(value=value, bound=bound)


def some_equal_pair(
    pool: IDPool,
    sink: Sink,
    grundy: GrundyEncoding,
    followers: Sequence[Hashable],
    tag: Hashable = "equal pair",
) -> int:
    """A literal ``s`` with ``s ->`` two of ``followers`` have the same nim-value.

    Solving under the assumption ``s`` asks for two followers of equal value; UNSAT proves
    their nim-values pairwise distinct.

    Examples
    --------
    Nim heaps of sizes 0..3 have distinct values; heaps 1 and 1' have equal ones.

    >>> from pysat.solvers import Solver
    >>> heaps = [(a, b, []) for a in range(4) for b in range(a)] + [("1'", 0, [])]
    >>> pool, cl = IDPool(), []
    >>> g = add_grundy(pool, cl, [0, 1, 2, 3, "1'"], heaps)
    >>> s1, s2 = some_equal_pair(pool, cl, g, [0, 1, 2, 3]), some_equal_pair(
    ...     pool, cl, g, [2, 1, "1'"], tag="b")
    >>> with Solver(bootstrap_with=cl) as s:
    ...     s.solve(assumptions=[s1]), s.solve(assumptions=[s2])
    (False, True)
    """
    add = Circuit(pool, sink).add
    s = pool.id((tag, "some"))
    equal: list[int] = []
    for i, a in enumerate(followers):
        for b in followers[i + 1:]:
            for t in range(min(grundy.bound[a], grundy.bound[b]) + 1):
                e = pool.id((tag, a, b, t))
                add([-e, grundy.value[a][t]])
                add([-e, grundy.value[b][t]])
                equal.append(e)
    add([-s] + equal)
    return s
