"""The report's plots, as base64 PNG for inline HTML (matplotlib, imported on use).

- :func:`bounds_png`: for the claims whose paper states a bound, the paper's bound against
  cgsat's verified and certified bounds;
- :func:`time_png`: time against n, for a claim with more than a handful of sizes;
- :func:`counts_png`: for a counting claim, the counts found against n (log scale) with
  the closed form overlaid (:mod:`cgsat.report.counts`).
"""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cgsat.report.counts import counted

if TYPE_CHECKING:
    from types import ModuleType

    from matplotlib.figure import Figure

    from cgsat.report.model import BeyondRow

__all__ = ["MIN_SIZES_FOR_TIME_PLOT", "MARKERS", "bounds_png", "time_png", "counts_png"]

MIN_SIZES_FOR_TIME_PLOT = 8
MARKERS = {"holds": "o", "refuted": "x", "unknown": "s", "conflict": "D", "error": "D",
           "vacuous": "^"}


def _pyplot() -> ModuleType:
    import matplotlib  # heavy (~200 ms), needed only for plots

    matplotlib.use("Agg")  # no display: must come before pyplot is imported
    import matplotlib.pyplot as plt  # heavy, and only after matplotlib.use("Agg")

    return plt


def _png(fig: Figure, plt: ModuleType) -> str:
    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode()


def bounds_png(beyond: Sequence[BeyondRow]) -> str | None:
    """Grouped bars: paper's bound, cgsat verified, cgsat certified, per claim."""
    if not beyond:
        return None
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.5, 0.55 * len(beyond) + 1.2), dpi=100)
    ys = range(len(beyond))
    series = [("paper's bound", "paper_bound", "#999999"),
              ("cgsat verified", "verified", "#1a7f37"),
              ("cgsat certified", "certified", "#1f5fbf")]
    h = 0.26
    for k, (label, key, color) in enumerate(series):
        if not any(getattr(b, key) for b in beyond):  # the legend shows only the series drawn
            continue
        ax.barh([y + (1 - k) * h for y in ys], [getattr(b, key) or 0 for b in beyond], height=h,
                label=label, color=color)
    ax.set_yticks(list(ys), [b.claim for b in beyond], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("n (largest size, every smaller size included)")
    ax.legend(fontsize=8, loc="lower right")
    ax.grid(True, axis="x", alpha=0.3)
    return _png(fig, plt)


def time_png(c: dict[str, Any]) -> str | None:
    """Time against n for each method of a claim (None with too few sizes)."""
    runs = [r for r in c["runs"] if r["seconds"] is not None]
    if len({r["n"] for r in runs}) < MIN_SIZES_FOR_TIME_PLOT:
        return None
    plt = _pyplot()
    from matplotlib.ticker import MaxNLocator  # heavy (matplotlib), needed only for plots

    fig, ax = plt.subplots(figsize=(6.0, 3.0), dpi=100)
    for method in sorted({r["method"] for r in runs}):
        pts = sorted((r["n"], max(r["seconds"], 1e-4), r["status"]) for r in runs
                     if r["method"] == method)
        line, = ax.plot([p[0] for p in pts], [p[1] for p in pts], label=method, lw=1.2)
        for status, marker in MARKERS.items():
            sel = [p for p in pts if p[2] == status]
            if sel:
                ax.scatter([p[0] for p in sel], [p[1] for p in sel], marker=marker, s=18,
                           color=line.get_color())
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_yscale("log")
    ax.set_xlabel("n")
    ax.set_ylabel("seconds")
    ax.set_title(c["id"], fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    return _png(fig, plt)


def counts_png(c: dict[str, Any]) -> str | None:
    """Counts against n, each series and method as points, the closed form as a line."""
    series = counted(c)
    if not series:
        return None
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.0, 3.2), dpi=100)
    drawn = set()
    colour = {label: f"C{i}" for i, label in enumerate(dict.fromkeys(s["series"]
                                                                   for s in series))}
    for s in series:
        k = colour[s["series"]]
        pts = [(n, x, y) for n, x, y in s["points"] if x > 0]
        if s["series"] not in drawn:
            closed = [(n, y) for n, _, y in s["points"] if y > 0]
            ax.plot([p[0] for p in closed], [p[1] for p in closed], lw=1.0, color=k,
                    label=f"{s['series']}, closed form")
            drawn.add(s["series"])
        ax.scatter([p[0] for p in pts], [p[1] for p in pts], s=14, color=k,
                   marker="o" if s["method"] == "brute" else "x",
                   label=f"{s['series']} counted ({s['method']})")
    ax.set_yscale("log")
    ax.set_xlabel("n")
    ax.set_ylabel("count")
    ax.set_title(f"{c['id']}: counts (zeros not shown)", fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7)
    return _png(fig, plt)
