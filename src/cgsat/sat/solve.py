"""The one path from a SAT instance to a verdict.

Every SAT method of every claim, and every SAT search of ``cgsat find``, solves through this
module, so that solver choice (``--solver``), DRAT proofs (``--proof``), re-solving with a
second solver (``--confirm-with``), instance sizes and certificates are handled once:

- :class:`SatRun` collects the instances one method solves at one size (one or many) and
  sums them into one :class:`~cgsat.claims.Verdict`: UNSAT everywhere is "holds",
  a model decoded into a position is "refuted" (the runner then has the direct solver
  replay it, :func:`cgsat.engine.task.run_check`);
- :func:`sat_verdict` is the common case of one instance;
- :func:`solve_cnf` solves one :class:`~cgsat.encodings.cnf.ClauseBuffer` with proofs and
  second solvers. The timeout is enforced by the runner, which kills the worker process.

Formulas come from :mod:`cgsat.encodings`, which build and never solve.

Certificates (docs/reference.md, "JSON output") are ``{"kind","checker","verdict","sha256"}``:

- ``kind "drat"``: the solver's DRAT proof of an UNSAT answer, checked by an established
  checker (drat-trim when ``$CGSAT_DRAT_TRIM`` or ``drat-trim`` on PATH exists, else
  dratify) and by cgsat's own (:func:`cgsat.sat.drat.check_refutation`); ``checker``
  names those that verified it (``"dratify+cgsat-drat"``), ``sha256`` is the proof's hash;
- ``kind "second-solver"``: a second solver (``--confirm-with``) re-solved the same DIMACS
  and agreed; ``checker`` names it and ``sha256`` is the DIMACS hash (stored rows from
  before issue 12 call this kind ``"confirm"``);
- ``kind "drat+second-solver"``: both;
- ``kind "model"``: a SAT answer whose model was checked against every clause.

A :class:`SatRun` records a certificate for every instance, SAT or UNSAT, and sums them with
:func:`~cgsat.sat.certificates.combine`: a size whose instances were all SAT (a method
that finds a witness per case and replays it) is backed by its checked models, one solved
on a live PySAT solver (no certificate) leaves the whole size without one.

Two more ways out of the solve path (issue 16, part 3):

Both are fields of :class:`ExternalBudget`, a :class:`~cgsat.claims.Budget` with two
more fields (kept out of ``Budget`` itself, which every method imports, so that adding them
left the fingerprints of the methods that never solve unchanged):

- ``budget.external``: every instance goes to an external DIMACS solver
  (:mod:`cgsat.sat.external`) instead of PySAT; its model is checked against every
  clause and its DRAT proof (``{proof}``) checked as usual. The controls of an instance
  run on the same external solver (:meth:`SatRun.control`: the DIMACS with the control's
  assumptions as unit clauses), so that a solver that answers UNSAT to everything, or
  nothing, fails them (issue 24, item 3).
- ``budget.export`` (an :class:`Export`): the instance it selects (by label; the first by
  default) is not solved but raised as :class:`InstanceExported`, with its selectors and
  assumptions as unit clauses, so that the DIMACS is UNSAT exactly when the method says
  "holds" for it (``cgsat export-cnf``).

A :class:`ClauseBuffer` holds plain clauses only (no native cardinality constraints), so
every proof-checked run is clausal by construction.

A verdict that fails its certificate is not an answer: :class:`SolverDisagreement` is
raised, and the runner reports it loudly (exit code 3).
"""

from __future__ import annotations

import functools
import hashlib
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np
from pysat.formula import IDPool
from pysat.solvers import Solver

from cgsat.claims import Budget, Verdict
from cgsat.encodings.cnf import ClauseBuffer, pool_names
from cgsat.errors import CgsatInputError
from cgsat.sat import drat
from cgsat.sat.certificates import Certificate, combine, fits
from cgsat.sat.external import (
    ExternalSolverError,
    external_name,
    solve_external,
    wants_proof,
)
from cgsat.sat.loader import load
from cgsat.sat.solvers import PROOF_SOLVERS, SolverDisagreement, canonical_solver

