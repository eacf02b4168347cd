"""Probes (``cgsat probe``): data about open problems, computed size by size and stored.

A probe is a record (:class:`Probe`), defined beside the claims it feeds in
``verify/papers/<paper>/probes.py`` and registered in :mod:`cgsat.papers.registry`.
Its ``size(n)`` computes the table rows of exactly size ``n`` (plain JSON values); its
``table`` combines the sizes ``base..N`` into the table written to CSV and JSON; its
``summary`` gives a few Markdown lines; its ``plot`` draws on a matplotlib axis.

Results go into the results store (:mod:`cgsat.engine.store`) keyed like claims: claim
``probe.<name>``, n, method ``direct``, solver ``""`` and the fingerprint of the code behind
``size`` (:func:`cgsat.engine.fingerprint.callable_fingerprint`). A size's rows are the
JSON list in the run's ``detail``; its status is ``holds``, meaning "computed completely"
(a size that was interrupted is not stored). A stored size is reused unless ``force``, so
an interrupted probe resumes at its first missing size.

The sizes to compute are computed here, one after the other (``executor`` ``"local"``), or
by any ``compute`` function handed to :func:`run_probe`, such as :func:`compute_on`'s, which
hands each size to an executor (:mod:`cgsat.engine.executors`: ``--executor dask``, one task
per size, :func:`size_task`): either way the results come back to :func:`run_probe`, which
alone stores them, once per size, each with the executor and worker that computed it.

Rule tests (candidate rules checked by SAT past the data, issue 14) are claims of their own,
run by ``cgsat check``; a probe names them in ``rules``.
"""

from __future__ import annotations

import json
import os
import socket
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from cgsat import __version__
from cgsat.engine.executors.base import Call, completed, open_executor
from cgsat.engine.fingerprint import callable_fingerprint
from cgsat.engine.provenance import source_commit
from cgsat.engine.store import Row, Store
from cgsat.errors import CgsatInputError
from cgsat.probes import Probe, Sizes, TableRow

METHOD = "direct"

__all__ = ["METHOD", "Probe", "ProbeRun", "SizeResult", "Sizes", "TableRow", "compute_here",
           "compute_on", "probe_fingerprint", "reached", "run_probe", "size_task",
           "stored_sizes"]


def probe_fingerprint(probe: Probe) -> str:
    """The fingerprint of a probe's stored sizes: the code behind its ``size`` function."""
    return callable_fingerprint(probe.size)


UP_TO_LIMITS = {
    "tree-p-counts": 18,
    "timber-reductions": 9,
}
"""The largest ``--up-to`` of the probes whose record sets none (issue 26: ``--up-to
99999999999999999999`` ran into gigabytes). Measured one size at a time on 2 cores shared
with other CPU-bound work: ``tree-p-counts`` 15 took 12 s, 16 47 s, 17 66 s and 173 MB
(each size about 2.3 times the trees of the one before), so 18 takes minutes and 20 about
an hour; ``timber-reductions`` 8 took 35 s and 220 MB, 9 135 s and 762 MB, so 10 would
take about 10 minutes and 3 GB. Each limit stays 10 times below an hour's run. Kept here,
not in the probes' records, so that their fingerprints (and stored data) stand."""


def largest_up_to(probe: Probe) -> int | None:
    """The largest ``--up-to`` ``probe`` accepts: its record's, else :data:`UP_TO_LIMITS`."""
    return probe.max_up_to if probe.max_up_to is not None else UP_TO_LIMITS.get(probe.name)


def check_up_to(probe: Probe, up_to: int | None) -> int:
    """``up_to`` (the default for None) if ``probe`` accepts it, else bad input.

    Examples
    --------
    >>> from cgsat.papers.registry import get_probe
    >>> try:
    ...     check_up_to(get_probe("timber-reductions"), 10)
    ... except CgsatInputError as exc:
    ...     print(str(exc)[:50])
    probe timber-reductions: --up-to must be at most 9
    """
    n = probe.check_up_to(up_to)
    top = largest_up_to(probe)
    if top is not None and n > top:
        raise CgsatInputError(f"probe {probe.name}: --up-to must be at most {top} "
                              f"({probe.up_to}), got {n}")
    return n

@dataclass
class ProbeRun:
    """What :func:`run_probe` did: the rows per size, seconds per size (as stored), and
    the sizes reused from the store."""

    probe: Probe
    up_to: int
    sizes: Sizes = field(default_factory=dict)
    seconds: dict[int, float | None] = field(default_factory=dict)
    reused: list[int] = field(default_factory=list)

    def table(self) -> list[TableRow]:
        return self.probe.table(self.sizes, self.up_to)


def stored_sizes(probe: Probe, store: Store) -> tuple[Sizes, dict[int, float | None]]:
    """The sizes of ``probe`` in the store under its current fingerprint (rows, seconds)."""
    lane = store.lane(probe.claim_id, METHOD, "", probe_fingerprint(probe))
    sizes: Sizes = {}
    seconds: dict[int, float | None] = {}
    for n, current in sorted(lane.items()):
        if current.row.status == "holds" and current.row.detail is not None:
            sizes[n] = json.loads(current.row.detail)
            seconds[n] = current.row.seconds
    return sizes, seconds


