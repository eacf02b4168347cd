"""Rooted trees and forests: canonical form (AHU), enumeration, and the T_k family.

A rooted tree is stored in one canonical flat form, a tuple of parents::

    tree[i - 1] = parent of vertex i,   for i = 1 .. n   (vertex 0 is the root)

so a tree with ``n`` edges is a tuple of length ``n`` and the empty tree (the bare root)
is ``()``. The labelling is canonical: the children of every vertex are ordered by their
subtrees' AHU codes (Aho, Hopcroft and Ullman's parenthesis encoding, ``"(" + sorted
child codes + ")"``), and the vertices are then numbered in breadth-first order. Two rooted
trees are isomorphic exactly when their canonical tuples are equal, so the tuple itself
is a memo key; :func:`ahu` gives the parenthesis code.

A rooted *forest* (several trees on the ground, as in Lumberjack) is stored as one tree
whose root is the ground: the trees' roots are identified. In green Hackenbush this is the
same game, since the ground is one vertex; the trees are the branches at the root.

Everything here is iterative, so tall stalks do not hit Python's recursion limit.

References
----------
.. [1] A. V. Aho, J. E. Hopcroft, J. D. Ullman, *The Design and Analysis of Computer
   Algorithms*, 1974, §3.2 (tree isomorphism).
.. [2] ``lumberjack.txt`` (Lumberjack, §4.2): the family T_k of Figure 4.2.2.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

__all__ = ["T_k", "Tree", "ahu", "branches", "canonical", "canonical_from_children",
           "children_lists", "edges", "iter_rooted_trees", "join", "plant", "random_tree",
           "remove_subtree", "rooted_trees", "size", "stalk", "subtree_vertices"]

Tree = tuple[int, ...]


def children_lists(tree: Sequence[int]) -> list[list[int]]:
    """The children of each vertex of a parent tuple.

    Examples
    --------
    >>> children_lists((0, 0, 1))
    [[1, 2], [3], [], []]
    """
    kids: list[list[int]] = [[] for _ in range(len(tree) + 1)]
    for i, p in enumerate(tree, start=1):
        kids[p].append(i)
    return kids


def _codes(kids: Sequence[Sequence[int]], root: int) -> dict[int, str]:
    """AHU codes of every vertex below ``root``, computed bottom-up without recursion."""
    order = [root]
    for v in order:
        order.extend(kids[v])
    code: dict[int, str] = {}
    for v in reversed(order):
        code[v] = "(" + "".join(sorted(code[c] for c in kids[v])) + ")"
    return code


def canonical_from_children(kids: Sequence[Sequence[int]], root: int) -> Tree:
    """The canonical parent tuple of the tree hanging from ``root``.

    Parameters
    ----------
    kids : sequence of sequences of int
        ``kids[v]`` lists the children of vertex ``v`` (any labels ``0..m-1``); vertices not
        below ``root`` are ignored.
    root : int
        The root vertex.

    Examples
    --------
    >>> canonical_from_children([[2], [], [1, 3], []], 0)
    (0, 1, 1)
    """
    code = _codes(kids, root)
    label = {root: 0}
    parents: list[int] = []
    queue = [root]
    for v in queue:
        for c in sorted(kids[v], key=code.__getitem__):
            label[c] = len(label)
            parents.append(label[v])
            queue.append(c)
    return tuple(parents)


def canonical(tree: Sequence[int]) -> Tree:
    """Canonicalize a parent array of a tree rooted at 0 (vertex ``i >= 1`` has parent
    ``tree[i-1]``; parents need not be smaller than their children).

    Examples
    --------
    >>> canonical((0, 1, 0))
    (0, 0, 1)
    """
    return canonical_from_children(children_lists(tree), 0)


def ahu(tree: Sequence[int]) -> str:
    """The AHU parenthesis code of a rooted tree (equal codes = isomorphic trees).

    Examples
    --------
    >>> ahu(())
    '()'
    >>> ahu((0, 0, 1))
    '((())())'
    """
    return _codes(children_lists(tree), 0)[0]


def size(tree: Sequence[int]) -> int:
    """The number of edges.

    Examples
    --------
    >>> size(T_k(3))
    4
    """
    return len(tree)


def edges(tree: Sequence[int]) -> list[tuple[int, int]]:
    """The edges ``(parent, child)`` in child order.

    Examples
    --------
    >>> edges((0, 0, 1))
    [(0, 1), (0, 2), (1, 3)]
    """
    return [(p, i) for i, p in enumerate(tree, start=1)]


def subtree_vertices(tree: Sequence[int], v: int) -> set[int]:
    """The vertices of the subtree above ``v`` (``v`` included).

    Examples
    --------
    >>> sorted(subtree_vertices((0, 0, 1), 1))
    [1, 3]
    """
    kids = children_lists(tree)
    seen = [v]
    for u in seen:
        seen.extend(kids[u])
    return set(seen)


def remove_subtree(tree: Sequence[int], v: int) -> Tree:
    """Delete the edge from ``v`` to its parent and everything above ``v``; canonicalize.

    Examples
    --------
    >>> remove_subtree((0, 0, 1), 1)
    (0,)
    """
    kids = children_lists(tree)
    parent = tree[v - 1]
    kids[parent] = [c for c in kids[parent] if c != v]
    return canonical_from_children(kids, 0)


def branches(tree: Sequence[int]) -> list[Tree]:
    """The branches at the root: for each child ``c`` of the root, the tree made of the
    root edge to ``c`` and everything above ``c`` (canonical, in child order).

    Examples
    --------
    >>> branches((0, 0, 1))
    [(0, 1), (0,)]
    """
    kids = children_lists(tree)
    result = []
    for c in kids[0]:
        sub = [list(k) for k in kids]
        sub[0] = [c]
        result.append(canonical_from_children(sub, 0))
    return result


def join(trees: Iterable[Sequence[int]]) -> Tree:
    """Identify the roots of several trees (a rooted forest on the ground).

    Examples
    --------
    >>> join([(0,), (0,)])
    (0, 0)
    """
    kids: list[list[int]] = [[]]
    for t in trees:
        offset = len(kids) - 1  # vertex i of t becomes i + offset; its root becomes 0
        tk = children_lists(t)
        kids.extend([] for _ in range(len(t)))
        for v, cs in enumerate(tk):
            new_v = 0 if v == 0 else v + offset
            kids[new_v].extend(c + offset for c in cs)
    return canonical_from_children(kids, 0)


def plant(tree: Sequence[int]) -> Tree:
    """Add a new root below the root of ``tree`` (the tree ``T`` on a trunk of one edge).

    Examples
    --------
    >>> plant((0, 0))
    (0, 1, 1)
    """
    return tuple([0] + [p + 1 for p in tree])


def stalk(n: int) -> Tree:
    """The bamboo stalk (path) with ``n`` edges.

    Examples
    --------
    >>> stalk(3)
    (0, 1, 2)
    """
    return tuple(range(n))


def T_k(k: int) -> Tree:  # noqa: N802 - the paper's name
    """The family of Figure 4.2.2 of ``lumberjack.txt``: a root edge with ``k`` leaves on its
    top vertex (``T_1`` is a stalk of 2).

    The figure is lost from the text; this reading is the one the text's computations fit:
    ``T_2`` has exactly two distinct followers, a stalk of height 2 and the empty tree.

    Examples
    --------
    >>> T_k(1) == stalk(2)
    True
    >>> T_k(3)
    (0, 1, 1, 1)

    References
    ----------
    .. [1] ``lumberjack.txt``, §4.2, Figure 4.2.2: g(T_{2k-1}) = 2, g(T_{2k}) = 1.
    """
    if k < 1:
        raise ValueError(f"T_k needs k >= 1, got {k}")
    return tuple([0] + [1] * k)


def rooted_trees(n: int) -> list[Tree]:
    """Every rooted tree with ``n`` edges, one per isomorphism class, canonical, sorted.

    Built by adding a leaf at every vertex of every tree with ``n - 1`` edges and
    keeping the distinct canonical forms. The counts are OEIS A000081 (shifted by one):
    1, 1, 2, 4, 9, 20, 48, 115, 286, 719, 1842 for n = 0..10.

    Examples
    --------
    >>> [len(rooted_trees(n)) for n in range(6)]
    [1, 1, 2, 4, 9, 20]
    """
    level: set[Tree] = {()}
    for _ in range(n):
        nxt: set[Tree] = set()
        for t in level:
            for v in range(len(t) + 1):
                nxt.add(canonical(t + (v,)))
        level = nxt
    return sorted(level)


def iter_rooted_trees(max_edges: int) -> Iterator[Tree]:
    """Every rooted tree with at most ``max_edges`` edges (one per isomorphism class).

    Examples
    --------
    >>> list(iter_rooted_trees(2))
    [(), (0,), (0, 0), (0, 1)]
    """
    for n in range(max_edges + 1):
        yield from rooted_trees(n)


def random_tree(n: int, rng: random.Random) -> Tree:
    """A random rooted tree with ``n`` edges (random recursive tree), canonicalized.

    Examples
    --------
    >>> len(random_tree(7, random.Random(1)))
    7
    """
    return canonical(tuple(rng.randrange(i) for i in range(1, n + 1)))
