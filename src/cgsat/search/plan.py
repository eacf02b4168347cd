"""How a ``cgsat find`` query is read and run (:func:`plan`, :func:`run_query`).

:func:`plan` checks what depends on the ruleset (the shape options that apply, the value,
the size limits of :mod:`cgsat.search.limits`) and says how to run the query: here, in turn
(:attr:`Plan.search`), or one task per length (:attr:`Plan.lengths`; ``--max-length`` of
``timber-path`` and ``toppling``). A task is :func:`run_query` of the query at one length
(:meth:`~cgsat.search.query.FindQuery.at_length`), which an executor runs in another
process (:func:`cgsat.engine.executors.base.map_calls`): a complete search of that length,
with its own controls and its own replay of every position by the direct solver;
:func:`cgsat.search.query.combine` only gathers the answers.

The controls of a query are seeded by the query as read (its ruleset and ``query`` dict),
so a rerun, and a task of one length, draws the samples a search of that length alone
draws.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cgsat.cgt.notation import MAX_NIMBER
from cgsat.cgt.notation import parse as parse_game
from cgsat.encodings.timber_graphs import graph_shape
from cgsat.errors import CgsatInputError
from cgsat.games import get_ruleset
from cgsat.search import ControlFailed, Disagreement, limits
from cgsat.search import impartial as search
from cgsat.search import tree_counts as by_trees
from cgsat.search.controls import Controls
from cgsat.search.green_cordon import search as search_cordons
from cgsat.search.impartial import Target
from cgsat.search.query import FindQuery, FindResult
from cgsat.search.toppling import search_rows

__all__ = ["nim_value", "Plan", "VALUE_SECONDS", "build_value", "plan", "run_query"]


@dataclass(frozen=True)
class Plan:
    """How to run a query: its ``query`` as read (the ``query`` of the answer), the
    ``lengths`` a split hands out one task each (empty: the query is one task), and the
    ``search`` that runs it here, in turn."""

    query: dict[str, Any]
    lengths: list[int]
    search: Callable[[], FindResult]


_LABEL = re.compile(r"^[A-Za-z0-9_]+$")


def _shape_edges(text: str) -> list[tuple[str, str]]:
    """The edges of ``shape``: ``u-v`` separated by spaces or commas.

    Examples
    --------
    >>> _shape_edges("0-1 1-2, 01-3")
    [('0', '1'), ('1', '2'), ('1', '3')]
    >>> _shape_edges("0-1 1>2")
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
    return edges


VALUE_SECONDS = 10.0
"""How long building a toppling ``--value`` from its text may take (the command then still
has to answer within the 20 s that bad input may take)."""


def build_value(text: str, seconds: float) -> Any:
    """The canonical form of ``text`` (:func:`cgsat.cgt.notation.parse`), or
    :class:`CgsatInputError` if building it takes more than ``seconds``.

    The parser's limits bound the text, not the work of canonicalizing it: ``v*461`` is
    five characters and takes minutes. So the value is first built in a forked child
    process, which is killed at the deadline; only when it finished in time is it built
    here (again: an interned game cannot travel between processes, and the second build
    takes no longer than the first). Nothing here is interrupted, so no signal can fire in
    unrelated code (the SIGALRM clock this replaces could raise inside a garbage-collector
    callback, or in a notebook's other code). Without ``os.fork`` the value is built here,
    without a clock.

    Examples
    --------
    >>> str(build_value("{1|0}", 10))
    '{1|0}'
    >>> try:
    ...     build_value("v*461", 0.5)
    ... except CgsatInputError as exc:
    ...     print(str(exc)[:60])
    --value v*461: its canonical form takes more than 0.5 s to b
    """
    if hasattr(os, "fork"):
        pid = os.fork()
        if pid == 0:  # the child: build, then leave at once, whatever happened
            try:
                parse_game(text)
            finally:
                os._exit(0)
        deadline = time.monotonic() + seconds
        try:
            while not os.waitpid(pid, os.WNOHANG)[0]:
                if time.monotonic() > deadline:
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
                    raise CgsatInputError(
                        f"--value {text.strip()[:40]}: its canonical form takes more than "
                        f"{seconds:g} s to build here, far more than any row a search can "
                        "reach (see docs/reference.md, Size limits)")
                time.sleep(0.005)
        except BaseException:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            raise
    return parse_game(text)


