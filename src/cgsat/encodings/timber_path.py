"""Toppling Peaks (Timber on a path) as symbolic words.

A word of length n has one colour variable per letter, ``R_i`` (true: letter i is an R).
Its options are prefixes and suffixes: toppling an R at index i leaves ``w[:i]``, an L at
index i leaves ``w[i+1:]`` (``cgsat.games.timber_path``).

Two encodings live here:

- **The sharp inductive partition check** (:func:`add_inductive_check`) for the
  characterizations of Theorem 2.3 (normal play: the P-positions are WP, the Dyck words)
  and Theorem 2.4 (misère play: the set X). It never lists subwords as followers. The
  word's *prefix heights* ``h_k = |w[:k]|_L - |w[:k]|_R`` are order-encoded once
  (``h_k >= t``, O(n^2) variables, four clauses each), and the Dyck predicate on every
  option is read off them: a subword ``w[a:b]`` is in WP iff ``h_b = h_a`` and
  ``h_k >= h_a`` for a <= k <= b. Options are prefixes or suffixes, so every predicate is
  anchored at one of four heights (``h_0, h_1, h_{n-1}, h_n``); each anchor needs one
  comparison ``h_k >= h_anchor`` per k (O(n) clauses each) and one chain over k. The whole
  instance has O(n^2) variables and clauses, and unit propagation alone carries the step
  "``h_i = 0``, R at i, hence ``h_{i+1} < 0``" on which the paper's proof rests.
- **The full kernel encoding** (:func:`add_peaks_kernel`, :func:`add_peaks_grundy`): every
  subword is a follower with its own P-variable (or one-hot nim-value), for ``find`` and
  for counting. O(n^2) followers and O(n^3) moves.

The inductive check at length n: search for a word w of length n on which the candidate C
breaks the Partition Theorem, given C on its options. UNSAT at every length <= N proves
"the P-positions of length <= N are exactly C" by induction on the length (every option is
shorter). Under misère play the condition is ``C(w) <-> (w has an option and no option is
in C)``, and a word of length >= 1 always has an option. :func:`toggled` makes a
deliberately wrong candidate (one word's membership flipped) for negative controls. The
same check as z3 terms is in :mod:`cgsat.encodings.timber_path_smt`; both are solved in
:mod:`cgsat.papers.timber.path.sat`.

References
----------
.. [1] Nowakowski, Renault, Lamoureux, Mellon, Miller, *The Game of timber!*, JCMCC 85
   (2013): Theorems 2.1, 2.2 (Partition Theorems), 2.3 (WP), 2.4 (X), 2.5 (counts).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pysat.formula import IDPool

from cgsat.encodings.gates import Circuit
from cgsat.encodings.kernel import GrundyEncoding, KernelEncoding, add_grundy, add_kernel

if TYPE_CHECKING:  # a type only
    from cgsat.encodings.cnf import Sink

__all__ = ["PREDICATES", "SubwordPredicate", "SymbolicWord", "add_inductive_check",
           "add_peaks_grundy", "add_peaks_kernel", "decode_word", "letter_vars", "peaks_followers",
           "toggled", "wp_predicate", "x_predicate"]


def letter_vars(pool: IDPool, n: int) -> list[int]:
    """The colour variables ``R_0..R_{n-1}`` (true: the letter is an R)."""
    return [pool.id(("R", i)) for i in range(n)]


def decode_word(model: Any, letters: list[int]) -> str:
    """Read a word from a model (a list or set of literals).

    Examples
    --------
    >>> decode_word([1, -2], [1, 2])
    'RL'
    """
    m = set(model)
    return "".join("R" if x in m else "L" for x in letters)


class SymbolicWord:
    """Order-encoded prefix heights of a symbolic word, and predicates read off them.

    Parameters
    ----------
    pool : IDPool
        Variable names (letters are ``("R", i)``).
    sink : object
        Receives the clauses.
    n : int
        The length.

    Examples
    --------
    >>> from pysat.formula import IDPool
    >>> from pysat.solvers import Solver
    >>> pool, cl = IDPool(), []
    >>> w = SymbolicWord(pool, cl, 4)
    >>> with Solver(bootstrap_with=cl + [[w.wp_from(0)[4]], [w.letters[1]]]) as s:
    ...     decode_word(s.get_model(), w.letters) if s.solve() else None
    'LRLR'
    """

    def __init__(self, pool: IDPool, sink: Sink, n: int):
        self.pool = pool
        self.circ = Circuit(pool, sink)
        self.n = n
        self.letters = letter_vars(pool, n)
        self._g: list[dict[int, int]] = [{} for _ in range(n + 1)]
        self._cmp: dict[tuple[int, int], int] = {}
        self._wp_from: dict[int, list[int]] = {}
        self._wp_to: dict[int, list[int]] = {}
        self._swp_from: dict[int, list[int]] = {}
        self._swp_to: dict[int, list[int]] = {}
        # set by add_inductive_check: C on the whole word, and "some option is in C"
        self.whole: int | None = None
        self.some: int | None = None
        self._heights()

    # -- heights ----------------------------------------------------------------------
    def _clause(self, lits: list[int]) -> None:
        """Add a clause, dropping false constants and skipping satisfied clauses."""
        t = self.circ.true
        if t in lits:
            return
        self.circ.add([x for x in lits if x != -t])

    def ge(self, k: int, t: int) -> int:
        """The literal ``h_k >= t`` (a constant outside ``-k < t <= k``)."""
        if t <= -k:
            return self.circ.true
        if t > k:
            return self.circ.false
        if (t - k) % 2:
            t += 1  # h_k has the parity of k
        return self._g[k][t]

    def _heights(self) -> None:
        pool, n = self.pool, self.n
        for k in range(1, n + 1):
            for t in range(-k + 2, k + 1, 2):
                self._g[k][t] = pool.id(("h>=", k, t))
        for k in range(n):
            r = self.letters[k]
            for t in range(-k - 1 + 2, k + 2, 2):
                g = self._g[k + 1][t]
                lo, hi = self.ge(k, t - 1), self.ge(k, t + 1)  # L: h+1, R: h-1
                self._clause([r, -lo, g])
                self._clause([r, lo, -g])
                self._clause([-r, -hi, g])
                self._clause([-r, hi, -g])
                if t + 2 <= k + 1:
                    self._clause([-self._g[k + 1][t + 2], g])

    def cmp(self, k: int, r: int) -> int:
        """The literal ``h_k >= h_r`` (memoized)."""
        key = (k, r)
        if key in self._cmp:
            return self._cmp[key]
        if k == r:
            return self.circ.true
        if r == 0:
            lit = self.ge(k, 0)
        elif k == 0:
            lit = -self.ge(r, 1)
        else:
            lit = self.pool.id(("h>=h", k, r))
            for t in range(-max(k, r), max(k, r) + 2):
                self._clause([-lit, -self.ge(r, t), self.ge(k, t)])
                self._clause([lit, -self.ge(k, t), self.ge(r, t + 1)])
        self._cmp[key] = lit
        return lit

    def eq(self, k: int, r: int) -> int:
        """The literal ``h_k = h_r``."""
        if k == r:
            return self.circ.true
        a, b = sorted((k, r))
        return self.circ.and_([self.cmp(k, r), self.cmp(r, k)], name=("h=h", a, b))

    # -- Dyck predicates on subwords ----------------------------------------------------
    def wp_from(self, a: int) -> list[int]:
        """``out[b]`` (for ``b >= a``; ``None`` below) is the literal ``w[a:b] in WP``."""
        if a not in self._wp_from:
            out: list[Any] = [None] * (self.n + 1)
            floor = self.circ.true  # h_k >= h_a for a <= k <= b
            for b in range(a, self.n + 1):
                floor = self.circ.and_([floor, self.cmp(b, a)])
                out[b] = self.circ.and_([floor, self.eq(b, a)])
            self._wp_from[a] = out
        return self._wp_from[a]

    def wp_to(self, b: int) -> list[int]:
        """``out[a]`` (for ``a <= b``) is the literal ``w[a:b] in WP``."""
        if b not in self._wp_to:
            out: list[Any] = [None] * (self.n + 1)
            floor = self.circ.true  # h_k >= h_b for a <= k <= b
            for a in range(b, -1, -1):
                floor = self.circ.and_([floor, self.cmp(a, b)])
                out[a] = self.circ.and_([floor, self.eq(a, b)])
            self._wp_to[b] = out
        return self._wp_to[b]

    def _peak(self, k: int, anchor: int) -> int:
        """A peak at (relative) height 1 at k: ``h_k = h_anchor``, L at k, R at k+1."""
        return self.circ.and_([self.eq(k, anchor), -self.letters[k], self.letters[k + 1]])

    def swp_from(self, a: int) -> list[int]:
        """``out[b]`` is ``w[a:b] in SWP`` (a Dyck word with no peak at height 1)."""
        if a not in self._swp_from:
            wp = self.wp_from(a)
            out: list[Any] = [None] * (self.n + 1)
            clean = self.circ.true  # no peak at k for a <= k <= b-2
            for b in range(a, self.n + 1):
                if b - 2 >= a:
                    clean = self.circ.and_([clean, -self._peak(b - 2, a)])
                out[b] = self.circ.and_([wp[b], clean])
            self._swp_from[a] = out
        return self._swp_from[a]

    def swp_to(self, b: int) -> list[int]:
        """``out[a]`` is ``w[a:b] in SWP``."""
        if b not in self._swp_to:
            wp = self.wp_to(b)
            out: list[Any] = [None] * (self.n + 1)
            clean = self.circ.true
            for a in range(b, -1, -1):
                if a <= b - 2:
                    clean = self.circ.and_([clean, -self._peak(a, b)])
                out[a] = self.circ.and_([wp[a], clean])
            self._swp_to[b] = out
        return self._swp_to[b]

    def x_set(self, i: int, j: int) -> int:
        """The literal ``w[i:j] in X`` (Theorem 2.4), for a prefix (i = 0) or a suffix (j = n).

        ``u in X`` iff u is non-empty and its core (u without a leading R and a trailing L)
        is in SWP; the core starts at i or i+1 and ends at j-1 or j.
        """
        if i == j:
            return self.circ.false
        if i != 0 and j != self.n:
            raise ValueError("x_set covers prefixes and suffixes only")
        first, last = self.letters[i], self.letters[j - 1]
        cases = []
        for strip_r in (0, 1):
            for strip_l in (0, 1):
                a, b = i + strip_r, j - strip_l
                if a > b:
                    continue
                swp = self.swp_from(a)[b] if i == 0 else self.swp_to(b)[a]
                cond = [first if strip_r else -first, -last if strip_l else last]
                if j - i == 1 and strip_r != strip_l:
                    cond = [first if strip_r else -first]  # one letter is both ends
                elif j - i == 1:
                    continue
                cases.append(self.circ.and_(cond + [swp]))
        return self.circ.or_(cases)


SubwordPredicate = Callable[[SymbolicWord, int, int], int]
"""``pred(word, i, j) -> literal``: the candidate set C on the subword ``w[i:j]`` (called
for prefixes, i = 0, and suffixes, j = n)."""


def wp_predicate(word: SymbolicWord, i: int, j: int) -> int:
    """C = WP, the Dyck words (Theorem 2.3)."""
    return word.wp_from(0)[j] if i == 0 else word.wp_to(j)[i]


def x_predicate(word: SymbolicWord, i: int, j: int) -> int:
    """C = X (Theorem 2.4)."""
    return word.x_set(i, j)


def toggled(predicate: SubwordPredicate, word: str,
            selector: int | None = None) -> SubwordPredicate:
    """``predicate`` with the membership of one word flipped: a deliberately wrong set.

    A negative control: the inductive check must refute it at the length of ``word``, with
    ``word`` itself as the counterexample (its options are shorter, so they are untouched).
    With a ``selector`` literal the flip happens only when the selector is true, so one
    instance carries both C (selector false) and C with ``word`` toggled (selector true):
    the toggled control of :mod:`cgsat.papers.timber.path.sat`.

    Parameters
    ----------
    predicate : SubwordPredicate
        The set C.
    word : str
        The word over {L, R} whose membership is flipped.
    selector : int or None
        A literal switching the flip on (None: always flipped).

    Returns
    -------
    SubwordPredicate
        C with ``word`` added or removed.

    Examples
    --------
    >>> from pysat.formula import IDPool
    >>> pool, cl = IDPool(), []
    >>> w = SymbolicWord(pool, cl, 2)
    >>> lit = toggled(wp_predicate, "LR")(w, 0, 2)
    >>> lit == wp_predicate(w, 0, 2)
    False

    References
    ----------
    .. [1] Nowakowski et al., *The Game of timber!*, Theorems 2.3 and 2.4.
    """

    def flipped(sym: SymbolicWord, i: int, j: int) -> int:
        """``predicate`` on ``w[i:j]``, XOR "``w[i:j]`` is ``word``"."""
        inside = predicate(sym, i, j)
        if j - i != len(word):
            return inside
        letters = sym.letters[i:j]
        fixed = [x if c == "R" else -x for x, c in zip(letters, word, strict=True)]
        same = sym.circ.and_(fixed + ([] if selector is None else [selector]))
        return sym.circ.xor(inside, same)

    return flipped


PREDICATES: dict[str, tuple[SubwordPredicate, bool]] = {
    "thm2.3": (wp_predicate, False),
    "thm2.4": (x_predicate, True),
}
"""Claim label -> (candidate predicate, misère)."""


def add_inductive_check(
    pool: IDPool,
    sink: Sink,
    n: int,
    predicate: SubwordPredicate = wp_predicate,
    misere: bool = False,
    selector: int | None = None,
) -> SymbolicWord:
    """Search for a word of length n on which ``predicate`` breaks the Partition Theorem.

    The instance is satisfiable exactly when some word w of length n breaks the Partition
    Theorem for C, i.e. ``C(w) <-> some option of w is in C`` (a word of length >= 1
    always has an option, so the misère condition reads the same). UNSAT for every length
    <= N proves that C is the set of P-positions up to N. For n = 0 (no options) the check
    is ``C(empty)`` under normal play and ``not C(empty)`` under misère play.

    With a ``selector`` literal s, the violation (the goal) is asserted only under s; under
    not-s the instance only defines its gates, so it is satisfiable for every word, and the
    returned word's ``whole`` (C on w) and ``some`` (some option of w is in C) literals
    show what the instance computes on a word fixed by assumptions (sample controls).

    Parameters
    ----------
    pool, sink
        Variable names and clause sink.
    n : int
        The length.
    predicate : callable
        The candidate set, ``pred(word, i, j) -> literal`` for prefixes and suffixes.
    misere : bool
        Check the misère Partition Theorem (Theorem 2.2) instead of Theorem 2.1.

    Returns
    -------
    SymbolicWord
        Its ``letters`` decode a counterexample from a model.

    Examples
    --------
    >>> from pysat.formula import IDPool
    >>> from pysat.solvers import Solver
    >>> pool, cl = IDPool(), []
    >>> _ = add_inductive_check(pool, cl, 6)          # Theorem 2.3 at length 6
    >>> Solver(bootstrap_with=cl).solve()
    False

    References
    ----------
    .. [1] Nowakowski et al., *The Game of timber!*, Theorems 2.1-2.4.
    """
    word = SymbolicWord(pool, sink, n)
    circ = word.circ
    whole = predicate(word, 0, n)
    reach = []  # option i is in C
    for i in range(n):
        r = word.letters[i]
        reach.append(circ.or_([
            circ.and_([r, predicate(word, 0, i)]),
            circ.and_([-r, predicate(word, i + 1, n)]),
        ]))
    some = circ.or_(reach)
    word.whole, word.some = whole, some
    guard = [] if selector is None else [-selector]
    if misere and n == 0:
        circ.add(guard + [whole])  # the terminal position must not be in C
    else:
        # violation of C(w) <-> no option in C:  C(w) <-> some option in C
        circ.add(guard + [-whole, some])
        circ.add(guard + [whole, -some])
    return word


# -- the full kernel encoding -------------------------------------------------------------
def peaks_followers(n: int, letters: list[int]) -> tuple[list[tuple[int, int]], list]:
    """Followers (subwords ``(i, j)``) and symbolic moves of a word of length n.

    Examples
    --------
    >>> fol, mv = peaks_followers(1, [7])
    >>> fol, mv
    ([(0, 0), (0, 1), (1, 1)], [((0, 1), (0, 0), (7,)), ((0, 1), (1, 1), (-7,))])
    """
    followers = [(i, j) for i in range(n + 1) for j in range(i, n + 1)]
    moves = []
    for i, j in followers:
        for k in range(i, j):
            moves.append(((i, j), (i, k), (letters[k],)))  # an R at k leaves w[i:k]
            moves.append(((i, j), (k + 1, j), (-letters[k],)))  # an L leaves w[k+1:j]
    return followers, moves


def add_peaks_kernel(
    pool: IDPool, sink: Sink, n: int, misere: bool = False
) -> tuple[list[int], KernelEncoding]:
    """The full kernel encoding of a word of length n; the root follower is ``(0, n)``.

    Examples
    --------
    >>> from pysat.formula import IDPool
    >>> from pysat.solvers import Solver
    >>> pool, cl = IDPool(), []
    >>> letters, k = add_peaks_kernel(pool, cl, 5, misere=True)
    >>> with Solver(bootstrap_with=cl + [[k.p[(0, 5)]], [-letters[0]]]) as s:
    ...     decode_word(s.get_model(), letters) if s.solve() else None
    'LLRRL'

    References
    ----------
    .. [1] Nowakowski et al., *The Game of timber!*, Theorems 2.1 and 2.2.
    """
    letters = letter_vars(pool, n)
    followers, moves = peaks_followers(n, letters)
    return letters, add_kernel(pool, sink, followers, moves, misere=misere)


def add_peaks_grundy(pool: IDPool, sink: Sink, n: int) -> tuple[list[int], GrundyEncoding]:
    """Nim-values of every subword of a word of length n; the root is ``(0, n)``."""
    letters = letter_vars(pool, n)
    followers, moves = peaks_followers(n, letters)
    return letters, add_grundy(pool, sink, followers, moves)
