"""``cgsat list``, ``cgsat check`` and ``cgsat report`` (docs/reference.md).

Exit codes, by precedence 3 > 4 > 1 > 5 > 0: 3 two methods (or two solvers) disagreed, a
control failed, a refutation did not replay, or the store holds both holds and refuted for
the same code — a bug, reported loudly; 4 an internal error in a method; 1 some claim was
refuted; 5 the run stopped short of the sizes it was asked for (a timeout or a resource
limit; a closing summary on stderr says how far each method got); 0 otherwise. 2 is bad
usage or input (before anything runs).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from cgsat.errors import CgsatInputError
from cgsat.verify.claims import Budget
from cgsat.verify.progress import Progress
from cgsat.verify.registry import all_claims, get_claim
from cgsat.verify.report import write_report
from cgsat.verify.runner import plan_sizes, run_checks, select_methods
from cgsat.verify.solvers import PROOF_SOLVERS, canonical_solver
from cgsat.verify.store import Store, db_path

EXIT_OK, EXIT_REFUTED, EXIT_DISAGREE, EXIT_INTERNAL, EXIT_SHORT = 0, 1, 3, 4, 5


def run(args: argparse.Namespace) -> int:
    if args.command == "list":
        return run_list(args)
    if args.command == "check":
        return run_check(args)
    if args.command == "report":
        return run_report(args)
    raise CgsatInputError(f"unknown command {args.command!r}")


def claim_json(claim: Any) -> dict[str, Any]:
    """The object of ``list --json`` for one claim."""
    return {
        "id": claim.id,
        "source": claim.source,
        "statement": claim.statement,
        "kind": claim.kind,
        "parameter": claim.parameter,
        "paper_bound": claim.paper_bound,
        "quick_bound": claim.quick_bound,
        "target_bound": claim.target_bound,
        "methods": [m.name for m in claim.methods],
        "scope": {m.name: m.scope for m in claim.methods},
    }


def run_list(args: argparse.Namespace) -> int:
    claims = all_claims()
    if args.json:
        print(json.dumps([claim_json(c) for c in claims], indent=2))
        return EXIT_OK
    for c in claims:
        bound = "" if c.paper_bound is None else f", paper n <= {c.paper_bound}"
        print(f"{c.id:28} {c.kind:10} {c.source}")
        print(f"{'':28} {c.statement}")
        print(f"{'':28} n: {c.parameter}; quick {c.quick_bound}, target {c.target_bound}"
              f"{bound}; methods: {', '.join(m.name for m in c.methods)}")
    return EXIT_OK


def _describe(res: Any) -> str:
    parts = [f"{res.claim} n={res.n} {res.method}: {res.status}"]
    extra = []
    if res.seconds is not None:
        extra.append(f"{res.seconds:.2f} s")
    if res.instance:
        extra.append(f"{res.instance['vars']} vars, {res.instance['clauses']} clauses")
    if res.solver:
        extra.append(res.solver)
    if res.controls:
        extra.append(f"controls {res.controls['passed']}/{res.controls['total']}")
    if res.certificate and res.certificate.get("kind") != "model":
        c = res.certificate
        extra.append(f"{c['kind']} {c['verdict']} by {c['checker']}")
    if res.stored:
        extra.append("stored")
    if extra:
        parts.append(f"({'; '.join(extra)})")
    if res.counterexample:
        parts.append(f"counterexample {res.counterexample}")
    if res.reason:
        parts.append(f"[{res.reason}]")
    if res.detail and res.status == "refuted":
        parts.append(f"- {res.detail}")
    return " ".join(parts)


def run_check(args: argparse.Namespace) -> int:
    if args.all and args.claims:
        raise CgsatInputError("give claim ids or --all, not both")
    if not args.all and not args.claims:
        raise CgsatInputError("name at least one claim (see `cgsat list`) or give --all")
    claims = all_claims() if args.all else [get_claim(c) for c in dict.fromkeys(args.claims)]
    solver = canonical_solver(args.solver)
    confirm = canonical_solver(args.confirm_with) if args.confirm_with else None
    if confirm == solver:
        raise CgsatInputError(f"--confirm-with must name a solver other than {solver!r}")
    if args.proof and solver not in PROOF_SOLVERS:
        raise CgsatInputError(
            f"--proof: {solver!r} writes no DRAT proof PySAT can give us; use one of "
            + ", ".join(sorted(PROOF_SOLVERS))
        )
    methods = {c.id: select_methods(c, args.method, strict=not args.all) for c in claims}
    claims = [c for c in claims if methods[c.id]]
    if not claims:
        raise CgsatInputError(f"no registered claim has method {args.method!r}")
    sizes = {c.id: plan_sizes(c, args.from_n, args.up_to, args.target) for c in claims}
    budget = Budget(timeout=args.timeout, solver=solver, proof=args.proof,
                    confirm_with=confirm, controls=args.controls)
    for c in claims:
        for name in methods[c.id]:
            limit = c.method(name).max_n
            if limit is not None and sizes[c.id].stop - 1 > limit:
                sys.stderr.write(f"cgsat: note: {c.id} {name} runs only up to n={limit} "
                                 "(its size limit)\n")
    show = None if args.json else (lambda r: print(_describe(r), flush=True))
    with Store(db_path(args.db)) as store:
        summary = run_checks(
            claims, methods, sizes, budget, store, jobs=args.jobs, force=args.force,
            on_result=show, progress=Progress(sys.stderr, bar=sys.stderr.isatty(), lines=args.json),
        )
    order = {c.id: i for i, c in enumerate(claims)}
    results = sorted(summary.results,
                     key=lambda r: (order[r.claim], r.method, r.n))
    if args.json:
        print(json.dumps({"results": [r.to_json() for r in results]}, indent=2))
    for problem in summary.problems:
        sys.stderr.write(f"cgsat: DISAGREEMENT (a bug, please report): {problem}\n")
    for r in results:
        if r.status == "refuted":
            by = f"{r.method} ({r.solver})" if r.solver else r.method
            sys.stderr.write(f"cgsat: REFUTED {r.claim} at n={r.n} by {by}: "
                             f"{r.counterexample}\n")
    for line in summary.short:
        sys.stderr.write(f"cgsat: stopped short: {line}\n")
    if summary.problems:
        return EXIT_DISAGREE
    if summary.internal_error:
        return EXIT_INTERNAL
    if summary.refuted:
        return EXIT_REFUTED
    if summary.short:
        return EXIT_SHORT
    return EXIT_OK


def run_report(args: argparse.Namespace) -> int:
    path = db_path(args.db)
    if not os.path.exists(path):
        raise CgsatInputError(f"no results store at {path!r}; run `cgsat check` first")
    with Store(path) as store:
        written = write_report(store, args.out, args.format)
    for f in written:
        print(f)
    return EXIT_OK
