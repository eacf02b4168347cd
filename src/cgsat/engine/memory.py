"""Memory limits and peak memory of the checks ``cgsat check`` runs (``--memory-limit``).

User documentation: docs/reference.md, "Size limits" and ``cgsat check``.

How a limit is enforced, and why so
-----------------------------------
The limit is on *resident* memory (RSS): the RAM a check really occupies, which is what
takes a machine down. It counts the worker process that runs the check and every process
it starts (a DRAT checker), and it includes the pages the forked worker shares with the
runner (Python, cgsat and the claims, about 60-100 MB): the figure ``ps`` and ``top`` show.

- The runner watches its workers from a thread (:class:`Watcher`): every
  :data:`POLL_SECONDS` it reads each running check's RSS from ``/proc`` and kills a worker
  over the limit with SIGKILL. Its check is ``unknown`` with reason ``memory: over 2 GB``.
- A limit on the address space (``RLIMIT_AS``) alone would not do: it counts *virtual*
  memory, which numpy and solvers reserve far beyond what they use. Measured on cgsat's
  workers (Linux, 2 cores): a worker with the claims loaded has 204 MB of address space for
  62 MB resident; importing numpy alone reserves 139 MB for 25 MB resident (its OpenBLAS
  threads reserve per core, so on a 64-core machine gigabytes); and Conjecture 22 at
  length 18 grows both by about 30 MB. So the address space is limited only as a backstop
  against an allocation too fast for the watcher: to what the worker had when the check
  started plus *twice* the limit (:func:`begin`). An allocation that fails there is a
  ``MemoryError`` (reason ``memory: allocation failed under 2 GB``); a solver's C++
  ``std::bad_alloc`` aborts the worker, and a worker that dies by SIGABRT, SIGBUS or SIGSEGV
  under a limit is reported as ``memory`` too (:func:`death_reason`).
- The peak memory of a check (``peak_rss_mb``, in MiB) is the check's own: the increase of
  the worker's high-water mark (``VmHWM``, reset at the start of each check through
  ``/proc/self/clear_refs``) over the worker's resident memory when the check started (its
  baseline: Python, cgsat, and whatever earlier checks in that worker left, such as the
  direct solver's caches), plus the peak of any program it ran during the check. So a tiny
  check after a big one in the same worker reports a small number (issue 26: it reported
  the worker's 342 MB). For a check that was killed (over the limit, or at its timeout) it
  is the largest RSS the watcher saw, the worker's whole RSS, which is what the limit
  measures. The limit itself is on the whole RSS: a check may not take the machine down
  whatever its worker held before.

The default limit is :func:`default_limit`: 80 % of the machine's memory shared among the
worker processes (``--jobs``), so that the workers together leave the machine a fifth of
its RAM. ``--memory-limit none`` turns the limit off. Limits and peaks need Linux
(``/proc``); elsewhere the default is no limit and an explicit one is refused.

This module is not part of any method's fingerprint: nothing that decides a verdict
imports it.
"""

from __future__ import annotations

import ctypes
import math
import os
import re
import resource
import signal
import threading
from collections.abc import Callable, Sequence

from cgsat.engine.result import Why
from cgsat.errors import CgsatInputError

__all__ = ["DEFAULT_FRACTION", "POLL_SECONDS", "Watcher", "active_limit", "begin", "death_reason",
           "default_limit", "end", "format_bytes", "machine_memory", "memory_reason", "parse_limit",
           "resolve_limit", "supported", "tree_rss"]

POLL_SECONDS = 0.05
"""How often the watcher reads the workers' memory."""

DEFAULT_FRACTION = 0.8
"""The share of the machine's memory the workers of one run may use together by default."""

_UNITS = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
_SIZE = re.compile(r"^\s*([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*([KMGT])(?:I?B)?\s*$", re.IGNORECASE)
_PROC = "/proc"
_CRASH_SIGNALS = (signal.SIGABRT, signal.SIGBUS, signal.SIGSEGV)


