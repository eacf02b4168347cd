"""The count controls (issue 36), unit by unit: the independent recount, the order bound,
and counts against play; the end-to-end slips are in test_proof_controls.py."""

from __future__ import annotations

import pytest

from cgsat.automata.count_controls import (
    against_play,
    backward_counts,
    needed_terms,
    recheck_recurrence,
    unrolled,
)
from cgsat.automata.counting import CountProof, Recurrence, counts, prove_same_counts
from cgsat.automata.library import stored
from cgsat.papers.thickets import all_n

FIB = Recurrence((1, 1), 0)


@pytest.mark.parametrize("name", ["thm3.2", "thm3.3", "nim2", "nim5"])
@pytest.mark.parametrize("bottom", [True, False])
def test_the_backward_recount_equals_the_forward_count(name, bottom):
    auto = stored(name)
    assert backward_counts(auto, bottom, 30) == counts(auto, 30, bottom)


@pytest.mark.parametrize(("name", "initial"), [("thm3.2", [1, 0]), ("thm3.3", [0, 1])])
def test_theorems_3_4_and_3_5_pass_and_need_their_terms(name, initial):
    auto = stored(name)
    proof = prove_same_counts(auto, True, FIB, initial)
    need = needed_terms(auto, True, FIB)
    assert need == 1 + auto.size + 2
    assert recheck_recurrence(auto, True, FIB, initial, proof) == []
    for terms in (need - 1, need - 2, 1):
        short = CountProof(True, terms, None, proof.counts[:terms])
        assert recheck_recurrence(auto, True, FIB, initial, short) == [
            f"the proof compared {terms} terms, the order bound needs {need}"]


def test_needed_terms_with_later_starts():
    auto = stored("thm3.2")
    m = auto.size
    assert needed_terms(auto, False, Recurrence((1, 1), 0)) == m + 2
    assert needed_terms(auto, False, Recurrence((1,), 3)) == 3 + m + 1
    assert needed_terms(auto, True, Recurrence((1, 1, 1), 5)) == 5 + m + 3 - 1


def test_the_recount_sees_a_wrong_identity_on_later_terms():
    auto = stored("thm3.2")
    # a recurrence that agrees with the counts on the first terms only
    seq = counts(auto, 40, True)
    fake = Recurrence((2,), 0)
    lie = CountProof(True, 99, None, ())
    failed = recheck_recurrence(auto, True, fake, [seq[0]], lie)
    assert failed and failed[0].startswith("the proof says the counts equal")
    assert "(recomputed)" in failed[0]
    true = CountProof(False, 99, 4, ())
    assert recheck_recurrence(auto, True, FIB, [1, 0], true)[0].startswith(
        "the proof says the counts differ")
    assert recheck_recurrence(auto, True, fake, [1], CountProof(False, 99, 2, ())) == []


def test_unrolled_starts_where_the_recurrence_starts():
    assert unrolled(Recurrence((1, 1), 2), [1, 1], 6) == {2: 1, 3: 1, 4: 2, 5: 3, 6: 5}
    assert unrolled(Recurrence((0, 1), 0), [1, 0], 3) == {0: 1, 1: 0, 2: 1, 3: 0}


def test_against_play_names_every_size():
    assert against_play("R_1", [0, 1, 1], [0, 1, 2]) == ["R_1 counts 1 at size 2, play 2"]
    assert against_play("R_1", [5, 1], [0, 1]) == ["R_1 counts 5 at size 0, play 0"]
    with pytest.raises(ValueError):
        against_play("R_1", [0], [0, 1])


@pytest.mark.parametrize("k", [0, 1, 2])
def test_the_paper_count_controls_pass(k):
    table = all_n.count_table(k)
    assert table["proved"] and "control failed" not in table


def test_exactly_the_needed_terms_pass_and_the_recount_span_is_stated():
    auto = stored("thm3.2")
    proof = prove_same_counts(auto, True, FIB, [1, 0])
    need = needed_terms(auto, True, FIB)
    enough = CountProof(True, need, None, proof.counts[:need])
    assert recheck_recurrence(auto, True, FIB, [1, 0], enough) == []
    # a refutation of a true identity: the recount says on how many sizes they agree
    # (sizes 0 .. 2 * need + 2)
    (failed,) = recheck_recurrence(auto, True, FIB, [1, 0], CountProof(False, need, 3, ()))
    assert failed == (f"the proof says the counts differ from {FIB.text()}, but they agree on "
                      f"{2 * need + 3} sizes (recomputed)")
    late = Recurrence((1, 1), 1)  # heights 1, 2, ...: 0, 1, 1, 2, ...
    need = needed_terms(auto, True, late)
    (failed,) = recheck_recurrence(auto, True, late, [0, 1], CountProof(False, need, 3, ()))
    assert failed.endswith(f"agree on {2 * need + 3} sizes (recomputed)")  # sizes 1 .. 2 need + 3
