"""Issue 38, defects 12b and 12d: the closing summary of ``check`` counts a method whose
sizes ended in error apart (not as "reached the sizes asked"), and options that were
accepted and ignored are refused: one line, exit 2."""

from __future__ import annotations

import pytest

from cgsat.cli import main


def test_a_method_whose_every_size_is_error_did_not_reach_the_sizes(tmp_path, monkeypatch,
                                                                     capsys):
    monkeypatch.setenv("CGSAT_DRAT_TRIM", "/bin/false")  # every DRAT proof rejected
    code = main(["check", "timber.thm2.3", "--from", "4", "--up-to", "5", "--method", "sat",
                 "--proof", "--jobs", "1", "--db", str(tmp_path / "r.sqlite")])
    out, err = capsys.readouterr()
    assert code == 3
    assert out.count(": error") == 2
    summary = err.strip().splitlines()[-1]
    assert "0 reached the sizes asked" in summary, summary
    assert "1 ended in error (timber.thm2.3 sat)" in summary, summary


def test_the_control_a_method_that_holds_reached_the_sizes(tmp_path, capsys):
    assert main(["check", "timber.thm2.3", "--from", "4", "--up-to", "5", "--method", "sat",
                 "--jobs", "1", "--db", str(tmp_path / "r.sqlite")]) == 0
    summary = capsys.readouterr().err.strip().splitlines()[-1]
    assert "1 reached the sizes asked" in summary and "error" not in summary


@pytest.mark.parametrize(("argv", "says"), [
    (["find", "timber-path", "--length", "4", "--outcome", "P", "--alphabet", "LR"],
     "--alphabet applies to toppling only"),
    (["find", "timber", "--shape", "0-1 1-2", "--outcome", "P", "--alphabet", "LRE"],
     "applies to toppling only"),  # refused before issue 38 too
    (["find", "timber-path", "--length", "4", "--outcome", "P", "--jobs", "2"],
     "--jobs 2 applies with --max-length only"),
    (["check", "lumberjack.tuft", "--up-to", "1", "--confirm-with", ""],
     "--confirm-with: expected a solver name"),
    (["check", "lumberjack.tuft", "--up-to", "1", "--confirm-with", "  "],
     "--confirm-with: expected a solver name"),
])
def test_an_option_that_would_be_ignored_is_refused(tmp_path, capsys, argv, says):
    code = main([*argv, "--db", str(tmp_path / "r.sqlite")])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and says in err, err


@pytest.mark.parametrize("argv", [
    ["find", "toppling", "--length", "3", "--outcome", "P", "--alphabet", "LR"],
    ["find", "timber-path", "--max-length", "4", "--outcome", "P", "--jobs", "2"],
])
def test_the_control_the_options_where_they_apply(tmp_path, capsys, argv):
    assert main([*argv, "--db", str(tmp_path / "r.sqlite")]) == 0
    capsys.readouterr()
