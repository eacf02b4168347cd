"""``bounds.md``: the report (:class:`~cgsat.report.model.Report`) as Markdown, findings
first.

Order: findings (published statements refuted), the paper's bounds against cgsat's, the
summary of every claim with stored runs (statement, kind, quick and target bounds,
verified and certified bounds, and what ended each method's chain), the claims with
nothing stored, then one section per claim (scope, controls, fingerprints,
counterexamples, runs), and the user's own claims.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

from cgsat.claims import Claim
from cgsat.report.model import ClaimSection, EarlierRow, Report, build_model, where
from cgsat.report.text import LEGEND, artifact_link, bound

__all__ = ["render", "render_markdown", "targets_lowered"]


def _text(text: object) -> str:
    """Text that may come from a user (a claims file's statement, source or notes, a
    stored reason or position) for Markdown: ``&``, ``<`` and ``>`` escaped as in HTML,
    so that no tag of it (``<script>``, ``<img onerror=...>``) reaches ``bounds.md``
    (issue 38). Markdown shows the escaped text as it was.

    Examples
    --------
    >>> _text("<img src=x onerror=alert(1)> & a<b")
    '&lt;img src=x onerror=alert(1)&gt; &amp; a&lt;b'
    """
    return html.escape(str(text), quote=False)


def _cell(text: str) -> str:
    """Text for a table cell: escaped (:func:`_text`), ``|`` escaped, on one line."""
    return _text(text).replace("|", "\\|").replace("\n", " ")


def _code(text: object) -> str:
    """A code span of ``text``: fenced by more backticks than any run inside it (so a
    backtick in it cannot end the span early), ``|`` escaped (tables), on one line.

    Examples
    --------
    >>> _code("LRL"), _code("a`b")
    ('`LRL`', '``a`b``')
    """
    body = str(text).replace("\n", " ").replace("|", "\\|")
    longest = max((len(m) for m in re.findall("`+", body)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if body.startswith("`") or body.endswith("`") else ""
    return f"{fence}{pad}{body}{pad}{fence}"


def render_markdown(doc: dict[str, Any], own: Sequence[Claim] = ()) -> str:
    """The Markdown report of a ``bounds.json`` document (:func:`render` of its model)."""
    return render(build_model(doc, own))


def render(r: Report) -> str:
    """The Markdown report."""
    lines = ["# cgsat: verified bounds", "", html.escape(r.versions), "", LEGEND, "",
             r.provenance, "", r.summary, ""]
    lines += _disagreements(r) + _findings(r) + [""] + _proved(r) + _all_n(r) + _beyond(r)
    lines += _every_claim(r) + _earlier(r) + _probes(r)
    for s in r.sections:
        lines += _section(s)
    text = "\n".join(lines) + "\n"
    mine = _user(r)
    return text + "\n".join(mine) + ("\n" if mine else "")


def _disagreements(r: Report) -> list[str]:
    """The section of disagreements, first in the report (none: no section)."""
    if not r.disagreements:
        return []
    lines = ["## Disagreements to investigate", "",
             "A later run of the same code ended in error, or unknown for another reason "
             "than its budget, against a decided verdict. The "
             "verdict stands and its bound is kept; each line is a bug to look into.", ""]
    lines += [f"- {_cell(d)}" for d in r.disagreements]
    return [*lines, ""]


def _findings(r: Report) -> list[str]:
    lines = ["## Findings: claims refuted (each says what it breaks)", ""]
    if not r.findings:
        lines.append("None: no published statement was refuted by the stored runs.")
    for f in r.findings:
        lines.append(f"- **{_code(f.claim)}** ({_text(f.source)}, {f.kind}): "
                     f"{_cell(f.statement)}")
        lines.append(f"  - counterexample at n = {f.n}: {_code(f.position)}")
        lines += [f"  - {method}: {_cell(why)}" for method, why in f.explanations]
        lines += [f"  - {_cell(text)}" for _, text in f.variants]
        if f.breaks is not None:
            lines.append(f"  - what it breaks: {_cell(f.breaks)}")
    if r.other_findings:
        lines += ["", "Findings that are not a refuted claim here (a step of a proof, a "
                  "worked example, or a claim with no stored refutation):", ""]
        lines += [f"- {_cell(text)}" for text in r.other_findings]
    return lines


def _proved(r: Report) -> list[str]:
    """"Proved for every size" (with any conflicts first)."""
    lines: list[str] = []
    if r.proved_conflicts:
        lines += ["## Disagreements: proved for every n, yet refuted", ""]
        lines += [f"- **{c}**" for c in r.proved_conflicts] + [""]
    lines += ["## Proved for every size", "",
              "Claims proved for every n at once (status `proved`): at least two of the "
              "three all-n deciders (set operations on automata, MONA where installed, "
              "cgsat's product search) proved the automata statement, and none refuted it "
              "(docs/reference.md, \"Proved for every size\"). States: set operations' "
              "largest automaton; MONA's largest automaton; the product's reachable "
              "states.", ""]
    if not r.proved:
        return lines + ["None stored.", ""]
    lines += ["Counts: the number of positions of each size 0, 1, 2, ... that the proved "
              "automaton accepts (transfer matrix, exact), with the shortest recurrence, "
              "proved against the matrix's characteristic polynomial.", "",
              "| claim | statement | automata (states) | deciders | counts by size | "
              "artifacts |", "|---|---|---|---|---|---|"]
    for row in r.proved:
        autos = ", ".join(f"{name} ({states})" for name, states in row.automata)
        autos = autos.replace("|", "\\|")  # class names are values: {1|0}
        arts = ", ".join(f"[{a}]({artifact_link(a)})" for a in row.artifacts)
        lines.append(f"| {_code(row.claim)} | {_cell(row.statement)} | {_cell(autos)} | "
                     f"{_cell(row.deciders)} | "
                     f"{row.counts or '—'} | {arts} |")
    return lines + [""]


def _beyond(r: Report) -> list[str]:
    lines = ["## Beyond the paper", "",
             "The bound each paper checked its statement to, against cgsat's (best over "
             "its methods).", "",
             "| claim | source | paper's bound | cgsat verified | cgsat certified | target |",
             "|---|---|---|---|---|---|"]
    lines += [f"| {_code(b.claim)} | {_cell(b.source)} | {b.paper_bound} | {bound(b.verified)} | "
              f"{bound(b.certified)} | {b.target_bound}{b.hint} |" for b in r.beyond]
    return lines


def _all_n(r: Report) -> list[str]:
    """"All-n status": every claim, proved for every size or why not (issue 37)."""
    if not r.all_n:
        return []
    lines = ["", "## All-n status", "",
             "Each claim: proved for every size (by which deciders), or in one line why "
             "not (positions not words, values unbounded, a step only checked to a bound).",
             "", "| claim | all-n status |", "|---|---|"]
    lines += [f"| `{cid}` | {_cell(status)} |" for cid, status in r.all_n]
    return lines


def _every_claim(r: Report) -> list[str]:
    lines = ["", "## Every claim", "",
             "| claim | kind | statement | quick / target | verified (method: M) | "
             "certified | ended by |", "|---|---|---|---|---|---|---|"]
    for c in r.every:
        ver = ", ".join(f"{m}: {bound(b)}" for m, b in c.verified)
        cert = ", ".join(f"{m}: {bound(b)}" for m, b in c.certified) or "n/a"
        ended = "<br>".join(f"{m}: {_cell(why)}" for m, why in c.ended_by)
        flag = " **refuted**" if c.refuted else ""
        mark = " †" if c.target_reason else ""
        lines.append(f"| {_code(c.id)}{flag} | {c.kind} | {_cell(c.statement)} | "
                     f"{c.quick_bound} / {c.target_bound}{mark} | {ver} | {cert} | "
                     f"{ended} |")
    lines += _lowered([(c.id, c.target_reason) for c in r.every if c.target_reason])
    if r.nothing_stored:
        lines += ["", "Claims with nothing stored: "
                  + ", ".join(_code(i) for i in r.nothing_stored) + "."]
    return lines


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
    return _lowered([(c["id"], c["target_reason"]) for c in claims if c.get("target_reason")])


def _lowered(rows: list[tuple[str, str]]) -> list[str]:
    if not rows:
        return []
    return ["", "Targets marked † are lowered, or a method stops at its size limit, for a "
            "measured reason:", ""] + [f"- {_code(i)}: {_cell(why)}" for i, why in rows]


def _earlier(r: Report) -> list[str]:
    """The sections listing bounds reached by code that has changed since (not counted
    above), so that a rerun in progress is visible and nothing reached before is hidden:
    those a rerun to the target would reach again, then those beyond it."""
    lines: list[str] = []
    header = ["| claim | method | earlier code verified | certified | its commit | "
              "current code verified | a rerun to the target reaches |",
              "|---|---|---|---|---|---|---|"]

    def table(rows: tuple[EarlierRow, ...]) -> list[str]:
        return header + [
            f"| {_code(e.claim)} | {e.method} | {bound(e.verified)} | {bound(e.certified)} | "
            f"{e.commit} | {bound(e.current)} | {bound(e.rerun_reaches)} |" for e in rows]

    sections = (
        (r.awaiting, "Awaiting rerun: bounds of earlier code",
         "These methods' code has changed since they reached the bounds below, so those "
         "results are not counted above (a stored verdict counts only for the code that "
         "computed it). They stay in the store; `bash results/regenerate.sh` reruns "
         "them with the current code."),
        (r.beyond_target, "Earlier code beyond the target (not counted)",
         "Code that has changed since reached these bounds, beyond the claim's target (a "
         "target lowered since, with its measured reason above) or beyond the method's "
         "size limit. The current code is at that reach, so no rerun is planned; the rows "
         "stay in the store, and are not counted above."))
    for rows, title, text in sections:
        if rows:
            lines += ["", f"## {title}", "", text, ""] + table(rows)
    return lines


def _probes(r: Report) -> list[str]:
    """The "Probes" section."""
    lines = ["", "## Probes", ""]
    if not r.probes:
        return lines + ["No probe has been run (`cgsat probe --list`)."]
    for p in r.probes:
        lines += [f"### Probe {_code(p.name)}", "", f"{_text(p.source)}. Stored sizes: "
                  f"{', '.join(map(str, p.sizes))}; reached {p.reached} ({p.up_to}); "
                  f"{p.table_rows} table rows.", ""]
        lines += [*(_text(line) for line in p.summary), ""]
        if p.rules:
            lines += ["Candidate rules (claims, checked past the data by `cgsat check`):", "",
                      "| claim | rule | verified | certified | counterexample |",
                      "|---|---|---|---|---|"]
            lines += [f"| {_code(x.id)} | {_cell(x.statement)} | {_cell(x.verified)} | "
                      f"{_cell(x.certified)} | {_cell(x.counterexample)} |"
                      for x in p.rules] + [""]
    return lines


def _section(s: ClaimSection) -> list[str]:
    lines = ["", f"## {_code(s.id)} — {_text(s.source)} ({s.kind})", "", _text(s.statement),
             ""]
    if s.size is not None:
        parameter, base, quick, target, notes = s.size
        lines.append(f"Size: {_text(parameter)}; base {base}; quick bound {quick}; target "
                     f"bound {target}; paper's bound {bound(s.paper_bound)}.")
        if notes:
            lines += ["", f"Notes: {_text(notes)}"]
        if s.target_reason:
            lines += ["", f"Target: {_text(s.target_reason)}"]
    lines += ["", "| method | verified up to | certified up to | ended by | controls | "
              "fingerprint | scope |", "|---|---|---|---|---|---|---|"]
    for m in s.methods:
        cert = bound(m.certified) if m.uses_solver else "n/a"
        lines.append(f"| {_cell(m.name)} | {bound(m.verified)} | {cert} | "
                     f"{_cell(m.ended_by)} | {_cell(m.controls)} | {_code(m.fingerprint)} | "
                     f"{_cell(m.scope)} |")
    if s.counterexamples:
        lines += ["", "Counterexamples:", ""]
        for x in s.counterexamples:
            why = f" — {_text(x.explanation)}" if x.explanation else ""
            lines.append(f"- {where(x.n)}, {_text(x.method)}: {_code(x.position)}{why}")
    lines += ["", "Runs (status, seconds, peak memory; for SAT methods the controls "
              "passed/run and the certificate; the reason of an unknown):", ""]
    lines.append("| n | " + " | ".join(_cell(m) for m in s.methods_run) + " |")
    lines.append("|---" * (len(s.methods_run) + 1) + "|")
    for n, cells in s.runs:
        row = ["" if c is None else _cell(c.text) for c in cells]
        lines.append(f"| {n} | " + " | ".join(row) + " |")
    return lines


def _user(r: Report) -> list[str]:
    """The section of the user's claims, and of stored rows not loaded."""
    lines: list[str] = []
    if r.user_claims:
        lines += ["", "## Your own claims (--claims)", "",
                  "Claims from a file of your own, checked like the papers' (play, and SAT "
                  "where a cgsat find search can look for a counterexample; a rule over a "
                  "word family also by the all-n method `automata`).", "",
                  "| claim | source | statement | methods | verified (method: M) |",
                  "|---|---|---|---|---|"]
        for c in r.user_claims:
            ver = ", ".join(f"{m}: {bound(b)}" for m, b in c.verified)
            flag = " **refuted**" if c.counterexamples else (
                " **proved for every n**" if c.proved else "")
            lines.append(f"| {_code(c.id)}{flag} | {_cell(c.source)} | {_cell(c.statement)} | "
                         f"{_cell(c.methods_why)} | {ver} |")
        proofs = [c.proved for c in r.user_claims if c.proved]
        if proofs:
            lines += ["", "Proved for every size (a rule's `automata` method: two deciders "
                      "of four decided R_0 .. R_k on a domain closed under options; the "
                      "artifacts are written under `$CGSAT_PROOFS/<claim>/` when it is set):",
                      "", "| claim | automata (states) | deciders | artifacts |",
                      "|---|---|---|---|"]
            for p in proofs:
                autos = ", ".join(f"{name} ({states})" for name, states in p.automata)
                lines.append(f"| {_code(p.claim)} | {_cell(autos)} | {_cell(p.deciders)} | "
                             f"{', '.join(_code(a) for a in p.artifacts)} |")
        for s in r.user_sections:
            lines += _section(s)
    if r.unloaded:
        lines += ["", "## Stored rows of user claims not loaded", "",
                  "The store holds runs of these user claims; give their file with "
                  "`--claims FILE` to see them as claims (bounds for the current code).", "",
                  "| claim | n | method | status | counterexample | fingerprint |",
                  "|---|---|---|---|---|---|"]
        lines += [f"| {_code(u.claim)} | {u.n} | {_cell(u.method)} | {_cell(u.status)} | "
                  f"{_cell(u.counterexample or '')} | {_code(u.fingerprint)} |"
                  for u in r.unloaded]
    return lines
