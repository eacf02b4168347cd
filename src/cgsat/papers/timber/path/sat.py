"""Toppling Peaks by SAT and SMT: Theorems 2.3, 2.4 and 2.5 of *The Game of timber!*.

The ``sat`` methods run the sharp inductive partition check of
:mod:`cgsat.encodings.timber_path` (order-encoded prefix heights shared by every option)
through :class:`cgsat.sat.solve.SatRun`. The check's goal (the violation) and a toggle
of C at one word r0 are selector literals, so that before an UNSAT counts, the same
instance answers its controls under assumptions (:data:`CONTROLS_SCOPE`): sample words of
length n compared with the direct solver (an ``oracle`` passed in by the claims; this
module imports no brute-side code), and C toggled at r0 found at exactly r0. The ``smt``
methods hand z3 the same CNF as DIMACS, so z3 answers the same question, and the same
controls, independently of CaDiCaL (z3's arithmetic
formulations of :mod:`cgsat.encodings.timber_path_smt` time out at n = 40, see
docs/performance.md; :func:`smt_inductive_check` runs them for the benchmarks). Theorem 2.5
proves both characterizations inductively and then counts the characterized sets by
dynamic programming (:mod:`cgsat.papers.timber.path.words`). This module imports no
brute-side code; counterexamples are replayed by
:mod:`cgsat.papers.timber.path.brute`.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §2, Theorems 2.1-2.5.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

import z3
from pysat.formula import IDPool

from cgsat.claims import Budget, Verdict
from cgsat.encodings import timber_path
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.encodings.timber_path import SubwordPredicate
from cgsat.encodings.timber_path_smt import FORMULATIONS, inductive_check_terms
from cgsat.papers.timber.path.words import compare_counts, count_dyck, count_swp, count_x
from cgsat.sat.certificates import combine
from cgsat.sat.solve import Control, LiveSolver, SatRun, Sink

__all__ = [
    "Oracle",
    "draw_word",
    "CONTROLS_SCOPE",
    "characterization",
    "smt_characterization",
    "counts",
    "SmtResult",
    "smt_inductive_check",
]


def _instance(n: int, predicate: SubwordPredicate, misere: bool) -> tuple[ClauseBuffer,
                                                                         IDPool, list[int]]:
    """The sharp inductive check at length n as a ClauseBuffer, its pool and letters."""
    pool, buf = IDPool(), ClauseBuffer()
    word = timber_path.add_inductive_check(pool, buf, n, predicate, misere)
    return buf, pool, word.letters


Oracle = Callable[[str, bool], bool]
"""``oracle(word, misere)``: the direct solver's "word is a P-position", from the brute side
(:func:`cgsat.papers.timber.path.brute.is_p_position`), passed in by the claims."""


def _random_dyck(m: int, rng: random.Random) -> str:
    """A uniformly random Dyck word of length 2m (L up, R down), by the cycle lemma."""
    steps = [1] * (m + 1) + [-1] * m
    rng.shuffle(steps)
    # the rotation starting after the last minimum of the prefix sums stays positive
    height = low = cut = 0
    for i, step in enumerate(steps[:-1]):
        height += step
        if height <= low:
            low, cut = height, i + 1
    rotated = steps[cut:] + steps[:cut]
    return "".join("L" if step > 0 else "R" for step in rotated[1:])


def draw_word(n: int, misere: bool, rng: random.Random) -> str:
    """A random word of length n for a sample control of Theorems 2.3 and 2.4.

    Half the draws are uniform over {L, R}^n (almost all N-positions); the other half are
    built around a uniformly random Dyck word, padded to length n with a leading R and/or
    a trailing L as the members of X are (Theorem 2.4), so that P-positions are sampled too.
    Membership is never assumed: the direct solver decides every sample.

    Examples
    --------
    >>> rng = random.Random(1)
    >>> sorted({len(draw_word(7, True, rng)) for _ in range(20)})
    [7]

    References
    ----------
    *The Game of timber!*, Theorems 2.3 and 2.4.
    """
    if n == 0 or rng.random() < 0.5:
        return "".join(rng.choice("LR") for _ in range(n))
    pads = [p for p in (0, 1, 2) if p <= n and (n - p) % 2 == 0] if misere else [n % 2]
    pad = rng.choice(pads)
    core = _random_dyck((n - pad) // 2, rng)
    if pad == 2:
        return "R" + core + "L"
    if pad == 1:
        return rng.choice(("R" + core, core + "L"))
    return core


def _value(lit: int, true: set[int]) -> bool:
    """The value of a literal in a model given by its true variables."""
    return lit in true if lit > 0 else -lit not in true


@dataclass
class _Check:
    """One guarded inductive check (the goal under ``goal``; C toggled at ``r0`` under
    ``toggle``) and the controls on it."""

    word: timber_path.SymbolicWord
    goal: int
    toggle: int
    r0: str
    misere: bool

    @classmethod
    def build(cls, sink: Sink, pool: IDPool, n: int, predicate: SubwordPredicate,
              misere: bool, r0: str) -> _Check:
        """Write the check of length n into ``sink`` with its two selector literals."""
        goal, toggle = pool.id(("selector", "goal")), pool.id(("selector", "toggle"))
        wrong = timber_path.toggled(predicate, r0, selector=toggle)
        word = timber_path.add_inductive_check(pool, sink, n, wrong, misere, selector=goal)
        return cls(word, goal, toggle, r0, misere)

    @property
    def main(self) -> list[int]:
        """The assumptions of the check itself: the goal on, C untouched."""
        return [self.goal, -self.toggle]

    def fix(self, r: str) -> list[int]:
        """Assumptions fixing the letters to the word ``r``."""
        return [x if c == "R" else -x for x, c in zip(self.word.letters, r, strict=True)]

    def decode(self, true: set[int]) -> str:
        """The word of a model."""
        return timber_path.decode_word(true, self.word.letters)

    def sample(self, r: str, oracle: Oracle) -> Control:
        """The sample control at ``r``: with the goal off and r fixed the instance is SAT,
        C(r) equals the direct solver's "r is P", and the partition condition at r (no
        option in C, and for misère play r has an option) equals C(r)."""
        expected = oracle(r, self.misere)
        whole, some = self.word.whole, self.word.some
        assert whole is not None and some is not None
        n = len(r)

        def check(true: set[int] | None) -> str | None:
            """Compare the instance's C(r) and partition condition with the direct solver."""
            if true is None:
                return "the instance is UNSAT with the word fixed and the goal off"
            if self.decode(true) != r:
                return f"the model decodes to {self.decode(true) or '()'}"
            c = _value(whole, true)
            if c != expected:
                return (f"C(r) is {c} but the direct solver says r is "
                        f"{'P' if expected else 'N'}")
            partition = not _value(some, true) and (n > 0 or not self.misere)
            if partition != c:
                return f"the partition condition at r is {partition} but C(r) is {c}"
            return None

        return Control("sample", r or "()", tuple([-self.goal, -self.toggle] + self.fix(r)),
                       check)

    def toggled(self) -> Control:
        """The toggled control: with C changed at r0 the check is SAT, at exactly r0."""
        def check(true: set[int] | None) -> str | None:
            """The model must be the toggled word."""
            if true is None:
                return "the instance is UNSAT with C toggled there"
            word = self.decode(true)
            return None if word == self.r0 else f"the model decodes to {word or '()'}"

        return Control("toggled", self.r0 or "()", (self.goal, self.toggle), check)

    def controls(self, run: SatRun, oracle: Oracle | None, n: int) -> list[Control]:
        """The sample controls (``budget.controls`` words of length n, seeded; none without
        an oracle) and the toggled control."""
        words = run.samples(partial(draw_word, n, self.misere)) if oracle else []
        return [self.sample(r, oracle) for r in words if oracle] + [self.toggled()]


