""":mod:`cgsat.encodings.moore`: identification needs samples closed under prefixes, the
machine check ranges over every word of the band, and a toggled word must have the checked
length; expected values computed here by plain enumeration of words."""

from __future__ import annotations

from itertools import product

import pytest
from pysat.formula import IDPool

from cgsat.encodings import moore
from cgsat.sat.coverage import count_projected

# -- moore.add_identification ---------------------------------------------------------------


@pytest.mark.parametrize("samples", [{}, {"L": 1}, {"": 0, "LR": 1}, {"": 0, "L": 1, "LRL": 0}])
def test_identification_needs_samples_closed_under_prefixes(samples):
    with pytest.raises(ValueError, match="^the samples must be closed under prefixes$"):
        moore.add_identification(IDPool(), [], samples, 2, [(0, 0), (0, 1)])


# -- moore.add_machine_check: the family of words it ranges over -------------------------------


def _band_words(n: int, h: int) -> int:
    """Words over {L, R} of length n whose prefix heights (L up, R down) span at most h."""
    count = 0
    for word in product("LR", repeat=n):
        heights = [0]
        for c in word:
            heights.append(heights[-1] + (1 if c == "L" else -1))
        count += max(heights) - min(heights) <= h
    return count


@pytest.mark.parametrize("h", [1, 2, 3])
def test_the_machine_check_ranges_over_every_word_of_the_band(h):
    """With the goal off, the instance admits exactly the words of height range <= h
    (counted by pyganak on the letters, against plain enumeration)."""
    for n in range(0, 8):
        pool, cl = IDPool(), []
        goal = pool.id("goal")
        check = moore.add_machine_check(pool, cl, n, h, [(0, 0)], lambda q, m: 0, goal=goal)
        assert len(set(check.letters)) == n
        got = count_projected(cl, pool.top, check.letters, [-goal]) if n else 1
        assert got == _band_words(n, h), (n, h)


def test_the_toggled_word_must_have_the_checked_length():
    pool = IDPool()
    with pytest.raises(ValueError):
        moore.add_machine_check(pool, [], 4, 2, [(0, 0)], lambda q, m: 0,
                                toggle=("LRL", pool.id("t")))
