"""The report's "Proved for every size" section: claims an all-n method proved (issue 25),
with the automata's sizes, both deciders' states and times, and the artifacts.

``bounds.json`` gets, per claim, ``proved``: null or ``{"method", "deciders": [{"decider",
"states", "seconds"}], "automata": [{"name", "states"}], "artifacts": [path]}``; and at the
top level ``proved`` (those claims, in order) and ``proved_conflicts`` (a proved claim that
also has a counterexample: a bug, shown first).
"""

from __future__ import annotations

import json
from typing import Any

from cgsat.claims import ALL_N


def proved_of(runs: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The ``proved`` object of a claim from its ``runs`` (an all-n run with status
    proved), or None.

    Examples
    --------
    >>> detail = json.dumps({"deciders": [{"decider": "product", "states": 3,
    ...     "seconds": 0.1}], "automata": [], "artifacts": "docs/report/proofs/c/"})
    >>> proved_of([{"n": -1, "method": "automata", "status": "proved", "detail": detail}])
    ... # doctest: +NORMALIZE_WHITESPACE
    {'method': 'automata', 'deciders': [{'decider': 'product', 'states': 3, 'seconds': 0.1}],
     'automata': [], 'artifacts': ['docs/report/proofs/c/']}
    """
    for r in runs:
        if r["n"] == ALL_N and r["status"] == "proved":
            try:
                d = json.loads(r.get("detail") or "{}")
            except ValueError:
                d = {}
            out = {"method": r["method"],
                   "deciders": [{k: x.get(k) for k in ("decider", "states", "seconds")}
                                for x in d.get("deciders", [])],
                   "automata": d.get("automata", []),
                   "artifacts": [d["artifacts"]] if d.get("artifacts") else []}
            counts = d.get("counts")
            if isinstance(counts, dict) and (counts.get("counts") or counts.get("first")):
                out["counts"] = {"from_size_0": counts.get("counts") or counts.get("first"),
                                 "recurrence": counts.get("recurrence")}
            return out
    return None


def proved_rows(claims: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of the section: one per claim with a ``proved`` object."""
    return [{"claim": c["id"], "statement": c["statement"], **c["proved"]}
            for c in claims if c.get("proved")]


def proved_conflicts(claims: list[dict[str, Any]]) -> list[str]:
    """Claims proved for every n that also have a counterexample (exit 3 in ``check``)."""
    return [f"{c['id']}: proved for every n by {c['proved']['method']} but refuted at "
            f"n={x['n']} by {x['method']} with {x['position']}"
            for c in claims if c.get("proved") for x in c["counterexamples"]]


def _counts(row: dict[str, Any]) -> str:
    """The count sequence of a proved family (sizes 0, 1, ...) and its recurrence, or ""."""
    c = row.get("counts")
    if not c:
        return ""
    terms = ", ".join(str(t) for t in c["from_size_0"])
    return f"{terms}, ...; {c['recurrence']}" if c.get("recurrence") else f"{terms}, ..."


def _deciders(row: dict[str, Any]) -> str:
    return ", ".join(f"{d['decider']} {d['seconds']:.2f} s ({d['states']} states)"
                     for d in row["deciders"] if d.get("seconds") is not None)


def markdown(doc: dict[str, Any]) -> list[str]:
    """The Markdown section (with any conflicts first)."""
    lines: list[str] = []
    if doc.get("proved_conflicts"):
        lines += ["## Disagreements: proved for every n, yet refuted", ""]
        lines += [f"- **{c}**" for c in doc["proved_conflicts"]] + [""]
    lines += ["## Proved for every size", "",
              "Claims proved for every n at once (status `proved`): both all-n deciders, "
              "cgsat's product search and MONA, decided the automata statement "
              "(docs/reference.md, \"Proved for every size\"). States: the product's "
              "reachable states; MONA's largest automaton.", ""]
    if not doc.get("proved"):
        return lines + ["None stored.", ""]
    lines += ["Counts: the number of positions of each size 0, 1, 2, ... that the proved "
              "automaton accepts (transfer matrix, exact), with the shortest recurrence, "
              "proved against the matrix's characteristic polynomial.", "",
              "| claim | statement | automata (states) | deciders | counts by size | "
              "artifacts |", "|---|---|---|---|---|---|"]
    for row in doc["proved"]:
        autos = ", ".join(f"{a['name']} ({a['states']})" for a in row["automata"])
        arts = ", ".join(f"[{a}]({a.removeprefix('docs/report/')})" for a in row["artifacts"])
        statement = row["statement"].replace("|", "\\|")
        lines.append(f"| `{row['claim']}` | {statement} | {autos} | {_deciders(row)} | "
                     f"{_counts(row) or '—'} | {arts} |")
    return lines + [""]


def latex(doc: dict[str, Any], escape: Any) -> list[str]:
    """The LaTeX table of the section (``escape``: the report's LaTeX escaping)."""
    lines = [r"\begin{table}[ht]", r"\centering",
             r"\caption{Proved for every size: both all-n deciders (product search, MONA).}",
             r"\label{tab:cgsat-proved}", r"\begin{tabular}{lp{0.3\linewidth}rp{0.3\linewidth}}",
             r"\toprule", r"Claim & Automata & States & Deciders \\", r"\midrule"]
    for row in doc.get("proved", []):
        autos = ", ".join(escape(a["name"]) for a in row["automata"])
        states = sum(a["states"] for a in row["automata"])
        lines.append(rf"\texttt{{{escape(row['claim'])}}} & {autos} & {states} & "
                     rf"{escape(_deciders(row))} \\")
    if not doc.get("proved"):
        lines.append(r"\multicolumn{4}{l}{None.} \\")
    return lines + [r"\bottomrule", r"\end{tabular}", r"\end{table}", ""]


def html(doc: dict[str, Any], esc: Any) -> list[str]:
    """The HTML section."""
    out = []
    for c in doc.get("proved_conflicts", []):
        out.append(f"<p class='refuted'>{esc(c)}</p>")
    out.append("<h2>Proved for every size</h2>")
    if not doc.get("proved"):  # as in bounds.md: no empty table
        return out + ["<p>None stored.</p>"]
    out.append("<table><tr><th>claim</th><th>statement</th><th>automata</th>"
               "<th>deciders</th><th>counts by size</th></tr>")
    for row in doc.get("proved", []):
        autos = ", ".join(f"{a['name']} ({a['states']})" for a in row["automata"])
        out.append(f"<tr><td><code>{esc(row['claim'])}</code></td>"
                   f"<td>{esc(row['statement'])}</td><td>{esc(autos)}</td>"
                   f"<td>{esc(_deciders(row))}</td><td>{esc(_counts(row))}</td></tr>")
    out.append("</table>")
    return out
