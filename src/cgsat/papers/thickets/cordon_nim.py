"""Nim-values of every green cordon of a height (the data of the probe ``green-cordon-nim``,
Problem 5.1), and the minimal automata the data suggests.

A cordon of height n >= 1 is its *leaf mask*: bit a - 1 set when v_a carries a leaf arc
(0 < a < n). :func:`nim_values` computes the nim-values of all 2^(n-1) cordons of height n by
dynamic programming over the heights, with the moves written out here from the rules
(*Thinning Thickets*, Definition 1.2 and §3; the top arc and every leaf arc may be deleted,
an interior stalk arc v_i v_{i-1} exactly when v_i carries a leaf; a leaf on the new top
vertex continues the stalk). It shares no code with :mod:`cgsat.games.green_cordon` and
:mod:`cgsat.cgt.impartial`, which the tests compare it with.

:func:`learn_dfa` learns, for one nim-value k, the smallest automaton on the leaf word
x_1 .. x_{n-1} consistent with the complete data to height N (Myhill-Nerode: two prefixes
are equivalent when every suffix up to the data's reach gives the same answer), and
reports whether it is consistent with every cordon of the data.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Definition 1.2, §3 and Problem 5.1.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["nim_values", "attachments", "Learned", "learn_dfa", "same_language", "DIGITS", "size"]

_TABLES: list[list[int]] = [[0]]  # _TABLES[n][mask]: nim-value; height 0 is the empty cordon


def _cut(mask: int, i: int) -> tuple[int, int]:
    """(height, mask) after deleting the stalk arc v_i v_{i-1} (or the top arc, i = n)."""
    if i >= 2 and (mask >> (i - 2)) & 1:
        return i, mask & ((1 << (i - 2)) - 1)  # the leaf on v_{i-1} becomes the top arc
    return i - 1, mask & ((1 << max(i - 2, 0)) - 1)


def _height(n: int) -> list[int]:
    """The nim-values of the cordons of height n, by mask (heights below must be known).

    The option values seen are a bit set; the mex is its lowest clear bit. Every option is
    a cordon of smaller height, or of height n with a smaller mask (a leaf deleted, or the
    top arc deleted with a leaf on v_{n-1}).
    """
    out: list[int] = []
    for mask in range(1 << (n - 1)):
        h, m = _cut(mask, n)
        seen = 1 << (_TABLES[h][m] if h < n else out[m])
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            h, m = _cut(mask, bit.bit_length())
            seen |= (1 << out[mask ^ bit]) | (1 << (_TABLES[h][m] if h < n else out[m]))
        out.append((~seen & (seen + 1)).bit_length() - 1)
    return out


def nim_values(n: int) -> list[int]:
    """The nim-values of every cordon of height n, indexed by leaf mask (cached).

    Examples
    --------
    >>> nim_values(3)  # 3:, 3:1, 3:2, 3:1,2
    [1, 2, 0, 1]

    References
    ----------
    *Thinning Thickets*, §2.1 and §3 (green cordons).
    """
    while len(_TABLES) <= n:
        _TABLES.append(_height(len(_TABLES)))
    return _TABLES[n]


def attachments(n: int, mask: int) -> list[int]:
    """The attachments of the cordon of height n with this leaf mask.

    Examples
    --------
    >>> attachments(7, 0b11010)
    [2, 4, 5]

    References
    ----------
    *Thinning Thickets*, Definition 1.2.
    """
    return [a for a in range(1, n) if (mask >> (a - 1)) & 1]


@dataclass(frozen=True)
class Learned:
    """A learned automaton: ``delta[q] = (on 0, on 1)``, start 0, ``accepting``; the
    representative (shortest) prefix of each state; ``consistent``: it gives every
    cordon of the data its answer; ``stable``: the number of states did not grow over the
    last prefix length tried."""

    value: int
    delta: tuple[tuple[int, int], ...]
    accepting: frozenset[int]
    prefixes: tuple[str, ...]
    consistent: bool
    stable: bool


def _word(n: int, mask: int) -> str:
    """The leaf word x_1 .. x_{n-1} as a string of 0 and 1."""
    return "".join("1" if (mask >> i) & 1 else "0" for i in range(n - 1))


def learn_dfa(value: int, up_to: int,
              tables: dict[int, list[int]] | None = None) -> Learned | None:
    """The smallest automaton on leaf words whose accepted words of length <= up_to - 1 are
    exactly the cordons of height 1..up_to with nim-value ``value``, from Nerode classes.

    Prefixes of length up to L + 1 (L = min(7, (up_to - 3) // 2)) are the candidate states,
    each told apart by all suffixes of length up to up_to - 2 - L. The transitions come
    from the prefixes of length up to L; the result is then checked on every cordon of the
    data. ``stable``: prefixes up to L give as many states as up to L + 1. None when the
data is too short (up_to < 5) or the classes of the prefixes of length L + 1 are not
closed (more data is needed).

    Examples
    --------
    >>> d = learn_dfa(0, 12)
    >>> d is not None
    True
    >>> len(d.delta), d.consistent, d.stable
    (3, True, True)

    References
    ----------
    *Thinning Thickets*, Theorems 3.2, 3.3 (the automata for 0 and 1) and Problem 5.1.
    """
    tables = tables or {n: nim_values(n) for n in range(1, up_to + 1)}
    length = min(7, (up_to - 3) // 2)
    if length < 1:
        return None
    reach = up_to - 2 - length
    suffixes = [(m, i) for m in range(reach + 1) for i in range(1 << m)]
    prefixes = [(m, i) for m in range(length + 2) for i in range(1 << m)]
    classes: dict[tuple, int] = {}
    state: dict[tuple[int, int], int] = {}
    for lp, pm in prefixes:
        sig = tuple(tables[lp + ls + 1][pm | (sm << lp)] == value for ls, sm in suffixes)
        state[(lp, pm)] = classes.setdefault(sig, len(classes))
    delta: dict[int, tuple[int, int]] = {}
    ok = True
    for lp, pm in prefixes:
        if lp <= length:
            row = (state[(lp + 1, pm)], state[(lp + 1, pm | (1 << lp))])
            ok = ok and delta.setdefault(state[(lp, pm)], row) == row
    short = {state[p] for p in prefixes if p[0] <= length}
    if not ok or len(delta) < len(classes):
        return None
    reps: dict[int, str] = {}
    for lp, pm in prefixes:
        reps.setdefault(state[(lp, pm)], _word(lp + 1, pm))
    d = tuple(delta[q] for q in range(len(classes)))
    acc = frozenset(q for (lp, pm), q in state.items() if tables[lp + 1][pm] == value)
    consistent = True
    for n in range(1, up_to + 1):
        for mask, v in enumerate(tables[n]):
            q = 0
            for a in range(n - 1):
                q = d[q][(mask >> a) & 1]
            if (q in acc) != (v == value):
                consistent = False
                break
    return Learned(value, d, acc, tuple(reps[q] for q in range(len(classes))), consistent,
                   len(short) == len(classes))


def same_language(d1: tuple[tuple[int, int], ...], acc1: frozenset[int],
                  d2: tuple[tuple[int, int], ...], acc2: frozenset[int]) -> bool:
    """Whether two automata (start 0) accept the same leaf words (product search).

    Examples
    --------
    >>> same_language(((0, 0),), frozenset({0}), ((1, 1), (0, 0)), frozenset({0, 1}))
    True

    References
    ----------
    *Thinning Thickets*, Problem 5.1.
    """
    seen = {(0, 0)}
    todo = [(0, 0)]
    while todo:
        p, q = todo.pop()
        if (p in acc1) != (q in acc2):
            return False
        for c in (0, 1):
            nxt = (d1[p][c], d2[q][c])
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return True


DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
"""Nim-values are stored one character each (base 36; a cordon of height n has nim-value
at most n, and the probe stops at height 22)."""


def size(n: int) -> list[dict]:
    """The stored row of height n: ``{"height": n, "nims": s}`` where ``s[mask]`` is the
    nim-value (a base-36 digit) of the cordon with that leaf mask.

    Examples
    --------
    >>> size(3)
    [{'height': 3, 'nims': '1201'}]

    References
    ----------
    *Thinning Thickets*, §3 and Problem 5.1.
    """
    return [{"height": n, "nims": "".join(DIGITS[v] for v in nim_values(n))}]
