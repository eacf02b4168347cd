"""The runner of ``cgsat check``: sizes × methods, in worker processes, with timeouts.

Each check (claim, method, n) runs in a worker process of a :class:`pebble.ProcessPool`.
PySAT's CaDiCaL cannot be interrupted in-process (it holds the GIL), so a timeout kills the
worker; the verdict is then "unknown" with reason ``"timeout 60s"``, never "holds".

- A "refuted" counts only after ``claim.confirm(n, counterexample)`` — the direct solver's
  replay — returns True (in the worker, within the timeout). A refutation that does not
  replay is an ``error`` (a bug, exit code 3), as is a failed control of a SAT instance or
  a solver disagreement.
- Two methods of one claim disagreeing at the same n (one holds, the other refuted there
  for the first time) is reported loudly (exit code 3).
- Every result is appended to the store's history (:mod:`cgsat.engine.store`) as soon as
  it is known, keyed by (claim, n, method, solver, method fingerprint)
  (:mod:`cgsat.engine.fingerprint`). A current holds or refuted of the same key is reused
  unless ``force``; unknown, error and vacuous results are retried. With ``--proof`` or
  ``--confirm-with`` a stored "holds" is reused only when it carries such a certificate,
  and a SAT method's holds only when it ran at least ``--controls K`` sample controls.
- Repeatable reruns: once a method is refuted at n (the smallest refuted n, from the store
  or this run), its larger sizes are not scheduled, and results for n' > n that finish
  anyway are neither stored nor shown as refuted: they are "skipped: refuted at n=…". A
  refutation is stored only when every smaller size of its method is known, so it is the
  smallest; results of one (claim, method) are reported in size order.
- After a timeout, the larger sizes of that method are skipped (they would time out too);
  such a run stops short of what it was asked for: :attr:`RunSummary.short` says how far
  each method got (exit code 5).
- Memory (``--memory-limit``, :mod:`cgsat.engine.memory`): a thread of the runner watches
  the resident memory of each worker and kills one over the limit; its check is "unknown"
  with reason ``"memory: over 2 GB"`` (a failed allocation, or a worker the system's
  out-of-memory killer ended, is "unknown: memory" too, never a traceback), and the larger
  sizes of that method are skipped as after a timeout. Every run records the check's peak
  resident memory (``peak_rss_mb``).
- ``Budget.seed`` is ``"claim:n:fingerprint"``, so the sample controls of a rerun repeat.
- Workers die with the runner: each sets ``PR_SET_PDEATHSIG`` (Linux) when it starts, so a
  ``kill -9`` of ``cgsat check`` takes its workers with it; SIGTERM is handled like Ctrl-C
  (workers stopped, what is stored kept), raising :class:`Terminated`.
- Executors: ``local`` (:class:`LocalExecutor`, the process pool above) or ``dask``
  (:class:`cgsat.engine.executors.dask.DaskExecutor`, a Dask distributed cluster, where a
  check runs in a killable child process of its worker, watched for memory the same way).
  Either way the unit of work is one (claim, n, method), each result comes back to this
  process, which alone writes the store, once per (claim, n, method) even when a Dask
  worker dies and its tasks are run again; each stored row names the executor and worker
  that ran it. A result computed by code whose method fingerprint differs from this
  process's (a Dask worker with another cgsat) is unknown, never stored as holds or refuted.
"""

from __future__ import annotations

import ctypes
import json
import multiprocessing
import os
import signal
import socket
import sys
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import CancelledError, as_completed
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field, replace
from typing import Any

from cgsat import __version__
from cgsat.claims import ALL_N, Budget, Claim, Verdict
from cgsat.engine import memory
from cgsat.engine.executors.dask import DaskExecutor
from cgsat.engine.fingerprint import method_fingerprint
from cgsat.engine.progress import Progress
from cgsat.engine.provenance import source_commit
from cgsat.engine.store import Current, Row, Store
from cgsat.errors import CgsatInputError, TooLargeError
from cgsat.sat.external import ExternalSolverError, external_name
from cgsat.sat.solve import external_of
from cgsat.sat.solvers import SolverDisagreement, canonical_solver, pysat_version

PR_SET_PDEATHSIG = 1
MAX_SIZE = 10_000  # the largest n a check may be asked for (every target bound is far below)