__all__ = ["Control", "Export", "ExternalBudget", "InstanceExported", "LiveSolver", "SatOutcome",
           "SatRun", "Sink", "check_model", "check_proof", "expect_sat", "export_of", "external_of",
           "sat_verdict", "solve_cnf"]


@dataclass
class SatOutcome:
    """What :func:`solve_cnf` found.

    Attributes
    ----------
    sat : bool
        True for SAT (``model`` set), False for UNSAT.
    model : list of int or None
        The model (as PySAT returns it) for SAT.
    instance : dict
        ``{"vars": V, "clauses": C}``.
    dimacs_sha256 : str
        sha256 of the DIMACS text.
    certificate : dict or None
        ``{"kind","checker","verdict","sha256"}`` when a proof, a confirmation or a model
        check was made.
    solver : str
        The canonical solver name.
    seconds : float
        Solving time (not building).
    """

    sat: bool
    model: list[int] | None
    instance: dict[str, int]
    dimacs_sha256: str
    certificate: dict[str, str] | None
    solver: str
    seconds: float
    notes: list[str] = field(default_factory=list)

    def true_vars(self) -> set[int]:
        return {lit for lit in (self.model or []) if lit > 0}


@dataclass(eq=False)
class Export:
    """A request to write one instance as DIMACS instead of solving it (``Budget.export``).

    Attributes
    ----------
    target : str or None
        The label of the instance to write (:meth:`SatRun.solve`); None: the first.
    seen : list of str
        The labels of the instances the method reached, in order (filled by the solve
        path, across every :class:`SatRun` of the method, for the error when ``target``
        is never reached).
    """

    target: str | None = None
    seen: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ExternalBudget(Budget):
    """A :class:`~cgsat.claims.Budget` that sends instances to an external solver or
    exports one; methods take it wherever they take a Budget.

    Attributes
    ----------
    external : str or None
        Command line of an external DIMACS solver (``--external-solver CMD``) that solves
        every instance instead of ``solver`` (:mod:`cgsat.sat.external`), and answers
        the controls of every instance too.
    export : Export or None
        Write one instance as DIMACS instead of solving it (``cgsat export-cnf``): the
        solve path raises :class:`InstanceExported`.

    Examples
    --------
    >>> b = ExternalBudget(external="picosat", controls=4)
    >>> external_of(b), export_of(b) is None, external_of(Budget())
    ('picosat', True, None)
    """

    external: str | None = None
    export: Export | None = None


def external_of(budget: Budget) -> str | None:
    """The external solver's command line ``budget`` asks for (None: PySAT)."""
    return budget.external if isinstance(budget, ExternalBudget) else None


def export_of(budget: Budget) -> Export | None:
    """The export ``budget`` asks for (None: solve every instance)."""
    return budget.export if isinstance(budget, ExternalBudget) else None


class InstanceExported(Exception):  # not an error (no Error suffix): the export's way out
    """Raised by the solve path with the instance :class:`Export` asked for.

    Attributes
    ----------
    cnf : ClauseBuffer
        The instance with its assumptions as unit clauses: UNSAT exactly when the method
        would say "holds" for it.
    pool : IDPool or None
        Its variable pool (None when the method built the instance outside
        :meth:`SatRun.new`, as :func:`sat_verdict` methods do).
    label : str
        The instance's label.
    """

    def __init__(self, cnf: ClauseBuffer, pool: IDPool | None, label: str) -> None:
        super().__init__(f"instance {label} exported")
        self.cnf = cnf
        self.pool = pool
        self.label = label


