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
position). A disagreement raises :class:`~cgsat.search.Disagreement`.

Controls (issue 12, :class:`~cgsat.search.controls.Controls`). The instance's goal ("the root
has the target") is guarded by selector literals (:func:`~cgsat.sat.goal.guarded_goal`).
Before the search, ``K`` seeded random colourings of the shape (every colouring is a
position) are fixed by assumptions with the goal off: each must be SAT, decode to itself,
and its target literal must equal the direct solver's answer (:func:`has_target`). When an
enumeration ends UNSAT (nothing found, or every find listed and blocked), the same
instance with the goal toggled at one seeded position r0 not found must be SAT at exactly
r0. A failed control raises :class:`~cgsat.search.ControlFailed`.

Every instance is solved through :mod:`cgsat.sat.solve` (the default solver; ``cgsat
find`` takes no solver options).
"""

from __future__ import annotations

import ctypes
import importlib
import multiprocessing
import signal
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from cgsat.cgt.impartial import solver_for
from cgsat.claims import Budget
from cgsat.encodings import timber_graphs, timber_path
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.encodings.gates import Circuit
from cgsat.errors import CgsatInputError
from cgsat.games.base import ImpartialRuleset
from cgsat.sat.coverage import count_projected
from cgsat.sat.goal import Goal, guarded_goal
from cgsat.sat.solve import Control, LiveSolver, SatRun
from cgsat.search import Disagreement
from cgsat.search.controls import Controls

__all__ = [
    "ALL_LIMIT",
    "REPLAY_ALL_UP_TO",
    "Target",
    "Instance",
    "build_path",
    "build_graph",
    "enumerate_positions",
    "controlled_positions",
    "count_positions",
    "in_child",
    "has_target",
    "replay",
    "first_position",
    "all_positions",
    "count_matching",
]

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
    """A built search: clauses, colour variables, how to read a position back, the
    literal "the root has the target", its guarded goal, and the size (for seeding)."""

    cnf: ClauseBuffer
    colours: list[int]
    decode: Callable[[set[int]], str]
    target: int
    goal: Goal
    size: object


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
    lit = _target_lit(circ, target, kernel, grundy, (0, n))
    goal = guarded_goal(pool, cnf, lit)
    return Instance(cnf, letters, lambda m: timber_path.decode_word(m, letters), lit, goal, n)


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
    lit = _target_lit(circ, target, kernel, grundy, root)
    goal = guarded_goal(pool, cnf, lit)
    return Instance(cnf, lits, lambda m: timber_graphs.decode_orientation(m, shape, lits),
                    lit, goal, " ".join(f"{u}-{v}" for u, v in shape.edges))


# -- solving ---------------------------------------------------------------------------------
def enumerate_positions(inst: Instance, limit: int | None) -> list[str]:
    """Positions of the instance, by blocking clauses on the colours (``limit``: at most
    that many); no controls (:func:`controlled_positions` runs them)."""
    return _enumerate(SatRun(_BUDGET), inst, limit, None, None)[0]


def _enumerate(run: SatRun, inst: Instance, limit: int | None,
               ruleset: ImpartialRuleset | None, target: Target | None,
               ) -> tuple[list[str], bool]:
    """The positions (at most ``limit``) and whether the enumeration ended UNSAT. With a
    ruleset and target, the sample controls run first and the toggled control last."""
    out: list[str] = []
    exhausted = False
    with LiveSolver(run.budget.solver) as live:
        for clause in inst.cnf:
            live.add_clause(clause)
        if ruleset is not None and target is not None:
            for control in _samples(run, inst, ruleset, target):
                run.control(live, control)
        while True:
            found = run.solve(live, inst.goal.on())
            if found is None:
                exhausted = True
                break
            model = set(found)
            out.append(inst.decode(model))
            if limit is not None and len(out) >= limit:
                break
            live.add_clause([-x if x in model else x for x in inst.colours])
        if exhausted and ruleset is not None:
            toggled = _toggled(run, inst, live, set(out))
            if toggled is not None:
                run.control(live, toggled)
    return out, exhausted


def _colouring(inst: Instance, bits: str) -> list[int]:
    """The colour literals of a bit string (one bit per colour variable)."""
    return [x if b == "1" else -x for x, b in zip(inst.colours, bits, strict=True)]


def _draw(inst: Instance) -> Callable[[Any], str]:
    """A random colouring (uniform over the shape's positions) as a bit string."""
    return lambda rng: "".join(rng.choice("01") for _ in inst.colours)


def _samples(run: SatRun, inst: Instance, ruleset: ImpartialRuleset,
             target: Target) -> list[Control]:
    """The sample controls: seeded random positions of the shape, fixed with the goal off;
    the model must be that position and its target literal the direct solver's answer."""
    controls = []
    for bits in run.samples(_draw(inst)):
        fix = _colouring(inst, bits)
        text = inst.decode({x for x in fix if x > 0})
        want = has_target(ruleset, text, target)

        def check(true: set[int] | None, text: str = text, want: bool = want) -> str | None:
            if true is None:
                return "the instance is UNSAT with the position fixed and the goal off"
            if inst.decode(true) != text:
                return f"the model decodes to {inst.decode(true)}"
            got = _holds(inst.target, true)
            if got != want:
                return (f"the instance says the target {'holds' if got else 'fails'}, the "
                        f"direct solver says it {'holds' if want else 'fails'}")
            return None

        controls.append(inst.goal.sample(text, fix, check))
    return controls


def _toggled(run: SatRun, inst: Instance, live: LiveSolver,
             found: set[str]) -> Control | None:
    """The toggled control after an exhausted enumeration: the goal flipped at one seeded
    position r0 not found (None when every position was found)."""
    for bits in run.samples(_draw(inst), 8):
        fix = _colouring(inst, bits)
        r0 = inst.decode({x for x in fix if x > 0})
        if r0 not in found:
            break
    else:
        return None

    def check(true: set[int] | None) -> str | None:
        if true is None:
            return "the instance is UNSAT with the goal toggled there"
        got = inst.decode(true)
        return None if got == r0 else f"the model decodes to {got}"

    return inst.goal.toggled_at(live, r0, fix, check)


def _holds(lit: int, true: set[int]) -> bool:
    """The value of a literal in a model given by its true variables."""
    return lit in true if lit > 0 else -lit not in true


def controlled_positions(inst: Instance, limit: int | None, ruleset: ImpartialRuleset,
                         target: Target, controls: Controls) -> list[str]:
    """:func:`enumerate_positions` with the instance's controls (see the module's text);
    a failed control raises :class:`~cgsat.search.ControlFailed`."""
    run = controls.run(inst.size)
    found, _ = _enumerate(run, inst, limit, ruleset, target)
    controls.absorb(run)
    return found


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
    the colours is the number of positions: :func:`cgsat.sat.coverage.count_projected`
    (pyganak), in a child process (:func:`in_child`), when pyganak can be imported; else
    by enumeration up to :data:`ALL_LIMIT`.
    """
    if not enumerate_positions(inst, 1):
        return 0, "sat"
    if not inst.colours:
        return 1, "sat"
    try:  # optional dependency: without it, counts are by enumeration
        importlib.import_module("pyganak")
    except ImportError:
        return len(_enumerate_all(inst)), "enumeration"
    on = inst.goal.on()  # the goal on, untoggled
    count = in_child(lambda: count_projected(inst.cnf, inst.cnf.nv, inst.colours, on))
    return count, "pyganak"


def in_child(fn: Callable[[], int]) -> int:
    """``fn()`` computed in a forked child process, so that Ctrl-C works: the model counter
    is C code that neither checks for signals nor releases the GIL (a count could ignore
    Ctrl-C for minutes). The parent waits on a pipe, which SIGINT interrupts
    (KeyboardInterrupt); the child is then killed. The child dies with the parent
    (``PR_SET_PDEATHSIG`` on Linux) and ignores SIGINT (the parent handles it).

    Examples
    --------
    >>> in_child(lambda: 6 * 7)
    42
    """
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(fn, send), daemon=True)
    proc.start()
    send.close()
    try:
        try:
            kind, result = receive.recv()
        except EOFError:
            proc.join()
            raise RuntimeError(f"the counting process died (exit code "
                               f"{proc.exitcode})") from None
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join()
        receive.close()
    if kind == "error":
        raise RuntimeError(f"the counting process failed: {result}")
    return int(result)


def _child(fn: Callable[[], int], send: Any) -> None:
    """The body of :func:`in_child`'s process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: die with the parent
    except (OSError, AttributeError):  # not Linux: the parent still kills it on Ctrl-C
        pass
    try:
        send.send(("ok", fn()))
    except Exception as exc:  # noqa: BLE001 - sent to the parent, which raises it
        send.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        send.close()


# -- replay ----------------------------------------------------------------------------------
def has_target(ruleset: ImpartialRuleset, text: str, target: Target) -> bool:
    """The direct solver's answer: does the position ``text`` have the target?

    Examples
    --------
    >>> from cgsat.games import get_ruleset
    >>> rs = get_ruleset("timber-path")
    >>> has_target(rs, "LR", Target("P", None, False)), has_target(rs, "LL", Target(None, 2, False))
    (True, True)
    """
    solver = solver_for(ruleset)
    pos = ruleset.parse(text)
    if target.nim is not None:
        return solver.nim_value(pos) == target.nim
    return solver.outcome(pos, misere=target.misere) == target.outcome


def replay(ruleset: ImpartialRuleset, positions: list[str], target: Target) -> None:
    """Check every position with the direct solver; raise :class:`Disagreement` if not."""
    for text in positions:
        if not has_target(ruleset, text, target):
            raise Disagreement(
                f"{ruleset.name} {text}: the SAT search found it for {target.describe()}, "
                "but the direct solver disagrees"
            )


# -- the three searches ----------------------------------------------------------------------
def first_position(ruleset: ImpartialRuleset, instances: Iterable[Instance],
                   target: Target, controls: Controls | None = None) -> list[str]:
    """At most one position (from the first instance that has one), replayed; every
    instance searched answers its controls first.

    ``instances`` may be a generator: instances after the first hit are not built.
    """
    controls = controls or Controls()
    for inst in instances:
        found = controlled_positions(inst, 1, ruleset, target, controls)
        replay(ruleset, found, target)
        if found:
            return found
    return []


def all_positions(ruleset: ImpartialRuleset, instances: Iterable[Instance],
                  target: Target, controls: Controls | None = None) -> list[str]:
    """Every position of every instance, each replayed (at most :data:`ALL_LIMIT`), with
    the instances' controls."""
    controls = controls or Controls()
    positions: list[str] = []
    for inst in instances:
        found = controlled_positions(inst, ALL_LIMIT + 1, ruleset, target, controls)
        positions.extend(found)
        if len(positions) > ALL_LIMIT:
            raise CgsatInputError(
                f"find: more than {ALL_LIMIT} positions match; use --count, or a smaller shape")
        replay(ruleset, found, target)
    return positions


def count_matching(ruleset: ImpartialRuleset, instances: Iterable[Instance],
                   target: Target, controls: Controls | None = None) -> tuple[int, set[str]]:
    """The number of positions over every instance, and the counting methods used.

    A count up to :data:`REPLAY_ALL_UP_TO` is re-counted by enumeration with every position
    replayed (and, the enumeration ending UNSAT, the toggled control); a larger one replays
    the first position found. Every instance answers its sample controls.
    """
    controls = controls or Controls()
    total = 0
    methods: set[str] = set()
    for inst in instances:
        c, how = count_positions(inst)
        total += c
        methods.add(how)
        limit = REPLAY_ALL_UP_TO + 1 if c <= REPLAY_ALL_UP_TO else 1
        listed = controlled_positions(inst, limit, ruleset, target, controls)
        if c <= REPLAY_ALL_UP_TO and len(listed) != c:
            raise Disagreement(f"{how} counted {c} positions, enumeration {len(listed)}")
        replay(ruleset, listed, target)
    return total, methods
