"""Timber on oriented trees: Algorithm 3.5 of *The Game of timber!* (normal play).

The algorithm reduces the tree with two outcome-preserving moves and one shortcut:

- **Lemma 3.1** (leaves). If a leaf ``v`` with neighbour ``x`` carries the arc ``(v, x)``
  (pointing away from the leaf), toppling it removes the whole tree: an N-position.
- **Lemma 3.2** (flatten). A vertex ``v`` of degree 2 with arcs ``(v, u)`` and ``(v, w)``
  (a "peak") can be removed and ``u``, ``w`` identified; the outcome is unchanged (the
  value may change). The lemma allows any such vertex, not only one on a leaf path.
- **Lemma 3.3** (merge). Two leaf paths of lengths ``n`` and ``m``, both directed away from
  their common vertex ``w``, can be replaced by one path of length ``n XOR m`` directed away
  from ``w`` (they are nim-heaps ``*n`` and ``*m``).

By Lemma 3.4 the only position where none of these applies and which is P is the empty
tree, so the tree is P exactly when the reduction empties it. Each step removes an edge or
a leaf path and costs ``O(n)``, so the outcome takes ``O(n^2)`` time.

Winning moves. Mapping a move of the reduced tree back to the original tree is awkward
(the paper says so after Algorithm 3.5), so this module does not do it. A Lemma 3.1 leaf
arc is returned directly; otherwise :func:`winning_move` runs the algorithm on every option
of the original tree (an option of a tree is again a tree) and returns the first move to a
P-position. That costs ``O(n^3)``.

Only the outcome is computed: nim-values of trees are not preserved by Lemma 3.2, and a
forest (a sum of trees) is therefore refused, like every other non-tree.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §3: Lemmas 3.1-3.4 and Algorithm 3.5.
"""

from __future__ import annotations

from cgsat.games import timber

__all__ = ["Arc", "outcome", "winning_move", "winning_moves"]

Arc = tuple[str, str]


def _to_adjacency(tree: frozenset[Arc]) -> tuple[dict[int, dict[int, bool]], int]:
    """Integer-labelled adjacency: ``adj[u][v]`` is True when the arc is ``(u, v)``."""
    ids: dict[str, int] = {}
    adj: dict[int, dict[int, bool]] = {}
    for x, y in tree:
        a = ids.setdefault(x, len(ids))
        b = ids.setdefault(y, len(ids))
        adj.setdefault(a, {})[b] = True
        adj.setdefault(b, {})[a] = False
    return adj, len(ids)


def _leaf_path(adj: dict[int, dict[int, bool]], leaf: int) -> tuple[int, list[int]]:
    """Walk from ``leaf`` through degree-2 vertices; return (end vertex, path vertices)."""
    path = [leaf]
    prev, cur = leaf, next(iter(adj[leaf]))
    while len(adj[cur]) == 2:
        a, b = adj[cur]
        prev, cur = cur, (b if a == prev else a)
        path.append(prev)
    return cur, path