def _export_point(export: Export, cnf: ClauseBuffer, pool: IDPool | None,
                  label: str | None) -> None:
    """Raise :class:`InstanceExported` when ``export`` selects this instance; else note its
    label. ``label`` None: the 1-based index among the instances reached so far."""
    label = str(len(export.seen) + 1) if label is None else str(label)
    export.seen.append(label)
    if export.target is None or export.target == label:
        if pool is not None:
            pool_names(pool)  # encodings that name their variables on demand (issue 27)
        raise InstanceExported(cnf, pool, label)


def _solve_once(name: str, cnf: ClauseBuffer,
                want_proof: bool) -> tuple[bool, list[int] | None, list[str] | None]:
    kwargs = {"with_proof": True} if want_proof else {}
    with Solver(name=name, **kwargs) as s:
        if want_proof:  # the proof tracer sees the clauses through PySAT's own entry
            for c in cnf:
                s.add_clause(c)
        else:
            load(s, name, cnf.flat())  # in one call where the solver allows (issue 27)
        sat = s.solve()
        model = s.get_model() if sat else None
        proof = s.get_proof() if (want_proof and not sat) else None
    return sat, model, proof


def check_model(cnf: ClauseBuffer, model: Sequence[int]) -> bool:
    """Whether ``model`` satisfies every clause of ``cnf``.

    Examples
    --------
    >>> check_model(ClauseBuffer([[1, 2], [-1]]), [-1, 2])
    True
    """
    true = {lit for lit in model}
    return all(any(lit in true for lit in c) for c in cnf)


def solve_cnf(cnf: ClauseBuffer, budget: Budget) -> SatOutcome:
    """Solve ``cnf`` under ``budget``: solver choice, proof checking, second solver.

    Parameters
    ----------
    cnf : ClauseBuffer
        The formula.
    budget : Budget
        ``budget.solver`` picks the solver; ``budget.proof`` asks for a DRAT proof of an
        UNSAT answer and checks it; ``budget.confirm_with`` re-solves with a second solver.
        (The timeout is enforced by the runner, which kills the worker process.)

    Returns
    -------
    SatOutcome

    Raises
    ------
    SolverDisagreement
        When a proof is rejected, a model does not satisfy the formula, or the second
        solver answers differently.
    CgsatInputError
        For an unknown solver, or ``--proof`` with a solver that writes no DRAT proof.

    Examples
    --------
    >>> out = solve_cnf(ClauseBuffer([[1, 2], [-1, 2], [1, -2], [-1, -2]]),
    ...                 Budget(proof=True))
    >>> out.sat, out.instance, out.certificate["verdict"]
    (False, {'vars': 2, 'clauses': 4}, 'verified')
    """
    t0 = time.perf_counter()
    want_proof = budget.proof
    external = external_of(budget)
    if external:
        name = external_name(external)
        want_proof = budget.proof or wants_proof(external)
        answer = solve_external(external, cnf, want_proof, budget.timeout)
        sat, model, proof = answer.sat, answer.model, answer.proof
    else:
        name = canonical_solver(budget.solver)
        if budget.proof and name not in PROOF_SOLVERS:
            raise CgsatInputError(
                f"--proof: solver {name!r} writes no usable DRAT proof; use one of "
                + ", ".join(sorted(PROOF_SOLVERS))
            )
        sat, model, proof = _solve_once(name, cnf, budget.proof)
    seconds = time.perf_counter() - t0
    digest = cnf.sha256()
    instance = {"vars": cnf.nv, "clauses": len(cnf)}
    notes: list[str] = []
    kinds: list[str] = []
    checkers: list[str] = []
    cert_hash = digest
    if sat:
        if not check_model(cnf, model or []):
            raise SolverDisagreement(f"{name} returned a model that violates the formula")
    elif want_proof:
        assert proof is not None
        checks = check_proof(cnf, proof)
        for check in checks:
            if check.verdict == "rejected":
                raise SolverDisagreement(
                    f"{name}'s DRAT proof was rejected by {check.checker}: {check.message}"
                )
        cert_hash = hashlib.sha256("".join(line + "\n" for line in proof).encode()).hexdigest()
        kinds.append("drat")
        agreed = [check.checker for check in checks if check.verdict == "verified"]
        checkers.extend(agreed or [checks[0].checker])
        if not agreed:
            notes.append(f"proof not checked: {checks[0].message}")
    if budget.confirm_with:
        second = canonical_solver(budget.confirm_with)
        if second == name:
            raise CgsatInputError(f"--confirm-with must name a different solver than {name!r}")
        sat2, model2, _ = _solve_once(second, cnf, False)
        if sat2 != sat:
            raise SolverDisagreement(
                f"{name} says {'SAT' if sat else 'UNSAT'} but {second} says "
                f"{'SAT' if sat2 else 'UNSAT'} on the same DIMACS (sha256 {digest[:12]})"
            )
        if sat2 and not check_model(cnf, model2 or []):
            raise SolverDisagreement(f"{second} returned a model that violates the formula")
        kinds.append("second-solver")
        checkers.append(second)
    certificate = None
    if kinds:
        verdict = "verified" if not notes else "unchecked"
        certificate = Certificate(tuple(kinds), tuple(checkers), verdict, cert_hash,
                                  ("sat" if sat else "unsat",)).to_json()
    elif sat:
        certificate = Certificate(("model",), ("clause-check",), "verified", digest,
                                  ("sat",)).to_json()
    return SatOutcome(sat, model, instance, digest, certificate, name, seconds, notes)


