"""``cgsat.find``: search a shape for positions with a given value (``cgsat find``)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cgsat.api._find_split import combine, map_tasks
from cgsat.api._inputs import controls_count, whole_number
from cgsat.errors import CgsatInputError
from cgsat.games import RULESET_NAMES, get_ruleset


@dataclass(frozen=True)
class FindResult:
    """What :func:`find` returns (the object of ``cgsat find --json``).

    Attributes
    ----------
    ruleset : str
        The ruleset searched.
    query : dict
        The search as cgsat read it: the shape (``length``, ``max_length``, ``shape`` or
        ``height``), the target (``value``, ``outcome``, ``misere``, ...) and ``mode``.
    positions : tuple of str or None
        The positions found (at most one with ``mode="one"``), each replayed by the direct
        solver; None with ``mode="count"``.
    count : int or None
        How many positions match (``mode="count"``), else None.
    controls : dict
        ``{"passed": P, "total": T}``: the controls the search's SAT instances answered
        (sample positions checked against the direct solver, and a toggled control when a
        search found nothing).
    counted_by : tuple of str
        The counting methods used (impartial rulesets with ``mode="count"``; not in the
        JSON).
    """

    ruleset: str
    query: dict[str, Any]
    positions: tuple[str, ...] | None = None
    count: int | None = None
    controls: dict[str, int] = field(default_factory=lambda: {"passed": 0, "total": 0})
    counted_by: tuple[str, ...] = field(default=(), compare=False)

    def to_json(self) -> dict[str, Any]:
        """``{"ruleset", "query", "positions": [...], "controls"}``, or with ``mode="count"``
        ``{"ruleset", "query", "count", "controls"}``, as ``cgsat find --json`` prints."""
        out: dict[str, Any] = {"ruleset": self.ruleset, "query": self.query}
        if self.count is not None:
            out["count"] = self.count
        else:
            out["positions"] = list(self.positions or ())
        out["controls"] = self.controls
        return out


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


def _nim_value(text: str) -> int | None:
    """``0``, ``*``, ``*k`` as a nim-value, else None.

    Examples
    --------
    >>> _nim_value("*2"), _nim_value("0"), _nim_value("*"), _nim_value("1/2")
    (2, 0, 1, None)
    """
    t = text.strip()
    if t in ("0", "*0"):
        return 0
    if t == "*":
        return 1
    if t.startswith("*") and t[1:].isdigit():
        return int(t[1:])
    return None


def _controlled(name: str, query: dict[str, Any], n_controls: int,
                search: Callable[[Any], Any]) -> tuple[Any, dict[str, int]]:
    """``search(controls)`` with the controls of one query, seeded by the query (a rerun
    draws the same samples); a failed control raises ControlFailed naming the query."""
    from cgsat.search import ControlFailed, Controls  # start-up time of cgsat value

    controls = Controls(n_controls, seed=f"find:{name}:{json.dumps(query, sort_keys=True)}")
    try:
        return search(controls), controls.tally
    except ControlFailed as exc:
        raise ControlFailed(f"{name} {query}: {exc}") from None


def _find_impartial(name: str, query: dict[str, Any], value: str | None, outcome: str | None,
                    misere: bool, alphabet: str | None, distances: str | None,
                    mode: str, n_controls: int, spread: dict[str, Any]) -> FindResult:
    """Timber, Toppling Peaks (``timber-path``) and Phyminoes: every colouring of a shape."""
    from cgsat.encodings.timber_graphs import graph_shape  # start-up time of cgsat value
    from cgsat.search import impartial as search  # start-up time of cgsat value
    from cgsat.search import limits  # start-up time of cgsat value
    from cgsat.search.impartial import Target  # start-up time of cgsat value

    if value is not None:
        k = _nim_value(value)
        if k is None:
            raise CgsatInputError(f"--value {value!r} is not a nim-value; impartial rulesets "
                                  "take 0, *, *2, *3, ...")
        if misere and k != 0:
            raise CgsatInputError(
                f"--value {value} with --misere: misère play has no nim-values here; "
                "use --value 0 (or --outcome P|N) with --misere")
        target = Target("P", None, misere) if k == 0 else Target(None, k, False)
    elif outcome not in ("P", "N"):
        raise CgsatInputError(f"--outcome {outcome}: impartial rulesets have outcomes P and "
                              "N only")
    else:
        target = Target(outcome, None, misere)
    if distances is not None and name != "phyminoes":
        raise CgsatInputError("--distances applies to the phyminoes ruleset only")
    if alphabet not in (None, "LR"):
        raise CgsatInputError(f"--alphabet {alphabet} applies to toppling only")
    if name == "timber-path":
        if "shape" in query or "height" in query:
            raise CgsatInputError("timber-path takes --length N or --max-length N")
        if "length" in query:
            limits.at_most("--length", query["length"], limits.MAX_PATH_LENGTH)
        else:
            limits.at_most("--max-length", query["max_length"], limits.MAX_PATH_MAX_LENGTH)
        lengths = ([query["length"]] if "length" in query
                   else list(range(1, query["max_length"] + 1)))
        if mode in ("count", "all"):
            limits.at_most(f"the length (with --{mode})", max(lengths, default=0),
                           limits.MAX_COUNT_SIZE)
        ruleset = get_ruleset("timber-path")
        instances: Any = (search.build_path(n, target) for n in lengths)  # built lazily
    else:
        if "shape" not in query:
            raise CgsatInputError(f"{name} takes --shape EDGES, e.g. --shape \"0-1 1-2 1-3\"")
        shape = graph_shape(_shape_edges(query["shape"]))
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
    if name == "timber-path":
        split = _split(name, query, lengths, {
            "ruleset": name, "value": value, "outcome": outcome, "misere": misere,
            "mode": mode, "controls": n_controls}, spread)
        if split is not None:
            return split
    how = {"count": search.count_matching, "all": search.all_positions,
           "one": search.first_position}[mode]
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


def _cordon_by_automaton(height: int, value: str | None, misere: bool,
                         mode: str, n_controls: int) -> FindResult | None:
    """``--count`` of a nim-value from its proved automaton (issue 25): every nim-value
    from *2 at any height, and 0, * above the SAT route's height limit; None otherwise."""
    from cgsat.search import green_cordon_automata as by_auto  # start-up time
    from cgsat.search import limits  # start-up time of cgsat value

    if mode != "count" or value is None or misere:
        return None
    nim = _nim_value(value)
    if nim is None or (nim < 2 and height <= limits.MAX_HEIGHT):
        return None
    query = {"height": height, "mode": mode, "misere": misere, "value": value}
    (number, how), tally = _controlled("green-cordon", query, n_controls,
                                       lambda c: by_auto.count(height, nim, c))
    query["counted_by"] = how
    return FindResult("green-cordon", query, count=number, controls=tally, counted_by=(how,))


