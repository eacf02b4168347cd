"""A researcher's own claims: the loading of ``--claims FILE`` (:mod:`cgsat.user.load`).

The vocabulary a claims file is written in is the claim kit, :mod:`cgsat.kit` (families,
statements, :func:`~cgsat.kit.claim`). Its public names are re-exported here, so that a
file written before the kit moved (``from cgsat.user import claim, rows, never``) keeps
working; new files import ``from cgsat.kit import ...`` (docs/own-conjectures.md).

A worked example is in docs/own-conjectures.md.
"""

from __future__ import annotations

from cgsat.kit import (
    ONE_METHOD,
    Family,
    Position,
    Rule,
    Statement,
    UserClaim,
    caterpillars,
    claim,
    every,
    exactly,
    graphs,
    green_cordons,
    never,
    rows,
    rule,
    timber_paths,
    trees,
)

__all__ = ["ONE_METHOD", "Family", "Position", "Rule", "Statement", "UserClaim",
           "caterpillars", "claim", "every", "exactly", "graphs", "green_cordons", "never",
           "rows", "rule", "timber_paths", "trees"]
