"""The controls that run with every all-n proof (issue 36), unit by unit: both
well-foundedness arguments on the families and their control families, and the closure
controls against each decider. The slips they catch, end to end, are in test_slips_caught.py.
"""

from __future__ import annotations

import itertools
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


# -- controls_failed and summary, unit by unit (issue 36: reached by the mutation run) ------


def _lax(statement):
    """A decider that proves everything (it never looks at the domain)."""
    from cgsat.automata.decision import Decision

    return Decision("lax", "proved")


def test_controls_failed_runs_the_closure_controls_only_with_a_domain():
    from cgsat.automata import product
    from cgsat.automata.options import Statement

    _, with_domain = proof_controls._closure_statements()[0]
    without = Statement(replace(with_domain.family, domain=None), with_domain.automata)
    # no domain: no closure control runs, so even a lax decider passes
    assert proof_controls.controls_failed(without, {"lax": _lax}) == []
    # a domain: each closure control refused by the product search, none by the lax one
    assert proof_controls.controls_failed(with_domain, {"product": product.decide}) == []
    failed = proof_controls.controls_failed(with_domain, {"lax": _lax})
    assert len(failed) == len(proof_controls.CLOSURE_CONTROLS)
    assert failed == proof_controls.closure_controls({"lax": _lax})


def test_controls_failed_names_a_family_that_is_not_well_founded():
    from cgsat.automata.options import Statement

    _, flip = proof_controls._closure_statements()[2]  # "letter changed": "01"
    same = OptionRule("1", "1", keep_prefix=True, keep_suffix=True, label="same")
    bad = replace(flip.family, rules=flip.family.rules + (same,), domain=None)
    st = Statement(replace(flip.family, domain=None), flip.automata)
    object.__setattr__(st, "family", bad)  # a Statement refuses it when built (argument 1)
    failed = proof_controls.controls_failed(st, {"lax": _lax})
    assert failed == proof_controls.well_founded_controls(bad)
    assert [f.split(":")[0] for f in failed] == [
        "well-foundedness (length-weight order) refuses the family",
        "well-foundedness (rank function) refuses the family"]
    assert "rule 'same'" in failed[1]
    assert "rule 'same' may not make the position smaller" in failed[0]


def test_summary_records_the_controls_that_ran():
    from cgsat.automata.options import Statement

    _, with_domain = proof_controls._closure_statements()[2]  # "letter changed": "01"
    without = Statement(replace(with_domain.family, domain=None), with_domain.automata)
    arguments = ["length-weight order", "rank function"]
    # both arguments refuse both control families of a two-letter family
    refused = len(proof_controls._control_families(without.family))
    assert proof_controls.summary(without, ["setops", "product"]) == {
        "well-founded": arguments, "well-founded controls refused": refused}
    assert proof_controls.summary(with_domain, ["setops", "product"]) == {
        "well-founded": arguments, "well-founded controls refused": refused,
        "closure controls refused": list(proof_controls.CLOSURE_CONTROLS),
        "by": ["setops", "product"]}
    # a one-letter family has one control family: the record says 1, not 2
    _, one_letter = proof_controls._closure_statements()[0]  # "prefix kept": "1"
    assert proof_controls.summary(one_letter, ["setops"])[
        "well-founded controls refused"] == 1


def test_the_control_rules_keep_length_and_weight_at_every_match():
    """What the controls stand for: every option of the added rule, at every index of every
    short word, has the word's length and letter weight (a rule that dropped a prefix or a
    suffix would be a weaker control: an argument that takes "drops something" for
    "smaller" would pass it)."""
    _, flip = proof_controls._closure_statements()[2]  # alphabet "01", weight of 1 is 1
    for family in (GREEN_CORDON, flip.family, toppling_peaks(2)):
        controls = proof_controls._control_families(family)
        a, b = family.alphabet[:2]
        assert [label for label, _ in controls] == [f"control: {a} stays",
                                                    f"control: {a}{b} to {b}{a}"]
        for label, control in controls:
            assert control.name == f"{family.name} + {label}"
            assert control.rules[:-1] == family.rules and control.rules[-1].label == label
            weight = {c: control.weights.get(c, 0) for c in control.alphabet}
            seen = 0
            for word in ("".join(t) for size in range(4)
                         for t in itertools.product(control.alphabet, repeat=size)):
                for j in range(len(word) + 1):
                    option = proof_controls._option(control.rules[-1], word, j)
                    if option is proof_controls._NONE:
                        continue
                    seen += 1
                    assert isinstance(option, str) and len(option) == len(word)
                    assert sum(weight[c] for c in option) == sum(weight[c] for c in word)
                    assert option[:j] == word[:j]  # the prefix kept
                    k = j + len(control.rules[-1].window)
                    assert option[k:] == word[k:]  # the suffix kept
            assert seen > 4, label
    one = replace(flip.family, alphabet="1", domain=None, weights={})
    assert [label for label, _ in proof_controls._control_families(one)] == ["control: 1 stays"]


def test_the_first_argument_passes_its_objection_on(monkeypatch):
    same = OptionRule("1", "1", keep_prefix=True, keep_suffix=True, label="same")
    bad = replace(GREEN_CORDON, rules=GREEN_CORDON.rules + (same,))
    with pytest.raises(ValueError) as exc:
        bad.check_well_founded()
    assert proof_controls._first_argument(bad) == str(exc.value) != ""
    assert proof_controls._first_argument(GREEN_CORDON) == ""

    def silent(self):
        raise ValueError

    monkeypatch.setattr(WordFamily, "check_well_founded", silent)
    assert proof_controls._first_argument(GREEN_CORDON) == "refused"