class Terminated(KeyboardInterrupt):
    """SIGTERM, handled like Ctrl-C; the CLI exits with ``exit_code`` (128 + SIGTERM)."""

    exit_code = 128 + signal.SIGTERM


@dataclass
class Result:
    """One result of ``cgsat check`` (the fields of ``check --json``, and a few more)."""

    claim: str
    n: int
    method: str
    status: str
    seconds: float | None = None
    counterexample: str | None = None
    reason: str | None = None
    instance: dict[str, int] | None = None
    solver: str | None = None
    certificate: dict[str, str] | None = None
    controls: dict[str, int] | None = None
    # not part of the JSON contract:
    detail: str | None = None
    stored: bool = False  # reused from the store ("reused" in the JSON)
    problem: str | None = None  # a disagreement, failed control or bad replay (exit 3)
    internal_error: bool = False
    dimacs_sha256: str | None = None
    peak_rss_mb: float | None = None  # in the JSON, after "reused"
    executor: str | None = None  # "local" or "dask": where the check ran (None if none)
    worker: str | None = None  # host/pid of a local worker, a Dask worker's address
    revalidated: bool = False  # reused through a fingerprint alias (in the JSON)

    def to_json(self) -> dict[str, Any]:
        return {
            "claim": self.claim, "n": None if self.n == ALL_N else self.n,
            "method": self.method, "status": self.status,
            "seconds": self.seconds, "counterexample": self.counterexample,
            "reason": self.reason, "instance": self.instance, "solver": self.solver,
            "certificate": self.certificate, "controls": self.controls,
            "reused": self.stored, "revalidated": self.revalidated,
            "peak_rss_mb": self.peak_rss_mb, "executor": self.executor,
        }

    @property
    def skipped(self) -> bool:
        return self.status == "unknown" and (self.reason or "").startswith("skipped")


@dataclass
class RunSummary:
    results: list[Result] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    short: list[str] = field(default_factory=list)  # methods that stopped short, and where

    @property
    def refuted(self) -> bool:
        return any(r.status == "refuted" for r in self.results)

    @property
    def internal_error(self) -> bool:
        return any(r.internal_error for r in self.results)


# Claims visible to the worker processes (forked after this is set).
_ACTIVE: dict[str, Claim] = {}
# Check i's worker pid while it runs (shared with the forked workers; see memory.Watcher).
_SLOTS: Any = None


def _init_worker(parent: int) -> None:
    """Worker initializer: die with the runner (SIGKILL when it dies, even by kill -9)."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the runner died before prctl took effect
        os._exit(1)


def worker_name() -> str:
    """``host/pid`` of this process: the ``worker`` of a check run here.

    Examples
    --------
    >>> worker_name().endswith(f"/{os.getpid()}")
    True
    """
    return f"{socket.gethostname()}/{os.getpid()}"


def _work(claim_id: str, method_name: str, n: int, budget: Budget, slot: int = -1,
          limit: int | None = None) -> dict[str, Any]:
    """Run one check in a worker under the memory ``limit`` (bytes, or None), announcing
    itself in ``_SLOTS[slot]`` to the runner's memory watcher; returns what
    :func:`_check` returns with the check's ``peak_rss_mb``."""
    if _SLOTS is not None and slot >= 0:
        _SLOTS[slot] = os.getpid()
    memory.begin(limit)
    try:
        out = _check(claim_id, method_name, n, budget, limit)
    finally:
        peak = memory.end()
        if _SLOTS is not None and slot >= 0:
            _SLOTS[slot] = 0
    out["peak_rss_mb"] = peak
    out["worker"] = worker_name()
    return out


