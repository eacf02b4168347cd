"""Quick, focused tests of the controls of :mod:`cgsat.search.tree_counts` (issue 36: the
mutation run of the tree route of ``find timber --shape TREE --count``): which subtrees
the controls count both ways, that they are seeded and reproducible, and what a failed
control says."""

from __future__ import annotations

import random
from types import SimpleNamespace

import networkx as nx
import pytest

from cgsat.search import ControlFailed, tree_counts


def _edges(g: nx.Graph) -> set[frozenset]:
    return {frozenset(e) for e in g.edges}


def _spider() -> nx.Graph:
    """A vertex with three legs of length 4 (12 edges): ties among frontier arcs from
    one vertex at every draw."""
    return nx.Graph([(0, f"{a}1") for a in "abc"]
                    + [(f"{a}{i}", f"{a}{i + 1}") for a in "abc" for i in range(1, 4)])


def test_no_edge_no_control():
    single = nx.Graph()
    single.add_node(0)
    assert tree_counts.control_subtrees(single, 4, "s") == []


@pytest.mark.parametrize("m", [1, 2, tree_counts.CONTROL_EDGES])
def test_a_small_tree_is_its_own_first_control(m):
    tree = nx.path_graph(m + 1)
    for k in (1, 3):
        subs = tree_counts.control_subtrees(tree, k, "s")
        assert len(subs) == k
        assert _edges(subs[0]) == _edges(tree)
        assert all(_edges(s) <= _edges(tree) and nx.is_tree(s) for s in subs)


def test_a_larger_tree_is_never_a_control_itself():
    tree = nx.path_graph(tree_counts.CONTROL_EDGES + 2)
    subs = tree_counts.control_subtrees(tree, 12, "s")
    assert [s.number_of_edges() for s in subs] == [1 + i % tree_counts.CONTROL_EDGES
                                                   for i in range(12)]


def test_no_control_when_none_is_asked():
    assert tree_counts.control_subtrees(nx.path_graph(3), 0, "s") == []
    assert tree_counts.controlled_count(nx.path_graph(3), "P", 0, "s") == (
        1, {"passed": 0, "total": 0})


def test_the_subtrees_are_seeded():
    tree = nx.path_graph(40)
    one = [_edges(s) for s in tree_counts.control_subtrees(tree, 8, "a")]
    assert one == [_edges(s) for s in tree_counts.control_subtrees(tree, 8, "a")]
    assert one != [_edges(s) for s in tree_counts.control_subtrees(tree, 8, "b")]


def test_the_subtrees_do_not_depend_on_the_order_the_shape_lists_its_edges():
    tree = _spider()
    again = nx.Graph(list(reversed(list(tree.edges))))
    for seed in ("a", "b", "c"):
        assert ([_edges(s) for s in tree_counts.control_subtrees(tree, 16, seed)]
                == [_edges(s) for s in tree_counts.control_subtrees(again, 16, seed)])


def test_controlled_count_passes_its_seed(monkeypatch):
    seen = []
    real = tree_counts.control_subtrees

    def spy(tree, k, seed):
        seen.append((k, seed))
        return real(tree, k, seed)

    monkeypatch.setattr(tree_counts, "control_subtrees", spy)
    assert tree_counts.controlled_count(nx.path_graph(5), "P", 3, "q:7") == (
        2, {"passed": 3, "total": 3})
    assert seen == [(3, "q:7")]


def test_a_failed_control_names_the_subtree(monkeypatch):
    real = tree_counts.count
    monkeypatch.setattr(tree_counts, "count", lambda tree, outcome: real(tree, outcome) + 1)
    with pytest.raises(ControlFailed, match=r"^control failed: the tree programme counts 2 "
                       r"P-orientations of the subtree 0-1 1-2, enumeration 1$"):
        tree_counts.controlled_count(nx.path_graph(3), "P", 1, "s")


def test_every_draw_is_over_the_whole_frontier_in_text_order(monkeypatch):
    # the seeded generator sees the vertices sorted by text, then, at each step, every edge
    # from the grown subtree to the rest of the tree (networkx's edge boundary), sorted by
    # (tail, head) as text
    draws: list[tuple[list, object]] = []

    class Recording(random.Random):
        def choice(self, seq):
            picked = super().choice(seq)
            draws.append((list(seq), picked))
            return picked

    monkeypatch.setattr(tree_counts, "random", SimpleNamespace(Random=Recording))
    tree = _spider()
    assert tree.number_of_edges() > tree_counts.CONTROL_EDGES  # no whole-tree control
    subs = tree_counts.control_subtrees(tree, 12, "s")
    steps = iter(draws)
    for sub in subs:
        nodes, root = next(steps)
        assert nodes == sorted(tree.nodes, key=str)
        inside = {root}
        for _ in range(sub.number_of_edges()):
            frontier, (u, v) = next(steps)
            assert frontier == sorted(nx.edge_boundary(tree, inside),
                                      key=lambda e: (str(e[0]), str(e[1])))
            inside.add(v)
        assert set(sub.nodes) == inside
    assert next(steps, None) is None
