"""The SAT side of *Toppling Conjectures* §7 ("Conjectures"): Conjectures 33-40 and
Theorem 36, built like :mod:`cgsat.papers.toppling.sat` (instances from
:mod:`cgsat.encodings.toppling`, solved through :class:`cgsat.sat.solve.SatRun`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from cgsat.cgt.canonical import ZERO as ZERO_GAME
from cgsat.cgt.canonical import number
from cgsat.claims import Budget, Verdict
from cgsat.encodings.toppling import (
    GameSide,
    StringSide,
    add_relation,
    add_row,
    insert_domino,
    word_literals,
    word_of,
)
from cgsat.encodings.toppling_names import fresh
from cgsat.encodings.toppling_rows import add_palindrome_row, add_rows_differ
from cgsat.papers.toppling.constructions import (
    allowed_rows,
    conjecture33_value,
    conjecture40_games,
    construction_cases,
    describe_numbers,
)
from cgsat.papers.toppling.numbers import theorem36_cases
from cgsat.papers.toppling.sat import Oracle, concrete, random_rows, sample_rows, uniqueness
from cgsat.sat.solve import Control, SatRun

if TYPE_CHECKING:
    from cgsat.papers.toppling.sat import RowOracle, Target


__all__ = [
    "conj33",
    "conj34",
    "pair_check",
    "conj35",
    "thm36",
    "construction",
    "occurrence_table",
    "conj40",
]


def conj33(n: int, budget: Budget, *, oracle: Oracle, covers: str, chain: bool = True,
           leaders: bool = True) -> Verdict:
    """No LR row of exactly ``n`` dominoes has value ``{1|0,{0|-1}}`` (:func:`uniqueness`
    with its controls; sample rows over ``covers``, LR). By default with chained moves and
    leader rows only (a row and its reversal have the same value); ``chain=False,
    leaders=False`` is the encoding of issue 6.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 33.
    """
    return uniqueness(n, budget, [("{1|0,{0|-1}}", conjecture33_value(), [])], alphabet="LR",
                      oracle=oracle, covers=covers, chain=chain, leaders=leaders)


def conj34(n: int, budget: Budget, *, oracle: RowOracle, covers: str) -> Verdict:
    """``xLy > xy`` for every split ``|x| = p <= |y| = n - p`` (``x``, ``y`` symbolic over
    LRE, ``xLy`` and ``xy`` sharing variables; ``p > n - p`` follows by reversal). Sample
    controls on each split: random rows ``xy`` over ``covers`` give ``oracle(xLy, xy)``.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 34.
    """
    run = SatRun(budget)
    samples = random_rows(run, n, covers)
    for p in range(n // 2 + 1):  # |x| = p <= |y| = n - p; the reversal gives the rest
        sink, pool = run.new()
        xy = add_row(sink, pool, n, name="xy")
        s = fresh(pool, "selector")
        lw, rw = add_relation(sink, pool, insert_domino(xy, p), xy, "not>", guard=s)
        model = run.solve(sink, [s])
        if model is not None:
            w = word_of(xy, model)
            return run.verdict(f"{w[:p]}L{w[p:]}", detail=f"x = {w[:p]!r}, y = {w[p:]!r}")
        sample_rows(run, sink, xy, lw, rw, [-s], samples,
                    lambda r, p=p: oracle(r[:p] + "L" + r[p:], r))  # type: ignore[misc]  # p=p binds p
        if run.failures:
            break
    return run.verdict()


def pair_check(pal: StringSide, g: StringSide, words: tuple[str, str], lw: int, rw: int,
               want: tuple[bool, bool]) -> Callable[[set[int] | None], str | None]:
    """The check of a sample control of Conjecture 35: the model is the pair ``words``
    (palindrome, row) and the root literals of ``G - P`` are ``want``.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 35; the controls of issue 12.
    """
    def check(true: set[int] | None) -> str | None:
        if true is None:
            return "the instance is UNSAT with the rows fixed"
        if (word_of(pal, true), word_of(g, true)) != words:
            return f"the model is {(word_of(pal, true), word_of(g, true))}"
        got = (lw in true, rw in true)
        return None if got == want else f"(LW, RW) = {got}, the direct solver says {want}"
    return check


def conj35(n: int, budget: Budget, *, oracle: RowOracle, covers: str) -> Verdict:
    """Every LR palindrome ``P`` and LR row ``G`` (both symbolic) with
    ``max(|P|, |G|) = n``: ``G = P`` only if ``G`` is ``P``. Sample controls on each
    instance: random pairs (a palindrome and a row over ``covers``) fixed with the goal off
    give ``oracle(G, P)``.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 35.
    """
    run = SatRun(budget)
    for p in range(1, n + 1):
        lengths = range(1, n + 1) if p == n else [n]
        for m in lengths:
            sink, pool = run.new()
            pal = add_palindrome_row(sink, pool, p)
            g = add_row(sink, pool, m, "LR")
            s = fresh(pool, "selector")
            lw, rw = add_relation(sink, pool, g, pal, "=", guard=s)
            if m == p:  # G differs from P somewhere
                add_rows_differ(sink, pool, g, pal, guard=s)
            model = run.solve(sink, [s])
            if model is not None:
                pw, gw = word_of(pal, model), word_of(g, model)
                return run.verdict(f"{pw} {gw}", detail=f"palindrome {pw} = {gw}")
            halves = random_rows(run, (p + 1) // 2, covers)
            rows_ = random_rows(run, m, covers)
            for half, r in zip(halves, rows_, strict=False):
                pw = (half + half[::-1])[:p] if p % 2 == 0 else half + half[-2::-1]
                fixed = word_literals(pal, pw) + word_literals(g, r)
                run.control(sink, Control("sample", f"{pw} {r}", (-s, *fixed),
                                          pair_check(pal, g, (pw, r), lw, rw, oracle(r, pw))))
            if run.failures:
                return run.verdict()
    return run.verdict()


def thm36(n: int, budget: Budget, *, oracle: Oracle) -> Verdict:
    """Every non-integer number ``x`` whose row has ``n`` dominoes: ``x^L LR x^R`` is
    ``x``'s row, and that concrete row equals ``x`` (with its control:
    :func:`~cgsat.papers.toppling.sat.concrete`).

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 36.
    """
    run = SatRun(budget)
    for q, w, built in theorem36_cases(n):
        if built != w:
            return run.verdict(built, detail=f"x = {q}: x^L LR x^R is not x's row {w}")
        if concrete(run, built, number(q), oracle):
            return run.verdict(built, detail=f"x = {q}")
    return run.verdict()


def construction(n: int, budget: Budget, name: str, strict: bool, *, oracle: Oracle,
                 covers: str) -> Verdict:
    """Conjectures 37-39 at length ``n``: each construction row of length ``n`` has its
    game's value, and no other row of length ``n`` (but reversals) has the value of a
    tuple whose row has length ``<= n``. Every instance with its controls
    (:func:`~cgsat.papers.toppling.sat.concrete`,
    :func:`~cgsat.papers.toppling.sat.uniqueness`).

    Parameters
    ----------
    n : int
    budget : Budget
    name : {"conj37", "conj38", "conj39"}
        The construction (:data:`~cgsat.papers.toppling.constructions.CONSTRUCTIONS`).
    strict : bool
        Numbers ``a > b > ...`` (the strict variant) instead of ``a >= b >= ...``.
    oracle : callable
        The direct solver's first-player wins on ``r - H`` (from the claim).
    covers : str
        The alphabet the claim covers (sample rows are drawn over it).

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjectures 37, 38 and 39.
    """
    run = SatRun(budget)
    cases = construction_cases(name, n, strict)
    for t, row, g in cases:  # the value of each construction of length n
        if len(row) != n:
            continue
        if concrete(run, row, g, oracle):
            return run.verdict(row, detail=f"{describe_numbers(t)}: {row} is not {g}")
        if run.failures:  # a failed control: the verdict is an error whatever follows
            return run.verdict()
    allowed = allowed_rows(cases)  # uniqueness among rows of length n
    targets = [(str(g), g, sorted(rows_)) for g, rows_ in allowed.items()]
    v = uniqueness(n, budget, targets, run=run, oracle=oracle, covers=covers)
    if v.status == "refuted":
        return v
    return run.verdict(detail=f"{len(cases)} tuples with rows <= {n}")


def occurrence_table(max_len: int, budget: Budget | None = None,
                     alphabet: str = "LRE") -> list[tuple[str, str | None]]:
    """For each game of Conjecture 40's list, its shortest row of length ``<= max_len``
    (by SAT; ``()`` for the empty row), or None.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 40.
    """
    budget = budget or Budget()
    table = []
    for label, g in conjecture40_games():
        found = None
        for n in range(0, max_len + 1):
            if n == 0:
                if g == ZERO_GAME:  # the empty row is 0
                    found = "()"
                    break
                continue
            run = SatRun(budget)
            sink, pool = run.new()
            side = add_row(sink, pool, n, alphabet)
            add_relation(sink, pool, side, GameSide(g), "=")
            model = run.solve(sink)
            if model is not None:
                found = word_of(side, model)
                break
        table.append((label, found))
    return table


def conj40(n: int, budget: Budget, games: tuple[str, ...], *, oracle: Oracle,
           covers: str) -> Verdict:
    """No row of exactly ``n`` dominoes over LRE has the value of any listed game (labels
    of :func:`~cgsat.papers.toppling.constructions.conjecture40_games`): one
    instance per game, each with its controls (:func:`uniqueness` with nothing allowed).

    Checking every listed game makes this a universal statement at each size: it holds
    only if each listed game is absent, and a row of any one of them refutes it. (The
    conjecture itself, "some game does not occur", follows within the bound.)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 40.
    """
    listed = {label: g for label, g in conjecture40_games() if label in games}
    if len(listed) != len(set(games)):
        raise ValueError(f"unknown games in {games}")
    targets = cast("list[Target]", [(label, listed[label], []) for label in games])
    return uniqueness(n, budget, targets, oracle=oracle, covers=covers)