def _check(claim_id: str, method_name: str, n: int, budget: Budget,
           limit: int | None = None) -> dict[str, Any]:
    """Run one check in a worker: the method, then the replay of any counterexample."""
    claim = _ACTIVE[claim_id]
    method = claim.method(method_name)
    t0 = time.perf_counter()
    try:
        verdict = method.run(n, budget)
    except SolverDisagreement as exc:
        return {"verdict": Verdict.error(f"solver disagreement: {exc}"),
                "seconds": time.perf_counter() - t0}
    except TooLargeError as exc:
        return {"verdict": Verdict.unknown(f"too large: {exc}"),
                "seconds": time.perf_counter() - t0}
    except ExternalSolverError as exc:  # no answer: unknown; an unreadable one: error
        seconds = time.perf_counter() - t0
        why = f"external solver: {exc}"
        if exc.unknown and budget.timeout is not None and seconds >= budget.timeout:
            why = f"timeout {budget.timeout:g}s"  # as if killed here: larger sizes skipped
        return {"verdict": Verdict.unknown(why) if exc.unknown else Verdict.error(why),
                "seconds": seconds}
    except MemoryError:
        return {"verdict": Verdict.unknown(memory.memory_reason(limit)),
                "seconds": time.perf_counter() - t0}
    except CgsatInputError:
        raise
    except Exception as exc:  # noqa: BLE001 - a bug in a method; reported, never hidden
        tb = traceback.format_exc(limit=6)
        return {"verdict": Verdict.unknown(f"internal error: {type(exc).__name__}: {exc}"),
                "seconds": time.perf_counter() - t0, "internal_error": tb}
    seconds = time.perf_counter() - t0
    # an all-n method replays its counterexample by plain play itself (papers/all_n.py)
    if verdict.status == "refuted" and not method.all_n:
        cex = verdict.counterexample or ""
        try:
            ok = bool(claim.confirm(n, cex)) if claim.confirm else False
            why = "" if claim.confirm else "the claim has no replay (confirm)"
        except MemoryError:  # the refutation stands unconfirmed: unknown, not refuted
            return {"verdict": Verdict.unknown(memory.memory_reason(limit)),
                    "seconds": time.perf_counter() - t0}
        except Exception as exc:  # noqa: BLE001
            ok, why = False, f"replay raised {type(exc).__name__}: {exc}"
        if not ok:
            verdict = replace(verdict, status="error", reason=(
                f"counterexample {cex!r} was NOT confirmed by the direct solver"
                f"{' (' + why + ')' if why else ''}; this is a bug"))
    return {"verdict": verdict, "seconds": seconds}


def plan_sizes(claim: Claim, from_n: int | None, up_to: int | None, target: bool) -> range:
    """The sizes to check: ``from_n`` (default base) .. ``up_to`` (default quick bound).

    With ``target`` the upper bound is the claim's target bound.

    Examples
    --------
    >>> from cgsat.papers.registry import get_claim
    >>> c = get_claim("lumberjack.tuft")
    >>> plan_sizes(c, None, 4, False), plan_sizes(c, 2, None, True) == range(2, c.target_bound + 1)
    (range(0, 5), True)
    """
    lo = claim.base if from_n is None else from_n
    hi = claim.target_bound if target else (claim.quick_bound if up_to is None else up_to)
    if lo < 0 or hi < 0:
        raise CgsatInputError(f"a bound must be at least 0, got {min(lo, hi)}")
    if hi > MAX_SIZE:
        raise CgsatInputError(f"{claim.id}: --up-to {hi} is above the largest size cgsat "
                              f"checks ({MAX_SIZE})")
    if lo > hi:
        raise CgsatInputError(f"{claim.id}: --from {lo} is above the upper bound {hi}")
    return range(lo, hi + 1)


def select_methods(claim: Claim, method: str, strict: bool) -> list[str]:
    """Method names of ``claim`` selected by ``--method`` (``all`` or names, comma-separated).

    With ``strict`` (claims named on the command line) a method the claim lacks is an
    error; otherwise (``--all``) such claims are skipped.

    Examples
    --------
    >>> from cgsat.papers.registry import get_claim
    >>> c = get_claim("lumberjack.tuft")
    >>> select_methods(c, "all", True), select_methods(c, "sat", False)
    (['mex', 'sum-outcome'], [])
    """
    names = [m.name for m in claim.methods]
    if method == "all":
        return names
    wanted = [w.strip() for w in method.split(",") if w.strip()]
    missing = [w for w in wanted if w not in names]
    if missing and strict:
        raise CgsatInputError(
            f"{claim.id} has no method {missing[0]!r}; it has: {', '.join(names)}"
        )
    return [w for w in wanted if w in names]


