"""``cgsat value``: JSON contract, batches, fast paths and bad input."""

import io
import json

import pytest

from cgsat.cgt.impartial import ImpartialSolver
from cgsat.cli import main
from cgsat.games import get_ruleset


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_fields_for_an_impartial_position(capsys):
    code, out, _ = run(capsys, "value", "timber-path", "LLRRLR", "--json")
    assert code == 0
    assert json.loads(out) == {"ruleset": "timber-path", "position": "LLRRLR", "outcome": "P",
                               "nim": 0, "winning_moves": []}


def test_misere_has_no_nim_field(capsys):
    code, out, _ = run(capsys, "value", "timber-path", "LR", "--misere", "--json")
    got = json.loads(out)
    assert code == 0 and "nim" not in got and got["outcome"] == "N"
    assert {m["to"] for m in got["winning_moves"]} == {"R", "L"}


def test_batch_from_stdin_reports_bad_lines_and_continues(capsys, monkeypatch):
    code, out, err = run(capsys, "value", "timber-path", "-", "--json",
                         stdin="LR\nLQ\n\nLLRR\n", monkeypatch=monkeypatch)
    lines = [json.loads(line) for line in out.splitlines()]
    assert [r["position"] for r in lines] == ["LR", "LLRR"]
    assert code == 2 and err.count("\n") == 1 and "line 2" in err


def test_variant_name_stays_the_cli_name(capsys):
    code, out, _ = run(capsys, "value", "phyminoes", "0>1 1>2 2>0", "--distances", "graph",
                       "--json")
    assert code == 0 and json.loads(out)["ruleset"] == "phyminoes"


def test_lumberjack_beyond_exhaustive_play_uses_the_tuft_principle(capsys):
    rules = get_ruleset("lumberjack")
    # a stalk of 30 edges: nim-value 30, far beyond the exhaustive limit
    stalk = " ".join(f"{i}-{i + 1}" for i in range(30))
    code, out, _ = run(capsys, "value", "lumberjack", stalk, "--json")
    got = json.loads(out)
    assert code == 0 and got["nim"] == 30 and got["method"] == "tuft"
    assert got["winning_moves"][0]["to"] == "()"
    # below the limit the answer comes from play, and agrees
    small = "0-1 1-2 1-3 0-4 4-5"
    code, out, _ = run(capsys, "value", "lumberjack", small, "--json")
    assert json.loads(out)["nim"] == ImpartialSolver(rules).nim_value(rules.parse(small))


@pytest.mark.parametrize(
    "argv",
    [["value", "nosuch", "LR"], ["value", "timber-path", "LXR"],
     ["value", "timber", "0>"], ["value", "timber", "1>1"], ["value", "timber", "0>1 1>0"],
     ["value", "green-cordon", "5:7"], ["value", "timber-path", "LR", "--distances", "graph"],
     ["value", "toppling", "LR", "--misere"]],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err


def test_too_large_for_exhaustive_play_points_to_sat(capsys):
    word = "LR" * 2000
    code, _, err = run(capsys, "value", "timber-path", word)
    assert code == 2 and "SAT" in err
