"""The stored bounds per claim and method, with the core-hours behind them (issue 27).

Reads a report's ``bounds.json`` (``cgsat report --out DIR`` writes it from a results
store) and prints a Markdown table: per claim and method, the bound the current code has
verified and certified, the target, and the sum of the stored ``seconds`` of the runs that
count (one worker each, so core-seconds; a certified run's seconds include its second
solver). Runs of earlier code are not counted.

Usage::

    python benchmarks/store_core_hours.py results/bounds.json
    python benchmarks/store_core_hours.py results/bounds.json --top 20
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def rows(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per (claim, method) with runs: bounds and core-hours."""
    out = []
    for c in doc["claims"]:
        seconds: dict[str, float] = {}
        for r in c["runs"]:
            seconds[r["method"]] = seconds.get(r["method"], 0.0) + (r["seconds"] or 0.0)
        for method, total in seconds.items():
            out.append({"claim": c["id"], "method": method,
                        "verified": c["verified"].get(method),
                        "certified": c["certified"].get(method),
                        "target": c["target_bound"], "core_hours": total / 3600})
    return out


def _b(v: Any) -> str:
    return "—" if v is None else str(v)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("bounds", help="a bounds.json written by cgsat report")
    p.add_argument("--top", type=int, default=None,
                   help="only the TOP methods with the most core-hours (default all)")
    args = p.parse_args(argv)
    with open(args.bounds) as f:
        table = sorted(rows(json.load(f)), key=lambda r: -r["core_hours"])
    total = sum(r["core_hours"] for r in table)
    shown = table if args.top is None else table[:args.top]
    print("| claim | method | verified | certified | target | core-hours |")
    print("|---|---|---:|---:|---:|---:|")
    for r in shown:
        print(f"| `{r['claim']}` | {r['method']} | {_b(r['verified'])} | "
              f"{_b(r['certified'])} | {r['target']} | {r['core_hours']:.2f} |")
    rest = total - sum(r["core_hours"] for r in shown)
    if rest > 0:
        print(f"| the other {len(table) - len(shown)} methods | | | | | {rest:.2f} |")
    print(f"| **all {len(table)} methods** | | | | | **{total:.2f}** |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
