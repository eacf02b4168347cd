"""The child process of a :class:`~cgsat.engine.executors.sandbox.Sandbox`: ``python -m`` this
module.

It answers ``("ready", parent pid)`` once cgsat is imported, then reads requests
``(function, arguments, memory limit)`` from stdin and answers each with
``("ok", (value, peak MiB, worker))`` (:func:`cgsat.engine.executors.worker.run_watched`)
or ``("raise", exception)``. The function is a module-level function of cgsat, pickled by
reference (a check is :func:`cgsat.engine.task.run_check`). It dies with its parent
(``PR_SET_PDEATHSIG``), and exits at the end of its input.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from cgsat.engine import task  # noqa: F401 - loaded before "ready", as the claims are
from cgsat.engine.executors.sandbox import read_message, write_message
from cgsat.engine.executors.worker import init_worker, run_watched, worker_name
from cgsat.papers import registry  # noqa: F401 - before "ready": no timeout pays for it

__all__ = ["answer", "main"]


def answer(request: tuple[Any, ...]) -> tuple[str, Any]:
    """The answer to one request: ``("ok", (value, peak, worker))`` or
    ``("raise", exception)``. The calls run the registered claims' methods.

    Examples
    --------
    >>> from cgsat.claims import Budget
    >>> from cgsat.engine.task import run_check
    >>> kind, (ran, peak, worker) = answer((run_check, ("lumberjack.tuft", "mex", 1,
    ...                                                  Budget(), True), None))
    >>> kind, ran.verdict.status, len(ran.fingerprint) > 8
    ('ok', 'holds', True)
    >>> answer((run_check, ("no.such", "mex", 1, Budget()), None))[0]
    'raise'
    """
    fn, args, limit = request
    try:
        value, peak = run_watched(fn, args, limit)
        return ("ok", (value, peak, worker_name()))
    except Exception as exc:  # noqa: BLE001 - handed back to the Dask task, which raises it
        return ("raise", exc)


def main() -> None:
    """Serve requests on stdin/stdout until stdin ends."""
    init_worker(os.getppid())  # die with the Dask worker
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # stray prints must not reach `out`
    inp = sys.stdin.buffer
    write_message(out, ("ready", os.getppid()))
    while True:
        try:
            request = read_message(inp)
        except EOFError:
            return
        write_message(out, answer(request))


if __name__ == "__main__":
    main()
