"""``cgsat probe NAME [--up-to N] [--json] [--out DIR] [--db PATH] [--force]
[--executor local | --executor dask --scheduler ADDRESS]`` and ``cgsat probe --list``:
open-problem probes (data tables rather than verdicts)."""

from __future__ import annotations

import argparse
import json
import sys

from cgsat.engine.executors.base import check_executor
from cgsat.engine.probe import check_up_to, compute_on, largest_up_to, run_probe
from cgsat.engine.store import Store, db_path
from cgsat.errors import CgsatInputError
from cgsat.papers.registry import all_probes, get_probe
from cgsat.report.folder import prepare_out
from cgsat.report.probes import PROBE_FILES, write_probe

__all__ = ["list_probes", "run"]


def list_probes(as_json: bool) -> int:
    probes = [{"name": p.name, "source": p.source, "up_to": p.up_to,
               "default_up_to": p.default_up_to, "base": p.base,
               "max_up_to": largest_up_to(p)}
              for p in all_probes()]
    if as_json:
        print(json.dumps(probes))
        return 0
    for p in probes:
        print(f"{p['name']}\n  source: {p['source']}\n  --up-to N: {p['up_to']} "
              f"(default {p['default_up_to']}, from {p['base']}"
              + (f" to {p['max_up_to']})" if p["max_up_to"] is not None else ")"))
    return 0


def run(args: argparse.Namespace) -> int:
    if args.list:
        if args.name is not None:
            raise CgsatInputError("--list takes no probe name")
        return list_probes(args.json)
    if args.name is None:
        raise CgsatInputError("a probe name or --list is required (see `cgsat probe --list`)")
    probe = get_probe(args.name)
    up_to = check_up_to(probe, args.up_to)
    check_executor(args.executor, args.scheduler)
    compute = compute_on(args.executor, args.scheduler)
    out_dir = args.out if args.out is not None else f"probe-{probe.name}"
    prepare_out(out_dir, PROBE_FILES)  # bad --out is reported before anything is computed

    def progress(n: int, seconds: float | None, reused: bool) -> None:
        if not args.json:
            how = "reused" if reused else f"{seconds:.1f} s"
            sys.stderr.write(f"{probe.name}: size {n} ({how})\n")

    with Store(db_path(args.db)) as store:
        result = run_probe(probe, up_to, store, force=args.force, progress=progress,
                           compute=compute)
    paths = write_probe(result, out_dir)
    if args.json:
        print(json.dumps({"probe": probe.name, "source": probe.source, "up_to": up_to,
                          "reused": result.reused,
                          "seconds": {str(n): s for n, s in result.seconds.items()},
                          "files": paths, "columns": list(probe.columns),
                          "rows": result.table()}))
    else:
        print("\n".join(probe.summary(result.sizes, up_to)))
        print(f"wrote {', '.join(paths)}")
    return 0
