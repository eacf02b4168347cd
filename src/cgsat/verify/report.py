"""The verified-bounds report: ``bounds.md``, ``bounds.html`` and ``bounds.json``.

For each claim: its source and statement, the paper's bound against the largest n
verified by each method (every size from the claim's base up to it holds for that
method), the largest n *certified* (every UNSAT answer backed by a checked DRAT proof or a
second solver), what a verified size covers (the method's scope), counterexamples as
positions, every run, and time against n (a matplotlib plot, inline PNG in the HTML).

Only the current verdicts (:func:`cgsat.verify.store.derive`) of each method's current
fingerprint are used, as for reuse in ``cgsat check``: a result of code that has changed
since is not shown. Results of one method at one n from different solvers are merged: a
size holds when some solver says holds and none refutes it; a conflict (between solvers,
or a holds and a refuted of one solver and the same code) is shown as such. ``error`` and
``vacuous`` sizes are shown and never count as verified.

A ``vacuous`` size has nothing to check (no position, shape or SAT instance exists there,
e.g. Theorem 3.2 of the caterpillars paper at even n): it neither counts as verified nor
breaks the chain. "Verified to M" is the largest M such that every size from the claim's
base to M holds or is vacuous and M itself holds (certified likewise, with every holds
certified); a chain that ends in vacuous sizes reports its last holds.
"""

from __future__ import annotations

import base64
import html
import io
import json
import os
import platform
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from cgsat import __version__
from cgsat.errors import CgsatInputError
from cgsat.verify.certificates import is_certified
from cgsat.verify.claims import Claim
from cgsat.verify.fingerprint import method_fingerprint
from cgsat.verify.provenance import source_commit
from cgsat.verify.registry import all_claims
from cgsat.verify.solvers import pysat_version, solver_title
from cgsat.verify.store import Row, Store, now_utc


def _merge(rows: Sequence[Row]) -> dict[str, Any]:
    """One (claim, method, n) from its rows (several solvers, retries)."""
    statuses = {r.status for r in rows}
    if "holds" in statuses and "refuted" in statuses:
        status = "conflict"
    elif "error" in statuses:
        status = "error"
    elif "refuted" in statuses:
        status = "refuted"
    elif "holds" in statuses:
        status = "holds"
    elif "vacuous" in statuses:
        status = "vacuous"
    else:
        status = "unknown"
    decisive = [r for r in rows if r.status == status] or list(rows)
    latest = max(decisive, key=lambda r: r.time)
    certificates = [r.certificate_dict for r in rows
                    if r.status == "holds" and is_certified(r.certificate_dict)]
    return {
        "status": status,
        "seconds": latest.seconds,
        "certified": bool(certificates),
        "certificate": "+".join(sorted({c["kind"] for c in certificates})) or None,
        "controls": latest.controls_dict,
        "counterexamples": [r.counterexample for r in rows if r.status == "refuted"],
        "solvers": sorted({r.solver for r in rows if r.solver}),
        "commit": latest.git_commit,
        "reason": latest.reason,
    }


def _largest_from_base(base: int, ok: dict[int, bool],
                       vacuous: frozenset[int] | set[int] = frozenset()) -> int | None:
    """The largest M with ok[n] for every n in base..M, or None; a size in ``vacuous``
    (nothing to check there) neither breaks the chain nor ends it: M itself is ok.

    Examples
    --------
    >>> _largest_from_base(0, {0: True, 2: True, 3: True}, {1})
    3
    >>> _largest_from_base(0, {0: True, 1: True}, {2, 3})
    1
    >>> _largest_from_base(0, {}, {0}) is None
    True
    """
    m = None
    n = base
    while ok.get(n) or n in vacuous:
        if ok.get(n):
            m = n
        n += 1
    return m


