"""Probe outputs: the files of ``cgsat probe`` and the probes' part of ``cgsat report``.

- :func:`write_probe`: ``<name>.csv`` and ``<name>.json`` (the table), ``<name>.png`` and
  ``<name>.svg`` (the plot), ``<name>.md`` (a short summary) in the output directory;
- :func:`probe_summaries`: the ``probes`` list of ``bounds.json``, one entry per probe with
  stored sizes under its current fingerprint (name, source, sizes reached, summary lines).
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import os
from typing import TYPE_CHECKING, Any

from cgsat.engine.probe import Probe, ProbeRun, Sizes, reached, stored_sizes
from cgsat.engine.store import Store
from cgsat.errors import CgsatInputError
from cgsat.papers.registry import all_probes

if TYPE_CHECKING:
    from types import ModuleType

    from matplotlib.figure import Figure


def _figure(probe: Probe, sizes: Sizes, up_to: int) -> tuple[Figure, ModuleType] | None:
    """The probe's plot as a matplotlib figure and pyplot (None without a plot)."""
    if probe.plot is None:
        return None
    import matplotlib  # heavy (~200 ms), needed only for plots

    matplotlib.use("Agg")  # no display: must come before pyplot is imported
    import matplotlib.pyplot as plt  # heavy, and only after matplotlib.use("Agg")

    fig, ax = plt.subplots(figsize=(6.0, 3.4), dpi=100)
    probe.plot(ax, sizes, up_to)
    ax.set_title(f"{probe.name}, --up-to {up_to}", fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    return fig, plt


def probe_png(probe: Probe, sizes: Sizes, up_to: int) -> str | None:
    """The plot as base64 PNG (for the inline HTML report), or None."""
    figure = _figure(probe, sizes, up_to)
    if figure is None:
        return None
    fig, plt = figure
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode()


def markdown(run: ProbeRun) -> str:
    """The short Markdown summary of one probe run."""
    p = run.probe
    timing = ", ".join(f"{n}: {'—' if s is None else f'{s:.1f} s'}"
                       for n, s in run.seconds.items())
    lines = [f"# Probe {p.name}", "", f"Source: {p.source}.", "",
             f"--up-to {run.up_to} ({p.up_to}); seconds per size as computed: {timing}"
             + (f"; sizes reused from the store: {', '.join(map(str, run.reused))}"
                if run.reused else "") + ".", ""]
    lines += p.summary(run.sizes, run.up_to)
    if p.notes:
        lines += ["", p.notes]
    return "\n".join(lines) + "\n"


def prepare_out(out_dir: str) -> None:
    """Create ``out_dir``; a path that is empty, a file or not creatable is bad input."""
    if not out_dir.strip():
        raise CgsatInputError("--out: the path is empty")
    if out_dir == "-":
        raise CgsatInputError("--out -: a probe writes a directory of files, not standard "
                              "output; give a directory")
    if os.path.exists(out_dir) and not os.path.isdir(out_dir):
        raise CgsatInputError(f"--out: {out_dir!r} is a file, not a directory")
    try:
        os.makedirs(out_dir, exist_ok=True)
    except OSError as exc:
        raise CgsatInputError(f"--out: cannot create {out_dir!r} ({exc.strerror})") from None
    if not os.access(out_dir, os.W_OK):
        raise CgsatInputError(f"--out: {out_dir!r} is not writable")


def write_probe(run: ProbeRun, out_dir: str) -> list[str]:
    """Write the table (CSV, JSON), the plot (PNG, SVG) and the summary (Markdown)."""
    prepare_out(out_dir)
    p = run.probe
    rows = run.table()
    base = os.path.join(out_dir, p.name)
    paths = []
    with open(base + ".csv", "w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(p.columns), extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    paths.append(base + ".csv")
    with open(base + ".json", "w", encoding="utf-8") as fh:
        json.dump({"probe": p.name, "source": p.source, "up_to": run.up_to,
                   "columns": list(p.columns),
                   "extra": p.extra(run.sizes, run.up_to) if p.extra else {},
                   "rows": rows}, fh, indent=1)
    paths.append(base + ".json")
    figure = _figure(p, run.sizes, run.up_to)
    if figure is not None:
        fig, plt = figure
        for ext in ("png", "svg"):
            fig.savefig(f"{base}.{ext}", format=ext)
            paths.append(f"{base}.{ext}")
        plt.close(fig)
    with open(base + ".md", "w", encoding="utf-8") as fh:
        fh.write(markdown(run))
    paths.append(base + ".md")
    return paths


def probe_summaries(store: Store, plots: bool = False) -> list[dict[str, Any]]:
    """Every probe with stored sizes: name, source, what a size is, sizes stored, the
    largest N with every size up to it stored, and the summary lines at that N (with
    ``plots``, also the plot as base64 PNG)."""
    out = []
    for p in all_probes():
        sizes, seconds = stored_sizes(p, store)
        n = reached(p, sizes)
        if n is None:
            continue
        entry: dict[str, Any] = {
            "name": p.name, "source": p.source, "up_to": p.up_to, "reached": n,
            "sizes": sorted(sizes), "seconds": {str(k): v for k, v in sorted(seconds.items())},
            "table_rows": len(p.table(sizes, n)), "summary": p.summary(sizes, n),
            "rules": list(p.rules)}
        if plots:
            entry["png"] = probe_png(p, sizes, n)
        out.append(entry)
    return out


def _bound(c: dict[str, Any], key: str) -> str:
    """``method n, method n`` for the methods with a bound, else a dash."""
    parts = [f"{m} {n}" for m, n in c[key].items() if n is not None]
    return ", ".join(parts) or "–"


def rule_rows(doc: dict[str, Any], p: dict[str, Any]) -> list[dict[str, str]]:
    """The probe's candidate rules (claims) as rows: id, statement, verified and certified
    bounds per method, and the smallest counterexample (or "none")."""
    claims = {c["id"]: c for c in doc.get("claims", [])}
    rows = []
    for rid in p.get("rules", []):
        c = claims.get(rid)
        if c is None:
            continue
        cx = min(c["counterexamples"], key=lambda x: x["n"], default=None)
        rows.append({"id": rid, "statement": c["statement"],
                     "verified": _bound(c, "verified"), "certified": _bound(c, "certified"),
                     "counterexample": "none" if cx is None else
                     f"n={cx['n']}: {cx['position']} ({cx['method']})"})
    return rows


def probes_markdown(doc: dict[str, Any]) -> list[str]:
    """The report's "Probes" section (Markdown lines) from ``doc["probes"]``."""
    lines = ["", "## Probes", ""]
    if not doc.get("probes"):
        return lines + ["No probe has been run (`cgsat probe --list`)."]
    for p in doc["probes"]:
        lines += [f"### Probe `{p['name']}`", "", f"{p['source']}. Stored sizes: "
                  f"{', '.join(map(str, p['sizes']))}; reached {p['reached']} ({p['up_to']}); "
                  f"{p['table_rows']} table rows.", ""]
        lines += p["summary"] + [""]
        rules = rule_rows(doc, p)
        if rules:
            lines += ["Candidate rules (claims, checked past the data by `cgsat check`):", "",
                      "| claim | rule | verified | certified | counterexample |",
                      "|---|---|---|---|---|"]
            lines += [f"| `{r['id']}` | {r['statement']} | {r['verified']} | "
                      f"{r['certified']} | {r['counterexample']} |" for r in rules] + [""]
    return lines


def probes_html(doc: dict[str, Any]) -> list[str]:
    """The report's "Probes" section (HTML): the summary lines, Markdown tables as tables."""
    esc = html.escape
    out = ["<h2>Probes</h2>"]
    if not doc.get("probes"):
        return out + ["<p>No probe has been run (<code>cgsat probe --list</code>).</p>"]
    for p in doc["probes"]:
        out.append(f"<h3>Probe <code>{esc(p['name'])}</code></h3><p>{esc(p['source'])}. "
                   f"Stored sizes: {', '.join(map(str, p['sizes']))}; reached {p['reached']}"
                   f" ({esc(p['up_to'])}); {p['table_rows']} table rows.</p>")
        table: list[str] = []
        for line in p["summary"] + [""]:
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
        if p.get("png"):
            out.append(f"<p><img alt='{esc(p['name'])}' "
                       f"src='data:image/png;base64,{p['png']}'></p>")
        rules = rule_rows(doc, p)
        if rules:
            out.append("<p>Candidate rules (claims, checked past the data by "
                       "<code>cgsat check</code>):</p><table><tr><th>claim</th><th>rule</th>"
                       "<th>verified</th><th>certified</th><th>counterexample</th></tr>")
            out += [f"<tr><td><code>{esc(r['id'])}</code></td><td>{esc(r['statement'])}</td>"
                    f"<td>{esc(r['verified'])}</td><td>{esc(r['certified'])}</td>"
                    f"<td>{esc(r['counterexample'])}</td></tr>" for r in rules]
            out.append("</table>")
    return out
