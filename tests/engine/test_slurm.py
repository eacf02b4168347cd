"""A sweep on a real Slurm, by the route of docs/cluster.md (issue 27, item 4).

``.ci/slurm-up.sh`` starts Debian's munged, slurmctld and slurmd on 127.0.0.1 (one node,
``localhost``, 2 CPUs, partition ``debug``); the tests then start Dask workers as Slurm
jobs with dask-jobqueue's ``SLURMCluster`` and run ``cgsat check --executor dask`` against
them, as docs/cluster.md says, and count the stored rows per (claim, n, method) in the
SQLite store:

- a sweep whose worker job is cancelled with ``scancel`` mid-sweep gives the local
  executor's statuses, each (claim, n, method) stored exactly once;
- a client (``cgsat check``, itself a Slurm job) cancelled with ``scancel`` mid-sweep keeps
  every result it stored; a rerun reuses them and stores the rest, none twice.

Slow (Slurm jobs take seconds to start). They skip, saying why, only where ``sbatch`` is
not installed; ``.ci/run`` installs slurm-wlm and munge before the slow step, so CI runs
them. The node has 2 CPUs and each test fills it, so the tests take a lock (pytest -n 2
would otherwise run them side by side, and one would wait for the other's jobs).
"""

from __future__ import annotations

import fcntl
import json
import os
import shlex
import shutil
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from cgsat.api import check

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
CLAIM = "toppling.conj22"


@pytest.fixture(scope="module")
def slurm() -> Iterator[Path]:
    """The single-node Slurm of .ci/slurm-up.sh, started (or reused); its directory."""
    if shutil.which("sbatch") is None:
        pytest.skip("sbatch not found: Slurm is not installed here (apt-get install "
                    "slurm-wlm munge, then .ci/slurm-up.sh; .ci/run does both in CI)")
    up = subprocess.run([str(ROOT / ".ci" / "slurm-up.sh")], capture_output=True,
                        text=True, timeout=300, check=False)
    assert up.returncode == 0, f".ci/slurm-up.sh failed:\n{up.stdout}\n{up.stderr}"
    conf = up.stdout.strip().splitlines()[-1].split("SLURM_CONF=", 1)[1]
    old = os.environ.get("SLURM_CONF")
    os.environ["SLURM_CONF"] = conf  # for sbatch, squeue, scancel, here and in dask-jobqueue
    yield Path(conf).parent
    if old is None:
        os.environ.pop("SLURM_CONF", None)
    else:
        os.environ["SLURM_CONF"] = old


