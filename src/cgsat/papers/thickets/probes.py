"""Probes of *Thinning Thickets* (issue 15): green cordons' nim-values (Problem 5.1) and
tinies among thickets (Problem 5.2).

``green-cordon-nim``: the nim-value of every green cordon of height 0..N (one table row per
cordon: ``height``, ``cordon`` in ``green-cordon`` syntax, ``leaves``, ``gaps``, ``nim``),
computed by :mod:`cgsat.papers.thickets.cordon_nim`. The summary counts the cordons
per nim-value and height, and learns from the data the minimal automaton on the leaf word
for each nim-value (Myhill-Nerode, :func:`~cgsat.papers.thickets.cordon_nim.
learn_dfa`), comparing those of values 2 and 3 with the candidate rules registered as the
claims ``thickets.green-nim2`` and ``thickets.green-nim3`` (gaps ``X (1 Y)* E O*`` and
``X X (1 Y)* E O*``), which the inductive SAT check tests far past the data.

``thickets-tinies``: every thicket with m arcs (up to isomorphism, several summands
allowed), valued by the partizan engine; per m the number of thickets and of values, and
for each x with tiny-x = {0 | {0 | -x}} among them the first position and how many there
are (:mod:`cgsat.papers.thickets.tinies`). The table gives per x the smallest
number of arcs and a position; for integers n = 1..N with no tiny-n, the bound to which
none exists.

The data (``size``) is in those modules, so that the stored sizes depend on that code
only (the fingerprint).

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Problems 5.1 and 5.2.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from cgsat.encodings.green_cordon_dfa import NIM2_DFA, NIM3_DFA
from cgsat.papers.thickets import cordon_nim, tinies
from cgsat.papers.thickets.cordon_nim import DIGITS, attachments, learn_dfa, same_language
from cgsat.papers.thickets.gaps import gaps
from cgsat.probes import Probe, Sizes, TableRow

# -- green-cordon-nim -------------------------------------------------------------------


__all__ = [
    "nim_table",
    "CANDIDATES",
    "automata",
    "nim_summary",
    "nim_plot",
    "nim_extra",
    "GREEN_CORDON_NIM",
    "tiny_table",
    "tiny_summary",
    "tiny_plot",
    "THICKETS_TINIES",
    "PROBES",
]


def _tables(sizes: Sizes, up_to: int) -> dict[int, list[int]]:
    """Height -> nim-values by leaf mask, from the stored rows."""
    return {n: [DIGITS.index(c) for c in sizes[n][0]["nims"]] for n in range(up_to + 1)}


def nim_table(sizes: Sizes, up_to: int) -> list[TableRow]:
    """One row per cordon of height 0..``up_to``: height, cordon, leaves, gaps, nim-value.

    References
    ----------
    *Thinning Thickets*, §3 and Problem 5.1.
    """
    rows = []
    for n, values in _tables(sizes, up_to).items():
        for mask, v in enumerate(values):
            atts = attachments(n, mask) if n else []
            gs = gaps(n, atts) if n else []
            rows.append({"height": n, "cordon": f"{n}:" + ",".join(map(str, atts)),
                         "leaves": len(atts), "gaps": " ".join(map(str, gs)),
                         "nim": v})
    return rows


CANDIDATES = {2: ("thickets.green-nim2", NIM2_DFA, "X (1 Y)* E O*"),
              3: ("thickets.green-nim3", NIM3_DFA, "X X (1 Y)* E O*")}
"""The registered candidate rules: nim-value -> (claim, automaton, gap pattern)."""


def automata(sizes: Sizes, up_to: int) -> list[dict[str, Any]]:
    """Per nim-value k = 0, 1, ...: the minimal automaton learned from the data (None once
    the data is too short to close the Nerode classes).

    References
    ----------
    *Thinning Thickets*, Theorems 3.2, 3.3 and Problem 5.1.
    """
    tables = _tables(sizes, up_to)
    out = []
    for k in range(0, up_to + 1):
        d = learn_dfa(k, up_to, tables) if up_to >= 5 else None
        if d is None:
            break
        entry = {"nim": k, "states": len(d.delta), "consistent": d.consistent,
                 "stable": d.stable, "accepting": sorted(d.accepting),
                 "delta": [list(r) for r in d.delta], "prefixes": list(d.prefixes)}
        if k in CANDIDATES:
            claim, dfa, _ = CANDIDATES[k]
            entry["candidate"] = claim
            entry["same_as_candidate"] = same_language(d.delta, d.accepting, dfa.delta,
                                                       dfa.accepting)
        out.append(entry)
    return out


def nim_summary(sizes: Sizes, up_to: int) -> list[str]:
    """Markdown lines: counts per nim-value and height, the learned automata, and the
    candidate rules for nim-values 2 and 3.

    References
    ----------
    *Thinning Thickets*, Theorems 3.2-3.5 and Problem 5.1.
    """
    tables = _tables(sizes, up_to)
    top = max(max(v) for v in tables.values())
    shown = min(top, 6)
    lines = ["Every green cordon of height 0 to N (2^(n-1) of height n), nim-value by "
             "exhaustive dynamic programming over the heights.", "",
             "| height | cordons | " + " | ".join(f"nim {k}" for k in range(shown + 1))
             + " | largest nim | cordons with it |",
             "|---|---|" + "---|" * (shown + 3)]
    for n, vals in tables.items():
        big = max(vals)
        lines.append(f"| {n} | {len(vals)} | "
                     + " | ".join(str(vals.count(k)) for k in range(shown + 1))
                     + f" | {big} | {vals.count(big)} |")
    learned = automata(sizes, up_to)
    lines.append("")
    if not learned:
        lines.append("Too little data to learn automata (height at least 5 needed).")
        return lines
    lines.append("Minimal automata on the leaf word x_1..x_{n-1} (bottom-up) learned from "
                 f"the data to height {up_to} (Myhill-Nerode classes of prefixes); "
                 "consistent = gives every cordon of the data its answer, stable = no new "
                 "state with longer prefixes:")
    lines.append("")
    lines.append("| nim-value | states | consistent | stable | candidate rule |")
    lines.append("|---|---|---|---|---|")
    for e in learned:
        cand = ""
        if "candidate" in e:
            claim, _, pattern = CANDIDATES[e["nim"]]
            cand = f"`{claim}` (gaps {pattern}): " + (
                "same automaton" if e["same_as_candidate"] else "DIFFERENT automaton")
        lines.append(f"| {e['nim']} | {e['states']} | {e['consistent']} | {e['stable']} | "
                     f"{cand} |")
    lines.append("")
    for e in learned:
        if e["nim"] in CANDIDATES:
            trans = "; ".join(f"{q}: 0→{a} 1→{b}" for q, (a, b) in enumerate(e["delta"]))
            lines.append(f"Automaton for nim-value {e['nim']} (start 0, accepting "
                         f"{e['accepting']}): {trans}.")
    lines.append("")
    lines.append("Gaps a(1), a(2)-a(1), ..., n-a(k); X any gap, Y a gap ≥ 2, E even, O odd. "
                 "Theorems 3.2/3.3: nim 0 iff E O*, nim 1 iff O O*. Candidates: nim 2 iff "
                 "X (1 Y)* E O*, nim 3 iff X X (1 Y)* E O* (tested past the data by "
                 "`cgsat check thickets.green-nim2 thickets.green-nim3`).")
    return lines


def nim_plot(ax: Any, sizes: Sizes, up_to: int) -> None:
    """Cordons per nim-value (0..5) against the height (log scale).

    References
    ----------
    *Thinning Thickets*, Theorems 3.4, 3.5 and Problem 5.1.
    """
    tables = _tables(sizes, up_to)
    for k in range(6):
        pts = [(n, v.count(k)) for n, v in tables.items() if v.count(k)]
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=f"nim {k}")
    ax.set_yscale("log")
    ax.set_xlabel("height")
    ax.set_ylabel("cordons")
    ax.legend(fontsize=8)


def nim_extra(sizes: Sizes, up_to: int) -> dict[str, Any]:
    """The learned automata and the counts per height and nim-value, for the JSON file.

    References
    ----------
    *Thinning Thickets*, Problem 5.1.
    """
    tables = _tables(sizes, up_to)
    counts = {str(n): {str(k): v.count(k) for k in sorted(set(v))} for n, v in tables.items()}
    return {"automata": automata(sizes, up_to), "counts": counts}


GREEN_CORDON_NIM = Probe(
    name="green-cordon-nim",
    source="Thinning Thickets: nim-values of green cordons (Problem 5.1)",
    up_to="largest height of the cordons",
    default_up_to=14,
    base=0,
    max_up_to=22,
    size=cordon_nim.size,
    table=nim_table,
    columns=("height", "cordon", "leaves", "gaps", "nim"),
    summary=nim_summary,
    plot=nim_plot,
    extra=nim_extra,
    notes="Height 20 is 2^19 = 524,288 cordons (1,048,576 table rows in all; the sizes to "
          "20 take about 12 s, writing the 59 MB CSV and 136 MB JSON longer).",
    rules=("thickets.green-nim2", "thickets.green-nim3"),
)


# -- thickets-tinies --------------------------------------------------------------------


def tiny_table(sizes: Sizes, up_to: int) -> list[TableRow]:
    """Per x with tiny-x among the thickets of at most ``up_to`` arcs: the smallest number
    of arcs, a smallest position and how many positions of that size; then every integer
    n <= ``up_to`` + 1 with no tiny-n, absent up to ``up_to`` arcs.

    References
    ----------
    *Thinning Thickets*, Problem 5.2.
    """
    found: dict[Fraction, dict] = {}
    for m in range(up_to + 1):
        for r in sizes[m]:
            if r["kind"] == "tiny" and Fraction(r["x"]) not in found:
                found[Fraction(r["x"])] = r
    rows = [{"x": str(x), "tiny": f"{{0|{{0|-{x}}}}}", "arcs": r["arcs"],
             "position": r["position"], "positions": r["positions"], "absent_up_to": r["arcs"] - 1}
            for x, r in sorted(found.items())]
    rows += [{"x": str(n), "tiny": f"{{0|{{0|-{n}}}}}", "arcs": None, "position": "",
              "positions": 0, "absent_up_to": up_to}
             for n in range(1, up_to + 2) if Fraction(n) not in found]
    return rows


def tiny_summary(sizes: Sizes, up_to: int) -> list[str]:
    """Markdown lines: thickets and values per number of arcs, and the tinies found.

    References
    ----------
    *Thinning Thickets*, §1 (question 4) and Problem 5.2.
    """
    lines = ["Every thicket with m arcs up to isomorphism (blue, red, green; any roots; "
             "cycles and several summands allowed), valued by the partizan engine.", "",
             "| arcs | thickets | values | tinies {0|{0|-x}} (x) |", "|---|---|---|---|"]
    for m in range(up_to + 1):
        count = next(r for r in sizes[m] if r["kind"] == "count")
        xs = ", ".join(r["x"] for r in sizes[m] if r["kind"] == "tiny") or "—"
        lines.append(f"| {m} | {count['thickets']} | {count['values']} | {xs} |")
    lines.append("")
    for r in tiny_table(sizes, up_to):
        if r["arcs"] is None:
            lines.append(f"- tiny-{r['x']}: no thicket with at most {up_to} arcs.")
        else:
            lines.append(f"- tiny-{r['x']}: smallest with {r['arcs']} arcs, e.g. "
                         f"`{r['position']}` ({r['positions']} of that size).")
    return lines


def tiny_plot(ax: Any, sizes: Sizes, up_to: int) -> None:
    """Thickets and distinct values against the number of arcs (log scale).

    References
    ----------
    *Thinning Thickets*, Problem 5.2.
    """
    ms = list(range(1, up_to + 1))
    counts = [next(r for r in sizes[m] if r["kind"] == "count") for m in ms]
    ax.plot(ms, [c["thickets"] for c in counts], marker="o", label="thickets")
    ax.plot(ms, [c["values"] for c in counts], marker="o", label="distinct values")
    ax.set_yscale("log")
    ax.set_xlabel("arcs")
    ax.set_ylabel("count")
    ax.legend(fontsize=8)


THICKETS_TINIES = Probe(
    name="thickets-tinies",
    source="Thinning Thickets: which tinies {0|{0|-n}} occur (Problem 5.2)",
    up_to="largest number of arcs of the thickets",
    default_up_to=4,
    base=0,
    max_up_to=6,
    size=tinies.size,
    table=tiny_table,
    columns=("x", "tiny", "arcs", "position", "positions", "absent_up_to"),
    summary=tiny_summary,
    plot=tiny_plot,
    notes="5 arcs: 203,997 thickets, about 2.5 minutes (90 s CPU); 6 arcs would be about 20 "
          "times more.",
)

PROBES = [GREEN_CORDON_NIM, THICKETS_TINIES]
