"""``cgsat.check``: check claims size by size (``cgsat check``)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cgsat.api._inputs import controls_count, whole_number
from cgsat.claims import ALL_N
from cgsat.errors import CgsatInputError


@dataclass(frozen=True)
class CheckResult:
    """One size of one method of one claim (an element of ``check --json``'s results).

    Attributes
    ----------
    claim, n, method, status
        The claim id, the size, the method, and ``"holds"``, ``"refuted"``, ``"unknown"``,
        ``"error"``, ``"vacuous"`` or ``"proved"``. An all-n method (``proved``: the claim
        holds for every size at once) has ``n`` None.
    seconds, counterexample, reason, instance, solver, certificate, controls, reused
        As in ``check --json`` (docs/reference.md); ``reused`` is True when the result
        came from the store.
    revalidated : bool
        True when a reused result was stored under an earlier fingerprint of the same code
        (a fingerprint alias, ``cgsat check --revalidate``).
    peak_rss_mb : float or None
        The check's peak resident memory in MiB (``check --json``'s ``peak_rss_mb``;
        None when it was not measured, as in runs stored before it was recorded).
    executor, worker : str or None
        Where the check ran: ``"local"`` or ``"dask"`` (in the JSON), and the worker
        (``host/pid`` of a local worker process, a Dask worker's address; in the store, not
        in the JSON, since it differs from run to run); for a reused result, where the
        stored run ran (None if it was stored before they were recorded, or nothing ran).
    detail : str or None
        Why a counterexample breaks the statement (not in the JSON).
    problem : str or None
        A disagreement, failed control or bad replay (a bug; not in the JSON).
    """

    claim: str
    n: int | None
    method: str
    status: str
    seconds: float | None = None
    counterexample: str | None = None
    reason: str | None = None
    instance: dict[str, int] | None = None
    solver: str | None = None
    certificate: dict[str, str] | None = None
    controls: dict[str, int] | None = None
    reused: bool = False
    detail: str | None = field(default=None, compare=False)
    problem: str | None = field(default=None, compare=False)
    peak_rss_mb: float | None = field(default=None, compare=False)
    executor: str | None = field(default=None, compare=False)
    worker: str | None = field(default=None, compare=False)
    revalidated: bool = False

    def to_json(self) -> dict[str, Any]:
        """The object of one result in ``check --json``."""
        return {
            "claim": self.claim, "n": self.n, "method": self.method, "status": self.status,
            "seconds": self.seconds, "counterexample": self.counterexample,
            "reason": self.reason, "instance": self.instance, "solver": self.solver,
            "certificate": self.certificate, "controls": self.controls,
            "reused": self.reused, "revalidated": self.revalidated,
            "peak_rss_mb": self.peak_rss_mb, "executor": self.executor,
        }


@dataclass(frozen=True)
class CheckReport:
    """What :func:`check` returns: every result and a summary of the run.

    Attributes
    ----------
    results : tuple of CheckResult
        Ordered by claim (as asked), method, n; the ``results`` of ``check --json``.
    verified : dict
        Claim id -> method -> the largest n up to which every size from the first one
        checked holds (vacuous sizes neither count nor break the chain), or None.
    refutations : tuple of CheckResult
        The results with status ``"refuted"`` (each replayed by the direct solver).
    stopped_short : tuple of str
        One line per method that stopped short of the sizes asked (a timeout, a resource
        limit): how far it got and why.
    problems : tuple of str
        Disagreements between methods or solvers, failed controls, bad replays: bugs.
    notes : tuple of str
        Notes on the plan, such as a method that runs only up to its size limit.
    internal_error : bool
        Some method raised an unexpected exception (a bug in cgsat).
    """

    results: tuple[CheckResult, ...]
    verified: dict[str, dict[str, int | None]]
    refutations: tuple[CheckResult, ...]
    stopped_short: tuple[str, ...]
    problems: tuple[str, ...]
    notes: tuple[str, ...] = ()
    internal_error: bool = False

    @property
    def exit_code(self) -> int:
        """The exit code ``cgsat check`` gives this run: 3 (a problem) > 4 (an internal
        error) > 1 (refuted) > 5 (stopped short) > 0."""
        if self.problems:
            return 3
        if self.internal_error:
            return 4
        if self.refutations:
            return 1
        if self.stopped_short:
            return 5
        return 0

    def to_json(self) -> dict[str, Any]:
        """``{"results": [...], "summary": {...}}``: ``check --json`` prints the
        ``results`` part; ``summary`` holds ``verified``, ``refutations`` (claim, n, method,
        counterexample), ``stopped_short``, ``problems`` and ``exit_code``."""
        return {
            "results": [r.to_json() for r in self.results],
            "summary": {
                "verified": self.verified,
                "refutations": [{"claim": r.claim, "n": r.n, "method": r.method,
                                 "counterexample": r.counterexample}
                                for r in self.refutations],
                "stopped_short": list(self.stopped_short),
                "problems": list(self.problems),
                "proved": sorted({f"{r.claim} {r.method}" for r in self.results
                                  if r.status == "proved"}),
                "exit_code": self.exit_code,
            },
        }


def _check_result(res: Any) -> CheckResult:
    """A :class:`CheckResult` from a runner result (:class:`cgsat.engine.runner.Result`)."""
    return CheckResult(
        res.claim, None if res.n == ALL_N else res.n, res.method, res.status, res.seconds,
        res.counterexample, res.reason,
        res.instance, res.solver, res.certificate, res.controls, res.stored, res.detail,
        res.problem, res.peak_rss_mb, res.executor, res.worker, res.revalidated)


def _verified(results: Sequence[CheckResult]) -> dict[str, dict[str, int | None]]:
    """Claim -> method -> the end of the unbroken chain of holds from the first size.

    Examples
    --------
    >>> rs = [CheckResult("c", n, "sat", s) for n, s in
    ...       [(1, "holds"), (2, "vacuous"), (3, "holds"), (4, "unknown"), (5, "holds")]]
    >>> _verified(rs + [CheckResult("c", 1, "brute", "refuted")])
    {'c': {'sat': 3, 'brute': None}}
    """
    out: dict[str, dict[str, int | None]] = {}
    broken: set[tuple[str, str]] = set()
    for r in sorted((r for r in results if r.n is not None), key=lambda r: r.n or 0):
        lane = out.setdefault(r.claim, {})
        lane.setdefault(r.method, None)
        if (r.claim, r.method) in broken or r.status == "vacuous":
            continue
        if r.status == "holds":
            lane[r.method] = r.n
        else:
            broken.add((r.claim, r.method))
    order = {(r.claim, r.method): i for i, r in enumerate(results)}
    return {c: dict(sorted(ms.items(), key=lambda kv: order[(c, kv[0])]))
            for c, ms in out.items()}


def check(
    claim: str | Sequence[str],
    up_to: int | None = None,
    *,
    from_n: int | None = None,
    target: bool = False,
    methods: str | Sequence[str] = "all",
    timeout: float = 60.0,
    solver: str = "cadical195",
    controls: int = 16,
    jobs: int | None = None,
    proof: bool = False,
    confirm_with: str | None = None,
    db: str | None = None,
    force: bool = False,
    on_result: Callable[[CheckResult], None] | None = None,
    on_note: Callable[[str], None] | None = None,
    progress: Any = False,
    memory_limit: int | str | None = "auto",
    executor: str = "local",
    scheduler: str | None = None,
    external_solver: str | None = None,
) -> CheckReport:
    """Check claims size by size, by every method, as ``cgsat check`` does.

    Each (claim, method, n) runs in a worker process with a timeout; a refutation counts
    only after the direct solver replays its counterexample; SAT instances answer their
    sample controls.

    Parameters
    ----------
    claim : str or sequence of str
        A claim id (see ``cgsat list``), several ids, or ``"all"`` for every registered
        claim (as ``--all``: claims without the selected methods are skipped).
    up_to : int, optional
        The largest n (default: each claim's quick bound).
    from_n : int, optional
        The smallest n (default: each claim's first size).
    target : bool, default False
        Run up to each claim's target bound instead (not with ``up_to``).
    methods : str or sequence of str, default "all"
        Method names (``"sat"``, ``"brute"``, ...), a comma-separated string, or "all".
    timeout : float, default 60
        Seconds per check (claim, method, n); a check that runs longer is killed, its size
        is unknown and larger sizes of that method are skipped (see ``stopped_short``).
    solver : str, default "cadical195"
        The PySAT solver (any PySAT name or alias).
    controls : int, default 16
        Sample controls per SAT instance: positions whose answers must equal the direct
        solver's.
    jobs : int, optional
        Worker processes (default: the number of cores).
    proof : bool, default False
        Check DRAT proofs of UNSAT answers.
    confirm_with : str, optional
        A second solver to re-solve every instance with.
    db : str, optional
        A results store (SQLite file) to reuse results from and add them to. By default
        the store is in memory: nothing is reused from or left behind by earlier runs
        (``cgsat check`` uses ``./cgsat-results.sqlite`` or ``$CGSAT_DB`` instead).
    force : bool, default False
        Rerun checks whose results the store already holds.
    on_result : callable, optional
        Called with each :class:`CheckResult` as it is known (in size order per method).
    on_note : callable, optional
        Called with each note on the plan before anything runs (they are also in
        ``CheckReport.notes``).
    progress : bool or Progress, default False
        True shows the plan and one line per finished size on stderr; the CLI passes a
        :class:`cgsat.engine.progress.Progress`.
    memory_limit : int, str or None, default "auto"
        Resident memory each check may use: bytes, a size such as ``"2G"`` or ``"500M"``,
        None or ``"none"`` for no limit, or ``"auto"``: 80 % of the machine's memory
        divided by ``jobs`` (:func:`cgsat.engine.memory.default_limit`). A check over it
        is unknown with reason ``"memory: over …"``, and its method stops short. With
        ``executor="dask"``, ``"auto"`` is each worker's default on its own machine.
    executor : {"local", "dask"}, default "local"
        Run the checks in a local process pool, or as tasks of a Dask cluster (the
        optional extra ``cgsat[dask]``; docs/cluster.md). Results come back here and only
        here are they stored.
    scheduler : str, optional
        The Dask scheduler's address (``tcp://host:8786``); needed by, and only by,
        ``executor="dask"``.
    external_solver : str, optional
        A command line of a DIMACS solver (SAT-competition output) that solves every SAT
        instance instead of ``solver``: the file is appended, or substituted for ``{cnf}``;
        with ``{proof}`` its DRAT proof is checked (:mod:`cgsat.sat.external`). Results
        are stored under the solver ``external:NAME``; controls still use ``solver``.

    Returns
    -------
    CheckReport

    Raises
    ------
    CgsatInputError
        For an unknown claim, method or solver, or a bad bound, timeout, count or memory
        limit.

    Examples
    --------
    >>> r = check("lumberjack.tuft", up_to=3, methods="mex", jobs=1)
    >>> [(x.n, x.status) for x in r.results], r.verified, r.exit_code
    ([(0, 'holds'), (1, 'holds'), (2, 'holds'), (3, 'holds')], {'lumberjack.tuft': {'mex': 3}}, 0)
    >>> check("no.such.claim")
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: unknown claim 'no.such.claim'; see `cgsat list`
    """
    # The check engine loads every paper's claims (about 0.5 s): imported here, so that
    # `cgsat value` and `import cgsat` do not pay for it.
    from cgsat.claims import Budget  # start-up time of cgsat value (see above)
    from cgsat.engine import runner  # start-up time of cgsat value (see above)
    from cgsat.engine.memory import resolve_limit  # start-up time of cgsat value (see above)
    from cgsat.engine.progress import Progress  # start-up time of cgsat value (see above)
    from cgsat.engine.store import Store, db_path  # start-up time of cgsat value (see above)
    from cgsat.papers.registry import all_claims, get_claim  # start-up time (see above)
    from cgsat.sat.external import external_name, wants_proof  # start-up time
    from cgsat.sat.solve import ExternalBudget  # start-up time of cgsat value (see above)
    from cgsat.sat.solvers import PROOF_SOLVERS, canonical_solver  # start-up time

    every = isinstance(claim, str) and claim == "all"
    if isinstance(claim, str):
        ids = [] if every else [claim]
    elif isinstance(claim, Sequence) and all(isinstance(c, str) for c in claim):
        ids = list(claim)
    else:
        raise CgsatInputError(f"a claim is an id such as 'timber.thm2.3', got {claim!r}")
    if not every and not ids:
        raise CgsatInputError("name at least one claim (see `cgsat list`) or give --all")
    if target and up_to is not None:
        raise CgsatInputError("give up_to or target, not both")
    for name, x in (("--from", from_n), ("--up-to", up_to)):
        if x is not None:
            whole_number(name, x, 0)
    if jobs is not None:
        whole_number("--jobs", jobs, 1)
    runner.check_executor(executor, scheduler)
    if executor == "dask" and jobs is not None:
        raise CgsatInputError("--jobs is for --executor local (a Dask cluster runs one "
                              "check per worker thread)")
    controls_count("--controls", controls)
    if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not timeout > 0:
        raise CgsatInputError(f"--timeout: a timeout must be positive, got {timeout!r}")
    if not isinstance(methods, str):
        methods = ",".join(methods)
    mem_limit: int | str | None = resolve_limit(memory_limit, jobs)
    if executor == "dask" and memory_limit == "auto":
        mem_limit = "auto"  # each worker's own default, on its own machine

    claims = all_claims() if every else [get_claim(c) for c in dict.fromkeys(ids)]
    solver = canonical_solver(solver)
    confirm = canonical_solver(confirm_with) if confirm_with else None
    if confirm == solver:
        raise CgsatInputError(f"--confirm-with must name a solver other than {solver!r}")
    if external_solver is not None:
        external_name(external_solver)  # bad input (an empty command) before anything runs
        if proof and not wants_proof(external_solver):
            raise CgsatInputError("--proof with --external-solver: the command must "
                                  "contain {proof}, where the solver writes its DRAT proof")
    elif proof and solver not in PROOF_SOLVERS:
        raise CgsatInputError(
            f"--proof: {solver!r} writes no DRAT proof PySAT can give us; use one of "
            + ", ".join(sorted(PROOF_SOLVERS)))
    chosen = {c.id: runner.select_methods(c, methods, strict=not every) for c in claims}
    claims = [c for c in claims if chosen[c.id]]
    if not claims:
        raise CgsatInputError(f"no registered claim has method {methods!r}")
    sizes = {c.id: runner.plan_sizes(c, from_n, up_to, target) for c in claims}
    options = {"timeout": float(timeout), "solver": solver, "proof": bool(proof),
               "confirm_with": confirm, "controls": controls}
    budget = (Budget(**options) if external_solver is None
              else ExternalBudget(**options, external=external_solver))
    notes = []
    for c in claims:
        for name in chosen[c.id]:
            limit = c.method(name).max_n
            if limit is not None and sizes[c.id].stop - 1 > limit:
                notes.append(f"{c.id} {name} runs only up to n={limit} (its size limit)")
                if on_note is not None:
                    on_note(notes[-1])
    if progress is True:
        progress = Progress(sys.stderr, bar=sys.stderr.isatty(), lines=True)
    shown = None if on_result is None else (lambda r: on_result(_check_result(r)))
    with Store(":memory:" if db is None else db_path(db)) as store:
        summary = runner.run_checks(claims, chosen, sizes, budget, store, jobs=jobs,
                                    force=force, on_result=shown,
                                    progress=progress or None, memory_limit=mem_limit,
                                    executor=executor, scheduler=scheduler)
    order = {c.id: i for i, c in enumerate(claims)}
    results = tuple(_check_result(r) for r in
                    sorted(summary.results, key=lambda r: (order[r.claim], r.method, r.n)))
    return CheckReport(
        results=results, verified=_verified(results),
        refutations=tuple(r for r in results if r.status == "refuted"),
        stopped_short=tuple(summary.short), problems=tuple(summary.problems),
        notes=tuple(notes), internal_error=summary.internal_error)
