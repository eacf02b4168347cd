"""Numbers in Toppling Dominoes without the engine (Corollary 8, Definition 9, Theorem 10).

A number's sign expansion ``(s1, s2, ...)`` gives its value by the usual rule, and its row
is ``f(row(y))`` for ``x = 1:y`` (``s1 = +``) or the colour swap of that for ``-x``
(:func:`number_rows`). Both sides of the paper's claims use these rows: the SAT side to name
the rows it allows, the direct solver to name the rows it expects.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from cgsat.cgt.canonical import ZERO, Game, game

__all__ = [
    "f_morphism",
    "swap",
    "sign_value",
    "sign_row",
    "number_rows",
    "positive_numbers",
    "nonnegative_numbers",
    "number_options",
    "theorem36_cases",
    "miny",
]

_SWAP = str.maketrans("LR", "RL")


def f_morphism(word: str) -> str:
    """Definition 9: insert one more L into every maximal run of Ls (empty runs included).

    Examples
    --------
    >>> f_morphism("RRLLRL")
    'LRLRLLLRLL'

    References
    ----------
    Fink et al., *Toppling Conjectures*, Definition 9 (the paper's example lost its last L).
    """
    out = ["L"]
    for c in word:
        out.append(c)
        if c in "RE":
            out.append("L")
    return "".join(out)


def swap(word: str) -> str:
    """Exchange L and R: the row of ``-G``.

    Examples
    --------
    >>> swap("LRE")
    'RLE'

    References
    ----------
    Fink et al., *Toppling Conjectures*, Corollary 8 (``x -> -x``).
    """
    return word.translate(_SWAP)


def sign_value(signs: tuple[int, ...]) -> Fraction:
    """The number with this sign expansion (Hackenbush string read from the ground).

    Examples
    --------
    >>> sign_value((1, -1, 1)), sign_value((-1, -1))
    (Fraction(3, 4), Fraction(-2, 1))

    References
    ----------
    Fink et al., *Toppling Conjectures*, Corollary 8.
    """
    q = Fraction(0)
    i = 0
    while i < len(signs) and signs[i] == signs[0]:
        q += signs[0]
        i += 1
    step = Fraction(1, 2)
    for s in signs[i:]:
        q += s * step
        step /= 2
    return q


def sign_row(signs: tuple[int, ...]) -> str:
    """The row of the number with this sign expansion.

    Examples
    --------
    >>> sign_row((1, -1, 1))
    'LRLLRL'

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 10 and Corollary 8.
    """
    if not signs:
        return ""
    inner = sign_row(tuple(signs[1:]) if signs[0] > 0 else tuple(-s for s in signs[1:]))
    row = f_morphism(inner)
    return row if signs[0] > 0 else swap(row)


@cache
def number_rows(max_len: int) -> dict[Fraction, str]:
    """Every number whose row has at most ``max_len`` dominoes, with its row.

    Examples
    --------
    >>> rows = number_rows(3)
    >>> sorted((str(q), w) for q, w in rows.items())[:4]
    [('-1', 'R'), ('-1/2', 'RLR'), ('-2', 'RR'), ('-3', 'RRR')]

    References
    ----------
    Fink et al., *Toppling Conjectures*, Corollary 8, Theorem 10, Corollary 11.
    """
    out: dict[Fraction, str] = {}
    frontier: list[tuple[int, ...]] = [()]
    while frontier:
        nxt = []
        for s in frontier:
            row = sign_row(s)
            if len(row) > max_len:
                continue  # extensions only get longer
            out[sign_value(s)] = row
            nxt.extend([s + (1,), s + (-1,)])
        frontier = nxt
    return out


def positive_numbers(max_len: int) -> list[tuple[Fraction, str]]:
    """Positive numbers whose rows have at most ``max_len`` dominoes, shortest first.

    Examples
    --------
    >>> [(str(q), w) for q, w in positive_numbers(3)]
    [('1', 'L'), ('2', 'LL'), ('3', 'LLL'), ('1/2', 'LRL')]

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 21 and Conjecture 22 (``x > 0``).
    """
    items = [(q, w) for q, w in number_rows(max_len).items() if q > 0]
    return sorted(items, key=lambda t: (len(t[1]), t[1]))


def nonnegative_numbers(max_len: int) -> list[tuple[Fraction, str]]:
    """Numbers ``x >= 0`` whose rows have at most ``max_len`` dominoes, shortest first.

    Examples
    --------
    >>> [(str(q), w) for q, w in nonnegative_numbers(2)]
    [('0', ''), ('1', 'L'), ('2', 'LL')]

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 16 and Corollary 17 (negative numbers
    follow by colour swap).
    """
    items = [(q, w) for q, w in number_rows(max_len).items() if q >= 0]
    return sorted(items, key=lambda t: (len(t[1]), t[1]))


def number_options(q: Fraction) -> tuple[Fraction, Fraction] | None:
    """The canonical options ``(x^L, x^R)`` of a non-integer dyadic number, else None.

    Examples
    --------
    >>> number_options(Fraction(3, 4))
    (Fraction(1, 2), Fraction(1, 1))

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 36.
    """
    if q.denominator == 1:
        return None
    step = Fraction(1, q.denominator)
    return q - step, q + step


def theorem36_cases(n: int) -> list[tuple[Fraction, str, str]]:
    """Every non-integer number ``x`` whose row has ``n`` dominoes: ``(x, row of x,
    x^L LR x^R)``.

    Examples
    --------
    >>> [(str(q), w, built) for q, w, built in theorem36_cases(3)]
    [('1/2', 'LRL', 'LRL'), ('-1/2', 'RLR', 'RLR')]

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 36.
    """
    out = []
    known = number_rows(n)
    for q, w in known.items():
        opts = number_options(q)
        if opts is None or len(w) != n:
            continue
        xl, xr = opts
        out.append((q, w, known[xl] + "LR" + known[xr]))
    return out


def miny(x: Game) -> Game:
    """``{{x|0}|0}``, the value of ``RLxLR``.

    Examples
    --------
    >>> from cgsat.cgt.canonical import ONE
    >>> str(miny(ONE))
    '{1|0||0}'

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 21 and Conjecture 22.
    """
    return game([game([x], [ZERO])], [ZERO])
