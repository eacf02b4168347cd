"""MONA on partizan statements (:mod:`cgsat.automata.partizan_mona`): the formula written,
the files of a workdir, every field of its decisions, a player without moves and a class no
position gets, and the ways MONA may fail (not installed, a timeout, too much output, an exit
code, garbage, progress lines), as :mod:`cgsat.automata.mona` is tested in ``test_mona.py``.

The fake ``mona`` programs are shell scripts put first on ``PATH``.
"""

from __future__ import annotations

import ast
import re
import time
from pathlib import Path

import pytest

from cgsat.automata import mona, partizan_mona
from cgsat.automata.decision import Decision
from cgsat.automata.dfa import Automaton
from cgsat.automata.options import OptionRule
from cgsat.automata.partizan import PartizanFamily, PartizanStatement
from cgsat.automata.partizan_families import (
    LEM1_REGEX,
    blue_stalks,
    regex_automaton,
    thm42,
    toppling_lem1,
)
from fake_tools import PROGRESS, PROGRESS_SUMMARY, fake_mona

TAKE = (OptionRule("L", "", keep_prefix=True, at_end=True, label="take a counter"),)
"""Left takes one counter off the heap L^n; Right has no move (the heap is the integer n)."""

LEM1_WRONG_L = {**LEM1_REGEX, "L": "L(L|R|E)*L", "N": LEM1_REGEX["N"] + "|L"}
"""Lemma 1 misread: a single L domino counted N, not L (false first at the row L)."""

PAINT = (OptionRule("R", "L", keep_prefix=True, keep_suffix=True,
                    label="paint a red counter blue"),)
"""Left paints one red counter blue; Right has no move (lighter: a red counter weighs 1)."""

VALID_7 = "printf 'Minimizing (7,9) -> (5,9)\\nFormula is valid\\n'"
"""A ``mona`` answer: valid, the largest automaton built having 7 states."""


def _heap(domain: str | None = None) -> PartizanFamily:
    """Heaps of counters only Left may take, restricted to ``domain`` (a regex) if given."""
    dom = None if domain is None else regex_automaton(domain, "L", "domain")
    return PartizanFamily("Left's heap", "L", TAKE, (), "toppling", str, domain=dom)


def _rows(n: int) -> PartizanStatement:
    """Rows of at least n red and blue counters, under :data:`PAINT`: all blue is P, a row with
    a red counter is L (true: every option keeps the length, so it stays in the domain)."""
    dom = regex_automaton("(L|R)" * n + "(L|R)*", "LR", f"at least {n} counters")
    fam = PartizanFamily("rows to paint", "LR", PAINT, (), "painting", str, domain=dom,
                         weights={"R": 1})
    return PartizanStatement(fam, ("P", "L"), (regex_automaton("L*", "LR", "all blue"),
                                               regex_automaton("(L|R)*R(L|R)*", "LR", "a red")),
                             "outcome")


def _two_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, first: str, second: str,
                 pause: float = 0.0) -> Path:
    """A ``mona`` running ``first`` for its first formula and, after ``pause`` seconds,
    ``second`` for any later one; the file returned lists the formulas' paths."""
    log = tmp_path / "paths"
    fake_mona(tmp_path, monkeypatch,
               f'echo "$2" >> {log}; if [ "$(wc -l < {log})" -eq 1 ]; then {first}; exit; fi; '
               f"sleep {pause}; {second}")
    return log


def _preds(text: str) -> list[str]:
    return re.findall(r"^pred (\w+)\(", text, re.M)