def _reduce(adj: dict[int, dict[int, bool]], next_id: int) -> str:  # noqa: C901 - Algorithm 3.5's cases, one loop
    """Run Algorithm 3.5 on ``adj`` (destroyed); return ``"P"`` or ``"N"``."""
    edges = sum(len(nb) for nb in adj.values()) // 2
    while True:
        if edges == 0:
            return "P"  # the empty tree (Lemma 3.4)
        # Step 1 / Lemma 3.1: a leaf whose arc points away from the leaf.
        for nb in adj.values():
            if len(nb) == 1 and next(iter(nb.values())):
                return "N"
        # Step 2 / Lemma 3.2: flatten a peak v with arcs (v, u), (v, w).
        peak = next((v for v, nb in adj.items() if len(nb) == 2 and all(nb.values())), None)
        if peak is not None:
            u, w = adj.pop(peak)
            del adj[u][peak]
            del adj[w][peak]
            for z, out in adj.pop(w).items():  # identify w with u
                adj[u][z] = out
                adj[z][u] = adj[z].pop(w)
            if not adj[u]:
                del adj[u]
            edges -= 2
            continue
        # Step 3 / Lemma 3.3: merge two leaf paths directed away from a common vertex.
        ends: dict[int, list[list[int]]] = {}
        merged = False
        for v, nb in adj.items():
            if len(nb) != 1:
                continue
            end, path = _leaf_path(adj, v)
            group = ends.setdefault(end, [])
            group.append(path)
            if len(group) == 2:
                merged = True
                break
        if not merged:  # impossible by the proof of Lemma 3.4
            raise AssertionError("Algorithm 3.5: no reduction applies to a nonempty tree")
        p1, p2 = group
        for path in (p1, p2):
            # path = [leaf, ..., neighbour of end]; every arc points toward the leaf.
            chain = [end, *reversed(path)]
            if not all(adj[a][b] for a, b in zip(chain, chain[1:], strict=False)):
                raise AssertionError("Algorithm 3.5: a leaf path is not directed away")
        n, m = len(p1), len(p2)
        k = n ^ m
        for path in (p1, p2):
            for v in path:
                for z in adj.pop(v):
                    if z in adj:
                        adj[z].pop(v, None)
        prev = end
        for _ in range(k):
            adj.setdefault(prev, {})[next_id] = True
            adj[next_id] = {prev: False}
            prev = next_id
            next_id += 1
        if end in adj and not adj[end]:
            del adj[end]
        edges -= n + m - k


def outcome(tree: frozenset[Arc]) -> str:
    """The normal-play outcome of an oriented tree by Algorithm 3.5.

    Parameters
    ----------
    tree : frozenset of arcs
        A Timber position that is a tree (see :func:`cgsat.games.timber.parse_tree`).

    Returns
    -------
    str
        ``"P"`` or ``"N"``.

    Raises
    ------
    PositionError
        If the position is not a tree.

    Examples
    --------
    >>> from cgsat.games.timber import parse
    >>> outcome(parse("1>0 1>2")), outcome(parse("0>1 1>2")), outcome(parse("()"))
    ('P', 'N', 'P')

    References
    ----------
    .. [1] Nowakowski et al., *The Game of timber!*, Algorithm 3.5 and Lemmas 3.1-3.4.
    """
    timber.require_tree(tree)
    adj, next_id = _to_adjacency(tree)
    return _reduce(adj, next_id)


def winning_moves(tree: frozenset[Arc]) -> list[str]:
    """Every winning move of an oriented tree (arcs ``x>y`` of the tree itself).

    Each option of the tree is solved by Algorithm 3.5 (``O(n^3)`` in all).

    Examples
    --------
    >>> from cgsat.games.timber import parse
    >>> winning_moves(parse("1>0 1>2 2>3"))
    ['2>3']

    References
    ----------
    .. [1] Nowakowski et al., *The Game of timber!*, Algorithm 3.5.
    """
    timber.require_tree(tree)
    return [move for move, option in timber.options(tree) if outcome(option) == "P"]


def winning_move(tree: frozenset[Arc]) -> str | None:
    """One winning move of an oriented tree, or ``None`` for a P-position.

    A Lemma 3.1 leaf arc is returned at once; otherwise the first option (in sorted arc
    order) that Algorithm 3.5 finds to be P.

    Examples
    --------
    >>> from cgsat.games.timber import parse
    >>> winning_move(parse("0>1 1>2")), winning_move(parse("1>0 1>2"))
    ('0>1', None)

    References
    ----------
    .. [1] Nowakowski et al., *The Game of timber!*, Lemma 3.1 and Algorithm 3.5.
    """
    if outcome(tree) == "P":
        return None
    adj = timber.adjacency(tree)
    for x, y in sorted(tree, key=timber.arc_sort_key):
        if len(adj[x]) == 1:
            return f"{x}>{y}"  # Lemma 3.1
    for move, option in timber.options(tree):
        if outcome(option) == "P":
            return move
    raise AssertionError("Algorithm 3.5: an N-position without a move to a P-position")
