"""The ruleset interface shared by every game module.

A ruleset module states its rules in its docstring, defines a position type, and lists
options. It exposes one object, ``RULESET``, built from plain functions:

- :class:`ImpartialRuleset` for impartial games (Timber, Toppling Peaks, Phyminoes,
  green thickets and cordons, Lumberjack);
- :class:`PartizanRuleset` for partizan games (Toppling Dominoes, Thinning Thickets).

Positions are immutable and hashable. ``options`` works on a whole position (which may be
a disjunctive sum of several components); ``components`` splits a position into its
summands; ``key`` is an isomorphism-invariant key of a position, used to memoize.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

__all__ = ["ImpartialRuleset", "Move", "PartizanRuleset", "Position"]

Position = Any
Move = tuple[str, Position]


@dataclass(frozen=True)
class ImpartialRuleset:
    """An impartial ruleset, given by plain functions.

    Attributes
    ----------
    name : str
        The ruleset's CLI name, e.g. ``"timber-path"``.
    parse : callable
        ``parse(text) -> position``; raises :class:`cgsat.errors.PositionError` with a
        message naming the offending token.
    format : callable
        ``format(position) -> str``, the normalized text; ``parse(format(p)) == p`` up to
        the normalization.
    options : callable
        ``options(position) -> list[(move_text, option)]``.
    components : callable
        ``components(position) -> list[position]``, the summands of a disjunctive sum.
        A connected position returns ``[position]``; the empty position returns ``[]``.
    key : callable
        ``key(component) -> hashable``, equal for isomorphic components.
    size : callable
        ``size(position) -> int``, the number of dominoes, arcs or edges.
    exhaustive_limit : int
        Positions with ``size`` above this are refused by exhaustive play.
    """

    name: str
    parse: Callable[[str], Position]
    format: Callable[[Position], str]
    options: Callable[[Position], list[Move]]
    components: Callable[[Position], list[Position]]
    key: Callable[[Position], Hashable]
    size: Callable[[Position], int]
    exhaustive_limit: int
    impartial: bool = True


@dataclass(frozen=True)
class PartizanRuleset:
    """A partizan ruleset: like :class:`ImpartialRuleset` with separate Left and Right options."""

    name: str
    parse: Callable[[str], Position]
    format: Callable[[Position], str]
    left_options: Callable[[Position], list[Move]]
    right_options: Callable[[Position], list[Move]]
    components: Callable[[Position], list[Position]]
    key: Callable[[Position], Hashable]
    size: Callable[[Position], int]
    exhaustive_limit: int
    impartial: bool = False