def test_outcome_formula_defines_only_the_winning_predicates() -> None:
    """Under the outcome rule, Left's predicates are "some option is in A_P / A_L", Right's
    "in A_P / A_R", each defined once with the letter sets as parameters; the class L is
    "Left wins moving first and Right does not"; the sentinel carries code 0 and the letters
    are checked (3 letters in 2 bits)."""
    text = partizan_mona.formula(toppling_lem1())
    assert text.startswith("m2l-str;\nvar2 X0, X1;\n")
    assert _preds(text) == ["run0", "acc0", "run1", "acc1", "run2", "acc2", "run3", "acc3",
                            "some0_0", "some1_0", "some0_1", "some2_1"]
    assert "pred some0_0(var1 e, var2 X0, X1) =\n  (ex1 j: " in text
    lw = "(some0_0(e, X0, X1) | some1_0(e, X0, X1))"
    rw = "(some0_1(e, X0, X1) | some2_1(e, X0, X1))"
    assert f"<=> ~(({lw} & ~{rw})))" in text  # the class L
    assert f"<=> ~((~{lw} & ~{rw})))" in text  # the class P
    assert "~(ex1 e: e = max($) & (e notin X0 & e notin X1) & (all1 p: p < e => (" in text


def test_value_formula_checks_both_players_options_stay_in_the_domain() -> None:
    """Under a value rule every class gets a predicate per player, and on a domain the
    options of Left and of Right that leave it are predicates of their own; two letters fill
    one bit, so no letter check is written."""
    text = partizan_mona.formula(blue_stalks())
    assert _preds(text)[8:] == ["some0_0", "some1_0", "some2_0", "some0_1", "some1_1",
                                "some2_1", "out3_0", "out3_1"]
    assert "pred out3_1(var1 e, var2 X0) =\n  (ex1 j: " in text
    assert text.endswith("  out3_0(e, X0) |\n  out3_1(e, X0)));\n")
    assert "~(ex1 e: e = max($) & (e notin X0) & (ex2 S3_0, S3_1: " in text
    assert "all1 p: p < e" not in text


def test_workdir_holds_the_formula_and_the_summary(tmp_path: Path, need_mona: None) -> None:
    """A proved statement: a workdir made with its parents holds the formula and MONA's
    summary, whose largest automaton is the decision's state count; the reason is empty."""
    st = toppling_lem1()
    where = tmp_path / "proofs" / "lem1"
    d = partizan_mona.decide(st, workdir=where)
    assert (d.decider, d.verdict, d.counterexample, d.reason) == ("mona", "proved", None, "")
    assert isinstance(d.states, int) and d.states > 1
    assert 0 < d.seconds < 5
    assert d.describe().startswith(f"mona: proved ({d.states} states, ")
    assert sorted(p.name for p in where.iterdir()) == ["statement.mona", "statement.out"]
    assert (where / "statement.mona").read_text() == partizan_mona.formula(st)
    out = (where / "statement.out").read_text()
    assert out.startswith("MONA v") and "Formula is valid" in out
    assert f"Largest automaton built: {d.states} states (mona -s)" in out


def test_refutation_names_the_least_counterexample(need_mona: None) -> None:
    """A false statement: refuted at the least word, not ⊥, with MONA's reason."""
    d = partizan_mona.decide(toppling_lem1(LEM1_WRONG_L))
    assert (d.decider, d.verdict, d.counterexample) == ("mona", "refuted", "L")
    assert not d.bottom and d.states and 0 < d.seconds < 5
    assert d.describe() == "mona: refuted at 'L' (MONA's counter-example of least length)"


def test_player_without_moves_and_class_no_position_gets(need_mona: None) -> None:
    """Right has no move: his predicates are false; a class the rule gives no combination
    (5 among 0, 1, 2, 5, canonical) is claimed by no word; four classes are still written
    (:data:`MAX_CLASSES`); an outcome rule with no L or P class has no Left win."""
    heap = _heap()
    outcome = PartizanStatement(heap, ("P", "L"), (regex_automaton("()", "L"),
                                                   regex_automaton("LL*", "L")), "outcome")
    assert partizan_mona.decide(outcome).verdict == "proved"
    nothing = Automaton("L", ((0,),), frozenset(), name="nothing")
    small = PartizanStatement(_heap("()|L|LL"), ("0", "1", "2", "5"),
                              (regex_automaton("()", "L"), regex_automaton("L", "L"),
                               regex_automaton("LL", "L"), nothing), "canonical")
    assert len(small.classes) == partizan_mona.MAX_CLASSES
    assert partizan_mona.decide(small).verdict == "proved"
    only_l = PartizanStatement(heap, ("L",), (regex_automaton("LL*", "L"),), "outcome")
    d = partizan_mona.decide(only_l)
    assert (d.verdict, d.counterexample) == ("refuted", "")  # the empty heap is P


