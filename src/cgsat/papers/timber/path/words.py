"""The sets of Toppling Peaks words named by *The Game of timber!* §2, in plain Python.

Toppling Peaks is Timber on a path (ruleset ``timber-path``): a word over {L, R}; L is an
up-step and R a down-step of the word's path.

- WP, the Dyck words (Theorem 2.3: the normal-play P-positions);
- SWP, the Dyck words without a peak at height 1 (Theorem 2.4);
- X = (SWP∖{ε}) ∪ R·SWP ∪ SWP·L ∪ R·SWP·L (Theorem 2.4: the misère P-positions);
- the closed formulas of Theorem 2.5 (Catalan and Fine numbers), and the numbers of words
  of length n in WP, SWP and X counted by dynamic programming over an automaton (no
  enumeration).

Both sides of the paper's checks use this module (the brute side lists the claimed words,
the SAT side counts them), and neither side's encoding or solver is in it.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §2, Theorems 2.3, 2.4 and 2.5.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cache
from math import comb
from typing import TYPE_CHECKING, cast

from cgsat.claims import Verdict

if TYPE_CHECKING:
    from typing import TypeAlias

    # The X automaton's state: (length, first letter, SWP state of w, of w minus its first
    # letter, both one letter ago, last letter); see _x_step.
    _XState: TypeAlias = tuple[int, str, Hashable, Hashable, Hashable, Hashable, str]

# -- the claimed sets ---------------------------------------------------------------------


__all__ = [
    "is_dyck",
    "is_swp",
    "in_x",
    "dyck_words",
    "x_words",
    "catalan",
    "fine",
    "formula_wp",
    "formula_swp",
    "formula_x",
    "compare_counts",
    "count_words",
    "count_swp",
    "count_x",
    "count_dyck",
]


def is_dyck(word: str) -> bool:
    """Whether ``word`` is in WP: balanced, and no prefix has more R than L.

    Parameters
    ----------
    word : str
        A word over {L, R}.

    Returns
    -------
    bool

    Examples
    --------
    >>> is_dyck("LLRR"), is_dyck("LRRL"), is_dyck("")
    (True, False, True)

    References
    ----------
    *The Game of timber!*, Theorem 2.3 (WP).
    """
    height = 0
    for c in word:
        height += 1 if c == "L" else -1
        if height < 0:
            return False
    return height == 0


def is_swp(word: str) -> bool:
    """Whether ``word`` is in SWP: a Dyck word that is not w1 L R w2 with w1, w2 in WP.

    Parameters
    ----------
    word : str
        A word over {L, R}.

    Returns
    -------
    bool

    Examples
    --------
    >>> is_swp("LLRR"), is_swp("LRLLRR"), is_swp("")
    (True, False, True)

    References
    ----------
    *The Game of timber!*, Theorem 2.4 (SWP).
    """
    if not is_dyck(word):
        return False
    for i in range(len(word) - 1):
        if word[i : i + 2] == "LR" and is_dyck(word[:i]) and is_dyck(word[i + 2 :]):
            return False
    return True


def in_x(word: str) -> bool:
    """Whether ``word`` is in X = (SWP∖{ε}) ∪ R·SWP ∪ SWP·L ∪ R·SWP·L.

    Parameters
    ----------
    word : str
        A word over {L, R}.

    Returns
    -------
    bool

    Examples
    --------
    >>> [w for w in ("", "R", "L", "RL", "LR", "LLRR") if in_x(w)]
    ['R', 'L', 'RL', 'LLRR']

    References
    ----------
    *The Game of timber!*, Theorem 2.4 (X).
    """
    if word and is_swp(word):
        return True
    if word.startswith("R") and is_swp(word[1:]):
        return True
    if word.endswith("L") and is_swp(word[:-1]):
        return True
    return len(word) >= 2 and word[0] == "R" and word[-1] == "L" and is_swp(word[1:-1])


def dyck_words(n: int) -> list[str]:
    """Every Dyck word of length ``n``, generated directly (no filtering of 2^n words).

    Parameters
    ----------
    n : int
        The length.

    Returns
    -------
    list of str
        Sorted.

    Examples
    --------
    >>> dyck_words(4), dyck_words(3)
    (['LLRR', 'LRLR'], [])

    References
    ----------
    *The Game of timber!*, Theorem 2.3 (WP).
    """
    if n % 2:
        return []
    out: list[str] = []
    stack: list[tuple[str, int]] = [("", 0)]
    while stack:
        word, height = stack.pop()
        left = n - len(word)
        if left == 0:
            out.append(word)
            continue
        if height + 1 <= left - 1:
            stack.append((word + "L", height + 1))
        if height > 0:
            stack.append((word + "R", height - 1))
    return sorted(out)


def x_words(n: int) -> list[str]:
    """Every word of X of length ``n``, listed from SWP words (SWP·, R·SWP, SWP·L, R·SWP·L).

    Parameters
    ----------
    n : int
        The length.

    Returns
    -------
    list of str
        Sorted; no filter over all 2^n words.

    Examples
    --------
    >>> x_words(1), x_words(2), x_words(3), x_words(4)
    (['L', 'R'], ['RL'], [], ['LLRR'])

    References
    ----------
    *The Game of timber!*, Theorem 2.4 (X).
    """
    out = set()
    for core_len, pre, suf in ((n, "", ""), (n - 1, "R", ""), (n - 1, "", "L"),
                               (n - 2, "R", "L")):
        if core_len < 0:
            continue
        for w in dyck_words(core_len):
            if is_swp(w):
                out.add(pre + w + suf)
    out.discard("")
    return sorted(out)


# -- closed formulas of Theorem 2.5 ---------------------------------------------------


@cache
def catalan(m: int) -> int:
    """The Catalan number C_m = (2m)! / (m! (m+1)!).

    Parameters
    ----------
    m : int
        The index (a Dyck word of length 2m).

    Returns
    -------
    int

    Examples
    --------
    >>> [catalan(m) for m in range(6)]
    [1, 1, 2, 5, 14, 42]

    References
    ----------
    *The Game of timber!*, Theorem 2.5 (1).
    """
    return comb(2 * m, m) // (m + 1)


@cache
def fine(m: int) -> int:
    """The Fine number F_m, indexed as the paper does: F_0..F_5 = 1, 0, 1, 2, 6, 18.

    This is OEIS A000957(m+1). Computed from C_m = 2·F_m + F_{m−1} (m ≥ 1), F_0 = 1.

    Parameters
    ----------
    m : int
        The index.

    Returns
    -------
    int

    Examples
    --------
    >>> [fine(m) for m in range(8)]
    [1, 0, 1, 2, 6, 18, 57, 186]

    References
    ----------
    *The Game of timber!*, Theorem 2.5 (2) and (3).
    """
    if m == 0:
        return 1
    rest = catalan(m) - fine(m - 1)
    assert rest % 2 == 0
    return rest // 2


def formula_wp(n: int) -> int:
    """WP(n): C_{n/2} for even n, else 0.

    Parameters
    ----------
    n : int
        The word length.

    Returns
    -------
    int

    Examples
    --------
    >>> [formula_wp(n) for n in range(7)]
    [1, 0, 1, 0, 2, 0, 5]

    References
    ----------
    *The Game of timber!*, Theorem 2.5 (1).
    """
    return catalan(n // 2) if n % 2 == 0 else 0


def formula_swp(n: int) -> int:
    """SWP(n): F_{n/2} for even n, else 0.

    Parameters
    ----------
    n : int
        The word length.

    Returns
    -------
    int

    Examples
    --------
    >>> [formula_swp(n) for n in (0, 2, 4, 6, 8, 9)]
    [1, 0, 1, 2, 6, 0]

    References
    ----------
    *The Game of timber!*, Theorem 2.5 (2).
    """
    return fine(n // 2) if n % 2 == 0 else 0


def formula_x(n: int) -> int:
    """X(n): X(0) = 0, X(2m) = F_{m−1} + F_m (m ≥ 1), X(2m+1) = 2·F_m.

    Parameters
    ----------
    n : int
        The word length.

    Returns
    -------
    int

    Examples
    --------
    >>> [formula_x(n) for n in range(9)]
    [0, 2, 1, 0, 1, 2, 3, 4, 8]

    References
    ----------
    *The Game of timber!*, Theorem 2.5 (3).
    """
    if n == 0:
        return 0
    m = n // 2
    return fine(m - 1) + fine(m) if n % 2 == 0 else 2 * fine(m)


def compare_counts(n: int, counts: dict[str, int], **common: object) -> Verdict:
    """Compare counts ``{"WP", "X", "SWP"}`` of words of length n with Theorem 2.5's formulas.

    Parameters
    ----------
    n : int
        The word length.
    counts : dict
        The numbers of words of length n in WP, X and SWP, however they were found.
    **common
        Passed to the verdict (instance size, solver, certificate).

    Returns
    -------
    Verdict
        ``holds`` with the counts as detail, or ``refuted`` with ``"X(7) = 36, formula 34"``.

    Examples
    --------
    >>> compare_counts(4, {"WP": 2, "X": 1, "SWP": 1}).detail
    'WP(4) = 2, X(4) = 1, SWP(4) = 1'
    >>> compare_counts(4, {"WP": 2, "X": 2, "SWP": 1}).counterexample
    'X(4) = 2, formula 1'

    References
    ----------
    *The Game of timber!*, Theorem 2.5.
    """
    formulas = {"WP": formula_wp(n), "X": formula_x(n), "SWP": formula_swp(n)}
    for which in ("WP", "X", "SWP"):
        if counts[which] != formulas[which]:
            return Verdict.refuted(
                f"{which}({n}) = {counts[which]}, formula {formulas[which]}", **common)
    detail = ", ".join(f"{k}({n}) = {v}" for k, v in counts.items())
    return Verdict.holds(detail=detail, **common)


# -- counting words by dynamic programming over an automaton --------------------------

_DEAD = None


def _swp_step(state: Hashable, letter: str) -> Hashable:
    """SWP automaton: state (height, just stepped up from 0) or dead."""
    if state is _DEAD:
        return _DEAD
    height, up_from_zero = cast("tuple[int, bool]", state)
    if letter == "L":
        return (height + 1, height == 0)
    if height == 0 or up_from_zero:  # below zero, or a peak at height 1
        return _DEAD
    return (height - 1, False)


def _swp_accepts(state: Hashable) -> bool:
    """Whether an SWP automaton state accepts (alive, at height 0)."""
    return state is not _DEAD and cast("tuple[int, bool]", state)[0] == 0


def _dyck_step(state: Hashable, letter: str) -> Hashable:
    """Dyck automaton: the height, or dead below 0."""
    if state is _DEAD:
        return _DEAD
    h = cast(int, state) + (1 if letter == "L" else -1)
    return _DEAD if h < 0 else h


def count_words(
    n: int, start: Hashable, step: Callable[[Hashable, str], Hashable],
    accept: Callable[[Hashable], bool],
) -> int:
    """How many words of length ``n`` a deterministic automaton accepts (DP over states).

    Parameters
    ----------
    n : int
        The word length.
    start : hashable
        The initial state.
    step : callable
        ``step(state, letter) -> state``.
    accept : callable
        ``accept(state) -> bool``.

    Returns
    -------
    int

    Examples
    --------
    >>> count_words(6, 0, _dyck_step, lambda s: s == 0)
    5

    References
    ----------
    *The Game of timber!*, Theorem 2.5 (the counts it states).
    """
    counts: dict[Hashable, int] = {start: 1}
    for _ in range(n):
        nxt: dict[Hashable, int] = {}
        for state, k in counts.items():
            for letter in "LR":
                s = step(state, letter)
                nxt[s] = nxt.get(s, 0) + k
        counts = nxt
    return sum(k for s, k in counts.items() if accept(s))


def count_swp(n: int) -> int:
    """Words of length ``n`` in SWP, by dynamic programming.

    Parameters
    ----------
    n : int
        The word length.

    Returns
    -------
    int

    Examples
    --------
    >>> [count_swp(n) for n in (0, 2, 4, 6, 8)]
    [1, 0, 1, 2, 6]

    References
    ----------
    *The Game of timber!*, Theorem 2.5 (2).
    """
    return count_words(n, (0, False), _swp_step, _swp_accepts)


def _x_step(state: Hashable, letter: str) -> Hashable:
    """Track SWP states of w and of w minus its first letter (if R), now and one letter ago."""
    length, first, full, tail, prev_full, prev_tail, last = cast("_XState", state)
    if length == 0:
        init = (0, False)
        return (1, letter, _swp_step(init, letter), init if letter == "R" else _DEAD,
                init, _DEAD, letter)
    new_tail = _swp_step(tail, letter) if first == "R" else _DEAD
    return (length + 1, first, _swp_step(full, letter), new_tail, full, tail, letter)


def _x_accepts(state: Hashable) -> bool:
    """Whether an X automaton state accepts (one of the four forms of X)."""
    length, first, full, tail, prev_full, prev_tail, last = cast("_XState", state)
    if length == 0:
        return False
    return (
        _swp_accepts(full)                                   # w in SWP, non-empty
        or (first == "R" and _swp_accepts(tail))             # R w'
        or (last == "L" and _swp_accepts(prev_full))         # w' L
        or (length >= 2 and first == "R" and last == "L" and _swp_accepts(prev_tail))
    )


def count_x(n: int) -> int:
    """Words of length ``n`` in X, by dynamic programming over an automaton.

    Parameters
    ----------
    n : int
        The word length.

    Returns
    -------
    int

    Examples
    --------
    >>> [count_x(n) for n in range(9)]
    [0, 2, 1, 0, 1, 2, 3, 4, 8]

    References
    ----------
    *The Game of timber!*, Theorems 2.4 (X) and 2.5 (3).
    """
    start = (0, None, (0, False), _DEAD, _DEAD, _DEAD, None)
    return count_words(n, start, _x_step, _x_accepts)


def count_dyck(n: int) -> int:
    """Dyck words of length ``n``, by dynamic programming over heights.

    Parameters
    ----------
    n : int
        The word length.

    Returns
    -------
    int

    Examples
    --------
    >>> [count_dyck(n) for n in range(7)]
    [1, 0, 1, 0, 2, 0, 5]

    References
    ----------
    *The Game of timber!*, Theorem 2.5 (1).
    """
    return count_words(n, 0, _dyck_step, lambda s: s == 0)
