"""A child process that runs checks for a Dask worker, so that a timeout can kill it.

PySAT's CaDiCaL holds the GIL and cannot be interrupted, and a Dask task is a thread of its
worker: a check over its timeout can only be stopped by killing the process that runs it.
The Dask task therefore hands each call (a check, a probe's size, a search of one length) to a
:class:`Sandbox`, a long-lived child process (:mod:`cgsat.engine.executors.sandbox_server`)
started once per worker thread, which runs it as a local worker process does
(:func:`cgsat.engine.executors.worker.run_watched`). On a timeout
the sandbox is killed (SIGKILL) and the next check starts a fresh one; the Dask worker
itself lives on. Starting a process per check would cost the import of cgsat and its claims
(about half a second) every time; the sandbox pays it once. The sandbox is a fresh
interpreter, not a daemonic process as a Dask worker is, so what it runs may start processes
of its own (the model counter of ``cgsat find --count`` does).

The protocol is one pickled message per request and per answer, each preceded by its
length (8 bytes, big-endian), on the child's stdin and stdout; the child's own prints go
to stderr. The child sets ``PR_SET_PDEATHSIG``, so it dies with its Dask worker, and leads
a session of its own, which is ended with it (what its checks started, such as MONA or an
external solver, goes too; :mod:`cgsat.engine.executors.reaper`).

Memory: while a check runs, a :class:`cgsat.engine.memory.Watcher` of the Dask worker
watches the sandbox (and what it starts) and kills it over the limit, as the local runner
does its workers; the check is then "unknown" with reason ``memory: over …``.
"""

from __future__ import annotations

import os
import pickle
import select
import subprocess
import sys
import time
from collections.abc import Callable
from typing import IO, Any, BinaryIO

import cgsat
from cgsat.engine import memory
from cgsat.engine.executors import reaper
from cgsat.engine.executors.base import Outcome
from cgsat.engine.result import Why

__all__ = ["READY_TIMEOUT", "SandboxTimeout", "write_message", "read_message", "Sandbox"]

READY_TIMEOUT = 300.0  # seconds for a new sandbox to import cgsat (a loaded machine)
_HEADER = 8


class SandboxTimeout(Exception):
    """No answer from the sandbox before the deadline."""


def write_message(stream: IO[bytes], message: Any) -> None:
    """Write one length-prefixed pickle to ``stream`` and flush it.

    Examples
    --------
    >>> import io
    >>> buf = io.BytesIO(); write_message(buf, ("ok", 3)); buf.seek(0)
    0
    >>> read_message(buf)
    ('ok', 3)
    """
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(len(data).to_bytes(_HEADER, "big") + data)
    stream.flush()


def read_message(stream: BinaryIO) -> Any:
    """Read one length-prefixed pickle from a blocking ``stream``; EOFError at its end.

    Examples
    --------
    >>> import io
    >>> read_message(io.BytesIO(b""))
    Traceback (most recent call last):
    ...
    EOFError: the stream ended
    """
    head = stream.read(_HEADER)
    if len(head) < _HEADER:
        raise EOFError("the stream ended")
    size = int.from_bytes(head, "big")
    data = stream.read(size)
    if len(data) < size:
        raise EOFError("the stream ended")
    return pickle.loads(data)


def _read_exact(fd: int, size: int, deadline: float) -> bytes:
    """``size`` bytes from the pipe ``fd`` by ``deadline`` (time.monotonic)."""
    chunks: list[bytes] = []
    left = size
    while left:
        wait = deadline - time.monotonic()
        if wait <= 0 or not select.select([fd], [], [], wait)[0]:
            raise SandboxTimeout()
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            raise EOFError("the sandbox closed its output")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _read_by(fd: int, deadline: float) -> Any:
    size = int.from_bytes(_read_exact(fd, _HEADER, deadline), "big")
    return pickle.loads(_read_exact(fd, size, deadline))


