"""Toppling Peaks words of bounded height range, and Moore-machine rules for their values.

The *height range* of a word over {L, R} (L an up-step, R a down-step) is the maximum minus
the minimum of its prefix heights. The words of range at most h (the positions "between
the lines y = 0 and y = h" of *The Game of timber!*, §4) are closed under prefixes and
suffixes, so under options (:mod:`cgsat.games.timber_path`).

A rule is a Moore machine read left to right from state 0, whose output on a word of length
n is the formula ``a * ceil(n / 2) + b`` of its final state. A plain Moore machine (a = 0
everywhere) cannot give these nim-values: ``(RL)^m`` has range 1 and nim-value m (its
options are ``(RL)^j``, j < m, and ``(RL)^j`` again from the L's), so the values are
unbounded on every family. The outputs therefore may grow with the length.

This module is the statement shared by the SAT side
(:mod:`~cgsat.papers.timber.path.heights_sat`) and the direct side
(:mod:`~cgsat.papers.timber.path.heights_brute`); it decides nothing.

References
----------
.. [1] Nowakowski et al., *The Game of timber!*, §4, Problem 4.1 and the remark before it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

__all__ = [
    "Formula",
    "height_range",
    "family_words",
    "random_family_word",
    "MooreRule",
    "HEIGHT_1",
    "RULES",
]

Formula = tuple[int, int]


def height_range(word: str) -> int:
    """Max minus min of the prefix heights (L up, R down).

    Examples
    --------
    >>> height_range("LRLR"), height_range("LLRRR"), height_range("")
    (1, 3, 0)

    References
    ----------
    *The Game of timber!*, §4 (positions between two lines).
    """
    x = lo = hi = 0
    for c in word:
        x += 1 if c == "L" else -1
        lo, hi = min(lo, x), max(hi, x)
    return hi - lo


def family_words(h: int, n: int) -> list[str]:
    """Every word of length n with height range at most h (lexicographic order).

    Examples
    --------
    >>> family_words(1, 3), len(family_words(2, 6))
    (['LRL', 'RLR'], 22)

    References
    ----------
    *The Game of timber!*, §4.
    """
    out: list[str] = []

    def grow(word: str, x: int, lo: int, hi: int) -> None:
        if len(word) == n:
            out.append(word)
            return
        for c, step in (("L", 1), ("R", -1)):
            y = x + step
            if max(hi, y) - min(lo, y) <= h:
                grow(word + c, y, min(lo, y), max(hi, y))

    grow("", 0, 0, 0)
    return out


def random_family_word(h: int, n: int, rng: random.Random) -> str:
    """A random word of length n with height range at most h (a random walk in a band of
    h + 1 levels from a random start level).

    Examples
    --------
    >>> w = random_family_word(2, 9, random.Random(3)); len(w), height_range(w) <= 2
    (9, True)

    References
    ----------
    *The Game of timber!*, §4.
    """
    level, word = rng.randint(0, h), []
    for _ in range(n):
        steps = [c for c, ok in (("L", level < h), ("R", level > 0)) if ok]
        c = rng.choice(steps) if steps else "L"
        if not steps:  # h = 0: only the empty word is in the family
            break
        level += 1 if c == "L" else -1
        word.append(c)
    return "".join(word)


@dataclass(frozen=True)
class MooreRule:
    """A Moore machine stating the nim-values of the words of height range <= h.

    ``delta[q] = (next on L, next on R)`` (None: no transition); ``outputs[q] = (a, b)``:
    a word of length n ending in state q has value ``a * ceil(n / 2) + b``.
    """

    h: int
    delta: tuple[tuple[int | None, int | None], ...]
    outputs: tuple[Formula, ...]

    def state(self, word: str) -> int | None:
        """The state after reading ``word`` (None: dead).

        Examples
        --------
        >>> HEIGHT_1.state("LRLR"), HEIGHT_1.state("RL")
        (0, 2)
        """
        q: int | None = 0
        for c in word:
            if q is None:
                return None
            q = self.delta[q][0 if c == "L" else 1]
        return q

    def output(self, q: int, n: int) -> int:
        """The output of state q on a word of length n."""
        a, b = self.outputs[q]
        return a * ((n + 1) // 2) + b

    def value(self, word: str) -> int | None:
        """The rule's value of ``word`` (None: the machine dies on it).

        Examples
        --------
        >>> [HEIGHT_1.value(w) for w in ("", "LRLR", "RLRL", "LRL")]
        [0, 0, 2, 2]

        References
        ----------
        *The Game of timber!*, §4, Problem 4.1.
        """
        q = self.state(word)
        return None if q is None else self.output(q, len(word))

    def shifted(self, q: int, by: int = 1) -> MooreRule:
        """The same machine with the output of state q raised by ``by`` (a wrong rule,
        for negative controls).

        Examples
        --------
        >>> HEIGHT_1.shifted(0).value("LR")
        1
        """
        outs = list(self.outputs)
        a, b = outs[q]
        outs[q] = (a, b + by)
        return replace(self, outputs=tuple(outs))

    def describe(self) -> list[str]:
        """Markdown lines: the transition and output table."""
        lines = ["| state | on L | on R | output (n = length) |", "|---|---|---|---|"]
        for q, ((nl, nr), (a, b)) in enumerate(zip(self.delta, self.outputs, strict=True)):
            out = (f"ceil(n/2){b:+d}" if b else "ceil(n/2)") if a else str(b)
            lines.append(f"| {q}{' (start)' if q == 0 else ''} | {nl} | {nr} | {out} |")
        return lines


HEIGHT_1 = MooreRule(h=1, delta=((1, 1), (2, 0), (2, 1)), outputs=((0, 0), (1, 0), (1, 0)))
"""Height range <= 1: value 0 on ``(LR)^m``, ``ceil(n/2)`` on every other word (found by
SAT identification on the words to length 14: the smallest machine has 3 states)."""

RULES: dict[int, MooreRule] = {1: HEIGHT_1}
"""h -> the rule registered as claim ``timber.path-height-<h>``."""
