"""Probes of *Toppling Conjectures*: which values have exactly one row (issue 14).

``toppling-uniqueness``: every row over {L, R, E} of length 1..N, grouped by canonical form
(the partizan engine, :func:`cgsat.papers.toppling.brute.value`). A row and its
reversal are one row (they are equal, proof of Corollary 17), so the rows of a value are
counted up to reversal, and a row is written as the smaller of it and its reversal. The
empty row (value 0) is not counted.

Per size n the stored rows are ``{value, rows, shortest_row}`` for the rows of length
exactly n; the table combines the lengths: per value, the number of rows of length ≤ N,
the shortest row (shortest, then alphabetically first), whether it is unique, and
``absent_up_to``: the largest length up to which no row has that value (the shortest row's
length minus one, or N for a value with no row). The values of Conjecture 40's list
(:func:`~cgsat.papers.toppling.constructions.conjecture40_games`: every game born by
day 2 and a selection of day-3 games) are in the table even when no row has them, and for
them ``absent_sat_up_to`` is the same bound found by SAT (one instance per listed game and
length, with its controls; the two must agree, :mod:`~cgsat.papers.toppling.absence`).
SAT reaches further than enumeration through the claim ``toppling.conj40``.

The data (:func:`~cgsat.papers.toppling.absence.size`: the enumeration of
:mod:`~cgsat.papers.toppling.uniqueness` and the SAT records) is in its own modules,
so that the stored sizes depend on that code only (the fingerprint), not on the table and
plot code here. The uniqueness families mined from the data are claims
(``toppling.unique-<family>``, :mod:`~cgsat.papers.toppling.families`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cgsat.cgt.notation import to_str
from cgsat.papers.toppling import absence
from cgsat.papers.toppling.constructions import conjecture40_games
from cgsat.papers.toppling.uniqueness import lr_rows_of_length
from cgsat.probes import Probe, Sizes, TableRow

__all__ = [
    "listed_values",
    "sat_absent_up_to",
    "table",
    "histogram",
    "summary",
    "plot",
    "extra",
    "UNIQUENESS",
    "summary_lr",
    "UNIQUENESS_LR",
    "PROBES",
]


def listed_values() -> list[str]:
    """The fixed list whose absence the table reports: Conjecture 40's games.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 40.
    """
    return [to_str(g) for _, g in conjecture40_games()]


def _by_value(sizes: Sizes, up_to: int) -> dict[str, dict[str, Any]]:
    """Value -> rows of length ≤ ``up_to`` and the shortest row (Conjecture 22's theme)."""
    out: dict[str, dict[str, Any]] = {}
    for n in range(1, up_to + 1):
        for r in sizes[n]:
            if "sat_row" in r:  # a SAT record (absence.size)
                continue
            entry = out.setdefault(r["value"], {"rows": 0, "shortest_row": r["shortest_row"]})
            entry["rows"] += r["rows"]
    return out


def sat_absent_up_to(sizes: Sizes, up_to: int) -> dict[str, int]:
    """Per listed value: the largest ``m <= up_to`` such that SAT found no row of length
    ``1..m`` with that value.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 40.
    """
    out: dict[str, int] = {}
    for n in range(1, up_to + 1):
        for r in sizes[n]:
            if "sat_row" in r:
                v = r["value"]
                out.setdefault(v, up_to)
                if r["sat_row"] is not None and out[v] == up_to:
                    out[v] = n - 1
    return out


def table(sizes: Sizes, up_to: int) -> list[TableRow]:
    """Per value: rows up to length ``up_to``, the shortest row, uniqueness, absence
    (from the data, and for the listed values by SAT).

    Values with rows come first (by shortest row: length, then alphabetically), then the
    listed values with no row of length >= 1 (0 among them: Lemma 1, no row of length
    >= 1 is a P-position; the empty row, which has it, is not counted).

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjectures 22 and 40.
    """
    found = _by_value(sizes, up_to)
    listed = listed_values()
    sat = sat_absent_up_to(sizes, up_to)
    out = [{"value": v, "rows": e["rows"], "shortest_row": e["shortest_row"],
            "unique": e["rows"] == 1, "absent_up_to": len(e["shortest_row"]) - 1,
            "absent_sat_up_to": sat.get(v), "listed": v in listed}
           for v, e in sorted(found.items(),
                              key=lambda t: (len(t[1]["shortest_row"]), t[1]["shortest_row"]))]
    out += [{"value": v, "rows": 0, "shortest_row": "", "unique": False,
             "absent_up_to": up_to, "absent_sat_up_to": sat.get(v), "listed": True}
            for v in listed if v not in found]
    return out


def histogram(sizes: Sizes, up_to: int) -> dict[int, dict[int, int]]:
    """Per length L ≤ ``up_to``: how many values have k rows of length ≤ L, for each k.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 29 and Conjecture 22.
    """
    out = {}
    for n in range(1, up_to + 1):
        out[n] = dict(sorted(Counter(e["rows"] for e in _by_value(sizes, n).values()).items()))
    return out


def summary(sizes: Sizes, up_to: int) -> list[str]:
    """Markdown lines: values and unique values per length, and the absent listed values.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjectures 22 and 40.
    """
    hist = histogram(sizes, up_to)
    lines = ["Rows over L, R, E of length 1 to N, a row and its reversal counted once (the "
             "empty row, value 0, is not counted).", "",
             "| length ≤ | values | with 1 row | 2 rows | 3 rows | more |",
             "|---|---|---|---|---|---|"]
    for n, h in hist.items():
        more = sum(c for k, c in h.items() if k > 3)
        lines.append(f"| {n} | {sum(h.values())} | {h.get(1, 0)} | {h.get(2, 0)} | "
                     f"{h.get(3, 0)} | {more} |")
    # 0 occurs (the empty row has it), although no row of length >= 1 does
    absent = [r for r in table(sizes, up_to) if r["rows"] == 0 and r["value"] != "0"]
    lines.append("")
    names = ', '.join(r['value'] for r in absent) or 'none'
    sat = [str(r['absent_sat_up_to']) for r in absent if r['absent_sat_up_to'] is not None]
    if len(sat) == len(absent) and absent:
        how = (f"the enumeration; SAT, with controls, finds no row of length ≤ "
               f"{', '.join(sat)} respectively; further: `cgsat check toppling.conj40 "
               "--target`")
    else:
        how = "the enumeration"
    lines.append(f"Values of Conjecture 40's list (day ≤ 2 and selected day-3 games) with no "
                 f"row of length ≤ {up_to}: {names} ({how}; 0 is left out: the empty row "
                 "has it).")
    return lines


def plot(ax: Any, sizes: Sizes, up_to: int) -> None:
    """Number of values with k rows (k = 1, 2, 3, 4+) against the length bound.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 22.
    """
    hist = histogram(sizes, up_to)
    xs = list(hist)
    series = [("1 row (unique)", lambda h: h.get(1, 0)), ("2 rows", lambda h: h.get(2, 0)),
              ("3 rows", lambda h: h.get(3, 0)),
              ("4 or more rows", lambda h: sum(c for j, c in h.items() if j > 3))]
    for label, count in series:
        pts = [(n, count(hist[n])) for n in xs if count(hist[n]) > 0]  # log scale: no zeros
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=label)
    ax.set_yscale("log")
    ax.set_xlabel("row length ≤")
    ax.set_ylabel("values")
    ax.legend(fontsize=8)


