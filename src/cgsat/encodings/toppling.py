"""The partizan difference encoding for Toppling Dominoes.

A *side* is a game whose followers and moves are known in advance, but whose moves may be
conditioned on propositional literals:

- :class:`StringSide`: a row of dominoes given by two literals per domino, "Left may topple
  it" and "Right may topple it". Literals may be constants (``True``/``False``), so one
  class serves symbolic strings, concrete strings, and strings that share variables with
  another one (``xLy`` against ``xy``). A domino neither player may topple is *blank*: it
  is inert, and a row with blanks has the value of the row with them deleted.
- :class:`GameSide`: a concrete game tree, any hashable object with ``.left`` and
  ``.right`` tuples of the same kind (e.g. a canonical ``Game`` of the partizan engine).
- :class:`OrdinalOneSide`: the ordinal sum ``1:G`` of a row ``G`` (Fink et al., Def. 6, Thm 10).

Followers of the row ``G[0:n]`` are its substrings ``G[i:j]``. Toppling domino ``k`` east
leaves ``G[i:k]``; toppling it west leaves ``G[k+1:j]`` (Fink, Nowakowski, Siegel, Wolfe,
*Toppling Conjectures*, §1).

For followers ``g`` of the first side and ``h`` of the second, :class:`DifferenceEncoding`
defines two variables with full equivalences:

- ``LW(g, h)``: Left moving first wins ``g - h``. It holds iff some Left move ``g -> g'``
  has ``not RW(g', h)`` or some Right move ``h -> h'`` has ``not RW(g, h')`` (Left's
  options in ``-h`` are the negatives of ``h``'s Right options);
- ``RW(g, h)``: symmetrically, with the players exchanged.

With ``chain=True`` the moves of a row are instead two chains over its prefixes and
suffixes (``DifferenceEncoding._chained``): the same variables in O(1) clauses per pair.

Then ``G = H`` iff ``not LW and not RW`` at the root, ``G >= H`` iff ``not RW``, ``G > H``
iff ``LW and not RW``, and ``G || H`` iff ``LW and RW``.

A relation of ``G`` to ``H`` is a set of outcomes of ``G - H``, each a pair ``(LW, RW)``:
``=`` is ``{(0,0)}``, ``>=`` is ``{(0,0),(1,0)}``, and so on (:data:`RELATIONS`).

Clauses go into a *sink* (:class:`~cgsat.encodings.cnf.Sink`); variables are named in a
PySAT :class:`~pysat.formula.IDPool`, pair variables lazily, so several queries can share
one sink incrementally. The ``add_*`` functions add what the claims and searches need (a
symbolic row, a relation, excluded rows, palindromes, Lemma 1's rule); guarded variants
take an activation literal, so one incremental solver serves many queries in turn. This
module builds formulas and never solves them (Fink, Nowakowski, Siegel, Wolfe, *Toppling
Conjectures*).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

from pysat.formula import IDPool

from cgsat.encodings.cnf import clause_adder
from cgsat.encodings.toppling_arrays import ArrayDifference, applies
from cgsat.encodings.toppling_names import Namer, fresh

if TYPE_CHECKING:  # a type only
    from cgsat.encodings.cnf import Sink

__all__ = ["ARRAYS", "DifferenceEncoding", "GameSide", "LETTERS", "Lit", "MoveGroup", "Node",
           "OUTCOME_RELATION", "OrdinalOneSide", "RELATIONS", "Side", "StringSide", "ZERO",
           "ZeroGame", "add_exclusions", "add_relation", "add_row", "alphabet_clauses",
           "f_morphism_side", "insert_domino", "letter_vars", "outcome_from_pair",
           "relation_assumptions", "relation_clauses", "reverse_word", "word_clause",
           "word_literals", "word_of"]

Lit = int | bool
"""A literal (a non-zero int) or a constant."""

Node = Hashable
MoveGroup = tuple[Lit, tuple[Node, ...]]
"""A condition and the followers it makes available: ``(cond, (child, ...))``."""


class Side(Protocol):
    """A game with conditioned moves: the interface :class:`DifferenceEncoding` needs."""

    if TYPE_CHECKING:  # read-only: the sides give it as a property or a frozen field
        @property
        def root(self) -> Node: ...
    else:
        root: Node

    def left_moves(self, node: Node) -> list[MoveGroup]:
        """Left's moves from ``node``: groups of followers, each under a condition."""

    def right_moves(self, node: Node) -> list[MoveGroup]:
        """Right's moves from ``node``: groups of followers, each under a condition."""


