"""``cgsat probe NAME --executor dask --scheduler ADDRESS``: a probe's sizes as Dask tasks.

One task computes one size of a probe (:func:`probe_size_task`) on a Dask worker and hands
its rows back, with the fingerprint of the code that computed them and the worker's
address; the client (:func:`cgsat.engine.probe.run_probe`) stores each size as it arrives,
once, and never a size computed by other code. Probes have no timeout (as with the local
executor), so a task runs in its worker's thread; a worker that dies has its sizes run
again elsewhere by Dask.
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Iterator
from typing import Any

from cgsat.engine.executors.dask import DaskExecutor
from cgsat.engine.probe import Compute, Probe, SizeResult, probe_fingerprint
from cgsat.papers.registry import get_probe


def probe_size_task(name: str, n: int) -> dict[str, Any]:
    """Compute size ``n`` of the probe ``name``: rows, seconds, fingerprint and worker.

    Examples
    --------
    >>> out = probe_size_task("toppling-uniqueness", 2)
    >>> sorted(out) == ["fingerprint", "rows", "seconds", "worker"] and len(out["rows"]) > 0
    True

    References
    ----------
    The probes are those of the papers' ``probes.py`` (here the Toppling Conjectures'
    uniqueness probe, Fink, Nowakowski, Siegel, Wolfe); this function decides nothing.
    """
    probe = get_probe(name)
    start = time.perf_counter()
    rows = probe.size(n)
    seconds = time.perf_counter() - start
    try:
        from distributed import get_worker  # optional dependency, present on a Dask worker

        worker = get_worker().address
    except (ImportError, ValueError):  # not in a Dask worker (a doctest, a direct call)
        worker = f"{socket.gethostname()}/{os.getpid()}"
    return {"rows": rows, "seconds": seconds, "fingerprint": probe_fingerprint(probe),
            "worker": worker}


def compute_on_dask(scheduler: str) -> Compute:
    """The ``compute`` of :func:`cgsat.engine.probe.run_probe` for the Dask cluster at
    ``scheduler``: every missing size is a task; results come back as they complete.

    Examples
    --------
    >>> compute = compute_on_dask("tcp://127.0.0.1:8786")  # connects only when it runs
    >>> callable(compute)
    True

    References
    ----------
    Runs the probes of the papers' ``probes.py``; it decides nothing itself.
    """

    def compute(probe: Probe, sizes: list[int]) -> Iterator[SizeResult]:
        if not sizes:
            return
        executor = DaskExecutor(scheduler)
        try:
            tasks = {executor.submit_call(probe_size_task, probe.name, n,
                                          key=f"probe-{probe.name}-{n}"): n for n in sizes}
            for fut in executor.as_completed(list(tasks)):
                out = fut.result()  # a task whose workers kept dying raises KilledWorker
                yield SizeResult(tasks[fut], out["rows"], out["seconds"], out["fingerprint"],
                                 "dask", out["worker"])
        finally:
            executor.close()

    return compute
