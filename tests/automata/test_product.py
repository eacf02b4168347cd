"""The product search (decider (a)) against a brute force written apart from it.

:meth:`Statement.violated_at` evaluates the mex rule at one word from the family's options
listed by plain string operations; the product search never calls it. Breadth first, with
the letters in alphabet order, the product search reports the first violating word in
(length, alphabet order), so on every single edit of the stored automata (the negative
controls of ``test_controls.py``) its counterexample must be exactly the first word the brute
force finds. Quick: a few hundred small statements, each searched to a short length.
"""

from __future__ import annotations

import itertools

import pytest

from all_n_statements import cordon, peaks
from cgsat.automata import product
from cgsat.automata.decision import Decision
from cgsat.automata.dfa import Automaton
from cgsat.automata.families import GREEN_CORDON, height_range
from cgsat.automata.library import stored
from cgsat.automata.options import OptionRule, Statement, WordFamily

LIMIT = 20_000
"""A bound on the product states far above those of every statement here (a few hundred at
most): a search that blows up (a mutant of the search) fails quickly instead of running on;
so does one that never ends (a timeout of a minute, for a search of a few milliseconds)."""


def decide(st: Statement, **kw) -> Decision:
    """The product search, bounded by :data:`LIMIT` and a minute unless told otherwise."""
    kw.setdefault("max_states", LIMIT)
    kw.setdefault("timeout", 60.0)
    return product.decide(st, **kw)


def first_violation(st: Statement, longest: int) -> tuple[str | None, str] | None:
    """The first violating position (⊥ first, then words by length and alphabet order)
    with the brute force's reason, or None if none up to ``longest`` letters."""
    if st.family.bottom:
        why = st.violated_at(None)
        if why:
            return None, why
    for n in range(longest + 1):
        for letters in itertools.product(st.family.alphabet, repeat=n):
            word = "".join(letters)
            why = st.violated_at(word)
            if why:
                return word, why
    return None


def agrees(st: Statement, longest: int) -> str:
    """Check the product's answer on ``st`` against the brute force; returns its verdict."""
    d = decide(st)
    first = first_violation(st, longest)
    if first is None:
        # nothing up to ``longest``: proved, or refuted only further out
        assert d.verdict in ("proved", "refuted"), d
        if d.verdict == "refuted":
            assert not d.bottom and len(d.counterexample or "") > longest, d
            assert st.violated_at(d.counterexample), d
        return d.verdict
    word, why = first
    assert d.verdict == "refuted", (d, first)
    assert (d.bottom, d.counterexample) == (word is None, word), (d, first)
    if why.startswith("option"):
        assert d.reason == "an option leaves the domain", (d, first)
    elif word is not None:
        # "R_j accepts it, the mex rule says no": the same automaton, the same way
        assert d.reason == why.replace("misère mex", "mex"), (d, first)
    return d.verdict


def edited(st: Statement):
    """Every single edit of every automaton of ``st`` (the negative controls)."""
    for j, auto in enumerate(st.automata):
        for text, bad in auto.edits():
            yield f"R_{j} {text}", st.with_automaton(j, bad)


@pytest.mark.parametrize("k", [0, 1, 2])
def test_every_edit_of_the_cordon_statements_agrees_with_brute_force(k):
    st = cordon(k)
    assert agrees(st, 7) == "proved"
    verdicts = {agrees(bad, 7) for _, bad in edited(st)}
    assert "refuted" in verdicts


@pytest.mark.parametrize("misere", [False, True])
def test_every_edit_of_toppling_peaks_agrees_with_brute_force(misere):
    st = peaks(2, misere)
    assert agrees(st, 7) == "proved"
    verdicts = {agrees(bad, 7) for _, bad in edited(st)}
    assert "refuted" in verdicts


def test_edits_of_the_domain_are_caught_as_options_leaving_it():
    st = peaks(2, False)
    fam = st.family
    assert fam.domain is not None
    reasons = set()
    for _, dom in fam.domain.edits():
        bad = Statement(WordFamily(**{**fam.__dict__, "domain": dom}), st.automata)
        agrees(bad, 7)
        reasons.add(decide(bad).reason)
    assert "an option leaves the domain" in reasons


