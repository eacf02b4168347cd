"""Claims from *Lumberjack* (§4.2 of ``lumberjack.txt``): green Hackenbush on rooted trees.

- ``lumberjack.tuft``: the Tuft principle (:func:`cgsat.cgt.tuft.tuft_nim_value`,
  g(T) = XOR over the root's children c of (1 + g(T_c))) gives the same nim-value as plain
  recursion, on every rooted tree with n edges.

Why no SAT method: a rooted tree has no "colours" to make symbolic. In Lumberjack every
edge can be hacked by either player and there is no orientation or letter per edge, so a
position of a given shape *is* the tree; "all trees with n edges" is a family of shapes,
not an assignment to variables of one shape. A kernel encoding would need one instance per
tree, which is plain recursion in disguise. The two methods are therefore two independent
computations of the value of every tree (docs/architecture.md):

- ``mex``: the nim-value by the mex rule with the Sprague–Grundy sum over the branches at
  the root (:class:`cgsat.cgt.impartial.ImpartialSolver`), compared with the Tuft value;
- ``sum-outcome``: no nim-values at all. For each tree T the forest T + *k, with k the
  Tuft value (a stalk of k edges beside T), must be a P-position, decided by plain
  win/loss recursion over whole forests (here, memoized on the canonical form). Since
  g(T + *k) = g(T) XOR k, that holds exactly when g(T) = k. This is the check the text
  itself makes for T_2 (Figure 4.2.3: "T_2 ⊕ *1 must be a P-position").

References
----------
.. [1] ``lumberjack.txt``, §4.2 "Lumberjack", the Tuft Principle (Figures 4.2.2–4.2.7).
.. [2] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, Vol. 1, ch. 7 (the colon
   principle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cgsat.cgt.impartial import ImpartialSolver, solver_for
from cgsat.cgt.tuft import tuft_nim_value
from cgsat.claims import Budget, Claim, Method, Verdict
from cgsat.games import get_ruleset, lumberjack
from cgsat.games import rooted_trees as rt

if TYPE_CHECKING:
    from cgsat.games.base import ImpartialRuleset

__all__ = ["PAPER", "tk_expected", "CLAIMS"]

PAPER = "Lumberjack (lumberjack.txt, Section 4.2)"


def _ruleset() -> ImpartialRuleset:
    """The ``lumberjack`` ruleset."""
    return get_ruleset("lumberjack")


# -- the Tuft principle ---------------------------------------------------------------------


def _mex_method(n: int, budget: Budget) -> Verdict:
    """Every rooted tree with n edges: the mex recursion's nim-value equals the Tuft value."""
    rs = _ruleset()
    solver = solver_for(rs)
    trees = rt.rooted_trees(n)
    for tree in trees:
        if solver.nim_value(tree) != tuft_nim_value(tree):
            return Verdict.refuted(rs.format(tree), detail=(
                f"recursion gives {solver.nim_value(tree)}, Tuft {tuft_nim_value(tree)}"))
    return Verdict.holds(detail=f"{len(trees)} rooted trees with {n} edges")


class _WinLoss:
    """Plain win/loss recursion over whole Lumberjack forests (no nim-values, no sums)."""

    def __init__(self) -> None:
        self.options = lumberjack.options
        self.memo: dict[tuple[int, ...], bool] = {}

    def next_player_wins(self, forest: tuple[int, ...]) -> bool:
        """Whether the player to move wins ``forest`` (normal play)."""
        memo = self.memo
        stack = [forest]
        while stack:
            pos = stack[-1]
            if pos in memo:
                stack.pop()
                continue
            pending = []
            wins = False
            for _, option in self.options(pos):
                known = memo.get(option)
                if known is None:
                    pending.append(option)
                elif not known:
                    wins = True
                    break
            if not wins and pending:
                stack.extend(pending)
                continue
            memo[pos] = wins
            stack.pop()
        return memo[forest]


_WIN_LOSS: _WinLoss | None = None


def _win_loss() -> _WinLoss:
    """The shared win/loss memo (made on first use)."""
    global _WIN_LOSS
    if _WIN_LOSS is None:
        _WIN_LOSS = _WinLoss()
    return _WIN_LOSS


def _sum_outcome_method(n: int, budget: Budget) -> Verdict:
    """Every rooted tree T with n edges: T + *k is a P-position, k the Tuft value."""
    play = _win_loss()
    rs = _ruleset()
    trees = rt.rooted_trees(n)
    for tree in trees:
        k = tuft_nim_value(tree)
        forest = rt.join([tree, rt.stalk(k)]) if k else tree
        if play.next_player_wins(forest):
            return Verdict.refuted(rs.format(tree), detail=(
                f"T + *{k} (the Tuft value) is an N-position, so g(T) != {k}"))
    return Verdict.holds(detail=f"{len(trees)} rooted trees with {n} edges")