def check_proof(cnf: ClauseBuffer, proof: Sequence[str]) -> list[drat.ProofCheck]:
    """Check a DRAT proof: drat-trim where installed, else dratify; then cgsat's own checker
    (:func:`cgsat.sat.drat.check_refutation`). One :class:`~cgsat.sat.drat.ProofCheck`
    per checker run."""
    dimacs = cnf.dimacs() if drat.drat_trim_path() else None
    return drat.check_refutation(list(cnf), proof, dimacs_text=dimacs)


def _raw_adder(name: str, solver: Solver) -> Callable[[Iterable[int]], Any]:
    """The cheapest call that adds one clause to ``solver`` (issue 27). For CaDiCaL 1.9.5
    it is PySAT's own C entry bound to the solver's handle (``functools.partial`` of
    ``pysolvers.cadical195_add_cl``: no Python frame per clause; PySAT's
    ``Cadical195.add_clause`` only adds a ``status`` that ``solve`` resets); for any other
    solver, the solver object under PySAT's ``Solver`` wrapper (one Python layer)."""
    inner = solver.solver
    handle = getattr(inner, "cadical", None)
    if name == "cadical195" and handle is not None:
        import pysolvers  # type: ignore[import-not-found]  # PySAT's C extension, no stubs

        return functools.partial(pysolvers.cadical195_add_cl, handle)
    return cast("Callable[[Iterable[int]], Any]",
                getattr(inner, "add_clause", solver.add_clause))


class LiveSolver:
    """A PySAT solver used as a clause sink, counting clauses (the fast, uncertified path).

    Encodings write into it with ``add_clause`` exactly as into a
    :class:`~cgsat.encodings.cnf.ClauseBuffer`; :meth:`SatRun.solve` solves it, possibly
    again after more clauses, under assumptions.
    """

    def __init__(self, name: str) -> None:
        self.name = canonical_solver(name)
        self.solver = Solver(name=self.name)
        self.count = 0
        self._add = _raw_adder(self.name, self.solver)

    def add_clause(self, clause: Iterable[int]) -> None:
        self._add(clause)  # PySAT's cheapest entry (_raw_adder)
        self.count += 1

    def add_flat(self, flat: np.ndarray) -> None:
        """Add the clauses of one int32 array with a 0 after each (the array encodings,
        :mod:`cgsat.encodings.bulk`) in one call where the solver allows
        (:func:`cgsat.sat.loader.load`; issue 27)."""
        load(self.solver, self.name, flat)
        self.count += int(np.count_nonzero(flat == 0))

    def clause_adder(self) -> tuple[Callable[[list[int]], Any], Callable[[int], None]]:
        """The bulk path of :func:`cgsat.encodings.cnf.clause_adder`: the solver object
        under PySAT's ``Solver`` wrapper takes the clauses (one Python layer per clause
        instead of three; issue 27), and ``added(k)`` counts them."""
        return self._add, self._added

    def _added(self, k: int) -> None:
        self.count += k

    def close(self) -> None:
        self.solver.delete()

    def __enter__(self) -> LiveSolver:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


