"""The replay of stored refutations (issue 38: "stored rows are believed without checks").

A fresh refutation counts only after the claim's ``confirm``, the direct solver's replay,
returns True (:mod:`cgsat.engine.task`). A stored one is replayed the same way each time
a run or a report reads it (:attr:`cgsat.engine.store.Store.replay`): a counterexample
that does not parse at its n for the claim's ruleset or family, or that the direct solver
does not confirm, makes the row an ``error`` naming it (:func:`cgsat.engine.store.bad_row`),
never reused and never reported as a finding. Each row is replayed once per process.

The runner (:func:`cgsat.engine.runner.run_checks`) and the report
(:func:`cgsat.report.write_report`) install it; the module is imported by no method, so
it is in no method fingerprint.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from cgsat.claims import ALL_N, Claim
from cgsat.engine.store import Row, bad_row

__all__ = ["replay_problem", "stored_replay"]


def _size_of(claim: Claim, counterexample: str) -> int | None:
    """The size n of ``counterexample`` in the family of a kit claim (whose ``confirm`` is
    a partial with its family), for an all-n refutation; None when it cannot be told."""
    confirm = claim.confirm
    family = confirm.keywords.get("family") if isinstance(confirm, partial) else None
    size_of = getattr(family, "size_of", None)
    if size_of is None:
        return None
    try:
        n = size_of(counterexample)
    except Exception:  # noqa: BLE001 - a text the family cannot read: it does not replay
        return None
    return n if isinstance(n, int) else None


def replay_problem(claim: Claim, row: Row) -> str | None:
    """Why the stored refutation ``row`` of ``claim`` does not stand (None when the
    claim's ``confirm`` replays it at its n).

    Examples
    --------
    >>> from cgsat.papers.registry import get_claim
    >>> c = get_claim("toppling.conj39")
    >>> replay_problem(c, Row(c.id, 4, "brute", "", "0", "refuted", counterexample="LRXX"))
    "the direct solver does not confirm 'LRXX' at n=4"
    """
    cex = row.counterexample or ""
    if claim.confirm is None:
        return "the claim has no replay (confirm)"
    n = row.n
    if n == ALL_N:
        size = _size_of(claim, cex)
        if size is None:
            return f"an all-n refutation whose size in the claim's family is unknown ({cex!r})"
        n = size
    try:
        ok = bool(claim.confirm(n, cex))
    except MemoryError:
        return f"the replay of {cex!r} at n={n} ran out of memory"
    except Exception as exc:  # noqa: BLE001 - a text that does not parse, a bad position
        return f"the replay of {cex!r} at n={n} raised {type(exc).__name__}: {exc}"
    return None if ok else f"the direct solver does not confirm {cex!r} at n={n}"


def stored_replay(claims: Iterable[Claim]) -> Callable[[Row], Row]:
    """The check :attr:`cgsat.engine.store.Store.replay` runs on every stored ``refuted``
    row it reads: the row itself when ``claims`` has its claim and the claim's replay
    confirms it, or has no such claim (the row is then used by no run or report of
    them), else the row read as an ``error`` naming it. Results are cached by row id."""
    by_id = {c.id: c for c in claims}
    seen: dict[tuple[int | None, int, str | None], str | None] = {}

    def check(row: Row) -> Row:
        claim = by_id.get(row.claim)
        if row.status != "refuted" or claim is None:
            return row
        key = (row.id, row.n, row.counterexample)
        if key not in seen:
            seen[key] = replay_problem(claim, row)
        why = seen[key]
        return row if why is None else bad_row(row, why)

    return check
