"""Timber on oriented graphs: syntax, rules, memo keys, Theorem 1.1, CLI."""

import io
import itertools
import json

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgsat import cli
from cgsat.cgt.impartial import ImpartialSolver, mex
from cgsat.errors import PositionError
from cgsat.games import get_ruleset, timber
from cgsat.games.oriented import orientations

RULES = get_ruleset("timber")
LABELS = ["0", "1", "2", "3", "4", "5", "a", "b", "x7"]


@st.composite
def positions(draw, max_vertices=6):
    """A random oriented simple graph (cycles and several components allowed)."""
    k = draw(st.integers(min_value=0, max_value=max_vertices))
    names = draw(st.permutations(LABELS))[:k]
    pairs = list(itertools.combinations(names, 2))
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True) if pairs else st.just([]))
    flips = draw(st.lists(st.booleans(), min_size=len(chosen), max_size=len(chosen)))
    return frozenset((b, a) if f else (a, b) for (a, b), f in zip(chosen, flips, strict=True))


def to_digraph(position):
    g = nx.DiGraph()
    g.add_edges_from(position)
    return g


def options_by_networkx(position):
    """The rule restated with networkx: drop y's component of G - xy, and xy."""
    g = nx.Graph(list(position))
    result = {}
    for x, y in position:
        h = g.copy()
        h.remove_edge(x, y)
        fallen = nx.node_connected_component(h, y)
        result[f"{x}>{y}"] = frozenset(
            (u, v) for u, v in position if (u, v) != (x, y) and u not in fallen
        )
    return result


# -- syntax -------------------------------------------------------------------------------
def test_parse_and_print_normalize():
    p = RULES.parse("10>2, b>a\t2>3 ,1>2")
    assert RULES.format(p) == "1>2 2>3 10>2 b>a"
    assert RULES.parse("01>002") == RULES.parse("1>2")
    assert RULES.format(RULES.parse("")) == "()"
    assert RULES.parse("()") == frozenset()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1>2 1-3", r"unknown character '-' in token '1-3'"),
        ("1>2 3<4", r"unknown character '<' in token '3<4'"),
        ("1>2>3", r"unknown token '1>2>3'"),
        ("12", r"unknown token '12'"),
        ("0>1 3>", r"arc '3>' has only one end"),
        (">4", r"arc '>4' has only one end"),
        ("0>1 2>2", r"self-loop '2>2'"),
        ("1>2 1>2", r"repeated edge '1>2'"),
        ("1>2 2>1", r"repeated edge '2>1'"),
        ("1>2 02>1", r"repeated edge '02>1'"),
    ],
)
def test_bad_input_names_the_token(text, message):
    with pytest.raises(PositionError, match=message):
        RULES.parse(text)


def test_not_a_tree_where_a_tree_is_required():
    with pytest.raises(PositionError, match="not a tree"):
        timber.parse_tree("0>1 1>2 2>0")
    with pytest.raises(PositionError, match="not a tree"):
        timber.parse_tree("0>1 2>3")
    assert timber.parse_tree("0>1 2>1") == RULES.parse("2>1 0>1")


@given(positions())
def test_parse_print_round_trip(p):
    text = RULES.format(p)
    assert RULES.parse(text) == p
    assert RULES.format(RULES.parse(text)) == text


# -- rules --------------------------------------------------------------------------------
def test_options_on_a_cycle_with_a_pendant_and_a_second_component():
    p = RULES.parse("0>1 1>2 2>0 3>0 4>5")
    got = {m: RULES.format(o) for m, o in RULES.options(p)}
    assert got == {
        "0>1": "4>5",  # a cycle arc: the whole component falls (Theorem 1.1's move)
        "1>2": "4>5",
        "2>0": "4>5",
        "3>0": "4>5",  # toppled toward the cycle
        "4>5": "0>1 1>2 2>0 3>0",
    }
    q = RULES.parse("0>3 0>1 1>2 2>0")
    assert {m: RULES.format(o) for m, o in RULES.options(q)}["0>3"] == "0>1 1>2 2>0"


