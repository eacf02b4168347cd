"""Tests for cgsat.encodings.gates and cgsat.encodings.kernel (tiny, hand-checkable).

The kernel and mex encodings are compared with plain recursion on random games whose moves
depend on colour literals; relaxations (``constrained``), value ranges and equal pairs too,
each with a negative control.
"""

from __future__ import annotations

import itertools
import random

import pytest
from pysat.formula import IDPool
from pysat.solvers import Solver

from cgsat.encodings.gates import Circuit
from cgsat.encodings.kernel import add_grundy, add_kernel, grundy_bounds, some_equal_pair


def _models(clauses, variables, extra=()):
    """Every assignment of ``variables`` extended to a model, as a dict var -> bool."""
    with Solver(name="cadical195", bootstrap_with=list(clauses) + list(extra)) as s:
        for bits in itertools.product([True, False], repeat=len(variables)):
            ass = [v if b else -v for v, b in zip(variables, bits, strict=True)]
            if s.solve(assumptions=ass):
                yield dict(zip(variables, bits, strict=True)), set(s.get_model())


def test_gates_truth_tables():
    pool, cl = IDPool(), []
    c = Circuit(pool, cl)
    a, b, d = pool.id("a"), pool.id("b"), pool.id("d")
    g_and, g_or, g_xor = c.and_([a, b, d]), c.or_([a, -b]), c.xor(a, b)
    g_ite = c.ite(a, b, d)
    seen = 0
    for val, m in _models(cl, [a, b, d]):
        seen += 1
        assert (g_and in m) == (val[a] and val[b] and val[d])
        assert (g_or in m) == (val[a] or not val[b])
        assert (g_xor in m) == (val[a] != val[b])
        assert (g_ite in m) == (val[b] if val[a] else val[d])
    assert seen == 8  # gates never restrict their inputs


def test_constants_fold():
    pool, cl = IDPool(), []
    c = Circuit(pool, cl)
    a = pool.id("a")
    assert c.and_([]) == c.true and c.or_([]) == c.false
    assert c.and_([a, c.true]) == a and c.and_([a, c.false]) == c.false


@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_at_most_k(k):
    pool, cl = IDPool(), []
    xs = [pool.id(i) for i in range(6)]
    Circuit(pool, cl).at_most(xs, k)
    sat = {tuple(v.values()) for v, _ in _models(cl, xs)}
    expected = {bits for bits in itertools.product([True, False], repeat=6) if sum(bits) <= k}
    assert sat == expected


def _play(followers, moves, assignment, misere):
    """P-positions of a colourless game by plain recursion (a test oracle)."""
    memo = {}

    def is_p(f):
        if f not in memo:
            opts = [t for s, t, cond in moves if s == f and all(
                assignment.get(abs(x), True) == (x > 0) for x in cond)]
            if misere and not opts:
                memo[f] = False
            else:
                memo[f] = not any(is_p(t) for t in opts)
        return memo[f]

    return {f: is_p(f) for f in followers}


def _grundy(followers, moves, assignment):
    memo = {}

    def g(f):
        if f not in memo:
            vals = {g(t) for s, t, cond in moves if s == f and all(
                assignment.get(abs(x), True) == (x > 0) for x in cond)}
            m = 0
            while m in vals:
                m += 1
            memo[f] = m
        return memo[f]

    return {f: g(f) for f in followers}


def _random_game(rng, n_followers, n_colours, first_var):
    """A random DAG (edges go to smaller ids) with moves conditioned on colour literals."""
    followers = list(range(n_followers))
    moves = []
    for f in followers:
        for t in range(f):
            if rng.random() < 0.5:
                cond = [rng.choice([1, -1]) * (first_var + rng.randrange(n_colours))
                        for _ in range(rng.randrange(3))]
                moves.append((f, t, cond))
    return followers, moves


