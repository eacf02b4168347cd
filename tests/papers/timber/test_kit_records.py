"""Theorems 2.4, 1.1 and Lemma 3.1 of *The Game of timber!* as kit records (issue 34):
their kit statements, checked by the kit's play, agree with the paper's own methods, and
fail where the theorem does not apply (negative controls)."""

from __future__ import annotations

import pytest

from cgsat.claims import Budget
from cgsat.kit import KitClaim, Position, every, exactly, graphs, timber_paths, trees
from cgsat.kit import methods as kit_methods
from cgsat.papers.registry import get_claim
from cgsat.papers.timber.path import words
from cgsat.papers.timber.statements import leaf_arc_out_is_n, theorem11_holds
from cgsat.vacuity import vacuous_at

RECORDS = {
    "timber.thm2.4": (["brute", "sat", "smt"], range(0, 10)),
    "timber.thm1.1": (["sat", "brute"], range(3, 5)),
    "timber.lem3.1": (["sat", "brute"], range(1, 6)),
}


@pytest.mark.parametrize("cid", sorted(RECORDS))
def test_record_keeps_its_methods_and_sizes(cid: str) -> None:
    """Each record has the paper's methods, no derived one, and no vacuous size from its
    base to its target (as before, when it was a plain Claim)."""
    c = get_claim(cid)
    names, _ = RECORDS[cid]
    assert isinstance(c, KitClaim)
    assert [m.name for m in c.methods] == names
    assert all(vacuous_at(c, n) is None for n in range(c.base, c.target_bound + 1))
    assert c.base == 0 or vacuous_at(c, c.base - 1) is not None


@pytest.mark.parametrize("cid", sorted(RECORDS))
def test_kit_statement_holds_by_play(cid: str) -> None:
    """The record's family and statement, played out by the kit, hold where the paper's
    methods say the claim holds."""
    c = get_claim(cid)
    assert isinstance(c, KitClaim) and c.family is not None and c.test is not None
    for n in RECORDS[cid][1]:
        if n >= max(c.base, 1):
            v = kit_methods.play(n, Budget(), c.family, c.test, cid)
            assert v.status == "holds", (cid, n, v)


def test_theorem11_statement_refuted_on_phyminoes() -> None:
    """Negative control: Phyminoes with distances in G makes the triangle a P-position in
    normal play, so the same statement over that family is refuted at n = 3."""
    v = kit_methods.play(3, Budget(), graphs("phyminoes", distances="graph"),
                         every(theorem11_holds), "t.neg")
    assert v.status == "refuted"
    assert not theorem11_holds(Position(graphs("phyminoes", distances="graph"),
                                        v.counterexample or "", 3))


def test_lemma31_predicate_reads_the_outcome() -> None:
    """Negative control: a tree with an arc leaving a leaf fails the predicate when its
    outcome is P (forced here); one with no such arc passes whatever its outcome."""
    p = Position(trees(), "0>1 1>2", 2)
    p.__dict__["nim"] = 0  # the cached nim-value, as if the position were P
    assert not leaf_arc_out_is_n(p)
    q = Position(trees(), "1>0 1>2", 2)
    q.__dict__["nim"] = 0
    assert leaf_arc_out_is_n(q)


def test_theorem24_statement_refuted_with_normal_play_words() -> None:
    """Negative control: the misère statement with WP (Theorem 2.3's words) in place of
    X is refuted by play at n = 2."""
    v = kit_methods.play(2, Budget(), timber_paths(),
                         exactly(words.dyck_words, outcome="P", misere=True), "t.neg")
    assert v.status == "refuted"
