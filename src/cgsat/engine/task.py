"""One check in a worker: the method at one size, then the replay of a counterexample.

:func:`run_check` is the function every executor runs for ``cgsat check`` (a local worker
process, a Dask worker's sandbox). It finds the claim among :data:`ACTIVE` (the claims of
the run, which forked local workers inherit) or else in the registry (a sandbox runs
registered claims only), and returns a :class:`~cgsat.engine.result.Ran`.

- A ``refuted`` stands only after ``claim.confirm(n, counterexample)``, the direct
  solver's replay, returns True; a refutation that does not replay is an ``error`` (a bug,
  exit code 3), as is a solver disagreement.
- A method that runs out of memory, or is too large, or whose external solver gives no
  answer, is ``unknown``; an unexpected exception is ``unknown`` with its traceback (an
  internal error, exit code 4). Bad input (:class:`CgsatInputError`) is raised.
"""

from __future__ import annotations

import time
import traceback
from dataclasses import replace

from cgsat.claims import Budget, Claim, Verdict
from cgsat.engine import memory
from cgsat.engine.fingerprint import method_fingerprint
from cgsat.engine.result import Ran, Why
from cgsat.engine.store import MISFIT
from cgsat.errors import CgsatInputError, TooLargeError
from cgsat.sat.certificates import misfit
from cgsat.sat.external import ExternalSolverError
from cgsat.sat.solvers import SolverDisagreement

# Claims visible to the worker processes (forked after the runner sets it).
ACTIVE: dict[str, Claim] = {}


def find_claim(claim_id: str) -> Claim:
    """The claim ``claim_id`` of this run (:data:`ACTIVE`), else the registered one."""
    claim = ACTIVE.get(claim_id)
    if claim is None:
        from cgsat.papers.registry import get_claim  # loads every paper: only in a sandbox

        claim = ACTIVE.setdefault(claim_id, get_claim(claim_id))
    return claim


def run_check(claim_id: str, method_name: str, n: int, budget: Budget,
              fingerprint: bool = False) -> Ran:
    """Run one check: the method, then the replay of any counterexample.

    With ``fingerprint``, the :class:`Ran` carries the method fingerprint of the code that
    ran it (a Dask worker may run another cgsat than the client).

    Examples
    --------
    >>> ran = run_check("lumberjack.tuft", "mex", 2, Budget(), fingerprint=True)
    >>> ran.verdict.status, len(ran.fingerprint) > 8
    ('holds', True)

    References
    ----------
    Runs the registered claims of the five papers (here Lumberjack's tuft claim); it
    decides nothing itself.
    """
    claim = find_claim(claim_id)
    ran = _run(claim, method_name, n, budget)
    if fingerprint:
        ran = replace(ran, fingerprint=method_fingerprint(claim, claim.method(method_name)))
    return ran


def _run(claim: Claim, method_name: str, n: int, budget: Budget) -> Ran:
    method = claim.method(method_name)
    t0 = time.perf_counter()
    try:
        verdict = method.run(n, budget)
    except SolverDisagreement as exc:
        return Ran(Verdict.error(f"solver disagreement: {exc}"), time.perf_counter() - t0)
    except TooLargeError as exc:
        return Ran(Verdict.unknown(f"too large: {exc}"), time.perf_counter() - t0)
    except ExternalSolverError as exc:  # no answer: unknown; an unreadable one: error
        seconds = time.perf_counter() - t0
        why = f"external solver: {exc}"
        if exc.unknown and budget.timeout is not None and seconds >= budget.timeout:
            # as if killed here: larger sizes skipped
            return Ran(Verdict.unknown(f"timeout {budget.timeout:g}s"), seconds, Why.TIMEOUT)
        return Ran(Verdict.unknown(why) if exc.unknown else Verdict.error(why), seconds)
    except MemoryError:
        return Ran(Verdict.unknown(memory.memory_reason(memory.active_limit())),
                   time.perf_counter() - t0, Why.MEMORY)
    except CgsatInputError:
        raise
    except Exception as exc:  # noqa: BLE001 - a bug in a method; reported, never hidden
        tb = traceback.format_exc(limit=6)
        return Ran(Verdict.unknown(f"internal error: {type(exc).__name__}: {exc}"),
                   time.perf_counter() - t0, internal_error=tb)
    seconds = time.perf_counter() - t0
    why_not = misfit(verdict.certificate, verdict.status)
    if why_not is not None:  # issue 24: a certificate must fit the answer it backs
        return Ran(replace(verdict, status="error",
                           reason=f"{MISFIT}: {why_not} (said {verdict.status})"), seconds)
    # an all-n method replays its counterexample by plain play itself (automata/methods.py)
    if verdict.status == "refuted" and not method.all_n:
        cex = verdict.counterexample or ""
        try:
            ok = bool(claim.confirm(n, cex)) if claim.confirm else False
            why = "" if claim.confirm else "the claim has no replay (confirm)"
        except MemoryError:  # the refutation stands unconfirmed: unknown, not refuted
            return Ran(Verdict.unknown(memory.memory_reason(memory.active_limit())),
                       time.perf_counter() - t0, Why.MEMORY)
        except Exception as exc:  # noqa: BLE001
            ok, why = False, f"replay raised {type(exc).__name__}: {exc}"
        if not ok:
            verdict = replace(verdict, status="error", reason=(
                f"counterexample {cex!r} was NOT confirmed by the direct solver"
                f"{' (' + why + ')' if why else ''}; this is a bug"))
    return Ran(verdict, seconds)
