"""Counting normal-play P-orientations of trees by a dynamic programme (probe
``tree-p-counts``; the open problem of *Timber Game with Caterpillars* §4).

The count of a tree is the number of its ``2^m`` orientations (all labelled ones, none
identified by symmetry) that are normal-play P-positions of Timber.

The dynamic programme and :func:`~cgsat.games.tree_counts.count_p` are in
:mod:`cgsat.games.tree_counts` (claim-independent); here are the families, the probe's
table and its check against enumeration by the direct solver
(:mod:`cgsat.papers.timber.trees.counts_brute`) on every tree it enumerates.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), Lemmas 3.1-3.4, Algorithm 3.5, Theorem 2.5.
.. [2] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber Game with
   Caterpillars*, Theorems 3.2, 3.3, Corollaries 3.4, 3.5 and §4 (the open problem).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from math import comb
from typing import Any, cast

import networkx as nx

from cgsat.games.oriented import trees
from cgsat.games.tree_counts import count_p
from cgsat.papers.timber.trees.counts_brute import count_p_enumerated

__all__ = [
    "TableRow",
    "caterpillar",
    "spider",
    "classify",
    "catalan",
    "path_count",
    "ENUMERATE_UP_TO",
    "SPIDER_LEGS",
    "BROOM_ENDS",
    "COLUMNS",
    "graph6",
    "legs_name",
    "size",
]

TableRow = dict[str, Any]


# -- families -----------------------------------------------------------------------------------
def caterpillar(legs: Sequence[int]) -> nx.Graph:
    """``cat(k_1, ..., k_s)``: the spine ``0..s-1`` with ``k_i`` leaves at spine vertex ``i``.

    Examples
    --------
    >>> caterpillar([1, 0, 2]).number_of_edges()
    5

    References
    ----------
    *Timber Game with Caterpillars*, §3 (definition).
    """
    g = nx.path_graph(len(legs))
    nxt = len(legs)
    for i, k in enumerate(legs):
        for _ in range(k):
            g.add_edge(i, nxt)
            nxt += 1
    return g


def spider(legs: Iterable[int]) -> nx.Graph:
    """The spider with a centre 0 and one path of each given length.

    Examples
    --------
    >>> spider([2, 2, 1]).number_of_edges()
    5

    References
    ----------
    *Timber Game with Caterpillars*, §4 (trees beyond caterpillars).
    """
    g = cast("nx.Graph[int]", nx.Graph())
    g.add_node(0)
    nxt = 1
    for length in legs:
        prev = 0
        for _ in range(length):
            g.add_edge(prev, nxt)
            prev, nxt = nxt, nxt + 1
    return g


def classify(tree: nx.Graph) -> str:
    """The first family that holds: path, star, double broom, spider, caterpillar, tree.

    A double broom is ``cat(k_1, 0, ..., 0, k_s)`` with ``s >= 2`` and ``k_1, k_s >= 2``
    (with fewer end legs it is a path or a star); a spider has exactly one vertex of degree
    at least 3; a caterpillar becomes a path when its leaves are removed.

    Examples
    --------
    >>> [classify(g) for g in (nx.path_graph(4), nx.star_graph(3), caterpillar([2, 0, 2]),
    ...                        spider([2, 2, 2]), caterpillar([1, 1, 1, 1]))]
    ['path', 'star', 'double broom', 'spider', 'caterpillar']

    References
    ----------
    *Timber Game with Caterpillars*, §3 (caterpillars, double brooms).
    """
    degree = dict(tree.degree)
    n = tree.number_of_nodes()
    if max(degree.values(), default=0) <= 2:
        return "path"
    if max(degree.values()) == n - 1:
        return "star"
    spine = tree.subgraph([v for v, d in degree.items() if d > 1])
    if max(dict(spine.degree).values(), default=0) <= 2:
        big = [v for v in spine if degree[v] >= 3]
        if len(big) == 2 and all(spine.degree(v) <= 1 for v in big):
            return "double broom"
    if sum(d >= 3 for d in degree.values()) == 1:
        return "spider"
    if max(dict(spine.degree).values(), default=0) <= 2:
        return "caterpillar"
    return "tree"


def catalan(k: int) -> int:
    """The k-th Catalan number.

    Examples
    --------
    >>> [catalan(k) for k in range(6)]
    [1, 1, 2, 5, 14, 42]

    References
    ----------
    *The Game of timber!*, Theorem 2.5.
    """
    return comb(2 * k, k) // (k + 1)


def path_count(edges: int) -> int:
    """Theorem 2.5: a path with ``edges`` edges has ``C(edges/2)`` P-orientations if
    ``edges`` is even, none if odd.

    Examples
    --------
    >>> [path_count(n) for n in range(7)]
    [1, 0, 1, 0, 2, 0, 5]

    References
    ----------
    *The Game of timber!*, Theorem 2.5 (1).
    """
    return 0 if edges % 2 else catalan(edges // 2)


# -- the probe's rows ---------------------------------------------------------------------------
ENUMERATE_UP_TO = 9
"""Rows with at most this many edges are also counted by enumeration (``count_enum``)."""

SPIDER_LEGS = (2, 3, 4)
"""The leg lengths of the spider families ``spider(l^n)`` (n legs of length l)."""

BROOM_ENDS = tuple((a, b) for a in range(4) for b in range(a, 4))
"""The end legs ``(a, b)`` of the double-broom rows ``cat(a, 0, ..., 0, b)``."""

COLUMNS = ("kind", "family", "tree", "parameter", "edges", "orientations", "count",
           "count_enum", "agrees", "vectors")
"""The probe's columns (see :func:`size`)."""


