"""The partizan word families and their statements (issue 37): the option rules as built
against the rulesets' own options, the domain of the blue stalks, the class automata as the
minimal DFAs of their regular expressions, and the names and sizes the reports carry."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import pytest
from automata.base.exceptions import InvalidSymbolError

from cgsat.automata.options import OptionRule
from cgsat.automata.partizan import PartizanFamily, PartizanStatement
from cgsat.automata.partizan_families import (
    BLUE_DOMAIN,
    BLUE_REGEX,
    BLUE_STALKS,
    LEM1_REGEX,
    STALKS,
    THM42_REGEX,
    TOPPLING,
    _delete,
    _topple,
    blue_stalks,
    regex_automaton,
    thm42,
    toppling_lem1,
)
from cgsat.automata.partizan_methods import decide_all, summary
from cgsat.automata.partizan_replay import check_options, confirm
from word_brute import words


@pytest.mark.parametrize("family, build, letters, length", [
    (TOPPLING, _topple, ("LE", "RE"), 4),
    (STALKS, _delete, ("L", "R"), 6),
    (BLUE_STALKS, _delete, ("L", "R"), 8),
])
def test_rules_built_now_give_the_rulesets_options(
        family: PartizanFamily, build: Callable[[str], tuple[OptionRule, ...]],
        letters: tuple[str, str], length: int) -> None:
    """The rule builders (toppling a domino east or west; deleting an arc, the one below
    flipped, or the bottom arc), called now rather than at import, give both players
    exactly the ruleset's options on every short word, and every move is smaller."""
    fam = replace(family, left=build(letters[0]), right=build(letters[1]))
    fam.check_well_founded()
    assert check_options(fam, length) == []


def test_rules_read_on_sample_words() -> None:
    """A few options by hand: a toppled domino leaves the prefix before it (east) or the
    suffix after it (west); deleting a stalk arc leaves the suffix below, its top flipped."""
    fam = replace(TOPPLING, left=_topple("LE"), right=_topple("RE"))
    assert sorted(fam.options("LRE", 0)) == ["", "", "LR", "RE"]
    assert sorted(fam.options("LRE", 1)) == ["", "E", "L", "LR"]
    stalks = replace(STALKS, left=_delete("L"), right=_delete("R"))
    assert sorted(stalks.options("LRL", 0)) == ["", "LL"]
    assert sorted(stalks.options("LRL", 1)) == ["R"]
    assert stalks.options("RR", 0) == []


def test_blue_domain_is_the_blue_stalks() -> None:
    """The domain of the blue stalks is the empty stalk and L R^(n-1), as a minimal DFA."""
    for w in words("LR", 10):
        assert BLUE_STALKS.in_domain(w) == (w == "" or w == "L" + "R" * (len(w) - 1)), w
    assert BLUE_DOMAIN.size == BLUE_DOMAIN.minimal().size == 3
    assert BLUE_DOMAIN.name == "blue stalks"


@pytest.mark.parametrize("regexes, alphabet, length", [
    (LEM1_REGEX, "LRE", 6),
    (THM42_REGEX, "LR", 10),
    (BLUE_REGEX, "LR", 10),
    ({"domain": "()|LR*", "doc": "L(L|R)*L|L"}, "LR", 10),
])
def test_regex_automaton_is_the_minimal_dfa(regexes: dict[str, str], alphabet: str,
                                            length: int) -> None:
    """Each class automaton accepts exactly the words its regular expression matches (read
    by Python's ``re``) and has no more states than the minimal complete DFA."""
    for key, regex in regexes.items():
        a = regex_automaton(regex, alphabet)
        assert a.size == a.minimal().size, key
        for w in words(alphabet, length):
            assert a.accepts(w) == bool(re.fullmatch(regex, w)), (key, w)


def test_letter_outside_the_alphabet_is_an_error() -> None:
    """A class regex with a letter outside the family's alphabet is refused (a lower-case
    typo does not silently drop words from the class)."""
    with pytest.raises(InvalidSymbolError):
        regex_automaton("LX", "LR")
    with pytest.raises(InvalidSymbolError):
        toppling_lem1({**LEM1_REGEX, "L": "l|L(L|R|E)*L"})


def test_default_automaton_name_is_empty() -> None:
    """An automaton built without a name is unnamed in messages."""
    a = regex_automaton("L", "LRE")
    assert a.name == ""
    with pytest.raises(ValueError, match="automaton '' is over 'LRE', the family over 'LR'"):
        PartizanStatement(STALKS, ("0",), (a,), "reduced")


@pytest.mark.parametrize("build, name, automata", [
    (toppling_lem1, "Toppling Conjectures, Lemma 1",
     [("outcome P", 2), ("outcome L", 4), ("outcome R", 4), ("outcome N", 6)]),
    (thm42, "Thinning Thickets, Theorem 4.2",
     [("Rcf 0", 9), ("Rcf 1", 3), ("Rcf -1", 3), ("Rcf {1|0}", 9), ("Rcf {0|-1}", 9),
      ("Rcf {1|-1}", 7), ("Rcf {{1|0}|-1}", 5), ("Rcf {1|{0|-1}}", 5)]),
    (blue_stalks, "Thinning Thickets, §4 (Rcf of B(n))",
     [("Rcf 0", 5), ("Rcf 1", 3), ("Rcf {1|0}", 4)]),
])
def test_names_and_sizes_in_reports(build: Callable[[], PartizanStatement], name: str,
                                    automata: list[tuple[str, int]]) -> None:
    """The statement's name and each class automaton's name and state count, as a method's
    report (and proof.json) carries them."""
    detail = summary(build(), [], "label")
    assert detail["statement"] == name
    assert [(a["name"], a["states"]) for a in detail["automata"]] == automata


def test_empty_stalk_is_shown_as_the_empty_position() -> None:
    """The empty stalk is the position ``()`` (a word is ``stalk:<word>``), also as a refuted
    claim's counterexample."""
    assert (STALKS.position(""), STALKS.position("LR")) == ("()", "stalk:LR")
    bad = {**THM42_REGEX, "0": THM42_REGEX["0"].removeprefix("()|"), "1": "()|LL*"}
    st = thm42(bad)
    replay = confirm(st, "")
    assert (replay.confirmed, replay.position) == (True, "()")
    verdict = decide_all(st, "control", None)
    assert (verdict.status, verdict.counterexample) == ("refuted", "()")