ARRAYS = True
"""Whether :func:`add_relation` builds chained instances of a symbolic row against a
concrete game with :class:`~cgsat.encodings.toppling_arrays.ArrayDifference` (the same
instance as :class:`DifferenceEncoding`'s, built as arrays; issue 27). Tests switch it off
to compare the two."""

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
        """The whole row ``(0, n)`` (``(0, 0)`` when empty)."""
        return (0, len(self.left)) if self.left else (0, 0)

    @staticmethod
    def _node(i: int, j: int) -> Node:
        """The substring ``G[i:j]``, with every empty one as ``(0, 0)``."""
        return (i, j) if i < j else (0, 0)

    def _moves(self, node: Node, lits: tuple[Lit, ...]) -> list[MoveGroup]:
        """The moves toppling a domino whose literal in ``lits`` is not False."""
        i, j = cast("tuple[int, int]", node)
        out: list[MoveGroup] = []
        for k in range(i, j):
            cond = lits[k]
            if cond is False:
                continue
            east, west = self._node(i, k), self._node(k + 1, j)
            out.append((cond, (east, west) if east != west else (east,)))
        return out

    def left_moves(self, node: Node) -> list[MoveGroup]:
        """Left topples an ``L`` or ``E`` domino east or west."""
        return self._moves(node, self.left)

    def right_moves(self, node: Node) -> list[MoveGroup]:
        """Right topples an ``R`` or ``E`` domino east or west."""
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
        """Left's options, as one unconditional group."""
        opts = tuple(self.left_of(node) if self.left_of else node.left)  # type: ignore[attr-defined]  # a game
        return [(True, opts)] if opts else []

    def right_moves(self, node: Node) -> list[MoveGroup]:
        """Right's options, as one unconditional group."""
        opts = tuple(self.right_of(node) if self.right_of else node.right)  # type: ignore[attr-defined]  # a game
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
        """``1:G`` itself."""
        return self.row.root

    def left_moves(self, node: Node) -> list[MoveGroup]:
        """Left moves to 0, or to ``1:g^L``."""
        if node == ("zero",):
            return []
        return [(True, (("zero",),))] + self.row.left_moves(node)

    def right_moves(self, node: Node) -> list[MoveGroup]:
        """Right moves to ``1:g^R``."""
        if node == ("zero",):
            return []
        return self.row.right_moves(node)


