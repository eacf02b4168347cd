"""P-orientations of a tree by enumeration: every labelled orientation played out by the
direct solver (probe ``tree-p-counts``; *Timber Game with Caterpillars* §4).

The second method beside the dynamic programme of
:mod:`cgsat.papers.timber.trees.counts`: all ``2^m`` orientations of the ``m``
edges, each a position of :mod:`cgsat.games.timber` solved by :mod:`cgsat.cgt.impartial`
(memoized on isomorphism-invariant keys, shared between trees). It uses none of the
reductions of Algorithm 3.5.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §3.
.. [2] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber Game with
   Caterpillars*, §4.
"""

from __future__ import annotations

import networkx as nx

from cgsat.cgt.impartial import solver_for
from cgsat.games import timber

__all__ = ["count_p_enumerated"]


def count_p_enumerated(tree: nx.Graph) -> int:
    """The number of normal-play P-orientations of ``tree``, each of the ``2^m`` solved.

    Examples
    --------
    >>> count_p_enumerated(nx.path_graph(5)), count_p_enumerated(nx.star_graph(3))
    (2, 0)

    References
    ----------
    *Timber Game with Caterpillars*, §4 (the number of P-positions of a tree).
    """
    if tree.number_of_edges() == 0:
        return 1
    solver = solver_for(timber.RULESET)
    edges = [(str(u), str(v)) for u, v in tree.edges()]
    total = 0
    for mask in range(1 << len(edges)):
        pos = timber.make_position((v, u) if (mask >> i) & 1 else (u, v)
                                   for i, (u, v) in enumerate(edges))
        total += solver.outcome(pos) == "P"
    return total
