"""The number of normal-play P-orientations of a tree, by a dynamic programme on the tree
(:func:`count_p`): no claim of its own, so that every layer above ``games`` can count
(the probe ``tree-p-counts``, the caterpillar counts, ``find``).

The count of a tree is the number of its ``2^m`` orientations (all labelled ones, none
identified by symmetry) that are normal-play P-positions of Timber.

The dynamic programme
---------------------
Root the tree at ``r``. For a child ``c`` of ``w`` call *branch* the edge ``wc`` with the
subtree below ``c``. Every reduction of Algorithm 3.5 (*The Game of timber!* §3) is
context-free: Lemma 3.2 (a degree-2 source ``v`` with arcs ``(v, u)``, ``(v, x)`` is
removed and ``u``, ``x`` identified) and Lemma 3.3 (two leaf paths directed away from a
common vertex, of lengths ``a`` and ``b``, become one of length ``a XOR b``) keep the
outcome whatever the rest of the tree is, and by Lemma 3.1 a leaf whose arc leaves it makes
the whole tree an N-position, whatever the rest is. Apply them inside a branch, never with
``w`` as the removed vertex. Claim: the branch then becomes either a leaf arc leaving its
leaf (call the branch *dead*: the tree is N) or one path directed away from ``w`` of some
length ``k >= 0`` (its *state*; ``k = 0`` means the branch vanished). Proof by induction
on the subtree: let ``s`` be the XOR of the states of ``c``'s branches (none dead), so the
subtree at ``c`` reduces to a path of length ``s`` directed away from ``c`` (Lemma 3.3 at
``c``). If the arc is ``(w, c)`` the branch is a path of length ``s + 1`` directed away
from ``w``. If the arc is ``(c, w)`` and ``s = 0``, ``c`` is a leaf whose arc leaves it:
dead. If ``s >= 1``, ``c`` is a degree-2 source: Lemma 3.2 removes it and identifies ``w``
with the path's next vertex, leaving a path of length ``s - 1`` directed away from ``w``.
So

- arc ``(w, c)``: state ``s + 1``;
- arc ``(c, w)``: state ``s - 1`` if ``s >= 1``, else dead.

At the root the tree reduces to one outward path of length ``X`` (the XOR of the root's
branch states), which is empty (P, Lemma 3.4) exactly when ``X = 0``; a nonempty outward
path is N (topple its first arc). Hence the tree is P exactly when no branch is dead and
``X = 0``, and the number of P-orientations is the coefficient of state 0 after combining,
at every vertex, the children's branch-state distributions by XOR convolution. Dead
orientations are never P and are dropped. The cost is ``O(n * K^2)`` with ``K`` the number
of states (below twice the number of edges), far below ``2^m`` plays.

Consequences visible in the code: a state has the parity of the number of edges below it
(each edge shifts it by one, XOR keeps the parity of a sum), so a tree with an odd number of
edges has no P-orientation (the 2019 follow-up of the caterpillars paper); on a path rooted
at an end the state is a ballot counter, so the P-orientations are the Dyck words
(Theorem 2.5: Catalan numbers). The probe ``tree-p-counts`` checks the programme against
enumeration by the direct solver on every tree it enumerates.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), Lemmas 3.1-3.4, Algorithm 3.5, Theorem 2.5.
.. [2] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber Game with
   Caterpillars*, Theorems 3.2, 3.3, Corollaries 3.4, 3.5 and §4 (the open problem).
"""

from __future__ import annotations

from typing import Any

import networkx as nx

__all__ = ["Dist", "xor_convolve", "branch", "root_states", "count_p"]

Dist = dict[int, int]
"""A distribution of branch states: state -> number of orientations (dead ones dropped)."""


def xor_convolve(a: Dist, b: Dist) -> Dist:
    """The distribution of ``x XOR y`` for independent ``x ~ a``, ``y ~ b``.

    Examples
    --------
    >>> xor_convolve({1: 1}, {1: 2, 3: 1})
    {0: 2, 2: 1}

    References
    ----------
    *The Game of timber!*, Lemma 3.3 (merging outward leaf paths is nim addition).
    """
    out: Dist = {}
    for x, cx in a.items():
        for y, cy in b.items():
            out[x ^ y] = out.get(x ^ y, 0) + cx * cy
    return out


def branch(sub: Dist) -> Dist:
    """The states of a branch (edge ``wc`` plus the subtree at ``c``) from the subtree's.

    Arc ``(w, c)`` turns state ``s`` into ``s + 1``; arc ``(c, w)`` into ``s - 1`` when
    ``s >= 1`` (Lemma 3.2 removes the source ``c``) and kills it when ``s = 0`` (Lemma 3.1).

    Examples
    --------
    >>> branch({0: 1})
    {1: 1}
    >>> branch({1: 1})
    {2: 1, 0: 1}

    References
    ----------
    *The Game of timber!*, Lemmas 3.1 and 3.2.
    """
    out: Dist = {}
    for s, c in sub.items():
        out[s + 1] = out.get(s + 1, 0) + c
        if s >= 1:
            out[s - 1] = out.get(s - 1, 0) + c
    return out


def root_states(tree: nx.Graph, root: Any = None) -> Dist:
    """The distribution of the root's XOR state over the orientations with no dead branch.

    Parameters
    ----------
    tree : networkx.Graph
        A tree (one vertex allowed).
    root : node, optional
        The root (default: the first node).

    Returns
    -------
    dict
        State -> number of orientations; state 0 counts the P-orientations.

    Examples
    --------
    >>> root_states(nx.path_graph(3), 0)
    {2: 1, 0: 1}

    References
    ----------
    *The Game of timber!*, Lemmas 3.1-3.4, Algorithm 3.5.
    """
    if root is None:
        root = next(iter(tree.nodes))
    parent = {root: None}
    order = [root]
    for v in order:
        for u in tree.adj[v]:
            if u not in parent:
                parent[u] = v
                order.append(u)
    dist: dict[Any, Dist] = {}
    for v in reversed(order):
        d: Dist = {0: 1}
        for u in tree.adj[v]:
            if u != parent[v]:
                d = xor_convolve(d, branch(dist.pop(u)))
        dist[v] = d
    return dist[root]


def count_p(tree: nx.Graph) -> int:
    """The number of normal-play P-orientations of a tree (all ``2^m`` counted).

    Parameters
    ----------
    tree : networkx.Graph
        A tree.

    Returns
    -------
    int

    Examples
    --------
    >>> [count_p(nx.path_graph(n + 1)) for n in range(9)]
    [1, 0, 1, 0, 2, 0, 5, 0, 14]
    >>> count_p(nx.star_graph(4)), count_p(nx.star_graph(5))
    (1, 0)

    References
    ----------
    *The Game of timber!*, Theorem 2.5 (paths) and Algorithm 3.5; *Timber Game with
    Caterpillars*, §4.
    """
    return root_states(tree).get(0, 0)
