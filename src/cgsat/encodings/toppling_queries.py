"""Queries on symbolic Toppling Dominoes rows: equality, comparison, realizability,
uniqueness, and enumeration with blocking clauses.

A :class:`RowQuery` holds one solver with one symbolic row ``G`` of ``n`` dominoes (exactly
``n``, or any length ``1..n`` with blanks allowed as a suffix only). Targets ``H`` are
compared with ``G`` through :class:`~cgsat.encodings.toppling.DifferenceEncoding`:

- a concrete game: any hashable object with ``.left``/``.right`` option tuples, such as a
  canonical ``Game`` of the partizan engine. All such targets share one encoding, so pair
  variables of common followers (numbers, 0) are built once and reused across queries;
- a concrete word over ``L``, ``R``, ``E``;
- any other :class:`~cgsat.encodings.toppling.Side`.

A relation is a set of outcomes of ``G - H``, each a pair ``(LW, RW)`` ("Left moving first
wins", "Right moving first wins"): ``=`` is ``{(0,0)}``, ``>=`` is ``{(0,0),(1,0)}``, and so
on (:data:`RELATIONS`). Everything added for one query is guarded by an activation literal,
so one solver serves many queries in turn (incremental SAT).

References
----------
Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*; DESIGN.md, "Partizan difference
encoding".
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from pysat.formula import IDPool
from pysat.solvers import Solver

from cgsat.encodings.toppling import (
    DifferenceEncoding,
    GameSide,
    Side,
    StringSide,
    alphabet_clauses,
    letter_vars,
    word_clause,
    word_of,
)

RELATIONS: dict[str, frozenset[tuple[bool, bool]]] = {
    "=": frozenset({(False, False)}),
    ">": frozenset({(True, False)}),
    "<": frozenset({(False, True)}),
    "||": frozenset({(True, True)}),
    ">=": frozenset({(False, False), (True, False)}),
    "<=": frozenset({(False, False), (False, True)}),
    "!=": frozenset({(True, False), (False, True), (True, True)}),
    "not>": frozenset({(False, False), (False, True), (True, True)}),
    "not<": frozenset({(False, False), (True, False), (True, True)}),
    "not>=": frozenset({(False, True), (True, True)}),
    "not<=": frozenset({(True, False), (True, True)}),
}
"""Relations of ``G`` to ``H`` as sets of outcomes ``(LW, RW)`` of ``G - H``."""

OUTCOME_RELATION = {"P": "=", "L": ">", "R": "<", "N": "||"}
"""An outcome class of ``G`` is its relation to 0."""


def relation_clauses(lw: int, rw: int, relation: str) -> list[list[int]]:
    """Clauses making ``G relation H`` true, given the root pair ``(LW, RW)`` of ``G - H``.

    Examples
    --------
    >>> relation_clauses(1, 2, "=")
    [[-1], [-2]]
    >>> relation_clauses(1, 2, "!=")
    [[1, 2]]
    """
    if relation not in RELATIONS:
        raise ValueError(f"unknown relation {relation!r}")
    allowed = RELATIONS[relation]
    if len(allowed) == 1:
        (a, b), = allowed
        return [[lw if a else -lw], [rw if b else -rw]]
    return [[-lw if a else lw, -rw if b else rw]
            for a in (False, True) for b in (False, True) if (a, b) not in allowed]


class ZeroGame:
    """The game 0 with no options, for outcome queries without the partizan engine."""

    left: tuple[()] = ()
    right: tuple[()] = ()

    def __repr__(self) -> str:
        return "0"


ZERO = ZeroGame()


def reverse_word(word: str) -> str:
    """The row seen from the other end; it has the same value.

    >>> reverse_word("RLLLR")
    'RLLLR'
    """
    return word[::-1]


def outcome_from_pair(lw: bool, rw: bool) -> str:
    """The outcome class of a difference from ``(LW, RW)``.

    >>> outcome_from_pair(True, False)
    'L'
    """
    return {(False, False): "P", (True, False): "L", (False, True): "R", (True, True): "N"}[
        (lw, rw)
    ]


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
                 min_length: int = 1, solver: str = "cadical195") -> None:
        if alphabet not in ("LR", "LRE"):
            raise ValueError(f"alphabet must be LR or LRE, got {alphabet!r}")
        self.n = n
        self.alphabet = alphabet
        self.variable_length = variable_length
        self.pool = IDPool()
        self.solver = Solver(name=solver)
        self.row = letter_vars(self.pool, "G", n)
        for clause in alphabet_clauses(self.row, alphabet,
                                       min_length if variable_length else None):
            self.solver.add_clause(clause)
        self._game_enc = DifferenceEncoding(self.solver, self.pool, self.row,
                                            GameSide(ZERO), tag="game")
        self._other: dict[Any, DifferenceEncoding] = {}
        self.solve_calls = 0

    # -- building ---------------------------------------------------------------------
    def root_pair(self, target: Any) -> tuple[int, int]:
        """``(LW, RW)`` of ``G - target`` at the root, building what is missing."""
        if isinstance(target, str):
            target = StringSide.concrete(target)
        if hasattr(target, "left_moves"):
            enc = self._other.get(target)
            if enc is None:
                enc = DifferenceEncoding(self.solver, self.pool, self.row, target,
                                         tag=("side", len(self._other)))
                self._other[target] = enc
            return enc.root_vars()
        return self._game_enc.pair_vars(self.row.root, target)

    @property
    def clauses(self) -> int:
        return self._game_enc.clauses + sum(e.clauses for e in self._other.values())

    def instance_size(self) -> dict[str, int]:
        """``{"vars", "clauses"}`` of everything built so far."""
        return {"vars": self.pool.top, "clauses": self.clauses + self._base_clauses()}

    def _base_clauses(self) -> int:
        return sum(1 for _ in alphabet_clauses(self.row, self.alphabet,
                                               1 if self.variable_length else None))

    def relation_literals(self, target: Any, relation: str) -> list[int]:
        """Assumptions making ``G relation target`` true (adding guarded clauses if needed)."""
        lw, rw = self.root_pair(target)
        clauses = relation_clauses(lw, rw, relation)
        if all(len(c) == 1 for c in clauses):
            return [c[0] for c in clauses]
        act = self.pool.id()
        for clause in clauses:
            self.solver.add_clause([-act] + clause)
        return [act]

    def exclude_literal(self, words: Iterable[str]) -> list[int]:
        """An assumption excluding the given rows (a guarded blocking clause each)."""
        act = self.pool.id()
        for w in words:
            if len(w) > self.n or (len(w) < self.n and not self.variable_length):
                continue
            clause = word_clause(self.row, w)
            if clause is not None:
                self.solver.add_clause([-act] + clause)
        return [act]

    # -- solving ----------------------------------------------------------------------
    def _solve(self, assumptions: list[int]) -> str | None:
        self.solve_calls += 1
        if not self.solver.solve(assumptions=assumptions):
            return None
        return word_of(self.row, self.solver.get_model())

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
        for w in exclude:
            self._block(act, w)
        count = 0
        try:
            while limit is None or count < limit:
                word = self._solve(assume)
                if word is None:
                    return
                count += 1
                yield word
                self._block(act, word)
                if identify_reversal:
                    self._block(act, reverse_word(word))
        finally:
            self.solver.add_clause([-act])

    def _block(self, act: int, word: str) -> None:
        if len(word) > self.n or (len(word) < self.n and not self.variable_length):
            return
        clause = word_clause(self.row, word)
        if clause is not None:
            self.solver.add_clause([-act] + clause)

    def compare_word(self, word: str, target: Any) -> tuple[bool, bool]:
        """``(LW, RW)`` of ``word - target`` read off the encoding (letters assumed).

        For testing the encoding against a direct solver: the letters are fixed by
        assumptions and the pair variables follow by their equivalences.
        """
        return self.compare_word_many(word, [target])[0]

    def compare_word_many(self, word: str, targets: list[Any]) -> list[tuple[bool, bool]]:
        """:meth:`compare_word` for several targets with one solver call."""
        pairs = [self.root_pair(t) for t in targets]
        assume = self.word_assumptions(word)
        self.solve_calls += 1
        if not self.solver.solve(assumptions=assume):
            raise ValueError(f"row {word!r} is not allowed in this query")
        model = self.solver.get_model()
        return [(model[lw - 1] > 0, model[rw - 1] > 0) for lw, rw in pairs]

    def word_assumptions(self, word: str) -> list[int]:
        """Assumptions fixing the row's letters to ``word`` (blank-padded)."""
        from cgsat.encodings.toppling import LETTERS

        padded = word + "_" * (self.n - len(word))
        out: list[int] = []
        for k, c in enumerate(padded):
            va, vb = LETTERS[c]
            out.append(self.row.left[k] if va else -self.row.left[k])
            out.append(self.row.right[k] if vb else -self.row.right[k])
        return out

    def close(self) -> None:
        self.solver.delete()

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


def side_of(target: Any) -> Side:
    """A Side for a word, a game, or a Side."""
    if isinstance(target, str):
        return StringSide.concrete(target)
    if hasattr(target, "left_moves"):
        return target
    return GameSide(target)
