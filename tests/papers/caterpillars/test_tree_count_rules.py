"""The P-count rules of the tree-p-counts probe as claims (issue 15): caterpillars.binary-sum,
caterpillars.path-most and the dp method of caterpillars.even-edges, with negative controls
(a deliberately wrong rule refuted through the registered method, with a concrete
counterexample that the replay confirms)."""

from __future__ import annotations

import networkx as nx
import pytest

from cgsat.claims import Budget
from cgsat.papers.caterpillars import brute, counts_brute, counts_dp, counts_sat
from cgsat.papers.caterpillars.counts import catalan, parse_tree, path_count
from cgsat.papers.registry import get_claim
from cgsat.sat.solve import SatRun


def wrong_sum(s: int) -> int:
    """The Catalan rule, wrong at spine 4."""
    return catalan(s) + (s == 4)


def test_the_claims_are_registered_with_three_methods():
    for cid in ("caterpillars.binary-sum", "caterpillars.path-most"):
        assert [m.name for m in get_claim(cid).methods] == ["sat", "dp", "brute"]
    assert "dp" in [m.name for m in get_claim("caterpillars.even-edges").methods]


@pytest.mark.parametrize("s", range(1, 7))
def test_binary_sum_holds_by_every_method(s):
    for run in (counts_sat.binary_sum_sat, counts_dp.binary_sum_dp,
                counts_brute.binary_sum_brute):
        assert run(s, Budget()).status == "holds"


@pytest.mark.parametrize("run", [counts_sat.binary_sum_sat, counts_dp.binary_sum_dp,
                                 counts_brute.binary_sum_brute])
def test_a_wrong_sum_is_refuted_at_its_spine(run):
    assert run(3, Budget(), form=wrong_sum).status == "holds"
    v = run(4, Budget(), form=wrong_sum)
    assert (v.status, v.counterexample) == ("refuted", "spine 4: 14")
    assert counts_brute.binary_sum_confirm(4, v.counterexample, wrong_sum)
    assert not counts_brute.binary_sum_confirm(4, v.counterexample)  # the true rule


@pytest.mark.parametrize("n", [4, 5, 6, 8])
def test_path_most_holds_by_every_method(n):
    want = "vacuous" if n % 2 else "holds"
    for run in (counts_sat.path_most_sat, counts_dp.path_most_dp,
                counts_brute.path_most_brute):
        assert run(n, Budget()).status == want


@pytest.mark.parametrize("run", [counts_sat.path_most_sat, counts_dp.path_most_dp,
                                 counts_brute.path_most_brute])
def test_a_wrong_bound_is_refuted_by_a_tree(run):
    # "no tree but the path has more than C(n/2 - 1)": false at 6 edges (the runner-up has 4)
    def bound(n: int) -> int:
        return catalan(n // 2 - 1) + 1

    assert run(4, Budget(), bound=bound).status == "holds"  # runner-up 1 < 2
    v = run(6, Budget(), bound=bound)
    assert v.status == "refuted"
    g = parse_tree(v.counterexample)
    assert g.number_of_edges() == 6 and max(d for _, d in g.degree) > 2
    assert counts_brute.count_by_play(g) >= bound(6)
    assert counts_brute.path_most_confirm(6, v.counterexample, bound)
    assert not counts_brute.path_most_confirm(6, v.counterexample)


def test_even_edges_dp_and_its_negative_controls():
    assert [counts_dp.even_edges_dp(n, Budget()).status for n in range(9)] == ["holds"] * 9
    # wrong: "no tree with 2 edges has a P-orientation" -> a P-orientation
    v = counts_dp.even_edges_dp(2, Budget(), has_p=lambda m: m % 4 == 0)
    assert v.status == "refuted" and brute.is_p(v.counterexample)
    # wrong: "every tree with 3 edges has one" -> a tree with none
    v = counts_dp.even_edges_dp(3, Budget(), has_p=lambda m: True)
    assert v.status == "refuted" and v.counterexample.startswith("tree:")
    assert counts_brute.count_by_play(parse_tree(v.counterexample)) == 0


def test_p_orientation_is_a_p_position():
    for g in (nx.path_graph(5), nx.star_graph(4), nx.balanced_tree(2, 2)):
        p = counts_dp.p_orientation(g)
        if g.number_of_edges() % 2:
            assert p is None
        else:
            assert p is not None and brute.is_p(p)


def test_the_sat_controls_fail_when_the_oracle_lies():
    v = counts_sat.binary_sum_sat(4, Budget(), oracle=lambda p: False)
    assert v.status == "error" and "direct solver" in v.reason


def test_sat_counts_equal_the_path_formula():
    run = SatRun(Budget())
    assert [counts_sat.TreeCount(run, nx.path_graph(m + 1)).count() for m in range(9)] == [
        path_count(m) for m in range(9)]
