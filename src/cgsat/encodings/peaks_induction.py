"""Inductive partition check for Toppling Peaks (Timber on a path), by SAT.

A candidate characterization C of the P-positions (for instance "is a Dyck word", Theorem
2.3 of *The Game of timber!*) is given as a circuit over the letter variables of a word.
At size n the word w = x_0 … x_{n−1} is symbolic (x_i true means the letter L) and its
options are the prefixes w[:i] (toppling an R at i) and the suffixes w[i+1:] (toppling an L
at i). The instance asks for a w on which C breaks the partition condition

- normal play (Theorem 2.1): C(w) ⇔ no option of w is in C;
- misère play (Theorem 2.2): C(w) ⇔ (w has an option and no option of w is in C),

with C evaluated on the options by the same circuit. UNSAT at every size 0..N proves, by
induction on the length, that C is exactly the set of P-positions of length ≤ N.

Circuits are Tseitin-encoded gates over an :class:`~pysat.formula.IDPool`; clauses go
straight into a sink with ``add_clause`` (a PySAT solver, a ``CNF`` or a
:class:`cgsat.encodings.cnf.ClauseBuffer`). Constants are Python ``True``/``False`` and are
folded away, so no clause mentions them. All clauses are plain (no cardinality
constraints), so DRAT proofs apply.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, Theorems 2.1–2.4 (Partition Theorems; P-positions of Toppling Peaks).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pysat.formula import IDPool

Lit = int | bool
"""A literal (a non-zero int) or a constant (``True``/``False``)."""


class Sink(Protocol):
    def add_clause(self, clause: list[int]) -> None: ...


class Gates:
    """Tseitin gates with constant folding, writing clauses into a sink.

    Examples
    --------
    >>> from cgsat.encodings.cnf import ClauseBuffer
    >>> g = Gates(ClauseBuffer(), IDPool())
    >>> a, b = g.new(), g.new()
    >>> g.and_([a, True]) == a, g.or_([a, True]), g.and_([a, False])
    (True, True, False)
    """

    def __init__(self, sink: Sink, pool: IDPool):
        self.sink = sink
        self.pool = pool

    def new(self) -> int:
        return self.pool.id()

    def add(self, clause: list[int]) -> None:
        self.sink.add_clause(clause)

    @staticmethod
    def neg(a: Lit) -> Lit:
        return (not a) if isinstance(a, bool) else -a

    def and_(self, lits: Sequence[Lit]) -> Lit:
        """A literal equivalent to the conjunction of ``lits``."""
        xs: list[int] = []
        for a in lits:
            if a is False:
                return False
            if a is not True and a not in xs:
                xs.append(a)  # type: ignore[arg-type]
        if any(-a in xs for a in xs):
            return False
        if not xs:
            return True
        if len(xs) == 1:
            return xs[0]
        y = self.new()
        for a in xs:
            self.add([-y, a])
        self.add([y] + [-a for a in xs])
        return y

    def or_(self, lits: Sequence[Lit]) -> Lit:
        """A literal equivalent to the disjunction of ``lits``."""
        return self.neg(self.and_([self.neg(a) for a in lits]))

    def xor(self, a: Lit, b: Lit) -> Lit:
        if isinstance(a, bool):
            return self.neg(b) if a else b
        if isinstance(b, bool):
            return self.neg(a) if b else a
        if a == b:
            return False
        if a == -b:
            return True
        y = self.new()
        self.add([-y, a, b])
        self.add([-y, -a, -b])
        self.add([y, -a, b])
        self.add([y, a, -b])
        return y

    def assert_(self, a: Lit) -> None:
        """Require ``a``; asserting False adds the empty clause."""
        if a is True:
            return
        self.add([] if a is False else [a])  # type: ignore[list-item]


class WordPredicate(Protocol):
    """A characterization of words over {L, R}, as a circuit.

    ``encode(gates, letters)`` returns a literal equivalent to "the word spelt by
    ``letters`` is in the set"; ``letters[i]`` is a literal true when letter i is L.

    A predicate may also define ``encode_all(gates, letters) -> (prefix, suffix)`` with
    ``prefix[i]`` ⇔ C(w[:i]) and ``suffix[k]`` ⇔ C(w[k:]) for i, k in 0..n, sharing one
    circuit between all prefixes and all suffixes; :func:`build_partition_check` uses it
    when present (it is much easier for the solver than one circuit per subword).
    """

    name: str

    def encode(self, gates: Gates, letters: Sequence[Lit]) -> Lit: ...


def _heights(
    gates: Gates, letters: Sequence[Lit], peak1_free: bool = False, up_is_l: bool = True
) -> list[Lit]:
    """Literals ``D[i]``: the prefix of length i never dips below 0 and ends at height 0.

    The heights of the prefixes are encoded one-hot (an up-step raises, a down-step
    lowers), only at heights from which height 0 is still reachable within ``letters``, so
    one table serves every prefix. Up-steps are L (or R, with ``up_is_l=False``: then the
    table read on the reversed word serves every suffix). With ``peak1_free`` the path
    must in addition have no peak at height 1 (no up-step from 0 directly followed by a
    down-step) — the words of SWP.
    """
    m = len(letters)
    ups = [x if up_is_l else gates.neg(x) for x in letters]
    layer: dict[int, Lit] = {0: True}
    at_zero: list[Lit] = [True]
    for j, up in enumerate(ups):
        cap = min(j + 1, m - j - 1)
        new: dict[int, Lit] = {}
        for h in range((j + 1) % 2, cap + 1, 2):
            terms: list[Lit] = []
            if h - 1 in layer:
                terms.append(gates.and_([layer[h - 1], up]))
            if h + 1 in layer:
                down = [layer[h + 1], gates.neg(up)]
                if peak1_free and h == 0 and j >= 1:
                    # stepping from 1 to 0 right after stepping from 0 to 1 is a peak at 1
                    down.append(gates.neg(gates.and_([at_zero[j - 1], ups[j - 1]])))
                terms.append(gates.and_(down))
            new[h] = gates.or_(terms)
        layer = new
        at_zero.append(layer.get(0, False))
    return at_zero


def _suffixes(gates: Gates, letters: Sequence[Lit], peak1_free: bool) -> list[Lit]:
    """``S[k]``: the suffix ``letters[k:]`` is a Dyck word (peak-free with ``peak1_free``)."""
    n = len(letters)
    backward = _heights(gates, list(reversed(letters)), peak1_free, up_is_l=False)
    return [backward[n - k] for k in range(n + 1)]


def _prefixes_suffixes(
    gates: Gates, letters: Sequence[Lit], peak1_free: bool
) -> tuple[list[Lit], list[Lit]]:
    return _heights(gates, letters, peak1_free), _suffixes(gates, letters, peak1_free)


class Dyck:
    """The Dyck words WP: L and R balanced, no prefix with more R than L (Theorem 2.3).

    Examples
    --------
    >>> from cgsat.encodings.cnf import ClauseBuffer
    >>> g = Gates(ClauseBuffer(), IDPool())
    >>> Dyck().encode(g, [True, False]), Dyck().encode(g, [False, True])
    (True, False)
    """

    name = "dyck"

    def encode(self, gates: Gates, letters: Sequence[Lit]) -> Lit:
        if len(letters) % 2:
            return False
        return _heights(gates, letters)[-1]

    def encode_all(self, gates: Gates, letters: Sequence[Lit]) -> tuple[list[Lit], list[Lit]]:
        return _prefixes_suffixes(gates, letters, peak1_free=False)


class PeakFreeDyck:
    """SWP: Dyck words without a peak at height 1 (no factor w1 L R w2, w1, w2 in WP)."""

    name = "swp"

    def encode(self, gates: Gates, letters: Sequence[Lit]) -> Lit:
        if len(letters) % 2:
            return False
        return _heights(gates, letters, peak1_free=True)[-1]

    def encode_all(self, gates: Gates, letters: Sequence[Lit]) -> tuple[list[Lit], list[Lit]]:
        return _prefixes_suffixes(gates, letters, peak1_free=True)


class MisereX:
    """The misère P-positions X of Theorem 2.4.

    X = (SWP minus the empty word) ∪ {Rw} ∪ {wL} ∪ {RwL}, for w in SWP.
    """

    name = "misere-x"

    @staticmethod
    def _combine(gates: Gates, first: Lit, last: Lit, m: int, whole: Lit, no_first: Lit,
                 no_last: Lit, no_both: Lit) -> Lit:
        """X membership of a word of length m from SWP of the word and its trimmings.

        ``first``/``last`` are its first and last letters (true = L).
        """
        terms: list[Lit] = []
        if m >= 1:
            terms.append(whole)
            terms.append(gates.and_([gates.neg(first), no_first]))
            terms.append(gates.and_([last, no_last]))
        if m >= 2:
            terms.append(gates.and_([gates.neg(first), last, no_both]))
        return gates.or_(terms)

    def encode(self, gates: Gates, letters: Sequence[Lit]) -> Lit:
        swp = PeakFreeDyck()
        m = len(letters)
        if m == 0:
            return False
        return self._combine(
            gates, letters[0], letters[-1], m, swp.encode(gates, letters),
            swp.encode(gates, letters[1:]), swp.encode(gates, letters[:-1]),
            swp.encode(gates, letters[1:-1]) if m >= 2 else False,
        )

    def encode_all(self, gates: Gates, letters: Sequence[Lit]) -> tuple[list[Lit], list[Lit]]:
        n = len(letters)
        if n == 0:
            return [False], [False]
        # SWP of prefixes of w and of w[1:]; SWP of suffixes of w and of w[:-1]
        p0, s0 = _prefixes_suffixes(gates, letters, peak1_free=True)
        p1 = _heights(gates, letters[1:], peak1_free=True)
        s1 = _suffixes(gates, letters[:-1], peak1_free=True)
        prefix: list[Lit] = [False]
        for i in range(1, n + 1):  # w[:i]: trimmings w[1:i], w[:i-1], w[1:i-1]
            prefix.append(self._combine(
                gates, letters[0], letters[i - 1], i, p0[i], p1[i - 1], p0[i - 1],
                p1[i - 2] if i >= 2 else False,
            ))
        suffix: list[Lit] = []
        for k in range(n):  # w[k:]: trimmings w[k+1:], w[k:n-1], w[k+1:n-1]
            m = n - k
            suffix.append(self._combine(
                gates, letters[k], letters[-1], m, s0[k], s0[k + 1], s1[k],
                s1[k + 1] if m >= 2 else False,
            ))
        suffix.append(False)
        return prefix, suffix


class Toggled:
    """``base`` with the membership of one word flipped: a deliberately wrong characterization.

    Used as a negative control: the check must refute it, at the length of ``word``.
    """

    def __init__(self, base: WordPredicate, word: str):
        self.base = base
        self.word = word
        self.name = f"{base.name}^{word or '()'}"

    def _equal(self, gates: Gates, letters: Sequence[Lit]) -> Lit:
        pairs = zip(letters, self.word, strict=True)
        return gates.and_([x if c == "L" else gates.neg(x) for x, c in pairs])

    def encode(self, gates: Gates, letters: Sequence[Lit]) -> Lit:
        inside = self.base.encode(gates, letters)
        if len(letters) != len(self.word):
            return inside
        return gates.xor(inside, self._equal(gates, letters))

    def encode_all(self, gates: Gates, letters: Sequence[Lit]) -> tuple[list[Lit], list[Lit]]:
        prefix, suffix = _all_subwords(self.base, gates, letters)
        n, k = len(letters), len(self.word)
        if k <= n:
            prefix[k] = gates.xor(prefix[k], self._equal(gates, letters[:k]))
            suffix[n - k] = gates.xor(suffix[n - k], self._equal(gates, letters[n - k :]))
        return prefix, suffix


def _all_subwords(
    predicate: WordPredicate, gates: Gates, letters: Sequence[Lit]
) -> tuple[list[Lit], list[Lit]]:
    """``(prefix, suffix)`` literals for every prefix and suffix of ``letters``."""
    shared = getattr(predicate, "encode_all", None)
    if shared is not None:
        return shared(gates, letters)
    n = len(letters)
    prefix = [predicate.encode(gates, letters[:i]) for i in range(n + 1)]
    suffix = [predicate.encode(gates, letters[k:]) for k in range(n)] + [prefix[0]]
    suffix[0] = prefix[n]
    return prefix, suffix


def build_partition_check(
    n: int, predicate: WordPredicate, sink: Sink, misere: bool = False,
    pool: IDPool | None = None,
) -> list[int]:
    """Write the inductive partition check at length ``n`` into ``sink``.

    Parameters
    ----------
    n : int
        The length of the symbolic word.
    predicate : WordPredicate
        The characterization C, as a circuit.
    sink : object with ``add_clause``
        Where the clauses go.
    misere : bool
        Use the misère partition condition (terminal positions are never in C).
    pool : IDPool, optional
        Variable names; the letters are ``pool.id(("x", i))``.

    Returns
    -------
    list of int
        The letter variables x_0..x_{n−1} (true = L). The instance is satisfiable exactly
        when some word of length n breaks the partition condition; decode it with
        :func:`decode_word`.

    Examples
    --------
    >>> from pysat.solvers import Solver
    >>> with Solver(name="cadical195") as s:
    ...     xs = build_partition_check(6, Dyck(), s)
    ...     s.solve()
    False

    References
    ----------
    .. [1] *The Game of timber!*, Theorems 2.1, 2.2 and 2.3.
    """
    pool = pool or IDPool()
    xs = [pool.id(("x", i)) for i in range(n)]
    gates = Gates(sink, pool)
    prefix, suffix = _all_subwords(predicate, gates, xs)
    c_w = prefix[n]
    in_c: list[Lit] = []
    for i in range(n):
        # toppling R at i leaves w[:i]; toppling L at i leaves w[i+1:]
        right = gates.and_([-xs[i], prefix[i]])
        left = gates.and_([xs[i], suffix[i + 1]])
        in_c.append(gates.or_([right, left]))
    should = gates.neg(gates.or_(in_c))
    if misere and n == 0:
        should = False  # a terminal position is never a misère P-position
    # violation: C(w) differs from what the partition condition demands
    gates.assert_(gates.xor(c_w, should))
    return xs


def decode_word(model: Sequence[int], letters: Sequence[int]) -> str:
    """The word of a model: ``L`` where the letter variable is true.

    Examples
    --------
    >>> decode_word([1, -2, 3], [1, 2, 3])
    'LRL'
    """
    true = {lit for lit in model if lit > 0}
    return "".join("L" if x in true else "R" for x in letters)
