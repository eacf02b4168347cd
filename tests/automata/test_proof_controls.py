"""The controls that run with every all-n proof (issue 36), unit by unit: both
well-foundedness arguments on the families and their control families, and the closure
controls against each decider. The slips they catch, end to end, are in test_slips_caught.py.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from cgsat.automata import proof_controls
from cgsat.automata.count_controls import needed_terms, recheck_recurrence
from cgsat.automata.counting import CountProof, Recurrence, prove_same_counts
from cgsat.automata.dfa import Automaton
from cgsat.automata.families import GREEN_CORDON, toppling_peaks
from cgsat.automata.options import OptionRule, WordFamily

# -- the controls themselves -------------------------------------------------------------


def _families() -> list[WordFamily]:
    from cgsat.papers.thickets.all_n import sec5_statement

    return [GREEN_CORDON, toppling_peaks(1), toppling_peaks(3)] + [
        sec5_statement(n).family
        for n in ("one-leaf-nim2", "two-leaves-nim2", "two-leaves-nim3")]


@pytest.mark.parametrize("family", _families(), ids=lambda f: f.name)
def test_both_arguments_accept_the_families_and_refuse_their_controls(family):
    assert proof_controls.well_founded_controls(family) == []
    controls = proof_controls._control_families(family)
    assert len(controls) == 2
    for _, control in controls:
        with pytest.raises(ValueError, match="may not make the position smaller"):
            control.check_well_founded()
        assert "does not rank lower" in proof_controls.rank_argument(control)


def test_the_rank_argument_alone_refuses_a_growing_rule():
    grows = OptionRule("0", "00", keep_prefix=True, label="grows")
    lighter_but_longer = OptionRule("1", "00", keep_prefix=True, label="longer")
    for rule in (grows, lighter_but_longer):
        fam = replace(GREEN_CORDON, rules=GREEN_CORDON.rules + (rule,))
        assert rule.label in proof_controls.rank_argument(fam)
        with pytest.raises(ValueError):
            fam.check_well_founded()


def test_every_decider_refuses_every_closure_control(need_mona):
    from cgsat.automata import mona, product, setops

    assert proof_controls.closure_controls(
        {"product": product.decide, "setops": setops.decide, "mona": mona.decide}) == []


def test_a_decider_that_proves_a_closure_control_fails_it():
    from cgsat.automata.decision import Decision

    failed = proof_controls.closure_controls({"lax": lambda st: Decision("lax", "proved")})
    assert len(failed) == len(proof_controls.CLOSURE_CONTROLS)
    assert all("domain closure: lax does not refuse" in f for f in failed)
    # a refutation at a word that does not leave the domain does not count either
    wrong = proof_controls.closure_controls(
        {"lax": lambda st: Decision("lax", "refuted", counterexample="1")})
    assert len(wrong) == len(proof_controls.CLOSURE_CONTROLS)


def test_a_recurrence_control_with_one_term_too_few_fails():
    auto = Automaton("0", ((1,), (0,)), frozenset({0}))
    rec = Recurrence((0, 1))
    proof = prove_same_counts(auto, False, rec, [1, 0])
    assert recheck_recurrence(auto, False, rec, [1, 0], proof) == []
    need = needed_terms(auto, False, rec)
    enough = CountProof(True, need, None, proof.counts[:need])
    assert recheck_recurrence(auto, False, rec, [1, 0], enough) == []
    short = CountProof(True, need - 1, None, proof.counts[: need - 1])
    assert recheck_recurrence(auto, False, rec, [1, 0], short) == [
        f"the proof compared {need - 1} terms, the order bound needs {need}"]
    # a "proof" of a false identity, and a refutation of a true one, fail the recount too
    wrong = recheck_recurrence(auto, False, rec, [0, 1], proof)
    assert wrong and "at size 0" in wrong[0]
    assert "agree" in recheck_recurrence(auto, False, rec, [1, 0],
                                         CountProof(False, 5, 3, ()))[0]


def test_the_closure_controls_fail_only_by_their_domains():
    """Without its domain each control statement is proved (its automata are right), and
    with it the shortest violation is a word that leaves the domain."""
    from cgsat.automata import product, setops
    from cgsat.automata.options import Statement

    built = proof_controls._closure_statements()
    assert tuple(name for name, _ in built) == proof_controls.CLOSURE_CONTROLS
    for name, st in built:
        free = Statement(replace(st.family, domain=None), st.automata)
        assert product.decide(free).verdict == setops.decide(free).verdict == "proved", name
        d = product.decide(st)
        assert d.reason == "an option leaves the domain", name
        assert d.counterexample == ("1111" if name == "window of two" else "11"), name
        assert proof_controls.leaves_domain(st, d.counterexample)
        assert not proof_controls.leaves_domain(st, "1")
        assert not proof_controls.leaves_domain(st, None)
