"""The controls of ``cgsat find``'s SAT instances (issue 12).

Every SAT instance of a search answers its controls through
:meth:`cgsat.sat.solve.SatRun.control`: :class:`Controls` hands out one
:class:`~cgsat.sat.solve.SatRun` per instance (seeded by the query and the size) and adds
up what their controls found; a failed control raises
:class:`~cgsat.search.ControlFailed` (exit code 3), so that a broken instance never reports
"none found". The goal of a search instance, guarded by selector literals, and the
controls it answers are :class:`cgsat.sat.goal.Goal`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cgsat.claims import Budget, Verdict
from cgsat.sat.solve import SatRun
from cgsat.search import ControlFailed

if TYPE_CHECKING:  # a type only
    pass


__all__ = ["Controls"]


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
