"""The partizan set-operations decider (cgsat.automata.partizan_setops) answer by answer: the
whole Decision on the proved statements and on the negative controls (the least shortest
wrong word, the product's tuples counted), an option that leaves the domain named by player,
and the time limit read on a stepped clock."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

import pytest

from cgsat.automata import partizan_product, partizan_setops
from cgsat.automata.decision import Decision
from cgsat.automata.partizan import PartizanFamily, PartizanStatement
from cgsat.automata.partizan_families import (
    LEM1_REGEX,
    STALKS,
    THM42_REGEX,
    blue_stalks,
    regex_automaton,
    stalk_position,
    thm42,
    toppling_lem1,
)
from word_brute import words


def _setops(reason: str = "", verdict: str = "proved", word: str | None = None,
            states: int | None = None) -> Decision:
    """The expected decision, its time left out (compared as 0.0)."""
    return Decision("setops", verdict, word, False, states, 0.0, reason)


# -- the proved statements ----------------------------------------------------------------


@pytest.mark.parametrize("build, states", [(toppling_lem1, 68), (thm42, 101), (blue_stalks, 20)])
def test_true_statements_are_proved_with_the_tuples_reached(
        build: Callable[[], PartizanStatement], states: int) -> None:
    """Lemma 1, Theorem 4.2 and Rcf(B(n)) are proved by "setops", not at ⊥, with no reason,
    counting the reachable tuples of the product of the minimal DFAs."""
    d = partizan_setops.decide(build())
    assert replace(d, seconds=0.0) == _setops(states=states)


def test_the_time_taken_is_the_time_of_the_call() -> None:
    """``seconds`` is the wall time from the start of the call to its answer."""
    before = time.perf_counter()
    d = partizan_setops.decide(blue_stalks())
    took = time.perf_counter() - before
    assert 0.0 < d.seconds <= took


# -- the negative controls of test_partizan.py --------------------------------------------

CONTROLS = [
    # Lemma 1 misread: a single L domino counted N, not L
    (toppling_lem1, {**LEM1_REGEX, "L": "L(L|R|E)*L", "N": LEM1_REGEX["N"] + "|L"}, "LRE",
     "L", 4, "accepted as N; the outcome rule gives L"),
    # Lemma 1 with the ends' roles swapped for E: an E at the right end read as L
    (toppling_lem1, {"P": "()", "L": "L|L(L|R|E)*(L|E)", "R": LEM1_REGEX["R"],
                     "N": "E|E(L|R|E)*|L(L|R|E)*R|R(L|R|E)*(L|E)"}, "LRE",
     "LE", 17, "accepted as L; the outcome rule gives N"),
    # Theorem 4.2 with k >= 2 in place of k >= 3 in the case αLRL^k
    (thm42, {**THM42_REGEX, "{1|0}": "((L|R)*L)?LR|(L|R)*LRLLL*"}, "LR",
     "LRLL", 37, "accepted as {1|0}, {1||0|-1}; the reduced rule gives {1||0|-1}"),
    # blue stalks: B(3) read as {1|0}
    (blue_stalks, {"0": "()|LRRRR*", "1": "L", "{1|0}": "LR|LRR"}, "LR",
     "LRR", 14, "accepted as {1|0}; the reduced rule gives 0"),
]


@pytest.mark.parametrize("build, regex, alphabet, word, states, reason", CONTROLS)
def test_controls_are_refuted_at_the_least_shortest_wrong_word(
        build: Callable[[dict[str, str]], PartizanStatement], regex: dict[str, str],
        alphabet: str, word: str, states: int, reason: str) -> None:
    """Each control is refuted at the first word (shortest, then in the alphabet's order)
    where the statement fails, the product decider's word, with violated_at's reason and the
    tuples reached by then."""
    st = build(regex)
    d = partizan_setops.decide(st)
    assert replace(d, seconds=0.0) == _setops(reason, "refuted", word, states)
    earlier = words(alphabet, len(word))
    earlier = earlier[:earlier.index(word)]
    assert [w for w in earlier if st.violated_at(w)] == []
    assert st.violated_at(word) == reason
    assert partizan_product.decide(st).counterexample == word


# -- a domain that is not closed under options ----------------------------------------------


def _outside(domain: str, classes: dict[str, str]) -> PartizanStatement:
    """Red-blue stalks on ``domain`` (a regex), the reduced rule."""
    fam = PartizanFamily("stalks on " + domain, "LR", STALKS.left, STALKS.right, "thickets",
                         stalk_position, domain=regex_automaton(domain, "LR", "domain"))
    autos = tuple(regex_automaton(r, "LR", c) for c, r in classes.items())
    return PartizanStatement(fam, tuple(classes), autos, "reduced")


@pytest.mark.parametrize("domain, classes, word, states, reason", [
    # the blue stalks without B(0): Left deleting the only arc of B(1) leaves the empty stalk
    ("LR*", {"0": "()|LRRR*", "1": "L", "{1|0}": "LR"}, "L", 3,
     "Left's option leaves the domain"),
    # their negatives without the empty stalk: Right deleting the only arc of R
    ("RL*", {"0": "()|RLLL*", "-1": "R", "{0|-1}": "RL"}, "R", 5,
     "Right's option leaves the domain"),
])
def test_an_option_leaving_the_domain_is_refuted_and_names_the_player(
        domain: str, classes: dict[str, str], word: str, states: int, reason: str) -> None:
    """The classes agree with the rule everywhere (the empty stalk is 0), but a domain word
    has an option outside the domain: refuted there, naming the player who moves out, as the
    product decider says."""
    st = _outside(domain, classes)
    d = partizan_setops.decide(st)
    assert replace(d, seconds=0.0) == _setops(reason, "refuted", word, states)
    p = partizan_product.decide(st)
    assert (p.verdict, p.counterexample, p.reason) == ("refuted", word, reason)
    assert st.violated_at(word) == reason.replace("option", "option ''")


def test_a_false_statement_that_only_an_option_outside_the_domain_props_up_is_refuted() -> None:
    """B(1) = L is 1 (Rcf of the blue stalks), but claiming the empty stalk, outside the
    domain LR*, to be -1 makes L = {-1|} = 0, LR = {0|-1} and LRR... = -1 agree with the rule
    inside the domain: only the closure check stands between this and a false proof."""
    assert blue_stalks().accepted("L") == ["1"]
    st = _outside("LR*", {"-1": "()|LRRR*", "0": "L", "{0|-1}": "LR"})
    for w in ["L" + "R" * n for n in range(8)]:
        sides = [frozenset(c for o in st.family.options(w, p) for c in st.accepted(o))
                 for p in (0, 1)]
        assert st.accepted(w) == [st.class_of(sides[0], sides[1])], w
    d = partizan_setops.decide(st)
    assert replace(d, seconds=0.0) == _setops("Left's option leaves the domain", "refuted",
                                              "L", 3)


# -- the time limit -----------------------------------------------------------------------


class _Clock:
    """A stand-in for the module's clock: each reading is one second after the last, the
    first reading 1000 s."""

    def __init__(self) -> None:
        self.start = 1000.0
        self.now = self.start - 1.0

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now


@pytest.mark.parametrize("timeout, states", [
    # a reading after the class automata (1 s), after each of the 2 x (4 + 1) pre-images
    # (2 .. 11 s), then after each tuple explored (12 s, 13 s, ...)
    (0.5, 0),  # given up before any pre-image: no tuple yet
    (11.0, 4),  # every pre-image built at 11 s (not more than 11 s): one tuple explored
    (12.0, 7),  # two tuples explored
])
def test_a_timeout_is_unknown_with_the_tuples_reached(monkeypatch: pytest.MonkeyPatch,
                                                       timeout: float, states: int) -> None:
    """On a clock that moves one second per reading, Lemma 1 is given up ("unknown", the
    reason says the limit) at the first reading more than ``timeout`` seconds after the
    start, not at one exactly that far, counting the tuples reached by then; ``seconds`` is
    read on the same clock."""
    clock = _Clock()
    monkeypatch.setattr(partizan_setops, "time", clock)
    d = partizan_setops.decide(toppling_lem1(), timeout=timeout)
    assert d.seconds == clock.now - clock.start
    assert replace(d, seconds=0.0) == _setops(f"timeout {timeout:g}s", "unknown",
                                              states=states)


def test_a_generous_timeout_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A time limit that is not reached (the clock reading 1000 s at the start) gives the
    answer of no limit."""
    clock = _Clock()
    monkeypatch.setattr(partizan_setops, "time", clock)
    d = partizan_setops.decide(toppling_lem1(), timeout=500.0)
    assert d.seconds == clock.now - clock.start < 500.0
    assert replace(d, seconds=0.0) == _setops(states=68)
