"""Partizan statements (:mod:`cgsat.automata.partizan`), quickly: each side of a family as an
impartial word family, the well-foundedness of both players' moves, the checks a statement
makes when built (with their messages), and its evaluation at one word (:meth:`violated_at`
and the mismatch message the deciders report)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cgsat.automata import partizan_product, partizan_setops
from cgsat.automata.dfa import Automaton
from cgsat.automata.options import OptionRule
from cgsat.automata.partizan import PartizanFamily, PartizanStatement
from cgsat.automata.partizan_families import (
    BLUE_DOMAIN,
    BLUE_STALKS,
    LEM1_REGEX,
    STALKS,
    TOPPLING,
    blue_stalks,
    regex_automaton,
    stalk_position,
    thm42,
    toppling_lem1,
)
from word_brute import words


def _lem1_automata() -> tuple[Automaton, ...]:
    return tuple(regex_automaton(LEM1_REGEX[c], "LRE", f"outcome {c}") for c in LEM1_REGEX)


# -- each side as an impartial word family ------------------------------------------------


def test_each_side_is_the_family_seen_by_one_player() -> None:
    """side(0) and side(1) keep the family's name (with the player), ruleset, position text,
    weights and domain, with that player's rules and no ⊥."""
    left, right = BLUE_STALKS.side(0), BLUE_STALKS.side(1)
    assert (left.name, right.name) == ("blue stalks (Left)", "blue stalks (Right)")
    assert (left.rules, right.rules) == (STALKS.left, STALKS.right)
    assert left.ruleset == right.ruleset == "thickets"
    for side in (left, right):
        assert [side.position(w) for w in ("", "LRR")] == ["()", "stalk:LRR"]
        assert side.domain is BLUE_DOMAIN
        assert side.weights == {}
    row = TOPPLING.side(1)
    assert [row.position(w) for w in ("", "LRE")] == ["()", "LRE"]
    assert not row.bottom and not row.in_domain(None)  # a partizan family has no ⊥
    assert row.options("LRE") == ["L", "E", "LR", ""]  # Right topples the R or the E


def test_both_players_moves_must_make_the_word_smaller() -> None:
    """A growing move of either player is refused, the message naming the family and the
    player; a same-length move is allowed when the letter weights make it lighter."""
    grow = (OptionRule("L", "LL", keep_prefix=True, label="grow"),)
    for left, right, who in ((grow, (), "Left"), ((), grow, "Right")):
        fam = PartizanFamily("g", "LR", left, right, "thickets", stalk_position)
        message = f"family g ({who}): rule 'grow' may not make the position smaller"
        with pytest.raises(ValueError) as err:
            fam.check_well_founded()
        assert str(err.value) == message
        with pytest.raises(ValueError) as err:
            PartizanStatement(fam, ("P",), (regex_automaton("()", "LR"),), "outcome")
        assert str(err.value) == message
    flip = (OptionRule("L", "R", keep_prefix=True, keep_suffix=True, label="flip"),)
    lighter = PartizanFamily("f", "LR", flip, (), "thickets", stalk_position, weights={"L": 1})
    lighter.check_well_founded()
    assert lighter.side(0).weights == {"L": 1}
    heavier = PartizanFamily("f", "LR", flip, (), "thickets", stalk_position, weights={"R": 1})
    with pytest.raises(ValueError, match=r"^family f \(Left\): rule 'flip' may not make"):
        heavier.check_well_founded()


# -- the checks of a statement when built -------------------------------------------------


def _refused(fam: PartizanFamily, classes: tuple[str, ...], autos: tuple[Automaton, ...],
             rule: str) -> str:
    with pytest.raises(ValueError) as err:
        PartizanStatement(fam, classes, autos, rule)
    return str(err.value)


def test_bad_statements_are_refused_with_their_reason() -> None:
    """Each malformed statement is a ValueError whose message says what is wrong."""
    autos = _lem1_automata()
    assert _refused(TOPPLING, ("P",), autos[:1], "mex") == (
        "unknown class rule 'mex' (use outcome, canonical, reduced)")
    assert _refused(TOPPLING, ("P", "L"), autos[:1], "outcome") == (
        "one automaton per class, and at least one class")
    assert _refused(TOPPLING, ("P", "0"), autos[:2], "outcome") == (
        "outcome classes are L, R, N, P")
    assert _refused(TOPPLING, ("P", "P"), autos[:2], "outcome") == (
        "the classes must be distinct")
    # values are compared after normalisation: {|} is 0
    zero = regex_automaton("()", "LR", "zero")
    assert _refused(STALKS, ("0", "{|}"), (zero, zero), "canonical") == (
        "the classes must be distinct")
    assert _refused(TOPPLING, ("P",), (zero,), "outcome") == (
        "automaton 'zero' is over 'LR', the family over 'LRE'")
    bottom = Automaton("LR", ((1, 1), (1, 1)), frozenset({0}), empty=True, name="with ⊥")
    assert _refused(STALKS, ("0",), (bottom,), "reduced") == (
        "automaton 'with ⊥' accepts ⊥; a partizan family has none")


