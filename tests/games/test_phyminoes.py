"""Phyminoes in both distance readings: rules, the documented facts, agreement with Timber."""

import itertools
import json

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgsat import cli
from cgsat.cgt.impartial import ImpartialSolver, solver_for
from cgsat.errors import CgsatInputError, PositionError
from cgsat.games import get_ruleset, phyminoes, timber
from cgsat.games.oriented import orientations

DEFAULT = get_ruleset("phyminoes")
GRAPH = get_ruleset("phyminoes", distances="graph")
TIMBER = get_ruleset("timber")
VARIANTS = {"minus-edge": DEFAULT, "graph": GRAPH}


@st.composite
def positions(draw, max_vertices=6):
    k = draw(st.integers(min_value=0, max_value=max_vertices))
    names = [str(i) for i in range(k)]
    pairs = list(itertools.combinations(names, 2))
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True) if pairs else st.just([]))
    flips = draw(st.lists(st.booleans(), min_size=len(chosen), max_size=len(chosen)))
    return frozenset((b, a) if f else (a, b) for (a, b), f in zip(chosen, flips, strict=True))


def options_by_networkx(position, distances):
    """The rule restated with networkx shortest paths."""
    g = nx.Graph(list(position))
    result = {}
    for x, y in position:
        h = g.copy()
        h.remove_edge(x, y)
        comp = nx.node_connected_component(h, y)
        d = nx.single_source_shortest_path_length(h if distances == "minus-edge" else g, y)
        result[f"{x}>{y}"] = frozenset(
            (u, v)
            for u, v in position
            if (u, v) != (x, y) and not (u in comp and d[u] != d[v])
        )
    return result


# -- the ruleset objects ------------------------------------------------------------------
def test_variants_are_distinct_cached_objects():
    assert DEFAULT is phyminoes.ruleset() is phyminoes.ruleset("minus-edge")
    assert GRAPH is phyminoes.ruleset("graph")
    assert DEFAULT is not GRAPH and DEFAULT.name != GRAPH.name
    assert solver_for(DEFAULT).ruleset is DEFAULT and solver_for(GRAPH).ruleset is GRAPH
    with pytest.raises(CgsatInputError, match="unknown distances"):
        phyminoes.ruleset("euclid")


def test_syntax_is_timbers_with_its_own_name_in_errors():
    assert DEFAULT.format(DEFAULT.parse("2>1, 0>1")) == "0>1 2>1"
    with pytest.raises(PositionError, match=r"phyminoes: self-loop '3>3'"):
        DEFAULT.parse("3>3")
    with pytest.raises(PositionError, match=r"phyminoes: arc '>4' has only one end"):
        GRAPH.parse("0>1 >4")


# -- rules --------------------------------------------------------------------------------
def test_options_on_c5_and_k4_by_hand():
    c5 = DEFAULT.parse("0>1 1>2 2>3 3>4 4>0")
    # Default: G - xy is a path from y, every edge falls.
    assert all(o == frozenset() for _, o in DEFAULT.options(c5))
    # Graph distances from 1 in C5: 0,1,2,2,1 on vertices 1,2,3,4,0; 3-4 stays.
    assert dict(GRAPH.options(c5))["0>1"] == frozenset({("3", "4")})
    k4 = DEFAULT.parse("0>1 0>2 0>3 1>2 1>3 2>3")
    assert dict(DEFAULT.options(k4))["0>1"] == frozenset({("2", "3")})
    assert dict(GRAPH.options(k4))["0>1"] == frozenset({("0", "2"), ("0", "3"), ("2", "3")})


def test_graph_reading_keeps_the_far_side_of_a_bridge():
    p = DEFAULT.parse("5>0 0>1 1>2 2>3 3>1")  # bridge 0>1 into a triangle
    assert dict(GRAPH.options(p))["0>1"] == frozenset({("5", "0"), ("2", "3")})
    assert dict(DEFAULT.options(p))["0>1"] == frozenset({("5", "0"), ("2", "3")})


@pytest.mark.parametrize("distances", ["minus-edge", "graph"])
@given(p=positions())
def test_options_match_a_networkx_restatement(distances, p):
    assert dict(VARIANTS[distances].options(p)) == options_by_networkx(p, distances)


