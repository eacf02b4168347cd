"""A trial load of the user's claims files (``--claims FILE``) in a child process, under
the time and memory budget of a check, before the command loads them (issue 38, item 9).

A claims file is the user's Python code, run when it is imported. A file that loops at
import would hang ``list``, ``check`` and ``report``; one that calls ``sys.exit(0)`` would
end them with exit 0 and no output, which looks like success; one that allocates without
end would take the machine's memory. So the files are first imported by a child forked
from the command (which has loaded nothing of the user's yet), in its own process group,
which is killed when it passes the budget: the command's ``--timeout`` and ``--memory-limit`` where
it has them (``check``), else a check's defaults (:data:`DEFAULT_SECONDS`, and the default
memory limit of :func:`cgsat.engine.memory.default_limit`). Only files that load there are
loaded by the command. Every failure is one line naming the file, exit 2
(:class:`~cgsat.errors.CgsatInputError`).

The child's standard input, output and error are /dev/null (a file that prints does so
again when the command loads it). It reports on a pipe of its own, one line per event:
``loading PATH``, then ``ok`` or ``error MESSAGE``. The memory limit is on what loading
adds to the child's resident memory over the command's own at the fork (the child starts
as a copy of it: a command that is already large, a test process, must not fail a small
file). It dies with its parent (``PR_SET_PDEATHSIG``), so a
SIGKILL of cgsat leaves no file looping on.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import time
from collections.abc import Sequence

from cgsat.errors import CgsatInputError

__all__ = ["DEFAULT_SECONDS", "POLL_SECONDS", "trial_load"]

DEFAULT_SECONDS = 60.0
"""The time budget of a trial load where the command has no ``--timeout`` (``list``,
``report``): the default ``--timeout`` of a check."""
POLL_SECONDS = 0.05
"""How often the child's memory and state are read."""

_PR_SET_PDEATHSIG = 1
_PAGE = os.sysconf("SC_PAGE_SIZE")


