"""Leg vectors and the scope of each caterpillar claim (shared by the sat and brute sides).

A caterpillar ``cat(k1, ..., ks)`` (*Timber Game with Caterpillars*, §3) has a spine
``v1 ... vs`` and ``k_i`` legs (leaves) at ``v_i``; it has ``s - 1 + sum(k)`` edges. A
claim at n covers every leg vector with n edges, taken up to reversal. This module lists
those leg vectors (and the trees of Theorem 3.1 and of the even-edges theorem), prints and
parses ``cat(k)``, and builds ``cat(k)`` as a graph.

References
----------
.. [1] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber Game with
   Caterpillars*, §3, Theorems 3.1-3.3, Corollaries 3.4-3.5.
.. [2] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber game as a counting
   problem*, Discrete Applied Mathematics 261 (2019).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence

import networkx as nx

from cgsat.games.oriented import trees

__all__ = [
    "LegVector",
    "Pair",
    "leg_vectors",
    "cat_text",
    "parse_cat",
    "is_caterpillar",
    "caterpillar_trees",
    "all_trees",
    "cat_graph",
    "mod2",
    "caterpillar_one",
    "thm33_pairs",
    "cor34_even",
    "cor34_odd",
    "double_brooms",
    "cor35_path",
    "cor35_pairs",
]

LegVector = tuple[int, ...]
Pair = tuple[LegVector, LegVector]


def leg_vectors(n: int, s: int | None = None) -> Iterator[LegVector]:
    """Every leg vector ``(k1, ..., ks)`` with ``s - 1 + sum(k) = n``, up to reversal.

    This is the scope of a caterpillar claim at n; both methods use it.

    Parameters
    ----------
    n : int
        Number of edges.
    s : int or None
        Only this spine length (default: every ``s = 1 .. n + 1``).

    Yields
    ------
    tuple of int
        ``k`` with ``k <= reversed(k)`` (lexicographically).

    Examples
    --------
    >>> list(leg_vectors(2))
    [(2,), (0, 1), (0, 0, 0)]

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, §3 (``cat(k1, ..., ks)``).
    """
    spines = range(1, n + 2) if s is None else [s]
    for sp in spines:
        legs = n - (sp - 1)
        if legs < 0:
            continue
        for cut in itertools.combinations(range(legs + sp - 1), sp - 1):
            # stars and bars: the sp - 1 bars split `legs` stars into sp parts
            bounds = (-1,) + cut + (legs + sp - 1,)
            k = tuple(bounds[i + 1] - bounds[i] - 1 for i in range(sp))
            if k <= k[::-1]:
                yield k


def cat_text(k: Sequence[int]) -> str:
    """The caterpillar ``cat(k)`` as text, the counterexample format of the claims.

    Examples
    --------
    >>> cat_text((2, 0, 1))
    'cat(2,0,1)'

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, §3 (notation ``cat(k1, ..., ks)``).
    """
    return "cat(" + ",".join(map(str, k)) + ")"


def parse_cat(text: str) -> LegVector:
    """The leg vector of ``cat(k1,...,ks)`` (text after a ``:`` is ignored).

    Raises
    ------
    ValueError
        If ``text`` is not of the form ``cat(...)``.

    Examples
    --------
    >>> parse_cat("cat(2, 0, 1): 3 P-positions")
    (2, 0, 1)

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, §3 (notation ``cat(k1, ..., ks)``).
    """
    m = re.fullmatch(r"cat\(([0-9, ]*)\)", text.strip().split(":")[0].strip())
    if not m:
        raise ValueError(f"not a caterpillar: {text!r}")
    return tuple(int(x) for x in m.group(1).split(",") if x.strip())


def is_caterpillar(g: nx.Graph) -> bool:
    """Whether the tree ``g`` is a caterpillar: removing its leaves leaves a path (or nothing).

    Examples
    --------
    >>> spider = nx.Graph([(0, 1), (1, 2), (0, 3), (3, 4), (0, 5), (5, 6)])
    >>> is_caterpillar(nx.star_graph(3)), is_caterpillar(spider)
    (True, False)

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, §3 (scope of Theorem 3.1).
    """
    inner = {v for v in g if g.degree(v) > 1}
    if not inner:
        return True
    # In a tree the non-leaves induce a subtree (connected), so it is a path exactly
    # when no non-leaf has more than two non-leaf neighbours (issue 27: no subgraph view,
    # about 5x faster on the trees of 13 edges).
    if g.number_of_edges() == g.number_of_nodes() - 1 and nx.is_connected(g):
        return all(sum(1 for u in g[v] if u in inner) <= 2 for v in inner)
    view = g.subgraph(inner)
    return nx.is_connected(view) and max(d for _, d in view.degree()) <= 2


def caterpillar_trees(n: int) -> list[nx.Graph]:
    """The caterpillars with n edges, up to isomorphism.

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorem 3.1 (its scope).
    """
    return [g for g in trees(n) if is_caterpillar(g)]


def all_trees(n: int) -> list[nx.Graph]:
    """Every tree with n edges, up to isomorphism.

    References
    ----------
    Furtado et al., *Timber game as a counting problem* (2019), the even-edges theorem (its
    scope).
    """
    return list(trees(n))


def cat_graph(k: Sequence[int]) -> nx.Graph:
    """``cat(k)`` as a networkx graph: spine ``0 .. s-1``, then the legs.

    Examples
    --------
    >>> sorted(cat_graph((2, 0, 1)).edges())
    [(0, 1), (0, 3), (0, 4), (1, 2), (2, 5)]

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, §3 (``cat(k1, ..., ks)``).
    """
    g = nx.path_graph(len(k))
    nxt = len(k)
    for i, ki in enumerate(k):
        for _ in range(ki):
            g.add_edge(i, nxt)
            nxt += 1
    return g


def mod2(k: Sequence[int]) -> LegVector:
    """``k mod 2``, the reduced leg vector of Theorem 3.3.

    Examples
    --------
    >>> mod2((2, 0, 3))
    (0, 0, 1)

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorem 3.3.
    """
    return tuple(x % 2 for x in k)


def caterpillar_one(n: int, s: int) -> list[LegVector]:
    """The caterpillar 1 ``cat(1, ..., 1)`` with spine s, if it has n edges (n = 2s - 1).

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorem 3.2.
    """
    return [(1,) * s] if 2 * s - 1 == n else []


def thm33_pairs(n: int, s: int) -> list[Pair]:
    """The pairs ``(k, k mod 2)`` with n edges and spine s, for ``k`` with some ``k_i >= 2``.

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorem 3.3.
    """
    return [(k, mod2(k)) for k in leg_vectors(n, s) if max(k) >= 2]


def cor34_even(n: int, s: int) -> list[LegVector]:
    """The all-even leg vectors with n edges and spine s, except the path (all zero).

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Corollary 3.4 (i).
    """
    return [k for k in leg_vectors(n, s) if all(x % 2 == 0 for x in k) and max(k) > 0]


def cor34_odd(n: int, s: int) -> list[LegVector]:
    """The all-odd leg vectors with n edges and spine s.

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Corollary 3.4 (ii).
    """
    return [k for k in leg_vectors(n, s) if all(x % 2 == 1 for x in k)]


def double_brooms(n: int, s: int) -> list[LegVector]:
    """``cat(k1, 0, ..., 0, ks)`` with n edges and spine ``s >= 2``, up to reversal (k1 <= ks).

    Examples
    --------
    >>> double_brooms(4, 3)
    [(0, 0, 2), (1, 0, 1)]
    >>> double_brooms(1, 1)  # the corollary needs s >= 2
    []

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Corollary 3.5.
    """
    if s < 2:
        return []
    legs = n - (s - 1)
    return [
        (k1,) + (0,) * (s - 2) + (legs - k1,)
        for k1 in range(0, legs + 1)
        if k1 <= legs - k1 and legs >= 0
    ]


def cor35_path(k: Sequence[int]) -> int:
    """The number of path vertices Corollary 3.5 predicts: ``s + k1 mod 2 + ks mod 2``.

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Corollary 3.5.
    """
    return len(k) + k[0] % 2 + k[-1] % 2


def cor35_pairs(n: int, s: int) -> list[Pair]:
    """The pairs ``(k, k mod 2)`` of the double brooms with n edges and spine s, k != k mod 2.

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Corollary 3.5 (through Theorem 3.3).
    """
    return [(k, mod2(k)) for k in double_brooms(n, s) if mod2(k) != k]
