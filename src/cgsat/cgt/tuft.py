"""The Tuft (colon) principle: nim-values of Lumberjack positions without search.

For a rooted tree ``T`` with root ``r``, let ``T_c`` be the subtree above a child ``c`` of
``r`` (rooted at ``c``). Then

    g(T) = XOR over the children c of r of (1 + g(T_c)),

with ``+`` ordinary integer addition: the branch ``c`` sitting on its edge ``rc`` is
worth the stalk of height ``1 + g(T_c)`` (the colon principle), and the branches at ``r``
are a disjunctive sum. A forest is the nim-sum of its trees, which is the same formula
with the trees' roots identified.

``lumberjack.txt`` (§4.2) applies the principle to examples (Figures 4.2.5 and 4.2.6:
"replace these two branches with a single branch ...") and defers the proof, but never
states the formula itself; the statement above is ours, and the test suite checks it
against plain recursion (:mod:`cgsat.cgt.impartial`) on every rooted tree with at most
10 edges and on random larger trees.

References
----------
.. [1] ``lumberjack.txt``, §4.2, "the Tuft Principle" (worked examples G_1, G_2 of
   Figure 4.2.1: g(G_1) = 5, g(G_2) = 3) and the family T_k of Figure 4.2.2.
.. [2] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, Vol. 1, ch. 7 (the colon
   principle for green Hackenbush).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from cgsat.games import lumberjack
from cgsat.games import rooted_trees as rt

__all__ = ["tuft_nim_value", "tuft_winning_moves", "winning_edges"]


def tuft_nim_value(tree_or_forest: Sequence[int] | Sequence[Sequence[int]] | str) -> int:
    """The nim-value of a Lumberjack tree or forest by the Tuft principle.

    Parameters
    ----------
    tree_or_forest : tuple of int, sequence of such tuples, or str
        A rooted tree as a parent tuple (:mod:`cgsat.games.rooted_trees`: entry ``i-1`` is
        the parent of vertex ``i``, the root is 0); a forest as a sequence of such trees;
        or a position in ``lumberjack`` syntax.

    Returns
    -------
    int
        g(T) = XOR over the root's children c of (1 + g(T_c)); for a forest, the XOR of
        its trees' values.

    Examples
    --------
    >>> tuft_nim_value((0, 1, 2))  # a stalk of 3 edges is *3
    3
    >>> tuft_nim_value((0, 1, 1))  # T_2: a root edge with two leaves on top
    1
    >>> tuft_nim_value([(0,), (0, 1)])  # a forest: *1 + *2
    3
    >>> tuft_nim_value("0-1 1-2 1-3")
    1

    References
    ----------
    .. [1] ``lumberjack.txt``, §4.2 (the Tuft Principle; the text does not state this
       formula, see the module docstring).
    """
    if isinstance(tree_or_forest, str):
        return _tree_value(lumberjack.parse(tree_or_forest))
    items = list(tree_or_forest)
    if items and not isinstance(items[0], int):
        value = 0
        for tree in items:
            value ^= _tree_value(tuple(cast("Sequence[int]", tree)))
        return value
    return _tree_value(tuple(cast("list[int]", items)))


def _subtree_values(tree: Sequence[int]) -> tuple[list[list[int]], list[int]]:
    """The children of each vertex, and the nim-value of the subtree at each vertex
    (bottom-up over a parent tuple, any labelling with root 0; the Tuft principle)."""
    kids = rt.children_lists(tree)
    order = [0]
    for v in order:
        order.extend(kids[v])
    g = [0] * (len(tree) + 1)
    for v in reversed(order):
        x = 0
        for c in kids[v]:
            x ^= 1 + g[c]
        g[v] = x
    return kids, g


def _tree_value(tree: Sequence[int]) -> int:
    """The nim-value of a parent tuple (any labelling with root 0)."""
    return _subtree_values(tree)[1][0]


def winning_edges(tree: Sequence[int]) -> list[tuple[int, int]]:
    """The edges ``(parent, child)`` whose removal leaves a Lumberjack position of
    nim-value 0, in O(n) for ``n`` edges (:func:`tuft_winning_moves` values
    every option, O(n^2); the two are compared by the test suite).

    By the Tuft principle a branch on the edge ``vc`` is worth ``1 + g(T_c)``, and ``g(v)``
    is the XOR of its branches. For ``g(v)`` to become ``w``, the branch ``c`` must become
    ``b = g(v) ^ (1 + g(T_c)) ^ w``: cutting ``vc`` gives ``b = 0``; a move inside ``T_c``
    must bring ``g(T_c)`` to ``b - 1``. Starting from ``w = 0`` at the root, each vertex is
    visited once.

    Examples
    --------
    >>> winning_edges((0, 1, 1))  # T_2 = *1: hack the root edge
    [(0, 1)]
    >>> winning_edges((0, 1, 2, 3))  # a stalk of 4: cut the lowest edge
    [(0, 1)]
    >>> winning_edges((0, 0, 1))  # *1 + *2: cut the top of the stalk of 2
    [(1, 3)]
    """
    kids, g = _subtree_values(tree)
    found: list[tuple[int, int]] = []
    todo = [(0, 0)] if g[0] != 0 else []
    while todo:
        v, want = todo.pop()
        for c in kids[v]:
            b = g[v] ^ (1 + g[c]) ^ want
            if b == 0:
                found.append((v, c))
            elif b - 1 != g[c]:
                todo.append((c, b - 1))
    found.sort(key=lambda e: e[1])  # the ruleset's move order: by child
    return found


def tuft_winning_moves(tree: Sequence[int]) -> list[tuple[str, tuple[int, ...]]]:
    """Every winning move of a Lumberjack position under normal play, by the Tuft principle.

    Each option is valued with :func:`tuft_nim_value`, so this costs O(n^2) for ``n``
    edges, where exhaustive play can take exponential time.

    Parameters
    ----------
    tree : tuple of int
        A canonical Lumberjack position (:func:`cgsat.games.lumberjack.parse`).

    Returns
    -------
    list of (move text, option)
        The moves to options of nim-value 0, in the ruleset's move order; empty when the
        position is a P-position.

    Examples
    --------
    >>> tuft_winning_moves((0, 1, 1))  # T_2 = *1: hack the root edge
    [('0-1', ())]

    References
    ----------
    .. [1] ``lumberjack.txt``, §4.2 (the Tuft Principle; the text leaves finding the winning
       moves of Figure 4.2.1 as an exercise).
    """
    if _tree_value(tree) == 0:
        return []
    return [(m, o) for m, o in lumberjack.options(tuple(tree)) if _tree_value(o) == 0]
