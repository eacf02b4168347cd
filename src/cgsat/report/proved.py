"""The data of the report's "Proved for every size" section: claims an all-n method proved
(issue 25), with the automata's sizes, both deciders' states and times, and the artifacts
(rendered by each renderer from :class:`cgsat.report.model.ProvedRow`).

``bounds.json`` gets, per claim, ``proved``: null or ``{"method", "deciders": [{"decider",
"states", "seconds"}], "automata": [{"name", "states"}], "artifacts": [path]}``; and at the
top level ``proved`` (those claims, in order) and ``proved_conflicts`` (a proved claim that
also has a counterexample: a bug, shown first).
"""

from __future__ import annotations

import json
from typing import Any

from cgsat.claims import ALL_N
from cgsat.papers.registry import all_n_reason

__all__ = ["proved_conflicts", "proved_of", "proved_rows"]


def proved_of(runs: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The ``proved`` object of a claim from its ``runs`` (an all-n run with status
    proved), or None.

    Examples
    --------
    >>> detail = json.dumps({"deciders": [{"decider": "product", "states": 3,
    ...     "seconds": 0.1}], "automata": [], "artifacts": "results/proofs/c/"})
    >>> proved_of([{"n": -1, "method": "automata", "status": "proved", "detail": detail}])
    ... # doctest: +NORMALIZE_WHITESPACE
    {'method': 'automata', 'deciders': [{'decider': 'product', 'states': 3, 'seconds': 0.1}],
     'automata': [], 'artifacts': ['results/proofs/c/']}
    """
    for r in runs:
        if r["n"] == ALL_N and r["status"] == "proved":
            try:
                d = json.loads(r.get("detail") or "{}")
            except ValueError:
                d = {}
            out = {"method": r["method"],
                   "deciders": [{k: x.get(k) for k in ("decider", "states", "seconds")}
                                for x in d.get("deciders", [])],
                   "automata": d.get("automata", []),
                   "artifacts": [d["artifacts"]] if d.get("artifacts") else []}
            counts = d.get("counts")
            if isinstance(counts, dict) and (counts.get("counts") or counts.get("first")):
                out["counts"] = {"from_size_0": counts.get("counts") or counts.get("first"),
                                 "recurrence": counts.get("recurrence")}
            return out
    return None


def proved_rows(claims: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of the section: one per claim with a ``proved`` object."""
    rows = []
    for c in claims:
        if not c.get("proved"):
            continue
        statement = c["statement"]
        why = all_n_reason(c["id"])
        if why:  # a proof of part of the statement says which part (issue 37)
            statement += f" [proved for every n: {why}]"
        rows.append({"claim": c["id"], "statement": statement, **c["proved"]})
    return rows


def proved_conflicts(claims: list[dict[str, Any]]) -> list[str]:
    """Claims proved for every n that also have a counterexample (exit 3 in ``check``)."""
    return [f"{c['id']}: proved for every n by {c['proved']['method']} but refuted at "
            f"n={x['n']} by {x['method']} with {x['position']}"
            for c in claims if c.get("proved") for x in c["counterexamples"]]
