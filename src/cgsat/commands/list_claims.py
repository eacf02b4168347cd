"""``cgsat list [--json] [--claims FILE]``: the registered claims (docs/reference.md)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from cgsat.commands.options import own_claims
from cgsat.papers.registry import all_claims
from cgsat.report.all_n import registered_status

__all__ = ["claim_json", "run"]


def claim_json(claim: Any) -> dict[str, Any]:
    """The object of ``list --json`` for one claim."""
    return {
        "id": claim.id,
        "source": claim.source,
        "statement": claim.statement,
        "kind": claim.kind,
        "parameter": claim.parameter,
        "paper_bound": claim.paper_bound,
        "quick_bound": claim.quick_bound,
        "target_bound": claim.target_bound,
        "methods": [m.name for m in claim.methods],
        "scope": {m.name: m.scope for m in claim.methods},
        **({"methods_why": claim.why} if getattr(claim, "why", "") else {}),
        "all_n": registered_status(claim),
    }


def run(args: argparse.Namespace) -> int:
    """Print every claim (the papers', then ``--claims FILE``'s); exit 0."""
    claims = all_claims() + own_claims(args)
    if args.json:
        print(json.dumps([claim_json(c) for c in claims], indent=2))
        return 0
    for c in claims:
        bound = "" if c.paper_bound is None else f", paper n <= {c.paper_bound}"
        print(f"{c.id:28} {c.kind:10} {c.source}")
        print(f"{'':28} {c.statement}")
        print(f"{'':28} n: {c.parameter}; quick {c.quick_bound}, target {c.target_bound}"
              f"{bound}; methods: {', '.join(m.name for m in c.methods)}")
        if getattr(c, "why", ""):
            print(f"{'':28} {c.why}")
    return 0
