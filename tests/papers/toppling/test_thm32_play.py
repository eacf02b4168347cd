"""Toppling Theorem 32 by plain game-tree search (``toppling.atomic_brute``), against the
engine's atomic weights (``toppling.brute.thm32``, :mod:`cgsat.cgt.atomic_weight`), with
negative controls: wrong weight intervals, a wrong substitute, a wrong replay."""

from __future__ import annotations

import ast
import inspect
import itertools
from functools import partial

import pytest

from cgsat.cgt.atomic_weight import infinitesimal_atomic_weight
from cgsat.cgt.canonical import number
from cgsat.cgt.stops import is_infinitesimal
from cgsat.claims import Budget
from cgsat.papers.toppling import atomic_brute as ab
from cgsat.papers.toppling import brute
from cgsat.papers.toppling.claims import CLAIMS

THM32 = next(c for c in CLAIMS if c.id == "toppling.thm32")


def _words(n: int):
    for t in itertools.product("LRE", repeat=n):
        word = "".join(t)
        if word[::-1] >= word:
            yield word


def test_registered():
    assert THM32.method("play").run is ab.thm32_play
    assert THM32.confirm is ab.thm32_confirm_play
    assert "consequence" in THM32.method("play").scope


@pytest.mark.parametrize("n", range(1, THM32.quick_bound + 1))
def test_agrees_with_engine_quick(n):
    engine = brute.thm32(n, Budget(), ups=(2, 3))
    mine = ab.thm32_play(n, Budget())
    assert engine.status == mine.status == "holds", (engine, mine)


@pytest.mark.slow
@pytest.mark.parametrize("n", [7, 8])
def test_agrees_with_engine_slow(n):
    assert brute.thm32(n, Budget(), ups=(2, 3)).status == "holds"
    assert ab.thm32_play(n, Budget()).status == "holds"


def test_rows_agree_with_engine():
    """Per row (n <= 5): infinitesimal by play iff by stops; the passing G′ bounds hold;
    an all-small row equals its G′, so the bound is on the row itself; and no row's
    engine weight contradicts the bound."""
    numbers: dict = {}
    for n in range(0, 6):
        for word in _words(n):
            g = brute.value(word)
            res = ab.check_row(word, numbers=numbers)
            assert res.infinitesimal == is_infinitesimal(g), word
            if not res.infinitesimal:
                continue
            assert res.k is not None and res.failure is None, word
            if g.is_all_small():
                assert res.equal, word
            assert infinitesimal_atomic_weight(g, ups=3).weight in {number(-1), number(0),
                                                                    number(1)}


def test_infinitesimal_by_play_negative():
    """A row just above/below 0 by a number is not infinitesimal; the threshold matters."""
    assert not ab.is_infinitesimal("LRLLRL")      # 3/4
    assert not ab.is_infinitesimal("RRL")
    assert ab.is_infinitesimal("RLLLR")           # {1|0||0}, a miny


@pytest.mark.parametrize(("weights", "row", "engine_weight"),
                         [((-1, 0), "ELE", 1), ((0, 1), "ERE", -1), ((0, 0), "ELE", 1)])
def test_wrong_statement_refuted(weights, row, engine_weight):
    """Off-by-one statements are refuted by play with a concrete row, whose engine weight
    is indeed outside the wrong interval; the replay confirms that row."""
    verdicts = [ab.thm32_play(n, Budget(), weights=weights) for n in range(1, 4)]
    assert [v.status for v in verdicts] == ["holds", "holds", "refuted"]
    assert verdicts[-1].counterexample == row
    assert infinitesimal_atomic_weight(brute.value(row)).weight == number(engine_weight)
    assert ab.thm32_confirm_play(3, row, weights=weights)
    assert not ab.thm32_confirm_play(3, row)


def test_replay_rejects_non_counterexamples():
    for n in range(1, 5):
        for word in _words(n):
            assert not ab.thm32_confirm_play(n, word), word


def test_weight_bound_on_explicit_games():
    """The bound is tight where the two-ahead rule says: 3·↑ has weight 3, outside."""
    assert ab.weight_bound_fails(ab.ups(2)) is None
    assert ab.weight_bound_fails(ab.ups(3)) == "G′ is not < 3·↑"
    assert ab.weight_bound_fails(ab.ups(-3)) == "G′ is not > -3·↑"


def test_wrong_substitute_fails_outcome_check(monkeypatch):
    """With a single ↑ for each positive number (not the proof's G′) the outcome check
    fails on some row, and the method says unknown rather than holds."""
    monkeypatch.setattr(ab, "SUBSTITUTES", (1,))
    statuses = {ab.thm32_play(n, Budget()).status for n in range(1, 6)}
    assert "unknown" in statuses


def test_method_via_partial():
    run = partial(ab.thm32_play, weights=(-1, 1))
    assert run(4, Budget()).status == "holds"


def test_shares_no_engine_code():
    """The play method's module imports play search, the rules and the verdict types
    only: no canonical forms, no atomic-weight code, not the engine-based brute side."""
    tree = ast.parse(inspect.getsource(ab))
    found = {node.module for node in ast.walk(tree)
             if isinstance(node, ast.ImportFrom) and node.module}
    assert {m for m in found if m.startswith("cgsat")} == {
        "cgsat.cgt", "cgsat.games", "cgsat.claims"}
    names = {a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
             and node.module in ("cgsat.cgt", "cgsat.games") for a in node.names}
    assert names == {"play", "toppling"}