def _find_cordon(query: dict[str, Any], value: str | None, outcome: str | None,
                 misere: bool, alphabet: str | None, distances: str | None,
                 mode: str, n_controls: int) -> FindResult:
    """Green cordons of one height (*Thinning Thickets*, Theorems 3.2-3.5)."""
    from cgsat.search import Disagreement, limits  # start-up time of cgsat value
    from cgsat.search.green_cordon import search  # start-up time of cgsat value

    if "height" not in query:
        raise CgsatInputError("green-cordon takes --height N")
    by_automaton = _cordon_by_automaton(query["height"], value, misere, mode, n_controls)
    if by_automaton is not None:
        return by_automaton
    limits.at_most("green-cordon: --height", query["height"], limits.MAX_HEIGHT)
    if alphabet is not None:
        raise CgsatInputError("--alphabet applies to toppling only")
    if distances is not None:
        raise CgsatInputError("--distances applies to the phyminoes ruleset only")
    nim = None
    if value is not None:
        nim = _nim_value(value)
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
    result, tally = _controlled(
        "green-cordon", query, n_controls,
        lambda c: search(query["height"], nim, outcome if nim is None else None, misere, mode,
                         c))
    if result.disagreement is not None:
        raise Disagreement(f"green-cordon {result.disagreement}: SAT found it for {query}, "
                           "but exhaustive play disagrees", result.disagreement)
    if mode == "count":
        return FindResult("green-cordon", query, count=result.count, controls=tally)
    return FindResult("green-cordon", query, positions=tuple(result.positions),
                      controls=tally)