def _die_with_parent() -> None:  # pragma: no cover - runs in the child
    """In the child: SIGKILL when the parent dies (Linux)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass


class _Child:
    """The forked child: its pid, and its exit code once it has ended (``poll``)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def kill_group(self) -> None:
        """End the child and every process it started (its own process group). The child
        itself is killed by pid too: on a loaded machine it may not have reached its
        ``setsid`` yet, and then there is no group of that id (the wait would block)."""
        for kill in (os.killpg, os.kill):
            try:
                kill(self.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        if self.returncode is None:
            _, status = os.waitpid(self.pid, 0)
            self.returncode = os.waitstatus_to_exitcode(status)


def _tree_rss(pid: int) -> int | None:
    """Resident bytes of process ``pid`` and its descendants (Linux ``/proc``), None if it
    is gone or cannot be read; the measure of :func:`cgsat.engine.memory.tree_rss`, which
    this layer does not import."""
    total, stack, seen = 0, [pid], set()
    while stack:
        p = stack.pop()
        if p in seen:
            continue
        seen.add(p)
        try:
            with open(f"/proc/{p}/statm") as f:
                total += int(f.read().split()[1]) * _PAGE
            with open(f"/proc/{p}/task/{p}/children") as f:
                stack += [int(c) for c in f.read().split()]
        except (OSError, ValueError, IndexError):
            if p == pid:
                return None
    return total


def _megabytes(n: int) -> str:
    """``300 MB``, ``2 GB`` (binary units, as ``--memory-limit`` reads them)."""
    return f"{n / 2**30:.3g} GB" if n >= 2**30 else f"{n / 2**20:.3g} MB"


def _last_file(report: str, paths: Sequence[str]) -> str:
    """The file the child was loading when it stopped (from its ``loading`` lines)."""
    loading = [line[len("loading "):] for line in report.splitlines()
               if line.startswith("loading ")]
    return loading[-1] if loading else paths[0]


def trial_load(paths: Sequence[str], seconds: float | None = None,
               memory: int | None = None) -> None:
    """Import ``paths`` in a child process first; return if they load there within
    ``seconds`` (default :data:`DEFAULT_SECONDS`) and ``memory`` bytes of resident memory
    more than this process had at the fork (None: no limit), else raise
    :class:`CgsatInputError` naming the file.

    Examples
    --------
    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "ends.py")
    >>> with open(path, "w") as f:
    ...     _ = f.write("import sys\\nsys.exit(0)\\n")
    >>> try:
    ...     trial_load([path])
    ... except CgsatInputError as exc:
    ...     print(str(exc).split(": ", 1)[1])
    the file calls sys.exit(0) when it is imported; a claims file should only define CLAIMS
    """
    seconds = DEFAULT_SECONDS if seconds is None else seconds
    from cgsat.user import load  # noqa: F401 - before the fork, so the child starts warm

    # the child starts as a copy of this process: the budget is what loading adds to it
    inherited = (_tree_rss(os.getpid()) or 0) if memory is not None else 0
    read_fd, write_fd = os.pipe()
    for stream in (sys.stdout, sys.stderr):  # nothing buffered is written twice
        if stream is not None:
            stream.flush()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 4
        try:
            os.close(read_fd)
            os.setsid()  # its own process group: killed whole
            _die_with_parent()
            null = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(null, fd)
            code = _child(write_fd, paths)
        finally:
            os._exit(code)
    os.close(write_fd)
    proc = _Child(pid)
    os.set_blocking(read_fd, False)
    chunks: list[bytes] = []
    why = None
    try:
        started = time.monotonic()
        while proc.poll() is None:
            _drain(read_fd, chunks)
            if time.monotonic() - started > seconds:
                why = f"did not finish loading within {seconds:g} s (the time budget of a check)"
                break
            rss = _tree_rss(proc.pid) if memory is not None else None
            if memory is not None and rss is not None and rss - inherited > memory:
                why = (f"took more than {_megabytes(memory)} of memory while loading (the "
                       "memory budget of a check)")
                break
            time.sleep(POLL_SECONDS)
    finally:
        if proc.poll() is None:
            proc.kill_group()
        _drain(read_fd, chunks)
        os.close(read_fd)
    report = b"".join(chunks).decode("utf-8", "replace")
    lines = report.splitlines()
    if why is not None:
        raise CgsatInputError(f"--claims {_last_file(report, paths)}: {why}; a claims file "
                              "should only define CLAIMS")
    if lines and lines[-1] == "ok" and proc.returncode == 0:
        return
    errors = [line for line in lines if line.startswith("error ")]
    if errors:
        raise CgsatInputError(errors[-1][len("error "):])
    code = proc.returncode
    how = (f"was killed by {signal.Signals(-code).name}" if code is not None and code < 0
           else f"ended with exit code {code}")
    raise CgsatInputError(f"--claims {_last_file(report, paths)}: the process loading it "
                          f"{how} (did the file end the process, e.g. os._exit?)")


def _drain(fd: int, chunks: list[bytes]) -> None:
    while True:
        try:
            data = os.read(fd, 65536)
        except BlockingIOError:
            return
        if not data:
            return
        chunks.append(data)


def _child(fd: int, paths: Sequence[str]) -> int:  # pragma: no cover - in the child
    """Load each file, reporting on ``fd``: ``loading PATH`` before each file, then
    ``ok`` or ``error MESSAGE`` (one line)."""
    from cgsat.user.load import check_ids, load_file  # load imports the kit: only here

    out = os.fdopen(fd, "w", buffering=1)
    claims = []
    files: list[str] = []
    for path in paths:
        out.write(f"loading {path}\n")
        try:
            loaded = load_file(path)
            claims.extend(loaded)
            files.extend([path] * len(loaded))
        except CgsatInputError as exc:
            out.write(f"error {_one_line(str(exc))}\n")
            return 2
        except SystemExit as exc:
            out.write(f"error --claims {path}: the file calls sys.exit({exc.code!r}) when "
                      "it is imported; a claims file should only define CLAIMS\n")
            return 2
        except BaseException as exc:  # noqa: BLE001 - the user's code: one line
            out.write(f"error --claims {path}: {type(exc).__name__} at import: "
                      f"{_one_line(str(exc))}\n")
            return 2
    try:
        check_ids(claims, files)  # a clash names both files
    except CgsatInputError as exc:
        out.write(f"error {_one_line(str(exc))}\n")
        return 2
    out.write("ok\n")
    return 0


def _one_line(text: str) -> str:
    return " ".join(text.split("\n"))


