"""Edge cases every all-n decider must answer right (issue 36, mutation testing of
:mod:`cgsat.automata.setops`, :mod:`cgsat.automata.preimage` and
:mod:`cgsat.automata.tables`): small statements whose answer is known by hand and
re-checked here by direct evaluation (:meth:`Statement.violated_at`, code the deciders do
not call), and the fields of the decision record (states, seconds, the time limit)."""

from __future__ import annotations

import itertools
import random
import time

import pytest
from automata.fa.dfa import DFA

from cgsat.automata import preimage, product, setops
from cgsat.automata.dfa import Automaton
from cgsat.automata.options import OptionRule, Statement, WordFamily
from word_brute import first_violation  # tests/ is on pythonpath

DECIDERS = {"setops": setops.decide, "preimage": preimage.decide, "product": product.decide}


def _exactly(alphabet: str, words: set[str], empty: bool = False) -> Automaton:
    """The words of ``alphabet`` of length at most 2 in ``words`` (a complete DFA)."""
    order = ["".join(t) for n in range(3) for t in itertools.product(alphabet, repeat=n)]
    index = {w: i for i, w in enumerate(order)}
    sink = len(order)
    delta = tuple(tuple(index.get(w + c, sink) for c in alphabet) for w in order)
    delta += (tuple(sink for _ in alphabet),)
    return Automaton(alphabet, delta, frozenset(index[w] for w in words), empty)


ONLY_TO_BOTTOM = WordFamily("only to bottom", "1", (
    OptionRule("1", None, at_start=True, at_end=True, label="the word 1 to ⊥"),
), True, "none", str)
"""Positions ⊥ and the words 1^n; the only move is 1 -> ⊥. Misère: ⊥ and every word but
"1" have no option (N-positions), "1" moves to ⊥ only (a P-position)."""


@pytest.mark.parametrize("name", sorted(DECIDERS))
def test_misere_a_word_whose_only_option_is_bottom(name):
    """A move to ⊥ is an option (misère: "some option exists" counts it)."""
    right = Statement(ONLY_TO_BOTTOM, (_exactly("1", {"1"}),), misere=True)
    assert first_violation(right, 6) == "none"
    assert DECIDERS[name](right).verdict == "proved"
    wrong = Statement(ONLY_TO_BOTTOM, (_exactly("1", set()),), misere=True)
    assert first_violation(wrong, 6) == "1"
    d = DECIDERS[name](wrong)
    assert (d.verdict, d.counterexample, d.bottom) == ("refuted", "1", False)
    assert d.reason == "R_0 rejects it, the mex rule says yes"


NIM = WordFamily("take one", "1", (OptionRule("1", "", keep_prefix=True, at_end=True),),
                 False, "none", str)
EVEN = Automaton("1", ((1,), (0,)), frozenset({0}))
ODD = Automaton("1", ((1,), (0,)), frozenset({1}))


@pytest.mark.parametrize("name", ["setops", "preimage"])
def test_decision_record_of_a_proof(name):
    """A proof's record: the largest automaton built has at least the states of the
    minimal DFAs of R_0 and R_1 (2 each) and at most a small bound; the time is the call's
    own (between 0 and the wall time measured around it); a generous time limit is not
    reached."""
    st = Statement(NIM, (EVEN, ODD))
    t0 = time.perf_counter()
    d = DECIDERS[name](st, timeout=600.0)
    wall = time.perf_counter() - t0
    assert d.verdict == "proved" and d.decider == name
    assert isinstance(d.states, int) and 2 <= d.states <= 8
    assert 0.0 <= d.seconds <= wall


@pytest.mark.parametrize("name", ["setops", "preimage"])
def test_bottom_is_refuted_before_any_automaton_is_built(name):
    """⊥ is checked first, on its own: no automaton built (states 0)."""
    fam = WordFamily("nim with ⊥", "1", NIM.rules, True, "none", str)
    st = Statement(fam, (Automaton("1", ((1,), (0,)), frozenset({0}), False), ODD))
    assert first_violation(st, 4) is None
    d = DECIDERS[name](st)
    assert (d.verdict, d.counterexample, d.bottom, d.states) == ("refuted", None, True, 0)
    assert d.reason == "R_0 rejects ⊥"
    assert 0.0 <= d.seconds < 60.0


