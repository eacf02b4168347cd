"""The data of the probe ``phyminoes`` with its second method: labelled P-orientation
counts by enumeration and by projected model counting, per graph (*The Game of timber!*,
§4, Problem 4.3).

A row of :func:`cgsat.papers.timber.graphs.probe.graph_rows` counts orientations up
to the graph's automorphisms (``orientations``, ``p_normal``, ``p_misere``: orbits). This
module adds the *labelled* counts, over all ``2^m`` orientations of the ``m`` edges, by two
methods that share no deciding code:

- ``p_normal_labelled``, ``p_misere_labelled``: every labelled orientation solved by the
  direct solver (:func:`cgsat.papers.timber.phyminoes.count_brute.labelled_counts`);
- ``p_normal_labelled_sat``, ``p_misere_labelled_sat``: the kernel encoding with symbolic
  orientations, counted by pyganak projected onto the orientation variables
  (:func:`cgsat.papers.timber.phyminoes.count_sat.count_p`);
- ``sat_agrees``: both pairs are equal.

How the two kinds of count relate: the automorphism group A of the graph acts on its
orientations (an automorphism maps each arc to the arc of the images), P-positions are
closed under it, so ``p_normal_labelled`` is the sum over the ``p_normal`` P-orbits of
their sizes ``|A| / |stabilizer|``; hence ``p_normal <= p_normal_labelled <= |A| *
p_normal`` (likewise misère), and ``labelled`` = ``2^m`` is the sum of all orbit sizes.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §4 and Problem 4.3.
"""

from __future__ import annotations

from collections.abc import Callable

import networkx as nx

from cgsat.papers.timber.graphs.probe import READINGS, TableRow, graph_rows, graphs
from cgsat.papers.timber.phyminoes import count_brute as phyminoes_count_brute
from cgsat.papers.timber.phyminoes import count_sat as phyminoes_count_sat

__all__ = ["SatCount", "COLUMNS", "counted_rows", "size"]

SatCount = Callable[..., int]
"""``sat_count(g, reading, misere) -> int``: the SAT method's labelled count (replaced only
by negative controls)."""

COLUMNS = ("labelled", "p_normal_labelled", "p_misere_labelled", "p_normal_labelled_sat",
           "p_misere_labelled_sat", "sat_agrees")
"""The columns this module adds to the rows of ``graph_rows``."""


def counted_rows(g: nx.Graph, sat_count: SatCount = phyminoes_count_sat.count_p) -> list[TableRow]:
    """The probe's rows of one graph (one per reading), with the labelled counts of both
    methods and whether they agree.

    Examples
    --------
    >>> [(r["reading"], r["p_normal_labelled"], r["p_misere_labelled_sat"], r["sat_agrees"])
    ...  for r in counted_rows(nx.complete_graph(3))]
    [('minus-edge', 0, 8, True), ('graph', 8, 0, True)]

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    rows = graph_rows(g)
    by_reading = {r["reading"]: r for r in rows}
    for reading in READINGS:
        row = by_reading[reading]
        brute = phyminoes_count_brute.labelled_counts(g, reading)
        sat = (sat_count(g, reading, False), sat_count(g, reading, True))
        row.update({"labelled": 2 ** g.number_of_edges(), "p_normal_labelled": brute[0],
                    "p_misere_labelled": brute[1], "p_normal_labelled_sat": sat[0],
                    "p_misere_labelled_sat": sat[1], "sat_agrees": brute == sat})
    return rows


def size(n: int) -> list[TableRow]:
    """The rows of every connected non-bipartite graph with exactly ``n`` vertices.

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    return [r for g in graphs(n) for r in counted_rows(g)]
