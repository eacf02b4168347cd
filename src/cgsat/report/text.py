"""Plain text shared by every rendering of the report (Markdown, HTML, LaTeX): bounds,
runs, versions, hints. No markup: each renderer escapes and marks it up its own way."""

from __future__ import annotations

from typing import Any

__all__ = ["LEGEND", "artifact_link", "bound", "controls_text", "counts_text",
           "deciders_text", "disagreement_text", "provenance_text", "run_text",
           "summary_text", "target_hint", "variant_text", "versions_text"]

LEGEND = (
    "\"Verified up to M\": every size from the claim's base to M holds for that method "
    "(sizes with nothing to check, \"vacuous\", are skipped). \"Certified\": every one of "
    "those UNSAT answers was backed by a checked DRAT proof or a second solver. "
    "\"Controls\": for a SAT method, the controls its instances passed (sample positions "
    "agreeing with the direct solver, a toggled or witness position found), out of those "
    "run. Values are written in CGSuite notation."
)

RESULTS_PREFIXES = ("results/", "docs/report/")
"""Where artifact paths start, relative to the repository: the results folder (and
``docs/report/``, where it stood before issue 34, as rows stored then say)."""


def bound(v: int | None) -> str:
    """A bound, or a dash for none.

    Examples
    --------
    >>> bound(7), bound(None)
    ('7', '—')
    """
    return "—" if v is None else str(v)


def controls_text(total: dict[str, int] | None) -> str:
    """Controls passed/run, or ``n/a`` for a method without controls."""
    return "n/a" if total is None else f"{total['passed']}/{total['total']}"


def provenance_text(doc: dict[str, Any]) -> str:
    """What the report was built from (the store, the commits of its rows)."""
    p = doc.get("provenance")
    if not p:
        return ""
    commits = ", ".join(f"{k[:12]}{'+dirty' if k.endswith('+dirty') else ''} ({v} rows)"
                        for k, v in p["commits"].items()) or "none"
    return (f"Built from the store {p['store']}; rows computed at commits {commits}. Only "
            "rows whose method fingerprint equals the current code's are used.")


def versions_text(doc: dict[str, Any]) -> str:
    """When and by which versions the report was generated."""
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
    where = "every n" if d["n"] == -1 else f"n={d['n']}"
    if d.get("stored") is None:  # an all-n method in error, or a row failing its check
        return (f"{d['claim']} {where} {d['method']}: {d['status']} ({d['time']}): "
                f"{d['reason'] or 'no reason given'}")
    run = "another solver's run" if d.get("another_solver") else "a later run"
    return (f"{d['claim']} {where} {d['method']}{solver}: stored {d['stored']} "
            f"({d['stored_time']}) stands; {run} said {d['status']} ({d['time']}): "
            f"{d['reason'] or 'no reason given'}")


def summary_text(doc: dict[str, Any]) -> str:
    """The report's opening line (``summary`` in ``bounds.json``), with Markdown's
    ``**bold**`` and `` `code` ``."""
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


def counts_text(row: dict[str, Any]) -> str:
    """The count sequence of a proved family (sizes 0, 1, ...) and its recurrence, or ""."""
    c = row.get("counts")
    if not c:
        return ""
    terms = ", ".join(str(t) for t in c["from_size_0"])
    return f"{terms}, ...; {c['recurrence']}" if c.get("recurrence") else f"{terms}, ..."


def deciders_text(row: dict[str, Any]) -> str:
    """The all-n deciders of a proved claim: time and states of each."""
    return ", ".join(f"{d['decider']} {d['seconds']:.2f} s ({d['states']} states)"
                     for d in row["deciders"] if d.get("seconds") is not None)


def artifact_link(path: str) -> str:
    """An artifact's path relative to the results folder, where the report lies.

    Examples
    --------
    >>> artifact_link("results/proofs/c/"), artifact_link("docs/report/proofs/c/")
    ('proofs/c/', 'proofs/c/')
    """
    for prefix in RESULTS_PREFIXES:
        if path.startswith(prefix):
            return path.removeprefix(prefix)
    return path