@pytest.mark.parametrize("name", sorted(DECIDERS))
def test_bottom_outside_the_domain_is_not_checked(name):
    """⊥ is a position of the family but not of the domain: R_0 need not accept it."""
    everything_but_bottom = Automaton("1", ((0,),), frozenset({0}), False)
    fam = WordFamily("nim, ⊥ outside the domain", "1", NIM.rules, True, "none", str,
                     domain=everything_but_bottom)
    st = Statement(fam, (EVEN, ODD))
    assert not fam.in_domain(None) and first_violation(st, 6) == "none"
    assert DECIDERS[name](st).verdict == "proved"


FORWARD = WordFamily("forward rules", "ab", (
    OptionRule("b", "a", keep_prefix=True, keep_suffix=True, label="b to a"),
    OptionRule("aa", "", keep_prefix=True, label="cut at aa"),
    OptionRule("ba", "a", keep_prefix=True, at_end=True, label="a final ba: drop its b"),
    OptionRule("ab", None, at_end=True, label="to ⊥"),
    OptionRule("bb", "a", label="a bb anywhere: to a, nothing kept"),
    OptionRule("ab", "b", keep_suffix=True, at_end=True, label="a final ab: to b"),
    OptionRule("ba", "a", keep_prefix=True, keep_suffix=True, at_start=True,
               label="a first ba: to a, the (empty) prefix and the suffix kept"),
    OptionRule("bb", "", keep_prefix=True, keep_suffix=True, at_start=True,
               label="a first bb: dropped, the suffix kept"),
), True, "none", str, weights={"b": 1})
"""Rules that are all read forward (none keeps a suffix from any index without its
prefix), one of each shape: a letter changed in place, a prefix kept, a prefix kept at the
end, to ⊥, nothing kept from any index, a suffix kept that must be empty, an empty
prefix kept at the start (two such rules, windows of one length)."""


def test_pre_images_are_minimal_and_right():
    """Each decider's pre-image is the minimal DFA (its states are those of its own
    minimisation) of the words with an option in the goal (by the options, every word up to
    6 letters)."""
    goals = [Automaton("ab", ((1, 0), (1, 2), (2, 2)), frozenset({2}), True),
             Automaton("ab", ((1, 1), (0, 0)), frozenset({0}), False),
             Automaton("ab", ((0, 1), (2, 0), (2, 2)), frozenset({0, 1}), False)]
    st = Statement(FORWARD, (goals[0],))
    for goal in goals:
        lib = setops.preimage(st, setops.Target.of(goal))
        assert len(lib.states) == len(lib.minify().states)
        own = preimage.preimage(st, preimage.Goal.of(goal))
        for n in range(7):
            for letters in itertools.product("ab", repeat=n):
                word = "".join(letters)
                want = any(goal.accepts(o) if o is not None else goal.empty
                           for o in FORWARD.options(word))
                assert lib.accepts_input(word) == want, word
                assert own.accepts(["ab".index(c) for c in word]) == want, word


BACKWARD = WordFamily("suffix rules", "ab", (
    OptionRule("ab", "b", keep_suffix=True, label="ab to b, the suffix kept"),
    OptionRule("ba", "", keep_suffix=True, label="drop up to a ba"),
    OptionRule("abb", "a", keep_suffix=True, label="abb to a, the suffix kept"),
), False, "none", str)
"""Rules whose option is a suffix after an insert, from any index (read backward by both
deciders), with windows that read differently backward and forward."""


def test_backward_pre_images_against_the_options():
    """Both deciders' pre-images for suffix rules with asymmetric windows: exactly the
    words with an option in the goal (every word up to 7 letters, random goals)."""
    rng = random.Random(36)
    st = Statement(BACKWARD, (Automaton("ab", ((0, 0),), frozenset({0})),))
    for _ in range(12):
        size = rng.randrange(1, 5)
        goal = Automaton("ab", tuple(tuple(rng.randrange(size) for _ in "ab")
                                     for _ in range(size)),
                         frozenset(q for q in range(size) if rng.random() < 0.4))
        lib = setops.preimage(st, setops.Target.of(goal))
        own = preimage.preimage(st, preimage.Goal.of(goal))
        for n in range(8):
            for letters in itertools.product("ab", repeat=n):
                word = "".join(letters)
                want = any(goal.accepts(o) for o in BACKWARD.options(word))
                assert lib.accepts_input(word) == want, word
                assert own.accepts(["ab".index(c) for c in word]) == want, word