class DifferenceEncoding:
    """Variables "Left (Right) moving first wins g - h" for followers g, h of two sides.

    Parameters
    ----------
    sink
        Receives clauses (``add_clause``): a :class:`~cgsat.encodings.cnf.ClauseBuffer` or
        a solver of :mod:`cgsat.sat.solve`.
    pool : IDPool
        Allocates the variables, each named on demand
        (:class:`~cgsat.encodings.toppling_names.Namer`) so that the canonical
        instance hash (:mod:`cgsat.sat.instance`) and ``cgsat export-cnf``'s variable map
        see every variable; :meth:`pair_vars` returns the pair variables.
    g_side, h_side : Side
        The two games; the difference is ``g_side - h_side``.
    tag : hashable
        A label for this encoding (kept as ``.tag``; several encodings may share a pool).
    chain : bool
        When ``g_side`` is a :class:`StringSide`, encode its moves as prefix and suffix
        chains (:meth:`_chained`): O(1) clauses per follower pair instead of O(length),
        the same pair variables with the same meaning (issue 17).

    Examples
    --------
    >>> from cgsat.encodings.cnf import ClauseBuffer
    >>> buf, pool = ClauseBuffer(), IDPool()
    >>> enc = DifferenceEncoding(buf, pool, StringSide.concrete("LR"),
    ...                          StringSide.concrete("RL"))
    >>> enc.root_vars(), enc.pairs_defined, len(buf)
    ((1, 2), 16, 80)
    >>> buf, pool = ClauseBuffer(), IDPool()
    >>> enc = DifferenceEncoding(buf, pool, StringSide.concrete("LR"),
    ...                          StringSide.concrete("RL"), chain=True)
    >>> enc.root_vars(), enc.pairs_defined
    ((1, 2), 16)

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1.
    """

    def __init__(self, sink: Sink, pool: IDPool, g_side: Side, h_side: Side,
                 tag: Hashable = 0, chain: bool = False) -> None:
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
        self._gmoves: list[tuple[list, ...] | None] = []
        self._hmoves: list[tuple[list, ...] | None] = []
        self._pairs: dict[tuple[int, int], tuple[int, int]] = {}
        self._todo: list[tuple[int, int]] = []
        # chained moves of a row g_side: (player, east?, i, j, h) -> literal
        self.chain = chain and isinstance(g_side, StringSide)
        self._chains: dict[tuple[int, bool, int, int, int], Lit] = {}
        self._add: Any = None  # the sink's clause entry during a flush (clause_adder)
        self._linked = 0  # clauses added by _link during the flush under way
        # every variable is named in the pool (cgsat.sat.instance, cgsat export-cnf); the
        # serial tells apart several encodings with the same tag in one pool
        counts = pool.__dict__.setdefault("cgsat_fresh", {})  # as in fresh()
        self.serial = counts.get(("difference",), 0)
        counts[("difference",)] = self.serial + 1
        self._next = pool._next  # a fresh number (named on demand by Namer)
        self._fresh: list[tuple[Any, ...]] = []  # the auxiliaries of _tseitin
        # the pool keeps the namer (not the encoding: no reference cycle)
        self._namer = Namer(self)
        pool.__dict__.setdefault("cgsat_namers", []).append(self._namer)

    # -- followers ---------------------------------------------------------------------
    @staticmethod
    def _index(node: Node, idx: dict, nodes: list, moves: list) -> int:
        """The number of a follower, numbering it on first sight."""
        i = idx.get(node)
        if i is None:
            i = idx[node] = len(nodes)
            nodes.append(node)
            moves.append(None)  # filled on first use, children numbered lazily
        return i

    def _moves_of(self, i: int, first: bool) -> tuple[list, ...]:
        """The moves of follower ``i`` of one side, children numbered (built once)."""
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
        """The variables ``(LW, RW)`` of a follower pair, queued for definition when new."""
        key = (gi, hi)
        v = self._pairs.get(key)
        if v is None:
            nxt = self._next
            v = self._pairs[key] = (nxt(), nxt())
            self._todo.append(key)
        return v

    def _tseitin(self, gi: int, hi: int, k: int, first: bool, group: int) -> int:
        """A new auxiliary ``t -> cond and no reply wins`` of one conditioned move group."""
        t = int(self._next())
        self._fresh.append((t, k, gi, hi, first, group))
        return t

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
        """How many follower pairs have variables."""
        return len(self._pairs)

    # -- clauses ---------------------------------------------------------------------
    def flush(self) -> None:
        """Define every pair variable requested so far (and everything they need).

        Clauses go straight to the sink's fastest per-clause entry
        (:func:`cgsat.encodings.cnf.clause_adder`: for a live PySAT solver the solver
        object under PySAT's wrapper, one Python layer per clause instead of three; issue
        27), in the same order and with the same variable numbers as one ``add_clause``
        each.
        """
        add, added = clause_adder(self.sink)
        self._add = add
        count = 0
        pair = self._pair
        todo = self._todo
        pairs = self._pairs
        chain = self.chain
        tid = self._tseitin
        while todo:
            gi, hi = todo.pop()
            lw, rw = pairs[(gi, hi)]
            gl, gr = self._moves_of(gi, True)
            hl, hr = self._moves_of(hi, False)
            # LW: Left moves in g, or in -h (Right moves of h); Right replies: RW.
            # RW: Right moves in g, or in -h (Left moves of h); Left replies: LW.
            for me, mine, theirs, k in ((lw, gl, hr, 1), (rw, gr, hl, 0)):
                big = [-me]
                if chain:  # g's moves as two chains (east, west): see _chained
                    for lit in self._chained(gi, hi, k):
                        if lit is not False:
                            add([-lit, me])
                            big.append(lit)
                            count += 1
                    mine = []
                for first, groups in ((True, mine), (False, theirs)):
                    for gno, (cond, kids) in enumerate(groups):
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
                            t = tid(gi, hi, k, first, gno)
                            add([-t, cond])
                            add([-t] + [-r for r in replies])
                            big.append(t)
                            count += len(replies) + 2
                add(big)
                count += 1
        self.clauses += count + self._linked
        added(count + self._linked)
        self._linked = 0

    def _chained(self, gi: int, hi: int, k: int) -> tuple[Lit, Lit]:
        """The moves of the row ``g = G[i:j]`` for one player, as two literals.

        ``E(i, j)``: the player (Left when ``k == 1``, Right when ``k == 0``) can topple
        some domino east and leave ``G[i:m] - h`` lost for the opponent moving first;
        ``W(i, j)`` the same toppling west. Both are chains over the row's prefixes and
        suffixes, shared by every follower with the same left (right) end::

            E(i, j) = E(i, j - 1) or (c[j - 1] and not opp(G[i:j-1] - h))
            W(i, j) = W(i + 1, j) or (c[i] and not opp(G[i+1:j] - h))

        with ``E(i, i) = W(j, j) = False``, ``c`` the player's "may topple" literals and
        ``opp`` the opponent's pair variable (``RW`` for Left). Each link has 4 clauses,
        so a pair costs O(1) clauses instead of O(j - i).
        """
        node = self._gnodes[gi]
        if node == (0, 0):
            return False, False
        i, j = cast("tuple[int, int]", node)
        lits = self.g_side.left if k == 1 else self.g_side.right  # type: ignore[attr-defined]  # a StringSide (chain)
        return (self._link(k, True, i, j, hi, lits), self._link(k, False, i, j, hi, lits))

    def _link(self, k: int, east: bool, i: int, j: int, hi: int,
              lits: tuple[Lit, ...]) -> Lit:
        """The chain literal ``E(i, j)`` (``east``) or ``W(i, j)``, defined with the links
        below it (iteratively, shortest first)."""
        chains = self._chains
        key = (k, east, i, j, hi)
        v = chains.get(key)
        if v is not None:
            return v
        add, gidx = self._add, self._gidx
        # the shortest undefined link first: E(i, i) and W(j, j) are False
        lengths = []
        m = j - i
        while m > 0 and chains.get((k, east, i, i + m, hi) if east
                                   else (k, east, j - m, j, hi)) is None:
            lengths.append(m)
            m -= 1
        prev: Lit = False if m == 0 else chains[(k, east, i, i + m, hi) if east
                                                else (k, east, j - m, j, hi)]
        count = 0
        for m in reversed(lengths):
            a, b = (i, i + m) if east else (j - m, j)
            d = b - 1 if east else a  # the domino toppled last in the chain
            rest = StringSide._node(a, b - 1) if east else StringSide._node(a + 1, b)
            ci = self._index(rest, gidx, self._gnodes, self._gmoves)
            r = self._pair(ci, hi)[k]
            c = lits[d]
            if c is False:
                v = prev
            elif prev is False and c is True:
                v = -r
            else:
                v = self._next()
                if prev is False:
                    add([-v, c])
                    add([-v, -r])
                    add([-c, r, v])
                    count += 3
                else:
                    add([-prev, v])
                    add([-v, prev, -r])
                    if c is True:
                        add([r, v])
                        count += 3
                    else:
                        add([-v, prev, c])
                        add([-c, r, v])
                        count += 4
            chains[(k, east, a, b, hi)] = v
            prev = v
        self._linked += count
        return prev


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
    true = model if isinstance(model, set) else set(filter((0).__lt__, model))
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


