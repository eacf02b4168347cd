"""``cgsat find RULESET ...``: search a shape for positions with a given value.

The search is :func:`cgsat.api.find`'s (which calls :mod:`cgsat.search`: the SAT
search, counting, replay and controls); this module reads the options and prints:

- ``timber-path --length N`` (or ``--max-length N``: every length 1..N): words of Toppling
  Peaks; ``toppling --length N`` / ``--max-length N`` (``--alphabet LR|LRE``): rows of
  Toppling Dominoes; ``timber --shape "0-1 1-2 1-3"`` and ``phyminoes --shape ...``
  (``--distances``): every orientation of the shape's edges; ``green-cordon --height N``.
- The target is ``--outcome`` or ``--value`` (a nim-value ``0``, ``*``, ``*k`` for the
  impartial rulesets, a game in CGSuite notation for toppling).
- Without ``--all``/``--count`` at most one position is printed; ``--all`` lists every one
  (raw: no reversal or automorphism is identified, so ``--count`` equals the length of the
  ``--all`` list); ``--count`` counts them.
- ``--max-length N`` with ``--jobs J`` or ``--executor dask --scheduler ADDRESS``: one task
  per length (:func:`cgsat.engine.executors.base.map_calls`), each a whole search with its
  own controls.

Every printed position is replayed by the direct solver first, and every SAT instance
answers its controls (``--controls K``); a disagreement or a failed control is a bug and
exits 3 with one line, never "no position", and ``--json`` carries ``controls:
{"passed","total"}``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from cgsat.api import FindResult, find
from cgsat.engine.store import db_path
from cgsat.search import ControlFailed, Disagreement

__all__ = ["EXIT_DISAGREE", "to_text", "run"]

EXIT_DISAGREE = 3

# what a count or an empty answer is called, per ruleset
_NOUN = {"toppling": ("row", "no row of this length matches"),
         "green-cordon": ("cordon", "no cordon of this height matches")}
_DEFAULT_NOUN = ("position", "no position of this shape matches")


def to_text(result: FindResult) -> str:
    """The text output of ``cgsat find``.

    Examples
    --------
    >>> print(to_text(FindResult("toppling", {}, count=1)))
    1 row
    >>> print(to_text(FindResult("timber", {}, count=3, counted_by=("pyganak",))))
    3 positions (counted by pyganak)
    >>> print(to_text(FindResult("green-cordon", {}, positions=())))
    no cordon of this height matches
    >>> print(to_text(FindResult("toppling", {"max_length": 10}, positions=())))
    no row of length at most 10 matches
    >>> print(to_text(FindResult("timber", {"route": "tree-dp"}, count=9,
    ...                          controls={"passed": 16, "total": 16},
    ...                          counted_by=("the tree programme",))))
    9 positions (counted by the tree programme)
    route tree-dp: 16 of 16 controls (subtrees counted both ways) agree with enumeration
    """
    noun, none = _NOUN.get(result.ruleset, _DEFAULT_NOUN)
    if "max_length" in result.query:  # every length 1..N: not "of this length"
        none = f"no {noun} of length at most {result.query['max_length']} matches"
    if result.count is not None:
        text = f"{result.count} {noun}{'s' if result.count != 1 else ''}"
        if result.counted_by:
            text += f" (counted by {', '.join(result.counted_by)})"
        if result.query.get("route") == "tree-dp":
            c = result.controls
            text += (f"\nroute tree-dp: {c['passed']} of {c['total']} controls (subtrees "
                     "counted both ways) agree with enumeration")
        return text
    return "\n".join(result.positions or ()) or none


def run(args: argparse.Namespace) -> int:
    """Run ``cgsat find``; returns the exit code."""
    try:
        result = find(
            args.ruleset, length=args.length, max_length=args.max_length, shape=args.shape,
            height=args.height, value=args.value, outcome=args.outcome,
            misere=args.misere, alphabet=args.alphabet, distances=args.distances,
            mode="count" if args.count else "all" if args.all else "one",
            controls=args.controls, jobs=args.jobs, executor=args.executor,
            scheduler=args.scheduler, db=db_path(args.db))
    except (Disagreement, ControlFailed) as exc:
        sys.stderr.write(f"cgsat: BUG: {exc}\n")
        return EXIT_DISAGREE
    with all_digits():  # a count at height 100,000 has about 21,000 digits
        print(json.dumps(result.to_json()) if args.json else to_text(result))
    return 0


@contextmanager
def all_digits() -> Iterator[None]:
    """Print integers of any length: Python refuses to turn one of more than 4,300 digits
    into text unless told; the limit guards parsing input, and stays on for that."""
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(before)
