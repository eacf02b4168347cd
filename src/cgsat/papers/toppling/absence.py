"""The stored sizes of the probe ``toppling-uniqueness``: the enumeration of
:mod:`~cgsat.papers.toppling.uniqueness` plus, for each game of Conjecture 40's list,
whether a row of that length has its value by SAT (issue 14).

Per size ``n`` the rows are those of
:func:`~cgsat.papers.toppling.uniqueness.rows_of_length` (``{value, rows,
shortest_row}``) followed by one record per listed game, ``{value, sat_row}`` (told apart
by the key ``sat_row``): the row the SAT instance found (no row of length ``n``: None), each
UNSAT with its controls (:func:`~cgsat.papers.toppling.sat.uniqueness`: sample rows
against the direct solver). The two methods must agree at every size: a listed value has a
row of length ``n`` in the enumeration exactly when SAT finds one, else the size is not
stored (a loud error).
"""

from __future__ import annotations

from typing import Any

from cgsat.cgt.notation import to_str
from cgsat.claims import Budget
from cgsat.papers.toppling.brute import difference_wins, value
from cgsat.papers.toppling.constructions import conjecture40_games
from cgsat.papers.toppling.sat import uniqueness
from cgsat.papers.toppling.uniqueness import rows_of_length

__all__ = ["ProbeDisagreement", "listed_rows", "size"]


class ProbeDisagreement(RuntimeError):
    """SAT and the enumeration disagree about a listed value at one length (a bug)."""


def listed_rows(n: int, budget: Budget | None = None) -> list[dict[str, Any]]:
    """For each game of Conjecture 40's list: a row of exactly ``n`` dominoes over LRE with
    its value, found by SAT (None when the instance is UNSAT and its controls pass).

    Examples
    --------
    >>> [r for r in listed_rows(1, Budget(controls=2)) if r["sat_row"]]
    [{'value': '*', 'sat_row': 'E'}, {'value': '-1', 'sat_row': 'R'}, \
{'value': '1', 'sat_row': 'L'}]

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 40.
    """
    out = []
    for label, g in conjecture40_games():
        b = budget or Budget(seed=f"probe.toppling-uniqueness:{label}:{n}")
        v = uniqueness(n, b, [(label, g, [])], oracle=difference_wins, covers="LRE")
        if v.status not in ("holds", "refuted"):
            raise ProbeDisagreement(f"{label} at length {n}: SAT {v.status} ({v.reason})")
        row = v.counterexample if v.status == "refuted" else None
        if row is not None and value(row) != g:  # the model replayed by the engine
            raise ProbeDisagreement(f"SAT row {row} of length {n} is not {label}")
        out.append({"value": to_str(g), "sat_row": row})
    return out


def size(n: int) -> list[dict[str, Any]]:
    """The probe's rows of length ``n``: the enumeration's, then the listed games' SAT
    records; raises :class:`ProbeDisagreement` when the two disagree.

    Examples
    --------
    >>> [r for r in size(1) if "sat_row" not in r]
    [{'value': '*', 'rows': 1, 'shortest_row': 'E'}, {'value': '1', 'rows': 1, \
'shortest_row': 'L'}, {'value': '-1', 'rows': 1, 'shortest_row': 'R'}]

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjectures 22 and 40.
    """
    data = rows_of_length(n)
    have = {r["value"] for r in data}
    sat = listed_rows(n)
    for r in sat:
        if (r["sat_row"] is not None) != (r["value"] in have):
            raise ProbeDisagreement(f"{r['value']} at length {n}: SAT row {r['sat_row']}, "
                                    f"enumeration {'has' if r['value'] in have else 'has no'} "
                                    "row")
    return data + sat
