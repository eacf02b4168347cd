""":mod:`cgsat.encodings.gates`: gates and cardinality constraints, checked exhaustively on
small inputs: under every assignment of the inputs the formula must be satisfiable exactly
when the constraint holds, and a gate's output must be forced to the right value (both
directions of the Tseitin definition). Written against the surviving mutants of
``benchmarks/mutation.sh gates``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import pytest
from pysat.formula import IDPool
from pysat.solvers import Solver

from cgsat.encodings.gates import Circuit, adder


def _forced(clauses: list[list[int]], inputs: Sequence[int], values: Sequence[bool],
            out: int) -> bool | None:
    """The value ``out`` is forced to under ``inputs = values`` (None: UNSAT or free)."""
    fixed = [x if v else -x for x, v in zip(inputs, values, strict=True)]
    with Solver(name="minisat22", bootstrap_with=clauses) as s:
        can_true = s.solve(assumptions=fixed + [out])
        can_false = s.solve(assumptions=fixed + [-out])
    if can_true == can_false:
        return None
    return can_true


def _sat(clauses: list[list[int]], assumptions: Sequence[int]) -> bool:
    with Solver(name="minisat22", bootstrap_with=clauses) as s:
        return bool(s.solve(assumptions=list(assumptions)))


def _gate_table(build: Callable[[Circuit, list[int]], int], arity: int) -> list[bool | None]:
    pool, cl = IDPool(), []
    circ = Circuit(pool, cl)
    xs = [pool.id(("x", i)) for i in range(arity)]
    out = build(circ, xs)
    return [_forced(cl, xs, vals, out)
            for vals in itertools.product([False, True], repeat=arity)]


def _table(f: Callable[..., bool], arity: int) -> list[bool | None]:
    return [f(*vals) for vals in itertools.product([False, True], repeat=arity)]


# -- gates -------------------------------------------------------------------------------

def test_adder_prefers_add_clause() -> None:
    class Both(list[list[int]]):
        added: list[list[int]]

        def add_clause(self, clause: list[int]) -> None:
            self.added.append(clause)

    sink = Both()
    sink.added = []
    adder(sink)([1])
    assert sink.added == [[1]] and list(sink) == []


@pytest.mark.parametrize("arity", [0, 1, 2, 3])
def test_and_or_are_exact(arity: int) -> None:
    assert _gate_table(lambda c, xs: c.and_(xs), arity) == _table(lambda *v: all(v), arity)
    assert _gate_table(lambda c, xs: c.or_(xs), arity) == _table(lambda *v: any(v), arity)
    assert _gate_table(lambda c, xs: c.conj(xs), arity) == _table(lambda *v: all(v), arity)
    assert _gate_table(lambda c, xs: c.disj(xs), arity) == _table(lambda *v: any(v), arity)
    assert _gate_table(lambda c, xs: c.and_(xs, name="g"), arity) == _table(
        lambda *v: all(v), arity)


def test_xor_ite_equiv_are_exact() -> None:
    assert _gate_table(lambda c, xs: c.xor(*xs), 2) == _table(lambda a, b: a != b, 2)
    assert _gate_table(lambda c, xs: c.equiv_gate(*xs), 2) == _table(lambda a, b: a == b, 2)
    assert _gate_table(lambda c, xs: c.ite(*xs), 3) == _table(
        lambda c, t, e: t if c else e, 3)

    def equiv(c: Circuit, xs: list[int]) -> int:
        c.equiv(xs[0], xs[1])
        return xs[0]

    pool, cl = IDPool(), []
    circ = Circuit(pool, cl)
    a, b = pool.id("a"), pool.id("b")
    circ.equiv(a, b)
    assert not _sat(cl, [a, -b]) and not _sat(cl, [-a, b])
    assert _sat(cl, [a, b]) and _sat(cl, [-a, -b])


def test_ite_redundant_clauses_hold_in_every_model() -> None:
    pool, cl = IDPool(), []
    circ = Circuit(pool, cl)
    c, t, e = (pool.id(x) for x in "cte")
    out = circ.ite(c, t, e)
    # t = e forces out = t whatever c is, by the redundant clauses alone
    assert cl[-2:] == [[-t, -e, out], [t, e, -out]]
    assert not _sat(cl[-2:], [t, e, -out]) and not _sat(cl[-2:], [-t, -e, out])


def test_constants_and_folding() -> None:
    pool, cl = IDPool(), []
    circ = Circuit(pool, cl)
    t = circ.true
    assert cl == [[t]] and circ.true == t and cl == [[t]] and circ.false == -t
    a, b = pool.id("a"), pool.id("b")
    assert circ.and_([a, -t]) == -t
    assert circ.and_([a, t]) == a
    assert circ.and_([a, a]) == a
    assert circ.and_([]) == t and circ.or_([]) == -t
    assert circ.conj([a, -a]) == -t and circ.conj([t, a]) == a
    assert circ.conj([a, b]) == circ.conj([b, a])
    n = len(cl)
    assert circ.disj([a, b]) == circ.disj([b, a]) and len(cl) == n + 3


def test_named_gates_are_built_once() -> None:
    pool, cl = IDPool(), []
    circ = Circuit(pool, cl)
    a, b, c = pool.id("a"), pool.id("b"), pool.id("c")
    for build, size in [(lambda: circ.and_([a, b], name="n"), 3),
                        (lambda: circ.or_([a, c], name="n"), 3),
                        (lambda: circ.xor(a, b, name="x"), 4),
                        (lambda: circ.ite(a, b, c, name="i"), 6)]:
        n = len(cl)
        first = build()
        assert len(cl) == n + size
        assert build() == first and len(cl) == n + size
    n = len(cl)
    assert circ.and_([a, b]) != circ.and_([a, b]) and len(cl) == n + 6  # unnamed: twice



def test_conj_and_equiv_gate_share_their_gates() -> None:
    pool, cl = IDPool(), []
    circ = Circuit(pool, cl)
    a, b = pool.id("a"), pool.id("b")
    ab = circ.conj([a, b])
    n = len(cl)
    assert circ.conj([circ.true, b, a]) == ab and len(cl) == n
    e = circ.equiv_gate(a, b, name="e")
    n = len(cl)
    assert circ.equiv_gate(a, b, name="e") == e and len(cl) == n


@pytest.mark.parametrize(("n", "k", "registers"), [
    (6, 2, 5 * 2),     # at_most: (n - 1) * k
    (5, 4, 4 * 1),     # at_least, k > n - k: at_most(n - k) of the negations
    (4, 2, 4 * 2),     # at_least, k = n - k: n * k registers counting the true literals
    (5, 2, 5 * 2),
])
def test_counters_use_the_documented_registers(n: int, k: int, registers: int) -> None:
    pool, cl = IDPool(), []
    xs = [pool.id(i) for i in range(n)]
    circ = Circuit(pool, cl)
    if (n, k) == (6, 2):
        circ.at_most(xs, k)
    else:
        circ.at_least(xs, k)
    assert pool.top - n == registers


# -- cardinality -------------------------------------------------------------------------

def _card_table(add: Callable[[Circuit, list[int]], None], n: int) -> list[bool]:
    pool, cl = IDPool(), []
    circ = Circuit(pool, cl)
    xs = [pool.id(("x", i)) for i in range(n)]
    add(circ, xs)
    return [_sat(cl, [x if v else -x for x, v in zip(xs, vals, strict=True)])
            for vals in itertools.product([False, True], repeat=n)]


@pytest.mark.parametrize("n", range(0, 8))
def test_cardinality_constraints_are_exact(n: int) -> None:
    counts = [sum(v) for v in itertools.product([False, True], repeat=n)]
    for k in range(0, n + 2):
        assert _card_table(lambda c, xs, k=k: c.at_most(xs, k), n) == [
            m <= k for m in counts], k
        assert _card_table(lambda c, xs, k=k: c.at_least(xs, k), n) == [
            m >= k for m in counts], k
    assert _card_table(lambda c, xs: c.at_least(xs, -1), n) == [True for _ in counts]
    assert _card_table(lambda c, xs: c.at_most_one(xs), n) == [m <= 1 for m in counts]
    assert _card_table(lambda c, xs: c.exactly_one(xs), n) == [m == 1 for m in counts]


def test_at_most_one_is_pairwise_up_to_five() -> None:
    for n, size in [(5, 10), (6, None)]:
        pool, cl = IDPool(), []
        xs = [pool.id(i) for i in range(n)]
        Circuit(pool, cl).at_most_one(xs)
        if size is not None:
            assert len(cl) == size and pool.top == n
        else:
            assert pool.top > n  # the ladder's registers
