"""SAT encodings of Timber on trees (encodings.trees) and caterpillars (encodings.caterpillars).

Every encoding is checked against the direct solver (cgt.impartial on games.timber) and on
tiny hand-computed trees.
"""

import itertools
import random

import networkx as nx
import pytest
from pysat.formula import IDPool
from pysat.solvers import Solver

from cgsat.cgt.impartial import ImpartialSolver
from cgsat.encodings.caterpillars import (
    EMPTY,
    add_outleg_kernel,
    leg_pair_checks,
    leg_vectors_of,
    outleg_states,
)
from cgsat.encodings.timber_trees import (
    add_partial_tree_kernel,
    add_tree_grundy,
    add_tree_kernel,
    caterpillar,
    caterpillar_leg_edges,
    followers,
    orientation_literals,
    parse_shape,
    tree_shape,
)
from cgsat.errors import CgsatInputError
from cgsat.games import get_ruleset
from cgsat.games.timber import make_position

DIRECT = ImpartialSolver(get_ruleset("timber"))


def position(shape, bits):
    """The Timber position of ``shape`` with edge i oriented u>v when bits[i]."""
    pairs = zip(shape.edges, bits, strict=True)
    return make_position((u, v) if b else (v, u) for (u, v), b in pairs)


def signed(lits, bits):
    return [x if b else -x for x, b in zip(lits, bits, strict=True)]


def model_values(shape, misere=False):
    """For each orientation: (P under the kernel, nim-value under the Grundy encoding)."""
    pool, sol = IDPool(), Solver(name="cadical195")
    lits = orientation_literals(pool, shape)
    graph = followers(shape)
    kern = add_tree_kernel(pool, sol, graph, lits, misere=misere)
    grundy = add_tree_grundy(pool, sol, graph, lits) if not misere else None
    out = {}
    for bits in itertools.product([True, False], repeat=shape.n_edges):
        assert sol.solve(assumptions=signed(lits, bits))
        true = {x for x in sol.get_model() if x > 0}
        value = None
        if grundy is not None:
            values = [t for t, x in enumerate(grundy.value[0]) if x in true]
            assert len(values) == 1
            value = values[0]
        out[bits] = (kern.p[0] in true, value)
    sol.delete()
    return out


# -- hand-computed cases ----------------------------------------------------------------
def test_path_with_two_edges_is_p_only_as_lr():
    shape = tree_shape([(0, 1), (1, 2)])
    values = model_values(shape)
    # edge literal true: u>v. "1>0 1>2" is (False, True).
    assert {bits for bits, (p, _) in values.items() if p} == {(False, True)}
    # 0>1 1>2 (RR) is *2: toppling 1>2 leaves *1, toppling 0>1 leaves nothing
    assert values[(True, True)] == (False, 2)


@pytest.mark.parametrize("arms", [1, 2, 3, 4, 5])
def test_out_star_is_a_sum_of_single_heaps(arms):
    shape = tree_shape([(0, i) for i in range(1, arms + 1)])
    values = model_values(shape)
    assert values[(True,) * arms] == (arms % 2 == 0, arms % 2)


def test_follower_counts():
    # a path with m edges: its m(m+1)/2 sub-paths and the empty position
    for m in range(1, 7):
        assert len(followers(tree_shape([(i, i + 1) for i in range(m)]))) == m * (m + 1) // 2 + 1
    # a star with k arms: every non-empty set of arms, and the empty position
    for k in range(1, 7):
        assert len(followers(tree_shape([(0, i) for i in range(1, k + 1)]))) == 2**k


def test_shape_errors_name_the_edge():
    with pytest.raises(CgsatInputError, match="2-0"):
        tree_shape([(0, 1), (1, 2), (2, 0)])
    with pytest.raises(CgsatInputError, match="loop"):
        tree_shape([(3, 3)])
    with pytest.raises(CgsatInputError, match="disconnected"):
        tree_shape([(0, 1), (2, 3)])
    with pytest.raises(CgsatInputError, match="'0-'"):
        parse_shape("0- 1-2")


def test_caterpillar_shape():
    shape = caterpillar([2, 0, 1, 0, 3, 0])  # Figure 4 of the caterpillars paper
    g = nx.Graph(list(shape.edges))
    assert nx.is_tree(g) and shape.n_edges == 5 + 6
    spine_degrees = [g.degree(i) for i in range(6)]
    assert spine_degrees == [3, 2, 3, 2, 5, 1]
    assert [len(x) for x in caterpillar_leg_edges([2, 0, 1, 0, 3, 0])] == [2, 0, 1, 0, 3, 0]


