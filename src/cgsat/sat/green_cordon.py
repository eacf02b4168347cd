"""The inductive mex check of a green-cordon characterization, by SAT, with its controls:
the check that proves *Thinning Thickets* Theorems 3.2, 3.3, the §5 statements and the
mined characterizations of Problem 5.1 (:mod:`cgsat.papers.thickets`), and that
``cgsat find green-cordon`` runs before it lists the cordons a characterization accepts
(:mod:`cgsat.search.green_cordon`).

The instance (:func:`cgsat.encodings.green_cordon.inductive_instance`) asks for a symbolic
cordon of height n on which the characterization disagrees with the mex condition on its
options; UNSAT at every height up to n proves it up to n. The direct solver's answers for
the sample controls (:data:`CONTROLS_SCOPE`) come in as an ``oracle`` argument from the
caller: this module plays no position.

Controls. The check's goal (the rule disagrees with the mex condition) is guarded by a
selector literal, and a second selector toggles the rule at one cordon r0 of height n.
Before an UNSAT counts, the same instance must answer its controls under assumptions
(:meth:`cgsat.sat.solve.SatRun.control`); a failed control makes the verdict "error".

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.2, 3.3, §5 and
   Problem 5.1.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial

from pysat.solvers import Solver

from cgsat.claims import Budget, Verdict
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.encodings.green_cordon import (
    NIM0,
    NIM1,
    ONE_LEAF_COVER,
    ONE_LEAF_NIM2,
    TWO_LEAVES_NIM2,
    TWO_LEAVES_NIM3,
    CordonCircuits,
    NimCharacterization,
    coverage_instance,
    inductive_instance,
)
from cgsat.games.green_cordon import format_cordon
from cgsat.sat.solve import Control, SatRun

__all__ = [
    "CHARACTERIZATIONS",
    "Oracle",
    "CONTROLS_SCOPE",
    "draw_cordon",
    "stratified_cordons",
    "InductiveCheck",
    "characterization",
]

CHARACTERIZATIONS: dict[tuple[int, int | None], NimCharacterization] = {
    (0, None): NIM0,
    (1, None): NIM1,
    (2, 1): ONE_LEAF_NIM2,
    (2, 2): TWO_LEAVES_NIM2,
    (3, 2): TWO_LEAVES_NIM3,
}
"""The encoded characterization of (nim-value, number of leaf arcs; None for every cordon)."""


def _text(n: int, atts: Iterable[int]) -> str:
    """The cordon of height n with these attachments in ``green-cordon`` syntax."""
    return format_cordon((n, tuple(atts)))


# -- controls ----------------------------------------------------------------------

Oracle = Callable[[int, Sequence[int]], bool]
"""``oracle(n, attachments)``: the direct solver's "this cordon has the characterized
nim-value" (:func:`cgsat.papers.thickets.brute.has_value` for the claims,
:func:`cgsat.search.green_cordon.has_value` for ``find``, bound to the value and,
past the direct solver's reach, the theorem's predicate), passed in by the caller."""

CONTROLS_SCOPE = (
    "Controls on the same instance at n (when it is UNSAT): budget.controls random cordons "
    "r of height n in the family (each leaf present with probability 1/2; or, for a fixed "
    "number of leaves, the lowest and the highest attachments, then random attachments; "
    "seeded), fixed through the leaf variables by "
    "assumptions with the goal's selector off, must give a model on r whose rule literal "
    "R(r) and whose mex condition on r's options (as the instance reads their values) both "
    "equal the direct solver's \"r has the nim-value\" (exhaustive play, "
    "brute.has_value; for cordons of more than 36 arcs, past the direct solver's reach, "
    "the theorem's own predicate in rules.py instead); and with the goal on and the rule "
    "toggled at one random cordon r0 of height n in the family (a second selector) the "
    "instance must be SAT at exactly r0. With the goal off the instance must admit a "
    "stratified sample of the family (for each attachment point a cordon with a leaf arc "
    "there and one without; the empty and the full cordon): one coverage control. "
    "A failed control makes the verdict an error. "
    "A SAT answer runs no control: its cordon is replayed by the direct solver."
)
"""What the controls of :func:`characterization` and :func:`count` check."""


def draw_cordon(n: int, leaves: int | None, rng: random.Random) -> str:
    """A random cordon of height n (with exactly ``leaves`` leaf arcs unless None), in
    ``green-cordon`` syntax, for a sample or toggled control.

    Examples
    --------
    >>> rng = random.Random(1)
    >>> draw_cordon(9, 2, rng).count(",")
    1

    References
    ----------
    *Thinning Thickets*, Definition 1.2 (green cordons).
    """
    slots = range(1, n)
    if leaves is None:
        atts = [a for a in slots if rng.random() < 0.5]
    else:
        atts = sorted(rng.sample(slots, leaves))
    return _text(n, atts)


def stratified_cordons(n: int, leaves: int | None) -> list[str]:
    """A stratified sample of the cordons of height n (with exactly ``leaves`` leaf arcs
    unless None) for the position-space control: for every attachment point a = 1 .. n-1,
    a cordon with a leaf arc at a and one without (when the family has one); with no fixed
    number of leaf arcs, also the empty and the full cordon.

    Examples
    --------
    >>> stratified_cordons(3, None)
    ['3:', '3:1,2', '3:1', '3:2']
    >>> stratified_cordons(4, 2)
    ['4:1,2', '4:2,3', '4:1,3']
    >>> stratified_cordons(3, 2)
    ['3:1,2']

    References
    ----------
    *Thinning Thickets*, Definition 1.2 (green cordons); issue 24 (coverage controls).
    """
    slots = list(range(1, n))
    out: list[str] = []
    if leaves is None:
        out += [_text(n, []), _text(n, slots)]
        for a in slots:
            out += [_text(n, [a]), _text(n, [b for b in slots if b != a])]
    elif leaves <= len(slots):
        for a in slots:
            start = min(a, n - leaves)
            out.append(_text(n, range(start, start + leaves)))
            others = [b for b in slots if b != a]
            if len(others) >= leaves:
                out.append(_text(n, others[:leaves]))
    return list(dict.fromkeys(out))


def _attachments(text: str) -> list[int]:
    """The attachments of a cordon written by :func:`draw_cordon`."""
    tail = text.split(":", 1)[1]
    return [int(a) for a in tail.split(",")] if tail else []


def _value(lit: int, true: set[int]) -> bool:
    """The value of a literal in a model given by its true variables."""
    return lit in true if lit > 0 else -lit not in true


@dataclass
class InductiveCheck:
    """One guarded inductive check at height n (goal under ``goal``; the rule toggled at
    ``r0`` under ``toggle``) and its controls."""

    buffer: ClauseBuffer
    cc: CordonCircuits
    n: int
    leaves: int | None
    goal: int
    toggle: int
    r0: str | None
    # one toggled control per direction of the "iff" (issue 24): r0 in C, r0 outside C,
    # each found by the instance itself with the goal off: direction -> (toggle, r0)
    sides: dict[str, tuple[int, str]] = field(default_factory=dict)

    @classmethod
    def build(cls, run: SatRun, claim: NimCharacterization, n: int) -> InductiveCheck:
        """The instance with its selectors; r0 is drawn from ``run`` (None when the family
        has no cordon of height n), and a cordon on each side of the rule is found for the
        toggled control of each direction."""
        leaves = claim.family_leaves
        empty = leaves is not None and leaves > max(n - 1, 0)
        r0 = None if empty else run.samples(partial(draw_cordon, n, leaves), 1)[0]
        cnf, cc = inductive_instance(claim, n, selector=True)
        assert cc.goal is not None and cc.flip is not None
        x = cc.leaf_variables(n)
        sides: dict[str, tuple[int, str]] = {}
        if r0 is not None and cc.sides is not None:
            with Solver(bootstrap_with=cnf.clauses) as solver:
                for name, lit in (("in the rule", cc.sides[0]), ("outside it", -cc.sides[0])):
                    if solver.solve(assumptions=[-cc.goal, lit]):
                        sides[name] = (cc.pool.id(("selector", "toggle", name)),
                                       cc.decode(solver.get_model(), n))
        toggle = cc.pool.id(("selector", "toggle"))

        def equals(cordon: str | None) -> int:
            if cordon is None:
                return cc.false
            chosen = set(_attachments(cordon))
            return cc.gates.conj([v if a in chosen else -v for a, v in enumerate(x, start=1)])

        # the rule inside the goal is flipped exactly at r0 when toggled: C := C xor {r0};
        # likewise at each direction's cordon under its own toggle
        at = [cc.gates.conj([toggle, equals(r0)])]
        at += [cc.gates.conj([t, equals(c)]) for t, c in sides.values()]
        any_at = cc.gates.disj(at)
        cc.cnf.extend([[-cc.flip, any_at], [cc.flip, -any_at]])
        return cls(ClauseBuffer(cnf.clauses), cc, n, leaves, cc.goal, toggle, r0, sides)

    @property
    def toggles_off(self) -> list[int]:
        """Every toggle off."""
        return [-self.toggle] + [-t for t, _ in self.sides.values()]

    @property
    def main(self) -> list[int]:
        """The assumptions of the check itself: the goal on, the rule untouched."""
        return [self.goal, *self.toggles_off]

    def decode(self, true: Sequence[int] | set[int]) -> str:
        """The cordon of a model."""
        return self.cc.decode(list(true), self.n)

    def sample(self, r: str, oracle: Oracle) -> Control:
        """The sample control at r: with the goal off and r fixed the instance is SAT, and
        R(r) and the mex condition on r's options equal the direct solver's answer."""
        chosen = set(_attachments(r))
        expected = oracle(self.n, sorted(chosen))
        lhs, rhs = self.cc.sides or (0, 0)
        fix = [v if a in chosen else -v
               for a, v in enumerate(self.cc.leaf_variables(self.n), start=1)]

        def check(true: set[int] | None) -> str | None:
            """Compare the instance's R(r) and mex condition with the direct solver."""
            if true is None:
                return "the instance is UNSAT with the cordon fixed and the goal off"
            if self.decode(true) != r:
                return f"the model decodes to {self.decode(true)}"
            say = "has" if expected else "has not"
            for name, lit in (("the rule", lhs), ("the mex condition on its options", rhs)):
                if _value(lit, true) != expected:
                    return f"{name} is {_value(lit, true)} but by the direct solver r {say} " \
                           "the nim-value"
            return None

        return Control("sample", r, tuple([-self.goal, -self.toggle] + fix), check)

    def toggled(self) -> Control:
        """The toggled control: with the rule changed at r0 the check is SAT, at exactly r0."""
        r0 = self.r0 or ""

        def check(true: set[int] | None) -> str | None:
            """The model must be the toggled cordon."""
            if true is None:
                return "the instance is UNSAT with the rule toggled there"
            found = self.decode(true)
            return None if found == r0 else f"the model decodes to {found}"

        others = [t for t in self.toggles_off if t != -self.toggle]
        return Control("toggled", r0, (self.goal, self.toggle, *others), check)

    def direction(self, name: str) -> Control:
        """The toggled control of one direction of the "iff": the rule flipped at a cordon
        ``name`` ("in the rule", "outside it"): SAT at exactly that cordon."""
        toggle, r0 = self.sides[name]

        def check(true: set[int] | None) -> str | None:
            """The model must be the toggled cordon."""
            if true is None:
                return f"UNSAT with the rule toggled at a cordon {name} (the goal misses " \
                       "that direction)"
            found = self.decode(true)
            return None if found == r0 else f"the model decodes to {found}"

        others = [t for t in self.toggles_off if t != -toggle]
        return Control("toggled", f"{r0} ({name})", (self.goal, toggle, *others), check)

    def coverage(self, run: SatRun) -> None:
        """The position-space control (issue 24): with the goal and every toggle off, the
        instance must admit every cordon of :func:`stratified_cordons`, a stratified sample
        of its family (a leaf arc at each attachment point, and none there). One coverage
        control, ``"sample"``: an exact count of the ``2^(n-1)`` (or ``C(n-1, k)``) cordons
        by pyganak costs more than the check itself (6 s against 0.15 s for Theorem 3.3 at
        height 15, 67 s against 0.5 s for two leaf arcs at height 40)."""
        x = self.cc.leaf_variables(self.n)
        off = [-self.goal, *self.toggles_off]
        with Solver(bootstrap_with=list(self.buffer)) as solver:
            bad = [c for c in stratified_cordons(self.n, self.leaves)
                   if not solver.solve(assumptions=off + [
                       v if a in set(_attachments(c)) else -v
                       for a, v in enumerate(x, start=1)])]
        family = "cordons" if self.leaves is None else f"cordons with {self.leaves} leaf arcs"
        run.coverage(f"{family} of height {self.n}", not bad,
                     f"the sampled cordons {bad[:3]} are not admitted", "sample")

    def run_controls(self, run: SatRun, oracle: Oracle | None) -> None:
        """The coverage control, the sample controls (none without an oracle or an empty
        family) and the toggled controls, on the same instance."""
        if self.r0 is None:
            return
        self.coverage(run)
        if oracle is not None:
            k = run.budget.controls
            # with a fixed number of leaves, the lowest and highest attachments first
            ends = [] if self.leaves is None or not k else [
                _text(self.n, range(1, self.leaves + 1)),
                _text(self.n, range(self.n - self.leaves, self.n))]
            drawn = run.samples(partial(draw_cordon, self.n, self.leaves))
            for r in list(dict.fromkeys(ends + drawn))[:k]:
                run.control(self.buffer, self.sample(r, oracle))
        run.control(self.buffer, self.toggled())
        for name in self.sides:
            run.control(self.buffer, self.direction(name))


