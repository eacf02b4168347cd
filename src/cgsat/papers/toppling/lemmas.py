"""Lemmas 2, 3, 12, 13, 14, 15, 19, 24, 30, 31 and Corollary 5 of *Toppling Conjectures*.

Each statement is checked on every row of exactly n dominoes (over L, R, E unless the
lemma is about LR-Toppling Dominoes), written once as a check over an *oracle* that
compares games; the two methods are two oracles that share no code that decides a
comparison:

- ``brute``: canonical forms by the partizan engine (:mod:`cgsat.cgt.partizan_values`,
  comparisons, ordinal sums, stops);
- ``play``: game-tree search on differences (:mod:`cgsat.cgt.play`), with numbers,
  nimbers and ``1:H`` written out as explicit games; a number is found by search against
  explicit numbers, an infinitesimal as a game strictly between −2^−(n+1) and 2^−(n+1)
  (a row of n dominoes is born by day n, so a non-zero stop is at least 2^−(n−1) away).

A refutation is replayed with the other oracle (the runner replays every refutation with
the claim's ``confirm``, :func:`confirm`), so a counterexample is reported only when both
deciders agree on it.

References
----------
.. [1] A. Fink, R. J. Nowakowski, A. N. Siegel, D. Wolfe, *Toppling Conjectures*, Games of
   No Chance 4, MSRI Publications 63 (2015), Lemmas 2, 3, 12–15, 19, 24, 30, 31 and
   Corollary 5.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Any

from cgsat.cgt import play
from cgsat.cgt.canonical import ONE, Game, nimber, number
from cgsat.cgt.ordinal import ordinal_sum
from cgsat.cgt.partizan_values import canonical_form
from cgsat.cgt.stops import is_infinitesimal
from cgsat.claims import Budget, Verdict
from cgsat.games import toppling
from cgsat.papers.toppling.numbers import f_morphism

__all__ = ["Oracle", "CANON", "TREE", "LEMMAS", "run_lemma", "confirm", "image_of_f"]

# A term: a row (str), ("num", q), ("nim", k) or ("colon", row) for 1:row.
Term = Any


class Oracle:
    """How one method decides comparisons, numbers, nimbers and infinitesimals.

    References
    ----------
    Fink et al., *Toppling Conjectures* (the lemmas of this module).
    """

    name = ""

    def __repr__(self) -> str:
        return f"Oracle({self.name})"

    def cmp(self, a: Term, b: Term) -> str:
        """``"="``, ``">"``, ``"<"`` or ``"||"``: how ``a`` compares with ``b``."""
        raise NotImplementedError

    def number(self, w: str) -> Fraction | None:
        """The number row ``w`` equals, or None."""
        raise NotImplementedError

    def infinitesimal(self, w: str) -> bool:
        """Whether row ``w`` is infinitesimal."""
        raise NotImplementedError

    def nimber(self, w: str) -> bool:
        """Whether row ``w`` equals some nimber *k."""
        return any(self.cmp(w, ("nim", k)) == "=" for k in range(len(w) + 1))


@cache
def _value(w: str) -> Game:
    """The canonical form of row ``w`` (cached)."""
    return canonical_form(toppling.RULESET, (w,) if w else ())


class _Canon(Oracle):
    """Canonical forms (the partizan engine)."""

    name = "brute"

    def _game(self, t: Term) -> Game:
        if isinstance(t, str):
            return _value(t)
        kind, x = t
        if kind == "num":
            return number(x)
        if kind == "nim":
            return nimber(x)
        return ordinal_sum(ONE, _value(x))

    def cmp(self, a: Term, b: Term) -> str:
        g, h = self._game(a), self._game(b)
        le, ge = g <= h, g >= h
        return "=" if le and ge else "<" if le else ">" if ge else "||"

    def number(self, w: str) -> Fraction | None:
        return _value(w).number_value()

    def infinitesimal(self, w: str) -> bool:
        return bool(is_infinitesimal(_value(w)))


class _Tree(Oracle):
    """Game-tree search on differences (no canonical forms)."""

    name = "play"

    def _pos(self, t: Term) -> Any:
        if isinstance(t, str):
            return (t,) if t else ()
        kind, x = t
        if kind == "num":
            return play.number(x)
        if kind == "nim":
            return play.nimber(x)
        return _one_colon(x)

    def cmp(self, a: Term, b: Term) -> str:
        return play.compare(toppling.RULESET, self._pos(a), self._pos(b))

    def number(self, w: str) -> Fraction | None:
        return play.number_value(toppling.RULESET, (w,) if w else (), len(w))

    def infinitesimal(self, w: str) -> bool:
        eps = Fraction(1, 2 ** (len(w) + 1))
        return self.cmp(w, ("num", eps)) == "<" and self.cmp(w, ("num", -eps)) == ">"


def _one_colon(w: str) -> Any:
    """1:w as an explicit game (Definition 6): {0, 1:w^L | 1:w^R}."""
    pos = (w,) if w else ()
    left = [play.ZERO] + [_one_colon("".join(o)) for _, o in toppling.left_options(pos)]
    right = [_one_colon("".join(o)) for _, o in toppling.right_options(pos)]
    return play.Explicit(tuple(left), tuple(right))


CANON, TREE = _Canon(), _Tree()


def _rows(n: int, alphabet: str = "LRE") -> Iterator[str]:
    """Every row of exactly ``n`` dominoes over ``alphabet``."""
    for t in product(alphabet, repeat=n):
        yield "".join(t)


def _left(w: str) -> list[tuple[str, str]]:
    """Left's moves from row ``w``: (move text, row left)."""
    return [(m, "".join(p)) for m, p in toppling.left_options((w,) if w else ())]


