"""Benchmark: Conjecture 22 of *Toppling Conjectures* (uniqueness of RLxLR) by SAT and by
the partizan engine.

Two measurements (issue 6; docs/history/performance.md, "Toppling Dominoes"):

``ratio``
    For each length n, the SAT method (difference encoding, one instance per number x)
    and exhaustive enumeration of every row over {L, R, E} with the engine's canonical
    forms, in the same process, each repeated ``--repeat`` times (median). Reports
    engine/SAT. The engine gets a fresh memo for each repetition.

``sweep``
    The SAT method for n = 1, 2, ... on ``--jobs`` worker processes until ``--minutes``
    run out; reports the largest N such that every n <= N finished, with per-n times.

Usage::

    python benchmarks/bench_toppling.py ratio --lengths 9 10 11 --repeat 3
    python benchmarks/bench_toppling.py sweep --minutes 10 --jobs 2 --out sweep.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path

# JSON outputs go beside the scripts, under benchmarks/results/ (docs/performance.md quotes
# the figures).
RESULTS = Path(__file__).resolve().parent / "results"


def _sat(n: int, solver: str = "cadical195") -> tuple[int, str, float, dict | None]:
    from cgsat.claims import Budget
    from cgsat.papers.toppling.sat import conj22

    t0 = time.perf_counter()
    v = conj22(n, Budget(timeout=None, solver=solver))
    return n, v.status, time.perf_counter() - t0, v.instance


def _engine(n: int) -> tuple[str, float]:
    from cgsat.cgt import partizan_values
    from cgsat.claims import Budget
    from cgsat.papers.toppling.brute import conj22

    partizan_values._MEMOS.clear()  # a fresh memo: exhaustive from scratch
    t0 = time.perf_counter()
    v = conj22(n, Budget(timeout=None))
    return v.status, time.perf_counter() - t0


def ratio(lengths: list[int], repeat: int) -> list[dict]:
    rows = []
    for n in lengths:
        sat_t, eng_t = [], []
        for _ in range(repeat):
            _, s_status, s, _ = _sat(n)
            e_status, e = _engine(n)
            assert s_status == e_status == "holds", (n, s_status, e_status)
            sat_t.append(s)
            eng_t.append(e)
        row = {"n": n, "sat_median_s": statistics.median(sat_t),
               "engine_median_s": statistics.median(eng_t)}
        row["engine_over_sat"] = row["engine_median_s"] / row["sat_median_s"]
        rows.append(row)
        print(json.dumps(row), flush=True)
    return rows


def sweep(minutes: float, jobs: int, start: int = 1, stop: int = 60,
          solver: str = "cadical195") -> dict:
    deadline = time.monotonic() + 60 * minutes
    done: dict[int, dict] = {}
    nxt = start
    pool = ProcessPoolExecutor(max_workers=jobs)
    running = {}
    try:
        while nxt <= stop and len(running) < jobs:
            running[pool.submit(_sat, nxt, solver)] = nxt
            nxt += 1
        while running:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            finished, _ = wait(list(running), timeout=left, return_when=FIRST_COMPLETED)
            for fut in finished:
                running.pop(fut)
                n, status, secs, inst = fut.result()
                done[n] = {"status": status, "seconds": round(secs, 2), "instance": inst}
                print(json.dumps({"n": n, **done[n]}), flush=True)
                if nxt <= stop:
                    running[pool.submit(_sat, nxt, solver)] = nxt
                    nxt += 1
    finally:
        for proc in list(getattr(pool, "_processes", {}).values()):
            proc.terminate()  # only our own worker processes
        pool.shutdown(wait=False, cancel_futures=True)
    reached = start - 1
    while reached + 1 in done and done[reached + 1]["status"] == "holds":
        reached += 1
    return {"minutes": minutes, "jobs": jobs, "solver": solver, "start": start,
            "reached": reached, "per_n": done}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("ratio")
    r.add_argument("--lengths", type=int, nargs="+", default=[9, 10, 11])
    r.add_argument("--repeat", type=int, default=3)
    s = sub.add_parser("sweep")
    s.add_argument("--minutes", type=float, default=10.0)
    s.add_argument("--jobs", type=int, default=2)
    s.add_argument("--start", type=int, default=1)
    s.add_argument("--stop", type=int, default=60)
    s.add_argument("--out", default=str(RESULTS / "toppling_sweep.json"))
    s.add_argument("--solver", default="cadical195")
    args = p.parse_args(argv)
    if args.cmd == "ratio":
        ratio(args.lengths, args.repeat)
        return 0
    result = sweep(args.minutes, args.jobs, args.start, args.stop, args.solver)
    print(f"reached n = {result['reached']} in {args.minutes} min on {args.jobs} jobs",
          file=sys.stderr)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w") as fh:
        json.dump(result, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