@pytest.mark.parametrize("seed", range(6))
def test_kernel_and_grundy_match_recursion(seed):
    rng = random.Random(seed)
    pool = IDPool()
    colours = [pool.id(("c", i)) for i in range(4)]
    followers, moves = _random_game(rng, 9, 4, colours[0])
    cl = []
    normal = add_kernel(pool, cl, followers, moves, misere=False, tag="n")
    misere = add_kernel(pool, cl, followers, moves, misere=True, tag="m")
    grundy = add_grundy(pool, cl, followers, moves)
    count = 0
    for val, m in _models(cl, colours):
        count += 1
        pn, pm, g = (_play(followers, moves, val, False), _play(followers, moves, val, True),
                     _grundy(followers, moves, val))
        for f in followers:
            assert (normal.p[f] in m) == pn[f]
            assert (misere.p[f] in m) == pm[f]
            assert [t for t, x in enumerate(grundy.value[f]) if x in m] == [g[f]]
    assert count == 16  # every colouring extends to a model


def test_auxiliaries_are_determined_by_the_colours():
    # all models over all variables: exactly one per colouring (so projected counts are exact)
    rng = random.Random(7)
    pool = IDPool()
    colours = [pool.id(("c", i)) for i in range(3)]
    followers, moves = _random_game(rng, 6, 3, colours[0])
    cl = []
    add_kernel(pool, cl, followers, moves, misere=True, tag="m")
    add_grundy(pool, cl, followers, moves)
    n_models = 0
    with Solver(bootstrap_with=cl) as s:
        while s.solve():
            n_models += 1
            s.add_clause([-x for x in s.get_model()])
    assert n_models == 2 ** len(colours)


def test_nim_heaps_by_hand():
    # heap of size k: moves to every smaller heap; nim-value k; misère P only for heap 1
    followers = list(range(5))
    moves = [(a, b, []) for a in followers for b in range(a)]
    pool, cl = IDPool(), []
    normal = add_kernel(pool, cl, followers, moves, tag="n")
    misere = add_kernel(pool, cl, followers, moves, misere=True, tag="m")
    g = add_grundy(pool, cl, followers, moves)
    with Solver(bootstrap_with=cl) as s:
        assert s.solve()
        m = set(s.get_model())
    assert [normal.p[f] in m for f in followers] == [True, False, False, False, False]
    assert [misere.p[f] in m for f in followers] == [False, True, False, False, False]
    assert [[t for t, x in enumerate(g.value[f]) if x in m][0] for f in followers] == [0, 1, 2,
                                                                                      3, 4]


def test_grundy_bounds_are_tight_for_nim():
    followers = list(range(4))
    moves = [(a, b, []) for a in followers for b in range(a)]
    assert grundy_bounds(followers, moves) == {0: 0, 1: 1, 2: 2, 3: 3}


def test_unknown_target_is_an_error():
    with pytest.raises(ValueError):
        add_kernel(IDPool(), [], [0], [(0, 1, [])])


# -- relaxations (``constrained``), value ranges, equal pairs -------------------------------


def _game(seed, n_followers):
    """A fresh pool, 3 colours and a random game (the same for the same seed)."""
    rng = random.Random(seed)
    pool = IDPool()
    colours = [pool.id(("c", i)) for i in range(3)]
    followers, moves = _random_game(rng, n_followers, 3, colours[0])
    return pool, colours, followers, moves


def _truth(followers, moves, colours, val, misere):
    """The P-variables' true values under a colouring, as assumptions (a test oracle)."""
    return _play(followers, moves, {c: val[c] for c in colours}, misere)


def _kernel_mismatches(clauses, enc, colours, followers, moves, misere):
    """Colourings (with a follower) where the kernel's P-values differ from recursion."""
    bad = []
    for val, m in _models(clauses, colours):
        truth = _truth(followers, moves, colours, val, misere)
        bad += [(val, f) for f in followers if (enc.p[f] in m) != truth[f]]
    return bad


