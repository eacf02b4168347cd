"""``cgsat find --max-length N --jobs J`` / ``--executor dask``: one task per length.

A search over every length 1..N (``timber-path``, ``toppling``) is N independent searches,
one SAT instance (or one family of instances) per length. Here they are handed out as
tasks: to a local process pool (``--jobs J``) or to a Dask cluster (``--executor dask
--scheduler ADDRESS``, the executor of ``cgsat check``: :mod:`cgsat.engine.executors.dask`).
Each task is a complete :func:`cgsat.find` of one length, with its own controls and its own
replay of every position by the direct solver; :func:`combine` only gathers the answers.
A search of one shape (``--length``, ``--shape``, ``--height``) is one task, and runs here.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cgsat.errors import CgsatInputError

Task = Callable[[dict[str, Any]], Any]

# run one pickled (task, argument) from stdin; the pickled ("ok"|"raised", value) on stdout
_CHILD = """
import pickle, sys
task, call = pickle.load(sys.stdin.buffer)
try:
    out = ("ok", task(call))
except Exception as exc:
    out = ("raised", exc)
sys.stdout.buffer.write(pickle.dumps(out))
"""


def in_fresh_process(task: Task, call: dict[str, Any]) -> Any:
    """``task(call)`` in a new Python process (what a Dask task runs).

    A Dask worker process is daemonic, and a daemonic process may not start
    multiprocessing children, which the counting of ``--count`` does (pyganak runs in a
    child that can be stopped); a fresh interpreter may. An exception of the task is raised
    here.

    Examples
    --------
    >>> in_fresh_process(len, {"a": 1})
    1
    """
    done = subprocess.run([sys.executable, "-c", _CHILD], input=pickle.dumps((task, call)),
                          capture_output=True, check=False)
    if done.returncode != 0 or not done.stdout:
        last = (done.stderr.decode(errors="replace").strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"the search process failed (exit {done.returncode}): {last}")
    kind, value = pickle.loads(done.stdout)
    if kind == "raised":
        raise value
    return value


def map_tasks(task: Task, calls: Sequence[dict[str, Any]], executor: str = "local",
              jobs: int = 1, scheduler: str | None = None) -> list[Any]:
    """``[task(c) for c in calls]``, run in a process pool or on a Dask cluster.

    Parameters
    ----------
    task : callable
        A module-level function (it is pickled to the workers).
    calls : sequence of dict
        One argument per task.
    executor : {"local", "dask"}
    jobs : int
        Worker processes of the local executor (1: in this process, in turn).
    scheduler : str, optional
        The Dask scheduler's address (``--executor dask``).

    Returns
    -------
    list
        The results, in the order of ``calls``. The first task that raises raises here.

    Examples
    --------
    >>> map_tasks(len, [{"a": 1}, {}], jobs=1)
    [1, 0]
    """
    if executor == "dask":
        from cgsat.engine.executors.dask import DaskExecutor  # optional dependency, lazily

        if not scheduler:
            raise CgsatInputError("--executor dask needs --scheduler ADDRESS")
        dask = DaskExecutor(scheduler)
        try:
            futures = [dask.submit_call(in_fresh_process, task, call, key=f"find-{i}")
                       for i, call in enumerate(calls)]
            return [fut.result() for fut in futures]
        finally:
            dask.close()
    if executor != "local":
        raise CgsatInputError(f"--executor: expected local or dask, got {executor!r}")
    if scheduler:
        raise CgsatInputError("--scheduler applies to --executor dask only")
    if jobs <= 1 or len(calls) <= 1:
        return [task(call) for call in calls]
    with ProcessPoolExecutor(max_workers=min(jobs, len(calls))) as pool:
        return list(pool.map(task, calls))


def combine(ruleset: str, query: dict[str, Any], parts: Sequence[Any], mode: str,
            result_type: type) -> Any:
    """One answer from the answers of each length (in increasing length).

    ``count`` adds the counts, ``all`` lists every position (shortest first), ``one`` keeps
    the position of the shortest length that has one; the controls are summed.

    Examples
    --------
    >>> from cgsat.api import FindResult
    >>> parts = [FindResult("toppling", {}, positions=()),
    ...          FindResult("toppling", {}, positions=("RLLLR",),
    ...                     controls={"passed": 3, "total": 3})]
    >>> combine("toppling", {"max_length": 5}, parts, "one", FindResult).positions
    ('RLLLR',)
    """
    tally = {"passed": sum(p.controls["passed"] for p in parts),
             "total": sum(p.controls["total"] for p in parts)}
    if mode == "count":
        methods = sorted({m for p in parts for m in p.counted_by})
        return result_type(ruleset, query, count=sum(p.count for p in parts),
                           controls=tally, counted_by=tuple(methods))
    found = [pos for p in parts for pos in (p.positions or ())]
    if mode == "one":
        found = found[:1]
    found.sort(key=lambda p: (len(p), p))
    return result_type(ruleset, query, positions=tuple(found), controls=tally)
