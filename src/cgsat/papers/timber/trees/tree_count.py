"""The target set of the tree claims, computed apart from their enumeration (issue 24).

The SAT methods of §3 of *The Game of timber!* loop over the trees with n edges, one per
isomorphism class (:func:`cgsat.games.shapes.trees`, networkx's enumeration).
:func:`tree_targets` checks that loop: the shapes looped over are pairwise
non-isomorphic (an AHU canonical string per tree, rooted at its centre) and there are as
many as Otter's formula counts (:func:`free_trees`), code that shares nothing with the
enumeration. A loop that drops a shape, or repeats one, fails the control.

References
----------
.. [1] R. Otter, *The number of trees*, Annals of Mathematics 49 (1948): the free trees
   from the rooted ones (OEIS A000055 from A000081).
.. [2] A. V. Aho, J. E. Hopcroft, J. D. Ullman, *The Design and Analysis of Computer
   Algorithms* (1974), Example 3.2: canonical strings of rooted trees.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from functools import cache

from cgsat.sat.solve import SatRun

__all__ = ["rooted_trees", "free_trees", "canonical", "tree_targets"]


@cache
def rooted_trees(n: int) -> int:
    """The number of rooted unlabelled trees with n vertices (OEIS A000081), by
    ``r(n+1) = (1/n) sum_{k=1..n} (sum_{d | k} d r(d)) r(n-k+1)``.

    Examples
    --------
    >>> [rooted_trees(n) for n in range(1, 9)]
    [1, 1, 2, 4, 9, 20, 48, 115]

    References
    ----------
    Otter, *The number of trees* (1948); used for the tree shapes of *The Game of timber!*
    §3.
    """
    if n <= 1:
        return n
    m = n - 1
    total = sum(sum(d * rooted_trees(d) for d in range(1, k + 1) if k % d == 0)
                * rooted_trees(m - k + 1) for k in range(1, m + 1))
    return total // m


def free_trees(n_edges: int) -> int:
    """The number of trees with ``n_edges`` edges up to isomorphism (OEIS A000055 at
    n_edges + 1 vertices), by Otter's formula
    ``t(n) = r(n) - (sum_{i+j=n} r(i) r(j) - r(n/2)) / 2`` (r(n/2) = 0 for n odd).

    Examples
    --------
    >>> [free_trees(m) for m in range(0, 12)]
    [1, 1, 1, 2, 3, 6, 11, 23, 47, 106, 235, 551]

    References
    ----------
    Otter (1948); the scope of *The Game of timber!* §3 (every tree with n edges).
    """
    n = n_edges + 1
    pairs = sum(rooted_trees(i) * rooted_trees(n - i) for i in range(1, n))
    half = rooted_trees(n // 2) if n % 2 == 0 else 0
    return rooted_trees(n) - (pairs - half) // 2


def canonical(edges: Sequence[tuple[Hashable, Hashable]]) -> str:
    """An AHU canonical string of a tree (equal exactly for isomorphic trees): the smaller
    of its strings rooted at its one or two centres.

    Examples
    --------
    >>> canonical([(0, 1), (1, 2)]) == canonical([(5, 3), (3, 4)])
    True
    >>> canonical([(0, 1), (1, 2), (2, 3)]) == canonical([(0, 1), (0, 2), (0, 3)])
    False
    >>> canonical([])
    '()'
    >>> star, spider = [(0, 1), (0, 2), (0, 3)], [(0, 1), (1, 2), (0, 3), (3, 4), (0, 5)]
    >>> canonical(star), canonical(spider)
    ('(()()())', '((())(())())')

    References
    ----------
    Aho, Hopcroft, Ullman (1974), Example 3.2; the tree shapes of *The Game of timber!* §3.
    """
    adj: dict[Hashable, list[Hashable]] = {}
    for u, v in edges:
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)
    if not adj:
        return "()"
    degree = {v: len(n) for v, n in adj.items()}
    remaining = set(adj)
    layer = [v for v, d in degree.items() if d <= 1]
    while len(remaining) > 2:  # peel the leaves until the one or two centres remain
        remaining -= set(layer)
        nxt = []
        for leaf in layer:
            for w in adj[leaf]:
                if w in remaining:
                    degree[w] -= 1
                    if degree[w] == 1:
                        nxt.append(w)
        layer = nxt
    centres = sorted(remaining, key=repr)

    def code(v: Hashable, parent: Hashable | None) -> str:
        return "(" + "".join(sorted(code(w, v) for w in adj[v] if w != parent)) + ")"

    return min(code(c, None) for c in centres)


def tree_targets(run: SatRun, n_edges: int, looped: Iterable[Sequence[tuple[Hashable,
                                                                              Hashable]]]
                 ) -> bool:
    """The target-set control of a method that loops over the trees with ``n_edges``
    edges (``looped``: the edge lists it built an instance for): pairwise non-isomorphic,
    and as many as :func:`free_trees` counts. One coverage control (``"count"``).

    Examples
    --------
    >>> from cgsat.claims import Budget
    >>> run = SatRun(Budget())
    >>> tree_targets(run, 3, [[(0, 1), (1, 2), (2, 3)], [(0, 1), (0, 2), (0, 3)]])
    True
    >>> tree_targets(run, 3, [[(0, 1), (1, 2), (2, 3)], [(9, 1), (1, 2), (2, 3)]])
    False
    >>> run.failures[0].split(": ")[1]
    'the method loops over 2 (1 up to isomorphism), Otter counts 2'

    References
    ----------
    *The Game of timber!*, §3 (Lemmas 3.1-3.3, Algorithm 3.5: every tree with n edges);
    issue 24 (the target-set control).
    """
    shapes = [canonical(e) for e in looped]
    distinct = len(set(shapes))
    expected = free_trees(n_edges)
    return run.coverage(f"trees with {n_edges} edges", len(shapes) == distinct == expected,
                        f"the method loops over {len(shapes)} ({distinct} up to "
                        f"isomorphism), Otter counts {expected}")
