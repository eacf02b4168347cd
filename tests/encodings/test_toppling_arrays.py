"""Issue 27: the array encoder (cgsat.encodings.toppling_arrays) builds exactly the
instance DifferenceEncoding builds with chained moves (the same clauses over the same
variable names: equal canonical hashes), and the bulk hand-off (cgsat.encodings.bulk,
cgsat.sat.loader) gives a solver exactly the clauses it is given.

The comparison on every instance of the Toppling claims that use it is in
test_instance_hash.py; here: other games, guards, pools that already hold variables, rows
with a blank suffix, and the answers of the two encodings on concrete rows.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from pysat.formula import IDPool
from pysat.solvers import Solver

from cgsat.cgt.canonical import game, neg, nimber, number, switch, up_multiple
from cgsat.encodings import bulk, toppling
from cgsat.encodings.cnf import ClauseBuffer, pool_names
from cgsat.encodings.toppling import (
    ZERO,
    DifferenceEncoding,
    GameSide,
    add_relation,
    add_row,
    word_literals,
)
from cgsat.encodings.toppling_arrays import ArrayDifference, applies
from cgsat.papers.toppling.numbers import miny
from cgsat.sat import loader as sat_loader
from cgsat.sat.instance import SCHEME_NAMED, canonical_hash
from cgsat.sat.solve import LiveSolver

GAMES = [ZERO, number(1), number(-2), nimber(1), nimber(2), up_multiple(1),
         switch(number(1), number(-1)), miny(number(3)), neg(miny(number(1))),
         game([number(2), nimber(1)], [miny(number(1)), number(0)])]


def _both(n: int, h: object, extra_vars: int = 0, min_length: int | None = None,
          guard: bool = False) -> list[tuple[ClauseBuffer, IDPool, tuple[int, int]]]:
    out = []
    for arrays in (True, False):
        buf, pool = ClauseBuffer(), IDPool()
        for k in range(extra_vars):
            pool.id(("before", k))
        side = add_row(buf, pool, n, min_length=min_length)
        g = pool.id("guard") if guard else None
        old = toppling.ARRAYS
        toppling.ARRAYS = arrays
        try:
            root = add_relation(buf, pool, side, GameSide(h), "=", guard=g, chain=True)
        finally:
            toppling.ARRAYS = old
        out.append((buf, pool, root))
    return out


@pytest.mark.parametrize("h", GAMES, ids=str)
def test_same_instance_as_difference_encoding(h: object) -> None:
    for n in range(1, 7):
        (a, pa, _), (b, pb, _) = _both(n, h)
        assert (a.nv, len(a)) == (b.nv, len(b)), (n, h)
        ha = canonical_hash(a, pool_names(pa))
        assert ha.scheme == SCHEME_NAMED  # every variable named
        assert ha == canonical_hash(b, pool_names(pb)), (n, h)
        assert a.sha256() != b.sha256() or n == 0  # renumbered and reordered


def test_same_instance_with_guard_prior_variables_and_blank_suffix() -> None:
    for extra, min_length, guard in ((3, None, True), (0, 2, False), (5, 1, True)):
        (a, pa, _), (b, pb, _) = _both(5, miny(number(1)), extra, min_length, guard)
        assert canonical_hash(a, pool_names(pa)) == canonical_hash(b, pool_names(pb))


def test_one_changed_clause_changes_the_hash() -> None:
    """The comparison above can fail: the array encoder with one link clause dropped is
    told apart from DifferenceEncoding."""
    (a, pa, _), (b, pb, _) = _both(4, miny(number(1)))
    dropped = list(a)[1:]
    assert canonical_hash(dropped, pool_names(pa), nv=a.nv) != canonical_hash(b,
                                                                              pool_names(pb))


def test_answers_on_concrete_rows_agree() -> None:
    """With the letters fixed to a row, both encodings give the same root outcome
    (solved, not hashed: independent of the hash code)."""
    rng = random.Random(27)
    for h in (ZERO, miny(number(1)), switch(number(1), number(-1))):
        for n in (3, 6):
            sides = []
            for arrays in (True, False):
                buf, pool = ClauseBuffer(), IDPool()
                side = add_row(buf, pool, n)
                enc = (ArrayDifference(buf, pool, side, GameSide(h)) if arrays
                       else DifferenceEncoding(buf, pool, side, GameSide(h), chain=True))
                sides.append((buf, side, enc.root_vars()))
            for _ in range(6):
                row = "".join(rng.choice("LRE") for _ in range(n))
                got = []
                for buf, side, (lw, rw) in sides:
                    with Solver(name="minisat22", bootstrap_with=list(buf)) as s:
                        assert s.solve(assumptions=word_literals(side, row))
                        model = set(s.get_model())
                        got.append((lw in model, rw in model))
                assert got[0] == got[1], (h, row)


def test_applies_only_to_symbolic_rows_against_games() -> None:
    pool = IDPool()
    side = toppling.letter_vars(pool, "G", 3)
    assert applies(side, GameSide(ZERO), pool)
    assert not applies(toppling.StringSide.concrete("LR"), GameSide(ZERO), pool)
    assert not applies(side, toppling.StringSide.concrete("LR"), pool)
    assert not applies(side, GameSide(ZERO), IDPool(occupied=[[100, 200]]))


@pytest.mark.parametrize("loader", [True, False], ids=["compiled", "per-clause"])
def test_bulk_hand_off_gives_the_same_clauses(loader: bool,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    if loader and sat_loader.cadical_loader() is None:
        pytest.skip("numba or PySAT's CaDiCaL symbol is not available here")
    if not loader:
        monkeypatch.setattr(sat_loader, "cadical_loader", lambda: None)
    rng = random.Random(5)
    for _ in range(20):
        clauses = [[rng.choice([-1, 1]) * rng.randint(1, 12) for _ in range(rng.randint(1, 4))]
                   for _ in range(rng.randint(5, 40))]
        blocks: dict[int, list[np.ndarray]] = {}
        for c in clauses:
            blocks.setdefault(len(c), []).append(np.array([c]))
        with LiveSolver("cadical195") as live, Solver(name="minisat22",
                                                       bootstrap_with=clauses) as ref:
            assert bulk.add_flat(live, blocks) == len(clauses) == live.count
            for assumptions in ([], [1], [-2, 3]):
                sat = live.solver.solve(assumptions=assumptions)
                assert sat == ref.solve(assumptions=assumptions)
                if sat:  # the model satisfies every clause given
                    model = set(live.solver.get_model())
                    assert all(any(x in model for x in c) for c in clauses)


@pytest.mark.parametrize("wrong", ["drops the last clause", "flips a literal"])
def test_loader_self_test_rejects_a_wrong_loader(wrong: str) -> None:
    loader = sat_loader.cadical_loader()
    if loader is None:
        pytest.skip("numba or PySAT's CaDiCaL symbol is not available here")

    def bad(pointer: int, flat: np.ndarray) -> None:
        flat = flat[:-4] if wrong == "drops the last clause" else flat * np.where(
            np.arange(len(flat)) == 0, -1, 1).astype(np.int32)
        loader(pointer, flat)

    assert sat_loader.self_test(loader)
    assert not sat_loader.self_test(bad)


@pytest.mark.parametrize("name", ["cadical195", "minisat22", "glucose4"])
def test_load_of_a_clause_buffer_equals_clause_by_clause(name: str) -> None:
    """cgsat.sat.loader.load (the solve path's hand-off) against PySAT's own
    bootstrap_with, on random formulas kept in a ClauseBuffer (flat), appended to."""
    rng = random.Random(11)
    for _ in range(30):
        clauses = [[rng.choice([-1, 1]) * rng.randint(1, 10) for _ in range(rng.randint(1, 3))]
                   for _ in range(rng.randint(3, 30))]
        buf = ClauseBuffer(clauses[:5])
        buf.add_flat(np.array([x for c in clauses[5:] for x in (*c, 0)], np.int32))
        assert list(buf) == clauses
        with Solver(name=name) as s, Solver(name="minisat22", bootstrap_with=clauses) as ref:
            held = buf.literals // 2
            held = [i for i, x in enumerate(buf.flat()) if x == 0 and i < held]
            cut = held[-1] + 1 if held else 0
            sat_loader.load(s, name, buf.flat()[:cut])  # in two parts, as the controls do
            sat_loader.load(s, name, buf.flat(cut))
            for assumptions in ([], [2], [-3, 4]):
                assert s.solve(assumptions=assumptions) == ref.solve(assumptions=assumptions)