def supported() -> bool:
    """Whether limits and peaks can be measured here (Linux ``/proc``).

    Examples
    --------
    >>> supported() in (True, False)
    True
    """
    return os.path.exists(os.path.join(_PROC, "self", "statm"))


def parse_limit(text: str) -> int | None:
    """Bytes of a ``--memory-limit`` value (``2G``, ``500M``, ``1.5G``), None for ``none``.

    Units are binary (K = 1024 bytes, M = 1024 K, ...), with an optional ``B`` or ``iB``;
    a unit is required, so that ``--memory-limit 2000`` is not 2000 bytes by mistake.

    Examples
    --------
    >>> parse_limit("2G"), parse_limit("500m"), parse_limit("1.5GiB"), parse_limit("none")
    (2147483648, 524288000, 1610612736, None)
    >>> try:
    ...     parse_limit("2000")
    ... except CgsatInputError as exc:
    ...     print(str(exc)[-10:])
    got '2000'
    """
    if text.strip().lower() == "none":
        return None
    m = _SIZE.match(text)
    if not m:
        raise CgsatInputError(f"--memory-limit: expected a size with a unit such as 2G or "
                              f"500M, or none, got {text!r}")
    number = float(m.group(1)) * _UNITS[m.group(2).upper()]
    if not math.isfinite(number) or number > 1 << 60:
        raise CgsatInputError(f"--memory-limit: at most 1048576T (or none for no limit), got "
                              f"{text!r}")
    value = int(number)
    if value < 1 << 20:
        raise CgsatInputError(f"--memory-limit: at least 1M, got {text!r}")
    return value


def format_bytes(value: int) -> str:
    """A limit for people: ``2 GB``, ``500 MB`` (binary units, as :func:`parse_limit`).

    Examples
    --------
    >>> format_bytes(2 << 30), format_bytes(500 << 20), format_bytes(1610612736)
    ('2 GB', '500 MB', '1.5 GB')
    """
    for unit in ("T", "G", "M", "K"):
        if value >= _UNITS[unit]:
            return f"{value / _UNITS[unit]:.3g} {unit}B"
    return f"{value} B"


def machine_memory() -> int | None:
    """The machine's RAM in bytes (``MemTotal``), or None where it cannot be read.

    Examples
    --------
    >>> m = machine_memory()
    >>> m is None or m > 0
    True
    """
    try:
        with open(os.path.join(_PROC, "meminfo")) as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def default_limit(jobs: int | None) -> int | None:
    """The limit per check when ``--memory-limit`` is not given: 80 % of the machine's RAM
    divided by the number of workers (``jobs``, default the core count); None off Linux.

    Examples
    --------
    >>> lim = default_limit(2)
    >>> lim is None or lim == int(0.8 * machine_memory() / 2)
    True
    """
    total = machine_memory()
    if total is None or not supported():
        return None
    return int(DEFAULT_FRACTION * total / max(1, jobs or os.cpu_count() or 1))


def resolve_limit(value: int | str | None, jobs: int | None) -> int | None:
    """The limit in bytes from ``check``'s ``memory_limit``: ``"auto"`` (the default,
    :func:`default_limit`), None or ``"none"`` (no limit), bytes, or a size text.

    Examples
    --------
    >>> resolve_limit("none", 2), resolve_limit(None, 2), resolve_limit("64M", 2)
    (None, None, 67108864)
    """
    if isinstance(value, str) and value == "auto":
        return default_limit(jobs)
    if value is None:
        return None
    if isinstance(value, str):
        limit = parse_limit(value)
    elif isinstance(value, int) and not isinstance(value, bool) and value >= 1 << 20:
        limit = value
    else:
        raise CgsatInputError(f"--memory-limit: expected bytes (at least 1M), a size such as "
                              f"2G, or none, got {value!r}")
    if limit is not None and not supported():
        raise CgsatInputError("--memory-limit needs Linux (/proc) to measure memory")
    return limit


