"""The worked example of *Lumberjack* §4.2 (Figures 4.2.1, 4.2.5 and 4.2.7).

The figures are lost; the text fixes the tree G_1 through its three Tuft steps (Figure
4.2.5): two leaves of length 1 cancel at the top (1 ⊕ 1 = 0), the join below them of *1
and *2 becomes a branch of length 3, and the last join, of *2, *4 and *2, gives 4, so that
G_1''' is a bamboo stalk of height 5. Read back, G_1 is a trunk of one edge to a vertex v
carrying two stalks of 2 edges and an edge v–u; u carries a stalk of 2 edges and an edge
u–x, and x carries two leaves (11 edges):

    ``0-v v-a1 a1-a2 v-c1 c1-c2 v-u u-p1 p1-p2 u-x x-y1 x-y2``

What the text says of G_1, checked here (``lumberjack.example-4.2``):

- g(G_1) = 5;
- its followers have every value 0, 1, 2, 3, 4 and none has 5 (Figure 4.2.7);
- G_1 ⊕ G_2 ⊕ G_3 has value 5 ⊕ 3 ⊕ 4 = 2, with exactly one winning move in G_1: one
  class of options (up to isomorphism) has value 5 ⊕ 2 = 7.

G_2 (value 3, Figure 4.2.6) and G_3 (value 4) have no description in the text, so the
three winning moves in G_2 cannot be checked. The text speaks of "the seven followers of
G_1"; this reading has eight options up to isomorphism, with seven distinct values (0, 1,
2, 2, 3, 4, 7, 8), which may be what the lost figure shows.

Two methods share only the ruleset's options: the mex recursion
(:class:`cgsat.cgt.impartial.ImpartialSolver`) and the Tuft principle
(:func:`cgsat.cgt.tuft.tuft_nim_value`); a refutation is replayed by win/loss play on
G + *k, with no nim-values.

References
----------
.. [1] ``lumberjack.txt``, §4.2 "Lumberjack", Figures 4.2.1, 4.2.5 and 4.2.7 and equation
   (4.2.1).
"""

from __future__ import annotations

from collections.abc import Callable

from cgsat.cgt.impartial import ImpartialSolver
from cgsat.cgt.tuft import tuft_nim_value
from cgsat.claims import Budget, Claim, Method, Verdict
from cgsat.games import get_ruleset
from cgsat.games import rooted_trees as rt

__all__ = ["G1", "CLAIMS", "check_g1"]

PAPER = "Lumberjack (lumberjack.txt, Section 4.2)"

G1 = "0-v v-a1 a1-a2 v-c1 c1-c2 v-u u-p1 p1-p2 u-x x-y1 x-y2"
"""G_1 of Figure 4.2.1, read back from the three Tuft steps of the text (Figure 4.2.5)."""

_VALUE, _FOLLOWERS, _SUM = 5, set(range(5)), 2


def check_g1(value: Callable[[tuple[int, ...]], int]) -> Verdict:
    """The text's statements about G_1, with nim-values from ``value``.

    Examples
    --------
    >>> from cgsat.cgt.tuft import tuft_nim_value
    >>> check_g1(tuft_nim_value).detail
    'g(G1) = 5; option values 0, 1, 2, 3, 4, 7, 8; one winning option class in the sum (value 7)'

    References
    ----------
    ``lumberjack.txt``, §4.2, the worked example (Figures 4.2.1, 4.2.5, 4.2.7).
    """
    rs = get_ruleset("lumberjack")
    tree = rs.parse(G1)
    g = value(tree)
    options = {pos: value(pos) for _, pos in rs.options(tree)}  # up to isomorphism
    seen = set(options.values())
    if g != _VALUE:
        return Verdict.refuted("g(G1)", detail=f"g(G1) = {g}, the text says {_VALUE}")
    if not _FOLLOWERS <= seen or _VALUE in seen:
        return Verdict.refuted("followers", detail=f"option values {sorted(seen)}")
    winning = [pos for pos, v in options.items() if v == _VALUE ^ _SUM]
    if len(winning) != 1:
        return Verdict.refuted("winning moves", detail=(
            f"{len(winning)} option classes of value {_VALUE ^ _SUM}"))
    return Verdict.holds(detail=(
        f"g(G1) = {g}; option values {', '.join(map(str, sorted(seen)))}; one winning "
        f"option class in the sum (value {_VALUE ^ _SUM})"))


def _mex(n: int, budget: Budget) -> Verdict:
    """The text's statements about G_1, nim-values by the mex recursion."""
    return check_g1(ImpartialSolver(get_ruleset("lumberjack")).nim_value)


def _tuft(n: int, budget: Budget) -> Verdict:
    """The text's statements about G_1, nim-values by the Tuft principle."""
    return check_g1(tuft_nim_value)


def _confirm(n: int, counterexample: str) -> bool:
    """Replay by win/loss play: some statement about G_1 fails for the values k that make
    T + *k a P-position (no nim-value code)."""
    rs = get_ruleset("lumberjack")
    memo: dict[tuple[int, ...], bool] = {}

    def wins(pos: tuple[int, ...]) -> bool:
        if pos not in memo:
            memo[pos] = any(not wins(o) for _, o in rs.options(pos))
        return memo[pos]

    def value(tree: tuple[int, ...]) -> int:
        return next(k for k in range(64) if not wins(rt.join([tree, rt.stalk(k)])
                                                      if k else tree))

    return n == 1 and check_g1(value).status == "refuted"


CLAIMS: list[Claim] = [
    Claim(
        id="lumberjack.example-4.2", paper=PAPER,
        theorem="the worked example of §4.2 (Figures 4.2.1, 4.2.5, 4.2.7; equation 4.2.1)",
        statement="G_1 (read back from the text's Tuft steps) has g(G_1) = 5; its followers "
                  "have the values 0..4 and not 5; in G_1 + G_2 + G_3 = 5 xor 3 xor 4 = 2 "
                  "exactly one move in G_1 wins (to value 7, up to isomorphism).",
        kind="lemma", parameter="n = 1 (the one tree G_1)",
        base=1, quick_bound=1, target_bound=1, paper_bound=None,
        methods=(
            Method("mex", _mex, scope="G_1 and each of its options, nim-values by the mex "
                                      "recursion"),
            Method("tuft", _tuft, scope="G_1 and each of its options, nim-values by the "
                                        "Tuft principle"),
        ),
        confirm=_confirm,
        notes="G_2 and G_3 are not described in the text (their figures are lost), so the "
              "three winning moves in G_2 cannot be checked. The text's 'seven followers': "
              "this reading has eight options up to isomorphism with seven distinct values.",
    ),
]
