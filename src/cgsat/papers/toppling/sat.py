"""The SAT side of *Toppling Conjectures* §2-5 (Lemma 1 to Theorem 29): instances from
:mod:`cgsat.encodings.toppling`, solved through :class:`cgsat.sat.solve.SatRun`.

Every method is ``run(n, budget) -> Verdict``. A symbolic row (two variables per domino,
"Left may topple it" and "Right may topple it") is related to a target by the partizan
difference encoding; UNSAT at every instance means the claim holds at ``n``, and a model is
decoded into the row (the counterexample) that the direct solver then replays
(:mod:`cgsat.papers.toppling.brute`, the claim's ``confirm``). Sizes ``n`` are row
lengths unless a claim says otherwise. §7 ("Conjectures") is in
:mod:`cgsat.papers.toppling.conjectures_sat`; Theorem 32 has no SAT method.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from pysat.formula import IDPool
from pysat.solvers import Solver

from cgsat.cgt.canonical import ZERO as ZERO_GAME
from cgsat.cgt.canonical import Game, nimber, number
from cgsat.claims import Budget, Verdict
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.encodings.toppling import (
    ZERO,
    DifferenceEncoding,
    GameSide,
    OrdinalOneSide,
    StringSide,
    add_exclusions,
    add_relation,
    add_row,
    f_morphism_side,
    insert_domino,
    word_literals,
    word_of,
)
from cgsat.encodings.toppling_leaders import add_leader, leader
from cgsat.encodings.toppling_names import fresh
from cgsat.encodings.toppling_rows import add_lemma1_violation, add_not_palindrome
from cgsat.papers.toppling.constructions import star_rows
from cgsat.papers.toppling.numbers import miny, nonnegative_numbers, positive_numbers
from cgsat.sat.coverage import check_count, count_projected
from cgsat.sat.solve import Control, SatRun, Sink

__all__ = [
    "Target",
    "Oracle",
    "random_rows",
    "EXACT_LEADERS",
    "row_coverage",
    "root_check",
    "decodes_to",
    "uniqueness",
    "concrete",
    "sample_rows",
    "lem1",
    "lem4",
    "thm10",
    "thm16",
    "cor17",
    "thm21",
    "conj22",
    "lem23",
    "thm29",
]

Target = tuple[str, Game, Iterable[str]] | tuple[str, Game, Iterable[str], str]
"""``(label, game, allowed_rows)`` for :func:`uniqueness`, optionally with a fourth item:
the instance's name for ``cgsat export-cnf --target`` (default the label)."""

Oracle = Callable[[str, Game], tuple[bool, bool]]
"""The direct solver's ``(Left wins moving first, Right wins moving first)`` on ``r - H``,
passed in by the claims (a function of the brute side)."""

if TYPE_CHECKING:
    from typing import TypeAlias

    # An Oracle also given a row as H (brute.difference_wins takes both).
    RowOracle: TypeAlias = Callable[[str, Game | str], tuple[bool, bool]]


def random_rows(run: SatRun, n: int, covers: str, leaders: bool = False) -> list[str]:
    """The sample rows of one size: ``budget.controls`` distinct random rows of exactly
    ``n`` dominoes over ``covers`` (the claim's whole alphabet), seeded by the run; with
    ``leaders``, each row drawn is replaced by its
    :func:`~cgsat.encodings.toppling_leaders.leader` (the rows an instance restricted by
    :func:`~cgsat.encodings.toppling_leaders.add_leader` keeps).

    References
    ----------
    Fink et al., *Toppling Conjectures*, §1 (rows); the controls of issue 12.
    """
    if n == 0:
        return [""]
    if leaders:
        return run.samples(lambda rng: leader("".join(rng.choice(covers) for _ in range(n))))
    return run.samples(lambda rng: "".join(rng.choice(covers) for _ in range(n)))


EXACT_LEADERS = 3 ** 16
"""Leader-restricted rows are counted exactly (pyganak) while ``|A|^n`` is at most this
(0.3 s at 16 dominoes over LRE, 0.9 s at 24 over LR; 30 s at 36 over LR); beyond, by the
stratified sample of :func:`row_coverage`."""