@given(positions())
def test_options_match_a_networkx_restatement_of_the_rule(p):
    assert dict(RULES.options(p)) == options_by_networkx(p)


@given(positions())
def test_options_are_strictly_smaller(p):
    assert all(len(o) < len(p) and o < p for _, o in RULES.options(p))


@given(positions())
def test_components_partition_the_arcs(p):
    comps = RULES.components(p)
    assert frozenset().union(*comps) == p if comps else p == frozenset()
    assert sum(len(c) for c in comps) == len(p)
    assert all(nx.is_weakly_connected(to_digraph(c)) for c in comps)


@settings(max_examples=60, deadline=None)
@given(positions(), st.booleans())
def test_outcome_agrees_with_options(p, misere):
    solver = ImpartialSolver(RULES)
    opts = [o for _, o in RULES.options(p)]
    if not opts:
        expected = "N" if misere else "P"
    else:
        expected = "N" if any(solver.outcome(o, misere) == "P" for o in opts) else "P"
    assert solver.outcome(p, misere) == expected


@settings(max_examples=60, deadline=None)
@given(positions())
def test_nim_value_is_the_mex_of_the_options(p):
    solver = ImpartialSolver(RULES)
    assert solver.nim_value(p) == mex({solver.nim_value(o) for _, o in RULES.options(p)})


# -- memo keys ----------------------------------------------------------------------------
def isomorphism_classes(ps):
    classes: list[list] = []
    for p in ps:
        g = to_digraph(p)
        for cls in classes:
            if nx.is_isomorphic(g, cls[0][1]):
                cls.append((p, g))
                break
        else:
            classes.append([(p, g)])
    return classes


def small_connected_positions(max_vertices):
    for g in nx.graph_atlas_g()[1:]:
        if 2 <= g.number_of_nodes() <= max_vertices and nx.is_connected(g):
            yield from orientations(g)


def test_keys_identify_exactly_the_isomorphic_components():
    # Every connected oriented graph on at most 4 vertices (trees and graphs with cycles).
    ps = list(small_connected_positions(4))
    classes = isomorphism_classes(ps)
    keys_per_class = [{timber.key(p) for p, _ in cls} for cls in classes]
    assert all(len(k) == 1 for k in keys_per_class)  # isomorphic -> same key
    assert len(set().union(*keys_per_class)) == len(classes)  # different classes -> different keys


def test_tree_keys_count_the_oriented_trees():
    # OEIS A000238, oriented trees on n nodes: 1, 1, 3, 8, 27, 91, 350, 1376, 5743.
    from cgsat.games.oriented import oriented_trees

    counts = [len({timber.key(p) for p in oriented_trees(n)}) for n in range(9)]
    assert counts == [1, 1, 3, 8, 27, 91, 350, 1376, 5743]


@given(positions(max_vertices=7), st.randoms())
def test_keys_are_invariant_under_relabelling(p, rnd):
    vertices = sorted({v for arc in p for v in arc})
    image = rnd.sample([str(i) for i in range(20)], len(vertices))
    m = dict(zip(vertices, image, strict=True))
    q = frozenset((m[x], m[y]) for x, y in p)
    keys_p = sorted(repr(timber.key(c)) for c in RULES.components(p))
    keys_q = sorted(repr(timber.key(c)) for c in RULES.components(q))
    assert keys_p == keys_q


def test_key_fallback_is_sound(monkeypatch):
    # With a tiny search limit the key breaks ties by labels; it must still be the arc list
    # of a relabelling (so never identify non-isomorphic graphs).
    monkeypatch.setattr(timber, "CANON_SEARCH_LIMIT", 1)
    cycle = RULES.parse("0>1 1>2 2>3 3>4 4>5 5>0")
    tag, arcs = timber.graph_code(cycle)
    assert tag == "g"
    assert nx.is_isomorphic(to_digraph(arcs), to_digraph(cycle))


