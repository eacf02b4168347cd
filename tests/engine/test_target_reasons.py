"""Issue 27, item 3: a lowered target, or a method stopped at its size limit, carries its
measured reason, and the report shows it."""

from __future__ import annotations

import html
import re

import pytest

from cgsat.papers.registry import all_claims, get_claim, target_reason, target_reasons
from cgsat.report.data import claim_summary
from cgsat.report.markdown import targets_lowered

REASONS = sorted(target_reasons().items())


def test_reasons_name_registered_claims():
    ids = {c.id for c in all_claims()}
    assert REASONS and {cid for cid, _ in REASONS} <= ids


@pytest.mark.parametrize(("cid", "why"), REASONS)
def test_reason_is_measured_and_matches_the_record(cid, why):
    claim = get_claim(cid)
    # a measured time at a size, and what it grows to
    assert re.search(r"\d+(\.\d+)? s at (n=)?\d+", why), why
    lowered = re.match(r"target (\d+) -> (\d+):", why)
    if lowered:
        assert claim.target_bound == int(lowered.group(2)) < int(lowered.group(1))
        assert claim.quick_bound <= claim.target_bound
    for method, limit in re.findall(r"(\S+) stops at its size limit (\d+)", why):
        assert claim.method(method).max_n == int(limit), (method, limit)
    assert lowered or "stops at its size limit" in why


def test_report_shows_the_reason():
    doc = claim_summary(get_claim("toppling.conj38"), [])
    assert doc["target_reason"] == target_reason("toppling.conj38")
    doc["runs"] = [{}]
    lines = targets_lowered([doc, dict(doc, id="x", target_reason=None)])
    # the text is escaped as all stored or user text in bounds.md (issue 38): -> is -&gt;
    why = html.escape(target_reason("toppling.conj38"), quote=False)
    assert lines[-1] == f"- `toppling.conj38`: {why}"
    assert not any("`x`" in line for line in lines)