def test_a_domain_not_closed_under_options_is_refuted_where_an_option_leaves_it():
    # words over {L, R} whose heights span at most 1 are closed; span 2 keeps "LL" but its
    # option ... the statement over the domain "height range <= 1 or the word LL" is not
    wide = height_range(2)
    st = peaks(1, False)
    bad = Statement(WordFamily(**{**st.family.__dict__, "domain": wide}), st.automata)
    assert agrees(bad, 6) == "refuted"


def _word_family(rules, bottom=False, domain=None, weights=None):
    return WordFamily("test", "ab", tuple(rules), bottom, "none", str,
                      weights=weights or {}, domain=domain)


def _all_automata(states: int = 2):
    """Every automaton over {a, b} with ``states`` states (start 0), ⊥ rejected."""
    rows = list(itertools.product(range(states), repeat=2))
    for delta in itertools.product(rows, repeat=states):
        for acc in range(1 << states):
            yield Automaton("ab", tuple(delta), frozenset(q for q in range(states)
                                                          if acc >> q & 1))


RULES = {
    "prefix": [OptionRule("a", "", keep_prefix=True)],
    "suffix": [OptionRule("b", "", keep_suffix=True)],
    "change a letter": [OptionRule("b", "a", keep_prefix=True, keep_suffix=True)],
    "window of two, suffix": [OptionRule("ab", "", keep_suffix=True),
                              OptionRule("b", "", keep_prefix=True, at_end=True)],
    "window of two, both": [OptionRule("ba", "a", keep_prefix=True, keep_suffix=True),
                            OptionRule("a", "", keep_prefix=True, at_end=True)],
    "at start": [OptionRule("a", "", keep_suffix=True, at_start=True),
                 OptionRule("b", "", keep_prefix=True)],
    "at end, changed": [OptionRule("b", "a", keep_prefix=True, at_end=True),
                        OptionRule("a", "", keep_prefix=True, at_end=True)],
    "two at the end": [OptionRule("a", "", keep_prefix=True, at_end=True),
                       OptionRule("ba", "", keep_prefix=True, at_end=True),
                       OptionRule("aa", "b", keep_prefix=True, at_end=True)],
    "fixed word": [OptionRule("bb", "a", at_start=True),
                   OptionRule("a", "", keep_prefix=True, at_end=True)],
    "to bottom": [OptionRule("a", None), OptionRule("b", "", keep_prefix=True)],
    "to bottom at start": [OptionRule("ab", None, at_start=True),
                           OptionRule("b", "", keep_suffix=True)],
    "empty window": [OptionRule("", None, at_start=True, at_end=True),
                     OptionRule("a", "", keep_prefix=True)],
}


@pytest.mark.parametrize("kind", sorted(RULES))
def test_every_two_state_statement_agrees_with_brute_force(kind):
    bottom = any(r.insert is None for r in RULES[kind])
    fam = _word_family(RULES[kind], bottom=bottom, weights={"b": 1})
    verdicts = set()
    for auto in _all_automata():
        for a in (auto, Automaton("ab", auto.delta, auto.accepting, empty=True)):
            verdicts.add(agrees(Statement(fam, (a,)), 5))
            if not bottom:
                verdicts.add(agrees(Statement(fam, (a,), misere=True), 5))
    assert "refuted" in verdicts


def test_two_automata_with_a_domain_agree_with_brute_force():
    # the domain: words without "bb" (an option may create one: "bab" -> "bb")
    no_bb = Automaton("ab", ((0, 1), (0, 2), (2, 2)), frozenset({0, 1}))
    fam = _word_family([OptionRule("a", "", keep_prefix=True, keep_suffix=True),
                        OptionRule("b", "", keep_prefix=True, at_end=True)],
                       domain=no_bb)
    autos = list(_all_automata())
    verdicts = set()
    for r0, r1 in itertools.product(autos[::7], autos[::5]):
        verdicts.add(agrees(Statement(fam, (r0, r1)), 5))
    assert "refuted" in verdicts


