"""Lumberjack: green Hackenbush on rooted forests (ruleset ``lumberjack``).

Rules (``lumberjack.txt``, §4.2)
--------------------------------
A position is a rooted forest: trees planted on the ground, each with one root. A move
picks an edge and hacks it off: the edge is removed together with the branch that is no
longer connected to its tree's root. The last player to move wins (normal play).

Representation
--------------
The roots are all on the ground, so they are identified with one ground vertex, 0. A
position is the canonical parent tuple of that tree (:mod:`cgsat.games.rooted_trees`):
``position[i-1]`` is the parent of vertex ``i``, vertices numbered breadth-first with
children in AHU order. Two positions are equal exactly when they are isomorphic rooted
forests, so the position is its own memo key (the AHU-canonical form).

Each branch at the ground (an edge at a root and everything above it) is a summand of the
disjunctive sum: no move in one branch touches another. This split is cheap and safe.

Syntax
------
Edges ``u-v`` separated by whitespace or commas; a vertex is an integer or a name
(letters, digits, underscore). ``root=R1,R2,...`` names the roots (default: the single
root ``0``). ``()`` or the empty string is the empty forest. Every vertex must be joined to
a root; a component may not contain a cycle or two roots.

The printed form is the canonical labelling: root ``0``, edges ``parent-child`` in child
order, e.g. ``0-1 0-2 1-3``. Move text is the hacked edge ``parent-child`` in the printed
labelling of the position moved from.

Exhaustive play (the plain recursion) is limited to 24 edges: a single tree of 25 edges
can already have hundreds of thousands of distinct followers. Under normal play the Tuft
principle (:mod:`cgsat.cgt.tuft`) values any size in linear time.

References
----------
.. [1] ``lumberjack.txt``, §4.2 "Lumberjack" (rules, Figure 4.2.1, the Tuft Principle).
"""

from __future__ import annotations

import re
from typing import cast

from cgsat.errors import PositionError, TooLargeError
from cgsat.games import rooted_trees as rt
from cgsat.games.base import ImpartialRuleset, Move

__all__ = ["PARSE_LIMIT", "Position", "RULESET", "components", "format", "key", "options", "parse",
           "size"]

Position = tuple[int, ...]

#: Largest forest (edges) that parsing will canonicalize.
PARSE_LIMIT = 20000

_LABEL = r"[A-Za-z0-9_]+"
_EDGE_RE = re.compile(rf"^({_LABEL})-({_LABEL})$")
_ROOT_RE = re.compile(r"(?<!\S)root=(\S*)")
_SEPARATORS = re.compile(r"[\s,]+")


def _norm_label(label: str) -> str:
    return str(int(label)) if label.isdigit() else label


