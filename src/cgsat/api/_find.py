"""``cgsat.find``: search a shape for positions with a given value (``cgsat find``).

:func:`find` checks what a user gives, makes a :class:`~cgsat.search.query.FindQuery` and
hands it to the search (:mod:`cgsat.search.plan`): run here, or, for ``--max-length`` with
``--jobs J`` or ``--executor dask``, one task per length on an executor
(:func:`cgsat.engine.executors.base.map_calls`), each task the search of one length
(:func:`cgsat.search.plan.run_query`), never this function again. A ``--count`` by SAT is
recounted by the direct solver at the small sizes it reaches (:mod:`cgsat.api._recount`,
issue 36): a difference is a failed control (exit code 3).
"""

from __future__ import annotations

import json
from typing import Any

from cgsat.api._inputs import check_text, controls_count, whole_number
from cgsat.errors import CgsatInputError
from cgsat.games import RULESET_NAMES
from cgsat.search.query import FindQuery, FindResult

__all__ = ["FindResult", "find"]


def _size_given(**sizes: object) -> dict[str, object]:
    """``find``'s size: exactly one of ``length``, ``max_length``, ``shape``, ``height``."""
    given = {k: x for k, x in sizes.items() if x is not None}
    if len(given) != 1:
        raise CgsatInputError("give exactly one of length, max_length, shape, height")
    for k, x in given.items():
        if k == "shape":
            if not isinstance(x, str):
                raise CgsatInputError(f"--shape: expected edges such as '0-1 1-2', got {x!r}")
            check_text("--shape", x)
        else:
            whole_number("--" + k.replace("_", "-"), x, 1 if k == "max_length" else 0)
    return given


def find(  # noqa: PLR0913 - the API: one keyword per option of cgsat find
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
    db: str | None = None,
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
    db : str, optional
        ``green-cordon`` with ``value="*k"`` and ``mode="count"``: the results store whose
        proof of R_0 .. R_k (the claim's ``automata`` method: ``thickets.thm3.2``,
        ``thm3.3``, ``green-nim<k>``) is used when its fingerprint is current; when none is
        stored, it is proved now (``cgsat check CLAIM --method automata``) and stored there.
        None: proved in memory, stored nowhere.

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
    _size_given(length=length, max_length=max_length, shape=shape, height=height)
    if (value is None) == (outcome is None):
        raise CgsatInputError("give value or outcome (one of them)")
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if value is not None and not isinstance(value, str):
        raise CgsatInputError(f"--value: expected a value such as '*2' or '{{1|0}}', "
                              f"got {value!r}")
    if value is not None:
        check_text("--value", value)
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
    _no_ignored_option(ruleset, alphabet, jobs, max_length)
    from cgsat.api._recount import check_count  # start-up time of cgsat value
    from cgsat.engine.executors.base import (
        Call,
        check_executor,
        map_calls,
        open_executor,
    )  # start-up time of cgsat value
    from cgsat.search.plan import plan, run_query  # start-up time of cgsat value
    from cgsat.search.query import combine  # start-up time of cgsat value

    check_executor(executor, scheduler, None if jobs == 1 else jobs)
    query = FindQuery(ruleset, length=length, max_length=max_length, shape=shape,
                      height=height, value=value, outcome=outcome, misere=bool(misere),
                      alphabet=alphabet, distances=distances, mode=mode, controls=controls)
    if ruleset == "green-cordon" and mode == "count" and not misere and value is not None:
        counted = _count_from_proof(query, db)
        if counted is not None:
            return counted
    how = plan(query)
    if len(how.lengths) < 2 or (jobs <= 1 and executor == "local"):
        return check_count(how.search())
    # one task per length: each a whole search of its length, with its controls and replay
    backend = open_executor(executor, scheduler, min(jobs, len(how.lengths)),
                            len(how.lengths))
    parts = map_calls(backend, [Call(run_query, (query.at_length(n),), key=f"find-{n}")
                                for n in how.lengths])
    return check_count(combine(ruleset, how.query, parts))


def _no_ignored_option(ruleset: str, alphabet: str | None, jobs: int,
                       max_length: int | None) -> None:
    """Refuse an option the search would accept and ignore (issue 38): ``--alphabet``
    of a ruleset other than toppling (timber-path words are over L and R), and ``--jobs``
    above 1 without ``--max-length`` (a single search runs in one process; the jobs run
    one length each).

    Examples
    --------
    >>> _no_ignored_option("toppling", "LR", 2, 6)
    >>> try:
    ...     _no_ignored_option("timber-path", "LR", 1, None)
    ... except CgsatInputError as exc:
    ...     print(exc)
    --alphabet applies to toppling only (timber-path has its own letters)
    """
    if alphabet is not None and ruleset != "toppling":
        raise CgsatInputError(f"--alphabet applies to toppling only ({ruleset} has its own "
                              "letters)")
    if jobs > 1 and max_length is None:
        raise CgsatInputError(f"--jobs {jobs} applies with --max-length only (one task per "
                              "length); a single search runs in one process")


def _count_from_proof(query: FindQuery, db: str | None) -> FindResult | None:
    """``--count`` of a nim-value with a stored automaton, from its claim's all-n proof
    (issue 35): the proof stored in ``db`` when current, else proved now by ``check`` (and
    stored in ``db``); None when no automaton applies (the plan decides then)."""
    from cgsat.api._check import check  # start-up time
    from cgsat.search import ControlFailed  # start-up time
    from cgsat.search import green_cordon_automata as by_auto  # start-up time
    from cgsat.search.controls import Controls  # start-up time
    from cgsat.search.plan import nim_value  # start-up time

    k = nim_value(str(query.value))
    if k is None or k > by_auto.LARGEST or query.height is None:
        return None
    if query.height > by_auto.MAX_HEIGHT:
        return None  # the plan says why
    claim = by_auto.claim_of(k)
    report = check(claim, methods="automata", db=db, jobs=1)
    (res,) = report.results
    deciders = by_auto.proved_by(k, res.status, res.reason or res.counterexample, res.detail)
    where = "stored in " + str(db) if res.reused else (
        "proved now" + (f" and stored in {db}" if db is not None else ""))
    out: dict[str, Any] = {"height": query.height, "mode": "count", "misere": False,
                           "value": query.value}
    seed = f"find:green-cordon:{json.dumps(out, sort_keys=True)}"
    controls = Controls(query.controls, seed=seed)
    try:
        number, how = by_auto.count(query.height, k, controls, proved=(claim, tuple(deciders)))
    except ControlFailed as exc:
        raise ControlFailed(f"green-cordon {out}: {exc}") from None
    out["counted_by"] = how
    out["proof"] = where  # where the proof came from: stored, or proved now
    return FindResult("green-cordon", out, count=number, controls=controls.tally,
                      counted_by=(how, where))
