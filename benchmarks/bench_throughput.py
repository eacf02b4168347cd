"""Benchmark (issue 27): encoding against solving, per phase in one process, medians.

Runs in this tree's layout and in the layout of commit 55d8803 (``cgsat.verify.*``), so
the same file measures the code before and after issue 27 side by side (run it with each
tree's Python; docs/performance.md, "Throughput and hand-off").

Modes:

``toppling``
    Conjecture 22 (chained moves, leader rows, no controls) at each length: every
    instance built (into the solve path's sink) and solved, the two phases timed apart;
    medians of ``--repeat`` runs. Also the cost of PySAT's per-clause entry alone
    (``cadical195_add_cl`` on the same clauses), the floor of any per-clause hand-off.

``families``
    One SAT method per family (Timber paths, cordons, trees and caterpillars, Phyminoes,
    Toppling) at one size, controls off (or ``--controls K``): the time in the solvers'
    ``solve`` calls against the rest (encoding, hand-off, decoding); medians of
    ``--repeat`` runs. ``--confirm-with minisat22`` measures the certified path (every
    instance kept in a buffer and solved by two solvers), as the committed store runs.

``floors``
    What any in-process encoder must pay at least, on the Conjecture 22 instances of each
    length (every ``--every``-th target x, chained moves and leader rows as the method
    builds them): per instance, the time to hand the finished clauses to the solver and
    the time that solver then takes to solve, for CaDiCaL 1.9.5 and MiniSat 2.2 through
    PySAT's per-clause C entry (``*_add_cl``), and for CryptoMiniSat through its bulk C
    entry (``pycryptosat.Solver.add_clauses`` on one flat int32 array with 0 separators,
    the fastest hand-off on offer; skipped when ``pycryptosat`` is not installed), and
    through cgsat's own loader (``cadical195-loop``: one compiled loop calling CaDiCaL's
    ``add``, :mod:`cgsat.sat.loader`). The
    clauses are generated once beforehand and are not timed: a generator that cost
    nothing would still pay the hand-off. Medians of ``--repeat`` per instance, summed.

Usage::

    python benchmarks/bench_throughput.py toppling --lengths 26 30 33 --repeat 3
    python benchmarks/bench_throughput.py families --repeat 3
    python benchmarks/bench_throughput.py floors --lengths 26 30 33 36 --repeat 3
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

FAMILIES = [  # (family, claim, n)
    ("Timber paths", "timber.thm2.3", 40),
    ("cordons", "thickets.thm3.1-corrected", 10),
    ("trees", "timber.lem3.1", 7),
    ("caterpillars", "caterpillars.thm3.1", 8),
    ("Phyminoes", "timber.phyminoes-complete", 6),
    ("Toppling", "toppling.conj22", 12),
]
LARGER = {"timber.thm2.3": 100, "thickets.thm3.1-corrected": 12, "timber.lem3.1": 10,
          "caterpillars.thm3.1": 12, "timber.phyminoes-complete": 8, "toppling.conj22": 24}
"""Sizes for ``families --larger`` (seconds each on the certified path)."""


def _layout() -> dict[str, Any]:
    """The modules of this tree (the issue-27 layout or 55d8803's ``cgsat.verify``)."""
    try:
        from cgsat.claims import Budget
        from cgsat.papers.registry import get_claim
        from cgsat.papers.toppling.numbers import miny, positive_numbers
        from cgsat.sat.solve import SatRun
    except ImportError:  # commit 55d8803
        from cgsat.verify.claims import Budget  # type: ignore[no-redef]  # the old layout
        from cgsat.verify.papers.toppling.numbers import (  # type: ignore[no-redef]  # the old layout
            miny,
            positive_numbers,
        )
        from cgsat.verify.registry import get_claim  # type: ignore[no-redef]  # the old layout
        from cgsat.verify.solve import SatRun  # type: ignore[no-redef]  # the old layout
    return {"Budget": Budget, "get_claim": get_claim, "miny": miny,
            "positive_numbers": positive_numbers, "SatRun": SatRun}


def toppling_once(n: int, solver: str) -> dict[str, float]:
    """Encode and solve every Conjecture 22 instance at length n once (no controls)."""
    from pysat.formula import IDPool

    from cgsat.cgt.canonical import number
    from cgsat.encodings.cnf import ClauseBuffer
    from cgsat.encodings.toppling import GameSide, add_exclusions, add_relation, add_row
    from cgsat.encodings.toppling_leaders import add_leader

    mods = _layout()
    run = mods["SatRun"](mods["Budget"](timeout=None, solver=solver))
    enc = sol = 0.0
    clauses = 0
    targets = mods["positive_numbers"](n - 2)
    for q, w in targets:
        t0 = time.perf_counter()
        sink, pool = run.new()
        side = add_row(sink, pool, n)
        add_leader(sink, pool, side)
        add_relation(sink, pool, side, GameSide(mods["miny"](number(q))), "=", chain=True)
        add_exclusions(sink, side, ["RL" + w + "LR"])
        t1 = time.perf_counter()
        assert run.solve(sink) is None
        t2 = time.perf_counter()
        enc, sol = enc + t1 - t0, sol + t2 - t1
        clauses += sink.count
        sink.close()
    # the floor: PySAT's per-clause C entry alone, on the last instance's clauses
    import pysolvers
    from pysat.solvers import Solver

    buf, pool = ClauseBuffer(), IDPool()
    side = add_row(buf, pool, n)
    add_leader(buf, pool, side)
    q, w = targets[-1]
    add_relation(buf, pool, side, GameSide(mods["miny"](number(q))), "=", chain=True)
    cls = list(buf)
    with Solver(name="cadical195") as s:
        t0 = time.perf_counter()
        add = pysolvers.cadical195_add_cl
        handle = s.solver.cadical
        for c in cls:
            add(handle, c)
        floor = (time.perf_counter() - t0) / len(cls)
    return {"encode_s": enc, "solve_s": sol, "clauses": clauses,
            "floor_us_per_clause": floor * 1e6}


def toppling(lengths: list[int], repeat: int, solver: str) -> None:
    for n in lengths:
        runs = [toppling_once(n, solver) for _ in range(repeat)]
        enc = statistics.median(r["encode_s"] for r in runs)
        sol = statistics.median(r["solve_s"] for r in runs)
        clauses = runs[0]["clauses"]
        floor = statistics.median(r["floor_us_per_clause"] for r in runs)
        print(json.dumps({
            "n": n, "repeat": repeat, "encode_s": round(enc, 2), "solve_s": round(sol, 2),
            "encode_over_solve": round(enc / sol, 2), "clauses_all_instances": clauses,
            "encode_us_per_clause": round(enc / clauses * 1e6, 3),
            "solve_us_per_clause": round(sol / clauses * 1e6, 3),
            "add_cl_floor_us_per_clause": round(floor, 3)}), flush=True)


def families(repeat: int, only: list[str] | None = None, confirm_with: str | None = None,
             controls: int = 0, larger: bool = False) -> None:
    from pysat.solvers import Solver

    mods = _layout()
    spent = [0.0]
    real_solve, real_limited = Solver.solve, Solver.solve_limited

    def timed(real):
        def wrapper(self, *args, **kwargs):
            t0 = time.perf_counter()
            try:
                return real(self, *args, **kwargs)
            finally:
                spent[0] += time.perf_counter() - t0
        return wrapper

    Solver.solve = timed(real_solve)  # type: ignore[method-assign]  # timing only
    Solver.solve_limited = timed(real_limited)  # type: ignore[method-assign]  # timing only
    for family, claim_id, n in FAMILIES:
        if only and family not in only:
            continue
        n = LARGER[claim_id] if larger else n
        method = mods["get_claim"](claim_id).method("sat").run
        totals, solves = [], []
        status = None
        for _ in range(repeat):
            spent[0] = 0.0
            t0 = time.perf_counter()
            v = method(n, mods["Budget"](timeout=None, seed=f"{claim_id}:{n}", controls=controls,
                                         confirm_with=confirm_with))
            totals.append(time.perf_counter() - t0)
            solves.append(spent[0])
            status = v.status
        tot, sol = statistics.median(totals), statistics.median(solves)
        print(json.dumps({"family": family, "claim": claim_id, "n": n, "status": status,
                          "total_s": round(tot, 3), "solve_s": round(sol, 3),
                          "rest_s": round(tot - sol, 3),
                          "rest_over_solve": round((tot - sol) / sol, 2) if sol else None}),
              flush=True)


def _floor_once(cls: list[list[int]], flat: Any, name: str) -> tuple[float, float]:
    """Hand ``cls`` to a fresh solver ``name`` and solve: (hand-off s, solve s)."""
    if name == "cadical195-loop":  # cgsat's hand-off: one compiled loop (cgsat.sat.loader)
        from pysat.solvers import Solver

        from cgsat.sat.loader import load

        with Solver(name="cadical195") as solver:
            t0 = time.perf_counter()
            load(solver, "cadical195", flat)
            t1 = time.perf_counter()
            sat = solver.solve()
            t2 = time.perf_counter()
    elif name == "cryptominisat":
        import pycryptosat

        s = pycryptosat.Solver(threads=1)
        t0 = time.perf_counter()
        s.add_clauses(flat)
        t1 = time.perf_counter()
        sat, _ = s.solve()
        t2 = time.perf_counter()
    else:
        import pysolvers
        from pysat.solvers import Solver

        with Solver(name=name) as solver:
            inner = solver.solver
            handle = inner.cadical if name == "cadical195" else inner.minisat
            add = getattr(pysolvers, f"{name}_add_cl")
            t0 = time.perf_counter()
            for c in cls:
                add(handle, c)
            t1 = time.perf_counter()
            sat = solver.solve()
            t2 = time.perf_counter()
    assert not sat, "a Conjecture 22 instance is UNSAT up to the lengths measured"
    return t1 - t0, t2 - t1


def floors(lengths: list[int], repeat: int, every: int) -> None:
    import numpy as np
    from pysat.formula import IDPool

    from cgsat.cgt.canonical import number
    from cgsat.encodings.cnf import ClauseBuffer
    from cgsat.encodings.toppling import GameSide, add_exclusions, add_relation, add_row
    from cgsat.encodings.toppling_leaders import add_leader

    mods = _layout()
    names = ["cadical195", "minisat22"]
    try:
        from cgsat.sat.loader import cadical_loader

        if cadical_loader() is not None:
            names.append("cadical195-loop")
    except ImportError:  # the layout of 55d8803
        pass
    try:
        import pycryptosat  # noqa: F401  # only whether it is there
        names.append("cryptominisat")
    except ImportError:
        pass
    for n in lengths:
        targets = mods["positive_numbers"](n - 2)[::every]
        total = {f"{k}_{p}": 0.0 for k in names for p in ("handoff", "solve")}
        gen = 0.0
        clauses = 0
        for q, w in targets:
            t0 = time.perf_counter()
            buf, pool = ClauseBuffer(), IDPool()
            side = add_row(buf, pool, n)
            add_leader(buf, pool, side)
            add_relation(buf, pool, side, GameSide(mods["miny"](number(q))), "=", chain=True)
            add_exclusions(buf, side, ["RL" + w + "LR"])
            gen += time.perf_counter() - t0
            cls = [list(c) for c in buf]
            clauses += len(cls)
            flat = np.fromiter((lit for c in cls for lit in (*c, 0)), dtype=np.int32)
            for k in names:
                runs = [_floor_once(cls, flat, k) for _ in range(repeat)]
                total[f"{k}_handoff"] += statistics.median(r[0] for r in runs)
                total[f"{k}_solve"] += statistics.median(r[1] for r in runs)
        row: dict[str, Any] = {"n": n, "instances": len(targets), "every": every,
                               "repeat": repeat, "clauses": clauses,
                               "generate_into_buffer_s": round(gen, 2)}
        for k in names:
            h, v = total[f"{k}_handoff"], total[f"{k}_solve"]
            row[k] = {"handoff_s": round(h, 3), "solve_s": round(v, 3),
                      "handoff_over_solve": round(h / v, 2),
                      "handoff_us_per_clause": round(h / clauses * 1e6, 3),
                      "solve_us_per_clause": round(v / clauses * 1e6, 3)}
        print(json.dumps(row), flush=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    tp = sub.add_parser("toppling")
    tp.add_argument("--lengths", type=int, nargs="+", default=[26, 30, 33])
    tp.add_argument("--repeat", type=int, default=3)
    tp.add_argument("--solver", default="cadical195")
    tp.add_argument("--encoder", choices=["arrays", "python"], default="arrays",
                    help="python: the array encoder off (DifferenceEncoding throughout)")
    fa = sub.add_parser("families")
    fa.add_argument("--repeat", type=int, default=3)
    fa.add_argument("--only", nargs="*", default=None)
    fa.add_argument("--confirm-with", default=None,
                    help="a second solver: the certified path (every instance in a buffer)")
    fa.add_argument("--controls", type=int, default=0)
    fa.add_argument("--larger", action="store_true", help="the sizes of LARGER")
    fl = sub.add_parser("floors")
    fl.add_argument("--lengths", type=int, nargs="+", default=[26, 30, 33, 36])
    fl.add_argument("--repeat", type=int, default=3)
    fl.add_argument("--every", type=int, default=1, help="every k-th target x (default all)")
    args = p.parse_args(argv)
    if args.cmd == "toppling":
        if args.encoder == "python":
            from cgsat.encodings import toppling as encoder

            encoder.ARRAYS = False
        toppling(args.lengths, args.repeat, args.solver)
    elif args.cmd == "floors":
        floors(args.lengths, args.repeat, args.every)
    else:
        families(args.repeat, args.only, args.confirm_with, args.controls, args.larger)
    return 0


if __name__ == "__main__":
    sys.exit(main())
