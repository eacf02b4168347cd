"""The SAT side of *Toppling Conjectures* §2-5 (Lemma 1 to Theorem 29): instances from
:mod:`cgsat.encodings.toppling`, solved through :class:`cgsat.verify.solve.SatRun`.

Every method is ``run(n, budget) -> Verdict``. A symbolic row (two variables per domino,
"Left may topple it" and "Right may topple it") is related to a target by the partizan
difference encoding; UNSAT at every instance means the claim holds at ``n``, and a model is
decoded into the row (the counterexample) that the direct solver then replays
(:mod:`cgsat.verify.papers.toppling.brute`, the claim's ``confirm``). Sizes ``n`` are row
lengths unless a claim says otherwise. §7 ("Conjectures") is in
:mod:`cgsat.verify.papers.toppling.conjectures_sat`; Theorem 32 has no SAT method.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pysat.formula import IDPool

from cgsat.cgt.canonical import Game, nimber, number
from cgsat.encodings.toppling import (
    ZERO,
    DifferenceEncoding,
    GameSide,
    OrdinalOneSide,
    StringSide,
    add_exclusions,
    add_lemma1_violation,
    add_not_palindrome,
    add_relation,
    add_row,
    f_morphism_side,
    insert_domino,
    word_of,
)
from cgsat.verify.claims import Budget, Verdict
from cgsat.verify.papers.toppling.constructions import star_rows
from cgsat.verify.papers.toppling.numbers import (
    miny,
    nonnegative_numbers,
    positive_numbers,
)
from cgsat.verify.solve import SatRun, Sink

Target = tuple[str, Game, Iterable[str]]
"""``(label, game, allowed_rows)`` for :func:`uniqueness`."""


def uniqueness(n: int, budget: Budget, targets: Iterable[Target], alphabet: str = "LRE",
               extra: Callable[[Sink, IDPool, StringSide], None] | None = None,
               run: SatRun | None = None) -> Verdict:
    """For each ``(label, game, allowed_rows)``: no row of exactly ``n`` dominoes over
    ``alphabet`` other than ``allowed_rows`` has value ``game``.

    Parameters
    ----------
    n : int
        Row length.
    budget : Budget
    targets : iterable of (str, Game, iterable of str)
        One SAT instance each, solved in order; the first model refutes.
    alphabet : {"LRE", "LR"}
    extra : callable or None
        ``extra(sink, pool, row)`` adds more constraints on the row (e.g.
        :func:`~cgsat.encodings.toppling.add_not_palindrome`).
    run : SatRun or None
        Add the instances to this run (its verdict sums them); default a new one.

    Returns
    -------
    Verdict
        Refuted with the row found, else holds.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 16, Corollary 17, Conjectures 22, 33 and
    37-39 (each a uniqueness or non-occurrence statement).
    """
    run = run or SatRun(budget)
    for label, g, allowed in targets:
        sink, pool = run.new()
        side = add_row(sink, pool, n, alphabet)
        add_relation(sink, pool, side, GameSide(g), "=")
        add_exclusions(sink, side, allowed)
        if extra is not None:
            extra(sink, pool, side)
        model = run.solve(sink)
        if model is not None:
            return run.verdict(word_of(side, model), detail=f"has value {label}")
    return run.verdict()


def lem1(n: int, budget: Budget) -> Verdict:
    """Every row of exactly ``n`` dominoes over LRE has the outcome Lemma 1's rule gives
    (difference encoding against 0).

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 1 (as corrected).
    """
    run = SatRun(budget)
    sink, pool = run.new()
    side = add_row(sink, pool, n)
    lw, rw = DifferenceEncoding(sink, pool, side, GameSide(ZERO)).root_vars()
    add_lemma1_violation(sink, pool, side, lw, rw)
    model = run.solve(sink)
    return run.verdict(word_of(side, model) if model else None)


def lem4(n: int, budget: Budget) -> Verdict:
    """``Lx > x`` for every row ``x`` of exactly ``n`` dominoes over LRE (``Lx`` sharing
    ``x``'s variables).

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 4.
    """
    run = SatRun(budget)
    sink, pool = run.new()
    x = add_row(sink, pool, n, name="x")
    add_relation(sink, pool, insert_domino(x, 0), x, "not>")
    model = run.solve(sink)
    return run.verdict(word_of(x, model) if model else None)


def thm10(n: int, budget: Budget) -> Verdict:
    """``f(G) = 1:G`` for every row ``G`` of exactly ``n`` dominoes over LRE: ``f(G)``
    sharing ``G``'s variables against the ordinal sum played directly.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Definition 9 and Theorem 10.
    """
    run = SatRun(budget)
    sink, pool = run.new()
    g = add_row(sink, pool, n)
    add_relation(sink, pool, f_morphism_side(g), OrdinalOneSide(g), "!=")
    model = run.solve(sink)
    return run.verdict(word_of(g, model) if model else None)


def thm16(n: int, budget: Budget) -> Verdict:
    """No row of exactly ``n`` dominoes other than ``x``'s own row equals ``x``, for every
    number ``x >= 0`` whose row has length ``<= n``.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 16.
    """
    targets = [(str(q), number(q), [w]) for q, w in nonnegative_numbers(n)]
    return uniqueness(n, budget, targets)


def cor17(n: int, budget: Budget) -> Verdict:
    """No non-palindrome of exactly ``n`` dominoes equals ``x``, for every number ``x >= 0``
    whose row has length ``<= n``.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Corollary 17.
    """
    if n < 2:
        return Verdict.holds(detail="every row of length < 2 is a palindrome")
    targets = [(str(q), number(q), []) for q, w in nonnegative_numbers(n)]
    return uniqueness(n, budget, targets, extra=add_not_palindrome)


def thm21(n: int, budget: Budget) -> Verdict:
    """``RLxLR = {{x|0}|0}`` for every number ``x > 0`` whose row has ``n - 4`` dominoes
    (the concrete row against the game).

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 21.
    """
    run = SatRun(budget)
    for q, w in positive_numbers(n - 4):
        if len(w) != n - 4:
            continue
        sink, pool = run.new()
        add_relation(sink, pool, StringSide.concrete("RL" + w + "LR"), GameSide(miny(number(q))),
                     "!=")
        if run.solve(sink) is not None:
            return run.verdict("RL" + w + "LR", detail=f"x = {q}")
    return run.verdict()


def conj22(n: int, budget: Budget) -> Verdict:
    """No row of exactly ``n`` dominoes over LRE other than ``RLxLR`` has value
    ``{{x|0}|0}``, for every number ``x > 0`` whose row has length ``<= n - 2``.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 22.
    """
    targets = [(f"{{{{{q}|0}}|0}}", miny(number(q)), ["RL" + w + "LR"])
               for q, w in positive_numbers(n - 2)]
    return uniqueness(n, budget, targets)


def lem23(m: int, budget: Budget) -> Verdict:
    """``(LR)^m = *m`` (the concrete row against the nimber).

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 23.
    """
    run = SatRun(budget)
    sink, pool = run.new()
    add_relation(sink, pool, StringSide.concrete("LR" * m), GameSide(nimber(m)), "!=")
    if run.solve(sink) is not None:
        return run.verdict("LR" * m)
    return run.verdict()


def thm29(n: int, budget: Budget) -> Verdict:
    """For every ``m`` in ``1..n``, the LR rows of exactly ``n`` dominoes with value ``*m``,
    enumerated with blocking clauses, are exactly Theorem 29's rows.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 29.
    """
    run = SatRun(budget)
    counts = []
    for m in range(1, n + 1):
        sink, pool = run.new()
        side = add_row(sink, pool, n, "LR")
        add_relation(sink, pool, side, GameSide(nimber(m)), "=")
        found: set[str] = set()
        while True:  # enumerate with blocking clauses (at most 2 rows expected)
            model = run.solve(sink)
            if model is None:
                break
            w = word_of(side, model)
            if w not in star_rows(m, n):
                return run.verdict(w, detail=f"an LR row of value *{m} outside Theorem 29")
            found.add(w)
            add_exclusions(sink, side, [w])
        if found != star_rows(m, n):
            missing = sorted(star_rows(m, n) - found)[0]
            return run.verdict(missing, detail=f"not found with value *{m}")
        if found:
            counts.append(f"*{m}: {len(found)}")
    return run.verdict(detail="LR rows of value *m at this length: "
                       + (", ".join(counts) or "none"))