def _right(w: str) -> list[tuple[str, str]]:
    """Right's moves from row ``w``: (move text, row left)."""
    return [(m, "".join(p)) for m, p in toppling.right_options((w,) if w else ())]


# -- the statements, each over an oracle: None if it holds at w, else why -----------------

def _lemma2(w: str, o: Oracle) -> str | None:
    """Lemma 2 at G = w: if w = LxL, each Left move to LyR or LyE reverses through 0."""
    if len(w) < 2 or w[0] != "L" or w[-1] != "L":
        return None
    for move, gl in _left(w):
        if len(gl) >= 2 and gl[0] == "L" and gl[-1] in "RE":
            if not any(o.cmp(glr, "") == "=" for _, glr in _right(gl)):
                return f"{move} to {gl}: no Right reply of value 0"
            if o.cmp(w, "") not in ("=", ">"):
                return f"{move} to {gl}: G is not >= 0"
    return None


def _lemma3(w: str, o: Oracle) -> str | None:
    """Lemma 3: G^LR |> G when both moves topple the same way (|> : not <=)."""
    for lmove, gl in _left(w):
        for rmove, glr in _right(gl):
            if lmove[-1] == rmove[-1] and o.cmp(glr, w) in ("<", "="):
                return f"{lmove} then {rmove}: {glr or '()'} <= G"
    return None


def _cor5(w: str, o: Oracle) -> str | None:
    """Corollary 5: in each maximal block of L's, toppling the block's west end west and
    its east end east dominate Left's other moves inside the block."""
    for block in re.finditer(r"L+", w):
        i, j = block.start(), block.end() - 1
        best = (w[i + 1:], w[:j])
        for k in range(i, j + 1):
            for g in (w[k + 1:], w[:k]):
                if g in best:
                    continue
                if not any(o.cmp(g, b) in ("<", "=") for b in best):
                    return f"the move to {g or '()'} (block {i}..{j}) is not dominated"
    return None


def image_of_f(w: str) -> bool:
    """Whether ``w`` is f(H) for some H: every maximal run of L's, the empty runs between
    two non-L dominoes and at both ends included, is non-empty (Definition 9).

    Examples
    --------
    >>> image_of_f("LRLEL"), image_of_f("LRRL"), image_of_f("RL")
    (True, False, False)

    References
    ----------
    Fink et al., *Toppling Conjectures*, Definition 9.
    """
    return bool(w) and w[0] == "L" and w[-1] == "L" and re.search(r"[RE]{2}", w) is None


