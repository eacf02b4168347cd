"""``cgsat find green-cordon``: green cordons of a height with a given value, by SAT.

Two routes, both SAT (solved through :mod:`cgsat.verify.solve`), and every cordon found is
replayed by exhaustive play (:func:`replay`) before it is printed:

- nim-value 0 or 1 under normal play, at any height (:func:`by_characterization`): the
  characterizations of Theorems 3.2 and 3.3 are first *proved* for every height up to N by
  the inductive mex check (:func:`cgsat.encodings.green_cordon.inductive_instance`), then
  the cordons they accept are listed by SAT with blocking clauses over the leaf variables
  and counted by dynamic programming on the automaton;
- any other nim-value, or misère play (:func:`explicit`): mex constraints (or the misère
  kernel) of :mod:`cgsat.encodings.kernel` over every cordon of height <= N and its
  followers, up to height :data:`EXPLICIT_LIMIT`, since there are 2^N such cordons.

References
----------
M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.2-3.5.
"""

from __future__ import annotations

from dataclasses import dataclass

from cgsat.cgt.impartial import solver_for
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.encodings.green_cordon import (
    NIM0,
    NIM1,
    CordonCircuits,
    concrete_moves,
    count_accepted,
    followers,
    inductive_instance,
)
from cgsat.encodings.kernel import add_grundy, add_kernel
from cgsat.errors import CgsatInputError
from cgsat.games import get_ruleset, green_cordon
from cgsat.verify.claims import Budget
from cgsat.verify.solve import SatRun, solve_cnf

EXPLICIT_LIMIT = 12
"""Largest height of the explicit route (it encodes all 2^N cordons of height <= N)."""
ALL_LIMIT = 100_000
"""Most cordons listed; beyond it ``--count`` must be used."""


@dataclass
class Found:
    """What :func:`search` found.

    Attributes
    ----------
    positions : list of str
        The cordons found (``green-cordon`` syntax), sorted by length then text; empty with
        ``mode == "count"``, at most one with ``mode == "one"``.
    count : int
        How many cordons match.
    disagreement : str or None
        A cordon SAT found but exhaustive play disagrees on (a bug), else None.
    """

    positions: list[str]
    count: int
    disagreement: str | None = None


def by_characterization(height: int, value: int, want: bool, mode: str) -> tuple[list[str], int]:
    """Cordons of ``height`` with (``want``) or without nim-value ``value`` in {0, 1}.

    Proves Theorem 3.2 (value 0) or 3.3 (value 1) for every height up to ``height`` by the
    inductive mex check, counts the cordons by dynamic programming on the automaton, and
    (unless ``mode == "count"``) lists them by SAT with blocking clauses.

    Raises
    ------
    CgsatInputError
        If the characterization fails at some height (a bug: the theorems hold).

    Examples
    --------
    >>> found, count = by_characterization(5, 0, True, "all")
    >>> sorted(found), count
    (['5:2', '5:2,3,4', '5:4'], 3)

    References
    ----------
    *Thinning Thickets*, Theorems 3.2-3.5.
    """
    claim = NIM0 if value == 0 else NIM1
    budget = Budget()
    for h in range(height + 1):  # prove the characterization up to the height first
        cnf, cc = inductive_instance(claim, h)
        out = solve_cnf(ClauseBuffer(cnf.clauses), budget)
        if out.sat:
            raise CgsatInputError(
                f"the characterization of nim-value {value} fails at "
                f"{cc.decode(out.model or [], h)}; report this as a bug")
    accepted = count_accepted(claim.rule, height)
    total = 2 ** max(height - 1, 0)
    count = accepted if want else total - accepted
    if mode == "count":
        return [], count
    cc = CordonCircuits()
    x = cc.leaf_variables(height)
    out_lit = cc.accepts(claim.rule, (height, x))
    cc.cnf.append([out_lit if want else -out_lit])
    run = SatRun(budget)
    sink, _ = run.new()
    for clause in cc.cnf.clauses:
        sink.add_clause(clause)
    found: list[str] = []
    limit = 1 if mode == "one" else ALL_LIMIT + 1
    while len(found) < limit:
        model = run.solve(sink)
        if model is None:
            break
        found.append(cc.decode(model, height))
        true = set(model)
        sink.add_clause([-v if v in true else v for v in x] or [cc.false])
    return found, len(found)