def reusable(current: Current | None, budget: Budget, uses_solver: bool) -> Row | None:
    """The stored run to reuse for one key, or None to run the check again.

    A current holds or refuted is reused (docs/reference.md, "The results store"); unknown,
    error, vacuous and a conflict (holds and refuted under one fingerprint) are not. A SAT
    method's holds must also carry the certificate ``--proof`` / ``--confirm-with`` ask for
    and have run at least ``budget.controls`` sample controls (the latest such holds is
    taken).

    Examples
    --------
    >>> from cgsat.engine.store import derive
    >>> rows = [Row("c", 3, "sat", "x", "0", "holds", controls_asked=16, id=1),
    ...         Row("c", 3, "sat", "x", "0", "unknown", id=2)]
    >>> reusable(derive(rows), Budget(), True).id, reusable(derive(rows), Budget(controls=32), True)
    (1, None)

    ``--proof`` and ``--confirm-with`` ask for a SAT method's certificate; a method with no
    solver (exhaustive play) has none to give, and its holds is reused under them:

    >>> brute = [Row("c", 3, "brute", "", "0", "holds", id=3)]
    >>> reusable(derive(brute), Budget(confirm_with="minisat22"), False).id
    3
    """
    if current is None or current.conflict:
        return None
    if current.row.status in ("refuted", "proved"):
        return current.row
    if current.row.status != "holds":
        return None
    for row in reversed(current.history):
        if row.status != "holds":
            continue
        cert = row.certificate_dict or {}
        kinds = set(cert.get("kind", "").split("+"))
        # a size whose instances were all SAT has checked models and nothing to prove
        if uses_solver and budget.proof and "drat" not in kinds and kinds != {"model"}:
            continue
        if uses_solver and budget.confirm_with and not kinds & {"second-solver", "confirm"}:
            continue
        if uses_solver and (row.controls_asked or 0) < budget.controls:
            continue
        return row
    return None


@dataclass
class _Lane:
    """The sizes of one (claim, method): its store key, what came back, what was shown."""

    claim: str
    method: str
    solver_key: str
    fingerprint: str
    sizes: list[int]
    cutoff: int | None = None  # the smallest refuted n known (store or this run)
    stopped: str | None = None  # why larger sizes were cancelled after a timeout
    ready: dict[int, Result] = field(default_factory=dict)
    shown: list[Result] = field(default_factory=list)

    def skipped(self, n: int) -> Result:
        return Result(self.claim, n, self.method, "unknown",
                      reason=f"skipped: refuted at n={self.cutoff}")


def _row_of(res: Result, lane: _Lane, budget: Budget) -> Row:
    inst = res.instance or {}
    return Row(
        claim=res.claim, n=res.n, method=res.method, solver=lane.solver_key,
        version=__version__, status=res.status, seconds=res.seconds,
        counterexample=res.counterexample, reason=res.reason,
        instance_vars=inst.get("vars"), instance_clauses=inst.get("clauses"),
        certificate=json.dumps(res.certificate) if res.certificate else None,
        dimacs_sha256=res.dimacs_sha256, detail=res.detail,
        pysat=pysat_version() if lane.solver_key else None,
        fingerprint=lane.fingerprint,
        controls=json.dumps(res.controls) if res.controls else None,
        controls_asked=budget.controls, solver_used=res.solver,
        git_commit=source_commit(), peak_rss_mb=res.peak_rss_mb, executor=res.executor,
        worker=res.worker,
    )


def _result_of_row(row: Row) -> Result:
    return Result(
        claim=row.claim, n=row.n, method=row.method, status=row.status,
        seconds=row.seconds, counterexample=row.counterexample, reason=row.reason,
        instance=row.instance, solver=row.solver_used, certificate=row.certificate_dict,
        controls=row.controls_dict, detail=row.detail, stored=True,
        dimacs_sha256=row.dimacs_sha256, peak_rss_mb=row.peak_rss_mb,
        executor=row.executor, worker=row.worker, revalidated=row.revalidated,
    )


def _conflict(lane: _Lane, n: int) -> str:
    solver = f" ({lane.solver_key})" if lane.solver_key else ""
    return (f"{lane.claim} n={n} {lane.method}{solver}: the store has both holds and "
            f"refuted for the same code (fingerprint {lane.fingerprint[:12]})")