Sink = ClauseBuffer | LiveSolver


@dataclass(frozen=True)
class Control:
    """One control of a SAT instance at the size being checked: the instance must be able
    to say yes, and say the right thing.

    Attributes
    ----------
    kind : {"sample", "toggled", "witness", "coverage"}
        ``sample``: a concrete position r of size n fixed by assumptions (with the goal's
        selector off); the instance must be SAT and compute the direct solver's answer on
        r. ``toggled``: the instance with its characterization (or target) changed at one
        position r0 must be SAT and decode to exactly r0. ``witness``: where the claim names
        what exists (RLxLR for Conjecture 22), the instance with its blocking lifted finds it.
        ``coverage``: a position of the scope fixed by assumptions with the blocking on
        must be admitted (:mod:`cgsat.sat.coverage`, the stratified sample).
    position : str
        The position the control is about, in ruleset syntax.
    assumptions : tuple of int
        Literals assumed for this control (fixing r, switching the selector).
    check : callable
        ``check(true_vars)`` with the model's true variables (``None`` when the solver said
        UNSAT) returns ``None`` when the control passed, else why it failed.
    """

    kind: str
    position: str
    assumptions: tuple[int, ...]
    check: Callable[[set[int] | None], str | None]


def expect_sat(true: set[int] | None) -> str | None:
    """The check of a control that only needs the instance to be satisfiable."""
    return "the instance is UNSAT under the control's assumptions" if true is None else None


