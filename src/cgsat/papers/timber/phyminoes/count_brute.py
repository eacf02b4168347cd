"""Phyminoes on a fixed graph by enumeration: every labelled orientation played out by the
direct solver (*The Game of timber!*, §4, Problem 4.3).

The second method beside :mod:`cgsat.papers.timber.phyminoes.count_sat` for the probe's
P-orientation counts: all ``2^m`` orientations of the ``m`` edges, each a position of
:mod:`cgsat.games.phyminoes` (or :mod:`cgsat.games.timber`) solved by
:mod:`cgsat.cgt.impartial` (memoized on isomorphism-invariant keys). This module imports
no encoding and no SAT code.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §4 (Phyminoes) and Problem 4.3.
"""

from __future__ import annotations

import networkx as nx

from cgsat.cgt.impartial import ImpartialSolver, solver_for
from cgsat.games import phyminoes, timber

__all__ = ["game_solver", "labelled_counts"]


def game_solver(rule: str = "phyminoes", reading: str = "minus-edge") -> ImpartialSolver:
    """The shared direct solver of Phyminoes (one reading) or of Timber.

    Examples
    --------
    >>> game_solver().ruleset.name, game_solver("timber").ruleset.name
    ('phyminoes', 'timber')

    References
    ----------
    *The Game of timber!*, §4 (Phyminoes).
    """
    return solver_for(timber.RULESET if rule == "timber" else phyminoes.ruleset(reading))


def labelled_counts(g: nx.Graph, reading: str = "minus-edge",
                    rule: str = "phyminoes") -> tuple[int, int]:
    """The numbers of labelled P-orientations of ``g`` (normal play, misère play).

    Every one of the ``2^m`` orientations of the edges is solved (no automorphism is
    identified).

    Examples
    --------
    >>> labelled_counts(nx.complete_graph(4)), labelled_counts(nx.complete_graph(3))
    ((64, 0), (0, 8))

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    solver = game_solver(rule, reading)
    edges = sorted(tuple(sorted(e)) for e in g.edges())
    p_normal = p_misere = 0
    for mask in range(1 << len(edges)):
        pos = timber.make_position((v, u) if (mask >> i) & 1 else (u, v)
                                   for i, (u, v) in enumerate(edges))
        p_normal += solver.nim_value(pos) == 0
        p_misere += solver.outcome(pos, misere=True) == "P"
    return p_normal, p_misere
