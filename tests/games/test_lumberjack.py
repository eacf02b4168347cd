"""Lumberjack, rooted trees and the Tuft principle (lumberjack.txt §4.2)."""

import io
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgsat import cli
from cgsat.cgt.impartial import ImpartialSolver, mex
from cgsat.cgt.tuft import tuft_nim_value
from cgsat.errors import PositionError
from cgsat.games import get_ruleset
from cgsat.games import rooted_trees as rt
from cgsat.games.base import ImpartialRuleset

RULES = get_ruleset("lumberjack")


def solver():
    return ImpartialSolver(RULES)


# -- rooted trees ----------
def a000081(n_max):
    """Rooted trees with n nodes by the Euler-transform recurrence (independent of the
    enumerator): a(1) = 1, a(n+1) = (1/n) sum_{k=1..n} (sum_{d|k} d a(d)) a(n-k+1)."""
    a = [0, 1]
    for n in range(1, n_max):
        s = 0
        for k in range(1, n + 1):
            s += sum(d * a[d] for d in range(1, k + 1) if k % d == 0) * a[n - k + 1]
        a.append(s // n)
    return a


def test_enumeration_counts_match_a000081():
    a = a000081(12)
    assert [len(rt.rooted_trees(n)) for n in range(11)] == a[1:12]


@given(st.integers(0, 25), st.randoms(use_true_random=False))
def test_canonical_form_ignores_labels(n, rnd):
    # Relabel a random tree by a random permutation fixing the root; the canonical form and
    # the AHU code must not change.
    tree = rt.random_tree(n, rnd)
    perm = list(range(1, n + 1))
    rnd.shuffle(perm)
    new = {0: 0, **{old: perm[old - 1] for old in range(1, n + 1)}}
    parents = [0] * n
    for child, parent in enumerate(tree, start=1):
        parents[new[child] - 1] = new[parent]
    assert rt.canonical(tuple(parents)) == tree
    assert rt.ahu(tuple(parents)) == rt.ahu(tree)


def test_distinct_trees_have_distinct_codes():
    trees = rt.rooted_trees(8)
    assert len({rt.ahu(t) for t in trees}) == len(trees)


# -- the Tuft principle against plain recursion ----------
def test_tuft_agrees_with_recursion_on_every_tree_up_to_10_edges():
    s = solver()
    count = 0
    for tree in rt.iter_rooted_trees(10):
        assert tuft_nim_value(tree) == s.nim_value(tree), RULES.format(tree)
        count += 1
    assert count == sum(a000081(11)[1:12])  # 3047 trees


def test_tuft_agrees_with_recursion_on_random_larger_trees():
    rng = random.Random(2024)
    s = solver()
    for _ in range(25):
        tree = rt.random_tree(rng.randrange(11, 17), rng)
        assert tuft_nim_value(tree) == s.nim_value(tree), RULES.format(tree)


@pytest.mark.slow
def test_tuft_agrees_with_recursion_on_many_random_larger_trees():
    rng = random.Random(7)
    s = solver()
    for _ in range(100):
        tree = rt.random_tree(rng.randrange(15, 23), rng)
        assert tuft_nim_value(tree) == s.nim_value(tree), RULES.format(tree)


@pytest.mark.slow
def test_tuft_agrees_with_recursion_on_every_tree_with_11_or_12_edges():
    s = solver()
    for n in (11, 12):
        for tree in rt.rooted_trees(n):
            assert tuft_nim_value(tree) == s.nim_value(tree), RULES.format(tree)


def test_tuft_on_forests_is_the_nim_sum():
    trees = [rt.stalk(3), rt.T_k(2), rt.stalk(4)]
    assert tuft_nim_value(trees) == 3 ^ 1 ^ 4
    assert tuft_nim_value(rt.join(trees)) == 3 ^ 1 ^ 4
    assert solver().nim_value(rt.join(trees)) == 3 ^ 1 ^ 4


def test_tuft_handles_tall_stalks_without_recursion_limits():
    assert tuft_nim_value(rt.stalk(5000)) == 5000


def test_negative_control_a_wrong_tuft_rule_is_refuted():
    # Deliberately wrong: forget the "+1" for the edge below each branch.
    def wrong(tree):
        kids = rt.children_lists(tree)
        order = [0]
        for v in order:
            order.extend(kids[v])
        g = [0] * (len(tree) + 1)
        for v in reversed(order):
            x = 0
            for c in kids[v]:
                x ^= g[c]
            g[v] = x
        return g[0]

    s = solver()
    bad = next(t for t in rt.iter_rooted_trees(4) if wrong(t) != s.nim_value(t))
    assert RULES.format(bad) == "0-1"  # a single edge is *1, not 0
    assert s.nim_value(bad) == 1


# -- the T_k family (Figure 4.2.2) ----------
def test_t_k_family_by_plain_recursion():
    s = solver()
    for k in range(1, 11):
        assert s.nim_value(rt.T_k(2 * k - 1)) == 2, k
        assert s.nim_value(rt.T_k(2 * k)) == 1, k


def test_t_k_reading_of_the_lost_figure():
    # The text: T_1 is *2 (a stalk of 2), and T_2 has exactly two distinct followers, a
    # stalk of height 2 and the empty tree; T_3's followers are the empty tree and T_2.
    assert rt.T_k(1) == rt.stalk(2)
    assert {o for _, o in RULES.options(rt.T_k(2))} == {rt.stalk(2), ()}
    assert {o for _, o in RULES.options(rt.T_k(3))} == {(), rt.T_k(2)}


# -- the ruleset ----------
def test_parse_and_print():
    assert RULES.format(RULES.parse("0-1 1-2 1-3")) == "0-1 1-2 1-3"
    assert RULES.parse("3-1, 1-0, 2-1") == RULES.parse("0-1 1-2 1-3")
    assert RULES.format(RULES.parse("a-b b-c x-y root=a,x")) == "0-1 0-2 1-3"
    assert RULES.parse("()") == () and RULES.parse("") == ()
    assert RULES.format(()) == "()"


def test_options_hack_off_branches():
    # 0-1 1-2 1-3: hacking 0-1 leaves nothing, hacking a leaf leaves a stalk of 2.
    assert [(m, RULES.format(o)) for m, o in RULES.options(RULES.parse("0-1 1-2 1-3"))] == [
        ("0-1", "()"),
        ("1-2", "0-1 1-2"),
        ("1-3", "0-1 1-2"),
    ]


def test_components_are_the_branches_at_the_root():
    p = RULES.parse("0-1 0-2 2-3 0-4")
    assert sorted(RULES.components(p)) == sorted([(0,), (0,), (0, 1)])


@pytest.mark.parametrize(
    "bad, words",
    [
        ("0-1 1-2 2-0", "cycle"),
        ("0-1 2-3", "not joined to any root"),
        ("0-1 1-1", "self-loop"),
        ("0-1 1-0", "repeated edge"),
        ("0-1 1-2 x", "'x'"),
        ("0-1 1-", "only one end"),
        ("0-1 1-2 root=0,2", "one tree"),
        ("0-1 root=", "root list"),
        ("0-1 foo=3", "unknown option"),
        ("0>1", "'0>1'"),
    ],
)
def test_bad_input_is_named(bad, words):
    with pytest.raises(PositionError, match=words):
        RULES.parse(bad)


# -- property tests ----------
trees = st.builds(lambda n, r: rt.random_tree(n, r), st.integers(0, 12), st.randoms())


@given(trees)
def test_parse_print_round_trip(tree):
    assert RULES.parse(RULES.format(tree)) == tree


@given(trees)
def test_options_are_strictly_smaller(tree):
    assert all(len(o) < len(tree) for _, o in RULES.options(tree))


@settings(max_examples=60)
@given(trees, st.booleans())
def test_outcome_agrees_with_options(tree, misere):
    s = solver()
    opts = [o for _, o in RULES.options(tree)]
    if not opts:
        expected = "N" if misere else "P"
    else:
        expected = "N" if any(s.outcome(o, misere) == "P" for o in opts) else "P"
    assert s.outcome(tree, misere) == expected
    if not misere:
        assert s.nim_value(tree) == mex({s.nim_value(o) for o in opts})


@settings(max_examples=40)
@given(trees)
def test_splitting_into_branches_keeps_the_value(tree):
    whole = ImpartialRuleset(
        name="lumberjack-unsplit",
        parse=RULES.parse,
        format=RULES.format,
        options=RULES.options,
        components=lambda p: [p] if p else [],
        key=RULES.key,
        size=RULES.size,
        exhaustive_limit=RULES.exhaustive_limit,
    )
    assert ImpartialSolver(whole).nim_value(tree) == solver().nim_value(tree)


# -- CLI ----------
def test_cli_value_json(capsys):
    assert cli.main(["value", "lumberjack", "0-1 1-2 1-3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ruleset"] == "lumberjack"
    assert out["position"] == "0-1 1-2 1-3"
    assert out["nim"] == tuft_nim_value((0, 1, 1)) == 1
    assert out["outcome"] == "N"
    # The only move to 0 hacks the root edge.
    assert out["winning_moves"] == [{"player": None, "move": "0-1", "to": "()"}]


def test_cli_value_batch_from_stdin(capsys, monkeypatch):
    lines = "0-1 1-2\n0-1 0-2\n\n0-1 1-2 2-0\n0-1 1-2 1-3 0-4 4-5\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    assert cli.main(["value", "lumberjack", "-", "--json"]) == 2  # one bad line
    captured = capsys.readouterr()
    results = [json.loads(line) for line in captured.out.splitlines()]
    expected = [
        tuft_nim_value(RULES.parse(t)) for t in ("0-1 1-2", "0-1 0-2", "0-1 1-2 1-3 0-4 4-5")
    ]
    assert [r["nim"] for r in results] == expected == [2, 0, 3]
    assert captured.err.count("\n") == 1 and "line 4" in captured.err and "cycle" in captured.err
    assert "Traceback" not in captured.err


def test_tuft_winning_moves_agree_with_the_solver():
    from cgsat.cgt.tuft import tuft_winning_moves

    s = solver()
    for tree in rt.iter_rooted_trees(7):
        assert tuft_winning_moves(tree) == s.winning_moves(tree), RULES.format(tree)
