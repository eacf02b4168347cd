"""``cgsat find green-cordon --height N ...``: green cordons of height N with a given value.

This module parses the request, calls :func:`cgsat.verify.search.green_cordon.search`
(the SAT routes, counting and replay) and prints the result. Every instance answers its
controls (``--controls K``); a failed control exits 3 with one line, never "no cordon",
and ``--json`` carries ``controls: {"passed","total"}``.

References
----------
Huggan, Nowakowski, *Thinning Thickets*, Theorems 3.2-3.5.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from cgsat.errors import CgsatInputError
from cgsat.verify.search import ControlFailed, Controls
from cgsat.verify.search.green_cordon import search

EXIT_DISAGREE = 3


def _target(args: argparse.Namespace) -> tuple[int | None, str | None]:
    """(nim-value, outcome): exactly one is set."""
    if args.value is not None:
        text = args.value.strip()
        if text in ("0", "*0"):
            return 0, None
        if text == "*":
            return 1, None
        if text.startswith("*") and text[1:].isdigit():
            return int(text[1:]), None
        raise CgsatInputError(
            f"green-cordon: --value {args.value!r} is not a nim-value (0, *, *2, ...)")
    if args.outcome not in ("P", "N"):
        raise CgsatInputError("green-cordon is impartial: --outcome takes P or N")
    return None, args.outcome


def _check_args(args: argparse.Namespace) -> int:
    """The height; usage errors for options that do not apply to green cordons."""
    if args.height is None:
        raise CgsatInputError("green-cordon takes --height N")
    if args.alphabet is not None:
        raise CgsatInputError("--alphabet applies to toppling only")
    if args.distances is not None:
        raise CgsatInputError("--distances applies to the phyminoes ruleset only")
    return args.height


def run(args: argparse.Namespace) -> int:
    """Run ``cgsat find green-cordon``; returns the exit code."""
    height = _check_args(args)
    value, outcome = _target(args)
    if args.misere and value is not None:
        raise CgsatInputError("--misere selects by --outcome P|N (nim-values are normal play)")
    mode = "count" if args.count else "all" if args.all else "one"
    query: dict[str, Any] = {"height": height, "mode": mode, "misere": bool(args.misere)}
    query.update({"value": args.value} if value is not None else {"outcome": outcome})
    controls = Controls(getattr(args, "controls", 16),
                        seed=f"find:green-cordon:{json.dumps(query, sort_keys=True)}")
    try:
        result = search(height, value, outcome, bool(args.misere), mode, controls)
    except ControlFailed as exc:
        sys.stderr.write(f"cgsat: BUG: green-cordon {query}: {exc}\n")
        return EXIT_DISAGREE
    if result.disagreement is not None:
        sys.stderr.write(f"cgsat: BUG: green-cordon {result.disagreement}: SAT found it for "
                         f"{query}, but exhaustive play disagrees\n")
        return EXIT_DISAGREE
    if mode == "count":
        count = result.count
        if args.json:
            print(json.dumps({"ruleset": "green-cordon", "query": query, "count": count,
                              "controls": controls.tally}))
        else:
            print(f"{count} cordon{'s' if count != 1 else ''}")
        return 0
    found = result.positions
    if args.json:
        print(json.dumps({"ruleset": "green-cordon", "query": query, "positions": found,
                          "controls": controls.tally}))
    elif not found:
        print("no cordon of this height matches")
    else:
        print("\n".join(found))
    return 0
