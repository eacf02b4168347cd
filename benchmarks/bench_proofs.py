"""Proof certificates of the headline claims: DRAT proof sizes and check times against n.

Run by hand from the repository root (it is not part of the test suite)::

    python benchmarks/bench_proofs.py [--claims timber.thm2.3 ...] [--sizes 8 16 24]
                                      [--repeats 3] [--timeout 300] [--json out.json]

For each claim and size n it runs the claim's registered ``sat`` method with
``Budget(proof=True, controls=0)`` and records every instance the method hands to
:func:`cgsat.sat.solve.solve_cnf` (the one solve path). For each UNSAT instance (the ones
a certificate must back) it then measures, each in a forked child killed after
``--timeout`` seconds:

- CaDiCaL 1.9.5 solving with a DRAT proof (``with_proof=True``): seconds, proof lines and
  bytes (the text PySAT's ``get_proof()`` returns);
- dratify (PyPI, pure Python, the established checker cgsat uses when drat-trim is not
  installed), cgsat's own forward checker (its 5M-literal limit lifted, to time it), and
  drat-trim when ``$CGSAT_DRAT_TRIM`` or ``drat-trim`` on PATH exists.

A size's figures sum over its UNSAT instances; identical instances (same DIMACS sha256, e.g.
Theorem 2.5 solves the instances of Theorems 2.3 and 2.4) are measured once and reused.
Times are CPU seconds of the child (the machine is shared, so wall time would mostly
measure the other processes), medians over ``--repeats`` runs; a measurement over 30 s is
taken once (drat-trim's subprocess is counted in its CPU time). At the end
it fits ``a n^k`` (and for Conjecture 22, whose instances multiply with n, also ``a b^n``)
through the three largest sizes of each claim and extrapolates proof lines and times to
the claim's target bound.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import os
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

from pysat.solvers import Solver

from cgsat.claims import Budget
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.papers.registry import get_claim
from cgsat.sat import drat
from cgsat.sat import solve as solve_mod

# JSON outputs go beside the scripts, under benchmarks/results/ (docs/performance.md quotes
# the figures).
RESULTS = Path(__file__).resolve().parent / "results"

DEFAULT_SIZES = {
    "timber.thm2.3": [8, 16, 24, 32],
    "timber.thm2.4": [8, 16, 24, 32],
    "timber.thm2.5": [8, 16, 24, 32],
    "toppling.conj22": [6, 8, 10],
    "thickets.thm3.2": [10, 20, 30, 40],
    "thickets.thm3.3": [10, 20, 30, 40],
    "thickets.thm3.4": [10, 20, 30, 40],
    "thickets.thm3.5": [10, 20, 30, 40],
}
ONCE_ABOVE = 30.0  # seconds: a slower measurement is not repeated
EXPONENTIAL = {"toppling.conj22"}  # instances multiply with n: also fit a b^n (an upper end)


def capture(claim_id: str, n: int) -> tuple[str, list[ClauseBuffer]]:
    """Run the claim's sat method at n; the UNSAT instances it solved, and its status."""
    seen: list[tuple[ClauseBuffer, bool]] = []
    real = solve_mod.solve_cnf

    def recording(cnf, budget):
        out = real(cnf, Budget(solver=budget.solver))  # no proof here: measured below
        seen.append((cnf, out.sat))
        return out

    solve_mod.solve_cnf = recording
    try:
        verdict = get_claim(claim_id).method("sat").run(n, Budget(proof=True, controls=0))
    finally:
        solve_mod.solve_cnf = real
    return verdict.status, [cnf for cnf, sat in seen if not sat]


def _solve_with_proof(clauses: list[list[int]]) -> list[str]:
    with Solver(name="cadical195", with_proof=True, bootstrap_with=clauses) as s:
        assert s.solve() is False
        return s.get_proof()


