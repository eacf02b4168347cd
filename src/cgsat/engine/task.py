"""One check in a worker: the method at one size, then the replay of a counterexample.

:func:`run_check` is the function every executor runs for ``cgsat check`` (a local worker
process, a Dask worker's sandbox). It finds the claim among :data:`ACTIVE` (the claims of
the run, which forked local workers inherit) or else in the registry (a sandbox runs
registered claims only), and returns a :class:`~cgsat.engine.result.Ran`.

- A ``refuted`` stands only after ``claim.confirm(n, counterexample)``, the direct
  solver's replay, returns True; a refutation that does not replay is an ``error`` (a bug,
  exit code 3), as is a solver disagreement.
- A record's own run-time control (:func:`cgsat.vacuity.control_at`: a kit family's filter
  against an enumeration written apart from it) runs first, at every size of every
  method; a failure is an ``error`` (exit code 3) naming the control (issue 36).
- The claim's record decides which sizes are vacuous (:mod:`cgsat.vacuity`): at such a
  size no method runs, and the result is ``vacuous`` with the record's reason. A method
  that answers ``vacuous`` where the record does not is an ``error`` (a disagreement, exit
  code 3). A size the method's scope leaves out (its ``gaps``) is not run either: it is
  ``unknown`` with the reason ``gap: ...`` and :attr:`Why.GAP`.
- A method that runs out of memory, or is too large, or whose external solver gives no
  answer, is ``unknown``; an unexpected exception is ``unknown`` with its traceback (an
  internal error, exit code 4). Bad input (:class:`CgsatInputError`) is raised.
"""

from __future__ import annotations

import time
import traceback
from dataclasses import replace

from cgsat.claims import ALL_N, Budget, Claim, Method, Verdict
from cgsat.engine import memory
from cgsat.engine.fingerprint import method_fingerprint
from cgsat.engine.result import Ran, Why
from cgsat.engine.store import MISFIT
from cgsat.errors import CgsatInputError, TooLargeError
from cgsat.sat.certificates import misfit
from cgsat.sat.external import ExternalSolverError
from cgsat.sat.solvers import SolverDisagreement
from cgsat.vacuity import GAP, control_at, gap_at, vacuous_at

__all__ = ["ACTIVE", "find_claim", "run_check"]

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


def _by_record(claim: Claim, method: Method, n: int) -> Ran | None:
    """What the records decide before any method runs (:mod:`cgsat.vacuity`): ``vacuous``
    at a size the claim calls vacuous, for every method; ``unknown`` with :attr:`Why.GAP`
    at a size the method's scope leaves out; else None (the method runs).

    Examples
    --------
    >>> from cgsat.claims import Claim
    >>> from cgsat.vacuity import with_vacuity
    >>> m = Method("brute", lambda n, b: Verdict.holds(), "every position")
    >>> c = with_vacuity(Claim("p.x", "P", "T", "s", "theorem", "n", 1, 4, 8, (m, m)),
    ...                  lambda n: "odd n: nothing" if n % 2 else None,
    ...                  gaps={"brute": lambda n: "no instance" if n == 2 else None})
    >>> _by_record(c, c.method("brute"), 3).verdict.reason
    'odd n: nothing'
    >>> r = _by_record(c, c.method("brute"), 2)
    >>> r.verdict.status, r.verdict.reason, r.why
    ('unknown', 'gap: no instance', <Why.GAP: 'gap'>)
    >>> _by_record(c, c.method("brute"), 4) is None
    True
    """
    try:  # before the record's vacuity is trusted (issue 36)
        failed = control_at(claim, n)
    except Exception as exc:  # noqa: BLE001 - a control that cannot run has not passed
        failed = f"the record's control raised {type(exc).__name__}: {exc}"
    if failed is not None:
        return Ran(Verdict.error(f"control failed: {failed}"), 0.0)
    vacuous = vacuous_at(claim, n)  # the record decides, once, for every method
    if vacuous is not None:
        return Ran(Verdict.vacuous(vacuous), 0.0)
    gap = gap_at(method, n)
    if gap is not None:  # the method's scope leaves this size out: not run, not vacuous
        return Ran(Verdict.unknown(f"{GAP}: {gap}"), 0.0, Why.GAP)
    return None


def _run(claim: Claim, method_name: str, n: int, budget: Budget) -> Ran:
    method = claim.method(method_name)
    t0 = time.perf_counter()
    decided = _by_record(claim, method, n)
    if decided is not None:
        return replace(decided, seconds=time.perf_counter() - t0)
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
    if verdict.status == "vacuous" and n != ALL_N:
        # the record does not call this size vacuous (it was asked above): a disagreement
        return Ran(replace(verdict, status="error", reason=(
            f"the method says vacuous ({verdict.reason}) but the claim's record does not "
            f"call n={n} vacuous: a disagreement on what there is to check")), seconds)
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