RELATIONS: dict[str, frozenset[tuple[bool, bool]]] = {
    "=": frozenset({(False, False)}),
    ">": frozenset({(True, False)}),
    "<": frozenset({(False, True)}),
    "||": frozenset({(True, True)}),
    ">=": frozenset({(False, False), (True, False)}),
    "<=": frozenset({(False, False), (False, True)}),
    "!=": frozenset({(True, False), (False, True), (True, True)}),
    "not>": frozenset({(False, False), (False, True), (True, True)}),
    "not<": frozenset({(False, False), (True, False), (True, True)}),
    "not>=": frozenset({(False, True), (True, True)}),
    "not<=": frozenset({(True, False), (True, True)}),
}
"""Relations of ``G`` to ``H`` as sets of outcomes ``(LW, RW)`` of ``G - H``."""

OUTCOME_RELATION = {"P": "=", "L": ">", "R": "<", "N": "||"}
"""An outcome class of ``G`` is its relation to 0."""


def relation_clauses(lw: int, rw: int, relation: str) -> list[list[int]]:
    """Clauses making ``G relation H`` true, given the root pair ``(LW, RW)`` of ``G - H``.

    Examples
    --------
    >>> relation_clauses(1, 2, "=")
    [[-1], [-2]]
    >>> relation_clauses(1, 2, "!=")
    [[1, 2]]
    """
    if relation not in RELATIONS:
        raise ValueError(f"unknown relation {relation!r}")
    allowed = RELATIONS[relation]
    if len(allowed) == 1:
        (a, b), = allowed
        return [[lw if a else -lw], [rw if b else -rw]]
    return [[-lw if a else lw, -rw if b else rw]
            for a in (False, True) for b in (False, True) if (a, b) not in allowed]


