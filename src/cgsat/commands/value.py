"""``cgsat value RULESET POSITION [--misere] [--distances D] [--full] [--json]``.

The answer is :func:`cgsat.api.value`'s; this module only reads positions and prints.
With POSITION ``-``, one position is read per line from stdin and one result is printed per
line (a UTF-8 byte order mark at the start is ignored). A bad line is reported on stderr
with its line number; the others are still solved, and the exit code is then 2. Each line
is read in one piece of at most the ruleset's line limit
(:data:`cgsat.commands.bounded_input.LINE_LIMITS`): a longer one is reported as a bad line
as soon as the limit is passed and its rest skipped in bounded pieces; a line with no end
within 10,000,000 characters (``< /dev/zero``) stops the reading (exit 2). So no input can
fill the memory. The lines are solved in a child process that is replaced when its
caches have grown by 48 MB (:mod:`cgsat.commands.value_worker`), so the memory stays flat
over any number of lines. In the text
output a position ending in ``:`` (a green-cordon stalk ``5:``) is quoted: ``'5:': outcome``.
A partizan value gets a line of invariants (temperature, mean, stops, atomic weight where
defined), and a value longer than a screen is shortened to its size unless ``--full``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from cgsat.api import ValueResult, value
from cgsat.commands.bounded_input import check_position, read_lines
from cgsat.commands.find import EXIT_DISAGREE
from cgsat.commands.game import SCREEN, shown, summary
from cgsat.commands.value_worker import LineSolver, WorkerDied
from cgsat.errors import CgsatInputError
from cgsat.games import get_ruleset
from cgsat.search import ControlFailed

__all__ = ["to_text", "run"]


def to_text(result: dict[str, Any] | ValueResult, full: bool = False) -> str:
    """The text output of ``cgsat value`` for one result (a :class:`ValueResult`, or its
    JSON object).

    For a partizan ruleset, given the :class:`ValueResult`, a second line gives the
    value's invariants: temperature, mean, Left and Right stops, and the atomic weight
    where it is defined (:func:`cgsat.commands.game.summary`). A value longer than a
    screen (:data:`cgsat.commands.game.SCREEN` characters) is shortened to its size,
    unless ``full``; ``--json`` prints it whole.

    Examples
    --------
    >>> print(to_text(value("green-cordon", "5:").to_json()))
    green-cordon '5:': outcome N, nim-value 1
      winning move: v5>v4 -> 4:
    >>> print(to_text(value("toppling", "LRL LR")))
    toppling LRL LR: outcome L, value 1/2+*
      temperature 0, mean 1/2, left stop 1/2, right stop 1/2
      winning move: L 0W -> RL LR
      winning move: L 2E -> LR LR
      winning move: L 3E -> LRL
    """
    game = None
    if isinstance(result, ValueResult):
        game = result.value
        result = result.to_json()
    position = result["position"]
    if position.endswith(":"):  # a green-cordon stalk such as 5: would print as "5::"
        position = f"'{position}'"
    head = f"{result['ruleset']} {position}: outcome {result['outcome']}"
    if "nim" in result:
        head += f", nim-value {result['nim']}"
    lines = [head]
    if "value" in result:
        text = result["value"]
        if game is not None and not full and len(text) > SCREEN:
            # shortened, on a line of its own, so that the head fits a terminal
            lines.append("  " + shown(text, game, how="--full or --json prints it"))
        else:
            lines[0] += f", value {text}"
    if game is not None:
        lines.append(f"  {summary(game, outcome=False)}")
    moves = result["winning_moves"]
    if str(result.get("method", "")).startswith("proof: "):
        lines.append(f"  by {result['method'].removeprefix('proof: ')}")
    if not moves:
        return "\n".join(lines + ["  no winning move"])
    for m in moves:
        who = f"{m['player']} " if m["player"] else ""
        lines.append(f"  winning move: {who}{m['move']} -> {m['to']}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Run ``cgsat value``; returns the exit code (3 when the control of an answer read
    from the all-n proofs fails: a bug)."""
    try:
        return _run(args)
    except ControlFailed as exc:
        sys.stderr.write(f"cgsat: BUG: {exc}\n")
        return EXIT_DISAGREE


def _run(args: argparse.Namespace) -> int:
    if args.distances is not None and args.ruleset != "phyminoes":
        raise CgsatInputError("--distances applies to the phyminoes ruleset only")
    get_ruleset(args.ruleset)  # an unknown ruleset is an error before stdin is read

    def solve(text: str) -> ValueResult:
        return value(args.ruleset, text, args.misere, distances=args.distances)

    def emit(r: ValueResult) -> str:
        return json.dumps(r.to_json()) if args.json else to_text(r, args.full)

    if args.position != "-":
        print(emit(solve(check_position(args.ruleset, args.position))))
        return 0
    status = 0
    with LineSolver(lambda text: emit(solve(text))) as answer:  # flat memory: issue 38
        for lineno, line, problem in read_lines(sys.stdin, args.ruleset):
            if problem is not None:  # a line over the ruleset's limit, skipped
                sys.stderr.write(f"cgsat: error: {problem}\n")
                status = 2
                continue
            if lineno == 1:
                line = line.removeprefix("\ufeff")  # a UTF-8 byte order mark
            if not line.strip():
                continue
            kind, out = answer(line.strip())
            if kind == "ok":
                print(out, flush=True)
            elif kind == "input":
                sys.stderr.write(f"cgsat: error: line {lineno}: {out}\n")
                status = 2
            elif kind == "bug":
                raise ControlFailed(f"line {lineno}: {out}")
            else:
                raise WorkerDied(f"line {lineno}: {out}")
    return status
