"""``cgsat find timber|timber-path|phyminoes ...``: positions of a shape with a given value.

The shape is fixed and its colours are SAT variables (letters of a word, orientations of
a graph's edges), so one instance covers every position of the shape:

- ``timber-path --length N`` (or ``--max-length N``: every length 1..N): the full kernel
  encoding of Toppling Peaks (:mod:`cgsat.encodings.timber_path`);
- ``timber --shape "0-1 1-2 1-3"`` and ``phyminoes --shape ...`` (``--distances``): the
  kernel encoding over all orientations (:mod:`cgsat.encodings.timber_graphs`).

The target is ``--outcome P|N`` (under ``--misere`` if given) or ``--value 0`` / ``*`` /
``*k``, a nim-value under normal play (``--value 0 --misere`` means misère P-positions).
Outcomes use the Partition Theorem encoding, nim-values the mex encoding.

Without ``--all``/``--count`` at most one position is printed; ``--all`` lists every one
with blocking clauses on the colour variables (raw positions: no reversal or automorphism
is identified, so ``--count`` equals the length of the ``--all`` list), up to
:data:`ALL_LIMIT`; ``--count`` uses the exact projected model counter pyganak when it is
installed, else enumeration up to :data:`ALL_LIMIT`. Every printed position is replayed by
the direct solver (:mod:`cgsat.cgt.impartial`) first; with ``--count``, a count up to
:data:`REPLAY_ALL_UP_TO` is also re-counted by enumeration with every position replayed
(larger counts replay one position). A disagreement is a bug and exits 3.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pysat.formula import IDPool
from pysat.solvers import Solver

from cgsat.encodings import timber_graphs as graphs
from cgsat.encodings import timber_path as peaks
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.encodings.gates import Circuit
from cgsat.errors import CgsatInputError

ALL_LIMIT = 100_000
REPLAY_ALL_UP_TO = 2_000  # --count: smaller counts are also enumerated and replayed
EXIT_DISAGREE = 3
_LABEL = re.compile(r"^[A-Za-z0-9_]+$")


# -- parsing the query ----------------------------------------------------------------------
def parse_shape(text: str) -> graphs.GraphShape:
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
    return graphs.graph_shape(edges)


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


@dataclass(frozen=True)
class Target:
    """What to search for: an outcome (under normal or misère play) or a nim-value."""

    outcome: str | None  # "P" or "N"
    nim: int | None
    misere: bool

    def describe(self) -> dict[str, Any]:
        if self.nim is not None:
            return {"value": "*" if self.nim == 1 else f"*{self.nim}", "misere": False}
        return {"outcome": self.outcome, "misere": self.misere}


def parse_target(args: argparse.Namespace) -> Target:
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


# -- building the instance -------------------------------------------------------------------
@dataclass
class Instance:
    """A built search: clauses, colour variables, and how to read a position back."""

    cnf: ClauseBuffer
    colours: list[int]
    decode: Callable[[set[int]], str]


def _target_lit(circ: Circuit, target: Target, kernel: Any, grundy: Any, root: Any) -> int:
    if target.nim is not None:
        return grundy.value_lit(root, target.nim, circ)
    lit = kernel.p[root]
    return lit if target.outcome == "P" else -lit


def build_path(n: int, target: Target) -> Instance:
    """The instance "a word of length n with this target" (Toppling Peaks)."""
    pool, cnf = IDPool(), ClauseBuffer()
    circ = Circuit(pool, cnf)
    if target.nim is not None:
        letters, grundy = peaks.add_peaks_grundy(pool, cnf, n)
        kernel = None
    else:
        letters, kernel = peaks.add_peaks_kernel(pool, cnf, n, misere=target.misere)
        grundy = None
    cnf.add_clause([_target_lit(circ, target, kernel, grundy, (0, n))])
    return Instance(cnf, letters, lambda m: peaks.decode_word(m, letters))


def build_graph(shape: graphs.GraphShape, target: Target, rule: str, distances: str) -> Instance:
    """The instance "an orientation of this shape with this target" (Timber, Phyminoes)."""
    pool, cnf = IDPool(), ClauseBuffer()
    circ = Circuit(pool, cnf)
    if target.nim is not None:
        lits, grundy, root = graphs.add_graph_grundy(pool, cnf, shape, rule, distances)
        kernel = None
    else:
        lits, kernel, root = graphs.add_graph_kernel(
            pool, cnf, shape, target.misere, rule, distances
        )
        grundy = None
    cnf.add_clause([_target_lit(circ, target, kernel, grundy, root)])
    return Instance(cnf, lits, lambda m: graphs.decode_orientation(m, shape, lits))


# -- solving ---------------------------------------------------------------------------------
def enumerate_positions(inst: Instance, limit: int | None) -> list[str]:
    """Positions of the instance, by blocking clauses on the colours (``limit``: at most
    that many, or raise if there are more)."""
    out: list[str] = []
    with Solver(name="cadical195", bootstrap_with=inst.cnf) as s:
        while s.solve():
            model = set(s.get_model())
            out.append(inst.decode(model))
            if limit is not None and len(out) >= limit:
                break
            s.add_clause([-x if x in model else x for x in inst.colours])
    return out


def _enumerate_all(inst: Instance) -> list[str]:
    found = enumerate_positions(inst, ALL_LIMIT + 1)
    if len(found) > ALL_LIMIT:
        raise CgsatInputError(
            f"find: more than {ALL_LIMIT} positions match; use --count, or a smaller shape"
        )
    return found


def count_positions(inst: Instance) -> tuple[int, str]:
    """The exact number of colourings satisfying the instance, and the method used.

    Every auxiliary variable is a function of the colours, so the count projected onto
    the colours is the number of positions. Uses pyganak if installed.
    """
    with Solver(name="cadical195", bootstrap_with=inst.cnf) as s:
        if not s.solve():
            return 0, "sat"
    if not inst.colours:
        return 1, "sat"
    try:
        import pyganak
    except ImportError:
        return len(_enumerate_all(inst)), "enumeration"
    counter = pyganak.Counter()
    counter.new_vars(inst.cnf.nv)
    for c in inst.cnf:
        counter.add_clause(c)
    counter.set_sampling_set(inst.colours)
    return _quietly(counter.count), "pyganak"


def _quietly(fn: Callable[[], int]) -> int:
    """Call ``fn`` with the process's stdout pointed at /dev/null (Ganak prints comments)."""
    import os
    import sys

    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 1)
            try:
                return int(fn())
            finally:
                os.dup2(saved, 1)
    finally:
        os.close(saved)


