"""Value-preserving local replacements on oriented trees (probe ``timber-reductions``;
*The Game of timber!* Problem 4.2).

A *pattern* is a rooted oriented tree ``R`` (its root is the vertex ``w`` where it is
glued); a *context* is another rooted oriented tree ``C``; ``C + R`` is the Timber tree
obtained by identifying the two roots. The replacement ``R -> R'`` (``R'`` with fewer
edges) preserves values on trees with ``n`` edges when ``g(C + R) = g(C + R')`` for every
context with ``n - |R|`` edges (every oriented tree with ``n`` edges that holds ``R`` as
a bundle of branches at a vertex is such a ``C + R``). Values ``g`` are nim-values by the
direct solver (:mod:`cgsat.cgt.impartial`).

Candidates (:func:`candidates`): every pattern with at most :data:`PATTERN_EDGES` edges,
grouped by its values in all contexts with at most :data:`SEED_EDGES` edges; each pattern
is paired with the first smaller pattern of its group. Each candidate is then checked size
by size on every tree (``size``), so a candidate that the seed suggested but that fails
later is reported with its counterexample.

Each candidate is classified by what explains it (:func:`explained_by`):

- ``3.3``: both sides have the same normal form under Lemma 3.3 (merge outward leaf paths
  at a vertex into one of XOR length; value-preserving by the lemma);
- ``3.3+in-branch``: the same after also applying the *in-branch rule*. An *in-branch* at
  a vertex ``x`` is a branch all of whose arcs point towards ``x``. A *fixed exit* at
  ``x`` is an arc ``(u, v)`` in a branch at ``x`` such that every arc between ``v`` and
  ``x``, and every arc beyond ``u``, points towards ``x``: toppling it leaves a subtree
  whose value cannot change while ``x`` is there. The rule deletes an in-branch ``D`` at
  ``x`` when each of its exit values is the value of a fixed exit outside ``D``, at ``x``
  or at a vertex ``w`` from which the path to ``x`` is directed away from ``w``. Proof: ``D``
  has no move that keeps ``x``, and ``x`` cannot disappear while ``w`` stays; every other
  move either removes ``x`` (the same position results with or without ``D``) or keeps
  ``x`` and the fixed exits (induction); so both trees have the same set of option
  values. (Two leaves with arcs into the same vertex are the smallest case: one of them
  can be deleted.) The probe checks the rule directly on every orientation of every tree
  (``rule`` rows);
- ``beyond``: neither.

Notation: a pattern is written as its root's branches, ``>`` for an arc from the parent
to the child, ``<`` for an arc from the child to the parent, the child's own branches in
parentheses; ``.`` is the empty pattern. ``>(<)<`` is ``w -> c``, ``d -> c``, ``e -> w``.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), Lemma 3.3 and Problem 4.2.
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import TYPE_CHECKING, Any

from cgsat.cgt.impartial import solver_for
from cgsat.games import timber

if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = [
    "Rooted",
    "TableRow",
    "PATTERN_EDGES",
    "SEED_EDGES",
    "COLUMNS",
    "rooted",
    "edges",
    "name",
    "position",
    "value",
    "merge33",
    "exits",
    "in_branch_rule_once",
    "in_branch_rule",
    "explained_by",
    "candidates",
    "size",
]

Rooted = tuple  # tuple of branches (direction, child subtree); direction 0: away, 1: toward
TableRow = dict[str, Any]

PATTERN_EDGES = 4
"""Largest pattern ``R`` of a candidate."""

SEED_EDGES = 3
"""Contexts with at most this many edges group the patterns into candidates."""

COLUMNS = ("kind", "pattern", "replacement", "edges", "replacement_edges", "explained_by",
           "n", "checked", "fails", "counterexample")
"""The probe's columns."""


@cache
def rooted(k: int) -> list[Rooted]:
    """Every rooted oriented tree with ``k`` edges, up to isomorphism (canonical tuples).

    Examples
    --------
    >>> [len(rooted(k)) for k in range(5)]
    [1, 2, 7, 26, 107]

    References
    ----------
    *The Game of timber!*, Problem 4.2.
    """
    def gen(left: int, cap: tuple | None) -> Iterator[tuple]:
        if left == 0:
            yield ()
            return
        for j in range(1, left + 1):
            for b in _branches(j):
                if cap is None or b <= cap:
                    for rest in gen(left - j, b):
                        yield (b,) + rest
    return sorted({tuple(sorted(t)) for t in gen(k, None)})


@cache
def _branches(j: int) -> list[tuple]:
    """The branches with ``j`` edges: (direction, child subtree with ``j - 1`` edges)."""
    return [(d, t) for d in (0, 1) for t in rooted(j - 1)]


def edges(t: Rooted) -> int:
    """The number of edges of a rooted tree.

    Examples
    --------
    >>> edges(((0, ((1, ()),)), (1, ())))
    3

    References
    ----------
    *The Game of timber!*, Problem 4.2.
    """
    return sum(1 + edges(s) for _, s in t)


