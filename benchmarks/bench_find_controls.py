"""What controls cost `cgsat find`: `--controls 16` (the default) against `--controls 0`.

Each query runs as a fresh process (`python -m cgsat find ... --json`), the two settings
interleaved, ``--repeats`` times; the table gives medians and their ratio. Optionally a
third column runs another source tree (``--baseline SRC``, e.g. an export of an earlier
commit: ``git archive COMMIT src | tar -x -C /tmp/base``), with no --controls option.

    python benchmarks/bench_find_controls.py --repeats 5
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

QUERIES = [
    ["timber-path", "--length", "21", "--value", "0"],
    ["toppling", "--length", "20", "--value", "{{1|0}|0}"],
    ["green-cordon", "--height", "20", "--value", "0", "--count"],
    ["green-cordon", "--height", "30", "--value", "0", "--count"],
    ["green-cordon", "--height", "10", "--value", "*2", "--all"],
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--baseline", default=None, help="another src/ tree to time alike")
    args = ap.parse_args()
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
    settings = {"controls 16": (here, ["--controls", "16"]),
                "controls 0": (here, ["--controls", "0"])}
    if args.baseline:
        settings["baseline"] = (args.baseline, [])
    print("| query | " + " | ".join(settings) + " | ratio 16/0 |")
    print("|---" * (len(settings) + 2) + "|")
    for argv in QUERIES:
        times: dict[str, list[float]] = {k: [] for k in settings}
        for _ in range(args.repeats):
            for k, (src, extra) in settings.items():
                env = dict(os.environ, PYTHONPATH=src)
                t0 = time.perf_counter()
                subprocess.run([sys.executable, "-m", "cgsat", "find", *argv, *extra, "--json"],
                               env=env, check=True, capture_output=True)
                times[k].append(time.perf_counter() - t0)
        med = {k: statistics.median(v) for k, v in times.items()}
        ratio = med["controls 16"] / med["controls 0"]
        print(f"| `{' '.join(argv)}` | " + " | ".join(f"{v:.2f} s" for v in med.values())
              + f" | {ratio:.2f}× |", flush=True)


if __name__ == "__main__":
    main()
