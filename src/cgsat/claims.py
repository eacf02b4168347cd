"""The claim model: what a claim is, what a method returns.

A claim is a statement from a paper that depends on a size parameter n (docs/architecture.md,
"A paper's claims"). Each claim has at least two methods that share no encoding code; a method is a
plain function ``(n, budget) -> Verdict``. The engine (runner, store, report) knows claims
only through this interface.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = ["Status", "ALL_N", "KINDS", "Budget", "Verdict", "Method", "Claim"]

Status = Literal["holds", "refuted", "unknown", "error", "vacuous", "proved"]

ALL_N = -1
"""The size recorded for a method that decides every size at once (:attr:`Method.all_n`):
its results are stored under n = -1 and shown with n null ("proved for every n")."""
KINDS = ("theorem", "lemma", "corollary", "conjecture", "algorithm", "principle", "family")


@dataclass(frozen=True)
class Budget:
    """Resources for one check at one size.

    Attributes
    ----------
    timeout : float or None
        Seconds allowed; the runner enforces it by killing the worker process.
    solver : str
        PySAT solver name (default CaDiCaL 1.9.5).
    proof : bool
        Ask the SAT solver for a DRAT proof and check it.
    confirm_with : str or None
        Re-solve with this second solver and compare answers.
    controls : int
        Sample controls per SAT instance (``--controls K``): concrete positions of the size
        being checked, fixed by assumptions, whose answers must equal the direct solver's.
    seed : str
        Seeds the choice of sample positions; the runner sets it from (claim, n, method
        fingerprint) so that a rerun draws the same samples.
    """

    timeout: float | None = 60.0
    solver: str = "cadical195"
    proof: bool = False
    confirm_with: str | None = None
    controls: int = 16
    seed: str = ""


@dataclass(frozen=True)
class Verdict:
    """The answer of one method at one size.

    ``holds`` (for SAT: UNSAT, with its controls passed), ``refuted`` (with a
    counterexample in ruleset syntax, which the direct solver has confirmed), ``unknown``
    (with a reason; never counted as verified), ``error`` (a control failed: a bug, exit
    code 3), ``vacuous`` (nothing to check at this size; not counted as verified) or
    ``proved`` (an all-n method: the claim holds for every size at once, decided by two
    independent all-n deciders; exit code 0).
    ``controls`` is ``{"passed": P, "total": T}`` for SAT and SMT methods.
    """

    status: Status
    counterexample: str | None = None
    reason: str | None = None
    instance: dict[str, int] | None = None
    solver: str | None = None
    certificate: dict[str, str] | None = None
    detail: str | None = None
    dimacs_sha256: str | None = None
    controls: dict[str, int] | None = None

    @staticmethod
    def holds(**kw: Any) -> Verdict:
        return Verdict("holds", **kw)

    @staticmethod
    def refuted(counterexample: str, **kw: Any) -> Verdict:
        return Verdict("refuted", counterexample=counterexample, **kw)

    @staticmethod
    def unknown(reason: str, **kw: Any) -> Verdict:
        return Verdict("unknown", reason=reason, **kw)

    @staticmethod
    def error(reason: str, **kw: Any) -> Verdict:
        return Verdict("error", reason=reason, **kw)

    @staticmethod
    def proved(**kw: Any) -> Verdict:
        return Verdict("proved", **kw)

    @staticmethod
    def vacuous(reason: str, **kw: Any) -> Verdict:
        return Verdict("vacuous", reason=reason, **kw)


@dataclass(frozen=True)
class Method:
    """One independent way to check a claim at size n.

    Attributes
    ----------
    name : str
        ``"sat"``, ``"smt"``, ``"brute"``, or another short name (``"play"``).
    run : callable
        ``run(n, budget) -> Verdict``.
    scope : str
        Exactly what a ``holds`` at size n covers.
    uses_solver : bool
        Whether ``budget.solver`` matters (it is then part of the store key).
    max_n : int or None
        The largest size this method can run (exhaustive play runs out of memory beyond
        it); the runner does not run it above. None: no limit.
    all_n : bool
        The method decides every size at once (issue 25: two automata deciders): the runner
        runs it once, with n = :data:`ALL_N`, whatever ``--from``/``--up-to`` say, and it
        returns ``proved``, ``refuted``, ``unknown`` or ``error``.
    """

    name: str
    run: Callable[[int, Budget], Verdict]
    scope: str
    uses_solver: bool = False
    max_n: int | None = None
    all_n: bool = False


@dataclass(frozen=True)
class Claim:
    """A claim from a paper, checked size by size.

    Attributes
    ----------
    id : str
        ``<paper>.<label>``, e.g. ``timber.thm2.3``.
    paper : str
        Paper title.
    theorem : str
        The paper's own label, e.g. ``"Theorem 2.3"``.
    statement : str
        One-line statement.
    kind : str
        One of :data:`KINDS`.
    parameter : str
        The meaning of n.
    base : int
        The smallest n checked; inductive checks run upward from here.
    quick_bound, target_bound : int
        Default upper bound for the README's main job, and the goal (``--target``).
    methods : tuple of Method
        At least two, sharing no encoding code.
    paper_bound : int or None
        The bound the paper itself reports, where it gives one.
    confirm : callable or None
        ``confirm(n, counterexample) -> bool``: the direct solver's replay of a
        counterexample; the runner requires it to return True before reporting "refuted".
    notes : str
        Anything a reader of the report must know (reading of a garbled statement, etc.).
    """

    id: str
    paper: str
    theorem: str
    statement: str
    kind: str
    parameter: str
    base: int
    quick_bound: int
    target_bound: int
    methods: tuple[Method, ...]
    paper_bound: int | None = None
    confirm: Callable[[int, str], bool] | None = None
    notes: str = ""
    tags: tuple[str, ...] = field(default_factory=tuple)

    def method(self, name: str) -> Method:
        for m in self.methods:
            if m.name == name:
                return m
        raise KeyError(name)

    @property
    def source(self) -> str:
        return f"{self.paper}, {self.theorem}"
