"""The block pattern of the automata of green cordons of nim-value k >= 2 (Problem 5.1).

The minimal automata learned from complete tables of nim-values (probe
``green-cordon-nim``) for k = 2 .. 6 share one shape, on the leaf word x_1 .. x_{n-1}:

- a head: for even k, states 0 -> (0, 1) and 1 -> (2, 3); for odd k, states 0 -> (0, 1),
  1 -> (1, 2) and 2 -> (3, 4) (``q -> (on 0, on 1)``); let h be the first state after it
  (2 or 3) and h - 2 its "return" state;
- (k - 2) // 2 middle blocks of four states b, b+1, b+2, b+3 (b = h, h + 4, ...):
  b -> (b, b+2), b+1 -> (r, b+3), b+2 -> (b+2, b+3), b+3 -> (b+4, b+5), where r is b - 2;
- a final block f, f+1, f+2: f -> (f+2, f), f+1 -> (f-2, f+3), f+2 -> (f, f+3);
- a dead state f + 3. The only accepting state is f, and the empty cordon is rejected.

So A_k has 2k + 2 states for even k and 2k + 1 for odd k. :func:`pattern` builds A_k for
any k >= 2; that A_k is the nim-value-k set for every k is the conjecture
``thickets.green-nim-pattern``, proved for each k the deciders reach.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Problem 5.1.
"""

from __future__ import annotations

from cgsat.automata.dfa import Automaton


def pattern(k: int) -> Automaton:
    """The block-pattern automaton A_k on leaf words (k >= 2).

    Examples
    --------
    >>> pattern(2).delta
    ((0, 1), (2, 3), (4, 2), (0, 5), (2, 5), (5, 5))
    >>> pattern(3).size, pattern(12).size
    (7, 26)

    References
    ----------
    *Thinning Thickets*, Problem 5.1.
    """
    if k < 2:
        raise ValueError(f"the block pattern starts at nim-value 2, not {k}")
    rows: list[tuple[int, int]] = [(0, 1)]
    if k % 2:
        rows += [(1, 2), (3, 4)]
    else:
        rows += [(2, 3)]
    b = len(rows)
    for _ in range((k - 2) // 2):
        rows += [(b, b + 2), (b - 2, b + 3), (b + 2, b + 3), (b + 4, b + 5)]
        b += 4
    f = b
    rows += [(f + 2, f), (f - 2, f + 3), (f, f + 3), (f + 3, f + 3)]
    return Automaton("01", tuple(rows), frozenset({f}), False, f"nim{k}")
