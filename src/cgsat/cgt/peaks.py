"""Exhaustive tables for Toppling Peaks (Timber on a path), vectorised with numpy.

For every word over {L, R} of length at most ``n`` this computes, bottom-up by length,
whether it is a P-position under normal and under misère play, and (for small ``n``) its
nim-value. It is plain exhaustive play, sharing no code with the SAT encodings or with
:mod:`cgsat.cgt.impartial`: the options of ``w`` are ``w[:i]`` for each ``w[i] = R`` and
``w[i+1:]`` for each ``w[i] = L`` (:mod:`cgsat.games.timber_path`).

Word codes
----------
A word ``w`` of length ``n`` is the integer ``sum(2**i for i, c in enumerate(w) if c ==
"R")``: bit ``i`` (least significant first) is 1 when letter ``i`` is ``R``. The table for
length ``n`` is indexed by this code, ``0 .. 2**n - 1``. With this bit order the prefix
``w[:i]`` is ``code & (2**i - 1)`` and the suffix ``w[i+1:]`` is ``code >> (i + 1)``, so
the array for length ``n`` reshaped to ``(2**(n-i-1), 2, 2**i)`` is indexed by (suffix,
letter ``i``, prefix), and each letter position costs two broadcast ``|=`` operations and
no gathers.

Misère play uses the same recursion; only the empty word differs (P under normal play, N
under misère play, since the player to move cannot move).

References
----------
.. [1] Nowakowski et al., *The Game of timber!*, §2: the P-position counts 0,1,0,2,0,5,...
   (Theorem 2.5), Theorems 2.3 and 2.4.
"""

from __future__ import annotations

import numpy as np

from cgsat.errors import TooLargeError

__all__ = ["MAX_LENGTH", "MAX_NIM_LENGTH", "clear_cache", "code_of", "count_p_positions",
           "nim_value_table", "nim_value_tables", "p_position_table", "p_position_tables",
           "word_of"]

#: Largest word length tabulated (a bool table of length ``n`` takes ``2**n`` bytes).
MAX_LENGTH = 26
#: Largest word length for nim-value tables (uint64 option masks, ``8 * 2**n`` bytes).
MAX_NIM_LENGTH = 24

_P_TABLES: dict[bool, list[np.ndarray]] = {False: [], True: []}
_NIM_TABLES: list[np.ndarray] = []


def clear_cache() -> None:
    """Forget every computed table (for benchmarks that time a fresh computation).

    Examples
    --------
    >>> clear_cache(); count_p_positions(2)
    1
    """
    _P_TABLES[False].clear()
    _P_TABLES[True].clear()
    _NIM_TABLES.clear()


def code_of(word: str) -> int:
    """The integer code of a word: bit ``i`` is 1 when ``word[i]`` is ``R``.

    Examples
    --------
    >>> code_of("RLL"), code_of("LLR"), code_of("")
    (1, 4, 0)
    """
    code = 0
    for i, c in enumerate(word):
        if c == "R":
            code |= 1 << i
        elif c != "L":
            raise ValueError(f"not a Toppling Peaks letter: {c!r}")
    return code


def word_of(code: int, n: int) -> str:
    """The word of length ``n`` with the given code (inverse of :func:`code_of`).

    Examples
    --------
    >>> word_of(4, 3), word_of(code_of("LRRL"), 4)
    ('LLR', 'LRRL')
    """
    return "".join("R" if code >> i & 1 else "L" for i in range(n))


def _check(n: int, limit: int) -> None:
    if n < 0:
        raise ValueError(f"a word length is at least 0, got {n}")
    if n > limit:
        raise TooLargeError(
            f"timber-path: tables stop at length {limit} (memory); for longer words use the "
            "SAT route (cgsat find / cgsat check)"
        )


def p_position_tables(n_max: int, misere: bool = False) -> list[np.ndarray]:
    """P-position tables for every length ``0..n_max`` (cached, read-only arrays).

    Entry ``[n][code]`` is True when the word of length ``n`` with that code is a
    P-position.

    Examples
    --------
    >>> t = p_position_tables(4)
    >>> sorted(word_of(c, 4) for c in np.flatnonzero(t[4]))
    ['LLRR', 'LRLR']
    """
    _check(n_max, MAX_LENGTH)
    tables = _P_TABLES[misere]
    if not tables:
        empty = np.array([not misere])  # the empty word: P in normal, N in misère play
        empty.setflags(write=False)
        tables.append(empty)
    for n in range(len(tables), n_max + 1):
        some_p = np.zeros(1 << n, dtype=bool)  # "has an option that is P"
        for i in range(n):
            view = some_p.reshape(1 << (n - i - 1), 2, 1 << i)  # (suffix, letter i, prefix)
            view[:, 1, :] |= tables[i][None, :]  # R at i: option w[:i]
            view[:, 0, :] |= tables[n - i - 1][:, None]  # L at i: option w[i+1:]
        table = ~some_p
        table.setflags(write=False)
        tables.append(table)
    return tables[: n_max + 1]


def p_position_table(n: int, misere: bool = False) -> np.ndarray:
    """The P-position table of the words of length ``n``, indexed by code.

    Examples
    --------
    >>> [word_of(c, 2) for c in np.flatnonzero(p_position_table(2))]
    ['LR']
    >>> [word_of(c, 2) for c in np.flatnonzero(p_position_table(2, misere=True))]
    ['RL']
    """
    return p_position_tables(n, misere)[n]


def count_p_positions(n: int, misere: bool = False) -> int:
    """How many words of length ``n`` are P-positions.

    Examples
    --------
    >>> [count_p_positions(n) for n in range(1, 11)]
    [0, 1, 0, 2, 0, 5, 0, 14, 0, 42]

    References
    ----------
    .. [1] Nowakowski et al., *The Game of timber!*, §2 and Theorem 2.5.
    """
    return int(np.count_nonzero(p_position_table(n, misere)))


def nim_value_tables(n_max: int) -> list[np.ndarray]:
    """Normal-play nim-values of every word of length ``0..n_max`` (uint8, by code).

    Examples
    --------
    >>> [int(v) for v in nim_value_tables(2)[2]]  # LL, RL, LR, RR
    [2, 1, 0, 2]
    """
    _check(n_max, MAX_NIM_LENGTH)
    if not _NIM_TABLES:
        empty = np.zeros(1, dtype=np.uint8)
        empty.setflags(write=False)
        _NIM_TABLES.append(empty)
    one = np.uint64(1)
    for n in range(len(_NIM_TABLES), n_max + 1):
        seen = np.zeros(1 << n, dtype=np.uint64)  # bit v set: some option has value v
        for i in range(n):
            view = seen.reshape(1 << (n - i - 1), 2, 1 << i)
            view[:, 1, :] |= (one << _NIM_TABLES[i].astype(np.uint64))[None, :]
            view[:, 0, :] |= (one << _NIM_TABLES[n - i - 1].astype(np.uint64))[:, None]
        lowest_free = ~seen & (seen + one)  # the mex, as a power of two
        table = np.log2(lowest_free.astype(np.float64)).astype(np.uint8)
        table.setflags(write=False)
        _NIM_TABLES.append(table)
    return _NIM_TABLES[: n_max + 1]


def nim_value_table(n: int) -> np.ndarray:
    """Nim-values of the words of length ``n``, indexed by code.

    Examples
    --------
    >>> int(nim_value_table(4)[code_of("LLRR")])
    0
    """
    return nim_value_tables(n)[n]
