"""The Python API of cgsat: :func:`value`, :func:`check` and :func:`find`, for notebooks.

Each function takes what its command takes and returns a plain frozen dataclass whose
fields are those of the command's ``--json`` output (docs/reference.md), with a
``to_json()`` method that gives that JSON object. The commands (``cgsat value``, ``cgsat
check``, ``cgsat find``) are thin layers over these functions: they parse arguments, call
them and print.

Bad input raises :class:`cgsat.errors.CgsatInputError` with the one-line message the CLI
prints (it names the offending token; where it names an option, the option is the CLI's
spelling, e.g. ``--misere`` for ``misere=True``).

>>> import cgsat
>>> cgsat.value("toppling", "LRL LR").value
'1/2+*'
>>> cgsat.value("timber-path", "LLRRLR").outcome
'P'

``check`` and ``find`` load the check engine (every paper's claims, the SAT encodings) on
first use, about half a second; ``value`` does not, so ``cgsat value`` starts quickly.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cgsat.cgt.impartial import solver_for
from cgsat.cgt.partizan_values import describe_partizan
from cgsat.cgt.tuft import tuft_nim_value, tuft_winning_moves
from cgsat.errors import CgsatInputError
from cgsat.games import RULESET_NAMES, get_ruleset
from cgsat.games.base import ImpartialRuleset

__all__ = ["CheckReport", "CheckResult", "FindResult", "Move", "ValueResult", "check",
           "find", "value"]


# -- value ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Move:
    """A winning move: who makes it (``"L"``, ``"R"``, or None in an impartial game), the
    move in the ruleset's syntax, and the position it leads to."""

    player: str | None
    move: str
    to: str

    def to_json(self) -> dict[str, Any]:
        """``{"player", "move", "to"}``, as in ``value --json``."""
        return {"player": self.player, "move": self.move, "to": self.to}


