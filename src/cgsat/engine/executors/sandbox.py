"""A child process that runs checks for a Dask worker, so that a timeout can kill it.

PySAT's CaDiCaL holds the GIL and cannot be interrupted, and a Dask task is a thread of its
worker: a check over its timeout can only be stopped by killing the process that runs it.
The Dask task therefore hands each check to a :class:`Sandbox`, a long-lived child process
(:mod:`cgsat.engine.executors.sandbox_server`) started once per worker thread, which runs the check
exactly as a local worker process does (:func:`cgsat.engine.runner._work`). On a timeout
the sandbox is killed (SIGKILL) and the next check starts a fresh one; the Dask worker
itself lives on. Starting a process per check would cost the import of cgsat and its claims
(about half a second) every time; the sandbox pays it once.

The protocol is one pickled message per request and per answer, each preceded by its
length (8 bytes, big-endian), on the child's stdin and stdout; the child's own prints go
to stderr. The child sets ``PR_SET_PDEATHSIG``, so it dies with its Dask worker.

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
from pathlib import Path
from typing import IO, Any, BinaryIO

from cgsat.engine import memory

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
    >>> box = Sandbox()
    >>> out = box.run(("lumberjack.tuft", "mex", 2, Budget(timeout=60), None), 60)
    >>> out["verdict"].status, out["fingerprint"] != "", out["peak_rss_mb"] is not None
    ('holds', True, True)
    >>> box.close()

    References
    ----------
    The checks are those of the claims registered from the papers in ``/work/shared/papers``
    (for example Lumberjack, the tuft claim run here); the sandbox decides nothing itself.
    """

    def __init__(self) -> None:
        self.proc: subprocess.Popen[bytes] | None = None

    def _start(self) -> subprocess.Popen[bytes]:
        # The sandbox imports the very cgsat this process runs (its fingerprints must match).
        src = str(Path(__file__).resolve().parents[3])  # .../src: cgsat/engine/executors/
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
        return proc

    def run(self, request: tuple[Any, ...], timeout: float | None) -> dict[str, Any]:
        """Run one check ``(claim, method, n, budget, memory limit)``; its :func:`_work`
        dict, or ``{"timeout": True}`` (the sandbox was killed) or ``{"died": exit code,
        "reason": why}``, each with ``peak_seen`` (MiB, the largest the watcher saw).

        An exception the check raised (bad input, :class:`CgsatInputError`) is raised here.
        """
        if self.proc is None or self.proc.poll() is not None:
            self.proc = self._start()
        proc = self.proc
        assert proc.stdin is not None and proc.stdout is not None
        limit = request[4]
        watcher = memory.Watcher([proc.pid], limit).start()
        deadline = time.monotonic() + (timeout if timeout is not None else 1e9)
        try:
            write_message(proc.stdin, request)
            kind, payload = _read_by(proc.stdout.fileno(), deadline)
        except SandboxTimeout:
            self.close()
            return {"timeout": True, "peak_seen": watcher.peak_mb(0)}
        except (EOFError, BrokenPipeError):
            code = proc.wait()
            self.proc = None
            return {"died": code, "peak_seen": watcher.peak_mb(0),
                    "reason": memory.death_reason(code, limit, watcher.killed.get(proc.pid))}
        finally:
            watcher.stop()
        if kind == "raise":
            raise payload
        payload["peak_seen"] = watcher.peak_mb(0)
        return payload

    def close(self) -> None:
        """Kill the sandbox (a check it runs is lost); the next :meth:`run` starts one."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            for stream in (self.proc.stdin, self.proc.stdout):
                if stream is not None:
                    stream.close()
            self.proc = None