@pytest.fixture
def node(slurm: Path) -> Iterator[Path]:
    """The whole node for one test (its 2 CPUs), across pytest-xdist workers."""
    with open(slurm / ".tests.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield slurm


@contextmanager
def slurm_workers(jobs: int, logs: Path) -> Iterator[tuple]:
    """``jobs`` Slurm jobs of one single-threaded Dask worker each (docs/cluster.md's
    ``SLURMCluster``, sized for the test node), up and connected; (cluster, client)."""
    from dask_jobqueue import SLURMCluster
    from distributed import Client

    with SLURMCluster(queue="debug", cores=1, processes=1, memory="1GB",
                      walltime="00:20:00", job_name="cgsat-test-worker",
                      python=sys.executable, log_directory=str(logs),
                      scheduler_options={"host": "127.0.0.1", "dashboard_address": None},
                      ) as cluster, Client(cluster) as client:
        cluster.scale(jobs=jobs)
        client.wait_for_workers(jobs, timeout=180)
        yield cluster, client


def _queued(job: str) -> bool:
    out = subprocess.run(["squeue", "-h", "-j", job, "-o", "%T"], capture_output=True,
                         text=True, check=False)
    return out.returncode == 0 and bool(out.stdout.strip())


def _wait_gone(job: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while _queued(job):
        assert time.monotonic() < deadline, f"Slurm job {job} still queued after scancel"
        time.sleep(0.5)


def _rows(db: Path) -> list[tuple]:
    """(id, claim, n, method, status, fingerprint, executor) of every stored run."""
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30) as conn:
            return conn.execute("SELECT id, claim, n, method, status, fingerprint, executor "
                                "FROM runs ORDER BY id").fetchall()
    except sqlite3.OperationalError:  # not created yet
        return []


def _once_each(rows: list[tuple]) -> Counter:
    return Counter((claim, n, method) for _, claim, n, method, *_ in rows)


def test_a_sweep_on_slurm_workers_survives_a_scancel_and_stores_each_check_once(
        node, tmp_path):
    up_to = 8  # sat and brute, 16 checks, a few seconds of work
    local = {(r.claim, r.n, r.method): r.status
             for r in check(CLAIM, up_to=up_to, jobs=2).results}
    db = tmp_path / "r.sqlite"
    cancelled: dict[str, str] = {}
    with slurm_workers(2, tmp_path / "logs") as (cluster, client):
        job_of = {name: job.job_id for name, job in cluster.workers.items()}
        assert all(_queued(j) for j in job_of.values())

        def scancel_a_busy_worker_job(result) -> None:
            if cancelled:
                return
            names = {a: w["name"] for a, w in client.scheduler_info()["workers"].items()}
            for address, keys in client.processing().items():
                if keys and address in names:  # a worker in the middle of a check
                    job = job_of[names[address]]
                    subprocess.run(["scancel", job], check=True)
                    cancelled[job] = address
                    return

        report = check(CLAIM, up_to=up_to, executor="dask", db=str(db),
                       scheduler=cluster.scheduler_address,
                       on_result=scancel_a_busy_worker_job)
        assert cancelled, "no worker was busy when the first result came back"
        (job, address), = cancelled.items()
        _wait_gone(job)
        assert address not in client.scheduler_info()["workers"]
    shown = [(r.n, r.method, r.status, r.reason, r.worker) for r in report.results]
    assert {(r.claim, r.n, r.method): r.status for r in report.results} == local, shown
    rows = _rows(db)
    counts = _once_each(rows)
    assert set(counts) == set(local) and set(counts.values()) == {1}, counts
    assert {r[-1] for r in rows} == {"dask"}
    survivor = {r.worker for r in report.results} - {address}
    assert len(survivor) == 1  # the other job's worker ran the rest


def test_a_client_job_cancelled_with_scancel_loses_nothing_and_a_rerun_completes_it(
        node, tmp_path):
    first, last = 3, 13  # sat from 3 (no vacuous sizes, which a rerun retries): ~8 s
    wanted = {(CLAIM, n, "sat") for n in range(first, last + 1)}
    local = {(r.claim, r.n, r.method): r.status
             for r in check(CLAIM, from_n=first, up_to=last, methods="sat", jobs=1).results}
    assert set(local) == wanted
    db = tmp_path / "c.sqlite"
    with slurm_workers(1, tmp_path / "logs") as (cluster, _client):
        argv = [sys.executable, "-m", "cgsat", "check", CLAIM, "--method", "sat",
                "--from", str(first), "--up-to", str(last), "--executor", "dask",
                "--scheduler", cluster.scheduler_address, "--db", str(db), "--json"]

        def sbatch(name: str, *extra: str) -> subprocess.CompletedProcess:
            return subprocess.run(["sbatch", "--parsable", "-J", name, "-c", "1",
                                   "-o", str(tmp_path / f"{name}.out"),
                                   "-e", str(tmp_path / f"{name}.err"), *extra,
                                   "--wrap", shlex.join(argv)], cwd=tmp_path,
                                  capture_output=True, text=True, timeout=600, check=False)

        submitted = sbatch("cgsat-client")
        assert submitted.returncode == 0, submitted.stderr
        job = submitted.stdout.strip().split(";")[0]
        deadline = time.monotonic() + 180
        while len(_rows(db)) < 3:  # let it store a few results, then cancel it
            assert _queued(job), (tmp_path / "cgsat-client.err").read_text()
            assert time.monotonic() < deadline, "the client job stored nothing in 180 s"
            time.sleep(0.1)
        subprocess.run(["scancel", job], check=True)
        _wait_gone(job)
        before = _rows(db)
        assert 3 <= len(before) < len(wanted), f"not cancelled mid-sweep: {len(before)} rows"
        assert set(_once_each(before).values()) == {1}
        assert {r[4] for r in before} == {"holds"}

        rerun = sbatch("cgsat-rerun", "--wait")  # the same command, to its end
        out = (tmp_path / "cgsat-rerun.out").read_text()
        assert rerun.returncode == 0, (tmp_path / "cgsat-rerun.err").read_text()
    after = _rows(db)
    assert after[:len(before)] == before  # nothing already stored is lost or changed
    counts = _once_each(after)
    assert set(counts) == wanted and set(counts.values()) == {1}, counts
    assert {(c, n, m): s for _, c, n, m, s, *_ in after} == local
    results = json.loads(out)["results"]
    reused = {(r["claim"], r["n"], r["method"]) for r in results if r["reused"]}
    assert reused == {r[1:4] for r in before}  # the rerun ran only the rest
