"""The overhead of the Dask executor: one sweep under ``--executor local`` and ``dask``.

Run by hand from the repository root (it is not part of the test suite; it needs
``pip install ".[dask]"``, and ``".[slurm]"`` with ``--cluster slurm``)::

    python benchmarks/bench_executors.py [--claim toppling.conj22] [--method sat]
                                         [--up-to 15] [--repeats 2] [--cluster local]

It starts a ``distributed.LocalCluster`` of two worker processes with one thread each (not
timed), then runs ``cgsat check CLAIM --method M --up-to N --force --json`` with a fresh
store, alternately with ``--executor local --jobs 2`` and ``--executor dask --scheduler
ADDRESS`` (interleaved, since the machine is shared with other jobs), and prints each run's
wall time (the whole command, start-up included) and the sum of the checks' own seconds,
then the medians and the ratio dask / local.

``--cluster slurm`` (issue 27 item 4; a running Slurm, e.g. ``.ci/slurm-up.sh`` and its
``SLURM_CONF``): the workers are two Slurm jobs of one single-threaded Dask worker each,
started by dask-jobqueue's ``SLURMCluster`` as docs/cluster.md says, afresh for every
repeat; the time from ``scale`` to both workers connected is printed too ("start"), and
the medians of the sweep alone and of start + sweep, each against the local executor.
``--cluster submitit``: the route docs/cluster.md did not keep, the same checks as one
Slurm job array (submitit, ``pip install submitit``), one array task per (claim, n,
method), each calling :func:`cgsat.engine.task.run_check`; its wall time is from the
submission to the last result.
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
from collections.abc import Iterator
from contextlib import contextmanager

from distributed import Client, LocalCluster


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


@contextmanager
def slurm_cluster(jobs: int, logs: str) -> Iterator[tuple[str, float]]:
    """``jobs`` Slurm jobs of one single-threaded Dask worker; (address, seconds to start)."""
    from dask_jobqueue import SLURMCluster

    with SLURMCluster(queue="debug", cores=1, processes=1, memory="1GB",
                      walltime="01:00:00", python=sys.executable, log_directory=logs,
                      scheduler_options={"host": "127.0.0.1", "dashboard_address": None},
                      ) as cluster, Client(cluster) as client:
        t0 = time.perf_counter()
        cluster.scale(jobs=jobs)
        client.wait_for_workers(jobs, timeout=300)
        yield cluster.scheduler_address, time.perf_counter() - t0


def submitit_run(args: argparse.Namespace, folder: str) -> tuple[float, list[str]]:
    """The sweep as one Slurm job array (submitit): wall seconds and the statuses."""
    import submitit

    from cgsat.claims import Budget
    from cgsat.engine.task import run_check
    from cgsat.papers.registry import get_claim

    claim = get_claim(args.claim)
    methods = [m.name for m in claim.methods] if args.method == "all" else [args.method]
    keys = [(m, n) for m in methods for n in range(claim.base, args.up_to + 1)]
    ex = submitit.AutoExecutor(folder=folder, cluster="slurm")
    ex.update_parameters(slurm_partition="debug", cpus_per_task=1, timeout_min=60,
                         slurm_array_parallelism=2)
    t0 = time.perf_counter()
    jobs = ex.map_array(run_check, [args.claim] * len(keys), [m for m, _ in keys],
                        [n for _, n in keys], [Budget(timeout=args.timeout)] * len(keys))
    ran = [job.result() for job in jobs]
    wall = time.perf_counter() - t0
    return wall, [f"{n}:{m}:{r.verdict.status}" for (m, n), r in zip(keys, ran, strict=True)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--claim", default="toppling.conj22")
    ap.add_argument("--method", default="sat")
    ap.add_argument("--up-to", type=int, default=15)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--cluster", choices=["local", "slurm", "submitit"], default="local")
    args = ap.parse_args()
    if args.cluster != "local":
        slurm_main(args)
        return
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


def slurm_main(args: argparse.Namespace) -> None:
    """``--cluster slurm`` and ``--cluster submitit``: each repeat against a local run."""
    base = [args.claim, "--method", args.method, "--up-to", str(args.up_to),
            "--timeout", str(args.timeout)]
    times: dict[str, list[float]] = {"local": [], "start": [], "sweep": [], "both": []}
    statuses: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "bench.sqlite")
        for i in range(args.repeats):
            wall, work, st = one_run(base + ["--executor", "local", "--jobs", "2"], db)
            statuses.setdefault("local", st)
            times["local"].append(wall)
            print(f"run {i + 1} local: {wall:7.2f} s wall, {work:7.2f} s of checks", flush=True)
            if args.cluster == "submitit":
                wall, st = submitit_run(args, os.path.join(tmp, f"submitit-{i}"))
                start = 0.0
            else:
                with slurm_cluster(2, os.path.join(tmp, "logs")) as (address, start):
                    wall, work, st = one_run(
                        base + ["--executor", "dask", "--scheduler", address], db)
            statuses.setdefault(args.cluster, st)
            assert sorted(st) == sorted(statuses[args.cluster]), "statuses changed"
            times["start"].append(start)
            times["sweep"].append(wall)
            times["both"].append(start + wall)
            print(f"run {i + 1} {args.cluster}: start {start:6.2f} s, sweep {wall:7.2f} s",
                  flush=True)
    assert sorted(statuses["local"]) == sorted(statuses[args.cluster]), "they disagree"
    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"median wall: local {med['local']:.2f} s; {args.cluster}: start "
          f"{med['start']:.2f} s, sweep {med['sweep']:.2f} s (ratio "
          f"{med['sweep'] / med['local']:.2f}), start + sweep {med['both']:.2f} s (ratio "
          f"{med['both'] / med['local']:.2f})")


if __name__ == "__main__":
    main()
