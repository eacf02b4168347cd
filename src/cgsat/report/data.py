"""The data of the verified-bounds report: the ``bounds.json`` document.

It opens with what a reader wants first: ``findings`` (published statements refuted, each
with its smallest counterexample and the direct solver's explanation of it) and
``beyond_paper`` (the paper's bound against cgsat's verified and certified bounds). Then,
for each claim: its source and statement, the paper's bound against the largest n
verified by each method (every size from the claim's base up to it holds for that
method), the largest n *certified* (every UNSAT answer backed by a checked DRAT proof or a
second solver), what a verified size covers (the method's scope), counterexamples as
positions, every run, and time against n (a matplotlib plot, inline PNG in the HTML).

Only the current verdicts (:func:`cgsat.engine.store.derive`) of each method's current
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

A later ``error`` never displaces a decided verdict: the size keeps it, and the error is
listed under ``disagreements`` (:func:`disagreements`), shown first in the report. A row
whose certificate does not fit its answer is read as ``error``
(:func:`cgsat.engine.store.vet`).
"""

from __future__ import annotations

import os
import platform
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from cgsat import __version__
from cgsat.claims import ALL_N, Claim, Method
from cgsat.engine.fingerprint import method_fingerprint
from cgsat.engine.provenance import source_commit
from cgsat.engine.store import Row, Store, now_utc
from cgsat.papers.registry import all_claims, target_reason
from cgsat.report.all_n import all_n_rows, all_n_status
from cgsat.report.probes import probe_summaries
from cgsat.report.proved import proved_conflicts, proved_of, proved_rows
from cgsat.sat.certificates import is_certified
from cgsat.sat.solvers import pysat_version, solver_title
from cgsat.vacuity import GAP, gap_at

__all__ = [
    "gaps_of",
    "earlier_code",
    "rerun_reach",
    "claim_summary",
    "summary",
    "findings",
    "beyond_paper",
    "versions",
    "current_rows",
    "disagreements",
    "build_report",
    "provenance",
]


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
    elif "proved" in statuses:  # an all-n method (issue 25)
        status = "proved"
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
        "explanations": {r.counterexample: r.detail for r in rows
                         if r.status == "refuted" and r.detail},
        "solvers": sorted({r.solver for r in rows if r.solver}),
        "commit": latest.git_commit,
        "peak_rss_mb": latest.peak_rss_mb,
        "revalidated": latest.revalidated,
        "reason": latest.reason,
        "detail": latest.detail,
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


def _merged(rows: Sequence[Row]) -> dict[tuple[str, int], dict[str, Any]]:
    """(method, n) -> the merged verdict of its rows."""
    grouped: dict[tuple[str, int], list[Row]] = defaultdict(list)
    for r in rows:
        grouped[(r.method, r.n)].append(r)
    return {k: _merge(v) for k, v in grouped.items()}


def gaps_of(method: Method, merged: dict[tuple[str, int], dict[str, Any]]) -> dict[int, str]:
    """The sizes stored for ``method`` that its scope leaves out (:mod:`cgsat.vacuity`),
    with the reason: never verified, never vacuous, and shown in the method's scope.

    Examples
    --------
    >>> from cgsat.papers.registry import get_claim
    >>> m = get_claim("toppling.conj22").method("sat")
    >>> gaps_of(m, {("sat", 1): {"status": "vacuous"}, ("sat", 3): {"status": "holds"}})
    {1: 'no SAT instance at this size'}
    """
    out = {}
    for (name, n), v in merged.items():
        gap = gap_at(method, n) if name == method.name else None
        if gap is not None:
            out[n] = gap
        elif name == method.name and (v.get("reason") or "").startswith(GAP + ": "):
            out[n] = v["reason"].removeprefix(GAP + ": ")
    return dict(sorted(out.items()))