def _statm_pages(pid: int | str) -> tuple[int, int] | None:
    try:
        with open(os.path.join(_PROC, str(pid), "statm")) as f:
            size, resident = f.read().split()[:2]
        return int(size), int(resident)
    except (OSError, ValueError):
        return None


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        for tid in os.listdir(os.path.join(_PROC, str(pid), "task")):
            with open(os.path.join(_PROC, str(pid), "task", tid, "children")) as f:
                out += [int(c) for c in f.read().split()]
    except (OSError, ValueError):
        pass
    return out


def tree_rss(pid: int) -> int | None:
    """Resident bytes of process ``pid`` and its descendants, or None if it is gone.

    Examples
    --------
    >>> rss = tree_rss(os.getpid())
    >>> rss is None or rss > 0
    True
    """
    own = _statm_pages(pid)
    if own is None:
        return None
    total, stack, seen = own[1], _children(pid), {pid}
    while stack:
        child = stack.pop()
        if child in seen:
            continue
        seen.add(child)
        pages = _statm_pages(child)
        if pages is not None:
            total += pages[1]
            stack += _children(child)
    return total * _PAGE


# --- in the worker ------------------------------------------------------------------------

_TASK: dict[str, int] = {}
_LIMIT: list[int | None] = [None]  # the limit of the check running in this worker


def active_limit() -> int | None:
    """The memory limit (bytes) of the check running in this worker (:func:`begin`), or
    None: what a check that ran out of memory reports (:func:`memory_reason`)."""
    return _LIMIT[0]


def begin(limit: int | None) -> None:
    """At the start of a check in a worker: reset the peak, and set the address-space
    backstop (the address space now plus twice ``limit``; see the module docstring).

    Examples
    --------
    >>> begin(None); peak = end(); peak is None or peak >= 0
    True
    """
    _TASK.clear()
    _LIMIT[0] = limit
    if not supported():
        return
    try:
        with open(os.path.join(_PROC, "self", "clear_refs"), "w") as f:
            f.write("5")  # reset VmHWM, the peak resident set
    except OSError:
        pass
    _TASK["children"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    now = _statm_pages("self")
    if now is not None:
        _TASK["base_kb"] = now[1] * _PAGE // 1024  # the baseline the peak is counted from
    if limit is not None:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        pages = _statm_pages("self")
        if pages is not None:
            cap = pages[0] * _PAGE + 2 * limit
            if hard != resource.RLIM_INFINITY:
                cap = min(cap, hard)
            resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
            _TASK["soft"] = soft


def end() -> float | None:
    """At the end of a check in a worker: lift the backstop, hand freed memory back to the
    system, and return the check's peak resident memory in MiB (None off Linux): the
    increase of the worker's peak over its resident memory at :func:`begin`, plus the peak
    of any program the check ran.

    Examples
    --------
    >>> keep = []
    >>> begin(None); keep.append(b"x" * (64 << 20)); big = end()
    >>> begin(None); small = end()
    >>> big is None or (big >= 60 and small < 10)
    True
    """
    if "soft" in _TASK:
        resource.setrlimit(resource.RLIMIT_AS,
                           (_TASK.pop("soft"), resource.getrlimit(resource.RLIMIT_AS)[1]))
    if not supported():
        return None
    peak_kb = 0
    try:
        with open(os.path.join(_PROC, "self", "status")) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    peak_kb = int(line.split()[1])
    except (OSError, ValueError):
        return None
    peak_kb = max(0, peak_kb - _TASK.get("base_kb", 0))
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if children > _TASK.get("children", 0):  # a program run during this check (kB)
        peak_kb += children
    _trim()
    return round(peak_kb / 1024, 1)


def _trim() -> None:
    """glibc's ``malloc_trim(0)``: give the heap freed by the check back to the system, so
    that the next check in this worker starts small."""
    try:
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):
        pass


