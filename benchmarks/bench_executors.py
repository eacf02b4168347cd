"""The overhead of the Dask executor: one sweep under ``--executor local`` and ``dask``.

Run by hand from the repository root (it is not part of the test suite; it needs
``pip install ".[dask]"``)::

    python benchmarks/bench_executors.py [--claim toppling.conj22] [--method sat]
                                         [--up-to 15] [--repeats 2]

It starts a ``distributed.LocalCluster`` of two worker processes with one thread each (not
timed), then runs ``cgsat check CLAIM --method M --up-to N --force --json`` with a fresh
store, alternately with ``--executor local --jobs 2`` and ``--executor dask --scheduler
ADDRESS`` (interleaved, since the machine is shared with other jobs), and prints each run's
wall time (the whole command, start-up included) and the sum of the checks' own seconds,
then the medians and the ratio dask / local.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from distributed import LocalCluster


def one_run(argv: list[str], db: str) -> tuple[float, float, list[str]]:
    """Wall seconds, summed check seconds and the statuses of one ``cgsat check``."""
    if os.path.exists(db):
        os.remove(db)
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "cgsat", "check", *argv, "--db", db,
                          "--force", "--json"], capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t0
    if out.returncode != 0:
        raise SystemExit(f"cgsat check exited {out.returncode}: {out.stderr[-2000:]}")
    results = json.loads(out.stdout)["results"]
    work = sum(r["seconds"] or 0.0 for r in results)
    return wall, work, [f"{r['n']}:{r['method']}:{r['status']}" for r in results]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--claim", default="toppling.conj22")
    ap.add_argument("--method", default="sat")
    ap.add_argument("--up-to", type=int, default=15)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=600)
    args = ap.parse_args()
    base = [args.claim, "--method", args.method, "--up-to", str(args.up_to),
            "--timeout", str(args.timeout)]
    times: dict[str, list[float]] = {"local": [], "dask": []}
    statuses: dict[str, list[str]] = {}
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                      dashboard_address=None) as cluster, tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "bench.sqlite")
        runs = {"local": base + ["--executor", "local", "--jobs", "2"],
                "dask": base + ["--executor", "dask", "--scheduler",
                                cluster.scheduler_address]}
        for i in range(args.repeats):
            for name, argv in runs.items():
                wall, work, st = one_run(argv, db)
                statuses.setdefault(name, st)
                assert st == statuses[name], f"{name}: statuses changed between repeats"
                times[name].append(wall)
                print(f"run {i + 1} {name:5}: {wall:7.2f} s wall, {work:7.2f} s of checks",
                      flush=True)
    assert statuses["local"] == statuses["dask"], "the executors disagree"
    local, dask = (statistics.median(times[k]) for k in ("local", "dask"))
    print(f"median wall: local {local:.2f} s, dask {dask:.2f} s, ratio {dask / local:.2f}")


if __name__ == "__main__":
    main()
