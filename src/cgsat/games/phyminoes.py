"""Phyminoes: Timber with physical dominoes (ruleset ``phyminoes``).

Rules (Nowakowski et al., *The Game of timber!*, §4, before Problem 4.3)
----------------------------------------------------------------------
A position is an oriented simple graph, as in :mod:`cgsat.games.timber`, with the same
syntax and printing. Toppling the domino on arc ``(x, y)``: let ``H = G - xy`` and let ``C``
be the vertex set of ``y``'s component in ``H``. The arc ``xy`` falls, and so does every
edge ``uv`` with ``u, v`` in ``C`` and ``d(u) != d(v)``, where ``d`` is a distance from
``y``. An edge with ``d(u) == d(v)`` is pushed from both sides at once, stays standing and
keeps its orientation. Everything outside ``C`` stays.

Two readings of ``d`` (the paper says "the distance (in G)"):

- ``distances="minus-edge"`` (default): ``d`` is the BFS distance from ``y`` in ``H``.
  Physically the wave starts at ``y`` and cannot travel back through the fallen domino.
- ``distances="graph"``: ``d`` is the BFS distance from ``y`` in ``G`` itself, ``xy``
  included. The falling edges are still confined to ``C``, so when ``xy`` is a bridge the
  part on ``x``'s side stays, as in Timber.

On a bipartite graph adjacent vertices always have distances of different parity, so both
readings are Timber there (the paper's remark; a claim to check, not an assumption here).

The two variants are distinct ruleset objects with distinct names, ``"phyminoes"`` and
``"phyminoes[graph]"``, so that memoizing solvers never mix them; both are the CLI ruleset
``phyminoes`` (``--distances``).

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §4 and Problem 4.3.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from cgsat.errors import CgsatInputError
from cgsat.games import timber
from cgsat.games.base import ImpartialRuleset, Move

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["DISTANCES", "RULESET", "format", "parse", "ruleset", "topple"]

DISTANCES = ("minus-edge", "graph")


def parse(text: str) -> frozenset[tuple[str, str]]:
    """Parse a Phyminoes position (Timber's syntax).

    Examples
    --------
    >>> format(parse("1>2, 0>1"))
    '0>1 1>2'
    """
    return timber.parse_arcs(text, "phyminoes")


format = timber.format  # noqa: A001 - the ruleset's printing function


def _bfs(adj: dict[str, set[str]], y: str, skip: tuple[str, str] | None) -> dict[str, int]:
    """BFS distances from ``y``, not using the edge ``skip`` (if given)."""
    a, b = skip if skip is not None else (None, None)
    dist = {y: 0}
    queue = deque([y])
    while queue:
        u = queue.popleft()
        for w in adj[u]:
            if w in dist or (u == a and w == b) or (u == b and w == a):
                continue
            dist[w] = dist[u] + 1
            queue.append(w)
    return dist


def topple(
    position: frozenset[tuple[str, str]], arc: tuple[str, str], distances: str = "minus-edge"
) -> frozenset[tuple[str, str]]:
    """The position left after toppling ``arc``.

    Examples
    --------
    >>> k4 = parse("0>1 0>2 0>3 1>2 1>3 2>3")
    >>> format(topple(k4, ("0", "1")))
    '2>3'
    >>> format(topple(k4, ("0", "1"), distances="graph"))
    '0>2 0>3 2>3'
    """
    if distances not in DISTANCES:
        raise CgsatInputError(f"phyminoes: unknown distances {distances!r}")
    adj = timber.adjacency(position)
    x, y = arc
    in_h = _bfs(adj, y, (x, y))  # y's component in H = G - xy, with H-distances
    d = in_h if distances == "minus-edge" else _bfs(adj, y, None)
    return frozenset(
        (u, v)
        for u, v in position
        if (u, v) != arc and not (u in in_h and v in in_h and d[u] != d[v])
    )


def _options_for(distances: str) -> Callable[[frozenset[tuple[str, str]]], list[Move]]:
    def options(position: frozenset[tuple[str, str]]) -> list[Move]:
        return [
            (f"{x}>{y}", topple(position, (x, y), distances))
            for x, y in sorted(position, key=timber.arc_sort_key)
        ]

    options.__doc__ = f"Options under Phyminoes with distances={distances!r}."
    return options


_RULESETS: dict[str, ImpartialRuleset] = {}


def ruleset(distances: str = "minus-edge") -> ImpartialRuleset:
    """The Phyminoes ruleset for one reading of the distances (cached, one object each).

    Parameters
    ----------
    distances : {"minus-edge", "graph"}
        Measure distances from ``y`` in ``G - xy`` (default) or in ``G``.

    Examples
    --------
    >>> ruleset().name, ruleset("graph").name
    ('phyminoes', 'phyminoes[graph]')
    >>> ruleset() is ruleset("minus-edge")
    True

    References
    ----------
    .. [1] Nowakowski et al., *The Game of timber!*, §4.
    """
    if distances not in DISTANCES:
        raise CgsatInputError(
            f"phyminoes: unknown distances {distances!r}; expected one of {', '.join(DISTANCES)}"
        )
    rs = _RULESETS.get(distances)
    if rs is None:
        rs = ImpartialRuleset(
            name="phyminoes" if distances == "minus-edge" else f"phyminoes[{distances}]",
            parse=parse,
            format=format,
            options=_options_for(distances),
            components=timber.components,
            key=timber.key,
            size=timber.size,
            exhaustive_limit=40,
        )
        _RULESETS[distances] = rs
    return rs


RULESET = ruleset("minus-edge")
