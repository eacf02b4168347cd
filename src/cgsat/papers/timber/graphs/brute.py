"""Timber on graphs by exhaustive play: Theorem 1.1 and Phyminoes on bipartite graphs
(*The Game of timber!*, §1 and §4).

Every orientation of every graph shape is played out by :mod:`cgsat.cgt.impartial` on
:mod:`cgsat.games.timber` and :mod:`cgsat.games.phyminoes`. The counterexamples of either
method are replayed by plain recursion on the position (:mod:`cgsat.cgt.play`), not by
that solver. This module imports no encoding and no SAT code.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), Theorem 1.1 and §4 (Phyminoes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import networkx as nx

from cgsat.cgt import play
from cgsat.cgt.impartial import ImpartialSolver, solver_for
from cgsat.claims import Budget, Verdict
from cgsat.games import get_ruleset
from cgsat.games.oriented import orientations
from cgsat.games.shapes import bipartite_graphs, connected_graphs, graph_of, theorem11_parts
from cgsat.games.timber import format as fmt

if TYPE_CHECKING:
    from cgsat.games.base import ImpartialRuleset


__all__ = [
    "theorem11",
    "confirm_theorem11",
    "nim_and_misere",
    "phyminoes_bipartite",
    "confirm_phyminoes_bipartite",
]


def theorem11(n: int, budget: Budget) -> Verdict:
    """Theorem 1.1 on every orientation of every connected graph with n vertices, by play.

    Parameters
    ----------
    n : int
        The number of vertices (7 is about 10^7 orientations: hours).
    budget : Budget
        Unused (no solver).

    Returns
    -------
    Verdict

    Examples
    --------
    >>> theorem11(4, Budget()).detail
    '128 oriented graphs played out'

    References
    ----------
    *The Game of timber!*, Theorem 1.1.
    """
    solver = ImpartialSolver(get_ruleset("timber"))
    count = 0
    for g in connected_graphs(n):
        parts = list(theorem11_parts(g))
        if not parts:
            continue
        for pos in orientations(g):
            count += 1
            for part, misere, outcome in parts:
                if solver.outcome(pos, misere=misere) != outcome:
                    return Verdict.refuted(fmt(pos), detail=f"{part}: outcome is not {outcome}")
    return Verdict.holds(detail=f"{count} oriented graphs played out")


def confirm_theorem11(n: int, counterexample: str) -> bool:
    """Replay a refutation of Theorem 1.1: a connected oriented graph with n vertices on
    which some part of the theorem that applies gives the wrong outcome (outcomes by plain
    recursion, :mod:`cgsat.cgt.play`).

    Parameters
    ----------
    n : int
        The number of vertices.
    counterexample : str
        An oriented graph in ``timber`` syntax.

    Returns
    -------
    bool

    Examples
    --------
    >>> confirm_theorem11(3, "0>1 1>2 2>0")
    False

    References
    ----------
    *The Game of timber!*, Theorem 1.1.
    """
    rs = get_ruleset("timber")
    pos = rs.parse(counterexample)
    g = graph_of(pos)
    if g.number_of_nodes() != n or not nx.is_connected(g):
        return False
    return any(play.impartial_outcome(rs, pos, m) != o for _, m, o in theorem11_parts(g))


def nim_and_misere(position: str, rule: str = "timber",
                   distances: str = "minus-edge") -> tuple[int, bool]:
    """The nim-value (normal play) and "misère P-position" of an oriented graph, by play.

    The direct solver's answer for the sample controls of the SAT methods (passed to them
    by ``functools.partial`` in the claims): the shared direct solver
    (:func:`cgsat.cgt.impartial.solver_for`) of ``timber`` or of ``phyminoes`` in the given
    reading (each reading is a ruleset of its own name), memoized across calls in this
    process.

    Parameters
    ----------
    position : str
        An oriented graph in ``timber`` syntax.
    rule : {"timber", "phyminoes"}
        The game.
    distances : {"minus-edge", "graph"}
        Phyminoes' reading of the distances (ignored for Timber).

    Returns
    -------
    (int, bool)

    Examples
    --------
    >>> nim_and_misere("0>1 1>2 2>0"), nim_and_misere("0>1 1>2 2>0", "phyminoes", "graph")
    ((1, True), (0, False))

    References
    ----------
    *The Game of timber!*, Theorem 1.1 and §4 (Phyminoes).
    """
    rs = get_ruleset("timber") if rule == "timber" else get_ruleset(rule, distances=distances)
    solver = solver_for(cast("ImpartialRuleset", rs))  # rule: impartial
    pos = solver.ruleset.parse(position)
    return solver.nim_value(pos), solver.outcome(pos, misere=True) == "P"


def _solvers() -> tuple[ImpartialSolver, ...]:
    """Direct solvers of Timber and of Phyminoes (both readings of the distances)."""
    return (ImpartialSolver(get_ruleset("timber")),
            ImpartialSolver(get_ruleset("phyminoes", distances="minus-edge")),
            ImpartialSolver(get_ruleset("phyminoes", distances="graph")))


def _differs(pos: Any, solvers: tuple[ImpartialSolver, ...]) -> bool:
    """Whether Phyminoes differs from Timber at ``pos`` (nim-value or misère outcome)."""
    timber, *phys = solvers
    nim, mis = timber.nim_value(pos), timber.outcome(pos, misere=True)
    return any(s.nim_value(pos) != nim or s.outcome(pos, misere=True) != mis for s in phys)


def phyminoes_bipartite(n: int, budget: Budget) -> Verdict:
    """Phyminoes equals Timber on every orientation of every connected bipartite graph with
    n vertices: nim-values and misère outcomes by the direct solver.

    Parameters
    ----------
    n : int
        The number of vertices.
    budget : Budget
        Unused (no solver).

    Returns
    -------
    Verdict

    Examples
    --------
    >>> phyminoes_bipartite(3, Budget()).detail
    '4 oriented bipartite graphs played out'

    References
    ----------
    *The Game of timber!*, §4 (before Problem 4.3).
    """
    solvers = _solvers()
    count = 0
    for g in bipartite_graphs(n):
        for pos in orientations(g):
            count += 1
            if _differs(pos, solvers):
                return Verdict.refuted(fmt(pos), detail="Phyminoes and Timber differ here")
    return Verdict.holds(detail=f"{count} oriented bipartite graphs played out")


def confirm_phyminoes_bipartite(n: int, counterexample: str) -> bool:
    """Replay a refutation: Phyminoes and Timber differ on this oriented graph (nim-values
    and misère outcomes by plain recursion, :mod:`cgsat.cgt.play`).

    Parameters
    ----------
    n : int
        The number of vertices (not checked, as before).
    counterexample : str
        An oriented graph in ``timber`` syntax.

    Returns
    -------
    bool

    Examples
    --------
    >>> confirm_phyminoes_bipartite(3, "0>1 1>2"), confirm_phyminoes_bipartite(3, "0>1 1>2 2>0")
    (False, True)

    References
    ----------
    *The Game of timber!*, §4 (before Problem 4.3).
    """
    pos = get_ruleset("timber").parse(counterexample)
    timber, *phys = (get_ruleset("timber"), get_ruleset("phyminoes", distances="minus-edge"),
                     get_ruleset("phyminoes", distances="graph"))
    nim, mis = play.nim_value(timber, pos), play.is_p_position(timber, pos, misere=True)
    return any(play.nim_value(r, pos) != nim or play.is_p_position(r, pos, misere=True) != mis
               for r in phys)