def name(t: Rooted) -> str:
    """The pattern's notation (see the module docstring).

    Examples
    --------
    >>> name(((0, ((1, ()),)), (1, ()))), name(())
    ('>(<)<', '.')

    References
    ----------
    *The Game of timber!*, Problem 4.2.
    """
    return "".join((">" if d == 0 else "<") + (f"({name(s)})" if s else "")
                   for d, s in t) or "."


def position(*parts: Rooted) -> frozenset:
    """The Timber position of rooted trees glued at their roots (vertex ``0``).

    Examples
    --------
    >>> timber.format(position(((0, ()),), ((1, ()),)))
    '0>1 2>0'

    References
    ----------
    *The Game of timber!*, §3 (Timber on trees).
    """
    counter = itertools.count(1)
    arcs: list[tuple[str, str]] = []

    def walk(t: Rooted, root: str) -> None:
        for d, s in t:
            c = str(next(counter))
            arcs.append((root, c) if d == 0 else (c, root))
            walk(s, c)

    for t in parts:
        walk(t, "0")
    return timber.make_position(arcs)


def value(*parts: Rooted) -> int:
    """The nim-value of the glued tree, by the direct solver.

    Examples
    --------
    >>> value(((0, ()),), ((0, ((0, ()),)),))  # outward paths 1 and 2: *3
    3

    References
    ----------
    *The Game of timber!*, Lemma 3.3.
    """
    p = position(*parts)
    return solver_for(timber.RULESET).nim_value(p) if p else 0


# -- known reductions --------------------------------------------------------------------------
def _outward_length(t: Rooted) -> int | None:
    """The length of ``t`` if it is a path directed away from its root, else None."""
    n = 0
    while t:
        if len(t) != 1 or t[0][0] != 0:
            return None
        t, n = t[0][1], n + 1
    return n


def _outward_path(n: int) -> Rooted:
    """The path of length ``n`` directed away from its root."""
    t: Rooted = ()
    for _ in range(n):
        t = ((0, t),)
    return t


def merge33(t: Rooted) -> Rooted:
    """Normal form under Lemma 3.3: at every vertex, the outward leaf paths become one path
    whose length is the XOR of theirs (none if 0).

    Examples
    --------
    >>> name(merge33(((0, ()), (0, ((0, ()),)), (1, ()))))
    '>(>(>))<'

    References
    ----------
    *The Game of timber!*, Lemma 3.3.
    """
    kids = [(d, merge33(s)) for d, s in t]
    x, rest = 0, []
    for d, s in kids:
        length = _outward_length(s) if d == 0 else None
        if length is None:
            rest.append((d, s))
        else:
            x ^= length + 1
    if x:
        rest.append((0, _outward_path(x - 1)))
    return tuple(sorted(rest))


def _in_branch(b: tuple) -> bool:
    """Whether every arc of the branch points towards its root."""
    d, s = b
    return d == 1 and all(_in_branch(c) for c in s)


def exits(b: tuple) -> frozenset[int]:
    """The *fixed exits* of a branch at ``x``: the values left by toppling an arc
    ``(u, v)`` of it such that every arc of the branch between ``v`` and ``x`` and every arc
    beyond ``u`` points towards ``x`` (so the arc stays and its value stays fixed while
    ``x`` is there). For an in-branch: every arc.

    Examples
    --------
    >>> sorted(exits((1, ((1, ()),)))), sorted(exits((1, ((0, ()), (1, ())))))
    ([0, 1], [0])

    References
    ----------
    *The Game of timber!*, Problem 4.2 (the in-branch rule of this module).
    """
    d, s = b
    if d == 0:
        return frozenset()
    out = frozenset().union(*(exits(c) for c in s))
    return out | {value(s)} if all(_in_branch(c) for c in s) else out


def _deletable(t: Rooted, inherited: frozenset[int]) -> int | None:
    """The index of an in-branch at this root that the rule deletes (largest first)."""
    order = sorted(range(len(t)), key=lambda i: (-edges((t[i],)), t[i]))
    for i in order:
        if _in_branch(t[i]):
            others = [t[j] for j in range(len(t)) if j != i]
            have = inherited.union(*(exits(c) for c in others))
            if exits(t[i]) <= have:
                return i
    return None


