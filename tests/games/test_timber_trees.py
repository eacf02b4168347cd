"""Timber Algorithm 3.5 on oriented trees against plain recursion; Lemmas 3.1-3.3."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgsat.cgt import timber_trees
from cgsat.cgt.impartial import ImpartialSolver
from cgsat.errors import PositionError
from cgsat.games import get_ruleset
from cgsat.games.oriented import oriented_trees, oriented_trees_up_to

RULES = get_ruleset("timber")
SOLVER = ImpartialSolver(RULES)  # plain recursion, shared memo


@st.composite
def trees(draw, min_edges=0, max_edges=12, offset=0):
    """A random oriented tree on vertices offset..offset+n (vertex i hangs below some j < i)."""
    n = draw(st.integers(min_value=min_edges, max_value=max_edges))
    arcs = []
    for i in range(1, n + 1):
        j = draw(st.integers(min_value=0, max_value=i - 1))
        a, b = str(offset + i), str(offset + j)
        arcs.append((a, b) if draw(st.booleans()) else (b, a))
    return frozenset(arcs)


def brute_outcome(tree):
    return SOLVER.outcome(tree)


# -- Algorithm 3.5 against plain recursion ------------------------------------------------
def sweep(max_edges):
    """Compare Algorithm 3.5 with plain recursion on every oriented tree; return P counts."""
    p_counts = []
    for n in range(max_edges + 1):
        p_count = 0
        for tree in oriented_trees(n):
            fast = timber_trees.outcome(tree)
            assert fast == brute_outcome(tree), RULES.format(tree)
            p_count += fast == "P"
        p_counts.append(p_count)
    return p_counts


def test_algorithm_3_5_agrees_with_plain_recursion_on_every_tree_up_to_8_edges():
    p_counts = sweep(8)
    # Odd edge counts have no P-orientation (the 2019 result, caterpillars.even-edges).
    assert p_counts[1::2] == [0, 0, 0, 0]
    assert all(c > 0 for c in p_counts[0::2])  # the sweep meets P-positions


@pytest.mark.slow
def test_algorithm_3_5_agrees_with_plain_recursion_on_every_tree_up_to_9_edges():
    assert sum(1 for _ in oriented_trees(9)) == 106 * 2**9
    assert sweep(9)[9] == 0


@settings(max_examples=80, deadline=None)
@given(trees(min_edges=10, max_edges=16))
def test_algorithm_3_5_agrees_with_plain_recursion_on_random_larger_trees(tree):
    assert timber_trees.outcome(tree) == brute_outcome(tree)


def test_winning_moves_match_plain_recursion_up_to_7_edges():
    for tree in oriented_trees_up_to(7):
        expected = [m for m, _ in SOLVER.winning_moves(tree)]
        assert timber_trees.winning_moves(tree) == expected
        move = timber_trees.winning_move(tree)
        if brute_outcome(tree) == "P":
            assert move is None
        else:
            option = dict(RULES.options(tree))[move]
            assert brute_outcome(option) == "P", (RULES.format(tree), move)


@settings(max_examples=60, deadline=None)
@given(trees(min_edges=1, max_edges=16))
def test_winning_move_goes_to_a_p_position(tree):
    move = timber_trees.winning_move(tree)
    if move is None:
        assert brute_outcome(tree) == "P"
    else:
        assert brute_outcome(dict(RULES.options(tree))[move]) == "P"


def test_small_examples():
    parse = RULES.parse
    assert timber_trees.outcome(parse("()")) == "P"
    assert timber_trees.outcome(parse("1>0 1>2")) == "P"  # Toppling Peaks LR
    assert timber_trees.winning_move(parse("5>4")) == "5>4"  # Lemma 3.1
    # A star with every arc pointing out is nim: *1 + *1 + *1, an N-position.
    assert timber_trees.outcome(parse("0>1 0>2 0>3")) == "N"
    assert timber_trees.outcome(parse("0>1 0>2 0>3 0>4")) == "P"  # *1+*1+*1+*1 = 0
    assert timber_trees.outcome(parse("0>1 0>2 0>3 3>4")) == "N"  # *1+*1+*2 = *2


def test_non_trees_are_refused():
    with pytest.raises(PositionError, match="not a tree"):
        timber_trees.outcome(RULES.parse("0>1 1>2 2>0"))
    with pytest.raises(PositionError, match="not a tree"):
        timber_trees.winning_move(RULES.parse("0>1 2>3"))


# -- the lemmas, checked by plain recursion ----------------------------------------------
def peak_pair(t1, t2, y, z):
    """Lemma 3.2: T = T1 + new x with arcs (x, y), (x, z) + T2, and T' with y = z."""
    t = t1 | t2 | {("x", y), ("x", z)}
    t_prime = t1 | frozenset((y if a == z else a, y if b == z else b) for a, b in t2)
    return frozenset(t), t_prime


def vertices(t, offset):
    return sorted({v for arc in t for v in arc}) or [str(offset)]


@settings(max_examples=80, deadline=None)
@given(trees(max_edges=6), trees(max_edges=6, offset=100), st.data())
def test_lemma_3_2_flatten_preserves_the_outcome(t1, t2, data):
    y = data.draw(st.sampled_from(vertices(t1, 0)))
    z = data.draw(st.sampled_from(vertices(t2, 100)))
    t, t_prime = peak_pair(t1, t2, y, z)
    assert brute_outcome(t) == brute_outcome(t_prime)


def path_from(w, length, tag):
    chain = [w] + [f"{tag}{i}" for i in range(1, length + 1)]
    return frozenset(zip(chain, chain[1:], strict=False))


def merge_pair(t0, w, n, m, merged_length):
    t = t0 | path_from(w, n, "y") | path_from(w, m, "z")
    return t, t0 | path_from(w, merged_length, "x")


@settings(max_examples=80, deadline=None)
@given(trees(max_edges=6), st.integers(0, 5), st.integers(0, 5), st.data())
def test_lemma_3_3_merge_preserves_the_outcome(t0, n, m, data):
    w = data.draw(st.sampled_from(vertices(t0, 0)))
    t, t_prime = merge_pair(t0, w, n, m, n ^ m)
    assert brute_outcome(t) == brute_outcome(t_prime)
    # The proof shows more: the nim-value is unchanged too.
    assert SOLVER.nim_value(t) == SOLVER.nim_value(t_prime)


def test_negative_control_merge_by_sum_is_refuted():
    # A deliberately wrong Lemma 3.3 (length n + m instead of n XOR m) must fail somewhere.
    found = None
    for t0 in oriented_trees_up_to(2):
        for w in vertices(t0, 0):
            for n in range(1, 4):
                for m in range(1, 4):
                    t, wrong = merge_pair(t0, w, n, m, n + m)
                    if brute_outcome(t) != brute_outcome(wrong):
                        found = (RULES.format(t), RULES.format(wrong))
                        break
    assert found is not None


def test_lemma_3_2_does_not_preserve_values():
    # timber.txt §4: "this is not true in the reduction (flatten) of Lemma 3.2".
    t, t_prime = peak_pair(frozenset(), frozenset({("0", "1")}), "9", "0")
    assert brute_outcome(t) == brute_outcome(t_prime)
    assert SOLVER.nim_value(t) != SOLVER.nim_value(t_prime)
