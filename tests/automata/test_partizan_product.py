"""The partizan product search (decider (a) of the partizan all-n path) against a brute force
written apart from it, as ``test_product.py`` does for the impartial one.

:meth:`PartizanStatement.violated_at` evaluates the class rule at one word from both players'
options listed by plain string operations; the product search never calls it. Breadth first,
with the letters in alphabet order, the search reports the first violating word in (length,
alphabet order), so its counterexample must be exactly the first word the brute force finds,
with the same reason. Also: the Decision's every field on the true statements and on the
negative controls, product states counted by hand, options leaving the domain, and the limits.
"""

from __future__ import annotations

import inspect
import re
import time
from collections.abc import Callable, Iterator

import pytest

from cgsat.automata import partizan_product
from cgsat.automata.decision import Decision
from cgsat.automata.dfa import Automaton
from cgsat.automata.options import OptionRule
from cgsat.automata.partizan import PartizanFamily, PartizanStatement
from cgsat.automata.partizan_families import (
    LEM1_REGEX,
    STALKS,
    THM42_REGEX,
    blue_stalks,
    stalk_position,
    thm42,
    toppling_lem1,
)
from word_brute import words

LIMIT = 20_000
"""A bound on the product states far above those of every statement here (a few hundred at
most): a search that blows up fails quickly instead of running on."""


def decide(st: PartizanStatement, **kw: float) -> Decision:
    """The product search, bounded by :data:`LIMIT` and a minute unless told otherwise."""
    limit = int(kw.pop("max_states", LIMIT))
    return partizan_product.decide(st, max_states=limit, timeout=kw.pop("timeout", 60.0))


def first_violation(st: PartizanStatement, longest: int) -> tuple[str, str] | None:
    """The first violating word (by length, then alphabet order) with the brute force's
    reason, or None if none up to ``longest`` letters."""
    for w in words(st.family.alphabet, longest):
        why = st.violated_at(w)
        if why:
            return w, why
    return None


LEAVES = re.compile(r"(Left|Right)'s option '[^']*' leaves the domain")


def agrees(st: PartizanStatement, longest: int) -> str:
    """Check the product's answer on ``st`` against the brute force; returns its verdict."""
    d = decide(st)
    assert (d.decider, d.bottom) == ("product", False), d
    assert d.states is not None and 1 <= d.states < LIMIT, d
    first = first_violation(st, longest)
    if first is None:
        # nothing up to ``longest``: proved, or refuted only further out
        assert d.verdict in ("proved", "refuted"), d
        if d.verdict == "refuted":
            assert len(d.counterexample or "") > longest and st.violated_at(d.counterexample
                                                                             or ""), d
        else:
            assert (d.counterexample, d.reason) == (None, ""), d
        return d.verdict
    word, why = first
    assert (d.verdict, d.counterexample) == ("refuted", word), (d, first)
    # violated_at names the option that leaves the domain; the search names the player
    assert d.reason == LEAVES.sub(r"\1's option leaves the domain", why), (d, first)
    return d.verdict


# -- the true statements and the negative controls ----------------------------------------


@pytest.mark.parametrize("build, states", [(toppling_lem1, 214), (thm42, 117), (blue_stalks, 9)])
def test_the_true_statements_are_proved_with_their_product_states(
        build: Callable[[], PartizanStatement], states: int) -> None:
    """Every field of the Decision on Lemma 1, Theorem 4.2 and the blue stalks."""
    t0 = time.perf_counter()
    d = decide(build())
    took = time.perf_counter() - t0
    assert (d.decider, d.verdict, d.counterexample, d.bottom, d.states, d.reason) == (
        "product", "proved", None, False, states, "")
    assert 0.0 <= d.seconds <= took