def _find_toppling(query: dict[str, Any], value: str | None, outcome: str | None,
                   misere: bool, alphabet: str | None, distances: str | None,
                   mode: str, n_controls: int, spread: dict[str, Any]) -> FindResult:
    """Toppling Dominoes rows (*Toppling Conjectures*)."""
    from cgsat.api._deadline import VALUE_SECONDS, deadline  # start-up time
    from cgsat.cgt.notation import parse as parse_game  # start-up time of cgsat value
    from cgsat.search import Disagreement, limits  # start-up time of cgsat value
    from cgsat.search.toppling import search_rows  # start-up time of cgsat value

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
        with deadline(VALUE_SECONDS,
                      f"--value {value.strip()[:40]}: its canonical form takes more than "
                      f"{VALUE_SECONDS:g} s to build here, far more than any row a "
                      "search can reach (see docs/reference.md, Size limits)"):
            game = parse_game(value)
        limits.check_toppling_value(max(lengths), game)
        query["value"] = str(game)
    else:
        query["outcome"] = outcome
    query["mode"] = mode
    # a row shorter than the value's birthday cannot have it: no task for those lengths
    reachable = [n for n in lengths if game is None or n >= game.birthday()]
    split = _split("toppling", query, reachable, {
        "ruleset": "toppling", "value": query.get("value"), "outcome": outcome,
        "alphabet": alphabet, "mode": mode, "controls": n_controls}, spread)
    if split is not None:
        return split
    try:
        found, tally = _controlled(
            "toppling", query, n_controls,
            lambda c: search_rows(lengths, game, outcome, alphabet, mode, c))
    except Disagreement as exc:
        raise Disagreement(f"toppling {exc.position}: the SAT search found it for {query}, "
                           "but the direct solver disagrees", exc.position) from None
    if mode == "count":
        return FindResult("toppling", query, count=len(found), controls=tally)
    rows = sorted((row or "()" for row in found), key=lambda p: (len(p), p))
    return FindResult("toppling", query, positions=tuple(rows), controls=tally)


