"""The report as one typed document, built once from the ``bounds.json`` document and the
claims, and rendered by :mod:`~cgsat.report.markdown`, :mod:`~cgsat.report.html` and
:mod:`~cgsat.report.latex` (each renders every section in its own markup).

``bounds.json`` (:func:`cgsat.report.data.build_report`, with
:func:`cgsat.report.user.user_data`) is the data; :func:`build_model` reads it into the
sections the renderings show, in their order: the opening lines, disagreements,
findings, proved for every size, beyond the paper, every claim, bounds of earlier code,
probes, one section per claim, and the user's own claims. The texts are plain
(:mod:`cgsat.report.text`): a renderer escapes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cgsat.claims import Claim
from cgsat.papers.registry import all_claims
from cgsat.report.findings import FINDINGS, finding_of
from cgsat.report.text import (
    controls_text,
    counts_text,
    deciders_text,
    disagreement_text,
    provenance_text,
    run_text,
    summary_text,
    target_hint,
    variant_text,
    versions_text,
)

__all__ = ["BeyondRow", "ClaimRow", "ClaimSection", "Counterexample", "EarlierRow",
           "FindingItem", "MethodRow", "ProbeSection", "ProvedRow", "Report", "RuleRow",
           "RunCell", "UnloadedRow", "UserClaimRow", "build_model", "where"]

Bounds = tuple[tuple[str, int | None], ...]
"""(method, bound) pairs, in the claim's order of methods."""


@dataclass(frozen=True)
class FindingItem:
    """A refuted claim of "Findings": its smallest counterexample, each method's
    explanation, cgsat's variants (name, text) and what it breaks (None: not said)."""

    claim: str
    source: str
    kind: str
    statement: str
    n: int
    position: str
    explanations: tuple[tuple[str, str], ...]
    variants: tuple[tuple[str, str], ...]
    breaks: str | None


@dataclass(frozen=True)
class ProvedRow:
    """A claim proved for every size: its automata (name, states), deciders, counts by
    size and artifacts (paths from the repository's root)."""

    claim: str
    statement: str
    automata: tuple[tuple[str, int], ...]
    deciders: str
    counts: str
    artifacts: tuple[str, ...]


@dataclass(frozen=True)
class BeyondRow:
    """The paper's bound against cgsat's best verified and certified bounds."""

    claim: str
    source: str
    paper_bound: int
    verified: int | None
    certified: int | None
    target_bound: int
    hint: str


@dataclass(frozen=True)
class ClaimRow:
    """A claim with stored runs in "Every claim" (``certified``: its solver methods
    only)."""

    id: str
    kind: str
    statement: str
    quick_bound: int
    target_bound: int
    target_reason: str | None
    verified: Bounds
    certified: Bounds
    ended_by: tuple[tuple[str, str], ...]
    refuted: bool


@dataclass(frozen=True)
class EarlierRow:
    """A bound reached by code that has changed since (not counted)."""

    claim: str
    method: str
    verified: int | None
    certified: int | None
    commit: str
    current: int | None
    rerun_reaches: int | None


@dataclass(frozen=True)
class RuleRow:
    """A probe's candidate rule: a claim, its bounds and smallest counterexample."""

    id: str
    statement: str
    verified: str
    certified: str
    counterexample: str


@dataclass(frozen=True)
class ProbeSection:
    """A probe with stored sizes: summary lines, plot (base64 PNG) and rules."""

    name: str
    source: str
    up_to: str
    sizes: tuple[int, ...]
    reached: int
    table_rows: int
    summary: tuple[str, ...]
    png: str | None
    rules: tuple[RuleRow, ...]


@dataclass(frozen=True)
class MethodRow:
    """One method of a claim's section (``certified`` None and ``uses_solver`` False:
    not applicable)."""

    name: str
    verified: int | None
    certified: int | None
    uses_solver: bool
    ended_by: str
    controls: str
    fingerprint: str
    scope: str


@dataclass(frozen=True)
class Counterexample:
    """A stored counterexample and the method's explanation of it."""

    n: int
    method: str
    position: str
    explanation: str | None


@dataclass(frozen=True)
class RunCell:
    """One run (method, n) in a claim's table of runs."""

    status: str
    text: str


@dataclass(frozen=True)
class ClaimSection:
    """One claim's own section. ``size``: the claim's record (parameter, base, quick and
    target bounds, notes), None for a stored claim not loaded; ``runs``: per n, a cell per
    method of ``methods_run`` (None: not run); ``data``: the claim's object of
    ``bounds.json``, which the plots read."""

    id: str
    source: str
    kind: str
    statement: str
    size: tuple[str, int, int, int, str | None] | None
    paper_bound: int | None
    target_bound: int
    target_reason: str | None
    methods: tuple[MethodRow, ...]
    counterexamples: tuple[Counterexample, ...]
    methods_run: tuple[str, ...]
    runs: tuple[tuple[int, tuple[RunCell | None, ...]], ...]
    data: dict[str, Any]