def memory_reason(limit: int | None, killed_rss: int | None = None) -> str:
    """The reason of a check that ran out of memory.

    Examples
    --------
    >>> memory_reason(2 << 30, 3 << 30), memory_reason(2 << 30), memory_reason(None)
    ('memory: over 2 GB', 'memory: allocation failed under 2 GB', 'memory: allocation failed')
    """
    if killed_rss is not None and limit is not None:
        return f"memory: over {format_bytes(limit)}"
    if limit is not None:
        return f"memory: allocation failed under {format_bytes(limit)}"
    return "memory: allocation failed"


def death_reason(exitcode: int | None, limit: int | None,
                 killed_rss: int | None) -> tuple[Why, str]:
    """Why a worker died during a check (pebble's ``ProcessExpired``), and the reason.

    Killed by the watcher: over the limit. Killed by SIGKILL otherwise: the kernel's
    out-of-memory killer. Under a limit, SIGABRT (an uncaught ``std::bad_alloc``), SIGBUS
    or SIGSEGV (an unchecked failed ``malloc``): an allocation that failed at the backstop.
    Each of these is :attr:`Why.MEMORY`; any other death is :attr:`Why.DIED`.

    Examples
    --------
    >>> death_reason(-9, 2 << 30, 3 << 30)[1], death_reason(-9, None, None)[1]
    ('memory: over 2 GB', 'memory: killed by the system (out of memory)')
    >>> death_reason(-6, 1 << 30, None)[1], death_reason(-6, None, None)
    ('memory: worker died (SIGABRT) under 1 GB', (<Why.DIED: 'died'>, 'worker died (exit -6)'))
    """
    if killed_rss is not None:
        return Why.MEMORY, memory_reason(limit, killed_rss)
    if exitcode in (-signal.SIGKILL, 128 + signal.SIGKILL):
        return Why.MEMORY, "memory: killed by the system (out of memory)"
    if limit is not None and exitcode is not None and -exitcode in _CRASH_SIGNALS:
        return Why.MEMORY, (f"memory: worker died ({signal.Signals(-exitcode).name}) under "
                            f"{format_bytes(limit)}")
    return Why.DIED, f"worker died (exit {exitcode})"


# --- in the runner ------------------------------------------------------------------------


class Watcher:
    """A thread of the runner that watches the memory of the checks in progress.

    ``slots`` is an array shared with the (forked) workers: a worker writes its pid into
    slot ``i`` when it starts check ``i`` and 0 when it is done. Every :data:`POLL_SECONDS`
    the watcher reads the RSS of each busy worker and its descendants, keeps the largest per
    slot (:attr:`peaks`) and, with a ``limit``, kills a worker over it (:attr:`killed`: pid
    -> the RSS seen).

    Examples
    --------
    >>> w = Watcher([0, 0], None); w.poll(); w.peaks
    {}
    """

    def __init__(self, slots: Sequence[int], limit: int | None,
                 kill: Callable[[int, int], None] = os.kill) -> None:
        self.slots = slots
        self.limit = limit
        self.kill = kill
        self.peaks: dict[int, int] = {}
        self.killed: dict[int, int] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def poll(self) -> None:
        """One look at every busy slot."""
        for i in range(len(self.slots)):
            pid = self.slots[i]
            if pid <= 0 or pid in self.killed:
                continue
            rss = tree_rss(pid)
            if rss is None:
                continue
            self.peaks[i] = max(self.peaks.get(i, 0), rss)
            if self.limit is not None and rss > self.limit and self.slots[i] == pid:
                self.killed[pid] = rss
                try:
                    self.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass

    def _loop(self) -> None:
        while not self._stop.wait(POLL_SECONDS):
            self.poll()

    def start(self) -> Watcher:
        if supported():
            self._thread = threading.Thread(target=self._loop, name="cgsat-memory",
                                            daemon=True)
            self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def peak_mb(self, slot: int) -> float | None:
        """The largest RSS seen for check ``slot``, in MiB, or None."""
        peak = self.peaks.get(slot)
        return None if peak is None else round(peak / (1 << 20), 1)
