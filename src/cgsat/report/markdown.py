"""``bounds.md``: the report as Markdown, findings first.

Order: findings (published statements refuted), the paper's bounds against cgsat's, the
summary of every claim with stored runs (statement, kind, quick and target bounds,
verified and certified bounds, and what ended each method's chain), the claims with
nothing stored, then one section per claim (scope, controls, fingerprints,
counterexamples, runs).
"""

from __future__ import annotations

import html
from typing import Any

from cgsat.claims import Claim
from cgsat.papers.registry import all_claims
from cgsat.report import proved
from cgsat.report.findings import FINDINGS, finding_of
from cgsat.report.probes import probes_markdown

LEGEND = (
    "\"Verified up to M\": every size from the claim's base to M holds for that method "
    "(sizes with nothing to check, \"vacuous\", are skipped). \"Certified\": every one of "
    "those UNSAT answers was backed by a checked DRAT proof or a second solver. "
    "\"Controls\": for a SAT method, the controls its instances passed (sample positions "
    "agreeing with the direct solver, a toggled or witness position found), out of those "
    "run. Values are written in CGSuite notation."
)


def bound(v: int | None) -> str:
    return "—" if v is None else str(v)


def claim_lookup() -> dict[str, Claim]:
    return {c.id: c for c in all_claims()}


def has_runs(c: dict[str, Any]) -> bool:
    return bool(c["runs"])


def solver_methods(c: dict[str, Any], lookup: dict[str, Claim]) -> list[str]:
    claim = lookup.get(c["id"])
    return [m for m in c["verified"] if claim is not None and claim.method(m).uses_solver]


def controls_text(total: dict[str, int] | None) -> str:
    return "n/a" if total is None else f"{total['passed']}/{total['total']}"


def provenance_text(doc: dict[str, Any]) -> str:
    p = doc.get("provenance")
    if not p:
        return ""
    commits = ", ".join(f"{k[:12]}{'+dirty' if k.endswith('+dirty') else ''} ({v} rows)"
                        for k, v in p["commits"].items()) or "none"
    return (f"Built from the store {p['store']}; rows computed at commits {commits}. Only "
            "rows whose method fingerprint equals the current code's are used.")


def versions_text(doc: dict[str, Any]) -> str:
    v = doc["versions"]
    solvers = ", ".join(f"{k} ({t})" for k, t in v["solvers"].items()) or "none"
    return (f"Generated {doc['generated']} by cgsat {v['cgsat']} (Python {v['python']}, "
            f"PySAT {v['pysat']}; solvers used: {solvers}).")


def target_hint(b: dict[str, Any]) -> str:
    """For a claim of "Beyond the paper" whose stored runs stop short of its target: how to
    reach it (a quick run stops at the quick bound).

    Examples
    --------
    >>> target_hint({"claim": "toppling.conj22", "verified": 9, "target_bound": 30})
    ' (stored to 9; `cgsat check toppling.conj22 --target` runs to 30)'
    >>> target_hint({"claim": "x", "verified": 30, "target_bound": 30})
    ''
    """
    if b["verified"] is not None and b["verified"] >= b["target_bound"]:
        return ""
    got = "nothing stored" if b["verified"] is None else f"stored to {b['verified']}"
    return f" ({got}; `cgsat check {b['claim']} --target` runs to {b['target_bound']})"


def variant_text(variant: str, v: dict[str, Any]) -> str:
    """A variant of a refuted claim that cgsat checks beside it: statement and bounds."""
    ver = ", ".join(f"{m}: {bound(b)}" for m, b in v["verified"].items())
    ended = "; ".join(f"{m}: {why}" for m, why in v["ended_by"].items())
    return (f"cgsat's variant {variant}: {v['statement']} Verified {ver} (ended by "
            f"{ended}).")


def disagreement_text(d: dict[str, Any]) -> str:
    """One disagreement: the verdict that stands and the later run against it."""
    solver = f" ({d['solver']})" if d.get("solver") else ""
    return (f"{d['claim']} n={d['n']} {d['method']}{solver}: stored {d['stored']} "
            f"({d['stored_time']}) stands; a later run said {d['status']} ({d['time']}): "
            f"{d['reason'] or 'no reason given'}")


