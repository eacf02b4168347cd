"""Graph families for Phyminoes rules (*The Game of timber!*, Problem 4.3), and the rules.

Problem 4.3 asks for the outcomes of Phyminoes on non-bipartite graphs. The probe
``phyminoes`` tabulates every small graph; this module names the families whose data show
a rule, and states each rule as a function ``n -> (nim-value, misère P)`` (None where the
family has no member with n vertices). The SAT method
(:mod:`~cgsat.papers.timber.phyminoes.sat`) and exhaustive play
(:mod:`~cgsat.papers.timber.phyminoes.brute`) both take the graph and the rule from
here: they share the statement, not the code that decides it.

Why the rules hold (hand proofs, checked by the claims, not assumed by them). In the
``minus-edge`` reading, toppling ``x > y`` makes the edges of y's component of G - xy fall
whose ends have different distances from y in G - xy:

- Odd cycle C_n: G - xy is a path, every edge's ends are at consecutive distances, so one
  move clears the graph: nim-value 1, a misère P-position. In the ``graph`` reading the
  edge opposite y (ends at equal distance in G) stands, and a single edge is left:
  nim-value 0, misère N.
- Odd cycle with a pendant edge cp: toppling a cycle edge clears everything (value 0);
  toppling cp leaves the cycle (c > p: value 1) or the cycle's edge opposite c (p > c:
  value 1), so the value is mex{0, 1} = 2 and the position is misère N.
- Complete graph K_n: in K_n - xy, x is at distance 2 from y and every other vertex at 1,
  so exactly the edges at x or y fall: every option is K_{n-2}, whatever the orientation,
  and K_n has value 1 iff n = 2, 3 (mod 4) (misère P likewise). In the ``graph`` reading x
  is at distance 1, only y's edges fall, every option is K_{n-1}: value 1 iff n is even.
- K_n minus an edge ab (``minus-edge``), n even: its options are K_{n-2} - ab (toppling an
  edge away from a and b), K_{n-2} (an arc out of a or b) and K_{n-3} plus a separate edge
  (an arc into a or b), and induction on the K_n values gives one value in every
  orientation: 2 at n = 4, then 1 iff n = 2 (mod 4). For odd n the options K_{n-2} - ab
  differ between orientations (K_3 - ab is a path), and so do the values (n = 5).

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §4, Problem 4.3 (Phyminoes).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import networkx as nx

__all__ = [
    "Rule",
    "Family",
    "odd_cycle",
    "odd_cycle_pendant",
    "complete",
    "complete_minus_edge",
    "odd_cycle_rule",
    "odd_cycle_pendant_rule",
    "complete_rule",
    "complete_minus_edge_rule",
    "FAMILIES",
    "expected",
]

Rule = Callable[[int], "tuple[int, bool] | None"]
"""``rule(n)``: the (nim-value, misère P) the family's member with n vertices has in every
orientation, or None where the family has no member with n vertices."""


@dataclass(frozen=True)
class Family:
    """A family of graphs, one per number of vertices where it has a member.

    ``graph(n)`` is the member with n vertices; ``rules`` maps a reading of the distances
    (``minus-edge``, ``graph``) to the rule claimed for that reading.
    """

    name: str
    words: str
    graph: Callable[[int], nx.Graph]
    rules: dict[str, Rule]


def odd_cycle(n: int) -> nx.Graph:
    """The cycle C_n (n odd, at least 3).

    Examples
    --------
    >>> sorted(odd_cycle(3).edges())
    [(0, 1), (0, 2), (1, 2)]

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    return nx.cycle_graph(n)


def odd_cycle_pendant(n: int) -> nx.Graph:
    """The odd cycle C_{n-1} with a pendant edge at vertex 0 (n even, at least 4).

    Examples
    --------
    >>> sorted(odd_cycle_pendant(4).edges())
    [(0, 1), (0, 2), (0, 3), (1, 2)]

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    g = nx.cycle_graph(n - 1)
    g.add_edge(0, n - 1)
    return g


def complete(n: int) -> nx.Graph:
    """The complete graph K_n.

    Examples
    --------
    >>> complete(4).number_of_edges()
    6

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    return nx.complete_graph(n)


