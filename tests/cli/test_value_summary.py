"""``cgsat value``'s summary of a partizan value, the shortening of a long value, ``--full``,
and the position syntax of ``value --help`` (issue 39)."""

from __future__ import annotations

import pytest

import cgsat
from cgsat.cgt.value import GameValue
from cgsat.cli import VALUE_SYNTAX
from cgsat.commands.game import SCREEN
from cgsat.games import RULESET_NAMES

ROW36 = "LLLRRR" * 6  # its value has about 16,700 characters; computed in a fraction of a s


def test_a_length_36_row_prints_a_summary_that_fits_80_columns(cli):
    assert len(ROW36) == 36
    whole = cli("value", "toppling", ROW36, "--json").json()["value"]
    assert len(whole) > SCREEN  # else the test would not test the shortening
    r = cli("value", "toppling", ROW36)
    assert r.code == 0
    lines = r.out.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    g = GameValue(whole)
    assert lines[0] == f"toppling {ROW36}: outcome {g.outcome()}"
    assert lines[1] == (f"  a value of {len(whole)} characters, birthday {g.birthday()} "
                        "(--full or --json prints it)")
    assert lines[2] == (f"  temperature {g.temperature()}, mean {g.mean()}, left stop "
                        f"{g.left_stop()}, right stop {g.right_stop()}")
    full = cli("value", "toppling", ROW36, "--full").out.splitlines()
    assert full[0] == f"toppling {ROW36}: outcome {g.outcome()}, value {whole}"
    assert full[1] == lines[2] and full[2:] == lines[3:]


@pytest.mark.parametrize(("ruleset", "position"), [("toppling", "LRRLL"), ("toppling", "RLLRRL"),
                                                   ("thickets", "stalk:RLLR")])
def test_the_summary_line_is_the_values_invariants(cli, ruleset, position):
    v = cgsat.value(ruleset, position).value
    assert v is not None
    lines = cli("value", ruleset, position).out.splitlines()
    assert lines[0].endswith(f", value {v}")
    expected = (f"  temperature {v.temperature()}, mean {v.mean()}, left stop {v.left_stop()}, "
                f"right stop {v.right_stop()}")
    weight = v.atomic_weight()
    if weight is not None:
        expected += f", atomic weight {weight}"
    assert lines[1] == expected


def test_an_all_small_value_shows_its_atomic_weight_and_impartial_no_summary(cli):
    lines = cli("value", "toppling", "RLLRRL").out.splitlines()  # {*,^|*,v}: all-small
    assert lines[1].endswith(", atomic weight 0")
    lines = cli("value", "toppling", "LRRLL").out.splitlines()  # {1|*}: not all-small
    assert "atomic weight" not in lines[1]
    out = cli("value", "timber-path", "LLRRLR").out
    assert "temperature" not in out and out.splitlines()[1] == "  no winning move"


def test_value_help_shows_every_rulesets_syntax_with_an_example_that_runs(cli):
    r = cli("value", "--help")
    assert r.code == 0
    help_lines = r.out.splitlines()
    assert {name for name, _, _ in VALUE_SYNTAX} == set(RULESET_NAMES)
    for name, syntax, example in VALUE_SYNTAX:
        assert any(line.split()[:1] == [name] and syntax in line and f'"{example}"' in line
                   for line in help_lines), name
        assert cgsat.value(name, example).outcome in "LRNP"  # the example parses and solves
