"""Benchmark: Toppling Dominoes SAT at scale (issue 17): the levers one by one against the
issue-6 encoding, in the same run, and the sweep of Conjecture 22 with everything kept.

Modes (issue 17; docs/performance.md, "Toppling Dominoes"):

``levers``
    For each claim and length, the registered SAT method (controls on, seeded as
    ``cgsat check`` seeds it) under each variant: ``plain`` (issue 6: ``chain=False,
    leaders=False``), ``chain``, ``leaders``, ``both``; with ``--solvers`` the ``both``
    variant also under each solver. Variants interleave within each repetition; medians.

``split``
    Encoding time against solving time (no controls) of Conjecture 22 at each length,
    per instance built and solved the way the method does, in a fresh process per length
    so that its peak RSS is that length's.

``incremental``
    Conjecture 22 at a length one solver per x (the method), one solver for all x under
    assumptions, and one solve of the disjunction over x (no controls).

``cubes``
    Cube and conquer on Conjecture 22: an instance solved whole against its 3^k cubes
    (first k dominoes fixed), as independent tasks (re-encoded) and on one solver; the
    cube set checked to cover every row.

``sweep``
    The registered method (``--variant``) for n = start, start+1, ... on ``--jobs`` worker
    processes until ``--minutes`` run out; the largest N with every n <= N holding.

Usage::

    python benchmarks/bench_toppling_scale.py levers --claims conj22 --lengths 16 20 --repeat 3
    python benchmarks/bench_toppling_scale.py split --lengths 23 26 30
    python benchmarks/bench_toppling_scale.py incremental --lengths 18 21
    python benchmarks/bench_toppling_scale.py sweep --minutes 10 --jobs 2 --variant both  # to 60
    python benchmarks/bench_toppling_scale.py cubes --lengths 26 30 --k 2
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path

# JSON outputs go beside the scripts, under benchmarks/results/ (docs/performance.md quotes
# the figures).
RESULTS = Path(__file__).resolve().parent / "results"

VARIANTS = {"plain": {"chain": False, "leaders": False}, "chain": {"chain": True, "leaders": False},
            "leaders": {"chain": False, "leaders": True}, "both": {"chain": True, "leaders": True}}


def _run(claim: str, n: int, variant: str, solver: str = "cadical195",
         confirm_with: str | None = None) -> dict:
    from cgsat.claims import Budget
    from cgsat.papers.toppling.claims import CLAIMS

    method = {c.id: c for c in CLAIMS}[f"toppling.{claim}"].method("sat").run
    t0 = time.perf_counter()
    v = method(n, Budget(timeout=None, solver=solver, seed=f"toppling.{claim}:{n}",
                         confirm_with=confirm_with), **VARIANTS[variant])
    return {"claim": claim, "n": n, "variant": variant, "solver": solver, "status": v.status,
            "seconds": round(time.perf_counter() - t0, 3), "instance": v.instance,
            "controls": v.controls,
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}


def levers(claims: list[str], lengths: list[int], repeat: int, solvers: list[str],
           confirm_with: str | None = None, variants: list[str] | None = None) -> list:
    rows = []
    for claim in claims:
        for n in lengths:
            times: dict[str, list[float]] = {}
            runs = [(v, "cadical195") for v in variants or VARIANTS] + [
                ("both", s) for s in solvers if s != "cadical195"]
            for _ in range(repeat):
                for variant, solver in runs:
                    r = _run(claim, n, variant, solver, confirm_with)
                    assert r["status"] == "holds", r
                    times.setdefault(f"{variant}/{solver}", []).append(r["seconds"])
            med = {k: statistics.median(v) for k, v in times.items()}
            base = med["plain/cadical195"]
            row = {"claim": claim, "n": n, "confirm_with": confirm_with, "median_s": med,
                   "speedup_vs_plain": {k: round(base / v, 2) for k, v in med.items()}}
            rows.append(row)
            print(json.dumps(row), flush=True)
    return rows


def split_one(n: int, solver: str) -> dict:
    """Encode and solve each Conjecture 22 instance at length n (chained, leaders), timed
    apart; no controls."""
    from cgsat.cgt.canonical import number
    from cgsat.claims import Budget
    from cgsat.encodings.toppling import GameSide, add_exclusions, add_relation, add_row
    from cgsat.encodings.toppling_leaders import add_leader
    from cgsat.papers.toppling.numbers import miny, positive_numbers
    from cgsat.sat.solve import SatRun

    run = SatRun(Budget(timeout=None, solver=solver))
    enc = sol = 0.0
    largest = 0
    for q, w in positive_numbers(n - 2):
        t0 = time.perf_counter()
        sink, pool = run.new()
        side = add_row(sink, pool, n)
        add_leader(sink, pool, side)
        add_relation(sink, pool, side, GameSide(miny(number(q))), "=", chain=True)
        add_exclusions(sink, side, ["RL" + w + "LR"])
        t1 = time.perf_counter()
        assert run.solve(sink) is None
        t2 = time.perf_counter()
        enc, sol = enc + t1 - t0, sol + t2 - t1
        largest = max(largest, sink.count)
        sink.close()
    return {"n": n, "solver": solver, "instances": len(positive_numbers(n - 2)),
            "encode_s": round(enc, 2), "solve_s": round(sol, 2),
            "encode_over_solve": round(enc / sol, 2), "largest_clauses": largest,
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}


def incremental(n: int, solver: str) -> dict:
    """Conjecture 22 at length n (chained, no leaders, no controls) three ways: one solver
    per x (the method), one solver for all x with the target chosen by assumptions (one
    shared encoding: the followers of every target against one symbolic row), and one
    solve of the disjunction over x. Seconds of encoding and solving, and clauses."""
    from pysat.formula import IDPool
    from pysat.solvers import Solver

    from cgsat.cgt.canonical import number
    from cgsat.encodings.toppling import ZERO, DifferenceEncoding, GameSide, add_exclusions, add_row
    from cgsat.papers.toppling.numbers import miny, positive_numbers

    class Sink:
        def __init__(self) -> None:
            self.solver, self.count = Solver(name=solver), 0

        def add_clause(self, clause: list[int]) -> None:
            self.solver.add_clause(clause)
            self.count += 1

    targets = [(miny(number(q)), "RL" + w + "LR") for q, w in positive_numbers(n - 2)]
    out = {"n": n, "solver": solver, "instances": len(targets)}
    enc = sol = 0.0
    clauses = 0
    for g, w in targets:  # per x
        t0 = time.perf_counter()
        sink, pool = Sink(), IDPool()
        side = add_row(sink, pool, n)
        lw, rw = DifferenceEncoding(sink, pool, side, GameSide(g), chain=True).root_vars()
        add_exclusions(sink, side, [w])
        t1 = time.perf_counter()
        assert not sink.solver.solve(assumptions=[-lw, -rw])
        enc, sol = enc + t1 - t0, sol + time.perf_counter() - t1
        clauses += sink.count
        sink.solver.delete()
    out["per_x"] = {"encode_s": round(enc, 2), "solve_s": round(sol, 2), "clauses": clauses}
    for mode in ("assumptions", "disjunction"):
        t0 = time.perf_counter()
        sink, pool = Sink(), IDPool()
        side = add_row(sink, pool, n)
        shared = DifferenceEncoding(sink, pool, side, GameSide(ZERO), chain=True)
        enc = sol = 0.0
        sels = []
        for g, w in targets:
            t1 = time.perf_counter()
            lw, rw = shared.pair_vars(side.root, g)
            b = pool.id()
            add_exclusions(sink, side, [w], guard=b)
            if mode == "assumptions":
                t2 = time.perf_counter()
                assert not sink.solver.solve(assumptions=[-lw, -rw, b])
                enc, sol = enc + t2 - t1, sol + time.perf_counter() - t2
            else:
                sink.add_clause([-b, -lw])
                sink.add_clause([-b, -rw])
                sels.append(b)
                enc += time.perf_counter() - t1
        if mode == "disjunction":
            sink.add_clause(sels)
            t2 = time.perf_counter()
            assert not sink.solver.solve()
            sol = time.perf_counter() - t2
        out[mode] = {"encode_s": round(enc, 2), "solve_s": round(sol, 2),
                     "clauses": sink.count}
        sink.solver.delete()
    return out


LETTERS = {"L": (1, -1), "R": (-1, 1), "E": (1, 1)}  # (a, b) signs: who may topple


def cubes(n: int, k: int, solver: str, picks: int = 3) -> dict:
    """Cube and conquer on Conjecture 22 at length n (chained, leaders, no controls): for
    ``picks`` values of x (the first, middle and last target), the instance solved whole
    against its 3^k cubes (the first k dominoes fixed by assumptions), each cube on a fresh
    solver with the instance re-encoded, as an independent task would, and all cubes on one
    solver. The cube set is checked to cover every row: the rows that match no cube form an
    UNSAT formula (with the alphabet clauses of the first k dominoes)."""
    import itertools

    from pysat.solvers import Solver

    from cgsat.cgt.canonical import number
    from cgsat.claims import Budget
    from cgsat.encodings.toppling import GameSide, add_exclusions, add_relation, add_row
    from cgsat.encodings.toppling_leaders import add_leader
    from cgsat.papers.toppling.numbers import miny, positive_numbers
    from cgsat.sat.solve import SatRun

    prefixes = ["".join(p) for p in itertools.product("LRE", repeat=k)]
    targets = positive_numbers(n - 2)
    chosen = sorted({0, len(targets) // 2, len(targets) - 1})[:picks]

    def build(q, w):
        run = SatRun(Budget(timeout=None, solver=solver))
        sink, pool = run.new()
        side = add_row(sink, pool, n)
        add_leader(sink, pool, side)
        add_relation(sink, pool, side, GameSide(miny(number(q))), "=", chain=True)
        add_exclusions(sink, side, ["RL" + w + "LR"])
        return sink, side

    def cube_lits(side, prefix):
        return [sign * var for i, letter in enumerate(prefix)
                for sign, var in zip(LETTERS[letter], (side.left[i], side.right[i]), strict=True)]

    sink, probe_side = build(*targets[0])
    sink.close()

    def covers(cube_set: list[str]) -> bool:
        """No row of the alphabet escapes every cube of ``cube_set`` (an UNSAT formula)."""
        with Solver(name=solver) as cover:
            for i in range(k):
                a, b = probe_side.left[i], probe_side.right[i]
                cover.add_clause([a, b])  # not blank (L, R or E)
            for prefix in cube_set:
                cover.add_clause([-lit for lit in cube_lits(probe_side, prefix)])
            return not cover.solve()

    covered = covers(prefixes)
    assert not covers(prefixes[:-1]), "the cover check cannot say no"  # negative control
    rows = []
    for idx in chosen:
        q, w = targets[idx]
        t0 = time.perf_counter()
        sink, side = build(q, w)
        t1 = time.perf_counter()
        assert sink.solver.solve() is False
        whole = time.perf_counter() - t1
        encode = t1 - t0
        sink.close()
        sink, side = build(q, w)  # the cubes on one fresh solver, one after the other
        shared = []
        for prefix in prefixes:
            t2 = time.perf_counter()
            assert sink.solver.solve(assumptions=cube_lits(side, prefix)) is False
            shared.append(time.perf_counter() - t2)
        sink.close()
        fresh = []
        for prefix in prefixes:
            t2 = time.perf_counter()
            s2, side2 = build(q, w)
            t3 = time.perf_counter()
            assert s2.solver.solve(assumptions=cube_lits(side2, prefix)) is False
            fresh.append((t3 - t2, time.perf_counter() - t3))
            s2.close()
        rows.append({"x_index": idx, "encode_s": round(encode, 3), "whole_solve_s": round(whole, 3),
                     "cubes_one_solver_s": round(sum(shared), 3),
                     "cube_tasks_cpu_s": round(sum(e + t for e, t in fresh), 3),
                     "cube_solve_max_s": round(max(t for _, t in fresh), 3),
                     "cube_task_wall_s": round(max(e + t for e, t in fresh), 3)})
    return {"n": n, "k": k, "cubes": len(prefixes), "solver": solver,
            "cover_is_tautology": covered, "instances": rows}


def sweep(claim: str, minutes: float, jobs: int, variant: str, start: int = 1,
          stop: int = 60, solver: str = "cadical195") -> dict:
    deadline = time.monotonic() + 60 * minutes
    t_start = time.monotonic()
    done: dict[int, dict] = {}
    nxt = start
    pool = ProcessPoolExecutor(max_workers=jobs)
    running = {}
    try:
        while nxt <= stop and len(running) < jobs:
            running[pool.submit(_run, claim, nxt, variant, solver)] = nxt
            nxt += 1
        while running:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            finished, _ = wait(list(running), timeout=left, return_when=FIRST_COMPLETED)
            for fut in finished:
                running.pop(fut)
                r = fut.result()
                r["finished_at_s"] = round(time.monotonic() - t_start, 1)
                done[r["n"]] = r
                print(json.dumps(r), flush=True)
                if nxt <= stop:
                    running[pool.submit(_run, claim, nxt, variant, solver)] = nxt
                    nxt += 1
    finally:
        for proc in list(getattr(pool, "_processes", {}).values()):
            proc.terminate()  # only our own worker processes
        pool.shutdown(wait=False, cancel_futures=True)
    reached = start - 1
    while reached + 1 in done and done[reached + 1]["status"] in ("holds", "vacuous"):
        reached += 1
    return {"claim": claim, "minutes": minutes, "jobs": jobs, "variant": variant,
            "solver": solver, "start": start, "reached": reached,
            "wall_s_to_reached": done[reached]["finished_at_s"] if reached >= start else None,
            "per_n": done}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    lv = sub.add_parser("levers")
    lv.add_argument("--claims", nargs="+", default=["conj22"])
    lv.add_argument("--lengths", type=int, nargs="+", default=[16, 20])
    lv.add_argument("--repeat", type=int, default=3)
    lv.add_argument("--solvers", nargs="*", default=[])
    lv.add_argument("--confirm-with", dest="confirm_with", default=None)
    lv.add_argument("--variants", nargs="+", choices=sorted(VARIANTS), default=None)
    sp = sub.add_parser("split")
    sp.add_argument("--lengths", type=int, nargs="+", default=[23, 26, 30])
    sp.add_argument("--solver", default="cadical195")
    sp.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    inc = sub.add_parser("incremental")
    inc.add_argument("--lengths", type=int, nargs="+", default=[18])
    inc.add_argument("--solvers", nargs="+", default=["cadical195", "minisat22"])
    cu = sub.add_parser("cubes")
    cu.add_argument("--lengths", type=int, nargs="+", default=[26])
    cu.add_argument("--k", type=int, default=2)
    cu.add_argument("--solver", default="cadical195")
    sw = sub.add_parser("sweep")
    sw.add_argument("--claim", default="conj22")
    sw.add_argument("--minutes", type=float, default=10.0)
    sw.add_argument("--jobs", type=int, default=2)
    sw.add_argument("--variant", choices=sorted(VARIANTS), default="both")
    sw.add_argument("--start", type=int, default=1)
    sw.add_argument("--stop", type=int, default=60)
    sw.add_argument("--solver", default="cadical195")
    sw.add_argument("--out", default=str(RESULTS / "toppling_scale_sweep.json"))
    args = p.parse_args(argv)
    if args.cmd == "levers":
        levers(args.claims, args.lengths, args.repeat, args.solvers, args.confirm_with,
               args.variants)
    elif args.cmd == "incremental":
        for n in args.lengths:
            for solver in args.solvers:
                print(json.dumps(incremental(n, solver)), flush=True)
    elif args.cmd == "cubes":
        for n in args.lengths:
            print(json.dumps(cubes(n, args.k, args.solver)), flush=True)
    elif args.cmd == "split":
        if args.one:
            print(json.dumps(split_one(args.lengths[0], args.solver)), flush=True)
            return 0
        for n in args.lengths:  # a fresh process per length: its own peak RSS
            subprocess.run([sys.executable, __file__, "split", "--one", "--lengths", str(n),
                            "--solver", args.solver], check=True)
    else:
        result = sweep(args.claim, args.minutes, args.jobs, args.variant, args.start,
                       args.stop, args.solver)
        print(f"reached n = {result['reached']} in {args.minutes} min on {args.jobs} jobs "
              f"({result['variant']}, {result['solver']})", file=sys.stderr)
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        with open(args.out, "w") as fh:
            json.dump(result, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
