"""Names of the Toppling encodings' variables (issue 27): every variable a Toppling
encoding makes is named in its :class:`~pysat.formula.IDPool`, so that the canonical
instance hash (:mod:`cgsat.sat.instance`) and ``cgsat export-cnf``'s variable map see every
one. :func:`fresh` names a variable when it is made; :class:`Namer` names the difference
encoding's many variables on demand (:func:`cgsat.encodings.cnf.pool_names`), so that the
encoding's hot path only allocates numbers. Names never change numbers: a variable gets the
number it would get anonymously.

References
----------
Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1 (the difference encoding's
variables: "Left (Right) moving first wins g - h").
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import islice
from typing import TYPE_CHECKING, Any

from pysat.formula import IDPool

if TYPE_CHECKING:  # a type only
    from cgsat.encodings.toppling import DifferenceEncoding

__all__ = ["Namer", "fresh", "node_literal"]


def fresh(pool: IDPool, *key: Hashable) -> int:
    """A new variable named ``("toppling", *key, serial)`` in ``pool``, ``serial``
    counting the variables made with the same key in that pool (so every Toppling
    variable has a name, for :mod:`cgsat.sat.instance` and ``cgsat export-cnf``).

    Examples
    --------
    >>> pool = IDPool()
    >>> fresh(pool, "act"), fresh(pool, "act"), pool.id2obj[2]
    (1, 2, ('toppling', 'act', 1))
    """
    counts = pool.__dict__.setdefault("cgsat_fresh", {})
    serial = counts.get(key, 0)
    counts[key] = serial + 1
    return int(pool.id(("toppling", *key, serial)))


class Namer:
    """Names the variables of one difference encoding
    (:class:`~cgsat.encodings.toppling.DifferenceEncoding`) in its pool, on demand (run by
    :func:`cgsat.encodings.cnf.pool_names`), so that the encoding's hot path allocates
    numbers only (issue 27). Names are ``("toppling", tag, serial, kind, ...)`` with
    ``kind`` ``"LW"``/``"RW"`` (a pair, then ``g, h``), ``"E"``/``"W"`` (a chain link of
    the chained moves, then ``player, a, b, h``) or ``"T"`` (an auxiliary of
    a conditioned move group, then ``player, g, h, first side?, group``); ``serial`` tells
    apart several encodings with the same tag in one pool (:mod:`cgsat.sat.instance`,
    ``cgsat export-cnf``). It holds the encoding's tables, not the encoding, so that the
    pool that keeps it makes no reference cycle.
    """

    __slots__ = ("base", "pairs", "chains", "aux", "gnodes", "hnodes", "obj2id", "id2obj",
                 "done")

    def __init__(self, enc: DifferenceEncoding) -> None:  # its tables, read only
        self.base = ("toppling", enc.tag, enc.serial)
        self.pairs, self.chains, self.aux = enc._pairs, enc._chains, enc._fresh
        self.gnodes, self.hnodes = enc._gnodes, enc._hnodes
        self.obj2id, self.id2obj = enc.pool.obj2id, enc.pool.id2obj
        self.done = (0, 0, 0)  # pairs, chain links and auxiliaries named so far

    def __call__(self) -> None:
        base = self.base
        gn = [node_literal(g) for g in self.gnodes]
        hn = [node_literal(h) for h in self.hnodes]
        obj2id, id2obj = self.obj2id, self.id2obj
        done_pairs, done_links, done_aux = self.done

        def put(vid: int, name: tuple[Any, ...]) -> None:
            obj2id[name] = vid
            id2obj[vid] = name

        for (gi, hi), (lw, rw) in islice(self.pairs.items(), done_pairs, None):
            put(lw, (*base, "LW", gn[gi], hn[hi]))
            put(rw, (*base, "RW", gn[gi], hn[hi]))
        # a link is new where its literal is first seen: the links of a chain are made
        # shortest first, and a longer one may repeat (alias) a shorter one's literal
        for (k, east, a, b, hi), v in islice(self.chains.items(), done_links, None):
            if v is not False and v > 0 and v not in id2obj:
                put(v, (*base, "E" if east else "W", k, a, b, hn[hi]))
        for t, k, gi, hi, first, group in self.aux[done_aux:]:
            put(t, (*base, "T", k, gn[gi], hn[hi], first, group))
        self.done = (len(self.pairs), len(self.chains), len(self.aux))


def node_literal(node: Any) -> Any:
    """A follower as it appears in a name: itself when a Python literal (a row interval
    ``(i, j)``, a string), else its string (a canonical game: ``{1|*}``), so that every
    name is a Python literal (``cgsat export-cnf``'s variable map) and the same in every
    process (:mod:`cgsat.sat.instance` sorts by ``repr``)."""
    return node if isinstance(node, (tuple, str, int)) else str(node)
