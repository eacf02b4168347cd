"""Searches over symbolic Toppling Dominoes rows: equality, comparison, realizability,
uniqueness, and enumeration with blocking clauses (``cgsat find toppling``).

A :class:`RowQuery` holds one incremental solver (from :class:`~cgsat.sat.solve.SatRun`)
with one symbolic row ``G`` of ``n`` dominoes (exactly ``n``, or any length ``1..n`` with
blanks allowed as a suffix only). Targets ``H`` are compared with ``G`` through the
difference encoding of :mod:`cgsat.encodings.toppling`:

- a concrete game: any hashable object with ``.left``/``.right`` option tuples, such as a
  canonical ``Game`` of the partizan engine. All such targets share one encoding, so pair
  variables of common followers (numbers, 0) are built once and reused across queries;
- a concrete word over ``L``, ``R``, ``E``;
- any other :class:`~cgsat.encodings.toppling.Side`.

A relation is a set of outcomes of ``G - H`` (:data:`~cgsat.encodings.toppling.RELATIONS`).
Everything added for one query is guarded by an activation literal, so one solver serves
many queries in turn. :func:`search_rows` is ``cgsat find toppling``: every row it returns
has been replayed by the direct solver (the partizan engine's canonical form).

Controls (issue 12, :class:`~cgsat.search.controls.Controls`). In :func:`search_rows` the goal
``G relation H`` is one literal guarded by selector literals
(:meth:`RowQuery.goal`). Before each length is searched, ``K`` seeded random rows of that
length over the searched alphabet are fixed by assumptions with the goal off: each must be
SAT and its root literals ``(LW, RW)`` of ``r - H`` must equal the direct solver's
first-player wins (:func:`direct_wins`). When the enumeration of a length ends UNSAT
(nothing found, or every row found is blocked), the same instance with the goal toggled at
one seeded row r0 not found must be SAT at exactly r0. A failed control raises
:class:`~cgsat.search.ControlFailed`.

References
----------
Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*; :mod:`cgsat.encodings.toppling`;
docs/reference.md (``cgsat find``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from cgsat.cgt.canonical import ZERO as ZERO_GAME
from cgsat.cgt.partizan_values import canonical_form
from cgsat.claims import Budget
from cgsat.encodings.gates import Circuit
from cgsat.encodings.toppling import (
    OUTCOME_RELATION,
    ZERO,
    DifferenceEncoding,
    GameSide,
    StringSide,
    add_exclusions,
    add_row,
    relation_assumptions,
    relation_clauses,
    reverse_word,
    word_literals,
    word_of,
)
from cgsat.errors import CgsatInputError
from cgsat.games import toppling
from cgsat.sat.goal import Goal, guarded_goal
from cgsat.sat.solve import Control, LiveSolver, SatRun
from cgsat.search import Disagreement
from cgsat.search.controls import Controls

__all__ = [
    "ALL_LIMIT",
    "RowQuery",
    "find_rows",
    "direct_wins",
    "rows_of_length",
    "matches",
    "search_rows",
]

ALL_LIMIT = 20_000
"""The most rows ``cgsat find toppling --all``/``--count`` lists or counts: each row is
found by a solver call and then blocked, about 2,500 rows a second, so that a search
past the limit ends in under 20 s (100,000 took 40 s)."""



class RowQuery:
    """One solver holding a symbolic Toppling Dominoes row, queried against targets.

    Parameters
    ----------
    n : int
        Number of dominoes (the maximum length with ``variable_length``).
    alphabet : {"LRE", "LR"}
        ``LR`` forbids Either dominoes.
    variable_length : bool
        Allow every length ``min_length..n``, blanks as a suffix only.
    min_length : int
        With ``variable_length``, the least length (default 1).
    solver : str
        PySAT solver name.
    run : SatRun or None
        Solve through this run (its budget's solver; it counts the controls), else a new
        one with ``solver``.

    Examples
    --------
    >>> q = RowQuery(5)
    >>> q.find(StringSide.concrete("RLLLR"), exclude=["RLLLR"]) is None  # unique at length 5
    True
    >>> sorted(q.enumerate(StringSide.concrete("LR")))   # the length-5 rows equal to *
    []
    >>> q.close()

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, Conjecture 22.
    """

    def __init__(self, n: int, alphabet: str = "LRE", variable_length: bool = False,
                 min_length: int = 1, solver: str = "cadical195",
                 run: SatRun | None = None) -> None:
        if alphabet not in ("LR", "LRE"):
            raise ValueError(f"alphabet must be LR or LRE, got {alphabet!r}")
        self.n = n
        self.alphabet = alphabet
        self.variable_length = variable_length
        self._run = run or SatRun(Budget(solver=solver))
        self.sink, self.pool = self._run.new()
        self.row = add_row(self.sink, self.pool, n, alphabet, "G",
                           min_length if variable_length else None)
        self._game_enc = DifferenceEncoding(self.sink, self.pool, self.row,
                                            GameSide(ZERO), tag="game")
        self._other: dict[Any, DifferenceEncoding] = {}

    # -- building ---------------------------------------------------------------------
    def root_pair(self, target: Any) -> tuple[int, int]:
        """``(LW, RW)`` of ``G - target`` at the root, building what is missing."""
        if isinstance(target, str):
            target = StringSide.concrete(target)
        if hasattr(target, "left_moves"):
            enc = self._other.get(target)
            if enc is None:
                enc = DifferenceEncoding(self.sink, self.pool, self.row, target,
                                         tag=("side", len(self._other)))
                self._other[target] = enc
            return enc.root_vars()
        return self._game_enc.pair_vars(self.row.root, target)

    def relation_literals(self, target: Any, relation: str) -> list[int]:
        """Assumptions making ``G relation target`` true (adding guarded clauses if needed)."""
        lw, rw = self.root_pair(target)
        return relation_assumptions(self.sink, self.pool, lw, rw, relation)

    def goal(self, target: Any, relation: str) -> Goal:
        """The literal "``G relation target``", guarded by selector literals (a
        :class:`~cgsat.sat.goal.Goal`: on for the search, off for sample controls,
        toggled at one row for the toggled control)."""
        lw, rw = self.root_pair(target)
        circ = Circuit(self.pool, self.sink)
        rel = circ.and_([circ.or_(c) for c in relation_clauses(lw, rw, relation)])
        return guarded_goal(self.pool, self.sink, rel)

    def exclude_literal(self, words: Iterable[str]) -> list[int]:
        """An assumption excluding the given rows (a guarded blocking clause each)."""
        act = self.pool.id()
        add_exclusions(self.sink, self.row, words, guard=act, blanks=self.variable_length)
        return [act]

    # -- solving ----------------------------------------------------------------------
    def _solve(self, assumptions: list[int]) -> str | None:
        """The row of a model under ``assumptions``, or None (UNSAT)."""
        model = self._run.solve(self.sink, assumptions)
        return None if model is None else word_of(self.row, model)

    def find(self, target: Any, relation: str = "=", exclude: Iterable[str] = ()) -> str | None:
        """One row ``G`` with ``G relation target`` other than the excluded ones, or None."""
        assume = self.relation_literals(target, relation)
        exclude = list(exclude)
        if exclude:
            assume += self.exclude_literal(exclude)
        return self._solve(assume)

    def enumerate(self, target: Any, relation: str = "=", identify_reversal: bool = False,
                  exclude: Iterable[str] = (), limit: int | None = None) -> Iterator[str]:
        """Every row ``G`` with ``G relation target``, by blocking clauses.

        With ``identify_reversal`` a row and its reversal are one solution (the first one
        found is yielded). Blocking clauses are guarded and retired afterwards, so the
        query object can be reused.
        """
        assume = self.relation_literals(target, relation)
        act = self.pool.id()
        assume.append(act)
        self._block(act, exclude)
        count = 0
        try:
            while limit is None or count < limit:
                word = self._solve(assume)
                if word is None:
                    return
                count += 1
                yield word
                self._block(act, [word])
                if identify_reversal:
                    self._block(act, [reverse_word(word)])
        finally:
            self.sink.add_clause([-act])

    def _block(self, act: int, words: Iterable[str]) -> None:
        """Blocking clauses for ``words``, guarded by ``act``."""
        add_exclusions(self.sink, self.row, words, guard=act, blanks=self.variable_length)

    def compare_word(self, word: str, target: Any) -> tuple[bool, bool]:
        """``(LW, RW)`` of ``word - target`` read off the encoding (letters assumed).

        For testing the encoding against a direct solver: the letters are fixed by
        assumptions and the pair variables follow by their equivalences.
        """
        return self.compare_word_many(word, [target])[0]

    def compare_word_many(self, word: str, targets: list[Any]) -> list[tuple[bool, bool]]:
        """:meth:`compare_word` for several targets with one solver call."""
        pairs = [self.root_pair(t) for t in targets]
        model = self._run.solve(self.sink, self.word_assumptions(word))
        if model is None:
            raise ValueError(f"row {word!r} is not allowed in this query")
        return [(model[lw - 1] > 0, model[rw - 1] > 0) for lw, rw in pairs]

    def word_assumptions(self, word: str) -> list[int]:
        """Assumptions fixing the row's letters to ``word`` (blank-padded)."""
        return word_literals(self.row, word)

    def close(self) -> None:
        """Free the solver (a clausal run's sink, a ClauseBuffer, holds none)."""
        if isinstance(self.sink, LiveSolver):
            self.sink.close()

    def __enter__(self) -> RowQuery:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def find_rows(target: Any, lengths: Iterable[int], relation: str = "=",
              alphabet: str = "LRE", identify_reversal: bool = False,
              limit: int | None = None, solver: str = "cadical195") -> Iterator[str]:
    """Every row of the given exact lengths with ``G relation target``.

    Parameters
    ----------
    target
        A game with ``.left``/``.right``, a word, or a Side.
    lengths : iterable of int
        Exact lengths to search, in order.
    limit : int or None
        Stop after this many rows in total.

    Examples
    --------
    >>> sorted(find_rows("LR", range(1, 5), alphabet="LR"))   # rows equal to *
    ['LR', 'RL']

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, Lemma 23 and Theorem 29.
    """
    found = 0
    for n in lengths:
        if n == 0:
            continue
        with RowQuery(n, alphabet, solver=solver) as q:
            left = None if limit is None else limit - found
            if left is not None and left <= 0:
                return
            for w in q.enumerate(target, relation, identify_reversal, limit=left):
                found += 1
                yield w


def direct_wins(row: str, h: Any) -> tuple[bool, bool]:
    """The direct solver's ``(Left wins moving first, Right wins moving first)`` on
    ``row - h``, from the canonical form of the row (``not row <= h``, ``not row >= h``).

    Examples
    --------
    >>> from cgsat.cgt.notation import parse
    >>> direct_wins("RLLLR", parse("{{1|0}|0}")), direct_wins("L", ZERO_GAME)
    ((False, False), (True, False))
    """
    g = canonical_form(toppling.RULESET, (row,) if row else ())
    return (not g <= h, not g >= h)


def _sample(q: RowQuery, goal: Goal, row: str, pair: tuple[int, int],
            want: tuple[bool, bool]) -> Control:
    """The sample control at ``row``: fixed with the goal off, the model is ``row`` and its
    root literals ``(LW, RW)`` are ``want``."""
    lw, rw = pair

    def check(true: set[int] | None) -> str | None:
        if true is None:
            return "the instance is UNSAT with the row fixed and the goal off"
        if word_of(q.row, true) != row:
            return f"the model is the row {word_of(q.row, true)!r}"
        got = (lw in true, rw in true)
        if got != want:
            return f"(LW, RW) = {got}, the direct solver says {want}"
        return None

    return goal.sample(row, q.word_assumptions(row), check)


def _toggled(q: RowQuery, goal: Goal, found: list[str], act: int) -> Control | None:
    """The toggled control after an exhausted enumeration (rows found stay blocked under
    ``act``): the goal flipped at one seeded row r0 not found must give exactly r0."""
    draw = q._run.samples(lambda rng: "".join(rng.choice(q.alphabet) for _ in range(q.n)), 8)
    r0 = next((r for r in draw if r not in set(found)), None)
    if r0 is None:
        return None

    def check(true: set[int] | None) -> str | None:
        if true is None:
            return "the instance is UNSAT with the goal toggled there"
        got = word_of(q.row, true)
        return None if got == r0 else f"found {got!r}, not {r0!r}"

    return goal.toggled_at(q.sink, r0, q.word_assumptions(r0), check, extra=(act,))


def rows_of_length(n: int, target: Any, relation: str, alphabet: str, limit: int,
                   controls: Controls, value: Any = None, outcome: str | None = None,
                   ) -> list[str]:
    """The rows of exactly ``n`` dominoes with ``G relation target`` (at most ``limit``),
    each replayed by the direct solver, with the instance's controls (see the module's
    text).

    Raises
    ------
    Disagreement
        When the direct solver disagrees with a row found.
    ControlFailed
        When a control fails.

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1; issue 12 (controls).
    """
    run = controls.run(n)
    found: list[str] = []
    with RowQuery(n, alphabet, run=run) as q:
        pair = q.root_pair(target)
        goal = q.goal(target, relation)
        draw = run.samples(lambda rng: "".join(rng.choice(alphabet) for _ in range(n)))
        for r in draw:
            run.control(q.sink, _sample(q, goal, r, pair, direct_wins(r, target)))
        act = q.pool.id()
        exhausted = False
        while len(found) < limit:
            model = run.solve(q.sink, [*goal.on(), act])
            if model is None:
                exhausted = True
                break
            row = word_of(q.row, model)
            if not matches(row, value, outcome):
                raise Disagreement(f"toppling {row}: the SAT search found it, but the "
                                   "direct solver disagrees", position=row)
            found.append(row)
            q._block(act, [row])
        if exhausted:
            control = _toggled(q, goal, found, act)
            if control is not None:
                run.control(q.sink, control)
    controls.absorb(run)
    return found


def matches(row: str, value: Any, outcome: str | None) -> bool:
    """Replay one row with the direct solver: does it have the value (or outcome)?

    Examples
    --------
    >>> from cgsat.cgt.notation import parse
    >>> matches("RLLLR", parse("{{1|0}|0}"), None), matches("LRL", None, "L")
    (True, True)
    """
    g = canonical_form(toppling.RULESET, (row,) if row else ())
    if outcome is not None:
        return g.outcome() == outcome
    return g is value or g == value


def search_rows(lengths: Iterable[int], value: Any = None, outcome: str | None = None,
                alphabet: str = "LRE", mode: str = "one",
                controls: Controls | None = None) -> list[str]:
    """The rows of ``cgsat find toppling``: every row of the given exact lengths with value
    ``value`` (a canonical game) or, if ``value`` is None, outcome class ``outcome``.

    Parameters
    ----------
    lengths : iterable of int
        Exact lengths, in order (0 is the empty row, value 0, outcome P).
    value, outcome
        The game to equal, or the outcome class (``L``, ``R``, ``N``, ``P``: the relation
        to 0).
    alphabet : {"LRE", "LR"}
    mode : {"one", "all", "count"}
        ``one`` stops at the first row found.
    controls : Controls or None
        The controls of every length's instance (:func:`rows_of_length`); default 16
        samples, unseeded.

    Returns
    -------
    list of str
        Raw rows (a row and its reversal both listed), each replayed by the direct solver.

    Raises
    ------
    Disagreement
        When the direct solver disagrees with a row the SAT search found (a bug).
    ControlFailed
        When a control of an instance fails (a bug).
    CgsatInputError
        When more than :data:`ALL_LIMIT` rows match.

    Examples
    --------
    >>> from cgsat.cgt.notation import parse
    >>> search_rows(range(1, 10), parse("{{1|0}|0}"), mode="all")
    ['RLLLR']

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, Conjecture 22.
    """
    if value is not None:
        target, relation = value, "="
    else:
        target, relation = ZERO_GAME, OUTCOME_RELATION[outcome]  # type: ignore[index]  # given
    controls = controls or Controls()
    found: list[str] = []
    for n in lengths:
        if n == 0:  # the empty row: value 0, outcome P
            if matches("", value, outcome):
                found.append("")
        else:
            limit = 1 if mode == "one" else ALL_LIMIT + 1 - len(found)
            found += rows_of_length(n, target, relation, alphabet, limit, controls,
                                    value, outcome)
        if mode == "one" and found:
            break
        if len(found) > ALL_LIMIT:
            raise CgsatInputError(f"find: more than {ALL_LIMIT} rows match; "
                                  "narrow the search")
    return found
