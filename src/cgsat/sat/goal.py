"""The goal of a SAT search instance, guarded by selector literals, and its controls.

A search instance (``cgsat find``; issue 12) asks for a position with a target. Its goal is
guarded (:func:`guarded_goal`), so that one instance answers three questions under
assumptions (:class:`Goal`): the search itself (:meth:`Goal.on`), sample controls that only
compute (:meth:`Goal.off`, :meth:`Goal.sample`) and, after a search that found nothing or
whose finds are blocked, the toggled control (:meth:`Goal.toggled_at`): the target flipped
at one position r0 must be satisfiable at exactly r0. The controls are
:class:`cgsat.sat.solve.Control` s, which :meth:`cgsat.sat.solve.SatRun.control` answers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pysat.formula import IDPool

from cgsat.encodings.gates import Circuit
from cgsat.sat.solve import Control

if TYPE_CHECKING:  # a type only
    from cgsat.encodings.cnf import Sink

__all__ = ["Goal", "guarded_goal"]


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

    def sample(self, position: str, fixed: Sequence[int],
               check: Callable[[set[int] | None], str | None]) -> Control:
        """The sample control at ``position``, fixed by the literals ``fixed``, with the
        goal off: the instance only computes, and ``check`` reads its model."""
        return Control("sample", position, (*self.off(), *fixed), check)

    def toggled_at(self, sink: Sink, position: str, fixed: Sequence[int],
                   check: Callable[[set[int] | None], str | None],
                   extra: Sequence[int] = ()) -> Control:
        """The toggled control at ``position`` (fixed by the literals ``fixed``, pinned
        here as r0): the goal on and flipped there, with the assumptions ``extra`` (rows
        found stay blocked under them); ``check`` must find exactly that position."""
        self.pin(sink, fixed)
        return Control("toggled", position, (*self.toggled(), *extra), check)


def guarded_goal(pool: IDPool, sink: Sink, target: int) -> Goal:
    """Add ``s -> (target XOR (t AND at))`` to ``sink``; ``at`` stays free until
    :meth:`Goal.pin`. ``target`` is the literal "the position has what is searched for"."""
    circ = Circuit(pool, sink)
    s, t, at = pool.id(), pool.id(), pool.id()
    sink.add_clause([-s, circ.xor(target, circ.and_([t, at]))])
    return Goal(s, t, at)
