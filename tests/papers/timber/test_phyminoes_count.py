"""The second method of the probe ``phyminoes`` (issue 14): labelled P-orientation counts
by projected model counting (pyganak on the kernel encoding) against enumeration of every
labelled orientation by the direct solver, and a negative control (a dropped move)."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest

from cgsat.papers.timber.graphs.probe import READINGS, graphs
from cgsat.papers.timber.phyminoes import count as phyminoes_count
from cgsat.papers.timber.phyminoes import count_brute as phyminoes_count_brute
from cgsat.papers.timber.phyminoes import count_sat as phyminoes_count_sat
from cgsat.papers.timber.probes import PHYMINOES

SMALL = [g for n in range(3, 6) for g in graphs(n)]  # 1 + 3 + 16 graphs


@pytest.mark.parametrize("reading", READINGS)
def test_sat_counts_equal_enumeration_up_to_five_vertices(reading):
    for g in SMALL:
        brute = phyminoes_count_brute.labelled_counts(g, reading)
        sat = (phyminoes_count_sat.count_p(g, reading),
               phyminoes_count_sat.count_p(g, reading, True))
        assert sat == brute, (nx.to_graph6_bytes(g, header=False), reading)


def test_probe_rows_record_agreement_and_the_orbit_relation():
    sizes = {n: PHYMINOES.size(n) for n in range(3, 6)}
    rows = PHYMINOES.table(sizes, 5)
    assert len(rows) == 2 * len(SMALL)
    assert set(PHYMINOES.columns) <= set(rows[0])
    for r in rows:
        assert r["sat_agrees"] is True
        assert (r["p_normal_labelled"], r["p_misere_labelled"]) == \
            (r["p_normal_labelled_sat"], r["p_misere_labelled_sat"])
        g = nx.from_graph6_bytes(r["graph6"].encode())
        autos = sum(1 for _ in nx.algorithms.isomorphism.GraphMatcher(g, g)
                    .isomorphisms_iter())
        assert r["labelled"] == 2 ** r["edges"]
        for orbits, labelled in (("p_normal", "p_normal_labelled"),
                                 ("p_misere", "p_misere_labelled")):
            assert r[orbits] <= r[labelled] <= autos * r[orbits]
    assert any("all 16 graphs" in line for line in PHYMINOES.summary(sizes, 5))


def test_labelled_counts_of_the_triangle_by_hand():
    # The triangle's 8 orientations (2 orbits: the directed cycle, 2 labelled; the
    # transitive one, 6): minus-edge, every orientation is *1 and a misère P-position;
    # graph reading, every one is 0 and a misère N-position (tests/papers/test_probes.py, HAND).
    (r_minus, r_graph) = phyminoes_count.counted_rows(nx.complete_graph(3))
    assert (r_minus["p_normal_labelled"], r_minus["p_misere_labelled"]) == (0, 8)
    assert (r_graph["p_normal_labelled"], r_graph["p_misere_labelled"]) == (8, 0)
    assert (r_graph["orientations"], r_graph["p_normal"]) == (2, 2)


def _drop_one_move(mv) -> bool:
    """The move toppling edge 5 of K4 forwards when it stands alone (sorted edges: 2-3)."""
    source, _, (lit,) = mv
    return source == frozenset({5}) and lit > 0


def test_negative_control_a_dropped_move_changes_the_count_and_is_flagged():
    k4 = nx.complete_graph(4)
    assert phyminoes_count_sat.count_p(k4) == 64
    wrong = phyminoes_count_sat.count_p(k4, drop=_drop_one_move)
    assert wrong != 64  # with 2>3 left standing unable to fall, some K4s become N
    rows = phyminoes_count.counted_rows(
        k4, sat_count=lambda g, reading, misere: phyminoes_count_sat.count_p(
            g, reading, misere, drop=_drop_one_move))
    # minus-edge: a topple of K4 leaves one arc; graph reading: a triangle, so the
    # single arc 2>3 is no follower of K4 there and the perturbation changes nothing
    assert [(r["reading"], r["sat_agrees"]) for r in rows] == [("minus-edge", False),
                                                                 ("graph", True)]
    sizes = {n: [] for n in range(3, 5)}
    sizes[4] = rows
    assert any("DIFFER on C~" in line for line in PHYMINOES.summary(sizes, 4))


def test_values_at_agrees_with_the_direct_solver_on_every_orientation_of_k4_minus_edge():
    g = nx.complete_graph(4)
    g.remove_edge(0, 1)
    edges = sorted(g.edges())
    for reading, bits in itertools.product(READINGS, itertools.product((0, 1), repeat=5)):
        text = " ".join(f"{v}>{u}" if b else f"{u}>{v}"
                        for b, (u, v) in zip(bits, edges, strict=True))
        solver = phyminoes_count_brute.game_solver("phyminoes", reading)
        pos = solver.ruleset.parse(text)
        expected = (solver.nim_value(pos), solver.outcome(pos, misere=True) == "P")
        assert phyminoes_count_sat.values_at(text, "phyminoes", reading) == expected, text