def _scope(method: Method, merged: dict[tuple[str, int], dict[str, Any]]) -> str:
    """The method's scope, with the gaps it leaves among the sizes stored."""
    gaps = gaps_of(method, merged)
    if not gaps:
        return method.scope
    by_reason: dict[str, list[int]] = defaultdict(list)
    for n, why in gaps.items():
        by_reason[why].append(n)
    shown = "; ".join(f"n={', '.join(map(str, ns))}: {why}" for why, ns in by_reason.items())
    return f"{method.scope} Gaps of this method (not checked by it, not vacuous): {shown}."


def _bounds(claim: Claim, merged: dict[tuple[str, int], dict[str, Any]]
            ) -> tuple[dict[str, int | None], dict[str, int | None]]:
    """Per method of ``claim``: the largest n verified, and certified (None for a method
    that uses no solver)."""
    verified: dict[str, int | None] = {}
    certified: dict[str, int | None] = {}
    for m in claim.methods:
        holds = {n: v["status"] == "holds" for (name, n), v in merged.items() if name == m.name}
        # vacuous sizes and the gaps of the method's scope neither count nor break it
        vacuous = {n for (name, n), v in merged.items()
                   if name == m.name and v["status"] == "vacuous"} | set(gaps_of(m, merged))
        verified[m.name] = _largest_from_base(claim.base, holds, vacuous)
        if m.uses_solver:
            cert = {n: v["status"] == "holds" and v["certified"]
                    for (name, n), v in merged.items() if name == m.name}
            certified[m.name] = _largest_from_base(claim.base, cert, vacuous)
        else:
            certified[m.name] = None
    return verified, certified


def earlier_code(store: Store, claims: Sequence[Claim]) -> dict[str, dict[str, Any]]:
    """Bounds that code since changed had reached, above what the current code has.

    A method whose code changed (a new fingerprint) starts again from nothing, and
    :func:`current_rows` ignores its older rows. They are not lost: per claim and method,
    the best chain of one earlier fingerprint is returned when it reaches further than the
    current code's, so the report can say "verified to N by earlier code (commit c),
    awaiting a rerun" instead of silently showing the lower bound.

    An entry is *awaiting* a rerun when a rerun to the target would reach further than the
    current code has (the current bound is below both the earlier one and
    :func:`rerun_reach`). Otherwise the earlier code went beyond the claim's target (a
    target lowered since, with its measured reason) or beyond the method's size limit: no
    rerun is planned, and the report lists it apart, still not counted.

    Returns
    -------
    dict
        claim id -> method -> ``{"verified", "certified", "fingerprint", "commit",
        "rerun_reaches", "awaiting"}``.
    """
    lookup = {c.id: c for c in claims}
    now = {(c.id, m.name): method_fingerprint(c, m) for c in claims for m in c.methods}
    stale: dict[tuple[str, str, str], list[Row]] = defaultdict(list)
    fresh: dict[str, list[Row]] = defaultdict(list)
    for current in store.current_rows():
        row = current.row
        key = (row.claim, row.method)
        if key not in now:
            continue
        if now[key] == row.fingerprint:
            fresh[row.claim].append(row)
        else:
            stale[(row.claim, row.method, row.fingerprint)].append(row)
    current_bounds = {cid: _bounds(lookup[cid], _merged(rows))[0]
                      for cid, rows in fresh.items()}
    out: dict[str, dict[str, Any]] = defaultdict(dict)
    for (cid, method, fp), rows in stale.items():
        ver, cert = _bounds(lookup[cid], _merged(rows))
        verified = ver.get(method)
        if verified is None:
            continue
        best = out[cid].get(method)
        if best is not None and best["verified"] >= verified:
            continue
        now_bound = current_bounds.get(cid, {}).get(method)
        if now_bound is not None and now_bound >= verified:
            continue
        latest = max(rows, key=lambda r: r.time)
        reach = rerun_reach(lookup[cid], method)
        out[cid][method] = {"verified": verified, "certified": cert.get(method),
                            "fingerprint": fp, "commit": latest.git_commit,
                            "rerun_reaches": reach,
                            "awaiting": now_bound is None or now_bound < min(verified, reach)}
    return dict(out)


