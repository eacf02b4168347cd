"""Clauses built as arrays, handed to a sink in one call (issue 27).

An array encoding (:mod:`cgsat.encodings.toppling_arrays`) builds its clauses as integer
arrays, one per clause width. :func:`add_flat` joins them into one int32 array with a 0
after each clause (the layout of a :class:`~cgsat.encodings.cnf.ClauseBuffer` and of
DIMACS) and gives it to the sink's ``add_flat`` when it has one (a ClauseBuffer, or a live
solver of :mod:`cgsat.sat.solve`, which loads it into CaDiCaL in one call), else one clause
at a time. Either way the sink receives the same clauses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from cgsat.encodings.cnf import clause_adder

if TYPE_CHECKING:  # types only
    from cgsat.encodings.cnf import Sink

__all__ = ["add_flat", "flat_of"]


def flat_of(blocks: dict[int, list[np.ndarray]]) -> np.ndarray:
    """The clauses of ``blocks`` (width -> arrays of shape (clauses, width)) as one int32
    array, each clause followed by 0.

    Examples
    --------
    >>> flat_of({2: [np.array([[1, -2]])], 1: [np.array([[3], [4]])]}).tolist()
    [1, -2, 0, 3, 0, 4, 0]
    """
    parts = []
    for width, arrays in blocks.items():
        a = np.concatenate(arrays) if len(arrays) > 1 else arrays[0]
        padded = np.zeros((a.shape[0], width + 1), dtype=np.int32)
        padded[:, :width] = a
        parts.append(padded.reshape(-1))
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int32)


def add_flat(sink: Sink, blocks: dict[int, list[np.ndarray]]) -> int:
    """Add every clause of ``blocks`` to ``sink``; returns how many.

    Examples
    --------
    >>> from cgsat.encodings.cnf import ClauseBuffer
    >>> buf = ClauseBuffer()
    >>> add_flat(buf, {2: [np.array([[1, -2]])], 1: [np.array([[2]])]}), list(buf)
    (2, [[1, -2], [2]])
    """
    count = sum(a.shape[0] for arrays in blocks.values() for a in arrays)
    bulk = getattr(sink, "add_flat", None)
    if bulk is not None:
        bulk(flat_of(blocks))
        return count
    add, added = clause_adder(sink)
    for arrays in blocks.values():
        for a in arrays:
            for clause in a.tolist():
                add(clause)
    added(count)
    return count
