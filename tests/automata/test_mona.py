"""MONA as a tool that may fail or lie (issue 38, defect 6): a ``mona`` that prints
garbage gives an ``unknown`` decision with one line (never a traceback, never exit 4), and
a ``mona`` that says "valid" to everything fails the control of its answer (a statement
known to be false, decided in the same call), so its "valid" is never counted.

The fake ``mona`` programs are shell scripts put first on ``PATH``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from all_n_statements import cordon
from cgsat.automata import methods, mona
from cgsat.automata.dfa import Automaton
from cgsat.automata.options import Statement
from fake_tools import fake_mona

CLAIM = "thickets.thm3.2"
"""A claim of one all-n method (``automata``) that the real deciders prove in seconds."""


def _false_statement() -> Statement:
    """Theorem 3.2's statement with a wrong R_0 (every cordon is a P-position): false."""
    st = cordon(0)
    r0 = st.automata[0]
    return st.with_automaton(0, Automaton(r0.alphabet, r0.delta, frozenset(range(r0.size)),
                                          r0.empty, "everything"))


def test_control_is_false_where_it_says(need_mona):
    st = cordon(1)
    wrong, where = mona.control(st)
    assert "mex rule" in where
    assert mona.decide(wrong).verdict == "refuted"  # the real MONA refutes the control
    assert mona.decide(st).verdict == "proved"  # and its valid counts, after the control


def test_garbage_answer_is_unknown_with_one_line(tmp_path, monkeypatch):
    fake_mona(tmp_path, monkeypatch, "echo 'MONA v9 gibberish'; echo '%%% ###'")
    d = mona.decide(cordon(1))
    assert d.verdict == "unknown"
    assert d.reason.startswith("could not read MONA's answer") and "\n" not in d.reason


def test_endless_output_is_unknown_within_bounded_memory(tmp_path, monkeypatch):
    monkeypatch.setattr(mona, "OUTPUT_LIMIT", 1 << 20)  # 1 MiB here: the same code path
    fake_mona(tmp_path, monkeypatch, "yes 'garbage garbage garbage'")
    d = mona.decide(cordon(1), timeout=60)
    assert d.verdict == "unknown" and "MiB of output" in d.reason, d
    assert d.seconds < 30


def test_failing_mona_is_unknown_with_one_line(tmp_path, monkeypatch):
    fake_mona(tmp_path, monkeypatch, "echo 'Segmentation fault' >&2; exit 7")
    d = mona.decide(cordon(1))
    assert d.verdict == "unknown" and "exit code 7" in d.reason and "\n" not in d.reason


def test_lying_mona_fails_its_control(tmp_path, monkeypatch):
    fake_mona(tmp_path, monkeypatch, "echo 'Formula is valid'")
    d = mona.decide(_false_statement())
    assert d.verdict == "error", d  # not "proved": the control came back valid
    assert "control" in d.reason and "not counted" in d.reason
    verdict = methods.decide_all(_false_statement(), "test", 60)
    assert verdict.status == "error" and "mona" in (verdict.reason or "")


def _cli(*args: str, env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cgsat", *args, "--db",
                           str(tmp_path / "r.sqlite")], capture_output=True, text=True,
                          env=env, timeout=300, check=False)


def test_command_line_garbage_and_lies(tmp_path, monkeypatch):
    fake_mona(tmp_path, monkeypatch, "echo '%%% not an answer'")
    env = dict(os.environ)
    run = _cli("check", CLAIM, "--method", "automata", "--json", env=env, tmp_path=tmp_path)
    assert "Traceback" not in run.stderr and run.returncode in (0, 5), run.stderr
    # MONA's answer is not counted; the other two deciders prove it
    assert '"status": "proved"' in run.stdout
    fake_mona(tmp_path, monkeypatch, "echo 'Formula is valid'")
    env = dict(os.environ)
    run = _cli("check", CLAIM, "--method", "automata", "--force", env=env, tmp_path=tmp_path)
    assert "Traceback" not in run.stderr
    assert run.returncode == 3, (run.stdout, run.stderr)
    assert "mona" in run.stdout + run.stderr and "control" in run.stdout + run.stderr


def test_partizan_mona_garbage_is_unknown_with_one_line(tmp_path, monkeypatch):
    from cgsat.automata import partizan_mona
    from cgsat.automata.partizan_families import toppling_lem1

    fake_mona(tmp_path, monkeypatch, "echo '%%% not an answer'")
    d = partizan_mona.decide(toppling_lem1())
    assert d.verdict == "unknown"
    assert d.reason.startswith("could not read MONA's answer") and "\n" not in d.reason