@dataclass(frozen=True)
class ValueResult:
    """The answer of :func:`value` for one position (the object of ``cgsat value --json``).

    Attributes
    ----------
    ruleset : str
        The ruleset's name, as given.
    position : str
        The position, normalised (as cgsat prints it).
    outcome : str
        ``"P"``, ``"N"``, ``"L"`` or ``"R"``.
    nim : int or None
        The nim-value (impartial rulesets, normal play), else None.
    value : str or None
        The canonical form in CGSuite notation (partizan rulesets), else None.
    winning_moves : tuple of Move
        Every move to an option the mover wins from (empty when no move wins).
    method : str or None
        ``"tuft"`` when the Tuft principle gave the answer (Lumberjack beyond exhaustive
        play), else None.
    """

    ruleset: str
    position: str
    outcome: str
    nim: int | None = None
    value: str | None = None
    winning_moves: tuple[Move, ...] = ()
    method: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The object ``cgsat value --json`` prints (``nim``, ``value`` and ``method`` only
        when set).

        Examples
        --------
        >>> value("timber", "0>1 1>2 1>3").to_json()  # doctest: +NORMALIZE_WHITESPACE
        {'ruleset': 'timber', 'position': '0>1 1>2 1>3', 'outcome': 'N', 'nim': 1,
         'winning_moves': [{'player': None, 'move': '0>1', 'to': '()'}]}
        """
        out: dict[str, Any] = {"ruleset": self.ruleset, "position": self.position,
                               "outcome": self.outcome}
        if self.nim is not None:
            out["nim"] = self.nim
        if self.value is not None:
            out["value"] = self.value
        out["winning_moves"] = [m.to_json() for m in self.winning_moves]
        if self.method is not None:
            out["method"] = self.method
        return out


def _moves(items: Any) -> tuple[Move, ...]:
    return tuple(Move(m["player"], m["move"], m["to"]) for m in items)


def _impartial(ruleset: ImpartialRuleset, name: str, text: str, misere: bool) -> ValueResult:
    position = ruleset.parse(text)
    if (ruleset.name == "lumberjack" and not misere
            and ruleset.size(position) > ruleset.exhaustive_limit):
        # Lumberjack under normal play beyond exhaustive play: the Tuft principle, the
        # claim lumberjack.tuft (checked against plain recursion), O(n^2) for n edges.
        nim = tuft_nim_value(position)
        return ValueResult(
            name, ruleset.format(position), "P" if nim == 0 else "N", nim=nim,
            winning_moves=tuple(Move(None, move, ruleset.format(option))
                                for move, option in tuft_winning_moves(position)),
            method="tuft")
    solver = solver_for(ruleset)
    return ValueResult(
        name, ruleset.format(position), solver.outcome(position, misere=misere),
        nim=None if misere else solver.nim_value(position),
        winning_moves=tuple(Move(None, move, ruleset.format(option))
                            for move, option in solver.winning_moves(position, misere=misere)))


def value(ruleset: str, position: str, misere: bool = False, *,
          distances: str | None = None) -> ValueResult:
    """Solve one position: its outcome, its value and its winning moves.

    The direct recursive solver plays the position out (impartial rulesets: outcome and
    nim-value; partizan rulesets: the canonical form), as ``cgsat value`` does.

    Parameters
    ----------
    ruleset : str
        ``"timber"``, ``"timber-path"``, ``"phyminoes"``, ``"lumberjack"``, ``"thickets"``,
        ``"green-cordon"`` or ``"toppling"``.
    position : str
        A position in the ruleset's syntax (docs/reference.md), e.g. ``"LRRLL"`` or
        ``"0>1 1>2"``.
    misere : bool, default False
        Misère play (impartial rulesets only); there is then no nim-value.
    distances : {"minus-edge", "graph"}, optional
        Phyminoes only: measure distances in G - xy (the default) or in G.

    Returns
    -------
    ValueResult

    Raises
    ------
    CgsatInputError
        For an unknown ruleset, a position that does not parse, misère play of a partizan
        ruleset, or a position too large for exhaustive play (:class:`TooLargeError`).

    Examples
    --------
    >>> v = value("toppling", "LRRLL")
    >>> v.outcome, v.value, v.winning_moves[0]
    ('L', '{1|*}', Move(player='L', move='0E', to='()'))
    >>> value("green-cordon", "7:2,4,5").nim
    4
    >>> value("timber-path", "LR", misere=True).nim is None
    True
    >>> value("toppling", "LQ")
    Traceback (most recent call last):
    ...
    cgsat.errors.PositionError: toppling: unknown letter 'Q' at index 1 of row 'LQ' (use L, R, E)
    """
    if not isinstance(ruleset, str):
        raise CgsatInputError(f"a ruleset is a name such as 'toppling', got {ruleset!r}")
    if not isinstance(position, str):
        raise CgsatInputError(
            f"{ruleset}: a position is a string in the ruleset's syntax, got {position!r}")
    variant = {}
    if distances is not None:
        if ruleset != "phyminoes":
            raise CgsatInputError("--distances applies to the phyminoes ruleset only")
        if distances not in ("minus-edge", "graph"):
            raise CgsatInputError(
                f"--distances {distances!r}: expected 'minus-edge' or 'graph'")
        variant["distances"] = distances
    rules = get_ruleset(ruleset, **variant)
    if rules.impartial:
        return _impartial(rules, ruleset, position, bool(misere))
    if misere:
        raise CgsatInputError(f"{rules.name}: --misere applies to impartial rulesets only")
    d = describe_partizan(rules, position)
    return ValueResult(d["ruleset"], d["position"], d["outcome"], value=d["value"],
                       winning_moves=_moves(d["winning_moves"]))


# -- check ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class CheckResult:
    """One size of one method of one claim (an element of ``check --json``'s results).

    Attributes
    ----------
    claim, n, method, status
        The claim id, the size, the method, and ``"holds"``, ``"refuted"``, ``"unknown"``,
        ``"error"`` or ``"vacuous"``.
    seconds, counterexample, reason, instance, solver, certificate, controls, reused
        As in ``check --json`` (docs/reference.md); ``reused`` is True when the result
        came from the store.
    detail : str or None
        Why a counterexample breaks the statement (not in the JSON).
    problem : str or None
        A disagreement, failed control or bad replay (a bug; not in the JSON).
    """

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
    reused: bool = False
    detail: str | None = field(default=None, compare=False)
    problem: str | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The object of one result in ``check --json``."""
        return {
            "claim": self.claim, "n": self.n, "method": self.method, "status": self.status,
            "seconds": self.seconds, "counterexample": self.counterexample,
            "reason": self.reason, "instance": self.instance, "solver": self.solver,
            "certificate": self.certificate, "controls": self.controls,
            "reused": self.reused,
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
                "exit_code": self.exit_code,
            },
        }


def _check_result(res: Any) -> CheckResult:
    """A :class:`CheckResult` from a runner result (:class:`cgsat.verify.runner.Result`)."""
    return CheckResult(
        res.claim, res.n, res.method, res.status, res.seconds, res.counterexample, res.reason,
        res.instance, res.solver, res.certificate, res.controls, res.stored, res.detail,
        res.problem)


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
    for r in sorted(results, key=lambda r: r.n):
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