@dataclass(frozen=True)
class UserClaimRow:
    """A user's claim (``--claims FILE``) in its summary table."""

    id: str
    source: str
    statement: str
    methods_why: str
    verified: Bounds
    counterexamples: tuple[Counterexample, ...]
    proved: ProvedRow | None = None


@dataclass(frozen=True)
class UnloadedRow:
    """A stored row of a user claim whose file was not given."""

    claim: str
    n: int
    method: str
    status: str
    counterexample: str
    fingerprint: str


@dataclass(frozen=True)
class Report:
    """The whole report, in the order of its sections."""

    generated: str
    cgsat_version: str
    versions: str
    provenance: str
    summary: str
    disagreements: tuple[str, ...]
    findings: tuple[FindingItem, ...]
    other_findings: tuple[str, ...]
    proved_conflicts: tuple[str, ...]
    proved: tuple[ProvedRow, ...]
    beyond: tuple[BeyondRow, ...]
    every: tuple[ClaimRow, ...]
    nothing_stored: tuple[str, ...]
    awaiting: tuple[EarlierRow, ...]
    beyond_target: tuple[EarlierRow, ...]
    probes: tuple[ProbeSection, ...]
    sections: tuple[ClaimSection, ...]
    user_claims: tuple[UserClaimRow, ...]
    user_sections: tuple[ClaimSection, ...]
    unloaded: tuple[UnloadedRow, ...]
    all_n: tuple[tuple[str, str], ...] = ()


def _uses_solver(claim: Claim | None, method: str) -> bool:
    return claim is not None and claim.method(method).uses_solver


def _counterexamples(c: dict[str, Any]) -> tuple[Counterexample, ...]:
    return tuple(Counterexample(x["n"], x["method"], x["position"], x.get("explanation"))
                 for x in c["counterexamples"])


def section(c: dict[str, Any], claim: Claim | None) -> ClaimSection:
    """The section of one claim (``c``: its object of ``bounds.json``; ``claim``: its
    record, None when it is not loaded)."""
    methods = tuple(
        MethodRow(m, b, c["certified"].get(m), _uses_solver(claim, m), c["ended_by"][m],
                  controls_text(c["controls"].get(m)),
                  ((c.get("fingerprints") or {}).get(m) or "")[:12], c["scope"][m])
        for m, b in c["verified"].items())
    run_methods = tuple(sorted({r["method"] for r in c["runs"]}))
    cell = {(r["method"], r["n"]): r for r in c["runs"]}
    runs = tuple(
        (n, tuple(None if (m, n) not in cell else
                  RunCell(cell[(m, n)]["status"], run_text(cell[(m, n)]))
                  for m in run_methods))
        for n in sorted({r["n"] for r in c["runs"]}))
    size = None if claim is None else (claim.parameter, claim.base, claim.quick_bound,
                                       claim.target_bound, claim.notes or None)
    return ClaimSection(c["id"], c["source"], c["kind"], c["statement"], size,
                        c["paper_bound"], c["target_bound"], c.get("target_reason"), methods,
                        _counterexamples(c), run_methods, runs, c)


def _finding(f: dict[str, Any]) -> FindingItem:
    said = finding_of(f["claim"])
    return FindingItem(
        f["claim"], f["source"], f["kind"], f["statement"], f["n"], f["position"],
        tuple((m, why) for m, why in f["explanations"].items() if why),
        tuple((name, variant_text(name, v)) for name, v in f["variants"].items()),
        None if said is None else said.breaks)


def _claim_row(c: dict[str, Any], claim: Claim | None) -> ClaimRow:
    return ClaimRow(
        c["id"], c["kind"], c["statement"], c["quick_bound"], c["target_bound"],
        c.get("target_reason"), tuple(c["verified"].items()),
        tuple((m, c["certified"][m]) for m in c["verified"] if _uses_solver(claim, m)),
        tuple(c["ended_by"].items()), bool(c["counterexamples"]))


def _earlier(doc: dict[str, Any], awaiting: bool) -> tuple[EarlierRow, ...]:
    """Bounds of earlier code that await a rerun (``awaiting``), or that lie beyond what a
    rerun to the target reaches."""
    return tuple(
        EarlierRow(c["id"], m, e["verified"], e["certified"],
                   (e["commit"] or "unrecorded")[:12], c["verified"].get(m),
                   e.get("rerun_reaches"))
        for c in doc["claims"] for m, e in c.get("earlier_code", {}).items()
        if e.get("awaiting", True) == awaiting)


