"""Theorem 2.5 of *The Game of timber!* as printed: its closed sums, and the E_n identity.

``timber.thm2.5`` checks the counts the proof derives (Catalan and Fine numbers). This
module checks two more things the paper prints (issue 37, §4):

- the **closed sums as printed**: WP(2n) = (2n)!/(n!(n+1)!), WP(2n+1) = 0;
  SWP(2n) = ½ Σ_{i=0}^{n−2} (−1)^i c_{n−i} (½)^i, SWP(2n+1) = 0; X(0) = 0,
  X(2n) = F_{n−1} + F_n (n > 0) and X(2n+1) = 2 SWP(2n) = Σ_{i=0}^{n−2} (−1)^i c_{n−i} (½)^i,
  where SWP(n) counts the misère P-positions of length n that are Dyck paths (so SWP(0) =
  0: the empty word is a misère N-position) and X(n) all misère P-positions of length n.
  The printed odd sum is empty at n = 0, so it says X(1) = 0; but L and R are both misère
  P-positions (the only move leaves the empty word, and under misère play the player left
  without a move wins), so X(1) = 2 = 2·F_0. The proof's X(2n+1) = 2·F_n is right; the
  closed sum drops F_0 = 1.
- the **identity in the proof**: E_n, the Dyck paths of length 2n with no peak at height 2
  before the first return to height 0, number F_{n−1} + F_n (n ≥ 1).

Two methods each, sharing no code that decides the answer: exhaustive play on every word
(:mod:`cgsat.cgt.peaks` tables) against counting the characterized sets by dynamic
programming (:mod:`~cgsat.papers.timber.path.words`, sets proved by Theorems 2.3/2.4);
for E_n, enumeration of Dyck words against a dynamic program over heights. A count
refutation is replayed by the generic solver (:mod:`cgsat.cgt.impartial`) on every word.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), Theorem 2.5 and its proof.
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product

import numpy as np

from cgsat.cgt import peaks
from cgsat.cgt.impartial import ImpartialSolver
from cgsat.claims import Budget, Verdict
from cgsat.games import get_ruleset
from cgsat.papers.timber.path.words import catalan, count_dyck, count_swp, count_x, fine

__all__ = [
    "printed_wp",
    "printed_swp",
    "printed_x",
    "counts_by_play",
    "counts_by_dp",
    "confirm_printed",
    "en_by_enumeration",
    "en_by_dp",
    "confirm_en",
    "REPLAY_MAX",
]

REPLAY_MAX = 16
"""Beyond this length a printed-count refutation is not replayed (2^n words by play)."""

_CEX = re.compile(r"^(WP|X|SWP)\((\d+)\) = (\d+), printed (-?[\d/]+)$")


def _printed_sum(m: int) -> Fraction:
    """Σ_{i=0}^{m−2} (−1)^i c_{m−i} (½)^i, exactly (an empty sum is 0)."""
    return sum((Fraction((-1) ** i * catalan(m - i), 2 ** i) for i in range(m - 1)),
               Fraction(0))


def printed_wp(n: int) -> Fraction:
    """WP(n) as printed: (2m)!/(m!(m+1)!) for n = 2m, else 0.

    Examples
    --------
    >>> [int(printed_wp(n)) for n in range(7)]
    [1, 0, 1, 0, 2, 0, 5]

    References
    ----------
    *The Game of timber!*, Theorem 2.5 and its proof.
    """
    return Fraction(catalan(n // 2)) if n % 2 == 0 else Fraction(0)


def printed_swp(n: int) -> Fraction:
    """SWP(n) as printed: ½ Σ_{i=0}^{m−2} (−1)^i c_{m−i} (½)^i for n = 2m, else 0.

    Examples
    --------
    >>> [str(printed_swp(n)) for n in (0, 2, 4, 6, 8, 10)]
    ['0', '0', '1', '2', '6', '18']

    References
    ----------
    *The Game of timber!*, Theorem 2.5 and its proof.
    """
    return _printed_sum(n // 2) / 2 if n % 2 == 0 else Fraction(0)


def printed_x(n: int) -> Fraction:
    """X(n) as printed: X(0) = 0, X(2m) = F_{m−1} + F_m, X(2m+1) = the closed sum.

    Examples
    --------
    >>> [str(printed_x(n)) for n in range(8)]
    ['0', '0', '1', '0', '1', '2', '3', '4']

    References
    ----------
    *The Game of timber!*, Theorem 2.5 and its proof.
    """
    m = n // 2
    if n == 0:
        return Fraction(0)
    if n % 2 == 0:
        return Fraction(fine(m - 1) + fine(m))
    return _printed_sum(m)


def _compare(n: int, found: dict[str, int]) -> Verdict:
    """Compare counts with the printed sums: the first that differs refutes."""
    printed = {"WP": printed_wp(n), "X": printed_x(n), "SWP": printed_swp(n)}
    for which in ("WP", "SWP", "X"):
        if found[which] != printed[which]:
            return Verdict.refuted(f"{which}({n}) = {found[which]}, printed {printed[which]}")
    return Verdict.holds(detail=", ".join(f"{k}({n}) = {found[k]}" for k in ("WP", "SWP", "X")))


def counts_by_play(n: int, budget: Budget) -> Verdict:
    """The P-positions of every word of length n, counted, against the printed sums.

    SWP(n) is the number of words that are misère P-positions and Dyck words (normal
    P-positions, Theorem 2.3, checked by play here too).

    Examples
    --------
    >>> counts_by_play(4, Budget()).detail
    'WP(4) = 2, SWP(4) = 1, X(4) = 1'
    >>> counts_by_play(1, Budget()).counterexample
    'X(1) = 2, printed 0'

    References
    ----------
    *The Game of timber!*, Theorem 2.5 and its proof.
    """
    normal = peaks.p_position_table(n)
    misere = peaks.p_position_table(n, misere=True)
    return _compare(n, {"WP": int(np.count_nonzero(normal)),
                        "SWP": int(np.count_nonzero(normal & misere)),
                        "X": int(np.count_nonzero(misere))})


def counts_by_dp(n: int, budget: Budget) -> Verdict:
    """The characterized sets counted by dynamic programming, against the printed sums.

    WP is the Dyck words (Theorem 2.3), X the misère set of Theorem 2.4, and the misère
    P-positions that are Dyck words are SWP without the empty word.

    Examples
    --------
    >>> counts_by_dp(6, Budget()).detail
    'WP(6) = 5, SWP(6) = 2, X(6) = 3'
    >>> counts_by_dp(1, Budget()).counterexample
    'X(1) = 2, printed 0'

    References
    ----------
    *The Game of timber!*, Theorem 2.5 and its proof.
    """
    return _compare(n, {"WP": count_dyck(n), "SWP": count_swp(n) - (n == 0),
                        "X": count_x(n)})


def confirm_printed(n: int, counterexample: str) -> bool:
    """Replay ``"X(1) = 2, printed 0"``: count by the generic solver, recompute the sum.

    Examples
    --------
    >>> confirm_printed(1, "X(1) = 2, printed 0"), confirm_printed(1, "X(1) = 0, printed 0")
    (True, False)

    References
    ----------
    *The Game of timber!*, Theorem 2.5 and its proof.
    """
    match = _CEX.match(counterexample)
    if match is None or int(match[2]) != n or n > REPLAY_MAX:
        return False
    which, found = match[1], int(match[3])
    solver = ImpartialSolver(get_ruleset("timber-path"))
    normal = misere = both = 0
    for letters in product("LR", repeat=n):
        word = "".join(letters)
        p = solver.nim_value(word) == 0
        q = solver.outcome(word, misere=True) == "P"
        normal, misere, both = normal + p, misere + q, both + (p and q)
    count = {"WP": normal, "X": misere, "SWP": both}[which]
    printed = {"WP": printed_wp, "X": printed_x, "SWP": printed_swp}[which](n)
    return count == found and Fraction(match[4]) == printed and count != printed


# -- the E_n identity ----------------------------------------------------------------------

def _e_n_allowed(word: str) -> bool:
    """No peak at height 2 (an L to height 2 then an R) before the first return to 0."""
    height = 0
    for i, c in enumerate(word):
        height += 1 if c == "L" else -1
        if height == 0:
            return True
        if c == "L" and height == 2 and i + 1 < len(word) and word[i + 1] == "R":
            return False
    return True


def _dyck(m: int) -> list[str]:
    """Every Dyck word of length 2m (L up, R down), by recursion on the first return."""
    words: dict[int, list[str]] = {0: [""]}
    for k in range(1, m + 1):
        words[k] = ["L" + a + "R" + b for i in range(k) for a in words[i]
                    for b in words[k - 1 - i]]
    return words[m]


def _en_compare(m: int, count: int) -> Verdict:
    """Compare a count of E_m with F_(m-1) + F_m."""
    want = fine(m - 1) + fine(m)
    if count != want:
        return Verdict.refuted(f"E({m}) = {count}, F_{m - 1} + F_{m} = {want}")
    return Verdict.holds(detail=f"E({m}) = {count}")


def en_by_enumeration(m: int, budget: Budget) -> Verdict:
    """Every Dyck word of length 2m listed and filtered, against F_{m−1} + F_m.

    Examples
    --------
    >>> en_by_enumeration(3, Budget()).detail
    'E(3) = 3'

    References
    ----------
    *The Game of timber!*, Theorem 2.5 and its proof.
    """
    return _en_compare(m, sum(_e_n_allowed(w) for w in _dyck(m)))


def en_by_dp(m: int, budget: Budget) -> Verdict:
    """E_m by dynamic programming over (height, returned, last step up), against
    F_{m−1} + F_m.

    Examples
    --------
    >>> [en_by_dp(m, Budget()).detail for m in (1, 2, 4)]
    ['E(1) = 1', 'E(2) = 1', 'E(4) = 8']

    References
    ----------
    *The Game of timber!*, Theorem 2.5 and its proof.
    """
    # state: (height, returned to 0 yet, last step was an L reaching height 2)
    counts: dict[tuple[int, bool, bool], int] = {(0, False, False): 1}
    for _ in range(2 * m):
        nxt: dict[tuple[int, bool, bool], int] = {}
        for (h, back, at_peak), k in counts.items():
            for up in (True, False):
                g = h + (1 if up else -1)
                if g < 0 or g > 2 * m:
                    continue
                if not up and at_peak and not back:
                    continue  # a peak at height 2 before the first return
                state = (g, back or g == 0, up and g == 2 and not back)
                nxt[state] = nxt.get(state, 0) + k
        counts = nxt
    return _en_compare(m, sum(k for (h, _, _), k in counts.items() if h == 0))


def confirm_en(m: int, counterexample: str) -> bool:
    """Replay ``"E(m) = c, ..."`` by listing every word of length 2m over {L, R}.

    Examples
    --------
    >>> confirm_en(3, "E(3) = 3, F_2 + F_3 = 3")
    False

    References
    ----------
    *The Game of timber!*, Theorem 2.5 and its proof.
    """
    match = re.match(r"^E\((\d+)\) = (\d+)", counterexample)
    if match is None or int(match[1]) != m or m > REPLAY_MAX // 2:
        return False
    count = 0
    for letters in product((1, -1), repeat=2 * m):  # written apart from _e_n_allowed
        heights = np.cumsum(letters)
        if heights.min() < 0 or heights[-1] != 0:
            continue
        first_return = int(np.flatnonzero(heights == 0)[0])
        # a peak at height 2 ends at index j: heights[j] == 2, then a down-step
        peaks = [j for j in range(first_return) if heights[j] == 2 and letters[j] == 1
                 and letters[j + 1] == -1]
        count += not peaks
    return count == int(match[2]) and count != fine(m - 1) + fine(m)