class SatRun:
    """The SAT instances of one method at one size, summed into one verdict.

    With ``budget.proof``, ``budget.confirm_with`` or (an :class:`ExternalBudget`)
    ``budget.external`` or ``budget.export``, every instance is a
    :class:`~cgsat.encodings.cnf.ClauseBuffer` solved by :func:`solve_cnf` (DRAT proofs,
    second solvers, an external solver, certificates) or exported. Otherwise :meth:`new`
    hands out a :class:`LiveSolver`, several times faster for many mid-sized instances (no
    DIMACS hashing or copying); :meth:`buffer` always hands out a ClauseBuffer (a
    model-checked SAT answer). The verdict's ``instance`` is
    the largest instance solved (vars and clauses each); its certificate combines those of
    every instance, SAT or UNSAT (none when one was solved on a LiveSolver).

    Parameters
    ----------
    budget : Budget
        Solver, proof and confirm-with options.

    Examples
    --------
    >>> run = SatRun(Budget())
    >>> sink, pool = run.new()
    >>> a = pool.id("a")
    >>> sink.add_clause([a]); sink.add_clause([-a])
    >>> run.solve(sink) is None
    True
    >>> v = run.verdict()
    >>> v.status, v.instance
    ('holds', {'vars': 1, 'clauses': 2})
    """

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.vars = 0
        self.clauses = 0
        self.solver: str | None = None  # named once a solver has run
        self.certs: list[dict[str, str] | None] = []
        self.instances = 0
        self.export = export_of(budget)
        self.clausal = bool(budget.proof or budget.confirm_with or external_of(budget)
                            or self.export is not None)
        # the pools of the buffers new() handed out, for an export's variable map (held
        # with their buffers, so that an id() is never reused); only when exporting
        self._pools: dict[int, tuple[ClauseBuffer, IDPool]] = {}
        self.controls_passed = 0
        self.controls_total = 0
        self.failures: list[str] = []
        self.misfits: list[str] = []  # certificates that do not fit their answers
        self.coverage_kinds: set[str] = set()  # "count", "sample" (cgsat.sat.coverage)
        # the ClauseBuffer whose controls were solved last, its solver, and how many of its
        # clauses that solver holds (held by reference: an id() could be reused by a later
        # buffer once this one is freed, and a buffer may grow between controls)
        self._control: tuple[ClauseBuffer, Solver, int] | None = None
        self.rng = random.Random(f"{budget.seed}:{budget.controls}")

    def new(self) -> tuple[Sink, IDPool]:
        """A fresh sink and variable pool: a ClauseBuffer when certifying, solving
        externally or exporting, else a solver."""
        if self.clausal:
            buf, pool = ClauseBuffer(), IDPool()
            if self.export is not None:
                self._pools[id(buf)] = (buf, pool)
            return buf, pool
        return LiveSolver(self.budget.solver), IDPool()

    @staticmethod
    def buffer() -> tuple[ClauseBuffer, IDPool]:
        """A fresh ClauseBuffer and variable pool (always solved by :func:`solve_cnf`)."""
        return ClauseBuffer(), IDPool()

    def solve(self, sink: Sink, assumptions: Sequence[int] = (),
              label: str | None = None, pool: IDPool | None = None) -> list[int] | None:
        """Solve one instance (a sink from :meth:`new` or :meth:`buffer`).

        Parameters
        ----------
        sink : ClauseBuffer or LiveSolver
        assumptions : sequence of int
            Literals assumed true (unit clauses in a ClauseBuffer's DIMACS).
        label : str, optional
            Names the instance for ``cgsat export-cnf --target`` (e.g. a target value);
            default its 1-based index among the method's instances.
        pool : IDPool, optional
            The variable pool of a sink not made by :meth:`new` (an encoding that builds
            its own buffer and pool): ``cgsat export-cnf``'s variable map reads it.

        Returns
        -------
        list of int or None
            The model if SAT, else None (UNSAT).

        Raises
        ------
        InstanceExported
            When ``budget.export`` selects this instance (it is then not solved).
        """
        if isinstance(sink, LiveSolver):
            self.instances += 1
            sat = sink.solver.solve(assumptions=list(assumptions))
            self.vars = max(self.vars, sink.solver.nof_vars())
            self.clauses = max(self.clauses, sink.count)
            self.solver = sink.name
            self.certs.append(None)  # neither a proof nor a checked model
            return sink.solver.get_model() if sat else None
        if pool is None:
            pool = self._pools.get(id(sink), (None, None))[1]
        if assumptions:  # the same clauses, then the assumptions as unit clauses
            units = np.array([x for a in assumptions for x in (a, 0)], dtype=np.int32)
            sink, copy = ClauseBuffer(), sink
            sink.add_flat(np.concatenate([copy.flat(), units]))
        if self.export is not None:
            _export_point(self.export, sink, pool, label)
        self.instances += 1
        out = solve_cnf(sink, self.budget)
        self.vars = max(self.vars, out.instance["vars"])
        self.clauses = max(self.clauses, out.instance["clauses"])
        self.solver = out.solver
        self.certs.append(out.certificate)
        why = fits(out.certificate, out.sat)
        if why is not None:  # issue 24: a certificate must fit the answer it backs
            self.misfits.append(f"instance {self.instances}: {why}")
        return out.model if out.sat else None

    def control(self, sink: Sink, control: Control) -> bool:
        """Run one control on ``sink`` (solved under ``control.assumptions`` with a plain
        solver: a control needs no proof). A failure makes :meth:`verdict` an ``error``.

        Examples
        --------
        >>> run = SatRun(Budget())
        >>> sink, pool = run.new()
        >>> a, s = pool.id("a"), pool.id("s")
        >>> sink.add_clause([-s, a]); sink.add_clause([-s, -a])  # the goal, guarded by s
        >>> run.control(sink, Control("sample", "a", (-s, a), expect_sat))
        True
        >>> run.solve(sink, [s]) is None, run.verdict().status, run.verdict().controls
        (True, 'holds', {'passed': 1, 'total': 1})
        >>> run.control(sink, Control("toggled", "a", (s,), expect_sat))
        False
        >>> run.verdict().status
        'error'
        """
        assumptions = list(control.assumptions)
        external = external_of(self.budget)
        if external and not isinstance(sink, LiveSolver):
            true, why = self._external_control(external, sink, assumptions)
            why = why or control.check(true)
        else:
            if isinstance(sink, LiveSolver):
                solver = sink.solver
            else:
                solver = self._control_solver(sink)
            sat = solver.solve(assumptions=assumptions)
            # the true variables; filter with a built-in: no Python step per variable
            true = set(filter((0).__lt__, solver.get_model())) if sat else None
            why = control.check(true)
        self.controls_total += 1
        if control.kind == "coverage":
            self.coverage_kinds.add("sample")
        if why is None:
            self.controls_passed += 1
            return True
        self.failures.append(f"{control.kind} control at {control.position}: {why}")
        return False

    def coverage(self, what: str, ok: bool, message: str, how: str = "count") -> bool:
        """Record one coverage control (:mod:`cgsat.sat.coverage`): ``ok`` or a failure
        (``message``; the verdict is then an ``error``), exact (``how`` ``"count"``) or
        by a sample (``"sample"``)."""
        self.controls_total += 1
        self.coverage_kinds.add(how)
        if ok:
            self.controls_passed += 1
            return True
        self.failures.append(f"coverage control ({what}): {message}")
        return False

    def _external_control(self, cmd: str, sink: ClauseBuffer, assumptions: Sequence[int]
                          ) -> tuple[set[int] | None, str | None]:
        """Answer one control on the external solver ``cmd`` that answers the instance
        (issue 24, item 3): the instance as DIMACS with the control's assumptions as unit
        clauses. Returns the model's true variables (None for UNSAT) and why the answer
        is unusable (a model that violates the formula, an unreadable output), else None.
        A solver that gives up (``s UNKNOWN``, the timeout) raises as in :func:`solve_cnf`.
        """
        units = ClauseBuffer(list(sink) + [[a] for a in assumptions])
        try:
            answer = solve_external(cmd, units, False, self.budget.timeout)
        except ExternalSolverError as exc:
            if exc.unknown:
                raise
            return None, f"the external solver gave no usable answer: {exc}"
        if not answer.sat:
            return None, None
        if not check_model(units, answer.model or []):
            return None, "the external solver's model violates the formula"
        return {lit for lit in answer.model or [] if lit > 0}, None

    def _control_solver(self, sink: ClauseBuffer) -> Solver:
        """A plain solver holding exactly the clauses of ``sink`` (kept for the next control
        on the same buffer, extended by the clauses added since)."""
        if self._control is not None and self._control[0] is not sink:
            self._drop_control_solver()
        name = canonical_solver(self.budget.solver)
        if self._control is None:
            self._control = (sink, Solver(name=name), 0)
        buffer, solver, held = self._control  # held: the buffer's entries loaded so far
        if sink.literals > held:
            load(solver, name, sink.flat(held))
            self._control = (buffer, solver, sink.literals)
        return solver

    def _drop_control_solver(self) -> None:
        if self._control is not None:
            self._control[1].delete()
            self._control = None

    def samples(self, draw: Callable[[random.Random], str], k: int | None = None) -> list[str]:
        """Up to ``k`` (default ``budget.controls``) distinct positions from ``draw(rng)``;
        the generator is seeded by ``budget.seed``, so a rerun draws the same positions."""
        k = self.budget.controls if k is None else k
        found: dict[str, None] = {}
        for _ in range(8 * k):
            if len(found) >= k:
                break
            found.setdefault(draw(self.rng))
        return list(found)

    @property
    def controls(self) -> dict[str, Any] | None:
        """``{"passed","total"}`` of the controls run so far (None when none ran), with
        ``"coverage"``: ``"count"`` or ``"sample"`` when coverage controls ran
        (:mod:`cgsat.sat.coverage`; ``"sample"`` as soon as one was a sample)."""
        if not self.controls_total:
            return None
        out: dict[str, Any] = {"passed": self.controls_passed, "total": self.controls_total}
        if self.coverage_kinds:
            out["coverage"] = "sample" if "sample" in self.coverage_kinds else "count"
        return out

    @property
    def instance(self) -> dict[str, int]:
        """``{"vars","clauses"}`` of the largest instance solved so far."""
        return {"vars": self.vars, "clauses": self.clauses}

    def verdict(self, counterexample: str | None = None, detail: str | None = None,
                unknown: str | None = None) -> Verdict:
        """The verdict at this size: refuted with ``counterexample``, unknown with the
        reason ``unknown``, vacuous when no instance was solved (nothing was checked),
        else holds (every instance was UNSAT)."""
        self._drop_control_solver()
        kw: dict[str, Any] = {"instance": self.instance, "solver": self.solver,
                              "detail": detail, "controls": self.controls}
        if self.misfits:
            return Verdict.error("certificate does not fit its answer: "
                                 + "; ".join(self.misfits[:3]), **kw)
        if self.failures:
            shown = "; ".join(self.failures[:3])
            more = f" (+{len(self.failures) - 3} more)" if len(self.failures) > 3 else ""
            return Verdict.error(f"control failed: {shown}{more}", **kw)
        if counterexample is not None:
            return Verdict.refuted(counterexample, **kw)
        if unknown is not None:
            return Verdict.unknown(unknown, **kw)
        if self.instances == 0:  # nothing was solved: no position was checked
            return Verdict.vacuous("no SAT instance at this size"
                                   + (f": {detail}" if detail else ""), **kw)
        if self.certs:
            kw["certificate"] = combine(self.certs)
        if self.instances > 1:
            note = f"{self.instances} instances, largest shown"
            kw["detail"] = note if detail is None else f"{detail}; {note}"
        return Verdict.holds(**kw)


