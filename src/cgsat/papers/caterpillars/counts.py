"""The statements and scopes of the P-count rules found by the probe ``tree-p-counts``
(shared by their sat, dp and brute sides; *Timber Game with Caterpillars* §4).

The probe counted the normal-play P-orientations (all ``2^m`` labelled orientations of a
tree's ``m`` edges, none identified by symmetry) of every tree to 16 edges and found:

- ``binary-sum``: the sum over all ``2^s`` leg vectors ``k`` in ``{0, 1}^s`` of
  ``#P(cat(k))`` is the Catalan number ``C(s)`` (spine ``s``; the caterpillars have
  ``s - 1`` to ``2s - 1`` edges);
- ``path-most``: for even ``n >= 4`` the path with ``n`` edges has strictly more
  P-orientations (``C(n/2)``, *The Game of timber!* Theorem 2.5) than every other tree with
  ``n`` edges.

This module holds the statements (the Catalan numbers, the path's count) and the scopes
(the binary leg vectors up to reversal, the trees), not any computation that decides a
position.

References
----------
.. [1] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber Game with
   Caterpillars*, §4 (the number of P-positions of a tree, open).
.. [2] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), Theorem 2.5 (the path's count).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from math import comb
from typing import cast

import networkx as nx

from cgsat.papers.caterpillars.legs import LegVector

__all__ = ["Form", "catalan", "path_count", "binary_legs", "is_path", "tree_text", "parse_tree"]

Form = Callable[[int], int]
"""A rule's predicted number, as a function of the size (``catalan`` or a wrong one in the
negative controls)."""


def catalan(k: int) -> int:
    """The k-th Catalan number.

    Examples
    --------
    >>> [catalan(k) for k in range(7)]
    [1, 1, 2, 5, 14, 42, 132]

    References
    ----------
    *The Game of timber!*, Theorem 2.5; the ``binary-sum`` rule of the probe
    ``tree-p-counts`` (*Timber Game with Caterpillars* §4).
    """
    return comb(2 * k, k) // (k + 1)


def path_count(edges: int) -> int:
    """The number of P-orientations of the path with ``edges`` edges: ``C(edges/2)`` if even,
    else 0.

    Examples
    --------
    >>> [path_count(n) for n in range(9)]
    [1, 0, 1, 0, 2, 0, 5, 0, 14]

    References
    ----------
    *The Game of timber!*, Theorem 2.5 (1).
    """
    return 0 if edges % 2 else catalan(edges // 2)


def binary_legs(s: int) -> Iterator[tuple[LegVector, int]]:
    """Every leg vector in ``{0, 1}^s`` up to reversal, with its multiplicity (2, or 1 for a
    palindrome): the scope of ``binary-sum`` at spine ``s``.

    Examples
    --------
    >>> list(binary_legs(2))
    [((0, 0), 1), ((0, 1), 2), ((1, 1), 1)]
    >>> sum(m for _, m in binary_legs(5))
    32

    References
    ----------
    *Timber Game with Caterpillars*, Theorem 3.3 (legs in {0, 1} suffice) and §4.
    """
    for k in itertools.product((0, 1), repeat=s):
        if k <= k[::-1]:
            yield k, 1 if k == k[::-1] else 2


def is_path(g: nx.Graph) -> bool:
    """Whether the tree ``g`` is a path (every degree at most 2).

    Examples
    --------
    >>> is_path(nx.path_graph(4)), is_path(nx.star_graph(3))
    (True, False)

    References
    ----------
    *The Game of timber!*, Theorem 2.5 (paths).
    """
    return max((d for _, d in g.degree), default=0) <= 2


def tree_text(g: nx.Graph) -> str:
    """``tree:u-v ...``, the counterexample syntax of a tree (as in ``even-edges``).

    Examples
    --------
    >>> tree_text(nx.path_graph(3))
    'tree:0-1 1-2'

    References
    ----------
    *Timber Game with Caterpillars*, §4.
    """
    return "tree:" + " ".join(f"{u}-{v}" for u, v in g.edges())


def parse_tree(text: str) -> nx.Graph:
    """The graph of ``tree:u-v ...`` (vertex names as strings).

    Examples
    --------
    >>> sorted(parse_tree("tree:0-1 1-2").edges())
    [('0', '1'), ('1', '2')]

    References
    ----------
    *Timber Game with Caterpillars*, §4.
    """
    g = cast("nx.Graph[str]", nx.Graph())
    g.add_edges_from(tuple(e.split("-")) for e in text.removeprefix("tree:").split())  # type: ignore[misc]  # "u-v": pairs
    return g

