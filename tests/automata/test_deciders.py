"""Both all-n deciders prove the papers' statements and the stored automata, and refute
wrong ones with counterexamples that plain play confirms."""

from __future__ import annotations

import pytest

from all_n_statements import cordon, peaks
from cgsat.automata import mona, product
from cgsat.automata.dfa import Automaton
from cgsat.automata.families import GREEN_CORDON, toppling_peaks
from cgsat.automata.library import SEC5, pattern, stored
from cgsat.automata.options import Statement
from cgsat.automata.replay import check_options, confirm, wrong_at
from cgsat.encodings.green_cordon_dfa import NIM2_DFA, NIM3_DFA
from cgsat.papers.thickets.cordon_nim import learn_dfa, nim_values


@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_product_proves_theorems_and_nim23(k):
    d = product.decide(cordon(k))
    assert d.verdict == "proved" and d.states


@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_mona_proves_theorems_and_nim23(k, need_mona, tmp_path):
    d = mona.decide(cordon(k), workdir=tmp_path)
    assert d.verdict == "proved", d
    assert "Formula is valid" in (tmp_path / "statement.out").read_text()
    assert (tmp_path / "statement.mona").read_text().startswith("m2l-str;")


@pytest.mark.parametrize("name", sorted(SEC5))
def test_sec5_statements(name, need_mona):
    domain = stored(f"sec5-{name}-domain")
    fam = GREEN_CORDON.__class__(**{**GREEN_CORDON.__dict__, "domain": domain})
    autos = [stored("thm3.2"), stored("thm3.3")]
    if name == "two-leaves-nim3":
        autos.append(stored("sec5-two-leaves-nim2"))
    autos.append(stored(f"sec5-{name}"))
    st = Statement(fam, tuple(autos))
    assert product.decide(st).verdict == "proved"
    assert mona.decide(st).verdict == "proved"


@pytest.mark.parametrize("h", [1, 2, 3, 4])
@pytest.mark.parametrize("misere", [False, True])
def test_toppling_peaks_theorems(h, misere, need_mona):
    st = peaks(h, misere)
    assert product.decide(st).verdict == "proved"
    assert mona.decide(st).verdict == "proved"


def test_stored_automata_are_the_pattern_and_the_learned_ones():
    assert stored("nim2").same_language(Automaton("01", NIM2_DFA.delta, NIM2_DFA.accepting))
    assert stored("nim3").same_language(Automaton("01", NIM3_DFA.delta, NIM3_DFA.accepting))
    for k in range(2, 13):
        assert stored(f"nim{k}") == pattern(k)
    for k in range(2, 7):
        learned = learn_dfa(k, 18)
        assert learned is not None and learned.consistent
        assert pattern(k).same_language(Automaton("01", learned.delta, learned.accepting))


def test_pattern_agrees_with_play_tables():
    for n in range(1, 15):
        for mask, v in enumerate(nim_values(n)):
            word = "".join("1" if (mask >> i) & 1 else "0" for i in range(n - 1))
            for k in range(2, 13):
                assert pattern(k).accepts(word) == (v == k), (n, mask, k)


def test_option_relations_match_the_rulesets():
    assert check_options(GREEN_CORDON, 9) == []
    assert check_options(toppling_peaks(3), 9) == []


def test_wrong_option_relation_is_caught():
    rules = GREEN_CORDON.rules[:-1]  # forget the leaf arcs
    broken = GREEN_CORDON.__class__(**{**GREEN_CORDON.__dict__, "rules": rules})
    assert check_options(broken, 3)


def test_both_refute_a_wrong_nim4_rule_and_play_confirms(need_mona):
    st = cordon(4)
    bad = st.with_automaton(4, pattern(5))
    for d in (product.decide(bad), mona.decide(bad)):
        assert d.verdict == "refuted"
        r = confirm(bad, d.counterexample)
        assert r.confirmed and wrong_at(bad, r.word)


def test_shortest_counterexamples_agree(need_mona):
    swapped = Statement(GREEN_CORDON, (stored("thm3.3"),))
    a, b = product.decide(swapped), mona.decide(swapped)
    assert a.verdict == b.verdict == "refuted"
    assert a.bottom and b.bottom  # ⊥ is where R_0 = Theorem 3.3 first fails


def test_limits_give_unknown():
    d = product.decide(cordon(3), max_states=10)
    assert d.verdict == "unknown" and "product states" in d.reason


def test_mona_absent_is_unknown(monkeypatch):
    monkeypatch.setattr(mona.shutil, "which", lambda name: None)
    d = mona.decide(cordon(0))
    assert d.verdict == "unknown" and d.reason == "mona not installed"
