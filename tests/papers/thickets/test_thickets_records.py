"""The characterizations of *Thinning Thickets* as kit records (issue 34): the kit's play
stored as ``brute`` refutes a wrong list, the §5 families keep exactly the cordons with one
or two leaf arcs, and the vacuous sizes are the family's (as the claims' were before)."""

from __future__ import annotations

from functools import partial

import pytest

from cgsat.claims import Budget
from cgsat.games import green_cordon
from cgsat.kit import KitClaim, exactly, record
from cgsat.kit import methods as kit_methods
from cgsat.papers.registry import get_claim
from cgsat.papers.thickets import brute
from cgsat.papers.thickets.claims import CORDONS, ONE_LEAF, PLAY_AS_BRUTE, TWO_LEAVES
from cgsat.papers.thickets.listed import accepted
from cgsat.papers.thickets.rules import nim0_rule, nim1_rule

RECORDS = ["thm3.2", "thm3.3", "sec5-one-leaf-nim2", "sec5-two-leaves-nim2",
           "sec5-two-leaves-nim3", "green-nim2", "green-nim3", "green-nim4", "green-nim12"]


@pytest.mark.parametrize("label", RECORDS)
def test_the_characterizations_are_kit_records_with_the_stored_method_names(label):
    claim = get_claim(f"thickets.{label}")
    assert isinstance(claim, KitClaim) and claim.family is not None
    assert {m.name for m in claim.methods} <= {"automata", "brute", "sat"}
    assert claim.base == 0


@pytest.mark.parametrize("label", ["thm3.2", "thm3.3", "green-nim2", "green-nim3"])
def test_their_brute_is_the_kit_play_and_holds(label):
    method = get_claim(f"thickets.{label}").method("brute")
    assert method.run.func is kit_methods.play and method.max_n == 18
    assert method.run(9, Budget()).status == "holds"


def test_the_kit_play_refutes_a_wrong_list_and_the_papers_replay_confirms_it():
    # nim-value 1's cordons listed as nim-value 0's: refuted at the first height, 0
    wrong = record("thickets.wrong", CORDONS, exactly(partial(accepted, rule=nim1_rule),
                                                      value="0"),
                   paper="p", theorem="t", quick=4, target=4, base=0, rename=PLAY_AS_BRUTE)
    v = wrong.method("brute").run(0, Budget())
    assert v.status == "refuted" and v.counterexample == "0:"
    assert brute.confirm_characterization(0, v.counterexample, value=0, rule=nim1_rule,
                                          leaves=None)
    right = get_claim("thickets.thm3.2")
    assert not right.confirm(0, "0:")


def test_accepted_lists_the_rules_cordons():
    for n in range(7):
        listed = set(accepted(n, rule=nim0_rule))
        assert listed == {green_cordon.format_cordon(c) for c in green_cordon.cordons(n)
                          if brute.nim_value(*c) == 0}


@pytest.mark.parametrize(("family", "leaves"), [(ONE_LEAF, 1), (TWO_LEAVES, 2)])
def test_the_sec5_families_keep_the_cordons_with_that_many_leaves(family, leaves):
    for n in range(8):
        kept = {t for t in family.positions(n) if family.keep(t)}
        assert kept == {green_cordon.format_cordon(c) for c in green_cordon.cordons(n)
                        if len(c[1]) == leaves}


@pytest.mark.parametrize(("label", "empty"), [("sec5-one-leaf-nim2", 2),
                                              ("sec5-two-leaves-nim2", 3),
                                              ("sec5-two-leaves-nim3", 3), ("thm3.2", 0)])
def test_the_vacuous_sizes_are_the_heights_without_such_a_cordon(label, empty):
    claim = get_claim(f"thickets.{label}")
    assert [n for n in range(25) if claim.vacuous(n)] == list(range(empty))