def nim_value(text: str) -> int | None:
    """``0``, ``*``, ``*k`` as a nim-value, else None.

    Examples
    --------
    >>> nim_value("*2"), nim_value("0"), nim_value("*"), nim_value("1/2")
    (2, 0, 1, None)
    """
    t = text.strip()
    if t in ("0", "*0"):
        return 0
    if t == "*":
        return 1
    if t.startswith("*") and t[1:].isascii() and t[1:].isdigit():
        nim = int(t[1:])
        if nim > MAX_NIMBER:
            raise CgsatInputError(f"--value {t}: nimber above *{MAX_NIMBER} (as in every "
                                  "value cgsat reads)")
        return nim
    return None


def _controlled(name: str, query: dict[str, Any], n_controls: int,
                search: Callable[[Any], Any]) -> tuple[Any, dict[str, int]]:
    """``search(controls)`` with the controls of one query, seeded by the query (a rerun
    draws the same samples); a failed control raises ControlFailed naming the query."""
    controls = Controls(n_controls, seed=f"find:{name}:{json.dumps(query, sort_keys=True)}")
    try:
        return search(controls), controls.tally
    except ControlFailed as exc:
        raise ControlFailed(f"{name} {query}: {exc}") from None


def _impartial_target(value: str | None, outcome: str | None, misere: bool) -> Target:
    """The target of an impartial search: ``--value`` (a nim-value) or ``--outcome``."""
    if value is not None:
        k = nim_value(value)
        if k is None:
            raise CgsatInputError(f"--value {value!r} is not a nim-value; impartial rulesets "
                                  "take 0, *, *2, *3, ...")
        if misere and k != 0:
            raise CgsatInputError(
                f"--value {value} with --misere: misère play has no nim-values here; "
                "use --value 0 (or --outcome P|N) with --misere")
        return Target("P", None, misere) if k == 0 else Target(None, k, False)
    if outcome not in ("P", "N"):
        raise CgsatInputError(f"--outcome {outcome}: impartial rulesets have outcomes P and "
                              "N only")
    return Target(outcome, None, misere)


def _impartial(q: FindQuery) -> Plan:
    """Timber, Toppling Peaks (``timber-path``) and Phyminoes: every colouring of a shape."""
    name = q.ruleset
    lengths: list[int] = []  # timber-path: the lengths searched
    query = q.given()
    value, outcome, misere, mode = q.value, q.outcome, q.misere, q.mode
    alphabet, distances, n_controls = q.alphabet, q.distances, q.controls

    target = _impartial_target(value, outcome, misere)
    if distances is not None and name != "phyminoes":
        raise CgsatInputError("--distances applies to the phyminoes ruleset only")
    if alphabet not in (None, "LR"):
        raise CgsatInputError(f"--alphabet {alphabet} applies to toppling only")
    if name == "timber-path":
        if "shape" in query or "height" in query:
            raise CgsatInputError("timber-path takes --length N or --max-length N")
        lengths = ([query["length"]] if "length" in query
                   else list(range(1, query["max_length"] + 1)))
        if "length" in query:
            limits.at_most("--length", query["length"], limits.MAX_PATH_LENGTH)
        else:
            limits.at_most("--max-length", query["max_length"], limits.MAX_PATH_MAX_LENGTH)
        if mode in ("count", "all"):
            limits.at_most(f"the length (with --{mode})", max(lengths, default=0),
                           limits.MAX_COUNT_SIZE)
        ruleset = get_ruleset("timber-path")
        instances: Any = (search.build_path(n, target) for n in lengths)  # built lazily
    else:
        if "shape" not in query:
            raise CgsatInputError(f"{name} takes --shape EDGES, e.g. --shape \"0-1 1-2 1-3\"")
        shape = graph_shape(_shape_edges(query["shape"]))
        tree = (by_trees.tree_of(shape.edges)
                if by_trees.applies(name, target.outcome, misere, mode) else None)
        if tree is not None:
            limits.at_most("--shape (a tree counted by the tree programme, in edges)",
                           len(shape.edges), limits.MAX_TREE_EDGES)
            return _tree_by_programme(q, shape.edges, tree, target)
        if mode in ("count", "all"):
            limits.at_most(f"--shape (with --{mode}, in edges)", len(shape.edges),
                           limits.MAX_COUNT_SIZE)
        query["shape"] = " ".join(f"{u}-{v}" for u, v in shape.edges)
        if name == "phyminoes":
            query["distances"] = distances = distances or "minus-edge"
            ruleset = get_ruleset("phyminoes", distances=distances)
        else:
            distances, ruleset = "minus-edge", get_ruleset("timber")
        instances = [search.build_graph(shape, target, name, distances)]
    query.update(target.describe())
    query["mode"] = mode
    how = {"count": search.count_matching, "all": search.all_positions,
           "one": search.first_position}[mode]

    def here() -> FindResult:
        found, tally = _controlled(ruleset.name, query, n_controls,
                                   lambda c: how(ruleset, instances, target, c))
        if mode == "count":
            total, methods = found
            return FindResult(name, query, count=total, controls=tally,
                              counted_by=tuple(sorted(methods)))
        printed = [ruleset.format(ruleset.parse(p)) for p in found]
        if mode == "all":
            printed.sort(key=lambda p: (len(p), p))
        return FindResult(name, query, positions=tuple(printed), controls=tally)

    return Plan(query, lengths, here)