def explicit(height: int, value: int | None, outcome: str | None, misere: bool) -> list[str]:
    """Every cordon of ``height`` with nim-value ``value`` (normal play), or with
    ``outcome`` ("P" or "N") under the chosen play, from one formula over all followers.

    Raises
    ------
    CgsatInputError
        Above :data:`EXPLICIT_LIMIT`, or if the nim-values exceed the encoded range.

    Examples
    --------
    >>> explicit(4, 2, None, False)
    ['4:2', '4:1,3']

    References
    ----------
    *Thinning Thickets*, §2.1 (Sprague-Grundy theory); *The Game of timber!*, Theorem 2.2
    (the misère Partition Theorem).
    """
    if height > EXPLICIT_LIMIT:
        raise CgsatInputError(
            f"green-cordon: this search encodes all 2^N cordons of height <= N and is "
            f"limited to N <= {EXPLICIT_LIMIT}; nim-values 0 and * (normal play) have no limit")
    roots = [(h, frozenset(a)) for h, a in green_cordon.cordons(height)]
    nodes = followers(*roots)
    moves = concrete_moves(nodes)
    run = SatRun(Budget())
    sink, pool = run.new()
    found = []
    if misere:
        kernel = add_kernel(pool, sink, nodes, moves, misere=True)
        model = run.solve(sink)
        assert model is not None, "the misère kernel always has a solution"
        for root in roots:
            if (outcome == "P") == kernel.is_p(root, model):
                found.append(root)
    else:
        grundy = add_grundy(pool, sink, nodes, moves, value_range=2 * height + 1)
        model = run.solve(sink)
        if model is None:
            raise CgsatInputError("green-cordon: nim-values exceed the encoded range")
        for root in roots:
            v = grundy.value_of(root, model)
            if (v == value) if value is not None else ((v == 0) == (outcome == "P")):
                found.append(root)
    return [f"{h}:" + ",".join(map(str, sorted(a))) for h, a in found]


def replay(text: str, value: int | None, outcome: str | None, misere: bool) -> bool:
    """Whether exhaustive play gives the cordon ``text`` the nim-value or outcome asked for.

    Examples
    --------
    >>> replay("5:2", 0, None, False), replay("5:2", None, "N", False)
    (True, False)
    """
    rules = get_ruleset("green-cordon")
    solver = solver_for(rules)
    position = rules.parse(text)
    if misere or value is None:
        return solver.outcome(position, misere=misere) == outcome
    return solver.nim_value(position) == value


def search(height: int, value: int | None, outcome: str | None, misere: bool,
           mode: str) -> Found:
    """Cordons of ``height`` with nim-value ``value`` or outcome ``outcome``, replayed.

    Parameters
    ----------
    height : int
    value : int or None
        A nim-value (normal play), or None to select by ``outcome``.
    outcome : {"P", "N"} or None
    misere : bool
        Misère play (with ``outcome`` only).
    mode : {"one", "all", "count"}

    Returns
    -------
    Found

    Raises
    ------
    CgsatInputError
        When more than :data:`ALL_LIMIT` cordons would be listed, or a route's limit.

    Examples
    --------
    >>> search(5, None, "P", False, "all").positions
    ['5:2', '5:4', '5:2,3,4']

    References
    ----------
    *Thinning Thickets*, Theorems 3.2-3.5.
    """
    if not misere and (value in (0, 1) or outcome is not None):
        nim = 0 if outcome is not None else value
        assert nim is not None
        found, count = by_characterization(height, nim, outcome != "N", mode)
    else:
        found = explicit(height, value, outcome, misere)
        count = len(found)
        if mode == "one":
            found = found[:1]
    if len(found) > ALL_LIMIT:
        raise CgsatInputError(f"find: more than {ALL_LIMIT} cordons match; use --count")
    for text in found:
        if not replay(text, value, outcome, misere):
            return Found(found, count, disagreement=text)
    found.sort(key=lambda t: (len(t), t))
    return Found(found, count)
