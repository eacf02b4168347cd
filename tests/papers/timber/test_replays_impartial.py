"""The impartial replays (plain recursion, :mod:`cgsat.cgt.play`): Thinning Thickets
Theorem 3.1, Timber on graphs and trees, caterpillars.

Each replay accepts the real counterexample (``3:1`` for thickets.thm3.1), rejects wrong
ones, agrees with the brute methods where the claims hold, and accepts counterexamples to
a deliberately wrong variant (monkeypatched) so that a replay that always says "no" fails.
"""

from __future__ import annotations

import networkx as nx

from cgsat.cgt import play
from cgsat.cgt.impartial import ImpartialSolver
from cgsat.claims import Budget
from cgsat.games import get_ruleset
from cgsat.games.oriented import orientations
from cgsat.games.shapes import connected_graphs
from cgsat.papers.caterpillars import brute as cat_brute
from cgsat.papers.caterpillars.legs import leg_vectors
from cgsat.papers.thickets import brute as thickets_brute
from cgsat.papers.thickets.rules import L, cordon_text
from cgsat.papers.timber.graphs import brute as graphs_brute
from cgsat.papers.timber.trees import brute as trees_brute


# -- Thinning Thickets, Theorem 3.1 ----------------------------------------------------------
def test_thm31_replays_the_counterexample_itself() -> None:
    assert thickets_brute.confirm_thm31(3, "3:1", offset=1)
    assert not thickets_brute.confirm_thm31(3, "3:1", offset=2)  # the corrected statement
    for wrong in ("3:", "3:2", "4:1,2", "2:", "x>y", "()"):
        assert not thickets_brute.confirm_thm31(3, wrong, offset=1), wrong


def test_thm31_replay_agrees_with_the_brute_method() -> None:
    for n in range(11):
        for offset in (1, 2):
            text = cordon_text(*L(n)) if n else "()"
            refuted = thickets_brute.thm31(n, Budget(), offset=offset).status == "refuted"
            assert thickets_brute.confirm_thm31(n, text, offset=offset) == refuted, (n, offset)


def test_thm31_replay_checks_the_nim_values(monkeypatch) -> None:
    # The corrected statement holds at n = 4; with every nim-value 0 the replay must see
    # L(2) and L(4) collide.
    assert not thickets_brute.confirm_thm31(4, "4:1,2", offset=2)
    monkeypatch.setattr(play, "nim_value", lambda ruleset, position, **kw: 0)
    assert thickets_brute.confirm_thm31(4, "4:1,2", offset=2)


# -- Timber on graphs ----------------------------------------------------------------------
def test_theorem11_replay_agrees_and_bites(monkeypatch) -> None:
    timber = get_ruleset("timber")
    for n in range(2, 5):
        for g in connected_graphs(n):
            for pos in orientations(g):
                assert not graphs_brute.confirm_theorem11(n, timber.format(pos))
    # A wrong theorem (every graph of part 1 a P-position) is refuted by the replay.
    monkeypatch.setattr(graphs_brute, "theorem11_parts",
                        lambda g: [("wrong", False, "P")])
    assert graphs_brute.confirm_theorem11(3, "0>1 1>2")


def test_phyminoes_replay() -> None:
    assert graphs_brute.confirm_phyminoes_bipartite(3, "0>1 1>2 2>0")  # odd cycle: differ
    assert not graphs_brute.confirm_phyminoes_bipartite(4, "0>1 1>2 2>3 3>0")
    assert not graphs_brute.confirm_phyminoes_bipartite(3, "0>1 1>2")


# -- Timber on trees ---------------------------------------------------------------------------
def test_tree_replays_reject_on_true_lemmas() -> None:
    timber = get_ruleset("timber")
    for n in range(1, 5):
        for g in connected_graphs(n + 1):
            if not nx.is_tree(g):
                continue
            for pos in orientations(g):
                text = timber.format(pos)
                assert not trees_brute.confirm_lemma31(n, text)
                assert not trees_brute.confirm_lemma32(n, text)
                assert not trees_brute.confirm_lemma33(n, text)
                assert not trees_brute.confirm_algorithm35(n, text)


def test_tree_replays_accept_counterexamples_to_wrong_variants(monkeypatch) -> None:
    # Lemma 3.1 read without its hypothesis: the P-position 1>0 1>2 refutes it.
    monkeypatch.setattr(trees_brute, "_leaf_out", lambda p: True)
    assert trees_brute.confirm_lemma31(2, "1>0 1>2")
    monkeypatch.undo()
    # Lemma 3.2 with a reduction that deletes everything: the N-position 1>0 1>2 2>3 changes.
    monkeypatch.setattr(trees_brute, "flatten", lambda p, x: frozenset())
    assert trees_brute.confirm_lemma32(3, "1>0 1>2 2>3")
    monkeypatch.undo()
    # Lemma 3.3 with a merge that deletes everything: nim-values change.
    monkeypatch.setattr(trees_brute, "merge", lambda p, w, p1, p2: frozenset())
    assert trees_brute.confirm_lemma33(3, "0>1 0>2 2>3")
    monkeypatch.undo()
    # Algorithm 3.5 that always answers P.
    monkeypatch.setattr(trees_brute.algorithm, "outcome", lambda p: "P")
    assert trees_brute.confirm_algorithm35(2, "0>1 1>2")


# -- caterpillars --------------------------------------------------------------------------
def test_caterpillar_counts_by_play_agree_with_the_solver() -> None:
    solver = ImpartialSolver(get_ruleset("timber"))
    for n in range(1, 7):
        for k in leg_vectors(n):
            from_play = cat_brute.play_p_count(tuple(k))
            from_solver = sum(solver.outcome(p) == "P"
                              for p in orientations(cat_brute.cat_graph(k)))
            assert from_play == from_solver, k


def test_caterpillar_replays_reject_and_bite(monkeypatch) -> None:
    for n in range(1, 7):
        for k in leg_vectors(n):
            text = cat_brute.cat_text(k)
            assert not cat_brute.thm33_confirm(n, text)
            assert not cat_brute.cor35_confirm(n, text)
    assert not cat_brute.thm32_confirm(3, "0>1 1>2 2>3")
    assert not cat_brute.even_edges_confirm(2, "tree:0-1 1-2")
    # A wrong Theorem 3.3 (k mod 2 replaced by k with one more leaf): refuted somewhere.
    monkeypatch.setattr(cat_brute, "mod2", lambda k: tuple(k[:-1]) + (k[-1] + 1,))
    assert any(cat_brute.thm33_confirm(n, cat_brute.cat_text(k))
               for n in range(2, 6) for k in leg_vectors(n) if max(k) >= 2)