def _whole(name: str, x: Any, least: int) -> int:
    """``x`` as a whole number at least ``least`` (0 or 1), else the CLI's message."""
    if isinstance(x, bool) or not isinstance(x, int):
        raise CgsatInputError(f"{name}: expected a whole number, got {x!r}")
    if x < least:
        raise CgsatInputError(f"{name}: a bound must be at least 0, got {x}" if least == 0
                              else f"{name}: expected a positive whole number, got {x}")
    return x


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
        :class:`cgsat.verify.progress.Progress`.

    Returns
    -------
    CheckReport

    Raises
    ------
    CgsatInputError
        For an unknown claim, method or solver, or a bad bound, timeout or count.

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
    from cgsat.verify.claims import Budget  # start-up time of cgsat value (see above)
    from cgsat.verify.progress import Progress  # start-up time of cgsat value (see above)
    from cgsat.verify.registry import all_claims, get_claim  # start-up time (see above)
    from cgsat.verify.runner import plan_sizes, run_checks, select_methods  # start-up time
    from cgsat.verify.solvers import PROOF_SOLVERS, canonical_solver  # start-up time
    from cgsat.verify.store import Store, db_path  # start-up time of cgsat value (see above)

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
            _whole(name, x, 0)
    if jobs is not None:
        _whole("--jobs", jobs, 1)
    if isinstance(controls, bool) or not isinstance(controls, int):
        raise CgsatInputError(f"--controls: expected a whole number, got {controls!r}")
    if controls < 0:
        raise CgsatInputError(
            f"--controls: the number of controls must be at least 0, got {controls}")
    if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not timeout > 0:
        raise CgsatInputError(f"--timeout: a timeout must be positive, got {timeout!r}")
    if not isinstance(methods, str):
        methods = ",".join(methods)

    claims = all_claims() if every else [get_claim(c) for c in dict.fromkeys(ids)]
    solver = canonical_solver(solver)
    confirm = canonical_solver(confirm_with) if confirm_with else None
    if confirm == solver:
        raise CgsatInputError(f"--confirm-with must name a solver other than {solver!r}")
    if proof and solver not in PROOF_SOLVERS:
        raise CgsatInputError(
            f"--proof: {solver!r} writes no DRAT proof PySAT can give us; use one of "
            + ", ".join(sorted(PROOF_SOLVERS)))
    chosen = {c.id: select_methods(c, methods, strict=not every) for c in claims}
    claims = [c for c in claims if chosen[c.id]]
    if not claims:
        raise CgsatInputError(f"no registered claim has method {methods!r}")
    sizes = {c.id: plan_sizes(c, from_n, up_to, target) for c in claims}
    budget = Budget(timeout=float(timeout), solver=solver, proof=bool(proof),
                    confirm_with=confirm, controls=controls)
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
        summary = run_checks(claims, chosen, sizes, budget, store, jobs=jobs, force=force,
                             on_result=shown, progress=progress or None)
    order = {c.id: i for i, c in enumerate(claims)}
    results = tuple(_check_result(r) for r in
                    sorted(summary.results, key=lambda r: (order[r.claim], r.method, r.n)))
    return CheckReport(
        results=results, verified=_verified(results),
        refutations=tuple(r for r in results if r.status == "refuted"),
        stopped_short=tuple(summary.short), problems=tuple(summary.problems),
        notes=tuple(notes), internal_error=summary.internal_error)


# -- find -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class FindResult:
    """What :func:`find` returns (the object of ``cgsat find --json``).

    Attributes
    ----------
    ruleset : str
        The ruleset searched.
    query : dict
        The search as cgsat read it: the shape (``length``, ``max_length``, ``shape`` or
        ``height``), the target (``value``, ``outcome``, ``misere``, ...) and ``mode``.
    positions : tuple of str or None
        The positions found (at most one with ``mode="one"``), each replayed by the direct
        solver; None with ``mode="count"``.
    count : int or None
        How many positions match (``mode="count"``), else None.
    counted_by : tuple of str
        The counting methods used (impartial rulesets with ``mode="count"``; not in the
        JSON).
    """

    ruleset: str
    query: dict[str, Any]
    positions: tuple[str, ...] | None = None
    count: int | None = None
    counted_by: tuple[str, ...] = field(default=(), compare=False)

    def to_json(self) -> dict[str, Any]:
        """``{"ruleset", "query", "positions": [...]}``, or with ``mode="count"``
        ``{"ruleset", "query", "count"}``, as ``cgsat find --json`` prints."""
        out: dict[str, Any] = {"ruleset": self.ruleset, "query": self.query}
        if self.count is not None:
            out["count"] = self.count
        else:
            out["positions"] = list(self.positions or ())
        return out