def _toggle_word(run: SatRun, n: int) -> str:
    """The word r0 of the toggled control (seeded like the samples)."""
    return run.samples(lambda rng: "".join(rng.choice("LR") for _ in range(n)), 1)[0]


CONTROLS_SCOPE = (
    "Controls on the same instance at n (when it is UNSAT): budget.controls sample words r "
    "of length n (half uniform, half around random Dyck words), fixed by assumptions with "
    "the goal's selector off, must give a model whose C(r) equals the direct solver's "
    "\"r is a P-position\" (plain play on r's subwords, path_brute.is_p_position) and "
    "whose partition condition at r equals C(r); "
    "and with C toggled at one random word r0 of length n (a second selector) the instance "
    "must be SAT at exactly r0. A failed control makes the verdict an error (above a "
    "refuted size, where C is already wrong on shorter words, the samples may fail too). "
    "A SAT answer runs no control: its word is replayed by the direct solver."
)
"""What the controls of :func:`characterization` check, for the claims' scopes."""


def characterization(n: int, budget: Budget, predicate: SubwordPredicate,
                     misere: bool, oracle: Oracle | None = None) -> Verdict:
    """The sharp inductive partition check of a set C of words at length n, by SAT.

    SAT means a word of length n breaks the partition condition for C, given C on its
    options: it is decoded as the counterexample. UNSAT at every length up to N proves that
    C is exactly the set of P-positions of length <= N. An UNSAT answer counts only after
    the controls of :data:`CONTROLS_SCOPE` have passed on the same instance (the goal and
    the toggle are selector literals, switched by assumptions).

    Parameters
    ----------
    n : int
        The word length.
    budget : Budget
        Solver, proof and confirm-with options; ``budget.controls`` sample controls,
        seeded by ``budget.seed``.
    predicate : SubwordPredicate
        C as a circuit on prefixes and suffixes (``timber_path.wp_predicate`` for WP,
        ``timber_path.x_predicate`` for X).
    misere : bool
        The misère Partition Theorem (Theorem 2.2) instead of Theorem 2.1.
    oracle : callable or None
        The direct solver's ``oracle(word, misere)`` (None: no sample controls, only the
        toggled one).

    Returns
    -------
    Verdict
        With ``controls``; ``error`` when a control failed.

    Examples
    --------
    >>> from cgsat.cgt.peaks import p_position_table, code_of
    >>> def oracle(w, misere):
    ...     return bool(p_position_table(len(w), misere)[code_of(w)])
    >>> v = characterization(10, Budget(), timber_path.x_predicate, True, oracle)
    >>> v.status, v.controls
    ('holds', {'passed': 17, 'total': 17})
    >>> characterization(0, Budget(), timber_path.wp_predicate, True).counterexample
    '()'

    References
    ----------
    *The Game of timber!*, Theorems 2.3 (WP, normal play) and 2.4 (X, misère play).
    """
    run = SatRun(budget)
    sink, pool = run.new()
    check = _Check.build(sink, pool, n, predicate, misere, _toggle_word(run, n))
    model = run.solve(sink, check.main)
    sha = ClauseBuffer(list(sink) + [[a] for a in check.main]).sha256() \
        if isinstance(sink, ClauseBuffer) else None
    if model is not None:
        word = check.decode({lit for lit in model if lit > 0})
        verdict = run.verdict(counterexample=word or "()",
                              detail="the partition condition fails here")
    else:
        for control in check.controls(run, oracle, n):
            run.control(sink, control)
        verdict = run.verdict()
    if isinstance(sink, LiveSolver):
        sink.close()
    return replace(verdict, dimacs_sha256=sha)