def test_the_domain_is_checked_like_the_class_automata() -> None:
    """The family's domain must be over the family's alphabet and must not accept ⊥."""
    row = PartizanFamily("rows", "LRE", TOPPLING.left, TOPPLING.right, "toppling", str,
                         domain=BLUE_DOMAIN)
    assert _refused(row, ("P",), _lem1_automata()[:1], "outcome") == (
        "automaton 'blue stalks' is over 'LR', the family over 'LRE'")
    with_bottom = Automaton("LR", BLUE_DOMAIN.delta, BLUE_DOMAIN.accepting, empty=True,
                            name="blue stalks and ⊥")
    fam = PartizanFamily("b", "LR", STALKS.left, STALKS.right, "thickets", stalk_position,
                         domain=with_bottom)
    assert _refused(fam, ("0",), (BLUE_DOMAIN,), "reduced") == (
        "automaton 'blue stalks and ⊥' accepts ⊥; a partizan family has none")


# -- the statement at one word ------------------------------------------------------------


def test_true_statements_hold_at_every_short_word() -> None:
    """Lemma 1 (Toppling Conjectures) on every row and Rcf(B(n)) on every word, in the domain
    or not: violated_at finds nothing."""
    lem1, blue = toppling_lem1(), blue_stalks()
    assert [w for w in words("LRE", 4) if lem1.violated_at(w)] == []
    assert [w for w in words("LR", 7) if blue.violated_at(w)] == []
    assert blue.violated_at("RL") == ""  # outside the domain: nothing to check


def test_an_option_leaving_the_domain_is_named() -> None:
    """Inside a domain that is not closed under options, violated_at names the player and
    the option that leaves it."""
    fam = PartizanFamily("no empty stalk", "LR", STALKS.left, STALKS.right, "thickets",
                         stalk_position, domain=regex_automaton("LR*", "LR", "nonempty"))
    st = PartizanStatement(fam, ("1", "{1|0}"), (regex_automaton("L", "LR"),
                                                  regex_automaton("LR", "LR")), "reduced")
    assert st.violated_at("L") == "Left's option '' leaves the domain"
    assert st.violated_at("LR") == "Right's option '' leaves the domain"
    assert st.violated_at("RL") == ""


@pytest.mark.parametrize("classes, word, message", [
    # Lemma 1 misread: a single L domino counted N
    ({**LEM1_REGEX, "L": "L(L|R|E)*L", "N": LEM1_REGEX["N"] + "|L"}, "L",
     "accepted as N; the outcome rule gives L"),
    # a single L domino in no class
    ({**LEM1_REGEX, "L": "L(L|R|E)*L"}, "L", "accepted as no class; the outcome rule gives L"),
    # a single L domino in two classes
    ({**LEM1_REGEX, "N": LEM1_REGEX["N"] + "|L"}, "L",
     "accepted as L, N; the outcome rule gives L"),
    # no class P: the empty row
    ({c: r for c, r in LEM1_REGEX.items() if c != "P"}, "",
     "accepted as no class; the outcome rule gives P (not a claimed class)"),
])
def test_mismatch_messages(classes: dict[str, str], word: str, message: str) -> None:
    """The message says which classes accept the word, what the rule gives, and whether
    that is a claimed class; violated_at and both deciders report the same."""
    st = toppling_lem1(classes)
    assert st.violated_at(word) == message
    for decide in (partizan_setops.decide, partizan_product.decide):
        d = decide(st)
        assert (d.verdict, d.counterexample, d.reason) == ("refuted", word, message)


def test_mismatch_names_a_value_that_is_not_claimed() -> None:
    """Under the reduced rule: LR = {1|0} with no class {1|0} claimed, and B(3) claimed both
    0 and {1|0} (Thinning Thickets §4: Rcf(B(3)) = 0)."""
    st = PartizanStatement(STALKS, ("0", "1"), (regex_automaton("()|LRR*", "LR"),
                                                regex_automaton("L", "LR")), "reduced")
    assert st.violated_at("LR") == (
        "accepted as 0; the reduced rule gives {1|0} (not a claimed class)")
    both = blue_stalks({"0": "()|LRRR*", "1": "L", "{1|0}": "LR|LRR"})
    assert both.violated_at("LRR") == "accepted as 0, {1|0}; the reduced rule gives 0"
    assert both.mismatch(["{1|0}"], "{1|0}") == ""


def test_a_statement_copied_with_another_rule_computes_its_own_classes() -> None:
    """The classes computed under one rule are not handed to a copy under another: {{1|0}|0}
    is 0 reduced and {1|0||0} canonical."""
    st = thm42()
    left, right = frozenset({"{1|0}"}), frozenset({"0"})
    assert st.class_of(left, right) == "0"
    assert replace(st, rule="canonical").class_of(left, right) == "{1|0||0}"