def disagreements_markdown(doc: dict[str, Any]) -> list[str]:
    """The section of disagreements, first in the report (none: no section)."""
    found = doc.get("disagreements") or []
    if not found:
        return []
    lines = ["## Disagreements to investigate", "",
             "A later run of the same code ended in error, or unknown for another reason "
             "than its budget, against a decided verdict. The "
             "verdict stands and its bound is kept; each line is a bug to look into.", ""]
    lines += [f"- {_cell(disagreement_text(d))}" for d in found]
    return [*lines, ""]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render_markdown(doc: dict[str, Any]) -> str:
    """The Markdown report of a ``bounds.json`` document."""
    lookup = claim_lookup()
    lines = ["# cgsat: verified bounds", "", html.escape(versions_text(doc)), "", LEGEND, "",
             provenance_text(doc), ""]
    lines += [summary_text(doc), ""]
    lines += disagreements_markdown(doc)
    lines += ["## Findings: claims refuted (each says what it breaks)", ""]
    if not doc["findings"]:
        lines.append("None: no published statement was refuted by the stored runs.")
    for f in doc["findings"]:
        lines.append(f"- **`{f['claim']}`** ({f['source']}, {f['kind']}): "
                     f"{_cell(f['statement'])}")
        lines.append(f"  - counterexample at n = {f['n']}: `{f['position']}`")
        for method, why in f["explanations"].items():
            if why:
                lines.append(f"  - {method}: {why}")
        for variant, v in f["variants"].items():
            lines.append(f"  - {variant_text(variant, v)}")
        said = finding_of(f["claim"])
        if said is not None:
            lines.append(f"  - what it breaks: {said.breaks}")
    refuted = {f["claim"] for f in doc["findings"]}
    others = [f for f in FINDINGS if not f.claims or f.claims[0] not in refuted]
    if others:
        lines += ["", "Findings that are not a refuted claim here (a step of a proof, a "
                  "worked example, or a claim with no stored refutation):", ""]
        lines += [f"- {f.text}" for f in others]
    lines += [""] + proved.markdown(doc)
    lines += ["## Beyond the paper", "",
              "The bound each paper checked its statement to, against cgsat's (best over "
              "its methods).", "",
              "| claim | source | paper's bound | cgsat verified | cgsat certified | target |",
              "|---|---|---|---|---|---|"]
    for b in doc["beyond_paper"]:
        lines.append(f"| `{b['claim']}` | {b['source']} | {b['paper_bound']} | "
                     f"{bound(b['verified'])} | {bound(b['certified'])} | "
                     f"{b['target_bound']}{target_hint(b)} |")
    stored = [c for c in doc["claims"] if has_runs(c)]
    empty = [c for c in doc["claims"] if not has_runs(c)]
    lines += ["", "## Every claim", "",
              "| claim | kind | statement | quick / target | verified (method: M) | "
              "certified | ended by |", "|---|---|---|---|---|---|---|"]
    for c in stored:
        ver = ", ".join(f"{m}: {bound(b)}" for m, b in c["verified"].items())
        cert = ", ".join(f"{m}: {bound(c['certified'][m])}"
                         for m in solver_methods(c, lookup)) or "n/a"
        ended = "<br>".join(f"{m}: {_cell(why)}" for m, why in c["ended_by"].items())
        flag = " **refuted**" if c["counterexamples"] else ""
        mark = " †" if c.get("target_reason") else ""
        lines.append(f"| `{c['id']}`{flag} | {c['kind']} | {_cell(c['statement'])} | "
                     f"{c['quick_bound']} / {c['target_bound']}{mark} | {ver} | {cert} | "
                     f"{ended} |")
    lines += targets_lowered(stored)
    if empty:
        lines += ["", "Claims with nothing stored: "
                  + ", ".join(f"`{c['id']}`" for c in empty) + "."]
    lines += awaiting_rerun(doc)
    lines += probes_markdown(doc)
    for c in stored:
        lines += _claim_section(c, lookup.get(c["id"]))
    return "\n".join(lines) + "\n"


def targets_lowered(claims: list[dict[str, Any]]) -> list[str]:
    """The list under "Every claim" of the targets marked ``†``: why each was lowered, or
    why a method stops at its size limit, as measured (issue 27, item 3).

    Examples
    --------
    >>> targets_lowered([{"id": "a", "target_reason": "sat: 40 s at n=9, x3 per size"},
    ...                  {"id": "b", "target_reason": None}])
    ['', 'Targets marked † are lowered, or a method stops at its size limit, for a \
measured reason:', '', '- `a`: sat: 40 s at n=9, x3 per size']
    """
    rows = [c for c in claims if c.get("target_reason")]
    if not rows:
        return []
    return ["", "Targets marked † are lowered, or a method stops at its size limit, for a "
            "measured reason:", ""] + [f"- `{c['id']}`: {c['target_reason']}" for c in rows]


def summary_text(doc: dict[str, Any]) -> str:
    """The report's opening line (``summary`` in ``bounds.json``)."""
    s = doc.get("summary")
    if not s:
        return ""
    k = s["counts"]
    text = (f"**Summary.** {k['stored']} claims with stored runs ({k['nothing stored']} with "
            f"nothing stored): {k['at target']} at their target bound, {k['refuted']} "
            f"refuted, {k['stopped short']} stopped short")
    if s["stopped_short"]:
        text += f" ({', '.join(f'`{i}`' for i in s['stopped_short'])})"
    return text + (f", {k['below target']} not run to their target (`cgsat check CLAIM "
                   "--target` runs a claim to it).")


def earlier_rows(doc: dict[str, Any], awaiting: bool) -> list[tuple[dict[str, Any], str,
                                                                    dict[str, Any]]]:
    """(claim, method, entry) of the bounds of earlier code that await a rerun
    (``awaiting``) or that lie beyond what a rerun to the target reaches."""
    return [(c, m, e) for c in doc["claims"] for m, e in c.get("earlier_code", {}).items()
            if e.get("awaiting", True) == awaiting]


