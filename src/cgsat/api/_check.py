"""``cgsat.check``: check claims size by size (``cgsat check``)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from cgsat.api._inputs import controls_count, whole_number
from cgsat.claims import ALL_N
from cgsat.engine.result import CheckResult, Why
from cgsat.errors import CgsatInputError

if TYPE_CHECKING:  # a type only: the claim model loads with the engine, in check
    from cgsat.claims import Claim

__all__ = ["CheckReport", "CheckResult", "check"]


@dataclass(frozen=True)
class CheckReport:
    """What :func:`check` returns: every result and a summary of the run.

    Attributes
    ----------
    results : tuple of CheckResult
        Ordered by claim (as asked), method, n; the ``results`` of ``check --json``.
    verified : dict
        Claim id -> method -> the largest n up to which every size from the first one
        checked holds (vacuous sizes, and the gaps of a method's scope, neither count nor
        break the chain; a gap is shown as its result, ``unknown`` with ``gap: ...``), or
        None.
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
    for r in sorted((r for r in results if r.n != ALL_N), key=lambda r: r.n):
        lane = out.setdefault(r.claim, {})
        lane.setdefault(r.method, None)
        if (r.claim, r.method) in broken or r.status == "vacuous" or r.why is Why.GAP:
            continue  # a gap of the method's scope is never verified, and shown as such
        if r.status == "holds":
            lane[r.method] = r.n
        else:
            broken.add((r.claim, r.method))
    order = {(r.claim, r.method): i for i, r in enumerate(results)}
    return {c: dict(sorted(ms.items(), key=lambda kv: order[(c, kv[0])]))
            for c, ms in out.items()}


def _claim_ids(claim: object) -> tuple[bool, list[str | Claim]]:
    """``check``'s ``claim``: whether it is "all", and the ids (or claim objects: a user's
    own, :func:`cgsat.kit.claim`) it names."""
    from cgsat.claims import Claim  # start-up time of cgsat value (see check)

    every = isinstance(claim, str) and claim == "all"
    ids: list[str | Claim]
    if isinstance(claim, str | Claim):
        ids = [] if every else [claim]
    elif isinstance(claim, Sequence) and all(isinstance(c, str | Claim) for c in claim):
        ids = list(claim)
    else:
        raise CgsatInputError(f"a claim is an id such as 'timber.thm2.3' or a Claim, got "
                              f"{claim!r}")
    if not every and not ids:
        raise CgsatInputError("name at least one claim (see `cgsat list`) or give --all")
    return every, ids


def _claims_of(items: Sequence[str | Claim], get_claim: Callable[[str], Claim]
               ) -> list[Claim]:
    """The claims named (ids) or given (Claim objects), each once; a given claim must be
    a user claim (``user.<label>``) whose id is not registered, or a registered claim
    itself (:func:`cgsat.user.load.check_ids`)."""
    from cgsat.papers.registry import all_claims  # start-up time of cgsat value (see check)
    from cgsat.user.load import check_ids  # start-up time of cgsat value (see check)

    registered = {c.id for c in all_claims()}
    out: dict[str, Claim] = {}
    given = []
    for item in items:
        if isinstance(item, str):
            c = get_claim(item)
        else:
            c = item
            if not c.id.startswith("user.") and c.id in registered:
                if get_claim(c.id) is not c:
                    raise CgsatInputError(f"claim id {c.id!r} collides with a registered "
                                          "claim; a user claim's id is user.<label>")
            else:
                given.append(c)
        if c.id in out and out[c.id] is not c:
            raise CgsatInputError(f"two different claims have the id {c.id!r}")
        out[c.id] = c
    check_ids(given)
    return list(out.values())


def _own_claims(claims: Sequence[Claim], executor: str,
                on_note: Callable[[str], None] | None) -> list[str]:
    """A user's claims among ``claims``: refused on Dask (their file is not shipped), the
    fingerprint cache cleared (their file may have changed since the last check in this
    process); the notes of those with one method ("one method: not cross-checked")."""
    own = [c for c in claims if c.id.startswith("user.")]
    if own and executor == "dask":
        raise CgsatInputError(f"--executor dask: user claims ({own[0].id}) live in a file "
                              "of your own, which is not shipped to the cluster; run them "
                              "with --executor local")
    notes = []
    if own:
        from cgsat.engine.fingerprint import clear_cache  # start-up time of cgsat value

        clear_cache()
    for c in own:
        if len(c.methods) == 1:
            notes.append(f"{c.id}: {getattr(c, 'why', '') or 'one method: not cross-checked'}")
            if on_note is not None:
                on_note(notes[-1])
    return notes


def _solvers(solver: str, confirm_with: str | None, proof: bool,
             external_solver: str | None) -> tuple[str, str | None]:
    """``check``'s solver options, checked: the solver's and the confirming solver's
    canonical names."""
    from cgsat.sat.external import check_program, external_name, wants_proof  # start-up time
    from cgsat.sat.solvers import PROOF_SOLVERS, canonical_solver  # start-up time

    solver = canonical_solver(solver)
    if confirm_with is not None and not (isinstance(confirm_with, str)
                                         and confirm_with.strip()):
        # accepted and ignored before (issue 38): an empty name asks for no second solver
        raise CgsatInputError(f"--confirm-with: expected a solver name, got {confirm_with!r}"
                              "; leave the option out for no second solver")
    confirm = canonical_solver(confirm_with) if confirm_with else None
    if confirm == solver:
        raise CgsatInputError(f"--confirm-with must name a solver other than {solver!r}")
    if external_solver is not None:
        external_name(external_solver)  # bad input (an empty command) before anything runs
        if proof and not wants_proof(external_solver):
            raise CgsatInputError("--proof with --external-solver: the command must "
                                  "contain {proof}, where the solver writes its DRAT proof")
        check_program(external_solver)  # a missing solver is bad input too (exit 2)
    elif proof and solver not in PROOF_SOLVERS:
        raise CgsatInputError(
            f"--proof: {solver!r} writes no DRAT proof PySAT can give us; use one of "
            + ", ".join(sorted(PROOF_SOLVERS)))
    return solver, confirm


