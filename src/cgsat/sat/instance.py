"""The canonical hash of a SAT instance: the same for every encoder that builds the same
clauses over the same named variables, whatever the order of its clauses and of its
variable numbers (issue 27, "Instances for revalidation").

The DIMACS hash (:meth:`cgsat.encodings.cnf.ClauseBuffer.sha256`) changes as soon as a
faster encoder emits clauses in another order or numbers its variables otherwise. The
canonical hash does not:

1. **Variables get canonical numbers.** When every variable ``1..nv`` is named in the
   instance's :class:`~pysat.formula.IDPool` (``pool.id2obj``), variables are numbered in
   the order of ``repr(name)`` (names are unique in a pool; the encoders use tuples of
   strings, ints, bools, row intervals ``(i, j)`` and canonical games, whose ``repr`` is
   the same in every process). Otherwise the instance is *partly anonymous*: named
   variables come first in the order of their names, then the anonymous ones in the order
   of their first occurrence in the clause sequence as given, so that the hash is then
   invariant under renumbering but not under reordering of clauses (``scheme`` says which).
2. **Clauses are sorted.** Each clause's literals are renumbered and sorted, then the
   clauses sorted (duplicates kept: a multiset).
3. The hash is the sha256 of ``"cgsat-canonical-1 <scheme>\\n"``, ``"p cnf NV NC\\n"`` and
   one line per sorted clause, as DIMACS.

Every Toppling variable is named (:mod:`cgsat.encodings.toppling`,
:mod:`cgsat.encodings.toppling_leaders`), so Toppling instances get the ``named`` scheme.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

__all__ = ["CanonicalHash", "SCHEME_FIRST", "SCHEME_NAMED", "canonical_hash", "canonical_numbering"]

SCHEME_NAMED = "named"
SCHEME_FIRST = "first-occurrence"


@dataclass(frozen=True)
class CanonicalHash:
    """A canonical instance hash.

    Attributes
    ----------
    sha256 : str
        The hash.
    scheme : {"named", "first-occurrence"}
        ``named``: every variable had a name; ``first-occurrence``: some were anonymous
        (numbered by first occurrence; the hash then depends on the order of clauses).
    vars, clauses : int
        The instance's size.
    """

    sha256: str
    scheme: str
    vars: int
    clauses: int


def canonical_numbering(nv: int, names: Mapping[int, object],
                        clauses: Sequence[Sequence[int]]) -> tuple[dict[int, int], str]:
    """The canonical number of each variable ``1..nv`` and the scheme used.

    Examples
    --------
    >>> canonical_numbering(2, {1: "b", 2: "a"}, [[1, 2]])
    ({2: 1, 1: 2}, 'named')
    >>> canonical_numbering(3, {3: "a"}, [[2, -1], [1]])
    ({3: 1, 2: 2, 1: 3}, 'first-occurrence')
    """
    named = sorted((v for v in range(1, nv + 1) if v in names),
                   key=lambda v: repr(names[v]))
    order = {v: k for k, v in enumerate(named, 1)}
    if len(order) == nv:
        return order, SCHEME_NAMED
    for c in clauses:
        for lit in c:
            v = abs(lit)
            if v not in order:
                order[v] = len(order) + 1
    for v in range(1, nv + 1):  # variables that occur in no clause
        if v not in order:
            order[v] = len(order) + 1
    return order, SCHEME_FIRST


def canonical_hash(clauses: Iterable[Sequence[int]], names: Mapping[int, object] | None = None,
                   nv: int | None = None) -> CanonicalHash:
    """The canonical hash of an instance (see the module docstring).

    Parameters
    ----------
    clauses : iterable of sequences of int
        The instance (e.g. a :class:`~cgsat.encodings.cnf.ClauseBuffer`).
    names : mapping, optional
        Variable number -> name (an IDPool's ``id2obj``).
    nv : int, optional
        The number of variables (default: the largest variable in a clause, or in
        ``names``).

    Examples
    --------
    The same clauses over the same names, numbered and ordered otherwise:

    >>> a = canonical_hash([[1, -2], [2]], {1: "x", 2: "y"})
    >>> b = canonical_hash([[1], [-1, 2]], {1: "y", 2: "x"})
    >>> a == b, a.scheme
    (True, 'named')
    >>> canonical_hash([[1, 2], [2]], {1: "x", 2: "y"}) == a
    False
    """
    cls = [list(c) for c in clauses]
    names = names or {}
    top = max((abs(lit) for c in cls for lit in c), default=0)
    if nv is None:
        nv = max([top, *[v for v in names if isinstance(v, int)]], default=0)
    nv = max(nv, top)
    order, scheme = canonical_numbering(nv, names, cls)
    renamed = sorted(
        sorted((order[lit] if lit > 0 else -order[-lit]) for lit in c) for c in cls)
    h = hashlib.sha256(f"cgsat-canonical-1 {scheme}\np cnf {nv} {len(renamed)}\n".encode())
    for c in renamed:
        h.update((" ".join(map(str, c)) + " 0\n").encode())
    return CanonicalHash(h.hexdigest(), scheme, nv, len(renamed))
