"""The runner of ``cgsat check``: sizes × methods, in worker processes, with timeouts.

Each check (claim, method, n) runs in a worker process of a :class:`pebble.ProcessPool`.
PySAT's CaDiCaL cannot be interrupted in-process (it holds the GIL), so a timeout kills the
worker; the verdict is then "unknown" with reason ``"timeout 60s"``, never "holds".

- A "refuted" counts only after ``claim.confirm(n, counterexample)`` — the direct solver's
  replay — returns True (in the worker, within the timeout). A refutation that does not
  replay is a bug, reported loudly (exit code 3).
- Two methods of one claim disagreeing at the same n (one holds, the other refuted there
  for the first time) is reported loudly (exit code 3). An inductive method refuted at n
  is checked only relative to smaller sizes, so once a method is refuted its larger sizes
  are not run (and a later refutation of it is not compared).
- Results are written to the store as soon as each arrives. A stored holds/refuted for the
  same claim, n, method, solver and cgsat version is reused unless ``force``; unknown
  results are always retried. With ``--proof`` or ``--confirm-with`` a stored "holds" is
  reused only when it carries such a certificate.
- After a timeout, the larger sizes of that method are skipped (they would time out too).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import CancelledError, as_completed
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field, replace
from typing import Any

from cgsat import __version__
from cgsat.errors import CgsatInputError, TooLargeError
from cgsat.verify.claims import Budget, Claim, Verdict
from cgsat.verify.solvers import SolverDisagreement, canonical_solver, pysat_version
from cgsat.verify.store import Row, Store


@dataclass
class Result:
    """One result of ``cgsat check`` (the fields of ``check --json``, and a few more)."""

    claim: str
    n: int
    method: str
    status: str
    seconds: float | None = None
    counterexample: str | None = None
    reason: str | None = None
    instance: dict[str, int] | None = None
    solver: str | None = None
    certificate: dict[str, str] | None = None
    # not part of the JSON contract:
    detail: str | None = None
    stored: bool = False
    problem: str | None = None  # a disagreement or unconfirmed refutation (exit code 3)
    internal_error: bool = False
    dimacs_sha256: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "claim": self.claim, "n": self.n, "method": self.method, "status": self.status,
            "seconds": self.seconds, "counterexample": self.counterexample,
            "reason": self.reason, "instance": self.instance, "solver": self.solver,
            "certificate": self.certificate,
        }


@dataclass
class RunSummary:
    results: list[Result] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def refuted(self) -> bool:
        return any(r.status == "refuted" for r in self.results)

    @property
    def internal_error(self) -> bool:
        return any(r.internal_error for r in self.results)


# Claims visible to the worker processes (forked after this is set).
_ACTIVE: dict[str, Claim] = {}


def _work(claim_id: str, method_name: str, n: int, budget: Budget) -> dict[str, Any]:
    """Run one check in a worker: the method, then the replay of any counterexample."""
    claim = _ACTIVE[claim_id]
    method = claim.method(method_name)
    t0 = time.perf_counter()
    try:
        verdict = method.run(n, budget)
    except SolverDisagreement as exc:
        return {"verdict": Verdict.unknown(f"solver disagreement: {exc}"),
                "seconds": time.perf_counter() - t0, "problem": f"solver disagreement: {exc}"}
    except TooLargeError as exc:
        return {"verdict": Verdict.unknown(f"too large: {exc}"),
                "seconds": time.perf_counter() - t0}
    except MemoryError:
        return {"verdict": Verdict.unknown("memory"), "seconds": time.perf_counter() - t0}
    except CgsatInputError:
        raise
    except Exception as exc:  # noqa: BLE001 - a bug in a method; reported, never hidden
        tb = traceback.format_exc(limit=6)
        return {"verdict": Verdict.unknown(f"internal error: {type(exc).__name__}: {exc}"),
                "seconds": time.perf_counter() - t0, "internal_error": tb}
    seconds = time.perf_counter() - t0
    out: dict[str, Any] = {"verdict": verdict, "seconds": seconds}
    if verdict.status == "refuted":
        cex = verdict.counterexample or ""
        try:
            ok = bool(claim.confirm(n, cex)) if claim.confirm else False
            why = "" if claim.confirm else "the claim has no replay (confirm)"
        except Exception as exc:  # noqa: BLE001
            ok, why = False, f"replay raised {type(exc).__name__}: {exc}"
        if not ok:
            out["problem"] = (
                f"{claim.id} n={n} {method.name}: counterexample {cex!r} was NOT confirmed by "
                f"the direct solver{' (' + why + ')' if why else ''}; this is a bug"
            )
    return out


def plan_sizes(claim: Claim, from_n: int | None, up_to: int | None, target: bool) -> range:
    """The sizes to check: ``from_n`` (default base) .. ``up_to`` (default quick bound).

    With ``target`` the upper bound is the claim's target bound.

    Examples
    --------
    >>> from cgsat.verify.registry import get_claim
    >>> c = get_claim("lumberjack.tuft")
    >>> plan_sizes(c, None, 4, False), plan_sizes(c, 2, None, True) == range(2, c.target_bound + 1)
    (range(0, 5), True)
    """
    lo = claim.base if from_n is None else from_n
    hi = claim.target_bound if target else (claim.quick_bound if up_to is None else up_to)
    if lo < 0 or hi < 0:
        raise CgsatInputError(f"a bound must be at least 0, got {min(lo, hi)}")
    if lo > hi:
        raise CgsatInputError(f"{claim.id}: --from {lo} is above the upper bound {hi}")
    return range(lo, hi + 1)


def select_methods(claim: Claim, method: str, strict: bool) -> list[str]:
    """Method names of ``claim`` selected by ``--method`` (``all`` or names, comma-separated).

    With ``strict`` (claims named on the command line) a method the claim lacks is an
    error; otherwise (``--all``) such claims are skipped.

    Examples
    --------
    >>> from cgsat.verify.registry import get_claim
    >>> c = get_claim("lumberjack.tuft")
    >>> select_methods(c, "all", True), select_methods(c, "sat", False)
    (['mex', 'sum-outcome'], [])
    """
    names = [m.name for m in claim.methods]
    if method == "all":
        return names
    wanted = [w.strip() for w in method.split(",") if w.strip()]
    missing = [w for w in wanted if w not in names]
    if missing and strict:
        raise CgsatInputError(
            f"{claim.id} has no method {missing[0]!r}; it has: {', '.join(names)}"
        )
    return [w for w in wanted if w in names]


def _stored_usable(row: Row | None, budget: Budget) -> bool:
    if row is None or row.status not in ("holds", "refuted"):
        return False
    if row.status == "holds" and (budget.proof or budget.confirm_with):
        cert = row.certificate_dict or {}
        kinds = set(cert.get("kind", "").split("+"))
        if budget.proof and "drat" not in kinds:
            return False
        if budget.confirm_with and not kinds & {"second-solver", "confirm"}:
            return False
    return True


def _row_of(result: Result, solver_key: str) -> Row:
    inst = result.instance or {}
    return Row(
        claim=result.claim, n=result.n, method=result.method, solver=solver_key,
        version=__version__, status=result.status, seconds=result.seconds,
        counterexample=result.counterexample, reason=result.reason,
        instance_vars=inst.get("vars"), instance_clauses=inst.get("clauses"),
        certificate=json.dumps(result.certificate) if result.certificate else None,
        dimacs_sha256=result.dimacs_sha256, detail=result.detail,
        pysat=pysat_version() if solver_key else None,
    )


def _result_of_row(row: Row) -> Result:
    return Result(
        claim=row.claim, n=row.n, method=row.method, status=row.status,
        seconds=row.seconds, counterexample=row.counterexample, reason=row.reason,
        instance=row.instance, solver=row.solver or None, certificate=row.certificate_dict,
        detail=row.detail, stored=True, dimacs_sha256=row.dimacs_sha256,
    )


def run_checks(
    claims: Sequence[Claim],
    methods: dict[str, list[str]],
    sizes: dict[str, range],
    budget: Budget,
    store: Store,
    jobs: int | None = None,
    force: bool = False,
    on_result: Callable[[Result], None] | None = None,
    progress: bool = False,
) -> RunSummary:
    """Run every (claim, method, n) check; store and return the results.

    Parameters
    ----------
    claims : sequence of Claim
    methods : dict
        Claim id -> selected method names.
    sizes : dict
        Claim id -> the range of n.
    budget : Budget
        Timeout, solver, proof and confirm-with options for every check.
    store : Store
        Where results go (and come from, unless ``force``).
    jobs : int, optional
        Worker processes (default: the core count).
    on_result : callable, optional
        Called with each result as it arrives (for printing).
    progress : bool
        Show a tqdm progress bar on stderr.
    """
    from pebble import ProcessPool  # heavy (~45 ms), needed only when some check must run

    solver = canonical_solver(budget.solver)
    budget = replace(budget, solver=solver)
    summary = RunSummary()
    _ACTIVE.clear()
    _ACTIVE.update({c.id: c for c in claims})
    by_id = {c.id: c for c in claims}

    # per (claim, method): sizes still to run, in order
    todo: list[tuple[str, str, int]] = []
    for claim in claims:
        for name in methods[claim.id]:
            method = claim.method(name)
            key_solver = solver if method.uses_solver else ""
            for n in sizes[claim.id]:
                if method.max_n is not None and n > method.max_n:
                    continue
                row = None if force else store.get(claim.id, n, name, key_solver, __version__)
                if _stored_usable(row, budget):
                    res = _result_of_row(row)  # type: ignore[arg-type]
                    summary.results.append(res)
                    if on_result:
                        on_result(res)
                    continue
                todo.append((claim.id, name, n))

    bar = None
    if progress and todo:
        from tqdm import tqdm  # ~70 ms, needed only for the progress bar on a terminal

        bar = tqdm(total=len(todo), file=sys.stderr, unit="check", leave=False)

    stopped: dict[tuple[str, str], str] = {}  # (claim, method) -> why larger sizes stop

    def finish(res: Result) -> None:
        method = by_id[res.claim].method(res.method)
        if res.status != "unknown" or not res.reason or not res.reason.startswith("skipped"):
            store.put(_row_of(res, solver if method.uses_solver else ""))
        summary.results.append(res)
        if res.problem:
            summary.problems.append(res.problem)
        if on_result and bar is not None:
            with bar.external_write_mode(file=sys.stdout):  # keep the bar intact
                on_result(res)
        elif on_result:
            on_result(res)
        if bar is not None:
            bar.update(1)

    if todo:
        workers = max(1, min(jobs or os.cpu_count() or 1, len(todo)))
        context = multiprocessing.get_context("fork")
        pool = ProcessPool(max_workers=workers, context=context)
        try:
            tasks = {}
            for cid, name, n in todo:
                fut = pool.schedule(_work, args=(cid, name, n, budget), timeout=budget.timeout)
                tasks[fut] = (cid, name, n)
            for fut in as_completed(list(tasks)):
                cid, name, n = tasks[fut]
                method = by_id[cid].method(name)
                key = (cid, name)
                res = _collect(fut, cid, name, n, budget, solver if method.uses_solver else None)
                if res.reason == "cancelled":
                    res.reason = f"skipped: {stopped.get(key, 'cancelled')}"
                finish(res)
                why = None
                if res.status == "refuted" and not res.problem:
                    why = f"refuted at n={n}"
                elif res.status == "unknown" and (res.reason or "").startswith("timeout"):
                    why = f"timeout at n={n}"
                if why and key not in stopped:
                    stopped[key] = why
                    for other, (c2, m2, n2) in tasks.items():
                        if (c2, m2) == key and n2 > n and not other.done():
                            other.cancel()  # pebble stops a running task's worker too
        except BaseException:
            # Ctrl-C, or bad input raised by a method: stop the workers now, keep what is
            # stored, and let the CLI report it.
            pool.stop()
            pool.join()
            if bar is not None:
                bar.close()
            raise
        pool.close()
        pool.join()
    if bar is not None:
        bar.close()
    summary.problems.extend(find_disagreements(summary.results))
    return summary


def _collect(fut, cid: str, name: str, n: int, budget: Budget, solver: str | None) -> Result:
    from pebble import ProcessExpired  # heavy (~45 ms), needed only when some check ran

    try:
        out = fut.result()
    except FutureTimeout:
        t = budget.timeout
        shown = f"{t:g}s" if t is not None else "?"
        return Result(cid, n, name, "unknown", seconds=t, reason=f"timeout {shown}",
                      solver=solver)
    except CancelledError:
        return Result(cid, n, name, "unknown", reason="cancelled", solver=solver)
    except ProcessExpired as exc:
        reason = "memory" if exc.exitcode in (-9, 137) else f"worker died (exit {exc.exitcode})"
        return Result(cid, n, name, "unknown", reason=reason, solver=solver)
    verdict: Verdict = out["verdict"]
    res = Result(
        claim=cid, n=n, method=name, status=verdict.status,
        seconds=round(out["seconds"], 6), counterexample=verdict.counterexample,
        reason=verdict.reason, instance=verdict.instance,
        solver=verdict.solver or solver, certificate=verdict.certificate,
        detail=verdict.detail, dimacs_sha256=verdict.dimacs_sha256,
        problem=out.get("problem"),
    )
    if out.get("internal_error"):
        res.internal_error = True
        sys.stderr.write(f"cgsat: internal error in {cid} n={n} {name}:\n{out['internal_error']}")
    return res


def find_disagreements(results: Sequence[Result]) -> list[str]:
    """Pairs of methods of one claim where one holds and the other is first refuted at n.

    Examples
    --------
    >>> a = Result("c", 4, "sat", "holds"); b = Result("c", 4, "brute", "refuted",
    ...     counterexample="LRLR")
    >>> find_disagreements([a, b])
    ["c n=4: method 'sat' holds but method 'brute' refutes it with LRLR"]
    """
    first_refuted: dict[tuple[str, str], int] = {}
    for r in results:
        if r.status == "refuted":
            k = (r.claim, r.method)
            first_refuted[k] = min(first_refuted.get(k, r.n), r.n)
    holds = {(r.claim, r.n, r.method) for r in results if r.status == "holds"}
    problems = []
    for r in results:
        if r.status != "refuted" or first_refuted[(r.claim, r.method)] != r.n:
            continue
        for claim, n, method in sorted(holds):
            if claim == r.claim and n == r.n and method != r.method:
                problems.append(
                    f"{claim} n={n}: method {method!r} holds but method {r.method!r} "
                    f"refutes it with {r.counterexample}"
                )
    return problems
