"""The kit records of *Toppling Conjectures* (issue 34): each record's family and statement
say what its methods check.

The records keep the paper's methods (``derive=False``), so no method runs the statement.
Here the kit's play over the record's family and statement (:func:`cgsat.kit.methods.play`)
must give the paper's ``brute`` verdict at small sizes, refutations included
(``toppling.conj37-all-rows`` fails at n = 2); and each predicate must reject a row whose
value is set to a wrong one (a predicate that accepts everything would pass the first test
where the claim holds).
"""

from __future__ import annotations

import pytest

from cgsat.cgt.canonical import ONE, ZERO, nimber
from cgsat.cgt.value import GameValue
from cgsat.claims import Budget
from cgsat.kit import KitClaim, Position, rows
from cgsat.kit import methods as kit_methods
from cgsat.papers.registry import get_claim
from cgsat.papers.toppling import statements
from cgsat.papers.toppling.claims import CLAIMS
from cgsat.papers.toppling.families import FAMILIES
from cgsat.papers.toppling.numbers import miny
from cgsat.vacuity import vacuous_at

RECORDS = {
    "toppling.lem1": range(1, 6),
    "toppling.thm16": range(1, 6),
    "toppling.cor17": range(1, 6),
    "toppling.thm21": range(5, 8),
    "toppling.conj22": range(1, 7),
    "toppling.thm29": range(1, 10),
    "toppling.thm32": range(1, 5),
    "toppling.conj33": range(1, 9),
    "toppling.conj37-all-rows": range(1, 4),
    "toppling.conj40": range(1, 6),
    "toppling.unique-x-zero": range(1, 6),
    "toppling.unique-switch": range(1, 6),
    "toppling.unique-x-star": range(1, 6),
}


def test_the_records_are_the_claims_the_kit_can_say():
    assert {c.id for c in CLAIMS if isinstance(c, KitClaim)} == set(RECORDS)


@pytest.mark.parametrize("cid", sorted(RECORDS))
def test_kit_play_over_the_record_gives_the_brute_verdict(cid):
    c = get_claim(cid)
    assert isinstance(c, KitClaim) and c.family is not None and c.test is not None
    for n in RECORDS[cid]:
        assert vacuous_at(c, n) is None
        kit = kit_methods.play(n, Budget(), family=c.family, statement=c.test, claim_id=cid)
        own = c.method("brute").run(n, Budget())
        assert kit.status == own.status, (cid, n, kit, own)
        if kit.status == "refuted":
            assert c.confirm(n, kit.counterexample)


def test_a_refuted_record_is_refuted_by_its_statement():
    c = get_claim("toppling.conj37-all-rows")
    kit = kit_methods.play(2, Budget(), family=c.family, statement=c.test, claim_id=c.id)
    assert kit.status == "refuted" and kit.counterexample in ("EL", "LE")


def _with_value(text, value, family=None):
    """A row whose value is forced to ``value`` (the negative controls)."""
    p = Position(family or rows(), text, len(text))
    p.__dict__["value"] = GameValue(value)  # what a predicate sees: a value object
    return p


@pytest.mark.parametrize("test, text, wrong", [
    (statements.number_is_its_row, "LRR", ONE),         # 1 is L, not LRR
    (statements.number_is_palindrome, "LRR", ONE),      # not a palindrome
    (statements.rlxlr_value, "RLLLR", ZERO),            # RL 1 LR must be {{1|0}|0}
    (statements.miny_is_rlxlr, "LLLLL", miny(ONE)),      # {{1|0}|0} is RLLLR only
    (statements.stars_are_theorem29, "LLLL", nimber(2)),  # *2 of length 4: RLRL, LRLR
    (statements.stars_are_theorem29, "RLRL", ZERO),     # Theorem 29's row of *2
    (statements.only_claimed_rows(FAMILIES["x-zero"]), "LLL", miny(ONE).left[0]),  # {1|0}
    (statements.only_claimed_rows(FAMILIES["x-zero"]), "EL", ZERO),  # Ex must be {x|0}
])
def test_negative_control_a_wrong_value_breaks_the_predicate(test, text, wrong):
    assert test(Position(rows(), text, len(text)))  # the row's own value keeps it
    assert not test(_with_value(text, wrong))


def test_negative_control_lemma_1_rejects_a_wrong_outcome():
    p = Position(rows(), "LRL", 3)
    p.__dict__["outcome"] = "N"
    assert not statements.lemma1_outcome(p)
    assert statements.lemma1_outcome(Position(rows(), "LRL", 3))
