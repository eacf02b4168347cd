"""The controls of ``cgsat find``'s SAT instances (issue 12).

Every SAT instance of a search answers its controls through
:meth:`cgsat.sat.solve.SatRun.control`: :class:`Controls` hands out one
:class:`~cgsat.sat.solve.SatRun` per instance (seeded by the query and the size) and adds
up what their controls found; a failed control raises
:class:`~cgsat.search.ControlFailed` (exit code 3), so that a broken instance never reports
"none found". :class:`Goal` is the goal of a search instance, guarded by selector literals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pysat.formula import IDPool

from cgsat.claims import Budget, Verdict
from cgsat.encodings.gates import Circuit
from cgsat.sat.solve import SatRun
from cgsat.search import ControlFailed

if TYPE_CHECKING:  # a type only
    from cgsat.encodings.cnf import Sink


class Controls:
    """The controls of one ``cgsat find`` query, over all its instances.

    Parameters
    ----------
    k : int
        Sample controls per instance (``--controls K``, default 16; 0 runs none, but the
        toggled control of an exhausted search still runs).
    seed : str
        Seeds the samples (with the size), so that a rerun draws the same positions.

    Examples
    --------
    >>> controls = Controls(2, "doc")
    >>> run = controls.run(3)
    >>> run.budget.controls, run.budget.seed
    (2, 'doc:3')
    >>> controls.absorb(run); controls.tally
    {'passed': 0, 'total': 0}
    """

    def __init__(self, k: int = 16, seed: str = "") -> None:
        self.k = k
        self.seed = seed
        self.passed = 0
        self.total = 0

    def run(self, size: object, solver: str = "cadical195") -> SatRun:
        """A :class:`~cgsat.sat.solve.SatRun` for the instance of one size."""
        return SatRun(Budget(solver=solver, controls=self.k, seed=f"{self.seed}:{size}"))

    def absorb(self, run: SatRun) -> None:
        """Add the controls ``run`` has run; raise :class:`ControlFailed` if one failed."""
        self.passed += run.controls_passed
        self.total += run.controls_total
        if run.failures:
            shown = "; ".join(run.failures[:2])
            more = f" (+{len(run.failures) - 2} more)" if len(run.failures) > 2 else ""
            raise ControlFailed(f"control failed: {shown}{more}")

    def absorb_verdict(self, verdict: Verdict) -> None:
        """Add the controls of a claim's verdict (a proof step of a search); raise
        :class:`ControlFailed` if the verdict is an error."""
        if verdict.controls:
            self.passed += verdict.controls["passed"]
            self.total += verdict.controls["total"]
        if verdict.status == "error":
            raise ControlFailed(verdict.reason or "control failed")

    @property
    def tally(self) -> dict[str, int]:
        """``{"passed","total"}`` so far, as ``find --json`` prints it."""
        return {"passed": self.passed, "total": self.total}


@dataclass(frozen=True)
class Goal:
    """The goal of a search instance, guarded by selector literals (issue 12).

    The instance holds ``selector -> (target XOR (toggle AND at))``: with :meth:`on` it asks
    for a position with the target; with :meth:`off` (samples) it only computes; with
    :meth:`toggled`, after :meth:`pin` defined ``at`` as "the position is r0", it asks for
    C xor {r0}, which a search that found nothing (or whose finds are blocked) must answer
    with exactly r0.

    Examples
    --------
    >>> from pysat.formula import IDPool
    >>> from pysat.solvers import Solver
    >>> pool, cnf = IDPool(), []
    >>> class Sink(list):
    ...     add_clause = list.append
    >>> sink = Sink()
    >>> x = pool.id("x")
    >>> goal = guarded_goal(pool, sink, -x)   # the target: x is false ...
    >>> sink.add_clause([x])                  # ... but x is forced true: none found
    >>> goal.pin(sink, [x])
    >>> with Solver(bootstrap_with=sink) as s:
    ...     s.solve(goal.on()), s.solve(goal.off()), s.solve(goal.toggled())
    (False, True, True)
    """

    selector: int
    toggle: int
    at: int

    def on(self) -> list[int]:
        """Assumptions of the search itself: the goal on, untoggled."""
        return [self.selector, -self.toggle]

    def off(self) -> list[int]:
        """Assumptions of a sample control: the goal off."""
        return [-self.selector, -self.toggle]

    def toggled(self) -> list[int]:
        """Assumptions of the toggled control: the goal on, flipped at r0."""
        return [self.selector, self.toggle]

    def pin(self, sink: Sink, lits: Sequence[int]) -> None:
        """Define ``at`` as "every literal of ``lits`` is true" (the position r0)."""
        for lit in lits:
            sink.add_clause([-self.at, lit])
        sink.add_clause([self.at] + [-lit for lit in lits])


def guarded_goal(pool: IDPool, sink: Sink, target: int) -> Goal:
    """Add ``s -> (target XOR (t AND at))`` to ``sink``; ``at`` stays free until
    :meth:`Goal.pin`. ``target`` is the literal "the position has what is searched for"."""
    circ = Circuit(pool, sink)
    s, t, at = pool.id(), pool.id(), pool.id()
    sink.add_clause([-s, circ.xor(target, circ.and_([t, at]))])
    return Goal(s, t, at)
