"""How MONA is run (:func:`mona._run_mona`): its exit code and both output streams, read
without deadlock; the timeout and the output limit, each ending MONA's whole process group;
and the formula's verdicts (:func:`mona.formula`, decided by the real MONA) against the
direct evaluation (:meth:`Statement.violated_at`) on families with rules of each kind.

The fake ``mona`` programs are shell scripts put first on ``PATH``.
"""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from cgsat.automata import mona
from cgsat.automata.dfa import Automaton
from cgsat.automata.options import OptionRule, Statement, WordFamily
from fake_tools import fake_mona
from word_brute import first_violation, words

# --- running MONA ---------------------------------------------------------------------


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (no such process, or a zombie not yet reaped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")


@pytest.fixture
def child_pid(tmp_path: Path) -> Iterator[Path]:
    """The file where a fake ``mona`` writes the pid of the child it leaves running; that
    child is ended after the test whatever happened."""
    pid_file = tmp_path / "child.pid"
    yield pid_file
    if pid_file.exists():
        pid = int(pid_file.read_text())
        if not _gone(pid):
            os.kill(pid, signal.SIGKILL)


def _ended(pid_file: Path) -> bool:
    """Whether the child whose pid is in ``pid_file`` ends within 2 s."""
    pid = int(pid_file.read_text())
    for _ in range(200):
        if _gone(pid):
            return True
        time.sleep(0.01)
    return False


def test_run_gives_the_exit_code_and_both_streams(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """MONA's exit code, output and error output, as text (bytes that are not UTF-8 become
    U+FFFD); MONA is called as ``mona -s <file>``."""
    fake_mona(tmp_path, monkeypatch,
              "printf 'out %s %s\\n\\377' \"$1\" \"$2\"; printf 'err\\n\\376' >&2; exit 3")
    src = tmp_path / "statement.mona"
    assert mona._run_mona(src, 10) == (3, f"out -s {src}\n\ufffd", "err\n\ufffd")
    fake_mona(tmp_path, monkeypatch, "printf 'Formula is valid\\n'")
    assert mona._run_mona(src, None) == (0, "Formula is valid\n", "")


def test_run_reads_both_streams_without_deadlock(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``mona`` that writes much to its error output before its output (more than a pipe
    holds) is read to the end."""
    fake_mona(tmp_path, monkeypatch,
              "head -c 300000 /dev/zero | tr '\\0' e >&2; head -c 200000 /dev/zero | tr '\\0' o")
    code, out, err = mona._run_mona(tmp_path / "s.mona", 10)
    assert (code, out, err) == (0, "o" * 200000, "e" * 300000)


def test_run_leaves_no_process_of_its_group(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           child_pid: Path) -> None:
    """A ``mona`` (a wrapper script) that answers and leaves a child running: the child, in
    MONA's own process group, is ended when MONA returns."""
    fake_mona(tmp_path, monkeypatch,
              f"sleep 30 >/dev/null 2>&1 & echo $! > {child_pid}; echo done")
    assert mona._run_mona(tmp_path / "s.mona", 10) == (0, "done\n", "")
    assert _ended(child_pid)


def test_timeout_raises_and_ends_the_group(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          child_pid: Path) -> None:
    """A silent ``mona`` is stopped at the timeout (not before, not when it would end):
    TimeoutExpired naming ``mona`` and the timeout, its child ended too."""
    fake_mona(tmp_path, monkeypatch, f"sleep 30 & echo $! > {child_pid}; sleep 5")
    t = time.monotonic()
    with pytest.raises(subprocess.TimeoutExpired) as info:
        mona._run_mona(tmp_path / "s.mona", 1.2)
    assert 1.2 <= time.monotonic() - t < 2.5
    assert (info.value.cmd, info.value.timeout) == (["mona"], 1.2)
    assert _ended(child_pid)


def test_timeout_zero_raises_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A timeout of 0 s raises at once, saying 0 s."""
    fake_mona(tmp_path, monkeypatch, "sleep 5")
    t = time.monotonic()
    with pytest.raises(subprocess.TimeoutExpired) as info:
        mona._run_mona(tmp_path / "s.mona", 0)
    assert time.monotonic() - t < 1
    assert (info.value.cmd, info.value.timeout) == (["mona"], 0)


def test_answer_just_within_the_timeout_counts(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``mona`` that answers 0.6 s before its 1.5 s are up is not stopped."""
    fake_mona(tmp_path, monkeypatch, "sleep 0.9; echo 'Formula is valid'")
    assert mona._run_mona(tmp_path / "s.mona", 1.5) == (0, "Formula is valid\n", "")


def test_timeout_after_the_output_is_closed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           child_pid: Path) -> None:
    """A ``mona`` that closes both streams and then does not exit is stopped at the timeout
    all the same."""
    fake_mona(tmp_path, monkeypatch,
              f"echo $$ > {child_pid}; exec >/dev/null 2>&1; sleep 5")
    t = time.monotonic()
    with pytest.raises(subprocess.TimeoutExpired):
        mona._run_mona(tmp_path / "s.mona", 0.5)
    assert time.monotonic() - t < 2
    assert _ended(child_pid)


def test_output_limit_counts_both_streams(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          child_pid: Path) -> None:
    """Exactly OUTPUT_LIMIT bytes (output and error output together) are read; one more
    raises _TooMuch, also when it is all error output, and ends MONA's group."""
    monkeypatch.setattr(mona, "OUTPUT_LIMIT", 1000)
    fake_mona(tmp_path, monkeypatch,
              "head -c 600 /dev/zero | tr '\\0' o; head -c 400 /dev/zero | tr '\\0' e >&2")
    assert mona._run_mona(tmp_path / "s.mona", 10) == (0, "o" * 600, "e" * 400)
    fake_mona(tmp_path, monkeypatch,
              "head -c 600 /dev/zero | tr '\\0' o; head -c 401 /dev/zero | tr '\\0' e >&2")
    with pytest.raises(mona._TooMuch):
        mona._run_mona(tmp_path / "s.mona", 10)
    fake_mona(tmp_path, monkeypatch,
              f"sleep 30 & echo $! > {child_pid}; "
              "head -c 1001 /dev/zero | tr '\\0' e >&2; sleep 5")
    t = time.monotonic()
    with pytest.raises(mona._TooMuch):
        mona._run_mona(tmp_path / "s.mona", 10)
    assert time.monotonic() - t < 2
    assert _ended(child_pid)


# --- the formula's verdicts against the direct evaluation -------------------------------


def _agrees(st: Statement) -> str:
    """MONA's verdict on ``st``, checked against the first position where the direct
    evaluation fails (words of at most 6 letters): proved when there is none, else refuted
    at a position of the same length (⊥ as ``bottom``, or the empty word) where it fails."""
    d = mona.decide(st, timeout=30)
    first = first_violation(st, 6)
    if first == "none":
        assert (d.verdict, d.reason) == ("proved", ""), d
    elif first is None:  # ⊥, or the empty word if it fails too (both of MONA's length 1)
        assert d.verdict == "refuted", d
        assert (d.counterexample, d.bottom) == (None, True) or (
            d.counterexample == "" and not d.bottom and st.violated_at("")), d
    else:
        assert (d.verdict, d.bottom) == ("refuted", False), d
        assert d.counterexample is not None and len(d.counterexample) == len(first), d
        assert st.violated_at(d.counterexample), d
    return d.verdict


SHRINK = WordFamily("shrink to one", "1", (OptionRule("11", "1"),), False, "none", str)
"""A word of two counters or more has the single option "1" (the window's surroundings not
kept): nim-value 1, the shorter words 0."""

SHORT = Automaton("1", ((1,), (2,), (2,)), frozenset({0, 1}), name="at most one")
LONG = Automaton("1", ((1,), (2,), (2,)), frozenset({2}), name="at least two")


def test_option_that_keeps_nothing(need_mona: None) -> None:
    """An option that keeps neither side of its window is the insert itself, in R_j or not
    whatever the word: MONA proves the true statement (the insert "1" in R_0, not in R_1)
    and refutes each wrong edit where the direct evaluation first fails."""
    st = Statement(SHRINK, (SHORT, LONG))
    assert _agrees(st) == "proved"
    swapped = Statement(SHRINK, (LONG, SHORT))
    assert _agrees(swapped) == "refuted"
    one_only = Automaton("1", ((1,), (2,), (2,)), frozenset({1}), name="one")
    assert first_violation(st.with_automaton(0, one_only), 6) == ""
    assert _agrees(st.with_automaton(0, one_only)) == "refuted"
    # R_0 without "1": "11" then has an option outside R_0 and outside R_1
    only_empty = Automaton("1", ((1,), (1,)), frozenset({0}), name="empty")
    assert first_violation(st.with_automaton(0, only_empty), 6) == "1"
    assert _agrees(st.with_automaton(0, only_empty)) == "refuted"


def test_bottom_outside_the_domain_is_no_position(need_mona: None) -> None:
    """A family with ⊥ whose domain leaves ⊥ out: ⊥ is not checked (R_0 may reject it)."""
    every = Automaton("1", ((0,),), frozenset({0}), name="all")
    fam = replace(SHRINK, bottom=True, domain=every)
    st = Statement(fam, (SHORT, LONG))
    assert not st.violated_at(None)
    assert _agrees(st) == "proved"


TAKE_ANY = WordFamily("take any", "abc", tuple(OptionRule(c, "", keep_prefix=True, at_end=True)
                                               for c in "abc"), False, "none", str)
"""Three letters (two bits, one code unused): the last letter is taken."""


def test_three_letters_in_two_bits(need_mona: None) -> None:
    """Three letters take two bits, the fourth code is no letter: the nim-value of a word
    is its length's parity, proved; R_0 and R_1 swapped are refuted at ''."""
    even = Automaton("abc", ((1, 1, 1), (0, 0, 0)), frozenset({0}), name="even")
    odd = Automaton("abc", ((1, 1, 1), (0, 0, 0)), frozenset({1}), name="odd")
    assert _agrees(Statement(TAKE_ANY, (even, odd))) == "proved"
    assert _agrees(Statement(TAKE_ANY, (odd, even))) == "refuted"


MIXED = WordFamily("mixed", "abc", (
    OptionRule("ab", "c", keep_suffix=True, at_start=True, label="suffix only"),
    OptionRule("c", "", keep_prefix=True, keep_suffix=True, label="both sides"),
    OptionRule("ba", "a", keep_prefix=True, at_end=True, label="prefix only"),
    OptionRule("bb", "c", label="nothing kept"),
    OptionRule("a", "b", keep_prefix=True, keep_suffix=True, at_end=True, label="at the end"),
    OptionRule("cc", None, label="to bottom")), True, "none", str, weights={"a": 1})
"""Three letters and a rule of each kind: one side kept, both, none, ⊥."""


def _values(fam: WordFamily, longest: int) -> dict[str, int]:
    """Every word's nim-value up to ``longest`` letters, by the mex rule (⊥ is 0)."""
    memo: dict[str, int] = {}

    def value(w: str | None) -> int:
        if w is None:
            return 0
        if w not in memo:
            seen = {value(o) for o in fam.options(w)}
            memo[w] = next(v for v in itertools.count() if v not in seen)
        return memo[w]

    return {w: value(w) for w in words(fam.alphabet, longest)}


def _trie(alphabet: str, claim: dict[str, int], j: int, beyond: int) -> Automaton:
    """The words of ``claim`` claimed nim-value j, and the longer words if ``beyond`` is j
    (a tree of the words, and one state for all longer words)."""
    states = sorted(claim, key=lambda w: (len(w), w))
    index = {w: q for q, w in enumerate(states)}
    sink = len(states)
    delta = tuple(tuple(index.get(w + c, sink) for c in alphabet) for w in states)
    accepting = {index[w] for w in states if claim[w] == j} | ({sink} if beyond == j else set())
    return Automaton(alphabet, delta + (tuple(sink for _ in alphabet),), frozenset(accepting),
                     j == 0, f"value {j}")


def _claim(fam: WordFamily, claim: dict[str, int], beyond: int, k: int) -> Statement:
    return Statement(fam, tuple(_trie(fam.alphabet, claim, j, beyond) for j in range(k + 1)))


def test_rules_of_each_kind_agree_with_the_direct_evaluation(need_mona: None) -> None:
    """On a family with a rule of each kind, the true nim-values up to 2 letters (the longer
    words claimed 0, or 1) fail first at a word of 3 letters; each single wrong value of a
    word up to 2 letters fails first where the direct evaluation fails: MONA agrees."""
    values = _values(MIXED, 2)
    k = max(values.values())
    for beyond in (0, 1):
        st = _claim(MIXED, values, beyond, k)
        assert len(str(first_violation(st, 6))) == 3
        assert _agrees(st) == "refuted"
    firsts = []
    for w in words("abc", 2):
        edit = dict(values)
        edit[w] = (values[w] + 1) % (k + 1)
        st = _claim(MIXED, edit, 0, k)
        firsts.append(first_violation(st, 6))
        assert _agrees(st) == "refuted"
    assert {len(str(w)) for w in firsts} == {0, 1, 2}


def test_word_coding_in_the_formula() -> None:
    """The sentinel's letter bits are empty (code 0), and every position before it carries
    a letter's code: a clause that says so only when some code is no letter (1 letter in
    one bit, 3 in two bits), none when every code is a letter (2 letters in one bit)."""
    def clause(alphabet: str) -> str:
        fam = WordFamily("f", alphabet, (), False, "none", str)
        st = Statement(fam, (Automaton(alphabet, ((0,) * len(alphabet),), frozenset({0})),))
        text = mona.formula(st)
        start = text.index("(ex1 e: e = max($) & ")
        return text[start + len("(ex1 e: e = max($) & "):text.index(" & true & (", start)]

    assert clause("1") == "(e notin X0) & (all1 p: p < e => ((p notin X0)))"
    assert clause("LR") == "(e notin X0)"
    assert clause("abc") == ("(e notin X0 & e notin X1) & (all1 p: p < e => ("
                             "(p notin X0 & p notin X1) | (p in X0 & p notin X1) | "
                             "(p notin X0 & p in X1)))")