# -- characterizations: Theorems 3.2, 3.3 and §5 -----------------------------------------


def characterization(n: int, budget: Budget, *, value: int, leaves: int | None,
                     one_leaf_cover: bool = False, oracle: Oracle | None = None) -> Verdict:
    """No cordon of height n (with ``leaves`` leaf arcs) breaks the mex condition for
    ``value``, given the characterizations on its options (UNSAT of the inductive check).

    Parameters
    ----------
    n : int
        The height.
    budget : Budget
        Solver options.
    value, leaves : int, int or None
        The characterization (a key of :data:`CHARACTERIZATIONS`).
    one_leaf_cover : bool
        First check, by a second UNSAT instance, that Theorems 3.2, 3.3 and the one-leaf
        §5 statement cover every one-leaf cordon of height n (so no one-leaf option has
        nim-value 3; the two-leaf nim-value-3 check relies on it).
    oracle : callable or None
        The direct solver's ``oracle(n, attachments)`` for the sample controls
        (:data:`CONTROLS_SCOPE`; None: only the toggled control).

    Returns
    -------
    Verdict
        Refuted with the cordon on which the mex condition fails (or, for the cover, a
        one-leaf cordon outside the three rules); with ``controls``, and "error" when a
        control failed.

    Examples
    --------
    >>> v = characterization(6, Budget(), value=0, leaves=None)
    >>> v.status, v.controls      # coverage, the toggled control, one per side of the "iff"
    ('holds', {'passed': 4, 'total': 4, 'coverage': 'sample'})

    References
    ----------
    *Thinning Thickets*, Theorems 3.2 and 3.3 (proved by the Partition Theorem), and the
    three statements of §5.
    """
    family = CHARACTERIZATIONS[(value, leaves)].family_leaves
    if family is not None and family > max(n - 1, 0):
        return Verdict.vacuous(f"no cordon of height {n} with {family} leaf arcs")
    run = SatRun(budget)
    if one_leaf_cover:
        cnf, circuits = coverage_instance(ONE_LEAF_COVER, 1, n)
        model = run.solve(ClauseBuffer(cnf.clauses), pool=circuits.pool)
        if model is not None:
            return run.verdict(circuits.decode(model, n), detail=(
                "a one-leaf cordon outside Theorems 3.2, 3.3 and the one-leaf §5 rule"))
    check = InductiveCheck.build(run, CHARACTERIZATIONS[(value, leaves)], n)
    model = run.solve(check.buffer, check.main, pool=check.cc.pool)
    if model is not None:
        return run.verdict(check.decode(model), detail="the mex condition fails here")
    check.run_controls(run, oracle)
    return run.verdict()