def _rules(doc: dict[str, Any], p: dict[str, Any]) -> tuple[RuleRow, ...]:
    """A probe's candidate rules (claims): bounds per method, smallest counterexample."""
    def bounds(c: dict[str, Any], key: str) -> str:
        return ", ".join(f"{m} {n}" for m, n in c[key].items() if n is not None) or "–"

    claims = {c["id"]: c for c in doc.get("claims", [])}
    rows = []
    for rid in p.get("rules", []):
        c = claims.get(rid)
        if c is None:
            continue
        cx = min(c["counterexamples"], key=lambda x: x["n"], default=None)
        rows.append(RuleRow(rid, c["statement"], bounds(c, "verified"),
                            bounds(c, "certified"), "none" if cx is None else
                            f"n={cx['n']}: {cx['position']} ({cx['method']})"))
    return tuple(rows)


def _probe(doc: dict[str, Any], p: dict[str, Any]) -> ProbeSection:
    return ProbeSection(p["name"], p["source"], p["up_to"], tuple(p["sizes"]), p["reached"],
                        p["table_rows"], tuple(p["summary"]), p.get("png"), _rules(doc, p))


def _proved(row: dict[str, Any]) -> ProvedRow:
    return ProvedRow(row["claim"], row["statement"],
                     tuple((a["name"], a["states"]) for a in row["automata"]),
                     deciders_text(row), counts_text(row), tuple(row["artifacts"]))


def _user_proved(c: dict[str, Any]) -> ProvedRow | None:
    """A user's claim proved for every size (a rule's ``automata`` method; issue 35)."""
    if not c.get("proved"):
        return None
    return _proved({"claim": c["id"], "statement": c["statement"], **c["proved"]})


def where(n: int) -> str:
    """A counterexample's size as shown: ``n = 4``, or ``every n`` (an all-n method).

    Examples
    --------
    >>> where(4), where(-1)
    ('n = 4', 'every n')
    """
    return "every n" if n == -1 else f"n = {n}"


def build_model(doc: dict[str, Any], own: Sequence[Claim] = ()) -> Report:
    """The report of a ``bounds.json`` document; ``own``: the user's claims it holds
    (``--claims FILE``), whose records their sections show."""
    lookup = {c.id: c for c in all_claims()}
    stored = [c for c in doc["claims"] if c["runs"]]
    refuted = {f["claim"] for f in doc["findings"]}
    mine = {c.id: c for c in own}
    users = doc.get("user_claims") or []
    return Report(
        generated=doc["generated"], cgsat_version=doc["versions"]["cgsat"],
        versions=versions_text(doc), provenance=provenance_text(doc),
        summary=summary_text(doc),
        disagreements=tuple(disagreement_text(d) for d in doc.get("disagreements") or []),
        findings=tuple(_finding(f) for f in doc["findings"]),
        other_findings=tuple(f.text for f in FINDINGS
                             if not f.claims or f.claims[0] not in refuted),
        proved_conflicts=tuple(doc.get("proved_conflicts") or []),
        proved=tuple(_proved(r) for r in doc.get("proved") or []),
        beyond=tuple(BeyondRow(b["claim"], b["source"], b["paper_bound"], b["verified"],
                               b["certified"], b["target_bound"], target_hint(b))
                     for b in doc["beyond_paper"]),
        every=tuple(_claim_row(c, lookup.get(c["id"])) for c in stored),
        nothing_stored=tuple(c["id"] for c in doc["claims"] if not c["runs"]),
        awaiting=_earlier(doc, True), beyond_target=_earlier(doc, False),
        probes=tuple(_probe(doc, p) for p in doc.get("probes") or []),
        sections=tuple(section(c, lookup.get(c["id"])) for c in stored),
        user_claims=tuple(UserClaimRow(c["id"], c["source"], c["statement"],
                                       c["methods_why"], tuple(c["verified"].items()),
                                       _counterexamples(c), _user_proved(c))
                          for c in users),
        user_sections=tuple(section(c, mine.get(c["id"])) for c in users),
        unloaded=tuple(UnloadedRow(r["claim"], r["n"], r["method"], r["status"],
                                   r["counterexample"] or "", r["fingerprint"][:12])
                       for r in doc.get("unloaded_user_rows") or []),
        all_n=tuple((r["claim"], r["status"]) for r in doc.get("all_n") or []))
