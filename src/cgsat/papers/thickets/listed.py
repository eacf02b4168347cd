"""The cordons a characterization lists, for the kit records of *Thinning Thickets*.

A characterization (Theorems 3.2, 3.3, the §5 statements, Problem 5.1's mined automata)
is stated in the kit as ``exactly(positions, value=...)`` over the green cordons; the
positions of height n are those its rule accepts (:func:`accepted`), printed in the
``green-cordon`` syntax. The kit's ``play`` then compares them with exhaustive play.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.2, 3.3, §5 and
   Problem 5.1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cgsat.games import green_cordon

__all__ = ["accepted"]


def accepted(n: int, *, rule: Callable[[int, Sequence[int]], bool]) -> list[str]:
    """The green cordons of height n that ``rule(height, attachments)`` accepts, printed.

    Examples
    --------
    >>> from cgsat.papers.thickets.rules import nim0_rule
    >>> accepted(4, rule=nim0_rule)
    ['4:', '4:2,3']
    >>> accepted(0, rule=nim0_rule), accepted(1, rule=nim0_rule)
    (['0:'], [])

    References
    ----------
    *Thinning Thickets*, Theorems 3.2, 3.3 and §5 (the rules), Definition 1.2 (cordons).
    """
    return [green_cordon.format_cordon(c) for c in green_cordon.cordons(n) if rule(*c)]
