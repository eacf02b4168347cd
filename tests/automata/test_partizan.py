"""Partizan all-n statements (issue 37): the class rules, the word families against the
rulesets' own options, the class automata against the claims' own rules, both deciders on
the proved statements, and negative controls refuted by both deciders and replayed by play."""

from __future__ import annotations

import pytest

from cgsat.automata import partizan_product, partizan_setops
from cgsat.automata.dfa import Automaton
from cgsat.automata.partizan import PartizanStatement, outcome_class
from cgsat.automata.partizan_families import (
    BLUE_STALKS,
    LEM1_REGEX,
    STALKS,
    THM42_REGEX,
    TOPPLING,
    blue_stalks,
    thm42,
    toppling_lem1,
)
from cgsat.automata.partizan_methods import decide_all
from cgsat.automata.partizan_replay import check_options, confirm, truth
from cgsat.cgt.notation import parse, to_str
from cgsat.papers.thickets.sec4_rules import (
    blue_stalk,
    blue_stalk_rule,
    spec_text,
    stalk,
    thm42_rule,
)
from cgsat.papers.toppling.brute import lemma1_rule
from word_brute import words

DECIDERS = (partizan_setops.decide, partizan_product.decide)


def test_outcome_rule_table():
    assert outcome_class(frozenset(), frozenset()) == "P"
    assert outcome_class(frozenset({"L"}), frozenset({"L"})) == "L"
    assert outcome_class(frozenset({"N", "R"}), frozenset({"P"})) == "R"
    assert outcome_class(frozenset({"P"}), frozenset({"R"})) == "N"


def test_reduced_rule_uses_reduced_forms():
    st = thm42()
    # {{1|0}|0}: infinitesimally close to 0 (B(3)); canonical, it stays a game of its own
    assert st.class_of(frozenset({"{1|0}"}), frozenset({"0"})) == "0"
    a = st.automata[0]
    exact = PartizanStatement(STALKS, ("0",), (a,), "canonical")
    assert exact.class_of(frozenset({"{1|0}"}), frozenset({"0"})) == "{1|0||0}"


@pytest.mark.parametrize("family, length", [(TOPPLING, 5), (STALKS, 8), (BLUE_STALKS, 10)])
def test_option_rules_match_the_ruleset(family, length):
    assert check_options(family, length) == []


def test_blue_stalk_words_are_the_blue_stalks():
    for n in range(1, 8):
        assert stalk("L" + "R" * (n - 1)) == blue_stalk(n)


def test_lem1_automata_are_lemma_1():
    st = toppling_lem1()
    for w in words("LRE", 7):
        assert st.accepted(w) == [lemma1_rule(w)], w


def test_thm42_automata_are_theorem_4_2():
    st = thm42()
    for w in words("LR", 11):
        ((value, _),) = thm42_rule("stalk:" + w)
        assert st.accepted(w) == [to_str(parse(spec_text(value)))], w


def test_blue_automata_are_the_reduced_forms_of_b_n():
    st = blue_stalks()
    for n in range(12):
        w = "" if n == 0 else "L" + "R" * (n - 1)
        value, _ = blue_stalk_rule(f"B({n})")[-1]
        assert st.accepted(w) == [to_str(parse(spec_text(value)))], n


@pytest.mark.parametrize("build", [toppling_lem1, thm42, blue_stalks])
def test_both_deciders_prove(build):
    st = build()
    for decide in DECIDERS:
        d = decide(st)
        assert d.verdict == "proved", d.describe()
    assert decide_all(st, "test", None).status == "proved"


def test_play_agrees_on_short_words():
    """The statements are true where plain play can check them (a bounded cross-check of
    what the deciders prove)."""
    for st, alphabet, length in ((toppling_lem1(), "LRE", 4), (thm42(), "LR", 6)):
        for w in words(alphabet, length):
            assert st.accepted(w) == [truth(st, w)], w


CONTROLS = [
    # Lemma 1 misread: a single L domino counted N, not L
    (toppling_lem1, {**LEM1_REGEX, "L": "L(L|R|E)*L", "N": LEM1_REGEX["N"] + "|L"}, "L"),
    # Lemma 1 with the ends' roles swapped for E: an E at the right end read as L
    (toppling_lem1, {"P": "()", "L": "L|L(L|R|E)*(L|E)", "R": LEM1_REGEX["R"],
                     "N": "E|E(L|R|E)*|L(L|R|E)*R|R(L|R|E)*(L|E)"}, "LE"),
    # Theorem 4.2 with k >= 2 in place of k >= 3 in the case αLRL^k
    (thm42, {**THM42_REGEX, "{1|0}": "((L|R)*L)?LR|(L|R)*LRLLL*"}, "LRLL"),
    # blue stalks: B(3) read as {1|0}
    (blue_stalks, {"0": "()|LRRRR*", "1": "L", "{1|0}": "LR|LRR"}, "LRR"),
]