def claim_summary(claim: Claim, rows: Sequence[Row],
                  fingerprints: dict[str, str] | None = None) -> dict[str, Any]:
    """The ``bounds.json`` object of one claim (``fingerprints``: method -> the method
    fingerprint its rows were selected by)."""
    grouped: dict[tuple[str, int], list[Row]] = defaultdict(list)
    for r in rows:
        grouped[(r.method, r.n)].append(r)
    merged = {k: _merge(v) for k, v in grouped.items()}
    verified: dict[str, int | None] = {}
    certified: dict[str, int | None] = {}
    for m in claim.methods:
        holds = {n: v["status"] == "holds" for (name, n), v in merged.items() if name == m.name}
        vacuous = {n for (name, n), v in merged.items()
                   if name == m.name and v["status"] == "vacuous"}
        verified[m.name] = _largest_from_base(claim.base, holds, vacuous)
        if m.uses_solver:
            cert = {n: v["status"] == "holds" and v["certified"]
                    for (name, n), v in merged.items() if name == m.name}
            certified[m.name] = _largest_from_base(claim.base, cert, vacuous)
        else:
            certified[m.name] = None
    counterexamples = []
    runs = []
    for (name, n), v in sorted(merged.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        runs.append({"n": n, "method": name, "status": v["status"], "seconds": v["seconds"],
                     "controls": v["controls"], "certificate": v["certificate"],
                     "solvers": v["solvers"], "commit": v["commit"]})
        for cex in dict.fromkeys(v["counterexamples"]):
            counterexamples.append({"n": n, "method": name, "position": cex})
    return {
        "id": claim.id,
        "source": claim.source,
        "statement": claim.statement,
        "kind": claim.kind,
        "paper_bound": claim.paper_bound,
        "verified": verified,
        "certified": certified,
        "scope": {m.name: m.scope for m in claim.methods},
        "controls": _controls_total(claim, merged),
        "fingerprints": fingerprints,
        "counterexamples": counterexamples,
        "runs": runs,
    }


def _controls_total(claim: Claim, merged: dict[tuple[str, int], dict[str, Any]]
                    ) -> dict[str, dict[str, int] | None]:
    """Per SAT method, the controls passed and run over its stored sizes (None when the
    method uses no solver)."""
    out: dict[str, dict[str, int] | None] = {}
    for m in claim.methods:
        if not m.uses_solver:
            out[m.name] = None
            continue
        total = {"passed": 0, "total": 0}
        for (name, _n), v in merged.items():
            if name == m.name and v["controls"]:
                total["passed"] += v["controls"]["passed"]
                total["total"] += v["controls"]["total"]
        out[m.name] = total
    return out


def versions(rows: Sequence[Row]) -> dict[str, Any]:
    """cgsat, Python, PySAT and solver versions behind the report."""
    solvers = sorted({r.solver for r in rows if r.solver})
    return {
        "cgsat": __version__,
        "python": platform.python_version(),
        "pysat": pysat_version(),
        "solvers": {s: solver_title(s) for s in solvers},
        "python_in_runs": sorted({r.python for r in rows if r.python}),
        "pysat_in_runs": sorted({r.pysat for r in rows if r.pysat}),
    }


def current_rows(store: Store, claims: Sequence[Claim]) -> list[Row]:
    """The current verdict of every key whose fingerprint is its method's current one
    (a key whose history holds both holds and refuted gives both, shown as a conflict)."""
    fingerprints = {(c.id, m.name): method_fingerprint(c, m) for c in claims
                    for m in c.methods}
    out = []
    for current in store.current_rows():
        row = current.row
        if fingerprints.get((row.claim, row.method)) != row.fingerprint:
            continue
        if current.conflict:
            out += [next(r for r in reversed(current.history) if r.status == s)
                    for s in ("holds", "refuted")]
        else:
            out.append(row)
    return out


def build_report(store: Store) -> dict[str, Any]:
    """The ``bounds.json`` document from the store (current code only)."""
    all_rows = current_rows(store, all_claims())
    by_claim: dict[str, list[Row]] = defaultdict(list)
    for r in all_rows:
        by_claim[r.claim].append(r)
    claims = [claim_summary(c, by_claim.get(c.id, []),
                            {m.name: method_fingerprint(c, m) for m in c.methods})
              for c in all_claims()]
    return {"generated": now_utc(), "versions": versions(all_rows),
            "provenance": provenance(all_rows, store.path), "claims": claims}


def provenance(rows: Sequence[Row], store_path: str) -> dict[str, Any]:
    """What the report was built from: the store, and the commits of the cgsat source
    that computed its rows, with how many rows each (None: not run from a git checkout,
    or stored before commits were recorded)."""
    commits: dict[str, int] = defaultdict(int)
    for r in rows:
        commits[r.git_commit or "unrecorded"] += 1
    return {"store": os.path.basename(store_path), "report_commit": source_commit(),
            "commits": dict(sorted(commits.items()))}


# -- rendering ------------------------------------------------------------------------


def _bound(v: int | None) -> str:
    return "—" if v is None else str(v)


def _claim_lookup() -> dict[str, Claim]:
    return {c.id: c for c in all_claims()}


def render_markdown(doc: dict[str, Any]) -> str:
    lookup = _claim_lookup()
    v = doc["versions"]
    solvers = ", ".join(f"{k} ({t})" for k, t in v["solvers"].items()) or "none"
    lines = [
        "# cgsat: verified bounds", "",
        f"Generated {doc['generated']} by cgsat {v['cgsat']} (Python {v['python']}, "
        f"PySAT {v['pysat']}; solvers used: {solvers}).", "",
        "\"Verified up to M\": every size from the claim's base to M holds for that method. "
        "\"Certified\": every one of those UNSAT answers was backed by a checked DRAT proof "
        "or a second solver. \"Controls\": for a SAT method, the controls its instances "
        "passed (samples agreeing with the direct solver, a toggled or witness position "
        "found), out of those run.", "",
        _provenance_line(doc), "",
        "| claim | source | paper bound | " + "verified (method: M) | certified |",
        "|---|---|---|---|---|",
    ]
    for c in doc["claims"]:
        ver = ", ".join(f"{m}: {_bound(b)}" for m, b in c["verified"].items())
        cert = ", ".join(f"{m}: {_bound(b)}" for m, b in c["certified"].items()
                         if lookup.get(c["id"]) and lookup[c["id"]].method(m).uses_solver)
        flag = " **refuted**" if c["counterexamples"] else ""
        lines.append(f"| `{c['id']}`{flag} | {c['source']} | {_bound(c['paper_bound'])} | "
                     f"{ver} | {cert or '—'} |")
    for c in doc["claims"]:
        claim = lookup.get(c["id"])
        lines += ["", f"## `{c['id']}` — {c['source']} ({c['kind']})", "", c["statement"], ""]
        if claim is not None:
            lines.append(f"Size: {claim.parameter}; base {claim.base}; quick bound "
                         f"{claim.quick_bound}; target bound {claim.target_bound}.")
            if claim.notes:
                lines += ["", f"Notes: {claim.notes}"]
        lines += ["", f"Paper's bound: {_bound(c['paper_bound'])}.", "",
                  "| method | verified up to | certified up to | controls | fingerprint | "
                  "scope |", "|---|---|---|---|---|---|"]
        for m, b in c["verified"].items():
            cert = c["certified"].get(m)
            uses = claim is not None and claim.method(m).uses_solver
            fp = (c.get("fingerprints") or {}).get(m) or ""
            lines.append(f"| {m} | {_bound(b)} | {_bound(cert) if uses else 'n/a'} | "
                         f"{_controls_text(c.get('controls', {}).get(m))} | `{fp[:12]}` | "
                         f"{c['scope'][m]} |")
        if c["counterexamples"]:
            lines += ["", "Counterexamples:", ""]
            for x in c["counterexamples"]:
                lines.append(f"- n = {x['n']}, {x['method']}: `{x['position']}`")
        if c["runs"]:
            lines += ["", "Runs (status, seconds; for SAT methods the controls passed/run "
                      "and the certificate):", ""]
            methods = sorted({r["method"] for r in c["runs"]})
            ns = sorted({r["n"] for r in c["runs"]})
            cell = {(r["method"], r["n"]): r for r in c["runs"]}
            lines.append("| n | " + " | ".join(methods) + " |")
            lines.append("|---" * (len(methods) + 1) + "|")
            for n in ns:
                row = []
                for m in methods:
                    r = cell.get((m, n))
                    if r is None:
                        row.append("")
                    else:
                        secs = "" if r["seconds"] is None else f" {r['seconds']:.2f}s"
                        ctl = r.get("controls")
                        ctl = f" {ctl['passed']}/{ctl['total']}" if ctl else ""
                        cert = f" {r['certificate']}" if r.get("certificate") else ""
                        row.append(f"{r['status']}{secs}{ctl}{cert}")
                lines.append(f"| {n} | " + " | ".join(row) + " |")
        else:
            lines += ["", "No runs stored."]
    return "\n".join(lines) + "\n"


def _controls_text(total: dict[str, int] | None) -> str:
    return "n/a" if total is None else f"{total['passed']}/{total['total']}"


def _provenance_line(doc: dict[str, Any]) -> str:
    p = doc.get("provenance")
    if not p:
        return ""
    commits = ", ".join(f"`{k[:12]}{'+dirty' if k.endswith('+dirty') else ''}` ({v} rows)"
                        for k, v in p["commits"].items()) or "none"
    return (f"Built from the store `{p['store']}`; rows computed at commits {commits}. Only "
            "rows whose method fingerprint equals the current code's are used.")


def plot_png(c: dict[str, Any]) -> str | None:
    """Time against n for each method of a claim, as a base64 PNG (None without runs)."""
    runs = [r for r in c["runs"] if r["seconds"] is not None]
    if not runs:
        return None
    import matplotlib  # heavy (~200 ms), needed only for plots

    matplotlib.use("Agg")  # no display: must come before pyplot is imported
    import matplotlib.pyplot as plt  # heavy, and only after matplotlib.use("Agg")

    fig, ax = plt.subplots(figsize=(6.0, 3.0), dpi=100)
    markers = {"holds": "o", "refuted": "x", "unknown": "s", "conflict": "D", "error": "D",
               "vacuous": "^"}
    for method in sorted({r["method"] for r in runs}):
        pts = sorted((r["n"], max(r["seconds"], 1e-4), r["status"]) for r in runs
                     if r["method"] == method)
        line, = ax.plot([p[0] for p in pts], [p[1] for p in pts], label=method, lw=1.2)
        for status, marker in markers.items():
            sel = [p for p in pts if p[2] == status]
            if sel:
                ax.scatter([p[0] for p in sel], [p[1] for p in sel], marker=marker, s=18,
                           color=line.get_color())
    from matplotlib.ticker import MaxNLocator  # heavy (matplotlib), needed only for plots

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_yscale("log")
    ax.set_xlabel("n")
    ax.set_ylabel("seconds")
    ax.set_title(c["id"], fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode()


_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
code { background: #f6f6f6; padding: 0 0.2em; }
.holds { color: #1a7f37; } .refuted { color: #c62828; font-weight: bold; }
.unknown { color: #8a6d00; } .conflict { color: #c62828; font-weight: bold; }
.error { color: #c62828; font-weight: bold; } .vacuous { color: #8a6d00; }
.claim { border-top: 2px solid #ddd; margin-top: 2em; }
.small { font-size: 0.85em; color: #555; }
"""


def render_html(doc: dict[str, Any]) -> str:
    lookup = _claim_lookup()
    esc = html.escape
    v = doc["versions"]
    solvers = ", ".join(f"{k} ({t})" for k, t in v["solvers"].items()) or "none"
    out = [
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>cgsat: verified bounds"
        f"</title><style>{_CSS}</style></head><body>",
        "<h1>cgsat: verified bounds</h1>",
        f"<p class='small'>Generated {esc(doc['generated'])} by cgsat {esc(v['cgsat'])} "
        f"(Python {esc(v['python'])}, PySAT {esc(v['pysat'])}; solvers used: "
        f"{esc(solvers)}).</p>",
        "<p>“Verified up to M”: every size from the claim's base to M holds for that method. "
        "“Certified”: every one of those UNSAT answers was backed by a checked DRAT proof or "
        "a second solver.</p>",
        "<table><tr><th>claim</th><th>source</th><th>paper bound</th><th>verified up to"
        "</th><th>certified up to</th></tr>",
    ]
    for c in doc["claims"]:
        ver = "<br>".join(f"{esc(m)}: {_bound(b)}" for m, b in c["verified"].items())
        cert = "<br>".join(f"{esc(m)}: {_bound(b)}" for m, b in c["certified"].items()
                           if lookup.get(c["id"]) and lookup[c["id"]].method(m).uses_solver)
        flag = " <span class='refuted'>refuted</span>" if c["counterexamples"] else ""
        out.append(f"<tr><td><a href='#{esc(c['id'])}'><code>{esc(c['id'])}</code></a>{flag}"
                   f"</td><td>{esc(c['source'])}</td><td>{_bound(c['paper_bound'])}</td>"
                   f"<td>{ver}</td><td>{cert or '—'}</td></tr>")
    out.append("</table>")
    for c in doc["claims"]:
        claim = lookup.get(c["id"])
        out.append(f"<div class='claim' id='{esc(c['id'])}'><h2><code>{esc(c['id'])}</code> — "
                   f"{esc(c['source'])} <span class='small'>({esc(c['kind'])})</span></h2>")
        out.append(f"<p>{esc(c['statement'])}</p>")
        if claim is not None:
            out.append(f"<p class='small'>Size: {esc(claim.parameter)}; base {claim.base}; "
                       f"quick bound {claim.quick_bound}; target bound {claim.target_bound}; "
                       f"paper's bound {_bound(c['paper_bound'])}.</p>")
            if claim.notes:
                out.append(f"<p class='small'>Notes: {esc(claim.notes)}</p>")
        out.append("<table><tr><th>method</th><th>verified up to</th><th>certified up to</th>"
                   "<th>scope of a verified n</th></tr>")
        for m, b in c["verified"].items():
            uses = claim is not None and claim.method(m).uses_solver
            cert = _bound(c["certified"].get(m)) if uses else "n/a"
            out.append(f"<tr><td>{esc(m)}</td><td>{_bound(b)}</td><td>{cert}</td>"
                       f"<td>{esc(c['scope'][m])}</td></tr>")
        out.append("</table>")
        if c["counterexamples"]:
            out.append("<p class='refuted'>Counterexamples:</p><ul>")
            for x in c["counterexamples"]:
                out.append(f"<li>n = {x['n']}, {esc(x['method'])}: "
                           f"<code>{esc(x['position'])}</code></li>")
            out.append("</ul>")
        png = plot_png(c)
        if png:
            out.append(f"<p><img alt='time against n for {esc(c['id'])}' "
                       f"src='data:image/png;base64,{png}'></p>")
        if c["runs"]:
            methods = sorted({r["method"] for r in c["runs"]})
            cell = {(r["method"], r["n"]): r for r in c["runs"]}
            out.append("<details><summary>runs</summary><table><tr><th>n</th>"
                       + "".join(f"<th>{esc(m)}</th>" for m in methods) + "</tr>")
            for n in sorted({r["n"] for r in c["runs"]}):
                tds = []
                for m in methods:
                    r = cell.get((m, n))
                    if r is None:
                        tds.append("<td></td>")
                        continue
                    secs = "" if r["seconds"] is None else f" {r['seconds']:.2f} s"
                    tds.append(f"<td class='{r['status']}'>{r['status']}{secs}</td>")
                out.append(f"<tr><td>{n}</td>{''.join(tds)}</tr>")
            out.append("</table></details>")
        else:
            out.append("<p class='small'>No runs stored.</p>")
        out.append("</div>")
    out.append("</body></html>")
    return "\n".join(out)


def write_report(store: Store, out_dir: str) -> list[str]:
    """Write ``bounds.json``, ``bounds.md`` and ``bounds.html`` into ``out_dir``.

    A path that is empty, names a file, or cannot be created or written is bad input
    (:class:`~cgsat.errors.CgsatInputError`, exit code 2), checked before the report is
    built.
    """
    if not out_dir.strip():
        raise CgsatInputError("--out: the path is empty")
    if os.path.exists(out_dir) and not os.path.isdir(out_dir):
        raise CgsatInputError(f"--out: {out_dir!r} is a file, not a directory")
    try:
        os.makedirs(out_dir, exist_ok=True)
    except OSError as exc:
        raise CgsatInputError(f"--out: cannot create {out_dir!r} ({exc.strerror})") from None
    if not os.access(out_dir, os.W_OK):
        raise CgsatInputError(f"--out: {out_dir!r} is not writable")
    doc = build_report(store)
    paths = []
    for name, text in (
        ("bounds.json", json.dumps(doc, indent=2)),
        ("bounds.md", render_markdown(doc)),
        ("bounds.html", render_html(doc)),
    ):
        path = os.path.join(out_dir, name)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
        paths.append(path)
    return paths