def test_the_time_limit_is_checked_while_reading_backward():
    """The backward construction calls ``tick`` as it goes (the time limit): a goal whose
    reverse needs many subsets (the 9th letter is an a) gives more than 256 states."""
    ninth = Automaton("ab", tuple((q + 1, q + 1) for q in range(8))
                      + ((9, 10), (9, 9), (10, 10)), frozenset({9}))
    st = Statement(BACKWARD, (Automaton("ab", ((0, 0),), frozenset({0})),))
    calls = []
    some = preimage.preimage(st, preimage.Goal.of(ninth), tick=lambda: calls.append(1))
    assert calls
    # "ab" + a^9 has the option "b" + a^9 (9th letter a); b^10 has no option
    assert some.accepts([0, 1] + [0] * 9) and not some.accepts([1] * 10)


@pytest.mark.parametrize("misere", [False, True])
def test_the_time_limit_reaches_every_pre_image(monkeypatch, misere):
    """The pre-image decider hands its time limit to every pre-image it builds (the
    domain's complement, "some option", each R_j) and to every search for a violation, so
    a long construction or search is stopped as it goes, not only after it."""
    built = []
    real = preimage.preimage

    def watched(statement, goal, tick=None):
        assert tick is not None, "a pre-image built without the time limit"
        built.append(goal)
        return real(statement, goal, tick)

    searched = []
    real_shortest = preimage.shortest

    def watched_search(tables, bad, alive=None, tick=None):
        assert tick is not None, "a search without the time limit"
        searched.append(len(tables))
        return real_shortest(tables, bad, alive, tick)

    monkeypatch.setattr(preimage, "preimage", watched)
    monkeypatch.setattr(preimage, "shortest", watched_search)
    domain = Automaton("1", ((0,),), frozenset({0}), False)
    fam = WordFamily("nim, a domain", "1", NIM.rules, False, "none", str, domain=domain)
    st = Statement(fam, (ODD,), misere=True) if misere else Statement(fam, (EVEN, ODD))
    assert preimage.decide(st, timeout=600.0).verdict == "proved"
    assert len(built) == 3  # the complement, then "some option" and R_0, or R_0 and R_1
    assert searched == ([2, 4] if misere else [2, 4, 4])  # closure, then each R_j


NO_MOVES = WordFamily("no moves", "ab", (), False, "none", str)
"""A family without rules: every word has nim-value 0."""


@pytest.mark.parametrize("name", sorted(DECIDERS))
def test_a_family_without_moves(name):
    """No rule: R_0 is every word (an empty pre-image, "some option" nowhere)."""
    every = Automaton("ab", ((0, 0),), frozenset({0}))
    even = Automaton("ab", ((1, 1), (0, 0)), frozenset({0}))
    assert DECIDERS[name](Statement(NO_MOVES, (every,))).verdict == "proved"
    wrong = Statement(NO_MOVES, (even,))
    assert first_violation(wrong, 3) == "a"
    d = DECIDERS[name](wrong)
    assert (d.verdict, d.counterexample, d.reason) == (
        "refuted", "a", "R_0 rejects it, the mex rule says yes")
    misere = Statement(NO_MOVES, (Automaton("ab", ((0, 0),), frozenset()),), misere=True)
    assert first_violation(misere, 3) == "none"
    assert DECIDERS[name](misere).verdict == "proved"


def test_the_time_limit_is_checked_while_reading_forward():
    """The forward construction calls ``tick`` as it goes: a goal of 300 states (the length
    is a multiple of 300) gives more than 256 states."""
    period = Automaton("ab", tuple(((q + 1) % 300, (q + 1) % 300) for q in range(300)),
                       frozenset({0}))
    st = Statement(FORWARD, (Automaton("ab", ((0, 0),), frozenset({0})),))
    calls = []
    some = preimage.preimage(st, preimage.Goal.of(period), tick=lambda: calls.append(1))
    assert calls
    # "b" * 300 has the option "a" + "b" * 299 (300 letters); "a" has no option
    assert some.accepts([1] * 300) and not some.accepts([0])


