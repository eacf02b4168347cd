"""The probe ``tree-p-counts`` (issue 15): the dynamic programme counting P-orientations of
trees against an independent brute force written here, the Timber paper's path counts
(Catalan numbers, Theorem 2.5), no P-orientation with an odd number of edges (the 2019
theorem), the probe's table at a small bound, and negative controls (wrong programme
rules refuted by enumeration with a concrete tree)."""

from __future__ import annotations

import copy
import functools
from math import comb

import networkx as nx
import pytest

from cgsat.engine import fingerprint
from cgsat.games import tree_counts as tree_dp
from cgsat.games.oriented import trees
from cgsat.papers.timber.trees import counts as tree_counts
from cgsat.papers.timber.trees import counts_brute as tree_counts_brute
from cgsat.papers.timber.trees.probes import TREE_P_COUNTS, closed_form, summary


# -- an independent brute force: plain recursion on arc sets -----------------------------------
@functools.cache
def _wins(arcs: frozenset) -> bool:
    """Whether the player to move wins Timber on this set of arcs (normal play)."""
    adj: dict = {}
    for x, y in arcs:
        adj.setdefault(x, set()).add(y)
        adj.setdefault(y, set()).add(x)
    for x, y in arcs:
        gone, stack = {y}, [y]
        while stack:  # the part reached from y without crossing back to x
            v = stack.pop()
            for u in adj[v]:
                if u not in gone and not (v == y and u == x):
                    gone.add(u)
                    stack.append(u)
        rest = frozenset(a for a in arcs if a[0] not in gone and a[1] not in gone)
        if not _wins(rest):
            return True
    return False


def brute_count(g: nx.Graph) -> int:
    edges = list(g.edges())
    total = 0
    for mask in range(1 << len(edges)):
        arcs = frozenset((v, u) if mask >> i & 1 else (u, v) for i, (u, v) in enumerate(edges))
        total += not _wins(arcs)
    return total


SMALL = [g for n in range(0, 8) for g in trees(n)]  # 1+1+1+2+3+6+11+23 trees


def test_programme_equals_the_independent_brute_force_up_to_seven_edges():
    for g in SMALL:
        assert tree_dp.count_p(g) == brute_count(g), nx.to_graph6_bytes(g)


def test_enumeration_by_the_direct_solver_equals_the_independent_brute_force():
    for g in SMALL[:20]:
        assert tree_counts_brute.count_p_enumerated(g) == brute_count(g)


def test_paths_give_the_catalan_numbers_of_theorem_2_5():
    for m in range(0, 41):
        expected = comb(m, m // 2) // (m // 2 + 1) if m % 2 == 0 else 0
        assert tree_dp.count_p(nx.path_graph(m + 1)) == expected
    assert [tree_dp.count_p(nx.path_graph(m + 1)) for m in range(1, 11)] == \
        [0, 1, 0, 2, 0, 5, 0, 14, 0, 42]  # the paper's CGSuite list, n = 1..10


def test_no_tree_with_an_odd_number_of_edges_has_a_p_orientation():
    for n in (1, 3, 5, 7, 9, 11, 13):
        assert all(tree_dp.count_p(g) == 0 for g in trees(n))
    assert all(tree_dp.count_p(g) > 0 for n in (2, 4, 6, 8, 10) for g in trees(n))


def test_probe_table_at_six_matches_the_brute_force():
    sizes = {n: TREE_P_COUNTS.size(n) for n in range(0, 7)}
    rows = TREE_P_COUNTS.table(sizes, 6)
    assert set(TREE_P_COUNTS.columns) <= set(rows[0])
    assert [sum(r["kind"] == "tree" for r in sizes[n]) for n in range(7)] == \
        [1, 1, 1, 2, 3, 6, 11]
    for r in rows:
        if r["kind"] == "tree":
            g = nx.from_graph6_bytes(r["tree"].encode())
        elif r["kind"] == "caterpillar" or r["tree"].startswith("cat("):
            g = tree_counts.caterpillar([int(k) for k in r["tree"][4:-1].split(",")])
        else:
            length = int(r["family"][-1])
            g = tree_counts.spider([length] * r["parameter"])
        assert g.number_of_edges() == r["edges"]
        if r["edges"] <= 9:
            assert r["count"] == brute_count(g) == r["count_enum"], r
            assert r["agrees"] is True
    assert sum(r["count"] * r["vectors"] for r in sizes[5]
               if r["kind"] == "caterpillar") == 42  # C(5)
    lines = summary(sizes, 6)
    assert any("all hold" in line for line in lines)
    assert any("holds on every row" in line for line in lines)
    assert not any("FAIL" in line or "DIFFER" in line for line in lines)


def test_summary_reports_a_wrong_count():
    sizes = {n: copy.deepcopy(TREE_P_COUNTS.size(n)) for n in range(0, 5)}
    path4 = next(r for r in sizes[4] if r["family"] == "path")
    assert closed_form(path4) == 2
    path4["count"] = 3
    odd = next(r for r in sizes[3] if r["family"] == "star")
    odd["count"] = 1
    text = "\n".join(summary(sizes, 4))
    assert "paths P(n) (n edges): 1, 0, 1, 0, 3. Closed form FAILS at n = 4." in text
    assert "stars K(1,n): 1, 1. Closed form FAILS at n = 3." in text
    assert "2019 theorem): FAILS on `Ci`" in text and "2 FAIL" in text


# -- negative controls: wrong rules of the programme, refuted by enumeration ----------------
def _no_dead_branch(sub):  # ignores Lemma 3.1: a leaf arc leaving its leaf is not fatal
    out = {}
    for s, c in sub.items():
        for t in (s + 1, abs(s - 1)):
            out[t] = out.get(t, 0) + c
    return out


def _sum_not_xor(a, b):  # merges branches by adding lengths, not by nim addition
    out = {}
    for x, cx in a.items():
        for y, cy in b.items():
            out[x + y] = out.get(x + y, 0) + cx * cy
    return out


@pytest.mark.parametrize("attr, wrong, graph6, claimed, actual", [
    ("branch", _no_dead_branch, "Bg", 2, 1),        # the path with 2 edges
    ("xor_convolve", _sum_not_xor, "DqC", 0, 2),    # the first tree with 4 edges
])
def test_wrong_rules_are_refuted_with_a_concrete_tree(monkeypatch, attr, wrong, graph6,
                                                       claimed, actual):
    monkeypatch.setattr(tree_dp, attr, wrong)
    cx = next((g for g in SMALL if tree_dp.count_p(g) != brute_count(g)), None)
    assert cx is not None
    assert tree_counts_brute.count_p_enumerated(cx) == actual
    assert (tree_counts.graph6(cx), tree_dp.count_p(cx)) == (graph6, claimed)
    monkeypatch.undo()
    assert tree_dp.count_p(cx) == actual


def test_stored_sizes_depend_on_the_data_code_only():
    closure = fingerprint.callable_modules(TREE_P_COUNTS.size)
    assert "cgsat.papers.timber.trees.counts" in closure
    assert "cgsat.games.tree_counts" in closure
    assert "cgsat.papers.timber.trees.counts_brute" in closure
    assert not any(m.endswith("probes") or ".report" in m for m in closure)