def _shortfall(lane: _Lane) -> str | None:
    """The closing line of a method that stopped short of its sizes, else None.

    Examples
    --------
    >>> lane = _Lane("c", "sat", "", "f", [1, 2, 3, 4])
    >>> lane.shown = [Result("c", 1, "sat", "holds"), Result("c", 2, "sat", "holds"),
    ...     Result("c", 3, "sat", "unknown", reason="timeout 60s"),
    ...     Result("c", 4, "sat", "unknown", reason="skipped: timeout at n=3")]
    >>> _shortfall(lane)
    'c sat: verified to 2 of 4: n=3 timed out at 60 s (1 larger size skipped)'
    """
    bad = [r for r in lane.shown if r.status == "unknown"
           and not (r.reason or "").startswith("skipped: refuted")]
    if not bad:
        return None
    if lane.sizes == [ALL_N]:
        return f"{lane.claim} {lane.method}: not proved for every n: {bad[0].reason}"
    verified = None
    for r in lane.shown:
        if r.status != "holds":
            break
        verified = r.n
    first = next(r for r in bad if not r.skipped) if any(not r.skipped for r in bad) \
        else bad[0]
    why = first.reason or "unknown"
    if why.startswith("timeout "):
        why = f"timed out at {why.removeprefix('timeout ').removesuffix('s')} s"
    elif why == "memory" or why.startswith("memory: "):
        why = "ran out of memory" + (f" ({why.removeprefix('memory: ')})"
                                     if why != "memory" else "")
    done = (f"verified to {verified}" if verified is not None
            else f"nothing verified from {lane.sizes[0]}")
    more = sum(1 for r in bad if r.skipped)
    tail = f" ({more} larger size{'s' if more > 1 else ''} skipped)" if more else ""
    return f"{lane.claim} {lane.method}: {done} of {lane.sizes[-1]}: n={first.n} {why}{tail}"


def check_executor(executor: str, scheduler: str | None) -> None:
    """Bad input unless ``executor`` is ``local`` (no scheduler) or ``dask`` (with one).

    Examples
    --------
    >>> check_executor("local", None)
    >>> check_executor("dask", None)
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: --executor dask needs --scheduler ADDRESS (tcp://host:8786)
    """
    if executor not in ("local", "dask"):
        raise CgsatInputError(f"--executor: expected local or dask, got {executor!r}")
    if executor == "dask" and not scheduler:
        raise CgsatInputError("--executor dask needs --scheduler ADDRESS (tcp://host:8786)")
    if executor == "local" and scheduler:
        raise CgsatInputError("--scheduler is for --executor dask")


