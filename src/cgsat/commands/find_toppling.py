"""``cgsat find toppling ...``: Toppling Dominoes rows with a given value or outcome.

The search is :func:`cgsat.verify.search.toppling.search_rows`: one SAT instance per exact
length holds a symbolic row and the partizan difference encoding of ``G - H``. ``--value``
takes a game in CGSuite notation (``{{1|0}|0}``, ``^*``, ``+-1``); ``--outcome L|R|N|P``
compares the row with 0.

- ``--length N``: rows of exactly N dominoes; ``--max-length N``: every length 1..N.
- ``--alphabet LRE`` (default) or ``LR`` (no Either dominoes).
- Without ``--all``/``--count``, at most one row; ``--all`` lists every row by blocking
  clauses, up to :data:`~cgsat.verify.search.toppling.ALL_LIMIT`; ``--count`` counts them
  the same way. Rows are raw: a row and its reversal are both listed, so ``--count`` equals
  the ``--all`` list's length.

Every printed row has been replayed by the direct solver (the partizan engine's canonical
form); a disagreement is a bug and exits 3. Every length's instance answers its controls
(``--controls K`` sample rows, and a toggled control when a length's search ends UNSAT:
:mod:`cgsat.verify.search.toppling`); a failed control exits 3 with one line, never "no
row", and ``--json`` carries ``controls: {"passed","total"}``.

References
----------
Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures* (2015).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from cgsat.cgt.notation import parse as parse_game
from cgsat.errors import CgsatInputError
from cgsat.verify.search import ControlFailed, Controls, Disagreement
from cgsat.verify.search.toppling import search_rows

EXIT_DISAGREE = 3


def _lengths(args: argparse.Namespace) -> tuple[list[int], dict[str, Any]]:
    """The exact lengths to search, and their part of the printed query."""
    if getattr(args, "shape", None) is not None or getattr(args, "height", None) is not None:
        raise CgsatInputError("toppling takes --length N or --max-length N")
    if getattr(args, "misere", False):
        raise CgsatInputError("--misere applies to impartial rulesets only")
    if getattr(args, "distances", None) is not None:
        raise CgsatInputError("--distances applies to the phyminoes ruleset only")
    if args.length is not None:
        return [args.length], {"length": args.length}
    if args.max_length is not None:
        return list(range(1, args.max_length + 1)), {"max_length": args.max_length}
    raise CgsatInputError("toppling takes --length N or --max-length N")


def run(args: argparse.Namespace) -> int:
    """Run ``cgsat find toppling``; returns the exit code."""
    lengths, query = _lengths(args)
    alphabet = args.alphabet or "LRE"
    query["alphabet"] = alphabet
    value = outcome = None
    if args.value is not None:
        value = parse_game(args.value)
        query["value"] = str(value)
    else:
        outcome = args.outcome
        query["outcome"] = outcome
    mode = "count" if args.count else "all" if args.all else "one"
    query["mode"] = mode

    controls = Controls(getattr(args, "controls", 16),
                        seed=f"find:toppling:{json.dumps(query, sort_keys=True)}")
    try:
        found = search_rows(lengths, value, outcome, alphabet, mode, controls)
    except Disagreement as exc:
        sys.stderr.write(f"cgsat: BUG: toppling {exc.position}: the SAT search found it for "
                         f"{query}, but the direct solver disagrees\n")
        return EXIT_DISAGREE
    except ControlFailed as exc:
        sys.stderr.write(f"cgsat: BUG: toppling {query}: {exc}\n")
        return EXIT_DISAGREE

    printed = [row if row else "()" for row in found]
    if mode == "count":
        if args.json:
            print(json.dumps({"ruleset": "toppling", "query": query, "count": len(found),
                              "controls": controls.tally}))
        else:
            print(f"{len(found)} row{'s' if len(found) != 1 else ''}")
        return 0
    printed.sort(key=lambda p: (len(p), p))
    if args.json:
        print(json.dumps({"ruleset": "toppling", "query": query, "positions": printed,
                          "controls": controls.tally}))
    elif not printed:
        print("no row of this length matches")
    else:
        for p in printed:
            print(p)
    return 0