def test_a_target_reads_words_from_its_start_state():
    """:meth:`setops.Target.run` starts in state 0 unless told otherwise: its verdict on a
    word is the automaton's own (:meth:`Automaton.accepts`), and the complement's is the
    opposite; from another state it goes on as the automaton's run from there."""
    third_is_a = Automaton("ab", ((1, 1), (2, 2), (3, 4), (3, 3), (4, 4)), frozenset({3}))
    target, other = setops.Target.of(third_is_a), setops.Target.of(third_is_a, True)
    for n in range(6):
        for letters in itertools.product("ab", repeat=n):
            word = "".join(letters)
            assert (target.run(word, "ab") in target.accepting) == third_is_a.accepts(word)
            assert (other.run(word, "ab") in other.accepting) != third_is_a.accepts(word)
            assert target.run(word, "ab", 2) == third_is_a.run(word, 2)


@pytest.mark.parametrize("name", ["setops", "preimage"])
def test_a_time_limit_above_the_calls_own_time_is_not_reached(name):
    """The time limit counts from the call's start (not from the clock's origin): 20 s is
    far more than this proof takes, and is not reached."""
    d = DECIDERS[name](Statement(NIM, (EVEN, ODD)), timeout=20.0)
    assert d.verdict == "proved" and d.seconds < 20.0


def test_each_rule_is_determinised_the_cheap_way(monkeypatch):
    """:func:`setops.preimage` reads a suffix kept from any index (Toppling Peaks' L)
    backward and a letter changed in place forward: for targets where the other direction
    needs exponentially many subsets (2^8 and more), no determinisation builds more than a
    few states per state of the target, and the pre-image is the words with an option in
    the target (every word up to 10 letters)."""
    built = []
    real = DFA.from_nfa

    def counted(nfa, **kw):
        built.append(len(real(nfa, minify=False).states))  # the subsets, before minimising
        return real(nfa, **kw)

    monkeypatch.setattr(DFA, "from_nfa", counted)
    # at least 8 R's: forward, the runs from every L so far are any subset of 0 .. 8
    eight_rs = Automaton("LR", tuple((q, min(q + 1, 8)) for q in range(9)), frozenset({8}))
    topple = WordFamily("an L topples", "LR", (OptionRule("L", "", keep_suffix=True),),
                        False, "none", str)
    # the 8th letter is b: backward, the set of states that read a b 8 - q letters on
    eighth_b = Automaton("ab", tuple((q + 1, q + 1) for q in range(7))
                         + ((9, 8), (8, 8), (9, 9)), frozenset({8}))
    in_place = WordFamily("a b to a", "ab", (OptionRule("b", "a", keep_prefix=True,
                                                         keep_suffix=True),),
                          False, "none", str, weights={"b": 1})
    for fam, goal in ((topple, eight_rs), (in_place, eighth_b)):
        built.clear()
        lib = setops.preimage(Statement(fam, (goal,)), setops.Target.of(goal))
        assert built and max(built) <= 4 * goal.size, (fam.name, built)
        for n in range(11):
            for letters in itertools.product(fam.alphabet, repeat=n):
                word = "".join(letters)
                want = any(goal.accepts(o) for o in fam.options(word))
                assert lib.accepts_input(word) == want, (fam.name, word)


def _unary_states(member, longest: int = 40) -> int:
    """The states of the minimal complete DFA of the unary language {1^n : member(n)}: its
    residuals (Myhill-Nerode), each told by the next ``longest`` lengths (enough for the
    eventually periodic languages here: periods at most 6, from length at most 2)."""
    return len({tuple(member(n + m) for m in range(longest)) for n in range(longest)})


def test_states_are_those_of_the_automata_the_equations_read():
    """The pre-image decider's ``states`` is the largest minimal DFA its equations read
    (module docstring: the domain, R_j, the intersection of the pre-images of the earlier
    R_i, the pre-image of R_j), sizes counted here by residuals of the unary languages
    (take one; R_0 the even lengths, R_1 the multiples of 3): 3. The intersection of all
    the pre-images, which no equation reads (its 6 residuals: 1 mod 6), is not built."""
    third = Automaton("1", ((1,), (2,), (0,)), frozenset({0}))
    st = Statement(NIM, (EVEN, third))
    some = [lambda n, a=a: any(a.accepts(o) for o in NIM.options("1" * n))
            for a in st.automata]
    read = [lambda n: True, lambda n: n % 2 == 0, lambda n: n % 3 == 0, some[0], some[1]]
    expected = max(_unary_states(m) for m in read)
    assert expected == 3
    assert _unary_states(lambda n: some[0](n) and some[1](n)) == 6
    assert first_violation(st, 6) != "none"
    d = preimage.decide(st)
    assert d.verdict == "refuted" and d.states == expected
