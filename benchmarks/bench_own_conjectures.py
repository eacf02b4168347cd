"""The worked example of docs/own-conjectures.md: time to first verdict, and how far each
method of each claim gets within a 60 s timeout per size.

Each measurement is a fresh process (``python -m cgsat check --claims FILE ...``) with a
fresh store and one worker. "First verdict" is the time from starting the process to the
first result line on stdout (the claim's smallest size). The ladder runs one size per
process, in increasing order, and stops at the first size that is not decided within the
timeout or above the method's size limit.

    python benchmarks/bench_own_conjectures.py            # both tables
    python benchmarks/bench_own_conjectures.py --first    # first verdicts only
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

CLAIMS = '''\
from cgsat.user import claim, every, exactly, green_cordons, rows, timber_paths


def dyck(word):
    height = 0
    for letter in word:
        height += 1 if letter == "L" else -1
        if height < 0:
            return False
    return height == 0


CLAIMS = [
    claim("user.one-star", rows("LRE"), exactly(["LEL", "LLRL", "LRLL"], value="1*")),
    claim("user.cordon-small", green_cordons(), every(nim={0, 1, 2})),
    claim("user.peaks-dyck", timber_paths(),
          every(lambda p: (p.outcome == "P") == dyck(p.word))),
]
'''

LADDERS = {
    ("user.one-star", "play"): [8, 9, 10, 11, 12],
    ("user.one-star", "sat"): [12, 20, 30, 40, 50, 60],
    ("user.peaks-dyck", "play"): [12, 14, 16, 18],
}


def _env() -> dict[str, str]:
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
    return dict(os.environ, PYTHONPATH=src)


def first_verdict(path: str, claim: str, tmp: str) -> tuple[float, str]:
    """Seconds from process start to the first result line, and that line."""
    db = os.path.join(tmp, f"first-{claim}.sqlite")
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "cgsat", "check", "--claims", path, claim,
                             "--up-to", "4", "--jobs", "1", "--db", db],
                            env=_env(), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    seconds = time.perf_counter() - t0
    proc.wait()
    return seconds, line


def one_size(path: str, claim: str, method: str, n: int, tmp: str) -> dict:
    db = os.path.join(tmp, f"ladder-{claim}-{method}-{n}.sqlite")
    out = subprocess.run([sys.executable, "-m", "cgsat", "check", "--claims", path, claim,
                          "--method", method, "--from", str(n), "--up-to", str(n),
                          "--timeout", "60", "--jobs", "1", "--db", db, "--json"],
                         env=_env(), capture_output=True, text=True)
    results = json.loads(out.stdout)["results"] if out.stdout.strip() else []
    return results[0] if results else {"status": "not run", "seconds": None,
                                       "reason": out.stderr.strip()[-120:]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--first", action="store_true", help="first verdicts only")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "my_conjectures.py")
        with open(path, "w") as fh:
            fh.write(CLAIMS)
        print("| claim | time to first verdict | first verdict |")
        print("|---|---:|---|")
        for claim in ("user.one-star", "user.cordon-small", "user.peaks-dyck"):
            seconds, line = first_verdict(path, claim, tmp)
            print(f"| `{claim}` | {seconds:.2f} s | `{line[:70]}` |", flush=True)
        if args.first:
            return
        print()
        print("| claim | method | n | status | seconds |")
        print("|---|---|---:|---|---:|")
        for (claim, method), sizes in LADDERS.items():
            for n in sizes:
                r = one_size(path, claim, method, n, tmp)
                secs = "" if r.get("seconds") is None else f"{r['seconds']:.2f} s"
                print(f"| `{claim}` | {method} | {n} | {r['status']} "
                      f"{r.get('reason') or ''} | {secs} |", flush=True)
                if r["status"] != "holds":
                    break


if __name__ == "__main__":
    main()
