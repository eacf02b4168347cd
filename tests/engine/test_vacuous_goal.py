"""A SAT goal whose target set filters to nothing at a size where the direct solver finds
positions is an error, never ``vacuous`` (issue 36). The claim's record decides the
vacuous sizes (:mod:`cgsat.vacuity`) apart from the method; the engine compares a method's
``vacuous`` with it (:mod:`cgsat.engine.task`), and a kit record's vacuity is itself
checked against an enumeration apart from its family (:mod:`cgsat.kit.coverage`)."""

from __future__ import annotations

import pytest

import cgsat
from cgsat.claims import Budget
from cgsat.kit import claim, never, rows
from cgsat.kit.families import Family
from cgsat.papers.caterpillars import sat as caterpillars_sat
from cgsat.papers.registry import get_claim
from cgsat.vacuity import vacuous_at

CLAIM = "caterpillars.thm3.3"


def test_the_sat_method_checks_positions_at_3() -> None:
    """Without the slip: at n = 3 the record has something to check, the direct solver
    (brute) finds positions there, and SAT holds."""
    c = get_claim(CLAIM)
    assert vacuous_at(c, 3) is None
    assert c.method("brute").run(3, Budget()).status == "holds"
    assert c.method("sat").run(3, Budget(controls=4, seed="t")).status == "holds"


def test_an_empty_target_set_is_an_error_not_vacuous(monkeypatch: pytest.MonkeyPatch) -> None:
    """The slip: the SAT side's list of cases (caterpillars with a leg count >= 2) filters
    to nothing at n = 3. The method alone says vacuous (exit 0 before issue 34); check
    says error, with the reason, and exits 3, while brute holds at the same size."""
    real = caterpillars_sat.thm33_pairs
    monkeypatch.setattr(caterpillars_sat, "thm33_pairs",
                        lambda n, s: [] if n == 3 else real(n, s))
    c = get_claim(CLAIM)
    assert c.method("sat").run(3, Budget(controls=4, seed="t")).status == "vacuous"
    r = cgsat.check(c, up_to=3, jobs=1)
    at3 = {x.method: x for x in r.results if x.n == 3}
    assert at3["brute"].status == "holds"
    assert at3["sat"].status == "error"
    assert "does not call n=3 vacuous" in (at3["sat"].reason or "")
    assert r.exit_code == 3


def test_a_record_that_calls_a_size_vacuous_wrongly_is_an_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The slip on the record's side (a kit family's vacancy): both methods would be
    skipped as vacuous at n = 3 although positions exist; the filter's control, which
    runs before the vacuity is trusted, makes it an error (exit 3)."""
    monkeypatch.setattr(Family, "vacancy", lambda self, n: "nothing" if n == 3 else None)
    c = claim("user.test-vacancy", rows("LR", match="RL"), never(outcome="P"))
    r = cgsat.check(c, up_to=3, jobs=1)
    assert {x.status for x in r.results if x.n == 3} == {"error"}
    assert r.exit_code == 3