CONTROLS = [
    # the negative controls of test_partizan.py: the shortest wrong word, the reason, and the
    # product states met (the whole search stops there)
    (toppling_lem1, {**LEM1_REGEX, "L": "L(L|R|E)*L", "N": LEM1_REGEX["N"] + "|L"}, "L",
     "accepted as N; the outcome rule gives L", 4),
    (toppling_lem1, {"P": "()", "L": "L|L(L|R|E)*(L|E)", "R": LEM1_REGEX["R"],
                     "N": "E|E(L|R|E)*|L(L|R|E)*R|R(L|R|E)*(L|E)"}, "LE",
     "accepted as L; the outcome rule gives N", 18),
    (thm42, {**THM42_REGEX, "{1|0}": "((L|R)*L)?LR|(L|R)*LRLLL*"}, "LRLL",
     "accepted as {1|0}, {1||0|-1}; the reduced rule gives {1||0|-1}", 38),
    (blue_stalks, {"0": "()|LRRRR*", "1": "L", "{1|0}": "LR|LRR"}, "LRR",
     "accepted as {1|0}; the reduced rule gives 0", 7),
]


@pytest.mark.parametrize("build, regex, where, reason, states", CONTROLS)
def test_negative_controls_are_refuted_at_the_shortest_wrong_word(
        build: Callable[[dict[str, str]], PartizanStatement], regex: dict[str, str], where: str,
        reason: str, states: int) -> None:
    """The counterexample is the first word of (length, alphabet order) where violated_at
    finds the statement wrong, with the same reason; every other field exactly."""
    st = build(regex)
    t0 = time.perf_counter()
    d = decide(st)
    took = time.perf_counter() - t0
    assert first_violation(st, len(where)) == (where, reason)
    assert (d.decider, d.verdict, d.counterexample, d.bottom, d.states, d.reason) == (
        "product", "refuted", where, False, states, reason)
    assert 0.0 <= d.seconds <= took


# -- small families: true statements, their edits, product states by hand -----------------


def _family(left: list[OptionRule], right: list[OptionRule],
            domain: Automaton | None = None) -> PartizanFamily:
    return PartizanFamily("test", "ab", tuple(left), tuple(right), "none", str, domain=domain)


def edited(st: PartizanStatement) -> Iterator[tuple[str, PartizanStatement]]:
    """Every single edit of every class automaton of ``st`` (⊥ stays rejected)."""
    for j, auto in enumerate(st.automata):
        for text, bad in auto.edits():
            if text != "flip empty":
                autos = st.automata[:j] + (bad,) + st.automata[j + 1:]
                yield f"{st.classes[j]} {text}", PartizanStatement(st.family, st.classes, autos,
                                                                  st.rule)


def _outcomes(left: list[OptionRule], right: list[OptionRule], delta: tuple[tuple[int, int], ...],
              classes: dict[str, list[int]]) -> PartizanStatement:
    fam = _family(left, right)
    return PartizanStatement(fam, tuple(classes), tuple(
        Automaton("ab", delta, frozenset(acc), name=c) for c, acc in classes.items()), "outcome")


SMALL = {
    # Left removes a leading a (the rule at the start, listed before Left's other rule) or
    # drops a b and what follows it; Right drops an a and what follows it. States: "", "a",
    # "b...", "aa...", "ab..."
    "at the start": (_outcomes([OptionRule("a", "", keep_suffix=True, at_start=True),
                                OptionRule("b", "", keep_prefix=True)],
                               [OptionRule("a", "", keep_prefix=True)],
                               ((1, 2), (3, 4), (2, 2), (3, 3), (4, 4)),
                               {"L": [2], "R": [3], "N": [1, 4], "P": [0]}), 13),
    # Left drops a final a; Right empties a word that ends in a, or drops a b and what
    # precedes it: both players' at-end options complete at the same last letter
    "both at the end": (_outcomes([OptionRule("a", "", keep_prefix=True, at_end=True)],
                                  [OptionRule("a", "", at_end=True),
                                   OptionRule("b", "", keep_suffix=True)],
                                  ((1, 2), (2, 2), (2, 2)), {"R": [2], "N": [1], "P": [0]}), 9),
    # Left turns a leading bb into a (dropping the rest); Right drops a final a
    "fixed word": (_outcomes([OptionRule("bb", "a", at_start=True)],
                             [OptionRule("a", "", keep_prefix=True, at_end=True)],
                             ((1, 0), (1, 0)), {"R": [1], "P": [0]}), 8),
}