def in_branch_rule_once(t: Rooted, inherited: frozenset[int] = frozenset()) -> Rooted | None:
    """One application of the in-branch rule (module docstring), or None.

    The rule deletes an in-branch ``D`` at a vertex ``x`` when every exit value of ``D`` is
    an exit value of another in-branch at ``x`` or at a vertex ``w`` from which the path to
    ``x`` is directed away from ``w`` (``inherited``: the exits available on the way down).
    The search goes root first, then into the children in order.

    Examples
    --------
    >>> name(in_branch_rule_once(((1, ((1, ()),)), (1, ()), (1, ()))))
    '<(<)<'
    >>> name(in_branch_rule_once(((0, ((1, ()),)), (1, ()))))  # >(<)< -> ><
    '><'

    References
    ----------
    *The Game of timber!*, Problem 4.2.
    """
    i = _deletable(t, inherited)
    if i is not None:
        return t[:i] + t[i + 1:]
    here = inherited.union(*(exits(b) for b in t))
    for i, (d, s) in enumerate(t):
        sub = in_branch_rule_once(s, here if d == 0 else frozenset())
        if sub is not None:
            return tuple(sorted(t[:i] + ((d, sub),) + t[i + 1:]))
    return None


def in_branch_rule(t: Rooted) -> Rooted:
    """Normal form under the in-branch rule: applied until it no longer applies.

    Examples
    --------
    >>> name(in_branch_rule(((1, ()), (1, ()), (0, ()))))
    '<>'

    References
    ----------
    *The Game of timber!*, Problem 4.2.
    """
    while True:
        nxt = in_branch_rule_once(t)
        if nxt is None:
            return t
        t = nxt


def explained_by(r: Rooted, r2: Rooted) -> str:
    """``3.3``, ``3.3+in-branch`` or ``beyond`` (module docstring).

    Examples
    --------
    >>> explained_by(((0, ()), (0, ())), ()), explained_by(((1, ()), (1, ())), ((1, ()),))
    ('3.3', '3.3+in-branch')

    References
    ----------
    *The Game of timber!*, Lemma 3.3 and Problem 4.2.
    """
    if merge33(r) == merge33(r2):
        return "3.3"

    def both(t: Rooted) -> Rooted:
        while True:
            nxt = in_branch_rule(merge33(t))
            if nxt == t:
                return t
            t = nxt

    return "3.3+in-branch" if both(r) == both(r2) else "beyond"


@cache
def candidates() -> list[tuple[Rooted, Rooted]]:
    """Pairs ``(R, R')``: every pattern with at most :data:`PATTERN_EDGES` edges whose values
    in every context with at most :data:`SEED_EDGES` edges equal those of a pattern with
    fewer edges, with the first such ``R'`` (fewest edges, then canonical order).

    Examples
    --------
    >>> [(name(a), name(b)) for a, b in candidates()[:3]]
    [('>>', '.'), ('<<', '<'), ('>>>', '>')]

    References
    ----------
    *The Game of timber!*, Problem 4.2.
    """
    contexts = [c for m in range(SEED_EDGES + 1) for c in rooted(m)]
    first: dict[tuple[int, ...], Rooted] = {}
    out = []
    for k in range(PATTERN_EDGES + 1):
        for r in rooted(k):
            sig = tuple(value(c, r) for c in contexts)
            if sig not in first:
                first[sig] = r
            elif edges(first[sig]) < k:
                out.append((r, first[sig]))
    return out


def _rule_rows(n: int) -> TableRow:
    """The in-branch rule on every oriented tree with ``n`` edges (every vertex as root)."""
    checked = fails = 0
    cx = ""
    for t in rooted(n):
        r = in_branch_rule_once(t)
        if r is not None:
            checked += 1
            if value(t) != value(r):
                fails += 1
                cx = cx or f"{name(t)} -> {name(r)}"
    return {"kind": "rule", "pattern": "in-branch rule", "replacement": "", "edges": n,
            "replacement_edges": None, "explained_by": "in-branch", "n": n,
            "checked": checked, "fails": fails, "counterexample": cx}


def size(n: int) -> list[TableRow]:
    """The rows of trees with exactly ``n`` edges: one per candidate ``(R, R')`` with
    ``|R| <= n`` (contexts with ``n - |R|`` edges: ``checked``, ``fails``, the first
    counterexample ``C + R``), and one row ``rule`` for the in-branch rule applied at the
    root of every rooted oriented tree with ``n`` edges (that is, at every vertex of every
    oriented tree).

    Examples
    --------
    >>> [(r["pattern"], r["replacement"], r["checked"], r["fails"]) for r in size(2)][:2]
    [('>>', '.', 1, 0), ('<<', '<', 1, 0)]

    References
    ----------
    *The Game of timber!*, Lemma 3.3 and Problem 4.2.
    """
    rows = []
    for r, r2 in candidates():
        k = edges(r)
        if k > n:
            continue
        checked = fails = 0
        cx = ""
        for c in rooted(n - k):
            checked += 1
            if value(c, r) != value(c, r2):
                fails += 1
                cx = cx or f"C = {name(c)}: {value(c, r)} vs {value(c, r2)}"
        rows.append({"kind": "candidate", "pattern": name(r), "replacement": name(r2),
                     "edges": k, "replacement_edges": edges(r2),
                     "explained_by": explained_by(r, r2), "n": n, "checked": checked,
                     "fails": fails, "counterexample": cx})
    rows.append(_rule_rows(n))
    return rows
