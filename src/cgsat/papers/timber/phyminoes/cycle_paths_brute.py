"""An odd cycle with a pendant path is its triangle, in Phyminoes, by exhaustive play
(*The Game of timber!*, Problem 4.3; the claim ``timber.phyminoes-odd-cycle-path``).

For each member ``C_k + P_L`` with n vertices (:mod:`.cycle_paths`), every orientation is
played out by the direct solver (:mod:`cgsat.games.phyminoes`, distances in G - xy) and
compared with the triangle ``C_3 + P_L`` whose path has the same orientation (its own
three edges oriented ``c0>c1>c2>c0``; for k = 3 the loop itself runs over every orientation
of the triangle). Counterexamples are replayed by plain recursion (:mod:`cgsat.cgt.play`).
This module imports no encoding and no SAT code.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §4, Problem 4.3.
"""

from __future__ import annotations

from cgsat.cgt import play
from cgsat.cgt.impartial import ImpartialSolver
from cgsat.claims import Budget, Verdict
from cgsat.games import get_ruleset
from cgsat.games.oriented import orientations
from cgsat.games.timber import format as fmt
from cgsat.papers.timber.phyminoes.cycle_paths import cycle_with_path, members

__all__ = ["READING", "odd_cycle_path", "confirm"]

READING = "minus-edge"


def _triangle_of(arcs: frozenset[tuple[str, str]]) -> frozenset[tuple[str, str]]:
    """The triangle ``c0>c1>c2>c0`` with the path arcs of ``arcs``."""
    path = {(a, b) for a, b in arcs if a.startswith("p") or b.startswith("p")}
    return frozenset(path | {("c0", "c1"), ("c1", "c2"), ("c2", "c0")})


def odd_cycle_path(n: int, budget: Budget, shift: int = 0) -> Verdict:
    """Every orientation of every ``C_k + P_L`` with n vertices has the nim-value of the
    triangle with the same path (plus ``shift``: the tests' perturbed rules).

    Parameters
    ----------
    n : int
        The number of vertices.
    budget : Budget
        Unused (no solver).
    shift : int
        As in the SAT method.

    Returns
    -------
    Verdict

    Examples
    --------
    >>> odd_cycle_path(6, Budget()).detail
    '128 orientations played out'

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    if not members(n):
        return Verdict.vacuous(f"no odd cycle with a pendant path has {n} vertices")
    solver = ImpartialSolver(get_ruleset("phyminoes", distances=READING))
    count = 0
    for k, length in members(n):
        for pos in orientations(cycle_with_path(k, length)):
            count += 1
            if solver.nim_value(pos) != solver.nim_value(_triangle_of(pos)) + shift:
                return Verdict.refuted(fmt(pos), detail=(
                    f"C_{k} with a pendant path of {length}: not the triangle's nim-value"))
    return Verdict.holds(detail=f"{count} orientations played out")


def confirm(n: int, counterexample: str, shift: int = 0) -> bool:
    """Replay a refutation by plain recursion: this ``C_k + P_L`` and the triangle
    ``c0>c1>c2>c0`` with its path have nim-values that differ by other than ``shift``.

    Examples
    --------
    >>> confirm(5, "c0>p1 p1>p2 c0>c1 c1>c2 c2>c0")
    False

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    r = get_ruleset("phyminoes", distances=READING)
    pos = r.parse(counterexample)
    return play.nim_value(r, pos) != play.nim_value(r, _triangle_of(pos)) + shift
