"""Benchmark for issue 2 (Foundation): Toppling Peaks tables and Timber Algorithm 3.5.

(a) Count the normal and misère P-positions of Toppling Peaks for every length up to 22
    with the numpy tables (:mod:`cgsat.cgt.peaks`), and, as the baseline in the same run,
    with the generic memoized :class:`cgsat.cgt.impartial.ImpartialSolver` up to a smaller
    length; the counts of both are compared where both run.
(b) Run Algorithm 3.5 (:mod:`cgsat.cgt.timber_trees`) and plain recursion (the generic
    solver with the Timber ruleset) on every oriented tree with at most 10 edges, checking
    that they agree.

Each timing is repeated (fresh caches every time) and the median is reported, with the
ratio baseline / fast path. Run by hand:

    python benchmarks/bench_foundation.py --write

``--write`` writes the section (Markdown) to ``benchmarks/results/foundation.md``;
docs/performance.md ("Foundations") quotes its figures.
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from cgsat.cgt import peaks, timber_trees
from cgsat.cgt.impartial import ImpartialSolver
from cgsat.games import get_ruleset
from cgsat.games.oriented import oriented_trees

HEADING = "## Foundation (issue 2)"
OUT = Path(__file__).resolve().parent / "results" / "foundation.md"


def timed(fn, reps):
    """Run ``fn`` ``reps`` times; return (last result, list of seconds)."""
    times, result = [], None
    for _ in range(reps):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return result, times


# -- (a) Toppling Peaks -------------------------------------------------------------------
def table_counts(n_max):
    peaks.clear_cache()
    normal = [peaks.count_p_positions(n) for n in range(n_max + 1)]
    misere = [peaks.count_p_positions(n, misere=True) for n in range(n_max + 1)]
    return normal, misere


def solver_counts(n_max):
    solver = ImpartialSolver(get_ruleset("timber-path"), node_limit=10**8)
    normal, misere = [], []
    for n in range(n_max + 1):
        words = ["".join(p) for p in itertools.product("LR", repeat=n)]
        normal.append(sum(solver.outcome(w) == "P" for w in words))
        misere.append(sum(solver.outcome(w, misere=True) == "P" for w in words))
    return normal, misere


# -- (b) trees ----------------------------------------------------------------------------
def algorithm_outcomes(trees):
    return [timber_trees.outcome(t) for t in trees]


def recursion_outcomes(trees):
    solver = ImpartialSolver(get_ruleset("timber"), node_limit=10**8)
    return [solver.outcome(t) for t in trees]


def fmt(seconds):
    return f"{seconds:.3f}"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peaks-length", type=int, default=22)
    ap.add_argument("--baseline-length", type=int, default=16)
    ap.add_argument("--tree-edges", type=int, default=10)
    ap.add_argument("--reps", type=int, default=5, help="repetitions for (a)")
    ap.add_argument("--tree-reps", type=int, default=3, help="repetitions for (b)")
    ap.add_argument("--write", action="store_true", help=f"write the section to {OUT}")
    args = ap.parse_args(argv)
    given = list(sys.argv[1:] if argv is None else argv)
    command = ["python benchmarks/bench_foundation.py", *given]
    if "--write" not in given:
        command.append("--write")
    lines = []
    out = lines.append

    # (a)
    print("(a) Toppling Peaks ...", file=sys.stderr)
    (normal, misere), t_table = timed(lambda: table_counts(args.peaks_length), args.reps)
    (b_normal, b_misere), t_base = timed(
        lambda: solver_counts(args.baseline_length), args.reps
    )
    _, t_table_small = timed(lambda: table_counts(args.baseline_length), args.reps)
    agree_a = (
        normal[: args.baseline_length + 1] == b_normal
        and misere[: args.baseline_length + 1] == b_misere
    )

    # (b)
    print("(b) trees: enumerating ...", file=sys.stderr)
    by_size = {n: list(oriented_trees(n)) for n in range(args.tree_edges + 1)}
    trees = [t for n in range(args.tree_edges + 1) for t in by_size[n]]
    print(f"(b) {len(trees)} oriented trees; Algorithm 3.5 ...", file=sys.stderr)
    fast, t_fast = timed(lambda: algorithm_outcomes(trees), args.tree_reps)
    print("(b) plain recursion ...", file=sys.stderr)
    slow, t_slow = timed(lambda: recursion_outcomes(trees), args.tree_reps)
    disagreements = [i for i, (a, b) in enumerate(zip(fast, slow, strict=True)) if a != b]
    p_per_size, start = [], 0
    for n in range(args.tree_edges + 1):
        k = len(by_size[n])
        p_per_size.append(sum(o == "P" for o in fast[start : start + k]))
        start += k

    med = statistics.median
    out(HEADING)
    out("")
    out("Reproduce (from the repository root, venv active):")
    out("")
    out("```")
    out(" ".join(command))
    out("```")
    out("")
    out(
        f"Run {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}, Python "
        f"{platform.python_version()}, numpy {np.__version__}, {os.cpu_count()} CPUs "
        "(shared machine: absolute times are noise, compare the ratios)."
    )
    out("")
    out("### (a) Toppling Peaks: P-positions of every length")
    out("")
    out(
        f"numpy tables (`cgsat.cgt.peaks`) for lengths 0..{args.peaks_length}, against the "
        f"generic `ImpartialSolver` on every word of length 0..{args.baseline_length}; "
        f"{args.reps} repetitions, fresh caches each time."
    )
    out("")
    out("| method | lengths | median s | min s | max s |")
    out("|---|---|---|---|---|")
    out(
        f"| numpy tables | 0..{args.peaks_length} | {fmt(med(t_table))} | "
        f"{fmt(min(t_table))} | {fmt(max(t_table))} |"
    )
    out(
        f"| numpy tables | 0..{args.baseline_length} | {fmt(med(t_table_small))} | "
        f"{fmt(min(t_table_small))} | {fmt(max(t_table_small))} |"
    )
    out(
        f"| ImpartialSolver (baseline) | 0..{args.baseline_length} | {fmt(med(t_base))} | "
        f"{fmt(min(t_base))} | {fmt(max(t_base))} |"
    )
    out("")
    out(
        f"Ratio baseline / tables at lengths 0..{args.baseline_length}: "
        f"{med(t_base) / med(t_table_small):.0f}x. Counts agree with the baseline on "
        f"0..{args.baseline_length}: {'yes' if agree_a else 'NO'}."
    )
    out("")
    out("| n | normal P | misère P |")
    out("|---|---|---|")
    for n in range(1, args.peaks_length + 1):
        out(f"| {n} | {normal[n]} | {misere[n]} |")
    out("")
    out(f"### (b) Algorithm 3.5 against plain recursion, trees with ≤ {args.tree_edges} edges")
    out("")
    out(
        f"Every orientation of every tree (up to isomorphism of the underlying tree) with "
        f"0..{args.tree_edges} edges: {len(trees)} positions; {args.tree_reps} repetitions, "
        "fresh solver memo each time; enumeration not timed."
    )
    out("")
    out("| method | median s | min s | max s |")
    out("|---|---|---|---|")
    out(f"| Algorithm 3.5 | {fmt(med(t_fast))} | {fmt(min(t_fast))} | {fmt(max(t_fast))} |")
    out(
        f"| plain recursion (baseline) | {fmt(med(t_slow))} | {fmt(min(t_slow))} | "
        f"{fmt(max(t_slow))} |"
    )
    out("")
    out(
        f"Ratio recursion / Algorithm 3.5: {med(t_slow) / med(t_fast):.1f}x. "
        f"Disagreements: {len(disagreements)}."
    )
    out("")
    out("| edges | oriented trees | P-positions |")
    out("|---|---|---|")
    for n in range(args.tree_edges + 1):
        out(f"| {n} | {len(by_size[n])} | {p_per_size[n]} |")
    out("")
    section = "\n".join(lines)
    print(section)
    if args.write:
        write_section(section)
    return 0 if agree_a and not disagreements else 3


def write_section(section):
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(section + "\n")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
