"""The direct solver's side of *Toppling Conjectures* §2-6 (Lemma 1 to Theorem 32): rows
enumerated, canonical forms by the partizan engine (:mod:`cgsat.cgt.partizan_values`), and
the replays of counterexamples. §7 ("Conjectures") is in
:mod:`cgsat.papers.toppling.conjectures_brute`.

Every method is ``run(n, budget) -> Verdict``; every replay is ``confirm(n, text) -> bool``,
true when ``text`` really is a counterexample (the runner requires it before reporting
"refuted", whichever method found it). The replays share nothing with the methods: they
decide ``G = x`` (or an outcome, or ``G > H``) by plain game-tree search on the row minus
the claimed value, written as a row or as a small explicit game (:mod:`cgsat.cgt.play`),
never by canonical forms. Nothing here uses an encoding or a SAT solver.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache
from typing import Any, cast

from cgsat.cgt import play
from cgsat.cgt.atomic_weight import infinitesimal_atomic_weight
from cgsat.cgt.canonical import ONE, ZERO, Game, nimber
from cgsat.cgt.ordinal import ordinal_sum
from cgsat.cgt.partizan_values import canonical_form
from cgsat.cgt.stops import is_infinitesimal
from cgsat.claims import Budget, Verdict
from cgsat.games import toppling
from cgsat.papers.toppling.constructions import star_rows
from cgsat.papers.toppling.numbers import f_morphism, miny, number_rows, positive_numbers

__all__ = [
    "value",
    "rows",
    "TOPPLING",
    "row",
    "number_by_play",
    "lemma1_rule",
    "lem1",
    "lem1_confirm",
    "lem4",
    "lem4_confirm",
    "thm10",
    "thm10_confirm",
    "one_colon",
    "thm16",
    "thm16_confirm",
    "cor17",
    "cor17_confirm",
    "thm21",
    "thm21_confirm",
    "miny_explicit",
    "miny_argument",
    "conj22",
    "conj22_confirm",
    "lem23",
    "lem23_confirm",
    "thm29",
    "thm29_confirm",
    "thm32",
    "thm32_confirm",
    "difference_wins",
    "morphism_wins",
]


def value(word: str) -> Game:
    """Canonical form of a row by the partizan engine.

    Examples
    --------
    >>> str(value("RLLLR"))
    '{1|0||0}'

    References
    ----------
    Fink et al., *Toppling Conjectures*, §1 (the rules).
    """
    return canonical_form(toppling.RULESET, (word,) if word else ())


def rows(n: int, alphabet: str = "LRE") -> Iterator[str]:
    """Every row of exactly ``n`` dominoes over ``alphabet``.

    Examples
    --------
    >>> list(rows(2, "LR"))
    ['LL', 'LR', 'RL', 'RR']

    References
    ----------
    Fink et al., *Toppling Conjectures*, §1.
    """
    for t in itertools.product(alphabet, repeat=n):
        yield "".join(t)


TOPPLING = toppling.RULESET


def row(word: str) -> tuple[str, ...]:
    """The position of one row (the empty row is the empty position).

    Examples
    --------
    >>> row("LR"), row("")
    (('LR',), ())

    References
    ----------
    Fink et al., *Toppling Conjectures*, §1.
    """
    return (word,) if word else ()


def number_by_play(word: str) -> Fraction | None:
    """The number a row equals, by game-tree search against explicit numbers (a row of
    ``n`` dominoes is born by day ``n``), or None.

    Examples
    --------
    >>> number_by_play("LRL"), number_by_play("LR")
    (Fraction(1, 2), None)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 16 (numbers).
    """
    return play.number_value(TOPPLING, row(word), len(word))


# -- Lemma 1 --------------------------------------------------------------------------------
def lemma1_rule(word: str) -> str:
    """Lemma 1 as corrected: P for the empty row, L if both ends are L, R if both are R,
    else N (any E at an end gives N).

    Examples
    --------
    >>> [lemma1_rule(w) for w in ("", "LRL", "RLR", "LRR", "ELE")]
    ['P', 'L', 'R', 'N', 'N']

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 1 (the seed text is garbled).
    """
    if not word:
        return "P"
    if word[0] == word[-1] == "L":
        return "L"
    if word[0] == word[-1] == "R":
        return "R"
    return "N"


def lem1(n: int, budget: Budget) -> Verdict:
    """Every row of exactly ``n`` dominoes over LRE: the outcome of its canonical form is
    :func:`lemma1_rule`'s.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 1.
    """
    for w in rows(n):
        if value(w).outcome() != lemma1_rule(w):
            return Verdict.refuted(w)
    return Verdict.holds(detail=f"{3 ** n} rows")


def lem1_confirm(n: int, w: str) -> bool:
    """Whether ``w``'s outcome, by game-tree search, breaks Lemma 1's rule.

    Examples
    --------
    >>> lem1_confirm(3, "LRL"), lem1_confirm(3, "LRR")
    (False, False)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 1.
    """
    return play.outcome(TOPPLING, row(w)) != lemma1_rule(w)


# -- Lemma 4 and Theorem 10 -----------------------------------------------------------------
def lem4(n: int, budget: Budget) -> Verdict:
    """``Lx > x`` for every row ``x`` of exactly ``n`` dominoes over LRE.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 4.
    """
    for w in rows(n):
        if not value("L" + w) > value(w):
            return Verdict.refuted(w)
    return Verdict.holds(detail=f"{3 ** n} rows x")


def lem4_confirm(n: int, w: str) -> bool:
    """Whether ``Lw > w`` fails: Left does not win ``Lw - w`` whoever starts (game-tree
    search).

    Examples
    --------
    >>> lem4_confirm(2, "RE")
    False

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 4.
    """
    return not play.greater(TOPPLING, row("L" + w), row(w))


def thm10(n: int, budget: Budget) -> Verdict:
    """``f(G) = 1:G`` for every row ``G`` of exactly ``n`` dominoes over LRE (canonical
    form of ``f(G)`` against the engine's ordinal sum).

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 10.
    """
    for w in rows(n):
        if value(f_morphism(w)) != ordinal_sum(ONE, value(w)):
            return Verdict.refuted(w)
    return Verdict.holds(detail=f"{3 ** n} rows")


def thm10_confirm(n: int, w: str) -> bool:
    """Whether ``f(w) != 1:w``: game-tree search on ``f(w) - 1:w``, with ``1:w`` written
    out as an explicit game from ``w``'s moves (:func:`one_colon`).

    Examples
    --------
    >>> thm10_confirm(3, "RRL")
    False

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 10.
    """
    return not play.equals(TOPPLING, row(f_morphism(w)), one_colon(row(w)))


@cache
def one_colon(position: Any) -> play.Explicit:
    """The ordinal sum ``1:G`` = ``{0, 1:G^L | 1:G^R}`` as an explicit game, from the
    ruleset's moves of ``G`` (no engine).

    Examples
    --------
    >>> one_colon(())
    {0|}

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 10 (ordinal sum, base 1 = {0|}).
    """
    return play.Explicit(
        (play.ZERO,) + tuple(one_colon(o) for _, o in TOPPLING.left_options(position)),
        tuple(one_colon(o) for _, o in TOPPLING.right_options(position)))


# -- Theorem 16 and Corollary 17: numbers --------------------------------------------------
def _number_rows_check(n: int, check: Callable[[str, Fraction], bool]) -> Verdict:
    """Every number-valued row ``w`` of exactly ``n`` dominoes passes ``check(w, x)``."""
    known = number_rows(n)
    for w in rows(n):
        v = value(w)
        if v.is_number() and not check(w, cast(Fraction, v.number_value())):
            return Verdict.refuted(w)
    return Verdict.holds(detail=f"{3 ** n} rows; {len(known)} numbers have rows <= {n}")


def thm16(n: int, budget: Budget) -> Verdict:
    """Every number-valued row of exactly ``n`` dominoes is its number's row (Corollary 8).

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 16.
    """
    known = number_rows(n)
    return _number_rows_check(n, lambda w, q: known.get(q) == w)


def thm16_confirm(n: int, w: str) -> bool:
    """Whether ``w`` is a number (found by game-tree search) other than by its number's row.

    Examples
    --------
    >>> thm16_confirm(3, "LRL"), thm16_confirm(3, "LRR")
    (False, False)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 16.
    """
    q = number_by_play(w)
    return q is not None and number_rows(max(n, len(w))).get(q) != w


def cor17(n: int, budget: Budget) -> Verdict:
    """Every number-valued row of exactly ``n`` dominoes is a palindrome.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Corollary 17.
    """
    return _number_rows_check(n, lambda w, q: w == w[::-1])


def cor17_confirm(n: int, w: str) -> bool:
    """Whether ``w`` is a number (found by game-tree search) but not a palindrome.

    Examples
    --------
    >>> cor17_confirm(3, "LLR")
    False

    References
    ----------
    Fink et al., *Toppling Conjectures*, Corollary 17.
    """
    return w != w[::-1] and number_by_play(w) is not None


# -- Theorem 21 and Conjecture 22: RLxLR = {{x|0}|0} ---------------------------------------
def thm21(n: int, budget: Budget) -> Verdict:
    """``RLxLR = {{x|0}|0}`` for every number ``x > 0`` whose row has ``n - 4`` dominoes.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 21.
    """
    count = 0
    for _q, w in positive_numbers(n - 4):
        if len(w) != n - 4:
            continue
        count += 1
        if value("RL" + w + "LR") != miny(value(w)):
            return Verdict.refuted("RL" + w + "LR")
    if not count:
        return Verdict.vacuous(f"no number x > 0 has a row of length {n - 4}")
    return Verdict.holds(detail=f"{count} numbers x with rows of length {n - 4}")


def thm21_confirm(n: int, w: str) -> bool:
    """Whether ``w = RLxLR`` differs from ``{{x|0}|0}``: game-tree search on
    ``w - {{x|0}|0}``, the explicit game with the row ``x`` itself as an option.

    Examples
    --------
    >>> thm21_confirm(5, "RLLLR"), thm21_confirm(5, "LLLLL")
    (False, True)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 21.
    """
    return not play.equals(TOPPLING, row(w), miny_explicit(row(w[2:-2])))


def miny_explicit(x: Any) -> play.Explicit:
    """``{{x|0}|0}`` as an explicit game (``x`` a row or an explicit game).

    Examples
    --------
    >>> miny_explicit(play.integer(1))
    {{{0|}|0}|0}

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 21 and Conjecture 22.
    """
    return play.switch(play.switch(x, play.ZERO), play.ZERO)


def miny_argument(g: Game) -> Game | None:
    """The number x > 0 with ``g = {{x|0}|0}``, or None.

    Examples
    --------
    >>> miny_argument(miny(ONE)) is ONE
    True

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 22.
    """
    if len(g.left) != 1 or g.right != (ZERO,):
        return None
    a = g.left[0]
    if len(a.left) != 1 or a.right != (ZERO,):
        return None
    x = a.left[0]
    if x.is_number() and cast(Fraction, x.number_value()) > 0:
        return x
    return None


def conj22(n: int, budget: Budget) -> Verdict:
    """Every row of exactly ``n`` dominoes over LRE whose canonical form is ``{{x|0}|0}``
    with ``x > 0`` a number is ``RLxLR``.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 22.
    """
    known = number_rows(max(n - 2, 0))
    for w in rows(n):
        x = miny_argument(value(w))
        if x is not None and w != "RL" + known.get(cast(Fraction, x.number_value()), "?") + "LR":
            return Verdict.refuted(w)
    return Verdict.holds(detail=f"{3 ** n} rows")


def conj22_confirm(n: int, w: str) -> bool:
    """Whether ``w`` has value ``{{x|0}|0}`` (``x > 0``) but is not ``RLxLR``.

    The number ``x`` is found by game-tree search: ``x -> {{x|0}|0}`` is monotone, so
    comparing ``w`` with ``{{q|0}|0}`` for explicit numbers ``q`` walks the tree of
    positive numbers to ``x`` (born by day ``len(w) - 2``), or says there is none.

    Examples
    --------
    >>> conj22_confirm(5, "RLLLR"), conj22_confirm(5, "RLRLR")
    (False, False)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 22.
    """
    x = play.find_number(
        lambda q: play.compare(TOPPLING, row(w), miny_explicit(play.number(q))),
        max(len(w) - 1, 0), lo=Fraction(0))
    if x is None:
        return False
    return w != "RL" + number_rows(len(w)).get(x, "?") + "LR"


# -- Lemma 23 and Theorem 29: nimbers --------------------------------------------------------
def lem23(m: int, budget: Budget) -> Verdict:
    """``(LR)^m = *m`` by the canonical form.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 23.
    """
    if value("LR" * m) != nimber(m):
        return Verdict.refuted("LR" * m)
    return Verdict.holds()


def lem23_confirm(m: int, w: str) -> bool:
    """Whether ``w`` is not ``*m``: game-tree search on ``w - *m`` (``*m`` explicit).

    Examples
    --------
    >>> lem23_confirm(2, "LRLR"), lem23_confirm(2, "LRRL")
    (False, True)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Lemma 23.
    """
    return not play.equals(TOPPLING, row(w), play.nimber(m))


def thm29(n: int, budget: Budget) -> Verdict:
    """The positive nimbers among the canonical forms of the LR rows of exactly ``n``
    dominoes are exactly Theorem 29's rows.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 29.
    """
    got: dict[int, set[str]] = {}
    for w in rows(n, "LR"):
        k = value(w).nim_value()
        if k is not None and k > 0:
            got.setdefault(k, set()).add(w)
    for m in range(1, n + 1):
        want = star_rows(m, n)
        if got.get(m, set()) != want:
            bad = sorted(got.get(m, set()) ^ want)[0]
            return Verdict.refuted(bad)
    return Verdict.holds(detail=f"{2 ** n} LR rows")


def thm29_confirm(n: int, w: str) -> bool:
    """Whether ``w`` is a row of Theorem 29 without its value, or a positive nimber outside
    the theorem, by game-tree search on ``w - *m`` (``*m`` explicit).

    Examples
    --------
    >>> thm29_confirm(4, "RLRL"), thm29_confirm(4, "LRLR"), thm29_confirm(4, "LLLL")
    (False, False, False)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 29.
    """
    family = [m for m in range(1, len(w) + 1) if w in star_rows(m, len(w))]
    if family:  # a row of the theorem that does not have its value
        return not play.equals(TOPPLING, row(w), play.nimber(family[0]))
    # a row outside the theorem with a positive nimber value (born by day len(w))
    return any(play.equals(TOPPLING, row(w), play.nimber(k)) for k in range(1, len(w) + 1))


# -- Theorem 32: atomic weights of infinitesimals -------------------------------------------
def thm32(n: int, budget: Budget, ups: tuple[int, ...]) -> Verdict:
    """Atomic weight of every infinitesimal row of length ``n`` by the engine, replacing
    positive numbers by ``ups[0]`` ups as in the proof (then ``ups[1]``, ... when the
    proof's outcome check fails); it must be -1, 0 or 1.

    Parameters
    ----------
    n : int
    budget : Budget
    ups : tuple of int
        The all-small substitutes to try, in order (the proof's ``^^`` is 2).

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 32.
    """
    allowed = {ZERO, ONE, -ONE}
    seen: dict = {}
    fallback = infinitesimals = 0
    for w in rows(n):
        g = value(w)
        if g in seen:
            continue
        if not is_infinitesimal(g):
            seen[g] = True
            continue
        infinitesimals += 1
        weight = None
        for k, u in enumerate(ups):
            weight = infinitesimal_atomic_weight(g, ups=u).weight
            if weight is not None:
                fallback += k > 0
                break
        if weight is None:
            return Verdict.unknown(f"the outcome check of the proof fails for {w} "
                                   f"with {ups} ups")
        if weight not in allowed:
            return Verdict.refuted(w, detail=f"atomic weight {weight}")
        seen[g] = True
    detail = f"{infinitesimals} distinct infinitesimal values among rows of length {n}"
    if fallback:
        detail += f"; {fallback} needed {ups[1]} ups instead of {ups[0]}"
    return Verdict.holds(detail=detail)


def thm32_confirm(n: int, w: str) -> bool:
    """Whether ``w``'s atomic weight (with ``^^^``) is other than -1, 0, 1.

    This replay is the engine's atomic weight again (no game-tree version): Theorem 32's
    scope says so.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 32.
    """
    weight = infinitesimal_atomic_weight(value(w), ups=3).weight
    return weight is not None and weight not in {ZERO, ONE, -ONE}


# -- the direct solver's answer on one row, for the SAT side's sample controls ---------------
def difference_wins(word: str, h: Game | str) -> tuple[bool, bool]:
    """Whether Left, and whether Right, moving first wins ``word - h``, from the canonical
    form of the row (``not word <= h`` and ``not word >= h``; ``h`` a game or a row).

    The SAT methods get this function from the claims (``functools.partial``) and compare
    it with the root literals of their instance on random rows (sample controls).

    Examples
    --------
    >>> difference_wins("RLLLR", miny(ONE)), difference_wins("L", ZERO)
    ((False, False), (True, False))

    References
    ----------
    Fink et al., *Toppling Conjectures*, §1 (the rules); the controls of issue 12.
    """
    g = value(word)
    if isinstance(h, str):
        h = value(h)
    return (not g <= h, not g >= h)


def morphism_wins(word: str) -> tuple[bool, bool]:
    """Whether Left, and whether Right, moving first wins ``f(word) - 1:word``, from the
    engine's canonical form of ``f(word)`` and its ordinal sum ``1:word``.

    Examples
    --------
    >>> morphism_wins("RRLLRL")
    (False, False)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Definition 9 and Theorem 10; issue 12's controls.
    """
    g, h = value(f_morphism(word)), ordinal_sum(ONE, value(word))
    return (not g <= h, not g >= h)
