"""Issue 27: the bulk Toppling encoder builds the same instances as the encoder before it,
and the canonical instance hash (cgsat.sat.instance) is invariant under renumbering and
reordering, and tells different instances apart.

The reference is a frozen copy of the old encoder (toppling_reference.py, next to this
file): every SAT instance of conj22, conj33, thm29 and thm16 at every n <= 8 is built by
each and compared byte for byte (DIMACS sha256: same clauses, same order, same numbers),
and the verdicts and controls compared.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest
from pysat.formula import IDPool

from cgsat.cgt.canonical import number
from cgsat.claims import Budget
from cgsat.encodings import toppling
from cgsat.encodings.cnf import ClauseBuffer, pool_names
from cgsat.encodings.toppling import GameSide, StringSide, add_exclusions, add_relation, add_row
from cgsat.encodings.toppling_leaders import add_leader
from cgsat.papers.toppling import sat as toppling_sat
from cgsat.papers.toppling.claims import CLAIMS
from cgsat.papers.toppling.numbers import miny, positive_numbers
from cgsat.sat import solve as solve_mod
from cgsat.sat.instance import SCHEME_FIRST, SCHEME_NAMED, canonical_hash


def _reference():
    path = Path(__file__).with_name("toppling_reference.py")
    spec = importlib.util.spec_from_file_location("toppling_reference", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look the module up
    spec.loader.exec_module(mod)
    # the sides the methods build are cgsat's classes (unchanged by issue 27): the
    # reference's isinstance(g_side, StringSide) (chained moves) must see them
    mod.StringSide = toppling.StringSide
    return mod


REFERENCE = _reference()


def _instances(claim: str, n: int, monkeypatch: pytest.MonkeyPatch,
               mode: str) -> tuple[list[str], list[str], str, object]:
    """Every instance the claim's SAT method solves at n (clausal path: --confirm-with),
    as DIMACS sha256 and as canonical hash (with its assumptions as unit clauses), its
    verdict status and controls. ``mode``: "arrays" (the encoder as it runs), "python"
    (the array encoder off: DifferenceEncoding throughout) or "reference" (the frozen
    encoder of 55d8803)."""
    seen: list[str] = []
    canon: list[str] = []
    pools: dict[int, IDPool] = {}
    real_solve, real_new = solve_mod.solve_cnf, solve_mod.SatRun.new
    real_run_solve = solve_mod.SatRun.solve
    made: list[int] = []

    class Reference(REFERENCE.DifferenceEncoding):  # type: ignore[name-defined,misc]  # loaded by path
        def __init__(self, *args: object, **kwargs: object) -> None:
            made.append(1)
            super().__init__(*args, **kwargs)

    def recording(cnf: ClauseBuffer, budget: Budget) -> solve_mod.SatOutcome:
        seen.append(cnf.sha256())
        return real_solve(cnf, budget)

    def new(self: solve_mod.SatRun) -> tuple[object, IDPool]:
        sink, pool = real_new(self)
        pools[id(sink)] = pool
        return sink, pool

    def run_solve(self: solve_mod.SatRun, sink: ClauseBuffer, assumptions=(), label=None,
                  pool=None):
        names = pool_names(pools[id(sink)]) if id(sink) in pools else {}
        clauses = [*sink, *([a] for a in assumptions)]
        canon.append(canonical_hash(clauses, names, nv=sink.nv).sha256)
        return real_run_solve(self, sink, assumptions, label, pool)

    with monkeypatch.context() as m:
        m.setattr(solve_mod, "solve_cnf", recording)
        m.setattr(solve_mod.SatRun, "new", new)
        m.setattr(solve_mod.SatRun, "solve", run_solve)
        m.setattr(toppling, "ARRAYS", mode == "arrays")
        if mode == "reference":
            m.setattr(toppling, "DifferenceEncoding", Reference)
            m.setattr(toppling_sat, "DifferenceEncoding", Reference)
        method = {c.id: c for c in CLAIMS}[f"toppling.{claim}"].method("sat").run
        v = method(n, Budget(timeout=None, seed=f"toppling.{claim}:{n}", controls=4,
                             confirm_with="minisat22"))
    assert bool(made) == (mode == "reference" and bool(seen))  # the reference built them
    return seen, canon, v.status, v.controls


@pytest.mark.parametrize("claim, sizes", [
    pytest.param(claim, sizes, marks=[pytest.mark.slow] if sizes.start > 1 else [])
    for claim in ["conj22", "conj33", "thm29", "thm16"]
    for sizes in (range(1, 7), range(7, 9))])  # n = 7, 8: the slow step (issue 36)
def test_instances_equal_reference(claim: str, sizes: range,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The array encoder builds the same instances as DifferenceEncoding (equal canonical
    hashes: the same clauses over the same names), and DifferenceEncoding the same DIMACS
    as the frozen encoder of 55d8803; verdicts and controls equal throughout."""
    for n in sizes:
        arrays = _instances(claim, n, monkeypatch, "arrays")
        python = _instances(claim, n, monkeypatch, "python")
        old = _instances(claim, n, monkeypatch, "reference")
        assert python[0] == old[0], (claim, n)  # byte for byte
        assert arrays[1] == python[1], (claim, n)  # the same instances, renumbered
        if n >= 2 and arrays[0]:  # ... and the array encoder did build them
            assert arrays[0] != python[0], (claim, n)
        assert arrays[2:] == python[2:] == old[2:], (claim, n)
        assert arrays[2] in ("holds", "vacuous"), (claim, n, arrays[2])


