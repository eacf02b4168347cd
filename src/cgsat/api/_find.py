"""``cgsat.find``: search a shape for positions with a given value (``cgsat find``).

:func:`find` checks what a user gives, makes a :class:`~cgsat.search.query.FindQuery` and
hands it to the search (:mod:`cgsat.search.plan`): run here, or, for ``--max-length`` with
``--jobs J`` or ``--executor dask``, one task per length on an executor
(:func:`cgsat.engine.executors.base.map_calls`), each task the search of one length
(:func:`cgsat.search.plan.run_query`), never this function again.
"""

from __future__ import annotations

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
    how = plan(query)
    if len(how.lengths) < 2 or (jobs <= 1 and executor == "local"):
        return how.search()
    # one task per length: each a whole search of its length, with its controls and replay
    backend = open_executor(executor, scheduler, min(jobs, len(how.lengths)),
                            len(how.lengths))
    parts = map_calls(backend, [Call(run_query, (query.at_length(n),), key=f"find-{n}")
                                for n in how.lengths])
    return combine(ruleset, how.query, parts)
