"""Every claim's all-n status (issue 37, section 3): ``"proved (by D1, D2)"`` when an all-n
method proved it (with what the proof leaves out, where the claim records that), or the
one-line reason it has no all-n proof (:func:`cgsat.papers.registry.all_n_reason`: positions
not words, values unbounded, a bounded step).

``bounds.json`` gets ``all_n`` on each claim and, at the top level, ``all_n``: the list of
``{"claim", "status"}`` in claim order, which the renderers show as a table.
"""

from __future__ import annotations

from typing import Any

from cgsat.claims import Claim
from cgsat.papers.registry import all_n_reason

__all__ = ["UNCLASSIFIED", "all_n_rows", "all_n_status", "registered_status"]

UNCLASSIFIED = "no all-n statement registered and no reason recorded yet"
"""The status of a claim with neither (a claim registered after issue 37)."""


def all_n_status(claim: Claim, proved: dict[str, Any] | None,
                 runs: list[dict[str, Any]]) -> str:
    """One line: the claim's all-n status.

    ``proved``: the claim's ``proved`` object of ``bounds.json`` (None if none); ``runs``:
    its runs (an all-n method's stored verdict other than proved is named).

    Examples
    --------
    >>> from cgsat.papers.registry import get_claim
    >>> proved = {"method": "automata", "deciders": [{"decider": "setops"},
    ...           {"decider": "product"}]}
    >>> all_n_status(get_claim("toppling.lem1"), proved, [])
    'proved (automata: setops, product)'
    >>> all_n_status(get_claim("toppling.lem1"), None, [])
    'not proved yet: its all-n method automata has no stored verdict'
    >>> all_n_status(get_claim("thickets.thm3.1"), None, [])[:16]
    'values unbounded'
    """
    why = all_n_reason(claim.id)
    if proved is not None:
        deciders = ", ".join(str(d.get("decider")) for d in proved.get("deciders", []))
        text = f"proved ({proved['method']}: {deciders})"
        return f"{text}; {why}" if why else text
    all_n = [m.name for m in claim.methods if m.all_n]
    if all_n:
        stored = [f"{r['method']} {r['status']}" for r in runs
                  if r["n"] == -1 and r["method"] in all_n]
        if stored:
            return "not proved: " + ", ".join(stored)
        return f"not proved yet: its all-n method {', '.join(all_n)} has no stored verdict"
    return why or UNCLASSIFIED


def registered_status(claim: Claim) -> str:
    """The all-n status as registered, without the store (``cgsat list --json``): the
    claim's all-n method, or the reason it has none.

    Examples
    --------
    >>> from cgsat.papers.registry import get_claim
    >>> registered_status(get_claim("toppling.lem1"))
    'all-n method: automata'
    """
    why = all_n_reason(claim.id)
    names = [m.name for m in claim.methods if m.all_n]
    if names:
        text = f"all-n method: {', '.join(names)}"
        return f"{text}; {why}" if why else text
    return why or UNCLASSIFIED


def all_n_rows(claims: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The top-level ``all_n`` list of ``bounds.json``: ``{"claim", "status"}`` per claim."""
    return [{"claim": c["id"], "status": c["all_n"]} for c in claims if c.get("all_n")]