def test_left_option_leaving_the_domain_is_refuted(need_mona: None) -> None:
    """On the even heaps, Left's move from LL leaves the domain: refuted there, though every
    class is right."""
    st = PartizanStatement(_heap("(LL)*"), ("P", "L"), (regex_automaton("()", "L"),
                                                        regex_automaton("LL*", "L")), "outcome")
    assert st.violated_at("LL") == "Left's option 'L' leaves the domain"
    d = partizan_mona.decide(st)
    assert (d.verdict, d.counterexample) == ("refuted", "LL")


def test_unknown_without_mona_or_with_too_many_classes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without ``mona``, and with more than four classes under a value rule, the decision is
    ``unknown`` with the reason, and MONA is not run."""
    monkeypatch.setattr(mona, "available", lambda: False)
    assert partizan_mona.decide(toppling_lem1()) == Decision(
        "mona", "unknown", reason="mona not installed")
    monkeypatch.setattr(mona, "available", lambda: True)
    monkeypatch.setattr(mona, "_run_mona", None)  # not called
    assert partizan_mona.decide(thm42()) == Decision(
        "mona", "unknown",
        reason="more than 4 classes under the reduced rule (2^(2k) combinations)")


def test_timeout_is_unknown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``mona`` that does not answer is stopped at the timeout: ``unknown``, saying so."""
    fake_mona(tmp_path, monkeypatch, "sleep 3")
    d = partizan_mona.decide(toppling_lem1(), timeout=0.5)
    assert (d.decider, d.verdict, d.reason) == ("mona", "unknown", "timeout 0.5s")
    assert 0.5 <= d.seconds < 2.5


def test_endless_output_is_unknown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """More output than :data:`mona.OUTPUT_LIMIT` is no answer, with the limit in MiB."""
    monkeypatch.setattr(mona, "OUTPUT_LIMIT", 1 << 20)
    fake_mona(tmp_path, monkeypatch, "yes 'garbage garbage garbage'")
    d = partizan_mona.decide(toppling_lem1(), timeout=60)
    assert (d.decider, d.verdict) == ("mona", "unknown")
    assert d.reason == "could not read MONA's answer: more than 1 MiB of output"
    assert 0 < d.seconds < 10


