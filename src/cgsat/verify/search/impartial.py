"""Positions of a shape with a given outcome or nim-value (``cgsat find timber-path|timber|
phyminoes``).

The shape is fixed and its colours are SAT variables (letters of a word, orientations of
a graph's edges), so one instance covers every position of the shape:

- :func:`build_path`: a word of length n, the full kernel (or mex) encoding of Toppling
  Peaks (:mod:`cgsat.encodings.timber_path`);
- :func:`build_graph`: every orientation of a graph's edges, Timber or Phyminoes
  (:mod:`cgsat.encodings.timber_graphs`).

A :class:`Target` is an outcome (P or N, under normal or misère play; the Partition
Theorem encoding) or a nim-value under normal play (the mex encoding).

:func:`first_position` finds at most one position; :func:`all_positions` lists every one
with blocking clauses on the colour variables (raw positions: no reversal or automorphism
is identified), up to :data:`ALL_LIMIT`; :func:`count_matching` counts them with the exact
projected model counter pyganak when it is installed, else by enumeration up to
:data:`ALL_LIMIT`. Every position found is replayed by the direct solver
(:mod:`cgsat.cgt.impartial`) first; a count up to :data:`REPLAY_ALL_UP_TO` is also
re-counted by enumeration with every position replayed (larger counts replay one
position). A disagreement raises :class:`~cgsat.verify.search.Disagreement`.

Every instance is solved through :mod:`cgsat.verify.solve` (the default solver; ``cgsat
find`` takes no solver options).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from cgsat.cgt.impartial import solver_for
from cgsat.encodings import timber_graphs, timber_path
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.encodings.gates import Circuit
from cgsat.errors import CgsatInputError
from cgsat.games.base import ImpartialRuleset
from cgsat.verify.claims import Budget
from cgsat.verify.search import Disagreement
from cgsat.verify.solve import LiveSolver, SatRun

ALL_LIMIT = 100_000
REPLAY_ALL_UP_TO = 2_000  # counts up to this are also enumerated and replayed
_BUDGET = Budget()  # the default solver, no proof


@dataclass(frozen=True)
class Target:
    """What to search for: an outcome (under normal or misère play) or a nim-value.

    Attributes
    ----------
    outcome : str or None
        ``"P"`` or ``"N"``; None when searching for a nim-value.
    nim : int or None
        The nim-value (at least 1; value 0 is the outcome P), else None.
    misere : bool
        Misère play (outcomes only).
    """

    outcome: str | None
    nim: int | None
    misere: bool

    def describe(self) -> dict[str, Any]:
        """The target as ``cgsat find --json`` prints it in its ``query``."""
        if self.nim is not None:
            return {"value": "*" if self.nim == 1 else f"*{self.nim}", "misere": False}
        return {"outcome": self.outcome, "misere": self.misere}


@dataclass
class Instance:
    """A built search: clauses, colour variables, and how to read a position back."""

    cnf: ClauseBuffer
    colours: list[int]
    decode: Callable[[set[int]], str]


# -- building the instance -------------------------------------------------------------------
def _target_lit(circ: Circuit, target: Target, kernel: Any, grundy: Any, root: Any) -> int:
    """The literal "the root position has the target" (kernel or mex encoding)."""
    if target.nim is not None:
        return grundy.value_lit(root, target.nim, circ)
    lit = kernel.p[root]
    return lit if target.outcome == "P" else -lit


def build_path(n: int, target: Target) -> Instance:
    """The instance "a word of length n with this target" (Toppling Peaks)."""
    cnf, pool = SatRun.buffer()
    circ = Circuit(pool, cnf)
    if target.nim is not None:
        letters, grundy = timber_path.add_peaks_grundy(pool, cnf, n)
        kernel = None
    else:
        letters, kernel = timber_path.add_peaks_kernel(pool, cnf, n, misere=target.misere)
        grundy = None
    cnf.add_clause([_target_lit(circ, target, kernel, grundy, (0, n))])
    return Instance(cnf, letters, lambda m: timber_path.decode_word(m, letters))


def build_graph(shape: timber_graphs.GraphShape, target: Target, rule: str,
                distances: str) -> Instance:
    """The instance "an orientation of this shape with this target" (Timber, Phyminoes)."""
    cnf, pool = SatRun.buffer()
    circ = Circuit(pool, cnf)
    if target.nim is not None:
        lits, grundy, root = timber_graphs.add_graph_grundy(pool, cnf, shape, rule, distances)
        kernel = None
    else:
        lits, kernel, root = timber_graphs.add_graph_kernel(
            pool, cnf, shape, target.misere, rule, distances
        )
        grundy = None
    cnf.add_clause([_target_lit(circ, target, kernel, grundy, root)])
    return Instance(cnf, lits, lambda m: timber_graphs.decode_orientation(m, shape, lits))


# -- solving ---------------------------------------------------------------------------------
def enumerate_positions(inst: Instance, limit: int | None) -> list[str]:
    """Positions of the instance, by blocking clauses on the colours (``limit``: at most
    that many)."""
    out: list[str] = []
    run = SatRun(_BUDGET)
    with LiveSolver(_BUDGET.solver) as live:
        for clause in inst.cnf:
            live.add_clause(clause)
        while (found := run.solve(live)) is not None:
            model = set(found)
            out.append(inst.decode(model))
            if limit is not None and len(out) >= limit:
                break
            live.add_clause([-x if x in model else x for x in inst.colours])
    return out


def _enumerate_all(inst: Instance) -> list[str]:
    """Every position of the instance; more than :data:`ALL_LIMIT` is an input error."""
    found = enumerate_positions(inst, ALL_LIMIT + 1)
    if len(found) > ALL_LIMIT:
        raise CgsatInputError(
            f"find: more than {ALL_LIMIT} positions match; use --count, or a smaller shape"
        )
    return found


def count_positions(inst: Instance) -> tuple[int, str]:
    """The exact number of colourings satisfying the instance, and the method used.

    Every auxiliary variable is a function of the colours, so the count projected onto
    the colours is the number of positions. Uses pyganak if installed.
    """
    if not enumerate_positions(inst, 1):
        return 0, "sat"
    if not inst.colours:
        return 1, "sat"
    try:
        import pyganak  # optional dependency: without it, counts are by enumeration
    except ImportError:
        return len(_enumerate_all(inst)), "enumeration"
    counter = pyganak.Counter()
    counter.new_vars(inst.cnf.nv)
    for c in inst.cnf:
        counter.add_clause(c)
    counter.set_sampling_set(inst.colours)
    return _quietly(counter.count), "pyganak"


def _quietly(fn: Callable[[], int]) -> int:
    """Call ``fn`` with the process's stdout pointed at /dev/null (Ganak prints comments)."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 1)
            try:
                return int(fn())
            finally:
                os.dup2(saved, 1)
    finally:
        os.close(saved)


