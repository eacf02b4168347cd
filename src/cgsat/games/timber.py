"""Timber on oriented graphs (ruleset ``timber``).

Rules (Nowakowski, Renault, Lamoureux, Mellon, Miller, *The Game of timber!*, §1)
--------------------------------------------------------------------------------
A position is a simple graph ``G`` whose edges are oriented arcs, each carrying a domino.
Cycles are allowed. Toppling the domino on arc ``(x, y)`` removes the edge ``xy`` and every
edge of the connected component of ``y`` in ``G - xy``. (In the paper's words: the set ``Y``
of vertices reachable from ``y`` by a path whose second vertex is not ``x`` is removed with
all its edges.) If ``xy`` lies on a cycle, ``x`` is in that component too, so the whole
component of ``xy`` falls (this is Theorem 1.1's winning move). The direction of an arc
matters only when its own domino is toppled.

A position with several connected components is a disjunctive sum of them. Isolated
vertices play no part, so a position is just its set of arcs.

Syntax
------
Arcs ``x>y`` separated by whitespace or commas; a vertex is an integer or a name
(letters, digits, underscore). Integers are normalized (``01`` is ``1``). The printed form
lists the arcs sorted (integers numerically first, then names); the empty position prints
as ``()`` and parses back. Move text is the toppled arc, ``x>y``.

Memo keys
---------
:func:`key` is isomorphism-invariant:

- a tree component is encoded canonically (center-rooted AHU encoding with the arc
  directions), so two oriented trees get the same key exactly when they are isomorphic;
- a component with a cycle is relabelled canonically by colour refinement with
  individualization (the least arc list over the leaves of the search tree). When that
  search would exceed :data:`CANON_SEARCH_LIMIT` leaves (very symmetric graphs), the ties
  left by colour refinement are broken by the vertex labels instead; such a key identifies
  fewer isomorphic positions, but never two non-isomorphic ones, because every key is the
  arc list of a relabelling of the component itself.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §1 (rules) and Theorem 1.1.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable
from functools import lru_cache

from cgsat.errors import PositionError
from cgsat.games.base import ImpartialRuleset, Move

__all__ = ["Arc", "CANON_SEARCH_LIMIT", "Position", "RULESET", "adjacency", "arc_sort_key",
           "components", "format", "graph_code", "is_tree", "key", "make_position", "options",
           "parse", "parse_arcs", "parse_tree", "reach_without_edge", "require_tree", "size",
           "tree_code", "vertex_sort_key"]

Arc = tuple[str, str]
Position = frozenset  # frozenset[Arc]

#: Largest number of search-tree leaves explored for the canonical key of a cyclic component.
CANON_SEARCH_LIMIT = 5040

_LABEL = r"[A-Za-z0-9_]+"
_ARC_RE = re.compile(rf"^({_LABEL})>({_LABEL})$")
_HALF_RE = re.compile(rf"^({_LABEL})?>({_LABEL})?$")
_SEPARATORS = re.compile(r"[\s,]+")
_BAD_CHAR = re.compile(r"[^A-Za-z0-9_>]")


# -- vertices and arcs ------------------------------------------------------------------
def vertex_sort_key(v: str) -> tuple[int, int, str]:
    """Sort integers numerically, before names.

    Examples
    --------
    >>> sorted(["b", "10", "2", "a"], key=vertex_sort_key)
    ['2', '10', 'a', 'b']
    """
    if v.isdigit():
        return (0, int(v), "")
    return (1, 0, v)


def arc_sort_key(arc: Arc) -> tuple:
    """Sort arcs by tail, then head, with :func:`vertex_sort_key`."""
    return (vertex_sort_key(arc[0]), vertex_sort_key(arc[1]))


def _normalize_label(label: str) -> str:
    return str(int(label)) if label.isdigit() else label


def make_position(arcs: Iterable[tuple[object, object]]) -> frozenset[Arc]:
    """A position from ``(x, y)`` pairs; vertices may be ints or strings.

    Raises :class:`PositionError` for a self-loop or a repeated edge.

    Examples
    --------
    >>> format(make_position([(0, 1), (2, 1)]))
    '0>1 2>1'
    """
    seen: set[frozenset[str]] = set()
    result = []
    for x, y in arcs:
        a, b = _normalize_label(str(x)), _normalize_label(str(y))
        if a == b:
            raise PositionError(f"timber: self-loop {a}>{b}")
        edge = frozenset((a, b))
        if edge in seen:
            raise PositionError(f"timber: repeated edge {a}>{b}")
        seen.add(edge)
        result.append((a, b))
    return frozenset(result)


# -- parsing and printing -----------------------------------------------------------------
def parse_arcs(text: str, name: str = "timber") -> frozenset[Arc]:
    """Parse arcs ``x>y`` separated by whitespace or commas (shared with Phyminoes).

    Parameters
    ----------
    text : str
        The position. ``""`` and ``"()"`` are the empty position.
    name : str
        The ruleset name used in error messages.

    Raises
    ------
    PositionError
        Naming the offending token: an unknown character or token, an arc with one end,
        a self-loop, or a repeated edge.

    Examples
    --------
    >>> format(parse_arcs("2>1, 0>1"))
    '0>1 2>1'
    >>> format(parse_arcs("()"))
    '()'
    """
    stripped = text.strip()
    if stripped in ("", "()"):
        return frozenset()
    arcs: list[Arc] = []
    edges: dict[frozenset[str], str] = {}
    for token in _SEPARATORS.split(stripped):
        if not token:
            continue
        m = _ARC_RE.match(token)
        if m is None:
            bad = _BAD_CHAR.search(token)
            if bad is not None:
                raise PositionError(
                    f"{name}: unknown character {bad.group()!r} in token {token!r} "
                    "(an arc is written x>y)"
                )
            if _HALF_RE.match(token):
                raise PositionError(f"{name}: arc {token!r} has only one end")
            raise PositionError(f"{name}: unknown token {token!r} (an arc is written x>y)")
        x, y = _normalize_label(m.group(1)), _normalize_label(m.group(2))
        if x == y:
            raise PositionError(f"{name}: self-loop {token!r}")
        edge = frozenset((x, y))
        if edge in edges:
            raise PositionError(
                f"{name}: repeated edge {token!r} (the edge {x}-{y} was already given "
                f"as {edges[edge]!r})"
            )
        edges[edge] = token
        arcs.append((x, y))
    return frozenset(arcs)


def parse(text: str) -> frozenset[Arc]:
    """Parse a Timber position.

    Examples
    --------
    >>> format(parse("1>2 0>1"))
    '0>1 1>2'
    >>> parse("3>")
    Traceback (most recent call last):
    ...
    cgsat.errors.PositionError: timber: arc '3>' has only one end
    """
    return parse_arcs(text, "timber")


def format(position: frozenset[Arc]) -> str:  # noqa: A001 - the ruleset's printing function
    """The normalized text: arcs sorted, separated by single spaces; empty is ``()``.

    Examples
    --------
    >>> format(frozenset({("b", "a"), ("10", "2"), ("2", "3")}))
    '2>3 10>2 b>a'
    """
    if not position:
        return "()"
    return " ".join(f"{x}>{y}" for x, y in sorted(position, key=arc_sort_key))


# -- structure ------------------------------------------------------------------------------
def adjacency(position: Iterable[Arc]) -> dict[str, set[str]]:
    """The underlying undirected graph as a dict of neighbour sets.

    Examples
    --------
    >>> adjacency(parse("0>1 2>1")) == {"0": {"1"}, "1": {"0", "2"}, "2": {"1"}}
    True
    """
    adj: dict[str, set[str]] = {}
    for x, y in position:
        adj.setdefault(x, set()).add(y)
        adj.setdefault(y, set()).add(x)
    return adj


def reach_without_edge(adj: dict[str, set[str]], x: str, y: str) -> set[str]:
    """The vertex set of ``y``'s component in ``G - xy`` (what toppling ``(x, y)`` removes).

    Examples
    --------
    >>> sorted(reach_without_edge(adjacency(parse("0>1 1>2")), "0", "1"))
    ['1', '2']
    >>> sorted(reach_without_edge(adjacency(parse("0>1 1>2 2>0")), "0", "1"))
    ['0', '1', '2']
    """
    seen = {y}
    stack = [y]
    while stack:
        u = stack.pop()
        for w in adj[u]:
            if w in seen or (u == y and w == x) or (u == x and w == y):
                continue
            seen.add(w)
            stack.append(w)
    return seen


def options(position: frozenset[Arc]) -> list[Move]:
    """List the options of a position, arcs in sorted order.

    Toppling ``(x, y)`` removes ``xy`` and every edge of ``y``'s component in ``G - xy``.

    Examples
    --------
    >>> [(m, format(o)) for m, o in options(parse("0>1 1>2"))]
    [('0>1', '()'), ('1>2', '0>1')]
    >>> [(m, format(o)) for m, o in options(parse("0>1 1>2 2>0 3>0"))]
    [('0>1', '()'), ('1>2', '()'), ('2>0', '()'), ('3>0', '()')]

    References
    ----------
    .. [1] Nowakowski et al., *The Game of timber!*, §1 (the rules) and Theorem 1.1.
    """
    adj = adjacency(position)
    result: list[Move] = []
    for x, y in sorted(position, key=arc_sort_key):
        fallen = reach_without_edge(adj, x, y)
        option = frozenset(
            a for a in position if a[0] not in fallen and a[1] not in fallen and a != (x, y)
        )
        result.append((f"{x}>{y}", option))
    return result


def components(position: frozenset[Arc]) -> list[frozenset[Arc]]:
    """The connected components (summands) of a position; ``[]`` for the empty position.

    Examples
    --------
    >>> [format(c) for c in components(parse("0>1 2>3 1>4"))]
    ['0>1 1>4', '2>3']
    """
    return list(_components(position))


@lru_cache(maxsize=1 << 16)
def _components(position: frozenset[Arc]) -> tuple[frozenset[Arc], ...]:
    if not position:
        return ()
    adj = adjacency(position)
    comp_of: dict[str, int] = {}
    roots: list[str] = []
    for v in sorted(adj, key=vertex_sort_key):
        if v in comp_of:
            continue
        index = len(roots)
        roots.append(v)
        comp_of[v] = index
        stack = [v]
        while stack:
            u = stack.pop()
            for w in adj[u]:
                if w not in comp_of:
                    comp_of[w] = index
                    stack.append(w)
    if len(roots) == 1:
        return (position,)
    parts: list[list[Arc]] = [[] for _ in roots]
    for arc in position:
        parts[comp_of[arc[0]]].append(arc)
    return tuple(frozenset(p) for p in parts)


def is_tree(position: frozenset[Arc]) -> bool:
    """Whether the arcs form one tree (the empty position counts as the one-vertex tree).

    Examples
    --------
    >>> is_tree(parse("0>1 2>1")), is_tree(parse("0>1 2>3")), is_tree(parse("0>1 1>2 2>0"))
    (True, False, False)
    """
    if not position:
        return True
    adj = adjacency(position)
    return len(adj) == len(position) + 1 and len(components(position)) == 1


def require_tree(position: frozenset[Arc], name: str = "timber") -> frozenset[Arc]:
    """Return ``position`` if it is a tree, else raise :class:`PositionError` "not a tree".

    Examples
    --------
    >>> format(require_tree(parse("0>1")))
    '0>1'
    """
    if not is_tree(position):
        adj = adjacency(position)
        ncomp = len(components(position))
        why = (
            f"{ncomp} components" if ncomp > 1 else
            f"{len(position)} edges on {len(adj)} vertices, so it has a cycle"
        )
        raise PositionError(f"{name}: not a tree ({why}): {format(position)}")
    return position


def parse_tree(text: str) -> frozenset[Arc]:
    """Parse a Timber position that must be a tree.

    Examples
    --------
    >>> format(parse_tree("0>1 1>2"))
    '0>1 1>2'
    >>> parse_tree("0>1 2>3")
    Traceback (most recent call last):
    ...
    cgsat.errors.PositionError: timber: not a tree (2 components): 0>1 2>3
    """
    return require_tree(parse(text))


def size(position: frozenset[Arc]) -> int:
    """The number of arcs (dominoes).

    Examples
    --------
    >>> size(parse("0>1 1>2"))
    2
    """
    return len(position)


# -- canonical keys -------------------------------------------------------------------------
def tree_code(position: frozenset[Arc]) -> str:
    """Canonical code of an oriented tree (center-rooted AHU with arc directions).

    Each rooted subtree is ``(`` + its children's codes, each prefixed by ``d`` (arc from
    parent down to child) or ``u`` (arc up to the parent), sorted + ``)``. A bicentral tree
    is rooted at its central edge, taking the smaller of the two readings.

    Examples
    --------
    >>> tree_code(parse("0>1 2>1")) == tree_code(parse("5>4 3>4"))
    True
    >>> tree_code(parse("0>1 1>2")) == tree_code(parse("0>1 2>1"))
    False

    References
    ----------
    .. [1] A. V. Aho, J. E. Hopcroft, J. D. Ullman, *The Design and Analysis of Computer
       Algorithms* (1974), tree isomorphism (the AHU encoding).
    """
    if not position:
        return "V()"
    adj = adjacency(position)
    # Centre: strip leaves layer by layer.
    degree = {v: len(n) for v, n in adj.items()}
    layer = [v for v, d in degree.items() if d == 1]
    remaining = len(adj)
    while remaining > 2:
        remaining -= len(layer)
        nxt = []
        for leaf in layer:
            for w in adj[leaf]:
                degree[w] -= 1
                if degree[w] == 1:
                    nxt.append(w)
        layer = nxt
    centres = layer if len(adj) > 2 else list(adj)
    out = set(position)

    def rooted(root: str, avoid: str | None) -> str:
        order = [root]
        parent = {root: avoid}
        for u in order:
            for w in adj[u]:
                if w != parent[u]:
                    parent[w] = u
                    order.append(w)
        code: dict[str, str] = {}
        for u in reversed(order):
            kids = sorted(
                ("d" if (u, w) in out else "u") + code[w] for w in adj[u] if w != parent[u]
            )
            code[u] = "(" + "".join(kids) + ")"
        return code[root]

    if len(centres) == 1:
        return "V" + rooted(centres[0], None)
    a, b = centres
    ab = "E" + ("d" if (a, b) in out else "u") + rooted(a, b) + rooted(b, a)
    ba = "E" + ("d" if (b, a) in out else "u") + rooted(b, a) + rooted(a, b)
    return min(ab, ba)


def _refine(colour: dict[str, int], succ: dict[str, list[str]],
            pred: dict[str, list[str]]) -> dict[str, int]:
    """Colour refinement on a digraph; colours are ranks of label-free signatures."""
    ncolours = len(set(colour.values()))
    while True:
        sig = {
            v: (
                colour[v],
                tuple(sorted(colour[w] for w in succ[v])),
                tuple(sorted(colour[w] for w in pred[v])),
            )
            for v in colour
        }
        ranks = {s: i for i, s in enumerate(sorted(set(sig.values())))}
        colour = {v: ranks[sig[v]] for v in colour}
        if len(ranks) == ncolours:
            return colour
        ncolours = len(ranks)


def graph_code(position: frozenset[Arc]) -> tuple:
    """A canonical relabelling of a (possibly cyclic) component, as a key.

    Vertices get the colours of colour refinement (out- and in-neighbours separately);
    the search individualizes a vertex of the first non-singleton cell and refines again,
    and the least arc list over all leaves is the canonical form. If the search would visit
    more than :data:`CANON_SEARCH_LIMIT` leaves, ties are broken by vertex labels instead
    (a sound but weaker key, tagged ``"g"``).

    Examples
    --------
    >>> graph_code(parse("0>1 1>2 2>0")) == graph_code(parse("a>c c>b b>a"))
    True
    >>> graph_code(parse("0>1 1>2 0>2")) == graph_code(parse("0>1 1>2 2>0"))
    False
    """
    succ: dict[str, list[str]] = {}
    pred: dict[str, list[str]] = {}
    for x, y in position:
        succ.setdefault(x, []).append(y)
        pred.setdefault(x, [])
        succ.setdefault(y, [])
        pred.setdefault(y, []).append(x)
    start = _refine({v: 0 for v in succ}, succ, pred)
    best: list[tuple | None] = [None]
    leaves = [0]

    def encode(colour: dict[str, int]) -> tuple:
        return tuple(sorted((colour[x], colour[y]) for x, y in position))

    def search(colour: dict[str, int]) -> bool:
        cells: dict[int, list[str]] = {}
        for v, c in colour.items():
            cells.setdefault(c, []).append(v)
        target = next((c for c in sorted(cells) if len(cells[c]) > 1), None)
        if target is None:
            leaves[0] += 1
            if leaves[0] > CANON_SEARCH_LIMIT:
                return False
            code = encode(colour)
            if best[0] is None or code < best[0]:
                best[0] = code
            return True
        for v in cells[target]:
            split = {u: 2 * c + (0 if u == v else 1) for u, c in colour.items()}
            if not search(_refine(split, succ, pred)):
                return False
        return True

    if search(start):
        return ("G", best[0])
    # Fallback: break ties by label order (sound, weaker).
    order = sorted(succ, key=lambda v: (start[v], vertex_sort_key(v)))
    index = {v: i for i, v in enumerate(order)}
    return ("g", tuple(sorted((index[x], index[y]) for x, y in position)))


@lru_cache(maxsize=1 << 18)
def key(component: frozenset[Arc]) -> Hashable:
    """The memo key of a component: isomorphism-invariant (see the module docstring).

    Examples
    --------
    >>> key(parse("0>1 1>2")) == key(parse("7>3 3>9"))
    True
    >>> key(parse("0>1 1>2")) == key(parse("1>0 1>2"))
    False
    """
    if is_tree(component):
        return ("T", tree_code(component))
    return graph_code(component)


RULESET = ImpartialRuleset(
    name="timber",
    parse=parse,
    format=format,
    options=options,
    components=components,
    key=key,
    size=size,
    exhaustive_limit=40,
)