@pytest.mark.parametrize("kind", sorted(SMALL))
def test_small_families_and_every_edit_agree_with_brute_force(kind: str) -> None:
    """The class automata are right on every short word and proved (states exactly); each
    single edit of them is refuted at the brute force's first wrong word, with its reason."""
    st, states = SMALL[kind]
    assert first_violation(st, 7) is None
    d = decide(st)
    assert (d.verdict, d.counterexample, d.states, d.reason) == ("proved", None, states, "")
    assert agrees(st, 6) == "proved"
    verdicts = {agrees(bad, 6) for _, bad in edited(st)}
    assert "refuted" in verdicts  # the automata share one transition table: not every edit
    # changes a class


TAKE = PartizanFamily("take", "1", (OptionRule("1", "", keep_prefix=True, at_end=True),), (),
                      "none", str)
"""Left takes the last letter; Right has no move (the doctest's family)."""


def _take() -> PartizanStatement:
    """P: the empty word, L: every other word (true)."""
    empty = Automaton("1", ((1,), (1,)), frozenset({0}))
    some = Automaton("1", ((1,), (1,)), frozenset({1}))
    return PartizanStatement(TAKE, ("P", "L"), (empty, some), "outcome")


def test_product_states_counted_by_hand() -> None:
    """Three product states: the start; "1", whose Left option (at the end) is P; "11", whose
    Left option is L. "111" is "11" again (the same automata states and at-end bits)."""
    d = decide(_take())
    assert (d.decider, d.verdict, d.counterexample, d.bottom, d.states, d.reason) == (
        "product", "proved", None, False, 3, "")


def test_an_option_leaving_the_domain_keeps_its_class_bits() -> None:
    """Right's options keep their classes' bits besides "leaves the domain".

    Left drops a final a; Right drops a b and what follows it, or turns an ab into b and
    drops the rest. The domain: words ending in a run of b's of odd length. P: every word;
    N: every word outside the domain. By hand, breadth first: "" (the start), "a" (Left's
    option "" at the end: P, N, outside), "b" (Right's option "": P, N, outside); then "aa"
    is "a" again ("a" is P, N, outside too), and "ab" (Right's options "a": P, N, outside,
    and "b": P) is "b" again only because "b"'s bits hold P as well; "b" is in the domain,
    its option "" is not: refuted there, with 3 product states met."""
    dom = Automaton("ab", ((0, 1), (0, 0)), frozenset({1}))
    every = Automaton("ab", ((0, 0),), frozenset({0}))
    outside = Automaton("ab", dom.delta, frozenset({0}))
    fam = _family([OptionRule("a", "", keep_prefix=True, at_end=True)],
                  [OptionRule("ab", "b", keep_prefix=True), OptionRule("b", "", keep_prefix=True)],
                  domain=dom)
    st = PartizanStatement(fam, ("P", "N"), (every, outside), "outcome")
    d = decide(st)
    assert (d.verdict, d.counterexample, d.states, d.reason) == (
        "refuted", "b", 3, "Right's option leaves the domain")
    assert agrees(st, 4) == "refuted"


# -- domains not closed under options -----------------------------------------------------


def _on_domain(st: PartizanStatement, domain: Automaton) -> PartizanStatement:
    fam = PartizanFamily("stalks on a domain", "LR", STALKS.left, STALKS.right, "thickets",
                         stalk_position, domain=domain)
    return PartizanStatement(fam, st.classes, st.automata, st.rule)


