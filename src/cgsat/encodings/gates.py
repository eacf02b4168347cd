"""The one gate class of cgsat's encodings: clausal Tseitin gates and cardinality constraints.

Every gate returns a literal that is *equivalent* to the gate's output (both directions of
the Tseitin definition are added), so that an encoding built from these gates determines
every auxiliary variable from its inputs. This makes a model readable and a model count
over the input variables exact.

Clauses go to a *sink*: anything with ``add_clause(list)`` (a PySAT solver) or
``append(list)`` (a :class:`pysat.formula.CNF`, a plain list). Variables are named by a
:class:`pysat.formula.IDPool`; gates with a ``name`` are memoized by it, so asking twice for
the same named gate adds its clauses once.

References
----------
.. [1] G. S. Tseitin, On the complexity of derivation in propositional calculus, 1968.
.. [2] C. Sinz, Towards an optimal CNF encoding of Boolean cardinality constraints, CP 2005
   (the sequential counter).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from pysat.formula import IDPool

if TYPE_CHECKING:  # types only
    from pysat.formula import CNF

    from cgsat.encodings.cnf import Sink

__all__ = ["Adder", "Circuit", "Clause", "adder"]

Clause = list[int]
Adder = Callable[[Clause], Any]


def adder(sink: Sink | list[Clause] | CNF) -> Adder:
    """Return the clause-adding function of ``sink``.

    Examples
    --------
    >>> out = []
    >>> adder(out)([1, -2])
    >>> out
    [[1, -2]]
    """
    if hasattr(sink, "add_clause"):
        return sink.add_clause
    return sink.append


class Circuit:
    """Gates over one :class:`~pysat.formula.IDPool` writing into one sink.

    Parameters
    ----------
    pool : IDPool
        Names the variables.
    sink : object
        Receives the clauses (see :func:`adder`).

    Examples
    --------
    >>> from pysat.formula import IDPool, CNF
    >>> from pysat.solvers import Solver
    >>> pool, cnf = IDPool(), CNF()
    >>> c = Circuit(pool, cnf)
    >>> a, b = pool.id("a"), pool.id("b")
    >>> x = c.xor(a, b)
    >>> with Solver(bootstrap_with=cnf.clauses + [[x], [a]]) as s:
    ...     s.solve() and (b not in s.get_model())
    True
    """

    def __init__(self, pool: IDPool, sink: Sink | list[Clause] | CNF):
        self.pool = pool
        self.add = adder(sink)
        self._true: int | None = None

    # -- constants ----------------------------------------------------------------
    @property
    def true(self) -> int:
        """A literal fixed to true (one unit clause, added once)."""
        if self._true is None:
            self._true = self.pool.id(("circuit", "true"))
            self.add([self._true])
        return self._true

    @property
    def false(self) -> int:
        return -self.true

    def _fresh(self, name: Hashable | None) -> tuple[int, bool]:
        """A variable for a gate; the flag says whether it already existed (memoized)."""
        if name is None:
            return self.pool.id(), False
        key = ("gate", name)
        existed = key in self.pool.obj2id
        return self.pool.id(key), existed

    # -- gates --------------------------------------------------------------------
    def and_(self, lits: Iterable[int], name: Hashable | None = None) -> int:
        """A literal equivalent to the conjunction of ``lits`` (true if empty)."""
        lits = list(dict.fromkeys(lits))
        if self._true is not None:
            if -self._true in lits:
                return -self._true
            lits = [x for x in lits if x != self._true]
        if not lits:
            return self.true
        if len(lits) == 1:
            return lits[0]
        out, existed = self._fresh(name)
        if existed:
            return out
        for x in lits:
            self.add([-out, x])
        self.add([out] + [-x for x in lits])
        return out

    def or_(self, lits: Iterable[int], name: Hashable | None = None) -> int:
        """A literal equivalent to the disjunction of ``lits`` (false if empty)."""
        neg = self.and_([-x for x in lits], name=None if name is None else ("not", name))
        return -neg

    def xor(self, a: int, b: int, name: Hashable | None = None) -> int:
        """A literal equivalent to ``a XOR b``."""
        out, existed = self._fresh(name)
        if existed:
            return out
        self.add([-out, a, b])
        self.add([-out, -a, -b])
        self.add([out, -a, b])
        self.add([out, a, -b])
        return out

    def ite(self, c: int, t: int, e: int, name: Hashable | None = None) -> int:
        """A literal equivalent to ``t if c else e``."""
        out, existed = self._fresh(name)
        if existed:
            return out
        self.add([-c, -t, out])
        self.add([-c, t, -out])
        self.add([c, -e, out])
        self.add([c, e, -out])
        self.add([-t, -e, out])  # redundant, helps propagation
        self.add([t, e, -out])
        return out

    def conj(self, lits: Iterable[int]) -> int:
        """A literal equivalent to the conjunction of ``lits``, memoized by its inputs.

        Unlike :meth:`and_`, the gate is named by its sorted inputs, so building the same
        conjunction twice (automaton runs over shared prefixes) adds its clauses once;
        complementary inputs fold to false.

        Examples
        --------
        >>> from pysat.formula import IDPool
        >>> c = Circuit(IDPool(), [])
        >>> c.conj([c.true, c.false]) == c.false, c.conj([5, 6]) == c.conj([6, 5])
        (True, True)
        """
        items = set(lits)
        items.discard(self.true)
        if self.false in items or any(-lit in items for lit in items):
            return self.false
        return self.and_(items, name=("and", tuple(sorted(items))))

    def disj(self, lits: Iterable[int]) -> int:
        """A literal equivalent to the disjunction of ``lits``, memoized by its inputs."""
        return -self.conj(-lit for lit in lits)

    def equiv(self, a: int, b: int) -> None:
        """Add ``a <-> b``."""
        self.add([-a, b])
        self.add([a, -b])

    def equiv_gate(self, a: int, b: int, name: Hashable | None = None) -> int:
        """A literal equivalent to ``a <-> b``."""
        return -self.xor(a, b, name)

    # -- cardinality --------------------------------------------------------------
    def at_most_one(self, lits: Sequence[int]) -> None:
        """Add "at most one of ``lits``" (pairwise for short lists, else a ladder)."""
        lits = list(lits)
        if len(lits) <= 5:
            for i in range(len(lits)):
                for j in range(i + 1, len(lits)):
                    self.add([-lits[i], -lits[j]])
            return
        self.at_most(lits, 1)

    def exactly_one(self, lits: Sequence[int]) -> None:
        """Add "exactly one of ``lits``"."""
        self.add(list(lits))
        self.at_most_one(lits)

    def at_most(self, lits: Sequence[int], k: int) -> None:
        """Add ``sum(lits) <= k`` with Sinz's sequential counter (clausal, no totalizer).

        Examples
        --------
        >>> from pysat.formula import IDPool
        >>> from pysat.solvers import Solver
        >>> pool, cl = IDPool(), []
        >>> xs = [pool.id(i) for i in range(4)]
        >>> Circuit(pool, cl).at_most(xs, 2)
        >>> with Solver(bootstrap_with=cl + [[xs[0]], [xs[1]], [xs[2]]]) as s:
        ...     s.solve()
        False
        """
        lits = list(lits)
        n = len(lits)
        if k >= n:
            return
        if k <= 0:
            for x in lits:
                self.add([-x])
            return
        # s[i][j]: at least j+1 of lits[0..i] are true (one direction suffices here)
        s = [[self.pool.id() for _ in range(k)] for _ in range(n - 1)]
        self.add([-lits[0], s[0][0]])
        for j in range(1, k):
            self.add([-s[0][j]])
        for i in range(1, n - 1):
            self.add([-lits[i], s[i][0]])
            self.add([-s[i - 1][0], s[i][0]])
            for j in range(1, k):
                self.add([-lits[i], -s[i - 1][j - 1], s[i][j]])
                self.add([-s[i - 1][j], s[i][j]])
            self.add([-lits[i], -s[i - 1][k - 1]])
        self.add([-lits[n - 1], -s[n - 2][k - 1]])

    def at_least(self, lits: Sequence[int], k: int) -> None:
        """Add ``sum(lits) >= k`` with a sequential counter of ``min(k, len - k)`` registers.

        Examples
        --------
        >>> from pysat.formula import IDPool
        >>> from pysat.solvers import Solver
        >>> pool, cl = IDPool(), []
        >>> xs = [pool.id(i) for i in range(5)]
        >>> Circuit(pool, cl).at_least(xs, 2)
        >>> with Solver(bootstrap_with=cl + [[-xs[0]], [-xs[1]], [-xs[2]], [-xs[3]]]) as s:
        ...     s.solve()
        False
        """
        lits = list(lits)
        n = len(lits)
        if k <= 0:
            return
        if k > n:
            self.add([self.false])
            return
        if n - k < k:  # fewer registers counting the false literals
            self.at_most([-x for x in lits], n - k)
            return
        # r[i][j] -> at least j+1 of lits[0..i] are true (one direction suffices here)
        r = [[self.pool.id() for _ in range(k)] for _ in range(n)]
        self.add([-r[0][0], lits[0]])
        for j in range(1, k):
            self.add([-r[0][j]])
        for i in range(1, n):
            self.add([-r[i][0], r[i - 1][0], lits[i]])
            for j in range(1, k):
                self.add([-r[i][j], r[i - 1][j], lits[i]])
                self.add([-r[i][j], r[i - 1][j], r[i - 1][j - 1]])
        self.add([r[n - 1][k - 1]])
