"""The brute methods of the caterpillar claims and the replays of their counterexamples.

Every orientation is enumerated with :mod:`cgsat.games.oriented` and solved by exhaustive
play (the direct solver, :mod:`cgsat.cgt.impartial` on :mod:`cgsat.games.timber`). This
side shares no encoding code with :mod:`.sat`. The ``*_confirm`` functions replay a
counterexample (from either method) by plain recursion on the position
(:mod:`cgsat.cgt.play`), not by the solver the brute methods use.

References
----------
.. [1] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber Game with
   Caterpillars*, Theorems 3.1-3.3, Corollaries 3.4-3.5.
.. [2] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber game as a counting
   problem*, Discrete Applied Mathematics 261 (2019).
"""

from __future__ import annotations

from functools import cache
from typing import cast

import networkx as nx

from cgsat.cgt import play
from cgsat.cgt.impartial import ImpartialSolver, solver_for
from cgsat.claims import Budget, Verdict
from cgsat.games import get_ruleset
from cgsat.games.oriented import orientations
from cgsat.games.timber import Arc, parse
from cgsat.games.timber import format as fmt
from cgsat.papers.caterpillars.legs import (
    all_trees,
    cat_graph,
    cat_text,
    caterpillar_trees,
    cor34_even,
    cor34_odd,
    cor35_path,
    double_brooms,
    is_caterpillar,
    mod2,
    parse_cat,
    thm33_pairs,
)
from cgsat.papers.timber.trees.brute import leaf_arc_brute

__all__ = [
    "Position",
    "brute_p_count",
    "brute_path_p_count",
    "play_p_count",
    "thm31_brute",
    "thm31_confirm",
    "thm32_brute",
    "thm32_confirm",
    "thm33_brute",
    "thm33_confirm",
    "cor34_brute",
    "cor34_confirm",
    "cor35_brute",
    "cor35_confirm",
    "even_edges_brute",
    "even_edges_confirm",
    "is_p",
]

Position = frozenset[Arc]


def _solver() -> ImpartialSolver:
    """The shared memoized direct solver of Timber."""
    return solver_for(get_ruleset("timber"))


def _first_p(g: nx.Graph) -> Position | None:
    """The first orientation of ``g`` that is a P-position, or None."""
    solver = _solver()
    for p in orientations(g):
        if solver.outcome(p) == "P":
            return p
    return None


def _leaf_out(position: Position, g: nx.Graph) -> bool:
    """Whether some leaf of ``g`` has its arc pointing away from it in ``position``."""
    leaves = {str(v) for v in g if g.degree(v) == 1}
    return any(x in leaves for x, _ in position)


@cache
def brute_p_count(k: tuple[int, ...]) -> int:
    """The number of P-positions of ``cat(k)``, by exhaustive play on every orientation.

    Examples
    --------
    >>> brute_p_count((2, 0, 0)), brute_p_count((1, 1))
    (1, 0)

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorem 3.3 (``#P(cat(k))``).
    """
    solver = _solver()
    return sum(solver.outcome(p) == "P" for p in orientations(cat_graph(k)))


@cache
def brute_path_p_count(vertices: int) -> int:
    """The number of P-positions of the path with this many vertices (1 for no vertex).

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Corollaries 3.4 (i) and 3.5.
    """
    return brute_p_count((0,) * vertices) if vertices >= 1 else 1


def _p_by_play(p: Position) -> bool:
    """Whether ``p`` is a P-position, by plain recursion (the replays' solver)."""
    return play.is_p_position(get_ruleset("timber"), p)


@cache
def play_p_count(k: tuple[int, ...]) -> int:
    """The number of P-positions of ``cat(k)`` (the path for ``k = ()``: 1), by plain
    recursion on every orientation: the replays' count, independent of
    :func:`brute_p_count`'s solver.

    Examples
    --------
    >>> play_p_count((2, 0, 0)), play_p_count((1, 1)), play_p_count(())
    (1, 0, 1)

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorem 3.3 (``#P(cat(k))``).
    """
    if not k:
        return 1
    return sum(_p_by_play(p) for p in orientations(cat_graph(k)))


