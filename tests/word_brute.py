"""Test support: the first position where an all-n statement fails, by direct evaluation,
and every word up to a length (shared by the deciders' tests)."""

from __future__ import annotations

import itertools

from cgsat.automata.options import Statement, Word


def first_violation(st: Statement, longest: int) -> Word | str:
    """The first position in shortlex order (⊥ first) where the statement fails, by the
    direct evaluation :meth:`Statement.violated_at`; "none" if none up to ``longest``."""
    if st.family.bottom and st.violated_at(None):
        return None
    for n in range(longest + 1):
        for letters in itertools.product(st.family.alphabet, repeat=n):
            if st.violated_at("".join(letters)):
                return "".join(letters)
    return "none"


def words(alphabet: str, up_to: int) -> list[str]:
    """Every word of at most ``up_to`` letters, shortest first, each length in the
    alphabet's order."""
    return ["".join(t) for n in range(up_to + 1) for t in itertools.product(alphabet, repeat=n)]
