"""Timber on trees by exhaustive play: Lemmas 3.1-3.3 and Algorithm 3.5 of *The Game of
timber!* §3.

Every orientation of every tree with n edges is played out by the direct solver
(:mod:`cgsat.cgt.impartial` on :mod:`cgsat.games.timber`); Algorithm 3.5 is
:mod:`cgsat.cgt.timber_trees`. The reductions of Lemmas 3.2 and 3.3 are applied to
positions here (:func:`flatten`, :func:`merge`). The counterexamples of either method are
replayed with the same reductions but with outcomes and nim-values by plain recursion on
the position (:mod:`cgsat.cgt.play`), not by the solver above. This module imports no
encoding and no SAT code.

How the statements are read
---------------------------
- Lemma 3.1: if a leaf ``v`` with neighbour ``x`` carries the arc ``(v, x)`` (pointing
  away from the leaf), the position is an N-position.
- Lemma 3.2: if a vertex ``x`` of degree exactly 2 carries the arcs ``(x, y)`` and
  ``(x, z)``, removing ``x`` and identifying ``y`` with ``z`` preserves the outcome. (The
  paper's ``E(T_t) = E(T^1_t) ∪ {(x,y),(x,z)} ∪ E(T^1_t)`` has a typo: the second
  ``T^1`` is ``T^2``.)
- Lemma 3.3: two leaf paths at a vertex ``w`` of lengths ``a, b >= 1``, both directed away
  from ``w``, can be replaced by one path of length ``a XOR b`` directed away from ``w``;
  the outcome is preserved, and so is the nim-value (the paper's remark in §4).
- Algorithm 3.5 gives the outcome of every oriented tree, and, for an N-position, a
  winning move.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §3: Lemmas 3.1-3.3, Algorithm 3.5, and §4 (values).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import networkx as nx

from cgsat.cgt import play
from cgsat.cgt import timber_trees as algorithm
from cgsat.cgt.impartial import ImpartialSolver, solver_for
from cgsat.claims import Budget, Verdict
from cgsat.games import get_ruleset
from cgsat.games.oriented import orientations, oriented_trees
from cgsat.games.shapes import graph_of, lemma33_cases, trees
from cgsat.games.timber import arc_sort_key, make_position, options, parse
from cgsat.games.timber import format as fmt

__all__ = [
    "leaf_arc_brute",
    "lemma31",
    "confirm_lemma31",
    "flatten",
    "lemma32",
    "confirm_lemma32",
    "merge",
    "lemma33",
    "confirm_lemma33",
    "algorithm35",
    "confirm_algorithm35",
]


def _solver() -> ImpartialSolver:
    """The shared direct solver of Timber."""
    return solver_for(get_ruleset("timber"))


def _outcome_by_play(position: Any) -> str:
    """The normal-play outcome by plain recursion (the replays' solver)."""
    return play.impartial_outcome(get_ruleset("timber"), position)


def _nim_by_play(position: Any) -> int:
    """The nim-value by plain recursion (the replays' solver)."""
    return play.nim_value(get_ruleset("timber"), position)


def _leaf_out(position: Any) -> bool:
    """Whether some arc of ``position`` leaves a leaf."""
    g = graph_of(position)
    return any(g.degree(x) == 1 for x, _ in position)


# ------------------------------------------------------------------ Lemma 3.1
def leaf_arc_brute(graphs: Iterable[nx.Graph]) -> Verdict:
    """Every orientation of these shapes with a leaf arc pointing away from its leaf is N.

    Parameters
    ----------
    graphs : iterable of networkx.Graph
        Tree shapes.

    Returns
    -------
    Verdict
        ``refuted`` with a P-position that has such a leaf arc.

    Examples
    --------
    >>> leaf_arc_brute(trees(4)).status
    'holds'

    References
    ----------
    *The Game of timber!*, Lemma 3.1.
    """
    solver = _solver()
    for g in graphs:
        for p in orientations(g):
            if _leaf_out(p) and solver.outcome(p) == "P":
                return Verdict.refuted(fmt(p))
    return Verdict.holds()


def lemma31(n: int, budget: Budget) -> Verdict:
    """Lemma 3.1 on every orientation of every tree with n edges, by play.

    Parameters
    ----------
    n : int
        The number of edges.
    budget : Budget
        Unused (no solver).

    Returns
    -------
    Verdict

    Examples
    --------
    >>> lemma31(3, Budget()).status
    'holds'

    References
    ----------
    *The Game of timber!*, Lemma 3.1.
    """
    return leaf_arc_brute(trees(n))


def confirm_lemma31(n: int, counterexample: str) -> bool:
    """Replay a refutation of Lemma 3.1: a tree with n edges, a leaf arc out, and P.

    Parameters
    ----------
    n : int
        The number of edges.
    counterexample : str
        An oriented tree in ``timber`` syntax.

    Returns
    -------
    bool

    Examples
    --------
    >>> confirm_lemma31(2, "1>0 1>2")  # a P-position, but no leaf arc out
    False

    References
    ----------
    *The Game of timber!*, Lemma 3.1.
    """
    p = parse(counterexample)
    g = graph_of(p)
    return (g.number_of_edges() == n and nx.is_tree(g) and _leaf_out(p)
            and _outcome_by_play(p) == "P")


# ------------------------------------------------------------------ Lemma 3.2
def flatten(position: Any, x: str) -> Any:
    """Lemma 3.2's reduction on a Timber position.

    ``x`` has degree 2 and arcs ``(x, y)``, ``(x, z)`` (``y`` before ``z`` in the printing
    order); remove ``x`` and identify ``z`` with ``y``.

    Parameters
    ----------
    position : frozenset of arcs
        A Timber position.
    x : str
        A vertex.

    Returns
    -------
    frozenset of arcs or None
        None if ``x`` is no such vertex.

    Examples
    --------
    >>> fmt(flatten(parse("1>0 1>2 2>3"), "1"))
    '0>3'

    References
    ----------
    *The Game of timber!*, Lemma 3.2.
    """
    at = sorted(((u, v) for u, v in position if x in (u, v)), key=arc_sort_key)
    if len(at) != 2 or any(u != x for u, _ in at):
        return None
    (_, y), (_, z) = at
    rest = [(y if u == z else u, y if v == z else v) for u, v in position if x not in (u, v)]
    return make_position(rest)


def _lemma32_bad_vertex(p: Any, outcome: Any = None) -> str | None:
    """A vertex whose flattening changes the outcome of ``p``, or None (outcomes by
    ``outcome``, default the direct solver)."""
    outcome = outcome or _solver().outcome
    for x in sorted({u for u, _ in p}):
        q = flatten(p, x)
        if q is not None and outcome(p) != outcome(q):
            return x
    return None


def lemma32(n: int, budget: Budget) -> Verdict:
    """Lemma 3.2 on every orientation of every tree with n edges, by play.

    Parameters
    ----------
    n : int
        The number of edges.
    budget : Budget
        Unused (no solver).

    Returns
    -------
    Verdict

    Examples
    --------
    >>> lemma32(4, Budget()).status
    'holds'

    References
    ----------
    *The Game of timber!*, Lemma 3.2.
    """
    for p in oriented_trees(n):
        if _lemma32_bad_vertex(p) is not None:
            return Verdict.refuted(fmt(p))
    return Verdict.holds()


def confirm_lemma32(n: int, counterexample: str) -> bool:
    """Replay a refutation of Lemma 3.2: a tree with n edges whose flattening at some
    vertex changes the outcome.

    Parameters
    ----------
    n : int
        The number of edges.
    counterexample : str
        An oriented tree in ``timber`` syntax.

    Returns
    -------
    bool

    Examples
    --------
    >>> confirm_lemma32(3, "1>0 1>2 2>3")
    False

    References
    ----------
    *The Game of timber!*, Lemma 3.2.
    """
    p = parse(counterexample)
    g = graph_of(p)
    return (g.number_of_edges() == n and nx.is_tree(g)
            and _lemma32_bad_vertex(p, _outcome_by_play) is not None)


# ------------------------------------------------------------------ Lemma 3.3
def merge(position: Any, w: str, p1: list[str], p2: list[str]) -> Any:
    """Lemma 3.3's reduction on a Timber position.

    Replace the leaf paths ``w p1`` and ``w p2`` (directed away from ``w``) by one path of
    length ``len(p1) XOR len(p2)`` from ``w``.

    Parameters
    ----------
    position : frozenset of arcs
        A Timber position.
    w : str
        The common vertex.
    p1, p2 : list of str
        The two leaf paths, from w's neighbour to the leaf.

    Returns
    -------
    frozenset of arcs or None
        None if the paths are not directed away from ``w``.

    Examples
    --------
    >>> fmt(merge(parse("0>1 0>2 2>3 0>4"), "0", ["2", "3"], ["4"]))
    '0>1 0>m1 m1>m2 m2>m3'

    References
    ----------
    *The Game of timber!*, Lemma 3.3.
    """
    arcs = set(position)
    for path in (p1, p2):
        chain = [w] + path
        for a, b in zip(chain, chain[1:], strict=False):
            if (a, b) not in arcs:
                return None
            arcs.discard((a, b))
    c = len(p1) ^ len(p2)
    chain = [w] + [f"m{i}" for i in range(1, c + 1)]
    arcs |= set(zip(chain, chain[1:], strict=False))
    return make_position(arcs)


def _lemma33_bad(p: Any, nim: Any = None) -> str | None:
    """A description of a merge that changes the nim-value of ``p``, or None (nim-values
    by ``nim``, default the direct solver)."""
    nim = nim or _solver().nim_value
    g = graph_of(p)
    for w, p1, p2 in lemma33_cases(g):
        q = merge(p, w, p1, p2)
        if q is None:
            continue
        a, b = nim(p), nim(q)
        if a != b:
            return f"w={w}: nim-value {a} before, {b} after"
    return None


def lemma33(n: int, budget: Budget) -> Verdict:
    """Lemma 3.3 (nim-value, hence outcome) on every orientation of every tree with n
    edges, by play.

    Parameters
    ----------
    n : int
        The number of edges.
    budget : Budget
        Unused (no solver).

    Returns
    -------
    Verdict

    Examples
    --------
    >>> lemma33(4, Budget()).status
    'holds'

    References
    ----------
    *The Game of timber!*, Lemma 3.3 and §4.
    """
    for p in oriented_trees(n):
        if _lemma33_bad(p) is not None:
            return Verdict.refuted(fmt(p), detail=_lemma33_bad(p))
    return Verdict.holds()


def confirm_lemma33(n: int, counterexample: str) -> bool:
    """Replay a refutation of Lemma 3.3: a tree with n edges where a merge changes the
    nim-value.

    Parameters
    ----------
    n : int
        The number of edges.
    counterexample : str
        An oriented tree in ``timber`` syntax.

    Returns
    -------
    bool

    Examples
    --------
    >>> confirm_lemma33(3, "0>1 0>2 2>3")
    False

    References
    ----------
    *The Game of timber!*, Lemma 3.3.
    """
    p = parse(counterexample)
    g = graph_of(p)
    return g.number_of_edges() == n and nx.is_tree(g) and _lemma33_bad(p, _nim_by_play) is not None


# ------------------------------------------------------------------ Algorithm 3.5
def _algorithm_disagrees(p: Any, outcome: Any = None) -> str | None:
    """Why Algorithm 3.5 is wrong on ``p`` (outcome or winning move), or None (outcomes of
    play by ``outcome``, default the direct solver)."""
    outcome = outcome or _solver().outcome
    alg = algorithm.outcome(p)
    by_play = outcome(p)
    if alg != by_play:
        return f"Algorithm 3.5 says {alg}, play says {by_play}"
    if by_play == "N":
        move = algorithm.winning_move(p)
        followers = dict(options(p))
        if move not in followers or outcome(followers[move]) != "P":
            return f"Algorithm 3.5's move {move} does not win"
    return None


def algorithm35(n: int, budget: Budget) -> Verdict:
    """Algorithm 3.5 against exhaustive play on every orientation of every tree with n
    edges: the outcome, and that its winning move leads to a P-position.

    Parameters
    ----------
    n : int
        The number of edges.
    budget : Budget
        Unused (no solver).

    Returns
    -------
    Verdict

    Examples
    --------
    >>> algorithm35(4, Budget()).status
    'holds'

    References
    ----------
    *The Game of timber!*, Algorithm 3.5.
    """
    for p in oriented_trees(n):
        why = _algorithm_disagrees(p)
        if why is not None:
            return Verdict.refuted(fmt(p), detail=why)
    return Verdict.holds()


def confirm_algorithm35(n: int, counterexample: str) -> bool:
    """Replay a refutation of Algorithm 3.5: an oriented tree with n edges on which its
    outcome or its winning move is wrong.

    Parameters
    ----------
    n : int
        The number of edges.
    counterexample : str
        An oriented tree in ``timber`` syntax (``()`` for the empty tree).

    Returns
    -------
    bool

    Examples
    --------
    >>> confirm_algorithm35(3, "0>1 1>2 1>3")
    False

    References
    ----------
    *The Game of timber!*, Algorithm 3.5.
    """
    p = parse(counterexample)
    g = graph_of(p)
    return (g.number_of_edges() == n and (n == 0 or nx.is_tree(g))
            and _algorithm_disagrees(p, _outcome_by_play) is not None)
