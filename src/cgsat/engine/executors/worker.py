"""The worker side of every executor: what runs in the process that runs a call.

A local worker process (:mod:`.local`) and a Dask worker's sandbox (:mod:`.sandbox_server`)
both start with :func:`init_worker` (die with the process that started them) and run each
call through :func:`run_watched` (its memory limit and its peak resident memory).
"""

from __future__ import annotations

import ctypes
import os
import signal
import socket
import sys
from collections.abc import Callable
from typing import Any

from cgsat.engine import memory
from cgsat.engine.executors import reaper

__all__ = ["PR_SET_PDEATHSIG", "init_worker", "worker_name", "run_watched"]

PR_SET_PDEATHSIG = 1


def init_worker(parent: int, reaper_fd: int | None = None) -> None:
    """Worker initializer: die with ``parent`` (SIGKILL when it dies, even by kill -9), and
    lead a session of its own, registered with the supervisor at ``reaper_fd``, so that
    everything the worker's calls start can be ended with it
    (:func:`cgsat.engine.executors.reaper.lead_session`)."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)
    reaper.lead_session(reaper_fd)


def worker_name() -> str:
    """``host/pid`` of this process: the ``worker`` of a call run here.

    Examples
    --------
    >>> worker_name().endswith(f"/{os.getpid()}")
    True
    """
    return f"{socket.gethostname()}/{os.getpid()}"


def run_watched(fn: Callable[..., Any], args: tuple[Any, ...],
                limit: int | None) -> tuple[Any, float | None]:
    """``fn(*args)`` under the memory ``limit`` (bytes, or None); its value and its peak
    resident memory in MiB over the worker's memory when the call started
    (:func:`cgsat.engine.memory.begin` and ``end``). In a worker that leads its session,
    every process the call left running is ended afterwards
    (:func:`cgsat.engine.executors.reaper.end_others`).

    Examples
    --------
    >>> value, peak = run_watched(sum, ([1, 2],), None)
    >>> value, peak is None or peak >= 0
    (3, True)
    """
    memory.begin(limit)
    try:
        value = fn(*args)
    finally:
        peak = memory.end()
        reaper.end_others()  # what the call left running (in a worker's own session)
    return value, peak
