"""The data of the report's section of a user's own claims (``cgsat report --claims FILE``),
which every renderer shows (:class:`cgsat.report.model.UserClaimRow`).

Loaded user claims get a section of their own, apart from the papers' findings and
bounds: each with its source, statement, methods (and "one method: not cross-checked"
when it has one), verified bounds and counterexamples. Stored rows of user claims that
were not loaded (``cgsat report`` without ``--claims``) are listed apart, as stored, and
never fail the report.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cgsat.claims import Claim
from cgsat.engine.fingerprint import method_fingerprint
from cgsat.engine.store import Store
from cgsat.report.data import claim_summary, current_rows

__all__ = ["ONE_METHOD", "user_data"]

ONE_METHOD = "one method: not cross-checked"


def user_data(store: Store, own: Sequence[Claim]) -> dict[str, Any]:
    """``{"user_claims": [...], "unloaded_user_rows": [...]}`` for ``bounds.json``."""
    rows = current_rows(store, list(own))
    summaries = []
    for c in own:
        s = claim_summary(c, [r for r in rows if r.claim == c.id],
                          {m.name: method_fingerprint(c, m) for m in c.methods})
        s["methods_why"] = getattr(c, "why", "") or (
            ONE_METHOD if len(c.methods) == 1 else "")
        summaries.append(s)
    loaded = {c.id for c in own}
    unloaded = [{"claim": cur.row.claim, "n": cur.row.n, "method": cur.row.method,
                 "status": cur.row.status, "counterexample": cur.row.counterexample,
                 "fingerprint": cur.row.fingerprint}
                for cur in store.current_rows()
                if cur.row.claim.startswith("user.") and cur.row.claim not in loaded]
    unloaded.sort(key=lambda r: (r["claim"], r["method"], r["n"], r["fingerprint"]))
    return {"user_claims": summaries, "unloaded_user_rows": unloaded}