def extra(sizes: Sizes, up_to: int) -> dict[str, Any]:
    """The full histogram for the JSON file: length -> {k: values with exactly k rows}.

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 22.
    """
    return {"histogram": {str(n): {str(k): c for k, c in h.items()}
                          for n, h in histogram(sizes, up_to).items()}}


UNIQUENESS = Probe(
    name="toppling-uniqueness",
    source="Toppling Conjectures: which values have exactly one row (Conjectures 22, 40)",
    up_to="largest row length, rows over L, R, E",
    default_up_to=8,
    base=1,
    max_up_to=14,
    size=absence.size,
    table=table,
    columns=("value", "rows", "shortest_row", "unique", "absent_up_to", "absent_sat_up_to",
             "listed"),
    summary=summary,
    plot=plot,
    extra=extra,
    rules=("toppling.conj22", "toppling.unique-x-zero", "toppling.unique-switch",
           "toppling.unique-x-star", "toppling.conj37", "toppling.conj40"),
)



def summary_lr(sizes: Sizes, up_to: int) -> list[str]:
    """As :func:`summary`, for rows over L and R only (LR-Toppling Dominoes).

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 29 and Conjecture 35.
    """
    lines = summary(sizes, up_to)
    lines[0] = ("LR-Toppling Dominoes: rows over L and R (no green E) of length 1 to N, a row "
                "and its reversal counted once (the empty row, value 0, is not counted).")
    return lines


UNIQUENESS_LR = Probe(
    name="toppling-uniqueness-lr",
    source="Toppling Conjectures: which values have exactly one LR row (Theorem 29, "
           "Conjectures 22, 35, 40)",
    up_to="largest row length, rows over L, R",
    default_up_to=12,
    base=1,
    max_up_to=18,
    size=lr_rows_of_length,
    table=table,
    columns=("value", "rows", "shortest_row", "unique", "absent_up_to", "absent_sat_up_to",
             "listed"),
    summary=summary_lr,
    plot=plot,
    extra=extra,
    rules=("toppling.conj35", "toppling.thm29"),
)

PROBES = [UNIQUENESS, UNIQUENESS_LR]
