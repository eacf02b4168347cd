"""The ``dp`` methods of the P-count rules: the dynamic programme of the probe
``tree-p-counts`` (:mod:`cgsat.games.tree_counts`), which counts the
P-orientations of a tree from branch states (Lemmas 3.1-3.3 of *The Game of timber!*
applied bottom-up) without playing any position and without SAT.

Used by ``caterpillars.even-edges`` (a tree has a P-orientation iff its number of edges is
even), ``caterpillars.binary-sum`` and ``caterpillars.path-most``. It shares no deciding
code with the SAT methods (kernel encodings) or with exhaustive play; what it shares is the
statement and the scope (:mod:`cgsat.papers.caterpillars.counts`).

A refutation of ``even-edges`` at odd n needs a P-orientation: :func:`p_orientation`
finds one by the same branch-state rule applied to single orientations.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), Lemmas 3.1-3.4, Algorithm 3.5.
.. [2] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber Game with
   Caterpillars*, §4; *Timber game as a counting problem* (2019).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import networkx as nx

from cgsat.claims import Budget, Verdict
from cgsat.games.timber import format as fmt
from cgsat.games.timber import make_position
from cgsat.games.tree_counts import count_p
from cgsat.papers.caterpillars.counts import (
    Form,
    binary_legs,
    catalan,
    is_path,
    path_count,
    tree_text,
)
from cgsat.papers.caterpillars.legs import all_trees, cat_graph

__all__ = ["Arc", "p_orientation", "even_edges_dp", "binary_sum_dp", "path_most_dp"]

Arc = tuple[str, str]


def _state(tree: nx.Graph, arcs: set[Arc], v: str, parent: str | None) -> int | None:
    """The state of the subtree at ``v`` (XOR of its branch states), None if a branch is
    dead (the rule of :mod:`cgsat.games.tree_counts`, one orientation)."""
    x = 0
    for c in tree.adj[v]:
        if c == parent:
            continue
        s = _state(tree, arcs, c, v)
        if s is None:
            return None
        if (v, c) in arcs:
            x ^= s + 1
        elif s == 0:
            return None
        else:
            x ^= s - 1
    return x


def p_orientation(tree: nx.Graph) -> str | None:
    """The first orientation of ``tree`` that the branch-state rule says is a P-position.

    Examples
    --------
    >>> p_orientation(nx.path_graph(3)), p_orientation(nx.path_graph(2))
    ('1>0 1>2', None)

    References
    ----------
    *The Game of timber!*, Lemmas 3.1-3.4 (the rule is Algorithm 3.5 bottom-up).
    """
    g = nx.relabel_nodes(tree, str)
    edges = [(u, v) for u, v in g.edges()]
    root = next(iter(g.nodes))
    for mask in itertools.product((False, True), repeat=len(edges)):
        arcs = {(v, u) if flip else (u, v) for (u, v), flip in zip(edges, mask, strict=True)}
        if _state(g, arcs, root, None) == 0:
            return fmt(make_position(arcs))
    return None


def even_edges_dp(n: int, budget: Budget,
                  has_p: Callable[[int], bool] = lambda m: m % 2 == 0) -> Verdict:
    """Every tree with ``n`` edges has a P-orientation exactly when ``has_p(n)`` (the
    theorem: n even), by the dynamic programme's count of each tree.

    Returns
    -------
    Verdict
        Refuted with ``tree:...`` (a tree with no P-orientation where one is claimed) or a
        P-orientation (where none is claimed).

    Examples
    --------
    >>> even_edges_dp(6, Budget()).status, even_edges_dp(7, Budget()).status
    ('holds', 'holds')
    >>> even_edges_dp(2, Budget(), has_p=lambda m: m % 4 == 0).counterexample
    '0>1 0>2'

    References
    ----------
    Furtado et al., *Timber game as a counting problem* (2019), the even-edges theorem.
    """
    trees = all_trees(n)
    for g in trees:
        has = count_p(g) > 0
        if has != has_p(n):
            return Verdict.refuted(p_orientation(g) or "" if has else tree_text(g))
    return Verdict.holds(detail=f"{len(trees)} trees counted")


def binary_sum_dp(n: int, budget: Budget, form: Form = catalan) -> Verdict:
    """Spine ``n``: the P-orientations of the ``2^n`` binary caterpillars, counted by the
    dynamic programme, sum to ``form(n)``.

    Examples
    --------
    >>> binary_sum_dp(6, Budget()).detail
    '36 leg vectors up to reversal, sum 132'

    References
    ----------
    *Timber Game with Caterpillars*, §4 (rule ``binary-sum`` of the probe).
    """
    legs = list(binary_legs(n))
    total = sum(mult * count_p(cat_graph(k)) for k, mult in legs)
    if total != form(n):
        return Verdict.refuted(f"spine {n}: {total}", detail=f"the rule says {form(n)}")
    return Verdict.holds(detail=f"{len(legs)} leg vectors up to reversal, sum {total}")


def path_most_dp(n: int, budget: Budget, bound: Form = path_count) -> Verdict:
    """Even ``n >= 4``: every tree with ``n`` edges but the path has fewer than ``bound(n)``
    P-orientations, by the dynamic programme (which also checks the path's count against
    Theorem 2.5).

    Examples
    --------
    >>> path_most_dp(8, Budget()).detail
    '47 trees; the path 14, the next 10'

    References
    ----------
    *Timber Game with Caterpillars*, §4; *The Game of timber!*, Theorem 2.5.
    """
    if n % 2 or n < 4:
        return Verdict.vacuous("odd n: no tree has a P-orientation" if n % 2 else
                               "at most one tree with n edges")
    trees = all_trees(n)
    best = 0
    for g in trees:
        c = count_p(g)
        if is_path(g):
            if c != path_count(n):
                return Verdict.error(f"the programme counts {c} for the path, Theorem 2.5 "
                                     f"says {path_count(n)}")
        elif c >= bound(n):
            return Verdict.refuted(tree_text(g), detail=f"{c} P-orientations")
        else:
            best = max(best, c)
    return Verdict.holds(detail=f"{len(trees)} trees; the path {path_count(n)}, the next {best}")
