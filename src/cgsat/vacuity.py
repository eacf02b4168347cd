"""Which sizes of a claim have nothing to check, decided once by its record (issue 34).

A size n is *vacuous* for a claim when there is nothing to check there: no position, shape
or member of the claim's family has size n, or n is below the claim's base. That is a
fact about the claim, not about a method, so the record says it, once, for every method:
:class:`Scoped` adds to a
:class:`~cgsat.claims.Claim` a field ``vacuous``, a function of n giving the reason (or
None where there is something to check). The engine (:mod:`cgsat.engine.task`) asks the
record first: at a vacuous size no method runs and every method's result is ``vacuous``
with the record's reason. A method that answers ``vacuous`` at a size the record does not
call vacuous disagrees with its record: an ``error`` (exit code 3).

A method whose scope leaves out a size that is not vacuous (a SAT method with no instance
at that size, for instance) says so in its scope: :class:`ScopedMethod` adds to a
:class:`~cgsat.claims.Method` a field ``gaps``, a function of n giving what the scope
leaves out (or None). The engine does not run the method there and records the size as a
gap of that method: ``unknown`` with the reason ``gap: ...`` (never ``vacuous``, never
counted as verified; the report names it).

Both fields live here, not in :mod:`cgsat.claims`: every method's fingerprint covers
``claims.py`` (:mod:`cgsat.engine.fingerprint`), and neither field decides an answer of a
method, so neither reaches a fingerprint: a record gains its vacuity without making any
stored verdict stale.

Examples
--------
>>> from cgsat.claims import Budget, Claim, Method, Verdict
>>> m = Method("brute", lambda n, b: Verdict.holds(), "every position")
>>> c = Claim("p.x", "P", "Theorem 1", "s", "theorem", "n", 1, 4, 8, (m, m))
>>> c = with_vacuity(c, lambda n: "odd n: no position" if n % 2 else None,
...                  gaps={"brute": lambda n: "no instance" if n == 2 else None})
>>> vacuous_at(c, 3), vacuous_at(c, 4), gap_at(c.method("brute"), 2)
('odd n: no position', None, 'no instance')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from cgsat.claims import ALL_N, Claim, Method

__all__ = [
    "Reason",
    "GAP",
    "ScopedMethod",
    "Scoped",
    "vacuous_at",
    "control_at",
    "gap_at",
    "with_vacuity",
    "attach",
]

Reason = Callable[[int], str | None]
"""A function of the size n: why there is nothing at n (a sentence), or None."""

GAP = "gap"
"""The first word of the reason of a gap result (``"gap: no SAT instance at n = 1"``)."""


@dataclass(frozen=True)
class ScopedMethod(Method):
    """A :class:`~cgsat.claims.Method` whose scope leaves out some sizes.

    Attributes
    ----------
    gaps : callable or None
        ``gaps(n)``: what the method's scope leaves out at size n (a size the record does
        not call vacuous), or None where the method checks size n.
    """

    gaps: Reason | None = None


@dataclass(frozen=True)
class Scoped(Claim):
    """A :class:`~cgsat.claims.Claim` that decides which sizes have nothing to check.

    Attributes
    ----------
    vacuous : callable or None
        ``vacuous(n)``: why size n has nothing to check (no position of the claim's family
        has size n), or None where there is something to check.
    controls : callable or None
        ``controls(n)``: a control of the record that runs with every check of size n,
        before the vacuity is trusted (a count by the method's own code against the
        direct solver's, at small n; issue 36): None when it passes, else why it failed.
    """

    vacuous: Reason | None = None
    controls: Reason | None = None

    def control(self, n: int) -> str | None:
        """The record's run-time control at size n (``controls``; issue 36): None when it
        passes or there is none, else why it failed (the engine makes it an ``error``)."""
        return None if self.controls is None else self.controls(n)


def vacuous_at(claim: Claim, n: int) -> str | None:
    """Why the record of ``claim`` calls size ``n`` vacuous, or None (an all-n run,
    n = :data:`~cgsat.claims.ALL_N`, is never vacuous).

    A size below the claim's ``base`` (``--from`` below it) is vacuous for every claim:
    the claim says nothing there, and no method is asked.

    Examples
    --------
    >>> from cgsat.claims import Claim, Method, Verdict
    >>> m = Method("brute", lambda n, b: Verdict.holds(), "every position")
    >>> c = Claim("p.x", "P", "T", "s", "theorem", "n", 2, 4, 8, (m, m))
    >>> print(vacuous_at(c, 1), vacuous_at(c, 2))
    below the base of the claim: it speaks of n >= 2 None
    """
    if n == ALL_N:
        return None
    if n < claim.base:
        return f"below the base of the claim: it speaks of n >= {claim.base}"
    decide = getattr(claim, "vacuous", None)
    return None if decide is None else decide(n)


def control_at(claim: Claim, n: int) -> str | None:
    """The failure of the record's own run-time control at size ``n`` (a kit record's
    filter coverage, :meth:`cgsat.kit.records.KitClaim.control`), or None: it passed, or
    the record has none. The engine asks it before it trusts the record's vacuity, so a
    record that calls a size vacuous wrongly fails here (issue 36).

    Examples
    --------
    >>> from cgsat.claims import Claim, Method, Verdict
    >>> m = Method("brute", lambda n, b: Verdict.holds(), "every position")
    >>> print(control_at(Claim("p.x", "P", "T", "s", "theorem", "n", 2, 4, 8, (m, m)), 3))
    None
    """
    if n == ALL_N or not isinstance(claim, Scoped):
        return None
    return claim.control(n)


def gap_at(method: Method, n: int) -> str | None:
    """What the scope of ``method`` leaves out at size ``n``, or None."""
    decide = getattr(method, "gaps", None)
    if decide is None or n == ALL_N:
        return None
    return decide(n)


def with_vacuity(claim: Claim, vacuous: Reason | None = None, *,
                 gaps: Mapping[str, Reason] | None = None,
                 controls: Reason | None = None) -> Claim:
    """``claim`` with its vacuous sizes (and its methods' gaps) decided by the record.

    Parameters
    ----------
    claim : Claim
        Any claim record (a paper's, or a kit record, which keeps its own class).
    vacuous : callable, optional
        ``n -> reason or None``; default: keep the record's own (none for a plain claim).
    gaps : mapping, optional
        Method name -> ``n -> reason or None``, the sizes that method's scope leaves out.
    controls : callable, optional
        ``n -> failure or None``, the record's run-time control (default: keep the
        record's own).

    Returns
    -------
    Claim
        A :class:`Scoped` record (of the same class if ``claim`` already is one) with the
        same fields, methods and fingerprints.

    Raises
    ------
    KeyError
        For a gap of a method the claim does not have.
    """
    gaps = dict(gaps or {})
    for name in gaps:
        claim.method(name)
    methods = tuple(
        _scoped(m, gaps[m.name]) if m.name in gaps else m for m in claim.methods)
    if isinstance(claim, Scoped):
        keep = claim.vacuous if vacuous is None else vacuous
        control = claim.controls if controls is None else controls
        return dataclasses.replace(claim, vacuous=keep, methods=methods, controls=control)
    fields = {f.name: getattr(claim, f.name) for f in dataclasses.fields(Claim)}
    fields["methods"] = methods
    return Scoped(**fields, vacuous=vacuous, controls=controls)


def _scoped(method: Method, gaps: Reason) -> ScopedMethod:
    fields = {f.name: getattr(method, f.name) for f in dataclasses.fields(Method)}
    return ScopedMethod(**fields, gaps=gaps)


def attach(claims: Iterable[Claim], vacuous: Mapping[str, Reason], *,
           gaps: Mapping[str, Mapping[str, Reason]] | None = None,
           controls: Mapping[str, Reason] | None = None) -> list[Claim]:
    """A paper's ``CLAIMS`` with the vacuous sizes of some records, the gaps of some
    methods and the run-time controls of some records, decided by the records
    (:func:`with_vacuity`).

    Raises
    ------
    KeyError
        For an id that names no claim of the list (a typo must not go unnoticed).
    """
    gaps = gaps or {}
    controls = controls or {}
    claims = list(claims)
    ids = {c.id for c in claims}
    for cid in [*vacuous, *gaps, *controls]:
        if cid not in ids:
            raise KeyError(cid)
    return [with_vacuity(c, vacuous.get(c.id), gaps=gaps.get(c.id),
                         controls=controls.get(c.id))
            if c.id in vacuous or c.id in gaps or c.id in controls else c for c in claims]
