"""Toppling Peaks (``timber-path``) by intervals: nim-values, misère outcomes and winning
moves of words up to the ruleset's limit (3,000 letters) in O(n²) time and O(n) memory.

The followers of a word ``w`` are its contiguous subwords (toppling an R at index k leaves
``w[:k]``, an L at index k leaves ``w[k+1:]``; Nowakowski et al., *The Game of timber!*,
§2), so the game is solved on the intervals ``[i, j)`` of ``w``. The options of ``[i, j)``
are ``[i, k)`` for each R at k and ``[k+1, j)`` for each L at k, for ``i <= k < j``. Let

- ``A[i][j]`` be the set of nim-values of its options ``[i, k)`` (the R moves), and
- ``B[i][j]`` the set of nim-values of its options ``[k+1, j)`` (the L moves).

Then ``A[i][j] = A[i][j-1] ∪ {g[i][j-1] if w[j-1] = R}``, ``B[i][j] = B[i+1][j] ∪
{g[i+1][j] if w[i] = L}`` and ``g[i][j] = mex(A[i][j] ∪ B[i][j])`` (the mex rule, Albert,
Nowakowski, Wolfe, *Lessons in Play*, Theorem 7.10). Each interval of length d needs only
intervals of length d - 1, so the table is filled one diagonal (length) at a time with
numpy, keeping one diagonal: O(n²) work, O(n²/64) words of memory at most (about 2 MB at
3,000 letters). The sets are bitmasks of 64-bit words, as many per mask as the word's
length needs (a value is at most the length of its interval, since an interval of length
d has d options; ``L`` * 100 has nim-value 100, and random words have values near n/2);
on diagonal d only the first ``d // 64 + 1`` words are used. Misère play is the same
recursion on booleans (a word is a misère P-position when it is not empty and no option
is one; the empty word is an N-position: the player to move cannot move, and so wins).

This module is independent of the direct solver (:mod:`cgsat.cgt.impartial`), which
plays words out one position at a time; the two agree on every word of up to 12 letters
and on random words of up to 60 (tests/cgt/test_peaks_intervals.py). Nothing that decides
a stored verdict imports it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["PeaksAnswer", "solve_word"]

_ALL = np.uint64(0xFFFF_FFFF_FFFF_FFFF)
_ONE = np.uint64(1)

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]
BOOL = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class PeaksAnswer:
    """The answer for one word.

    Attributes
    ----------
    nim : int or None
        The nim-value (normal play), None under misère play.
    p_position : bool
        Whether the word is a P-position (under the play asked for).
    winning : tuple of (str, str)
        Every winning move ``(move text, option word)`` in the order of the word's
        options (``3R`` topples index 3 eastward), as
        :meth:`cgsat.cgt.impartial.ImpartialSolver.winning_moves` lists them.
    """

    nim: int | None
    p_position: bool
    winning: tuple[tuple[str, str], ...]


def _lowest_zero_bit(x: U64) -> I64:
    """The index of the lowest 0 bit of each entry (64 where every bit is 1)."""
    isolated = ~x & (x + _ONE)  # 0 where x is all ones (x + 1 wraps to 0)
    out = np.full(x.shape, 64, dtype=np.int64)
    nz = isolated != 0
    out[nz] = np.log2(isolated[nz].astype(np.float64)).astype(np.int64)  # exact: powers of 2
    return out


def _nim_diagonals(word: str, words: int) -> tuple[I64, I64] | None:
    """The nim-values of every prefix and every suffix of ``word`` (``prefix[d]`` of
    ``word[:d]``, ``suffix[d]`` of ``word[n-d:]``), with masks of up to ``words`` 64-bit
    words; None if some value does not fit (64 * words or more).

    A value on diagonal d is at most d (an interval of length d has d options), so only
    the first ``d // 64 + 1`` words of each mask are touched there."""
    n = len(word)
    is_r = np.frombuffer(word.encode("ascii"), dtype=np.uint8) == ord("R")
    is_l = ~is_r
    g = np.zeros(n + 1, dtype=np.int64)  # diagonal d: g[i] = g[i][i+d], i = 0..n-d
    a = np.zeros((n + 1, words), dtype=np.uint64)
    b = np.zeros((n + 1, words), dtype=np.uint64)
    prefix = np.zeros(n + 1, dtype=np.int64)
    suffix = np.zeros(n + 1, dtype=np.int64)
    for d in range(1, n + 1):
        m = n - d + 1  # intervals of length d: i = 0 .. n-d
        w = min(words, (d >> 6) + 1)
        # A[i][i+d] = A[i][i+d-1] | bit g[i][i+d-1] if w[i+d-1] == R  (in place)
        rows = np.nonzero(is_r[d - 1: d - 1 + m])[0]
        _set_bits(a, rows, g[rows])
        # B[i][i+d] = B[i+1][i+d] | bit g[i+1][i+d] if w[i] == L
        b[:m, :w] = b[1: m + 1, :w]
        rows = np.nonzero(is_l[:m])[0]
        _set_bits(b, rows, g[rows + 1])
        union = a[:m, :w] | b[:m, :w]
        full = union == _ALL
        if full.all(axis=1).any():  # a mex of 64 * words or more: too narrow
            return None
        first = np.argmin(full, axis=1)  # the first word with a 0 bit
        low = _lowest_zero_bit(union[np.arange(m), first])
        g[:m] = first.astype(np.int64) * 64 + low
        prefix[d] = g[0]
        suffix[d] = g[m - 1]
    return prefix, suffix


