"""MONA on impartial statements (:mod:`cgsat.automata.mona`): the formula written, MONA's
answer read back (:func:`mona.parse_output`), the summary kept in a workdir, every field of
its decisions and of the ``cgsat check`` lines they give, the control of a "valid" answer
(:func:`mona.control`), and the ways MONA may fail (not installed, a timeout, a signal, too
much output, an exit code, garbage, progress lines), as the partizan side is tested in
``test_partizan_mona.py``.

The fake ``mona`` programs are shell scripts put first on ``PATH``; a script that answers
its first and its second call differently counts its calls in a file.
"""

from __future__ import annotations

import re
import time
from dataclasses import replace
from pathlib import Path

import pytest

from cgsat.automata import methods, mona
from cgsat.automata.decision import Decision
from cgsat.automata.dfa import Automaton
from cgsat.automata.options import OptionRule, Statement, WordFamily
from fake_tools import PROGRESS, PROGRESS_SUMMARY, fake_mona

TAKE_ONE = WordFamily("take one", "1", (OptionRule("1", "", keep_prefix=True, at_end=True),),
                      False, "none", str)
"""A heap of counters, one taken at a time: the nim-value of 1^n is n mod 2."""

EVEN = Automaton("1", ((1,), (0,)), frozenset({0}), name="even")
ODD = Automaton("1", ((1,), (0,)), frozenset({1}), name="odd")
ALL = Automaton("1", ((0,),), frozenset({0}), name="all")

VALID = "MONA v1.4-18 for WS1S/WS2S\\n  Minimizing (7,9) -> (5,9)\\nANALYSIS\\nFormula is valid\\n"
"""What a fake ``mona`` prints for "valid" (printf), its largest automaton of 7 states."""

CEX = "ANALYSIS\\nA counter-example of least length (1) is:\\nBot = false\\nX0 = {}\\n"
"""What a fake ``mona`` prints for a counter-example: the empty word (printf)."""


def _two_calls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, first: str,
               second: str) -> None:
    """A fake ``mona`` that runs ``first`` on its first call (the statement) and ``second``
    on its later calls (the control)."""
    seen = tmp_path / "called"
    fake_mona(tmp_path, monkeypatch,
               f"if [ -e {seen} ]; then {second}; exit $?; fi; touch {seen}; {first}")


def _longer(n: int, empty: bool = False) -> Automaton:
    """The words of at least n letters over "1" (and ⊥ if ``empty``)."""
    return Automaton("1", tuple((min(q + 1, n),) for q in range(n + 1)), frozenset({n}),
                     empty, f"length >= {n}")


def _no_moves(n: int, bottom: bool = False) -> Statement:
    """No option at all, on the words of at least n letters (and ⊥ with ``bottom``): every
    position is a P-position, so R_0 accepts everything (⊥ included)."""
    fam = WordFamily("no moves", "1", (), bottom, "none", str, domain=_longer(n, bottom))
    return Statement(fam, (replace(ALL, empty=True),))


def _preds(text: str) -> list[str]:
    return re.findall(r"^pred (\w+)\(", text, re.M)


# --- the formula ------------------------------------------------------------------------


def test_formula_names_each_option_predicate_once() -> None:
    """Normal play: one ``some<j>`` per automaton; misère: ``exists`` (some option) and
    ``some0``; on a domain, ``out<d>`` (an option leaves it); each takes the letter sets
    ``X0 ..`` as parameters."""
    normal = mona.formula(Statement(TAKE_ONE, (EVEN, ODD)))
    assert _preds(normal) == ["run0", "acc0", "run1", "acc1", "some0", "some1"]
    assert "pred some1(var1 e, var2 X0) =\n  (ex1 j: " in normal
    assert "<=> ~(~some1(e, X0) & some0(e, X0)))" in normal
    misere = mona.formula(Statement(TAKE_ONE, (ODD,), misere=True))
    assert _preds(misere) == ["run0", "acc0", "exists", "some0"]
    assert "pred exists(var1 e, var2 X0) =\n  (ex1 j: " in misere
    assert "<=> ~((exists(e, X0) & ~some0(e, X0))))" in misere
    on_domain = mona.formula(Statement(replace(TAKE_ONE, domain=ALL), (EVEN, ODD)))
    assert _preds(on_domain) == ["run0", "acc0", "run1", "acc1", "run2", "acc2",
                                 "some0", "some1", "out2"]
    assert "pred out2(var1 e, var2 X0) =\n  (ex1 j: " in on_domain
    assert on_domain.endswith("  out2(e, X0)))));\n")


