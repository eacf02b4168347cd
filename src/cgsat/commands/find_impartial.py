"""``cgsat find timber|timber-path|phyminoes ...``: positions of a shape with a given value.

This module parses the query, calls :mod:`cgsat.verify.search.impartial` (the SAT search,
counting and replay) and prints the answer:

- ``timber-path --length N`` (or ``--max-length N``: every length 1..N): words of Toppling
  Peaks;
- ``timber --shape "0-1 1-2 1-3"`` and ``phyminoes --shape ...`` (``--distances``): every
  orientation of the shape's edges.

The target is ``--outcome P|N`` (under ``--misere`` if given) or ``--value 0`` / ``*`` /
``*k``, a nim-value under normal play (``--value 0 --misere`` means misère P-positions).

Without ``--all``/``--count`` at most one position is printed; ``--all`` lists every one
(raw positions: no reversal or automorphism is identified, so ``--count`` equals the length
of the ``--all`` list); ``--count`` counts them. Every printed position is replayed by the
direct solver first; a disagreement is a bug and exits 3. Every instance answers its
controls (``--controls K`` samples, and a toggled control when a search ends UNSAT:
:mod:`cgsat.verify.search.impartial`); a failed control exits 3 with one line, never "no
position", and ``--json`` carries ``controls: {"passed","total"}``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable
from typing import Any

from cgsat.encodings.timber_graphs import GraphShape, graph_shape
from cgsat.errors import CgsatInputError
from cgsat.games import get_ruleset
from cgsat.games.base import ImpartialRuleset
from cgsat.verify.search import ControlFailed, Controls, Disagreement
from cgsat.verify.search import impartial as search
from cgsat.verify.search.impartial import Instance, Target

EXIT_DISAGREE = 3
_LABEL = re.compile(r"^[A-Za-z0-9_]+$")


# -- parsing the query ----------------------------------------------------------------------
def parse_shape(text: str) -> GraphShape:
    """Parse ``--shape``: undirected edges ``u-v`` separated by spaces or commas.

    Examples
    --------
    >>> parse_shape("0-1 1-2, 1-3").edges
    (('0', '1'), ('1', '2'), ('1', '3'))
    >>> parse_shape("0-1 1>2")
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: --shape: bad edge '1>2' (write edges as u-v)
    """
    edges = []
    for token in re.split(r"[\s,]+", text.strip()):
        if not token:
            continue
        parts = token.split("-")
        if len(parts) != 2 or not all(_LABEL.match(p) for p in parts):
            raise CgsatInputError(f"--shape: bad edge {token!r} (write edges as u-v)")
        u, v = (str(int(p)) if p.isdigit() else p for p in parts)
        if u == v:
            raise CgsatInputError(f"--shape: self-loop {token!r}")
        edges.append((u, v))
    if not edges:
        raise CgsatInputError("--shape: no edges given (write edges as u-v, e.g. '0-1 1-2')")
    seen = set()
    for (u, v) in edges:
        if frozenset((u, v)) in seen:
            raise CgsatInputError(f"--shape: repeated edge {u}-{v}")
        seen.add(frozenset((u, v)))
    return graph_shape(edges)


def parse_nim_value(text: str) -> int:
    """Parse ``--value`` for an impartial ruleset: ``0``, ``*``, ``*k``.

    Examples
    --------
    >>> parse_nim_value("*2"), parse_nim_value("0"), parse_nim_value("*")
    (2, 0, 1)
    """
    t = text.strip()
    if t in ("0", "*0"):
        return 0
    if t == "*":
        return 1
    if t.startswith("*") and t[1:].isdigit():
        return int(t[1:])
    raise CgsatInputError(
        f"--value {text!r} is not a nim-value; impartial rulesets take 0, *, *2, *3, ..."
    )


def parse_target(args: argparse.Namespace) -> Target:
    """The target of ``--value`` or ``--outcome`` (with ``--misere``)."""
    misere = bool(getattr(args, "misere", False))
    if getattr(args, "value", None) is not None:
        k = parse_nim_value(args.value)
        if misere:
            if k != 0:
                raise CgsatInputError(
                    f"--value {args.value} with --misere: misère play has no nim-values here; "
                    "use --value 0 (or --outcome P|N) with --misere"
                )
            return Target("P", None, True)
        if k == 0:
            return Target("P", None, False)
        return Target(None, k, False)
    outcome = args.outcome
    if outcome not in ("P", "N"):
        raise CgsatInputError(
            f"--outcome {outcome}: impartial rulesets have outcomes P and N only"
        )
    return Target(outcome, None, misere)


# -- the command -----------------------------------------------------------------------------
def _instances(
    args: argparse.Namespace, target: Target
) -> tuple[ImpartialRuleset, Iterable[Instance], dict[str, Any]]:
    """The ruleset, the instances to search and the query as printed.

    The lengths of ``--max-length`` are built lazily: one position needs only the first
    length that has one.
    """
    name = args.ruleset
    query: dict[str, Any] = {}
    distances = getattr(args, "distances", None)
    if distances is not None and name != "phyminoes":
        raise CgsatInputError("--distances applies to the phyminoes ruleset only")
    if getattr(args, "alphabet", None) not in (None, "LR"):
        raise CgsatInputError(f"--alphabet {args.alphabet} applies to toppling only")
    if name == "timber-path":
        if args.shape is not None or args.height is not None:
            raise CgsatInputError("timber-path takes --length N or --max-length N")
        if args.length is not None:
            lengths = [args.length]
            query["length"] = args.length
        elif args.max_length is not None:
            lengths = list(range(1, args.max_length + 1))
            query["max_length"] = args.max_length
        else:
            raise CgsatInputError("timber-path takes --length N or --max-length N")
        ruleset = get_ruleset("timber-path")
        return ruleset, (search.build_path(n, target) for n in lengths), query
    if name in ("timber", "phyminoes"):
        if args.shape is None:
            raise CgsatInputError(f"{name} takes --shape EDGES, e.g. --shape \"0-1 1-2 1-3\"")
        shape = parse_shape(args.shape)
        query["shape"] = " ".join(f"{u}-{v}" for u, v in shape.edges)
        if name == "phyminoes":
            distances = distances or "minus-edge"
            query["distances"] = distances
            ruleset = get_ruleset("phyminoes", distances=distances)
        else:
            distances = "minus-edge"
            ruleset = get_ruleset("timber")
        return ruleset, [search.build_graph(shape, target, name, distances)], query
    raise CgsatInputError(f"find_impartial does not handle the {name} ruleset")


def run(args: argparse.Namespace) -> int:
    """Run ``cgsat find`` for timber, timber-path or phyminoes; returns the exit code."""
    target = parse_target(args)
    ruleset, instances, query = _instances(args, target)
    query.update(target.describe())
    mode = "count" if args.count else "all" if args.all else "one"
    query["mode"] = mode
    positions: list[str] = []
    controls = Controls(getattr(args, "controls", 16),
                        seed=f"find:{ruleset.name}:{json.dumps(query, sort_keys=True)}")
    try:
        if mode == "count":
            total, methods = search.count_matching(ruleset, instances, target, controls)
        elif mode == "all":
            positions = search.all_positions(ruleset, instances, target, controls)
        else:
            positions = search.first_position(ruleset, instances, target, controls)
    except Disagreement as exc:
        sys.stderr.write(f"cgsat: BUG: {exc}\n")
        return EXIT_DISAGREE
    except ControlFailed as exc:
        sys.stderr.write(f"cgsat: BUG: {ruleset.name} {query}: {exc}\n")
        return EXIT_DISAGREE
    out_name = ruleset.name.split("[")[0]
    if mode == "count":
        if args.json:
            print(json.dumps({"ruleset": out_name, "query": query, "count": total,
                              "controls": controls.tally}))
        else:
            print(f"{total} position{'s' if total != 1 else ''} "
                  f"(counted by {', '.join(sorted(methods))})")
        return 0
    printed = [ruleset.format(ruleset.parse(p)) for p in positions]
    if mode == "all":
        printed.sort(key=lambda p: (len(p), p))
    if args.json:
        print(json.dumps({"ruleset": out_name, "query": query, "positions": printed,
                          "controls": controls.tally}))
    elif not printed:
        print("no position of this shape matches")
    else:
        for p in printed:
            print(p)
    return 0