# -- replay ----------------------------------------------------------------------------------
def replay(ruleset: ImpartialRuleset, positions: list[str], target: Target) -> None:
    """Check every position with the direct solver; raise :class:`Disagreement` if not."""
    solver = solver_for(ruleset)
    for text in positions:
        pos = ruleset.parse(text)
        if target.nim is not None:
            ok = solver.nim_value(pos) == target.nim
        else:
            ok = solver.outcome(pos, misere=target.misere) == target.outcome
        if not ok:
            raise Disagreement(
                f"{ruleset.name} {text}: the SAT search found it for {target.describe()}, "
                "but the direct solver disagrees"
            )


# -- the three searches ----------------------------------------------------------------------
def first_position(ruleset: ImpartialRuleset, instances: Iterable[Instance],
                   target: Target) -> list[str]:
    """At most one position (from the first instance that has one), replayed.

    ``instances`` may be a generator: instances after the first hit are not built.
    """
    for inst in instances:
        found = enumerate_positions(inst, 1)
        replay(ruleset, found, target)
        if found:
            return found
    return []


def all_positions(ruleset: ImpartialRuleset, instances: Iterable[Instance],
                  target: Target) -> list[str]:
    """Every position of every instance, each replayed (at most :data:`ALL_LIMIT`)."""
    positions: list[str] = []
    for inst in instances:
        found = _enumerate_all(inst)
        replay(ruleset, found, target)
        positions.extend(found)
        if len(positions) > ALL_LIMIT:
            raise CgsatInputError(f"find: more than {ALL_LIMIT} positions match; use --count")
    return positions


def count_matching(ruleset: ImpartialRuleset, instances: Iterable[Instance],
                   target: Target) -> tuple[int, set[str]]:
    """The number of positions over every instance, and the counting methods used.

    A count up to :data:`REPLAY_ALL_UP_TO` is re-counted by enumeration with every position
    replayed; a larger one replays the first position found.
    """
    total = 0
    methods: set[str] = set()
    for inst in instances:
        c, how = count_positions(inst)
        total += c
        methods.add(how)
        listed = enumerate_positions(inst, REPLAY_ALL_UP_TO + 1 if c <= REPLAY_ALL_UP_TO else 1)
        if c <= REPLAY_ALL_UP_TO and len(listed) != c:
            raise Disagreement(f"{how} counted {c} positions, enumeration {len(listed)}")
        replay(ruleset, listed, target)
    return total, methods
