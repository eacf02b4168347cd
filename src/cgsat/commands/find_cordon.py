"""``cgsat find green-cordon --height N ...``: green cordons of height N with a given value.

Two routes, both SAT, and every printed cordon is replayed by exhaustive play first:

- nim-value 0 or 1 (``--value 0``, ``--value "*"``, ``--outcome P|N``) under normal play,
  at any height: the characterizations of Theorems 3.2 and 3.3 are first *proved* for every
  height up to N by the inductive mex check (:mod:`cgsat.encodings.cordon_induction`), then
  the cordons they accept are listed by SAT with blocking clauses over the leaf variables
  and counted by dynamic programming on the automaton;
- any other nim-value, or ``--misere``: mex constraints (or misère kernel constraints) on
  every cordon of height <= N (:mod:`cgsat.encodings.cordon_grundy`), up to height
  :data:`EXPLICIT_LIMIT`, since there are 2^N such cordons.

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

EXPLICIT_LIMIT = 12
ALL_LIMIT = 100_000
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
    if args.height is None:
        raise CgsatInputError("green-cordon takes --height N")
    if args.alphabet is not None:
        raise CgsatInputError("--alphabet applies to toppling only")
    if args.distances is not None:
        raise CgsatInputError("--distances applies to the phyminoes ruleset only")
    return args.height


def _by_characterization(height: int, value: int, want: bool, mode: str) -> tuple[list, int]:
    from pysat.solvers import Solver

    from cgsat.encodings import cordon_induction as ci

    claim = ci.NIM0 if value == 0 else ci.NIM1
    for h in range(height + 1):  # prove the characterization up to the height first
        cnf, cc = ci.inductive_instance(claim, h)
        with Solver(name="cadical195", bootstrap_with=cnf.clauses) as s:
            if s.solve():
                raise CgsatInputError(
                    f"the characterization of nim-value {value} fails at "
                    f"{cc.decode(s.get_model(), h)}; report this as a bug")
    accepted = ci.count_accepted(claim.rule, height)
    total = 2 ** max(height - 1, 0)
    count = accepted if want else total - accepted
    if mode == "count":
        return [], count
    from cgsat.encodings.green_cordon import CordonCircuits

    cc = CordonCircuits()
    x = cc.leaf_variables(height)
    out = cc.accepts(claim.rule, (height, x))
    cc.cnf.append([out if want else -out])
    found: list[str] = []
    limit = 1 if mode == "one" else ALL_LIMIT + 1
    with Solver(name="cadical195", bootstrap_with=cc.cnf.clauses) as s:
        while len(found) < limit and s.solve():
            model = s.get_model()
            found.append(cc.decode(model, height))
            true = set(model)
            s.add_clause([-v if v in true else v for v in x] or [cc.false])
    return found, len(found)


def _explicit(height: int, value: int | None, outcome: str | None, misere: bool) -> list[str]:
    from pysat.solvers import Solver

    from cgsat.encodings.cordon_grundy import GrundyEncoding, MisereKernel
    from cgsat.games import green_cordon

    if height > EXPLICIT_LIMIT:
        raise CgsatInputError(
            f"green-cordon: this search encodes all 2^N cordons of height <= N and is "
            f"limited to N <= {EXPLICIT_LIMIT}; nim-values 0 and * (normal play) have no limit")
    roots = [(h, frozenset(a)) for h, a in green_cordon.cordons(height)]
    found = []
    if misere:
        kernel = MisereKernel(roots)
        with Solver(name="cadical195", bootstrap_with=kernel.cnf.clauses) as s:
            assert s.solve()
            model = s.get_model()
        for root in roots:
            is_p = kernel.is_p(root, model)
            if (outcome == "P") == is_p:
                found.append(root)
    else:
        enc = GrundyEncoding(roots[0], value_range=2 * height + 1, more_roots=roots[1:])
        with Solver(name="cadical195", bootstrap_with=enc.cnf.clauses) as s:
            if not s.solve():
                raise CgsatInputError("green-cordon: nim-values exceed the encoded range")
            model = s.get_model()
        for root in roots:
            v = enc.value_of(root, model)
            if (v == value) if value is not None else ((v == 0) == (outcome == "P")):
                found.append(root)
    return [f"{h}:" + ",".join(map(str, sorted(a))) for h, a in found]


def _replay(text: str, value: int | None, outcome: str | None, misere: bool) -> bool:
    from cgsat.cgt.impartial import solver_for
    from cgsat.games import get_ruleset

    rules = get_ruleset("green-cordon")
    solver = solver_for(rules)
    position = rules.parse(text)
    if misere or value is None:
        return solver.outcome(position, misere=misere) == outcome
    return solver.nim_value(position) == value


def run(args: argparse.Namespace) -> int:
    """Run ``cgsat find green-cordon``; returns the exit code."""
    height = _check_args(args)
    value, outcome = _target(args)
    if args.misere and value is not None:
        raise CgsatInputError("--misere selects by --outcome P|N (nim-values are normal play)")
    mode = "count" if args.count else "all" if args.all else "one"
    query: dict[str, Any] = {"height": height, "mode": mode, "misere": bool(args.misere)}
    query.update({"value": args.value} if value is not None else {"outcome": outcome})
    if not args.misere and (value in (0, 1) or outcome is not None):
        nim = 0 if outcome is not None else value
        want = outcome != "N"
        found, count = _by_characterization(height, nim, want, mode)
    else:
        found = _explicit(height, value, outcome, args.misere)
        count = len(found)
        if mode == "one":
            found = found[:1]
    if len(found) > ALL_LIMIT:
        raise CgsatInputError(f"find: more than {ALL_LIMIT} cordons match; use --count")
    for text in found:
        if not _replay(text, value, outcome, args.misere):
            sys.stderr.write(f"cgsat: BUG: green-cordon {text}: SAT found it for {query}, "
                             "but exhaustive play disagrees\n")
            return EXIT_DISAGREE
    found.sort(key=lambda t: (len(t), t))
    if mode == "count":
        if args.json:
            print(json.dumps({"ruleset": "green-cordon", "query": query, "count": count}))
        else:
            print(f"{count} cordon{'s' if count != 1 else ''}")
        return 0
    if args.json:
        print(json.dumps({"ruleset": "green-cordon", "query": query, "positions": found}))
    elif not found:
        print("no cordon of this height matches")
    else:
        print("\n".join(found))
    return 0
