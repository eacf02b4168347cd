"""Probe outputs: the files of ``cgsat probe`` and the probes' part of ``cgsat report``.

- :func:`write_probe`: ``<name>.csv`` and ``<name>.json`` (the table), ``<name>.png`` and
  ``<name>.svg`` (the plot), ``<name>.md`` (a short summary) in the output directory;
- :func:`probe_summaries`: the ``probes`` list of ``bounds.json``, one entry per probe with
  stored sizes under its current fingerprint (name, source, sizes reached, summary lines),
  which the renderers show (:class:`cgsat.report.model.ProbeSection`).
"""

from __future__ import annotations

import base64
import csv
import io
import json
import os
from typing import TYPE_CHECKING, Any

from cgsat.engine.probe import Probe, ProbeRun, Sizes, reached, stored_sizes
from cgsat.engine.store import Store
from cgsat.papers.registry import all_probes
from cgsat.report.folder import prepare_out

if TYPE_CHECKING:
    from types import ModuleType

    from matplotlib.figure import Figure

__all__ = ["PROBE_FILES", "markdown", "probe_png", "probe_summaries", "write_probe"]


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


PROBE_FILES = "a probe writes a directory of files"
"""What ``--out -`` of ``cgsat probe`` is told (:func:`cgsat.report.folder.prepare_out`)."""


def write_probe(run: ProbeRun, out_dir: str) -> list[str]:
    """Write the table (CSV, JSON), the plot (PNG, SVG) and the summary (Markdown)."""
    prepare_out(out_dir, PROBE_FILES)
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
