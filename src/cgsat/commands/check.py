"""``cgsat check`` (docs/reference.md): check claims size by size, store and print the
results, and close with a summary.

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
import sys
from typing import Any

from cgsat.api import CheckReport, CheckResult, check
from cgsat.claims import ALL_N
from cgsat.commands.options import own_claims
from cgsat.engine.progress import Progress
from cgsat.engine.revalidate import revalidate
from cgsat.engine.runner import blamed_tools
from cgsat.engine.store import Store, db_path
from cgsat.errors import CgsatInputError
from cgsat.papers.registry import all_claims, all_probes, get_claim

__all__ = ["run", "summary_line"]


def _note(note: str) -> None:
    """``check``'s ``on_note``: one line on stderr."""
    print(f"cgsat: note: {note}", file=sys.stderr)


def _describe(res: CheckResult) -> str:
    where = "every n" if res.n is None or res.n == ALL_N else f"n={res.n}"
    parts = [f"{res.claim} {where} {res.method}: {res.status}"]
    extra = []
    if res.seconds is not None:
        extra.append(f"{res.seconds:.2f} s")
    if res.instance:
        extra.append(f"{res.instance['vars']} vars, {res.instance['clauses']} clauses")
    if res.peak_rss_mb is not None:
        extra.append(f"{res.peak_rss_mb:.0f} MB")
    if res.solver:
        extra.append(res.solver)
    if res.controls:
        extra.append(f"controls {res.controls['passed']}/{res.controls['total']}")
    if res.certificate and res.certificate.get("kind") != "model":
        c = res.certificate
        extra.append(f"{c['kind']} {c['verdict']} by {c['checker']}")
    if res.reused:
        extra.append("stored")
    elif res.executor == "dask" and res.worker:
        extra.append(f"on {res.worker}")
    if extra:
        parts.append(f"({'; '.join(extra)})")
    if res.counterexample:
        parts.append(f"counterexample {res.counterexample}")
    if res.reason:
        parts.append(f"[{res.reason}]")
    if res.detail and res.status == "refuted":
        parts.append(f"- {res.detail}")
    if res.disagrees_with_stored:
        parts.append("[disagrees with the verdict stored for the same code, which stands]")
    return " ".join(parts)


def _revalidate(path: str, ids: list[str] | None) -> None:
    """``check --revalidate``: record fingerprint aliases for the stored runs of the
    current code (:mod:`cgsat.engine.revalidate`); says on stderr what it carried over."""
    if path == ":memory:":
        raise CgsatInputError("--revalidate: --db :memory: holds no stored runs")
    claims = all_claims() if ids is None else [get_claim(i) for i in ids]
    with Store(path) as store:
        carried = revalidate(store, claims, all_probes() if ids is None else ())
    runs = sum(c.runs for c in carried)
    sys.stderr.write(f"cgsat: revalidated {runs} stored runs of {len(carried)} methods "
                     "(same code, earlier fingerprint scheme)\n")


def run(args: argparse.Namespace) -> int:
    """Run ``cgsat check`` through :func:`cgsat.api.check`; print the results and the
    closing summary; return the exit code."""
    own = {c.id: c for c in own_claims(args)}
    if args.all and args.claims:
        raise CgsatInputError("give claim ids or --all, not both")
    if not args.all and not args.claims and not own:
        raise CgsatInputError("name at least one claim (see `cgsat list`) or give --all")
    named: Any = [own.get(i, i) for i in args.claims] if args.claims else list(
        own.values())
    if args.all:
        named = [c.id for c in all_claims()] + list(own.values()) if own else "all"
    if args.revalidate:
        _revalidate(db_path(args.db), None if args.all else
                    [i for i in args.claims if i not in own])
    report = check(
        named, args.up_to, from_n=args.from_n,
        target=args.target, methods=args.method, timeout=args.timeout, solver=args.solver,
        controls=args.controls, jobs=args.jobs, proof=args.proof,
        confirm_with=args.confirm_with, db=db_path(args.db), force=args.force,
        executor=args.executor, scheduler=args.scheduler,
        external_solver=args.external_solver,
        on_result=None if args.json else (lambda r: print(_describe(r), flush=True)),
        on_note=_note,
        progress=Progress(sys.stderr, bar=sys.stderr.isatty(), lines=args.json),
        memory_limit=args.memory_limit,
    )
    if args.json:
        print(json.dumps({"results": [r.to_json() for r in report.results]}, indent=2))
    for problem in report.problems:
        sys.stderr.write(f"cgsat: DISAGREEMENT ({_blame(problem)}): {problem}\n")
    explained: set[tuple[str, str]] = set()
    for r in report.refutations:
        by = f"{r.method} ({r.solver})" if r.solver else r.method
        sys.stderr.write(f"cgsat: REFUTED {r.claim} at "
                         f"{'every n' if r.n is None else f'n={r.n}'} by {by}: "
                         f"{r.counterexample}\n")
        if r.counterexample and (r.claim, r.counterexample) not in explained:
            explained.add((r.claim, r.counterexample))
            for line in _explain(own, r):
                sys.stderr.write(f"cgsat:   {line}\n")
    for line in report.stopped_short:
        sys.stderr.write(f"cgsat: stopped short: {line}\n")
    sys.stderr.write(summary_line(report) + "\n")
    return report.exit_code


