"""The formula container of cgsat's encodings.

Encodings build formulas and never solve them. They write clauses into a *sink*
(:class:`Sink`): a PySAT solver (fast, when no certificate is wanted), the counting
solver :class:`cgsat.sat.solve.LiveSolver`, or a :class:`ClauseBuffer` (when the formula
must be hashed, written as DIMACS, or checked against a DRAT proof). All have
``add_clause``. :mod:`cgsat.sat.solve` is what solves them.

:class:`Sink` is a type only: it is defined, and imported by the encodings, under
``TYPE_CHECKING``, so that no code that runs changes with it (a method's fingerprint,
:mod:`cgsat.engine.fingerprint`, hashes the code that runs).
"""

from __future__ import annotations

import hashlib
from array import array
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

import numpy as np

if TYPE_CHECKING:  # types only: no code that runs (see the module docstring)
    from collections.abc import Iterator
    from typing import Protocol

    class Sink(Protocol):
        """Anything an encoding can write clauses into: ``add_clause(clause)``, a clause
        being a sequence of non-zero literals (a :class:`ClauseBuffer`, a PySAT solver,
        :class:`cgsat.sat.solve.LiveSolver`)."""

        def add_clause(self, clause: Iterable[int]) -> None:
            """Add one clause."""

__all__ = ["ClauseBuffer", "clause_adder", "pool_names"]


class ClauseBuffer:
    """An append-only clause store, compact enough for million-clause instances.

    Literals are kept in one ``array('i')`` with 0 after each clause (4 bytes per
    literal), not as Python lists. It has PySAT's ``add_clause``/``append``/``extend``
    interface, so encoders can write into it or into a solver alike.

    Examples
    --------
    >>> buf = ClauseBuffer()
    >>> buf.add_clause([1, -2]); buf.add_clause([2])
    >>> buf.nv, len(buf), list(buf)
    (2, 2, [[1, -2], [2]])
    >>> buf.dimacs().splitlines()[0]
    'p cnf 2 2'
    """

    def __init__(self, clauses: Iterable[Sequence[int]] = ()):
        self._lits = array("i")
        self._count = 0
        self.nv = 0
        self.extend(clauses)

    def add_clause(self, clause: Iterable[int]) -> None:
        lits = self._lits
        for lit in clause:
            if lit == 0:
                raise ValueError("0 is not a literal")
            lits.append(lit)
            if abs(lit) > self.nv:
                self.nv = abs(lit)
        lits.append(0)
        self._count += 1

    append = add_clause

    def extend(self, clauses: Iterable[Sequence[int]]) -> None:
        for c in clauses:
            self.add_clause(c)

    def add_flat(self, flat: np.ndarray) -> None:
        """Add the clauses of one int32 array with a 0 after each clause (issue 27: the
        array encodings, :mod:`cgsat.encodings.bulk`), in one copy.

        Examples
        --------
        >>> buf = ClauseBuffer([[1]])
        >>> buf.add_flat(np.array([2, -3, 0, 4, 0], dtype=np.int32)); list(buf), buf.nv
        ([[1], [2, -3], [4]], 4)
        """
        flat = np.ascontiguousarray(flat, dtype=np.int32)
        if len(flat) == 0:
            return
        if flat[-1] != 0:
            raise ValueError("a flat clause array must end with 0")
        self._lits.frombytes(flat.tobytes())
        self._count += int(np.count_nonzero(flat == 0))
        self.nv = max(self.nv, int(np.abs(flat).max()))

    def flat(self, start: int = 0) -> np.ndarray:
        """The literals from position ``start`` on, each clause followed by 0, as a new
        int32 array (:func:`cgsat.sat.loader.load` gives it to a solver in one call)."""
        return np.array(self._lits[start:], dtype=np.int32)

    @property
    def literals(self) -> int:
        """How many entries (literals and 0s) the buffer holds: a position for
        :meth:`flat`."""
        return len(self._lits)

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[list[int]]:
        lits = self._lits.tolist()
        start = 0
        for end in np.flatnonzero(np.frombuffer(self._lits, dtype=np.int32) == 0).tolist():
            yield lits[start:end]
            start = end + 1

    def _lines(self) -> str:
        """The clauses as DIMACS lines (one per clause, each ending in `` 0``)."""
        text = str(self._lits.tolist())[1:-1].replace(",", "")  # "[1, -2, 0]" -> "1 -2 0"
        if not text:
            return ""
        # the token 0 ends a clause: " 0 " only matches it (a literal never ends in
        # " 0"), unless a clause is empty (two 0s in a row, or a 0 first)
        if text.startswith("0") or " 0 0" in text:
            return "".join(" ".join(map(str, c)) + " 0\n" for c in self)
        return text.replace(" 0 ", " 0\n") + "\n"

    def dimacs(self, nv: int | None = None) -> str:
        """The DIMACS text (header ``p cnf NV NC``, one clause per line)."""
        nv = self.nv if nv is None else max(nv, self.nv)
        return f"p cnf {nv} {self._count}\n" + self._lines()

    def sha256(self, nv: int | None = None) -> str:
        """The sha256 of :meth:`dimacs`."""
        return hashlib.sha256(self.dimacs(nv).encode()).hexdigest()


def clause_adder(sink: Sink) -> tuple[Callable[[list[int]], Any], Callable[[int], None]]:
    """The fastest per-clause entry of ``sink`` and what to call after: ``(add, added)``;
    ``add(clause)`` adds one clause, ``added(k)`` tells the sink that ``k`` were added
    (its counter). A sink with ``clause_adder()`` gives its own (a
    :class:`cgsat.sat.solve.LiveSolver`: the solver object under PySAT's wrapper, one
    Python layer per clause instead of three; issue 27); any other sink its
    ``add_clause``. The sink holds the same clauses, in the same order, either way.

    Examples
    --------
    >>> buf = ClauseBuffer()
    >>> add, added = clause_adder(buf)
    >>> add([1, 2]); add([-2]); added(2); list(buf)
    [[1, 2], [-2]]
    """
    own = getattr(sink, "clause_adder", None)
    if own is not None:
        return cast("tuple[Callable[[list[int]], Any], Callable[[int], None]]", own())
    return sink.add_clause, _nothing


def _nothing(k: int) -> None:
    """Nothing to count (the sink counts its own clauses)."""


def pool_names(pool: Any) -> dict[int, Any]:
    """The names of a pool's variables, ``{number: name}`` (PySAT's ``id2obj``), after
    every encoding that names its variables on demand has named them (the Toppling
    difference encoding registers its namer in the pool: issue 27, so that encoding
    allocates numbers only). Run before reading ``id2obj`` (the canonical instance hash,
    ``cgsat export-cnf``'s variable map).

    Examples
    --------
    >>> from pysat.formula import IDPool
    >>> pool = IDPool(); pool.id("x"); pool_names(pool)
    1
    {1: 'x'}
    """
    for namer in pool.__dict__.get("cgsat_namers", ()):
        namer()
    return cast("dict[int, Any]", pool.id2obj)
