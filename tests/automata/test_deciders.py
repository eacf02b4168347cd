"""Both all-n deciders prove the papers' statements and the stored automata, and refute
wrong ones with counterexamples that plain play confirms."""

from __future__ import annotations

import functools
import itertools
from dataclasses import replace

import pytest

from all_n_statements import cordon, peaks
from cgsat.automata import mona, product
from cgsat.automata.dfa import Automaton
from cgsat.automata.families import GREEN_CORDON, toppling_peaks
from cgsat.automata.library import SEC5, pattern, stored
from cgsat.automata.options import Statement
from cgsat.automata.replay import Replay, check_options, confirm, truth, wrong_at
from cgsat.automata.tk_family import TK_FAMILY, tk_position, tk_statement
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


# -- replays (cgsat.automata.replay), against Toppling Peaks played out here ---------------
# *The Game of timber!*, §2: toppling an R at i leaves w[:i], an L at i leaves w[i+1:].

def _peaks_options(w: str) -> set[str]:
    return ({w[:i] for i, c in enumerate(w) if c == "R"}
            | {w[i + 1:] for i, c in enumerate(w) if c == "L"})


@functools.cache
def _peaks_nim(w: str) -> int:
    values = {_peaks_nim(o) for o in _peaks_options(w)}
    return next(v for v in itertools.count() if v not in values)


@functools.cache
def _peaks_misere_p(w: str) -> bool:
    """The player to move loses under misère play (a position without moves is N)."""
    opts = _peaks_options(w)
    return bool(opts) and not any(_peaks_misere_p(o) for o in opts)


def _height_range(w: str) -> int:
    heights = list(itertools.accumulate((1 if c == "L" else -1 for c in w), initial=0))
    return max(heights) - min(heights)


def _peaks_words(h: int, n: int) -> list[str]:
    return [w for m in range(n + 1) for w in map("".join, itertools.product("LR", repeat=m))
            if _height_range(w) <= h]


_ALL = Automaton("LR", ((0, 0),), frozenset({0}), name="all")
_NONE = Automaton("LR", ((0, 0),), frozenset(), name="none")


def test_truth_is_plain_play_in_both_conventions():
    fam = toppling_peaks(2)
    words = _peaks_words(2, 6)
    assert [truth(fam, w, False) for w in words] == [_peaks_nim(w) for w in words]
    assert [truth(fam, w, True) for w in words] == [_peaks_misere_p(w) for w in words]
    assert truth(fam, "", True) is False and truth(fam, "", False) == 0  # where they differ


def test_wrong_at_misere_says_which_way():
    fam = toppling_peaks(2)
    everything = Statement(fam, (_ALL,), misere=True)
    nothing = Statement(fam, (_NONE,), misere=True)
    for w in _peaks_words(2, 5):
        p = _peaks_misere_p(w)
        assert wrong_at(everything, w) == ("" if p else
                                           "R_0 accepts it; plain play: misère N-position")
        assert wrong_at(nothing, w) == ("R_0 rejects it; plain play: misère P-position"
                                        if p else "")


def test_wrong_at_normal_play_rejection_and_agreement():
    st = tk_statement()
    assert wrong_at(st, "11") == "" and wrong_at(st, None) == ""
    r0, _, r2 = st.automata
    bad = Statement(TK_FAMILY, (r0, Automaton("1", ((0,),), frozenset()), r2))
    assert wrong_at(bad, "") == "R_1 rejects it; plain play: nim-value 1"


def test_confirm_reports_the_first_wrong_follower():
    """R_0 = every word: right exactly at the P-positions, whose options are all N-positions,
    so the replay of a P-position stops at its first option (bottom first, then shortest,
    then alphabetical); an N-position is wrong itself."""
    st = Statement(toppling_peaks(2), (_ALL,))
    for w in _peaks_words(2, 6):
        if _peaks_nim(w) == 0 and not _peaks_options(w):
            continue
        at = (w if _peaks_nim(w) else min(_peaks_options(w), key=lambda o: (len(o), o)))
        assert confirm(st, w) == Replay(
            True, at, at, f"R_0 accepts it; plain play: nim-value {_peaks_nim(at)}"), w


def test_confirm_tries_bottom_first():
    """At 11 the statement is right; both followers ⊥ and 1 are wrong: ⊥ is replayed first."""
    r0, r1, r2 = tk_statement().automata
    st = Statement(TK_FAMILY, (replace(r0, empty=False), r1, replace(r2, accepting=frozenset())))
    assert wrong_at(st, "11") == "" and wrong_at(st, "1")
    assert confirm(st, "11") == Replay(True, None, "()", "R_0 rejects it; plain play: nim-value 0")


def test_confirm_of_a_true_statement_counts_the_positions():
    """T_3 reaches T_3 .. T_0 and the empty tree: five positions, none wrong."""
    assert confirm(tk_statement(), "111") == Replay(
        False, "111", tk_position("111"), "plain play agrees with every automaton on 5 positions")


def test_confirm_walks_each_follower_once() -> None:
    """From a cordon reached along many paths (the cordon 5:2,4 and its followers), the
    walk of a true statement meets each follower once: its count is the number of
    followers, found here by a search of its own."""
    st = cordon(2)
    fam = st.family
    followers, todo = {"0101"}, ["0101"]
    while todo:
        new = set(fam.options(todo.pop())) - followers
        followers |= new
        todo += [w for w in new if w is not None]
    got = confirm(st, "0101")
    assert not got.confirmed and len(followers) > 5
    assert got.detail == f"plain play agrees with every automaton on {len(followers)} positions"


def test_confirm_walks_at_most_limit_positions():
    """Wrong only at T_0 (R_1 rejects the empty word): from T_3 the walk meets T_3, ⊥, T_2,
    T_1, then T_0 as its fifth position."""
    r0, _, r2 = tk_statement().automata
    even_but_empty = Automaton("1", ((1,), (2,), (1,)), frozenset({2}))
    st = Statement(TK_FAMILY, (r0, even_but_empty, r2))
    assert confirm(st, "111", limit=5) == Replay(
        True, "", tk_position(""), "R_1 rejects it; plain play: nim-value 1")
    cut = confirm(st, "111", limit=4)
    assert not cut.confirmed
    assert cut.detail == ("plain play agrees with every automaton on 4 positions"
                       " (the walk stopped at its limit of 4)")


def test_check_options_finds_a_missing_rule():
    """Without "topple an L" the options differ wherever toppling an L leaves a word no R
    leaves; words outside the domain (height range > 1) are skipped, not an end."""
    fam = toppling_peaks(1)
    broken = replace(fam, rules=fam.rules[:1])

    def differ(n):
        return [f"{w}: options differ" for w in _peaks_words(1, n)
                if {w[:i] for i, c in enumerate(w) if c == "R"} != _peaks_options(w)]

    assert differ(3) and len(differ(4)) > len(differ(3))
    assert check_options(broken, 4) == differ(4)
    assert check_options(broken, 3) == differ(3)


def test_check_options_checks_bottom():
    """A family whose ⊥ is written as a single edge: wrong at ⊥ and at T_0 (whose option is
    ⊥)."""
    broken = replace(TK_FAMILY, position=lambda w: "0-1" if w is None else tk_position(w))
    assert check_options(broken, 0) == ["0-1: options differ", "0-1: options differ"]