def _z3_on_cnf(buf: ClauseBuffer, pool: IDPool, letters: list[int],
               timeout: float | None) -> tuple[bool | None, str | None, float, float]:
    """Solve a CNF with z3 (DIMACS through ``from_string``): answer, word, seconds."""
    t0 = time.perf_counter()
    solver = _z3_solver(buf, pool, timeout)
    t1 = time.perf_counter()
    answer = solver.check()
    t2 = time.perf_counter()
    word = None
    if answer == z3.sat:
        model = solver.model()
        # z3's DIMACS reader names variable v "k!v" (checked with z3 4.x)
        true = {str(d) for d in model.decls() if z3.is_true(model[d])}
        word = "".join("R" if f"k!{x}" in true else "L" for x in letters)
    sat = True if answer == z3.sat else False if answer == z3.unsat else None
    return sat, word, t1 - t0, t2 - t1


def _z3_solver(buf: ClauseBuffer, pool: IDPool, timeout: float | None) -> z3.Solver:
    """A z3 solver loaded with a CNF as DIMACS."""
    solver = z3.Solver()
    if timeout is not None:
        solver.set("timeout", int(timeout * 1000))
    solver.from_string(buf.dimacs(nv=pool.top))
    return solver


def _z3_terms(solver: z3.Solver, top: int, variables: Iterable[int]) -> dict[int, Any]:
    """The z3 constants of DIMACS variables in a solver loaded by :func:`_z3_solver`.

    z3's DIMACS reader makes its own constants (printed "k!v", but not equal to
    ``z3.Bool("k!v")``) and reuses them when more DIMACS is read into the same solver. So
    the variables are read once more as unit clauses inside push/pop, and their constants
    are taken from those assertions (found by name).
    """
    wanted = {f"k!{v}": v for v in set(variables)}
    solver.push()
    solver.from_string(f"p cnf {top} {len(wanted)}\n"
                       + "".join(f"{v} 0\n" for v in wanted.values()))
    found: dict[int, Any] = {}
    assertions = solver.assertions()
    for i in range(len(assertions) - 1, -1, -1):
        term = assertions[i]
        if z3.is_const(term) and str(term) in wanted:
            found[wanted[str(term)]] = term
            if len(found) == len(wanted):
                break
    solver.pop()
    if len(found) != len(wanted):
        raise RuntimeError("z3's DIMACS reader did not name the variables k!v")
    return found


