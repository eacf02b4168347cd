"""Algorithm 3.5 of *The Game of timber!*: its running time against the tree's size.

The paper states O(n^2). For each size n (edges), seeded random trees whose leaf arcs all
point into the leaves (so the Lemma 3.1 shortcut never ends the algorithm early and the
whole reduction runs) are solved by :func:`cgsat.cgt.timber_trees.outcome`; the median time
of ``--repeat`` trees per size, and the ratio of each median to the previous size's, are
printed (a JSON object per size) and written to ``benchmarks/results/alg35-SHAPE.json``
(``--shape tree``: random parents; ``--shape path``: a path, where each reduction step
walks the whole path). Doubling
n multiplies the time by about 4 for O(n^2), 2 for O(n).

    python benchmarks/bench_alg35.py --shape path --sizes 200 400 800 1600 --repeat 5
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from cgsat.cgt import timber_trees

OUT = Path(__file__).resolve().parent / "results" / "alg35-{shape}.json"


def random_tree(n: int, rng: random.Random) -> frozenset[tuple[str, str]]:
    """A random tree with n edges (random parents), leaf arcs into the leaves, the other
    arcs oriented at random."""
    parent = {v: rng.randrange(v) for v in range(1, n + 1)}
    children = {v: 0 for v in range(n + 1)}
    for p in parent.values():
        children[p] += 1
    arcs = set()
    for v, p in parent.items():
        leaf = children[v] == 0
        root_leaf = p == 0 and children[0] == 1
        if leaf:
            arcs.add((str(p), str(v)))
        elif root_leaf:
            arcs.add((str(v), str(p)))
        else:
            arcs.add((str(p), str(v)) if rng.random() < 0.5 else (str(v), str(p)))
    return frozenset(arcs)


def random_path(n: int, rng: random.Random) -> frozenset[tuple[str, str]]:
    """A path with n edges, both end arcs into the end vertices, the others at random."""
    arcs = set()
    for v in range(n):
        a, b = str(v), str(v + 1)
        if v == 0:
            arcs.add((b, a))
        elif v == n - 1:
            arcs.add((a, b))
        else:
            arcs.add((a, b) if rng.random() < 0.5 else (b, a))
    return frozenset(arcs)


SHAPES = {"tree": random_tree, "path": random_path}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 200, 400, 800])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shape", choices=sorted(SHAPES), default="tree")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    rows, previous = [], None
    for n in args.sizes:
        rng = random.Random(args.seed * 1000 + n)
        times = []
        for _ in range(args.repeat):
            tree = SHAPES[args.shape](n, rng)
            start = time.perf_counter()
            timber_trees.outcome(tree)
            times.append(time.perf_counter() - start)
        med = statistics.median(times)
        row = {"shape": args.shape, "edges": n, "median_s": round(med, 4),
               "ratio_to_previous": None if previous is None else round(med / previous, 2)}
        print(json.dumps(row), flush=True)
        rows.append(row)
        previous = med
    out = args.out or Path(str(OUT).format(shape=args.shape))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
