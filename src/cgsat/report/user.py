"""The report's section of a user's own claims (``cgsat report --claims FILE``).

Loaded user claims get a section of their own, apart from the papers' findings and
bounds: each with its source, statement, methods (and "one method: not cross-checked"
when it has one), verified bounds and counterexamples. Stored rows of user claims that
were not loaded (``cgsat report`` without ``--claims``) are listed apart, as stored, and
never fail the report.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from cgsat.claims import Claim
from cgsat.engine.fingerprint import method_fingerprint
from cgsat.engine.store import Store
from cgsat.report.data import claim_summary, current_rows
from cgsat.report.markdown import _cell, _claim_section, bound

ONE_METHOD = "one method: not cross-checked"


def user_data(store: Store, own: Sequence[Claim]) -> dict[str, Any]:
    """``{"user_claims": [...], "unloaded_user_rows": [...]}`` for ``bounds.json``."""
    rows = current_rows(store, list(own))
    summaries = []
    for c in own:
        s = claim_summary(c, [r for r in rows if r.claim == c.id],
                          {m.name: method_fingerprint(c, m) for m in c.methods})
        s["methods_why"] = getattr(c, "why", "") or (
            ONE_METHOD if len(c.methods) == 1 else "")
        summaries.append(s)
    loaded = {c.id for c in own}
    unloaded = [{"claim": cur.row.claim, "n": cur.row.n, "method": cur.row.method,
                 "status": cur.row.status, "counterexample": cur.row.counterexample,
                 "fingerprint": cur.row.fingerprint}
                for cur in store.current_rows()
                if cur.row.claim.startswith("user.") and cur.row.claim not in loaded]
    unloaded.sort(key=lambda r: (r["claim"], r["method"], r["n"], r["fingerprint"]))
    return {"user_claims": summaries, "unloaded_user_rows": unloaded}


def user_markdown(doc: dict[str, Any], own: Sequence[Claim]) -> list[str]:
    """The Markdown section of the user's claims, and of stored rows not loaded."""
    lines: list[str] = []
    claims = doc.get("user_claims") or []
    if claims:
        lines += ["", "## Your own claims (--claims)", "",
                  "Claims from a file of your own, checked like the papers' (play, and SAT "
                  "where a cgsat find search can look for a counterexample).", "",
                  "| claim | source | statement | methods | verified (method: M) |",
                  "|---|---|---|---|---|"]
        for c in claims:
            ver = ", ".join(f"{m}: {bound(b)}" for m, b in c["verified"].items())
            flag = " **refuted**" if c["counterexamples"] else ""
            lines.append(f"| `{c['id']}`{flag} | {_cell(c['source'])} | "
                         f"{_cell(c['statement'])} | {_cell(c['methods_why'])} | {ver} |")
        lookup = {c.id: c for c in own}
        for c in claims:
            lines += _claim_section(c, lookup.get(c["id"]))
    rows = doc.get("unloaded_user_rows") or []
    if rows:
        lines += ["", "## Stored rows of user claims not loaded", "",
                  "The store holds runs of these user claims; give their file with "
                  "`--claims FILE` to see them as claims (bounds for the current code).", "",
                  "| claim | n | method | status | counterexample | fingerprint |",
                  "|---|---|---|---|---|---|"]
        for r in rows:
            lines.append(f"| `{r['claim']}` | {r['n']} | {r['method']} | {r['status']} | "
                         f"{r['counterexample'] or ''} | `{r['fingerprint'][:12]}` |")
    return lines


def user_html(doc: dict[str, Any]) -> str:
    """The HTML section of the user's claims, and of stored rows not loaded."""
    out: list[str] = []
    claims = doc.get("user_claims") or []
    if claims:
        out += ["<h2>Your own claims (--claims)</h2>",
                "<table><tr><th>claim</th><th>source</th><th>statement</th><th>methods</th>"
                "<th>verified up to</th><th>counterexamples</th></tr>"]
        for c in claims:
            ver = "<br>".join(f"{esc(m)}: {bound(b)}" for m, b in c["verified"].items())
            cex = "<br>".join(f"n = {x['n']}, {esc(x['method'])}: <code>"
                              f"{esc(x['position'])}</code>" for x in c["counterexamples"])
            out.append(f"<tr><td><code>{esc(c['id'])}</code></td><td>{esc(c['source'])}</td>"
                       f"<td>{esc(c['statement'])}</td><td>{esc(c['methods_why'])}</td>"
                       f"<td>{ver}</td><td>{cex}</td></tr>")
        out.append("</table>")
    rows = doc.get("unloaded_user_rows") or []
    if rows:
        out += ["<h2>Stored rows of user claims not loaded</h2>",
                "<p>Give their file with <code>--claims FILE</code> to see them as claims."
                "</p><table><tr><th>claim</th><th>n</th><th>method</th><th>status</th>"
                "<th>counterexample</th><th>fingerprint</th></tr>"]
        for r in rows:
            out.append(f"<tr><td><code>{esc(r['claim'])}</code></td><td>{r['n']}</td>"
                       f"<td>{esc(r['method'])}</td><td>{esc(r['status'])}</td>"
                       f"<td>{esc(r['counterexample'] or '')}</td>"
                       f"<td><code>{esc(r['fingerprint'][:12])}</code></td></tr>")
        out.append("</table>")
    return "\n".join(out)


def esc(text: object) -> str:
    """HTML-escaped text."""
    return html.escape(str(text))
