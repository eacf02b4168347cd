"""Every process a check starts ends with it (issue 38, defect 3): worker sessions and a
supervisor that outlives ``kill -9``.

A check runs in a worker process (:mod:`.local`, or a Dask worker's sandbox,
:mod:`.sandbox`); the external programs it starts (MONA, an external SAT solver behind a
wrapper script, the DRAT checker) are the worker's children, and theirs. The worker makes
itself the leader of a session of its own when it starts (:func:`lead_session`), and every
program it starts stays in that session (MONA gets a process group of its own inside it,
:mod:`cgsat.automata.mona`; a program that calls ``setsid`` itself leaves it, and is not
followed). A session is ended as a whole (:func:`end_session`): every process in it gets
SIGKILL, and the temporary folders they used (``cgsat-ext-*``, ``cgsat-mona-*``) are
removed. It is ended

- by the worker itself after every call, for whatever the call left running (an external
  solver's wrapper killed at the solver's own timeout leaves its children):
  :func:`end_others`;
- by the executor when a call times out, its worker dies or is killed (memory, a
  cancellation), and when the executor stops (Ctrl-C, SIGTERM, an error) or closes;
- by the supervisor when cgsat itself is killed (SIGKILL, which no handler sees): a small
  process of its own session (:func:`main`, started by :func:`shared`) holds the read end of
  a pipe whose write end only cgsat and its workers hold; each worker registers its session
  there when it starts. When the pipe closes (cgsat and its workers are gone; the workers
  die with cgsat by ``PR_SET_PDEATHSIG``), the supervisor ends every registered session,
  removes the stale folders, and exits.

Temporary folders a killed process left behind are also removed when an executor starts
(:func:`sweep`): a ``cgsat-ext-*`` or ``cgsat-mona-*`` folder in the temporary directory that
no process uses (as its working directory, an open file or an argument) and that has not
changed for :data:`STALE_SECONDS`.

Linux only (``/proc``); elsewhere every function here does nothing.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterable

__all__ = ["PREFIXES", "STALE_SECONDS", "alive", "end_others", "end_session", "lead_session",
           "main", "members", "register", "shared", "supported", "sweep"]

PREFIXES = ("cgsat-ext-", "cgsat-mona-")
"""The temporary folders of external programs (:mod:`cgsat.sat.external`,
:mod:`cgsat.automata.mona`)."""

STALE_SECONDS = 60.0
"""A temporary folder unused and unchanged for this long, at an executor's start, is
stale (a folder in use by another run is always in use or recent)."""

GONE_SECONDS = 3.0
"""How long :func:`end_session` waits for the processes it killed to go."""

_PROC = "/proc"
_LED = False  # this process made itself a session leader (lead_session)
_SHARED: tuple[int, subprocess.Popen[bytes]] | None = None
_LOCK = threading.Lock()


def supported() -> bool:
    """Whether sessions can be followed here (Linux ``/proc``).

    Examples
    --------
    >>> supported() == os.path.isdir("/proc/self/task")
    True
    """
    return sys.platform.startswith("linux") and os.path.isdir(f"{_PROC}/self/task")


def _stat(pid: int | str) -> tuple[str, int, int, int] | None:
    """(state, process group, session, start time) of ``pid``, None if it is gone."""
    try:
        with open(f"{_PROC}/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return fields[0], int(fields[2]), int(fields[3]), int(fields[19])
    except (OSError, ValueError, IndexError):
        return None


def start_time(pid: int) -> int | None:
    """The start time of ``pid`` (clock ticks after boot), None if it is gone."""
    st = _stat(pid)
    return None if st is None else st[3]


def members(sid: int, born: int | None = None) -> list[int]:
    """The live processes of this user in session ``sid`` (never this process): with
    ``born``, only when the session's leader, if it still runs, started at ``born`` (a pid
    used again by another session is not that session).

    Examples
    --------
    >>> members(os.getsid(0)) == [] or os.getpid() not in members(os.getsid(0))
    True
    """
    if not supported():
        return []
    if born is not None:
        leader = _stat(sid)
        if leader is not None and leader[3] != born and leader[0] != "Z":
            return []
    me, uid, out = os.getpid(), os.getuid(), []
    for entry in os.listdir(_PROC):
        if not entry.isdigit() or int(entry) == me:
            continue
        st = _stat(entry)
        if st is None or st[2] != sid or st[0] in "ZX":
            continue
        try:
            if os.stat(f"{_PROC}/{entry}").st_uid != uid:
                continue
        except OSError:
            continue
        out.append(int(entry))
    return out


def _folders_of(pids: Iterable[int]) -> set[str]:
    """The temporary folders (:data:`PREFIXES`) that the processes ``pids`` use: as working
    directory, open file or argument."""
    root = os.path.realpath(tempfile.gettempdir())
    found: set[str] = set()

    def note(path: str) -> None:
        path = os.path.realpath(path) if os.path.isabs(path) else path
        if os.path.dirname(path) == root and os.path.basename(path).startswith(PREFIXES):
            found.add(path)
        parent = os.path.dirname(path)
        if os.path.dirname(parent) == root and os.path.basename(parent).startswith(PREFIXES):
            found.add(parent)

    for pid in pids:
        try:
            note(os.readlink(f"{_PROC}/{pid}/cwd"))
            for fd in os.listdir(f"{_PROC}/{pid}/fd"):
                try:
                    note(os.readlink(f"{_PROC}/{pid}/fd/{fd}"))
                except OSError:
                    continue
            with open(f"{_PROC}/{pid}/cmdline", "rb") as f:
                for arg in f.read().split(b"\0"):
                    if arg.startswith(b"/"):
                        note(arg.decode(errors="replace"))
        except OSError:
            continue
    return found


def _kill_all(pids: Iterable[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def _wait_gone(pids: list[int], seconds: float = GONE_SECONDS) -> None:
    end = time.monotonic() + seconds
    while pids and time.monotonic() < end:
        pids = [p for p in pids if (_stat(p) or ("X",))[0] not in "ZX"]
        if pids:
            time.sleep(0.02)


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie does not).

    Examples
    --------
    >>> alive(os.getpid())
    True
    """
    st = _stat(pid)
    return st is not None and st[0] not in "ZX"


