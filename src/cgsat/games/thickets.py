"""Thinning Thickets (ruleset ``thickets``) and green thickets (:data:`GREEN_RULESET`).

Rules (Huggan and Nowakowski, *Thinning Thickets*, §1, Definitions 1.1 and 1.2)
-------------------------------------------------------------------------------
A *thicket* is a digraph with a set of root vertices in which every arc lies on a directed
path to a root. Each arc is blue, red or green. The *in-degree* of an arc ``ab`` is the
number of arcs ending at its tail ``a``, in the current position.

- Left may delete a blue arc of even in-degree or a red arc of odd in-degree.
- Right may delete a red arc of even in-degree or a blue arc of odd in-degree.
- Either player may delete a green arc of even in-degree.

After the deletion, every arc and vertex on no directed path to a root is deleted. (An arc
``ab`` survives exactly when its head ``b`` still reaches a root.) The player who cannot
move loses. All-green thickets are impartial; :data:`GREEN_RULESET` plays them.

Components (what is a disjunctive sum)
--------------------------------------
Whether ``ab`` may be deleted depends only on the arcs ending at ``a``, and whether an arc
survives depends only on the paths from its head to a root. Two arcs ending at the same
vertex ``v`` therefore interact through ``v``'s in-degree only if ``v`` has arcs leaving
it. So a root with no out-arc (a *sink root*, the usual ground) does not connect the parts
that meet there, and the summands are the connected components of the underlying graph
once every sink root is split into one copy per arc ending at it. Every other shared
vertex (a non-root vertex, or a root with out-arcs) keeps its parts together. The test
suite checks this split against the options of the unsplit position, for both players.

Syntax
------
Arcs ``a>b:c`` with ``c`` in ``b`` (blue), ``r`` (red), ``g`` (green), separated by
whitespace or commas; a vertex is an integer or a name (letters, digits, underscore).
``root=R1,R2,...`` names the roots (default: the single root ``0``). Shorthands, each a
separate cordon on its own root (several shorthands, and arcs, may be mixed in one sum):

- ``blue:[0101]``, ``red:[0101]`` (and ``green:[0101]``): the tuple notation of §4, one
  entry per stalk vertex ``v_n ... v_1`` from the top down, ``1`` meaning a leaf arc on
  that vertex. The first entry is always ``0`` and the length is the height; ``[]`` is the
  empty cordon and ``[0]`` a stalk of one arc.
- ``stalk:RLLR``: a red-blue stalk (§4), top arc first. Each letter says who may delete
  that arc now. The top arc has in-degree 0 and every other arc in-degree 1, so a top
  ``L`` is blue, an interior ``L`` red, a top ``R`` red and an interior ``R`` blue.

The printed form is normalized: arcs and vertices on no path to a root are gone, isolated
roots are dropped, the vertices are relabelled canonically (roots first, ``0..k-1``), the
arcs are sorted, and ``root=...`` is printed unless the roots are just ``0``. The empty
thicket prints as ``()``. Move text is the deleted arc ``a>b`` in the printed labelling of
the position moved from.

Exhaustive play is limited to 24 arcs: a cordon with many leaves has exponentially many
followers (the green cordon ``L(14)``, 26 arcs, has 12,287 distinct followers and takes
about half a minute as a green thicket; :mod:`cgsat.games.green_cordon` plays cordons
about 30 times faster).

Canonical labelling
-------------------
An *in-forest* thicket (every non-root vertex has exactly one out-arc and no root has one:
cordons, stalks, trees on the ground) is labelled by its AHU code (children ordered by
arc colour and subtree code, vertices numbered breadth-first from the roots), which is
exact and fast. Any other thicket goes through colour refinement (starting from the
distance to the nearest root, then by the multisets of coloured in- and out-arcs)
followed by individualization of one vertex at a time, keeping the least sorted arc list
over the leaves of the search tree; twin vertices (same in- and out-arcs) are tried once.
This labelling is isomorphism-invariant. When the search would exceed
:data:`CANON_SEARCH_LIMIT` leaves (very symmetric thickets), ties are broken by the current
labels instead: the result is still a relabelling of the same thicket (so a memo key never
identifies two different positions) and normalizing twice changes nothing, but two
isomorphic inputs may then print differently.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Integers 18 (2018), §1
   (Definitions 1.1, 1.2, rules), §4 (tuple and red-blue stalk notation).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import cast

from cgsat.errors import PositionError
from cgsat.games.base import ImpartialRuleset, Move, PartizanRuleset

__all__ = ["Arc", "CANON_SEARCH_LIMIT", "COLOURS", "COLOUR_NAMES", "EMPTY", "GREEN_RULESET",
           "RULESET", "Thicket", "components", "cordon_arcs", "format", "from_stalk", "from_tuple",
           "green_options", "in_degrees", "key", "left_options", "make_thicket", "may_delete",
           "normalize", "parse", "parse_green", "prune", "right_options", "size", "stalk_arcs"]

COLOURS = ("b", "r", "g")
COLOUR_NAMES = {"blue": "b", "red": "r", "green": "g"}

#: Largest number of search-tree leaves explored by the canonical labelling.
CANON_SEARCH_LIMIT = 256

_LABEL = r"[A-Za-z0-9_]+"
_ARC_RE = re.compile(rf"^({_LABEL})>({_LABEL})(?::(.*))?$")
_HALF_RE = re.compile(rf"^({_LABEL})?>({_LABEL})?(?::.*)?$")
_TUPLE_RE = re.compile(r"^(blue|red|green):(.*)$", re.IGNORECASE)
_STALK_RE = re.compile(r"^stalk:(.*)$", re.IGNORECASE)
_ROOT_RE = re.compile(r"(?<!\S)root=(\S*)")
_SEPARATORS = re.compile(r"[\s,]+")

Arc = tuple[int, int, str]


@dataclass(frozen=True, order=True)
class Thicket:
    """A normalized thicket: vertices ``0..m-1``, roots first.

    Attributes
    ----------
    roots : tuple of int
        The root vertices that carry arcs (``0..k-1`` after normalization).
    arcs : tuple of (tail, head, colour)
        Sorted; colour is ``"b"``, ``"r"`` or ``"g"``.
    """

    roots: tuple[int, ...]
    arcs: tuple[Arc, ...]

    def __str__(self) -> str:
        return format(self)


EMPTY = Thicket((), ())


# -- normalization -------------------------------------------------------------------------
def _vertex_order(v: Hashable) -> tuple:
    if isinstance(v, int):
        return (0, v, "")
    s = str(v)
    if s.isdigit():
        return (0, int(s), "")
    return (1, 0, s)


def prune(arcs: Iterable[tuple], roots: Iterable[Hashable]) -> list[tuple]:
    """Keep the arcs whose head still reaches a root (Definition 1.1).

    Examples
    --------
    >>> prune([(1, 0, "b"), (2, 3, "r")], [0])
    [(1, 0, 'b')]
    """
    arcs = list(arcs)
    preds: dict[Hashable, list[Hashable]] = defaultdict(list)
    for a, b, _ in arcs:
        preds[b].append(a)
    alive = set(roots)
    stack = list(alive)
    while stack:
        y = stack.pop()
        for x in preds[y]:
            if x not in alive:
                alive.add(x)
                stack.append(x)
    return [arc for arc in arcs if arc[1] in alive]


class _SearchTooLarge(Exception):
    pass


def _canonical_forest(
    arcs: Sequence[tuple], root_set: set, vertices: list
) -> Thicket | None:
    """The AHU canonical labelling when the thicket is an in-forest (every non-root vertex
    has one out-arc and no root has one); ``None`` otherwise."""
    out_count: dict[Hashable, int] = defaultdict(int)
    inn: dict[Hashable, list[tuple[str, Hashable]]] = defaultdict(list)
    for a, b, c in arcs:
        out_count[a] += 1
        inn[b].append((c, a))
    for v in vertices:
        if out_count[v] != (0 if v in root_set else 1):
            return None
    roots = [r for r in root_set if r in inn]
    order = list(roots)
    for v in order:
        order.extend(u for _, u in inn[v])
    code: dict[Hashable, str] = {}
    for v in reversed(order):
        code[v] = "(" + "".join(sorted(c + code[u] for c, u in inn[v])) + ")"
    label: dict[Hashable, int] = {}
    queue = sorted(roots, key=code.__getitem__)
    for r in queue:
        label[r] = len(label)
    for v in queue:
        for _, u in sorted(inn[v], key=lambda cu: cu[0] + code[cu[1]]):
            label[u] = len(label)
            queue.append(u)
    new_arcs = tuple(sorted((label[a], label[b], c) for a, b, c in arcs))
    return Thicket(tuple(range(len(roots))), new_arcs)


def _canonical(arcs: Sequence[tuple], roots: Iterable[Hashable]) -> Thicket:  # noqa: C901 - the relabelling in one pass
    """Relabel a pruned thicket canonically (see the module docstring)."""
    root_set = set(roots)
    vertices = sorted({v for a, b, _ in arcs for v in (a, b)}, key=_vertex_order)
    if not vertices:
        return EMPTY
    forest = _canonical_forest(arcs, root_set, vertices)
    if forest is not None:
        return forest
    index = {v: i for i, v in enumerate(vertices)}
    m = len(vertices)
    edges = [(index[a], index[b], c) for a, b, c in arcs]
    out: list[list[tuple[str, int]]] = [[] for _ in range(m)]
    inn: list[list[tuple[str, int]]] = [[] for _ in range(m)]
    for a, b, c in edges:
        out[a].append((c, b))
        inn[b].append((c, a))
    twin_key = [(frozenset(out[v]), frozenset(inn[v])) for v in range(m)]

    def refine(col: list[int]) -> list[int]:
        classes = len(set(col))
        while True:
            sigs = [
                (
                    col[v],
                    tuple(sorted((c, col[w]) for c, w in out[v])),
                    tuple(sorted((c, col[w]) for c, w in inn[v])),
                )
                for v in range(m)
            ]
            rank = {s: i for i, s in enumerate(sorted(set(sigs)))}
            col = [rank[s] for s in sigs]
            if len(rank) == classes:
                return col
            classes = len(rank)

    def labelled(col: list[int]) -> tuple[Arc, ...]:
        return tuple(sorted((col[a], col[b], c) for a, b, c in edges))

    def split(col: list[int], v: int, c: int) -> list[int]:
        return [2 * x + (1 if x == c and u != v else 0) for u, x in enumerate(col)]

    def first_cell(col: list[int]) -> tuple[int, list[int]] | None:
        counts: dict[int, int] = defaultdict(int)
        for x in col:
            counts[x] += 1
        multi = [x for x, k in counts.items() if k > 1]
        if not multi:
            return None
        c = min(multi)
        return c, [v for v in range(m) if col[v] == c]

    leaves = [0]

    def search(col: list[int]) -> tuple[tuple[Arc, ...], list[int]]:
        col = refine(col)
        cell = first_cell(col)
        if cell is None:
            leaves[0] += 1
            if leaves[0] > CANON_SEARCH_LIMIT:
                raise _SearchTooLarge
            return labelled(col), col
        c, members = cell
        reps: dict[tuple, int] = {}
        for v in members:
            reps.setdefault(twin_key[v], v)
        best: tuple[tuple[Arc, ...], list[int]] | None = None
        for v in reps.values():
            result = search(split(col, v, c))
            if best is None or result[0] < best[0]:
                best = result
        assert best is not None
        return best

    # Start from the distance to the nearest root (roots first, then their in-neighbours,
    # ...): an invariant that makes printed labels grow from the ground up.
    dist = [0 if v in root_set else -1 for v in vertices]
    frontier = [i for i in range(m) if dist[i] == 0]
    while frontier:
        nxt = []
        for y in frontier:
            for _, x in inn[y]:
                if dist[x] < 0:
                    dist[x] = dist[y] + 1
                    nxt.append(x)
        frontier = nxt
    start = dist
    try:
        arcs_out, col = search(start)
    except _SearchTooLarge:
        col = refine(start)
        while (cell := first_cell(col)) is not None:
            c, members = cell
            col = refine(split(col, members[0], c))
        arcs_out = labelled(col)
    new_roots = tuple(sorted(col[index[r]] for r in root_set if r in index))
    return Thicket(new_roots, arcs_out)


def normalize(arcs: Iterable[tuple], roots: Iterable[Hashable] = (0,)) -> Thicket:
    """Prune, drop isolated roots and relabel canonically.

    Parameters
    ----------
    arcs : iterable of (tail, head, colour)
        Vertices may be any hashable labels (integers or strings).
    roots : iterable
        The root vertices.

    Examples
    --------
    >>> format(normalize([("x", "y", "b"), ("y", "r0", "g"), ("z", "w", "r")], ["r0"]))
    '1>0:g 2>1:b'
    """
    roots = list(roots)
    return _canonical(prune(arcs, roots), roots)


def make_thicket(
    arcs: Iterable[tuple], roots: Iterable[Hashable] = (0,), name: str = "thickets"
) -> Thicket:
    """A validated, normalized thicket from ``(tail, head, colour)`` triples.

    Raises
    ------
    PositionError
        For a colour other than ``b``, ``r``, ``g``, a self-loop, a repeated arc, or an arc
        on no directed path to a root.

    Examples
    --------
    >>> format(make_thicket([(2, 1, "b"), (1, 0, "r")]))
    '1>0:r 2>1:b'
    """
    arcs = list(arcs)
    roots = list(roots)
    seen: set[tuple] = set()
    for a, b, c in arcs:
        text = f"{a}>{b}:{c}"
        if c not in COLOURS:
            raise PositionError(f"{name}: unknown colour {c!r} in arc {text!r} (use b, r or g)")
        if a == b:
            raise PositionError(f"{name}: self-loop {text!r}")
        if (a, b) in seen:
            raise PositionError(f"{name}: repeated arc {a}>{b}")
        seen.add((a, b))
    kept = prune(arcs, roots)
    if len(kept) < len(arcs):
        kept_set = set(kept)
        a, b, c = next(arc for arc in arcs if arc not in kept_set)
        shown = ",".join(str(r) for r in roots)
        raise PositionError(
            f"{name}: arc {a}>{b}:{c} is on no directed path to a root (roots: {shown})"
        )
    return _canonical(kept, roots)


# -- the shorthands of §4 ---------------------------------------------------------------------
def cordon_arcs(
    entries: str, colour: str, tag: str = ""
) -> tuple[list[tuple[str, str, str]], str]:
    """Arcs of a one-colour cordon in the tuple notation of §4, and its root.

    ``entries`` lists ``v_n ... v_1`` from the top down; ``1`` is a leaf arc on that
    vertex. Stalk vertices are named ``{tag}v{i}`` and leaves ``{tag}l{i}``.

    Examples
    --------
    >>> cordon_arcs("01", "b")
    ([('v1', 'v0', 'b'), ('v2', 'v1', 'b'), ('l1', 'v1', 'b')], 'v0')
    """
    n = len(entries)
    arcs = [(f"{tag}v{i}", f"{tag}v{i - 1}", colour) for i in range(1, n + 1)]
    for j, e in enumerate(entries):
        if e == "1":
            arcs.append((f"{tag}l{n - j}", f"{tag}v{n - j}", colour))
    return arcs, f"{tag}v0"


def stalk_arcs(letters: str, tag: str = "") -> tuple[list[tuple[str, str, str]], str]:
    """Arcs of a red-blue stalk written top arc first in the L/R notation of §4.

    Examples
    --------
    >>> stalk_arcs("LR")
    ([('v2', 'v1', 'b'), ('v1', 'v0', 'b')], 'v0')
    """
    n = len(letters)
    arcs = []
    for j, who in enumerate(letters):
        i = n - j
        top = j == 0
        colour = ("b" if top else "r") if who == "L" else ("r" if top else "b")
        arcs.append((f"{tag}v{i}", f"{tag}v{i - 1}", colour))
    return arcs, f"{tag}v0"


def from_tuple(colour: str, entries: str) -> Thicket:
    """The cordon ``colour:[entries]`` (``colour`` is blue, red or green).

    Examples
    --------
    >>> format(from_tuple("blue", "00"))
    '1>0:b 2>1:b'
    """
    return parse(f"{colour}:[{entries}]")


def from_stalk(letters: str) -> Thicket:
    """The red-blue stalk ``stalk:letters``.

    Examples
    --------
    >>> from_stalk("LR") == from_tuple("blue", "00")
    True
    """
    return parse(f"stalk:{letters}")


# -- parsing and printing -----------------------------------------------------------------------
def _parse(text: str, name: str, green_only: bool) -> Thicket:  # noqa: C901 - a message per syntax error
    roots: list[str] = []
    for m in _ROOT_RE.finditer(text):
        names = [r for r in m.group(1).split(",") if r]
        if not names or any(not re.fullmatch(_LABEL, r) for r in names):
            raise PositionError(f"{name}: bad root list {m.group(0)!r}")
        roots.extend(str(int(r)) if r.isdigit() else r for r in names)
    body = _ROOT_RE.sub(" ", text).strip()
    if not roots:
        roots = ["0"]
    if body in ("", "()"):
        return EMPTY
    user_arcs: list[tuple[str, str, str]] = []
    extra_arcs: list[tuple[str, str, str]] = []
    extra_roots: list[str] = []
    for k, token in enumerate(t for t in _SEPARATORS.split(body) if t):
        m = _ARC_RE.match(token)
        if m is not None:
            a, b, colour = m.group(1), m.group(2), m.group(3)
            a = str(int(a)) if a.isdigit() else a
            b = str(int(b)) if b.isdigit() else b
            if colour is None or colour == "":
                if not green_only:
                    raise PositionError(
                        f"{name}: arc {token!r} has no colour (write {token}:b, :r or :g)"
                    )
                colour = "g"
            c = colour.lower()
            if c not in COLOURS:
                raise PositionError(
                    f"{name}: unknown colour {colour!r} in arc {token!r} (use b, r or g)"
                )
            if green_only and c != "g":
                raise PositionError(
                    f"{name}: arc {token!r} is not green (green thickets take only :g arcs)"
                )
            user_arcs.append((a, b, c))
            continue
        if _HALF_RE.match(token):
            raise PositionError(f"{name}: arc {token!r} has only one end")
        m = _TUPLE_RE.match(token)
        if m is not None:
            colour, rest = m.group(1).lower(), m.group(2)
            if green_only and colour != "green":
                raise PositionError(
                    f"{name}: {token!r} is not green (green thickets take only green:[...])"
                )
            if not (rest.startswith("[") and rest.endswith("]")):
                raise PositionError(
                    f"{name}: cannot read {token!r} (expected a tuple such as {colour}:[0101])"
                )
            entries = rest[1:-1]
            bad = next((ch for ch in entries if ch not in "01"), None)
            if bad is not None:
                raise PositionError(
                    f"{name}: letter {bad!r} in {token!r} (a tuple has only 0 and 1 entries)"
                )
            if entries and entries[0] != "0":
                raise PositionError(
                    f"{name}: {token!r} must start with 0 "
                    "(a leaf on the top vertex would be part of the stalk)"
                )
            arcs, root = cordon_arcs(entries, COLOUR_NAMES[colour], tag=f"#{k}.")
            extra_arcs.extend(arcs)
            extra_roots.append(root)
            continue
        m = _STALK_RE.match(token)
        if m is not None:
            if green_only:
                raise PositionError(f"{name}: {token!r} is not green (a red-blue stalk)")
            letters = m.group(1).upper()
            bad = next((ch for ch in m.group(1) if ch.upper() not in "LR"), None)
            if bad is not None:
                raise PositionError(
                    f"{name}: letter {bad!r} in {token!r} (a red-blue stalk uses L and R)"
                )
            arcs, root = stalk_arcs(letters, tag=f"#{k}.")
            extra_arcs.extend(arcs)
            extra_roots.append(root)
            continue
        if "=" in token:
            raise PositionError(f"{name}: unknown option {token!r} (only root=)")
        raise PositionError(
            f"{name}: cannot read token {token!r} (expected a>b:c, blue:[...], stalk:...)"
        )
    if user_arcs:
        # Validate the user's arcs on their own, so that errors name their labels.
        make_thicket(user_arcs, roots, name=name)
    return normalize(user_arcs + extra_arcs, roots + extra_roots)


def parse(text: str) -> Thicket:
    """Parse a thicket (see the module docstring for the syntax).

    Raises
    ------
    PositionError
        Naming the offending token: junk, an unknown colour, an arc with one end, a
        self-loop, a repeated arc, an arc on no directed path to a root, or a malformed
        shorthand.

    Examples
    --------
    >>> format(parse("2>1:b, 1>0:r, 3>1:g"))
    '1>0:r 2>1:b 3>1:g'
    >>> format(parse("blue:[01]"))
    '1>0:b 2>1:b 3>1:b'
    >>> format(parse("stalk:LR"))
    '1>0:b 2>1:b'
    """
    return _parse(text, "thickets", green_only=False)


def parse_green(text: str) -> Thicket:
    """Parse an all-green thicket; arcs may omit ``:g``. Non-green arcs are an error.

    Examples
    --------
    >>> format(parse_green("1>0 2>1:g"))
    '1>0:g 2>1:g'
    """
    return _parse(text, "green-thickets", green_only=True)


def format(position: Thicket) -> str:  # noqa: A001 - the ruleset's printing function
    """Print a normalized thicket.

    Examples
    --------
    >>> format(parse("a>r:g b>s:g root=r,s"))
    '2>0:g 3>1:g root=0,1'
    >>> format(EMPTY)
    '()'
    """
    if not position.arcs:
        return "()"
    text = " ".join(f"{a}>{b}:{c}" for a, b, c in position.arcs)
    if position.roots != (0,):
        text += " root=" + ",".join(str(r) for r in position.roots)
    return text


# -- moves ------------------------------------------------------------------------------------
def in_degrees(position: Thicket) -> dict[int, int]:
    """The number of arcs ending at each vertex.

    Examples
    --------
    >>> dict(in_degrees(parse("blue:[01]")))
    {0: 1, 1: 2}
    """
    deg: dict[int, int] = defaultdict(int)
    for _, b, _ in position.arcs:
        deg[b] += 1
    return deg


def may_delete(player: str, colour: str, in_degree: int) -> bool:
    """Whether ``player`` (``"L"`` or ``"R"``) may delete an arc of this colour and in-degree.

    Examples
    --------
    >>> may_delete("L", "b", 0), may_delete("L", "r", 1), may_delete("R", "b", 1)
    (True, True, True)
    >>> may_delete("L", "g", 1), may_delete("R", "g", 2)
    (False, True)
    """
    even = in_degree % 2 == 0
    if colour == "g":
        return even
    if player == "L":
        return even if colour == "b" else not even
    return even if colour == "r" else not even


def _moves(position: Thicket, player: str) -> list[Move]:
    deg = in_degrees(position)
    result: list[Move] = []
    for i, (a, b, c) in enumerate(position.arcs):
        if may_delete(player, c, deg[a]):
            rest = position.arcs[:i] + position.arcs[i + 1 :]
            result.append((f"{a}>{b}", normalize(rest, position.roots)))
    return result


def left_options(position: Thicket) -> list[Move]:
    """Left's moves ``(arc text, option)``.

    Examples
    --------
    >>> [(m, format(o)) for m, o in left_options(parse("blue:[00]"))]
    [('2>1', '1>0:b')]
    """
    return _moves(position, "L")


def right_options(position: Thicket) -> list[Move]:
    """Right's moves ``(arc text, option)``.

    Examples
    --------
    >>> [(m, format(o)) for m, o in right_options(parse("blue:[00]"))]
    [('1>0', '()')]
    """
    return _moves(position, "R")


def green_options(position: Thicket) -> list[Move]:
    """Deletions of green arcs of even in-degree (the moves of both players).

    Examples
    --------
    >>> [(m, format(o)) for m, o in green_options(parse("green:[01]"))]
    [('1>0', '()'), ('2>1', '1>0:g 2>1:g'), ('3>1', '1>0:g 2>1:g')]
    """
    deg = in_degrees(position)
    result: list[Move] = []
    for i, (a, b, c) in enumerate(position.arcs):
        if c == "g" and deg[a] % 2 == 0:
            rest = position.arcs[:i] + position.arcs[i + 1 :]
            result.append((f"{a}>{b}", normalize(rest, position.roots)))
    return result


def components(position: Thicket) -> list[Thicket]:
    """The summands: split every sink root (a root without out-arcs), then take the
    connected components (see the module docstring). Sorted, each normalized.

    Examples
    --------
    >>> [format(c) for c in components(parse("1>0:g 2>0:g 3>2:b"))]
    ['1>0:g', '1>0:g 2>1:b']
    """
    if not position.arcs:
        return []
    roots = set(position.roots)
    tails = {a for a, _, _ in position.arcs}
    sink_roots = roots - tails
    parent = cast("dict[int, int]", {})

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b, _ in position.arcs:
        find(a)
        if b not in sink_roots:
            parent[find(a)] = find(b)
    groups: dict[int, list[Arc]] = defaultdict(list)
    for arc in position.arcs:
        groups[find(arc[0])].append(arc)
    if len(groups) == 1:
        return [position]
    parts = []
    for tag, arcs in enumerate(groups.values()):
        # Give each part its own copy of a shared sink root.
        part_arcs = [(a, (b, tag) if b in sink_roots else b, c) for a, b, c in arcs]
        part_roots = [(r, tag) if r in sink_roots else r for r in roots]
        parts.append(_canonical_mixed(part_arcs, part_roots))
    return sorted(parts)


def _canonical_mixed(arcs: list[tuple], roots: list) -> Thicket:
    """Normalize a part whose labels mix ints and (int, tag) pairs."""
    labels = sorted(
        {v for a, b, _ in arcs for v in (a, b)},
        key=lambda v: v if isinstance(v, tuple) else (v, -1),
    )
    rename = {v: i for i, v in enumerate(labels)}
    return _canonical(
        [(rename[a], rename[b], c) for a, b, c in arcs], [rename[r] for r in roots if r in rename]
    )


def key(component: Thicket) -> Thicket:
    """The normalized thicket is its own key (canonically relabelled).

    Examples
    --------
    >>> key(parse("a>0:g b>a:b")) == key(parse("x>0:g y>x:b"))
    True
    """
    return component


def size(position: Thicket) -> int:
    """The number of arcs.

    Examples
    --------
    >>> size(parse("stalk:LRL"))
    3
    """
    return len(position.arcs)


RULESET = PartizanRuleset(
    name="thickets",
    parse=parse,
    format=format,
    left_options=left_options,
    right_options=right_options,
    components=components,
    key=key,
    size=size,
    exhaustive_limit=24,
)

GREEN_RULESET = ImpartialRuleset(
    name="green-thickets",
    parse=parse_green,
    format=format,
    options=green_options,
    components=components,
    key=key,
    size=size,
    exhaustive_limit=24,
)
