"""``cgsat check --executor dask --scheduler ADDRESS``: the checks on a Dask cluster.

User documentation: docs/cluster.md and docs/reference.md ("cgsat check").

Dask distributed is an optional dependency (``pip install "cgsat[dask]"``), imported only
when this executor runs. Each :class:`~cgsat.engine.executors.base.Call` (a check, a probe's
size, a search of one length) is one Dask task (:func:`run_task`), with a key unique to the
run; the client (:func:`cgsat.engine.runner.run_checks`, :func:`cgsat.engine.probe.run_probe`,
:func:`cgsat.engine.executors.base.map_calls`) collects the results as they complete and
alone writes the store. Dask reruns the tasks of a worker that
dies on another worker (up to ``distributed.scheduler.allowed-failures`` times, then the
check is "unknown: worker died", retried by the next run); the client hands on each
(claim, n, method) once, so nothing is lost or stored twice.

Timeouts: a task runs its call in a :class:`cgsat.engine.executors.sandbox.Sandbox`, a child
process of the worker, killed when the check runs past ``--timeout`` (the Dask worker
stays); the sandbox is also killed when it goes over ``--memory-limit`` (``auto``: each
worker's machine's memory shared among its threads). A check cancelled while it runs (a
smaller size was refuted, or timed out) runs on to its end or its timeout on the worker,
since Dask does not stop a running task; its
result is then dropped, as the local executor drops it.
"""

from __future__ import annotations

import socket
import threading
import uuid
from dataclasses import replace
from typing import Any

from cgsat.engine import memory
from cgsat.engine.executors.base import Call, Outcome
from cgsat.engine.executors.sandbox import Sandbox
from cgsat.engine.executors.worker import worker_name
from cgsat.engine.result import Why
from cgsat.errors import CgsatInputError

__all__ = ["CONNECT_TIMEOUT", "run_task", "DaskExecutor"]

CONNECT_TIMEOUT = 10
"""Seconds to reach the scheduler: a reachable one answers in well under a second, and
an unreachable or wrong address must end in one line within 20 s (issue 26)."""

_LOCAL = threading.local()  # one sandbox per worker thread


def run_task(call: Call, limit: int | str | None = None) -> Outcome:
    """The Dask task of one call: run it in this thread's sandbox, name the worker.

    ``limit`` is the memory limit in bytes (None: none), or ``"auto"``: 80 % of this Dask
    worker's own memory limit (dask-jobqueue sets it to the job's memory divided by its
    workers) divided by its threads, or without one, this machine's default
    (:func:`cgsat.engine.memory.default_limit` over the worker's threads).

    Returns the call's :class:`Outcome` (:meth:`Sandbox.run`); its ``worker`` is the Dask
    worker's address (the sandbox's ``host/pid`` outside a Dask worker). It decides nothing
    itself: the call runs a registered claim's method.

    Examples
    --------
    >>> from cgsat.claims import Budget
    >>> from cgsat.engine.task import run_check
    >>> out = run_task(Call(run_check, ("lumberjack.tuft", "mex", 2, Budget(), True), "t"))
    >>> out.value.verdict.status, "/" in out.worker
    ('holds', True)
    >>> _LOCAL.sandbox.close()
    """
    from distributed import get_worker  # optional dependency, present on a Dask worker

    try:
        here = get_worker()
        worker, threads = here.address, here.state.nthreads
        own = getattr(getattr(here, "memory_manager", None), "memory_limit", None)
    except ValueError:  # not in a Dask worker (a doctest, a direct call)
        worker, threads, own = None, 1, None
    if limit == "auto":
        limit = (int(memory.DEFAULT_FRACTION * own / max(1, threads)) if own
                 else memory.default_limit(threads))
    box = getattr(_LOCAL, "sandbox", None)
    if box is None:
        box = _LOCAL.sandbox = Sandbox()
    out = box.run(call.fn, call.args, limit if not isinstance(limit, str) else None,
                  call.timeout)
    return replace(out, worker=worker or out.worker or worker_name())


