"""The in-branch rule of the timber-reductions probe as the claim timber.in-branch (issue 15),
with negative controls: the rule without its precondition is refuted by both methods, with a
concrete tree whose values the direct solver confirms differ."""

from __future__ import annotations

import networkx as nx
import pytest

from cgsat.cgt.impartial import solver_for
from cgsat.claims import Budget
from cgsat.games import timber
from cgsat.papers.registry import get_claim
from cgsat.papers.timber.trees import inbranch_brute, inbranch_sat
from cgsat.papers.timber.trees import reductions as tree_reductions


def test_registered_with_two_methods():
    assert [m.name for m in get_claim("timber.in-branch").methods] == ["sat", "brute"]


@pytest.mark.parametrize("n", range(1, 7))
def test_the_rule_holds_by_both_methods(n):
    assert inbranch_sat.inbranch_sat(n, Budget(), oracle=inbranch_brute.nim_value).status \
        == "holds"
    assert inbranch_brute.inbranch_brute(n, Budget()).status == "holds"


def test_the_precondition_is_satisfiable():
    # two in-leaves at a vertex: one may be deleted (the rule has instances)
    assert inbranch_brute.inbranch_brute(2, Budget()).detail != "0 deletions checked"


@pytest.mark.parametrize("n", [1, 3, 5])
def test_without_the_precondition_the_sat_method_refutes(n):
    v = inbranch_sat.inbranch_sat(n, Budget(), strict=False)
    assert v.status == "refuted"
    pos, where = v.counterexample.split(" x=")
    x, c = where.split(" D=")
    arcs = timber.parse(pos)
    g = nx.Graph([tuple(a) for a in arcs])
    g.remove_edge(x, c)
    d_side = nx.node_connected_component(g, c)
    dist = nx.single_source_shortest_path_length(nx.Graph([tuple(a) for a in arcs]), x)
    branch = [a for a in arcs if a[0] in d_side]  # D's arcs, the edge xc included
    assert branch and all(dist[a[1]] < dist[a[0]] for a in branch)  # all point to x
    rest = frozenset(a for a in arcs if a[0] not in d_side and a[1] not in d_side)
    solver = solver_for(timber.RULESET)
    assert solver.nim_value(arcs) != (solver.nim_value(rest) if rest else 0)
    assert not inbranch_brute.confirm(n, v.counterexample)  # the precondition fails there


def test_without_the_precondition_the_brute_method_refutes():
    v = inbranch_brute.inbranch_brute(3, Budget(), strict=False)
    assert v.status == "refuted"
    t = next(t for t in tree_reductions.rooted(3) if tree_reductions.name(t) == v.counterexample)
    assert t is not None


def test_the_sat_controls_fail_when_the_oracle_lies():
    v = inbranch_sat.inbranch_sat(3, Budget(), oracle=lambda p: 7)
    assert v.status == "error"