def _set_bits(masks: U64, rows: I64, values: I64) -> None:
    """``masks[r] |= 1 << values[r]`` for each row r of ``rows`` (distinct rows; a value
    past the width is left out: the caller's check of full masks ends that pass)."""
    if rows.size == 0:
        return
    keep = values < masks.shape[1] * 64
    rows, values = rows[keep], values[keep]
    masks[rows, values >> 6] |= np.left_shift(_ONE, (values & 63).astype(np.uint64))


def _misere_diagonals(word: str) -> tuple[BOOL, BOOL]:
    """Whether each prefix and each suffix of ``word`` is a misère P-position (as
    :func:`_nim_diagonals`, on booleans)."""
    n = len(word)
    is_r = np.frombuffer(word.encode("ascii"), dtype=np.uint8) == ord("R")
    is_l = ~is_r
    p = np.zeros(n + 1, dtype=np.bool_)  # the empty word: an N-position in misère play
    a = np.zeros(n + 1, dtype=np.bool_)
    b = np.zeros(n + 1, dtype=np.bool_)
    prefix = np.zeros(n + 1, dtype=np.bool_)
    suffix = np.zeros(n + 1, dtype=np.bool_)
    for d in range(1, n + 1):
        m = n - d + 1
        new_a = a[:m] | (is_r[d - 1: d - 1 + m] & p[:m])
        new_b = b[1: m + 1] | (is_l[:m] & p[1: m + 1])
        p_new = ~(new_a | new_b)  # a word of length d >= 1 always has a move
        p[:m] = p_new
        a[:m] = new_a
        b[:m] = new_b
        prefix[d] = p_new[0]
        suffix[d] = p_new[m - 1]
    return prefix, suffix


def solve_word(word: str, misere: bool = False) -> PeaksAnswer:
    """Solve a Toppling Peaks word (over L and R, already parsed) by intervals.

    Parameters
    ----------
    word : str
        A word over ``L`` and ``R`` (the empty word is ``""``).
    misere : bool, default False
        Misère play: the answer has no nim-value.

    Returns
    -------
    PeaksAnswer

    Examples
    --------
    >>> solve_word("LL")
    PeaksAnswer(nim=2, p_position=False, winning=(('1L', ''),))
    >>> solve_word("LLRR").p_position
    True
    >>> solve_word("LR", misere=True).p_position
    False
    >>> solve_word("L" * 100).nim
    100
    """
    n = len(word)
    if n == 0:
        return PeaksAnswer(None if misere else 0, not misere, ())
    if misere:
        mp_pre, mp_suf = _misere_diagonals(word)
        whole_p = bool(mp_pre[n])
        good_pre, good_suf = mp_pre, mp_suf
    else:
        # masks as wide as the word needs: a value is at most the length of its interval
        found = _nim_diagonals(word, (n >> 6) + 1)
        if found is None:  # cannot happen: no value exceeds the number of options
            raise AssertionError("a nim-value above the length of the word")
        pre, suf = found
        nim = int(pre[n])
        whole_p = nim == 0
        good_pre, good_suf = pre == 0, suf == 0
    winning: list[tuple[str, str]] = []
    if not whole_p:
        for k, c in enumerate(word):
            if c == "R" and good_pre[k]:
                winning.append((f"{k}R", word[:k]))
            elif c == "L" and good_suf[n - k - 1]:
                winning.append((f"{k}L", word[k + 1:]))
    return PeaksAnswer(None if misere else nim, whole_p, tuple(winning))