def _blame(problem: str) -> str:
    """Who is to look at a disagreement: the external tool it names (a tool that lies is
    not a bug of cgsat; issue 38), else cgsat (a bug to report).

    Examples
    --------
    >>> _blame("c n=4: method 'sat' (answered by the external solver 'liar') holds but "
    ...        "method 'brute' refutes it with LR")
    "the external solver 'liar' failed a control or disagrees: check that tool first"
    >>> _blame("c n=4: method 'sat' holds but method 'brute' refutes it with LR")
    'a bug, please report'
    """
    tools = blamed_tools(problem)
    if not tools:
        return "a bug, please report"
    return f"{' and '.join(tools)} failed a control or disagrees: check that tool first"


def _explain(own: dict[str, Any], r: CheckResult) -> list[str]:
    """The counterexample's value and outcome, and the failed part of a predicate
    (:func:`cgsat.commands.explain.explain`), for a claim of the kit."""
    from cgsat.commands.explain import explain  # only when something was refuted

    try:
        claim = own.get(r.claim) or get_claim(r.claim)
    except CgsatInputError:
        return []
    return explain(claim, r.n, r.counterexample or "")


def summary_line(report: CheckReport) -> str:
    """The last line of ``cgsat check``: how many claims and methods ran, how many were
    refuted (named), and every method that stopped short (named), so that an exit code 1
    (a refutation) never hides a short run.

    Examples
    --------
    >>> from cgsat.api import CheckReport, CheckResult
    >>> r = CheckReport(results=(CheckResult("a.x", 3, "sat", "holds"),
    ...                          CheckResult("b.y", 2, "brute", "refuted")),
    ...                 verified={}, refutations=(CheckResult("b.y", 2, "brute", "refuted"),),
    ...                 stopped_short=("a.x sat: verified to 3 of 4: n=4 timed out at 60 s",),
    ...                 problems=())
    >>> print(*summary_line(r).split(", "), sep="\\n")
    cgsat: summary: 2 claims
    2 methods: 0 reached the sizes asked
    1 refuted (b.y brute)
    1 stopped short (a.x sat); exit 1

    A method whose sizes ended in error did not reach them (issue 38):

    >>> e = CheckReport(results=(CheckResult("a.x", 3, "sat", "error"),), verified={},
    ...                 refutations=(), stopped_short=(), problems=("a.x n=3 sat: bad",))
    >>> print(*summary_line(e).split(", "), sep="\\n")
    cgsat: summary: 1 claim
    1 method: 0 reached the sizes asked
    1 ended in error (a.x sat)
    0 refuted
    0 stopped short
    1 disagreement; exit 3
    """
    methods = list(dict.fromkeys((r.claim, r.method) for r in report.results))
    refuted = list(dict.fromkeys((r.claim, r.method) for r in report.refutations))
    short = [line.split(":", 1)[0] for line in report.stopped_short]
    # a method with a size in error did not reach the sizes asked (issue 38)
    errors = list(dict.fromkeys((r.claim, r.method) for r in report.results
                                if r.status == "error" and (r.claim, r.method) not in refuted))
    done = len([m for m in methods if m not in refuted and m not in errors
                and f"{m[0]} {m[1]}" not in short])
    claims = len({c for c, _ in methods})
    text = (f"cgsat: summary: {claims} claim{'s' if claims != 1 else ''}, {len(methods)} "
            f"method{'s' if len(methods) != 1 else ''}: {done} reached the sizes asked, ")
    if errors:
        text += (f"{len(errors)} ended in error ({', '.join(f'{c} {m}' for c, m in errors)})"
                 ", ")
    text += f"{len(refuted)} refuted"
    if refuted:
        text += f" ({', '.join(f'{c} {m}' for c, m in refuted)})"
    text += f", {len(short)} stopped short"
    if short:
        text += f" ({', '.join(short)})"
    if report.problems:
        text += f", {len(report.problems)} disagreement{'s' if len(report.problems) > 1 else ''}"
    return text + f"; exit {report.exit_code}"
