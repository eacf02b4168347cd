"""Phyminoes on a fixed graph by SAT: P-orientations counted by a projected model counter,
and one orientation's values (*The Game of timber!*, §4, Problem 4.3).

One instance covers all ``2^m`` labelled orientations of a graph's ``m`` edges: the kernel
encoding of :mod:`cgsat.encodings.timber_graphs` (one orientation variable per edge, the
followers and symbolic moves recomputed there from the paper's rule) with the unit clause
"the root is a P-position". By the Partition Theorems every auxiliary variable is a
function of the orientation variables, so the exact model count projected onto them
(:func:`cgsat.sat.coverage.count_projected`: pyganak, Ganak with Arjun) is the number of
labelled P-orientations. The count runs in this process: the probe's graphs take well under
a second each, so Ctrl-C waits at most that long. This module imports no direct-solver
code; the probe compares its counts with enumeration
(:mod:`cgsat.papers.timber.phyminoes.count`).

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §4 (Phyminoes), Problem 4.3, Theorems 2.1 and 2.2.
"""

from __future__ import annotations

from collections.abc import Callable

import networkx as nx
from pysat.formula import IDPool

from cgsat.claims import Budget
from cgsat.encodings import timber_graphs as graphs
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.encodings.kernel import add_grundy, add_kernel
from cgsat.games import timber
from cgsat.sat.coverage import count_projected
from cgsat.sat.solve import SatRun

__all__ = ["Drop", "shape_of", "kernel_instance", "count_p", "values_at"]

Drop = Callable[[tuple[frozenset[int], frozenset[int], tuple[int]]], bool]
"""A predicate on symbolic moves ``(source, target, (literal,))``: the moves it accepts are
left out of the encoding (negative controls only: a deliberately wrong game)."""


def shape_of(g: nx.Graph) -> graphs.GraphShape:
    """The shape of ``g`` with its edges sorted (``(u, v)``, u < v), the probe's order.

    Examples
    --------
    >>> shape_of(nx.complete_graph(3)).edges
    ((0, 1), (0, 2), (1, 2))

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    return graphs.graph_shape(sorted(tuple(sorted(e)) for e in g.edges()))


def kernel_instance(shape: graphs.GraphShape, reading: str = "minus-edge",
                    misere: bool = False, rule: str = "phyminoes",
                    drop: Drop | None = None) -> tuple[ClauseBuffer, list[int], int, int]:
    """The kernel instance over every orientation of ``shape``.

    Returns
    -------
    cnf, lits, p_root, nv
        The clauses, the orientation variables, the literal "the root is a P-position"
        (under normal or misère play) and the number of variables.

    References
    ----------
    *The Game of timber!*, §4 (Phyminoes) and Theorems 2.1, 2.2 (Partition Theorems).
    """
    pool, cnf = IDPool(), ClauseBuffer()
    lits = graphs.orientation_vars(pool, shape)
    followers, moves = graphs.symbolic_moves(shape, lits, rule, reading)
    if drop is not None:
        moves = [mv for mv in moves if not drop(mv)]
    enc = add_kernel(pool, cnf, followers, moves, misere=misere)
    return cnf, lits, enc.p[followers[0]], pool.top


def count_p(g: nx.Graph, reading: str = "minus-edge", misere: bool = False,
            rule: str = "phyminoes", drop: Drop | None = None) -> int:
    """The number of labelled P-orientations of ``g``, by projected model counting.

    Every one of the ``2^m`` orientations of the edges counts (no automorphism is
    identified).

    Parameters
    ----------
    g : networkx.Graph
        The graph (any vertex labels).
    reading : {"minus-edge", "graph"}
        Phyminoes' reading of the distances.
    misere : bool
        Count misère P-positions instead of normal-play ones.
    rule : {"phyminoes", "timber"}
        The game (Timber for controls).
    drop : callable or None
        Negative controls only: leave out the symbolic moves it accepts.

    Returns
    -------
    int

    Examples
    --------
    K4 is a P-position in all 64 orientations (minus-edge reading), the triangle in none:

    >>> count_p(nx.complete_graph(4)), count_p(nx.complete_graph(3))
    (64, 0)

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    cnf, lits, p_root, nv = kernel_instance(shape_of(g), reading, misere, rule, drop)
    return count_projected(cnf, nv, lits, [p_root])


def values_at(position: str, rule: str = "phyminoes",
              reading: str = "minus-edge") -> tuple[int, bool]:
    """The nim-value and "misère P-position" of one oriented graph, by SAT.

    The Grundy and misère kernel encodings over every orientation of the position's
    underlying graph, solved with the orientation fixed by assumptions; the values are
    read from the model (both encodings have exactly one model per orientation).

    Parameters
    ----------
    position : str
        An oriented graph in ``timber`` syntax (arcs ``x>y``).
    rule : {"phyminoes", "timber"}
    reading : {"minus-edge", "graph"}
        Phyminoes' reading of the distances (ignored for Timber).

    Returns
    -------
    (int, bool)

    Examples
    --------
    >>> values_at("0>1 1>2 2>0"), values_at("0>1 1>2 2>0", reading="graph")
    ((1, True), (0, False))

    References
    ----------
    *The Game of timber!*, §4 (Phyminoes) and Theorems 2.1, 2.2.
    """
    arcs = sorted(timber.parse(position), key=timber.arc_sort_key)
    if not arcs:
        return 0, False  # no move: nim-value 0; misère, the player to move wins
    shape = graphs.graph_shape(arcs)
    run = SatRun(Budget())
    cnf, pool = run.buffer()
    lits = graphs.orientation_vars(pool, shape)
    followers, moves = graphs.symbolic_moves(shape, lits, rule, reading)
    grundy = add_grundy(pool, cnf, followers, moves)
    kernel = add_kernel(pool, cnf, followers, moves, misere=True, tag="M")
    root = followers[0]
    model = run.solve(cnf, lits)  # every arc as written: each literal true
    if model is None:
        raise RuntimeError(f"{position}: the encoding has no model at this orientation")
    true = {x for x in model if x > 0}
    return grundy.value_of(root, true), kernel.p[root] in true