def test_family_without_moves_is_proved(need_mona: None) -> None:
    """Without option rules every predicate "some option ..." is ``false`` (MONA syntax):
    MONA proves that every word of the domain is a P-position and refutes the opposite."""
    st = _no_moves(0)
    text = mona.formula(st)
    assert "pred some0(var1 e, var2 X0) =\n  false;" in text
    assert "pred out1(var1 e, var2 X0) =\n  false;" in text
    d = mona.decide(st)
    assert (d.verdict, d.reason) == ("proved", "")
    nothing = st.with_automaton(0, Automaton("1", ((0,),), frozenset(), True, "nothing"))
    d = mona.decide(nothing)
    assert (d.verdict, d.counterexample, d.bottom) == ("refuted", "", False)


# --- MONA's answer read back --------------------------------------------------------------


def test_parse_output_reads_the_verdict_and_the_final_automaton() -> None:
    """"valid" is proved (not ⊥) with the final automaton's states; "unsatisfiable" is
    refuted at the empty word; no answer raises with MONA's last 2000 characters."""
    st = Statement(TAKE_ONE, (EVEN, ODD))
    valid = "MONA v1.4\nAutomaton has 3 states and 2 BDD-nodes\nANALYSIS\nFormula is valid\n"
    assert mona.parse_output(valid, st) == ("proved", None, False, 3)
    unsat = "Automaton has 1 states and 1 BDD-nodes\nANALYSIS\nFormula is unsatisfiable\n"
    assert mona.parse_output(unsat, st) == ("refuted", "", False, 1)
    assert mona.parse_output("Formula is unsatisfiable", st) == ("refuted", "", False, None)
    garbage = "".join(f"{i % 10}" for i in range(2500))
    with pytest.raises(RuntimeError) as info:
        mona.parse_output(garbage, st)
    assert str(info.value) == "could not read MONA's answer:\n" + garbage[500:]


def test_parse_output_reads_the_counterexample_only() -> None:
    """The word is read from the counter-example's sets (a letter's code in binary, a set
    MONA leaves out is empty, no ``Bot`` is false), never from the satisfying example after
    it."""
    abc = Statement(WordFamily("abc", "abc", (), False, "none", str),
                    (Automaton("abc", ((0, 0, 0),), frozenset({0})),))
    cex = "A counter-example of least length (4) is:\nBot = false\nX0 = {0}\nX1 = {1}\n"
    assert mona.parse_output(cex, abc) == ("refuted", "bca", False, None)
    lr = Statement(WordFamily("LR", "LR", (), False, "none", str),
                   (Automaton("LR", ((0, 0),), frozenset({0})),))
    bare = "A counter-example of least length (2) is:\n"
    assert mona.parse_output(bare, lr) == ("refuted", "L", False, None)
    glued = ("A counter-example of least length (2) is:A satisfying example of least length "
             "(2) is:\nBot = true\nX0 = {0}\n")
    assert mona.parse_output(glued, lr) == ("refuted", "L", False, None)
    two = ("A counter-example of least length (2) is:\nBot = false\nX0 = {}\n\n"
           "A satisfying example of least length (2) is:\nX0 = {0}\n\n"
           "A satisfying example of least length (2) is:\nX0 = {0}\n")
    assert mona.parse_output(two, lr) == ("refuted", "L", False, None)


# --- real MONA: decisions and the workdir -------------------------------------------------