_LABEL = re.compile(r"^[A-Za-z0-9_]+$")


def _shape_edges(text: str) -> list[tuple[str, str]]:
    """The edges of ``shape``: ``u-v`` separated by spaces or commas.

    Examples
    --------
    >>> _shape_edges("0-1 1-2, 01-3")
    [('0', '1'), ('1', '2'), ('1', '3')]
    >>> _shape_edges("0-1 1>2")
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: --shape: bad edge '1>2' (write edges as u-v)
    """
    edges = []
    for token in re.split(r"[\s,]+", text.strip()):
        if not token:
            continue
        parts = token.split("-")
        if len(parts) != 2 or not all(_LABEL.match(p) for p in parts):
            raise CgsatInputError(f"--shape: bad edge {token!r} (write edges as u-v)")
        u, v = (str(int(p)) if p.isdigit() else p for p in parts)
        if u == v:
            raise CgsatInputError(f"--shape: self-loop {token!r}")
        edges.append((u, v))
    if not edges:
        raise CgsatInputError("--shape: no edges given (write edges as u-v, e.g. '0-1 1-2')")
    seen = set()
    for (u, v) in edges:
        if frozenset((u, v)) in seen:
            raise CgsatInputError(f"--shape: repeated edge {u}-{v}")
        seen.add(frozenset((u, v)))
    return edges


def _nim_value(text: str) -> int | None:
    """``0``, ``*``, ``*k`` as a nim-value, else None.

    Examples
    --------
    >>> _nim_value("*2"), _nim_value("0"), _nim_value("*"), _nim_value("1/2")
    (2, 0, 1, None)
    """
    t = text.strip()
    if t in ("0", "*0"):
        return 0
    if t == "*":
        return 1
    if t.startswith("*") and t[1:].isdigit():
        return int(t[1:])
    return None


def _find_impartial(name: str, query: dict[str, Any], value: str | None, outcome: str | None,
                    misere: bool, alphabet: str | None, distances: str | None,
                    mode: str) -> FindResult:
    """Timber, Toppling Peaks (``timber-path``) and Phyminoes: every colouring of a shape."""
    from cgsat.encodings.timber_graphs import graph_shape  # start-up time of cgsat value
    from cgsat.verify.search import impartial as search  # start-up time of cgsat value
    from cgsat.verify.search.impartial import Target  # start-up time of cgsat value

    if value is not None:
        k = _nim_value(value)
        if k is None:
            raise CgsatInputError(f"--value {value!r} is not a nim-value; impartial rulesets "
                                  "take 0, *, *2, *3, ...")
        if misere and k != 0:
            raise CgsatInputError(
                f"--value {value} with --misere: misère play has no nim-values here; "
                "use --value 0 (or --outcome P|N) with --misere")
        target = Target("P", None, misere) if k == 0 else Target(None, k, False)
    elif outcome not in ("P", "N"):
        raise CgsatInputError(f"--outcome {outcome}: impartial rulesets have outcomes P and "
                              "N only")
    else:
        target = Target(outcome, None, misere)
    if distances is not None and name != "phyminoes":
        raise CgsatInputError("--distances applies to the phyminoes ruleset only")
    if alphabet not in (None, "LR"):
        raise CgsatInputError(f"--alphabet {alphabet} applies to toppling only")
    if name == "timber-path":
        if "shape" in query or "height" in query:
            raise CgsatInputError("timber-path takes --length N or --max-length N")
        lengths = ([query["length"]] if "length" in query
                   else list(range(1, query["max_length"] + 1)))
        ruleset = get_ruleset("timber-path")
        instances: Any = (search.build_path(n, target) for n in lengths)  # built lazily
    else:
        if "shape" not in query:
            raise CgsatInputError(f"{name} takes --shape EDGES, e.g. --shape \"0-1 1-2 1-3\"")
        shape = graph_shape(_shape_edges(query["shape"]))
        query["shape"] = " ".join(f"{u}-{v}" for u, v in shape.edges)
        if name == "phyminoes":
            query["distances"] = distances = distances or "minus-edge"
            ruleset = get_ruleset("phyminoes", distances=distances)
        else:
            distances, ruleset = "minus-edge", get_ruleset("timber")
        instances = [search.build_graph(shape, target, name, distances)]
    query.update(target.describe())
    query["mode"] = mode
    if mode == "count":
        total, methods = search.count_matching(ruleset, instances, target)
        return FindResult(name, query, count=total, counted_by=tuple(sorted(methods)))
    if mode == "all":
        found = search.all_positions(ruleset, instances, target)
    else:
        found = search.first_position(ruleset, instances, target)
    printed = [ruleset.format(ruleset.parse(p)) for p in found]
    if mode == "all":
        printed.sort(key=lambda p: (len(p), p))
    return FindResult(name, query, positions=tuple(printed))


