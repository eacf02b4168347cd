"""Counting the positions an automaton accepts, by size, and proving count identities for
every size with exact integers.

For a family with ⊥ (green cordons) the size is the height: ⊥ has height 0 and a word of
length n - 1 has height n; otherwise the size is the word's length. The counts of words of
length n are u M^n v for the transfer matrix M of the automaton (M[p][q] = the letters from
p to q), so by Cayley-Hamilton they satisfy the linear recurrence of M's characteristic
polynomial, of order m (the number of states), at every index. Two sequences satisfying
linear recurrences of orders p and q agree everywhere iff they agree on their first p + q
terms (their difference satisfies the product recurrence, of order p + q):
:func:`prove_same_counts` checks exactly that.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.4 and 3.5 (Fibonacci).
.. [2] R. P. Stanley, *Enumerative Combinatorics* I, §4.7 (the transfer-matrix method).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from cgsat.automata.dfa import Automaton, coreachable

__all__ = ["CountProof", "Recurrence", "characteristic_polynomial", "count_at", "counts",
           "minimal_recurrence", "prove_same_counts", "recurrence_of", "transfer_matrix",
           "word_counts"]


def transfer_matrix(auto: Automaton) -> list[list[int]]:
    """M[p][q]: the number of letters leading from state p to state q."""
    m = [[0] * auto.size for _ in range(auto.size)]
    for p, row in enumerate(auto.delta):
        for q in row:
            m[p][q] += 1
    return m


def word_counts(auto: Automaton, up_to: int) -> list[int]:
    """The numbers of accepted words of lengths 0 .. up_to (exact), by the transfer matrix.

    Examples
    --------
    >>> even = Automaton("01", ((1, 1), (0, 0)), frozenset({0}))
    >>> word_counts(even, 4)
    [1, 0, 4, 0, 16]
    """
    useful = coreachable(auto, auto.accepting)
    vec = {0: 1} if 0 in useful else {}
    out = []
    for n in range(up_to + 1):
        out.append(sum(c for q, c in vec.items() if q in auto.accepting))
        if n == up_to:
            break
        nxt: dict[int, int] = {}
        for q, c in vec.items():
            for t in auto.delta[q]:
                if t in useful:
                    nxt[t] = nxt.get(t, 0) + c
        vec = nxt
    return out


def counts(auto: Automaton, up_to: int, bottom: bool) -> list[int]:
    """Counts by size 0 .. up_to: by height when the family has ⊥ (size 0 is ⊥, size n the
    words of length n - 1), else by word length."""
    if not bottom:
        return word_counts(auto, up_to)
    return [int(auto.empty)] + (word_counts(auto, up_to - 1) if up_to >= 1 else [])


def characteristic_polynomial(matrix: list[list[int]]) -> list[int]:
    """The coefficients c_0 .. c_m of det(x I - M) = x^m + c_1 x^(m-1) + ... + c_m, exactly
    (Faddeev-LeVerrier over the rationals).

    Examples
    --------
    >>> characteristic_polynomial([[1, 1], [1, 0]])
    [1, -1, -1]
    """
    m = len(matrix)
    coeffs = [Fraction(1)]
    mk = [[Fraction(0)] * m for _ in range(m)]  # M_0 = 0
    for k in range(1, m + 1):
        # M_k = M (M_{k-1} + c_{k-1} I); c_k = -trace(M M_k... ) / k
        prev = [[mk[i][j] + (coeffs[-1] if i == j else Fraction(0)) for j in range(m)]
                for i in range(m)]
        mk = [[sum((Fraction(matrix[i][t]) * prev[t][j] for t in range(m)), Fraction(0))
               for j in range(m)] for i in range(m)]
        coeffs.append(Fraction(-sum(mk[i][i] for i in range(m)), k))
    assert all(c.denominator == 1 for c in coeffs)
    return [int(c) for c in coeffs]


@dataclass(frozen=True)
class Recurrence:
    """a_n = sum_i coeffs[i - 1] a_(n - i) for every n >= start + len(coeffs).

    Attributes
    ----------
    coeffs : tuple of int
        c_1 .. c_p.
    start : int
        The first index the recurrence is known from (its terms start there).
    """

    coeffs: tuple[int, ...]
    start: int = 0

    @property
    def order(self) -> int:
        """p, the number of coefficients."""
        return len(self.coeffs)

    def extend(self, initial: list[int], up_to: int) -> list[int]:
        """The sequence from ``initial`` (indices start .. start + p - 1) to index up_to."""
        seq = list(initial)
        while self.start + len(seq) <= up_to:
            seq.append(sum(c * seq[-i] for i, c in enumerate(self.coeffs, start=1)))
        return seq

    def text(self, name: str = "a") -> str:
        """The recurrence as text, ``a(n) = a(n-1) + a(n-2)``."""
        terms = []
        for i, c in enumerate(self.coeffs, start=1):
            if c == 0:
                continue
            sign = "-" if c < 0 else "+"
            mag = "" if abs(c) == 1 else f"{abs(c)} "
            terms.append(f"{sign} {mag}{name}(n-{i})")
        body = " ".join(terms).lstrip("+ ") if terms else "0"
        if body.startswith("- "):
            body = "-" + body[2:]
        return f"{name}(n) = {body} for n >= {self.start + self.order}"


def recurrence_of(auto: Automaton, bottom: bool) -> Recurrence:
    """The recurrence of an automaton's counts from its transfer matrix (Cayley-Hamilton):
    order m, valid from the first word size (height 1 when the family has ⊥).

    Examples
    --------
    >>> even = Automaton("01", ((1, 1), (0, 0)), frozenset({0}))
    >>> recurrence_of(even, False).text()
    'a(n) = 4 a(n-2) for n >= 2'
    """
    poly = characteristic_polynomial(transfer_matrix(auto))
    return Recurrence(tuple(-c for c in poly[1:]), 1 if bottom else 0)


def minimal_recurrence(seq: list[int], start: int = 0) -> Recurrence:
    """The shortest linear recurrence generating ``seq`` (Berlekamp-Massey over the
    rationals): a description of a sequence, not a proof (see :func:`prove_same_counts`).

    Examples
    --------
    >>> minimal_recurrence([0, 1, 1, 2, 3, 5, 8, 13]).coeffs
    (1, 1)
    """
    s = [Fraction(x) for x in seq]
    c: list[Fraction] = [Fraction(1)]
    b: list[Fraction] = [Fraction(1)]
    length, m, last = 0, 1, Fraction(1)
    for n in range(len(s)):
        d = s[n] + sum(c[i] * s[n - i] for i in range(1, length + 1))
        if d == 0:
            m += 1
            continue
        coef = d / last
        t = list(c)
        c = c + [Fraction(0)] * max(0, len(b) + m - len(c))
        for i, bi in enumerate(b):
            c[i + m] -= coef * bi
        if 2 * length <= n:
            length, b, last, m = n + 1 - length, t, d, 1
        else:
            m += 1
    c = c + [Fraction(0)] * (length + 1 - len(c))
    coeffs = tuple(-c[i] for i in range(1, length + 1))
    if any(x.denominator != 1 for x in coeffs):
        raise ValueError("no integer recurrence")
    return Recurrence(tuple(int(x) for x in coeffs), start)


@dataclass(frozen=True)
class CountProof:
    """The outcome of :func:`prove_same_counts`.

    Attributes
    ----------
    holds : bool
        The counts equal the other sequence at every size >= ``start``.
    terms : int
        How many terms were compared (p + q).
    first_difference : int or None
        The first size where they differ.
    counts : tuple of int
        The automaton's counts at the sizes compared.
    """

    holds: bool
    terms: int
    first_difference: int | None
    counts: tuple[int, ...]


def prove_same_counts(auto: Automaton, bottom: bool, other: Recurrence,
                      other_initial: list[int]) -> CountProof:
    """Prove that the automaton's counts equal the sequence ``other`` (given by its
    recurrence and initial terms from index ``other.start``) at every size >= other.start.

    The counts satisfy the recurrence of :func:`recurrence_of` (order p, from size
    ``1 if bottom else 0``), ``other`` one of order q; both are compared on sizes
    other.start .. other.start + p + q - 1, and also at size 0 when it is before either
    recurrence starts.

    Examples
    --------
    Words over one letter of even length, against 1, 0, 1, 0, ...:

    >>> even = Automaton("0", ((1,), (0,)), frozenset({0}))
    >>> prove_same_counts(even, False, Recurrence((0, 1)), [1, 0]).holds
    True

    References
    ----------
    *Thinning Thickets*, Theorems 3.4 and 3.5.
    """
    own = recurrence_of(auto, bottom)
    start = min(other.start, own.start)
    top = max(other.start, own.start) + own.order + other.order
    mine = counts(auto, top, bottom)[start:]
    theirs: list[int | None] = [None] * (other.start - start)
    theirs += other.extend(other_initial, top)
    for i, (a, b) in enumerate(zip(mine, theirs, strict=False)):
        if b is not None and a != b:
            return CountProof(False, top - start + 1, start + i, tuple(mine))
    return CountProof(True, top - start + 1, None, tuple(mine))


def count_at(auto: Automaton, size: int, bottom: bool) -> int:
    """The exact count at one size (height when the family has ⊥), by the transfer matrix.

    Examples
    --------
    >>> even = Automaton("01", ((1, 1), (0, 0)), frozenset({0}))
    >>> count_at(even, 4, False)
    16
    """
    if bottom and size == 0:
        return int(auto.empty)
    length = size - 1 if bottom else size
    useful = coreachable(auto, auto.accepting)
    rows = [[t for t in row if t in useful] for row in auto.delta]
    vec = [0] * auto.size
    if 0 in useful:
        vec[0] = 1
    for _ in range(length):
        nxt = [0] * auto.size
        for q, c in enumerate(vec):
            if c:
                for t in rows[q]:
                    nxt[t] += c
        vec = nxt
    return sum(vec[q] for q in auto.accepting)
