"""The set-operations decider agrees with the product search: the same verdict, the same
shortest counterexample and the same reason, on the papers' statements, on every single
edit of some of them (negative controls, each counterexample confirmed by plain play), and
on domains that are not closed under options."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from automata.fa.dfa import DFA

from all_n_statements import cordon, peaks
from cgsat.automata import product, setops
from cgsat.automata.controls import same_on_domain
from cgsat.automata.decision import Decision
from cgsat.automata.dfa import Automaton
from cgsat.automata.families import GREEN_CORDON, toppling_peaks
from cgsat.automata.library import SEC5, pattern, regex, stored
from cgsat.automata.options import OptionRule, Statement, Word, WordFamily
from cgsat.automata.replay import confirm, wrong_at
from cgsat.papers.timber.path.automata import dyck
from word_brute import first_violation  # tests/ is on pythonpath


def _same(st: Statement) -> Decision:
    """Both deciders on ``st``: they must give the same answer; the set-operations one."""
    a, b = setops.decide(st), product.decide(st)
    assert (a.verdict, a.counterexample, a.bottom, a.reason) == (
        b.verdict, b.counterexample, b.bottom, b.reason), (a.describe(), b.describe())
    assert a.decider == "setops"
    return a


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4, 5])
def test_proves_the_cordon_statements(k):
    assert _same(cordon(k)).verdict == "proved"


@pytest.mark.parametrize("h", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("misere", [False, True])
def test_proves_toppling_peaks(h, misere):
    assert _same(peaks(h, misere)).verdict == "proved"


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
def test_every_single_edit_is_refuted_as_by_the_product_search(make):
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
            d = setops.decide(changed)
            assert d.verdict == "refuted", text
            replay = confirm(changed, None if d.bottom else d.counterexample)
            assert replay.confirmed, (text, d.describe(), replay.detail)


def test_bottom_is_the_first_counterexample():
    d = _same(Statement(GREEN_CORDON, (stored("thm3.3"),)))
    assert d.verdict == "refuted" and d.bottom and d.counterexample is None


def test_a_domain_not_closed_under_options_is_refuted():
    # exactly one leaf: removing the leaf leaves the domain
    one_leaf = replace(GREEN_CORDON, domain=regex("0*10*", False, "one leaf"))
    st = Statement(one_leaf, (stored("thm3.2"), stored("thm3.3")))
    d = _same(st)
    assert d.verdict == "refuted" and d.reason == "an option leaves the domain"
    word = d.counterexample
    assert word is not None and one_leaf.in_domain(word)
    assert any(not one_leaf.in_domain(o) for o in one_leaf.options(word))
    # Dyck words are not closed under toppling: "LR" has the option "L"
    fam = replace(toppling_peaks(3), domain=dyck(3))
    d = _same(Statement(fam, (dyck(3),)))
    assert (d.verdict, d.counterexample, d.reason) == (
        "refuted", "LR", "an option leaves the domain")
    # a move to ⊥ leaves a domain that excludes ⊥
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
), True, "none", str, weights={"b": 1})
"""A family with a rule of every shape (at the start, a letter changed in place, a
suffix kept, a prefix kept, at the end, to ⊥); it stands for no ruleset."""


def _random_automaton(rng: random.Random, size: int, empty: bool) -> Automaton:
    delta = tuple(tuple(rng.randrange(size) for _ in "ab") for _ in range(size))
    return Automaton("ab", delta, frozenset(q for q in range(size) if rng.random() < 0.4),
                     empty)


def test_rules_of_every_shape_against_direct_evaluation():
    """Random automata on :data:`TOY`: the same answer as the product search, and the
    counterexample is the first violation in shortlex order by direct evaluation."""
    rng = random.Random(35)
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
    assert lengths


def _truth(word: Word, misere: bool, memo: dict[Word, int]) -> int:
    """The nim-value (misère: 1 for a P-position) of a :data:`TOY` position by recursion."""
    if word not in memo:
        values = {_truth(o, misere, memo) for o in TOY.options(word)}
        if misere:
            memo[word] = int(bool(values) and values == {0})
        else:
            memo[word] = min(set(range(len(values) + 1)) - values)
    return memo[word]


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("longest", [2, 4, 6])
def test_deep_counterexamples_on_toy(longest, misere):
    """R_j right up to ``longest`` letters and empty beyond: the first violation is deep,
    and both deciders find the one direct evaluation finds first."""
    memo: dict[Word, int] = {}
    words = ["".join(t) for n in range(longest + 1)
             for t in itertools.product("ab", repeat=n)]
    autos = []
    for j in range(1 if misere else 3):
        chosen = {w for w in words if _truth(w, misere, memo) == (1 if misere else j)}
        lib = DFA.from_finite_language({"a", "b"}, chosen) if chosen else (
            DFA.empty_language({"a", "b"}))
        empty = _truth(None, misere, memo) == (1 if misere else j)
        autos.append(Automaton.from_lib(lib, "ab", empty, f"R_{j}"))
    st = Statement(TOY, tuple(autos), misere)
    d = _same(st)
    assert d.verdict == "refuted" and not d.bottom
    assert d.counterexample == first_violation(st, longest + 3)
    assert len(d.counterexample or "") > longest


def test_timeout_gives_unknown():
    d = setops.decide(cordon(4), timeout=0.0)
    assert d.verdict == "unknown" and d.reason.startswith("timeout")
