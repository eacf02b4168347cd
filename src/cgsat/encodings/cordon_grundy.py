"""Nim-values of a concrete green cordon and all its followers, by SAT (mex constraints).

Each follower f gets one-hot value variables V(f, v) for v in 0..R. The mex rule is

    V(f, v)  ->  no option of f has value v,  and  every u < v is the value of an option.

By induction on the number of arcs these constraints have exactly one solution, the true
nim-values, provided R is at least the largest nim-value; with R too small they are
UNSAT. A claim about the values is therefore checked in two steps: the constraints alone
must be SAT (the range suffices), and the constraints plus the negated claim must be UNSAT.

The move rules are those of :func:`cgsat.encodings.green_cordon.options`, with constant leaf
literals: no code is shared with the ruleset in :mod:`cgsat.games.green_cordon`.

References
----------
.. [1] *Thinning Thickets*, §2.1 (Sprague-Grundy theory) and Theorem 3.1.
"""

from __future__ import annotations

from collections.abc import Iterable

from pysat.formula import CNF, IDPool

from cgsat.encodings.green_cordon import options

Concrete = tuple[int, frozenset[int]]


def _symbolic(cordon: Concrete, true: int) -> tuple[int, tuple[int, ...]]:
    h, leaves = cordon
    return (h, tuple(true if a in leaves else -true for a in range(1, h)))


def _concrete(symbolic: tuple[int, tuple[int, ...]], true: int) -> Concrete:
    h, lits = symbolic
    return (h, frozenset(a for a, lit in enumerate(lits, start=1) if lit == true))


def concrete_options(cordon: Concrete) -> list[Concrete]:
    """The options of a concrete cordon under the encoding's move rules.

    Examples
    --------
    L(4) (leaves at v_1, v_2) has L(2) (a stalk of height 2) among its options:

    >>> (2, frozenset()) in concrete_options((4, frozenset({1, 2})))
    True
    """
    true = 1
    return [
        _concrete(opt, true)
        for cond, opt in options(_symbolic(cordon, true), -true)
        if all(lit == true for lit in cond)
    ]


def followers(*cordons: Concrete) -> list[Concrete]:
    """Every position reachable from ``cordons`` (themselves included), breadth first."""
    seen = set(cordons)
    order = list(dict.fromkeys(cordons))
    for node in order:
        for opt in concrete_options(node):
            if opt not in seen:
                seen.add(opt)
                order.append(opt)
    return order


class GrundyEncoding:
    """The mex constraints over all followers of a concrete cordon.

    Parameters
    ----------
    root : (int, frozenset of int)
        Height and leaf attachments.
    value_range : int
        R: values 0..R are representable.
    more_roots : iterable, optional
        Further cordons whose followers are encoded too (``cgsat find`` passes every
        cordon of a height).

    Examples
    --------
    >>> from pysat.solvers import Solver
    >>> enc = GrundyEncoding((3, frozenset({1})), value_range=3)
    >>> with Solver(bootstrap_with=enc.cnf.clauses) as s:
    ...     s.solve() and enc.value_of((3, frozenset({1})), s.get_model())
    2
    """

    def __init__(self, root: Concrete, value_range: int, more_roots: Iterable[Concrete] = ()):
        self.root = root
        self.R = value_range
        self.pool = IDPool()
        self.cnf = CNF()
        self.nodes = followers(root, *more_roots)
        for node in self.nodes:
            self._add_node(node)

    def var(self, node: Concrete, value: int) -> int:
        return self.pool.id(("V", node, value))

    def _add_node(self, node: Concrete) -> None:
        vals = [self.var(node, v) for v in range(self.R + 1)]
        self.cnf.append(vals)
        for i in range(len(vals)):
            for j in range(i + 1, len(vals)):
                self.cnf.append([-vals[i], -vals[j]])
        opts = concrete_options(node)
        for v in range(self.R + 1):
            for opt in opts:
                self.cnf.append([-vals[v], -self.var(opt, v)])
            for u in range(v):
                self.cnf.append([-vals[v]] + [self.var(opt, u) for opt in opts])

    def value_of(self, node: Concrete, model: Iterable[int]) -> int:
        true = set(lit for lit in model if lit > 0)
        return next(v for v in range(self.R + 1) if self.var(node, v) in true)

    def some_pair_equal(self, nodes: list[Concrete]) -> list[list[int]]:
        """Clauses saying that two of ``nodes`` have the same value (to be refuted)."""
        pool = self.pool
        eq_lits = []
        clauses: list[list[int]] = []
        for i in range(len(nodes)):
            for j in range(i + 1, len(nodes)):
                for v in range(self.R + 1):
                    e = pool.id(("eq", nodes[i], nodes[j], v))
                    clauses.append([-e, self.var(nodes[i], v)])
                    clauses.append([-e, self.var(nodes[j], v)])
                    eq_lits.append(e)
        clauses.append(eq_lits)
        return clauses


class MisereKernel:
    """Misère P-variables over all followers of some cordons (misère Partition Theorem).

    P(f) holds iff f has an option and no option of f is in P (*The Game of timber!*,
    Theorem 2.2, which holds for any finite impartial game): a position without options is
    an N-position in misère play.

    Examples
    --------
    >>> from pysat.solvers import Solver
    >>> k = MisereKernel([(1, frozenset())])
    >>> with Solver(bootstrap_with=k.cnf.clauses) as s:
    ...     s.solve() and k.is_p((1, frozenset()), s.get_model())
    True
    """

    def __init__(self, roots: Iterable[Concrete]):
        self.pool = IDPool()
        self.cnf = CNF()
        self.nodes = followers(*roots)
        for node in self.nodes:
            p = self.var(node)
            opts = [self.var(o) for o in concrete_options(node)]
            if not opts:
                self.cnf.append([-p])
                continue
            for o in opts:
                self.cnf.append([-p, -o])
            self.cnf.append([p] + opts)

    def var(self, node: Concrete) -> int:
        return self.pool.id(("P", node))

    def is_p(self, node: Concrete, model: Iterable[int]) -> bool:
        return self.var(node) in set(model)
