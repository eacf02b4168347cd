"""The three all-n deciders on the green-cordon statements R_0 .. R_k, k = 2 .. 20.

For each k, the statement is ``nim_statement(k)`` (the stored automata of the registered
claims, k <= 12) or ``pattern_statement(k)`` (the block-pattern automata A_2 .. A_k of
*Thinning Thickets*, Problem 5.1, as cgsat generalizes them, k > 12). Each decider (set
operations, MONA, the product search) runs in a process of its own, capped at ``--cap``
seconds (default 600: 10 minutes); a decider past its cap is killed and shown as
``capped``, and is not run for larger k (``"not run: capped at k = ..."``: the statements
grow with k).
Then, for ``--compare`` (default 12), ``--repeat`` runs (default 3) of the two fastest
deciders together (set operations and MONA) against today's pair before issue 35 (the
product search and MONA): the medians and their ratio. One JSON object per line on stdout,
and all of them in ``benchmarks/results/deciders.json``.

    python benchmarks/bench_deciders.py                    # k = 2 .. 20, cap 600 s
    python benchmarks/bench_deciders.py --ks 2 3 4 --cap 60
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

OUT = Path(__file__).resolve().parent / "results" / "deciders.json"
DECIDERS = ("setops", "mona", "product")

_ONE = """
import json, sys, time
from cgsat.automata import mona, product, setops
from cgsat.automata.library import LARGEST, nim_statement
from cgsat.papers.thickets.all_n import pattern_statement
k, name = int(sys.argv[1]), sys.argv[2]
st = nim_statement(k) if k <= LARGEST else pattern_statement(k)
decide = {"setops": setops.decide, "mona": mona.decide, "product": product.decide}[name]
t = time.perf_counter()
d = decide(st)
print(json.dumps({"verdict": d.verdict, "seconds": time.perf_counter() - t,
                  "states": d.states, "automata": [a.size for a in st.automata]}))
"""


def run_one(k: int, name: str, cap: float) -> dict[str, object]:
    """One decider on R_0 .. R_k in a process of its own, killed at ``cap`` seconds."""
    start = time.perf_counter()
    try:
        out = subprocess.run([sys.executable, "-c", _ONE, str(k), name], capture_output=True,
                             text=True, timeout=cap, check=True).stdout
    except subprocess.TimeoutExpired:
        return {"verdict": "capped", "seconds": round(time.perf_counter() - start, 1)}
    got = json.loads(out.strip().splitlines()[-1])
    got["seconds"] = round(got["seconds"], 3)
    return got


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--ks", type=int, nargs="+", default=list(range(2, 21)))
    parser.add_argument("--cap", type=float, default=600.0)
    parser.add_argument("--compare", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    rows: list[dict[str, object]] = []
    capped: dict[str, int] = {}
    for k in args.ks:
        row: dict[str, object] = {"k": k, "cap_s": args.cap}
        for name in DECIDERS:
            if name in capped:
                row[name] = f"not run: capped at k = {capped[name]}"
                continue
            got = run_one(k, name, args.cap)
            if got["verdict"] == "capped":
                capped[name] = k
            row[name] = got["verdict"]
            row[f"{name}_s"] = got["seconds"]
            if "automata" in got:
                row["states"] = got["automata"]
        print(json.dumps(row), flush=True)
        rows.append(row)
    pairs: dict[str, list[float]] = {"setops+mona": [], "product+mona": []}
    for _ in range(args.repeat):
        runs = {name: run_one(args.compare, name, args.cap) for name in DECIDERS}
        assert all(r["verdict"] == "proved" for r in runs.values()), runs
        pairs["setops+mona"].append(float(runs["setops"]["seconds"])  # type: ignore[arg-type]
                                    + float(runs["mona"]["seconds"]))  # type: ignore[arg-type]
        pairs["product+mona"].append(float(runs["product"]["seconds"])  # type: ignore[arg-type]
                                     + float(runs["mona"]["seconds"]))  # type: ignore[arg-type]
    med = {p: statistics.median(ts) for p, ts in pairs.items()}
    compare = {"k": args.compare, "repeat": args.repeat,
               "setops_and_mona_s": round(med["setops+mona"], 3),
               "product_and_mona_s": round(med["product+mona"], 3),
               "speedup": round(med["product+mona"] / med["setops+mona"], 1)}
    print(json.dumps(compare), flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"per_k": rows, "compare": compare}, indent=1) + "\n")


if __name__ == "__main__":
    main()
