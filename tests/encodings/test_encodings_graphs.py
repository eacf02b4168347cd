"""Tests for cgsat.encodings.timber_graphs: followers of Timber/Phyminoes on graph shapes, the
kernel and Grundy encodings over all orientations, and the Theorem 1.1 /
Phyminoes-on-bipartite claims (with negative controls)."""

from __future__ import annotations

import itertools
import random
from itertools import product

import networkx as nx
import pytest
from pysat.formula import IDPool
from pysat.solvers import Solver

from cgsat.cgt.impartial import ImpartialSolver
from cgsat.claims import Budget
from cgsat.encodings import timber_graphs as graphs
from cgsat.games import get_ruleset
from cgsat.games.shapes import connected_graphs
from cgsat.papers.timber.claims import CLAIMS


def test_topple_by_hand():
    star = graphs.graph_shape([(0, 1), (0, 2), (0, 3)])
    every = frozenset(range(3))
    # 1>0 topples the centre: everything falls; 0>1 removes only the leaf edge
    assert graphs.topple(star, every, 0, False) == frozenset()
    assert graphs.topple(star, every, 0, True) == frozenset({1, 2})
    # a triangle with a pendant edge: a cycle edge takes everything
    tri = graphs.graph_shape([(0, 1), (1, 2), (2, 0), (0, 3)])
    assert graphs.topple(tri, frozenset(range(4)), 1, True) == frozenset()
    # the pendant edge toppled away from the triangle leaves the triangle
    assert graphs.topple(tri, frozenset(range(4)), 3, True) == frozenset({0, 1, 2})
    # Phyminoes on K4 (minus-edge distances): toppling 0>1 leaves edge 2-3 standing
    k4 = graphs.from_networkx(nx.complete_graph(4))
    left = graphs.topple(k4, frozenset(range(6)), 0, True, rule="phyminoes")
    assert [k4.edges[i] for i in left] == [(2, 3)]


def _check_against_play(shape, rule, distances):
    rs = get_ruleset(rule, distances=distances) if rule == "phyminoes" else get_ruleset(rule)
    solver = ImpartialSolver(rs)
    pool, cl = IDPool(), []
    lits, kn, root = graphs.add_graph_kernel(pool, cl, shape, False, rule, distances, tag="n")
    _, km, _ = graphs.add_graph_kernel(pool, cl, shape, True, rule, distances, tag="m")
    _, gr, _ = graphs.add_graph_grundy(pool, cl, shape, rule, distances)
    with Solver(bootstrap_with=cl) as s:
        for bits in itertools.product([1, -1], repeat=shape.n_edges):
            assert s.solve(assumptions=[b * x for b, x in zip(bits, lits, strict=True)])
            m = set(s.get_model())
            pos = rs.parse(graphs.decode_orientation(m, shape, lits))
            assert (kn.p[root] in m) == (solver.outcome(pos) == "P")
            assert (km.p[root] in m) == (solver.outcome(pos, misere=True) == "P")
            assert [t for t, x in enumerate(gr.value[root]) if x in m] == [solver.nim_value(pos)]


@pytest.mark.parametrize("rule,distances", [("timber", "minus-edge"),
                                            ("phyminoes", "minus-edge"),
                                            ("phyminoes", "graph")])
def test_kernel_matches_play_on_random_graphs(rule, distances):
    rng = random.Random(hash((rule, distances)) % 1000)
    for _ in range(8):
        g = nx.gnp_random_graph(rng.randint(2, 6), 0.5, seed=rng.randrange(10**6))
        if g.number_of_edges() == 0 or g.number_of_edges() > 8:
            continue
        _check_against_play(graphs.from_networkx(g), rule, distances)


def test_single_arc_and_peak_by_hand():
    pool, cl = IDPool(), []
    lits, kn, root = graphs.add_graph_kernel(pool, cl, graphs.graph_shape([(0, 1)]), tag="n")
    _, km, _ = graphs.add_graph_kernel(pool, cl, graphs.graph_shape([(0, 1)]), True, tag="m")
    with Solver(bootstrap_with=cl) as s:
        assert s.solve()
        m = set(s.get_model())
    assert kn.p[root] not in m and km.p[root] in m  # one arc: N normal, P misère
    # the path 1>0 1>2 (a peak, LR) is the only P-orientation of a path with two edges
    pool, cl = IDPool(), []
    shape = graphs.graph_shape([(0, 1), (1, 2)])
    lits, kn, root = graphs.add_graph_kernel(pool, cl, shape)
    cl.append([kn.p[root]])
    with Solver(bootstrap_with=cl) as s:
        sols = []
        while s.solve():
            m = s.get_model()
            sols.append(graphs.decode_orientation(m, shape, lits))
            s.add_clause([-x if x in m else x for x in lits])
    assert sols == ["1>0 1>2"]


def test_too_many_followers_is_refused():
    from cgsat.errors import TooLargeError

    path = graphs.graph_shape([(i, i + 1) for i in range(12)])
    with pytest.raises(TooLargeError):
        graphs.symbolic_moves(path, list(range(1, 13)), limit=10)


