"""The partizan difference encoding for Toppling Dominoes (DESIGN.md, "Partizan difference
encoding").

A *side* is a game whose followers and moves are known in advance, but whose moves may be
conditioned on propositional literals:

- :class:`StringSide`: a row of dominoes given by two literals per domino, "Left may topple
  it" and "Right may topple it". Literals may be constants (``True``/``False``), so one
  class serves symbolic strings, concrete strings, and strings that share variables with
  another one (``xLy`` against ``xy``). A domino neither player may topple is *blank*: it
  is inert, and a row with blanks has the value of the row with them deleted.
- :class:`GameSide`: a concrete game tree, any hashable object with ``.left`` and
  ``.right`` tuples of the same kind (e.g. a canonical ``Game`` of the partizan engine).
- :class:`OrdinalOneSide`: the ordinal sum ``1:G`` of a row ``G`` (Fink et al., Definition 6),
  for Theorem 10.

Followers of the row ``G[0:n]`` are its substrings ``G[i:j]``. Toppling domino ``k`` east
leaves ``G[i:k]``; toppling it west leaves ``G[k+1:j]`` (Fink, Nowakowski, Siegel, Wolfe,
*Toppling Conjectures*, §1).

For followers ``g`` of the first side and ``h`` of the second, :class:`DifferenceEncoding`
defines two variables with full equivalences:

- ``LW(g, h)``: Left moving first wins ``g - h``. It holds iff some Left move ``g -> g'``
  has ``not RW(g', h)`` or some Right move ``h -> h'`` has ``not RW(g, h')`` (Left's
  options in ``-h`` are the negatives of ``h``'s Right options);
- ``RW(g, h)``: symmetrically, with the players exchanged.

Then ``G = H`` iff ``not LW and not RW`` at the root, ``G >= H`` iff ``not RW``, ``G > H``
iff ``LW and not RW``, and ``G || H`` iff ``LW and RW``.

Clauses go straight into the solver (any object with ``add_clause``); variables are named
in a PySAT :class:`~pysat.formula.IDPool`. Pair variables are defined lazily, on demand,
so that several queries can share one solver incrementally.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from pysat.formula import IDPool

Lit = int | bool
"""A literal (a non-zero int) or a constant."""

Node = Hashable
MoveGroup = tuple[Lit, tuple[Node, ...]]
"""A condition and the followers it makes available: ``(cond, (child, ...))``."""


class Side(Protocol):
    """A game with conditioned moves: the interface :class:`DifferenceEncoding` needs."""

    root: Node

    def left_moves(self, node: Node) -> list[MoveGroup]: ...

    def right_moves(self, node: Node) -> list[MoveGroup]: ...


LETTERS = {"L": (True, False), "R": (False, True), "E": (True, True), "_": (False, False)}


@dataclass(frozen=True)
class StringSide:
    """A row of dominoes whose letters are literals.

    Attributes
    ----------
    left, right : tuple of Lit
        ``left[k]``: "Left may topple domino k"; ``right[k]``: "Right may topple domino k".

    Examples
    --------
    >>> s = StringSide.concrete("LR")
    >>> s.root
    (0, 2)
    >>> s.left_moves((0, 2))
    [(True, ((0, 0), (1, 2)))]
    >>> s.right_moves((0, 2))
    [(True, ((0, 1), (0, 0)))]

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1 (rules of the game).
    """

    left: tuple[Lit, ...]
    right: tuple[Lit, ...]

    @staticmethod
    def concrete(word: str) -> StringSide:
        """A fixed row over ``L``, ``R``, ``E`` (and ``_`` for a blank)."""
        pairs = [LETTERS[c] for c in word]
        return StringSide(tuple(p[0] for p in pairs), tuple(p[1] for p in pairs))

    def __len__(self) -> int:
        return len(self.left)

    @property
    def root(self) -> Node:
        return (0, len(self.left)) if self.left else (0, 0)

    @staticmethod
    def _node(i: int, j: int) -> Node:
        return (i, j) if i < j else (0, 0)

    def _moves(self, node: Node, lits: tuple[Lit, ...]) -> list[MoveGroup]:
        i, j = node  # type: ignore[misc]
        out: list[MoveGroup] = []
        for k in range(i, j):
            cond = lits[k]
            if cond is False:
                continue
            east, west = self._node(i, k), self._node(k + 1, j)
            out.append((cond, (east, west) if east != west else (east,)))
        return out

    def left_moves(self, node: Node) -> list[MoveGroup]:
        return self._moves(node, self.left)

    def right_moves(self, node: Node) -> list[MoveGroup]:
        return self._moves(node, self.right)


@dataclass(frozen=True)
class GameSide:
    """A concrete game: any hashable object with ``.left`` and ``.right`` option tuples.

    Examples
    --------
    With ``left_of``/``right_of`` given, those functions list the options instead.

    >>> side = GameSide("*", lambda g: ("0",) if g == "*" else (),
    ...                 lambda g: ("0",) if g == "*" else ())
    >>> side.left_moves("*")
    [(True, ('0',))]
    """

    root: Any
    left_of: Any = None
    right_of: Any = None

    def left_moves(self, node: Node) -> list[MoveGroup]:
        opts = tuple(self.left_of(node) if self.left_of else node.left)  # type: ignore[attr-defined]
        return [(True, opts)] if opts else []

    def right_moves(self, node: Node) -> list[MoveGroup]:
        opts = tuple(self.right_of(node) if self.right_of else node.right)  # type: ignore[attr-defined]
        return [(True, opts)] if opts else []


@dataclass(frozen=True)
class OrdinalOneSide:
    """The ordinal sum ``1:G`` for a row ``G``: ``1:g = {0, 1:g^L | 1:g^R}``.

    Nodes are ``("zero",)`` and the substrings ``(i, j)`` of ``G`` standing for ``1:G[i:j]``.

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, Definition 6 and Theorem 10.
    """

    row: StringSide

    @property
    def root(self) -> Node:
        return self.row.root

    def left_moves(self, node: Node) -> list[MoveGroup]:
        if node == ("zero",):
            return []
        return [(True, (("zero",),))] + self.row.left_moves(node)

    def right_moves(self, node: Node) -> list[MoveGroup]:
        if node == ("zero",):
            return []
        return self.row.right_moves(node)


class DifferenceEncoding:
    """Variables "Left (Right) moving first wins g - h" for followers g, h of two sides.

    Parameters
    ----------
    sink
        Receives clauses: a PySAT solver or :class:`~pysat.formula.CNF` (``add_clause``).
    pool : IDPool
        Allocates the variables. Pair variables and Tseitin auxiliaries are anonymous
        (``pool.id()``); :meth:`pair_vars` returns them, keyed by follower pair, so that
        million-clause instances do not keep a name for every variable.
    g_side, h_side : Side
        The two games; the difference is ``g_side - h_side``.
    tag : hashable
        A label for this encoding (kept as ``.tag``; several encodings may share a pool).

    Examples
    --------
    >>> from pysat.solvers import Solver
    >>> pool = IDPool()
    >>> with Solver(name="cadical195") as s:
    ...     enc = DifferenceEncoding(s, pool, StringSide.concrete("LR"),
    ...                              StringSide.concrete("RL"))
    ...     lw, rw = enc.root_vars()
    ...     s.solve([-lw, -rw])   # LR = RL = *
    True

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1; DESIGN.md "Partizan
    difference encoding".
    """

    def __init__(self, sink: Any, pool: IDPool, g_side: Side, h_side: Side,
                 tag: Hashable = 0) -> None:
        self.sink = sink
        self.pool = pool
        self.g_side = g_side
        self.h_side = h_side
        self.tag = tag
        self.clauses = 0
        # followers are numbered on first sight; moves are stored by number
        self._gidx: dict[Node, int] = {}
        self._hidx: dict[Node, int] = {}
        self._gnodes: list[Node] = []
        self._hnodes: list[Node] = []
        self._gmoves: list[tuple[list, list]] = []
        self._hmoves: list[tuple[list, list]] = []
        self._pairs: dict[tuple[int, int], tuple[int, int]] = {}
        self._todo: list[tuple[int, int]] = []

    # -- followers ---------------------------------------------------------------------
    @staticmethod
    def _index(node: Node, idx: dict, nodes: list, moves: list) -> int:
        i = idx.get(node)
        if i is None:
            i = idx[node] = len(nodes)
            nodes.append(node)
            moves.append(None)  # filled on first use, children numbered lazily
        return i

    def _moves_of(self, i: int, first: bool) -> tuple[list, list]:
        moves = self._gmoves if first else self._hmoves
        m = moves[i]
        if m is None:
            side = self.g_side if first else self.h_side
            node = (self._gnodes if first else self._hnodes)[i]
            idx, nodes = (self._gidx, self._gnodes) if first else (self._hidx, self._hnodes)
            m = tuple(
                [(cond, [self._index(ch, idx, nodes, moves) for ch in kids])
                 for cond, kids in groups]
                for groups in (side.left_moves(node), side.right_moves(node)))
            moves[i] = m
        return m

    # -- variables -------------------------------------------------------------------
    def _pair(self, gi: int, hi: int) -> tuple[int, int]:
        key = (gi, hi)
        v = self._pairs.get(key)
        if v is None:
            v = self._pairs[key] = (self.pool.id(), self.pool.id())
            self._todo.append(key)
        return v

    def pair_vars(self, g: Node, h: Node) -> tuple[int, int]:
        """``(LW, RW)`` of ``g - h`` for followers ``g``, ``h``, defined with everything
        below them."""
        gi = self._index(g, self._gidx, self._gnodes, self._gmoves)
        hi = self._index(h, self._hidx, self._hnodes, self._hmoves)
        v = self._pair(gi, hi)
        self.flush()
        return v

    def root_vars(self) -> tuple[int, int]:
        """``(LW, RW)`` at the roots, with every follower pair defined."""
        return self.pair_vars(self.g_side.root, self.h_side.root)

    @property
    def pairs_defined(self) -> int:
        return len(self._pairs)

    # -- clauses ---------------------------------------------------------------------
    def flush(self) -> None:
        """Define every pair variable requested so far (and everything they need)."""
        add = self.sink.add_clause
        pair = self._pair
        todo = self._todo
        count = 0
        while todo:
            gi, hi = todo.pop()
            lw, rw = self._pairs[(gi, hi)]
            gl, gr = self._moves_of(gi, True)
            hl, hr = self._moves_of(hi, False)
            # LW: Left moves in g, or in -h (Right moves of h); Right replies: RW.
            # RW: Right moves in g, or in -h (Left moves of h); Left replies: LW.
            for me, mine, theirs, k in ((lw, gl, hr, 1), (rw, gr, hl, 0)):
                big = [-me]
                for first, groups in ((True, mine), (False, theirs)):
                    for cond, kids in groups:
                        if first:
                            replies = [pair(c, hi)[k] for c in kids]
                        else:
                            replies = [pair(gi, c)[k] for c in kids]
                        if cond is True:
                            for r in replies:  # (not reply) -> me
                                add([r, me])
                            big.extend([-r for r in replies])
                            count += len(replies)
                        else:
                            for r in replies:  # (cond and not reply) -> me
                                add([-cond, r, me])
                            t = self.pool.id()
                            add([-t, cond])
                            add([-t] + [-r for r in replies])
                            big.append(t)
                            count += len(replies) + 2
                add(big)
                count += 1
        self.clauses += count


def letter_vars(pool: IDPool, name: Hashable, n: int) -> StringSide:
    """A symbolic row of ``n`` dominoes with fresh letter variables named ``(name, "a", k)``
    ("Left may topple k") and ``(name, "b", k)`` ("Right may topple k").

    Examples
    --------
    >>> side = letter_vars(IDPool(), "G", 3)
    >>> side.left, side.right
    ((1, 3, 5), (2, 4, 6))
    """
    left, right = [], []
    for k in range(n):
        left.append(pool.id((name, "a", k)))
        right.append(pool.id((name, "b", k)))
    return StringSide(tuple(left), tuple(right))


def alphabet_clauses(side: StringSide, alphabet: str = "LRE", min_length: int | None = None,
                     ) -> Iterable[list[int]]:
    """Clauses restricting a symbolic row to an alphabet and to a blank suffix.

    Parameters
    ----------
    side : StringSide
        With variable letters.
    alphabet : {"LRE", "LR"}
        ``LR`` forbids ``E`` (both literals true).
    min_length : int or None
        ``None``: no blanks at all (exact length ``len(side)``). Otherwise blanks are
        allowed as a suffix only, and the first ``min_length`` dominoes are not blank.

    Examples
    --------
    >>> side = letter_vars(IDPool(), "G", 2)
    >>> list(alphabet_clauses(side, "LR"))
    [[1, 2], [-1, -2], [3, 4], [-3, -4]]
    """
    n = len(side)
    for k in range(n):
        a, b = side.left[k], side.right[k]
        if min_length is None or k < min_length:
            yield [a, b]
        elif k + 1 < n:  # blank at k forces blank at k+1
            yield [a, b, -side.left[k + 1]]
            yield [a, b, -side.right[k + 1]]
        if alphabet == "LR":
            yield [-a, -b]


def word_of(side: StringSide, model: set[int] | Sequence[int]) -> str:
    """Read a row from a model; blanks (a suffix) are dropped.

    Examples
    --------
    >>> side = letter_vars(IDPool(), "G", 3)
    >>> word_of(side, [1, -2, 3, 4, -5, -6])
    'LE'
    """
    true = set(l for l in model if l > 0)
    out = []
    for a, b in zip(side.left, side.right, strict=True):
        va = a is True or (a is not False and a in true)
        vb = b is True or (b is not False and b in true)
        out.append("ELR_"[(0 if va and vb else 1 if va else 2 if vb else 3)])
    return "".join(out).replace("_", "")


def word_clause(side: StringSide, word: str) -> list[int] | None:
    """The clause "the row is not ``word``" (blank-padded to the row's length).

    Returns ``None`` when constant letters already differ from ``word`` (nothing to add).

    Examples
    --------
    >>> side = letter_vars(IDPool(), "G", 2)
    >>> word_clause(side, "L")
    [-1, 2, 3, 4]
    """
    padded = word + "_" * (len(side) - len(word))
    if len(padded) != len(side):
        raise ValueError(f"word {word!r} longer than the row ({len(side)})")
    clause: list[int] = []
    for k, c in enumerate(padded):
        va, vb = LETTERS[c]
        for lit, val in ((side.left[k], va), (side.right[k], vb)):
            if isinstance(lit, bool):
                if lit != val:
                    return None  # already different: the clause is trivially true
                continue
            clause.append(-lit if val else lit)
    return clause
