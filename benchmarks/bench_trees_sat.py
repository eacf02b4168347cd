"""Caterpillar SAT checks: instance size, encode and solve time; SAT against exhaustive play.

Run from the repository root with the venv active::

    python benchmarks/bench_trees_sat.py [--repeats 3] [--max-spine 11] [--max-edges 14]

Two tables, both for the caterpillars of *Timber Game with Caterpillars*:

1. Theorem 3.2 (``cat(1,...,1)`` has no P-position): the kernel of the all-legs-out
   caterpillar (:mod:`cgsat.encodings.caterpillars`, every spine orientation at once),
   for spines s = 3 .. max-spine (n = 2s - 1 edges), solved with CaDiCaL 1.9.5; beside
   it, exhaustive play (direct solver) on every orientation of the same caterpillar.
2. Theorem 3.3 (leg parity), the claim's SAT method at n edges: the inductive leg-pair
   local checks of every leg vector with n edges (many small instances), against the
   claim's brute method (P-counts of cat(k) and cat(k mod 2) by exhaustive play).

Times are medians over ``--repeats`` runs (one run for the largest sizes); exhaustive play
starts from an empty memo each time.
"""

from __future__ import annotations

import argparse
import statistics
import time

from pysat.formula import IDPool
from pysat.solvers import Solver

from cgsat.cgt import impartial
from cgsat.claims import Budget
from cgsat.encodings.caterpillars import add_outleg_kernel, leg_pair_checks
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.papers.caterpillars import brute as cat_brute
from cgsat.papers.caterpillars import legs


def median_time(fn, repeats):
    times, result = [], None
    for _ in range(repeats):
        impartial._SOLVERS.clear()
        cat_brute.brute_p_count.cache_clear()
        cat_brute.brute_path_p_count.cache_clear()
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def thm32_instance(s):
    pool, cnf = IDPool(), ClauseBuffer()
    kern = add_outleg_kernel(pool, cnf, s, [(1,) * s])
    cnf.add_clause([kern.root((1,) * s)])
    return cnf


def solve(cnf) -> bool:
    with Solver(name="cadical195", bootstrap_with=cnf) as s:
        return s.solve()


def thm33_checks(n):
    vectors = [k for k in legs.leg_vectors(n) if max(k) >= 2]
    return [ClauseBuffer(c) for _, _, c in leg_pair_checks(vectors)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--max-spine", type=int, default=11)
    parser.add_argument("--max-edges", type=int, default=14)
    parser.add_argument("--brute-spine", type=int, default=7, help="largest s for play")
    parser.add_argument("--brute-edges", type=int, default=9, help="largest n for play")
    args = parser.parse_args()

    print("Theorem 3.2, cat(1,...,1): kernel of the all-legs-out caterpillar (CaDiCaL 1.9.5)")
    print()
    print("| s | n | vars | clauses | encode s | solve s | SAT total s | play s | play/SAT |")
    print("|---|---|---|---|---|---|---|---|---|")
    for s in range(3, args.max_spine + 1):
        reps = args.repeats if s <= 9 else 1
        t_enc, cnf = median_time(lambda s=s: thm32_instance(s), reps)
        t_sol, answer = median_time(lambda cnf=cnf: solve(cnf), reps)
        assert answer is False, "Theorem 3.2 refuted?"
        play = ratio = "—"
        if s <= args.brute_spine:
            t_play, count = median_time(lambda s=s: cat_brute.brute_p_count((1,) * s), reps)
            assert count == 0
            play, ratio = f"{t_play:.3f}", f"{t_play / (t_enc + t_sol):.2f}"
        print(f"| {s} | {2 * s - 1} | {cnf.nv} | {len(cnf)} | {t_enc:.3f} | {t_sol:.3f} | "
              f"{t_enc + t_sol:.3f} | {play} | {ratio} |", flush=True)

    print()
    print("Theorem 3.3 at n edges: inductive leg-pair local checks (claim's sat method)")
    print()
    print("| n | local checks | clauses (sum) | encode s | solve s | SAT total s | "
          "brute s | brute/SAT |")
    print("|---|---|---|---|---|---|---|---|")
    for n in range(4, args.max_edges + 1):
        reps = args.repeats if n <= 11 else 1
        t_enc, checks = median_time(lambda n=n: thm33_checks(n), reps)

        def solve_all(checks=checks):
            return any(solve(c) for c in checks)

        t_sol, answer = median_time(solve_all, reps)
        assert answer is False, "Theorem 3.3's induction failed?"
        brute = ratio = "—"
        if n <= args.brute_edges:
            t_b, verdict = median_time(lambda n=n: cat_brute.thm33_brute(n, Budget()), reps)
            assert verdict.status == "holds"
            brute, ratio = f"{t_b:.3f}", f"{t_b / (t_enc + t_sol):.2f}"
        clauses = sum(len(c) for c in checks)
        print(f"| {n} | {len(checks)} | {clauses} | {t_enc:.3f} | {t_sol:.3f} | "
              f"{t_enc + t_sol:.3f} | {brute} | {ratio} |", flush=True)


if __name__ == "__main__":
    main()