def rerun_reach(claim: Claim, method: str) -> int:
    """The largest size a rerun to the target runs ``method`` to: the claim's target bound,
    or the method's size limit when that is lower (``bash results/regenerate.sh`` and
    ``cgsat check --target`` go no further).

    Examples
    --------
    >>> from cgsat.papers.registry import get_claim
    >>> rerun_reach(get_claim("thickets.green-nim5"), "brute")
    16
    """
    limit = claim.method(method).max_n
    return claim.target_bound if limit is None else min(claim.target_bound, limit)


def claim_summary(claim: Claim, rows: Sequence[Row],
                  fingerprints: dict[str, str] | None = None) -> dict[str, Any]:
    """The ``bounds.json`` object of one claim (``fingerprints``: method -> the method
    fingerprint its rows were selected by)."""
    merged = _merged(rows)
    verified, certified = _bounds(claim, merged)
    counterexamples = []
    runs = []
    for (name, n), v in sorted(merged.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        runs.append({"n": n, "method": name, "status": v["status"], "seconds": v["seconds"],
                     "controls": v["controls"], "certificate": v["certificate"],
                     "solvers": v["solvers"], "commit": v["commit"], "reason": v["reason"],
                     "detail": v["detail"], "peak_rss_mb": v["peak_rss_mb"],
                     "revalidated": v["revalidated"]})
        for cex in dict.fromkeys(v["counterexamples"]):
            counterexamples.append({"n": n, "method": name, "position": cex,
                                    "explanation": v["explanations"].get(cex)})
    return {
        "id": claim.id,
        "source": claim.source,
        "statement": claim.statement,
        "kind": claim.kind,
        "paper_bound": claim.paper_bound,
        "quick_bound": claim.quick_bound,
        "target_bound": claim.target_bound,
        "target_reason": target_reason(claim.id),
        "verified": verified,
        "certified": certified,
        "scope": {m.name: _scope(m, merged) for m in claim.methods},
        "ended_by": {m.name: _ended_by(claim, m.name, verified[m.name], merged)
                     for m in claim.methods},
        "controls": _controls_total(claim, merged),
        "fingerprints": fingerprints,
        "counterexamples": counterexamples,
        "runs": runs,
        "proved": proved_of(runs),
        "all_n": all_n_status(claim, proved_of(runs), runs),
    }


def _ended_by(claim: Claim, method: str, verified: int | None,
              merged: dict[tuple[str, int], dict[str, Any]]) -> str:
    """Why a method's verified chain stops where it does: the first size after it that
    does not hold, with its status and reason, or that nothing larger was run.

    Examples
    --------
    >>> from cgsat.papers.registry import get_claim
    >>> c = get_claim("timber.thm2.3")
    >>> m = {("sat", 0): {"status": "holds"}, ("sat", 1): {"status": "unknown",
    ...      "reason": "timeout 60s"}}
    >>> _ended_by(c, "sat", 0, m)
    'n=1: unknown (timeout 60s)'
    >>> _ended_by(c, "sat", 120, {})
    'target reached'
    >>> _ended_by(c, "sat", None, {("sat", 0): {"status": "vacuous"}})
    'nothing to check to n=0 (vacuous); not run beyond'
    """
    if claim.method(method).all_n:  # runs once, for every n (issue 25)
        once = merged.get((method, ALL_N))
        if once is None:
            return "not run"
        reason = f" ({once['reason']})" if once.get("reason") else ""
        return "proved for every n" if once["status"] == "proved" else \
            f"every n: {once['status']}{reason}"
    start = claim.base if verified is None else verified + 1
    if verified is not None and verified >= claim.target_bound:
        return "target reached"
    limit = claim.method(method).max_n
    if limit is not None and verified is not None and verified >= limit:
        return f"the method's size limit (n={limit})"
    gaps = gaps_of(claim.method(method), merged)
    later = sorted(n for (name, n), v in merged.items() if name == method and n >= start
                   and v["status"] != "vacuous" and n not in gaps)
    if not later:
        stored = [n for (name, n) in merged if name == method]
        if verified is None and stored:
            return f"nothing to check to n={max(stored)} (vacuous); not run beyond"
        return "not run" if verified is None else f"not run beyond n={verified}"
    v = merged[(method, later[0])]
    reason = f" ({v['reason']})" if v.get("reason") else ""
    return f"n={later[0]}: {v['status']}{reason}"


def summary(claims: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The report's opening line: of the claims with stored runs, how many reached their
    target bound with every method (or its size limit, or an all-n proof), how many were
    refuted, how many stopped short (a method's chain ended by an ``unknown``: a timeout,
    the memory limit),
    and how many were not run as far as their target (``cgsat check CLAIM --target``).

    Examples
    --------
    >>> c = {"id": "a", "counterexamples": [], "runs": [1],
    ...      "ended_by": {"sat": "target reached"}}
    >>> d = dict(c, id="b", ended_by={"sat": "n=5: unknown (timeout 60s)"})
    >>> e = dict(c, id="c", ended_by={"sat": "not run beyond n=8"})
    >>> f = dict(c, id="f", ended_by={"automata": "proved for every n",
    ...                               "brute": "the method's size limit (n=18)"})
    >>> s = summary([c, d, e, f, dict(c, id="d", runs=[])])
    >>> k = s["counts"]
    >>> k["stored"], k["nothing stored"], k["at target"], k["stopped short"], k["below target"]
    (4, 1, 2, 1, 1)
    >>> s["stopped_short"]
    ['b']
    """
    stored = [c for c in claims if c["runs"]]
    refuted = {c["id"] for c in stored if c["counterexamples"]}
    short = {c["id"] for c in stored if c["id"] not in refuted and any(
        ": unknown" in why for why in c["ended_by"].values())}
    at_target = {c["id"] for c in stored if c["id"] not in refuted | short and all(
        why in ("target reached", "proved for every n")
        or why.startswith("the method's size limit")
        for why in c["ended_by"].values())}
    below = len(stored) - len(refuted) - len(short) - len(at_target)
    return {"counts": {"stored": len(stored), "nothing stored": len(claims) - len(stored),
                       "at target": len(at_target), "refuted": len(refuted),
                       "stopped short": len(short), "below target": below},
            "stopped_short": [c["id"] for c in stored if c["id"] in short]}


def findings(claims: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Published statements refuted: per claim, the smallest counterexample with every
    method's explanation of it (the direct solver's names the counterexample's value).
    Variants of a claim defined by cgsat (ids ending in ``-strict`` or ``-corrected``)
    are not published statements; they appear beside their original."""
    out = []
    for c in claims:
        if not c["counterexamples"] or c["id"].endswith(("-strict", "-corrected")):
            continue
        n = min(x["n"] for x in c["counterexamples"])
        first = [x for x in c["counterexamples"] if x["n"] == n]
        variants = [d["id"] for d in claims if d["id"].startswith(c["id"] + "-")]
        out.append({"claim": c["id"], "source": c["source"], "kind": c["kind"],
                    "statement": c["statement"], "n": n, "position": first[0]["position"],
                    "explanations": {x["method"]: x["explanation"] for x in first},
                    "variants": {v: {k: next(d for d in claims if d["id"] == v)[k]
                                     for k in ("statement", "verified", "ended_by")}
                                 for v in variants}})
    return out


def beyond_paper(claims: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Claims whose paper states a bound: the paper's bound against the best verified and
    certified bound over cgsat's methods."""
    out = []
    for c in claims:
        if c["paper_bound"] is None:
            continue
        ver = [b for b in c["verified"].values() if b is not None]
        cert = [b for b in c["certified"].values() if b is not None]
        out.append({"claim": c["id"], "source": c["source"], "paper_bound": c["paper_bound"],
                    "verified": max(ver, default=None), "certified": max(cert, default=None),
                    "target_bound": c["target_bound"]})
    return out


def _controls_total(claim: Claim, merged: dict[tuple[str, int], dict[str, Any]]
                    ) -> dict[str, dict[str, int] | None]:
    """Per method, the controls passed and run over its stored sizes (None for a method
    that uses no solver and ran no control, such as exhaustive play)."""
    out: dict[str, dict[str, int] | None] = {}
    for m in claim.methods:
        total = {"passed": 0, "total": 0}
        for (name, _n), v in merged.items():
            if name == m.name and v["controls"]:
                total["passed"] += v["controls"]["passed"]
                total["total"] += v["controls"]["total"]
        out[m.name] = total if m.uses_solver or total["total"] else None
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


def disagreements(store: Store, claims: Sequence[Claim]) -> list[dict[str, Any]]:
    """Errors (and unknowns not short of budget, :func:`cgsat.engine.store.disagrees`) run
    after a decided verdict of the same key (current code only): the
    verdict stands (:func:`cgsat.engine.store.derive`), and each such error is a
    disagreement to investigate, listed at the top of the report (issue 24).

    Returns
    -------
    list of dict
        ``{"claim", "n", "method", "solver", "stored", "stored_time", "stored_commit",
        "status", "reason", "time", "commit"}``: the verdict that stands (``stored``) and
        the later run that disagrees with it (``status`` ``"error"`` or ``"unknown"``, its
        ``reason``). An all-n method whose current verdict is ``error`` (its deciders
        disagree, or a refutation did not replay) is listed too, with ``stored`` None.
    """
    fingerprints = {(c.id, m.name): method_fingerprint(c, m) for c in claims
                    for m in c.methods}
    out = []
    for current in store.current_rows():
        row = current.row
        if fingerprints.get((row.claim, row.method)) != row.fingerprint:
            continue
        for later in current.disagreements:
            out.append({"claim": row.claim, "n": row.n, "method": row.method,
                        "solver": row.solver or None, "stored": row.status,
                        "stored_time": row.time, "stored_commit": row.git_commit,
                        "status": later.status, "reason": later.reason, "time": later.time,
                        "commit": later.git_commit})
        if row.n == ALL_N and row.status == "error":  # the all-n deciders disagree (35)
            out.append({"claim": row.claim, "n": row.n, "method": row.method,
                        "solver": None, "stored": None, "stored_time": None,
                        "stored_commit": None, "status": row.status, "reason": row.reason,
                        "time": row.time, "commit": row.git_commit})
    return sorted(out, key=lambda d: (d["claim"], d["method"], d["n"], d["time"]))


def build_report(store: Store) -> dict[str, Any]:
    """The ``bounds.json`` document from the store (current code only)."""
    all_rows = current_rows(store, all_claims())
    by_claim: dict[str, list[Row]] = defaultdict(list)
    for r in all_rows:
        by_claim[r.claim].append(r)
    claims = [claim_summary(c, by_claim.get(c.id, []),
                            {m.name: method_fingerprint(c, m) for m in c.methods})
              for c in all_claims()]
    earlier = earlier_code(store, all_claims())
    for c in claims:
        c["earlier_code"] = earlier.get(c["id"], {})
    return {"generated": now_utc(), "versions": versions(all_rows),
            "provenance": provenance(all_rows, store.path),
            "disagreements": disagreements(store, all_claims()), "summary": summary(claims),
            "findings": findings(claims),
            "proved": proved_rows(claims), "proved_conflicts": proved_conflicts(claims),
            "all_n": all_n_rows(claims),
            "beyond_paper": beyond_paper(claims), "claims": claims,
            "probes": probe_summaries(store)}


def provenance(rows: Sequence[Row], store_path: str) -> dict[str, Any]:
    """What the report was built from: the store, and the commits of the cgsat source
    that computed its rows, with how many rows each (None: not run from a git checkout,
    or stored before commits were recorded)."""
    commits: dict[str, int] = defaultdict(int)
    for r in rows:
        commits[r.git_commit or "unrecorded"] += 1
    return {"store": os.path.basename(store_path), "report_commit": source_commit(),
            "commits": dict(sorted(commits.items()))}