def test_an_argument_that_accepts_a_control_family_is_named(monkeypatch):
    monkeypatch.setattr(proof_controls, "rank_argument", lambda family: "")
    failed = proof_controls.well_founded_controls(GREEN_CORDON)
    a, b = GREEN_CORDON.alphabet[:2]
    assert failed == [
        f"well-foundedness (rank function) accepts the control family with the rule "
        f"'{label}', whose options keep length and weight"
        for label in (f"control: {a} stays", f"control: {a}{b} to {b}{a}")]


def test_leaves_domain_needs_a_domain_word_with_an_option_outside():
    from cgsat.automata.options import Statement

    built = dict(proof_controls._closure_statements())
    two = built["window of two"]  # domain: length 0 mod 4; "111" is outside it
    assert not proof_controls.leaves_domain(two, "111")  # its option "1" is outside too
    assert proof_controls.leaves_domain(two, "1111")
    flip = built["letter changed"]
    free = Statement(replace(flip.family, domain=None), flip.automata)
    assert not proof_controls.leaves_domain(free, "11")  # no domain: nothing to leave
    everything = proof_controls._even("01", "")  # accepts every word: closed
    closed = Statement(replace(flip.family, domain=everything), flip.automata)
    assert not proof_controls.leaves_domain(closed, "11")
    assert proof_controls.leaves_domain(flip, "11")


def test_the_closure_statements_name_their_families_and_automata():
    names = {"prefix kept": "even 1", "suffix kept": "even 1", "letter changed": "even 1",
             "window of two": "length mod 4"}
    for name, st in proof_controls._closure_statements():
        assert st.family.name == f"closure control: {name}"
        assert [a.name for a in st.automata] == [names[name]]
        assert st.family.domain is not None and st.family.domain.name == names[name]


def test_the_option_reader_agrees_with_the_rules_own():
    """:func:`raw_options` reads the rules' fields apart from :meth:`OptionRule.apply`;
    on every word up to length 4 both give the same options (rules that drop a prefix,
    a suffix, both, or go to ⊥)."""
    for family in _families() + [toppling_peaks(2)]:
        for size in range(5):
            for t in itertools.product(family.alphabet, repeat=size):
                word = "".join(t)
                mine = sorted(map(str, (o for _, o in proof_controls.raw_options(family, word))))
                assert mine == sorted(map(str, family.options(word))), (family.name, word)


def test_the_rank_constant_is_above_every_letters_weight():
    """rank(w) = sum of (C + weight) with C above the rules' weights and above every
    letter's: a letter that no rule reads, weighing -7, sets C = 8 (so it counts 1)."""
    lone = OptionRule("0", "", keep_prefix=True, label="drop 0")
    light = replace(GREEN_CORDON, alphabet="01", rules=(lone,), weights={"1": -7},
                    domain=None)
    assert proof_controls.rank_argument(light) == ""  # options are shorter: well-founded
    same = OptionRule("0", "0", keep_prefix=True, keep_suffix=True, label="same")
    assert proof_controls.rank_argument(replace(light, rules=(lone, same))) == (
        "rule 'same': option '0' of '0' does not rank lower (8 >= 8)")
    # no rule at all, and a rule whose window is no word of the alphabet: nothing to refuse
    assert proof_controls.rank_argument(replace(light, rules=())) == ""
    dead = OptionRule("2", "", keep_prefix=True, label="dead")
    assert proof_controls.rank_argument(replace(light, rules=(lone, dead))) == ""


def test_the_option_reader_stops_at_the_end_of_the_word_for_an_empty_window():
    """An empty window matches at every index 0 .. len(w) and nowhere past the end:
    :func:`raw_options` lists as many options as :meth:`WordFamily.options` (one per index),
    not one more at index len(w) + 1."""
    grow = OptionRule("", "1", keep_prefix=True, keep_suffix=True, label="insert 1")
    fam = replace(GREEN_CORDON, alphabet="01", rules=(grow,), weights={}, domain=None)
    for word in ("", "0", "01"):
        mine = sorted(o for _, o in proof_controls.raw_options(fam, word))
        assert mine == sorted(fam.options(word)), word
    assert len(list(proof_controls.raw_options(fam, "01"))) == 3


def test_the_rank_constant_counts_only_the_rules_weighted_letters():
    """C = 1 + the absolute weights of the letters of every rule's window and insert: a
    letter outside the alphabet weighs 0, and a missing or empty insert adds nothing
    (here C = 1 + 1 + 1 + 1 = 4, so rank('X') = C + 1 = 5)."""
    take = OptionRule("X", "", keep_prefix=True, label="take")
    dead = OptionRule("Z", None, label="dead")  # Z is no letter: it never matches
    same = OptionRule("X", "X", keep_prefix=True, keep_suffix=True, label="same")
    fam = replace(GREEN_CORDON, alphabet="X", rules=(take, dead, same), weights={"X": 1},
                  domain=None)
    assert proof_controls.rank_argument(fam) == (
        "rule 'same': option 'X' of 'X' does not rank lower (5 >= 5)")


def test_the_rank_argument_of_a_family_without_letters():
    """With no letter the only word is the empty one; a rule that needs a letter never
    applies there, and the argument accepts the family (no maximum of no weights)."""
    fam = replace(GREEN_CORDON, alphabet="", rules=(OptionRule("1", "", label="take"),),
                  weights={}, domain=None)
    assert proof_controls.rank_argument(fam) == ""