def _unf(w: str) -> str:
    """H with f(H) = w: one L removed from every maximal run of L's."""
    return re.sub(r"L(L*)", r"\1", w)


def _lemma12(w: str, o: Oracle) -> str | None:
    """Lemma 12 (LR rows): G > 0 without RR is f(H) for some H (G = f(H))."""
    if "RR" in w or o.cmp(w, "") != ">":
        return None
    h = _unf(w)
    if not image_of_f(w) or o.cmp(w, f_morphism(h)) != "=":
        return f"G > 0 without RR, but not f(H) for H = {h or '()'}"
    return None


def _lemma13(pair: tuple[str, str], o: Oracle) -> str | None:
    """Lemma 13: 1:H >= 1:K exactly when H >= K."""
    h, k = pair
    colon = o.cmp(("colon", h), ("colon", k)) in (">", "=")
    plain = o.cmp(h, k) in (">", "=")
    return None if colon == plain else f"1:H >= 1:K is {colon}, H >= K is {plain}"


def _lemma14(w: str, o: Oracle) -> str | None:
    """Lemma 14 as printed: consecutive non-blue dominoes, so not a number."""
    if re.search(r"[RE]{2}", w) and o.number(w) is not None:
        return f"a number ({o.number(w)}) with consecutive non-blue dominoes"
    return None


def _lemma14_positive(w: str, o: Oracle) -> str | None:
    """Lemma 14 as its proof shows it: a positive number has no consecutive non-blue
    dominoes."""
    q = o.number(w)
    if q is not None and q > 0 and re.search(r"[RE]{2}", w):
        return f"the number {q} > 0 has consecutive non-blue dominoes"
    return None


def _lemma15(w: str, o: Oracle) -> str | None:
    """Lemma 15: a number G > 0 is identical to f(H) for some H."""
    q = o.number(w)
    if q is not None and q > 0 and not image_of_f(w):
        return f"the number {q} > 0 is not in the image of f"
    return None


def _left_followers(w: str) -> set[str]:
    """Rows reachable from ``w`` by one or more Left moves."""
    seen: set[str] = set()
    todo = [w]
    while todo:
        for _, g in _left(todo.pop()):
            if g not in seen:
                seen.add(g)
                todo.append(g)
    return seen


def _lemma19(w: str, o: Oracle) -> str | None:
    """Lemma 19: a number x has x' < x for every x' reached by Left moves only."""
    if o.number(w) is None:
        return None
    for x in sorted(_left_followers(w)):
        if o.cmp(x, w) != "<":
            return f"x' = {x or '()'} is not < x"
    return None


_NIM_MAX = 4


def _lemma24(w: str, o: Oracle) -> str | None:
    """Lemma 24: LxL + *m |> 0 for x = w and m = 0..4 (LxL > *m or LxL || *m)."""
    g = "L" + w + "L"
    for m in range(_NIM_MAX + 1):
        if o.cmp(g, ("nim", m)) in ("<", "="):
            return f"LxL + *{m} <= 0"
    return None


def _lemma30(w: str, o: Oracle) -> str | None:
    """Lemma 30: an infinitesimal beginning in L is (LR)^n, (LR)^n E x or (LR)^n R x."""
    if not w.startswith("L") or not o.infinitesimal(w):
        return None
    if re.fullmatch(r"(LR)*([ER].*)?", w) is None:
        return "an infinitesimal of none of the three forms"
    return None


def _lemma31(w: str, o: Oracle) -> str | None:
    """Lemma 31: in an infinitesimal, each first player can move to a nimber, and after
    a move to a non-nimber the second player can reply to a nimber."""
    if not w or not o.infinitesimal(w):
        return None
    for first, reply in ((_left, _right), (_right, _left)):
        opts = [g for _, g in first(w)]
        if opts and not any(o.nimber(g) for g in opts):
            return "the first player has no move to a nimber"
        for g in opts:
            if not o.nimber(g) and not any(o.nimber(h) for _, h in reply(g)):
                return f"after the move to {g}, no reply to a nimber"
    return None


