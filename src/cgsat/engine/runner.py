"""The runner of ``cgsat check``: sizes × methods, in worker processes, with timeouts.

Each check (claim, method, n) runs in a worker process (``--executor local``: a
:class:`pebble.ProcessPool`).
PySAT's CaDiCaL cannot be interrupted in-process (it holds the GIL), so a timeout kills the
worker; the verdict is then "unknown" with reason ``"timeout 60s"``, never "holds".

- A "refuted" counts only after ``claim.confirm(n, counterexample)`` — the direct solver's
  replay — returns True (in the worker, within the timeout). A refutation that does not
  replay is an ``error`` (a bug, exit code 3), as is a failed control of a SAT instance or
  a solver disagreement. A stored refutation is replayed the same way (in this process)
  before it is reused or shown (:mod:`cgsat.engine.replay_stored`), and every stored row
  passes the check of its fields (:func:`cgsat.engine.store.row_problem`): a row that
  fails either is an error naming it (exit code 3), not reused, and the size runs again.
- A read-only store (:attr:`cgsat.engine.store.Store.read_only`) serves a run whose
  results are all stored; a run with anything to store is refused before any work.
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
- ``Budget.seed`` is ``"claim:n:method"``, so the sample controls of a rerun repeat, and a
  code change (a new fingerprint) draws the same samples: documented control counts stay put.
- Workers die with the runner: each sets ``PR_SET_PDEATHSIG`` (Linux) when it starts, so a
  ``kill -9`` of ``cgsat check`` takes its workers with it; SIGTERM is handled like Ctrl-C
  (workers stopped, what is stored kept), raising :class:`Terminated`.
- Executors (:mod:`cgsat.engine.executors`, one interface): ``local``
  (:class:`~cgsat.engine.executors.local.LocalExecutor`, the process pool above) or ``dask``
  (:class:`~cgsat.engine.executors.dask.DaskExecutor`, a Dask distributed cluster, where a
  check runs in a killable child process of its worker, watched for memory the same way).
  Each runs :func:`cgsat.engine.task.run_check` and hands back an
  :class:`~cgsat.engine.executors.base.Outcome`; the runner makes it a
  :class:`~cgsat.engine.result.CheckResult`, the one result class from here to the API, and
  acts on its typed :class:`~cgsat.engine.result.Why` (a timeout, memory, a cancellation, a
  skip), never on the words of its reason.
  Either way the unit of work is one (claim, n, method), each result comes back to this
  process, which alone writes the store, once per (claim, n, method) even when a Dask
  worker dies and its tasks are run again; each stored row names the executor and worker
  that ran it. A result computed by code whose method fingerprint differs from this
  process's (a Dask worker with another cgsat) is unknown, never stored as holds or refuted.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cgsat import __version__
from cgsat.claims import ALL_N, Budget, Claim
from cgsat.engine import memory
from cgsat.engine.executors.base import (
    Call,
    Executor,
    Outcome,
    check_executor,
    completed,
    open_executor,
)
from cgsat.engine.fingerprint import method_fingerprint
from cgsat.engine.progress import Progress
from cgsat.engine.provenance import source_commit
from cgsat.engine.replay_stored import stored_replay
from cgsat.engine.result import CheckResult, Ran, Why
from cgsat.engine.store import BAD_ROW, Current, Row, Store, disagrees
from cgsat.engine.task import ACTIVE, run_check
from cgsat.errors import CgsatInputError
from cgsat.sat.certificates import Certificate
from cgsat.sat.external import external_name
from cgsat.sat.solve import external_of
from cgsat.sat.solvers import canonical_solver, pysat_version

__all__ = [
    "MAX_SIZE",
    "PROOF_SECONDS",
    "own_timeout",
    "Terminated",
    "RunSummary",
    "plan_sizes",
    "select_methods",
    "reusable",
    "run_checks",
    "find_disagreements",
    "blamed_tools",
    "tool_of",
    "TOOL_NOTE",
    "MONA_LIE",
]

MAX_SIZE = 10_000  # the largest n a check may be asked for (every target bound is far below)


class Terminated(KeyboardInterrupt):
    """SIGTERM, handled like Ctrl-C; the CLI exits with ``exit_code`` (128 + SIGTERM)."""

    exit_code = 128 + signal.SIGTERM


@dataclass
class RunSummary:
    """What :func:`run_checks` did: every result shown, the problems (exit code 3) and the
    methods that stopped short (exit code 5)."""

    results: list[CheckResult] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    short: list[str] = field(default_factory=list)  # methods that stopped short, and where

    @property
    def refuted(self) -> bool:
        return any(r.status == "refuted" for r in self.results)

    @property
    def internal_error(self) -> bool:
        return any(r.internal_error for r in self.results)


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
    taken): under ``--proof`` a DRAT proof with verdict ``verified`` (or, for a size whose
    answers were all SAT, checked models), under ``--confirm-with X`` the agreement of X
    itself.

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
        cert = Certificate.read(row.certificate_dict or {})
        has = cert.kind_names  # the old name "confirm" read as "second-solver"
        verified = cert.verdict == "verified"
        # a size whose instances were all SAT has checked models and nothing to prove
        if uses_solver and budget.proof and not (
                verified and ("drat" in has or has == {"model"})):
            continue
        if uses_solver and budget.confirm_with and not (
                "second-solver" in has and canonical_solver(budget.confirm_with)
                in cert.checkers):
            continue
        if uses_solver and (row.controls_asked or 0) < budget.controls:
            continue
        return row
    return None


PROOF_SECONDS = 330.0
"""The least timeout of an all-n method (issue 35): three times the slowest all-n proof
measured with two other CPU-bound processes on 2 cores (``thickets.green-nim12``, about
110 s by the product search alone before set operations; docs/performance.md, "All-n
proofs"). A ``--timeout`` above it applies as given."""


def own_timeout(timeout: float | None, n: int) -> float | None:
    """The timeout of one check: ``timeout``, or at least :data:`PROOF_SECONDS` for an
    all-n method (n = ALL_N), whose one run decides every size.

    Examples
    --------
    >>> own_timeout(60.0, 7), own_timeout(60.0, ALL_N), own_timeout(900.0, ALL_N)
    (60.0, 330.0, 900.0)
    >>> own_timeout(None, ALL_N) is None
    True
    """
    if timeout is None or n != ALL_N:
        return timeout
    return max(timeout, PROOF_SECONDS)


def _warm_loader(todo: Sequence[tuple[_Lane, int]], budget: Budget) -> None:
    """Compile the CaDiCaL clause loader (:func:`cgsat.sat.loader.cadical_loader`) here,
    before the local workers fork, when a planned check uses PySAT's CaDiCaL: each forked
    worker then inherits it instead of compiling it again (about 2 s of numba per worker,
    and per replacement worker after a timeout, issue 36). The loader is the same either
    way: only where it is compiled changes."""
    if budget.solver != "cadical195":
        return
    if any(m.uses_solver for lane, _ in todo if lane.claim in ACTIVE
           for m in ACTIVE[lane.claim].methods if m.name == lane.method):
        from cgsat.sat.loader import cadical_loader  # numba: only when a check needs it
        cadical_loader()


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
    ready: dict[int, CheckResult] = field(default_factory=dict)
    shown: list[CheckResult] = field(default_factory=list)

    def skipped(self, n: int) -> CheckResult:
        """Size ``n``, skipped: it is above the smallest refutation of this method."""
        return CheckResult.unknown(self.claim, n, self.method, Why.ABOVE_REFUTATION,
                                   f"skipped: refuted at n={self.cutoff}")

    def above_stop(self, n: int) -> CheckResult:
        """Size ``n``, cancelled: a smaller size of this method timed out (or ran out of
        memory), or the run was stopped."""
        return CheckResult.unknown(self.claim, n, self.method, Why.ABOVE_STOP,
                                   f"skipped: {self.stopped or 'cancelled'}")

    def row(self, res: CheckResult, budget: Budget) -> Row:
        """The store's row of a result of this lane."""
        inst = res.instance or {}
        return Row(
            claim=res.claim, n=res.n, method=res.method, solver=self.solver_key,
            version=__version__, status=res.status, seconds=res.seconds,
            counterexample=res.counterexample, reason=res.reason,
            instance_vars=inst.get("vars"), instance_clauses=inst.get("clauses"),
            certificate=json.dumps(res.certificate) if res.certificate else None,
            dimacs_sha256=res.dimacs_sha256, detail=res.detail,
            pysat=pysat_version() if self.solver_key else None,
            fingerprint=self.fingerprint,
            controls=json.dumps(res.controls) if res.controls else None,
            controls_asked=budget.controls, solver_used=res.solver,
            git_commit=source_commit(), peak_rss_mb=res.peak_rss_mb, executor=res.executor,
            worker=res.worker,
        )

    def conflict(self, n: int) -> str:
        """The problem of a key whose history has both holds and refuted."""
        solver = f" ({self.solver_key})" if self.solver_key else ""
        return (f"{self.claim} n={n} {self.method}{solver}: the store has both holds and "
                f"refuted for the same code (fingerprint {self.fingerprint[:12]})")


def _bad_rows(current: Current | None) -> list[str]:
    """The stored rows of a key to run again that failed their check (a field out of
    range, a refutation that does not replay; :data:`cgsat.engine.store.BAD_ROW`), each
    an error naming it (issue 38), after the key's last decided verdict: a key whose
    decided verdict stands is reused, and the report lists such rows.

    Examples
    --------
    >>> from cgsat.engine.store import derive
    >>> bad = Row("c", 3, "sat", "", "0", "holds", seconds=-1.0, id=2)
    >>> [why.split(", ")[0] for why in _bad_rows(derive([bad]))]
    ['stored row failed its check: run 2 (c n=3 sat)']
    >>> _bad_rows(derive([Row("c", 3, "sat", "", "0", "holds", id=1), bad]))
    []
    """
    if current is None or current.row.status in ("holds", "refuted", "proved"):
        return []
    out: list[str] = []
    for row in current.history:
        if row.status in ("holds", "refuted", "proved"):
            out = []
        elif (row.reason or "").startswith(BAD_ROW):
            out.append(row.reason or "")
    return out


def _shortfall(lane: _Lane) -> str | None:
    """The closing line of a method that stopped short of its sizes, else None.

    Examples
    --------
    >>> lane = _Lane("c", "sat", "", "f", [1, 2, 3, 4])
    >>> lane.shown = [CheckResult("c", 1, "sat", "holds"), CheckResult("c", 2, "sat", "holds"),
    ...     CheckResult.unknown("c", 3, "sat", Why.TIMEOUT, "timeout 60s"),
    ...     CheckResult.unknown("c", 4, "sat", Why.ABOVE_STOP, "skipped: timeout at n=3")]
    >>> _shortfall(lane)
    'c sat: verified to 2 of 4: n=3 timed out at 60 s (1 larger size skipped)'
    """
    bad = [r for r in lane.shown if r.status == "unknown"
           and r.why not in (Why.ABOVE_REFUTATION, Why.GAP)]
    if not bad:
        return None
    if lane.sizes == [ALL_N]:
        return f"{lane.claim} {lane.method}: not proved for every n: {bad[0].reason}"
    verified = None
    for r in lane.shown:
        if r.status != "holds":
            break
        verified = r.n
    first = next((r for r in bad if not r.skipped), bad[0])
    why = first.reason or "unknown"
    if first.why is Why.TIMEOUT:
        why = f"timed out at {why.removeprefix('timeout ').removesuffix('s')} s"
    elif first.why is Why.MEMORY:
        why = "ran out of memory" + (f" ({why.removeprefix('memory: ')})"
                                     if why != "memory" else "")
    done = (f"verified to {verified}" if verified is not None
            else f"nothing verified from {lane.sizes[0]}")
    more = sum(1 for r in bad if r.skipped)
    tail = f" ({more} larger size{'s' if more > 1 else ''} skipped)" if more else ""
    return f"{lane.claim} {lane.method}: {done} of {lane.sizes[-1]}: n={first.n} {why}{tail}"


def run_checks(  # noqa: PLR0913 - what cgsat check passes on, option by option
    claims: Sequence[Claim],
    methods: dict[str, list[str]],
    sizes: dict[str, range],
    budget: Budget,
    store: Store,
    jobs: int | None = None,
    force: bool = False,
    on_result: Callable[[CheckResult], None] | None = None,
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
    # Before any executor's threads fork workers: a subprocess started while another
    # thread forks can hang for good (the fork inherits the pipe that reports the exec),
    # so the git commit that every stored row records is read now, and cached.
    source_commit()
    budget = replace(budget, solver=canonical_solver(budget.solver))
    external = external_of(budget)
    # the store key of SAT methods: an external solver's results never mix with PySAT's
    solver_key = external_name(external) if external else budget.solver
    run = _Run(store, budget, on_result, progress)
    ACTIVE.clear()
    ACTIVE.update({c.id: c for c in claims})
    store.replay = stored_replay(claims)  # a stored refutation stands only if it replays
    run.plan(claims, methods, sizes, solver_key, force)
    if run.todo and store.read_only is not None:  # before any work (issue 38)
        lane, n = run.todo[0]
        store.refuse_writes(f"{len(run.todo)} check{'s' if len(run.todo) > 1 else ''} not "
                            f"in it (first: {lane.claim} n={n} {lane.method})")
    backend: Executor | None = None
    workers = max(1, min(jobs or os.cpu_count() or 1, len(run.todo) or 1))
    if run.todo and executor == "local" and external is None:
        _warm_loader(run.todo, budget)
    if run.todo:
        limit = (memory.resolve_limit(memory_limit, jobs)
                 if isinstance(memory_limit, str) and executor == "local" else memory_limit)
        backend = open_executor(executor, scheduler, workers, len(run.todo), limit)
        workers = backend.workers
    run.show_plan(workers)
    for lane in run.lanes:
        run.flush(lane)
    old_term = None
    if threading.current_thread() is threading.main_thread():
        old_term = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        if backend is not None:
            run.execute(backend)
    finally:
        if old_term is not None:
            signal.signal(signal.SIGTERM, old_term)
        if progress is not None:
            progress.close()
    return run.finish()


def _raise_terminated(signum: int, frame: object) -> None:
    raise Terminated()


class _Run:
    """One run of :func:`run_checks`: its lanes, the checks to do, and what was shown.

    The results of a lane are shown (and a refutation stored) in size order
    (:meth:`flush`); every other result is stored as soon as it is known (:meth:`put`).
    """

    def __init__(self, store: Store, budget: Budget,
                 on_result: Callable[[CheckResult], None] | None,
                 progress: Progress | None) -> None:
        self.store = store
        self.budget = budget
        self.on_result = on_result
        self.progress = progress
        self.summary = RunSummary()
        self.lanes: list[_Lane] = []
        self.todo: list[tuple[_Lane, int]] = []

    def plan(self, claims: Sequence[Claim], methods: dict[str, list[str]],
             sizes: dict[str, range], solver_key: str, force: bool) -> None:
        """One lane per (claim, method), each size reused from the store, skipped (above
        a stored refutation) or to do."""
        for claim in claims:
            for name in methods[claim.id]:
                method = claim.method(name)
                planned = sizes[claim.id]
                if method.all_n:  # runs once, for every n (issue 25)
                    planned = range(ALL_N, ALL_N + 1)
                elif method.max_n is not None:
                    planned = range(planned.start, min(planned.stop, method.max_n + 1))
                lane = _Lane(claim.id, name, solver_key if method.uses_solver else "",
                             method_fingerprint(claim, method), list(planned))
                self.lanes.append(lane)
                known = self.store.lane(claim.id, name, lane.solver_key, lane.fingerprint)
                lane.cutoff = min((n for n, cur in known.items()
                                   if cur.row.status == "refuted" and not cur.conflict),
                                  default=None)
                for n in lane.sizes:
                    if lane.cutoff is not None and n > lane.cutoff:
                        lane.ready[n] = lane.skipped(n)
                        continue
                    current = known.get(n)
                    if current is not None and current.conflict:
                        self.summary.problems.append(lane.conflict(n))
                    self.summary.problems.extend(_bad_rows(current))
                    row = None if force else reusable(current, self.budget,
                                                      method.uses_solver)
                    if row is not None:
                        lane.ready[n] = CheckResult.from_row(row)
                    else:
                        self.todo.append((lane, n))

    def show_plan(self, workers: int) -> None:
        """Show the plan: per lane, the sizes to run and the sizes reused."""
        if self.progress is None:
            return
        self.progress.plan([(lane.claim, lane.method, [n for l2, n in self.todo if l2 is lane],
                             [n for n in lane.sizes if n in lane.ready
                              and not lane.ready[n].skipped])
                            for lane in self.lanes], workers, self.budget.timeout)

    def put(self, res: CheckResult, lane: _Lane) -> CheckResult:
        """Store one result; a conflict it makes in the store is a problem. The result as
        it is to be shown (what storing it found out about it)."""
        row = lane.row(res, self.budget)
        self.store.put(row)
        current = self.store.current(lane.claim, res.n, lane.method, lane.solver_key,
                                     lane.fingerprint)
        if current is not None and current.conflict:
            self.summary.problems.append(lane.conflict(res.n))
        if current is not None and current.row.status in ("holds", "refuted") and \
                disagrees(row):
            # the stored verdict stands; this run disagrees with it (issue 24)
            res = replace(res, disagrees_with_stored=True)
            self.summary.problems.append(
                f"{lane.claim} n={res.n} {lane.method}: this run says {res.status} "
                f"({res.reason}) but the store holds {current.row.status} for the same code (run "
                f"{current.row.id}, {current.row.time}); the stored verdict stands: "
                "investigate")
        return res

    def show(self, res: CheckResult) -> None:
        """Hand one result on: to the summary and to ``on_result``."""
        if res.status == "error":
            res = replace(res, problem=f"{res.claim} n={res.n} {res.method}{_by(res)}: "
                                       f"{res.reason}")
            self.summary.problems.append(res.problem or "")
        self.summary.results.append(res)
        if self.on_result and self.progress is not None:
            with self.progress.paused():  # keep the bar intact
                self.on_result(res)
        elif self.on_result:
            self.on_result(res)

    def flush(self, lane: _Lane) -> None:
        """Show the results of ``lane`` that are next in size order."""
        while len(lane.shown) < len(lane.sizes) and lane.sizes[len(lane.shown)] in lane.ready:
            n = lane.sizes[len(lane.shown)]
            res = lane.ready.pop(n)
            if lane.cutoff is not None and n > lane.cutoff:
                res = lane.skipped(n)  # the cutoff is final: every smaller size is known
            elif res.status == "refuted" and not res.reused:  # the smallest refutation
                res = self.put(res, lane)
            lane.shown.append(res)
            self.show(res)

    def execute(self, backend: Executor) -> None:
        """Run every check to do on ``backend``, handing each result on, once."""
        try:
            tasks: dict[Any, tuple[_Lane, int]] = {}
            for lane, n in self.todo:
                budget = replace(self.budget, seed=f"{lane.claim}:{n}:{lane.method}",
                                 timeout=own_timeout(self.budget.timeout, n))
                call = Call(run_check, (lane.claim, lane.method, n, budget, backend.remote),
                            key=f"{lane.claim}-{lane.method}-{n}", timeout=budget.timeout)
                tasks[backend.submit(call)] = (lane, n)
            self._working_on(tasks, backend.workers)
            for handle in completed(backend, list(tasks)):
                lane, n = tasks[handle]
                res = _result_of(backend.outcome(handle), lane, n,
                                 replace(self.budget, timeout=own_timeout(self.budget.timeout,
                                                                          n)), backend.name)
                if self.progress is not None:
                    self.progress.finished(lane.claim, n, lane.method, res.status,
                                           res.seconds, res.reason)
                    self._working_on(tasks, backend.workers)
                self._arrived(res, lane, n, tasks)
        except BaseException:
            # Ctrl-C, SIGTERM, or bad input raised by a method: stop the workers now, keep
            # what is stored, and let the CLI report it.
            backend.stop()
            raise
        backend.close()

    def _working_on(self, tasks: dict[Any, tuple[_Lane, int]], workers: int) -> None:
        """Show the checks in progress (the pool runs them in the order submitted)."""
        if self.progress is not None:
            self.progress.working_on([(ln.claim, k, ln.method) for f, (ln, k) in tasks.items()
                                      if not f.done()][:workers])

    def _arrived(self, res: CheckResult, lane: _Lane, n: int,
                 tasks: dict[Any, tuple[_Lane, int]]) -> None:
        """Store one result that came back (unless it is above a refutation), cancel the
        larger sizes of its lane after a refutation or a stop, and show what is next."""
        if res.why is Why.CANCELLED:  # not stored, and no solver ran to the end
            res = (lane.skipped(n) if lane.cutoff is not None and n > lane.cutoff
                   else lane.above_stop(n))
        elif lane.cutoff is not None and n > lane.cutoff:
            res = lane.skipped(n)  # not stored: above a refutation
        elif res.status != "refuted":
            res = self.put(res, lane)  # a refutation is stored once known to be the smallest
        cancel_above = None
        if res.status == "refuted":
            lane.cutoff = n if lane.cutoff is None else min(lane.cutoff, n)
            cancel_above = n
        elif res.why is not None and res.why.stops_method and lane.stopped is None:
            lane.stopped = f"{res.why.value} at n={n}"
            cancel_above = n
        if cancel_above is not None:
            for other, (lane2, n2) in tasks.items():
                if lane2 is lane and n2 > cancel_above and not other.done():
                    other.cancel()  # pebble stops a running task's worker too
        lane.ready[n] = res
        self.flush(lane)

    def finish(self) -> RunSummary:
        """Show what is left, and sum up: the methods that stopped short, the problems."""
        for lane in self.lanes:
            self.flush(lane)
            line = _shortfall(lane)
            if line:
                self.summary.short.append(line)
        self.summary.problems.extend(find_disagreements(self.summary.results))
        self.summary.problems = list(dict.fromkeys(self.summary.problems))
        return self.summary


def _result_of(out: Outcome, lane: _Lane, n: int, budget: Budget,
               executor: str) -> CheckResult:
    """The :class:`CheckResult` of one check from what its executor handed back.

    Examples
    --------
    >>> lane = _Lane("c", "sat", "cadical195", "f", [3])
    >>> r = _result_of(Outcome(why=Why.TIMEOUT, worker="w"), lane, 3, Budget(timeout=2),
    ...                "dask")
    >>> r.status, r.reason, r.executor, r.worker
    ('unknown', 'timeout 2s', 'dask', 'w')
    >>> _result_of(Outcome(why=Why.DIED, reason="worker died (exit -6)"), lane, 3, Budget(),
    ...            "local").reason
    'worker died (exit -6)'
    """
    cid, name, solver = lane.claim, lane.method, lane.solver_key or None
    where = {"executor": executor, "worker": out.worker}
    if out.why is Why.TIMEOUT:
        t = budget.timeout
        shown = f"{t:g}s" if t is not None else "?"
        return CheckResult.unknown(cid, n, name, Why.TIMEOUT, f"timeout {shown}", seconds=t,
                                   solver=solver, peak_rss_mb=out.peak_rss_mb, **where)
    if out.why is Why.CANCELLED:
        return CheckResult.unknown(cid, n, name, Why.CANCELLED, "cancelled", solver=solver)
    if out.why is not None:  # the worker died (of memory, or otherwise)
        return CheckResult.unknown(cid, n, name, out.why, out.reason or "worker died",
                                   solver=solver, peak_rss_mb=out.peak_rss_mb, **where)
    ran: Ran = out.value
    if ran.fingerprint is not None and ran.fingerprint != lane.fingerprint:
        return CheckResult.unknown(
            cid, n, name, None, solver=solver, **where, reason=(
                f"the worker runs other code (method fingerprint {ran.fingerprint[:12]}, "
                f"here {lane.fingerprint[:12]})"))
    if ran.internal_error is not None:
        sys.stderr.write(f"cgsat: internal error in {cid} n={n} {name}:\n{ran.internal_error}")
    return CheckResult.of_verdict(cid, n, name, ran, peak_rss_mb=out.peak_rss_mb, **where)


MONA_LIE = "mona says valid to a false control statement"
"""The reason of a MONA answer that failed its control: :data:`cgsat.automata.mona.LIE`,
repeated here (the engine imports no all-n code; ``tests/commands/test_check_tools.py``
checks that both say the same)."""

TOOL_NOTE = " (answered by "
"""How a disagreement names the external tool a side's answer rests on
(:func:`find_disagreements`, :func:`blamed_tools`)."""


def tool_of(result: CheckResult) -> str | None:
    """The external tool whose answer ``result`` rests on: an external SAT solver
    (``--external-solver``: solver ``external:NAME``), or MONA (the method ``mona``, or an
    all-n method whose MONA failed its control, :data:`MONA_LIE`).

    Examples
    --------
    >>> tool_of(CheckResult("c", 4, "sat", "holds", solver="external:liar.sh"))
    "the external solver 'liar.sh'"
    >>> tool_of(CheckResult("c", 4, "mona", "holds")), tool_of(CheckResult("c", 4, "sat",
    ...     "holds", solver="cadical153"))
    ('MONA', None)
    """
    if result.solver and result.solver.startswith("external:"):
        return f"the external solver {result.solver.split(':', 1)[1]!r}"
    if result.method == "mona" or MONA_LIE in (result.reason or ""):
        return "MONA"
    return None


def _by(result: CheckResult) -> str:
    tool = tool_of(result)
    return f"{TOOL_NOTE}{tool})" if tool else ""


def blamed_tools(problem: str) -> list[str]:
    """The external tools a disagreement of :func:`find_disagreements` names: a tool that
    disagrees with another method may be what is wrong, before cgsat (issue 38).

    Examples
    --------
    >>> blamed_tools("c n=4: method 'sat' (answered by the external solver 'liar') holds "
    ...              "but method 'brute' refutes it with LRLR")
    ["the external solver 'liar'"]
    >>> blamed_tools("c n=4: method 'sat' holds but method 'brute' refutes it with LR")
    []
    """
    tools = []
    for part in problem.split(TOOL_NOTE)[1:]:
        tools.append(part.split(")", 1)[0])
    return tools


def find_disagreements(results: Sequence[CheckResult]) -> list[str]:
    """Pairs of methods of one claim where one holds and the other is first refuted at n;
    a side whose answer rests on an external tool names it (:func:`tool_of`).

    Examples
    --------
    >>> a = CheckResult("c", 4, "sat", "holds"); b = CheckResult("c", 4, "brute", "refuted",
    ...     counterexample="LRLR")
    >>> find_disagreements([a, b])
    ["c n=4: method 'sat' holds but method 'brute' refutes it with LRLR"]
    >>> lie = CheckResult("c", 4, "sat", "holds", solver="external:liar")
    >>> find_disagreements([lie, b])
    ["c n=4: method 'sat' (answered by the external solver 'liar') holds but method 'brute' \
refutes it with LRLR"]
    """
    first_refuted: dict[tuple[str, str], int] = {}
    for r in results:
        if r.status == "refuted":
            k = (r.claim, r.method)
            first_refuted[k] = min(first_refuted.get(k, r.n), r.n)
    holds = sorted(((r.claim, r.n, r.method), r) for r in results if r.status == "holds")
    problems = []
    proved = {r.claim: r for r in results if r.status == "proved"}
    for r in results:
        if r.status == "refuted" and r.claim in proved:
            where = "every n" if r.n == ALL_N else f"n={r.n}"
            p = proved[r.claim]
            problems.append(f"{r.claim}: method {p.method!r}{_by(p)} proved it for every n "
                            f"but method {r.method!r}{_by(r)} refutes it at {where} with "
                            f"{r.counterexample}")
    for r in results:
        if r.status != "refuted" or first_refuted[(r.claim, r.method)] != r.n:
            continue
        for (claim, n, method), h in holds:
            if claim == r.claim and n == r.n and method != r.method:
                problems.append(
                    f"{claim} n={n}: method {method!r}{_by(h)} holds but method "
                    f"{r.method!r}{_by(r)} refutes it with {r.counterexample}"
                )
    return problems