def _find_cordon(query: dict[str, Any], value: str | None, outcome: str | None,
                 misere: bool, alphabet: str | None, distances: str | None,
                 mode: str) -> FindResult:
    """Green cordons of one height (*Thinning Thickets*, Theorems 3.2-3.5)."""
    from cgsat.verify.search import Disagreement  # start-up time of cgsat value
    from cgsat.verify.search.green_cordon import search  # start-up time of cgsat value

    if "height" not in query:
        raise CgsatInputError("green-cordon takes --height N")
    if alphabet is not None:
        raise CgsatInputError("--alphabet applies to toppling only")
    if distances is not None:
        raise CgsatInputError("--distances applies to the phyminoes ruleset only")
    nim = None
    if value is not None:
        nim = _nim_value(value)
        if nim is None:
            raise CgsatInputError(
                f"green-cordon: --value {value!r} is not a nim-value (0, *, *2, ...)")
        if misere:
            raise CgsatInputError(
                "--misere selects by --outcome P|N (nim-values are normal play)")
    elif outcome not in ("P", "N"):
        raise CgsatInputError("green-cordon is impartial: --outcome takes P or N")
    query = {"height": query["height"], "mode": mode, "misere": misere}
    query.update({"value": value} if value is not None else {"outcome": outcome})
    result = search(query["height"], nim, outcome if nim is None else None, misere, mode)
    if result.disagreement is not None:
        raise Disagreement(f"green-cordon {result.disagreement}: SAT found it for {query}, "
                           "but exhaustive play disagrees", result.disagreement)
    if mode == "count":
        return FindResult("green-cordon", query, count=result.count)
    return FindResult("green-cordon", query, positions=tuple(result.positions))


def _find_toppling(query: dict[str, Any], value: str | None, outcome: str | None,
                   misere: bool, alphabet: str | None, distances: str | None,
                   mode: str) -> FindResult:
    """Toppling Dominoes rows (*Toppling Conjectures*)."""
    from cgsat.cgt.notation import parse as parse_game  # start-up time of cgsat value
    from cgsat.verify.search import Disagreement  # start-up time of cgsat value
    from cgsat.verify.search.toppling import search_rows  # start-up time of cgsat value

    if "shape" in query or "height" in query:
        raise CgsatInputError("toppling takes --length N or --max-length N")
    if misere:
        raise CgsatInputError("--misere applies to impartial rulesets only")
    if distances is not None:
        raise CgsatInputError("--distances applies to the phyminoes ruleset only")
    lengths = ([query["length"]] if "length" in query
               else list(range(1, query["max_length"] + 1)))
    query["alphabet"] = alphabet = alphabet or "LRE"
    game = None
    if value is not None:
        game = parse_game(value)
        query["value"] = str(game)
    else:
        query["outcome"] = outcome
    query["mode"] = mode
    try:
        found = search_rows(lengths, game, outcome, alphabet, mode)
    except Disagreement as exc:
        raise Disagreement(f"toppling {exc.position}: the SAT search found it for {query}, "
                           "but the direct solver disagrees", exc.position) from None
    if mode == "count":
        return FindResult("toppling", query, count=len(found))
    rows = sorted((row or "()" for row in found), key=lambda p: (len(p), p))
    return FindResult("toppling", query, positions=tuple(rows))