@pytest.mark.parametrize("build, regex, where", CONTROLS)
def test_negative_controls_refuted_by_both_and_replayed(build, regex, where):
    st = build(regex)
    found = [decide(st) for decide in DECIDERS]
    assert all(d.verdict == "refuted" for d in found), [d.describe() for d in found]
    assert {d.counterexample for d in found} == {where}
    assert st.violated_at(where)
    replay = confirm(st, where)
    assert replay.confirmed, replay.detail
    verdict = decide_all(st, "control", None)
    assert verdict.status == "refuted"


def test_confirm_counts_the_positions_it_walked() -> None:
    """A true statement: the walk from LRL meets each follower once and says how many; cut
    by its limit, it says so."""
    st = toppling_lem1()
    fam = st.family
    followers, todo = {"LRL"}, ["LRL"]
    while todo:
        v = todo.pop()
        new = (set(fam.options(v, 0)) | set(fam.options(v, 1))) - followers
        followers |= new
        todo += new
    whole = confirm(st, "LRL")
    assert not whole.confirmed
    assert whole.detail == f"plain play agrees with every automaton on {len(followers)} positions"
    cut = confirm(st, "LRL", limit=2)
    assert not cut.confirmed and len(followers) > 2
    assert cut.detail == ("plain play agrees with every automaton on 2 positions"
                          " (the walk stopped at its limit of 2)")


def _flips(st: PartizanStatement) -> list[PartizanStatement]:
    """Every single flip of a state's acceptance that changes a class on the domain."""
    out = []
    dom = st.family.domain
    for j, a in enumerate(st.automata):
        for q in range(a.size):
            flipped = Automaton(a.alphabet, a.delta, a.accepting ^ {q}, name=a.name)
            if dom is not None and (a.to_lib() & dom.to_lib()) == (flipped.to_lib()
                                                                   & dom.to_lib()):
                continue
            autos = st.automata[:j] + (flipped,) + st.automata[j + 1:]
            out.append(PartizanStatement(st.family, st.classes, autos, st.rule))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("build", [toppling_lem1, thm42, blue_stalks])
def test_every_accept_flip_is_refuted_and_replayed(build):
    """Every single change of a state's acceptance is refuted by both deciders at the same
    word, and play confirms it (the automata are minimal, so every flip changes a class; on
    a domain, the flips that change nothing there are left out)."""
    flips = _flips(build())
    assert len(flips) >= 3
    for st in flips:
        found = [decide(st) for decide in DECIDERS]
        assert all(d.verdict == "refuted" for d in found), [d.describe() for d in found]
        assert len({d.counterexample for d in found}) == 1
        assert confirm(st, found[0].counterexample or "").confirmed


def test_disagreeing_regexes_are_errors():
    with pytest.raises(ValueError, match="one automaton per class"):
        PartizanStatement(TOPPLING, ("P", "L"), toppling_lem1().automata, "outcome")
    with pytest.raises(ValueError, match="unknown class rule"):
        PartizanStatement(TOPPLING, ("P",), toppling_lem1().automata[:1], "mex")



@pytest.mark.parametrize("build", [toppling_lem1, blue_stalks])
def test_mona_proves(build, need_mona):
    from cgsat.automata import partizan_mona
    assert partizan_mona.decide(build()).verdict == "proved"


def test_mona_leaves_many_value_classes_unknown(need_mona):
    from cgsat.automata import partizan_mona
    d = partizan_mona.decide(thm42())
    assert d.verdict == "unknown" and "classes" in d.reason


@pytest.mark.parametrize("build, regex, where", [c for c in CONTROLS if c[0] is not thm42])
def test_mona_refutes_the_controls_at_the_same_word(build, regex, where, need_mona):
    from cgsat.automata import partizan_mona
    d = partizan_mona.decide(build(regex))
    assert (d.verdict, d.counterexample) == ("refuted", where)


def test_artifacts_written_under_cgsat_proofs(tmp_path, monkeypatch):
    monkeypatch.setenv("CGSAT_PROOFS", str(tmp_path))
    assert decide_all(blue_stalks(), "thickets.blue-stalks", None).status == "proved"
    where = tmp_path / "thickets.blue-stalks"
    assert {"class0.json", "domain.json", "proof.json"} <= {p.name for p in where.iterdir()}