# -- against the direct solver ------------------------------------------------------------
@pytest.mark.parametrize("n", range(1, 6))
def test_kernel_and_grundy_match_play_on_every_tree(n):
    for g in nx.nonisomorphic_trees(n + 1):
        shape = tree_shape(g.edges())
        for bits, (p, value) in model_values(shape).items():
            pos = position(shape, bits)
            assert p == (DIRECT.outcome(pos) == "P"), pos
            assert value == DIRECT.nim_value(pos), pos


@pytest.mark.parametrize("n", range(1, 5))
def test_misere_kernel_matches_play(n):
    for g in nx.nonisomorphic_trees(n + 1):
        shape = tree_shape(g.edges())
        for bits, (p, _) in model_values(shape, misere=True).items():
            pos = position(shape, bits)
            assert p == (DIRECT.outcome(pos, misere=True) == "P"), pos


def test_partial_kernel_is_a_relaxation():
    """Every P-position of the full kernel satisfies the depth-1 relaxation."""
    shape = tree_shape([(0, 1), (1, 2), (1, 3), (3, 4)])
    full = model_values(shape)
    pool, sol = IDPool(), Solver(name="cadical195")
    lits = orientation_literals(pool, shape)
    p = add_partial_tree_kernel(pool, sol, followers(shape, max_depth=1), lits)
    for bits, (is_p, _) in full.items():
        if is_p:
            assert sol.solve(assumptions=[p[0]] + signed(lits, bits))


def test_outleg_kernel_matches_play_on_random_caterpillars():
    rng = random.Random(7)
    for _ in range(25):
        s = rng.randint(1, 4)
        k = tuple(rng.randint(0, 3) for _ in range(s))
        if s - 1 + sum(k) > 9:
            continue
        pool, sol = IDPool(), Solver(name="cadical195")
        kern = add_outleg_kernel(pool, sol, s, [k])
        shape = caterpillar(k)
        for spine in itertools.product([True, False], repeat=s - 1):
            bits = spine + (True,) * sum(k)  # legs from the spine to the leaf
            assert sol.solve(assumptions=signed(kern.spine_lits, spine))
            is_p = kern.root(k) in set(sol.get_model())
            assert is_p == (DIRECT.outcome(position(shape, bits)) == "P"), (k, spine)
        sol.delete()


def test_outleg_states_of_a_single_leg():
    st = outleg_states(1, [(1,)])
    assert set(st.states) == {(0, 0, (1,)), EMPTY}


# -- the inductive leg-pair check ----------------------------------------------------------
def _any_sat(checks):
    for _, _, clauses in checks:
        with Solver(name="cadical195", bootstrap_with=clauses) as s:
            if s.solve():
                return True
    return False


def test_leg_pairs_cancel_inductively():
    vectors = leg_vectors_of(outleg_states(4, [(2, 3, 0, 2), (4, 0, 1, 2)]))
    assert not _any_sat(leg_pair_checks(vectors))


@pytest.mark.parametrize("drop", [1, 3])
def test_negative_control_wrong_leg_rule_is_refuted(drop):
    """One leg (or three legs) at a vertex do not cancel: some local check is SAT, and
    for one of them the direct solver confirms that cat(a) and cat(a - drop e_x), legs
    out, with the model's spine orientation, have different outcomes."""
    vectors = leg_vectors_of(outleg_states(3, [(3, 1, 2)]))
    confirmed = []
    for a, x, clauses in leg_pair_checks(vectors, drop=drop):
        with Solver(name="cadical195", bootstrap_with=clauses) as sol:
            if not sol.solve():
                continue
            model = set(sol.get_model())
        spine = tuple(t + 1 in model for t in range(len(a) - 1))
        b = a[:x] + (a[x] - drop,) + a[x + 1 :]
        one = position(caterpillar(a), spine + (True,) * sum(a))
        two = position(caterpillar(b), spine + (True,) * sum(b))
        if DIRECT.outcome(one) != DIRECT.outcome(two):
            confirmed.append((a, x))
    assert confirmed, "the wrong rule was not refuted"
