"""The chained difference encoding of a symbolic row against a concrete game, built as
arrays (issue 27, "a fast path from formula to solver").

:class:`~cgsat.encodings.toppling.DifferenceEncoding` with ``chain=True`` defines, for a
row ``G`` of ``n`` dominoes and a game ``H``, the variables ``LW(g, h)`` and ``RW(g, h)``
("Left (Right) moving first wins ``g - h``") for every substring ``g = G[i:j]`` and every
follower ``h`` of ``H``, through the prefix and suffix chains ``E``/``W`` of each player.
When every letter of the row is a variable (a symbolic row, :func:`add_row`) and ``H`` is a
concrete game (:class:`~cgsat.encodings.toppling.GameSide`), every follower pair is reached
and every chain link is a new variable, so the whole formula is a fixed pattern over the
intervals ``(i, j)`` and the followers of ``H``. :class:`ArrayDifference` writes that
pattern with numpy, one array per clause shape, instead of one Python call per clause.

Meaning: the instance is the one ``DifferenceEncoding`` builds, clause for clause, over
variables with the same names; only the numbering and the order of clauses differ. The
canonical instance hash (:mod:`cgsat.sat.instance`) of both is equal, which
``tests/encodings/test_toppling_arrays.py`` checks on every instance of the Toppling claims
that use it, and on random rows and games.

References
----------
Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1 (rules and the difference
``G - H``).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import numpy as np
from pysat.formula import IDPool

from cgsat.encodings.bulk import add_flat
from cgsat.encodings.toppling_names import node_literal

if TYPE_CHECKING:  # types only
    from cgsat.encodings.cnf import Sink
    from cgsat.encodings.toppling import GameSide, StringSide

__all__ = ["ArrayDifference", "I32", "applies"]

I32 = np.int64  # built in 64 bits, handed over as int32


def applies(g_side: object, h_side: object, pool: IDPool) -> bool:
    """Whether :class:`ArrayDifference` builds ``g_side - h_side``: a row of at least one
    domino whose letters are all variables, against a concrete game, in a pool without
    occupied ranges (its variables are one block of numbers)."""
    from cgsat.encodings.toppling import GameSide, StringSide  # that module imports this

    if not (isinstance(g_side, StringSide) and isinstance(h_side, GameSide)):
        return False
    lits = g_side.left + g_side.right
    return (len(g_side) > 0 and not pool._occupied
            and all(type(x) is int and x > 0 for x in lits))


class ArrayDifference:
    """The chained difference encoding of ``g_side - h_side`` as arrays (see the module
    docstring); the same interface as the part of
    :class:`~cgsat.encodings.toppling.DifferenceEncoding` that
    :func:`~cgsat.encodings.toppling.add_relation` uses.

    Examples
    --------
    >>> from cgsat.encodings.cnf import ClauseBuffer
    >>> from cgsat.encodings.toppling import GameSide, ZERO, letter_vars
    >>> buf, pool = ClauseBuffer(), IDPool()
    >>> side = letter_vars(pool, "G", 2)
    >>> enc = ArrayDifference(buf, pool, side, GameSide(ZERO))
    >>> enc.root_vars(), enc.pairs_defined, enc.clauses
    ((7, 8), 4, 60)

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1.
    """

    def __init__(self, sink: Sink, pool: IDPool, g_side: StringSide, h_side: GameSide,
                 tag: Hashable = 0) -> None:
        counts = pool.__dict__.setdefault("cgsat_fresh", {})  # as DifferenceEncoding
        self.serial = counts.get(("difference",), 0)
        counts[("difference",)] = self.serial + 1
        self.tag = tag
        n = len(g_side)
        # the followers of H, numbered from the root, with their options (in order)
        hnodes: list[Any] = [h_side.root]
        hidx = {h_side.root: 0}
        opts: list[tuple[list[int], list[int]]] = []
        k = 0
        while k < len(hnodes):
            node = hnodes[k]
            sides = []
            for groups in (h_side.left_moves(node), h_side.right_moves(node)):
                kids = []
                for _, children in groups:
                    for ch in children:
                        if ch not in hidx:
                            hidx[ch] = len(hnodes)
                            hnodes.append(ch)
                        kids.append(hidx[ch])
                sides.append(kids)
            opts.append((sides[0], sides[1]))
            k += 1
        m = len(hnodes)
        # intervals (i, j), 0 <= i < j <= n, numbered t; the empty row is pair index T
        ii, jj = np.triu_indices(n + 1, 1)
        big_t = len(ii)
        tid = np.full((n + 1, n + 1), big_t, dtype=I32)
        tid[ii, jj] = np.arange(big_t)
        # variables: pairs (LW, RW) for m x (T + 1), then links for 2 players x 2 ends
        base = pool.top + 1
        pairs = base + 2 * (np.arange(m, dtype=I32)[:, None] * (big_t + 1)
                            + np.arange(big_t + 1, dtype=I32)[None, :])
        lw, rw = pairs, pairs + 1
        link0 = base + 2 * m * (big_t + 1)

        def links(player: int, east: int) -> np.ndarray:
            return (link0 + ((player * 2 + east) * m + np.arange(m, dtype=I32)[:, None])
                    * big_t + np.arange(big_t, dtype=I32)[None, :])

        pool.top = link0 + 4 * m * big_t - 1
        blocks: dict[int, list[np.ndarray]] = {}

        def put(*cols: np.ndarray) -> None:
            shape = np.broadcast_shapes(*(c.shape for c in cols))
            arr = np.stack([np.broadcast_to(c, shape).reshape(-1) for c in cols], axis=1)
            blocks.setdefault(len(cols), []).append(arr)

        letters = (np.asarray(g_side.right, dtype=I32), np.asarray(g_side.left, dtype=I32))
        one = (jj - ii) == 1
        chains = {}
        for player in (1, 0):  # Left (LW; replies RW), Right (RW; replies LW)
            opp = rw if player == 1 else lw
            for east in (1, 0):
                v = links(player, east)
                chains[(player, east)] = v
                if east:  # E(i, j) = E(i, j-1) or (c[j-1] and not opp(G[i:j-1]))
                    d, rest = jj - 1, tid[ii, jj - 1]
                else:  # W(i, j) = W(i+1, j) or (c[i] and not opp(G[i+1:j]))
                    d, rest = ii, tid[np.minimum(ii + 1, n), jj]
                c = letters[player][d][None, :]
                r = opp[:, rest]
                v1, c1, r1 = v[:, one], c[:, one], r[:, one]  # the first link
                put(-v1, c1)
                put(-v1, -r1)
                put(-c1, r1, v1)
                more = ~one
                prev = v[:, rest[more]]
                vm, cm, rm = v[:, more], c[:, more], r[:, more]
                put(-prev, vm)
                put(-vm, prev, -rm)
                put(-vm, prev, cm)
                put(-cm, rm, vm)
        for player in (1, 0):
            me, opp = (lw, rw) if player == 1 else (rw, lw)
            east, west = chains[(player, 1)], chains[(player, 0)]
            put(-east, me[:, :big_t])
            put(-west, me[:, :big_t])
            replies = [opts[h][1] if player == 1 else opts[h][0] for h in range(m)]
            pairs_hr = [(h, hr) for h in range(m) for hr in replies[h]]
            if pairs_hr:  # (not reply) -> me, for each option h' of h
                hs, hrs = np.array(pairs_hr, dtype=I32).T
                put(opp[hrs, :], me[hs, :])
            for width in sorted({len(r) for r in replies}):  # the big clause per pair
                hs = np.array([h for h in range(m) if len(replies[h]) == width], dtype=I32)
                rs = [-opp[np.array([replies[h][x] for h in hs], dtype=I32), :]
                      for x in range(width)]
                put(-me[hs, :big_t], east[hs], west[hs], *(r[:, :big_t] for r in rs))
                put(-me[hs, big_t:], *(r[:, big_t:] for r in rs))
        self.clauses = add_flat(sink, blocks)
        self._root = (int(lw[0, tid[0, n]]), int(rw[0, tid[0, n]]))
        self.pairs_defined = m * (big_t + 1)
        pool.__dict__.setdefault("cgsat_namers", []).append(
            _ArrayNamer(("toppling", tag, self.serial), pool, n, hnodes, int(base), m,
                        big_t))

    def root_vars(self) -> tuple[int, int]:
        """``(LW, RW)`` at the roots."""
        return self._root


class _ArrayNamer:
    """Names an :class:`ArrayDifference`'s variables on demand, exactly as
    :class:`~cgsat.encodings.toppling_names.Namer` names those of the encoding it stands
    for: ``(*base, "LW"/"RW", g, h)`` and ``(*base, "E"/"W", player, a, b, h)``."""

    def __init__(self, base: tuple[Any, ...], pool: IDPool, n: int, hnodes: list[Any],
                 first: int, m: int, big_t: int) -> None:
        self.base, self.pool, self.n, self.hnodes = base, pool, n, hnodes
        self.first, self.m, self.big_t = first, m, big_t
        self.done = False

    def __call__(self) -> None:
        if self.done:
            return
        self.done = True
        base, obj2id, id2obj = self.base, self.pool.obj2id, self.pool.id2obj
        ii, jj = np.triu_indices(self.n + 1, 1)
        nodes = [(int(i), int(j)) for i, j in zip(ii, jj, strict=True)] + [(0, 0)]
        hn = [node_literal(h) for h in self.hnodes]
        v = self.first
        for h in range(self.m):
            for g in nodes:
                for kind in ("LW", "RW"):
                    name = (*base, kind, g, hn[h])
                    obj2id[name], id2obj[v] = v, name
                    v += 1
        for player in (0, 1):
            for kind in ("W", "E"):
                for h in range(self.m):
                    for a, b in nodes[:-1]:
                        name = (*base, kind, player, a, b, hn[h])
                        obj2id[name], id2obj[v] = v, name
                        v += 1