def _z3_lit(terms: dict[int, Any], lit: int) -> Any:
    """A DIMACS literal as a z3 term."""
    return terms[lit] if lit > 0 else z3.Not(terms[-lit])


def _z3_true(model: z3.ModelRef, terms: dict[int, Any]) -> set[int]:
    """The variables (of ``terms``) that are true in a z3 model."""
    return {v for v, term in terms.items()
            if z3.is_true(model.eval(term, model_completion=True))}


def smt_characterization(n: int, budget: Budget, predicate: SubwordPredicate,
                         misere: bool, oracle: Oracle | None = None) -> Verdict:
    """The inductive check of :func:`characterization`, answered by z3 instead of CaDiCaL.

    z3 solves the same order-encoded CNF, read as DIMACS; its answer does not depend on the
    SAT solver's. An UNSAT answer counts only after the same controls as
    :func:`characterization` pass, solved by z3 under assumptions on the same formula.

    Parameters
    ----------
    n : int
        The word length.
    budget : Budget
        ``budget.timeout`` is passed to z3 (then the verdict is unknown);
        ``budget.controls`` and ``budget.seed`` as for :func:`characterization`.
    predicate : SubwordPredicate
        The set C.
    misere : bool
        Misère play.
    oracle : callable or None
        The direct solver's ``oracle(word, misere)`` (None: only the toggled control).

    Returns
    -------
    Verdict
        Solver ``"z3"``; no certificate; with ``controls``.

    Examples
    --------
    >>> v = smt_characterization(8, Budget(), timber_path.wp_predicate, False)
    >>> v.status, v.controls
    ('holds', {'passed': 1, 'total': 1})

    References
    ----------
    *The Game of timber!*, Theorems 2.3 and 2.4.
    """
    run = SatRun(budget)  # draws the sample words, exactly as the sat method does
    buf, pool = ClauseBuffer(), IDPool()
    check = _Check.build(buf, pool, n, predicate, misere, _toggle_word(run, n))
    solver = _z3_solver(buf, pool, budget.timeout)
    word = check.word
    assert word.whole is not None and word.some is not None
    terms = _z3_terms(solver, pool.top, [check.goal, check.toggle, abs(word.whole),
                                         abs(word.some)] + word.letters)
    answer = solver.check(*[_z3_lit(terms, a) for a in check.main])
    common = dict(instance={"vars": max(pool.top, buf.nv), "clauses": len(buf)}, solver="z3")
    if answer == z3.unknown:
        return Verdict.unknown("z3 gave up (timeout)", **common)
    if answer == z3.sat:
        found = check.decode(_z3_true(solver.model(), terms))
        return Verdict.refuted(found or "()", detail="the partition condition fails here",
                               **common)
    passed, failures = 0, []
    controls = check.controls(run, oracle, n)
    for control in controls:
        answer = solver.check(*[_z3_lit(terms, a) for a in control.assumptions])
        true = _z3_true(solver.model(), terms) if answer == z3.sat else None
        why = control.check(true) if answer != z3.unknown else "z3 gave up (timeout)"
        if why is None:
            passed += 1
        else:
            failures.append(f"{control.kind} control at {control.position}: {why}")
    tally = {"passed": passed, "total": len(controls)}
    if failures:
        more = f" (+{len(failures) - 3} more)" if len(failures) > 3 else ""
        return Verdict.error("control failed: " + "; ".join(failures[:3]) + more,
                             controls=tally, **common)
    return Verdict.holds(controls=tally, **common)


