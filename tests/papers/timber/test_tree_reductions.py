"""The probe ``timber-reductions`` (issue 15, Problem 4.2): rooted patterns, the in-branch
rule and the candidates' checks against nim-values computed here by plain recursion, and a
negative control (the rule without its fixed-exit condition, refuted by a concrete tree)."""

from __future__ import annotations

import functools
import itertools

import networkx as nx

from cgsat.papers.timber.trees import reductions as tr
from cgsat.papers.timber.trees.probes import TIMBER_REDUCTIONS


# -- an independent nim-value: plain recursion on arc sets --------------------------------------
@functools.cache
def _nim(arcs: frozenset) -> int:
    adj: dict = {}
    for x, y in arcs:
        adj.setdefault(x, set()).add(y)
        adj.setdefault(y, set()).add(x)
    seen = set()
    for x, y in arcs:
        gone, stack = {y}, [y]
        while stack:
            v = stack.pop()
            for u in adj[v]:
                if u not in gone and not (v == y and u == x):
                    gone.add(u)
                    stack.append(u)
        seen.add(_nim(frozenset(a for a in arcs if a[0] not in gone and a[1] not in gone)))
    return next(k for k in itertools.count() if k not in seen)


def nim(*parts) -> int:
    return _nim(tr.position(*parts))


def test_rooted_trees_are_every_rooted_orientation_once():
    for k in range(0, 5):
        got = tr.rooted(k)
        assert len(set(got)) == len(got)
        assert all(tr.edges(t) == k for t in got)
        # independent count: every tree with k edges, every root, every orientation, up to
        # isomorphism of rooted directed trees
        seen = set()
        graphs = [nx.empty_graph(1)] if k == 0 else list(nx.nonisomorphic_trees(k + 1))
        for g in graphs:
            edges = list(g.edges())
            for root in g.nodes:
                for mask in range(1 << k):
                    d = nx.DiGraph()
                    d.add_node(root)
                    d.add_edges_from((v, u) if mask >> i & 1 else (u, v)
                                     for i, (u, v) in enumerate(edges))
                    seen.add(_canon(d, root))
        assert len(seen) == len(got), k


def _canon(d: nx.DiGraph, root, parent=None) -> tuple:
    out = []
    for u in set(d.successors(root)) | set(d.predecessors(root)):
        if u != parent:
            out.append((0 if d.has_edge(root, u) else 1, _canon(d, u, root)))
    return tuple(sorted(out))


def test_values_equal_plain_recursion():
    for k in range(0, 5):
        for t in tr.rooted(k):
            assert tr.value(t) == nim(t)


def test_in_branch_rule_preserves_values_up_to_six_edges_by_plain_recursion():
    applied = 0
    for k in range(0, 7):
        for t in tr.rooted(k):
            r = tr.in_branch_rule_once(t)
            if r is not None:
                applied += 1
                assert nim(t) == nim(r), (tr.name(t), tr.name(r))
                assert tr.edges(r) < k
    assert applied > 500
    assert tr.name(tr.in_branch_rule_once(((1, ()), (1, ())))) == "<"  # two leaves into w


def test_probe_table_at_five_matches_plain_recursion():
    sizes = {n: TIMBER_REDUCTIONS.size(n) for n in range(0, 6)}
    rows = TIMBER_REDUCTIONS.table(sizes, 5)
    assert set(TIMBER_REDUCTIONS.columns) <= set(rows[0])
    pairs = {(tr.name(a), tr.name(b)): (a, b) for a, b in tr.candidates()}
    for r in rows:
        if r["kind"] == "rule":
            ts = [t for t in tr.rooted(r["n"]) if tr.in_branch_rule_once(t) is not None]
            assert r["checked"] == len(ts) and r["fails"] == 0
            continue
        a, b = pairs[(r["pattern"], r["replacement"])]
        contexts = tr.rooted(r["n"] - tr.edges(a))
        assert r["checked"] == len(contexts)
        assert r["fails"] == sum(nim(c, a) != nim(c, b) for c in contexts)
        assert tr.edges(b) < tr.edges(a)
    lines = TIMBER_REDUCTIONS.summary(sizes, 5)
    assert any("holds on every orientation of every tree up to 5 edges" in x for x in lines)
    assert any("Control" in x and "no failure" in x for x in lines)
    assert any("`>(<)>(<)` -> `>>(<)`: holds" in x for x in lines)


def test_lemma_33_candidates_are_recognised():
    assert tr.explained_by(((0, ()), (0, ())), ()) == "3.3"
    assert tr.explained_by(((0, ()), (0, ((0, ()),))), ((0, ((0, ((0, ()),)),)),)) == "3.3"
    assert tr.explained_by(((0, ((1, ()),)), (1, ())), ((0, ()), (1, ()))) == "3.3+in-branch"


def test_rule_without_the_fixed_exit_condition_is_refuted(monkeypatch):
    def loose(b):  # every arc towards x counts as an exit, fixed or not
        d, s = b
        return frozenset() if d == 0 else \
            frozenset({tr.value(s)}).union(*(loose(c) for c in s))

    monkeypatch.setattr(tr, "exits", loose)
    row = tr.size(5)[-1]
    assert row["kind"] == "rule" and row["fails"] == 1
    assert row["counterexample"] == "<<(>)<(<) -> <<(>)"
    t, r = ((1, ()), (1, ((0, ()),)), (1, ((1, ()),))), ((1, ()), (1, ((0, ()),)))
    assert (tr.name(t), tr.name(r)) == ("<<(>)<(<)", "<<(>)")
    assert nim(t) != nim(r)  # the concrete refutation, by plain recursion
