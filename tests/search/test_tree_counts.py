"""``find timber --shape TREE --count`` by the tree programme (cgsat.search.tree_counts,
issue 39): equal to the SAT route's count (enumeration with blocking clauses) on every tree
it can enumerate, beyond the 20-edge limit, with its controls, and a damaged programme is
caught by them."""

from __future__ import annotations

import time

import networkx as nx
import pytest

from cgsat.api import find
from cgsat.encodings.timber_graphs import graph_shape
from cgsat.games import get_ruleset, oriented
from cgsat.games.tree_counts import root_states
from cgsat.search import ControlFailed, tree_counts
from cgsat.search import impartial as search
from cgsat.search.controls import Controls


def caterpillar(k: int) -> str:
    """The spine of k vertices, each with a leg of length 2 (issue 39's example): 3k-1
    edges."""
    edges = ([f"{i}-{i + 1}" for i in range(k - 1)] + [f"{i}-a{i}" for i in range(k)]
             + [f"a{i}-b{i}" for i in range(k)])
    return " ".join(edges)


def _by_sat(shape_text: str, outcome: str) -> int:
    """The SAT route's count (the one ``find`` takes on any shape that is no tree)."""
    edges = [tuple(e.split("-")) for e in shape_text.split()]
    target = search.Target(outcome, None, False)
    instance = search.build_graph(graph_shape(edges), target, "timber", "minus-edge")
    total, _methods = search.count_matching(get_ruleset("timber"), [instance], target,
                                            Controls(2, "test"))
    return int(total)


def _text(g: nx.Graph) -> str:
    return " ".join(f"{u}-{v}" for u, v in g.edges)


@pytest.mark.parametrize("m", [3, 4, 5, 6])
def test_equal_to_the_sat_route_on_every_tree_of_m_edges(m):
    for g in oriented.trees(m):
        shape = _text(g)
        for outcome, value in (("P", "0"), ("N", None)):
            got = find("timber", shape=shape, mode="count",
                       **({"value": value} if value else {"outcome": outcome}))
            assert got.query["route"] == "tree-dp"
            assert got.count == _by_sat(shape, outcome), (shape, outcome)
            assert got.controls["passed"] == got.controls["total"] == 16


def test_caterpillars_with_legs_of_two_match_enumeration_then_go_beyond():
    # k = 1, 3: 2 and 8 edges, counted by SAT too; k up to 11 (32 edges) beyond the SAT
    # route's 20-edge limit
    assert [find("timber", shape=caterpillar(k), value="0", mode="count").count
            for k in (1, 3)] == [_by_sat(caterpillar(k), "P") for k in (1, 3)]
    got = [find("timber", shape=caterpillar(k), value="0", mode="count").count
           for k in (1, 3, 5, 7, 9, 11)]
    assert got == [1, 9, 90, 981, 11430, 140058]  # the sequence


def test_74_edges_answer_at_once():
    shape = caterpillar(25)
    assert len(shape.split()) == 74
    start = time.perf_counter()
    got = find("timber", shape=shape, value="0", mode="count")
    seconds = time.perf_counter() - start
    assert got.query["route"] == "tree-dp" and got.controls["total"] == 16
    # the same count by the programme rooted elsewhere (its answer must not depend on it)
    tree = nx.Graph([tuple(e.split("-")) for e in shape.split()])
    assert got.count == root_states(tree, "b12").get(0, 0)
    assert seconds < 5, seconds  # about 0.6 s on 2 loaded cores


def test_other_shapes_and_targets_keep_the_sat_route():
    cycle = "0-1 1-2 2-3 3-0"
    assert "route" not in find("timber", shape=cycle, value="0", mode="count").query
    path = "0-1 1-2 2-3"
    assert "route" not in find("timber", shape=path, value="*", mode="count").query
    assert "route" not in find("timber", shape=path, outcome="P", misere=True,
                               mode="count").query
    assert "route" not in find("phyminoes", shape=path, value="0", mode="count").query
    assert "route" not in find("timber", shape=path, value="0", mode="all").query


def test_a_damaged_programme_fails_its_controls(monkeypatch, cli):
    real = tree_counts.count
    monkeypatch.setattr(tree_counts, "count",
                        lambda tree, outcome: real(tree, outcome) + (tree.number_of_edges() == 2))
    with pytest.raises(ControlFailed, match="subtree"):
        find("timber", shape=caterpillar(5), value="0", mode="count")
    done = cli("find", "timber", "--shape", caterpillar(5), "--value", "0", "--count")
    assert done.code == 3 and done.err.startswith("cgsat: BUG: ")


def test_cli_says_the_route(cli):
    done = cli("find", "timber", "--shape", caterpillar(3), "--outcome", "P", "--count")
    assert done.code == 0
    assert done.out.splitlines() == [
        "9 positions (counted by the tree programme)",
        "route tree-dp: 16 of 16 controls (subtrees counted both ways) agree with "
        "enumeration"]