def parse(text: str) -> Position:  # noqa: C901 - one message per syntax error
    """Parse a rooted forest.

    Raises
    ------
    PositionError
        Naming the offending token: junk, an edge with one end, a self-loop, a repeated
        edge, a cycle, two roots in one tree, or a vertex joined to no root.

    Examples
    --------
    >>> parse("0-1 1-2 1-3")
    (0, 1, 1)
    >>> format(parse("a-b, b-c, x-y root=a,x"))
    '0-1 0-2 1-3'
    """
    roots_given: list[str] = []
    body = text
    for m in _ROOT_RE.finditer(text):
        value = m.group(1)
        names = [r for r in value.split(",") if r]
        if not names or any(not re.fullmatch(_LABEL, r) for r in names):
            raise PositionError(f"lumberjack: bad root list {m.group(0)!r}")
        roots_given.extend(_norm_label(r) for r in names)
    body = _ROOT_RE.sub(" ", text).strip()
    roots = roots_given or ["0"]
    if body in ("", "()"):
        return ()
    adj: dict[str, list[str]] = {}
    seen: dict[frozenset[str], str] = {}
    for token in _SEPARATORS.split(body):
        if not token:
            continue
        m = _EDGE_RE.match(token)
        if m is None:
            if "-" in token and re.fullmatch(rf"({_LABEL})?-({_LABEL})?", token):
                raise PositionError(f"lumberjack: edge {token!r} has only one end")
            if "=" in token:
                raise PositionError(f"lumberjack: unknown option {token!r} (only root=)")
            raise PositionError(f"lumberjack: cannot read token {token!r} (expected u-v)")
        u, v = _norm_label(m.group(1)), _norm_label(m.group(2))
        if u == v:
            raise PositionError(f"lumberjack: self-loop {token!r}")
        e = frozenset((u, v))
        if e in seen:
            raise PositionError(f"lumberjack: repeated edge {token!r}")
        seen[e] = token
        adj.setdefault(u, []).append(v)
        adj.setdefault(v, []).append(u)
    if len(seen) > PARSE_LIMIT:
        raise TooLargeError(
            f"lumberjack: {len(seen)} edges exceed the parsing limit of {PARSE_LIMIT}"
        )
    # Walk each root's component, building child lists; a second root or a revisited
    # vertex is an error.
    index = {"__ground__": 0}
    kids: list[list[int]] = [[]]
    owner: dict[str, str] = {}
    for r in dict.fromkeys(roots):
        if r not in adj or r in owner:
            if r in owner:
                raise PositionError(
                    f"lumberjack: roots {owner[r]} and {r} are in one tree (a tree has one root)"
                )
            continue
        owner[r] = r
        index[r] = len(kids)
        kids.append([])
        kids[0].append(index[r])
        stack = cast("list[tuple[str, str | None]]", [(r, None)])
        while stack:
            x, parent = stack.pop()
            for y in adj[x]:
                if y == parent:
                    continue
                if y in owner:
                    if owner[y] == r:
                        edge = seen[frozenset((x, y))]
                        raise PositionError(f"lumberjack: edge {edge!r} closes a cycle")
                    raise PositionError(
                        f"lumberjack: roots {owner[y]} and {r} are in one tree"
                    )
                owner[y] = r
                index[y] = len(kids)
                kids.append([])
                kids[index[x]].append(index[y])
                stack.append((y, x))
    for v in adj:
        if v not in owner:
            raise PositionError(
                f"lumberjack: vertex {v} is not joined to any root (roots: {', '.join(roots)})"
            )
    # The ground 0 has each root as a child by one "virtual" edge; drop those edges by
    # making each root's children children of the ground.
    ground_kids: list[int] = []
    for r_index in kids[0]:
        ground_kids.extend(kids[r_index])
        kids[r_index] = []
    kids[0] = ground_kids
    return rt.canonical_from_children(kids, 0)


def format(position: Position) -> str:  # noqa: A001 - the ruleset's printing function
    """Print a forest as ``parent-child`` edges; ``()`` for the empty forest.

    Examples
    --------
    >>> format((0, 1, 1))
    '0-1 1-2 1-3'
    >>> format(())
    '()'
    """
    if not position:
        return "()"
    return " ".join(f"{p}-{c}" for p, c in rt.edges(position))


def options(position: Position) -> list[Move]:
    """Hack off each edge in turn.

    Examples
    --------
    >>> [(m, format(o)) for m, o in options(parse("0-1 1-2"))]
    [('0-1', '()'), ('1-2', '0-1')]
    """
    return [(f"{p}-{c}", rt.remove_subtree(position, c)) for p, c in rt.edges(position)]


def components(position: Position) -> list[Position]:
    """The branches at the ground, each a summand.

    Examples
    --------
    >>> [format(b) for b in components(parse("0-1 0-2 2-3"))]
    ['0-1 1-2', '0-1']
    """
    return rt.branches(position)


def key(position: Position) -> Position:
    """The canonical (AHU-ordered) parent tuple is already isomorphism-invariant.

    Examples
    --------
    >>> key(parse("0-1 1-2 0-3")) == key(parse("0-3 3-2 0-1"))
    True
    """
    return position


def size(position: Position) -> int:
    """The number of edges.

    Examples
    --------
    >>> size(parse("0-1 1-2"))
    2
    """
    return len(position)


RULESET = ImpartialRuleset(
    name="lumberjack",
    parse=parse,
    format=format,
    options=options,
    components=components,
    key=key,
    size=size,
    exhaustive_limit=24,
)