def reached(probe: Probe, sizes: Sizes) -> int | None:
    """The largest N such that every size ``base..N`` is present, or None."""
    n = probe.base
    while n in sizes:
        n += 1
    return n - 1 if n > probe.base else None


@dataclass
class SizeResult:
    """One computed size of a probe, as an executor hands it back."""

    n: int
    rows: list[TableRow]
    seconds: float
    fingerprint: str
    executor: str
    worker: str


Compute = Callable[[Probe, list[int]], Iterable[SizeResult]]


def compute_here(probe: Probe, sizes: list[int]) -> Iterator[SizeResult]:
    """The local executor of probes: each size in turn, in this process.

    The probes are those of the papers' ``probes.py``.

    Examples
    --------
    >>> from cgsat.papers.registry import get_probe
    >>> [(r.n, r.executor) for r in compute_here(get_probe("toppling-uniqueness"), [1, 2])]
    [(1, 'local'), (2, 'local')]
    """
    fingerprint = probe_fingerprint(probe)
    worker = f"{socket.gethostname()}/{os.getpid()}"
    for n in sizes:
        start = time.perf_counter()
        rows = probe.size(n)
        yield SizeResult(n, rows, time.perf_counter() - start, fingerprint, "local", worker)


def size_task(name: str, n: int) -> tuple[list[TableRow], float, str]:
    """Compute size ``n`` of the registered probe ``name`` in a worker: its rows, seconds
    and the fingerprint of the code that computed them. The probes are those of the papers'
    ``probes.py``; this function decides nothing.

    Examples
    --------
    >>> rows, seconds, fingerprint = size_task("toppling-uniqueness", 2)
    >>> len(rows) > 0 and seconds >= 0 and len(fingerprint) > 8
    True
    """
    from cgsat.papers.registry import get_probe  # loads every paper: only in a worker

    probe = get_probe(name)
    start = time.perf_counter()
    rows = probe.size(n)
    return rows, time.perf_counter() - start, probe_fingerprint(probe)


def compute_on(executor: str, scheduler: str | None) -> Compute:
    """The ``compute`` of :func:`run_probe` on ``executor`` (checked by
    :func:`cgsat.engine.executors.base.check_executor`): :func:`compute_here` for
    ``"local"``; for ``"dask"``, every missing size is a task on the cluster at
    ``scheduler`` (it connects only when a size is missing), its results handed back as
    they complete.

    Examples
    --------
    >>> compute_on("local", None) is compute_here, callable(compute_on("dask", "tcp://h:1"))
    (True, True)
    """
    if executor == "local":
        return compute_here

    def compute(probe: Probe, sizes: list[int]) -> Iterator[SizeResult]:
        if not sizes:
            return
        backend = open_executor(executor, scheduler, 1, len(sizes))
        try:
            handles = {backend.submit(Call(size_task, (probe.name, n),
                                           key=f"probe-{probe.name}-{n}")): n for n in sizes}
            for handle in completed(backend, list(handles)):
                n, out = handles[handle], backend.outcome(handle)
                if out.why is not None:  # its workers kept dying
                    raise RuntimeError(f"probe {probe.name} size {n}: "
                                       f"{out.reason or out.why.value}")
                rows, seconds, fingerprint = out.value
                yield SizeResult(n, rows, seconds, fingerprint, backend.name,
                                 out.worker or "")
        except BaseException:
            backend.stop()
            raise
        backend.close()

    return compute


def run_probe(probe: Probe, up_to: int, store: Store, force: bool = False,
              progress: Callable[[int, float | None, bool], None] | None = None,
              compute: Compute | None = None) -> ProbeRun:
    """Compute (or reuse) every size ``base..up_to`` of ``probe``, storing each as it ends.

    ``progress(n, seconds, reused)`` is called after each size (the reused ones first).
    ``compute`` (default :func:`compute_here`) computes the missing sizes and hands them
    back in any order; each is stored once, and a size computed by code with another
    fingerprint is refused (bad input: the workers run another cgsat).
    """
    fingerprint = probe_fingerprint(probe)
    stored, stored_seconds = ({}, {}) if force else stored_sizes(probe, store)
    out = ProbeRun(probe, up_to)
    commit = source_commit()
    missing = []
    for n in range(probe.base, up_to + 1):
        if n in stored:
            out.sizes[n], out.seconds[n] = stored[n], stored_seconds[n]
            out.reused.append(n)
            if progress is not None:
                progress(n, out.seconds[n], True)
        else:
            missing.append(n)
    for res in (compute or compute_here)(probe, missing):
        if res.n in out.sizes or res.n not in missing:
            continue  # handed back twice (a retried task): stored once
        if res.fingerprint != fingerprint:
            raise CgsatInputError(
                f"probe {probe.name}: size {res.n} was computed by other code (fingerprint "
                f"{res.fingerprint[:12]}, here {fingerprint[:12]}) on {res.worker}")
        store.put(Row(probe.claim_id, res.n, METHOD, "", __version__, "holds", res.seconds,
                      detail=json.dumps(res.rows), fingerprint=fingerprint,
                      git_commit=commit, executor=res.executor, worker=res.worker))
        out.sizes[res.n], out.seconds[res.n] = res.rows, res.seconds
        if progress is not None:
            progress(res.n, res.seconds, False)
    return out
