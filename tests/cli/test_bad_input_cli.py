"""Bad input to `check` and `report`: one line on stderr, exit 2, quickly (issue 13 item 5)."""

from __future__ import annotations

import os
import time

import pytest

from cgsat.cli import main


def _run(argv: list[str], capsys) -> tuple[int, str]:
    t0 = time.monotonic()
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse usage errors
        code = exc.code
    assert time.monotonic() - t0 < 20
    out, err = capsys.readouterr()
    return code, err


@pytest.fixture
def db(tmp_path):
    path = str(tmp_path / "r.sqlite")
    assert main(["check", "timber.thm2.5", "--up-to", "1", "--db", path]) == 0
    return path


@pytest.mark.parametrize("argv, words", [
    (["check", "timber.thm2.3", "--up-to", "999999999999", "--method", "brute"],
     "above the largest size"),
    (["check", "timber.thm2.3", "--from", "5", "--up-to", "3"], "above the upper bound"),
    (["check", "timber.thm2.3", "--jobs", "-2"], "positive whole number, got -2"),
    (["check", "timber.thm2.3", "--jobs", "0"], "positive whole number, got 0"),
    (["check", "timber.thm2.3", "--db", ""], "--db: the path is empty"),
    (["check", "timber.thm2.3", "--timeout", "-1"], "must be positive"),
    (["check", "no.such.claim"], "no.such.claim"),
])
def test_check_bad_input(argv, words, capsys):
    code, err = _run(argv, capsys)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err


def test_report_out_bad_paths(db, tmp_path, capsys):
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    cases = [("", "the path is empty"), (str(a_file), "is a file, not a directory"),
             (str(a_file / "sub"), "cannot create")]
    if os.geteuid() != 0:  # root writes anywhere
        cases.append((str(locked / "sub"), "cannot create"))
    for out, words in cases:
        code, err = _run(["report", "--db", db, "--out", out], capsys)
        assert code == 2, out
        assert len(err.strip().splitlines()) == 1 and words in err, err
    assert a_file.read_text() == "x"


def test_report_format_latex_and_a_bad_format(db, tmp_path, capsys):
    out = tmp_path / "tex"
    assert main(["report", "--db", db, "--out", str(out), "--format", "latex"]) == 0
    capsys.readouterr()
    assert sorted(p.name for p in out.iterdir()) == ["bounds.json", "bounds.tex"]
    assert r"\begin{tabular}" in (out / "bounds.tex").read_text()
    code, err = _run(["report", "--db", db, "--out", str(out), "--format", "pdf"], capsys)
    assert code == 2 and "invalid choice" in err and len(err.strip().splitlines()) == 1
