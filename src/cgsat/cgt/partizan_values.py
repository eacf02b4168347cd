"""Canonical forms of positions of any partizan ruleset, and ``cgsat value`` for them.

The value of a position is the sum of the values of its components
(:attr:`PartizanRuleset.components`). The value of a component is the canonical form of
``{values of its Left options | values of its Right options}``, memoized by the ruleset's
isomorphism-invariant key, so each component up to isomorphism is solved once per process.

References
----------
Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1–2 (Toppling Dominoes);
*Thinning Thickets*, §1 (Definitions 1.1–1.2).
"""

from __future__ import annotations

import sys
from collections.abc import Hashable
from typing import Any

from cgsat.cgt.canonical import ZERO, Game, GameBudgetExceeded, add, budget, game, le
from cgsat.errors import TooLargeError
from cgsat.games.base import PartizanRuleset, Position

__all__ = ["GAME_BUDGET", "canonical_form", "component_form", "describe_partizan"]

_MEMOS: dict[str, dict[Hashable, Game]] = {}

#: ``describe_partizan`` gives up (TooLargeError) beyond this many new canonical games:
#: canonical forms of sums grow exponentially with the number of hot summands.
GAME_BUDGET = 300_000


def _memo(ruleset: PartizanRuleset) -> dict[Hashable, Game]:
    return _MEMOS.setdefault(ruleset.name, {})


def canonical_form(ruleset: PartizanRuleset, position: Position) -> Game:
    """The canonical form of ``position``: the sum of its components' canonical forms.

    Examples
    --------
    >>> from cgsat.games import toppling
    >>> str(canonical_form(toppling.RULESET, toppling.parse("LRL LR")))
    '1/2+*'

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §2 (values of positions).
    """
    if sys.getrecursionlimit() < 10000:
        sys.setrecursionlimit(10000)
    total = ZERO
    for component in ruleset.components(position):
        total = add(total, component_form(ruleset, component))
    return total


def component_form(ruleset: PartizanRuleset, component: Position) -> Game:
    """The canonical form of one component, memoized by ``ruleset.key``."""
    memo = _memo(ruleset)
    k = ruleset.key(component)
    g = memo.get(k)
    if g is None:
        left = [canonical_form(ruleset, o) for _, o in ruleset.left_options(component)]
        right = [canonical_form(ruleset, o) for _, o in ruleset.right_options(component)]
        g = game(left, right)
        memo[k] = g
    return g


def describe_partizan(ruleset: PartizanRuleset, text: str) -> dict[str, Any]:
    """The JSON object of ``cgsat value --json`` for a partizan ruleset.

    ``winning_moves`` lists, for each player who wins moving first, every move to an
    option that player wins moving second from: a Left option ``>= 0`` or a Right option
    ``<= 0``.

    Raises
    ------
    TooLargeError
        When the position is larger than ``ruleset.exhaustive_limit``, or its canonical
        form needs more than :data:`GAME_BUDGET` new canonical games.

    Examples
    --------
    >>> from cgsat.games import toppling
    >>> d = describe_partizan(toppling.RULESET, "LRRLL")
    >>> d["value"], d["outcome"], d["winning_moves"][0]
    ('{1|*}', 'L', {'player': 'L', 'move': '0E', 'to': '()'})

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, Lemma 1 (outcome classes).
    """
    position = ruleset.parse(text)
    n = ruleset.size(position)
    if n > ruleset.exhaustive_limit:
        raise TooLargeError(
            f"{ruleset.name}: position of size {n} is above the exhaustive limit "
            f"{ruleset.exhaustive_limit}; use the SAT route (cgsat find / cgsat check)"
        )
    moves: list[dict[str, Any]] = []
    try:
        with budget(GAME_BUDGET):
            g = canonical_form(ruleset, position)
            outcome = g.outcome()
            if outcome in ("L", "N"):
                for move, option in ruleset.left_options(position):
                    if le(ZERO, canonical_form(ruleset, option)):
                        moves.append(
                            {"player": "L", "move": move, "to": ruleset.format(option)}
                        )
            if outcome in ("R", "N"):
                for move, option in ruleset.right_options(position):
                    if le(canonical_form(ruleset, option), ZERO):
                        moves.append(
                            {"player": "R", "move": move, "to": ruleset.format(option)}
                        )
    except GameBudgetExceeded as exc:
        raise TooLargeError(
            f"{ruleset.name}: the canonical form is too large to compute here ({exc}; "
            "sums of hot games grow exponentially); use the SAT route "
            "(cgsat find / cgsat check)"
        ) from None
    return {
        "ruleset": ruleset.name,
        "position": ruleset.format(position),
        "outcome": outcome,
        "value": str(g),
        "winning_moves": moves,
    }
