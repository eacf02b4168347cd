"""The replays of the partizan all-n path (cgsat.automata.partizan_replay): a class by plain
play for each rule, the message of a wrong class, the walk that confirms a counterexample,
and the comparison of a family's options with the ruleset's."""

from __future__ import annotations

from collections import deque
from dataclasses import replace

import pytest

from cgsat.automata.partizan import PartizanFamily, PartizanStatement
from cgsat.automata.partizan_families import (
    BLUE_STALKS,
    LEM1_REGEX,
    STALKS,
    TOPPLING,
    regex_automaton,
    thm42,
    toppling_lem1,
    toppling_position,
)
from cgsat.automata.partizan_replay import check_options, confirm, truth, wrong_at
from cgsat.automata.replay import Replay
from cgsat.cgt.notation import to_str
from cgsat.cgt.partizan_values import canonical_form
from cgsat.cgt.reduced import reduced_canonical_form
from cgsat.games import get_ruleset
from word_brute import words

ANY = regex_automaton("(L|R|E)*", "LRE", "any row")
NONE = regex_automaton("L(R|E)*LLLLLLLLLLLL", "LRE", "no short row")


def test_truth_by_the_canonical_rule_keeps_infinitesimals() -> None:
    """The canonical rule gives the canonical form itself; the reduced rule its reduced form;
    they differ on some short stalk."""
    rs = get_ruleset("thickets")
    every = regex_automaton("(L|R)*", "LR")
    exact = PartizanStatement(STALKS, ("0",), (every,), "canonical")
    reduced = PartizanStatement(STALKS, ("0",), (every,), "reduced")
    differ = 0
    for w in words("LR", 5):
        g = canonical_form(rs, rs.parse(STALKS.position(w)))
        assert truth(exact, w) == to_str(g), w
        assert truth(reduced, w) == to_str(reduced_canonical_form(g)), w
        differ += truth(exact, w) != truth(reduced, w)
    assert differ > 0


def test_wrong_at_names_the_classes_accepted_and_play_s_class() -> None:
    """No class, several classes, and the rule's own word: 'outcome' or '<rule> value'."""
    lem1 = toppling_lem1()
    k = len(lem1.classes)
    none = PartizanStatement(TOPPLING, lem1.classes, (NONE,) * k, "outcome")
    assert wrong_at(none, "L") == "accepted as no class; plain play: outcome L"
    every = PartizanStatement(TOPPLING, lem1.classes, (ANY,) * k, "outcome")
    assert wrong_at(every, "LR") == (f"accepted as {', '.join(lem1.classes)}; "
                                      "plain play: outcome N")
    assert wrong_at(lem1, "LR") == ""
    st = thm42()
    blank = regex_automaton("L(L|R)*LLLLLLLLLL", "LR")
    wrong = PartizanStatement(STALKS, st.classes, (blank,) * len(st.classes), "reduced")
    assert wrong_at(wrong, "RLRR") == "accepted as no class; plain play: reduced value {1|0||-1}"


def _first_wrong(st: PartizanStatement, word: str, shortest_first: bool = True) -> str | None:
    """The first wrong position of a breadth-first walk from ``word``, each position's
    options taken shortest first or in alphabetical order (written apart from ``confirm``)."""
    fam, seen, queue = st.family, {word}, deque([word])
    while queue:
        v = queue.popleft()
        if fam.in_domain(v) and st.accepted(v) != [truth(st, v)]:
            return v
        opts = set(fam.options(v, 0)) | set(fam.options(v, 1))
        for o in sorted(opts, key=lambda o: (len(o), o) if shortest_first else o):
            if o not in seen:
                seen.add(o)
                queue.append(o)
    return None


def test_confirm_reports_the_first_wrong_follower_shortest_first() -> None:
    """Lemma 1 with the rows LL and R read as N: the replay names the first wrong follower,
    options taken shortest first (R before LL), with its position and play's class."""
    st = toppling_lem1({**LEM1_REGEX, "L": "L|L(L|R|E)+L", "R": "R(L|R|E)*R",
                        "N": LEM1_REGEX["N"] + "|LL|R"})
    assert wrong_at(st, "LL") and wrong_at(st, "R")
    order_matters = 0
    for w in words("LRE", 4):
        expect = _first_wrong(st, w)
        order_matters += expect != _first_wrong(st, w, shortest_first=False)
        if expect is None:
            assert not confirm(st, w).confirmed, w
            continue
        assert confirm(st, w) == Replay(True, expect, toppling_position(expect),
                                        wrong_at(st, expect)), w
    assert order_matters > 0


def test_confirm_of_a_true_statement_names_the_counterexample() -> None:
    r = confirm(toppling_lem1(), "LRE")
    assert r.confirmed is False
    assert (r.word, r.position) == ("LRE", toppling_position("LRE"))


def test_check_options_lists_each_word_and_player_that_differ() -> None:
    """Without Right's rules every stalk where Right can move differs, up to and including
    the longest words asked for, and nowhere else."""
    rs = get_ruleset("thickets")
    broken = replace(STALKS, right=())
    for n in (2, 3):
        want = [f"{STALKS.position(w)}: Right's options differ"
                for w in words("LR", n)
                if rs.right_options(rs.parse(STALKS.position(w)))]
        assert check_options(broken, n) == want
    no_left = replace(STALKS, left=())
    assert check_options(no_left, 1) == [f"{STALKS.position('L')}: Left's options differ"]


def test_check_options_skips_words_outside_the_domain() -> None:
    """Blue stalks without Left's rules: only the words of the domain (), LR* are compared,
    and a word outside it does not end the comparison."""
    broken = replace(BLUE_STALKS, left=())
    rs = get_ruleset("thickets")
    want = [f"{BLUE_STALKS.position(w)}: Left's options differ"
            for w in words("LR", 4)
            if BLUE_STALKS.in_domain(w) and rs.left_options(rs.parse(BLUE_STALKS.position(w)))]
    assert want and check_options(broken, 4) == want


def test_a_family_of_an_impartial_ruleset_is_refused() -> None:
    fam = PartizanFamily("x", "LR", (), (), "timber-path", str)
    with pytest.raises(ValueError, match="timber-path is not a partizan ruleset"):
        check_options(fam, 1)