def find(
    ruleset: str,
    *,
    length: int | None = None,
    max_length: int | None = None,
    shape: str | None = None,
    height: int | None = None,
    value: str | int | None = None,
    outcome: str | None = None,
    misere: bool = False,
    alphabet: str | None = None,
    distances: str | None = None,
    mode: str = "one",
) -> FindResult:
    """Search a whole shape by SAT for positions with a given value or outcome.

    One SAT instance covers every position of the shape (its colours are variables); every
    position returned has been replayed by the direct solver. As ``cgsat find``.

    Parameters
    ----------
    ruleset : {"timber-path", "timber", "phyminoes", "green-cordon", "toppling"}
    length, max_length : int, optional
        ``timber-path`` and ``toppling``: words or rows of exactly ``length`` letters, or of
        every length 1..``max_length``.
    shape : str, optional
        ``timber`` and ``phyminoes``: the undirected edges ``u-v`` of a graph, separated by
        spaces or commas; every orientation is searched.
    height : int, optional
        ``green-cordon``: the height of the cordons.
    value : str, optional
        The value to match: a nim-value ``"0"``, ``"*"``, ``"*k"`` for impartial rulesets,
        a game in CGSuite notation for ``toppling`` (``"{{1|0}|0}"``, ``"^*"``). Give
        ``value`` or ``outcome``.
    outcome : {"P", "N", "L", "R"}, optional
        The outcome class to match (``P``/``N`` for impartial rulesets).
    misere : bool, default False
        Misère play (impartial rulesets; with ``outcome`` or ``value="0"``).
    alphabet : {"LRE", "LR"}, optional
        ``toppling``: the dominoes allowed (default ``LRE``).
    distances : {"minus-edge", "graph"}, optional
        ``phyminoes``: how distances are measured (default ``minus-edge``).
    mode : {"one", "all", "count"}, default "one"
        At most one position, every position (raw: a position and its reversal are both
        listed), or their number.

    Returns
    -------
    FindResult

    Raises
    ------
    CgsatInputError
        For bad input: an unsupported ruleset, a shape option that does not apply, a
        malformed value, or more than 100,000 positions with ``mode="all"``.
    cgsat.verify.search.Disagreement
        When the direct solver disagrees with a position SAT found (a bug in cgsat).

    Examples
    --------
    >>> find("toppling", max_length=9, value="{{1|0}|0}", mode="all").positions
    ('RLLLR',)
    >>> find("timber-path", length=6, value=0, mode="count").count
    5
    >>> find("green-cordon", height=5, outcome="P", mode="all").positions
    ('5:2', '5:4', '5:2,3,4')
    >>> find("lumberjack", length=3, value=0)
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: find does not support the lumberjack ruleset
    """
    if ruleset not in ("timber", "timber-path", "phyminoes", "green-cordon", "toppling"):
        if ruleset in RULESET_NAMES:
            raise CgsatInputError(f"find does not support the {ruleset} ruleset")
        raise CgsatInputError(
            f"unknown ruleset {ruleset!r}; expected one of: {', '.join(RULESET_NAMES)}")
    given = {k: x for k, x in (("length", length), ("max_length", max_length),
                               ("shape", shape), ("height", height)) if x is not None}
    if len(given) != 1:
        raise CgsatInputError("give exactly one of length, max_length, shape, height")
    for k, x in given.items():
        if k == "shape":
            if not isinstance(x, str):
                raise CgsatInputError(f"--shape: expected edges such as '0-1 1-2', got {x!r}")
        else:
            _whole("--" + k.replace("_", "-"), x, 1 if k == "max_length" else 0)
    if (value is None) == (outcome is None):
        raise CgsatInputError("give value or outcome (one of them)")
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if value is not None and not isinstance(value, str):
        raise CgsatInputError(f"--value: expected a value such as '*2' or '{{1|0}}', "
                              f"got {value!r}")
    if outcome is not None and outcome not in ("P", "N", "L", "R"):
        raise CgsatInputError(f"--outcome: expected one of P, N, L, R, got {outcome!r}")
    if alphabet not in (None, "LR", "LRE"):
        raise CgsatInputError(f"--alphabet: expected 'LR' or 'LRE', got {alphabet!r}")
    if distances not in (None, "minus-edge", "graph"):
        raise CgsatInputError(f"--distances: expected 'minus-edge' or 'graph', got "
                              f"{distances!r}")
    if mode not in ("one", "all", "count"):
        raise CgsatInputError(f"mode: expected 'one', 'all' or 'count', got {mode!r}")
    misere = bool(misere)
    if ruleset == "green-cordon":
        return _find_cordon(given, value, outcome, misere, alphabet, distances, mode)
    if ruleset == "toppling":
        return _find_toppling(given, value, outcome, misere, alphabet, distances, mode)
    return _find_impartial(ruleset, given, value, outcome, misere, alphabet, distances, mode)
