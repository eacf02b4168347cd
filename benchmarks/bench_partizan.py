"""Benchmark: canonical forms of every Toppling Dominoes string, built bottom-up.

The work: for every string over the alphabet up to a length (every LR string of length
<= 14 and every LRE string of length <= 9), in order of length, build the canonical form
of ``{Left options | Right options}`` from the canonical forms of its options, which are
its substrings and have been computed already (a string's followers are its substrings).
The loop finds an option's value by index arithmetic (a string is the base-k number of its
letters; a prefix is a quotient, a suffix a remainder), not by slicing strings and hashing
them: the calls are the same, the loop's own cost is about half (see ``null``).
Every engine gets the same loop, with the same option lists in the same order, in a fresh
process per run:

- ``cgsat``: :func:`cgsat.cgt.canonical.game`;
- ``pycgt``: ``pycgt.game`` (pure Python, PyPI);
- ``cgt-py``: ``cgt_py.CanonicalForm`` (Rust, PyPI). It builds games only from text, so
  its loop writes ``{a,b|c}`` from its options' printed forms and parses it;
- ``null``: the loop with a function that returns None, to show the loop's own cost.

Time is CPU time of the worker process for the loop (imports excluded); memory is the
worker's peak resident set size, and its growth over the size after imports. After the
timed loop each worker reports how many distinct values it found, which must agree.

Usage::

    python benchmarks/bench_partizan.py --repeats 5
    python benchmarks/bench_partizan.py --repeats 1 --lr 10 --lre 6   # quick
"""

from __future__ import annotations

import argparse
import itertools
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

# JSON outputs go beside the scripts, under benchmarks/results/ (docs/performance.md quotes
# the figures).
RESULTS = Path(__file__).resolve().parent / "results"

ENGINES = ("cgsat", "cgt-py", "pycgt", "null")


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _engine(name: str):
    """Return ``(game, zero, distinct)`` for an engine."""
    if name == "cgsat":
        from cgsat.cgt.canonical import ZERO, game

        return game, ZERO, lambda values: len(set(values))
    if name == "pycgt":
        import pycgt

        return pycgt.game, pycgt.ZERO, lambda values: len(set(values))
    if name == "cgt-py":
        import cgt_py

        form = cgt_py.CanonicalForm

        def game(left, right):
            text = "{" + ",".join(x[1] for x in left) + "|" + ",".join(x[1] for x in right) + "}"
            c = form(text)
            return (c, repr(c)[len("CanonicalForm('") : -2])

        return game, (form("0"), "0"), lambda values: len({v[1] for v in values})
    if name == "null":
        return (lambda left, right: None), None, lambda values: None
    raise SystemExit(f"unknown engine {name!r}")


def worker(engine: str, alphabet: str, max_len: int) -> dict:
    game, zero, distinct = _engine(engine)
    baseline = _rss_mb()
    # values[n][x] is the value of the string of length n whose letters are the base-k
    # digits of x (itertools.product order). Of a string x of length n, the prefix before
    # position i is x // k^(n-i) (length i) and the suffix after it is x % k^(n-1-i).
    k = len(alphabet)
    values = [[zero]]
    lefts = set("LE") & set(alphabet)
    rights = set("RE") & set(alphabet)
    count = 0
    cpu0 = time.process_time()
    wall0 = time.perf_counter()
    for n in range(1, max_len + 1):
        prefixes = values[:n]  # prefixes[i]: the values of length i
        suffixes = values[n - 1 :: -1]  # suffixes[i]: the values of length n - 1 - i
        div = [k ** (n - i) for i in range(n)]
        mod = [k ** (n - 1 - i) for i in range(n)]
        row = []
        for x, letters in enumerate(itertools.product(alphabet, repeat=n)):
            left = []
            right = []
            for i, c in enumerate(letters):
                after = suffixes[i][x % mod[i]]
                before = prefixes[i][x // div[i]]
                if c in lefts:
                    left.append(after)
                    left.append(before)
                if c in rights:
                    right.append(after)
                    right.append(before)
            row.append(game(left, right))
        values.append(row)
        count += len(row)
    cpu = time.process_time() - cpu0
    wall = time.perf_counter() - wall0
    peak = _rss_mb()
    return {
        "engine": engine,
        "task": f"{alphabet}<={max_len}",
        "strings": count,
        "cpu_s": cpu,
        "wall_s": wall,
        "peak_rss_mb": peak,
        "rss_growth_mb": peak - baseline,
        "distinct_values": distinct([v for row in values[1:] for v in row]),
    }


def run_once(engine: str, alphabet: str, max_len: int) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--worker", engine, alphabet, str(max_len)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--lr", type=int, default=14, help="max length of LR strings")
    parser.add_argument("--lre", type=int, default=9, help="max length of LRE strings")
    parser.add_argument("--engines", default=",".join(ENGINES))
    parser.add_argument("--json", default=str(RESULTS / "partizan.json"),
                        help="write every run here (default benchmarks/results/partizan.json)")
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        engine, alphabet, n = args.worker
        print(json.dumps(worker(engine, alphabet, int(n))))
        return 0
    engines = args.engines.split(",")
    tasks = [("LR", args.lr), ("LRE", args.lre)]
    runs = []
    for rep in range(args.repeats):
        for alphabet, n in tasks:
            # rotate the order so that no engine always runs first on a shared machine
            order = engines[rep % len(engines) :] + engines[: rep % len(engines)]
            for engine in order:
                r = run_once(engine, alphabet, n)
                runs.append(r)
                print(
                    f"# {r['task']:8} {engine:7} cpu {r['cpu_s']:7.2f}s  "
                    f"peak {r['peak_rss_mb']:7.1f} MB  values {r['distinct_values']}",
                    file=sys.stderr,
                    flush=True,
                )
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    with open(args.json, "w") as f:
        json.dump(runs, f, indent=1)
    print(report(runs, engines, tasks, args.repeats))
    return 0


def report(runs: list[dict], engines: list[str], tasks: list, repeats: int) -> str:
    lines = [
        f"Medians of {repeats} runs (CPU seconds of the loop; peak RSS of the worker).",
        "",
        "| task | strings | engine | CPU s | ratio to cgsat | peak RSS MB | RSS growth MB "
        "| distinct values |",
        "|---|---:|---|---:|---:|---:|---:|---:|",
    ]
    for alphabet, n in tasks:
        task = f"{alphabet}<={n}"
        med = {}
        for engine in engines:
            rs = [r for r in runs if r["task"] == task and r["engine"] == engine]
            med[engine] = {
                k: statistics.median(r[k] for r in rs)
                for k in ("cpu_s", "peak_rss_mb", "rss_growth_mb")
            }
            med[engine]["values"] = {r["distinct_values"] for r in rs}
            med[engine]["strings"] = rs[0]["strings"]
        base = med.get("cgsat", {}).get("cpu_s")
        for engine in engines:
            m = med[engine]
            ratio = f"{m['cpu_s'] / base:.2f}" if base else "-"
            values = ",".join(str(v) for v in sorted(m["values"], key=str))
            lines.append(
                f"| {task} | {m['strings']} | {engine} | {m['cpu_s']:.2f} | {ratio} "
                f"| {m['peak_rss_mb']:.1f} | {m['rss_growth_mb']:.1f} | {values} |"
            )
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
