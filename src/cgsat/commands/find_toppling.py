"""``cgsat find toppling ...``: Toppling Dominoes rows with a given value or outcome.

The search is :func:`cgsat.verify.search.toppling.search_rows`: one SAT instance per exact
length holds a symbolic row and the partizan difference encoding of ``G - H``. ``--value``
takes a game in CGSuite notation (``{{1|0}|0}``, ``^*``, ``+-1``); ``--outcome L|R|N|P``
compares the row with 0.

- ``--length N``: rows of exactly N dominoes; ``--max-length N``: every length 1..N.

Limits (docs/limits.md), each checked before anything is built, an input error (exit 2)
beyond it: ``--length`` at most :data:`MAX_LENGTH`, ``--max-length`` at most
:data:`MAX_MAX_LENGTH`; a ``--value`` born after day N (the largest length) matches no
row, since every move removes at least one domino, so a row of N dominoes has a game
tree of depth at most N and its canonical form a birthday at most N; and the work
``N**3 * size(value)`` (the difference encoding holds a pair of variables per subrow and
follower of the value, with clauses per option) at most :data:`MAX_WORK`.
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

MAX_LENGTH = 60
"""Largest ``--length``: a length-60 row against 0 takes about 10 s and 230 MB (memory
grows as N**3)."""
MAX_MAX_LENGTH = 30
"""Largest ``--max-length`` (every length 1..N is searched in turn)."""
MAX_WORK = 4_000_000
"""Largest ``N**3 * size(value)``, ``size`` the value's distinct followers plus their
options: about 120 to 180 bytes each (``--length 60 --value 50``, 2.2e7, took 2.6 GB;
``--length 60 --value 8``, 3.7e6, 12 s and 680 MB)."""


def game_size(g: Any) -> int:
    """Distinct followers of a canonical game (itself included) plus their option edges.

    Examples
    --------
    >>> game_size(parse_game("0")), game_size(parse_game("2")), game_size(parse_game("*2"))
    (1, 5, 9)
    """
    seen = {id(g)}
    todo = [g]
    size = 0
    while todo:
        h = todo.pop()
        opts = h.left + h.right
        size += 1 + len(opts)
        for o in opts:
            if id(o) not in seen:
                seen.add(id(o))
                todo.append(o)
    return size


def check_limits(largest: int, value: Any) -> None:
    """Raise :class:`CgsatInputError` if the query is beyond the limits (see the module's
    text); ``largest`` is the largest length searched, ``value`` the canonical target or
    None (an outcome)."""
    if value is None:
        return
    born = value.birthday()
    if born > largest:
        raise CgsatInputError(
            f"--value {value} is born on day {born}, but a row of at most {largest} "
            f"domino{'es' if largest != 1 else ''} is born by day {largest} (each move "
            "removes a domino): no row matches")
    work = max(largest, 1) ** 3 * game_size(value)
    if work > MAX_WORK:
        raise CgsatInputError(
            f"--value {value} against rows of {largest} dominoes is too large a search "
            f"(length^3 x value size = {work} > {MAX_WORK}); use a shorter length")


def _lengths(args: argparse.Namespace) -> tuple[list[int], dict[str, Any]]:
    """The exact lengths to search, and their part of the printed query."""
    if getattr(args, "shape", None) is not None or getattr(args, "height", None) is not None:
        raise CgsatInputError("toppling takes --length N or --max-length N")
    if getattr(args, "misere", False):
        raise CgsatInputError("--misere applies to impartial rulesets only")
    if getattr(args, "distances", None) is not None:
        raise CgsatInputError("--distances applies to the phyminoes ruleset only")
    if args.length is not None:
        if args.length > MAX_LENGTH:
            raise CgsatInputError(f"toppling: --length is at most {MAX_LENGTH}, got "
                                  f"{args.length} (see docs/limits.md)")
        return [args.length], {"length": args.length}
    if args.max_length is not None:
        if args.max_length > MAX_MAX_LENGTH:
            raise CgsatInputError(f"toppling: --max-length is at most {MAX_MAX_LENGTH}, got "
                                  f"{args.max_length} (see docs/limits.md)")
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
        check_limits(max(lengths), value)
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
