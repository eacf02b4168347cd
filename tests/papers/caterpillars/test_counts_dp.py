"""Quick, focused tests of :mod:`cgsat.papers.caterpillars.counts_dp` (issue 36: the
mutation run of the caterpillar counting). Every expected value is computed here by
another route: play by the direct solver (:func:`counts_brute.count_by_play`), the
enumeration of trees by networkx, Catalan numbers (Theorem 2.5 of *The Game of timber!*)."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest

from cgsat.claims import Budget
from cgsat.games.timber import make_position
from cgsat.papers.caterpillars import brute, counts_brute, counts_dp
from cgsat.papers.caterpillars.counts import binary_legs, catalan, parse_tree, path_count
from cgsat.papers.caterpillars.legs import cat_graph

SMALL_TREES = [nx.path_graph(1), nx.path_graph(2), nx.path_graph(3), nx.path_graph(5),
               nx.star_graph(3), nx.star_graph(4), nx.balanced_tree(2, 2),
               nx.Graph([(0, 1), (1, 2), (2, 3), (1, 4), (4, 5), (4, 6)])]


def _orientations(g: nx.Graph):
    edges = list(g.edges())
    for mask in itertools.product((False, True), repeat=len(edges)):
        yield {(v, u) if flip else (u, v) for (u, v), flip in zip(edges, mask, strict=True)}


def _nonisomorphic_trees(edges: int) -> int:
    return sum(1 for _ in nx.nonisomorphic_trees(edges + 1)) if edges else 1


@pytest.mark.parametrize("g", SMALL_TREES, ids=lambda g: str(sorted(g.edges())))
def test_the_branch_state_rule_agrees_with_play_on_every_orientation(g):
    g = nx.relabel_nodes(g, str)
    for root in g.nodes:
        for arcs in _orientations(g):
            by_rule = counts_dp._state(g, arcs, root, None) == 0
            assert by_rule == brute.is_p(counts_dp.fmt(make_position(arcs))), (root, arcs)


def test_a_dead_branch_and_the_states_of_a_path():
    g = nx.relabel_nodes(nx.path_graph(3), str)
    # 0 <- 1 -> 2 rooted at 0: the branch 1 carries the path 1 -> 2 (state 1), the arc 1 -> 0
    # leaves it: state 0; the root's XOR is 0 (P)
    assert counts_dp._state(g, {("1", "0"), ("1", "2")}, "0", None) == 0
    # 0 -> 1 -> 2: one outward path of length 2
    assert counts_dp._state(g, {("0", "1"), ("1", "2")}, "0", None) == 2
    # 0 <- 1 <- 2: the leaf 2's arc leaves it: dead
    assert counts_dp._state(g, {("1", "0"), ("2", "1")}, "0", None) is None
    # 0 -> 1 <- 2 at root 1: two branches of state... 1 <- 0 is dead (leaf 0 leaves)
    assert counts_dp._state(g, {("0", "1"), ("2", "1")}, "1", None) is None
    # 1 -> 0 and 1 -> 2 at root 1: 1 XOR 1 = 0
    assert counts_dp._state(g, {("1", "0"), ("1", "2")}, "1", None) == 0
    # root 0 of 0 -> 1 <- 2: the branch 1 has state 0 below it and the arc 0 -> 1: state 1;
    # below 1 the leaf 2's arc leaves 2 toward 1: dead
    assert counts_dp._state(g, {("0", "1"), ("2", "1")}, "0", None) is None


@pytest.mark.parametrize("g", SMALL_TREES, ids=lambda g: str(sorted(g.edges())))
def test_p_orientation_is_p_exactly_when_play_finds_one(g):
    p = counts_dp.p_orientation(g)
    if counts_brute.count_by_play(g) == 0:
        assert p is None
    else:
        assert p is not None and brute.is_p(p)
        assert len(p.split()) == max(g.number_of_edges(), 1)  # "()": no arc


def test_p_orientation_is_the_first_in_mask_order():
    # the first mask (no flip) of the path 0-1-2 is 0>1 1>2 (N); the first P is 1>0 1>2
    assert counts_dp.p_orientation(nx.path_graph(3)) == "1>0 1>2"
    assert counts_dp.p_orientation(nx.path_graph(2)) is None


@pytest.mark.parametrize("n", range(8))
def test_even_edges_holds_and_counts_every_tree(n):
    v = counts_dp.even_edges_dp(n, Budget())
    assert v.status == "holds"
    assert v.detail == f"{_nonisomorphic_trees(n)} trees counted"


def test_even_edges_negative_controls():
    v = counts_dp.even_edges_dp(4, Budget(), has_p=lambda m: False)
    assert v.status == "refuted" and brute.is_p(v.counterexample)
    assert len(v.counterexample.split()) == 4
    v = counts_dp.even_edges_dp(5, Budget(), has_p=lambda m: True)
    assert v.status == "refuted" and v.counterexample.startswith("tree:")
    assert counts_brute.count_by_play(parse_tree(v.counterexample)) == 0
    assert parse_tree(v.counterexample).number_of_edges() == 5


@pytest.mark.parametrize("s", range(1, 5))
def test_binary_sum_is_the_sum_by_play(s):
    total = sum(mult * counts_brute.count_by_play(cat_graph(k)) for k, mult in binary_legs(s))
    assert total == catalan(s)
    v = counts_dp.binary_sum_dp(s, Budget())
    assert v.status == "holds"
    assert v.detail == f"{len(list(binary_legs(s)))} leg vectors up to reversal, sum {total}"


def test_binary_sum_refuted_by_a_wrong_form():
    v = counts_dp.binary_sum_dp(3, Budget(), form=lambda s: catalan(s) + 1)
    assert (v.status, v.counterexample) == ("refuted", f"spine 3: {catalan(3)}")
    assert v.detail == f"the rule says {catalan(3) + 1}"


def _runner_up(n: int) -> int:
    return max(counts_brute.count_by_play(g) for g in nx.nonisomorphic_trees(n + 1)
               if max(d for _, d in g.degree) > 2)


@pytest.mark.parametrize("n", [4, 6])
def test_path_most_holds_with_the_runner_up_by_play(n):
    v = counts_dp.path_most_dp(n, Budget())
    assert v.status == "holds"
    assert v.detail == (f"{_nonisomorphic_trees(n)} trees; the path {path_count(n)}, "
                        f"the next {_runner_up(n)}")


@pytest.mark.parametrize("n, reason", [(3, "odd n: no tree has a P-orientation"),
                                       (5, "odd n: no tree has a P-orientation"),
                                       (2, "at most one tree with n edges"),
                                       (0, "at most one tree with n edges")])
def test_path_most_is_vacuous_below_four_and_at_odd_n(n, reason):
    v = counts_dp.path_most_dp(n, Budget())
    assert (v.status, v.reason) == ("vacuous", reason)


def test_path_most_refuted_by_a_tree_at_the_bound():
    # bound = the runner-up's count at 6 edges: the runner-up reaches it (>=, not >)
    runner = _runner_up(6)
    v = counts_dp.path_most_dp(6, Budget(), bound=lambda m: runner)
    assert v.status == "refuted" and v.detail == f"{runner} P-orientations"
    g = parse_tree(v.counterexample)
    assert g.number_of_edges() == 6 and counts_brute.count_by_play(g) == runner
    # one more: holds
    assert counts_dp.path_most_dp(6, Budget(), bound=lambda m: runner + 1).status == "holds"


def test_path_most_errs_when_the_programme_miscounts_the_path(monkeypatch):
    real = counts_dp.count_p
    monkeypatch.setattr(counts_dp, "count_p",
                        lambda g: real(g) + (max(d for _, d in g.degree) <= 2))
    v = counts_dp.path_most_dp(6, Budget())
    assert v.status == "error"
    assert v.reason == (f"the programme counts {path_count(6) + 1} for the path, "
                        f"Theorem 2.5 says {path_count(6)}")


def test_even_edges_invents_no_position_when_the_orientation_search_finds_none(monkeypatch):
    # a programme that (wrongly) counts a P-orientation of the single edge: the refutation
    # at n = 1 needs a P-orientation, which p_orientation cannot find (play finds none)
    single = nx.path_graph(2)
    assert counts_brute.count_by_play(single) == 0
    assert counts_dp.p_orientation(single) is None
    monkeypatch.setattr(counts_dp, "count_p", lambda g: 1)
    v = counts_dp.even_edges_dp(1, Budget())
    assert (v.status, v.counterexample) == ("refuted", "")


def test_path_most_reports_the_runner_up_even_when_it_is_zero(monkeypatch):
    # every tree but the path counted 0: the next count is the maximum of those zeros
    real = counts_dp.count_p
    monkeypatch.setattr(counts_dp, "count_p",
                        lambda g: real(g) if max(d for _, d in g.degree) <= 2 else 0)
    v = counts_dp.path_most_dp(4, Budget())
    assert v.status == "holds"
    assert v.detail == (f"{_nonisomorphic_trees(4)} trees; the path {path_count(4)}, "
                        f"the next 0")
