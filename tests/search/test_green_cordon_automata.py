"""Quick, focused tests of :mod:`cgsat.search.green_cordon_automata` (issue 36: the
mutation run of the counting route of ``find green-cordon --count`` and of ``value``).
Expected numbers come from another route: exhaustive play (:mod:`cgsat.cgt.play`), or
Theorems 3.4 and 3.5 of *Thinning Thickets* (R_0 and R_1 counted by Fibonacci numbers)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from cgsat.automata.library import nim_statement
from cgsat.cgt import play
from cgsat.errors import CgsatInputError
from cgsat.games import get_ruleset
from cgsat.games import green_cordon as cordons
from cgsat.search import ControlFailed
from cgsat.search import green_cordon_automata as ga
from cgsat.search.controls import Controls


def _fib(n: int) -> int:
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def _by_play(h: int, k: int) -> int:
    rules = get_ruleset("green-cordon")
    return sum(1 for c in cordons.cordons(h)
               if play.nim_value(rules, (c,) if h else ()) == k)


STAND_IN = ("stand-in", ("d1", "d2"))


def test_play_counts_against_plain_play():
    for k in range(4):
        assert ga.play_counts(k, 7) == [_by_play(h, k) for h in range(8)]
    assert len(ga.play_counts(1)) == ga.PLAY_HEIGHT + 1


@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_count_is_play_at_small_heights(k):
    want = ga.play_counts(k)
    assert [ga.count(h, k, proved=STAND_IN)[0] for h in range(len(want))] == want


@pytest.mark.parametrize("h", [13, 20, 31])
def test_count_beyond_play_is_fibonacci_for_r0_and_r1(h):
    # Thinning Thickets, Theorems 3.4, 3.5: R_0 counts F(h-1), R_1 counts F(h) (as play
    # shows at heights 2..12, checked here too)
    for j in range(2, 13):
        assert (ga.play_counts(0)[j], ga.play_counts(1)[j]) == (_fib(j - 1), _fib(j))
    assert ga.count(h, 0, proved=STAND_IN)[0] == _fib(h - 1)
    assert ga.count(h, 1, proved=STAND_IN)[0] == _fib(h)


def test_count_names_the_automaton_and_the_given_deciders():
    n, how = ga.count(10, 2, proved=STAND_IN)
    auto = nim_statement(2).automata[2]
    assert n == 84
    assert how == (f"automaton {auto.name} ({auto.size} states), proved for every height "
                   "by d1 and d2")


def test_count_proves_when_no_proof_is_given():
    n, how = ga.count(10, 2)
    assert n == 84 and how.count(" and ") >= 1 and "proved for every height by" in how


def test_count_limits(monkeypatch):
    with pytest.raises(CgsatInputError, match=f"--height is at most {ga.MAX_HEIGHT} "
                       f"when counting from an automaton, got {ga.MAX_HEIGHT + 1}"):
        ga.count(ga.MAX_HEIGHT + 1, 2, proved=STAND_IN)
    with pytest.raises(CgsatInputError, match=f"no proved automaton for nim-value "
                       f"{ga.LARGEST + 1} \\(stored up to {ga.LARGEST}\\)"):
        ga.count(5, ga.LARGEST + 1, proved=STAND_IN)
    monkeypatch.setattr(ga, "MAX_HEIGHT", 20)
    assert ga.count(20, 0, proved=STAND_IN)[0] == _fib(19)  # the limit itself is counted
    monkeypatch.setattr(ga, "LARGEST", 2)
    assert ga.count(6, 2, proved=STAND_IN)[0] == 8  # the largest stored itself is counted
    with pytest.raises(CgsatInputError):
        ga.count(6, 3, proved=STAND_IN)


def test_the_controls_are_tallied():
    controls = Controls(5, "t")
    ga.count(10, 2, controls, proved=STAND_IN)
    # the proof (1), 5 samples, the count against play (1)
    assert (controls.passed, controls.total) == (7, 7)
    controls = Controls(0, "t")
    ga.count(3, 1, controls, proved=STAND_IN)
    assert (controls.passed, controls.total) == (2, 2)
    # the tally adds to what the query's earlier instances passed
    controls = Controls(2, "t")
    controls.passed, controls.total = 10, 11
    ga.count(4, 1, controls, proved=STAND_IN)
    assert (controls.passed, controls.total) == (14, 15)


def test_the_samples_are_of_the_height_searched_at_most_sample_height(monkeypatch):
    heights = []
    monkeypatch.setattr(ga, "_samples",
                        lambda statement, k, height, controls: heights.append(height))
    for h in (0, 5, ga.SAMPLE_HEIGHT, ga.SAMPLE_HEIGHT + 7):
        ga.count(h, 1, Controls(1), proved=STAND_IN)
    assert heights == [0, 5, ga.SAMPLE_HEIGHT, ga.SAMPLE_HEIGHT]


def _swapped(k: int):
    """R_k replaced by R_0 (a wrong automaton)."""
    st = nim_statement(k)
    autos = list(st.automata)
    autos[k] = autos[0]
    return replace(st, automata=tuple(autos))


def test_samples_catch_a_wrong_automaton_and_count_what_they_ran():
    st = nim_statement(2)
    controls = Controls(6, "s")
    ga._samples(st, 2, 9, controls)
    assert (controls.passed, controls.total) == (7, 7)
    controls = Controls(6, "s")
    with pytest.raises(ControlFailed, match="automaton thm3.2 and play disagree on 9:"):
        ga._samples(_swapped(2), 2, 9, controls)
    assert controls.total == controls.passed + 1


def test_samples_draw_words_of_the_height_seeded(monkeypatch):
    seen = []
    real = ga.truth

    def spy(family, word, misere):
        seen.append(word)
        return real(family, word, misere)

    monkeypatch.setattr(ga, "truth", spy)
    ga._samples(nim_statement(1), 1, 7, Controls(4, "a"))
    ga._samples(nim_statement(1), 1, 7, Controls(4, "a"))
    ga._samples(nim_statement(1), 1, 0, Controls(2, "a"))
    assert len(seen) == 10 and seen[:4] == seen[4:8] and seen[8:] == [None, None]
    assert all(len(w) == 6 and set(w) <= {"0", "1"} for w in seen[:8])
    assert len(set(seen[:4])) > 1


def test_the_count_against_play_catches_a_shifted_count(monkeypatch):
    real = ga.count_at
    monkeypatch.setattr(ga, "count_at", lambda auto, size, bottom: real(auto, size + 1, bottom))
    with pytest.raises(ControlFailed, match=r"^control failed: the automaton nim2 counts 1 "
                       r"cordons of height 2 with nim-value 2, play 0$"):
        ga.count(10, 2, proved=STAND_IN)


def test_the_count_against_play_checks_the_last_height(monkeypatch):
    real = ga.count_at
    top = ga.PLAY_HEIGHT
    monkeypatch.setattr(ga, "count_at",
                        lambda auto, size, bottom: real(auto, size, bottom) + (size == top))
    controls = Controls(0)
    with pytest.raises(ControlFailed, match=f"cordons of height {top} with nim-value 1"):
        ga._counts_against_play(nim_statement(1).automata[1], 1, controls)
    assert (controls.passed, controls.total) == (0, 0)
    monkeypatch.setattr(ga, "count_at", real)
    ga._counts_against_play(nim_statement(1).automata[1], 1, None)  # no tally: no error
    ga._counts_against_play(nim_statement(1).automata[1], 1, controls)
    assert (controls.passed, controls.total) == (1, 1)


def test_claim_of():
    assert [ga.claim_of(k) for k in range(4)] == [
        "thickets.thm3.2", "thickets.thm3.3", "thickets.green-nim2", "thickets.green-nim3"]


def test_proved_by():
    detail = json.dumps({"deciders": [{"decider": "a", "verdict": "proved"},
                                      {"decider": "b", "verdict": "timeout"},
                                      {"decider": "c", "verdict": "proved"}]})
    assert ga.proved_by(4, "proved", None, detail) == ["a", "c"]
    assert ga.proved_by(4, "proved", None, None) == []
    assert ga.proved_by(4, "proved", None, "{}") == []
    with pytest.raises(CgsatInputError, match=r"^green-cordon: the automaton of nim-value 4 "
                       r"is not proved for every height \(thickets.green-nim4 automata: "
                       r"timeout: slow\)$"):
        ga.proved_by(4, "timeout", "slow", detail)


def test_proved_names_two_deciders_or_more():
    st, deciders = ga._proved(1)
    assert st.automata[1].name == nim_statement(1).automata[1].name
    assert len(deciders) >= 2 and len(set(deciders)) == len(deciders)


def _cordon(h: int, m: int) -> str:
    return f"{h}:{','.join(str(a) for a in range(1, h) if m >> (a - 1) & 1)}"


def test_value_agrees_with_plain_play_on_small_cordons():
    rules = get_ruleset("green-cordon")
    for text in ["1:", "2:", "3:1", "4:2", "5:1,3", "6:1,2,4", "7:1,2,3,4,5,6"]:
        parsed = rules.parse(text)
        a = ga.value(text)
        nim = play.nim_value(rules, parsed)
        assert a.nim == nim and a.claim == ga.claim_of(nim)
        wins = {(m, rules.format(o)) for m, o in rules.options(parsed)
                if play.nim_value(rules, o) == 0}
        assert set(a.winning_moves) == wins
        auto = nim_statement(nim).automata[nim]
        assert a.how.startswith(f"automaton {auto.name} ({auto.size} states)")
        assert f" of {ga.claim_of(nim)}, R_0 .. R_{nim} proved for every height by " in a.how


def test_value_limits(monkeypatch):
    monkeypatch.setattr(ga, "MAX_HEIGHT", 8)
    assert ga.value("8:").nim == play.nim_value(get_ruleset("green-cordon"),
                                               get_ruleset("green-cordon").parse("8:"))
    with pytest.raises(CgsatInputError, match="^green-cordon: height 9 is above 8, the largest "
                       "the proved automata answer$"):
        ga.value("9:")
    monkeypatch.setattr(ga, "OPTION_LETTERS", 7)
    assert ga.value("4:1").nim == 1  # options 3:1, 4: and 0: (7 arcs, the limit itself)
    with pytest.raises(CgsatInputError, match=r"^green-cordon: 5 options of 13 arcs of stalk "
                       r"in all: above 7, the most the proof route reads to find the winning "
                       r"moves and run the mex control \(fewer leaf arcs, or a lower cordon\)$"):
        ga.value("4:1,2")



def test_value_limits_a_sum_of_cordons_too_high_by_its_height(monkeypatch):
    # value reads one cordon (the API refuses sums first); a sum of two cordons both above
    # the limit is an input error about the height, as for one cordon
    monkeypatch.setattr(ga, "MAX_HEIGHT", 8)
    with pytest.raises(CgsatInputError, match="^green-cordon: height (9|10) is above 8, "):
        ga.value("9: + 10:")

def test_value_above_the_largest_automaton(monkeypatch):
    monkeypatch.setattr(ga, "LARGEST", 2)
    assert ga.value("4:2").nim == 2
    with pytest.raises(CgsatInputError, match=r"^green-cordon: 5:1,3 has nim-value above 2: "
                       r"no proved automaton decides it"):
        ga.value("5:1,3")


def test_value_control_catches_a_wrong_automaton(monkeypatch):
    real = ga.nim_statement
    monkeypatch.setattr(ga, "nim_statement", _swapped_lookup(real, 1))
    monkeypatch.setattr(ga, "_proved", lambda k: (real(k), ["stand-in"]))
    # 3:1 has nim-value 2 with options of nim-values 0 and 1; R_1 read as R_0 gives mex 1
    with pytest.raises(ControlFailed, match="do not have mex"):
        ga.value("5:1,3")


def _swapped_lookup(real, j):
    def swapped(k: int):
        st = real(k)
        autos = list(st.automata)
        if len(autos) > j:
            autos[j] = autos[0]
        return replace(st, automata=tuple(autos))
    return swapped


class _AlsoAccepts:
    """An automaton that accepts what ``auto`` accepts and one word more."""

    def __init__(self, auto, word):
        self.auto, self.word = auto, word
        self.name, self.size = auto.name, auto.size

    def __getattr__(self, name):
        return getattr(self.auto, name)

    def accepts(self, word):
        return word == self.word or self.auto.accepts(word)


def test_value_control_catches_a_value_among_its_options(monkeypatch):
    from cgsat.automata.families import cordon_word

    real = ga.nim_statement
    monkeypatch.setattr(ga, "_proved", lambda k: (real(k), ["stand-in"]))
    # "2:" has nim-value 0 and one option, "1:" (nim-value 1); R_0 made to accept "1:" too
    assert ga.value("2:").nim == 0

    def wrong(k: int):
        st = real(k)
        return replace(st, automata=(_AlsoAccepts(st.automata[0], cordon_word("1:")),)
                       + tuple(st.automata[1:]))

    monkeypatch.setattr(ga, "nim_statement", wrong)
    with pytest.raises(ControlFailed, match=r"^green-cordon 2:: the automata give nim-value 0, "
                       r"but its options' values \[0\] do not have mex 0"):
        ga.value("2:")


def test_a_sum_beyond_play_is_one_line_exit_2(capsys):
    """A sum of cordons beyond exhaustive play (40 arcs): the automata answer one cordon;
    before issue 36 ``cgsat value`` ended in an internal error (exit 4, a ValueError on the
    height read from the sum's text)."""
    from cgsat.cli import main

    for text in ("30: + 10:", "30:1,2 + 10:3"):
        assert main(["value", "green-cordon", text]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "is a sum of 2 cordons" in err, err
    assert main(["value", "green-cordon", "40:"]) == 0  # one cordon: answered
    assert "nim-value 0" in capsys.readouterr().out


def test_value_names_its_automaton_claim_and_deciders(monkeypatch):
    real = ga._proved
    monkeypatch.setattr(ga, "_proved", lambda k: (real(k)[0], ["d1", "d2"]))
    ga._proved_once.cache_clear()  # value() proves once per process: through _proved here
    try:
        a = ga.value("5:1,3")
    finally:
        ga._proved_once.cache_clear()  # not the patched deciders for later tests
    auto = nim_statement(3).automata[3]
    assert a.how == (f"automaton {auto.name} ({auto.size} states) of thickets.green-nim3, "
                     "R_0 .. R_3 proved for every height by d1 and d2")


def test_proved_asks_every_decider_under_the_claims_label(monkeypatch):
    from cgsat.claims import Verdict

    asked = []
    detail = json.dumps({"deciders": [{"decider": "x", "verdict": "proved"},
                                      {"decider": "y", "verdict": "proved"}]})

    def decide(statement, label, timeout):
        asked.append((statement.automata[-1].name, label, timeout))
        return Verdict.proved(detail=detail)

    monkeypatch.setattr(ga, "decide_all", decide)
    st, deciders = ga._proved(3)
    assert deciders == ["x", "y"] and st.automata[3].name == nim_statement(3).automata[3].name
    assert asked == [(nim_statement(3).automata[3].name, "thickets.green-nim3", None)]


@pytest.mark.parametrize(("verdict", "says"), [
    (lambda V: V.error("two deciders disagree"), "error: two deciders disagree"),
    (lambda V: V.refuted("0110"), "refuted: 0110"),
])
def test_proved_names_why_a_statement_is_not_proved(monkeypatch, verdict, says):
    from cgsat.claims import Verdict

    monkeypatch.setattr(ga, "decide_all", lambda statement, label, timeout: verdict(Verdict))
    with pytest.raises(CgsatInputError, match=r"^green-cordon: the automaton of nim-value 2 is "
                       r"not proved for every height \(thickets.green-nim2 automata: "
                       + says + r"\)$"):
        ga._proved(2)


def test_value_refuses_a_sum_of_cordons_in_one_line() -> None:
    """The public function reads one cordon: a sum is bad input naming it (it was a
    ValueError from reading the sum's text as one cordon)."""
    with pytest.raises(CgsatInputError, match=r"^green-cordon: 3: \+ 7:2,4,5 is a sum of 2 "):
        ga.value("3: + 7:2,4,5")
