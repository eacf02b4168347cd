"""The pre-image decider (own automata code) agrees with the set-operations decider: the
same verdict, the same shortest counterexample and the same reason, on every statement the
other deciders' tests use, on every single edit of some of them (negative controls, each
counterexample confirmed by plain play), on rules of every shape against direct evaluation,
and on domains that are not closed under options."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from all_n_statements import cordon, peaks
from cgsat.automata import preimage, setops
from cgsat.automata.controls import same_on_domain
from cgsat.automata.decision import Decision
from cgsat.automata.dfa import Automaton
from cgsat.automata.families import GREEN_CORDON, toppling_peaks
from cgsat.automata.library import SEC5, pattern, regex, stored
from cgsat.automata.options import OptionRule, Statement, WordFamily
from cgsat.automata.replay import confirm, wrong_at
from cgsat.automata.tables import Table, minimal, reverse_determinised, shortest
from cgsat.papers.timber.path.automata import dyck, misere_x, thm23_statement, thm24_statement
from word_brute import first_violation  # tests/ is on pythonpath


def _same(st: Statement) -> Decision:
    """Both deciders on ``st``: they must give the same answer; the pre-image one."""
    a, b = preimage.decide(st), setops.decide(st)
    assert (a.verdict, a.counterexample, a.bottom, a.reason) == (
        b.verdict, b.counterexample, b.bottom, b.reason), (a.describe(), b.describe())
    assert a.decider == "preimage"
    return a


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4, 5, 6])
def test_proves_the_cordon_statements(k):
    assert _same(cordon(k)).verdict == "proved"


@pytest.mark.parametrize("h", [1, 2, 3, 4, 5, 8])
@pytest.mark.parametrize("misere", [False, True])
def test_proves_toppling_peaks(h, misere):
    assert _same(peaks(h, misere)).verdict == "proved"


def test_proves_the_registered_height_statements():
    assert _same(thm23_statement(6)).verdict == "proved"
    assert _same(thm24_statement(6)).verdict == "proved"


def _sec5(name: str) -> Statement:
    fam = replace(GREEN_CORDON, domain=stored(f"sec5-{name}-domain"))
    autos = [stored("thm3.2"), stored("thm3.3")]
    if name == "two-leaves-nim3":
        autos.append(stored("sec5-two-leaves-nim2"))
    autos.append(stored(f"sec5-{name}"))
    return Statement(fam, tuple(autos))


@pytest.mark.parametrize("name", sorted(SEC5))
def test_proves_the_sec5_statements(name):
    assert _same(_sec5(name)).verdict == "proved"


@pytest.mark.parametrize("make", [lambda: cordon(3), lambda: peaks(3, False),
                                  lambda: peaks(3, True), lambda: _sec5("two-leaves-nim2")],
                         ids=["cordon3", "peaks3", "peaks3-misere", "sec5-two-leaves-nim2"])
def test_every_single_edit_is_refuted_as_by_set_operations(make):
    st = make()
    refuted = 0
    for j, a in enumerate(st.automata):
        for text, edited in a.edits():
            changed = st.with_automaton(j, edited)
            d = _same(changed)
            if same_on_domain(st, a, edited):
                assert d.verdict == "proved", text
                continue
            assert d.verdict == "refuted", text
            refuted += 1
    assert refuted > 20


def test_a_wrong_nim4_rule_is_refuted_and_play_confirms():
    bad = cordon(4).with_automaton(4, pattern(5))
    d = _same(bad)
    assert d.verdict == "refuted" and d.counterexample is not None
    replay = confirm(bad, d.counterexample)
    assert replay.confirmed and wrong_at(bad, replay.word)


def test_counterexamples_of_edits_are_confirmed_by_play():
    st = cordon(2)
    for j, a in enumerate(st.automata):
        for text, edited in a.edits():
            if same_on_domain(st, a, edited):
                continue
            changed = st.with_automaton(j, edited)
            d = preimage.decide(changed)
            assert d.verdict == "refuted", text
            replay = confirm(changed, None if d.bottom else d.counterexample)
            assert replay.confirmed, (text, d.describe(), replay.detail)


def test_a_perturbed_dyck_condition_is_refuted():
    """Negative control of Theorem 2.3: Dyck words of height at most h - 1 only."""
    st = thm23_statement(6)
    bad = st.with_automaton(0, replace(dyck(5), name="dyck(5)"))
    d = _same(bad)
    assert d.verdict == "refuted" and d.counterexample == "L" * 6 + "R" * 6
    replay = confirm(bad, d.counterexample)
    assert replay.confirmed and wrong_at(bad, replay.word)


def test_bottom_is_the_first_counterexample():
    d = _same(Statement(GREEN_CORDON, (stored("thm3.3"),)))
    assert d.verdict == "refuted" and d.bottom and d.counterexample is None


def test_a_domain_not_closed_under_options_is_refuted():
    one_leaf = replace(GREEN_CORDON, domain=regex("0*10*", False, "one leaf"))
    d = _same(Statement(one_leaf, (stored("thm3.2"), stored("thm3.3"))))
    assert d.verdict == "refuted" and d.reason == "an option leaves the domain"
    word = d.counterexample
    assert word is not None and one_leaf.in_domain(word)
    assert any(not one_leaf.in_domain(o) for o in one_leaf.options(word))
    fam = replace(toppling_peaks(3), domain=dyck(3))
    d = _same(Statement(fam, (dyck(3),)))
    assert (d.verdict, d.counterexample, d.reason) == (
        "refuted", "LR", "an option leaves the domain")
    no_bottom = replace(GREEN_CORDON, domain=replace(stored("sec5-one-leaf-nim2-domain"),
                                                     empty=False))
    d = _same(Statement(no_bottom, (stored("thm3.2"),)))
    assert d.verdict == "refuted" and d.reason == "an option leaves the domain"


TOY = WordFamily("toy", "ab", (
    OptionRule("a", "", keep_suffix=True, at_start=True, label="drop a first a"),
    OptionRule("b", "a", keep_prefix=True, keep_suffix=True, label="b to a"),
    OptionRule("aa", "", keep_prefix=True, label="cut at aa"),
    OptionRule("ba", "a", keep_prefix=True, at_end=True, label="a final ba: drop its b"),
    OptionRule("ab", None, at_end=True, label="to ⊥"),
    OptionRule("bb", "a", keep_suffix=True, label="a bb anywhere: a, then the suffix"),
), True, "none", str, weights={"b": 1})
"""A family with a rule of every shape (at the start, a letter changed in place, a
suffix kept from any index, a prefix kept, at the end, to ⊥); it stands for no ruleset."""


def _random_automaton(rng: random.Random, size: int, empty: bool) -> Automaton:
    delta = tuple(tuple(rng.randrange(size) for _ in "ab") for _ in range(size))
    return Automaton("ab", delta, frozenset(q for q in range(size) if rng.random() < 0.4),
                     empty)


def test_rules_of_every_shape_against_direct_evaluation():
    """Random automata on :data:`TOY`: the same answer as set operations, and the
    counterexample is the first violation in shortlex order by direct evaluation."""
    rng = random.Random(37)
    lengths = []
    for _ in range(60):
        k = rng.randrange(3)
        misere = k == 0 and rng.random() < 0.5
        autos = tuple(_random_automaton(rng, rng.randrange(1, 5), j == 0 and not misere)
                      for j in range(k + 1))
        st = Statement(TOY, autos, misere)
        d = _same(st)
        expected = first_violation(st, 9)
        if d.verdict == "proved":
            assert expected == "none"
            continue
        assert d.verdict == "refuted" and not d.bottom
        assert d.counterexample == expected, (d.describe(), expected)
        lengths.append(len(d.counterexample or ""))
    assert lengths and max(lengths) >= 2


def test_pre_images_against_the_options():
    """Each pre-image DFA accepts exactly the words with an option in the goal (every
    word of :data:`TOY` up to 7 letters, random goals)."""
    rng = random.Random(7)
    st = Statement(TOY, (_random_automaton(rng, 2, True),))
    for _ in range(20):
        goal_auto = _random_automaton(rng, rng.randrange(1, 5), rng.random() < 0.5)
        some = preimage.preimage(st, preimage.Goal.of(goal_auto))
        assert minimal(some).size == some.size
        for n in range(8):
            for letters in itertools.product("ab", repeat=n):
                word = "".join(letters)
                want = any(goal_auto.accepts(o) for o in TOY.options(word))
                assert some.accepts(["ab".index(c) for c in word]) == want, word


def test_reverse_determinised_is_the_reversal():
    table = Table(((1, 0), (2, 0), (2, 2)), (False, False, True))  # contains "00"
    rev = reverse_determinised(table)
    for n in range(6):
        for word in itertools.product((0, 1), repeat=n):
            assert rev.accepts(word) == table.accepts(tuple(reversed(word)))


def test_timeout_gives_unknown():
    d = preimage.decide(cordon(4), timeout=0.0)
    assert d.verdict == "unknown" and d.reason.startswith("timeout")


def test_shares_no_automata_code_with_the_other_deciders():
    """The decider's modules import neither ``automata-lib`` nor another decider."""
    import ast
    from pathlib import Path

    import cgsat.automata.preimage as pre
    import cgsat.automata.tables as tab
    for module in (pre, tab):
        tree = ast.parse(Path(module.__file__ or "").read_text())
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not {n for n in names if n.startswith("automata")}, names
        assert not names & {"cgsat.automata.setops", "cgsat.automata.product",
                            "cgsat.automata.mona", "cgsat.automata.partizan_setops"}, names


