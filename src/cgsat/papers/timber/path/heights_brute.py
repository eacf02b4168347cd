"""The direct check of a Moore-machine rule for bounded-height Toppling Peaks words.

Every word of the family (height range <= h) of length n, its nim-value by plain play
(:func:`nim_value`, on its subwords), compared with the rule. Imports no encoding and no
SAT code.

References
----------
.. [1] Nowakowski et al., *The Game of timber!*, §4, Problem 4.1.
"""

from __future__ import annotations

from cgsat.claims import Budget, Verdict
from cgsat.papers.timber.path.heights import MooreRule, family_words

__all__ = ["nim_value", "machine_direct"]


def nim_value(word: str) -> int:
    """The normal-play nim-value of a Toppling Peaks word, by play on its subwords.

    ``g[i][j]`` is the value of ``w[i:j]``: toppling an R at k leaves ``w[i:k]``, an L at k
    leaves ``w[k+1:j]`` (:mod:`cgsat.games.timber_path`); subwords by increasing length.

    Examples
    --------
    >>> [nim_value(w) for w in ("", "L", "LR", "RL", "LLRR", "RLRLRL")]
    [0, 1, 0, 1, 0, 3]

    References
    ----------
    *The Game of timber!*, §2 (rules) and Problem 4.1.
    """
    n = len(word)
    g = [[0] * (n + 1) for _ in range(n + 1)]
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length
            seen = {g[i][k] if word[k] == "R" else g[k + 1][j] for k in range(i, j)}
            v = 0
            while v in seen:
                v += 1
            g[i][j] = v
    return g[0][n]


def machine_direct(n: int, budget: Budget, rule: MooreRule) -> Verdict:
    """Every word of the family of length n: the rule's value equals the nim-value.

    Examples
    --------
    >>> from cgsat.papers.timber.path.heights import HEIGHT_1
    >>> machine_direct(8, Budget(), HEIGHT_1).status
    'holds'
    >>> machine_direct(2, Budget(), HEIGHT_1.shifted(2)).counterexample
    'RL'

    References
    ----------
    *The Game of timber!*, §4, Problem 4.1.
    """
    words = family_words(rule.h, n)
    for word in words:
        if rule.value(word) != nim_value(word):
            return Verdict.refuted(word or "()", detail=f"nim-value {nim_value(word)}, rule "
                                   f"{rule.value(word)}")
    return Verdict.holds(detail=f"{len(words)} words")