def _check_address(scheduler: str) -> None:
    """An input error, at once, for a scheduler address Dask cannot read (no port, no
    host, spaces): Dask would otherwise take a minute to fail and print a traceback.

    Examples
    --------
    >>> _check_address("tcp://127.0.0.1:8786")
    >>> try:
    ...     _check_address("not a url")
    ... except CgsatInputError as exc:
    ...     print(str(exc)[:50])
    --scheduler 'not a url': not a Dask scheduler addr
    """
    from distributed.comm.addressing import parse_address, parse_host_port  # optional dep

    try:
        scheme, location = parse_address(scheduler)
        if scheme in ("tcp", "tls", "ws", "wss"):
            host, port = parse_host_port(location)
            if not host or any(ch.isspace() for ch in host) or not 0 < int(port) < 65536:
                raise ValueError(f"bad host or port in {location!r}")
    except (ValueError, TypeError) as exc:
        raise CgsatInputError(f"--scheduler {scheduler!r}: not a Dask scheduler address "
                              f"such as tcp://host:8786 ({exc})") from None


def _check_reachable(scheduler: str, timeout: float) -> None:
    """An input error, at once, when nothing listens at a ``tcp://`` scheduler address.

    A refused connection is a definite answer, yet Dask's client retries it until its
    connect timeout ends (10 s), which on a loaded machine, after the start-up of the
    command itself, ran past the 20 s an unreachable scheduler is given (issue 36: 20.7 s
    with two other CPU-bound processes). One plain TCP connection (within ``timeout``)
    answers first; other schemes (tls, ws) are left to Dask.

    Examples
    --------
    >>> try:
    ...     _check_reachable("tcp://127.0.0.1:1", 5)
    ... except CgsatInputError as exc:
    ...     print(str(exc)[:62])
    --scheduler tcp://127.0.0.1:1: cannot connect to a Dask schedu
    """
    from distributed.comm.addressing import parse_address, parse_host_port  # optional dep

    scheme, location = parse_address(scheduler)
    if scheme != "tcp":
        return
    host, port = parse_host_port(location)
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as exc:
        raise CgsatInputError(f"--scheduler {scheduler}: cannot connect to a Dask "
                              f"scheduler ({exc.strerror or exc})") from None


class DaskExecutor:
    """``--executor dask``: the checks as tasks of the Dask scheduler at ``scheduler``.

    Examples
    --------
    >>> try:
    ...     DaskExecutor("tcp://127.0.0.1:1", connect_timeout=1)
    ... except CgsatInputError as exc:
    ...     print(str(exc)[:62])
    --scheduler tcp://127.0.0.1:1: cannot connect to a Dask schedu
    """

    name = "dask"
    remote = True  # a worker may run another cgsat: results carry their fingerprint

    def __init__(self, scheduler: str, limit: int | str | None = None,
                 connect_timeout: float = CONNECT_TIMEOUT) -> None:
        try:
            import distributed  # optional dependency: pip install "cgsat[dask]"
        except ImportError:
            raise CgsatInputError('--executor dask needs Dask distributed: pip install '
                                  '"cgsat[dask]"') from None
        self._distributed = distributed
        self.limit = limit
        _check_address(scheduler)
        _check_reachable(scheduler, connect_timeout)
        try:
            self.client = distributed.Client(scheduler, timeout=connect_timeout,
                                             set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise CgsatInputError(f"--scheduler {scheduler}: cannot connect to a Dask "
                                  f"scheduler ({exc})") from None
        info = self.client.scheduler_info()
        self.workers = max(1, sum(w.get("nthreads", 1) for w in info["workers"].values()))
        self.run_id = uuid.uuid4().hex[:12]
        self.submitted = 0

    def submit(self, call: Call) -> Any:
        self.submitted += 1
        # earlier submissions first (as the local pool), retried elsewhere if a worker dies
        return self.client.submit(run_task, call, self.limit, pure=False,
                                  key=f"cgsat-{self.run_id}-{call.key}",
                                  priority=-self.submitted)

    def as_completed(self, handles: list[Any]) -> Any:
        return self._distributed.as_completed(handles, loop=self.client.loop)

    def outcome(self, handle: Any) -> Outcome:
        if handle.cancelled():
            return Outcome(why=Why.CANCELLED)
        try:
            out: Outcome = handle.result()
        except self._distributed.KilledWorker as exc:  # its workers died again and again
            return Outcome(why=Why.DIED, reason=f"worker died (exit Dask KilledWorker: {exc})")
        except self._distributed.client.FutureCancelledError:
            return Outcome(why=Why.CANCELLED)
        return out

    def stop(self) -> None:
        self.client.close()

    def close(self) -> None:
        self.client.close()