def test_the_bottom_position_is_checked_against_each_automaton():
    st = cordon(1)
    r0, r1 = st.automata
    cases = {
        (True, False): None,  # ⊥ is a P-position: in R_0, not in R_1
        (False, False): "R_0 rejects ⊥",
        (True, True): "R_1 accepts ⊥",
    }
    for (e0, e1), reason in cases.items():
        bad = Statement(st.family, (Automaton(r0.alphabet, r0.delta, r0.accepting, e0),
                                    Automaton(r1.alphabet, r1.delta, r1.accepting, e1)))
        d = decide(bad)
        if reason is None:
            assert d.verdict == "proved"
        else:
            assert (d.verdict, d.bottom, d.counterexample, d.reason, d.states) == (
                "refuted", True, None, reason, 0)
    # misère play: ⊥ (no options) is an N-position, R_0 must reject it
    mis = Statement(st.family, (Automaton(r0.alphabet, r0.delta, r0.accepting, True),),
                    misere=True)
    d = decide(mis)
    assert (d.verdict, d.bottom, d.reason) == ("refuted", True, "R_0 accepts ⊥")


def test_bottom_outside_the_domain():
    # the §5 domain of one-leaf cordons includes ⊥; the same words without ⊥ are not closed
    # (the empty word's option is ⊥), and then R_0 need not accept ⊥
    domain = stored("sec5-one-leaf-nim2-domain")
    fam = WordFamily(**{**GREEN_CORDON.__dict__, "domain": domain})
    st = Statement(fam, (stored("thm3.2"), stored("thm3.3"), stored("sec5-one-leaf-nim2")))
    assert domain.empty and agrees(st, 6) == "proved"
    words_only = Automaton(domain.alphabet, domain.delta, domain.accepting, False)
    fam2 = WordFamily(**{**fam.__dict__, "domain": words_only})
    r0 = st.automata[0]
    bad = Statement(fam2, (Automaton(r0.alphabet, r0.delta, r0.accepting, False),)
                    + st.automata[1:])
    assert agrees(bad, 6) == "refuted"
    d = decide(bad)
    assert (d.bottom, d.counterexample, d.reason) == (False, "", "an option leaves the domain")


def test_the_state_limit_is_strict():
    st = cordon(2)
    d = decide(st)
    assert d.verdict == "proved" and d.decider == "product"
    assert (d.counterexample, d.bottom, d.reason) == (None, False, "")
    assert 0.0 <= d.seconds < 60.0
    assert decide(st, max_states=d.states).verdict == "proved"
    over = decide(st, max_states=d.states - 1)
    assert (over.verdict, over.states) == ("unknown", d.states)
    assert over.reason == f"more than {d.states - 1} product states"
    assert (over.counterexample, over.bottom) == (None, False) and over.seconds < 60.0


def test_a_timeout_gives_unknown_and_none_does_not():
    st = cordon(2)
    d = decide(st, timeout=0.0)
    assert d.verdict == "unknown" and d.reason == "timeout 0s"
    assert d.states and d.seconds >= 0
    assert decide(st, timeout=60.0).verdict == "proved"


def test_a_refutation_reports_the_states_and_the_time():
    st = cordon(1)
    r0 = st.automata[0]
    bad = st.with_automaton(0, Automaton(r0.alphabet, r0.delta, r0.accepting ^ {0}, True))
    d = decide(bad)
    assert d.verdict == "refuted" and d.decider == "product" and d.counterexample == ""
    assert d.states is not None and d.states >= 1 and d.seconds >= 0.0
    assert d.counterexample is not None and not d.bottom


def test_a_move_to_bottom_counts_every_automaton_that_accepts_it():
    # ⊥ is no position of the family (nothing checks it) but a rule moves there: the
    # option's memberships are the automata's ``empty`` flags, all of them
    fam = _word_family([OptionRule("a", None), OptionRule("b", "", keep_prefix=True)],
                       weights={"b": 1})
    autos = list(_all_automata())[::3]
    verdicts = set()
    for r0, r1 in itertools.product(autos, autos[::2]):
        for e0, e1 in itertools.product([False, True], repeat=2):
            st = Statement(fam, (Automaton("ab", r0.delta, r0.accepting, e0),
                                 Automaton("ab", r1.delta, r1.accepting, e1)))
            verdicts.add(agrees(st, 4))
    assert "refuted" in verdicts


