"""The one interface of the executors: where work runs in another process.

Every executor (:class:`~cgsat.engine.executors.local.LocalExecutor`, a pool of forked
worker processes here; :class:`~cgsat.engine.executors.dask.DaskExecutor`, the tasks of a
Dask cluster, each run in a killable child of its worker) runs :class:`Call` s: a
module-level function, its arguments, a timeout and a memory limit. It hands each back as
an :class:`Outcome`: the function's value, or why there is none (a timeout, memory, a
worker that died, a cancellation), with the peak memory and the worker that ran it. An
exception the function raises is raised by :meth:`Executor.outcome`.

What runs is the caller's business: a check (:func:`cgsat.engine.task.run_check`, by the
runner), one size of a probe (:func:`cgsat.engine.probe.size_task`), one length of a
search (:func:`cgsat.search.query.run_query`, by ``cgsat find --max-length --jobs``).
:func:`check_executor` checks the options that choose an executor, for every command;
:func:`open_executor` opens the one they choose; :func:`map_calls` runs calls and returns
their values in order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cgsat.engine.result import Why
from cgsat.errors import CgsatInputError

__all__ = [
    "EXECUTORS",
    "Call",
    "Outcome",
    "Executor",
    "check_executor",
    "open_executor",
    "completed",
    "map_calls",
]

EXECUTORS = ("local", "dask")


@dataclass(frozen=True)
class Call:
    """One unit of work for an executor.

    Attributes
    ----------
    fn : callable
        A module-level function (it is pickled to the workers by reference).
    args : tuple
        Its arguments (pickled).
    key : str
        A name unique among the calls of one run (a Dask task's key ends with it).
    timeout : float or None
        Seconds before the worker running it is killed (None: no timeout).
    """

    fn: Callable[..., Any]
    args: tuple[Any, ...]
    key: str
    timeout: float | None = None


@dataclass(frozen=True)
class Outcome:
    """What an executor hands back for one :class:`Call`.

    Attributes
    ----------
    value : object
        What the function returned; None when it did not end (then ``why`` says why).
    why : Why or None
        :attr:`Why.TIMEOUT`, :attr:`Why.MEMORY`, :attr:`Why.DIED` or
        :attr:`Why.CANCELLED` when the call did not end, else None.
    reason : str or None
        Why, in words, for a worker that died (memory, a signal, Dask's KilledWorker).
    peak_rss_mb : float or None
        The call's peak resident memory in MiB: the larger of the worker's own measure
        and what the executor's watcher saw (None when not measured).
    worker : str or None
        Where it ran: ``host/pid`` of a local worker, a Dask worker's address.
    """

    value: Any = None
    why: Why | None = None
    reason: str | None = None
    peak_rss_mb: float | None = None
    worker: str | None = None


class Executor(Protocol):
    """Runs :class:`Call` s in other processes (``name``: ``"local"`` or ``"dask"``).

    A handle is a future (``done()``, ``cancel()``); :meth:`as_completed` yields handles
    as their calls end, possibly one handle more than once (a Dask task run again after its
    worker died): the caller hands each call on once.
    """

    name: str
    workers: int
    remote: bool
    """Whether its workers may run other code than this process (another machine's cgsat):
    a check run there hands back the fingerprint of the code that ran it."""

    def submit(self, call: Call) -> Any:
        """Start ``call``; a handle to it."""
        ...

    def as_completed(self, handles: list[Any]) -> Iterable[Any]:
        """The handles, as their calls end."""
        ...

    def outcome(self, handle: Any) -> Outcome:
        """The :class:`Outcome` of an ended call; raises what the call raised."""
        ...

    def stop(self) -> None:
        """Stop every call now (Ctrl-C, bad input) and release the workers."""
        ...

    def close(self) -> None:
        """Release the workers once every call has ended."""
        ...


def check_executor(executor: str, scheduler: str | None, jobs: int | None = None) -> None:
    """Bad input unless ``executor`` is ``local`` (no scheduler) or ``dask`` (with one, and
    no ``jobs``: a Dask cluster runs one task per worker thread).

    The one check of these options, for ``cgsat check``, ``find`` and ``probe``.

    Examples
    --------
    >>> check_executor("local", None, 2)
    >>> check_executor("dask", None)
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: --executor dask needs --scheduler ADDRESS (tcp://host:8786)
    """
    if executor not in EXECUTORS:
        raise CgsatInputError(f"--executor: expected local or dask, got {executor!r}")
    if executor == "dask" and not scheduler:
        raise CgsatInputError("--executor dask needs --scheduler ADDRESS (tcp://host:8786)")
    if executor == "local" and scheduler:
        raise CgsatInputError("--scheduler is for --executor dask")
    if executor == "dask" and jobs is not None:
        raise CgsatInputError("--jobs is for --executor local (a Dask cluster runs one "
                              "task per worker thread)")


def open_executor(executor: str, scheduler: str | None, workers: int, calls: int,
                  limit: int | str | None = None) -> Executor:
    """The executor the options chose (checked by :func:`check_executor`).

    Parameters
    ----------
    executor : {"local", "dask"}
    scheduler : str or None
        The Dask scheduler's address.
    workers : int
        Worker processes of the local executor.
    calls : int
        How many calls at most will be submitted (the local executor's slots).
    limit : int, "auto" or None
        Resident memory per call in bytes; ``"auto"`` (Dask only): each worker's default.
    """
    if executor == "dask":
        from cgsat.engine.executors.dask import DaskExecutor  # optional dependency, lazily

        return DaskExecutor(scheduler or "", limit)
    from cgsat.engine.executors.local import LocalExecutor  # pebble: ~45 ms, lazily

    return LocalExecutor(workers, calls, limit if not isinstance(limit, str) else None)


def completed(backend: Executor, handles: Sequence[Any]) -> Iterator[Any]:
    """``backend.as_completed(handles)``, each handle once.

    Examples
    --------
    >>> class Twice:
    ...     def as_completed(self, handles):
    ...         return [h for h in handles for _ in range(2)]
    >>> list(completed(Twice(), ["a", "b"]))
    ['a', 'b']
    """
    seen: set[int] = set()
    for handle in backend.as_completed(list(handles)):
        if id(handle) not in seen:  # never hand on one call twice
            seen.add(id(handle))
            yield handle


def map_calls(backend: Executor, calls: Sequence[Call]) -> list[Any]:
    """The values of ``calls`` run on ``backend``, in the order of ``calls``; the executor
    is closed afterwards (stopped if a call raised or did not end).

    A call that did not end (its worker died, Dask gave up on it) raises RuntimeError.

    Examples
    --------
    >>> from cgsat.engine.executors.local import LocalExecutor
    >>> map_calls(LocalExecutor(2, 2), [Call(len, ("ab",), "a"), Call(abs, (-3,), "b")])
    [2, 3]
    """
    try:
        handles = {backend.submit(call): i for i, call in enumerate(calls)}
        values: list[Any] = [None] * len(calls)
        for handle in completed(backend, list(handles)):
            out = backend.outcome(handle)
            if out.why is not None:
                call = calls[handles[handle]]
                raise RuntimeError(f"{call.key}: {out.reason or out.why.value}")
            values[handles[handle]] = out.value
    except BaseException:
        backend.stop()
        raise
    backend.close()
    return values
