"""Benchmark: ``cgsat value`` on large inputs (issue 38; docs/performance.md, "Value on
large inputs").

Modes
-----
``stream``
    ``cgsat value toppling -`` over N distinct lines (each a sum of two rows of 1 to 6
    dominoes over L, R, E, seeded), for each N of ``--lines``: seconds, and the peak
    memory of the command and its children together, as resident memory (RSS, which counts
    the pages a forked child shares with the command twice) and as proportional set size
    (PSS), read from ``/proc`` every 0.05 s. The issue's bar: the peak over 200,000 lines
    within 1.5 times the peak over 20,000.
``peaks``
    ``cgsat value timber-path WORD`` on seeded random words of each length of
    ``--lengths`` (and the word of L only): seconds and peak memory, normal and misère.

Each run is a fresh ``python -m cgsat`` process; ``--src`` chooses the code (default this
checkout's ``src``; ``--src /work/main/src`` measures the code before a change), and
``--timeout`` ends a run that takes longer (reported as such).

Usage::

    python benchmarks/bench_value_input.py stream --lines 20000 200000
    python benchmarks/bench_value_input.py peaks --lengths 300 1000 3000
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(os.path.dirname(HERE), "src")
PAGE = os.sysconf("SC_PAGE_SIZE")


def tree_memory(pid: int) -> tuple[int, int]:
    """Resident bytes (RSS) and proportional set size (PSS: a page shared by k processes
    counts 1/k in each) of ``pid`` and its descendants, summed ((0, 0) if gone). RSS counts
    the pages a forked child shares with its parent twice; PSS does not."""
    rss = pss = 0
    stack, seen = [pid], set()
    while stack:
        p = stack.pop()
        if p in seen:
            continue
        seen.add(p)
        try:
            with open(f"/proc/{p}/statm") as f:
                rss += int(f.read().split()[1]) * PAGE
            with open(f"/proc/{p}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Pss:"):
                        pss += int(line.split()[1]) * 1024
                        break
            with open(f"/proc/{p}/task/{p}/children") as f:
                stack += [int(c) for c in f.read().split()]
        except (OSError, ValueError):
            continue
    return rss, pss


def run(argv: list[str], src: str, stdin_path: str | None, timeout: float) -> dict:
    """Run ``python -m cgsat ARGV``; seconds, peak tree RSS and PSS (MiB), exit code."""
    env = dict(os.environ, PYTHONPATH=src)
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "cgsat", *argv], stdin=stdin,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    peak = peak_pss = 0
    timed_out = False
    while proc.poll() is None:
        rss, pss = tree_memory(proc.pid)
        peak, peak_pss = max(peak, rss), max(peak_pss, pss)
        if time.monotonic() - t0 > timeout:
            timed_out = True
            proc.kill()
            break
        time.sleep(0.05)
    proc.wait()
    seconds = time.monotonic() - t0
    if stdin_path:
        stdin.close()
    err = proc.stderr.read().decode(errors="replace")[-300:] if proc.stderr else ""
    return {"seconds": round(seconds, 2), "peak_mib": round(peak / 2**20, 1),
            "peak_pss_mib": round(peak_pss / 2**20, 1),
            "exit": None if timed_out else proc.returncode, "timed_out": timed_out,
            "stderr": err.strip()}


def lines(n: int, seed: int = 38) -> list[str]:
    """``n`` distinct lines, each a sum of two toppling rows of 1 to 6 dominoes."""
    rng = random.Random(seed)
    seen: dict[str, None] = {}

    def row() -> str:
        return "".join(rng.choice("LRE") for _ in range(rng.randint(1, 6)))

    while len(seen) < n:
        seen.setdefault(f"{row()} {row()}", None)
    return list(seen)


def stream(args: argparse.Namespace) -> list[dict]:
    out = []
    for n in args.lines:
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("\n".join(lines(n)) + "\n")
        try:
            r = run(["value", "toppling", "-"], args.src, f.name, args.timeout)
        finally:
            os.unlink(f.name)
        r.update(mode="stream", lines=n)
        print(json.dumps(r), flush=True)
        out.append(r)
    return out


def peaks(args: argparse.Namespace) -> list[dict]:
    out = []
    for n in args.lengths:
        rng = random.Random(n)
        for name, word in (("random", "".join(rng.choice("LR") for _ in range(n))),
                           ("L only", "L" * n)):
            for misere in (False, True):
                argv = ["value", "timber-path", word, "--json"] + (["--misere"] if misere
                                                                   else [])
                r = run(argv, args.src, None, args.timeout)
                r.update(mode="peaks", length=n, word=name, misere=misere)
                print(json.dumps(r), flush=True)
                out.append(r)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("mode", choices=["stream", "peaks"])
    p.add_argument("--lines", type=int, nargs="+", default=[20_000, 200_000])
    p.add_argument("--lengths", type=int, nargs="+", default=[300, 1000, 3000])
    p.add_argument("--src", default=SRC, help="the cgsat source folder to measure")
    p.add_argument("--timeout", type=float, default=3600.0)
    p.add_argument("--out", default=None, help="also write the rows as JSON here")
    args = p.parse_args()
    rows = stream(args) if args.mode == "stream" else peaks(args)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
