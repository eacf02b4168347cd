"""The pre-image decider (own automata code) against the set-operations decider on the sized
all-n statements of issue 37 §3.

- ``nim``: R_0 .. R_k of green cordons, ``nim_statement(k)`` (stored automata, k <= 12) or
  ``pattern_statement(k)`` (the block-pattern automata of *Thinning Thickets*, Problem 5.1);
  k = 2 .. 20 by default;
- ``thm2.3`` / ``thm2.4``: *The Game of timber!* Theorems 2.3 and 2.4 on Toppling Peaks words
  of height range at most h (the statements of ``timber.thm2.3-height`` and
  ``timber.thm2.4-height``: :func:`cgsat.papers.timber.path.automata.thm23_statement`,
  ``thm24_statement``); h = 8 .. 16 by default.

Each decider runs in a process of its own, capped at ``--cap`` seconds (default 330, the
all-n budget); the time is the decider's own (the statement's automata are built before the
clock starts). One JSON object per line on stdout, and all of them in
``benchmarks/results/preimage.json``.

    python benchmarks/bench_preimage.py                        # k = 2..20, h = 8..16
    python benchmarks/bench_preimage.py --ks 20 24 --hs 24 32 --cap 60
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

OUT = Path(__file__).resolve().parent / "results" / "preimage.json"
DECIDERS = ("preimage", "setops")

_ONE = """
import json, sys, time
from cgsat.automata import preimage, setops
from cgsat.automata.library import LARGEST, nim_statement
from cgsat.papers.thickets.all_n import pattern_statement
from cgsat.papers.timber.path.automata import thm23_statement, thm24_statement
family, n, name = sys.argv[1], int(sys.argv[2]), sys.argv[3]
if family == "nim":
    st = nim_statement(n) if n <= LARGEST else pattern_statement(n)
else:
    st = {"thm2.3": thm23_statement, "thm2.4": thm24_statement}[family](n)
decide = {"preimage": preimage.decide, "setops": setops.decide}[name]
t = time.perf_counter()
d = decide(st)
print(json.dumps({"verdict": d.verdict, "seconds": time.perf_counter() - t,
                  "states": d.states}))
"""


def run_one(family: str, n: int, name: str, cap: float) -> dict[str, object]:
    """One decider on one statement in a process of its own, killed at ``cap`` seconds."""
    start = time.perf_counter()
    try:
        out = subprocess.run([sys.executable, "-c", _ONE, family, str(n), name],
                             capture_output=True, text=True, timeout=cap, check=True).stdout
    except subprocess.TimeoutExpired:
        return {"verdict": "capped", "seconds": round(time.perf_counter() - start, 1)}
    got = json.loads(out.strip().splitlines()[-1])
    got["seconds"] = round(got["seconds"], 3)
    return got


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ks", type=int, nargs="*", default=list(range(2, 21)))
    parser.add_argument("--hs", type=int, nargs="*", default=list(range(8, 17)))
    parser.add_argument("--cap", type=float, default=330.0)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    jobs = [("nim", k) for k in args.ks] + [
        (fam, h) for h in args.hs for fam in ("thm2.3", "thm2.4")]
    rows: list[dict[str, object]] = []
    for family, n in jobs:
        row: dict[str, object] = {"statement": family, "n": n, "cap_s": args.cap}
        for name in DECIDERS:
            got = run_one(family, n, name, args.cap)
            row[name] = got["verdict"]
            row[f"{name}_s"] = got["seconds"]
            row[f"{name}_states"] = got.get("states")
        print(json.dumps(row), flush=True)
        rows.append(row)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
