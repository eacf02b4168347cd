"""``cgsat find toppling ...``: Toppling Dominoes rows with a given value or outcome.

One SAT instance per exact length holds a symbolic row (two variables per domino, "Left
may topple it" and "Right may topple it") and the partizan difference encoding of
``G - H`` (:mod:`cgsat.encodings.toppling`). ``--value`` takes a game in CGSuite
notation (``{{1|0}|0}``, ``^*``, ``+-1``); ``--outcome L|R|N|P`` compares the row with 0.

- ``--length N``: rows of exactly N dominoes; ``--max-length N``: every length 1..N.
- ``--alphabet LRE`` (default) or ``LR`` (no Either dominoes).
- Without ``--all``/``--count``, at most one row; ``--all`` lists every row by blocking
  clauses, up to :data:`ALL_LIMIT`; ``--count`` counts them the same way. Rows are raw: a
  row and its reversal are both listed, so ``--count`` equals the ``--all`` list's length.

Every printed row is replayed by the direct solver (the partizan engine's canonical form)
before printing; a disagreement is a bug and exits 3.

References
----------
Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures* (2015).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from cgsat.errors import CgsatInputError
from cgsat.verify.search import Disagreement

ALL_LIMIT = 100_000
EXIT_DISAGREE = 3


def _lengths(args: argparse.Namespace) -> tuple[list[int], dict[str, Any]]:
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


def matches(row: str, value: Any, outcome: str | None) -> bool:
    """Replay one row with the direct solver: does it have the value (or outcome)?

    Examples
    --------
    >>> from cgsat.cgt.notation import parse
    >>> matches("RLLLR", parse("{{1|0}|0}"), None), matches("LRL", None, "L")
    (True, True)
    """
    from cgsat.cgt.partizan_values import canonical_form
    from cgsat.games import toppling

    g = canonical_form(toppling.RULESET, (row,) if row else ())
    if outcome is not None:
        return g.outcome() == outcome
    return g is value or g == value


def run(args: argparse.Namespace) -> int:
    """Run ``cgsat find toppling``; returns the exit code."""
    from cgsat.cgt.canonical import ZERO
    from cgsat.cgt.notation import parse as parse_game
    from cgsat.encodings.toppling_queries import OUTCOME_RELATION, RowQuery

    lengths, query = _lengths(args)
    alphabet = args.alphabet or "LRE"
    query["alphabet"] = alphabet
    if args.value is not None:
        value = parse_game(args.value)
        outcome = None
        query["value"] = str(value)
        target, relation = value, "="
    else:
        value = None
        outcome = args.outcome
        query["outcome"] = outcome
        target, relation = ZERO, OUTCOME_RELATION[outcome]
    mode = "count" if args.count else "all" if args.all else "one"
    query["mode"] = mode

    found: list[str] = []
    try:
        for n in lengths:
            if n == 0:  # the empty row: value 0, outcome P
                if matches("", value, outcome):
                    found.append("")
            else:
                with RowQuery(n, alphabet) as q:
                    limit = 1 if mode == "one" else ALL_LIMIT + 1 - len(found)
                    for row in q.enumerate(target, relation, limit=limit):
                        if not matches(row, value, outcome):
                            raise Disagreement(
                                f"toppling {row}: the SAT search found it for {query}, "
                                "but the direct solver disagrees")
                        found.append(row)
            if mode == "one" and found:
                break
            if len(found) > ALL_LIMIT:
                raise CgsatInputError(f"find: more than {ALL_LIMIT} rows match; "
                                      "narrow the search")
    except Disagreement as exc:
        sys.stderr.write(f"cgsat: BUG: {exc}\n")
        return EXIT_DISAGREE

    printed = [row if row else "()" for row in found]
    if mode == "count":
        if args.json:
            print(json.dumps({"ruleset": "toppling", "query": query, "count": len(found)}))
        else:
            print(f"{len(found)} row{'s' if len(found) != 1 else ''}")
        return 0
    printed.sort(key=lambda p: (len(p), p))
    if args.json:
        print(json.dumps({"ruleset": "toppling", "query": query, "positions": printed}))
    elif not printed:
        print("no row of this length matches")
    else:
        for p in printed:
            print(p)
    return 0