# ------------------------------------------------------------------ Theorem 3.1
def thm31_brute(n: int, budget: Budget) -> Verdict:
    """Every orientation of every caterpillar with n edges that has a leaf arc pointing away
    from its leaf is an N-position (exhaustive play).

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorem 3.1 (the check is
    ``leaf_arc_brute`` of *The Game of timber!*, Lemma 3.1).
    """
    return leaf_arc_brute(caterpillar_trees(n))


def thm31_confirm(n: int, cex: str) -> bool:
    """Replay: ``cex`` is a P-position of a caterpillar with n edges with a leaf arc out.

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorem 3.1.
    """
    p = parse(cex)
    g = nx.Graph(list(p))
    return (
        g.number_of_edges() == n and nx.is_tree(g) and is_caterpillar(g)
        and _leaf_out(p, g) and _p_by_play(p)
    )


# ------------------------------------------------------------------ Theorem 3.2
def thm32_brute(n: int, budget: Budget) -> Verdict:
    """No orientation of ``cat(1, ..., 1)`` with n edges is a P-position (vacuous at even n).

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorem 3.2.
    """
    if n % 2 == 0:
        return Verdict.vacuous(f"no cat(1,...,1) has {n} edges")
    p = _first_p(cat_graph((1,) * ((n + 1) // 2)))
    return Verdict.refuted(fmt(p)) if p is not None else Verdict.holds()


def thm32_confirm(n: int, cex: str) -> bool:
    """Replay: ``cex`` is a P-position of the caterpillar 1 with n edges.

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorem 3.2.
    """
    p = parse(cex)
    g = nx.Graph(list(p))
    return (
        n % 2 == 1 and nx.is_isomorphic(g, cat_graph((1,) * ((n + 1) // 2)))
        and _p_by_play(p)
    )


# ------------------------------------------------------------------ Theorem 3.3
def thm33_brute(n: int, budget: Budget) -> Verdict:
    """``#P(cat(k)) = #P(cat(k mod 2))`` for every k with n edges and some ``k_i >= 2``.

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorem 3.3.
    """
    checked = 0
    for s in range(1, n + 2):
        for k, k2 in thm33_pairs(n, s):
            checked += 1
            if brute_p_count(k) != brute_p_count(k2):
                return Verdict.refuted(cat_text(k))
    if not checked:
        return Verdict.vacuous(f"no caterpillar with a leg count >= 2 has {n} edges")
    return Verdict.holds(detail=f"{checked} caterpillars")


def thm33_confirm(n: int, cex: str) -> bool:
    """Replay: ``cex = cat(k)`` has n edges and ``#P(cat(k)) != #P(cat(k mod 2))``.

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorem 3.3.
    """
    k = parse_cat(cex)
    return len(k) - 1 + sum(k) == n and play_p_count(k) != play_p_count(mod2(k))


# ------------------------------------------------------------------ Corollary 3.4
def cor34_brute(n: int, budget: Budget) -> Verdict:
    """(i) all-even k: ``#P(cat(k)) = #P(path with s vertices)``; (ii) all-odd k: no
    orientation of ``cat(k)`` is a P-position; for every k with n edges.

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Corollary 3.4.
    """
    checked = 0
    for s in range(1, n + 2):
        for k in cor34_even(n, s):
            checked += 1
            if brute_p_count(k) != brute_path_p_count(s):
                return Verdict.refuted(cat_text(k))
        for k in cor34_odd(n, s):
            checked += 1
            p = _first_p(cat_graph(k))
            if p is not None:
                return Verdict.refuted(fmt(p))
    if not checked:
        return Verdict.vacuous(f"no all-even or all-odd caterpillar has {n} edges")
    return Verdict.holds(detail=f"{checked} caterpillars")


def cor34_confirm(n: int, cex: str) -> bool:
    """Replay: ``cex`` is an all-even ``cat(k)`` with a wrong count (i), or a P-position of
    an all-odd caterpillar (ii), with n edges.

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Corollary 3.4.
    """
    if cex.startswith("cat("):
        k = parse_cat(cex)
        return (len(k) - 1 + sum(k) == n and all(x % 2 == 0 for x in k)
                and play_p_count(k) != play_p_count((0,) * len(k)))
    p = parse(cex)
    g = nx.Graph(list(p))
    odd = any(nx.is_isomorphic(g, cat_graph(k)) for s in range(1, n + 2) for k in cor34_odd(n, s))
    return odd and _p_by_play(p)


# ------------------------------------------------------------------ Corollary 3.5
def cor35_brute(n: int, budget: Budget) -> Verdict:
    """Every double broom with n edges (s >= 2) has as many P-positions as the path with
    ``s + k1 mod 2 + ks mod 2`` vertices.

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Corollary 3.5.
    """
    checked = 0
    for s in range(2, n + 2):
        for k in double_brooms(n, s):
            checked += 1
            if brute_p_count(k) != brute_path_p_count(cor35_path(k)):
                return Verdict.refuted(cat_text(k))
    if not checked:
        return Verdict.vacuous(f"no double broom with {n} edges")
    return Verdict.holds(detail=f"{checked} double brooms")


def cor35_confirm(n: int, cex: str) -> bool:
    """Replay: ``cex`` is a double broom with n edges whose count differs from the path's.

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Corollary 3.5.
    """
    k = parse_cat(cex)
    return (len(k) >= 2 and len(k) - 1 + sum(k) == n and not any(k[1:-1])
            and play_p_count(k) != play_p_count((0,) * cor35_path(k)))


# ------------------------------------------------------------------ even edges (2019)
def even_edges_brute(n: int, budget: Budget) -> Verdict:
    """Even n: every tree with n edges has a P-orientation; odd n: no orientation of any
    tree with n edges is a P-position (exhaustive play).

    References
    ----------
    Furtado et al., *Timber game as a counting problem* (2019), the even-edges theorem.
    """
    solver = _solver()
    for g in all_trees(n):
        if n % 2 == 0:
            if _first_p(g) is None:
                return Verdict.refuted("tree:" + " ".join(f"{u}-{v}" for u, v in g.edges()))
        else:
            for p in orientations(g):
                if solver.outcome(p) == "P":
                    return Verdict.refuted(fmt(p))
    return Verdict.holds()


def even_edges_confirm(n: int, cex: str) -> bool:
    """Replay: ``tree:...`` is a tree with n (even) edges and no P-orientation, or ``cex``
    is a P-position of a tree with n (odd) edges.

    References
    ----------
    Furtado et al., *Timber game as a counting problem* (2019), the even-edges theorem.
    """
    if cex.startswith("tree:"):
        g = cast("nx.Graph[str]", nx.Graph([tuple(e.split("-")) for e in cex[5:].split()]))  # type: ignore[misc]  # "u-v": pairs
        return (n % 2 == 0 and g.number_of_edges() == n and nx.is_tree(g)
                and not any(_p_by_play(p) for p in orientations(g)))
    p = parse(cex)
    g = nx.Graph(list(p))
    return n % 2 == 1 and g.number_of_edges() == n and nx.is_tree(g) and _p_by_play(p)


def is_p(position: str) -> bool:
    """Whether an oriented tree (``timber`` syntax) is a P-position, by the direct solver.

    The oracle of the sample controls of the SAT methods (passed to them by
    ``functools.partial`` in the claims): the memoized
    :class:`cgsat.cgt.impartial.ImpartialSolver` on ``timber``.

    Examples
    --------
    >>> is_p("1>0 1>2"), is_p("0>1")
    (True, False)

    References
    ----------
    Furtado et al., *Timber Game with Caterpillars*, Theorems 3.2-3.3, Corollaries 3.4-3.5;
    *Timber game as a counting problem* (2019), the even-edges theorem.
    """
    return _solver().outcome(parse(position)) == "P"
