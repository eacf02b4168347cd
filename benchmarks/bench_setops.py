"""The set-operations decider against the product search on the green-cordon statements.

For each k, both deciders decide ``nim_statement(k)`` (the automata R_0 .. R_k of the
stored library, *Thinning Thickets* §5) in the same run; the medians of ``--repeat`` runs
and their ratio are printed as a JSON object per k, and written to
``benchmarks/results/setops.json``. Both must say "proved".

    python benchmarks/bench_setops.py --ks 2 4 6 8 --repeat 3
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from cgsat.automata import product, setops
from cgsat.automata.library import nim_statement

OUT = Path(__file__).resolve().parent / "results" / "setops.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ks", type=int, nargs="+", default=[2, 4, 6, 8])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    rows = []
    for k in args.ks:
        st = nim_statement(k)
        times: dict[str, list[float]] = {"setops": [], "product": []}
        for _ in range(args.repeat):
            for name, decide in (("setops", setops.decide), ("product", product.decide)):
                start = time.perf_counter()
                d = decide(st)
                times[name].append(time.perf_counter() - start)
                assert d.verdict == "proved", (name, k, d)
        med = {name: statistics.median(ts) for name, ts in times.items()}
        row = {"k": k, "setops_s": round(med["setops"], 4),
               "product_s": round(med["product"], 4),
               "product_over_setops": round(med["product"] / med["setops"], 1)}
        print(json.dumps(row), flush=True)
        rows.append(row)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
