"""The ``brute`` methods and replays of ``caterpillars.binary-sum`` and
``caterpillars.path-most``: every orientation played out by the direct solver
(:mod:`cgsat.cgt.impartial`, memoized), none of the reductions of Algorithm 3.5 and no SAT.

Replays (``*_confirm``) count again by plain recursion (:mod:`cgsat.cgt.play`), so a
refutation is confirmed by a solver that neither the SAT nor the dp method used.

References
----------
.. [1] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber Game with
   Caterpillars*, §4.
.. [2] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), Theorem 2.5.
"""

from __future__ import annotations

import networkx as nx

from cgsat.cgt import play
from cgsat.cgt.impartial import solver_for
from cgsat.claims import Budget, Verdict
from cgsat.games import get_ruleset
from cgsat.games.oriented import orientations
from cgsat.papers.caterpillars.brute import brute_p_count, play_p_count
from cgsat.papers.caterpillars.counts import (
    Form,
    binary_legs,
    catalan,
    is_path,
    parse_tree,
    path_count,
    tree_text,
)
from cgsat.papers.caterpillars.legs import all_trees

__all__ = [
    "count_by_play",
    "binary_sum_brute",
    "binary_sum_confirm",
    "path_most_brute",
    "path_most_confirm",
]


def count_by_play(g: nx.Graph, plain: bool = False) -> int:
    """The P-orientations of ``g`` by the direct solver (``plain``: by plain recursion).

    Examples
    --------
    >>> count_by_play(nx.path_graph(5)), count_by_play(nx.star_graph(4), plain=True)
    (2, 1)

    References
    ----------
    *Timber Game with Caterpillars*, §4 (the number of P-positions of a tree).
    """
    if g.number_of_edges() == 0:
        return 1
    ruleset = get_ruleset("timber")
    if plain:
        return sum(play.is_p_position(ruleset, p) for p in orientations(g))
    solver = solver_for(ruleset)
    return sum(solver.outcome(p) == "P" for p in orientations(g))


def binary_sum_brute(n: int, budget: Budget, form: Form = catalan) -> Verdict:
    """Spine ``n``: the sum over the binary caterpillars of their P-orientations, each
    orientation played out, equals ``form(n)``.

    Examples
    --------
    >>> binary_sum_brute(4, Budget()).status
    'holds'

    References
    ----------
    *Timber Game with Caterpillars*, §4 (rule ``binary-sum``).
    """
    total = sum(mult * brute_p_count(k) for k, mult in binary_legs(n))
    if total != form(n):
        return Verdict.refuted(f"spine {n}: {total}", detail=f"the rule says {form(n)}")
    return Verdict.holds(detail=f"sum {total}")


def binary_sum_confirm(n: int, cex: str, form: Form = catalan) -> bool:
    """Replay ``spine n: <sum>``: the sum by plain recursion differs from ``form(n)`` (and
    is the one reported).

    Examples
    --------
    >>> binary_sum_confirm(3, "spine 3: 5"), binary_sum_confirm(3, "spine 3: 5", lambda s: 6)
    (False, True)

    References
    ----------
    *Timber Game with Caterpillars*, §4.
    """
    total = sum(mult * play_p_count(k) for k, mult in binary_legs(n))
    return cex == f"spine {n}: {total}" and total != form(n)


def path_most_brute(n: int, budget: Budget, bound: Form = path_count) -> Verdict:
    """Even ``n >= 4``: every tree with ``n`` edges but the path has fewer than ``bound(n)``
    P-orientations, each orientation played out (the path's own count must be Theorem
    2.5's).

    Examples
    --------
    >>> path_most_brute(6, Budget()).status
    'holds'

    References
    ----------
    *Timber Game with Caterpillars*, §4; *The Game of timber!*, Theorem 2.5.
    """
    if n % 2 or n < 4:
        return Verdict.vacuous("odd n: no tree has a P-orientation" if n % 2 else
                               "at most one tree with n edges")
    for g in all_trees(n):
        c = count_by_play(g)
        if is_path(g):
            if c != path_count(n):
                return Verdict.error(f"play counts {c} for the path, Theorem 2.5 says "
                                     f"{path_count(n)}")
        elif c >= bound(n):
            return Verdict.refuted(tree_text(g), detail=f"{c} P-orientations")
    return Verdict.holds()


def path_most_confirm(n: int, cex: str, bound: Form = path_count) -> bool:
    """Replay ``tree:...``: a tree with ``n`` edges, not a path, with at least ``bound(n)``
    P-orientations by plain recursion.

    Examples
    --------
    >>> path_most_confirm(4, "tree:0-1 0-2 0-3 0-4"), path_most_confirm(
    ...     4, "tree:0-1 0-2 0-3 0-4", lambda n: 1)
    (False, True)

    References
    ----------
    *Timber Game with Caterpillars*, §4.
    """
    g = parse_tree(cex)
    return (g.number_of_edges() == n and nx.is_tree(g) and not is_path(g)
            and count_by_play(g, plain=True) >= bound(n))


