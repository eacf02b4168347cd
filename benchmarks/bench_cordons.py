"""Green cordon SAT checks: instance size, encode and solve time; SAT against exhaustive play.

Run from the repository root with the venv active::

    python benchmarks/bench_cordons.py [--repeats 3]

For each nim-value characterization (Theorems 3.2, 3.3 and the three §5 statements) and
heights 20, 40, 60, 100, it builds the inductive instance of
:mod:`cgsat.encodings.green_cordon` and solves it with CaDiCaL 1.9.5, reporting the
median encode and solve times. It then times, in the same run, the SAT check against
exhaustive play (``brute``, every cordon of the height) for Theorem 3.2 at heights 12..18.
"""

from __future__ import annotations

import argparse
import statistics
import time

from pysat.solvers import Solver

from cgsat.cgt import impartial
from cgsat.claims import Budget
from cgsat.encodings import green_cordon as enc
from cgsat.papers.registry import get_claim

CLAIMS = [("Thm 3.2", enc.NIM0), ("Thm 3.3", enc.NIM1), ("§5 one leaf *2", enc.ONE_LEAF_NIM2),
          ("§5 two leaves *2", enc.TWO_LEAVES_NIM2), ("§5 two leaves *3", enc.TWO_LEAVES_NIM3)]


def timed(fn, repeats, *args):
    times, result = [], None
    for _ in range(repeats):
        impartial._SOLVERS.clear()  # exhaustive play starts from an empty memo each time
        t0 = time.perf_counter()
        result = fn(*args)
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def solve(cnf) -> bool:
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as s:
        return s.solve()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print("| claim | height | vars | clauses | encode s | solve s | answer |")
    print("|---|---|---|---|---|---|---|")
    for name, claim in CLAIMS:
        for h in (20, 40, 60, 100):
            enc_s, (cnf, _) = timed(enc.inductive_instance, args.repeats, claim, h)
            sol_s, sat = timed(solve, args.repeats, cnf)
            print(f"| {name} | {h} | {cnf.nv} | {len(cnf.clauses)} | {enc_s:.3f} | "
                  f"{sol_s:.3f} | {'SAT' if sat else 'UNSAT'} |")
    print()
    print("| height | brute s (every cordon) | sat s (encode + solve) | brute / sat |")
    print("|---|---|---|---|")
    claim = get_claim("thickets.thm3.2")
    for h in range(12, 19, 2):
        b, vb = timed(claim.method("brute").run, args.repeats, h, Budget())
        s, vs = timed(claim.method("sat").run, args.repeats, h, Budget())
        assert vb.status == vs.status == "holds"
        print(f"| {h} | {b:.3f} | {s:.3f} | {b / s:.1f}x |")


if __name__ == "__main__":
    main()