def run_checks(
    claims: Sequence[Claim],
    methods: dict[str, list[str]],
    sizes: dict[str, range],
    budget: Budget,
    store: Store,
    jobs: int | None = None,
    force: bool = False,
    on_result: Callable[[Result], None] | None = None,
    progress: Progress | None = None,
    memory_limit: int | str | None = None,
    executor: str = "local",
    scheduler: str | None = None,
) -> RunSummary:
    """Run every (claim, method, n) check; store and return the results.

    Parameters
    ----------
    claims : sequence of Claim
    methods : dict
        Claim id -> selected method names.
    sizes : dict
        Claim id -> the range of n.
    budget : Budget
        Timeout, solver, proof, confirm-with and controls options for every check (the
        runner sets ``seed`` per check); a :class:`cgsat.sat.solve.ExternalBudget` with
        ``external`` sends every SAT instance to that command, and its results are stored
        under the solver ``external:NAME`` (:func:`cgsat.sat.external.external_name`).
    store : Store
        Where results go (and come from, unless ``force``).
    jobs : int, optional
        Worker processes (default: the core count).
    on_result : callable, optional
        Called with each result, in size order per (claim, method) (for printing).
    progress : Progress, optional
        Where to show the plan, the checks in progress and each finished size.
    memory_limit : int or "auto", optional
        Bytes of resident memory each check may use (None: no limit); a check over it is
        "unknown" with reason ``"memory: over …"`` (:mod:`cgsat.engine.memory`). With the
        Dask executor, ``"auto"`` is each worker's own default (its machine's memory).
    executor : {"local", "dask"}, default "local"
        Where the checks run: a process pool here, or the Dask cluster at ``scheduler``.
    scheduler : str, optional
        The Dask scheduler's address (``tcp://host:8786``), with ``executor="dask"``.
    """
    check_executor(executor, scheduler)
    solver = canonical_solver(budget.solver)
    budget = replace(budget, solver=solver)
    external = external_of(budget)
    # the store key of SAT methods: an external solver's results never mix with PySAT's
    solver_key = external_name(external) if external else solver
    summary = RunSummary()
    _ACTIVE.clear()
    _ACTIVE.update({c.id: c for c in claims})

    lanes: list[_Lane] = []
    todo: list[tuple[_Lane, int]] = []
    for claim in claims:
        for name in methods[claim.id]:
            method = claim.method(name)
            lane = _Lane(claim.id, name, solver_key if method.uses_solver else "",
                         method_fingerprint(claim, method),
                         [ALL_N] if method.all_n else
                         list(sizes[claim.id] if method.max_n is None else
                              range(sizes[claim.id].start,
                                    min(sizes[claim.id].stop, method.max_n + 1))))
            lanes.append(lane)
            known = store.lane(claim.id, name, lane.solver_key, lane.fingerprint)
            lane.cutoff = min((n for n, cur in known.items()
                               if cur.row.status == "refuted" and not cur.conflict),
                              default=None)
            for n in lane.sizes:
                if lane.cutoff is not None and n > lane.cutoff:
                    lane.ready[n] = lane.skipped(n)
                    continue
                current = known.get(n)
                if current is not None and current.conflict:
                    summary.problems.append(_conflict(lane, n))
                row = None if force else reusable(current, budget, method.uses_solver)
                if row is not None:
                    lane.ready[n] = _result_of_row(row)
                else:
                    todo.append((lane, n))

    backend: LocalExecutor | DaskExecutor | None = None
    workers = max(1, min(jobs or os.cpu_count() or 1, len(todo) or 1))
    if todo and executor == "dask":
        backend = DaskExecutor(scheduler or "", memory_limit)
        workers = backend.workers
    elif todo:
        backend = LocalExecutor(workers, len(todo), memory.resolve_limit(memory_limit, jobs)
                                if isinstance(memory_limit, str) else memory_limit)
    if progress is not None:
        progress.plan([(lane.claim, lane.method, [n for l2, n in todo if l2 is lane],
                        [n for n in lane.sizes if n in lane.ready
                         and not lane.ready[n].skipped])
                       for lane in lanes], workers, budget.timeout)

    def put(res: Result, lane: _Lane) -> None:
        store.put(_row_of(res, lane, budget))
        current = store.current(lane.claim, res.n, lane.method, lane.solver_key,
                                lane.fingerprint)
        if current is not None and current.conflict:
            summary.problems.append(_conflict(lane, res.n))

    def show(res: Result) -> None:
        summary.results.append(res)
        if res.status == "error":
            res.problem = f"{res.claim} n={res.n} {res.method}: {res.reason}"
            summary.problems.append(res.problem)
        if on_result and progress is not None:
            with progress.paused():  # keep the bar intact
                on_result(res)
        elif on_result:
            on_result(res)

    def flush(lane: _Lane) -> None:
        """Show the results of ``lane`` that are next in size order."""
        while len(lane.shown) < len(lane.sizes) and lane.sizes[len(lane.shown)] in lane.ready:
            n = lane.sizes[len(lane.shown)]
            res = lane.ready.pop(n)
            if lane.cutoff is not None and n > lane.cutoff:
                res = lane.skipped(n)  # the cutoff is final: every smaller size is known
            elif res.status == "refuted" and not res.stored:  # the smallest refutation
                put(res, lane)
            lane.shown.append(res)
            show(res)

    for lane in lanes:
        flush(lane)

    old_term = None
    if threading.current_thread() is threading.main_thread():
        old_term = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        if backend is not None:
            _run_tasks(backend, todo, budget, progress, put, flush)
    finally:
        if old_term is not None:
            signal.signal(signal.SIGTERM, old_term)
        if progress is not None:
            progress.close()
    for lane in lanes:
        flush(lane)
        line = _shortfall(lane)
        if line:
            summary.short.append(line)
    summary.problems.extend(find_disagreements(summary.results))
    summary.problems = list(dict.fromkeys(summary.problems))
    return summary


def _raise_terminated(signum: int, frame: object) -> None:
    raise Terminated()


