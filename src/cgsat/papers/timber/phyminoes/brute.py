"""Phyminoes rules on graph families by exhaustive play (*The Game of timber!*, Problem 4.3).

Every orientation of the family's member with n vertices is played out by the direct
solver (:class:`cgsat.cgt.impartial.ImpartialSolver` on :mod:`cgsat.games.phyminoes`) in
each reading that has a rule at n. Counterexamples of either method are replayed by plain
recursion (:mod:`cgsat.cgt.play`). This module imports no encoding and no SAT code.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §4, Problem 4.3.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from cgsat.cgt import play
from cgsat.cgt.impartial import ImpartialSolver, solver_for
from cgsat.claims import Budget, Verdict
from cgsat.games import get_ruleset
from cgsat.games.oriented import orientations
from cgsat.games.timber import format as fmt
from cgsat.papers.timber.phyminoes.families import FAMILIES, Family, expected

if TYPE_CHECKING:
    from cgsat.games.base import ImpartialRuleset

__all__ = ["MAX_EDGES", "values", "family_rule", "confirm"]

MAX_EDGES = 16
"""Exhaustive play covers 2^m orientations of an m-edge member: m <= 16 (65,536)."""


@cache
def _unlimited(rule: str, distances: str) -> ImpartialRuleset:
    """The ruleset in one reading with no limit on the number of edges, one object per
    reading (so that :func:`cgsat.cgt.impartial.solver_for` keeps its solver across calls).
    """
    rs = get_ruleset(rule, distances=distances)
    return replace(cast("ImpartialRuleset", rs), exhaustive_limit=10**9)  # rule: impartial


def values(position: str, rule: str = "phyminoes", distances: str = "minus-edge",
           ) -> tuple[int, bool]:
    """The nim-value and "misère P-position" of an oriented graph, by the direct solver.

    The oracle of the SAT method's sample controls. Unlike ``cgsat value``, no limit on
    the number of edges (the family members reach 66): the solver's node limit still
    stops a position whose play is too large. The shared direct solver
    (:func:`cgsat.cgt.impartial.solver_for`), memoized across calls in this process.

    Parameters
    ----------
    position : str
        An oriented graph in ``timber`` syntax.
    rule : {"phyminoes"}
        The game (the SAT method's oracle signature).
    distances : {"minus-edge", "graph"}
        Phyminoes' reading of the distances.

    Returns
    -------
    (int, bool)

    Examples
    --------
    >>> values("0>1 1>2 2>0"), values("0>1 1>2 2>0", "phyminoes", "graph")
    ((1, True), (0, False))

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    solver = solver_for(_unlimited(rule, distances))
    pos = solver.ruleset.parse(position)
    return solver.nim_value(pos), solver.outcome(pos, misere=True) == "P"


def _family(family: str, rules: dict[str, Any] | None) -> Family:
    """The family, with its rules replaced by ``rules`` when given."""
    fam = FAMILIES[family]
    return fam if rules is None else Family(fam.name, fam.words, fam.graph, rules)


def family_rule(n: int, budget: Budget, family: str,
                rules: dict[str, Any] | None = None) -> Verdict:
    """The family's Phyminoes rule at n, on every orientation, by the direct solver.

    Parameters
    ----------
    n : int
        The number of vertices.
    budget : Budget
        Unused (no solver).
    family : str
        A key of :data:`~cgsat.papers.timber.phyminoes.families.FAMILIES`.
    rules : dict or None
        Reading -> rule, replacing the family's (the tests' perturbed rules).

    Returns
    -------
    Verdict
        ``unknown`` when the member has more than :data:`MAX_EDGES` edges.

    Examples
    --------
    >>> family_rule(6, Budget(), "complete").detail
    '32768 orientations played out'

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    fam = _family(family, rules)
    want = expected(fam, n)
    if not want:
        return Verdict.vacuous(f"no member of {fam.words} with {n} vertices")
    g = fam.graph(n)
    if g.number_of_edges() > MAX_EDGES:
        return Verdict.unknown(f"{g.number_of_edges()} edges: more than {MAX_EDGES} for "
                               "exhaustive play over every orientation")
    solvers = {r: ImpartialSolver(get_ruleset("phyminoes", distances=r)) for r in want}
    count = 0
    for pos in orientations(g):
        count += 1
        for reading, (nim, misere_p) in want.items():
            s = solvers[reading]
            if s.nim_value(pos) != nim or (s.outcome(pos, misere=True) == "P") != misere_p:
                return Verdict.refuted(fmt(pos), detail=f"the rule for {fam.words} fails "
                                                        f"here ({reading} reading)")
    return Verdict.holds(detail=f"{count} orientations played out")


def confirm(n: int, counterexample: str, family: str,
            rules: dict[str, Any] | None = None) -> bool:
    """Replay a refutation by plain recursion: in some reading with a rule at n, this
    oriented graph's nim-value or misère outcome differs from the rule.

    Parameters
    ----------
    n : int
        The number of vertices.
    counterexample : str
        An oriented graph in ``timber`` syntax.
    family : str
        A key of :data:`~cgsat.papers.timber.phyminoes.families.FAMILIES`.
    rules : dict or None
        As for :func:`family_rule`.

    Returns
    -------
    bool

    Examples
    --------
    >>> confirm(3, "0>1 1>2 2>0", "odd-cycle"), confirm(3, "0>1 1>2 2>0", "odd-cycle",
    ...     {"graph": lambda n: (1, False)})
    (False, True)

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    fam = _family(family, rules)
    for reading, (nim, misere_p) in expected(fam, n).items():
        r = get_ruleset("phyminoes", distances=reading)
        pos = r.parse(counterexample)
        if play.nim_value(r, pos) != nim or play.is_p_position(r, pos, misere=True) != misere_p:
            return True
    return False