# -- replay ----------------------------------------------------------------------------------
class Disagreement(Exception):
    """The direct solver disagrees with a SAT answer: a bug."""


def replay(ruleset: Any, positions: list[str], target: Target) -> None:
    """Check every position with the direct solver; raise :class:`Disagreement` if not."""
    from cgsat.cgt.impartial import solver_for

    solver = solver_for(ruleset)
    for text in positions:
        pos = ruleset.parse(text)
        if target.nim is not None:
            ok = solver.nim_value(pos) == target.nim
        else:
            ok = solver.outcome(pos, misere=target.misere) == target.outcome
        if not ok:
            raise Disagreement(
                f"{ruleset.name} {text}: the SAT search found it for {target.describe()}, "
                "but the direct solver disagrees"
            )


# -- the command -----------------------------------------------------------------------------
def _instances(args: argparse.Namespace, target: Target) -> tuple[Any, list, dict[str, Any]]:
    from cgsat.games import get_ruleset

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
        builders = [(lambda n=n: build_path(n, target)) for n in lengths]
        return ruleset, builders, query
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
        rule = name
        builders = [lambda: build_graph(shape, target, rule, distances)]
        return ruleset, builders, query
    raise CgsatInputError(f"find_impartial does not handle the {name} ruleset")


def run(args: argparse.Namespace) -> int:
    """Run ``cgsat find`` for timber, timber-path or phyminoes; returns the exit code."""
    target = parse_target(args)
    ruleset, builders, query = _instances(args, target)
    query.update(target.describe())
    mode = "count" if args.count else "all" if args.all else "one"
    query["mode"] = mode
    positions: list[str] = []
    total = 0
    methods = set()
    try:
        for build in builders:
            inst = build()
            if mode == "count":
                c, how = count_positions(inst)
                total += c
                methods.add(how)
                # small counts are re-counted by enumeration and every position replayed;
                # large ones replay the first position found
                listed = enumerate_positions(inst, REPLAY_ALL_UP_TO + 1 if c <= REPLAY_ALL_UP_TO
                                             else 1)
                if c <= REPLAY_ALL_UP_TO and len(listed) != c:
                    raise Disagreement(f"{how} counted {c} positions, enumeration {len(listed)}")
                replay(ruleset, listed, target)
            elif mode == "all":
                found = _enumerate_all(inst)
                replay(ruleset, found, target)
                positions.extend(found)
                if len(positions) > ALL_LIMIT:
                    raise CgsatInputError(
                        f"find: more than {ALL_LIMIT} positions match; use --count"
                    )
            else:
                found = enumerate_positions(inst, 1)
                replay(ruleset, found, target)
                positions.extend(found)
                if positions:
                    break
    except Disagreement as exc:
        import sys

        sys.stderr.write(f"cgsat: BUG: {exc}\n")
        return EXIT_DISAGREE
    out_name = ruleset.name.split("[")[0]
    if mode == "count":
        if args.json:
            print(json.dumps({"ruleset": out_name, "query": query, "count": total}))
        else:
            print(f"{total} position{'s' if total != 1 else ''} "
                  f"(counted by {', '.join(sorted(methods))})")
        return 0
    printed = [ruleset.format(ruleset.parse(p)) for p in positions]
    if mode == "all":
        printed.sort(key=lambda p: (len(p), p))
    if args.json:
        print(json.dumps({"ruleset": out_name, "query": query, "positions": printed}))
    elif not printed:
        print("no position of this shape matches")
    else:
        for p in printed:
            print(p)
    return 0