def test_proof_in_a_workdir_keeps_the_formula_and_the_summary(tmp_path: Path,
                                                              need_mona: None) -> None:
    """A proved statement: a workdir made with its parents holds the formula and MONA's
    summary (version, final automaton, largest automaton built = the decision's states,
    the analysis without the per-operation times, the total time once, last); the
    decision is not ⊥ and has no reason."""
    st = Statement(TAKE_ONE, (EVEN, ODD))
    where = tmp_path / "proofs" / "take-one"
    d = mona.decide(st, workdir=where)
    assert (d.decider, d.verdict, d.counterexample, d.bottom, d.reason) == (
        "mona", "proved", None, False, "")
    assert isinstance(d.states, int) and d.states > 3
    assert 0 < d.seconds < 5
    assert d.describe() == f"mona: proved ({d.states} states, {d.seconds:.2f} s)"
    assert sorted(p.name for p in where.iterdir()) == ["statement.mona", "statement.out"]
    assert (where / "statement.mona").read_text() == mona.formula(st)
    lines = (where / "statement.out").read_text().splitlines()
    assert lines[0].startswith("MONA v") and lines[1].startswith("Automaton has ")
    assert lines[2:5] == [f"Largest automaton built: {d.states} states (mona -s)",
                          "ANALYSIS", "Formula is valid"]
    assert [x for x in lines if "Total time" in x] == [lines[-1]]
    assert lines[-1].startswith("Total time: ")


def test_refutation_at_the_empty_word(need_mona: None) -> None:
    """R_0 and R_1 swapped: MONA's least counter-example is the empty word (length 1 with
    the sentinel), not ⊥, with MONA's reason."""
    d = mona.decide(Statement(TAKE_ONE, (ODD, EVEN)))
    assert (d.decider, d.verdict, d.counterexample, d.bottom) == ("mona", "refuted", "", False)
    assert isinstance(d.states, int) and d.states > 3 and 0 < d.seconds < 5
    assert d.reason == "MONA's counter-example of least length"
    assert d.describe() == "mona: refuted at '' (MONA's counter-example of least length)"


def test_refutation_at_a_letter_coded_in_two_bits(need_mona: None) -> None:
    """Three letters take two bits: MONA's counter-example 'c' (code 2) is read back as 'c'.
    R_0 claims 'c' a P-position, though its option '' is one."""
    fam = WordFamily("take any", "abc", tuple(OptionRule(c, "", keep_prefix=True, at_end=True)
                                              for c in "abc"), False, "none", str)
    # 0: '', 1: 'c', 2: odd length, 3: even length, not ''
    r0 = Automaton("abc", ((2, 2, 1), (3, 3, 3), (3, 3, 3), (2, 2, 2)), frozenset({0, 1, 3}),
                   name="even or c")
    st = Statement(fam, (r0,))
    assert st.violated_at("c") and not any(st.violated_at(w) for w in ("", "a", "b"))
    d = mona.decide(st)
    assert (d.verdict, d.counterexample, d.bottom) == ("refuted", "c", False)


def test_refutation_at_bottom(need_mona: None) -> None:
    """⊥ (no options) is a P-position: an R_0 that leaves it out is refuted at ⊥."""
    fam = replace(TAKE_ONE, bottom=True)
    d = mona.decide(Statement(fam, (EVEN, ODD)))
    assert (d.verdict, d.counterexample, d.bottom) == ("refuted", None, True)
    assert d.describe() == "mona: refuted at ⊥ (MONA's counter-example of least length)"


# --- the control ------------------------------------------------------------------------


def test_control_complements_r0_at_the_longest_words_searched() -> None:
    """The control is R_0 complemented, named "not ...", ⊥ untouched, false at the first
    position found among the words of at most CONTROL_LENGTH letters; none longer."""
    assert mona.CONTROL_LENGTH == 6
    st = _no_moves(6)
    found = mona.control(st)
    assert found is not None
    wrong, where = found
    assert where == "'111111': R_0 rejects it, the mex rule says yes"
    r0 = st.automata[0]
    assert wrong.automata[0] == Automaton("1", r0.delta, frozenset(), True, "not all")
    assert wrong.automata[0].empty is True
    assert (wrong.family, wrong.misere) == (st.family, st.misere)
    assert mona.control(_no_moves(7)) is None


def test_control_flips_bottom_only_when_no_word_shows_it() -> None:
    """With ⊥ a position and no short word in the domain, the control also leaves ⊥ out of
    R_0, and says it is false at ⊥; the family's ⊥ is what counts."""
    st = _no_moves(7, bottom=True)
    found = mona.control(st)
    assert found is not None
    wrong, where = found
    assert where == "⊥: R_0 rejects it, the mex rule says yes"
    assert wrong.automata[0] == Automaton("1", ALL.delta, frozenset(), False, "not all")
    assert wrong.automata[0].empty is False
    first_word = mona.control(Statement(replace(TAKE_ONE, bottom=True),
                                        (replace(EVEN, empty=True), ODD)))
    assert first_word is not None
    assert first_word[1] == "'': R_0 rejects it, the mex rule says yes"
    assert first_word[0].automata[0].empty is True