def complete_minus_edge(n: int) -> nx.Graph:
    """K_n without the edge 0-1.

    Examples
    --------
    >>> complete_minus_edge(4).number_of_edges()
    5

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    g = nx.complete_graph(n)
    g.remove_edge(0, 1)
    return g


def odd_cycle_rule(reading: str) -> Rule:
    """Odd cycles: (1, misère P) in the ``minus-edge`` reading, (0, misère N) in ``graph``.

    Examples
    --------
    >>> odd_cycle_rule("minus-edge")(5), odd_cycle_rule("graph")(5), odd_cycle_rule("graph")(4)
    ((1, True), (0, False), None)

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    def rule(n: int) -> tuple[int, bool] | None:
        if n < 3 or n % 2 == 0:
            return None
        return (1, True) if reading == "minus-edge" else (0, False)
    return rule


def odd_cycle_pendant_rule(n: int) -> tuple[int, bool] | None:
    """An odd cycle with a pendant edge (n vertices, n even): nim-value 2, misère N.

    Examples
    --------
    >>> odd_cycle_pendant_rule(6), odd_cycle_pendant_rule(5)
    ((2, False), None)

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    if n < 4 or n % 2:
        return None
    return (2, False)


def complete_rule(reading: str) -> Rule:
    """K_n: value 1 and misère P iff n = 2, 3 (mod 4) (``minus-edge``) or n even (``graph``);
    else value 0 and misère N.

    Examples
    --------
    >>> [complete_rule("minus-edge")(n)[0] for n in range(2, 10)]
    [1, 1, 0, 0, 1, 1, 0, 0]
    >>> [complete_rule("graph")(n)[0] for n in range(2, 8)]
    [1, 0, 1, 0, 1, 0]

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    def rule(n: int) -> tuple[int, bool] | None:
        if n < 2:
            return None
        one = n % 4 in (2, 3) if reading == "minus-edge" else n % 2 == 0
        return (1, True) if one else (0, False)
    return rule


def complete_minus_edge_rule(n: int) -> tuple[int, bool] | None:
    """K_n minus an edge, n even (``minus-edge``): nim-value 2 at n = 4, else 1 iff
    n = 2 (mod 4); misère P iff the value is 1.

    Examples
    --------
    >>> [complete_minus_edge_rule(n) for n in (4, 5, 6, 8)]
    [(2, False), None, (1, True), (0, False)]

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    if n < 4 or n % 2:
        return None
    if n == 4:
        return (2, False)
    return (1, True) if n % 4 == 2 else (0, False)


FAMILIES: dict[str, Family] = {
    "odd-cycle": Family("odd-cycle", "the odd cycle C_n", odd_cycle,
                        {"minus-edge": odd_cycle_rule("minus-edge"),
                         "graph": odd_cycle_rule("graph")}),
    "odd-cycle-pendant": Family("odd-cycle-pendant",
                                "the odd cycle C_{n-1} with one pendant edge",
                                odd_cycle_pendant, {"minus-edge": odd_cycle_pendant_rule}),
    "complete": Family("complete", "the complete graph K_n", complete,
                       {"minus-edge": complete_rule("minus-edge"),
                        "graph": complete_rule("graph")}),
    "complete-minus-edge": Family("complete-minus-edge", "K_n minus one edge",
                                  complete_minus_edge,
                                  {"minus-edge": complete_minus_edge_rule}),
}
"""The families with a rule, by name (the claims ``timber.phyminoes-<name>``)."""


def expected(family: Family, n: int) -> dict[str, tuple[int, bool]]:
    """The readings whose rule covers n, with the (nim-value, misère P) claimed.

    Examples
    --------
    >>> expected(FAMILIES["complete"], 6)
    {'minus-edge': (1, True), 'graph': (1, True)}

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    out = {}
    for reading, rule in family.rules.items():
        want = rule(n)
        if want is not None:
            out[reading] = want
    return out
