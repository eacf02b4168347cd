"""Games on words (:mod:`cgsat.automata.options`), quickly: each rule's options against the
option reader of the rank argument (:func:`cgsat.automata.proof_controls.raw_options`,
written apart), the ⊥ position and the domain, the length-weight order, and the statement's
checks and its evaluation at one word."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from all_n_statements import cordon, peaks
from cgsat.automata.dfa import Automaton
from cgsat.automata.families import GREEN_CORDON, toppling_peaks
from cgsat.automata.options import OptionRule, Statement, WordFamily
from cgsat.automata.proof_controls import _NONE, _option, rank_argument, raw_options
from cgsat.automata.replay import check_options

# every kind of rule (and a few combined), over {a, b}
RULES = [
    OptionRule("a", "", keep_prefix=True, label="prefix"),
    OptionRule("b", "", keep_suffix=True, label="suffix"),
    OptionRule("b", "a", keep_prefix=True, keep_suffix=True, label="letter"),
    OptionRule("ab", "b", keep_prefix=True, keep_suffix=True, label="window"),
    OptionRule("ba", "", keep_suffix=True, at_start=True, label="start"),
    OptionRule("bb", "a", keep_prefix=True, at_end=True, label="end"),
    OptionRule("a", "b", at_start=True, at_end=True, label="whole word"),
    OptionRule("", "", at_end=True, keep_prefix=True, label="empty window at the end"),
    OptionRule("b", None, label="to bottom"),
    OptionRule("", None, at_start=True, at_end=True, label="empty word to bottom"),
]


def _words(alphabet: str, longest: int):
    for n in range(longest + 1):
        for t in itertools.product(alphabet, repeat=n):
            yield "".join(t)


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.label)
def test_each_rule_gives_the_options_of_an_independent_reader(rule):
    fam = WordFamily("t", "ab", (rule,), True, "none", str)
    some = False
    for w in _words("ab", 5):
        mine = fam.options(w)
        theirs = [o for _, o in raw_options(fam, w)]
        assert mine == theirs, (rule.label, w)
        some = some or bool(mine)
        for j in range(len(w) + 2):
            theirs_at = _option(rule, w, j)
            assert rule.matches(w, j) == (theirs_at is not _NONE), (rule.label, w, j)
            if theirs_at is not _NONE:
                assert rule.apply(w, j) == theirs_at
    assert some


def test_all_rules_together_in_order_of_index_then_rule():
    fam = WordFamily("t", "ab", tuple(RULES), True, "none", str)
    for w in _words("ab", 5):
        assert fam.options(w) == [o for _, o in raw_options(fam, w)], w
    assert fam.options(None) == []
    # by hand: index 0 "a" dropped, "ab" to "b"; index 1 "b" dropped (suffix), changed, to ⊥;
    # the empty window at the end
    assert fam.options("ab") == ["", "b", "", "aa", None, "ab"]


def test_matches_and_apply_at_each_index():
    r = OptionRule("ab", "c", keep_prefix=True, keep_suffix=True)
    assert [j for j in range(6) if r.matches("abab", j)] == [0, 2]
    assert [r.apply("abab", j) for j in (0, 2)] == ["cab", "abc"]
    assert not r.matches("aba", 2)  # the window runs past the end
    start = replace(r, at_start=True)
    assert [j for j in range(5) if start.matches("abab", j)] == [0]
    end = replace(r, at_end=True)
    assert [j for j in range(5) if end.matches("abab", j)] == [2]
    assert replace(r, keep_prefix=False).apply("xaby", 1) == "cy"
    assert replace(r, keep_suffix=False).apply("xaby", 1) == "xc"
    assert replace(r, keep_prefix=False, keep_suffix=False).apply("xaby", 1) == "c"
    assert OptionRule("a", None).apply("ba", 1) is None
    empty = OptionRule("", "x", keep_prefix=True, keep_suffix=True)
    assert [j for j in range(4) if empty.matches("ab", j)] == [0, 1, 2]
    assert not empty.matches("ab", 3)


@pytest.mark.parametrize("keep", [dict(keep_prefix=True), dict(keep_suffix=True),
                                  dict(keep_prefix=True, keep_suffix=True)])
def test_a_move_to_bottom_keeps_nothing(keep):
    with pytest.raises(ValueError, match="rule 'x': a move to ⊥ keeps nothing"):
        OptionRule("a", None, label="x", **keep)
    OptionRule("a", None, label="x")  # keeps nothing: fine


def test_the_papers_families_have_the_rulesets_options():
    assert check_options(GREEN_CORDON, 7) == []
    assert check_options(toppling_peaks(2), 7) == []
    # by hand: index 0 the stalk arc below x_2 (""), index 1 the stalk arc below x_3 with
    # the leaf x_1 ... ("00") and the leaf arc x_2, index 2 the leaf arc x_3, the top arc
    assert GREEN_CORDON.options("0110") == ["", "00", "0010", "0100", "011"]
    assert GREEN_CORDON.options("") == [None]
    assert GREEN_CORDON.options("1") == ["0", None, "0"]


def test_bottom_and_the_domain():
    no_bottom = WordFamily("t", "ab", (), False, "none", str)
    with_bottom = replace(no_bottom, bottom=True)
    only_a = Automaton("ab", ((0, 1), (1, 1)), frozenset({0}))
    assert not no_bottom.in_domain(None)
    assert with_bottom.in_domain(None)
    assert not replace(with_bottom, domain=only_a).in_domain(None)
    assert replace(with_bottom, domain=replace(only_a, empty=True)).in_domain(None)
    assert not replace(no_bottom, domain=replace(only_a, empty=True)).in_domain(None)
    assert no_bottom.in_domain("abba")
    assert replace(no_bottom, domain=only_a).in_domain("aa")
    assert not replace(no_bottom, domain=only_a).in_domain("ab")


@pytest.mark.parametrize(("insert", "window", "weights", "smaller"), [
    ("", "a", {}, True),
    ("a", "ab", {"a": 5}, True),  # shorter, though heavier
    ("a", "b", {"b": 1}, True),  # as long, lighter
    ("a", "b", {"a": -1}, True),
    ("a", "b", {}, False),  # as long, as heavy
    ("b", "a", {"b": 1}, False),  # heavier
    ("ab", "ba", {"a": 1}, False),
    ("ab", "a", {}, False),  # longer
    ("aa", "ab", {"b": 2, "a": 1}, True),
    ("aa", "ab", {"b": 1, "a": 2}, False),
])
def test_the_length_weight_order(insert, window, weights, smaller):
    rule = OptionRule(window, insert, keep_prefix=True, label="r")
    fam = WordFamily("fam", "ab", (OptionRule("a", None), rule), False, "none", str,
                     weights=weights)
    if smaller:
        fam.check_well_founded()
        assert rank_argument(fam) == ""  # the second argument agrees
    else:
        with pytest.raises(ValueError,
                           match="family fam: rule 'r' may not make the position smaller"):
            fam.check_well_founded()
        assert rank_argument(fam) != ""


def test_an_unlabelled_rule_is_named_by_its_fields():
    rule = OptionRule("a", "b")
    fam = WordFamily("fam", "ab", (rule,), False, "none", str)
    with pytest.raises(ValueError, match="rule OptionRule"):
        fam.check_well_founded()


def test_the_papers_families_are_well_founded():
    for fam in (GREEN_CORDON, toppling_peaks(1), toppling_peaks(3)):
        fam.check_well_founded()


def test_a_statement_checks_its_automata_and_its_family():
    st = cordon(1)
    fam = st.family
    with pytest.raises(ValueError, match="^a statement needs at least one automaton$"):
        Statement(fam, ())
    with pytest.raises(ValueError, match=r"^a misère statement has exactly one automaton "
                                         r"\(P-positions\)$"):
        Statement(fam, st.automata, misere=True)
    Statement(fam, st.automata[:1], misere=True)
    lr = Automaton("LR", ((0, 0),), frozenset({0}), name="lr")
    with pytest.raises(ValueError, match="automaton 'lr' is over 'LR', the family over '01'"):
        Statement(fam, (st.automata[0], lr))
    with pytest.raises(ValueError, match="over 'LR', the family over '01'"):
        Statement(replace(fam, domain=lr), st.automata)
    growing = replace(fam, rules=fam.rules + (OptionRule("0", "00", keep_prefix=True),))
    with pytest.raises(ValueError, match="may not make the position smaller"):
        Statement(growing, st.automata)


def test_k_and_with_automaton():
    st = Statement(cordon(2).family, cordon(2).automata, name="x")
    assert st.k == 2 and cordon(0).k == 0
    other = st.with_automaton(1, st.automata[0])
    assert other.automata == (st.automata[0], st.automata[0], st.automata[2])
    assert st.automata[1] != st.automata[0]  # unchanged
    assert (other.family, other.misere, other.name) == (st.family, False, "x")
    mis = peaks(1, True)
    assert mis.with_automaton(0, mis.automata[0]).misere


def test_violated_at_one_position():
    st = cordon(1)
    r0, r1 = st.automata
    assert (r0.empty, r1.empty, r0.accepts(""), r1.accepts("")) == (True, False, False, True)
    assert all(st.violated_at(w) == "" for w in [None, *_words("01", 6)])
    # ⊥ has no options: nim-value 0
    assert Statement(st.family, (r1, r0)).violated_at(None) == (
        "R_0 rejects it, the mex rule says yes")
    assert st.with_automaton(1, r0).violated_at(None) == "R_1 accepts it, the mex rule says no"
    # the options' memberships given instead of read from the automata ("" has one option)
    assert st.violated_at("", members=[[False, False]]) == (
        "R_0 rejects it, the mex rule says yes")
    assert st.violated_at("", members=[[True, False]]) == ""
    assert st.violated_at("", members=[[False, True]]) == (
        "R_0 rejects it, the mex rule says yes")
    assert st.violated_at("", members=[[True, True]]) == "R_1 accepts it, the mex rule says no"


def test_violated_at_under_misere_play():
    st = peaks(1, True)
    a = st.automata[0]
    assert all(st.violated_at(w) == "" for w in _words("LR", 6))
    flipped = Statement(st.family, (replace(a, accepting=frozenset(range(a.size))
                                            - a.accepting),), misere=True)
    # "" has no option: a misère N-position
    assert flipped.violated_at("") == "R_0 accepts it, the misère mex rule says no"
    # "L" has the one option "", an N-position: "L" is a P-position
    no_l = Statement(st.family, (replace(a, accepting=a.accepting - {a.run("L")}),),
                     misere=True)
    assert no_l.violated_at("L") == "R_0 rejects it, the misère mex rule says yes"


def test_violated_at_outside_and_leaving_the_domain():
    st = peaks(1, False)
    assert st.violated_at("LL") == ""  # outside the domain: nothing to check
    wide = replace(st.family, domain=toppling_peaks(2).domain)
    bad = Statement(wide, st.automata)
    # no option of "LLRR" leaves "height range <= 2" (R_0, for range 1, is wrong there)
    assert bad.violated_at("LLRR") == "R_0 rejects it, the mex rule says yes"
    narrow_rules = replace(st.family, rules=st.family.rules + (
        OptionRule("R", "L", keep_prefix=True, keep_suffix=True, label="turn"),))
    turned = Statement(replace(narrow_rules, weights={"R": 1}), st.automata)
    assert turned.violated_at("LR") == "option 'LL' leaves the domain"