def test_failing_or_garbled_mona_is_unknown(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """An exit code other than 0, or an answer that cannot be read, is ``unknown`` with one
    line saying which."""
    fake_mona(tmp_path, monkeypatch, "echo 'Segmentation fault' >&2; exit 7")
    d = partizan_mona.decide(toppling_lem1())
    assert (d.decider, d.verdict, d.reason) == ("mona", "unknown", "mona exited with 7")
    assert 0 < d.seconds < 5
    fake_mona(tmp_path, monkeypatch, "echo '%%% not an answer'")
    d = partizan_mona.decide(toppling_lem1())
    assert (d.decider, d.verdict) == ("mona", "unknown")
    assert d.reason == "could not read MONA's answer: '%%% not an answer'"
    assert 0 < d.seconds < 5


def test_formula_runs_in_a_cgsat_mona_folder(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a workdir, MONA reads ``statement.mona`` in a temporary ``cgsat-mona-*``
    folder (the reaper's prefix), removed afterwards, then the control's formula in a
    folder inside it; a MONA that says valid to both is not counted (``error``)."""
    seen = tmp_path / "seen"
    fake_mona(tmp_path, monkeypatch,
               f'n=$(cat {seen}.n 2>/dev/null || echo 0); echo $((n + 1)) > {seen}.n; '
               f'echo "$2" >> {seen}.paths; cp "$2" {seen}.$n.mona; echo "Formula is valid"')
    st = blue_stalks()
    d = partizan_mona.decide(st)
    wrong, where = partizan_mona.control(st) or (st, "")
    assert d == Decision("mona", "error", seconds=d.seconds, reason=(
        f"{mona.LIE} (first class complemented; false at {where}): its answers are not "
        "counted"))
    first, second = (Path(p) for p in seen.with_suffix(".paths").read_text().split())
    assert first.name == second.name == "statement.mona"
    assert first.parent.name.startswith("cgsat-mona-") and second.parent.parent == first.parent
    assert second.parent.name == "control"
    assert not first.parent.exists()
    assert (tmp_path / "seen.0.mona").read_text() == partizan_mona.formula(st)
    assert (tmp_path / "seen.1.mona").read_text() == partizan_mona.formula(wrong)


def test_control_is_false_where_it_says_and_real_mona_refutes_it(need_mona: None) -> None:
    """The control complements the first class automaton; it fails at the word it names by
    the class rule alone, and the real MONA refutes it, so its valid counts."""
    for st in (toppling_lem1(), blue_stalks()):
        found = partizan_mona.control(st)
        assert found is not None
        wrong, where = found
        word = ast.literal_eval(where.split(": ")[0])
        assert wrong.violated_at(word) and not st.violated_at(word)
        assert wrong.automata[1:] == st.automata[1:]
        assert wrong.automata[0].accepting == (frozenset(range(st.automata[0].size))
                                               - st.automata[0].accepting)
        assert partizan_mona.decide(wrong).verdict == "refuted"
        assert partizan_mona.decide(st).verdict == "proved"


def test_an_undecided_control_leaves_the_answer_unknown(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """MONA valid to the statement, then failing on the control: unknown, with the reason."""
    seen = tmp_path / "n"
    fake_mona(tmp_path, monkeypatch,
               f'if [ -e {seen} ]; then exit 7; fi; touch {seen}; echo "Formula is valid"')
    d = partizan_mona.decide(toppling_lem1())
    assert (d.verdict, d.reason) == (
        "unknown", "the control of MONA's answer was not decided (mona exited with 7)")


def test_summary_drops_progress_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Text before a carriage return is a progress line: dropped from the answer, its sizes
    not counted; the summary keeps the version, the final automaton and the analysis."""
    fake_mona(tmp_path, monkeypatch, f"printf '{PROGRESS}'")
    d = partizan_mona.decide(toppling_lem1(), workdir=tmp_path / "w")
    assert (d.verdict, d.states) == ("error", 7)  # a MONA valid to everything
    assert (tmp_path / "w" / "statement.out").read_text() == PROGRESS_SUMMARY
    fake_mona(tmp_path, monkeypatch, "echo 'Formula is valid'")
    d = partizan_mona.decide(toppling_lem1(), workdir=tmp_path / "w")
    assert (d.verdict, d.states) == ("error", None)
    assert (tmp_path / "w" / "statement.out").read_text() == (
        "Largest automaton built: None states (mona -s)\n")


def test_control_word_is_searched_up_to_control_length() -> None:
    """The control complements the first class automaton, named "not <name>", and is false at
    the least word of the domain, found among the words of at most
    :data:`mona.CONTROL_LENGTH` letters (here of that length); past it there is none."""
    n = mona.CONTROL_LENGTH
    st = _rows(n)
    found = partizan_mona.control(st)
    assert found is not None
    wrong, where = found
    assert where == f"{'L' * n!r}: accepted as no class; the outcome rule gives P"
    assert wrong.automata[0].name == "not all blue" and wrong.automata[1:] == st.automata[1:]
    assert wrong.automata[0].accepting == frozenset(range(st.automata[0].size)) - frozenset(
        st.automata[0].accepting)
    assert partizan_mona.control(_rows(n + 1)) is None


def test_real_mona_needs_a_control_to_prove(need_mona: None) -> None:
    """MONA proves both rows statements; with a control word of :data:`mona.CONTROL_LENGTH`
    letters the proof stands, with none it is ``unknown``."""
    n = mona.CONTROL_LENGTH
    d = partizan_mona.decide(_rows(n))
    assert (d.verdict, d.reason) == ("proved", "")
    d = partizan_mona.decide(_rows(n + 1))
    assert (d.verdict, d.reason) == (
        "unknown", "no control: no short word shows the complemented first class false")


def test_no_control_found_leaves_a_valid_unknown(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A valid with no control word within :data:`mona.CONTROL_LENGTH` letters is
    ``unknown``, saying so, with MONA's state count; MONA is not run again, and the search for
    the control word counts in the seconds."""
    log = _two_answers(tmp_path, monkeypatch, VALID_7, "exit 7")
    search = partizan_mona.control

    def slow(statement: PartizanStatement) -> tuple[PartizanStatement, str] | None:
        time.sleep(0.2)
        return search(statement)

    monkeypatch.setattr(partizan_mona, "control", slow)
    d = partizan_mona.decide(_rows(mona.CONTROL_LENGTH + 1))
    assert d == Decision("mona", "unknown", None, False, 7, d.seconds,
                         "no control: no short word shows the complemented first class false")
    assert 0.2 <= d.seconds < 3
    assert len(log.read_text().split()) == 1


@pytest.mark.parametrize(("second", "verdict", "reason"), [
    ("echo 'Formula is unsatisfiable'", "proved", ""),
    ("echo 'Formula is valid'", "error", "{lie} (first class complemented; false at {where}): "
                                         "its answers are not counted"),
    ("exit 7", "unknown", "the control of MONA's answer was not decided (mona exited with 7)"),
], ids=["control-refuted", "control-proved", "control-undecided"])
def test_control_answer_decides_what_a_valid_is_worth(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, second: str, verdict: str,
        reason: str) -> None:
    """MONA valid to the statement, then refuting the control (proved), proving it (error:
    MONA's answers are not counted) or failing (unknown): the state count is the statement's,
    the seconds include the control's run, whose files are in a ``control`` folder of the
    temporary ``cgsat-mona-*`` folder, never in the workdir."""
    log = _two_answers(tmp_path, monkeypatch, VALID_7, second, pause=0.3)
    st = toppling_lem1()
    found = partizan_mona.control(st)
    assert found is not None
    work = tmp_path / "work"
    d = partizan_mona.decide(st, workdir=work)
    assert d == Decision("mona", verdict, None, False, 7, d.seconds,
                         reason.format(lie=mona.LIE, where=found[1]))
    assert 0.3 <= d.seconds < 3
    first, second_path = (Path(p) for p in log.read_text().split())
    assert first == work / "statement.mona"
    assert second_path.name == "statement.mona" and second_path.parent.name == "control"
    assert second_path.parent.parent.name.startswith("cgsat-mona-")
    assert not second_path.parent.parent.exists()
    assert sorted(p.name for p in work.iterdir()) == ["statement.mona", "statement.out"]
    assert (work / "statement.mona").read_text() == partizan_mona.formula(st)
    assert "Largest automaton built: 7 states" in (work / "statement.out").read_text()


def test_control_gets_the_time_left_at_least_one_second(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The control's MONA run gets what is left of the timeout, but at least one second, and
    no timeout when the statement has none."""
    _two_answers(tmp_path, monkeypatch, "echo 'Formula is valid'",
                 "echo 'Formula is unsatisfiable'")
    timeouts: list[float | None] = []
    run = mona._run_mona

    def spy(src: Path, timeout: float | None) -> tuple[int, str, str]:
        timeouts.append(timeout)
        return run(src, timeout)

    monkeypatch.setattr(mona, "_run_mona", spy)
    for timeout in (None, 0.5, 60.0):
        (tmp_path / "paths").unlink(missing_ok=True)
        assert partizan_mona.decide(toppling_lem1(), timeout=timeout).verdict == "proved"
    assert len(timeouts) == 6 and timeouts[:4] == [None, None, 0.5, 1.0]
    assert timeouts[4] == 60.0 and 59.0 < (timeouts[5] or 0.0) < 60.0