def _tree_by_programme(q: FindQuery, edges: Any, tree: Any, target: Target) -> Plan:
    """``find timber --shape TREE --count`` of P- or N-positions by the tree programme, at
    any number of edges, with its controls against enumeration
    (:mod:`cgsat.search.tree_counts`)."""
    query: dict[str, Any] = {"shape": " ".join(f"{u}-{v}" for u, v in edges)}
    query.update(target.describe())
    query["mode"] = q.mode
    query["route"] = by_trees.ROUTE
    query["counted_by"] = by_trees.COUNTED_BY
    outcome = str(target.outcome)

    def here() -> FindResult:
        seed = f"find:timber:{json.dumps(query, sort_keys=True)}"
        number, tally = by_trees.controlled_count(tree, outcome, q.controls, seed)
        return FindResult("timber", query, count=number, controls=tally,
                          counted_by=("the tree programme",))

    return Plan(query, [], here)


def _cordon_by_automaton(height: int, value: str | None, misere: bool,
                         mode: str, n_controls: int) -> FindResult | None:
    """``--count`` of a nim-value from its proved automaton (issues 25, 35): every nim-value
    with a stored automaton (0 and * included), at every height; None otherwise."""
    from cgsat.search import green_cordon_automata as by_auto  # start-up time

    if mode != "count" or value is None or misere:
        return None
    nim = nim_value(value)
    if nim is None or nim > by_auto.LARGEST:
        return None
    query: dict[str, Any] = {"height": height, "mode": mode, "misere": misere,
                             "value": value}
    (number, how), tally = _controlled("green-cordon", query, n_controls,
                                       lambda c: by_auto.count(height, nim, c))
    query["counted_by"] = how
    query["proof"] = "proved now"
    return FindResult("green-cordon", query, count=number, controls=tally,
                      counted_by=(how, "proved now"))


