"""Users' own all-n rules (issue 35, :mod:`cgsat.kit.rules`): a rule over a word family is
proved for every size by the ``automata`` method beside play and SAT.

- the three-leaf rule is proved, and play agrees with it at every height it reaches;
- negative controls: a wrong rule is refuted by all three methods at the same position,
  replayed by play; a learned automaton equals play on every cordon up to a height beyond
  its table (and the stored ``nim2``); a refutation where only a background automaton is
  wrong is ``unknown``, never a refutation of the rule;
- the command line: ``check --claims FILE`` proves it, ``report`` lists the proof;
- bad input is one line, ``CgsatInputError`` (exit 2).
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

import cgsat
from cgsat.automata.dfa import Automaton
from cgsat.automata.families import cordon_position
from cgsat.automata.library import stored
from cgsat.claims import Budget, Verdict
from cgsat.errors import CgsatInputError
from cgsat.kit import claim, green_cordons, rows, rule, timber_paths
from cgsat.kit.rules import RuleSpec, _attributed, listing, rule_automaton, rule_statement

THREE = "0*10*10(00)*1(00)*"  # a(3) - a(2) even, n - a(3) odd
GUESS = "0*10*10*1(00)*"  # n - a(3) odd only: wrong


def _nim(position: str) -> int:
    nim = cgsat.value("green-cordon", position).nim
    assert nim is not None
    return nim


def _proved(report: Any) -> list[str]:
    return list(report.to_json()["summary"]["proved"])


def test_the_three_leaf_rule_is_proved_and_play_agrees() -> None:
    c = claim("user.t-three", green_cordons(leaves=3), rule(3, regex=THREE))
    assert [m.name for m in c.methods] == ["automata", "play", "sat"]
    r = cgsat.check(c, up_to=9)
    assert r.exit_code == 0 and r.refutations == ()
    assert _proved(r) == ["user.t-three automata"]
    assert r.verified == {"user.t-three": {"play": 9, "sat": 9}}
    detail = json.loads(next(x for x in r.results if x.method == "automata").detail or "")
    assert sum(d["verdict"] == "proved" for d in detail["deciders"]) >= 2
    assert [a["name"] for a in detail["automata"]] == ["thm3.2", "thm3.3", "nim2", "R_3"]


def test_a_wrong_rule_is_refuted_by_every_method_and_replayed() -> None:
    c = claim("user.t-guess", green_cordons(leaves=3), rule(3, regex=GUESS))
    r = cgsat.check(c, up_to=6)
    assert r.exit_code == 1
    assert [(x.method, x.counterexample) for x in r.refutations] == [
        ("automata", "4:1,2,3"), ("play", "4:1,2,3"), ("sat", "4:1,2,3")]
    assert "plain play: nim-value 1" in (r.refutations[0].detail or "")
    assert _nim("4:1,2,3") == 1  # the replay, once more: the guess says 3


def test_a_wrong_rule_refuted_beyond_plays_reach() -> None:
    """A rule wrong only on cordons taller than play runs here: the all-n method finds
    the shortest counterexample, and it is one (nim-value by the direct solver)."""
    tall = "0" * 15 + "1011"  # a(3) - a(2) odd: not nim-value 3 by the rule
    wrong = f"({THREE})|{tall}"  # adds one cordon of height 20
    c = claim("user.t-tall", green_cordons(leaves=3), rule(3, regex=wrong))
    r = cgsat.check(c, up_to=4, methods="automata")
    (x,) = r.refutations
    assert x.counterexample == cordon_position(tall) == "20:16,18,19"
    assert _nim("20:16,18,19") != 3


def test_an_automaton_rule_and_its_single_edits() -> None:
    """A user's automaton is proved; the first four single edits of it that change its
    language on three-leaf cordons are each refuted."""
    good = rule_automaton(green_cordons(leaves=3), RuleSpec(3, regex=THREE))
    c = claim("user.t-auto", green_cordons(leaves=3), rule(3, automaton=good))
    assert _proved(cgsat.check(c, up_to=2, methods="automata")) == ["user.t-auto automata"]
    family = green_cordons(leaves=3)
    refuted = 0
    for text, edit in good.edits():
        if rule_automaton(family, RuleSpec(3, automaton=edit)).same_language(good):
            continue
        e = claim("user.t-edit", family, rule(3, automaton=edit))
        r = cgsat.check(e, up_to=2, methods="automata")
        assert r.exit_code == 1, text
        refuted += 1
        if refuted == 4:
            break
    assert refuted == 4


def test_a_learned_automaton_equals_play_beyond_its_table() -> None:
    """Learned from heights up to 10; compared with play on every three-leaf cordon up to
    height 15, and equal to the hand-written rule; then proved."""
    family = green_cordons(leaves=3)
    learned = rule_automaton(family, RuleSpec(3, learn=10))
    for n in range(4, 16):
        for atts in itertools.combinations(range(1, n), 3):
            word = "".join("1" if a in atts else "0" for a in range(1, n))
            assert learned.accepts(word) == (_nim(cordon_position(word)) == 3), word
    assert learned.same_language(rule_automaton(family, RuleSpec(3, regex=THREE)))
    c = claim("user.t-learned", family, rule(3, learn=10))
    assert _proved(cgsat.check(c, up_to=2, methods="automata")) == ["user.t-learned automata"]


def test_learning_every_cordon_finds_the_stored_nim2() -> None:
    """On every cordon, nim-value 2 learned from heights up to 12 is the library's nim2
    (proved as thickets.green-nim2); learned backgrounds (below=) prove it too."""
    learned = rule_automaton(green_cordons(), RuleSpec(2, learn=12))
    assert learned.same_language(stored("nim2"))
    st = rule_statement(green_cordons(), RuleSpec(2, learn=12, below=12))
    assert [a.name for a in st.automata] == ["learned-nim0-to-12", "learned-nim1-to-12",
                                             "R_2"]
    assert st.automata[0].same_language(stored("thm3.2"))
    c = claim("user.t-nim2", green_cordons(), rule(2, learn=12, below=12))
    assert _proved(cgsat.check(c, up_to=2, methods="automata")) == ["user.t-nim2 automata"]


def test_peaks_p_positions_learned_are_the_dyck_words() -> None:
    c = claim("user.t-peaks", timber_paths(height_range=2), rule(0, learn=12))
    r = cgsat.check(c, up_to=8)
    assert r.exit_code == 0 and _proved(r) == ["user.t-peaks automata"]
    assert r.verified == {"user.t-peaks": {"play": 8, "sat": 8}}
    dyck = rule_automaton(c.family, RuleSpec(0, learn=12))
    for n in range(11):
        for t in itertools.product("LR", repeat=n):
            w = "".join(t)
            heights = list(itertools.accumulate(1 if x == "L" else -1 for x in w))
            if max(heights + [0]) - min(heights + [0]) > 2:
                continue
            assert dyck.accepts(w) == (min(heights + [0]) >= 0 and sum(
                1 if x == "L" else -1 for x in w) == 0), w


def test_a_wrong_background_is_unknown_not_a_refutation() -> None:
    """The attribution of an all-n refutation: at a cordon where the rule is right (only a
    background automaton can be wrong there) the verdict is unknown; where the rule is
    wrong, it stays refuted."""
    family = green_cordons(leaves=3)
    spec = RuleSpec(3, regex=THREE)

    def refuting(text: str) -> Any:
        return lambda n, budget: Verdict.refuted(text, detail="{}")

    assert _nim("5:1,2,4") == 3 and listing(5, family=family, spec=spec) == ["5:1,2,4"]
    kept = _attributed(-1, Budget(), run=refuting("5:1,2,3"), family=family, spec=spec)
    assert kept.status == "unknown" and "background automaton" in (kept.reason or "")
    wrong = RuleSpec(3, regex=GUESS)
    kept = _attributed(-1, Budget(), run=refuting("4:1,2,3"), family=family, spec=wrong)
    assert kept.status == "refuted"


def test_domains_are_exact_and_listings_match_play() -> None:
    f = green_cordons(max_leaves=1)
    assert f.vacancy(0) is None and [p for p in f.positions(3) if f.keep(p)] == [
        "3:", "3:1", "3:2"]
    assert green_cordons(leaves=2).vacancy(2) == \
        "no green cordon of height 2 with exactly 2 leaf arcs"
    spec = RuleSpec(2, regex="0*10(00)*")
    one = green_cordons(leaves=1)
    for n in range(2, 12):
        mine = listing(n, family=one, spec=spec)
        play = [p for p in one.positions(n) if one.keep(p) and _nim(p) == 2]
        assert sorted(mine) == sorted(play), n


def test_the_command_line_proves_and_reports(cli: Any, tmp_path: Path,
                                             store_path: str) -> None:
    path = tmp_path / "rules_file.py"
    path.write_text("from cgsat.kit import claim, green_cordons, rule\n"
                    "CLAIMS = [\n"
                    f"    claim('user.t-file', green_cordons(leaves=3), "
                    f"rule(3, regex={THREE!r})),\n"
                    f"    claim('user.t-file-guess', green_cordons(leaves=3), "
                    f"rule(3, regex={GUESS!r})),\n]\n")
    run = cli("check", "--claims", str(path), "--up-to", "6", "--db", store_path,
              "--jobs", "1", "--json")
    assert run.code == 1, run.err
    got = {(r["claim"], r["method"], r["n"]): r for r in run.json()["results"]}
    assert got[("user.t-file", "automata", None)]["status"] == "proved"
    assert got[("user.t-file-guess", "automata", None)]["status"] == "refuted"
    assert "REFUTED user.t-file-guess at every n by automata: 4:1,2,3" in run.err
    run = cli("report", "--claims", str(path), "--db", store_path, "--out",
              str(tmp_path / "r"))
    assert run.code == 0, run.err
    md = (tmp_path / "r" / "bounds.md").read_text()
    section = md[md.index("## Your own claims"):]
    assert "`user.t-file` **proved for every n**" in section
    assert "| `user.t-file` | thm3.2 (3), thm3.3 (3), nim2 (6), R_3 (7) | setops" in section
    assert "- every n, automata: `4:1,2,3`" in section
    page = (tmp_path / "r" / "bounds.html").read_text()
    assert "a rule's <code>automata</code> method" in page


@pytest.mark.parametrize(("family", "made", "message"), [
    (green_cordons(leaves=3), lambda: rule(3, regex="0*12"),
     "letters '2' are outside the alphabet '01'"),
    (green_cordons(leaves=3), lambda: rule(3, regex="0.1"), "outside the alphabet"),
    (green_cordons(), lambda: rule(3, learn=30), "learn=30: the table would hold"),
    (green_cordons(), lambda: rule(3, regex="1", below=25), "below=25"),
    (green_cordons(), lambda: rule(1, automaton=Automaton("LR", ((0, 0),), frozenset())),
     "the automaton is over 'LR', the family's words over '01'"),
    (timber_paths(), lambda: rule(0, regex="L"), "needs a bounded height range"),
    (rows("LR"), lambda: rule(0, regex="L"), "a rule needs a word family"),
    (green_cordons(match="1"), lambda: rule(0, regex="1"), "no match= or palindrome="),
])
def test_bad_input_is_one_line(family: Any, made: Any, message: str) -> None:
    with pytest.raises(CgsatInputError, match="^user.t-bad: .*") as err:
        claim("user.t-bad", family, made())
    assert message in str(err.value) and "\n" not in str(err.value)


def test_bad_rules_in_a_file_exit_2(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "bad_rule.py"
    path.write_text("from cgsat.kit import claim, green_cordons, rule\n"
                    "CLAIMS = [claim('user.t-b', green_cordons(leaves=3), "
                    "rule(3, regex='0*12'))]\n")
    run = cli("list", "--claims", str(path))
    assert run.code == 2 and run.err.count("\n") == 1 and "outside the alphabet" in run.err
    with pytest.raises(CgsatInputError, match="give one of regex=, automaton=, learn="):
        rule(3)
    with pytest.raises(CgsatInputError, match="nim-value"):
        rule(-1, regex="1")
    with pytest.raises(CgsatInputError, match="not both"):
        green_cordons(leaves=1, max_leaves=2)


def test_proved_without_mona(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a machine without MONA (pip only), set operations and the product search are
    the two deciders; a wrong rule is still refuted."""
    from cgsat.automata import mona

    monkeypatch.setattr(mona, "available", lambda: False)
    c = claim("user.t-nomona", green_cordons(max_leaves=2), rule(3, regex="0*10*10(00)*"))
    r = cgsat.check(c, up_to=2, methods="automata")
    (x,) = r.results
    assert x.status == "proved", x.reason
    assert [d["decider"] for d in json.loads(x.detail or "")["deciders"]] == [
        "setops", "preimage", "product"]
    w = claim("user.t-nomona-w", green_cordons(max_leaves=2), rule(3, regex="0*10*1(00)*"))
    assert cgsat.check(w, up_to=2, methods="automata").exit_code == 1
