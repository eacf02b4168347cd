"""Revalidation: carry stored verdicts over to a new fingerprint when the code is the same
(``cgsat check --revalidate``, issue 23 item 3).

A fingerprint names the code that decided a verdict (:mod:`cgsat.engine.fingerprint`).
When only the *way of fingerprinting* changes (scheme 1, the raw source bytes of stores
before issue 23, to scheme 2, normalized code), the stored runs were decided by code that
is still here, unchanged: for every method whose scheme-1 fingerprint of the current code
equals the fingerprint of stored runs, those runs are the current code's, and the store
records the alias ``old -> new`` for that claim and method
(:meth:`cgsat.engine.store.Store.add_alias`). Nothing is recomputed and no row is changed;
reads resolve the alias and mark such runs ``revalidated``.

Scope: this carries a verdict over only when the code is byte for byte the code that
decided it (as the scheme-1 fingerprint sees it). A change of code that runs makes the
method's runs stale, and they are recomputed by the next ``cgsat check``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cgsat.claims import Claim
from cgsat.engine.fingerprint import (
    legacy_callable_fingerprint,
    legacy_method_fingerprint,
    method_fingerprint,
)
from cgsat.engine.probe import METHOD as PROBE_METHOD
from cgsat.engine.probe import probe_fingerprint
from cgsat.engine.store import Store
from cgsat.probes import Probe

__all__ = ["Carried", "HOW", "revalidate"]

HOW = "same code: fingerprint scheme 1 (source bytes) -> scheme 2 (normalized code)"


@dataclass(frozen=True)
class Carried:
    """One alias recorded: the runs of ``claim``/``method`` under ``old`` now count under
    ``new``; ``runs`` is how many stored runs that covers."""

    claim: str
    method: str
    old: str
    new: str
    runs: int


def _count(store: Store, claim: str, method: str, fingerprint: str) -> int:
    cur = store.conn.execute("SELECT COUNT(*) FROM runs WHERE claim = ? AND method = ? "
                             "AND fingerprint = ?", (claim, method, fingerprint))
    return int(cur.fetchone()[0])


def revalidate(store: Store, claims: Iterable[Claim],
               probes: Iterable[Probe] = ()) -> list[Carried]:
    """Record a fingerprint alias for every method (and probe) whose stored runs were
    decided by exactly the current code under the earlier fingerprint scheme.

    Returns what was carried over (already aliased runs are not counted again).

    Examples
    --------
    >>> import tempfile, os
    >>> from cgsat.papers.registry import get_claim
    >>> with tempfile.TemporaryDirectory() as d, Store(os.path.join(d, "s.sqlite")) as s:
    ...     revalidate(s, [get_claim("lumberjack.tuft")])
    []
    """
    carried = []
    targets: list[tuple[str, str, str, str]] = []
    for claim in claims:
        for method in claim.methods:
            targets.append((claim.id, method.name, legacy_method_fingerprint(claim, method),
                            method_fingerprint(claim, method)))
    for probe in probes:
        targets.append((probe.claim_id, PROBE_METHOD, legacy_callable_fingerprint(probe.size),
                        probe_fingerprint(probe)))
    aliases = store.aliases()
    for claim_id, method_name, old, new in targets:
        if old == new or aliases.get((claim_id, method_name, old)) == new:
            continue
        runs = _count(store, claim_id, method_name, old)
        if runs:
            store.add_alias(claim_id, method_name, old, new, HOW)
            carried.append(Carried(claim_id, method_name, old, new, runs))
    return carried