def sat_verdict(cnf: ClauseBuffer, budget: Budget, decode: Callable[[set[int]], Verdict],
                detail: str = "") -> Verdict:
    """Solve one instance: UNSAT holds; a model is decoded into a verdict by ``decode``.

    Parameters
    ----------
    cnf : ClauseBuffer
        The instance: satisfiable exactly when the claim fails at this size.
    budget : Budget
    decode : callable
        ``decode(true_vars) -> Verdict``, normally refuted with the position the model
        gives.
    detail : str
        Shown with the verdict.

    Examples
    --------
    >>> cnf = ClauseBuffer([[1, 2]])
    >>> sat_verdict(cnf, Budget(), lambda t: Verdict.refuted(str(sorted(t)))).status
    'refuted'
    """
    export = export_of(budget)
    if export is not None:
        _export_point(export, cnf, None, None)
    out = solve_cnf(cnf, budget)
    common = {"instance": out.instance, "solver": out.solver, "certificate": out.certificate,
              "dimacs_sha256": out.dimacs_sha256}
    why = fits(out.certificate, out.sat)
    if why is not None:  # issue 24: a certificate must fit the answer it backs
        return Verdict.error(f"certificate does not fit its answer: {why}", **common)
    if not out.sat:
        return Verdict.holds(detail=detail or None, **common)
    v = decode(out.true_vars())
    return Verdict(v.status, v.counterexample, v.reason, out.instance, out.solver,
                   out.certificate, v.detail, out.dimacs_sha256)
