"""Toppling Peaks by SAT and SMT: Theorems 2.3, 2.4 and 2.5 of *The Game of timber!*.

The ``sat`` methods run the sharp inductive partition check of
:mod:`cgsat.encodings.timber_path` (order-encoded prefix heights shared by every option)
through :func:`cgsat.verify.solve.sat_verdict`. The ``smt`` methods hand z3 the same CNF as
DIMACS, so z3 answers the same question independently of CaDiCaL (z3's arithmetic
formulations of :mod:`cgsat.encodings.timber_path_smt` time out at n = 40, see
docs/benchmarks.md; :func:`smt_inductive_check` runs them for the benchmarks). Theorem 2.5
proves both characterizations inductively and then counts the characterized sets by
dynamic programming (:mod:`cgsat.verify.papers.timber.words`). This module imports no
brute-side code; counterexamples are replayed by
:mod:`cgsat.verify.papers.timber.path_brute`.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §2, Theorems 2.1-2.5.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import z3
from pysat.formula import IDPool

from cgsat.encodings import timber_path
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.encodings.timber_path import SubwordPredicate
from cgsat.encodings.timber_path_smt import FORMULATIONS, inductive_check_terms
from cgsat.verify.certificates import combine
from cgsat.verify.claims import Budget, Verdict
from cgsat.verify.papers.timber.words import compare_counts, count_dyck, count_swp, count_x
from cgsat.verify.solve import sat_verdict


def _instance(n: int, predicate: SubwordPredicate, misere: bool) -> tuple[ClauseBuffer,
                                                                         IDPool, list[int]]:
    """The sharp inductive check at length n as a ClauseBuffer, its pool and letters."""
    pool, buf = IDPool(), ClauseBuffer()
    word = timber_path.add_inductive_check(pool, buf, n, predicate, misere)
    return buf, pool, word.letters


def characterization(n: int, budget: Budget, predicate: SubwordPredicate,
                     misere: bool) -> Verdict:
    """The sharp inductive partition check of a set C of words at length n, by SAT.

    SAT means a word of length n breaks the partition condition for C, given C on its
    options: it is decoded as the counterexample. UNSAT at every length up to N proves that
    C is exactly the set of P-positions of length <= N.

    Parameters
    ----------
    n : int
        The word length.
    budget : Budget
        Solver, proof and confirm-with options.
    predicate : SubwordPredicate
        C as a circuit on prefixes and suffixes (``timber_path.wp_predicate`` for WP,
        ``timber_path.x_predicate`` for X).
    misere : bool
        The misère Partition Theorem (Theorem 2.2) instead of Theorem 2.1.

    Returns
    -------
    Verdict

    Examples
    --------
    >>> characterization(10, Budget(), timber_path.x_predicate, True).status
    'holds'
    >>> characterization(0, Budget(), timber_path.wp_predicate, True).counterexample
    '()'

    References
    ----------
    *The Game of timber!*, Theorems 2.3 (WP, normal play) and 2.4 (X, misère play).
    """
    buf, _, letters = _instance(n, predicate, misere)

    def decode(true: set[int]) -> Verdict:
        """The word of the model: it breaks the partition condition."""
        word = timber_path.decode_word(true, letters)
        return Verdict.refuted(word or "()", detail="the partition condition fails here")

    return sat_verdict(buf, budget, decode)


def _z3_on_cnf(buf: ClauseBuffer, pool: IDPool, letters: list[int],
               timeout: float | None) -> tuple[bool | None, str | None, float, float]:
    """Solve a CNF with z3 (DIMACS through ``from_string``): answer, word, seconds."""
    t0 = time.perf_counter()
    solver = z3.Solver()
    if timeout is not None:
        solver.set("timeout", int(timeout * 1000))
    solver.from_string(buf.dimacs(nv=pool.top))
    t1 = time.perf_counter()
    answer = solver.check()
    t2 = time.perf_counter()
    word = None
    if answer == z3.sat:
        model = solver.model()
        # z3's DIMACS reader names variable v "k!v" (checked with z3 5.4)
        true = {str(d) for d in model.decls() if z3.is_true(model[d])}
        word = "".join("R" if f"k!{x}" in true else "L" for x in letters)
    sat = True if answer == z3.sat else False if answer == z3.unsat else None
    return sat, word, t1 - t0, t2 - t1


def smt_characterization(n: int, budget: Budget, predicate: SubwordPredicate,
                         misere: bool) -> Verdict:
    """The inductive check of :func:`characterization`, answered by z3 instead of CaDiCaL.

    z3 solves the same order-encoded CNF, read as DIMACS; its answer does not depend on the
    SAT solver's.

    Parameters
    ----------
    n : int
        The word length.
    budget : Budget
        ``budget.timeout`` is passed to z3 (then the verdict is unknown).
    predicate : SubwordPredicate
        The set C.
    misere : bool
        Misère play.

    Returns
    -------
    Verdict
        Solver ``"z3"``; no certificate.

    Examples
    --------
    >>> smt_characterization(8, Budget(), timber_path.wp_predicate, False).status
    'holds'

    References
    ----------
    *The Game of timber!*, Theorems 2.3 and 2.4.
    """
    buf, pool, letters = _instance(n, predicate, misere)
    sat, word, _, _ = _z3_on_cnf(buf, pool, letters, budget.timeout)
    common = dict(instance={"vars": max(pool.top, buf.nv), "clauses": len(buf)}, solver="z3")
    if sat is None:
        return Verdict.unknown("z3 gave up (timeout)", **common)
    if sat:
        return Verdict.refuted(word or "()", detail="the partition condition fails here",
                               **common)
    return Verdict.holds(**common)


def counts(n: int, budget: Budget) -> Verdict:
    """Theorem 2.5 at length n: both characterizations by SAT, then the counts by DP.

    The normal (WP, Theorem 2.3) and misère (X, Theorem 2.4) characterizations pass the
    inductive check at n; the words of length n in WP, X and SWP, counted by dynamic
    programming over automata, must then equal the formulas. The instance size is the sum
    of the two checks'.

    Parameters
    ----------
    n : int
        The word length.
    budget : Budget
        Solver, proof and confirm-with options.

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
    normal = characterization(n, budget, timber_path.wp_predicate, False)
    misere = characterization(n, budget, timber_path.x_predicate, True)
    instance = {
        "vars": normal.instance["vars"] + misere.instance["vars"],  # type: ignore[index]
        "clauses": normal.instance["clauses"] + misere.instance["clauses"],  # type: ignore[index]
    }
    common = dict(instance=instance, solver=normal.solver,
                  certificate=combine([normal.certificate, misere.certificate]),
                  dimacs_sha256=f"{normal.dimacs_sha256}+{misere.dimacs_sha256}")
    for verdict, play in ((normal, "normal"), (misere, "misère")):
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
