"""``cgsat find green-cordon --height N --value *k --count`` from a proved automaton.

The nim-value-k cordons of every height are those the automaton of ``thickets.green-nim<k>``
(Theorems 3.2, 3.3 for k = 0, 1; :func:`cgsat.automata.library.nim_statement`) accepts,
once both all-n deciders have proved the statement for R_0 .. R_k
(:func:`cgsat.automata.methods.decide_all`, run here, a fraction of a second for small k
and about half a minute for k = 12). The count at height N is then exact
arithmetic on the automaton's transfer matrix, for any N up to :data:`MAX_HEIGHT`.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.2-3.5, Problem 5.1.
"""

from __future__ import annotations

import random

from cgsat.automata.counting import count_at
from cgsat.automata.library import LARGEST, nim_statement
from cgsat.automata.methods import decide_all
from cgsat.automata.options import Statement
from cgsat.automata.replay import truth
from cgsat.errors import CgsatInputError
from cgsat.search import ControlFailed
from cgsat.search.controls import Controls

__all__ = ["SAMPLE_HEIGHT", "MAX_HEIGHT", "count"]

SAMPLE_HEIGHT = 16
"""Controls sample cordons of the height searched, or of this height when it is larger
(exhaustive play of a sample stays under a second)."""

MAX_HEIGHT = 100_000
"""Largest ``--height`` counted from an automaton (the count has about 0.7 N bits; height
100,000 takes about 7 s for *12)."""


def count(height: int, k: int, controls: Controls | None = None) -> tuple[int, str]:
    """The number of green cordons of ``height`` with nim-value k, and how it was counted.

    Controls (a :class:`cgsat.search.Controls`, optional): the proof by two deciders of three
    counts as one; then ``controls.k`` seeded random cordons of the height (at most
    :data:`SAMPLE_HEIGHT`) must be accepted by the automaton exactly when plain play gives
    them nim-value k.

    Raises
    ------
    CgsatInputError
        Past :data:`MAX_HEIGHT`, past the largest stored automaton, or when the statement
        is not proved by two deciders (a timeout).

    Examples
    --------
    >>> count(10, 2)[0]
    84

    References
    ----------
    *Thinning Thickets*, Theorems 3.4, 3.5 and Problem 5.1.
    """
    if height > MAX_HEIGHT:
        raise CgsatInputError(
            f"green-cordon: --height is at most {MAX_HEIGHT} when counting from an automaton, "
            f"got {height}")
    if k > LARGEST:
        raise CgsatInputError(
            f"green-cordon: no proved automaton for nim-value {k} (stored up to {LARGEST}); "
            f"--height at most 12 for it")
    statement = nim_statement(k)
    verdict = decide_all(statement, f"thickets.green-nim{k}", None)
    if verdict.status != "proved":
        raise CgsatInputError(
            f"green-cordon: the automaton of nim-value {k} is not proved for every height "
            f"({verdict.status}: {verdict.reason or verdict.counterexample})")
    auto = statement.automata[k]
    if controls is not None:
        _samples(statement, k, min(height, SAMPLE_HEIGHT), controls)
    how = (f"automaton {auto.name} ({auto.size} states), proved for every height by the "
           "product search and MONA")
    return count_at(auto, height, True), how


def _samples(statement: Statement, k: int, height: int, controls: Controls) -> None:
    """The controls of the count: the proof, then sample cordons against plain play."""
    controls.passed += 1
    controls.total += 1
    rng = random.Random(f"{controls.seed}:automaton:{height}")
    auto = statement.automata[k]
    for _ in range(controls.k):
        word = None if height == 0 else "".join(rng.choice("01") for _ in range(height - 1))
        controls.total += 1
        if auto.accepts(word) != (truth(statement.family, word, False) == k):
            raise ControlFailed(f"automaton {auto.name} and play disagree on "
                                f"{statement.family.position(word)}")
        controls.passed += 1
