"""Lemma 3.4 of *The Game of timber!*: the empty tree is the only minimal P-position.

A tree position is *minimal* when neither reduction applies to it (§3):

- Lemma 3.2: no vertex x of degree 2 has both of its arcs leaving it ((x, y) and (x, z),
  a "peak");
- Lemma 3.3: no vertex w has two leaf paths (each vertex but the leaf of degree 2) whose
  arcs all point away from w.

Lemma 3.4 says every minimal tree position with at least one arc is an N-position. The
kit states it as ``every(minimal_is_n)`` over ``trees()`` (the derived method, ``play``,
asks the direct solver); the paper's second method here, ``alg3.5``, asks Algorithm 3.5
(:mod:`cgsat.cgt.timber_trees`) for the outcome of each minimal orientation instead. They
share the tree shapes and this module's minimality test; a refutation is replayed by the
generic solver.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §3, Lemmas 3.2, 3.3 and 3.4.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING

from cgsat.cgt import timber_trees
from cgsat.cgt.impartial import ImpartialSolver
from cgsat.claims import Budget, Verdict
from cgsat.games import get_ruleset
from cgsat.games.oriented import oriented_trees
from cgsat.games.timber import format as fmt
from cgsat.games.timber import parse

if TYPE_CHECKING:
    from cgsat.kit import Position

__all__ = ["is_minimal", "minimal_is_n", "by_algorithm35", "confirm_lemma34"]


def is_minimal(arcs: Iterable[tuple[object, object]]) -> bool:
    """Whether a tree position is minimal: neither Lemma 3.2 nor Lemma 3.3 applies.

    Parameters
    ----------
    arcs : iterable of (x, y)
        The arcs of an oriented tree.

    Returns
    -------
    bool

    Examples
    --------
    >>> is_minimal([(1, 0), (1, 2)])          # a peak at 1 (Lemma 3.2)
    False
    >>> is_minimal([(0, 1), (1, 2)])          # one leaf path away from 0 only
    True
    >>> is_minimal([(0, 1), (0, 2), (0, 3)])  # two leaf paths away from 0 (Lemma 3.3)
    False

    References
    ----------
    *The Game of timber!*, §3 (minimal positions), Lemmas 3.2 and 3.3.
    """
    out: dict[object, set[object]] = defaultdict(set)
    nbrs: dict[object, set[object]] = defaultdict(set)
    for x, y in arcs:
        out[x].add(y)
        nbrs[x].add(y)
        nbrs[y].add(x)
    for x, ns in nbrs.items():
        if len(ns) == 2 and out[x] == ns:
            return False  # Lemma 3.2: a degree-2 vertex with both arcs out
    for w, ns in nbrs.items():
        away = 0
        for u in ns:
            prev, cur, ok = w, u, u in out[w]
            while ok and len(nbrs[cur]) == 2:
                nxt = next(v for v in nbrs[cur] if v != prev)
                ok = nxt in out[cur]
                prev, cur = cur, nxt
            away += ok and len(nbrs[cur]) == 1
        if away >= 2:
            return False  # Lemma 3.3: two leaf paths directed away from w
    return True


def minimal_is_n(p: Position) -> bool:
    """Lemma 3.4 at ``p``: true unless ``p`` is minimal, has an arc, and is not N.

    Examples
    --------
    >>> from cgsat.kit import Position, trees
    >>> minimal_is_n(Position(trees(), "0>1 1>2", 2))
    True

    References
    ----------
    *The Game of timber!*, Lemma 3.4.
    """
    arcs = parse(p.text)
    return not arcs or not is_minimal(arcs) or p.outcome == "N"


def by_algorithm35(n: int, budget: Budget) -> Verdict:
    """Every minimal orientation of every tree with n edges is N by Algorithm 3.5.

    Examples
    --------
    >>> by_algorithm35(4, Budget()).detail
    '17 minimal orientations, all N'

    References
    ----------
    *The Game of timber!*, Lemma 3.4 and Algorithm 3.5.
    """
    count = 0
    for tree in oriented_trees(n):
        if n and is_minimal(tree):
            count += 1
            if timber_trees.outcome(tree) != "N":
                return Verdict.refuted(fmt(tree), detail="a minimal P-position")
    return Verdict.holds(detail=f"{count} minimal orientations, all N")


def confirm_lemma34(n: int, counterexample: str) -> bool:
    """Replay: a minimal tree with n arcs that the generic solver calls P.

    Examples
    --------
    >>> confirm_lemma34(2, "1>0 1>2"), confirm_lemma34(2, "0>1 1>2")
    (False, False)

    References
    ----------
    *The Game of timber!*, Lemma 3.4.
    """
    arcs = parse(counterexample) if counterexample not in ("", "()") else frozenset()
    rs = get_ruleset("timber")
    return (len(arcs) == n > 0 and is_minimal(arcs)
            and ImpartialSolver(rs).nim_value(rs.parse(counterexample)) == 0)
