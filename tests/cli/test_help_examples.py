"""Every command's ``--help`` stands alone (issue 39): it ends with examples, and each
example is a command line the parser accepts. ``value`` and ``game`` carry their own
(their syntax lines) and are checked with them."""

from __future__ import annotations

import argparse
import shlex

import pytest

from cgsat.cli import build_parser

OWN_HELP = {"value", "game"}  # issue 39: their help lists every ruleset's syntax


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    for action in build_parser()._actions:  # argparse offers no public walk
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _examples(help_text: str) -> list[str]:
    lines = help_text.split("\nexamples:\n", 1)[1].splitlines()
    return [line.strip() for line in lines if line.startswith("  cgsat ")]


@pytest.mark.parametrize("name", sorted(set(_subcommands()) - OWN_HELP))
def test_help_has_examples_the_parser_accepts(name):
    text = _subcommands()[name].format_help()
    assert "\nexamples:\n" in text, f"cgsat {name} --help has no examples"
    examples = _examples(text)
    assert examples, name
    for line in examples:
        argv = shlex.split(line)
        assert argv[:2] == ["cgsat", name], line
        build_parser().parse_args(argv[1:])  # a bad example exits 2 here


def test_a_missing_example_is_found():
    """Negative control: a help text without examples has none to list."""
    with pytest.raises(IndexError):
        _examples("usage: cgsat x\n\noptions:\n  -h\n")


def test_help_lines_fit_80_columns(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")  # argparse wraps to the terminal's width
    for name, sub in _subcommands().items():
        if name in OWN_HELP:
            continue
        wide = [x for x in sub.format_help().splitlines() if len(x) > 80]
        assert not wide, (name, wide)
