"""Toppling Peaks by exhaustive play: Theorems 2.3, 2.4 and 2.5 of *The Game of timber!*.

The direct side of the Toppling Peaks claims. It uses :mod:`cgsat.cgt.peaks` (numpy tables
of the P-positions of every word of length n) and, for replaying counterexamples,
:mod:`cgsat.cgt.impartial` on the ``timber-path`` ruleset (a third, generic solver). It
imports no encoding and no SAT code.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §2, Theorems 2.3, 2.4 and 2.5.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import product

import numpy as np

from cgsat.cgt import peaks
from cgsat.cgt.impartial import ImpartialSolver
from cgsat.claims import Budget, Verdict
from cgsat.games import get_ruleset
from cgsat.games import timber_path as peaks_game
from cgsat.papers.timber.path.words import (
    compare_counts,
    formula_swp,
    formula_wp,
    formula_x,
    in_x,
    is_dyck,
)

__all__ = [
    "COUNT_REPLAY_MAX",
    "is_p_position",
    "characterization",
    "counts",
    "misclassified",
    "confirm_characterization",
    "confirm_counts",
]

COUNT_REPLAY_MAX = 16
"""Beyond this length a count refutation is not replayed (2^n words by generic play)."""

_COUNT_CEX = re.compile(r"^(WP|X|SWP)\((\d+)\) = (\d+)")


def _direct_solver() -> ImpartialSolver:
    """A fresh generic solver for Toppling Peaks (``timber-path``)."""
    return ImpartialSolver(get_ruleset("timber-path"))


def is_p_position(word: str, misere: bool) -> bool:
    """Whether ``word`` is a P-position of Toppling Peaks, by plain play on its subwords.

    The direct solver's answer for the sample controls of the SAT and SMT methods (passed
    to them by ``functools.partial`` in the claims). Every follower of a word is a subword
    ``w[i:j]``: toppling an R at k leaves ``w[i:k]``, an L at k leaves ``w[k+1:j]``
    (:mod:`cgsat.games.timber_path`). The subwords are solved by increasing end j and, for
    each j, decreasing start i, so each needed option is solved before it is asked for;
    ``rows[i]`` has bit k set when ``w[i:k]`` is P and ``col`` bit i when ``w[i:j]`` is,
    so "some option is P" is two masked ANDs. A subword is P when it has no option that
    is P, and under misère play also has an option (the empty word is N). O(n^2) big-int
    operations: n = 120 takes milliseconds. It shares no code with the encodings; the
    tests compare it with :class:`cgsat.cgt.impartial.ImpartialSolver` and the numpy
    tables of :mod:`cgsat.cgt.peaks`.

    Parameters
    ----------
    word : str
        A word over {L, R} (``""`` is the empty word).
    misere : bool
        Misère play (Theorem 2.2) instead of normal play.

    Returns
    -------
    bool

    Examples
    --------
    >>> is_p_position("LLRR", False), is_p_position("LLRR", True), is_p_position("", True)
    (True, True, False)
    >>> is_p_position("LRLR", True), is_p_position("RLRRL", False)
    (False, False)

    References
    ----------
    *The Game of timber!*, Theorems 2.1 and 2.2 (Partition Theorems), 2.3 and 2.4.
    """
    n = len(word)
    r_mask = sum(1 << k for k, c in enumerate(word) if c == "R")
    l_mask = ((1 << n) - 1) ^ r_mask
    rows = [0] * (n + 1)
    for j in range(n + 1):
        col = 0
        for i in range(j, -1, -1):
            span = ((1 << j) - 1) ^ ((1 << i) - 1)  # the letters k with i <= k < j
            to_p = (rows[i] & r_mask & span) or ((col >> 1) & l_mask & span)
            if not to_p and (j > i or not misere):
                rows[i] |= 1 << j
                col |= 1 << i
    return bool(rows[0] >> n & 1)


def characterization(
    n: int, budget: Budget, member_words: Callable[[int], list[str]], misere: bool
) -> Verdict:
    """Compare the P-positions of length n (numpy exhaustive play) with a claimed set.

    Parameters
    ----------
    n : int
        The word length.
    budget : Budget
        Unused (no solver).
    member_words : callable
        ``member_words(n)``: every word of length n of the claimed set, listed directly.
    misere : bool
        Misère play (Theorem 2.4) instead of normal play (Theorem 2.3).

    Returns
    -------
    Verdict
        ``holds``, or ``refuted`` with the first word (by code) on which play and the
        claimed set differ.

    Examples
    --------
    >>> from cgsat.papers.timber.path.words import dyck_words, x_words
    >>> characterization(8, Budget(), dyck_words, False).detail
    '14 P-positions of length 8'
    >>> characterization(4, Budget(), dyck_words, True).status
    'refuted'

    References
    ----------
    *The Game of timber!*, Theorems 2.3 (normal play, WP) and 2.4 (misère play, X).
    """
    table = peaks.p_position_table(n, misere=misere)
    played = set(np.flatnonzero(table).tolist())
    claimed = {peaks.code_of(w) for w in member_words(n)}
    if played == claimed:
        return Verdict.holds(detail=f"{len(played)} P-positions of length {n}")
    bad = min(played ^ claimed)
    word = peaks.word_of(bad, n)
    side = "a P-position outside the claimed set" if bad in played else \
        "in the claimed set but an N-position"
    return Verdict.refuted(word or "()", detail=f"{word or '()'} is {side}")


def counts(n: int, budget: Budget) -> Verdict:
    """The numbers of normal and misère P-positions of length n against Theorem 2.5.

    SWP∖{ε} = WP ∩ X (the definition of X in Theorem 2.4), so SWP(n) is the number of
    words that are P-positions in both plays (n >= 1); SWP(0) = 1.

    Parameters
    ----------
    n : int
        The word length.
    budget : Budget
        Unused (no solver).

    Returns
    -------
    Verdict

    Examples
    --------
    >>> counts(6, Budget()).detail
    'WP(6) = 5, X(6) = 3, SWP(6) = 2'

    References
    ----------
    *The Game of timber!*, Theorem 2.5.
    """
    normal = peaks.p_position_table(n)
    misere = peaks.p_position_table(n, misere=True)
    found = {"WP": int(np.count_nonzero(normal)), "X": int(np.count_nonzero(misere))}
    found["SWP"] = int(np.count_nonzero(normal & misere)) if n else 1
    return compare_counts(n, found)


def misclassified(word: str, member: Callable[[str], bool], misere: bool) -> str | None:
    """The first of ``word`` and its options on which ``member`` disagrees with play.

    Play is :class:`cgsat.cgt.impartial.ImpartialSolver` on ``timber-path``. An inductive
    check refutes C at w when the partition condition fails there; then C is wrong at w
    itself, or (when a smaller size already failed) at one of w's options.

    Parameters
    ----------
    word : str
        A word over {L, R}.
    member : callable
        The claimed set C in plain Python.
    misere : bool
        Misère play.

    Returns
    -------
    str or None

    Examples
    --------
    >>> misclassified("LRLR", is_dyck, False) is None
    True
    >>> misclassified("LRLR", lambda w: is_dyck(w) and w != "LRLR", False)
    'LRLR'

    References
    ----------
    *The Game of timber!*, Theorems 2.1-2.4 (Partition Theorems; Theorems 2.3 and 2.4).
    """
    solver = _direct_solver()
    for w in [word] + [o for _, o in peaks_game.options(word)]:
        if (solver.outcome(w, misere=misere) == "P") != member(w):
            return w
    return None


def confirm_characterization(
    n: int, counterexample: str, member: Callable[[str], bool], misere: bool
) -> bool:
    """Replay a refutation of "the P-positions of length n are exactly C" by generic play.

    Parameters
    ----------
    n : int
        The size at which the refutation was found.
    counterexample : str
        A word (``"()"`` for the empty word).
    member : callable
        C in plain Python.
    misere : bool
        Misère play.

    Returns
    -------
    bool
        Whether play disagrees with C on the word or one of its options.

    Examples
    --------
    >>> confirm_characterization(4, "LRRL", is_dyck, False)
    False
    >>> confirm_characterization(2, "LR", lambda w: w == "", False)
    True

    References
    ----------
    *The Game of timber!*, Theorems 2.3 and 2.4.
    """
    word = "" if counterexample == "()" else counterexample
    return len(word) <= n and misclassified(word, member, misere) is not None


def _confirm_count(n: int, counterexample: str) -> bool:
    """Replay a count refutation ``"X(7) = 36, formula 34"`` by generic play (n <= 16)."""
    m = _COUNT_CEX.match(counterexample)
    if not m or int(m.group(2)) != n or n > COUNT_REPLAY_MAX:
        return False
    which, claimed = m.group(1), int(m.group(3))
    solver = _direct_solver()
    words = ["".join(t) for t in product("LR", repeat=n)]
    normal = {w for w in words if solver.outcome(w) == "P"}
    misere = {w for w in words if solver.outcome(w, misere=True) == "P"}
    count = {"WP": len(normal), "X": len(misere),
             "SWP": len(normal & misere) if n else 1}[which]
    formula = {"WP": formula_wp, "X": formula_x, "SWP": formula_swp}[which](n)
    return count == claimed and count != formula


def confirm_counts(n: int, counterexample: str) -> bool:
    """Replay a refutation of Theorem 2.5: a wrong count, or a word that breaks WP or X.

    Counting by the generic solver needs every word of length n, so a count refutation is
    replayed only up to n = 16; beyond, it cannot be confirmed (the runner then reports it
    loudly instead of counting it). A word (from the SAT method's characterization step)
    is replayed as for Theorems 2.3 and 2.4.

    Parameters
    ----------
    n : int
        The size.
    counterexample : str
        ``"X(7) = 36, formula 34"`` or a word.

    Returns
    -------
    bool

    Examples
    --------
    >>> confirm_counts(4, "X(4) = 2, formula 1"), confirm_counts(4, "X(4) = 1, formula 2")
    (False, False)

    References
    ----------
    *The Game of timber!*, Theorem 2.5 (and Theorems 2.3, 2.4).
    """
    if _COUNT_CEX.match(counterexample):
        return _confirm_count(n, counterexample)
    word = "" if counterexample == "()" else counterexample
    return len(word) <= n and (
        misclassified(word, is_dyck, False) is not None
        or misclassified(word, in_x, True) is not None
    )
