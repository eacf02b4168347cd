"""Bad input to `check` and `report`: one line on stderr, exit 2, quickly (issue 13 item 5)."""

from __future__ import annotations

import os
import subprocess
import sys
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


# --- issue 26: every input bounded, small surprises ---------------------------------------

BIG = "9" * 5000


@pytest.mark.parametrize(("argv", "words"), [
    (["check", "timber.thm2.3", "--timeout", "inf"], "expected seconds"),
    (["check", "timber.thm2.3", "--timeout", "nan"], "expected seconds"),
    (["check", "timber.thm2.3", "--timeout", BIG], "at most 2592000 seconds"),
    (["check", "timber.thm2.3", "--up-to", "\uff13"], "digits 0-9"),
    (["check", "timber.thm2.3", "--up-to", BIG], "at most 18 digits"),
    (["check", "timber.thm2.3", "--controls", "100000000"], "at most 10000"),
    (["check", "timber.thm2.3", "--memory-limit", BIG], "expected a size"),
    (["check", "timber.thm2.3", "--memory-limit", BIG + "G"], "at most"),
    (["check", "timber.thm2.3", "--memory-limit", "\uff12G"], "expected a size"),
    (["check", "timber.thm2.3", "--db", ":memory:"], "results would be lost; use a file"),
    (["--version", "x"], "--version takes no other argument"),
    (["value", "timber", "0>" + BIG], "a number of 5000 digits"),
    (["value", "green-cordon", "\uff17:2"], "write numbers in digits 0-9"),
    (["value", "toppling", BIG], "toppling"),
    (["value", "thickets", f"1>{BIG}:b"], "a number of 5000 digits"),
    (["value", "lumberjack", f"0-{BIG}"], "a number of 5000 digits"),
    (["value", "timber", "--", "-1>2"], "unknown character '-'"),
    (["find", "timber", "--shape", "0-1", "--value", "*2048"], "nimber above *1024"),
    (["find", "timber-path", "--length", "4", "--value", "*" + BIG], "5000 digits"),
    (["find", "timber", "--shape", f"0-{BIG}", "--value", "0"], "5000 digits"),
    (["find", "green-cordon", "--height", BIG, "--value", "0"], "at most 18 digits"),
    (["find", "green-cordon", "--height", "5", "--value", "*\uff12"], "digits 0-9"),
    (["find", "timber-path", "--lenght", "6", "--value", "0"], "did you mean --length?"),
    (["report", "--out", "-"], "not standard output"),
    (["probe", "tree-p-counts", "--up-to", "99999999999999999"], "at most 18"),
    (["probe", "timber-reductions", "--up-to", "10"], "at most 9"),
    (["probe", "phyminoes", "--out", "-"], "not standard output"),
    (["export-cnf", "timber.thm2.3", "--n", BIG], "at most 18 digits"),
])
def test_odd_input_is_one_line_and_exit_2(argv, words, tmp_path):
    proc = subprocess.run([sys.executable, "-m", "cgsat", *argv], capture_output=True,
                          text=True, timeout=30, cwd=tmp_path, env=_env(tmp_path))
    assert proc.returncode == 2, (proc.returncode, proc.stderr[-500:])
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and len(lines[0]) < 400, proc.stderr[:500]
    assert "Traceback" not in proc.stderr and not (tmp_path / "-").exists()


def test_a_huge_number_on_stdin_does_not_end_the_batch(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "cgsat", "value", "toppling", "-"],
                          input=f"LR\n{BIG}\n0>{BIG}\nLRLR\n", capture_output=True, text=True,
                          timeout=30, env=_env(tmp_path))
    assert proc.returncode == 2
    assert [line.split(":")[0] for line in proc.stdout.splitlines()
            if not line.startswith(" ")] == ["toppling LR", "toppling LRLR"]
    assert len(proc.stderr.splitlines()) == 2 and "Traceback" not in proc.stderr


def test_a_mistyped_option_control():
    """Negative control of the did-you-mean: a correct option is no error."""
    proc = subprocess.run([sys.executable, "-m", "cgsat", "find", "timber-path", "--length",
                           "4", "--value", "0", "--count"], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr


def _env(tmp_path) -> dict[str, str]:
    """The environment of a CLI run: no store of the user's (``$CGSAT_DB`` in tmp_path)."""
    return {**os.environ, "CGSAT_DB": str(tmp_path / "r.sqlite")}


def test_a_position_starting_with_a_dash_is_explained(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "cgsat", "value", "timber", "-1>2"],
                          capture_output=True, text=True, timeout=30, env=_env(tmp_path))
    assert proc.returncode == 2 and "goes after --" in proc.stderr
    after = subprocess.run([sys.executable, "-m", "cgsat", "value", "timber", "--", "-1>2"],
                           capture_output=True, text=True, timeout=30, env=_env(tmp_path))
    assert after.returncode == 2 and "unknown character '-'" in after.stderr


def _run_cli(args: list[str], capsys) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_unknown_claim_and_bad_bounds_exit_2(tmp_path, capsys):
    db = str(tmp_path / "r.sqlite")
    code, _, err = _run_cli(["check", "timber.thm23", "--db", db], capsys)
    assert code == 2 and "timber.thm2.3" in err and len(err.strip().splitlines()) == 1
    with pytest.raises(SystemExit) as exc:
        main(["check", "timber.thm2.3", "--up-to", "-1", "--db", db])
    assert exc.value.code == 2
    code, _, err = _run_cli(["check", "timber.thm2.3", "--from", "5", "--up-to", "3",
                             "--db", db], capsys)
    assert code == 2
    code, _, err = _run_cli(["check", "timber.thm2.3", "--method", "nope", "--db", db], capsys)
    assert code == 2 and "nope" in err
    code, _, err = _run_cli(["check", "timber.thm2.3", "--solver", "nosuch", "--db", db], capsys)
    assert code == 2 and "nosuch" in err
    code, _, err = _run_cli(["check", "timber.thm2.3", "--solver", "kissat", "--proof",
                             "--db", db], capsys)
    assert code == 2
    code, _, err = _run_cli(["check", "--db", db], capsys)
    assert code == 2