def end_session(sid: int, born: int | None = None, spare_leader: bool = False) -> int:
    """End session ``sid`` (a worker's): SIGKILL every process in it (but its leader, the
    worker, with ``spare_leader``: its pool ends it), then remove the temporary folders they
    used. Never this process's own session. The number of processes ended.

    Examples
    --------
    >>> end_session(os.getsid(0))
    0
    """
    if not supported() or sid <= 1 or sid == os.getsid(0):
        return 0
    pids = [p for p in members(sid, born) if not (spare_leader and p == sid)]
    if not pids:
        return 0
    folders = _folders_of(pids)
    _kill_all(pids)
    if not spare_leader:
        try:
            os.killpg(sid, signal.SIGKILL)  # the leader's group, should a member have left
        except (ProcessLookupError, PermissionError):
            pass
    _wait_gone(pids)
    for path in folders:
        shutil.rmtree(path, ignore_errors=True)
    return len(pids)


def lead_session(reaper_fd: int | None = None) -> None:
    """In a worker as it starts: lead a session of its own (what it starts stays in it),
    and register that session with the supervisor (the write end ``reaper_fd`` of its
    pipe, inherited through the fork)."""
    global _LED
    if not supported():
        return
    if os.getsid(0) != os.getpid():
        os.setsid()
    _LED = True
    if reaper_fd is not None:
        register(os.getpid(), reaper_fd)


def end_others() -> int:
    """In a worker that leads its session (:func:`lead_session`): end every other process
    of it (what the call just run left behind). Elsewhere (a call run in the caller's
    process) nothing: the caller's session is not cgsat's to end."""
    if not _LED or os.getsid(0) != os.getpid():
        return 0
    pids = members(os.getpid())
    if not pids:
        return 0
    folders = _folders_of(pids)
    _kill_all(pids)
    _wait_gone(pids)
    for path in folders:
        shutil.rmtree(path, ignore_errors=True)
    return len(pids)


def sweep(age: float = STALE_SECONDS) -> list[str]:
    """Remove the stale temporary folders (module docstring); the paths removed."""
    if not supported():
        return []
    root = tempfile.gettempdir()
    try:
        names = [n for n in os.listdir(root) if n.startswith(PREFIXES)]
    except OSError:
        return []
    if not names:
        return []
    mine = [int(e) for e in os.listdir(_PROC) if e.isdigit()]
    used = _folders_of(mine)
    now, removed = time.time(), []
    for name in names:
        path = os.path.realpath(os.path.join(root, name))
        if path in used or not os.path.isdir(path) or os.path.islink(path):
            continue
        try:
            if os.stat(path).st_uid != os.getuid():
                continue
            newest = max([os.stat(path).st_mtime] + [e.stat().st_mtime
                                                     for e in os.scandir(path)])
        except OSError:
            continue
        if now - newest >= age:
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


def register(pid: int, fd: int | None = None) -> None:
    """Tell the supervisor (``fd``: the write end of its pipe; default: this process's
    :func:`shared` one) to end session ``pid`` should cgsat be killed."""
    if not supported():
        return
    if fd is None:
        fd = shared()
    born = start_time(pid)
    if fd is None or born is None:
        return
    try:
        os.write(fd, f"+{pid} {born}\n".encode())
    except OSError:  # the supervisor is gone: nothing more to do here
        pass


def shared() -> int | None:
    """The write end of the pipe to this process's supervisor, started on first use (None
    where sessions cannot be followed, or the supervisor cannot start)."""
    global _SHARED
    if not supported():
        return None
    with _LOCK:
        if _SHARED is None or _SHARED[1].poll() is not None:
            try:
                proc = subprocess.Popen([sys.executable, "-S", "-c", _BOOT, __file__],
                                        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                        start_new_session=True)
            except OSError:
                return None
            assert proc.stdin is not None
            _SHARED = (proc.stdin.fileno(), proc)
        return _SHARED[0]


# The supervisor runs this file by path (``python -S``, no import of cgsat: it starts fast
# and cannot be changed under it by an edit of the package).
_BOOT = ("import runpy, sys; runpy.run_path(sys.argv[1], run_name='cgsat_reaper')"
         "['main']()")


def main() -> None:
    """The supervisor: read registrations (``+PID START``) from stdin; at its end, end every
    registered session and sweep the stale folders (``age`` 0 for those the sessions used,
    the usual age for the others)."""
    for sig in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM):
        signal.signal(sig, signal.SIG_IGN)  # only the end of the pipe ends it
    sessions: dict[int, int] = {}
    for line in sys.stdin.buffer:
        words = line.split()
        if len(words) == 2 and words[0].startswith(b"+"):
            try:
                sessions[int(words[0][1:])] = int(words[1])
            except ValueError:
                continue
    for sid, born in sessions.items():
        end_session(sid, born)
    sweep()