def graph6(g: nx.Graph) -> str:
    """The graph6 string of ``g`` (no header).

    Examples
    --------
    >>> graph6(nx.path_graph(3))
    'Bg'

    References
    ----------
    *Timber Game with Caterpillars*, §4.
    """
    return nx.to_graph6_bytes(g, header=False).decode().strip()


def _row(kind: str, family: str, name: str, parameter: int, g: nx.Graph,
         vectors: int = 1) -> TableRow:
    """One row: the count by the programme and, for small trees, by enumeration."""
    m = g.number_of_edges()
    count = count_p(g)
    enum = count_p_enumerated(g) if m <= ENUMERATE_UP_TO else None
    return {"kind": kind, "family": family, "tree": name, "parameter": parameter,
            "edges": m, "orientations": 2 ** m, "count": count, "count_enum": enum,
            "agrees": None if enum is None else enum == count, "vectors": vectors}


def legs_name(legs: Sequence[int]) -> str:
    """``cat(k_1,...,k_s)``.

    Examples
    --------
    >>> legs_name([1, 0, 1])
    'cat(1,0,1)'

    References
    ----------
    *Timber Game with Caterpillars*, §3.
    """
    return "cat(" + ",".join(map(str, legs)) + ")"


def size(n: int) -> list[TableRow]:
    """The probe's rows of size ``n``.

    - kind ``tree``: every tree with ``n`` edges (networkx's non-isomorphic trees), family
      by :func:`classify`, ``tree`` its graph6, ``parameter`` = ``n``;
    - kind ``caterpillar``: every binary caterpillar ``cat(l_1..l_n)`` (spine ``n``, legs in
      {0, 1}, ``n >= 1``), one row per leg vector up to reversal; ``vectors`` is how many
      leg vectors the row stands for (2, or 1 for a palindrome); ``parameter`` = ``n`` (the spine);
    - kind ``family``: the spiders ``spider(l^n)`` (``n`` legs of length ``l`` in
      :data:`SPIDER_LEGS`) and the double brooms ``cat(a,0^(n-2),b)`` (spine ``n >= 2``,
      ends in :data:`BROOM_ENDS`); ``parameter`` = ``n``.

    ``count`` is the dynamic programme's count of P-orientations (all ``2^edges``);
    ``count_enum`` the count by playing every orientation (rows with at most
    :data:`ENUMERATE_UP_TO` edges, else None) and ``agrees`` whether they are equal.

    Examples
    --------
    >>> [(r["tree"], r["count"], r["agrees"]) for r in size(2) if r["kind"] != "family"]
    [('Bg', 1, True), ('cat(0,0)', 0, True), ('cat(0,1)', 1, True), ('cat(1,1)', 0, True)]

    References
    ----------
    *Timber Game with Caterpillars*, §3-4; *The Game of timber!*, Theorem 2.5.
    """
    rows = [_row("tree", classify(g), graph6(g), n, g) for g in trees(n)]
    for legs in itertools.product((0, 1), repeat=n):
        back = legs[::-1]
        if n >= 1 and legs <= back:
            rows.append(_row("caterpillar", "caterpillar", legs_name(legs), n,
                             caterpillar(legs), 1 if legs == back else 2))
    for length in SPIDER_LEGS:
        rows.append(_row("family", f"spider-{length}", f"spider({length}^{n})", n,
                         spider([length] * n)))
    if n >= 2:
        for a, b in BROOM_ENDS:
            legs = [a] + [0] * (n - 2) + [b]
            rows.append(_row("family", "double broom", legs_name(legs), n,
                             caterpillar(legs)))
    return rows