class ZeroGame:
    """The game 0 with no options, for outcome queries without the partizan engine."""

    left: tuple[()] = ()
    right: tuple[()] = ()

    def __repr__(self) -> str:
        return "0"


ZERO = ZeroGame()


def reverse_word(word: str) -> str:
    """The row seen from the other end; it has the same value.

    >>> reverse_word("RLLLR")
    'RLLLR'
    """
    return word[::-1]


def outcome_from_pair(lw: bool, rw: bool) -> str:
    """The outcome class of a difference from ``(LW, RW)``.

    >>> outcome_from_pair(True, False)
    'L'
    """
    return {(False, False): "P", (True, False): "L", (False, True): "R", (True, True): "N"}[
        (lw, rw)
    ]


# -- rows built from other rows (sharing their variables) ------------------------------------
def insert_domino(side: StringSide, position: int, letter: str = "L") -> StringSide:
    """The row with one constant domino inserted before ``side``'s domino ``position``.

    With ``side`` = ``xy`` and ``position = |x|`` this is ``xLy`` sharing ``xy``'s letter
    variables (Lemma 4 is ``position = 0``).

    Examples
    --------
    >>> insert_domino(StringSide.concrete("RE"), 1).left
    (False, True, True)

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, Lemma 4 and Conjecture 34.
    """
    a, b = LETTERS[letter]
    return StringSide(side.left[:position] + (a,) + side.left[position:],
                      side.right[:position] + (b,) + side.right[position:])


def f_morphism_side(side: StringSide) -> StringSide:
    """The row ``f(G)`` of ``2n + 1`` slots sharing ``G``'s letter variables.

    ``f`` inserts one more L into every maximal run of Ls: after a leading ``L``, each
    domino ``c`` of ``G`` gives two slots, ``c`` and an ``L`` that is blank when ``c`` is
    ``L`` (``L -> L_``, ``R -> RL``, ``E -> EL``). Blanks are inert, so the row has the value
    of ``f(G)``.

    Examples
    --------
    >>> f = f_morphism_side(StringSide.concrete("RL"))
    >>> "".join("ELR_"[0 if a and b else 1 if a else 2 if b else 3]
    ...         for a, b in zip(f.left, f.right))
    'LRLL_'

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, Definition 9 and Theorem 10.
    """
    left: list[Lit] = [True]
    right: list[Lit] = [False]
    for k in range(len(side)):
        left += [side.left[k], side.right[k]]
        right += [side.right[k], False]
    return StringSide(tuple(left), tuple(right))


# -- constraints added to a sink ---------------------------------------------------------------
def add_row(sink: Sink, pool: IDPool, n: int, alphabet: str = "LRE", name: Hashable = "G",
            min_length: int | None = None) -> StringSide:
    """A symbolic row of ``n`` dominoes over ``alphabet`` (:func:`letter_vars` and
    :func:`alphabet_clauses` added to ``sink``).

    Examples
    --------
    >>> from cgsat.encodings.cnf import ClauseBuffer
    >>> buf = ClauseBuffer()
    >>> side = add_row(buf, IDPool(), 2, "LR")
    >>> list(buf)
    [[1, 2], [-1, -2], [3, 4], [-3, -4]]

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1.
    """
    side = letter_vars(pool, name, n)
    for clause in alphabet_clauses(side, alphabet, min_length):
        sink.add_clause(clause)
    return side


