"""``bounds.html``: the report (:class:`~cgsat.report.model.Report`) as one self-contained
page, findings first (plots inline).

The same order as :mod:`cgsat.report.markdown`, with a plot of the paper's bounds
against cgsat's and, for claims with more than a handful of sizes, time against n.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

from cgsat.claims import Claim
from cgsat.report.counts import counted
from cgsat.report.model import ClaimSection, EarlierRow, Report, build_model, where
from cgsat.report.plots import bounds_png, counts_png, time_png
from cgsat.report.text import LEGEND, bound

__all__ = ["CSS", "inline", "render", "render_html"]

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


def render_html(doc: dict[str, Any], own: Sequence[Claim] = ()) -> str:
    """The HTML report of a ``bounds.json`` document (:func:`render` of its model)."""
    return render(build_model(doc, own))


def render(r: Report) -> str:
    """The HTML report: one page."""
    out = ["<!DOCTYPE html><html><head><meta charset='utf-8'><title>cgsat: verified bounds"
           f"</title><style>{CSS}</style></head><body>", "<h1>cgsat: verified bounds</h1>",
           f"<p class='small'>{esc(r.versions)} {esc(r.provenance)}</p>",
           f"<p>{esc(LEGEND)}</p>"]
    if r.summary:  # the opening line, as in bounds.md (its `ids` as <code>)
        text = esc(r.summary).replace("**Summary.**", "<b>Summary.</b>")
        out.append("<p>" + re.sub(r"`([^`]*)`", r"<code>\1</code>", text) + "</p>")
    if r.disagreements:
        out += ["<h2>Disagreements to investigate</h2>", "<p>A later run of the same code "
                "ended in error, or unknown for another reason than its budget, against a "
                "decided verdict. The verdict stands and its bound "
                "is kept; each line is a bug to look into.</p>", "<ul>"]
        out += [f"<li class='refuted'>{esc(d)}</li>" for d in r.disagreements]
        out.append("</ul>")
    out += _findings(r) + _proved(r) + _all_n(r) + _beyond(r) + _every_claim(r) + _earlier(r)
    out += _probes(r)
    for s in r.sections:
        out += _section(s)
    mine = _user(r)
    out.append(("\n".join(mine) if mine else "") + "</body></html>")
    return "\n".join(out)


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


def _findings(r: Report) -> list[str]:
    """The findings section: each refuted claim with its counterexample, explanations,
    variants (plain text, the id linked) and what it breaks; then the findings that are
    no refuted claim (:mod:`cgsat.report.findings`)."""
    out = ["<h2>Findings: claims refuted (each says what it breaks)</h2>"]
    if not r.findings:
        out.append("<p>None: no published statement was refuted by the stored runs.</p>")
    for f in r.findings:
        out.append(f"<div class='finding'><p><a href='#{esc(f.claim)}'><code>"
                   f"{esc(f.claim)}</code></a> — {esc(f.source)} ({esc(f.kind)})"
                   f"<br>{esc(f.statement)}</p><p class='refuted'>Counterexample at n = "
                   f"{f.n}: <code>{esc(f.position)}</code></p><ul>")
        out += [f"<li>{esc(method)}: {esc(why)}</li>" for method, why in f.explanations]
        for variant, text in f.variants:  # plain text, the claim id linked
            link = f"<a href='#{esc(variant)}'><code>{esc(variant)}</code></a>"
            out.append(f"<li>{esc(text).replace(esc(variant), link, 1)}</li>")
        if f.breaks is not None:
            out.append(f"<li>What it breaks: {inline(f.breaks)}</li>")
        out.append("</ul></div>")
    if r.other_findings:
        out.append("<p>Findings that are not a refuted claim here (a step of a proof, a "
                   "worked example, or a claim with no stored refutation):</p><ul>")
        out += [f"<li>{inline(text)}</li>" for text in r.other_findings]
        out.append("</ul>")
    return out


def _proved(r: Report) -> list[str]:
    """"Proved for every size" (any conflicts first)."""
    out = [f"<p class='refuted'>{esc(c)}</p>" for c in r.proved_conflicts]
    out.append("<h2>Proved for every size</h2>")
    if not r.proved:  # as in bounds.md: no empty table
        return out + ["<p>None stored.</p>"]
    out.append("<table><tr><th>claim</th><th>statement</th><th>automata</th>"
               "<th>deciders</th><th>counts by size</th></tr>")
    for row in r.proved:
        autos = ", ".join(f"{name} ({states})" for name, states in row.automata)
        out.append(f"<tr><td><code>{esc(row.claim)}</code></td>"
                   f"<td>{esc(row.statement)}</td><td>{esc(autos)}</td>"
                   f"<td>{esc(row.deciders)}</td><td>{esc(row.counts)}</td></tr>")
    out.append("</table>")
    return out


def _all_n(r: Report) -> list[str]:
    """"All-n status": every claim, proved for every size or why not (issue 37)."""
    if not r.all_n:
        return []
    out = ["<h2>All-n status</h2>", "<p>Each claim: proved for every size (by which "
           "deciders), or in one line why not (positions not words, values unbounded, a "
           "step only checked to a bound).</p>",
           "<table><tr><th>claim</th><th>all-n status</th></tr>"]
    out += [f"<tr><td><code>{esc(cid)}</code></td><td>{esc(status)}</td></tr>"
            for cid, status in r.all_n]
    out.append("</table>")
    return out


def _beyond(r: Report) -> list[str]:
    out = ["<h2>Beyond the paper</h2>", "<p>The bound each paper checked its statement to, "
           "against cgsat's (best over its methods).</p>",
           "<table><tr><th>claim</th><th>source</th><th>paper's bound</th><th>cgsat "
           "verified</th><th>cgsat certified</th><th>target</th></tr>"]
    out += [f"<tr><td><code>{esc(b.claim)}</code></td><td>{esc(b.source)}</td>"
            f"<td>{b.paper_bound}</td><td>{bound(b.verified)}</td>"
            f"<td>{bound(b.certified)}</td><td>{b.target_bound}"
            f"{esc(b.hint).replace('`', '')}</td></tr>" for b in r.beyond]
    out.append("</table>")
    out.append(_img(bounds_png(r.beyond), "paper's bounds against cgsat's"))
    return out


def _every_claim(r: Report) -> list[str]:
    out = ["<h2>Every claim</h2>", "<table><tr><th>claim</th><th>kind</th><th>statement</th>"
           "<th>quick / target</th><th>verified up to</th><th>certified up to</th>"
           "<th>ended by</th></tr>"]
    for c in r.every:
        ver = "<br>".join(f"{esc(m)}: {bound(b)}" for m, b in c.verified)
        cert = "<br>".join(f"{esc(m)}: {bound(b)}" for m, b in c.certified) or "n/a"
        ended = "<br>".join(f"{esc(m)}: {esc(why)}" for m, why in c.ended_by)
        flag = " <span class='refuted'>refuted</span>" if c.refuted else ""
        out.append(f"<tr><td><a href='#{esc(c.id)}'><code>{esc(c.id)}</code></a>{flag}"
                   f"</td><td>{esc(c.kind)}</td><td>{esc(c.statement)}</td>"
                   f"<td>{c.quick_bound} / {c.target_bound}"
                   f"{'<br>' + esc(c.target_reason) if c.target_reason else ''}"
                   f"</td><td>{ver}</td>"
                   f"<td>{cert}</td><td>{ended}</td></tr>")
    out.append("</table>")
    if r.nothing_stored:
        out.append("<p>Claims with nothing stored: " + ", ".join(
            f"<code>{esc(i)}</code>" for i in r.nothing_stored) + ".</p>")
    return out


def _earlier(r: Report) -> list[str]:
    out: list[str] = []
    if r.awaiting:
        out.append("<h2>Awaiting rerun: bounds of earlier code</h2><p>These methods' code "
                   "has changed since they reached these bounds, which are therefore not "
                   "counted above; <code>bash results/regenerate.sh</code> reruns them."
                   "</p>")
        out += _earlier_table(r.awaiting)
    if r.beyond_target:
        out.append("<h2>Earlier code beyond the target (not counted)</h2><p>Code that has "
                   "changed since reached these bounds, beyond the claim's target (a target "
                   "lowered since, with its measured reason) or beyond the method's size "
                   "limit. The current code is at that reach, so no rerun is planned; the "
                   "rows stay in the store, and are not counted above.</p>")
        out += _earlier_table(r.beyond_target)
    return out


def _earlier_table(rows: tuple[EarlierRow, ...]) -> list[str]:
    out = ["<table><tr><th>claim</th><th>method</th><th>earlier code verified</th>"
           "<th>certified</th><th>its commit</th><th>current code verified</th>"
           "<th>a rerun to the target reaches</th></tr>"]
    out += [f"<tr><td><code>{esc(e.claim)}</code></td><td>{esc(e.method)}</td>"
            f"<td>{bound(e.verified)}</td><td>{bound(e.certified)}</td>"
            f"<td>{esc(e.commit)}</td><td>{bound(e.current)}</td>"
            f"<td>{bound(e.rerun_reaches)}</td></tr>" for e in rows]
    out.append("</table>")
    return out


def _probes(r: Report) -> list[str]:
    """The "Probes" section: the summary lines, Markdown tables as tables."""
    out = ["<h2>Probes</h2>"]
    if not r.probes:
        return out + ["<p>No probe has been run (<code>cgsat probe --list</code>).</p>"]
    for p in r.probes:
        out.append(f"<h3>Probe <code>{esc(p.name)}</code></h3><p>{esc(p.source)}. "
                   f"Stored sizes: {', '.join(map(str, p.sizes))}; reached {p.reached}"
                   f" ({esc(p.up_to)}); {p.table_rows} table rows.</p>")
        table: list[str] = []
        for line in [*p.summary, ""]:
            if line.startswith("|"):
                cells = [c.strip() for c in line.strip("|").split("|")]
                if not set("".join(cells)) <= set("-"):
                    tag = "th" if not table else "td"
                    table.append("<tr>" + "".join(f"<{tag}>{esc(c)}</{tag}>" for c in cells)
                                 + "</tr>")
                continue
            if table:
                out.append("<table>" + "".join(table) + "</table>")
                table = []
            if line.strip():
                out.append(f"<p>{esc(line)}</p>")
        if p.png:
            out.append(f"<p><img alt='{esc(p.name)}' "
                       f"src='data:image/png;base64,{p.png}'></p>")
        if p.rules:
            out.append("<p>Candidate rules (claims, checked past the data by "
                       "<code>cgsat check</code>):</p><table><tr><th>claim</th><th>rule</th>"
                       "<th>verified</th><th>certified</th><th>counterexample</th></tr>")
            out += [f"<tr><td><code>{esc(x.id)}</code></td><td>{esc(x.statement)}</td>"
                    f"<td>{esc(x.verified)}</td><td>{esc(x.certified)}</td>"
                    f"<td>{esc(x.counterexample)}</td></tr>" for x in p.rules]
            out.append("</table>")
    return out


def _section(s: ClaimSection) -> list[str]:
    out = [f"<div class='claim' id='{esc(s.id)}'><h2><code>{esc(s.id)}</code> — "
           f"{esc(s.source)} <span class='small'>({esc(s.kind)})</span></h2>",
           f"<p>{esc(s.statement)}</p>"]
    if s.size is not None:
        parameter, base, quick, target, notes = s.size
        out.append(f"<p class='small'>Size: {esc(parameter)}; base {base}; "
                   f"quick bound {quick}; target bound {target}; "
                   f"paper's bound {bound(s.paper_bound)}.</p>")
        if notes:
            out.append(f"<p class='small'>Notes: {esc(notes)}</p>")
    out.append("<table><tr><th>method</th><th>verified up to</th><th>certified up to</th>"
               "<th>ended by</th><th>controls</th><th>fingerprint</th>"
               "<th>scope of a verified n</th></tr>")
    for m in s.methods:
        cert = bound(m.certified) if m.uses_solver else "n/a"
        out.append(f"<tr><td>{esc(m.name)}</td><td>{bound(m.verified)}</td><td>{cert}</td>"
                   f"<td>{esc(m.ended_by)}</td><td>{m.controls}</td>"
                   f"<td><code>{esc(m.fingerprint)}</code></td><td>{esc(m.scope)}</td></tr>")
    out.append("</table>")
    if s.counterexamples:
        out.append("<p class='refuted'>Counterexamples:</p><ul>")
        for x in s.counterexamples:
            why = f" — {esc(x.explanation)}" if x.explanation else ""
            out.append(f"<li>{where(x.n)}, {esc(x.method)}: "
                       f"<code>{esc(x.position)}</code>{why}</li>")
        out.append("</ul>")
    out.append(_img(counts_png(s.data), f"counts against n for {s.id}"))
    mismatch = [(c["series"], c["method"], n, x, y) for c in counted(s.data)
                for n, x, y in c["points"] if x != y]
    if mismatch:
        out.append("<p class='refuted'>Counts that differ from the closed form: " + esc(
            "; ".join(f"{a} {m} n={n}: {x} (closed form {y})" for a, m, n, x, y in mismatch))
            + "</p>")
    out.append(_img(time_png(s.data), f"time against n for {s.id}"))
    out.append("<details><summary>runs</summary><table><tr><th>n</th>"
               + "".join(f"<th>{esc(m)}</th>" for m in s.methods_run) + "</tr>")
    for n, cells in s.runs:
        tds = ["<td></td>" if c is None else f"<td class='{c.status}'>{esc(c.text)}</td>"
               for c in cells]
        out.append(f"<tr><td>{n}</td>{''.join(tds)}</tr>")
    out.append("</table></details></div>")
    return out


def _user(r: Report) -> list[str]:
    """The section of the user's claims, and of stored rows not loaded."""
    out: list[str] = []
    if r.user_claims:
        out += ["<h2>Your own claims (--claims)</h2>",
                "<table><tr><th>claim</th><th>source</th><th>statement</th><th>methods</th>"
                "<th>verified up to</th><th>counterexamples</th></tr>"]
        for c in r.user_claims:
            ver = "<br>".join(f"{esc(m)}: {bound(b)}" for m, b in c.verified)
            cex = "<br>".join(f"{where(x.n)}, {esc(x.method)}: <code>"
                              f"{esc(x.position)}</code>" for x in c.counterexamples)
            out.append(f"<tr><td><code>{esc(c.id)}</code></td><td>{esc(c.source)}</td>"
                       f"<td>{esc(c.statement)}</td><td>{esc(c.methods_why)}</td>"
                       f"<td>{ver}</td><td>{cex}</td></tr>")
        out.append("</table>")
        proofs = [c.proved for c in r.user_claims if c.proved]
        if proofs:
            out += ["<p>Proved for every size (a rule's <code>automata</code> method; "
                    "artifacts under <code>$CGSAT_PROOFS/&lt;claim&gt;/</code> when it is "
                    "set):</p>", "<table><tr><th>claim</th><th>automata</th><th>deciders"
                    "</th><th>artifacts</th></tr>"]
            for p in proofs:
                autos = ", ".join(f"{name} ({states})" for name, states in p.automata)
                out.append(f"<tr><td><code>{esc(p.claim)}</code></td><td>{esc(autos)}</td>"
                           f"<td>{esc(p.deciders)}</td><td>{esc(', '.join(p.artifacts))}"
                           "</td></tr>")
            out.append("</table>")
    if r.unloaded:
        out += ["<h2>Stored rows of user claims not loaded</h2>",
                "<p>Give their file with <code>--claims FILE</code> to see them as claims."
                "</p><table><tr><th>claim</th><th>n</th><th>method</th><th>status</th>"
                "<th>counterexample</th><th>fingerprint</th></tr>"]
        out += [f"<tr><td><code>{esc(u.claim)}</code></td><td>{u.n}</td>"
                f"<td>{esc(u.method)}</td><td>{esc(u.status)}</td>"
                f"<td>{esc(u.counterexample)}</td>"
                f"<td><code>{esc(u.fingerprint)}</code></td></tr>" for u in r.unloaded]
        out.append("</table>")
    return out
