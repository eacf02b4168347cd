""":mod:`cgsat.encodings.toppling_leaders`: the clauses of the leader constraint (a row no
greater than its reversal), counted per mirrored pair."""

from __future__ import annotations

import pytest
from pysat.formula import IDPool

from cgsat.encodings.cnf import ClauseBuffer
from cgsat.encodings.toppling import letter_vars
from cgsat.encodings.toppling_leaders import add_leader


@pytest.mark.parametrize("n", range(0, 8))
def test_leader_clauses_chain_only_between_mirrored_pairs(n: int) -> None:
    """Three clauses per mirrored pair, and an "equal so far" variable (four clauses)
    between consecutive pairs only: an odd middle letter adds nothing."""
    pool, buf = IDPool(), ClauseBuffer()
    side = letter_vars(pool, "G", n)
    top = pool.top
    add_leader(buf, pool, side)
    h = n // 2
    assert len(buf) == 3 * h + 4 * max(h - 1, 0)
    assert pool.top - top == max(h - 1, 0)
