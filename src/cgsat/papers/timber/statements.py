"""The kit statements of *The Game of timber!*'s claims on trees and graphs (issue 34).

Theorem 1.1 and Lemma 3.1 speak of every oriented graph (tree) of a kind: a shape or
orientation condition picks the positions, and the claim gives their outcome. The kit
states such a claim as ``every(predicate)`` over its ``graphs()`` or ``trees()`` family:
the predicate is true where the condition fails, and otherwise asks the position's own
outcome (normal or misère play, by the kit's direct solver). The records in
:mod:`cgsat.papers.timber.claims` use these predicates; their methods are the paper's own
(:mod:`~cgsat.papers.timber.graphs.brute`, :mod:`~cgsat.papers.timber.trees.brute` and
the SAT modules), which read the statements the same way.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), Theorem 1.1 and Lemma 3.1.
"""

from __future__ import annotations

from cgsat.games.shapes import graph_of, theorem11_parts
from cgsat.games.timber import parse
from cgsat.kit import Position

__all__ = ["theorem11_holds", "leaf_arc_out_is_n"]


def theorem11_holds(p: Position) -> bool:
    """Whether the oriented graph ``p`` satisfies every part of Theorem 1.1 that applies
    to it: N in normal play if its graph contains a cycle, misère P if it is 2-connected
    (:func:`cgsat.games.shapes.theorem11_parts`; a tree satisfies it vacuously).

    Parameters
    ----------
    p : Position
        A position of the kit's ``graphs()`` family (Timber).

    Returns
    -------
    bool

    Examples
    --------
    >>> from cgsat.kit import graphs
    >>> theorem11_holds(Position(graphs(), "0>1 1>2 2>0", 3))
    True
    >>> theorem11_holds(Position(graphs("phyminoes", distances="graph"), "0>1 1>2 2>0", 3))
    False

    References
    ----------
    *The Game of timber!*, Theorem 1.1.
    """
    parts = theorem11_parts(graph_of(parse(p.text)))
    return all((p.misere_outcome if misere else p.outcome) == outcome
               for _, misere, outcome in parts)


def leaf_arc_out_is_n(p: Position) -> bool:
    """Whether the oriented tree ``p`` satisfies Lemma 3.1: if some arc leaves a leaf
    (points away from it), ``p`` is an N-position.

    Parameters
    ----------
    p : Position
        A position of the kit's ``trees()`` family.

    Returns
    -------
    bool

    Examples
    --------
    >>> from cgsat.kit import trees
    >>> leaf_arc_out_is_n(Position(trees(), "1>0 1>2", 2))  # P, but no arc leaves a leaf
    True
    >>> p = Position(trees(), "0>1 1>2", 2)
    >>> leaf_arc_out_is_n(p), p.outcome
    (True, 'N')

    References
    ----------
    *The Game of timber!*, Lemma 3.1.
    """
    arcs = parse(p.text)
    g = graph_of(arcs)
    return not any(g.degree(x) == 1 for x, _ in arcs) or p.outcome == "N"
