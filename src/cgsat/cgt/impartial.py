"""Exhaustive play for impartial rulesets: outcomes, nim-values and winning moves.

This is cgsat's direct solver, the independent cross-check for every SAT encoding. It
knows rulesets only through :class:`cgsat.games.base.ImpartialRuleset`.

- Normal play: a position is a disjunctive sum of its components, so its nim-value is the
  nim-sum (XOR) of the components' nim-values (Sprague–Grundy), and each component's value
  is the mex of its options' values. Components are memoized by ``ruleset.key``.
- Misère play does not decompose: the whole position is solved, memoized by the sorted
  tuple of its components' keys. A terminal position is an N-position (the player to move
  cannot move, and so wins).

The recursion is iterative, so long words do not hit Python's recursion limit, and every
solver has a node budget: past it, :class:`cgsat.errors.TooLargeError` is raised rather
than running without end.

References
----------
.. [1] M. H. Albert, R. J. Nowakowski, D. Wolfe, *Lessons in Play*, Theorem 7.10 (mex rule).
.. [2] Nowakowski et al., *The Game of timber!*, Theorems 2.1 and 2.2 (Partition Theorems).
"""

from __future__ import annotations

from collections.abc import Hashable

from cgsat.errors import TooLargeError
from cgsat.games.base import ImpartialRuleset, Move, Position

__all__ = ["DEFAULT_NODE_LIMIT", "mex", "ImpartialSolver", "solver_for"]

DEFAULT_NODE_LIMIT = 3_000_000


def mex(values: set[int]) -> int:
    """The minimum excludant: the least non-negative integer not in ``values``.

    Examples
    --------
    >>> mex({0, 1, 3})
    2
    """
    m = 0
    while m in values:
        m += 1
    return m


class ImpartialSolver:
    """Memoized exhaustive play for one impartial ruleset.

    Parameters
    ----------
    ruleset : ImpartialRuleset
        The rules.
    node_limit : int
        How many distinct positions may be solved before giving up with
        :class:`~cgsat.errors.TooLargeError`.

    Examples
    --------
    >>> from cgsat.games import get_ruleset
    >>> s = ImpartialSolver(get_ruleset("timber-path"))
    >>> s.outcome("LLRR"), s.outcome("LR", misere=True), s.nim_value("LL")
    ('P', 'N', 2)
    """

    def __init__(self, ruleset: ImpartialRuleset, node_limit: int = DEFAULT_NODE_LIMIT):
        self.ruleset = ruleset
        self.node_limit = node_limit
        self._nim: dict[Hashable, int] = {}
        self._misere_p: dict[Hashable, bool] = {}

    # -- limits ---------------------------------------------------------------------
    def check_size(self, position: Position) -> None:
        """Refuse positions above the ruleset's exhaustive-play limit."""
        rs = self.ruleset
        if rs.size(position) > rs.exhaustive_limit:
            raise TooLargeError(
                f"{rs.name}: position of size {rs.size(position)} exceeds the exhaustive-play "
                f"limit of {rs.exhaustive_limit}; use the SAT route (cgsat find / cgsat check)"
            )

    def _too_many(self) -> TooLargeError:
        return TooLargeError(
            f"{self.ruleset.name}: exhaustive play visited more than {self.node_limit} "
            "positions and stopped; use the SAT route (cgsat find / cgsat check)"
        )

    # -- normal play ------------------------------------------------------------------
    def nim_value(self, position: Position) -> int:
        """The nim-value (Grundy value) of ``position`` under normal play."""
        self.check_size(position)
        value = 0
        for comp in self.ruleset.components(position):
            value ^= self._component_nim(comp)
        return value

    def _component_nim(self, component: Position) -> int:
        rs, memo = self.ruleset, self._nim
        k0 = rs.key(component)
        if k0 in memo:
            return memo[k0]
        stack = [component]
        while stack:
            comp = stack[-1]
            k = rs.key(comp)
            if k in memo:
                stack.pop()
                continue
            pending = []
            seen: set[int] = set()
            for _, option in rs.options(comp):
                x = 0
                for oc in rs.components(option):
                    v = memo.get(rs.key(oc))
                    if v is None:
                        pending.append(oc)
                    else:
                        x ^= v
                if not pending:
                    seen.add(x)
            if pending:
                stack.extend(pending)
                continue
            memo[k] = mex(seen)
            stack.pop()
            if len(memo) > self.node_limit:
                raise self._too_many()
        return memo[k0]

    # -- misère play ------------------------------------------------------------------
    def _whole_key(self, position: Position) -> Hashable:
        keys = [self.ruleset.key(c) for c in self.ruleset.components(position)]
        return tuple(sorted(keys, key=repr))

    def is_misere_p(self, position: Position) -> bool:
        """Whether ``position`` is a P-position under misère play (solved whole)."""
        self.check_size(position)
        rs, memo = self.ruleset, self._misere_p
        k0 = self._whole_key(position)
        if k0 in memo:
            return memo[k0]
        stack = [position]
        while stack:
            pos = stack[-1]
            k = self._whole_key(pos)
            if k in memo:
                stack.pop()
                continue
            opts = rs.options(pos)
            pending = []
            some_p = False
            for _, option in opts:
                v = memo.get(self._whole_key(option))
                if v is None:
                    pending.append(option)
                elif v:
                    some_p = True
                    break
            if some_p or not opts:
                memo[k] = False  # a move to P wins; a terminal position wins in misère
            elif pending:
                stack.extend(pending)
                continue
            else:
                memo[k] = True
            stack.pop()
            if len(memo) > self.node_limit:
                raise self._too_many()
        return memo[k0]

    # -- common interface -------------------------------------------------------------
    def outcome(self, position: Position, misere: bool = False) -> str:
        """``"P"`` or ``"N"`` under normal (default) or misère play."""
        if misere:
            return "P" if self.is_misere_p(position) else "N"
        return "P" if self.nim_value(position) == 0 else "N"

    def winning_moves(self, position: Position, misere: bool = False) -> list[Move]:
        """Every move ``(text, option)`` to a P-position; empty for a P-position."""
        self.check_size(position)
        if self.outcome(position, misere) == "P":
            return []
        return [
            (text, option)
            for text, option in self.ruleset.options(position)
            if self.outcome(option, misere) == "P"
        ]


_SOLVERS: dict[str, ImpartialSolver] = {}


def solver_for(ruleset: ImpartialRuleset) -> ImpartialSolver:
    """A shared memoized solver for ``ruleset`` (one per ruleset name and variant)."""
    solver = _SOLVERS.get(ruleset.name)
    if solver is None or solver.ruleset is not ruleset:
        solver = ImpartialSolver(ruleset)
        _SOLVERS[ruleset.name] = solver
    return solver
