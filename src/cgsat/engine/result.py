"""One result of ``cgsat check``, from the worker to the API, and why a check has none.

A method returns a :class:`~cgsat.claims.Verdict`; the worker that ran it hands back a
:class:`Ran` (the verdict, its seconds, and what the runner must know besides); the
executor wraps that in an :class:`~cgsat.engine.executors.base.Outcome`; the runner turns
it into a :class:`CheckResult`, stores it as a :class:`~cgsat.engine.store.Row` and reads
stored rows back as a :class:`CheckResult` (:meth:`CheckResult.from_row`). The same
:class:`CheckResult` is what :func:`cgsat.check` returns (``cgsat.api.CheckResult``) and
what ``check --json`` prints (:meth:`CheckResult.to_json`).

A result without a verdict of its method says why in :attr:`CheckResult.why`, a
:class:`Why`; the runner acts on that (a timeout stops the larger sizes of its method), never
on the text of its ``reason``, which is for people (and the JSON).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cgsat.claims import ALL_N, Verdict

if TYPE_CHECKING:  # only for annotations: the store imports nothing of this module
    from cgsat.engine.store import Row


__all__ = ["Why", "Ran", "CheckResult"]


class Why(enum.Enum):
    """Why a check has no verdict of its method (the runner's own reasons).

    A method's own ``unknown`` (too large, an external solver's failure, an internal error)
    has none: its reason is the method's.
    """

    TIMEOUT = "timeout"
    """Killed at its timeout; the larger sizes of its method are skipped."""
    MEMORY = "memory"
    """Over its memory limit, or a failed allocation; the larger sizes are skipped too."""
    DIED = "died"
    """Its worker died for another reason; the next run tries again."""
    CANCELLED = "cancelled"
    """Cancelled before it ended (a smaller size of its method was refuted or stopped)."""
    ABOVE_REFUTATION = "above-refutation"
    """Not run or not shown: a smaller size of its method is refuted."""
    ABOVE_STOP = "above-stop"
    """Not run: a smaller size of its method timed out or ran out of memory."""
    GAP = "gap"
    """Not run: the method's scope leaves this size out, though the claim's record does not
    call it vacuous (:mod:`cgsat.vacuity`); never verified, never vacuous, and shown."""

    @property
    def stops_method(self) -> bool:
        """Whether the larger sizes of the method are skipped after this one.

        Examples
        --------
        >>> Why.TIMEOUT.stops_method, Why.DIED.stops_method
        (True, False)
        """
        return self in (Why.TIMEOUT, Why.MEMORY)

    @property
    def skipped(self) -> bool:
        """Whether the check was skipped (never run to its end) because of another size."""
        return self in (Why.ABOVE_REFUTATION, Why.ABOVE_STOP)


@dataclass(frozen=True)
class Ran:
    """What a worker hands back for a check that ran to its end.

    Attributes
    ----------
    verdict : Verdict
        The method's verdict, after the replay of a counterexample.
    seconds : float
        Wall-clock seconds of the method (and the replay).
    why : Why or None
        :attr:`Why.TIMEOUT` or :attr:`Why.MEMORY` for an ``unknown`` the worker itself
        called so (an external solver past the timeout, a failed allocation).
    internal_error : str or None
        The traceback of an unexpected exception of the method (a bug in cgsat).
    fingerprint : str or None
        The method fingerprint of the code that ran it, when asked for (a Dask worker may
        run another cgsat): :func:`cgsat.engine.fingerprint.method_fingerprint`.
    """

    verdict: Verdict
    seconds: float
    why: Why | None = None
    internal_error: str | None = None
    fingerprint: str | None = None


@dataclass(frozen=True)
class CheckResult:
    """One size of one method of one claim (an element of ``check --json``'s results).

    Attributes
    ----------
    claim, n, method, status
        The claim id, the size, the method, and ``"holds"``, ``"refuted"``, ``"unknown"``,
        ``"error"``, ``"vacuous"`` or ``"proved"``. An all-n method (``proved``: the claim
        holds for every size at once) has ``n`` :data:`cgsat.claims.ALL_N` (-1), and null
        in the JSON.
    seconds, counterexample, reason, instance, solver, certificate, controls, reused
        As in ``check --json`` (docs/reference.md); ``reused`` is True when the result
        came from the store.
    revalidated : bool
        True when a reused result was stored under an earlier fingerprint of the same code
        (a fingerprint alias, ``cgsat check --revalidate``).
    detail : str or None
        Why a counterexample breaks the statement (not in the JSON).
    problem : str or None
        A disagreement, failed control or bad replay (a bug; not in the JSON).
    peak_rss_mb : float or None
        The check's peak resident memory in MiB (``check --json``'s ``peak_rss_mb``;
        None when it was not measured, as in runs stored before it was recorded).
    executor, worker : str or None
        Where the check ran: ``"local"`` or ``"dask"`` (in the JSON), and the worker
        (``host/pid`` of a local worker process, a Dask worker's address; in the store, not
        in the JSON, since it differs from run to run); for a reused result, where the
        stored run ran (None if it was stored before they were recorded, or nothing ran).
    dimacs_sha256 : str or None
        The hash of the SAT instance (stored, not in the JSON).
    internal_error : bool
        The method raised an unexpected exception (a bug in cgsat; exit code 4).
    why : Why or None
        Why the check has no verdict of its method, when the runner knows (not in the
        JSON: its ``reason`` says it in words).
    disagrees_with_stored : bool
        This run's ``error``, or ``unknown`` for another reason than its budget
        (:func:`cgsat.engine.store.disagrees`), stands against a decided verdict (holds or
        refuted) stored for the same code, which is kept (``check --json``'s
        ``disagrees_with_stored``; exit code 3; issue 24).
    """

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
    controls: dict[str, int] | None = None
    reused: bool = False
    detail: str | None = field(default=None, compare=False)
    problem: str | None = field(default=None, compare=False)
    peak_rss_mb: float | None = field(default=None, compare=False)
    executor: str | None = field(default=None, compare=False)
    worker: str | None = field(default=None, compare=False)
    revalidated: bool = False
    dimacs_sha256: str | None = field(default=None, compare=False)
    internal_error: bool = field(default=False, compare=False)
    why: Why | None = field(default=None, compare=False)
    disagrees_with_stored: bool = field(default=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The object of one result in ``check --json``."""
        return {
            "claim": self.claim, "n": None if self.n == ALL_N else self.n,
            "method": self.method, "status": self.status,
            "seconds": self.seconds, "counterexample": self.counterexample,
            "reason": self.reason, "instance": self.instance, "solver": self.solver,
            "certificate": self.certificate, "controls": self.controls,
            "reused": self.reused, "revalidated": self.revalidated,
            "peak_rss_mb": self.peak_rss_mb, "executor": self.executor,
            "disagrees_with_stored": self.disagrees_with_stored,
        }

    @property
    def skipped(self) -> bool:
        """Whether this size was skipped because of a smaller one (never run to its end).

        Examples
        --------
        >>> CheckResult("c", 4, "sat", "unknown", reason="skipped: refuted at n=3",
        ...             why=Why.ABOVE_REFUTATION).skipped
        True
        """
        return self.why is not None and self.why.skipped

    @classmethod
    def unknown(cls, claim: str, n: int, method: str, why: Why | None, reason: str,
                **kw: Any) -> CheckResult:
        """An ``unknown`` result with its ``reason`` (``why``: the runner's own reason, or
        None)."""
        return cls(claim, n, method, "unknown", reason=reason, why=why, **kw)

    @classmethod
    def of_verdict(cls, claim: str, n: int, method: str, ran: Ran, **kw: Any) -> CheckResult:
        """The result of a check that ran to its end (``kw``: where it ran, its memory).

        Examples
        --------
        >>> r = CheckResult.of_verdict("c", 3, "sat", Ran(Verdict.holds(), 0.1234567891))
        >>> r.status, r.seconds, r.internal_error
        ('holds', 0.123457, False)
        """
        v = ran.verdict
        return cls(
            claim, n, method, v.status, seconds=round(ran.seconds, 6),
            counterexample=v.counterexample, reason=v.reason, instance=v.instance,
            solver=v.solver,  # only a solver that ran: a refutation may need none
            certificate=v.certificate, controls=v.controls, detail=v.detail,
            dimacs_sha256=v.dimacs_sha256, internal_error=ran.internal_error is not None,
            why=ran.why, **kw)

    @classmethod
    def from_row(cls, row: Row) -> CheckResult:
        """A stored run, reused (``reused`` is True)."""
        return cls(
            claim=row.claim, n=row.n, method=row.method, status=row.status,
            seconds=row.seconds, counterexample=row.counterexample, reason=row.reason,
            instance=row.instance, solver=row.solver_used, certificate=row.certificate_dict,
            controls=row.controls_dict, detail=row.detail, reused=True,
            dimacs_sha256=row.dimacs_sha256, peak_rss_mb=row.peak_rss_mb,
            executor=row.executor, worker=row.worker, revalidated=row.revalidated,
        )