def _cpu() -> float:
    """CPU seconds of this process and its finished subprocesses (drat-trim)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _in_child(fn, timeout: float):
    """``(CPU seconds, result)`` of ``fn()`` in a forked child, or ``(None, "timeout")``
    when it has not finished after ``timeout`` seconds of wall time."""
    ctx = mp.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)

    def child():
        t0 = _cpu()
        result = fn()
        send.send((_cpu() - t0, result))

    proc = ctx.Process(target=child)
    proc.start()
    send.close()
    if recv.poll(timeout):
        out = recv.recv()
        proc.join()
        return out
    proc.kill()
    proc.join()
    return None, "timeout"


def _median(fn, repeats: int, timeout: float):
    times, result = [], None
    for _ in range(repeats):
        seconds, result = _in_child(fn, timeout)
        if seconds is None:
            return None, result
        times.append(seconds)
        if seconds > ONCE_ABOVE:
            break
    return statistics.median(times), result


@dataclass
class Measure:
    instances: int = 0
    vars: int = 0
    clauses: int = 0
    solve: float | None = 0.0
    lines: int = 0
    bytes: int = 0
    checks: dict[str, float | None] = field(default_factory=dict)
    verdicts: dict[str, str] = field(default_factory=dict)


def measure_instance(cnf: ClauseBuffer, repeats: int, timeout: float) -> Measure:
    clauses = list(cnf)
    m = Measure(instances=1, vars=cnf.nv, clauses=len(cnf))
    m.solve, _ = _median(lambda: _solve_with_proof(clauses) and None, repeats, timeout)
    if m.solve is None:
        return m
    proof = _solve_with_proof(clauses)
    m.lines = len(proof)
    m.bytes = sum(len(line) + 1 for line in proof)
    checkers = {
        "dratify": lambda: drat.check_with_dratify(clauses, proof).verdict,
        "cgsat-drat": lambda: drat.check_drat(clauses, proof, max_literals=10**12).verdict,
    }
    exe = drat.drat_trim_path()
    if exe:
        dimacs = cnf.dimacs()
        checkers["drat-trim"] = lambda: drat.check_with_drat_trim(dimacs, proof, exe).verdict
    for name, fn in checkers.items():
        m.checks[name], m.verdicts[name] = _median(fn, repeats, timeout)
    return m


def add(total: Measure, m: Measure) -> None:
    total.instances += m.instances
    total.vars = max(total.vars, m.vars)
    total.clauses = max(total.clauses, m.clauses)
    total.solve = None if total.solve is None or m.solve is None else total.solve + m.solve
    total.lines += m.lines
    total.bytes += m.bytes
    for name, t in m.checks.items():
        prev = total.checks.get(name, 0.0)
        total.checks[name] = None if prev is None or t is None else prev + t
        if m.verdicts[name] != "verified" or name not in total.verdicts:
            total.verdicts[name] = m.verdicts[name]


def fmt(t: float | None, timeout: float) -> str:
    return f"> {timeout:.0f}" if t is None else f"{t:.2f}"


def extrapolate(points: list[tuple[int, float]], target: int, model: str = "power") -> str:
    """Least squares through the last three sizes (values above 0.05), evaluated at
    ``target``: ``a n^k`` (``model="power"``) or ``a b^n`` (``model="exp"``)."""
    pts = [(n, v) for n, v in points if v and v > 0.05][-3:]
    if len(pts) < 2:
        return "n/a"
    xs = [math.log(n) if model == "power" else float(n) for n, _ in pts]
    ys = [math.log(v) for _, v in pts]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    k = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs)
    xt = math.log(target) if model == "power" else float(target)
    value = math.exp(my + k * (xt - mx))
    growth = f"n^{k:.1f}" if model == "power" else f"x{math.exp(k):.2f} per n"
    return f"{value:.3g} ({growth})"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--claims", nargs="+", default=list(DEFAULT_SIZES))
    parser.add_argument("--sizes", nargs="+", type=int, default=None,
                        help="sizes for every claim given (default: per claim)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=300.0,
                        help="seconds per solve or check before it is killed")
    parser.add_argument("--json", default=str(RESULTS / "proofs.json"),
                        help="write the rows here (default benchmarks/results/proofs.json)")
    args = parser.parse_args(argv)

    cache: dict[str, Measure] = {}
    rows = []
    names = ["dratify", "cgsat-drat"] + (["drat-trim"] if drat.drat_trim_path() else [])
    print("| claim | n | status | UNSAT instances | largest vars / clauses | proof lines | "
          "proof MB | CaDiCaL s | " + " | ".join(f"{c} s" for c in names) + " |")
    print("|---" * (8 + len(names)) + "|")
    for claim_id in args.claims:
        points: dict[str, list[tuple[int, float]]] = {}
        for n in args.sizes or DEFAULT_SIZES[claim_id]:
            status, instances = capture(claim_id, n)
            total = Measure(solve=0.0)
            for cnf in instances:
                key = cnf.sha256()
                if key not in cache:
                    cache[key] = measure_instance(cnf, args.repeats, args.timeout)
                add(total, cache[key])
            checks = " | ".join(fmt(total.checks.get(c), args.timeout) for c in names)
            bad = {c: v for c, v in total.verdicts.items() if v not in ("verified", "timeout")}
            print(f"| {claim_id} | {n} | {status} | {total.instances} | {total.vars} / "
                  f"{total.clauses} | {total.lines} | {total.bytes / 1e6:.2f} | "
                  f"{fmt(total.solve, args.timeout)} | {checks} |"
                  + (f" REJECTED by {bad}" if bad else ""), flush=True)
            rows.append({"claim": claim_id, "n": n, "status": status,
                         "instances": total.instances, "vars": total.vars,
                         "clauses": total.clauses, "proof_lines": total.lines,
                         "proof_bytes": total.bytes, "solve_s": total.solve,
                         "check_s": total.checks, "verdicts": total.verdicts})
            for metric, value in [("lines", total.lines), ("solve", total.solve),
                                  *total.checks.items()]:
                points.setdefault(metric, []).append((n, value))
        target = get_claim(claim_id).target_bound
        for model in ["power", "exp"] if claim_id in EXPONENTIAL else ["power"]:
            print(f"|   extrapolated ({model}) to n = {target} | proof lines "
                  f"{extrapolate(points['lines'], target, model)}; CaDiCaL s "
                  f"{extrapolate(points['solve'], target, model)}; "
                  + "; ".join(f"{c} s {extrapolate(points.get(c, []), target, model)}"
                              for c in names)
                  + " |", file=sys.stderr, flush=True)
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    with open(args.json, "w") as fh:
        json.dump(rows, fh, indent=1)


if __name__ == "__main__":
    main()