def find(
    ruleset: str,
    *,
    length: int | None = None,
    max_length: int | None = None,
    shape: str | None = None,
    height: int | None = None,
    value: str | int | None = None,
    outcome: str | None = None,
    misere: bool = False,
    alphabet: str | None = None,
    distances: str | None = None,
    mode: str = "one",
    controls: int = 16,
    jobs: int = 1,
    executor: str = "local",
    scheduler: str | None = None,
) -> FindResult:
    """Search a whole shape by SAT for positions with a given value or outcome.

    One SAT instance covers every position of the shape (its colours are variables); every
    position returned has been replayed by the direct solver. As ``cgsat find``.

    Parameters
    ----------
    ruleset : {"timber-path", "timber", "phyminoes", "green-cordon", "toppling"}
    length, max_length : int, optional
        ``timber-path`` and ``toppling``: words or rows of exactly ``length`` letters, or of
        every length 1..``max_length``.
    shape : str, optional
        ``timber`` and ``phyminoes``: the undirected edges ``u-v`` of a graph, separated by
        spaces or commas; every orientation is searched.
    height : int, optional
        ``green-cordon``: the height of the cordons.
    value : str, optional
        The value to match: a nim-value ``"0"``, ``"*"``, ``"*k"`` for impartial rulesets,
        a game in CGSuite notation for ``toppling`` (``"{{1|0}|0}"``, ``"^*"``). Give
        ``value`` or ``outcome``.
    outcome : {"P", "N", "L", "R"}, optional
        The outcome class to match (``P``/``N`` for impartial rulesets).
    misere : bool, default False
        Misère play (impartial rulesets; with ``outcome`` or ``value="0"``).
    alphabet : {"LRE", "LR"}, optional
        ``toppling``: the dominoes allowed (default ``LRE``).
    distances : {"minus-edge", "graph"}, optional
        ``phyminoes``: how distances are measured (default ``minus-edge``).
    mode : {"one", "all", "count"}, default "one"
        At most one position, every position (raw: a position and its reversal are both
        listed), or their number.
    controls : int, default 16
        Sample controls per SAT instance: positions of the size searched whose answers
        must equal the direct solver's (0: none; the toggled control of a search that found
        nothing still runs).
    jobs : int, default 1
        With ``max_length``: search the lengths in this many processes at once, one task
        per length (1: in this process, in turn).
    executor : {"local", "dask"}, default "local"
        ``"dask"``: with ``max_length``, one task per length on the Dask cluster at
        ``scheduler`` (``pip install "cgsat[dask]"``). Each task is a whole search of one
        length, with its own controls and replay; the answers are gathered as one.
    scheduler : str, optional
        The Dask scheduler's address, e.g. ``"tcp://host:8786"``.

    Returns
    -------
    FindResult

    Raises
    ------
    CgsatInputError
        For bad input: an unsupported ruleset, a shape option that does not apply, a
        malformed value, or more than 100,000 positions with ``mode="all"``.
    cgsat.search.Disagreement
        When the direct solver disagrees with a position SAT found (a bug in cgsat).
    cgsat.search.ControlFailed
        When a control of a SAT instance fails (a bug in cgsat: the instance cannot be
        trusted to say "none found").

    Examples
    --------
    >>> find("toppling", max_length=9, value="{{1|0}|0}", mode="all").positions
    ('RLLLR',)
    >>> find("timber-path", length=6, value=0, mode="count").count
    5
    >>> find("green-cordon", height=5, outcome="P", mode="all").positions
    ('5:2', '5:4', '5:2,3,4')
    >>> find("lumberjack", length=3, value=0)
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: find does not support the lumberjack ruleset
    """
    if ruleset not in ("timber", "timber-path", "phyminoes", "green-cordon", "toppling"):
        if ruleset in RULESET_NAMES:
            raise CgsatInputError(f"find does not support the {ruleset} ruleset")
        raise CgsatInputError(
            f"unknown ruleset {ruleset!r}; expected one of: {', '.join(RULESET_NAMES)}")
    given = {k: x for k, x in (("length", length), ("max_length", max_length),
                               ("shape", shape), ("height", height)) if x is not None}
    if len(given) != 1:
        raise CgsatInputError("give exactly one of length, max_length, shape, height")
    for k, x in given.items():
        if k == "shape":
            if not isinstance(x, str):
                raise CgsatInputError(f"--shape: expected edges such as '0-1 1-2', got {x!r}")
        else:
            whole_number("--" + k.replace("_", "-"), x, 1 if k == "max_length" else 0)
    if (value is None) == (outcome is None):
        raise CgsatInputError("give value or outcome (one of them)")
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if value is not None and not isinstance(value, str):
        raise CgsatInputError(f"--value: expected a value such as '*2' or '{{1|0}}', "
                              f"got {value!r}")
    if outcome is not None and outcome not in ("P", "N", "L", "R"):
        raise CgsatInputError(f"--outcome: expected one of P, N, L, R, got {outcome!r}")
    if alphabet not in (None, "LR", "LRE"):
        raise CgsatInputError(f"--alphabet: expected 'LR' or 'LRE', got {alphabet!r}")
    if distances not in (None, "minus-edge", "graph"):
        raise CgsatInputError(f"--distances: expected 'minus-edge' or 'graph', got "
                              f"{distances!r}")
    if mode not in ("one", "all", "count"):
        raise CgsatInputError(f"mode: expected 'one', 'all' or 'count', got {mode!r}")
    controls_count("--controls", controls)
    whole_number("--jobs", jobs, 1)
    if executor not in ("local", "dask"):
        raise CgsatInputError(f"--executor: expected local or dask, got {executor!r}")
    if (executor == "dask") != bool(scheduler):
        raise CgsatInputError("--executor dask and --scheduler ADDRESS go together")
    if executor == "dask" and jobs != 1:
        raise CgsatInputError("--jobs belongs to the local executor; on Dask the number of "
                              "searches at once is the number of worker threads")
    misere = bool(misere)
    spread = {"jobs": jobs, "executor": executor, "scheduler": scheduler}
    if ruleset == "green-cordon":
        return _find_cordon(given, value, outcome, misere, alphabet, distances, mode, controls)
    if ruleset == "toppling":
        return _find_toppling(given, value, outcome, misere, alphabet, distances, mode,
                              controls, spread)
    return _find_impartial(ruleset, given, value, outcome, misere, alphabet, distances, mode,
                           controls, spread)


def _find_one_length(call: dict[str, Any]) -> FindResult:
    """One task of a search split by length (module level: it is pickled to workers)."""
    return find(**call)


def _split(name: str, query: dict[str, Any], lengths: list[int], call: dict[str, Any],
           spread: dict[str, Any]) -> FindResult | None:
    """The search of every length as one task per length, when ``spread`` asks for more
    than one process or for Dask; None when the search is to run here, in turn."""
    if len(lengths) < 2 or (spread["jobs"] <= 1 and spread["executor"] == "local"):
        return None
    calls = [dict(call, length=n) for n in lengths]
    parts = map_tasks(_find_one_length, calls, **spread)
    return combine(name, query, parts, query["mode"], FindResult)