@pytest.mark.parametrize("distances", ["minus-edge", "graph"])
@given(p=positions())
def test_options_are_strictly_smaller(distances, p):
    assert all(o < p for _, o in VARIANTS[distances].options(p))


@pytest.mark.parametrize("distances", ["minus-edge", "graph"])
@settings(max_examples=40, deadline=None)
@given(p=positions(), misere=st.booleans())
def test_outcome_agrees_with_options(distances, p, misere):
    rs = VARIANTS[distances]
    solver = ImpartialSolver(rs)
    opts = [o for _, o in rs.options(p)]
    if not opts:
        expected = "N" if misere else "P"
    else:
        expected = "N" if any(solver.outcome(o, misere) == "P" for o in opts) else "P"
    assert solver.outcome(p, misere) == expected


@given(positions())
def test_parse_print_round_trip(p):
    assert DEFAULT.parse(DEFAULT.format(p)) == p


# -- the documented facts (docs/reference.md) ---------------------------------------------
@pytest.mark.parametrize(("distances", "nim"), [("minus-edge", 1), ("graph", 0)])
def test_odd_cycles(distances, nim):
    solver = ImpartialSolver(VARIANTS[distances])
    for n in (3, 5, 7):
        values = {solver.nim_value(p) for p in orientations(nx.cycle_graph(n))}
        assert values == {nim}, (n, values)


@pytest.mark.parametrize(("distances", "nim"), [("minus-edge", 0), ("graph", 1)])
def test_k4_in_all_64_orientations(distances, nim):
    solver = ImpartialSolver(VARIANTS[distances])
    ps = list(orientations(nx.complete_graph(4)))
    assert len(ps) == 64
    assert {solver.nim_value(p) for p in ps} == {nim}


# -- Phyminoes is Timber on bipartite graphs ----------------------------------------------
def first_difference(graphs, rs):
    """The first orientation whose nim-value differs between ``rs`` and Timber."""
    s, t = ImpartialSolver(rs), ImpartialSolver(TIMBER)
    for g in graphs:
        for p in orientations(g):
            if s.nim_value(p) != t.nim_value(p):
                return TIMBER.format(p)
    return None


def small_graphs(bipartite, max_vertices=6, max_edges=8):
    for g in nx.graph_atlas_g()[1:]:
        if (
            g.number_of_nodes() <= max_vertices
            and g.number_of_edges() <= max_edges
            and nx.is_bipartite(g) == bipartite
        ):
            yield g


@pytest.mark.parametrize("distances", ["minus-edge", "graph"])
def test_phyminoes_is_timber_on_small_bipartite_graphs(distances):
    graphs = list(small_graphs(bipartite=True))
    assert any(not nx.is_forest(g) for g in graphs)  # even cycles are included
    rs = VARIANTS[distances]
    for g in graphs:
        for p in orientations(g):
            assert dict(rs.options(p)) == dict(TIMBER.options(p)), TIMBER.format(p)
    assert first_difference(graphs, rs) is None


@pytest.mark.parametrize("distances", ["minus-edge", "graph"])
def test_negative_control_non_bipartite_graphs_differ(distances):
    # The deliberately wrong claim "Phyminoes is Timber on every graph" is refuted.
    graphs = list(small_graphs(bipartite=False, max_vertices=4))
    bad = first_difference(graphs, VARIANTS[distances])
    assert bad is not None
    p = TIMBER.parse(bad)
    assert ImpartialSolver(VARIANTS[distances]).nim_value(p) != ImpartialSolver(
        TIMBER
    ).nim_value(p)


# -- CLI ----------------------------------------------------------------------------------
def test_cli_distances_variant(capsys):
    k4 = "0>1 0>2 0>3 1>2 1>3 2>3"
    assert cli.main(["value", "phyminoes", k4, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["outcome"] == "P"
    assert cli.main(["value", "phyminoes", k4, "--distances", "graph", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["outcome"] == "N" and out["nim"] == 1


def test_timber_key_is_shared():
    assert DEFAULT.key is timber.key and GRAPH.components is timber.components