def _relaxation_violations(clauses, enc, colours, followers, moves, misere):
    """Colourings whose true P-values are not a model of the formula (a relaxation has none)."""
    bad = []
    with Solver(name="cadical195", bootstrap_with=list(clauses)) as s:
        for bits in itertools.product([True, False], repeat=len(colours)):
            val = dict(zip(colours, bits, strict=True))
            truth = _truth(followers, moves, colours, val, misere)
            ass = [c if val[c] else -c for c in colours]
            ass += [enc.p[f] if truth[f] else -enc.p[f] for f in followers]
            if not s.solve(assumptions=ass):
                bad.append(val)
    return bad


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_constrained_kernel_is_a_relaxation(seed, misere):
    pool, colours, followers, moves = _game(100 + seed, 8)
    some = [f for f in followers if f % 2 == 0]
    cl = []
    enc = add_kernel(pool, cl, followers, moves, misere=misere, constrained=some)
    # the true outcomes always satisfy it (so its UNSAT answers are sound) ...
    assert _relaxation_violations(cl, enc, colours, followers, moves, misere) == []
    # ... every constrained follower's condition holds in every model ...
    for val, m in _models(cl, colours):
        for f in some:
            opts = [t for s, t, cond in moves if s == f and all(
                val.get(abs(x), True) == (x > 0) for x in cond)]
            expect = not any(enc.p[t] in m for t in opts) and (bool(opts) or not misere)
            assert (enc.p[f] in m) == expect
    # ... and constraining every follower gives the full kernel
    pool, colours, followers, moves = _game(100 + seed, 8)
    cl_full = []
    full = add_kernel(pool, cl_full, followers, moves, misere=misere, constrained=followers)
    assert _kernel_mismatches(cl_full, full, colours, followers, moves, misere) == []


def test_unconstrained_followers_are_free():
    # Nim heaps 0..2, only heap 2 constrained: heap 1 may be called a P-position.
    moves = [(a, b, []) for a in range(3) for b in range(a)]
    pool, cl = IDPool(), []
    enc = add_kernel(pool, cl, [0, 1, 2], moves, constrained=[2])
    with Solver(bootstrap_with=cl) as s:
        assert s.solve(assumptions=[enc.p[1]]) and s.solve(assumptions=[-enc.p[1]])
        assert s.solve(assumptions=[enc.p[1], enc.p[0]])  # the full kernel forbids this
        assert not s.solve(assumptions=[enc.p[1], enc.p[2]])  # heap 2's condition holds


def test_negative_control_a_wrong_kernel_condition_is_caught():
    # The misère conditions are wrong for normal play; the oracle comparison must say so,
    # and the relaxation check must reject a formula that adds a condition of its own.
    pool, colours, followers, moves = _game(3, 8)
    cl = []
    wrong = add_kernel(pool, cl, followers, moves, misere=True)
    assert _kernel_mismatches(cl, wrong, colours, followers, moves, misere=False)
    pool, colours, followers, moves = _game(3, 8)
    cl = []
    enc = add_kernel(pool, cl, followers, moves, constrained=[followers[-1]])
    assert _relaxation_violations(cl, enc, colours, followers, moves, misere=False) == []
    cl.append([enc.p[followers[-1]]])  # "the last follower is always a P-position": false
    assert _relaxation_violations(cl, enc, colours, followers, moves, misere=False)


@pytest.mark.parametrize("seed", range(4))
def test_value_range_is_unsat_exactly_when_a_value_exceeds_it(seed):
    for r in range(4):
        pool, colours, followers, moves = _game(200 + seed, 9)
        cl = []
        g = add_grundy(pool, cl, followers, moves, value_range=r)
        with Solver(name="cadical195", bootstrap_with=cl) as s:
            for bits in itertools.product([True, False], repeat=len(colours)):
                val = dict(zip(colours, bits, strict=True))
                truth = _grundy(followers, moves, val)
                ok = s.solve(assumptions=[c if val[c] else -c for c in colours])
                assert ok == (max(truth.values()) <= r), (r, val)
                if ok:
                    m = s.get_model()
                    assert {f: g.value_of(f, m) for f in followers} == truth


def test_nim_heap_value_range_by_hand():
    moves = [(a, b, []) for a in range(5) for b in range(a)]
    for r, sat in ((4, True), (3, False)):
        pool, cl = IDPool(), []
        g = add_grundy(pool, cl, range(5), moves, value_range=r)
        with Solver(bootstrap_with=cl) as s:
            assert s.solve() == sat
            if sat:
                assert [g.value_of(f, s.get_model()) for f in range(5)] == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("seed", range(4))