def _conj22_instance(n: int, k: int, chain: bool, encoder) -> tuple[ClauseBuffer, IDPool]:
    sink, pool = ClauseBuffer(), IDPool()
    side = add_row(sink, pool, n)
    add_leader(sink, pool, side)
    q, w = positive_numbers(n - 2)[k]
    lw, rw = encoder(sink, pool, side, GameSide(miny(number(q))), chain=chain).root_vars()
    sink.add_clause([-lw])
    sink.add_clause([-rw])
    add_exclusions(sink, side, ["RL" + w + "LR"])
    return sink, pool


@pytest.mark.parametrize("chain", [True, False])
def test_every_variable_named(chain: bool) -> None:
    for n in (5, 9):
        sink, pool = _conj22_instance(n, 1, chain, toppling.DifferenceEncoding)
        assert all(v in pool_names(pool) for v in range(1, sink.nv + 1))
        assert canonical_hash(sink, pool_names(pool)).scheme == SCHEME_NAMED
        ref, _ = _conj22_instance(n, 1, chain, REFERENCE.DifferenceEncoding)
        assert ref.sha256() == sink.sha256()  # same DIMACS as the old encoder


def test_two_encodings_in_one_pool_get_distinct_names() -> None:
    sink, pool = ClauseBuffer(), IDPool()
    side = add_row(sink, pool, 4)
    add_relation(sink, pool, side, StringSide.concrete("LR"), ">", chain=True)
    add_relation(sink, pool, side, StringSide.concrete("LR"), "<", chain=True)
    names = [pool_names(pool)[v] for v in range(1, sink.nv + 1)]
    assert len(set(names)) == len(names) == sink.nv


def _renumbered(sink: ClauseBuffer, names: dict, rng: random.Random
                ) -> tuple[list[list[int]], dict]:
    perm = list(range(1, sink.nv + 1))
    rng.shuffle(perm)
    new = dict(zip(range(1, sink.nv + 1), perm, strict=True))
    clauses = [[new[abs(x)] * (1 if x > 0 else -1) for x in c] for c in sink]
    for c in clauses:
        rng.shuffle(c)
    rng.shuffle(clauses)
    return clauses, {new[v]: name for v, name in names.items()}


def test_canonical_hash_invariant_and_discriminating() -> None:
    rng = random.Random(27)
    sink, pool = _conj22_instance(7, 2, True, toppling.DifferenceEncoding)
    base = canonical_hash(sink, pool_names(pool))
    clauses, names = _renumbered(sink, pool_names(pool), rng)
    assert canonical_hash(clauses, names) == base
    assert base.sha256 != sink.sha256()  # not the DIMACS hash
    # one literal flipped, one clause dropped, another target: different instances
    flipped = [list(c) for c in clauses]
    flipped[5][0] = -flipped[5][0]
    assert canonical_hash(flipped, names).sha256 != base.sha256
    assert canonical_hash(clauses[1:], names).sha256 != base.sha256
    other, opool = _conj22_instance(7, 3, True, toppling.DifferenceEncoding)
    assert canonical_hash(other, pool_names(opool)).sha256 != base.sha256
    # the same clauses with two variables' names swapped are another instance
    a, b = 1, sink.nv
    swapped = dict(pool_names(pool))
    swapped[a], swapped[b] = swapped[b], swapped[a]
    assert canonical_hash(sink, swapped).sha256 != base.sha256


def test_canonical_hash_partly_anonymous() -> None:
    clauses = [[1, -3], [2, 3], [-1, -2]]
    h = canonical_hash(clauses, {1: "x"})
    assert h.scheme == SCHEME_FIRST
    # renumbering the anonymous variables (order of clauses kept) keeps the hash
    assert canonical_hash([[1, -2], [3, 2], [-1, -3]], {1: "x"}) == h
    assert canonical_hash([[1, -2], [3, 2], [-1, 3]], {1: "x"}).sha256 != h.sha256