def row_coverage(run: SatRun, n: int, alphabet: str, leaders: bool = False,
                 blocked: Iterable[str] = ()) -> None:
    """The position-space controls of a symbolic row of ``n`` dominoes (issue 24).

    The row's constraints are rebuilt by the very functions the instance is built with
    (:func:`~cgsat.encodings.toppling.add_row`, with ``leaders``
    :func:`~cgsat.encodings.toppling_leaders.add_leader`, and a guarded
    :func:`~cgsat.encodings.toppling.add_exclusions` per ``blocked`` row):

    - with the blocking off they must admit ``|A|^n`` rows over the alphabet A (leaders:
      ``(|A|^n + |A|^ceil(n/2)) / 2``, a row and its reversal once, palindromes kept),
      counted exactly by pyganak projected onto the letter variables (leaders: while
      ``|A|^n <= EXACT_LEADERS``); beyond, a stratified sample must be admitted: every
      palindrome ``c^n``, and for every place and letter a row with that letter there
      (its leader), with a palindrome through it;
    - with the blocking on, every listed row must be blocked and each of its neighbours
      (one letter changed) that the scope holds and the list does not must be admitted.

    Examples
    --------
    >>> from cgsat.claims import Budget
    >>> run = SatRun(Budget())
    >>> row_coverage(run, 3, "LRE", leaders=True); run.controls
    {'passed': 1, 'total': 1, 'coverage': 'count'}
    >>> row_coverage(run, 3, "LRE", leaders=True, blocked=["RLL"]); run.controls
    {'passed': 3, 'total': 3, 'coverage': 'sample'}
    >>> run = SatRun(Budget())
    >>> row_coverage(run, 40, "LR", leaders=True); run.controls, run.failures
    ({'passed': 1, 'total': 1, 'coverage': 'sample'}, [])

    References
    ----------
    Fink et al., *Toppling Conjectures*, §1 (rows); issue 24 (coverage controls).
    """
    if n == 0:
        return
    buf, pool = ClauseBuffer(), IDPool()
    side = add_row(buf, pool, n, alphabet)
    if leaders:
        add_leader(buf, pool, side)
    letters = [v for v in (*side.left, *side.right) if not isinstance(v, bool)]
    listed = sorted({w for w in blocked if len(w) == n and set(w) <= set(alphabet)
                     and (not leaders or leader(w) == w)})
    guards = [fresh(pool, "guard") for _ in listed]
    for w, g in zip(listed, guards, strict=True):
        add_exclusions(buf, side, [w], guard=g)
    a = len(alphabet)
    scope = (a ** n + a ** ((n + 1) // 2)) // 2 if leaders else a ** n
    what = f"rows of {n} dominoes over {alphabet}{', leaders' if leaders else ''}"
    off = [-g for g in guards]
    if not leaders or a ** n <= EXACT_LEADERS:
        check_count(run, what, count_projected(buf, pool.top, letters, off), scope)
        stratified: list[str] = []
    else:
        stratified = [c * n for c in alphabet]
        for k in range(n):
            for c in alphabet:
                fill = alphabet[(alphabet.index(c) + 1 + k) % a]
                row = fill * k + c + fill * (n - 1 - k)
                stratified += [leader(row) if leaders else row,
                               (row[:(n + 1) // 2] + row[:n // 2][::-1])]
    in_scope = (lambda w: leader(w) == w) if leaders else (lambda w: True)
    neighbours = {w[:k] + c + w[k + 1:] for w in listed for k in range(n) for c in alphabet
                  if c != w[k]}
    with Solver(bootstrap_with=list(buf)) as solver:
        def admitted(row: str, assumptions: list[int]) -> bool:
            return bool(solver.solve(assumptions=assumptions + word_literals(side, row)))

        bad = [r for r in dict.fromkeys(stratified) if in_scope(r) and not admitted(r, off)]
        if stratified:
            run.coverage(what, not bad, f"the sampled rows {bad[:3]} are not admitted",
                         "sample")
        wrong = [w for w in listed if admitted(w, guards)]
        wrong += [w for w in sorted(neighbours - set(listed))
                  if in_scope(w) and not admitted(w, guards)]
        if listed:
            run.coverage(f"{what}, {len(listed)} listed rows blocked", not wrong,
                         f"blocks {wrong[:3]} wrongly (a listed row admitted, or a row "
                         "one letter from one blocked)", "sample")


def root_check(side: StringSide, row: str, lw: int, rw: int,
               want: tuple[bool, bool]) -> Callable[[set[int] | None], str | None]:
    """The check of a sample control: the model is the row ``row`` and its root literals
    ``(LW, RW)`` are ``want`` (the direct solver's first-player wins).

    References
    ----------
    Fink et al., *Toppling Conjectures*, §1; the controls of issue 12.
    """
    def check(true: set[int] | None) -> str | None:
        if true is None:
            return "the instance is UNSAT with the row fixed"
        got = (lw in true, rw in true)
        if word_of(side, true) != row.replace("_", ""):
            return f"the model is the row {word_of(side, true)!r}"
        if got != want:
            return f"(LW, RW) = {got}, the direct solver says {want}"
        return None
    return check


def decodes_to(side: StringSide, row: str) -> Callable[[set[int] | None], str | None]:
    """The check of a toggled or witness control: SAT, and the model is exactly ``row``.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 16 and Conjecture 22; issue 12.
    """
    def check(true: set[int] | None) -> str | None:
        if true is None:
            return f"UNSAT, but {row} should be found"
        got = word_of(side, true)
        return None if got == row else f"found {got!r}, not {row!r}"
    return check


def uniqueness(n: int, budget: Budget, targets: Iterable[Target], alphabet: str = "LRE",  # noqa: PLR0913 - the claims bind these
               extra: Callable[..., None] | None = None, run: SatRun | None = None, *,
               oracle: Oracle, covers: str, chain: bool = False,
               leaders: bool = False) -> Verdict:
    """For each ``(label, game, allowed_rows)``: no row of exactly ``n`` dominoes over
    ``alphabet`` other than ``allowed_rows`` has value ``game``; every instance with its
    controls.

    The goal of each instance (the relation ``row = game`` and ``extra``) is guarded by a
    selector literal ``s``, and each allowed row's blocking clause by its own literal. After
    an UNSAT (with every selector on), the same instance must pass:

    - sample controls: ``budget.controls`` random rows over ``covers`` (the claim's whole
      alphabet, not the instance's), fixed by assumptions with the selectors off: SAT, and
      the root literals "Left (Right) moving first wins r - game" equal ``oracle(r, game)``;
    - a toggled control (``C △ {w}``) for every allowed row ``w`` of length ``n``: with
      ``w``'s blocking clause and ``extra`` lifted, the instance must find exactly ``w``
      (for Conjecture 22 this is the witness RLxLR).

    Parameters
    ----------
    n : int
        Row length.
    budget : Budget
    targets : iterable of (str, Game, iterable of str[, str])
        One SAT instance each, solved in order; the first model refutes. A fourth item
        names the instance for ``cgsat export-cnf --target`` (Conjecture 22: ``x``).
    alphabet : {"LRE", "LR"}
        The instance's alphabet.
    extra : callable or None
        ``extra(sink, pool, row, guard)`` adds more constraints on the row, guarded by
        ``guard`` (e.g. :func:`~cgsat.encodings.toppling_rows.add_not_palindrome`).
    run : SatRun or None
        Add the instances to this run (its verdict sums them); default a new one.
    oracle : callable
        ``oracle(row, game) -> (LW, RW)``, the direct solver (from the claim).
    covers : str
        The alphabet the claim covers; sample rows are drawn over it.
    chain : bool
        Encode the row's moves as prefix and suffix chains
        (:class:`~cgsat.encodings.toppling.DifferenceEncoding`, ``chain``): O(1) clauses
        per follower pair instead of O(n); the same pair variables.
    leaders : bool
        Restrict the row to leaders, rows at most their reversal
        (:func:`~cgsat.encodings.toppling_leaders.add_leader`; samples are leaders too). Sound
        because a row and its reversal have the same value: a row of value ``game``
        outside ``allowed_rows`` has a leader of that value, which is outside them or is
        an allowed row whose reversal is not allowed (such leaders are not blocked, and
        the reversal is the counterexample).

    Returns
    -------
    Verdict
        Refuted with the row found, else holds; error when a control failed.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 16, Corollary 17, Conjectures 22, 33 and
    37-39 (each a uniqueness or non-occurrence statement).
    """
    run = run or SatRun(budget)
    samples = random_rows(run, n, covers, leaders)
    for label, g, allowed, *name in targets:
        sink, pool = run.new()
        side = add_row(sink, pool, n, alphabet)
        allowed = allowed_all = set(allowed)
        if leaders:  # block a leader only if its reversal is allowed too (see above)
            add_leader(sink, pool, side)
            allowed = {w for w in allowed if leader(w) == w and w[::-1] in allowed}
        s, p = fresh(pool, "selector"), fresh(pool, "p-selector")
        lw, rw = add_relation(sink, pool, side, GameSide(g), "=", guard=s, chain=chain)
        blocks = {w: fresh(pool, "block", w) for w in sorted(allowed) if len(w) == n}
        for w, b in blocks.items():
            add_exclusions(sink, side, [w], guard=b)
        if extra is not None:
            extra(sink, pool, side, p)
        model = run.solve(sink, [s, p, *blocks.values()], label=name[0] if name else label)
        if model is not None:  # an allowed leader found is unblocked: its reversal is not
            w = word_of(side, model)
            w = w[::-1] if w in allowed_all else w
            return run.verdict(w, detail=f"has value {label}")
        off = [-b for b in blocks.values()]
        for r in samples:
            fixed = word_literals(side, r)
            run.control(sink, Control("sample", r, (-s, -p, *off, *fixed),
                                      root_check(side, r, lw, rw, oracle(r, g))))
        for w, b in blocks.items():
            others = [c for c in blocks.values() if c != b]
            run.control(sink, Control("toggled", w, (s, -p, -b, *others),
                                      decodes_to(side, w)))
        row_coverage(run, n, alphabet, leaders, blocks)
        if run.failures:  # the verdict is an error; the other targets cannot change that
            break
    return run.verdict()


def concrete(run: SatRun, row: str, g: Game, oracle: Oracle, relation: str = "!=") -> bool:
    """One instance about a concrete row: ``row relation g`` (the claim's failure), guarded
    by a selector literal; after an UNSAT, a sample control with the selector off: the root
    literals must equal ``oracle(row, g)``. Returns whether the instance was SAT.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 21, Lemma 23, Theorem 36 and Conjectures
    37-39 (a concrete row against its claimed value); the controls of issue 12.
    """
    sink, pool = run.new()
    s = pool.id(("selector", "row", row))  # names the row in export-cnf's variable map
    side = StringSide.concrete(row)
    lw, rw = add_relation(sink, pool, side, GameSide(g), relation, guard=s)
    if run.solve(sink, [s]) is not None:
        return True
    run.control(sink, Control("sample", row or "()", (-s,),
                              root_check(side, row, lw, rw, oracle(row, g))))
    return False


def sample_rows(run: SatRun, sink: Sink, side: StringSide, lw: int, rw: int, off: list[int],
                rows: Iterable[str], want: Callable[[str], tuple[bool, bool]]) -> None:
    """Sample controls on a symbolic-row instance after its UNSAT: each row fixed by
    assumptions with the goal's selectors off (``off``), the root literals ``(LW, RW)``
    must be ``want(row)`` (the direct solver's first-player wins).

    References
    ----------
    Fink et al., *Toppling Conjectures*, §1; the controls of issue 12.
    """
    for r in rows:
        run.control(sink, Control("sample", r or "()", (*off, *word_literals(side, r)),
                                  root_check(side, r, lw, rw, want(r))))


def lem1(n: int, budget: Budget, *, oracle: Oracle, covers: str) -> Verdict:
    """Every row of exactly ``n`` dominoes over LRE has the outcome Lemma 1's rule gives
    (difference encoding against 0), with sample controls: random rows over ``covers``
    must have the direct solver's outcome (``oracle(r, 0)``).

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 1 (as corrected).
    """
    run = SatRun(budget)
    sink, pool = run.new()
    side = add_row(sink, pool, n)
    s = fresh(pool, "selector")
    lw, rw = DifferenceEncoding(sink, pool, side, GameSide(ZERO)).root_vars()
    add_lemma1_violation(sink, pool, side, lw, rw, guard=s)
    model = run.solve(sink, [s])
    if model is not None:
        return run.verdict(word_of(side, model))
    sample_rows(run, sink, side, lw, rw, [-s], random_rows(run, n, covers),
                lambda r: oracle(r, ZERO_GAME))
    return run.verdict()


def lem4(n: int, budget: Budget, *, oracle: RowOracle, covers: str) -> Verdict:
    """``Lx > x`` for every row ``x`` of exactly ``n`` dominoes over LRE (``Lx`` sharing
    ``x``'s variables), with sample controls: for random ``x`` over ``covers`` the root
    literals of ``Lx - x`` must equal ``oracle("L" + x, x)``.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 4.
    """
    run = SatRun(budget)
    sink, pool = run.new()
    x = add_row(sink, pool, n, name="x")
    s = fresh(pool, "selector")
    lw, rw = add_relation(sink, pool, insert_domino(x, 0), x, "not>", guard=s)
    model = run.solve(sink, [s])
    if model is not None:
        return run.verdict(word_of(x, model))
    sample_rows(run, sink, x, lw, rw, [-s], random_rows(run, n, covers),
                lambda r: oracle("L" + r, r))
    return run.verdict()


def thm10(n: int, budget: Budget, *, oracle: Callable[[str], tuple[bool, bool]],
          covers: str) -> Verdict:
    """``f(G) = 1:G`` for every row ``G`` of exactly ``n`` dominoes over LRE: ``f(G)``
    sharing ``G``'s variables against the ordinal sum played directly. Sample controls:
    for random ``G`` over ``covers`` the root literals of ``f(G) - 1:G`` must equal
    ``oracle(G)`` (the direct solver's first-player wins on ``f(G) - 1:G``).

    References
    ----------
    Fink et al., *Toppling Conjectures*, Definition 9 and Theorem 10.
    """
    run = SatRun(budget)
    sink, pool = run.new()
    g = add_row(sink, pool, n)
    s = fresh(pool, "selector")
    lw, rw = add_relation(sink, pool, f_morphism_side(g), OrdinalOneSide(g), "!=", guard=s)
    model = run.solve(sink, [s])
    if model is not None:
        return run.verdict(word_of(g, model))
    sample_rows(run, sink, g, lw, rw, [-s], random_rows(run, n, covers),
                oracle)
    return run.verdict()


def thm16(n: int, budget: Budget, *, oracle: Oracle, covers: str, chain: bool = False,
          leaders: bool = False) -> Verdict:
    """No row of exactly ``n`` dominoes other than ``x``'s own row equals ``x``, for every
    number ``x >= 0`` whose row has length ``<= n`` (:func:`uniqueness`, with its controls:
    ``oracle`` and ``covers`` come from the claim). ``chain`` and ``leaders`` as for
    :func:`uniqueness` (issue 27: chained moves, and leaders only, which is sound since
    ``x``'s own row is a palindrome, Corollary 17, so it stays blocked).

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 16.
    """
    targets = [(str(q), number(q), [w]) for q, w in nonnegative_numbers(n)]
    return uniqueness(n, budget, targets, oracle=oracle, covers=covers, chain=chain,
                      leaders=leaders)


def cor17(n: int, budget: Budget, *, oracle: Oracle, covers: str, chain: bool = False,
          leaders: bool = False) -> Verdict:
    """No non-palindrome of exactly ``n`` dominoes equals ``x``, for every number ``x >= 0``
    whose row has length ``<= n`` (:func:`uniqueness`; ``x``'s own row, a palindrome, is
    blocked too, so that lifting the non-palindrome condition and that block must find it:
    the toggled control). ``chain`` and ``leaders`` as for :func:`uniqueness` (leaders
    only is sound: a non-palindrome and its reversal have the same value and one of them
    is a leader, itself a non-palindrome).

    References
    ----------
    Fink et al., *Toppling Conjectures*, Corollary 17.
    """
    if n < 2:
        return Verdict.vacuous("every row of length < 2 is a palindrome")
    targets = [(str(q), number(q), [w]) for q, w in nonnegative_numbers(n)]
    return uniqueness(n, budget, targets, extra=add_not_palindrome, oracle=oracle,
                      covers=covers, chain=chain, leaders=leaders)


def thm21(n: int, budget: Budget, *, oracle: Oracle) -> Verdict:
    """``RLxLR = {{x|0}|0}`` for every number ``x > 0`` whose row has ``n - 4`` dominoes
    (the concrete row against the game, with its control: :func:`concrete`).

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 21.
    """
    run = SatRun(budget)
    for q, w in positive_numbers(n - 4):
        if len(w) != n - 4:
            continue
        if concrete(run, "RL" + w + "LR", miny(number(q)), oracle):
            return run.verdict("RL" + w + "LR", detail=f"x = {q}")
    return run.verdict()


def conj22(n: int, budget: Budget, *, oracle: Oracle, covers: str, chain: bool = True,
           leaders: bool = True) -> Verdict:
    """No row of exactly ``n`` dominoes over LRE other than ``RLxLR`` has value
    ``{{x|0}|0}``, for every number ``x > 0`` whose row has length ``<= n - 2``
    (:func:`uniqueness`; where ``RLxLR`` has length ``n``, the instance with its blocking
    clause lifted must find it: the witness control). By default the moves are chained
    and the rows are leaders (``row <= reversal``; RLxLR is a palindrome, as ``x``'s row
    is, so it stays blocked; were it not, :func:`uniqueness` would report its reversal);
    ``chain=False, leaders=False`` is the encoding of issue 6.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 22.
    """
    targets = [(f"{{{{{q}|0}}|0}}", miny(number(q)), ["RL" + w + "LR"], str(q))
               for q, w in positive_numbers(n - 2)]
    return uniqueness(n, budget, targets, oracle=oracle, covers=covers, chain=chain,
                      leaders=leaders)


def lem23(m: int, budget: Budget, *, oracle: Oracle) -> Verdict:
    """``(LR)^m = *m`` (the concrete row against the nimber, with its control:
    :func:`concrete`).

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 23.
    """
    run = SatRun(budget)
    if concrete(run, "LR" * m, nimber(m), oracle):
        return run.verdict("LR" * m)
    return run.verdict()


def thm29(n: int, budget: Budget, *, oracle: Oracle, covers: str, chain: bool = True,
          leaders: bool = True) -> Verdict:
    """For every ``m`` in ``1..n``, the LR rows of exactly ``n`` dominoes with value ``*m``,
    enumerated with blocking clauses, are exactly Theorem 29's rows. Each instance (one per
    ``m``) has sample controls: random rows over ``covers`` (LR), fixed with the goal off,
    must give ``oracle(r, *m)``; the enumeration itself must find Theorem 29's rows.
    With ``leaders`` (default) only rows at most their reversal are enumerated; the
    leaders found and their reversals (a row and its reversal have the same value) must
    be exactly Theorem 29's rows, so each leader is ``min(w, reversal)`` of a star row;
    ``chain`` (default) chains the moves. ``chain=False, leaders=False`` is the encoding of
    issue 6.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 29.
    """
    run = SatRun(budget)
    counts = []
    samples = random_rows(run, n, covers, leaders)
    for m in range(1, n + 1):
        sink, pool = run.new()
        side = add_row(sink, pool, n, "LR")
        want = star_rows(m, n)
        if leaders:
            add_leader(sink, pool, side)
        s = fresh(pool, "selector")
        lw, rw = add_relation(sink, pool, side, GameSide(nimber(m)), "=", guard=s,
                              chain=chain)
        found: set[str] = set()
        while True:  # enumerate with blocking clauses (at most 2 rows expected)
            model = run.solve(sink, [s])
            if model is None:
                break
            w = word_of(side, model)
            for r in (w, w[::-1]) if leaders else (w,):  # the reversal has the value too
                if r not in want:
                    return run.verdict(r, detail=f"an LR row of value *{m} outside "
                                       "Theorem 29")
            found.add(w)
            add_exclusions(sink, side, [w], guard=s)
        row_coverage(run, n, "LR", leaders, found)
        if leaders:  # every row of value *m: the leaders found and their reversals
            found |= {w[::-1] for w in found}
        if found != want:
            missing = sorted(want - found)[0]
            return run.verdict(missing, detail=f"not found with value *{m}")
        sample_rows(run, sink, side, lw, rw, [-s], samples,
                    lambda r, m=m: oracle(r, nimber(m)))  # type: ignore[misc]  # m=m binds m
        if run.failures:
            break
        if found:
            counts.append(f"*{m}: {len(found)}")
    return run.verdict(detail="LR rows of value *m at this length: "
                       + (", ".join(counts) or "none"))
