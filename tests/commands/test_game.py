"""``cgsat game EXPR``: the calculator in CGSuite notation (issue 39)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cgsat.api import _game
from cgsat.cgt.value import GameValue


def test_the_examples_of_the_issue(cli):
    r = cli("game", "{0|0||0|0}")
    assert r.code == 0 and r.out.splitlines()[0] == "0"
    r = cli("game", "^ + ^ + *")
    assert r.code == 0 and r.out.splitlines()[0] == "^^*" and "atomic weight 2" in r.out
    r = cli("game", "{1|-1} <> 0")
    assert r.code == 0 and r.out.splitlines()[0] == "true"
    r = cli("game", "{1|0} > *")
    assert r.code == 0 and r.out.splitlines()[0] == "true"


@pytest.mark.parametrize(("left", "right"), [("{1|-1}", "0"), ("{1|0}", "*"), ("^", "*"),
                                             ("v", "0"), ("{0|0||0|0}", "0"),
                                             ("1/2", "{0|1}"), ("*2", "*3")])
def test_every_comparison_answers_as_the_order_of_games(cli, left, right):
    g, h = GameValue(left), GameValue(right)
    truth = {"<": g < h, "<=": g <= h, ">": g > h, ">=": g >= h, "==": g == h,
             "<>": g.fuzzy(h), "<|": g < h or g.fuzzy(h), "|>": g > h or g.fuzzy(h)}
    assert sum([truth["=="], truth["<"], truth[">"], truth["<>"]]) == 1  # one relation
    for op, expected in truth.items():
        r = cli("game", f"{left} {op} {right}", "--json")
        got = r.json()
        assert r.code == 0 and got["answer"] is expected, (op, got)
        assert (got["left"]["value"], got["right"]["value"]) == (str(g), str(h))
        text = cli("game", f"{left}{op}{right}")
        assert text.out.splitlines()[0] == ("true" if expected else "false")


def test_json_of_a_game():
    got = _game.game("{2|-1}").to_json()
    assert got == {"expression": "{2|-1}", "value": "{2|-1}", "outcome": "N",
                   "temperature": "3/2", "mean": "1/2", "left_stop": "2", "right_stop": "-1",
                   "atomic_weight": None, "birthday": 3}
    assert json.loads(json.dumps(got)) == got


@pytest.mark.parametrize(("expr", "column"), [
    ("{1|x}", 3), ("1 < {0|x}", 7), ("{1|0}+", 6), ("< 0", 0), ("0 <", 3),
    ("1 < 2 < 3", 6), ("1 = 1", 2), ("{1|0", 4), ("1/3", 0),
])
def test_malformed_input_is_one_line_naming_the_column(cli, expr, column):
    r = cli("game", expr)
    assert r.code == 2 and r.out == ""
    assert r.err.count("\n") == 1 and "Traceback" not in r.err
    assert f"column {column}" in r.err, r.err


def test_an_expression_starting_with_a_dash(cli):
    r = cli("game", "-{1|0}")
    assert r.code == 2 and "goes after --: cgsat game -- '-{1|0}'" in r.err
    r = cli("game", "--", "-{1|0}")
    assert r.code == 0 and r.out.splitlines()[0] == str(-GameValue("{1|0}"))


def test_the_bounds(cli, monkeypatch):
    r = cli("game", "1+" * 6000 + "1")
    assert r.code == 2 and "longer than 10000 characters" in r.err
    r = cli("game", "{" * 70 + "0|" + "}" * 70)
    assert r.code == 2 and "nested more than 64 deep" in r.err
    monkeypatch.setattr(_game, "GAME_BUDGET", 50)
    r = cli("game", " + ".join(f"{{{i}|-{i}}}" for i in range(1, 8)))
    assert r.code == 2 and "more than 50 new games" in r.err and r.err.count("\n") == 1
    monkeypatch.undo()
    r = cli("game", " + ".join(f"{{{i}|-{i}}}" for i in range(1, 8)))  # the control
    assert r.code == 0


def test_the_time_budget_stops_a_long_canonicalisation():
    """In a child process: the alarm may interrupt the game tables mid-update."""
    expr = " + ".join(f"{{{i}|-{i}}}" for i in range(1, 12)) + " + " + " + ".join(
        f"{{{2 * i + 1}/2|-{2 * i + 1}/2}}" for i in range(1, 10))
    code = ("import sys; import cgsat.commands.game as g; g.MAX_SECONDS = float(sys.argv[1]);"
            "from cgsat.cli import main; sys.exit(main(['game', sys.argv[2]]))")
    proc = subprocess.run([sys.executable, "-c", code, "0.05", expr], capture_output=True,
                          text=True, timeout=120, check=False)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "more than 0.05 s to compute" in proc.stderr


def test_plot_errors_are_one_line(cli, tmp_path):
    r = cli("game", "1 < 2", "--plot", str(tmp_path / "t.png"))
    assert r.code == 2 and "not a comparison" in r.err
    r = cli("game", "1", "--plot", str(tmp_path / "t.jpg"))
    assert r.code == 2 and "must end in .png" in r.err
    r = cli("game", "1", "--plot", str(tmp_path / "no" / "t.png"))
    assert r.code == 2 and "no directory" in r.err
    assert list(tmp_path.iterdir()) == []


def test_help_has_the_syntax_and_examples(cli):
    r = cli("game", "--help")
    assert r.code == 0
    for token in ("{0|0||0|0}", "<>", "<=", "^ + ^ + *", "--plot", "examples:"):
        assert token in r.out


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet="{}|,()+-*^v<>=0123/ ", max_size=24))
def test_fuzz_never_a_traceback(cli, expr):
    """Random text in the calculator's alphabet: an answer (exit 0, two lines) or one line
    of error naming a column or a bound (exit 2)."""
    r = cli("game", "--", expr) if expr.startswith("-") else cli("game", expr)
    assert r.code in (0, 2), (expr, r)
    assert "Traceback" not in r.err and "internal error" not in r.err
    if r.code == 0:
        assert len(r.out.splitlines()) == 2
    else:
        assert r.out == "" and r.err.count("\n") == 1