@pytest.mark.parametrize("build", [blue_stalks, thm42])
def test_every_edit_of_the_blue_domain_agrees_with_brute_force(
        build: Callable[[], PartizanStatement]) -> None:
    """Each single edit of the blue stalks' domain (Left's and Right's options leaving it, by
    a done option or a running one): the first wrong word and the player named."""
    st = build()
    domain = blue_stalks().family.domain
    assert domain is not None
    reasons = set()
    for text, dom in domain.edits():
        if text != "flip empty":
            agrees(_on_domain(st, dom), 6)
            reasons.add(decide(_on_domain(st, dom)).reason)
    assert {"Left's option leaves the domain", "Right's option leaves the domain"} <= reasons


def test_an_option_to_bottom_is_refused() -> None:
    """A partizan family has no ⊥: a rule to ⊥ is an error, with its message."""
    fam = PartizanFamily("to bottom", "1", (OptionRule("1", None),), (), "none", str)
    st = PartizanStatement(fam, ("P",), (Automaton("1", ((0,),), frozenset({0})),), "outcome")
    with pytest.raises(ValueError) as err:
        partizan_product.decide(st)
    assert str(err.value) == "a partizan family has no ⊥: every option is a word"


# -- limits -------------------------------------------------------------------------------


def test_the_state_limit_is_strict() -> None:
    """Past max_states product states the answer is unknown, with the states and the limit;
    at exactly as many states as the search needs, it is proved."""
    st = toppling_lem1()
    d = decide(st)
    assert (d.verdict, d.states) == ("proved", 214)
    assert decide(st, max_states=214).verdict == "proved"
    over = decide(st, max_states=213)
    assert (over.decider, over.verdict, over.counterexample, over.bottom, over.states,
            over.reason) == ("product", "unknown", None, False, 214,
                             "more than 213 product states")
    # the take family: 2 states after the start is read, 3 after "1"
    assert [(u.verdict, u.states, u.reason) for u in (decide(_take(), max_states=m)
                                                      for m in (1, 2, 3))] == [
        ("unknown", 2, "more than 1 product states"),
        ("unknown", 3, "more than 2 product states"), ("proved", 3, "")]


def test_the_default_state_limit_is_five_million() -> None:
    """The all-n method runs the search with its default limit (decide_all passes none)."""
    assert inspect.signature(partizan_product.decide).parameters["max_states"].default == (
        5_000_000)


class _Clock:
    """A stand-in for time.perf_counter: 100 s at the first call, one second more at each."""

    def __init__(self) -> None:
        self.now = 99.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.mark.parametrize("timeout, answer", [
    # the clock: 100 at the start, 101, 102, 103 after the take family's three product states
    # are read (the elapsed time 1, 2, 3 compared with the timeout), 104 for the answer
    (None, ("proved", 3, "", 1.0)),  # no timeout: the clock is read at the start and the end
    (3.0, ("proved", 3, "", 4.0)),  # 3 s elapsed is not past a timeout of 3 s
    (2.0, ("unknown", 3, "timeout 2s", 4.0)),
    (1.5, ("unknown", 3, "timeout 1.5s", 3.0)),
    (0.5, ("unknown", 2, "timeout 0.5s", 2.0)),
])
def test_the_timeout_is_measured_from_the_start(
        monkeypatch: pytest.MonkeyPatch, timeout: float | None,
        answer: tuple[str, int, str, float]) -> None:
    """The time is counted from the search's start: unknown once the elapsed time is past
    the timeout (checked after each product state is read), with the states so far and the
    timeout in the reason; the Decision's seconds are the elapsed time."""
    monkeypatch.setattr(time, "perf_counter", _Clock())
    d = partizan_product.decide(_take(), timeout=timeout)
    assert (d.verdict, d.states, d.reason, d.seconds) == answer
    assert (d.decider, d.counterexample, d.bottom) == ("product", None, False)
