"""The in-branch rule of the probe ``timber-reductions`` by the direct solver (claim
``timber.in-branch``; *The Game of timber!* Problem 4.2).

Every rooted oriented tree with ``n`` edges (:func:`tree_reductions.rooted`: every
orientation of every tree, rooted at every vertex ``x``, up to isomorphism), every branch
``D`` at the root whose arcs all point to it, and whose exit values are all among the
fixed exits of the other branches (:func:`tree_reductions.exits`; with the root as ``x``
these include the exits the probe inherits from vertices above): the nim-values of the tree
and of the tree without ``D`` are compared, both by the direct solver.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), Problem 4.2.
"""

from __future__ import annotations

from cgsat.cgt.impartial import solver_for
from cgsat.claims import Budget, Verdict
from cgsat.games import timber
from cgsat.papers.timber.trees.reductions import exits, name, rooted, value

__all__ = ["inbranch_brute", "nim_value", "value_of", "confirm"]


def _in_branch(b: tuple) -> bool:
    """Whether every arc of the branch points towards its root."""
    d, s = b
    return d == 1 and all(_in_branch(c) for c in s)


def inbranch_brute(n: int, budget: Budget, strict: bool = True) -> Verdict:
    """The in-branch rule at the root of every rooted oriented tree with ``n`` edges.

    ``strict=False`` (negative controls only) drops the precondition on exit values.

    Examples
    --------
    >>> inbranch_brute(5, Budget()).status
    'holds'
    >>> inbranch_brute(1, Budget(), strict=False).counterexample
    '<'

    References
    ----------
    *The Game of timber!*, Problem 4.2.
    """
    checked = 0
    for t in rooted(n):
        for i, b in enumerate(t):
            if not _in_branch(b):
                continue
            rest = t[:i] + t[i + 1:]
            if strict and not exits(b) <= frozenset().union(*(exits(c) for c in rest)):
                continue
            checked += 1
            if value(t) != value(rest):
                return Verdict.refuted(name(t), detail=f"delete {name((b,))}: "
                                       f"*{value(t)} vs *{value(rest)}")
    return Verdict.holds(detail=f"{checked} deletions checked")


def nim_value(position: str) -> int:
    """The nim-value of an oriented tree (``timber`` syntax) by the direct solver; the
    SAT method's oracle.

    Examples
    --------
    >>> nim_value("0>1 0>2"), nim_value("")
    (0, 0)

    References
    ----------
    *The Game of timber!*, §3.
    """
    p = timber.parse(position)
    return value_of(p)


def value_of(p: frozenset) -> int:
    """The nim-value of a Timber position by the direct solver (0 for the empty one)."""
    return solver_for(timber.RULESET).nim_value(p) if p else 0


def _rooted_at(arcs: frozenset, x: str, parent: str | None = None) -> tuple:
    """The oriented tree ``arcs`` as a rooted tuple at ``x`` (tree_reductions notation:
    direction 0 for an arc away from the root, 1 towards it), branches sorted."""
    out = []
    for u, v in arcs:
        if u == x and v != parent:
            out.append((0, _rooted_at(arcs, v, x)))
        elif v == x and u != parent:
            out.append((1, _rooted_at(arcs, u, x)))
    return tuple(sorted(out))


def confirm(n: int, cex: str) -> bool:
    """Replay ``<orientation> x=<x> D=<c>``: a tree with n edges where the branch at ``x``
    through ``c`` is all in, meets the precondition, and its deletion changes the nim-value
    (direct solver).

    Examples
    --------
    >>> confirm(2, "1>0 2>0 x=0 D=1"), confirm(1, "1>0 x=0 D=1")
    (False, False)

    References
    ----------
    *The Game of timber!*, Problem 4.2.
    """
    pos, where = cex.split(" x=")
    x, c = where.split(" D=")
    arcs = timber.parse(pos)
    if len(arcs) != n or (c, x) not in arcs:
        return False
    t = _rooted_at(arcs, x)
    b = (1, _rooted_at(arcs, c, x))
    rest = list(t)
    rest.remove(b)
    others = frozenset().union(*(exits(o) for o in rest))
    return (_in_branch(b) and exits(b) <= others
            and value(t) != value(tuple(rest)))