def _pairs(n: int) -> Iterator[tuple[str, str]]:
    """Pairs (H, K) of rows with |H| + |K| = n."""
    for a in range(n + 1):
        for h in _rows(a):
            for k in _rows(n - a):
                yield h, k


# name -> (the check at one position, the positions of size n, their description)
LEMMAS: dict[str, tuple[Callable[[Any, Oracle], str | None],
                        Callable[[int], Iterator[Any]], str]] = {
    "lem2": (_lemma2, _rows, "every row of exactly n dominoes over LRE"),
    "lem3": (_lemma3, _rows, "every row G of exactly n dominoes over LRE, every Left move "
                             "and Right reply toppling the same way"),
    "cor5": (_cor5, _rows, "every row of exactly n dominoes over LRE, every maximal block of "
                           "L's"),
    "lem12": (_lemma12, lambda n: _rows(n, "LR"), "every LR row of exactly n dominoes"),
    "lem13": (_lemma13, _pairs, "every pair of rows H, K over LRE with |H| + |K| = n"),
    "lem14": (_lemma14, _rows, "every row of exactly n dominoes over LRE"),
    "lem14-positive": (_lemma14_positive, _rows, "every row of exactly n dominoes over LRE"),
    "lem15": (_lemma15, _rows, "every row of exactly n dominoes over LRE"),
    "lem19": (_lemma19, _rows, "every row x of exactly n dominoes over LRE that is a "
                               "number, every x' reached by Left moves only"),
    "lem24": (_lemma24, _rows, f"every row x of exactly n dominoes over LRE, m = 0.."
                               f"{_NIM_MAX}"),
    "lem30": (_lemma30, _rows, "every row of exactly n dominoes over LRE beginning in L"),
    "lem31": (_lemma31, _rows, "every row of exactly n dominoes over LRE"),
}


def _text(x: Any) -> str:
    """A position of a check as text: a row, or the pair "H K"."""
    return x if isinstance(x, str) else " ".join(t or "()" for t in x)


def _check(name: str, n: int, o: Oracle) -> Verdict:
    """Lemma ``name`` on every position of size ``n``, decided by ``o``."""
    check, positions, _ = LEMMAS[name]
    count = 0
    for x in positions(n):
        count += 1
        why = check(x, o)
        if why is not None:
            return Verdict.refuted(_text(x) or "()", detail=why)
    return Verdict.holds(detail=f"{count} positions")


def run_lemma(n: int, budget: Budget, *, name: str, oracle: Oracle) -> Verdict:
    """Check lemma ``name`` at size ``n`` with ``oracle`` (a method's ``run``, by
    ``functools.partial``).

    Examples
    --------
    >>> run_lemma(2, Budget(), name="lem14", oracle=CANON).counterexample
    'RR'
    >>> run_lemma(2, Budget(), name="lem14", oracle=TREE).detail
    'a number (-2) with consecutive non-blue dominoes'

    References
    ----------
    Fink et al., *Toppling Conjectures* (the lemma named).
    """
    return _check(name, n, oracle)


def confirm(n: int, counterexample: str, *, name: str) -> bool:
    """Replay a refutation of lemma ``name`` with both oracles (each must find it).

    Examples
    --------
    >>> confirm(2, "RR", name="lem14"), confirm(2, "LL", name="lem14")
    (True, False)

    References
    ----------
    Fink et al., *Toppling Conjectures* (the lemma named).
    """
    check, _, _ = LEMMAS[name]
    if name == "lem13":
        parts = counterexample.split()
        if len(parts) != 2:
            return False
        x: Any = tuple("" if p == "()" else p for p in parts)
        size = sum(map(len, x))
    else:
        x = "" if counterexample == "()" else counterexample
        size = len(x)
    if size != n or re.fullmatch(r"[LRE]*", "".join(x)) is None:
        return False
    return check(x, TREE) is not None and check(x, CANON) is not None
