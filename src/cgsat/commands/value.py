"""``cgsat value RULESET POSITION [--misere] [--distances D] [--json]``.

With POSITION ``-``, one position is read per line from stdin and one result is printed per
line (a UTF-8 byte order mark at the start is ignored). A bad line is reported on stderr
with its line number; the others are still solved, and the exit code is then 2. In the text
output a position ending in ``:`` (a green-cordon stalk ``5:``) is quoted: ``'5:': outcome``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from cgsat.cgt.impartial import solver_for
from cgsat.cgt.partizan_values import describe_partizan
from cgsat.cgt.tuft import tuft_nim_value, tuft_winning_moves
from cgsat.errors import CgsatInputError
from cgsat.games import get_ruleset
from cgsat.games.base import ImpartialRuleset


def describe_lumberjack_by_tuft(ruleset: ImpartialRuleset, position: Any) -> dict[str, Any]:
    """Lumberjack under normal play beyond exhaustive play: the Tuft principle.

    The principle is the claim ``lumberjack.tuft``, checked against plain recursion; it
    costs O(n^2) for n edges where exhaustive play is exponential.
    """
    nim = tuft_nim_value(position)
    return {
        "ruleset": ruleset.name,
        "position": ruleset.format(position),
        "outcome": "P" if nim == 0 else "N",
        "nim": nim,
        "winning_moves": [
            {"player": None, "move": move, "to": ruleset.format(option)}
            for move, option in tuft_winning_moves(position)
        ],
        "method": "tuft",
    }


def describe_impartial(
    ruleset: ImpartialRuleset, text: str, misere: bool, cli_name: str | None = None
) -> dict[str, Any]:
    """The JSON object of ``value --json`` for an impartial ruleset."""
    position = ruleset.parse(text)
    if (ruleset.name == "lumberjack" and not misere
            and ruleset.size(position) > ruleset.exhaustive_limit):
        return describe_lumberjack_by_tuft(ruleset, position)
    solver = solver_for(ruleset)
    result: dict[str, Any] = {
        "ruleset": cli_name or ruleset.name,
        "position": ruleset.format(position),
        "outcome": solver.outcome(position, misere=misere),
    }
    if not misere:
        result["nim"] = solver.nim_value(position)
    result["winning_moves"] = [
        {"player": None, "move": move, "to": ruleset.format(option)}
        for move, option in solver.winning_moves(position, misere=misere)
    ]
    return result


def describe(ruleset: Any, text: str, misere: bool, cli_name: str | None = None) -> dict[str, Any]:
    if ruleset.impartial:
        return describe_impartial(ruleset, text, misere, cli_name)
    if misere:
        raise CgsatInputError(f"{ruleset.name}: --misere applies to impartial rulesets only")
    return describe_partizan(ruleset, text)


def to_text(result: dict[str, Any]) -> str:
    position = result["position"]
    if position.endswith(":"):  # a green-cordon stalk such as 5: would print as "5::"
        position = f"'{position}'"
    head = f"{result['ruleset']} {position}: outcome {result['outcome']}"
    if "nim" in result:
        head += f", nim-value {result['nim']}"
    if "value" in result:
        head += f", value {result['value']}"
    moves = result["winning_moves"]
    if not moves:
        return head + "\n  no winning move"
    lines = [head]
    for m in moves:
        who = f"{m['player']} " if m["player"] else ""
        lines.append(f"  winning move: {who}{m['move']} -> {m['to']}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    variant = {}
    if args.distances is not None:
        if args.ruleset != "phyminoes":
            raise CgsatInputError("--distances applies to the phyminoes ruleset only")
        variant["distances"] = args.distances
    ruleset = get_ruleset(args.ruleset, **variant)
    emit = (lambda r: json.dumps(r)) if args.json else to_text
    if args.position != "-":
        print(emit(describe(ruleset, args.position, args.misere, args.ruleset)))
        return 0
    status = 0
    for lineno, line in enumerate(sys.stdin, start=1):
        if lineno == 1:
            line = line.removeprefix("\ufeff")  # a UTF-8 byte order mark
        if not line.strip():
            continue
        try:
            print(emit(describe(ruleset, line.strip(), args.misere, args.ruleset)), flush=True)
        except CgsatInputError as exc:
            sys.stderr.write(f"cgsat: error: line {lineno}: {exc}\n")
            status = 2
    return status
