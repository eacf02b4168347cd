"""Benchmark: SAT encodings for the impartial games (issue 4).

Measures, on this machine, in one run (medians of ``--repeat`` runs):

1. Theorem 2.3 (and 2.4) by the sharp inductive check (:mod:`cgsat.encodings.timber_path`) at
   n = 20, 40, 80, 120: variables, clauses, encode time, solve time (CaDiCaL 1.9.5). (The
   plain circuit check it was compared with, ``peaks_induction``, was removed in issue 11;
   docs/history/performance.md keeps its numbers.)
2. SAT against brute force (numpy exhaustive play, :mod:`cgsat.cgt.peaks`) at the sizes
   both reach.
3. z3 against CaDiCaL on the same claim and sizes: integer heights, bit-vector heights,
   and the sharp CNF as DIMACS.
4. The graph family of Theorem 1.1 (every connected graph of the atlas with n vertices,
   all orientations at once): instance size, encode and solve time, against exhaustive
   play.

Run: ``python benchmarks/bench_impartial_sat.py [--quick]``. Prints Markdown tables.
"""

from __future__ import annotations

import argparse
import statistics
import time

from pysat.formula import IDPool
from pysat.solvers import Solver

from cgsat.cgt import peaks as tables
from cgsat.claims import Budget
from cgsat.encodings import timber_graphs as graphs
from cgsat.encodings import timber_path as peaks
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.games.shapes import connected_graphs, theorem11_parts
from cgsat.papers.timber.graphs import brute as graphs_brute
from cgsat.papers.timber.path.sat import smt_inductive_check


def median_of(repeat, fn):
    runs = [fn() for _ in range(repeat)]
    keys = runs[0].keys()
    return {k: statistics.median(r[k] for r in runs) for k in keys}


def sharp(n: int, label: str) -> dict:
    pred, misere = peaks.PREDICATES[label]
    t0 = time.perf_counter()
    buf = ClauseBuffer()
    pool = IDPool()
    peaks.add_inductive_check(pool, buf, n, pred, misere)
    t1 = time.perf_counter()
    with Solver(name="cadical195", bootstrap_with=buf) as s:
        t2 = time.perf_counter()
        ans = s.solve()
        t3 = time.perf_counter()
    assert ans is False
    return {"vars": buf.nv, "clauses": len(buf), "encode": t1 - t0, "solve": t3 - t2}


def brute(n: int, label: str) -> dict:
    t0 = time.perf_counter()
    tables.clear_cache()  # time the whole table computation, not a cache hit
    tables.p_position_table(n, misere=label == "thm2.4")
    return {"seconds": time.perf_counter() - t0}


def z3_run(n: int, label: str, formulation: str, timeout: float) -> dict:
    r = smt_inductive_check(n, label, formulation, timeout=timeout)
    return {"encode": r.encode_seconds, "solve": r.solve_seconds,
            "answer": {None: "timeout", False: "unsat", True: "SAT"}[r.sat]}


def graphs_thm11(n: int) -> dict:
    enc = solve = 0.0
    nv = nc = calls = 0
    for g in connected_graphs(n):
        shape = graphs.from_networkx(g)
        for _, misere, outcome in theorem11_parts(g):
            t0 = time.perf_counter()
            buf, pool = ClauseBuffer(), IDPool()
            _, k, root = graphs.add_graph_kernel(pool, buf, shape, misere=misere)
            buf.add_clause([k.p[root]] if outcome == "N" else [-k.p[root]])
            t1 = time.perf_counter()
            with Solver(name="cadical195", bootstrap_with=buf) as s:
                t2 = time.perf_counter()
                assert not s.solve()
                t3 = time.perf_counter()
            enc += t1 - t0
            solve += t3 - t2
            nv += buf.nv
            nc += len(buf)
            calls += 1
    return {"graphs": len(connected_graphs(n)), "calls": calls, "vars": nv, "clauses": nc,
            "encode": enc, "solve": solve}


def graphs_play(n: int) -> dict:
    t0 = time.perf_counter()
    assert graphs_brute.theorem11(n, Budget()).status == "holds"
    return {"seconds": time.perf_counter() - t0}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="smaller sizes, one repeat")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--z3-timeout", type=float, default=60.0)
    args = ap.parse_args()
    repeat = 1 if args.quick else args.repeat
    sizes = [20, 40] if args.quick else [20, 40, 80, 120]

    print("### Toppling Peaks inductive check: sharp encoding (CaDiCaL 1.9.5)")
    print()
    print("| claim | n | encoding | vars | clauses | encode s | solve s |")
    print("|---|---|---|---|---|---|---|")
    for label in ("thm2.3", "thm2.4"):
        for n in sizes:
            r = median_of(repeat, lambda n=n, label=label: sharp(n, label))
            print(f"| {label} | {n} | sharp | {r['vars']:.0f} | {r['clauses']:.0f} | "
                  f"{r['encode']:.3f} | {r['solve']:.3f} |", flush=True)
    print()
    print("### SAT (sharp, encode + solve) vs brute force (numpy exhaustive play)")
    print()
    print("| claim | n | SAT s | brute s | brute / SAT |")
    print("|---|---|---|---|---|")
    for label in ("thm2.3", "thm2.4"):
        for n in ([12, 16, 20] if args.quick else [12, 16, 20, 22, 24]):
            s = median_of(repeat, lambda n=n, label=label: sharp(n, label))
            b = median_of(1, lambda n=n, label=label: brute(n, label))
            sat_s = s["encode"] + s["solve"]
            print(f"| {label} | {n} | {sat_s:.3f} | {b['seconds']:.3f} | "
                  f"{b['seconds'] / sat_s:.2f} |", flush=True)
    print()
    print(f"### z3 vs CaDiCaL on the same check (z3 timeout {args.z3_timeout:.0f} s)")
    print()
    print("| claim | n | CaDiCaL (sharp CNF) s | z3 DIMACS of sharp CNF s | z3 int heights s |"
          " z3 bit-vector heights s |")
    print("|---|---|---|---|---|---|")
    for label in ("thm2.3", "thm2.4"):
        for n in ([10, 20] if args.quick else [10, 20, 40, 80, 120]):
            c = median_of(1, lambda n=n, label=label: sharp(n, label))
            cells = [f"{c['solve']:.3f}"]
            for f in ("dimacs", "int", "bv"):
                if f != "dimacs" and n > 20:
                    cells.append("not run (timeout at 40)")
                    continue
                r = z3_run(n, label, f, args.z3_timeout)
                cells.append(f"{r['solve']:.3f}" if r["answer"] == "unsat" else r["answer"])
            print(f"| {label} | {n} | " + " | ".join(cells) + " |", flush=True)
    print()
    print("### Theorem 1.1: every connected graph with n vertices, all orientations at once")
    print()
    print("| n | graphs | SAT calls | vars | clauses | encode s | solve s | brute s |")
    print("|---|---|---|---|---|---|---|---|")
    for n in ([4, 5] if args.quick else [4, 5, 6, 7]):
        r = median_of(1, lambda n=n: graphs_thm11(n))
        b = f"{graphs_play(n)['seconds']:.2f}" if n <= 6 else "not run (~10^7 orientations)"
        print(f"| {n} | {r['graphs']:.0f} | {r['calls']:.0f} | {r['vars']:.0f} | "
              f"{r['clauses']:.0f} | {r['encode']:.2f} | {r['solve']:.2f} | {b} |", flush=True)


if __name__ == "__main__":
    main()