class LocalExecutor:
    """``--executor local``: a :class:`pebble.ProcessPool` of ``workers`` forked processes,
    with a :class:`memory.Watcher` over them (enforcing ``limit``) for ``size`` checks.

    A check over its timeout is stopped by killing its worker process (pebble starts a new
    one); the futures' outcomes are the dicts of :func:`_work` or a ``timeout``,
    ``cancelled`` or ``died`` marker (see :func:`_result_of`).
    """

    name = "local"

    def __init__(self, workers: int, size: int, limit: int | None = None) -> None:
        from pebble import ProcessPool  # heavy (~45 ms), needed only when some check runs

        global _SLOTS
        context = multiprocessing.get_context("fork")
        _SLOTS = context.RawArray("q", size)  # before the fork: the workers share it
        self.workers = workers
        self.limit = limit
        self.watcher = memory.Watcher(_SLOTS, limit).start()
        self.slots: dict[Any, int] = {}
        self.pool = ProcessPool(max_workers=workers, context=context,
                                initializer=_init_worker, initargs=(os.getpid(),))

    def submit(self, claim: str, method: str, n: int, budget: Budget) -> Any:
        slot = len(self.slots)
        fut = self.pool.schedule(_work, args=(claim, method, n, budget, slot, self.limit),
                                 timeout=budget.timeout)
        self.slots[fut] = slot
        return fut

    def as_completed(self, futures: list[Any]) -> Any:
        return as_completed(futures)

    def outcome(self, fut: Any) -> dict[str, Any]:
        from pebble import ProcessExpired  # heavy (~45 ms), needed only when some check ran

        slot = self.slots[fut]
        seen = self.watcher.peak_mb(slot)
        try:
            out = fut.result()
        except FutureTimeout:
            out = {"timeout": True}
        except CancelledError:
            out = {"cancelled": True}
        except ProcessExpired as exc:
            out = {"died": exc.exitcode, "reason": memory.death_reason(
                exc.exitcode, self.limit, self.watcher.killed.get(exc.pid))}
        _SLOTS[slot] = 0  # a killed worker could not clear it
        out["peak_seen"] = seen
        return out

    def stop(self) -> None:
        self.watcher.stop()
        self.pool.stop()
        self.pool.join()

    def close(self) -> None:
        self.watcher.stop()
        self.pool.close()
        self.pool.join()


def _run_tasks(backend, todo, budget, progress, put, flush) -> None:
    """Run ``todo`` ((lane, n) pairs) on ``backend``, handing each result on, once."""
    try:
        tasks = {}
        for lane, n in todo:
            task_budget = replace(budget, seed=f"{lane.claim}:{n}:{lane.fingerprint}")
            fut = backend.submit(lane.claim, lane.method, n, task_budget)
            tasks[fut] = (lane, n)

        def in_progress() -> None:  # the pool runs tasks in the order they were scheduled
            if progress is not None:
                progress.working_on([(ln.claim, k, ln.method) for f, (ln, k) in tasks.items()
                                     if not f.done()][:backend.workers])

        in_progress()
        seen: set[tuple[int, int]] = set()
        for fut in backend.as_completed(list(tasks)):
            lane, n = tasks[fut]
            if (id(lane), n) in seen:  # never hand on (nor store) one check twice
                continue
            seen.add((id(lane), n))
            res = _result_of(backend.outcome(fut), lane, n, budget, backend.name)
            if progress is not None:
                progress.finished(lane.claim, n, lane.method, res.status, res.seconds,
                                  res.reason)
                in_progress()
            if res.reason == "cancelled":  # not stored, and no solver ran to the end
                res = (lane.skipped(n) if lane.cutoff is not None and n > lane.cutoff
                       else Result(lane.claim, n, lane.method, "unknown",
                                   reason=f"skipped: {lane.stopped or 'cancelled'}"))
            elif lane.cutoff is not None and n > lane.cutoff:
                res = lane.skipped(n)  # not stored: above a refutation
            elif res.status != "refuted":
                put(res, lane)  # a refutation is stored once it is known to be the smallest
            cancel_above = None
            if res.status == "refuted":
                lane.cutoff = n if lane.cutoff is None else min(lane.cutoff, n)
                cancel_above = n
            elif res.status == "unknown" and (res.reason or "").startswith(
                    ("timeout", "memory")):
                if lane.stopped is None:
                    lane.stopped = f"{(res.reason or '').split()[0].rstrip(':')} at n={n}"
                    cancel_above = n
            if cancel_above is not None:
                for other, (lane2, n2) in tasks.items():
                    if lane2 is lane and n2 > cancel_above and not other.done():
                        other.cancel()  # pebble stops a running task's worker too
            lane.ready[n] = res
            flush(lane)
    except BaseException:
        # Ctrl-C, SIGTERM, or bad input raised by a method: stop the workers now, keep
        # what is stored, and let the CLI report it.
        backend.stop()
        raise
    backend.close()