def test_every_edit_of_a_sec5_statement_agrees_with_brute_force():
    # three automata and a domain (the one-leaf cordons, *Thinning Thickets* §5)
    domain = stored("sec5-one-leaf-nim2-domain")
    fam = WordFamily(**{**GREEN_CORDON.__dict__, "domain": domain})
    st = Statement(fam, (stored("thm3.2"), stored("thm3.3"), stored("sec5-one-leaf-nim2")))
    assert agrees(st, 6) == "proved"
    verdicts = {agrees(bad, 6) for _, bad in edited(st)}
    assert "refuted" in verdicts


def test_words_that_left_the_domain_for_good_are_not_read_further():
    # the family a* (a dead domain state on b): removing the last a; R_0 = even number of
    # a's, R_1 = odd, each with two more states reached only after a b (2 <-> 3)
    dom = Automaton("ab", ((0, 1), (1, 1)), frozenset({0}))
    r0 = Automaton("ab", ((1, 2), (0, 2), (3, 3), (2, 2)), frozenset({0}))
    r1 = Automaton("ab", ((1, 2), (0, 2), (3, 3), (2, 2)), frozenset({1}))
    fam = _word_family([OptionRule("a", "", keep_prefix=True, at_end=True)], domain=dom)
    st = Statement(fam, (r0, r1))
    d = decide(st)
    # by hand: the start, "a", "b" (dead, not read further), "aa" (the state tuple of the
    # start, but no longer at the start); "ab", "aab" ... are "b"'s product state again
    assert (d.verdict, d.states) == ("proved", 4)
    agrees(st, 6)


def test_options_that_keep_the_suffix_only_give_each_automaton_its_bit():
    # the options of a word are its proper suffixes: a nim heap of the word's length, so
    # R_j = the words of length j; every option is a running one (a suffix kept)
    fam = _word_family([OptionRule("a", "", keep_suffix=True),
                        OptionRule("b", "", keep_suffix=True)])

    def length(j: int) -> Automaton:
        delta = tuple((min(q + 1, 3), min(q + 1, 3)) for q in range(4))
        return Automaton("ab", delta, frozenset({j}), name=f"length {j}")

    st = Statement(fam, (length(0), length(1), length(2)))
    assert agrees(st, 5) == "proved"
    assert {agrees(bad, 5) for _, bad in edited(st)} >= {"refuted"}


@pytest.mark.parametrize(("r0", "states"), [
    # R_0 = every word, ⊥ rejected: "ab" has the done bits of "b" (R_0, some option,
    # one leaves the domain), so the same product state
    (Automaton("ab", ((0, 0),), frozenset({0})), 3),
    # R_0 = no word, ⊥ accepted: "a" and "ab" have R_0's bit (their option ⊥), "b" not
    (Automaton("ab", ((0, 0),), frozenset(), empty=True), 4),
])
def test_an_option_leaving_the_domain_keeps_its_other_bits(r0, states):
    # options: ⊥ at every a (⊥ is outside the domain), the prefix before every b; the
    # domain: words ending in a run of b's of odd length ("b" in it, "" and "a" not). Each
    # option's bits, in or out of the domain, are R_0's bit, "some option" and "leaves the
    # domain". By hand, breadth first: "" (the start), "a" (done: ⊥'s bits), "b" (done: the
    # bits of ""); then "aa" is "a" again, and "ab" (done: ⊥'s and "a"'s bits, the domain
    # state of "b") is "b" again exactly when those bits are the same; "b" is in the domain
    # with an option outside it: refuted there.
    dom = Automaton("ab", ((0, 1), (0, 0)), frozenset({1}))
    fam = _word_family([OptionRule("a", None), OptionRule("b", "", keep_prefix=True)],
                       domain=dom)
    st = Statement(fam, (r0,))
    d = decide(st)
    assert (d.verdict, d.counterexample, d.states) == ("refuted", "b", states)
    assert agrees(st, 3) == "refuted"
