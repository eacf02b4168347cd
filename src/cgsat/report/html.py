"""``bounds.html``: the report as one self-contained page, findings first (plots inline).

The same order as :mod:`cgsat.report.markdown`, with a plot of the paper's bounds
against cgsat's and, for claims with more than a handful of sizes, time against n.
"""

from __future__ import annotations

import html
import re
from typing import Any

from cgsat.claims import Claim
from cgsat.report import proved
from cgsat.report.counts import counted
from cgsat.report.findings import FINDINGS, finding_of
from cgsat.report.markdown import (
    LEGEND,
    bound,
    claim_lookup,
    controls_text,
    disagreement_text,
    earlier_rows,
    has_runs,
    provenance_text,
    run_text,
    solver_methods,
    summary_text,
    target_hint,
    variant_text,
    versions_text,
)
from cgsat.report.plots import bounds_png, counts_png, time_png
from cgsat.report.probes import probes_html

esc = html.escape

CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 72em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
code { background: #f6f6f6; padding: 0 0.2em; }
.holds { color: #1a7f37; } .refuted { color: #c62828; font-weight: bold; }
.unknown { color: #8a6d00; } .conflict { color: #c62828; font-weight: bold; }
.error { color: #c62828; font-weight: bold; } .vacuous { color: #8a6d00; }
.claim { border-top: 2px solid #ddd; margin-top: 2em; }
.finding { border-left: 4px solid #c62828; padding: 0.2em 1em; margin: 1em 0; }
.small { font-size: 0.85em; color: #555; }
"""


def _img(png: str | None, alt: str) -> str:
    return f"<p><img alt='{esc(alt)}' src='data:image/png;base64,{png}'></p>" if png else ""


def inline(text: str) -> str:
    """Escape ``text`` for HTML and render the inline Markdown the findings share with the
    README: `` `code` `` and ``*emphasis*`` (emphasis outside code spans only).

    Examples
    --------
    >>> inline("*Toppling Conjectures*, `{*,^|*,v}` and a <b>")
    '<em>Toppling Conjectures</em>, <code>{*,^|*,v}</code> and a &lt;b&gt;'
    """
    parts = re.split(r"(`[^`]*`)", text)
    out = []
    for part in parts:
        if len(part) >= 2 and part.startswith("`") and part.endswith("`"):
            out.append(f"<code>{esc(part[1:-1])}</code>")
        else:
            out.append(re.sub(r"(?<![\w*])\*([^*\s](?:[^*]*[^*\s])?)\*(?![\w*])",
                              r"<em>\1</em>", esc(part)))
    return "".join(out)


def findings_html(doc: dict[str, Any]) -> list[str]:
    """The findings section: each refuted claim with its counterexample, explanations,
    variants (plain text, the id linked) and what it breaks; then the findings that are
    no refuted claim (:mod:`cgsat.report.findings`)."""
    out: list[str] = []
    out.append("<h2>Findings: claims refuted (each says what it breaks)</h2>")
    if not doc["findings"]:
        out.append("<p>None: no published statement was refuted by the stored runs.</p>")
    for f in doc["findings"]:
        out.append(f"<div class='finding'><p><a href='#{esc(f['claim'])}'><code>"
                   f"{esc(f['claim'])}</code></a> — {esc(f['source'])} ({esc(f['kind'])})"
                   f"<br>{esc(f['statement'])}</p><p class='refuted'>Counterexample at n = "
                   f"{f['n']}: <code>{esc(f['position'])}</code></p><ul>")
        for method, why in f["explanations"].items():
            if why:
                out.append(f"<li>{esc(method)}: {esc(why)}</li>")
        for variant, v in f["variants"].items():  # plain text, the claim id linked
            link = f"<a href='#{esc(variant)}'><code>{esc(variant)}</code></a>"
            out.append(f"<li>{esc(variant_text(variant, v)).replace(esc(variant), link, 1)}"
                       "</li>")
        said = finding_of(f["claim"])
        if said is not None:
            out.append(f"<li>What it breaks: {inline(said.breaks)}</li>")
        out.append("</ul></div>")
    refuted = {f["claim"] for f in doc["findings"]}
    others = [f for f in FINDINGS if not f.claims or f.claims[0] not in refuted]
    if others:
        out.append("<p>Findings that are not a refuted claim here (a step of a proof, a "
                   "worked example, or a claim with no stored refutation):</p><ul>")
        out += [f"<li>{inline(f.text)}</li>" for f in others]
        out.append("</ul>")
    return out


def render_html(doc: dict[str, Any]) -> str:
    """The HTML report of a ``bounds.json`` document."""
    lookup = claim_lookup()
    out = ["<!DOCTYPE html><html><head><meta charset='utf-8'><title>cgsat: verified bounds"
           f"</title><style>{CSS}</style></head><body>", "<h1>cgsat: verified bounds</h1>",
           f"<p class='small'>{esc(versions_text(doc))} {esc(provenance_text(doc))}</p>",
           f"<p>{esc(LEGEND)}</p>"]
    if doc.get("summary"):  # the opening line, as in bounds.md (its `ids` as <code>)
        text = esc(summary_text(doc)).replace("**Summary.**", "<b>Summary.</b>")
        out.append("<p>" + re.sub(r"`([^`]*)`", r"<code>\1</code>", text) + "</p>")
    if doc.get("disagreements"):
        out += ["<h2>Disagreements to investigate</h2>", "<p>A later run of the same code "
                "ended in error, or unknown for another reason than its budget, against a "
                "decided verdict. The verdict stands and its bound "
                "is kept; each line is a bug to look into.</p>", "<ul>"]
        out += [f"<li class='refuted'>{esc(disagreement_text(d))}</li>"
                for d in doc["disagreements"]]
        out.append("</ul>")
    out += findings_html(doc)
    out += proved.html(doc, esc)
    out += ["<h2>Beyond the paper</h2>", "<p>The bound each paper checked its statement to, "
            "against cgsat's (best over its methods).</p>",
            "<table><tr><th>claim</th><th>source</th><th>paper's bound</th><th>cgsat "
            "verified</th><th>cgsat certified</th><th>target</th></tr>"]
    for b in doc["beyond_paper"]:
        out.append(f"<tr><td><code>{esc(b['claim'])}</code></td><td>{esc(b['source'])}</td>"
                   f"<td>{b['paper_bound']}</td><td>{bound(b['verified'])}</td>"
                   f"<td>{bound(b['certified'])}</td><td>{b['target_bound']}"
                   f"{esc(target_hint(b)).replace('`', '')}</td></tr>")
    out.append("</table>")
    out.append(_img(bounds_png(doc["beyond_paper"]), "paper's bounds against cgsat's"))
    stored = [c for c in doc["claims"] if has_runs(c)]
    empty = [c for c in doc["claims"] if not has_runs(c)]
    out += ["<h2>Every claim</h2>", "<table><tr><th>claim</th><th>kind</th><th>statement</th>"
            "<th>quick / target</th><th>verified up to</th><th>certified up to</th>"
            "<th>ended by</th></tr>"]
    for c in stored:
        ver = "<br>".join(f"{esc(m)}: {bound(b)}" for m, b in c["verified"].items())
        cert = "<br>".join(f"{esc(m)}: {bound(c['certified'][m])}"
                           for m in solver_methods(c, lookup)) or "n/a"
        ended = "<br>".join(f"{esc(m)}: {esc(why)}" for m, why in c["ended_by"].items())
        flag = " <span class='refuted'>refuted</span>" if c["counterexamples"] else ""
        out.append(f"<tr><td><a href='#{esc(c['id'])}'><code>{esc(c['id'])}</code></a>{flag}"
                   f"</td><td>{esc(c['kind'])}</td><td>{esc(c['statement'])}</td>"
                   f"<td>{c['quick_bound']} / {c['target_bound']}"
                   f"{'<br>' + esc(c['target_reason']) if c.get('target_reason') else ''}"
                   f"</td><td>{ver}</td>"
                   f"<td>{cert}</td><td>{ended}</td></tr>")
    out.append("</table>")
    if empty:
        out.append("<p>Claims with nothing stored: " + ", ".join(
            f"<code>{esc(c['id'])}</code>" for c in empty) + ".</p>")
    waiting = earlier_rows(doc, True)
    if waiting:
        out.append("<h2>Awaiting rerun: bounds of earlier code</h2><p>These methods' code "
                   "has changed since they reached these bounds, which are therefore not "
                   "counted above; <code>bash docs/report/regenerate.sh</code> reruns them."
                   "</p>")
        out += _earlier_table(waiting)
    beyond = earlier_rows(doc, False)
    if beyond:
        out.append("<h2>Earlier code beyond the target (not counted)</h2><p>Code that has "
                   "changed since reached these bounds, beyond the claim's target (a target "
                   "lowered since, with its measured reason) or beyond the method's size "
                   "limit. The current code is at that reach, so no rerun is planned; the "
                   "rows stay in the store, and are not counted above.</p>")
        out += _earlier_table(beyond)
    out += probes_html(doc)
    for c in stored:
        out += _claim_section(c, lookup.get(c["id"]))
    out.append("</body></html>")
    return "\n".join(out)


def _earlier_table(rows: list[tuple[dict[str, Any], str, dict[str, Any]]]) -> list[str]:
    out = ["<table><tr><th>claim</th><th>method</th><th>earlier code verified</th>"
           "<th>certified</th><th>its commit</th><th>current code verified</th>"
           "<th>a rerun to the target reaches</th></tr>"]
    for c, m, e in rows:
        out.append(f"<tr><td><code>{esc(c['id'])}</code></td><td>{esc(m)}</td>"
                   f"<td>{bound(e['verified'])}</td><td>{bound(e['certified'])}</td>"
                   f"<td>{esc((e['commit'] or 'unrecorded')[:12])}</td>"
                   f"<td>{bound(c['verified'].get(m))}</td>"
                   f"<td>{bound(e.get('rerun_reaches'))}</td></tr>")
    out.append("</table>")
    return out


def _claim_section(c: dict[str, Any], claim: Claim | None) -> list[str]:
    out = [f"<div class='claim' id='{esc(c['id'])}'><h2><code>{esc(c['id'])}</code> — "
           f"{esc(c['source'])} <span class='small'>({esc(c['kind'])})</span></h2>",
           f"<p>{esc(c['statement'])}</p>"]
    if claim is not None:
        out.append(f"<p class='small'>Size: {esc(claim.parameter)}; base {claim.base}; "
                   f"quick bound {claim.quick_bound}; target bound {claim.target_bound}; "
                   f"paper's bound {bound(c['paper_bound'])}.</p>")
        if claim.notes:
            out.append(f"<p class='small'>Notes: {esc(claim.notes)}</p>")
    out.append("<table><tr><th>method</th><th>verified up to</th><th>certified up to</th>"
               "<th>ended by</th><th>controls</th><th>fingerprint</th>"
               "<th>scope of a verified n</th></tr>")
    for m, b in c["verified"].items():
        uses = claim is not None and claim.method(m).uses_solver
        cert = bound(c["certified"].get(m)) if uses else "n/a"
        fp = (c.get("fingerprints") or {}).get(m) or ""
        out.append(f"<tr><td>{esc(m)}</td><td>{bound(b)}</td><td>{cert}</td>"
                   f"<td>{esc(c['ended_by'][m])}</td>"
                   f"<td>{controls_text(c['controls'].get(m))}</td>"
                   f"<td><code>{esc(fp[:12])}</code></td><td>{esc(c['scope'][m])}</td></tr>")
    out.append("</table>")
    if c["counterexamples"]:
        out.append("<p class='refuted'>Counterexamples:</p><ul>")
        for x in c["counterexamples"]:
            why = f" — {esc(x['explanation'])}" if x.get("explanation") else ""
            out.append(f"<li>n = {x['n']}, {esc(x['method'])}: "
                       f"<code>{esc(x['position'])}</code>{why}</li>")
        out.append("</ul>")
    out.append(_img(counts_png(c), f"counts against n for {c['id']}"))
    mismatch = [(s["series"], s["method"], n, x, y) for s in counted(c)
                for n, x, y in s["points"] if x != y]
    if mismatch:
        out.append("<p class='refuted'>Counts that differ from the closed form: " + esc(
            "; ".join(f"{s} {m} n={n}: {x} (closed form {y})" for s, m, n, x, y in mismatch))
            + "</p>")
    out.append(_img(time_png(c), f"time against n for {c['id']}"))
    methods = sorted({r["method"] for r in c["runs"]})
    cell = {(r["method"], r["n"]): r for r in c["runs"]}
    out.append("<details><summary>runs</summary><table><tr><th>n</th>"
               + "".join(f"<th>{esc(m)}</th>" for m in methods) + "</tr>")
    for n in sorted({r["n"] for r in c["runs"]}):
        tds = []
        for m in methods:
            r = cell.get((m, n))
            tds.append("<td></td>" if r is None else
                       f"<td class='{r['status']}'>{esc(run_text(r))}</td>")
        out.append(f"<tr><td>{n}</td>{''.join(tds)}</tr>")
    out.append("</table></details></div>")
    return out