def _result_of(out: dict[str, Any], lane: _Lane, n: int, budget: Budget,
               executor: str) -> Result:
    """The :class:`Result` of one check from what its executor handed back.

    ``out`` is :func:`_work`'s dict, or ``{"timeout": True}``, ``{"cancelled": True}`` or
    ``{"died": exit code, "reason": why}``, with the ``worker`` when known and the largest
    memory the executor's watcher saw (``peak_seen``, MiB).

    Examples
    --------
    >>> lane = _Lane("c", "sat", "cadical195", "f", [3])
    >>> r = _result_of({"timeout": True, "worker": "w"}, lane, 3, Budget(timeout=2), "dask")
    >>> r.status, r.reason, r.executor, r.worker
    ('unknown', 'timeout 2s', 'dask', 'w')
    >>> _result_of({"died": -6}, lane, 3, Budget(), "local").reason
    'worker died (exit -6)'
    """
    cid, name, solver = lane.claim, lane.method, lane.solver_key or None
    worker = out.get("worker")
    seen = out.get("peak_seen")
    if out.get("timeout"):
        t = budget.timeout
        shown = f"{t:g}s" if t is not None else "?"
        return Result(cid, n, name, "unknown", seconds=t, reason=f"timeout {shown}",
                      solver=solver, peak_rss_mb=seen, executor=executor, worker=worker)
    if out.get("cancelled"):
        return Result(cid, n, name, "unknown", reason="cancelled", solver=solver)
    if "died" in out:
        reason = out.get("reason") or f"worker died (exit {out['died']})"
        return Result(cid, n, name, "unknown", reason=reason, solver=solver,
                      peak_rss_mb=seen, executor=executor, worker=worker)
    if out.get("fingerprint", lane.fingerprint) != lane.fingerprint:
        return Result(cid, n, name, "unknown", solver=solver, executor=executor,
                      worker=worker, reason=(
                          f"the worker runs other code (method fingerprint "
                          f"{out['fingerprint'][:12]}, here {lane.fingerprint[:12]})"))
    verdict: Verdict = out["verdict"]
    res = Result(
        claim=cid, n=n, method=name, status=verdict.status,
        seconds=round(out["seconds"], 6), counterexample=verdict.counterexample,
        reason=verdict.reason, instance=verdict.instance,
        solver=verdict.solver,  # only a solver that ran: a refutation may need none
        certificate=verdict.certificate, controls=verdict.controls,
        detail=verdict.detail, dimacs_sha256=verdict.dimacs_sha256,
        peak_rss_mb=max((p for p in (out.get("peak_rss_mb"), seen) if p is not None),
                        default=None),
        executor=executor, worker=worker,
    )
    if out.get("internal_error"):
        res.internal_error = True
        sys.stderr.write(f"cgsat: internal error in {cid} n={n} {name}:\n{out['internal_error']}")
    return res


def find_disagreements(results: Sequence[Result]) -> list[str]:
    """Pairs of methods of one claim where one holds and the other is first refuted at n.

    Examples
    --------
    >>> a = Result("c", 4, "sat", "holds"); b = Result("c", 4, "brute", "refuted",
    ...     counterexample="LRLR")
    >>> find_disagreements([a, b])
    ["c n=4: method 'sat' holds but method 'brute' refutes it with LRLR"]
    """
    first_refuted: dict[tuple[str, str], int] = {}
    for r in results:
        if r.status == "refuted":
            k = (r.claim, r.method)
            first_refuted[k] = min(first_refuted.get(k, r.n), r.n)
    holds = {(r.claim, r.n, r.method) for r in results if r.status == "holds"}
    problems = []
    proved = {r.claim: r.method for r in results if r.status == "proved"}
    for r in results:
        if r.status == "refuted" and r.claim in proved:
            where = "every n" if r.n == ALL_N else f"n={r.n}"
            problems.append(f"{r.claim}: method {proved[r.claim]!r} proved it for every n but "
                            f"method {r.method!r} refutes it at {where} with "
                            f"{r.counterexample}")
    for r in results:
        if r.status != "refuted" or first_refuted[(r.claim, r.method)] != r.n:
            continue
        for claim, n, method in sorted(holds):
            if claim == r.claim and n == r.n and method != r.method:
                problems.append(
                    f"{claim} n={n}: method {method!r} holds but method {r.method!r} "
                    f"refutes it with {r.counterexample}"
                )
    return problems
