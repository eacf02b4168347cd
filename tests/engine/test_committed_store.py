"""The committed results store (results/results.sqlite) is current: every method and
probe with stored runs has runs under the fingerprint of today's code (issue 23: a move
or a refactor that changes no code that runs leaves no stale method; a change of code
that runs is rerun, or revalidated, before it is committed)."""

from __future__ import annotations

import shutil
from pathlib import Path

from cgsat.engine.fingerprint import method_fingerprint
from cgsat.engine.probe import METHOD, probe_fingerprint
from cgsat.engine.store import Store
from cgsat.papers.registry import all_claims, all_probes

STORE = Path(__file__).resolve().parents[2] / "results" / "results.sqlite"


def _stale(copy: Path) -> list[str]:
    """The methods and probes with stored runs but none of the current code."""
    expected = {(c.id, m.name): method_fingerprint(c, m) for c in all_claims()
                for m in c.methods}
    expected.update({(p.claim_id, METHOD): probe_fingerprint(p) for p in all_probes()})
    shutil.copyfile(STORE, copy)  # opening a store may migrate it: never the committed one
    stored: dict[tuple[str, str], set[str]] = {}
    with Store(str(copy)) as store:
        for row in store.rows():  # fingerprints read through the store's aliases
            stored.setdefault((row.claim, row.method), set()).add(row.fingerprint)
    return sorted(f"{claim} {method}" for (claim, method), fps in stored.items()
                  if (claim, method) in expected and expected[claim, method] not in fps)


def test_every_stored_method_has_runs_of_the_current_code(tmp_path):
    assert _stale(tmp_path / "results.sqlite") == []