def _confirm(n: int, counterexample: str) -> bool:
    """Replay: the tree has n edges and recursion and the Tuft principle differ on it."""
    rs = _ruleset()
    tree = rs.parse(counterexample)
    return rs.size(tree) == n and ImpartialSolver(rs).nim_value(tree) != tuft_nim_value(tree)


# -- the T_k family (Figure 4.2.2; the figure is lost) ------------------------------------


def tk_expected(k: int) -> int:
    """The nim-value of T_k that the text's pattern gives: 2 for odd k, 1 for even k.

    The text computes T_1 .. T_5 and states g(T_{2k-1}) = 2 and g(T_{2k}) = 1 (k >= 1),
    "a simple example of the Tuft Principle".

    Parameters
    ----------
    k : int
        The number of leaves on the root edge's top vertex (k >= 1).

    Returns
    -------
    int

    Examples
    --------
    >>> [tk_expected(k) for k in range(1, 6)]
    [2, 1, 2, 1, 2]

    References
    ----------
    ``lumberjack.txt``, §4.2 "Lumberjack", the family T_k of Figure 4.2.2 (the Tuft
    Principle).
    """
    return 2 if k % 2 else 1


def _tk_play(n: int, budget: Budget) -> Verdict:
    """g(T_n) by the mex recursion equals the text's pattern."""
    rs = _ruleset()
    tree = rt.T_k(n)
    value = ImpartialSolver(rs).nim_value(tree)
    if value != tk_expected(n):
        return Verdict.refuted(rs.format(tree), detail=f"g(T_{n}) = {value} by play")
    return Verdict.holds(detail=f"g(T_{n}) = {value}")


def _tk_sum_outcome(n: int, budget: Budget) -> Verdict:
    """T_k + *g must be a P-position (win/loss recursion, no nim-values, no Tuft)."""
    rs = _ruleset()
    g = tk_expected(n)
    tree = rt.T_k(n)
    if _win_loss().next_player_wins(rt.join([tree, rt.stalk(g)])):
        return Verdict.refuted(rs.format(tree), detail=f"T_{n} + *{g} is an N-position")
    return Verdict.holds(detail=f"T_{n} + *{g} is a P-position")


def _tk_confirm(n: int, counterexample: str) -> bool:
    """Replay: the tree is T_n and its nim-value by recursion differs from the pattern."""
    rs = _ruleset()
    tree = rs.parse(counterexample)
    return tree == rt.T_k(n) and ImpartialSolver(rs).nim_value(tree) != tk_expected(n)


CLAIMS: list[Claim] = [
    # The Tuft Principle of §4.2 (the colon principle of Winning Ways).
    Claim(
        id="lumberjack.tuft", paper=PAPER, theorem="the Tuft Principle",
        statement="The Tuft principle (g(T) = XOR over the root's children c of "
                  "1 + g(T_c)) equals the nim-value by plain recursion on every rooted tree.",
        kind="principle", parameter="n = number of edges of the rooted tree",
        base=0, quick_bound=9, target_bound=13, paper_bound=None,
        methods=(
            Method("mex", _mex_method, scope=(
                "every rooted tree with n edges (one per isomorphism class): the mex "
                "recursion's nim-value equals the Tuft value")),
            Method("sum-outcome", _sum_outcome_method, scope=(
                "every rooted tree T with n edges: T + *k is a P-position by win/loss "
                "recursion, k the Tuft value (so g(T) = k)")),
        ),
        confirm=_confirm,
        notes="No SAT method: a rooted tree has no colour variables (every edge is "
              "green), so there is nothing to make symbolic; see the module docstring. "
              "The text applies the principle to examples and defers its proof; the "
              "formula is the colon principle of Winning Ways.",
    ),
    # The family T_k of Figure 4.2.2: g(T_{2k-1}) = 2, g(T_{2k}) = 1.
    Claim(
        id="lumberjack.tk-family", paper=PAPER, theorem="the family T_k (Figure 4.2.2)",
        statement="T_k, a root edge with k leaves on its top vertex, has g(T_{2k-1}) = 2 "
                  "and g(T_{2k}) = 1.",
        kind="family", parameter="n = k, the number of leaves on the root edge's top vertex",
        base=1, quick_bound=16, target_bound=22, paper_bound=5,
        methods=(
            Method("play", _tk_play, max_n=22, scope=(
                "g(T_n) by the mex recursion equals 2 for odd n and 1 for even n")),
            Method("sum-outcome", _tk_sum_outcome, max_n=22, scope=(
                "T_n + *g, with g the claimed value, is a P-position by win/loss recursion "
                "over whole forests")),
        ),
        confirm=_tk_confirm,
        notes="The figure is lost; T_k is read as a root edge with k leaves on its top "
              "vertex (T_1 is a stalk of 2, as the text says). The text computes T_1..T_5. "
              "No SAT method, for the reason given for lumberjack.tuft.",
    ),
]
