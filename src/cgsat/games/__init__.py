"""Rulesets. Each module states its rules in its docstring and exposes ``RULESET``.

Use :func:`get_ruleset` to look one up by its CLI name. Beside the rulesets, the shapes
positions range over (:mod:`.shapes`: graphs, trees) and the P-orientation count of a tree
(:mod:`.tree_counts`), claim-independent, for the papers and ``find`` alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cgsat.errors import CgsatInputError
from cgsat.games import (
    green_cordon,
    lumberjack,
    phyminoes,
    thickets,
    timber,
    timber_path,
    toppling,
)
from cgsat.games.base import ImpartialRuleset, PartizanRuleset

if TYPE_CHECKING:
    from typing import Literal, overload

__all__ = ["RULESET_NAMES", "get_ruleset"]

RULESET_NAMES = (
    "timber",
    "timber-path",
    "phyminoes",
    "lumberjack",
    "thickets",
    "green-cordon",
    "toppling",
)


if TYPE_CHECKING:
    # The ruleset's kind, read off its name (for the type checker only).
    @overload
    def get_ruleset(
        name: Literal["timber", "timber-path", "phyminoes", "lumberjack", "green-cordon"],
        **variant: str,
    ) -> ImpartialRuleset: ...
    @overload
    def get_ruleset(name: Literal["thickets", "toppling"], **variant: str) -> PartizanRuleset: ...
    @overload
    def get_ruleset(name: str, **variant: str) -> ImpartialRuleset | PartizanRuleset: ...


def get_ruleset(name: str, **variant: str) -> ImpartialRuleset | PartizanRuleset:
    """Return the ruleset called ``name``.

    Parameters
    ----------
    name : str
        One of :data:`RULESET_NAMES`.
    **variant
        Ruleset variants; only ``distances="minus-edge"|"graph"`` for ``phyminoes``.

    Raises
    ------
    CgsatInputError
        For an unknown name or variant.

    Examples
    --------
    >>> get_ruleset("timber-path").name
    'timber-path'
    """
    if name == "timber-path":
        return timber_path.RULESET
    if name == "timber":
        return timber.RULESET
    if name == "phyminoes":
        distances = variant.get("distances") or "minus-edge"
        return phyminoes.ruleset(distances)
    if name == "lumberjack":
        return lumberjack.RULESET
    if name == "green-cordon":
        return green_cordon.RULESET
    if name == "thickets":
        return thickets.RULESET
    if name == "toppling":
        return toppling.RULESET
    raise CgsatInputError(
        f"unknown ruleset {name!r}; expected one of: {', '.join(RULESET_NAMES)}"
    )