def add_relation(sink: Sink, pool: IDPool, g_side: Side, h_side: Side, relation: str,
                 tag: Hashable = 0, guard: int | None = None,
                 chain: bool = False) -> tuple[int, int]:
    """The difference encoding of ``g_side - h_side`` and the clauses making
    ``G relation H`` true (each guarded by the selector literal ``guard`` if given, so that
    the instance's controls can switch the relation off); returns the root pair
    ``(LW, RW)``.

    Examples
    --------
    >>> from cgsat.encodings.cnf import ClauseBuffer
    >>> buf = ClauseBuffer()
    >>> add_relation(buf, IDPool(), StringSide.concrete("L"), GameSide(ZERO), ">")
    (1, 2)
    >>> list(buf)[-2:]
    [[1], [-2]]
    >>> add_relation(buf, IDPool(), StringSide.concrete("L"), GameSide(ZERO), ">", guard=9)
    (1, 2)
    >>> list(buf)[-2:]
    [[-9, 1], [-9, -2]]

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1.
    """
    if chain and ARRAYS and applies(g_side, h_side, pool):  # the same instance, as arrays
        lw, rw = ArrayDifference(sink, pool, g_side, h_side, tag=tag).root_vars()  # type: ignore[arg-type]  # applies() checked the sides
    else:
        lw, rw = DifferenceEncoding(sink, pool, g_side, h_side, tag=tag,
                                    chain=chain).root_vars()
    for clause in relation_clauses(lw, rw, relation):
        sink.add_clause(clause if guard is None else [-guard] + clause)
    return lw, rw


def relation_assumptions(sink: Sink, pool: IDPool, lw: int, rw: int,
                         relation: str) -> list[int]:
    """Assumptions making ``G relation H`` true, given the root pair ``(LW, RW)``.

    Unit relations (``=``, ``>``, ``<``, ``||``) are the assumptions themselves; the others
    get their clauses guarded by a fresh activation literal, which is returned.

    Examples
    --------
    >>> from cgsat.encodings.cnf import ClauseBuffer
    >>> buf, pool = ClauseBuffer(), IDPool(occupied=[[1, 2]])
    >>> relation_assumptions(buf, pool, 1, 2, "="), len(buf)
    ([-1, -2], 0)
    >>> relation_assumptions(buf, pool, 1, 2, "!="), list(buf)
    ([3], [[-3, 1, 2]])

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1.
    """
    clauses = relation_clauses(lw, rw, relation)
    if all(len(c) == 1 for c in clauses):
        return [c[0] for c in clauses]
    act = fresh(pool, "act", relation)
    for clause in clauses:
        sink.add_clause([-act] + clause)
    return [act]


def add_exclusions(sink: Sink, side: StringSide, words: Iterable[str],
                   guard: int | None = None, blanks: bool = False) -> None:
    """Clauses "the row is none of ``words``" (each guarded by ``guard`` if given).

    Words longer than the row are skipped, and so are shorter ones unless the row may end
    in blanks (``blanks``); a word the constant letters already rule out adds nothing.

    Examples
    --------
    >>> from cgsat.encodings.cnf import ClauseBuffer
    >>> buf = ClauseBuffer()
    >>> side = letter_vars(IDPool(), "G", 2)
    >>> add_exclusions(buf, side, ["LR", "L", "LRL"]); list(buf)
    [[-1, 2, 3, -4]]
    >>> add_exclusions(buf, side, ["L"], guard=9, blanks=True); list(buf)[-1]
    [-9, -1, 2, 3, 4]

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, Theorem 16 and Conjecture 22
    (uniqueness: every row but the known ones).
    """
    n = len(side)
    for w in words:
        if len(w) > n or (len(w) < n and not blanks):
            continue
        clause = word_clause(side, w)
        if clause is not None:
            sink.add_clause(clause if guard is None else [-guard] + clause)


def word_literals(side: StringSide, word: str) -> list[int]:
    """The literals fixing a symbolic row's letters to ``word`` (blank-padded), as
    assumptions.

    Examples
    --------
    >>> word_literals(letter_vars(IDPool(), "G", 2), "E")
    [1, 2, -3, -4]

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1.
    """
    padded = word + "_" * (len(side) - len(word))
    out: list[int] = []
    for k, c in enumerate(padded):
        va, vb = LETTERS[c]
        out.append(side.left[k] if va else -side.left[k])
        out.append(side.right[k] if vb else -side.right[k])
    return out
