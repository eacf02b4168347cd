"""``--executor local``: a pool of forked worker processes on this machine (pebble).

PySAT's CaDiCaL cannot be interrupted in-process (it holds the GIL), so a call over its
timeout is stopped by killing its worker process (pebble starts a new one), and so is a
cancelled call that is running. A :class:`cgsat.engine.memory.Watcher` thread reads the
resident memory of each busy worker and kills one over the limit; the workers announce
which call they run in an array they share with this process (``_SLOTS``, set before the
fork). Workers die with this process (``PR_SET_PDEATHSIG``). Each worker leads a session of
its own: the processes a call starts (MONA, an external solver and its children) are ended
with the call's worker when it times out, dies or is stopped, and by a supervisor when this
process is killed (:mod:`cgsat.engine.executors.reaper`); stale temporary folders of
external programs are removed when a pool starts.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError, as_completed
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from cgsat.engine import memory
from cgsat.engine.executors import reaper
from cgsat.engine.executors.base import Call, Outcome
from cgsat.engine.executors.worker import init_worker, run_watched, worker_name
from cgsat.engine.result import Why

__all__ = ["LocalExecutor"]

# Call i's worker pid while it runs (shared with the forked workers; see memory.Watcher).
_SLOTS: Any = None


def _in_slot(slot: int, limit: int | None, fn: Callable[..., Any],
             args: tuple[Any, ...]) -> tuple[Any, float | None, str]:
    """In a worker: run one call, announcing it in ``_SLOTS[slot]`` to the watcher; its
    value, its peak memory (MiB) and the worker's name."""
    if _SLOTS is not None:
        _SLOTS[slot] = os.getpid()
    try:
        value, peak = run_watched(fn, args, limit)
    finally:
        if _SLOTS is not None:
            _SLOTS[slot] = 0
    return value, peak, worker_name()


class LocalExecutor:
    """A :class:`pebble.ProcessPool` of ``workers`` forked processes, with a
    :class:`memory.Watcher` over them (enforcing ``limit``), for at most ``size`` calls.

    Examples
    --------
    >>> from cgsat.engine.executors.base import Call
    >>> ex = LocalExecutor(1, 1)
    >>> out = ex.outcome(ex.submit(Call(pow, (2, 10), "p")))
    >>> out.value, out.why, out.worker != ""
    (1024, None, True)
    >>> ex.close()
    """

    name = "local"
    remote = False  # forked from this process: the same code

    def __init__(self, workers: int, size: int, limit: int | None = None) -> None:
        from pebble import ProcessPool  # heavy (~45 ms), needed only when some call runs

        global _SLOTS
        context = multiprocessing.get_context("fork")
        _SLOTS = context.RawArray("q", max(1, size))  # before the fork: the workers share it
        self.workers = workers
        self.limit = limit
        reaper.sweep()  # the folders of programs a killed run left
        fd = reaper.shared()  # before any thread of ours: it starts a process
        self.watcher = memory.Watcher(_SLOTS, limit).start()
        self.slots: dict[Any, int] = {}
        # workers whose call did not end (a timeout, a death, a cancellation) -> that call's
        # slot: their sessions are ended (:meth:`_reap`)
        self.ended: dict[int, int | None] = {}
        self.pool = ProcessPool(max_workers=workers, context=context,
                                initializer=init_worker, initargs=(os.getpid(), fd))

    def submit(self, call: Call) -> Any:
        slot = len(self.slots)
        fut = self.pool.schedule(_in_slot, args=(slot, self.limit, call.fn, call.args),
                                 timeout=call.timeout)
        self.slots[fut] = slot
        return fut

    def as_completed(self, handles: list[Any]) -> Iterator[Any]:
        return as_completed(handles)

    def outcome(self, handle: Any) -> Outcome:
        from pebble import ProcessExpired  # heavy (~45 ms), needed only when some call ran

        slot = self.slots[handle]
        seen = self.watcher.peak_mb(slot)
        try:
            value, peak, worker = handle.result()
            # the check's own peak (over the worker's baseline); the watcher's, the whole
            # worker's RSS, only where the worker could not measure it
            out = Outcome(value, peak_rss_mb=peak if peak is not None else seen, worker=worker)
        except FutureTimeout:
            out = Outcome(why=Why.TIMEOUT, peak_rss_mb=seen)
        except CancelledError:
            out = Outcome(why=Why.CANCELLED)
        except ProcessExpired as exc:
            why, reason = memory.death_reason(exc.exitcode, self.limit,
                                              self.watcher.killed.get(exc.pid))
            out = Outcome(why=why, reason=reason, peak_rss_mb=seen)
        finally:
            worker_pid = _SLOTS[slot]
            _SLOTS[slot] = 0  # a killed worker could not clear it
        if out.why is not None and worker_pid:  # killed: end what its call started
            self.ended[worker_pid] = slot
        self._reap()
        return out

    def _reap(self) -> None:
        """End the sessions of the workers whose call did not end (a timeout, a death, a
        cancellation): every process in them but a worker still alive (the pool ends it;
        ending it here would break the pool), again until the worker is gone, or until it
        is seen to have left that call (a call cancelled as it ended: the pool then keeps
        the worker, which ended what its call left itself, and whatever runs in its session
        now belongs to its next call, never to be ended here)."""
        for pid, slot in sorted(self.ended.items()):
            leader = reaper.alive(pid)
            if leader and slot is not None and _SLOTS is not None and _SLOTS[slot] != pid:
                del self.ended[pid]  # the worker left the call: its session is its own
                continue
            reaper.end_session(pid, spare_leader=leader)
            if not leader:
                del self.ended[pid]

    def _busy(self) -> list[int]:
        """The workers running a call now."""
        return [pid for pid in _SLOTS if pid] if _SLOTS is not None else []

    def _end_sessions(self, pids: list[int]) -> None:
        """After the pool is joined (every worker gone): end the sessions of the workers
        that were busy, and of those whose call did not end."""
        self.ended.update((pid, None) for pid in pids + self._busy())
        self._reap()

    def stop(self) -> None:
        busy = self._busy()
        self.watcher.stop()
        self.pool.stop()
        self.pool.join()
        self._end_sessions(busy)

    def close(self) -> None:
        busy = self._busy()
        self.watcher.stop()
        self.pool.close()
        self.pool.join()
        self._end_sessions(busy)
