"""A ``cgsat find`` query (:class:`FindQuery`) and its answer (:class:`FindResult`).

:func:`cgsat.find` checks the arguments a user gives and makes a :class:`FindQuery`;
:mod:`cgsat.search.plan` reads it for its ruleset and runs it, here or one task per length,
and :func:`combine` gathers the answers of the lengths. This module imports nothing heavy
(``import cgsat`` and ``cgsat value`` load it through the API).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

__all__ = ["FindQuery", "FindResult", "combine"]


@dataclass(frozen=True)
class FindQuery:
    """A ``cgsat find`` query, its arguments checked by :func:`cgsat.find`.

    Attributes
    ----------
    ruleset : str
        ``timber-path``, ``timber``, ``phyminoes``, ``green-cordon`` or ``toppling``.
    length, max_length, shape, height : int, int, str or int, optional
        The shape searched: exactly one is given.
    value, outcome : str, optional
        What to match: a value (a nim-value, or a game in CGSuite notation), or an outcome
        class; exactly one is given.
    misere : bool
        Misère play (impartial rulesets).
    alphabet, distances : str, optional
        ``toppling``'s dominoes (``LRE`` or ``LR``), ``phyminoes``' distances.
    mode : {"one", "all", "count"}
    controls : int
        Sample controls per SAT instance.
    """

    ruleset: str
    length: int | None = None
    max_length: int | None = None
    shape: str | None = None
    height: int | None = None
    value: str | None = None
    outcome: str | None = None
    misere: bool = False
    alphabet: str | None = None
    distances: str | None = None
    mode: str = "one"
    controls: int = 16

    def given(self) -> dict[str, Any]:
        """The shape as given: ``{"length": N}``, ``{"max_length": N}``, ``{"shape": S}``
        or ``{"height": N}``.

        Examples
        --------
        >>> FindQuery("toppling", max_length=5, value="1").given()
        {'max_length': 5}
        """
        return {k: x for k, x in (("length", self.length), ("max_length", self.max_length),
                                  ("shape", self.shape), ("height", self.height))
                if x is not None}

    def at_length(self, n: int) -> FindQuery:
        """The same query at the one length ``n`` (a task of a search split by length)."""
        return replace(self, length=n, max_length=None)


@dataclass(frozen=True)
class FindResult:
    """What :func:`find` returns (the object of ``cgsat find --json``).

    Attributes
    ----------
    ruleset : str
        The ruleset searched.
    query : dict
        The search as cgsat read it: the shape (``length``, ``max_length``, ``shape`` or
        ``height``), the target (``value``, ``outcome``, ``misere``, ...) and ``mode``.
    positions : tuple of str or None
        The positions found (at most one with ``mode="one"``), each replayed by the direct
        solver; None with ``mode="count"``.
    count : int or None
        How many positions match (``mode="count"``), else None.
    controls : dict
        ``{"passed": P, "total": T}``: the controls the search's SAT instances answered
        (sample positions checked against the direct solver, and a toggled control when a
        search found nothing).
    counted_by : tuple of str
        The counting methods used (impartial rulesets with ``mode="count"``; not in the
        JSON).
    """

    ruleset: str
    query: dict[str, Any]
    positions: tuple[str, ...] | None = None
    count: int | None = None
    controls: dict[str, int] = field(default_factory=lambda: {"passed": 0, "total": 0})
    counted_by: tuple[str, ...] = field(default=(), compare=False)

    def to_json(self) -> dict[str, Any]:
        """``{"ruleset", "query", "positions": [...], "controls"}``, or with ``mode="count"``
        ``{"ruleset", "query", "count", "controls"}``, as ``cgsat find --json`` prints."""
        out: dict[str, Any] = {"ruleset": self.ruleset, "query": self.query}
        if self.count is not None:
            out["count"] = self.count
        else:
            out["positions"] = list(self.positions or ())
        out["controls"] = self.controls
        return out


def combine(ruleset: str, query: dict[str, Any], parts: Sequence[FindResult]) -> FindResult:
    """One answer from the answers of each length (in increasing length).

    ``count`` adds the counts, ``all`` lists every position (shortest first), ``one`` keeps
    the position of the shortest length that has one; the controls are summed.

    Examples
    --------
    >>> parts = [FindResult("toppling", {}, positions=()),
    ...          FindResult("toppling", {}, positions=("RLLLR",),
    ...                     controls={"passed": 3, "total": 3})]
    >>> combine("toppling", {"max_length": 5, "mode": "one"}, parts).positions
    ('RLLLR',)
    """
    mode = query["mode"]
    tally = {"passed": sum(p.controls["passed"] for p in parts),
             "total": sum(p.controls["total"] for p in parts)}
    if mode == "count":
        methods = sorted({m for p in parts for m in p.counted_by})
        return FindResult(ruleset, query, count=sum(p.count or 0 for p in parts),
                          controls=tally, counted_by=tuple(methods))
    found = [pos for p in parts for pos in (p.positions or ())]
    if mode == "one":
        found = found[:1]
    found.sort(key=lambda p: (len(p), p))
    return FindResult(ruleset, query, positions=tuple(found), controls=tally)
