"""The inductive SAT check of a Moore-machine rule for bounded-height Toppling Peaks words.

At length n one instance (:func:`cgsat.encodings.moore.add_machine_check`) asks for a word
of the family (height range <= h) whose rule value differs from the mex of the rule's
values on its options. Options of a family word are in the family, so UNSAT at every
length <= N proves the rule up to N. Before an UNSAT counts, controls run on the same
instance (:data:`CONTROLS_SCOPE`). This module imports no brute-side code: the direct
solver comes in as ``oracle``.

References
----------
.. [1] Nowakowski et al., *The Game of timber!*, §4, Problem 4.1.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from cgsat.claims import Budget, Verdict
from cgsat.encodings import moore
from cgsat.papers.timber.path.heights import MooreRule, random_family_word
from cgsat.sat.solve import Control, SatRun

__all__ = ["Oracle", "CONTROLS_SCOPE", "machine_check"]

Oracle = Callable[[str], int]
"""``oracle(word)``: the direct solver's nim-value of a Toppling Peaks word."""

CONTROLS_SCOPE = (
    "Controls on the same instance (when UNSAT): budget.controls random words r of the "
    "family of length n, fixed by assumptions with the goal off, must be SAT with the "
    "machine's state at r giving the direct solver's nim-value of r and the mex of the "
    "options' outputs equal to it; and with the rule's value raised by one at a random "
    "family word r0 of length n (a second selector) the instance must be SAT at exactly r0.")


def _decode(letters: list[int], true: set[int]) -> str:
    """The word of a model (its true variables)."""
    return "".join("R" if x in true else "L" for x in letters)


def machine_check(n: int, budget: Budget, rule: MooreRule,
                  oracle: Oracle | None = None) -> Verdict:
    """The inductive check of ``rule`` at length n.

    Parameters
    ----------
    n : int
        The word length.
    budget : Budget
        Solver options; ``budget.controls`` sample controls, seeded by ``budget.seed``.
    rule : MooreRule
        The machine and its family (``rule.h``).
    oracle : callable or None
        The direct solver's nim-value (None: only the toggled control).

    Returns
    -------
    Verdict
        Refuted with a family word whose rule value is not the mex of its options' values.

    Examples
    --------
    >>> from cgsat.papers.timber.path.heights import HEIGHT_1
    >>> machine_check(12, Budget(), HEIGHT_1).status
    'holds'
    >>> machine_check(2, Budget(), HEIGHT_1.shifted(2)).counterexample
    'RL'

    References
    ----------
    *The Game of timber!*, §4, Problem 4.1.
    """
    run = SatRun(budget)
    sink, pool = run.new()
    goal, sel = pool.id(("selector", "goal")), pool.id(("selector", "toggle"))
    r0 = run.samples(partial(random_family_word, rule.h, n), 1)[0]
    check = moore.add_machine_check(pool, sink, n, rule.h, rule.delta, rule.output,
                                    goal=goal, toggle=(r0, sel))
    model = run.solve(sink, [goal, -sel])
    if model is not None:
        word = _decode(check.letters, {x for x in model if x > 0})
        verdict = run.verdict(counterexample=word or "()",
                              detail="the rule's value is not the mex of its options' values")
    else:
        for control in _controls(run, check, rule, n, goal, sel, r0, oracle):
            run.control(sink, control)
        verdict = run.verdict()
    if hasattr(sink, "close"):
        sink.close()
    return verdict


def _controls(run: SatRun, check: moore.MachineCheck, rule: MooreRule, n: int, goal: int,
              sel: int, r0: str, oracle: Oracle | None) -> list[Control]:
    """Sample controls (with an oracle) and the toggled control."""
    out = []
    if oracle is not None:
        for r in run.samples(partial(random_family_word, rule.h, n)):
            expected = oracle(r)
            fix = tuple(x if c == "R" else -x for x, c in zip(check.letters, r, strict=True))

            def verify(true: set[int] | None, r: str = r, expected: int = expected) -> str | None:
                if true is None:
                    return "UNSAT with the word fixed and the goal off"
                if _decode(check.letters, true) != r:
                    return "the model decodes to another word"
                states = [q for q, lit in enumerate(check.final) if lit in true or
                          (lit < 0 and -lit not in true)]
                if len(states) != 1 or states[0] >= len(rule.delta):
                    return f"the machine's state at r is {states}"
                got = rule.output(states[0], n)
                mex = next(v for v in range(len(check.has) + 1)
                           if v == len(check.has) or not _true(check.has[v], true))
                if got != expected or mex != expected:
                    return f"rule {got}, mex of options {mex}, direct solver {expected}"
                return None

            out.append(Control("sample", r or "()", (-goal, -sel) + fix, verify))

    def toggled(true: set[int] | None) -> str | None:
        if true is None:
            return "UNSAT with the rule changed at r0"
        word = _decode(check.letters, true)
        return None if word == r0 else f"the model decodes to {word or '()'}"

    out.append(Control("toggled", r0 or "()", (goal, sel), toggled))
    return out


def _true(lit: int, true: set[int]) -> bool:
    """The value of a literal in a model given by its true variables."""
    return lit in true if lit > 0 else -lit not in true