def _certificates_apply(claims: Sequence[Claim], chosen: dict[str, list[str]], proof: bool,
                        confirm: str | None, every: bool, notes: list[str],
                        on_note: Callable[[str], None] | None) -> None:
    """``--proof`` and ``--confirm-with`` act on the methods that call a SAT solver
    themselves (``uses_solver``); a claim none of whose chosen methods does (a user's claim:
    play and the ``find`` searches) would ignore them. Named, that is bad input; under
    ``--all``, a note per claim."""
    if not (proof or confirm):
        return
    flag = "--proof" if proof else "--confirm-with"
    for c in claims:
        if any(c.method(name).uses_solver for name in chosen[c.id]):
            continue
        why = (f"{flag} does not apply to {c.id}: none of its methods "
               f"({', '.join(chosen[c.id])}) calls a SAT solver that writes a DRAT proof or "
               "takes a second solver (play, or the cgsat find searches)")
        if not every:
            raise CgsatInputError(why + "; run it without " + flag)
        notes.append(why)
        if on_note is not None:
            on_note(why)


def check(  # noqa: PLR0913 - the API: one keyword per option of cgsat check
    claim: str | Claim | Sequence[str | Claim],
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
    claim : str, Claim, or sequence of them
        A claim id (see ``cgsat list``), a claim object (a user's own,
        :func:`cgsat.kit.claim`, id ``user.<label>``), several of them, or ``"all"`` for
        every registered claim (as ``--all``: claims without the selected methods are
        skipped).
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
    from cgsat.engine.executors.base import check_executor  # start-up time (see above)
    from cgsat.engine.memory import resolve_limit  # start-up time of cgsat value (see above)
    from cgsat.engine.progress import Progress  # start-up time of cgsat value (see above)
    from cgsat.engine.store import Store, db_path  # start-up time of cgsat value (see above)
    from cgsat.papers.registry import all_claims, get_claim  # start-up time (see above)
    from cgsat.sat.solve import ExternalBudget  # start-up time of cgsat value (see above)

    every, ids = _claim_ids(claim)
    if target and up_to is not None:
        raise CgsatInputError("give up_to or target, not both")
    for name, x in (("--from", from_n), ("--up-to", up_to)):
        if x is not None:
            whole_number(name, x, 0)
    if jobs is not None:
        whole_number("--jobs", jobs, 1)
    check_executor(executor, scheduler, jobs)
    controls_count("--controls", controls)
    if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not timeout > 0:
        raise CgsatInputError(f"--timeout: a timeout must be positive, got {timeout!r}")
    if not isinstance(methods, str):
        methods = ",".join(methods)
    mem_limit: int | str | None = resolve_limit(memory_limit, jobs)
    if executor == "dask" and memory_limit == "auto":
        mem_limit = "auto"  # each worker's own default, on its own machine

    claims = all_claims() if every else _claims_of(ids, get_claim)
    notes = _own_claims(claims, executor, on_note)
    solver, confirm = _solvers(solver, confirm_with, proof, external_solver)
    chosen = {c.id: runner.select_methods(c, methods, strict=not every) for c in claims}
    claims = [c for c in claims if chosen[c.id]]
    if not claims:
        raise CgsatInputError(f"no registered claim has method {methods!r}")
    _certificates_apply(claims, chosen, bool(proof), confirm, every, notes, on_note)
    sizes = {c.id: runner.plan_sizes(c, from_n, up_to, target) for c in claims}
    options: dict[str, Any] = {"timeout": float(timeout), "solver": solver,
                               "proof": bool(proof), "confirm_with": confirm,
                               "controls": controls}
    budget = (Budget(**options) if external_solver is None
              else ExternalBudget(**options, external=external_solver))
    for c in claims:
        for name in chosen[c.id]:
            limit = c.method(name).max_n
            if limit is not None and sizes[c.id].stop - 1 > limit:
                notes.append(f"{c.id} {name} runs only up to n={limit} (its size limit)")
                if on_note is not None:
                    on_note(notes[-1])
    if progress is True:
        progress = Progress(sys.stderr, bar=sys.stderr.isatty(), lines=True)
    with Store(":memory:" if db is None else db_path(db)) as store:
        summary = runner.run_checks(claims, chosen, sizes, budget, store, jobs=jobs,
                                    force=force, on_result=on_result,
                                    progress=progress or None, memory_limit=mem_limit,
                                    executor=executor, scheduler=scheduler)
    order = {c.id: i for i, c in enumerate(claims)}
    results = tuple(sorted(summary.results, key=lambda r: (order[r.claim], r.method, r.n)))
    verified = _verified(results)
    # an all-n result (issue 25) has n None, as in check --json (the field is typed int for
    # the runner, which keys sizes by it)
    results = tuple(replace(r, n=None)  # type: ignore[arg-type]  # n None: all-n, as in JSON
                    if r.n == ALL_N else r for r in results)
    return CheckReport(
        results=results, verified=verified,
        refutations=tuple(r for r in results if r.status == "refuted"),
        stopped_short=tuple(summary.short), problems=tuple(summary.problems),
        notes=tuple(notes), internal_error=summary.internal_error)
