"""The probe ``phyminoes-reductions`` (issue 14): Timber's Lemma 3.2 (flatten) and Lemma 3.3
(merge) applied to Phyminoes. The minimal counterexample is re-derived here by plain
recursion with the rules written out again; Timber (where the lemmas are theorems) is the
control; a perturbed merge (n + m for n XOR m) is refuted."""

from __future__ import annotations

from functools import partial

import networkx as nx

import plain_phyminoes as plain
from cgsat.papers.timber.phyminoes import reductions as red
from cgsat.papers.timber.probes import PHYMINOES_REDUCTIONS


def _arcs(text: str) -> frozenset:
    return frozenset(tuple(a.split(">")) for a in text.split())


def test_minimal_flatten_counterexample_by_plain_recursion():
    # The triangle 1, 2, 3 with the peak 3 < 4 > 0 hanging at 3: x = 4 has degree 2, both
    # arcs out of it, and separates 3 from the leaf 0, so Lemma 3.2 applies; the reduction
    # removes 4 and identifies 0 with 3 (it leaves the triangle). In the graph reading the
    # triangle is 0 (tests/papers/test_probes.py, HAND) but the position is *2: the lemma fails.
    # Five vertices is the fewest on which either lemma applies to a non-bipartite graph
    # (an odd cycle, x or w, and two more vertices).
    t, t_reduced = "1>2 1>3 2>3 4>0 4>3", "1>0 1>2 2>0"
    assert (plain.nim(_arcs(t), "graph"), plain.nim(_arcs(t_reduced), "graph")) == (2, 0)
    assert plain.nim(_arcs(t), "minus-edge") == plain.nim(_arcs(t_reduced), "minus-edge") == 1
    rows = PHYMINOES_REDUCTIONS.size(5)
    table = PHYMINOES_REDUCTIONS.table({5: rows}, 5)
    first = next(r for r in table if r["lemma"] == "3.2 flatten"
                 and r["game"] == "phyminoes[graph]" and r["outcome_cx"])
    assert first["outcome_cx"] == ("1>2 1>3 2>3 4>0 4>3 (nim 2, misère N) => [x=4] "
                                   "1>0 1>2 2>0 (nim 0, misère N)")
    assert first["confirmed"] is True
    summary = "\n".join(PHYMINOES_REDUCTIONS.summary({5: rows}, 5))
    assert "- 3.2 flatten, phyminoes[graph], outcome: `1>2 1>3 2>3 4>0 4>3" in summary
    assert "(SAT confirms: yes)" in summary
    assert "Control (Timber" in summary and "no failure." in summary


def test_minimal_flatten_counterexample_minus_edge_reading_has_six_vertices():
    # K4 on 0..3 with the peak 0 < 5 > 4 at 0: the reduction leaves K4, which is 0 in
    # every orientation in this reading (tests/papers/test_probes.py, HAND), but the position is
    # an N-position: toppling 5>0 fells 0's edges in K4 (distance 0 against 1) and leaves
    # the triangle 1 2 3 (*1 in this reading) and the lone arc 5>4 (*1), a P-position.
    # The recursion gives *2. No 5-vertex application fails in this reading.
    t, t_reduced = "0>1 0>2 0>3 1>2 1>3 2>3 5>0 5>4", "0>1 0>2 0>3 1>2 1>3 2>3"
    assert (plain.nim(_arcs(t), "minus-edge"), plain.nim(_arcs(t_reduced), "minus-edge")) == (2, 0)
    sizes = {5: PHYMINOES_REDUCTIONS.size(5), 6: PHYMINOES_REDUCTIONS.size(6)}
    assert not any(r["outcome_fails"] for r in sizes[5]
                   if (r["lemma"], r["game"]) == ("3.2 flatten", "phyminoes"))
    summary = "\n".join(PHYMINOES_REDUCTIONS.summary(sizes, 6))
    assert f"- 3.2 flatten, phyminoes, outcome: `{t} (nim 2, misère N) => [x=5] {t_reduced}" \
        in summary


def test_timber_control_and_merge_holds_to_six_vertices():
    sizes = {5: PHYMINOES_REDUCTIONS.size(5), 6: PHYMINOES_REDUCTIONS.size(6)}
    rows = PHYMINOES_REDUCTIONS.table(sizes, 6)
    for lemma, kept in (("3.2 flatten", "outcome"), ("3.3 merge", "nim")):
        timber = [r for r in rows if r["lemma"] == lemma and r["game"] == "timber"]
        assert sum(r["applications"] for r in timber) > 0
        assert sum(r[f"{kept}_fails"] for r in timber) == 0
    merge = [r for r in rows if r["lemma"] == "3.3 merge"]
    assert sum(r["applications"] for r in merge) == 3 * (4 + 92)
    assert not any(r[f"{k}_fails"] for r in merge for k in ("outcome", "nim", "misere"))
    assert all(r["confirmed"] for r in rows)


def test_negative_control_a_perturbed_merge_is_refuted():
    # Triangle 0, 1, 2 with the arcs 2>3 and 2>4 at 2 (n = m = 1): the lemma replaces them
    # by no path (1 XOR 1 = 0); the perturbed rule by a path of length 2, which changes
    # the nim-value, and the probe's comparison reports it.
    g = nx.Graph([(0, 1), (1, 2), (2, 0), (2, 3), (2, 4)])
    wrong = {"3.3 merge": partial(red.merge, combine=lambda n, m: n + m)}
    for row in red.graph_rows(g, lemmas=wrong):
        assert row["applications"] > 0
        assert row["nim_fails"] > 0 and row["nim_cx"] and row["confirmed"], row
    for row in red.graph_rows(g, lemmas={"3.3 merge": red.merge}):
        assert row["nim_fails"] == 0 and row["outcome_fails"] == 0, row
