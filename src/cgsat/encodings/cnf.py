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
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # types only: no code that runs (see the module docstring)
    from collections.abc import Iterator
    from typing import Protocol

    class Sink(Protocol):
        """Anything an encoding can write clauses into: ``add_clause(clause)``, a clause
        being a sequence of non-zero literals (a :class:`ClauseBuffer`, a PySAT solver,
        :class:`cgsat.sat.solve.LiveSolver`)."""

        def add_clause(self, clause: Iterable[int]) -> None:
            """Add one clause."""


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

    def add_clauses(self, clauses: Sequence[Sequence[int]]) -> None:
        """Add many clauses at once (the bulk path of :func:`add_clauses`): the same
        buffer as one :meth:`add_clause` per clause, built without a Python step per
        literal.

        Examples
        --------
        >>> buf = ClauseBuffer([[1]])
        >>> buf.add_clauses([[2, -3], [-1]]); list(buf), buf.nv
        ([[1], [2, -3], [-1]], 3)
        """
        if not clauses:
            return
        flat = array("i")
        for c in clauses:
            flat.extend(c)
            flat.append(0)
        if flat.count(0) != len(clauses):
            raise ValueError("0 is not a literal")
        self.nv = max(self.nv, max(flat), -min(flat))
        self._lits.extend(flat)
        self._count += len(clauses)

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[list[int]]:
        clause: list[int] = []
        for lit in self._lits:
            if lit == 0:
                yield clause
                clause = []
            else:
                clause.append(lit)

    def dimacs(self, nv: int | None = None) -> str:
        """The DIMACS text (header ``p cnf NV NC``, one clause per line)."""
        nv = self.nv if nv is None else max(nv, self.nv)
        parts = [f"p cnf {nv} {self._count}\n"]
        parts.extend(" ".join(map(str, c)) + " 0\n" for c in self)
        return "".join(parts)

    def sha256(self, nv: int | None = None) -> str:
        """The sha256 of :meth:`dimacs`, computed without building the whole text."""
        nv = self.nv if nv is None else max(nv, self.nv)
        h = hashlib.sha256(f"p cnf {nv} {self._count}\n".encode())
        for c in self:
            h.update((" ".join(map(str, c)) + " 0\n").encode())
        return h.hexdigest()


def add_clauses(sink: Sink, clauses: Sequence[Sequence[int]]) -> None:
    """Hand ``clauses`` to ``sink`` in bulk: its ``add_clauses`` (a :class:`ClauseBuffer`,
    :class:`cgsat.sat.solve.LiveSolver`) or PySAT's ``append_formula`` where it has one,
    else one ``add_clause`` per clause. The sink holds the same clauses, in the same order,
    either way (issue 27: the bulk path removes the per-clause Python layers).

    Examples
    --------
    >>> buf = ClauseBuffer()
    >>> add_clauses(buf, [[1, 2], [-2]]); list(buf)
    [[1, 2], [-2]]
    >>> class One:  # a sink with add_clause only
    ...     def __init__(self): self.got = []
    ...     def add_clause(self, c): self.got.append(list(c))
    >>> one = One(); add_clauses(one, [[1], [2]]); one.got
    [[1], [2]]
    """
    bulk = getattr(sink, "add_clauses", None) or getattr(sink, "append_formula", None)
    if bulk is not None:
        bulk(clauses)
        return
    for c in clauses:
        sink.add_clause(c)
