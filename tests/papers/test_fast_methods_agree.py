"""The faster forms of methods give the answers of the plain forms they replace.

- ``leaf_arc_sat`` split into instances of a few trees (Lemma 3.1 of *The Game of timber!*,
  Theorem 3.1 of *Timber on caterpillars*) against the one instance of every tree;
- Theorem 16 and Corollary 17 of *Toppling Conjectures* with chained moves against the
  per-follower encoding.

Each pair is compared on every size both reach here: the same status, the same trees
covered, every control passed; and on a false statement (a leaf arc pointing *to* its
leaf) both refute with a position that the direct solver confirms.
"""

from __future__ import annotations

import pytest

from cgsat.claims import Budget
from cgsat.games.shapes import trees
from cgsat.papers.caterpillars import sat as caterpillars_sat
from cgsat.papers.caterpillars.legs import caterpillar_trees
from cgsat.papers.registry import get_claim
from cgsat.papers.timber.graphs import brute as graphs_brute
from cgsat.papers.timber.trees import sat as trees_sat
from cgsat.papers.toppling import brute, sat

BUDGET = Budget(controls=4, seed="issue-27")


def _passed(v):  # every control passed
    return v.controls is not None and v.controls["passed"] == v.controls["total"] > 0


@pytest.mark.parametrize("n", range(1, 9))
@pytest.mark.parametrize("chunk", [1, 3, 32])
def test_lemma31_chunks_agree_with_one_instance(n, chunk):
    one = trees_sat.lemma31(n, BUDGET, oracle=graphs_brute.nim_and_misere)
    split = trees_sat.lemma31(n, BUDGET, oracle=graphs_brute.nim_and_misere, chunk=chunk)
    assert (split.status, split.detail.split(";")[0]) == (one.status, one.detail.split(";")[0])
    assert split.status == "holds" and _passed(split)
    # one instance per chunk of trees, each with its own controls
    assert split.controls["total"] >= one.controls["total"]


@pytest.mark.parametrize("n", range(1, 10))
def test_caterpillar_thm31_chunks_agree_with_one_instance(n):
    one = caterpillars_sat.thm31_sat(n, BUDGET, oracle=graphs_brute.nim_and_misere)
    split = caterpillars_sat.thm31_sat(n, BUDGET, oracle=graphs_brute.nim_and_misere,
                                       chunk=4)
    assert split.status == one.status == "holds"
    assert split.detail.split(";")[0] == f"{len(caterpillar_trees(n))} trees"
    assert _passed(split)


@pytest.mark.parametrize("chunk", [None, 1, 2])
def test_chunked_leaf_arc_still_refutes_a_false_statement(chunk):
    # a leaf arc pointing *to* its leaf does not force N: both forms must refute, with a
    # position the direct solver calls P
    v = trees_sat.leaf_arc_sat(trees(2) + trees(3), Budget(controls=0), toward=True, chunk=chunk)
    assert v.status == "refuted"
    assert graphs_brute.nim_and_misere(v.counterexample)[0] == 0


def test_chunked_leaf_arc_is_vacuous_without_edges():
    assert trees_sat.leaf_arc_sat(trees(0), BUDGET, chunk=2).status == "vacuous"


@pytest.mark.parametrize("name", ["thm16", "cor17"])
@pytest.mark.parametrize("n", range(1, 8))
def test_toppling_uniqueness_chain_agrees(name, n):
    f = getattr(sat, name)
    plain = f(n, BUDGET, oracle=brute.difference_wins, covers="LRE")
    chained = f(n, BUDGET, oracle=brute.difference_wins, covers="LRE", chain=True)
    assert chained.status == plain.status
    assert chained.controls == plain.controls  # same instances, same samples
    assert chained.status == "vacuous" or _passed(chained)


def test_claims_use_the_faster_forms():
    assert get_claim("timber.lem3.1").method("sat").run.keywords["chunk"] == 32
    assert get_claim("caterpillars.thm3.1").method("sat").run.keywords["chunk"] == 32
    for cid in ("toppling.thm16", "toppling.cor17"):
        assert get_claim(cid).method("sat").run.keywords["chain"] is True


def _is_caterpillar_by_definition(g):
    """Removing the leaves leaves a path or nothing (the subgraph view, as before)."""
    import networkx as nx
    inner = g.subgraph([v for v in g if g.degree(v) > 1])
    return inner.number_of_nodes() == 0 or (
        nx.is_connected(inner) and max(d for _, d in inner.degree()) <= 2)


def test_is_caterpillar_agrees_with_the_definition():
    import networkx as nx

    from cgsat.papers.caterpillars.legs import is_caterpillar
    for n in range(0, 11):
        for g in trees(n):
            assert is_caterpillar(g) == _is_caterpillar_by_definition(g)
    # not a tree: the definition's own test still decides
    two_paths = nx.Graph([(0, 1), (1, 2), (2, 3), (4, 5), (5, 6), (6, 7)])
    assert is_caterpillar(two_paths) == _is_caterpillar_by_definition(two_paths)
