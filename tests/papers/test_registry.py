""":mod:`cgsat.papers.registry`: a duplicate claim id is refused, an unknown one is answered
with the nearest names."""

from __future__ import annotations

import pytest

from cgsat.claims import Claim, Method, Verdict
from cgsat.errors import CgsatInputError
from cgsat.papers import registry


def _claim(claim_id: str, methods: tuple[Method, ...], confirm=None, quick: int = 4) -> Claim:
    return Claim(id=claim_id, paper="Test", theorem="Test 0", statement="test claim",
                 kind="theorem", parameter="n", base=0, quick_bound=quick, target_bound=quick,
                 methods=methods, confirm=confirm)


def test_registry_rejects_duplicates():
    from types import SimpleNamespace

    c = _claim("test.dup", (Method("a", lambda n, b: Verdict.holds(), "all"),))
    paper = SimpleNamespace(CLAIMS=[c, c], __name__="fake")
    with pytest.raises(RuntimeError, match="duplicate claim id 'test.dup' in fake"):
        registry._unique(((x.id, paper.__name__, x) for x in paper.CLAIMS), "claim id")
    with pytest.raises(CgsatInputError, match="did you mean"):
        registry.get_claim("timber.thm2.4x")
