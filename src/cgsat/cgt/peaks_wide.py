"""Nim-values of every Toppling Peaks word to length 27, vectorised with numpy.

:mod:`cgsat.cgt.peaks` keeps uint64 option masks and stops at length 24 (memory). A
nim-value of a word of length ``n`` is at most ``n`` (it has ``n`` options), so below length
32 a uint32 mask of the option values suffices, and the mex is read off in chunks: this
module reaches length 26 in about 10 s and 0.6 GB. Same word codes as
:mod:`cgsat.cgt.peaks` (bit ``i`` set: letter ``i`` is ``R``); the options of ``w`` are
``w[:i]`` for ``w[i] = R`` and ``w[i+1:]`` for ``w[i] = L`` (:mod:`cgsat.games.timber_path`).
Plain exhaustive play: it shares no code with the SAT encodings.

References
----------
.. [1] Nowakowski et al., *The Game of timber!*, §2 and Problem 4.1 (the values on paths).
"""

from __future__ import annotations

import numpy as np

from cgsat.errors import TooLargeError

__all__ = ["MAX_LENGTH", "clear_cache", "nim_value_table", "nim_value_tables"]

#: Largest word length (the tables of lengths 0..27 take 256 MB, the masks 512 MB).
MAX_LENGTH = 27
_CHUNK = 1 << 22
_TABLES: list[np.ndarray] = []


def clear_cache() -> None:
    """Forget the computed tables.

    Examples
    --------
    >>> clear_cache(); len(nim_value_tables(3))
    4
    """
    _TABLES.clear()


def nim_value_tables(n_max: int) -> list[np.ndarray]:
    """Normal-play nim-values of every word of length ``0..n_max`` (uint8, by code).

    Examples
    --------
    >>> [int(v) for v in nim_value_tables(2)[2]]  # LL, RL, LR, RR
    [2, 1, 0, 2]

    References
    ----------
    Nowakowski et al., *The Game of timber!*, §2, Problem 4.1.
    """
    if n_max < 0:
        raise ValueError(f"a word length is at least 0, got {n_max}")
    if n_max > MAX_LENGTH:
        raise TooLargeError(f"timber-path: nim-value tables stop at length {MAX_LENGTH}")
    if not _TABLES:
        empty = np.zeros(1, dtype=np.uint8)
        empty.setflags(write=False)
        _TABLES.append(empty)
    one = np.uint32(1)
    for n in range(len(_TABLES), n_max + 1):
        seen = np.zeros(1 << n, dtype=np.uint32)  # bit v set: some option has value v
        for i in range(n):
            view = seen.reshape(1 << (n - i - 1), 2, 1 << i)  # (suffix, letter i, prefix)
            view[:, 1, :] |= (one << _TABLES[i].astype(np.uint32))[None, :]
            view[:, 0, :] |= (one << _TABLES[n - i - 1].astype(np.uint32))[:, None]
        table = np.empty(1 << n, dtype=np.uint8)
        for start in range(0, 1 << n, _CHUNK):
            block = seen[start:start + _CHUNK]
            below = ~block & (block + one)  # the mex as a power of two
            table[start:start + _CHUNK] = np.bitwise_count(below - one)
        del seen
        table.setflags(write=False)
        _TABLES.append(table)
    return _TABLES[: n_max + 1]


def nim_value_table(n: int) -> np.ndarray:
    """Nim-values of the words of length ``n``, indexed by code (bit i set: letter i is R).

    Examples
    --------
    >>> int(nim_value_table(4)[0b1100])  # LLRR, a Dyck word
    0

    References
    ----------
    Nowakowski et al., *The Game of timber!*, §2, Problem 4.1.
    """
    return nim_value_tables(n)[n]
