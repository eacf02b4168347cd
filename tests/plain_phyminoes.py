"""Phyminoes written out again for the tests (Timber §4), sharing no code with
``cgsat.games.phyminoes``: toppling x>y, inside y's component of G - xy every edge whose
ends are at different distances from y falls; the distance is taken in G - xy
(``minus-edge``) or in G (``graph``). Positions are frozensets of arcs (u, v)."""

from __future__ import annotations

import itertools
from collections import deque
from functools import cache


def topple(arcs: frozenset, arc: tuple, reading: str) -> frozenset:
    """The arcs left after toppling ``arc``."""
    x, y = arc

    def bfs(skip: bool) -> dict:
        dist, queue = {y: 0}, deque([y])
        while queue:
            u = queue.popleft()
            for a, b in arcs:
                for p, q in ((a, b), (b, a)):
                    if p == u and q not in dist and not (skip and {p, q} == {x, y}):
                        dist[q] = dist[u] + 1
                        queue.append(q)
        return dist

    comp = bfs(True)
    d = comp if reading == "minus-edge" else bfs(False)
    return frozenset((u, v) for u, v in arcs
                     if (u, v) != arc and not (u in comp and v in comp and d[u] != d[v]))


@cache
def nim(arcs: frozenset, reading: str) -> int:
    """The nim-value by plain recursion (mex over the options)."""
    values = {nim(topple(arcs, a, reading), reading) for a in arcs}
    return next(k for k in itertools.count() if k not in values)