def test_directed_cycles_of_every_length_get_canonical_keys():
    for n in range(3, 10):
        a = frozenset((str(i), str((i + 1) % n)) for i in range(n))
        b = frozenset((str(n - i), str(n - (i + 1) % n)) for i in range(n))
        assert timber.graph_code(a)[0] == "G"
        assert timber.key(a) == timber.key(b)


# -- Theorem 1.1 --------------------------------------------------------------------------
def cyclic_connected_graphs(max_vertices, max_edges):
    for g in nx.graph_atlas_g()[1:]:
        if (
            g.number_of_nodes() <= max_vertices
            and g.number_of_edges() <= max_edges
            and nx.is_connected(g)
            and g.number_of_edges() >= g.number_of_nodes()
        ):
            yield g


def theorem_1_1_counterexamples(graphs, predicate):
    solver = ImpartialSolver(RULES)
    for g in graphs:
        for p in orientations(g):
            if not predicate(solver, g, p):
                return RULES.format(p)
    return None


def normal_play_n(solver, g, p):
    return solver.outcome(p) == "N"


def misere_p_if_2_connected(solver, g, p):
    if g.number_of_nodes() >= 3 and nx.is_biconnected(g):
        return solver.outcome(p, misere=True) == "P"
    return True


def test_theorem_1_1_normal_play_on_graphs_with_a_cycle():
    # timber.txt Theorem 1.1, read as "connected graph containing a cycle".
    graphs = list(cyclic_connected_graphs(max_vertices=6, max_edges=8))
    assert len(graphs) > 30
    assert theorem_1_1_counterexamples(graphs, normal_play_n) is None


def test_theorem_1_1_misere_on_2_connected_graphs():
    graphs = list(cyclic_connected_graphs(max_vertices=6, max_edges=8))
    assert sum(nx.is_biconnected(g) for g in graphs) > 5
    assert theorem_1_1_counterexamples(graphs, misere_p_if_2_connected) is None


def test_negative_controls_for_theorem_1_1():
    # Deliberately wrong statements must be refuted with a concrete position.
    trees = [nx.path_graph(3)]
    assert theorem_1_1_counterexamples(trees, normal_play_n) == "1>0 1>2"

    def misere_p_for_all_cyclic(solver, g, p):
        return solver.outcome(p, misere=True) == "P"

    graphs = list(cyclic_connected_graphs(max_vertices=4, max_edges=4))
    bad = theorem_1_1_counterexamples(graphs, misere_p_for_all_cyclic)
    assert bad is not None
    assert ImpartialSolver(RULES).outcome(RULES.parse(bad), misere=True) == "N"


# -- CLI ----------------------------------------------------------------------------------
def test_cli_value_json(capsys):
    assert cli.main(["value", "timber", "0>1 1>2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ruleset"] == "timber"
    assert out["position"] == "0>1 1>2"
    assert out["outcome"] == "N"
    assert out["nim"] == 2  # options: () = 0 and 0>1 = *1
    assert out["winning_moves"] == [{"player": None, "move": "0>1", "to": "()"}]


def test_cli_value_batch_from_stdin(capsys, monkeypatch):
    lines = "1>0 1>2\n0>1 1>2 2>0\n\n1>2 1>2\n3>4 5>6\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    assert cli.main(["value", "timber", "-", "--json"]) == 2  # one bad line
    captured = capsys.readouterr()
    results = [json.loads(line) for line in captured.out.splitlines()]
    assert [r["position"] for r in results] == ["1>0 1>2", "0>1 1>2 2>0", "3>4 5>6"]
    assert [r["outcome"] for r in results] == ["P", "N", "P"]
    solver = ImpartialSolver(RULES)
    for r in results:
        for m in r["winning_moves"]:
            assert solver.outcome(RULES.parse(m["to"])) == "P"
    assert captured.err.count("\n") == 1
    assert "line 4" in captured.err and "repeated edge" in captured.err


def test_cli_bad_position_is_one_line_exit_2(capsys):
    assert cli.main(["value", "timber", "0>1 3>"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'3>'" in err and "Traceback" not in err