def test_no_short_control_leaves_a_proof_unknown(need_mona: None) -> None:
    """MONA proves a statement whose complemented R_0 no word of at most 6 letters refutes:
    without a control the answer is unknown, saying why, the rest of the decision kept."""
    d = mona.decide(_no_moves(7))
    assert (d.decider, d.verdict, d.counterexample, d.bottom) == ("mona", "unknown", None, False)
    assert isinstance(d.states, int) and d.states > 1 and 0 < d.seconds < 5
    assert d.reason == "no control: no short position shows the complemented R_0 false"


# --- MONA that fails, lies or is missing -------------------------------------------------


def test_without_mona_the_decision_is_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    """No ``mona`` on the PATH: unknown, saying so, and MONA is not run."""
    monkeypatch.setattr(mona, "available", lambda: False)
    monkeypatch.setattr(mona, "_run_mona", None)  # not called
    d = mona.decide(Statement(TAKE_ONE, (EVEN, ODD)))
    assert d == Decision("mona", "unknown", reason="mona not installed")
    assert d.describe() == "mona: unknown (mona not installed)"


def test_timeout_is_unknown_and_leaves_no_summary(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``mona`` that does not answer is stopped at the timeout: unknown, saying so; the
    workdir holds the formula and no summary (there is no output)."""
    fake_mona(tmp_path, monkeypatch, "sleep 3")
    where = tmp_path / "w"
    d = mona.decide(Statement(TAKE_ONE, (EVEN, ODD)), timeout=0.5, workdir=where)
    assert d == Decision("mona", "unknown", seconds=d.seconds, reason="timeout 0.5s")
    assert 0.5 <= d.seconds < 2.5
    assert d.describe() == "mona: unknown (timeout 0.5s)"
    assert sorted(p.name for p in where.iterdir()) == ["statement.mona"]


def test_endless_output_is_unknown_and_leaves_no_summary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """More output than :data:`mona.OUTPUT_LIMIT` is no answer, with the limit in MiB; the
    output is not kept."""
    monkeypatch.setattr(mona, "OUTPUT_LIMIT", 1 << 20)
    fake_mona(tmp_path, monkeypatch, "yes 'garbage garbage garbage'")
    where = tmp_path / "w"
    d = mona.decide(Statement(TAKE_ONE, (EVEN, ODD)), timeout=60, workdir=where)
    assert d == Decision("mona", "unknown", seconds=d.seconds,
                         reason="could not read MONA's answer: more than 1 MiB of output")
    assert 0 < d.seconds < 10
    assert sorted(p.name for p in where.iterdir()) == ["statement.mona"]


def test_signal_is_unknown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``mona`` killed by a signal (as MONA aborts when its tables overflow) is unknown,
    naming the signal."""
    fake_mona(tmp_path, monkeypatch, "echo 'MONA v1.4-18'; kill -9 $$")
    d = mona.decide(Statement(TAKE_ONE, (EVEN, ODD)))
    assert d == Decision("mona", "unknown", seconds=d.seconds,
                         reason="mona stopped by signal 9")
    assert 0 < d.seconds < 5


def test_exit_code_is_unknown_with_the_first_line_of_errors(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An exit code other than 0 is unknown with the first non-blank line of the error
    output (else of the output, else "(nothing)"), 80 characters at most."""
    st = Statement(TAKE_ONE, (EVEN, ODD))
    fake_mona(tmp_path, monkeypatch,
               "echo 'MONA v1.4-18'; printf '\\n  Segmentation fault  \\nmore\\n' >&2; exit 7")
    d = mona.decide(st)
    assert d == Decision("mona", "unknown", seconds=d.seconds,
                         reason="mona failed: exit code 7, 'Segmentation fault'")
    assert 0 < d.seconds < 5
    fake_mona(tmp_path, monkeypatch, "echo; echo '  MONA v1.4-18'; exit 2")
    assert mona.decide(st).reason == "mona failed: exit code 2, 'MONA v1.4-18'"
    fake_mona(tmp_path, monkeypatch, "echo; exit 7")
    assert mona.decide(st).reason == "mona failed: exit code 7, '(nothing)'"
    fake_mona(tmp_path, monkeypatch, f"echo '{'x' * 79}yz' >&2; exit 1")
    assert mona.decide(st).reason == f"mona failed: exit code 1, '{'x' * 79}y'"


def test_garbled_answer_is_unknown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An answer that cannot be read is unknown, with its first line."""
    fake_mona(tmp_path, monkeypatch, "echo; echo '%%% not an answer'; echo more")
    d = mona.decide(Statement(TAKE_ONE, (EVEN, ODD)))
    assert d == Decision("mona", "unknown", seconds=d.seconds,
                         reason="could not read MONA's answer: '%%% not an answer'")
    assert 0 < d.seconds < 5


def test_progress_lines_are_dropped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Text before a carriage return is a progress line: dropped from the answer, its sizes
    not counted; the summary keeps the version, the final automaton and the analysis."""
    fake_mona(tmp_path, monkeypatch, f"printf '{PROGRESS}'")
    where = tmp_path / "w"
    d = mona.decide(Statement(TAKE_ONE, (EVEN, ODD)), workdir=where)
    assert (d.verdict, d.states) == ("error", 7)  # a MONA valid to everything
    assert (where / "statement.out").read_text() == PROGRESS_SUMMARY


def test_summary_of_an_answer_without_sizes_or_version(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An answer with no automaton sizes has no largest automaton (None); one that starts
    with the analysis keeps it whole, one without an analysis keeps none of it."""
    fake_mona(tmp_path, monkeypatch, "printf 'ANALYSIS\\nFormula is valid\\n'")
    where = tmp_path / "w"
    d = mona.decide(Statement(TAKE_ONE, (EVEN, ODD)), workdir=where)
    assert (d.verdict, d.states) == ("error", None)
    assert (where / "statement.out").read_text() == (
        "Largest automaton built: None states (mona -s)\nANALYSIS\nFormula is valid\n")
    fake_mona(tmp_path, monkeypatch, "echo 'Formula is valid'")
    d = mona.decide(Statement(TAKE_ONE, (EVEN, ODD)), workdir=where)
    assert (d.verdict, d.states) == ("error", None)
    assert (where / "statement.out").read_text() == (
        "Largest automaton built: None states (mona -s)\n")


def test_lying_mona_is_an_error_timed_with_its_control(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``mona`` valid to the statement and to its control (which it answers late) is not
    counted: error, naming the control and where it is false, timed with the control."""
    _two_calls(tmp_path, monkeypatch, f"printf '{VALID}'", f"sleep 0.3; printf '{VALID}'")
    st = Statement(TAKE_ONE, (EVEN, ODD))
    d = mona.decide(st)
    assert d == Decision("mona", "error", states=7, seconds=d.seconds, reason=(
        f"{mona.LIE} (R_0 complemented; false at '': R_0 rejects it, the mex rule says yes): "
        "its answers are not counted"))
    assert 0.3 <= d.seconds < 5


def test_undecided_control_leaves_the_answer_unknown(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """MONA valid to the statement, then failing on the control (late): unknown, with the
    control's reason, timed with the control, the statement's decision otherwise kept."""
    _two_calls(tmp_path, monkeypatch, f"printf '{VALID}'", "sleep 0.3; exit 7")
    d = mona.decide(Statement(TAKE_ONE, (EVEN, ODD)))
    assert d == Decision("mona", "unknown", states=7, seconds=d.seconds, reason=(
        "the control of MONA's answer was not decided (mona failed: exit code 7, "
        "'(nothing)')"))
    assert 0.3 <= d.seconds < 5


def test_proof_is_timed_with_its_control(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """MONA valid to the statement and refuting the control (late): proved, with the
    statement's states, timed with the control, no reason."""
    _two_calls(tmp_path, monkeypatch, f"printf '{VALID}'", f"sleep 0.3; printf '{CEX}'")
    d = mona.decide(Statement(TAKE_ONE, (EVEN, ODD)))
    assert d == Decision("mona", "proved", states=7, seconds=d.seconds)
    assert 0.3 <= d.seconds < 5


def test_control_gets_the_time_left(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The control runs with the time the statement left (1 s at least): MONA valid at once
    with 1.6 s given, then silent on the control, is stopped when the 1.6 s are up."""
    _two_calls(tmp_path, monkeypatch, f"printf '{VALID}'", "sleep 5")
    d = mona.decide(Statement(TAKE_ONE, (EVEN, ODD)), timeout=1.6)
    assert (d.verdict, d.states) == ("unknown", 7) and 1.5 <= d.seconds < 2.6
    m = re.fullmatch(r"the control of MONA's answer was not decided \(timeout (.*)s\)",
                     d.reason)
    assert m is not None, d.reason
    assert 1.0 < float(m.group(1)) < 1.6


def test_no_control_is_unknown_timed_with_its_search(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """MONA valid, but no short position shows the complemented R_0 false: unknown, saying
    so, timed with the search for the control."""
    fake_mona(tmp_path, monkeypatch, f"printf '{VALID}'")

    def slow_none(statement: Statement) -> None:
        time.sleep(0.3)

    monkeypatch.setattr(mona, "control", slow_none)
    d = mona.decide(Statement(TAKE_ONE, (EVEN, ODD)))
    assert d == Decision("mona", "unknown", states=7, seconds=d.seconds,
                         reason="no control: no short position shows the complemented R_0 false")
    assert 0.3 <= d.seconds < 5


def test_formulas_run_in_a_cgsat_mona_folder(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a workdir, MONA reads ``statement.mona`` in a temporary ``cgsat-mona-*``
    folder (the reaper's prefix), removed afterwards, then the control's formula in a
    folder inside it."""
    seen = tmp_path / "seen"
    fake_mona(tmp_path, monkeypatch,
               f'n=$(cat {seen}.n 2>/dev/null || echo 0); echo $((n + 1)) > {seen}.n; '
               f'echo "$2" >> {seen}.paths; cp "$2" {seen}.$n.mona; '
               f'if [ $n = 0 ]; then printf \'{VALID}\'; else printf \'{CEX}\'; fi')
    st = Statement(TAKE_ONE, (EVEN, ODD))
    assert mona.decide(st).verdict == "proved"
    first, second = (Path(p) for p in seen.with_suffix(".paths").read_text().split())
    assert first.name == second.name == "statement.mona"
    assert first.parent.name.startswith("cgsat-mona-") and second.parent.parent == first.parent
    assert not first.parent.exists()
    found = mona.control(st)
    assert found is not None
    assert (tmp_path / "seen.0.mona").read_text() == mona.formula(st)
    assert (tmp_path / "seen.1.mona").read_text() == mona.formula(found[0])


def test_lying_mona_in_the_check_message(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The all-n method's verdict on a MONA valid to everything (``cgsat check``'s line)."""
    fake_mona(tmp_path, monkeypatch, "echo 'Formula is valid'")
    monkeypatch.delenv("CGSAT_PROOFS", raising=False)
    verdict = methods.decide_all(Statement(TAKE_ONE, (EVEN, ODD)), "take-one", 60)
    assert (verdict.status, verdict.reason) == ("error", (
        "a decider failed its control: mona: error (mona says valid to a false control "
        "statement (R_0 complemented; false at '': R_0 rejects it, the mex rule says yes): "
        "its answers are not counted)"))


def test_summary_starts_at_the_analysis_line_not_at_a_path_that_names_it() -> None:
    """MONA's ``-s`` statistics quote the formula's path; a path holding "ANALYSIS" does
    not start the summary's analysis there."""
    out = ("MONA v1.4-18 for WS1S/WS2S\nReading /tmp/x/ANALYSIS-demo/statement.mona\n"
           "Automaton has 3 states and 2 BDD-nodes\nANALYSIS\nFormula is valid\n")
    assert mona.summary(out, 7) == (
        "MONA v1.4-18 for WS1S/WS2S\nAutomaton has 3 states and 2 BDD-nodes\n"
        "Largest automaton built: 7 states (mona -s)\nANALYSIS\nFormula is valid\n")