@pytest.mark.slow
@pytest.mark.parametrize("theorem", [thm23_statement, thm24_statement])
def test_proves_height_range_16_and_refutes_a_perturbed_dyck_condition(theorem):
    """Issue 37 §3: every height range up to 16 by two deciders (here the 16th), and the
    negative control (the Dyck condition, or X, on height range 15 only) refuted at the
    same word, confirmed by play."""
    st = theorem(16)
    assert _same(st).verdict == "proved"
    bad = st.with_automaton(0, (dyck if theorem is thm23_statement else misere_x)(15))
    d = _same(bad)
    assert d.counterexample == "L" * 16 + "R" * 16
    assert d.verdict == "refuted" and d.counterexample is not None
    replay = confirm(bad, d.counterexample)
    assert replay.confirmed and wrong_at(bad, replay.word)


@pytest.mark.slow
def test_proves_nim_20_and_refutes_a_wrong_a20():
    """Issue 37 §3: R_0 .. R_20 (the block-pattern automata) by two deciders, and A_21 in
    place of A_20 refuted at the same word (plain play on a cordon of height 21 takes
    minutes; :func:`test_a_wrong_nim4_rule_is_refuted_and_play_confirms` replays one)."""
    from cgsat.papers.thickets.all_n import pattern_statement

    st = pattern_statement(20)
    assert _same(st).verdict == "proved"
    d = _same(st.with_automaton(20, pattern(21)))
    assert d.verdict == "refuted" and d.counterexample == "1" * 19 + "0"


def test_the_shortest_word_search_without_and_with_a_time_limit():
    """:func:`tables.shortest` on a cycle of 3000 states (one letter): the least word
    reaching state 2999 is 2999 letters long (the only word of that length), and none
    reaches a state that is not there. Without ``tick`` it searches past 1024 tuples;
    with one, it calls it as it goes (the time limit)."""
    cycle = Table(tuple(((q + 1) % 3000,) for q in range(3000)), (False,) * 3000)
    assert shortest([cycle], lambda t: t[0] == 2999) == (0,) * 2999
    assert shortest([cycle], lambda t: t[0] == 3000) is None
    calls = []
    assert shortest([cycle], lambda t: t[0] == 2999,
                    tick=lambda: calls.append(1)) == (0,) * 2999
    assert calls
