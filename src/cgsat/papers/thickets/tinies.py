"""Which tinies {0 | {0 | -x}} are Thinning Thickets positions (Problem 5.2): every
thicket with m arcs, its value by the partizan engine, and the tinies among them (the data
of the probe ``thickets-tinies``).

Thickets are generated up to isomorphism (the ruleset's canonical labelling,
:func:`cgsat.games.thickets.make_thicket`) arc by arc: every thicket with m arcs is a
thicket with m - 1 arcs plus one arc. (Remove an arc outside a spanning in-forest towards
the roots, or, if every arc is in the forest, an arc from a vertex of in-degree 0; what is
left is a thicket.) The new arc runs from an existing vertex or a new vertex to an
existing vertex or a new root, never both new; no self-loops and no parallel arcs (a
thicket is a digraph, Definition 1.1). Positions with several summands are included (a
tiny could be a sum); each value is the sum of its components' canonical forms
(:func:`cgsat.cgt.partizan_values.canonical_form`).

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Definition 1.1, §1 (question 4)
   and Problem 5.2.
"""

from __future__ import annotations

from fractions import Fraction

from cgsat.cgt.canonical import ZERO, Game
from cgsat.cgt.partizan_values import canonical_form
from cgsat.games import thickets
from cgsat.games.thickets import Thicket

__all__ = ["thickets_with", "tiny_of", "size"]

_LEVELS: list[list[Thicket]] = [[thickets.EMPTY]]


def _extend(t: Thicket) -> set[Thicket]:
    """Every thicket made from ``t`` by adding one arc, in every colour."""
    vertices = {v for a, b, _ in t.arcs for v in (a, b)} | set(t.roots)
    fresh = max(vertices, default=-1) + 1
    present = {(a, b) for a, b, _ in t.arcs}
    heads = sorted(vertices) + [fresh]  # fresh as a head is a new root
    tails = sorted(vertices) + [fresh]
    out = set()
    for a in tails:
        for b in heads:
            if a == b or (a, b) in present or (a == fresh and b == fresh):
                continue
            if not vertices and b != fresh:
                continue
            roots = list(t.roots) + ([fresh] if b == fresh else [])
            for c in thickets.COLOURS:
                out.add(thickets.make_thicket(list(t.arcs) + [(a, b, c)], roots))
    if not vertices:  # the first arc: 1 > 0 onto a new root 0
        out = {thickets.make_thicket([(1, 0, c)], [0]) for c in thickets.COLOURS}
    return out


def thickets_with(m: int) -> list[Thicket]:
    """Every thicket with exactly m arcs, up to isomorphism (cached; sorted).

    Examples
    --------
    >>> [thickets.format(t) for t in thickets_with(1)]
    ['1>0:b', '1>0:g', '1>0:r']
    >>> len(thickets_with(2)), len(thickets_with(3))
    (39, 578)

    References
    ----------
    *Thinning Thickets*, Definition 1.1.
    """
    while len(_LEVELS) <= m:
        nxt: set[Thicket] = set()
        for t in _LEVELS[-1]:
            nxt |= _extend(t)
        _LEVELS.append(sorted(nxt, key=thickets.format))
    return _LEVELS[m]


def tiny_of(g: Game) -> Fraction | None:
    """x when g = {0 | {0 | -x}} for a number x > 0 (tiny-x), else None.

    Examples
    --------
    >>> from cgsat.cgt.canonical import game, number
    >>> tiny_of(game([ZERO], [game([ZERO], [number(-2)])]))
    Fraction(2, 1)

    References
    ----------
    *Thinning Thickets*, §1 (question 4) and Problem 5.2.
    """
    if g.left != (ZERO,) or len(g.right) != 1:
        return None
    h = g.right[0]
    if h.left != (ZERO,) or len(h.right) != 1:
        return None
    y = h.right[0].number_value()
    return -y if y is not None and y < 0 else None


def size(m: int) -> list[dict]:
    """The rows of size m: one ``count`` row (thickets with m arcs, distinct values) and
    one ``tiny`` row per x with tiny-x among them (the first position, in printed order).

    Examples
    --------
    >>> [r for r in size(2) if r["kind"] == "tiny"]
    []

    References
    ----------
    *Thinning Thickets*, Problem 5.2.
    """
    values: dict[int, Game] = {}
    first: dict[Fraction, str] = {}
    counts: dict[Fraction, int] = {}
    for t in thickets_with(m):
        g = canonical_form(thickets.RULESET, t)
        values.setdefault(g.id, g)
        x = tiny_of(g)
        if x is not None:
            first.setdefault(x, thickets.format(t))
            counts[x] = counts.get(x, 0) + 1
    rows = [{"kind": "count", "arcs": m, "thickets": len(thickets_with(m)),
             "values": len(values)}]
    rows += [{"kind": "tiny", "arcs": m, "x": str(x), "position": first[x],
              "positions": counts[x]} for x in sorted(first)]
    return rows