@pytest.mark.parametrize("claim_id", ["timber.thm1.1", "timber.phyminoes-bipartite"])
def test_sat_and_brute_agree(claim_id):
    claim = next(c for c in CLAIMS if c.id == claim_id)
    for n in range(claim.base, 6):
        for m in claim.methods:
            assert m.run(n, Budget()).status == "holds", (claim_id, n, m.name)


def test_thm11_sat_reaches_seven_vertices():
    claim = next(c for c in CLAIMS if c.id == "timber.thm1.1")
    v = claim.method("sat").run(7, Budget())
    assert v.status == "holds" and v.instance["clauses"] > 0


def test_negative_control_trees_are_not_all_n_positions():
    # a wrong Theorem 1.1, part 1 without "contains a cycle": every connected graph is N.
    # The SAT search finds a P-orientation of a tree; the direct solver confirms it.
    solver = ImpartialSolver(get_ruleset("timber"))
    for g in connected_graphs(3):
        shape = graphs.from_networkx(g)
        pool, cl = IDPool(), []
        lits, kn, root = graphs.add_graph_kernel(pool, cl, shape)
        cl.append([kn.p[root]])
        with Solver(bootstrap_with=cl) as s:
            if s.solve():
                pos = graphs.decode_orientation(s.get_model(), shape, lits)
                break
    else:
        pytest.fail("the wrong variant was not refuted")
    assert solver.outcome(get_ruleset("timber").parse(pos)) == "P"


def test_negative_control_phyminoes_differs_on_k4():
    # a wrong claim: "Phyminoes equals Timber on every graph". K4 refutes it.
    from cgsat.encodings.gates import Circuit

    shape = graphs.from_networkx(nx.complete_graph(4))
    pool, cl = IDPool(), []
    circ = Circuit(pool, cl)
    lits, kt, root = graphs.add_graph_kernel(pool, cl, shape, rule="timber", tag="t")
    _, kp, _ = graphs.add_graph_kernel(pool, cl, shape, rule="phyminoes", tag="p")
    cl.append([circ.xor(kt.p[root], kp.p[root])])
    with Solver(bootstrap_with=cl) as s:
        assert s.solve()
        pos = graphs.decode_orientation(s.get_model(), shape, lits)
    timber = ImpartialSolver(get_ruleset("timber"))
    phy = ImpartialSolver(get_ruleset("phyminoes"))
    p = get_ruleset("timber").parse(pos)
    assert timber.outcome(p) == "N" and phy.outcome(p) == "P"


# -- encodings/timber_graphs.py -----------------------------------------------------------------


def test_the_graph_encodings_default_to_timber_and_to_the_minus_edge_reading():
    from pysat.solvers import Solver

    from cgsat.encodings.timber_graphs import (
        add_graph_grundy,
        graph_shape,
        orientation_vars,
        symbolic_moves,
    )

    path = graph_shape([(0, 1), (1, 2)])
    values = []
    for rule in ((), ("timber",)):  # the default against the rule named
        pool, cl = IDPool(), []
        lits, enc, root = add_graph_grundy(pool, cl, path, *rule)
        with Solver(bootstrap_with=cl) as solver:
            for bits in product([1, -1], repeat=2):
                assert solver.solve(assumptions=[b * x for b, x in zip(bits, lits, strict=True)])
                values.append(enc.value_of(root, solver.get_model()))
    assert values[:4] == values[4:]
    pool = IDPool()
    assert symbolic_moves(path, orientation_vars(pool, path), "phyminoes") == \
        symbolic_moves(path, orientation_vars(pool, path), "phyminoes", "minus-edge")
    lits, enc, root = add_graph_grundy(IDPool(), [], path, "phyminoes")  # no error
    assert len(lits) == 2


def test_symbolic_moves_refuse_more_followers_than_the_limit():
    from cgsat.encodings.timber_graphs import graph_shape, symbolic_moves
    from cgsat.errors import TooLargeError

    path = graph_shape([(0, 1), (1, 2)])  # 4 followers
    assert len(symbolic_moves(path, [5, 6], limit=4)[0]) == 4
    with pytest.raises(TooLargeError, match="^shape has more than 3 followers; too large "
                                            "for the kernel encoding$"):
        symbolic_moves(path, [5, 6], limit=3)


def test_graph_shapes_and_topple_name_bad_input():
    from cgsat.encodings.timber_graphs import graph_shape, topple
    from cgsat.errors import CgsatInputError

    with pytest.raises(CgsatInputError, match="^shape: self-loop 1-1$"):
        graph_shape([(0, 1), (1, 1)])
    with pytest.raises(CgsatInputError, match="^shape: repeated edge 0-1$"):
        graph_shape([(0, 1), (1, 2), (0, 1)])
    path = graph_shape([(0, 1), (1, 2)])
    with pytest.raises(CgsatInputError,
                       match="^unknown rule 'tree'; expected one of timber, phyminoes$"):
        topple(path, frozenset({0, 1}), 0, True, rule="tree")
    with pytest.raises(CgsatInputError, match="^phyminoes: unknown distances 'walk'$"):
        topple(path, frozenset({0, 1}), 0, True, "phyminoes", "walk")