class Sandbox:
    """A long-lived child process running checks (one per Dask worker thread).

    Examples
    --------
    >>> from cgsat.claims import Budget
    >>> from cgsat.engine.task import run_check
    >>> box = Sandbox()
    >>> out = box.run(run_check, ("lumberjack.tuft", "mex", 2, Budget(), True), None, 60)
    >>> out.value.verdict.status, out.value.fingerprint != "", out.peak_rss_mb is not None
    ('holds', True, True)
    >>> box.close()

    The sandbox decides nothing itself: it runs the checks of registered claims (here
    Lumberjack's tuft claim).
    """

    def __init__(self) -> None:
        self.proc: subprocess.Popen[bytes] | None = None

    def _start(self) -> subprocess.Popen[bytes]:
        # The sandbox imports the very cgsat this process runs (its fingerprints must match).
        src = os.path.dirname(os.path.dirname(os.path.abspath(cgsat.__file__)))
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (src, env.get("PYTHONPATH")) if p)
        proc = subprocess.Popen([sys.executable, "-m", "cgsat.engine.executors.sandbox_server"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        assert proc.stdout is not None
        try:
            ready = _read_by(proc.stdout.fileno(), time.monotonic() + READY_TIMEOUT)
        except (SandboxTimeout, EOFError):
            proc.kill()
            proc.wait()
            raise RuntimeError("the cgsat sandbox process did not start") from None
        if ready != ("ready", os.getpid()):
            proc.kill()
            proc.wait()
            raise RuntimeError(f"the cgsat sandbox process said {ready!r}, not ready")
        reaper.register(proc.pid)  # its session ends even if this process is killed
        return proc

    def run(self, fn: Callable[..., Any], args: tuple[Any, ...], limit: int | None,
            timeout: float | None) -> Outcome:
        """Run ``fn(*args)`` under the memory ``limit`` (bytes, or None) and ``timeout``.

        Its :class:`Outcome`: the value, or :attr:`Why.TIMEOUT` (the sandbox was killed), or
        a death (:attr:`Why.MEMORY` or :attr:`Why.DIED`, with the reason), each with
        ``peak_rss_mb`` (the check's own, over the sandbox's memory when it started; the
        watcher's largest RSS of the sandbox for a killed one) and
        ``worker`` (the sandbox's ``host/pid``). An exception of ``fn`` (bad input,
        :class:`CgsatInputError`) is raised here.
        """
        if self.proc is None or self.proc.poll() is not None:
            self.proc = self._start()
        proc = self.proc
        assert proc.stdin is not None and proc.stdout is not None
        watcher = memory.Watcher([proc.pid], limit).start()
        deadline = time.monotonic() + (timeout if timeout is not None else 1e9)
        try:
            write_message(proc.stdin, (fn, args, limit))
            kind, payload = _read_by(proc.stdout.fileno(), deadline)
        except SandboxTimeout:
            self.close()
            return Outcome(why=Why.TIMEOUT, peak_rss_mb=watcher.peak_mb(0))
        except (EOFError, BrokenPipeError):
            code = proc.wait()
            self.proc = None
            why, reason = memory.death_reason(code, limit, watcher.killed.get(proc.pid))
            return Outcome(why=why, reason=reason, peak_rss_mb=watcher.peak_mb(0))
        finally:
            watcher.stop()
        if kind == "raise":
            raise payload
        value, peak, worker = payload
        # the check's own peak (over the sandbox's baseline); the watcher's, the sandbox's
        # whole RSS, only where the sandbox could not measure it
        return Outcome(value, peak_rss_mb=peak if peak is not None else watcher.peak_mb(0),
                       worker=worker)

    def close(self) -> None:
        """Kill the sandbox (a check it runs is lost); the next :meth:`run` starts one."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            reaper.end_session(self.proc.pid)  # what its check started
            for stream in (self.proc.stdin, self.proc.stdout):
                if stream is not None:
                    stream.close()
            self.proc = None
