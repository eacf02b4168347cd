"""Odd cycles with a pendant path, for the Phyminoes rule ``timber.phyminoes-odd-cycle-path``
(*The Game of timber!*, Problem 4.3).

The graph ``C_k + P_L``: the cycle ``c0 .. c(k-1)`` and the path ``c0 - p1 - ... - pL``. Its
edges are listed path first (``c0-p1``, ``p1-p2``, ...), then the cycle, so that the path's
edges have the same indices in every member with the same L: the SAT method shares their
orientation variables between ``C_k + P_L`` and the triangle ``C_3 + P_L``. Both methods take
the graphs from here (the statement), not the code that decides.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §4, Problem 4.3.
"""

from __future__ import annotations

import networkx as nx

__all__ = ["edge_list", "cycle_with_path", "members"]


def edge_list(k: int, length: int) -> list[tuple[str, str]]:
    """The edges of C_k with a pendant path of ``length`` edges at ``c0``: path first.

    Examples
    --------
    >>> edge_list(3, 2)
    [('c0', 'p1'), ('p1', 'p2'), ('c0', 'c1'), ('c1', 'c2'), ('c2', 'c0')]

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    names = ["c0"] + [f"p{j}" for j in range(1, length + 1)]
    path = list(zip(names, names[1:], strict=False))
    return path + [(f"c{i}", f"c{(i + 1) % k}") for i in range(k)]


def cycle_with_path(k: int, length: int) -> nx.Graph:
    """The graph of :func:`edge_list` (networkx orders its edges its own way).

    Examples
    --------
    >>> cycle_with_path(5, 2).number_of_edges()
    7

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    return nx.Graph(edge_list(k, length))


def members(n: int) -> list[tuple[int, int]]:
    """The (k, L) with k odd, k >= 3, L >= 1 and k + L = n vertices.

    Examples
    --------
    >>> members(8)
    [(3, 5), (5, 3), (7, 1)]

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    return [(k, n - k) for k in range(3, n, 2)]