def awaiting_rerun(doc: dict[str, Any]) -> list[str]:
    """The sections listing bounds reached by code that has changed since (not counted
    above), so that a rerun in progress is visible and nothing reached before is hidden:
    those a rerun to the target would reach again, then those beyond it."""
    lines: list[str] = []
    header = ["| claim | method | earlier code verified | certified | its commit | "
              "current code verified | a rerun to the target reaches |",
              "|---|---|---|---|---|---|---|"]

    def table(rows: list[tuple[dict[str, Any], str, dict[str, Any]]]) -> list[str]:
        return header + [
            f"| `{c['id']}` | {m} | {bound(e['verified'])} | {bound(e['certified'])} | "
            f"{(e['commit'] or 'unrecorded')[:12]} | {bound(c['verified'].get(m))} | "
            f"{bound(e.get('rerun_reaches'))} |" for c, m, e in rows]

    sections = (
        (True, "Awaiting rerun: bounds of earlier code",
         "These methods' code has changed since they reached the bounds below, so those "
         "results are not counted above (a stored verdict counts only for the code that "
         "computed it). They stay in the store; `bash docs/report/regenerate.sh` reruns "
         "them with the current code."),
        (False, "Earlier code beyond the target (not counted)",
         "Code that has changed since reached these bounds, beyond the claim's target (a "
         "target lowered since, with its measured reason above) or beyond the method's "
         "size limit. The current code is at that reach, so no rerun is planned; the rows "
         "stay in the store, and are not counted above."))
    for awaiting, title, text in sections:
        rows = earlier_rows(doc, awaiting)
        if rows:
            lines += ["", f"## {title}", "", text, ""] + table(rows)
    return lines


def _claim_section(c: dict[str, Any], claim: Claim | None) -> list[str]:
    lines = ["", f"## `{c['id']}` — {c['source']} ({c['kind']})", "", c["statement"], ""]
    if claim is not None:
        lines.append(f"Size: {claim.parameter}; base {claim.base}; quick bound "
                     f"{claim.quick_bound}; target bound {claim.target_bound}; paper's "
                     f"bound {bound(c['paper_bound'])}.")
        if claim.notes:
            lines += ["", f"Notes: {claim.notes}"]
        if c.get("target_reason"):
            lines += ["", f"Target: {c['target_reason']}"]
    lines += ["", "| method | verified up to | certified up to | ended by | controls | "
              "fingerprint | scope |", "|---|---|---|---|---|---|---|"]
    for m, b in c["verified"].items():
        uses = claim is not None and claim.method(m).uses_solver
        fp = (c.get("fingerprints") or {}).get(m) or ""
        lines.append(f"| {m} | {bound(b)} | {bound(c['certified'].get(m)) if uses else 'n/a'}"
                     f" | {_cell(c['ended_by'][m])} | {controls_text(c['controls'].get(m))} "
                     f"| `{fp[:12]}` | {_cell(c['scope'][m])} |")
    if c["counterexamples"]:
        lines += ["", "Counterexamples:", ""]
        for x in c["counterexamples"]:
            why = f" — {x['explanation']}" if x.get("explanation") else ""
            lines.append(f"- n = {x['n']}, {x['method']}: `{x['position']}`{why}")
    lines += ["", "Runs (status, seconds, peak memory; for SAT methods the controls "
              "passed/run and the certificate; the reason of an unknown):", ""]
    methods = sorted({r["method"] for r in c["runs"]})
    cell = {(r["method"], r["n"]): r for r in c["runs"]}
    lines.append("| n | " + " | ".join(methods) + " |")
    lines.append("|---" * (len(methods) + 1) + "|")
    for n in sorted({r["n"] for r in c["runs"]}):
        row = []
        for m in methods:
            r = cell.get((m, n))
            row.append("" if r is None else _cell(run_text(r)))
        lines.append(f"| {n} | " + " | ".join(row) + " |")
    return lines


def run_text(r: dict[str, Any]) -> str:
    """One run in a table cell: status, seconds, peak memory, controls, certificate, reason.

    Examples
    --------
    >>> run_text({"status": "holds", "seconds": 1.5, "peak_rss_mb": 98.4,
    ...           "controls": {"passed": 16, "total": 16}})
    'holds 1.50s 98MB 16/16'
    >>> run_text({"status": "unknown", "seconds": None, "reason": "memory: over 2 GB"})
    'unknown (memory: over 2 GB)'
    """
    secs = "" if r["seconds"] is None else f" {r['seconds']:.2f}s"
    peak = r.get("peak_rss_mb")
    secs += "" if peak is None else f" {peak:.0f}MB"
    ctl = r.get("controls")
    ctl = f" {ctl['passed']}/{ctl['total']}" if ctl else ""
    cert = f" {r['certificate']}" if r.get("certificate") else ""
    why = f" ({r['reason']})" if r.get("reason") and r["status"] in ("unknown", "error") \
        else ""
    return f"{r['status']}{secs}{ctl}{cert}{why}"