def _cordon(q: FindQuery) -> Plan:
    """Green cordons of one height (*Thinning Thickets*, Theorems 3.2-3.5)."""
    query = q.given()
    value, outcome, misere, mode = q.value, q.outcome, q.misere, q.mode
    alphabet, distances, n_controls = q.alphabet, q.distances, q.controls

    if "height" not in query:
        raise CgsatInputError("green-cordon takes --height N")
    by_automaton = _cordon_by_automaton(query["height"], value, misere, mode, n_controls)
    if by_automaton is not None:
        return Plan(by_automaton.query, [], lambda: by_automaton)
    limits.at_most("green-cordon: --height", query["height"], limits.MAX_HEIGHT)
    if alphabet is not None:
        raise CgsatInputError("--alphabet applies to toppling only")
    if distances is not None:
        raise CgsatInputError("--distances applies to the phyminoes ruleset only")
    nim = None
    if value is not None:
        nim = nim_value(value)
        if nim is None:
            raise CgsatInputError(
                f"green-cordon: --value {value!r} is not a nim-value (0, *, *2, ...)")
        if misere:
            raise CgsatInputError(
                "--misere selects by --outcome P|N (nim-values are normal play)")
    elif outcome not in ("P", "N"):
        raise CgsatInputError("green-cordon is impartial: --outcome takes P or N")
    query = {"height": query["height"], "mode": mode, "misere": misere}
    query.update({"value": value} if value is not None else {"outcome": outcome})

    def here() -> FindResult:
        result, tally = _controlled(
            "green-cordon", query, n_controls,
            lambda c: search_cordons(query["height"], nim, outcome if nim is None else None,
                                     misere, mode, c))
        if result.disagreement is not None:
            raise Disagreement(f"green-cordon {result.disagreement}: SAT found it for "
                               f"{query}, but exhaustive play disagrees", result.disagreement)
        if mode == "count":
            return FindResult("green-cordon", query, count=result.count, controls=tally)
        return FindResult("green-cordon", query, positions=tuple(result.positions),
                          controls=tally)

    return Plan(query, [], here)


def _toppling(q: FindQuery) -> Plan:
    """Toppling Dominoes rows (*Toppling Conjectures*)."""
    query = q.given()
    value, outcome, misere, mode = q.value, q.outcome, q.misere, q.mode
    alphabet, distances, n_controls = q.alphabet, q.distances, q.controls

    if "shape" in query or "height" in query:
        raise CgsatInputError("toppling takes --length N or --max-length N")
    if misere:
        raise CgsatInputError("--misere applies to impartial rulesets only")
    if distances is not None:
        raise CgsatInputError("--distances applies to the phyminoes ruleset only")
    if "length" in query:
        limits.at_most("toppling: --length", query["length"], limits.MAX_LENGTH)
    else:
        limits.at_most("toppling: --max-length", query["max_length"], limits.MAX_MAX_LENGTH)
    lengths = ([query["length"]] if "length" in query
               else list(range(1, query["max_length"] + 1)))
    query["alphabet"] = alphabet = alphabet or "LRE"
    game = None
    if value is not None:
        game = build_value(value, VALUE_SECONDS)
        limits.check_toppling_value(max(lengths), game)
        query["value"] = str(game)
    else:
        query["outcome"] = outcome
    query["mode"] = mode
    # a row shorter than the value's birthday cannot have it: no task for those lengths
    reachable = [n for n in lengths if game is None or n >= game.birthday()]

    def here() -> FindResult:
        try:
            found, tally = _controlled(
                "toppling", query, n_controls,
                lambda c: search_rows(lengths, game, outcome, alphabet, mode, c))
        except Disagreement as exc:
            raise Disagreement(f"toppling {exc.position}: the SAT search found it for "
                               f"{query}, but the direct solver disagrees",
                               exc.position) from None
        if mode == "count":
            return FindResult("toppling", query, count=len(found), controls=tally)
        rows = sorted((row or "()" for row in found), key=lambda p: (len(p), p))
        return FindResult("toppling", query, positions=tuple(rows), controls=tally)

    return Plan(query, reachable, here)


def plan(q: FindQuery) -> Plan:
    """Read ``q`` for its ruleset: bad input raises :class:`CgsatInputError` before anything
    is built.

    Examples
    --------
    >>> p = plan(FindQuery("toppling", max_length=9, value="{{1|0}|0}", mode="all"))
    >>> p.query
    {'max_length': 9, 'alphabet': 'LRE', 'value': '{1|0||0}', 'mode': 'all'}
    >>> p.lengths
    [3, 4, 5, 6, 7, 8, 9]
    >>> p.search().positions
    ('RLLLR',)
    """
    if q.ruleset == "green-cordon":
        return _cordon(q)
    if q.ruleset == "toppling":
        return _toppling(q)
    return _impartial(q)


def run_query(q: FindQuery) -> FindResult:
    """The answer to ``q``, searched here, in turn (a task of a split, in a worker).

    Examples
    --------
    >>> run_query(FindQuery("timber-path", length=6, value="0", mode="count")).count
    5
    """
    return plan(q).search()


