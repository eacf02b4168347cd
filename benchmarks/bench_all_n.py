"""All-n proofs (issues 25, 35): run the three deciders on every all-n statement, write the
artifacts, and print each decider's states (set operations: the largest pre-image DFA;
product: reachable states; MONA: its largest automaton) with their times.

    python benchmarks/bench_all_n.py --out results/proofs          # the committed run
    python benchmarks/bench_all_n.py --beyond 20 --budget 600 --out /tmp/beyond

``--beyond K`` also measures each decider alone on the block-pattern statements past 12, up
to K, stopping a decider at the first k it does not decide within ``--budget`` seconds
(measurements, not proved claims).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from cgsat.automata import mona, partizan_families, partizan_methods, product
from cgsat.automata.library import LARGEST, nim_statement
from cgsat.automata.methods import decide_all
from cgsat.automata.partizan import PartizanStatement
from cgsat.automata.tk_family import tk_statement
from cgsat.papers.thickets.all_n import pattern_statement, sec5_statement
from cgsat.papers.timber.path.automata import thm23_statement, thm24_statement


def statements():
    """(label, statement) of every all-n proof."""
    yield "thickets.thm3.2", nim_statement(0)
    yield "thickets.thm3.3", nim_statement(1)
    for name in ("one-leaf-nim2", "two-leaves-nim2", "two-leaves-nim3"):
        yield f"thickets.sec5-{name}", sec5_statement(name)
    for k in range(2, LARGEST + 1):
        yield f"thickets.green-nim{k}", nim_statement(k)
    for h in range(1, 9):
        yield f"timber.thm2.3-height/{h}", thm23_statement(h)
        yield f"timber.thm2.4-height/{h}", thm24_statement(h)
    yield "lumberjack.tk-family", tk_statement()
    # issue 37: partizan statements (outcome classes, reduced canonical forms)
    yield "toppling.lem1", partizan_families.toppling_lem1()
    yield "thickets.thm4.2", partizan_families.thm42()
    yield "thickets.blue-stalks", partizan_families.blue_stalks()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", required=True)
    ap.add_argument("--beyond", type=int, default=0)
    ap.add_argument("--budget", type=float, default=600.0)
    args = ap.parse_args()
    os.environ["CGSAT_PROOFS"] = args.out
    rows = []
    for label, st in statements():
        v = (partizan_methods.decide_all(st, label, None) if isinstance(st, PartizanStatement)
             else decide_all(st, label, None))
        d = json.loads(v.detail or "{}")
        ds = {x["decider"]: x for x in d.get("deciders", [])}
        row: dict[str, object] = {"label": label, "verdict": v.status,
                                  "automata": [a.size for a in st.automata]}
        shown = []
        for name in ("setops", "mona", "product"):
            got = ds.get(name, {"states": None, "seconds": None, "verdict": "not run"})
            row[f"{name}_states"], row[f"{name}_s"] = got["states"], got["seconds"]
            row[f"{name}_verdict"] = got["verdict"]
            shown.append(f"{name} {got['verdict']} {got['states']} states {got['seconds']} s")
        rows.append(row)
        print(f"{label:32} {v.status:8} " + " | ".join(shown), flush=True)
    (Path(args.out) / "summary.json").write_text(json.dumps(rows, indent=1) + "\n")
    if args.beyond:
        alive = {"product": True, "mona": True}
        for k in range(LARGEST + 1, args.beyond + 1):
            st = pattern_statement(k)
            for name, decide in (("product", product.decide), ("mona", mona.decide)):
                if not alive[name]:
                    continue
                t0 = time.perf_counter()
                d = decide(st, timeout=args.budget)
                print(f"beyond k={k:3} {name:8} {d.verdict:8} {d.states} states "
                      f"{time.perf_counter() - t0:8.2f} s", flush=True)
                alive[name] = d.verdict == "proved"
    return 0 if all(r["verdict"] == "proved" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