def counts(n: int, budget: Budget, oracle: Oracle | None = None) -> Verdict:
    """Theorem 2.5 at length n: both characterizations by SAT, then the counts by DP.

    The normal (WP, Theorem 2.3) and misère (X, Theorem 2.4) characterizations pass the
    inductive check at n, each with its controls (:func:`characterization`); the words of
    length n in WP, X and SWP, counted by dynamic programming over automata, must then
    equal the formulas. The instance size is the sum of the two checks', and so are the
    control counts.

    Parameters
    ----------
    n : int
        The word length.
    budget : Budget
        Solver, proof and confirm-with options; controls.
    oracle : callable or None
        The direct solver's ``oracle(word, misere)`` for the sample controls.

    Returns
    -------
    Verdict

    Examples
    --------
    >>> counts(8, Budget()).detail
    'WP(8) = 14, X(8) = 8, SWP(8) = 6'

    References
    ----------
    *The Game of timber!*, Theorem 2.5 (and Theorems 2.3, 2.4).
    """
    normal = characterization(n, budget, timber_path.wp_predicate, False, oracle)
    misere = characterization(n, budget, timber_path.x_predicate, True, oracle)
    instance = {
        "vars": normal.instance["vars"] + misere.instance["vars"],  # type: ignore[index]  # both solved
        "clauses": normal.instance["clauses"] + misere.instance["clauses"],  # type: ignore[index]  # both solved
    }
    both = [c for c in (normal.controls, misere.controls) if c]
    controls = {"passed": sum(c["passed"] for c in both),
                "total": sum(c["total"] for c in both)} if both else None
    sha = None
    if normal.dimacs_sha256 and misere.dimacs_sha256:
        sha = f"{normal.dimacs_sha256}+{misere.dimacs_sha256}"
    common = dict(instance=instance, solver=normal.solver,
                  certificate=combine([normal.certificate, misere.certificate]),
                  dimacs_sha256=sha, controls=controls)
    for verdict, play in ((normal, "normal"), (misere, "misère")):
        if verdict.status == "error":
            return Verdict.error(f"{play}: {verdict.reason}", **common)
        if verdict.status == "refuted":
            return Verdict.refuted(verdict.counterexample or "()",  # a word
                                   detail=f"the {play} characterization fails", **common)
    found = {"WP": count_dyck(n), "X": count_x(n), "SWP": count_swp(n)}
    return compare_counts(n, found, **common)


@dataclass
class SmtResult:
    """The answer of one z3 run of the inductive check (*The Game of timber!*, Theorems 2.3
    and 2.4): ``sat`` (with a counterexample word) or not, and timings."""

    sat: bool | None  # None: unknown (z3 gave up)
    word: str | None
    encode_seconds: float
    solve_seconds: float
    formulation: str
    instance: dict[str, int] | None = None  # DIMACS size, for "dimacs"


def smt_inductive_check(n: int, label: str = "thm2.3", formulation: str = "bv",
                        timeout: float | None = None) -> SmtResult:
    """Run the inductive check for ``label`` at length n with z3, in one formulation.

    For the benchmarks (z3 against CaDiCaL); the registered ``smt`` methods are
    :func:`smt_characterization` (the ``"dimacs"`` formulation).

    Parameters
    ----------
    n : int
        The word length.
    label : {"thm2.3", "thm2.4"}
        WP under normal play, or X under misère play.
    formulation : {"int", "bv", "dimacs"}
        See :mod:`cgsat.encodings.timber_path_smt`.
    timeout : float or None
        Seconds for z3 (then ``sat`` is None if it gives up).

    Returns
    -------
    SmtResult
        ``sat`` False means the check holds at n (no counterexample).

    Examples
    --------
    >>> [smt_inductive_check(8, "thm2.4", f).sat for f in FORMULATIONS]
    [False, False, False]

    References
    ----------
    *The Game of timber!*, Theorems 2.3 and 2.4.
    """
    if label not in timber_path.PREDICATES:
        raise ValueError(f"unknown claim {label!r}")
    if formulation not in FORMULATIONS:
        raise ValueError(f"unknown formulation {formulation!r}; one of {FORMULATIONS}")
    if formulation == "dimacs":
        t0 = time.perf_counter()
        predicate, misere = timber_path.PREDICATES[label]
        buf, pool, letters = _instance(n, predicate, misere)
        encode = time.perf_counter() - t0
        sat, word, load, solve = _z3_on_cnf(buf, pool, letters, timeout)
        instance = {"vars": max(pool.top, buf.nv), "clauses": len(buf)}
        return SmtResult(sat, word, encode + load, solve, formulation, instance)
    t0 = time.perf_counter()
    solver = z3.Solver()
    if timeout is not None:
        solver.set("timeout", int(timeout * 1000))
    z3word, terms = inductive_check_terms(n, label, formulation)
    solver.add(*terms)
    t1 = time.perf_counter()
    answer = solver.check()
    t2 = time.perf_counter()
    result_word = None
    if answer == z3.sat:
        model = solver.model()
        result_word = "".join(
            "R" if z3.is_true(model.eval(r, model_completion=True)) else "L" for r in z3word.r)
    sat = True if answer == z3.sat else False if answer == z3.unsat else None
    return SmtResult(sat, result_word, t1 - t0, t2 - t1, formulation)