def test_some_equal_pair_matches_recursion(seed):
    pool, colours, followers, moves = _game(300 + seed, 9)
    chosen = followers[-4:]
    cl = []
    g = add_grundy(pool, cl, followers, moves)
    equal = some_equal_pair(pool, cl, g, chosen)
    with Solver(name="cadical195", bootstrap_with=cl) as s:
        for bits in itertools.product([True, False], repeat=len(colours)):
            val = dict(zip(colours, bits, strict=True))
            truth = _grundy(followers, moves, val)
            values = [truth[f] for f in chosen]
            ass = [c if val[c] else -c for c in colours]
            assert s.solve(assumptions=ass + [equal]) == (len(set(values)) < len(values))


# -- kernel ------------------------------------------------------------------------------

def test_value_lit_is_false_beyond_the_encoded_values() -> None:
    pool, cl = IDPool(), []
    circ = Circuit(pool, cl)
    g = add_grundy(pool, cl, [0, 1, 2], [(2, 1, []), (2, 0, []), (1, 0, [])])
    assert [g.value_lit(2, t, circ) for t in range(3)] == g.value[2]
    assert g.value_lit(1, 1, circ) == g.value[1][1]
    for f, t in [(0, 1), (1, 2), (2, 3), (2, -1), (0, -1)]:
        assert g.value_lit(f, t, circ) == circ.false, (f, t)
    with Solver(name="minisat22", bootstrap_with=cl) as s:
        assert s.solve()
        model = s.get_model()
    assert [g.value_of(f, model) for f in (0, 1, 2)] == [0, 1, 2]


def test_grundy_bounds_with_parallel_moves() -> None:
    # two moves a -> b (different conditions) put b twice on the search stack
    assert grundy_bounds(["a", "b"], [("a", "b", [1]), ("a", "b", [-1])]) == {"a": 1, "b": 0}
    assert grundy_bounds(["c", "a", "b"], [("a", "b", [1]), ("a", "b", [-1]), ("c", "a", []),
                                           ("c", "b", [])]) == {"c": 2, "a": 1, "b": 0}


def test_add_grundy_of_nothing_is_empty() -> None:
    pool, cl = IDPool(), []
    g = add_grundy(pool, cl, [], [])
    assert (g.value, g.bound, cl) == ({}, {}, [])


def test_grundy_bounds_cap_at_one_more_than_the_options() -> None:
    moves = [("a", leaf, []) for leaf in "xyz"]
    assert grundy_bounds(["a", "x", "y", "z"], moves) == {"a": 1, "x": 0, "y": 0, "z": 0}


def test_kernel_variables_and_gates_are_named_as_documented() -> None:
    """Follower f gets ``pool.id((tag, f))``; moves with one condition share their
    "available" gate, and a move listed twice shares its "win" gate."""
    pool, cl = IDPool(), []
    moves = [(2, 1, [7, 8]), (2, 0, [8, 7]), (1, 0, [7, 8]), (1, 0, [7, 8]), (2, 0, [7, 9])]
    enc = add_kernel(pool, cl, [0, 1, 2], moves)
    assert enc.p == {f: pool.id(("P", f)) for f in (0, 1, 2)}
    assert enc.moves == [(s, t, tuple(c)) for s, t, c in moves]
    assert len(set(enc.available[:4])) == 1 and enc.available[4] != enc.available[0]
    assert enc.win[2] == enc.win[3] and len(set(enc.win)) == 4
    enc2 = add_kernel(pool, cl, [0, 1, 2], moves, tag="Q")
    assert enc2.p[0] == pool.id(("Q", 0)) and enc2.p[0] != enc.p[0]
    assert enc2.available == enc.available  # gates shared through the pool


def test_kernel_names_an_unlisted_follower() -> None:
    with pytest.raises(ValueError, match=r"^move target 1 is not a listed follower$"):
        add_kernel(IDPool(), [], [0], [(0, 1, [])])
    with pytest.raises(ValueError, match=r"^move source 'x' is not a listed follower$"):
        add_kernel(IDPool(), [], [0], [("x", 0, [])])
