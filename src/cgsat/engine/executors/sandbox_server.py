"""The child process of a :class:`~cgsat.engine.executors.sandbox.Sandbox`: ``python -m`` this
module.

It answers ``("ready", parent pid)`` once cgsat is imported, then reads requests
``(claim id, method, n, budget, memory limit)`` from stdin and answers each with
``("ok", dict)`` (the dict of :func:`cgsat.engine.runner._work`, plus the method
``fingerprint`` of the code that decided it, so that the client stores nothing a different
cgsat computed) or ``("raise", exception)``. It runs registered claims only (by id). It
dies with its parent (``PR_SET_PDEATHSIG``), and exits at the end of its input.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from cgsat.engine import runner
from cgsat.engine.executors.sandbox import read_message, write_message
from cgsat.engine.fingerprint import method_fingerprint
from cgsat.papers.registry import get_claim


def answer(request: tuple[Any, ...]) -> tuple[str, Any]:
    """The answer to one request: ``("ok", dict)`` or ``("raise", exception)``.

    Examples
    --------
    >>> from cgsat.claims import Budget
    >>> kind, out = answer(("lumberjack.tuft", "mex", 1, Budget(), None))
    >>> kind, out["verdict"].status, len(out["fingerprint"]) > 8
    ('ok', 'holds', True)
    >>> answer(("no.such", "mex", 1, Budget(), None))[0]
    'raise'

    References
    ----------
    The checks are the registered claims of the five papers (here Lumberjack's tuft claim).
    """
    claim_id, method, n, budget, limit = request
    try:
        claim = get_claim(claim_id)
        runner._ACTIVE.setdefault(claim_id, claim)
        out = runner._work(claim_id, method, n, budget, -1, limit)
        out["fingerprint"] = method_fingerprint(claim, claim.method(method))
        return ("ok", out)
    except Exception as exc:  # noqa: BLE001 - handed back to the Dask task, which raises it
        return ("raise", exc)


def main() -> None:
    """Serve requests on stdin/stdout until stdin ends."""
    runner._init_worker(os.getppid())  # die with the Dask worker
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
