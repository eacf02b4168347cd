"""Controls that run with every count proved from an automaton (issue 36): a recurrence
proof re-checked on more terms than it needs, by code other than the code that proved it,
and counts from automata against counts by play at small sizes.

:func:`cgsat.automata.counting.prove_same_counts` compares the automaton's counts with a
recurrence on the terms that the order bound makes sufficient. :func:`recheck_recurrence`
asks again, sharing no code with it:

- the number of terms the proof must have compared, from the bound itself: the counts of
  an automaton with m states satisfy a linear recurrence of order m from the first word
  size s_a (Cayley-Hamilton on its m x m transfer matrix), the other sequence one of order
  q from s_b; their difference one of order m + q from s = max(s_a, s_b), so the sizes
  min(s_a, s_b) .. s + m + q - 1 decide it: s + m + q - min(s_a, s_b) terms. A proof that
  compared fewer fails the control;
- the terms themselves, on twice as many sizes plus two: the automaton's counts by a
  backward dynamic programme (the words of length n from a state that end accepted), not
  the forward transfer-matrix product of :mod:`~cgsat.automata.counting`, and the other
  sequence unrolled by its own loop.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.4 and 3.5.
.. [2] R. P. Stanley, *Enumerative Combinatorics* I, §4.7 (the transfer-matrix method).
"""

from __future__ import annotations

from collections.abc import Sequence

from cgsat.automata.counting import CountProof, Recurrence
from cgsat.automata.dfa import Automaton

__all__ = ["against_play", "backward_counts", "needed_terms", "recheck_recurrence",
           "unrolled"]


def backward_counts(auto: Automaton, bottom: bool, up_to: int) -> list[int]:
    """Counts by size 0 .. up_to (height when ``bottom``: size 0 is ⊥, size n the words of
    length n - 1), by the backward programme: ends[q] = accepted words of length n from q.

    Examples
    --------
    >>> even = Automaton("01", ((1, 1), (0, 0)), frozenset({0}))
    >>> backward_counts(even, False, 4), backward_counts(even, True, 3)
    ([1, 0, 4, 0, 16], [0, 1, 0, 4])
    """
    ends = [int(q in auto.accepting) for q in range(auto.size)]
    by_length = []
    for _ in range(up_to + 1):
        by_length.append(ends[0])
        ends = [sum(ends[t] for t in auto.delta[q]) for q in range(auto.size)]
    if not bottom:
        return by_length
    return ([int(auto.empty)] + by_length)[: up_to + 1]


def unrolled(other: Recurrence, initial: Sequence[int], up_to: int) -> dict[int, int]:
    """The other sequence at sizes other.start .. up_to, by its own loop.

    Examples
    --------
    >>> unrolled(Recurrence((1, 1), 0), [1, 0], 5)
    {0: 1, 1: 0, 2: 1, 3: 1, 4: 2, 5: 3}
    """
    seq = dict(zip(range(other.start, other.start + len(initial)), initial, strict=True))
    for n in range(other.start + len(initial), up_to + 1):
        seq[n] = sum(c * seq[n - i] for i, c in enumerate(other.coeffs, start=1))
    return seq


def needed_terms(auto: Automaton, bottom: bool, other: Recurrence) -> int:
    """How many sizes a proof of "the counts equal ``other``" must compare (module
    docstring): s + m + q - min(s_a, s_b).

    Examples
    --------
    >>> even = Automaton("01", ((1, 1), (0, 0)), frozenset({0}))
    >>> needed_terms(even, True, Recurrence((1, 1), 0))
    5
    """
    own_start = 1 if bottom else 0
    return (max(own_start, other.start) + auto.size + len(other.coeffs)
            - min(own_start, other.start))


def recheck_recurrence(auto: Automaton, bottom: bool, other: Recurrence,
                       initial: Sequence[int], proof: CountProof) -> list[str]:
    """The control of a recurrence proof: enough terms compared, and the counts equal the
    recurrence on twice as many sizes (plus two) by independent code. The failures, as
    text (empty: passed).

    Examples
    --------
    >>> from cgsat.automata.counting import prove_same_counts
    >>> one = Automaton("0", ((1,), (0,)), frozenset({0}))
    >>> rec = Recurrence((0, 1))
    >>> recheck_recurrence(one, False, rec, [1, 0], prove_same_counts(one, False, rec, [1, 0]))
    []
    >>> recheck_recurrence(one, False, rec, [1, 0], CountProof(True, 3, None, (1, 0, 1)))
    ['the proof compared 3 terms, the order bound needs 4']

    References
    ----------
    *Thinning Thickets*, Theorems 3.4 and 3.5.
    """
    failed = []
    need = needed_terms(auto, bottom, other)
    if proof.holds and proof.terms < need:
        failed.append(f"the proof compared {proof.terms} terms, the order bound needs {need}")
    first = min(1 if bottom else 0, other.start)
    top = first + 2 * need + 2
    mine = backward_counts(auto, bottom, top)
    theirs = unrolled(other, initial, top)
    wrong = next((n for n in range(other.start, top + 1) if mine[n] != theirs[n]), None)
    if proof.holds and wrong is not None:
        failed.append(f"the proof says the counts equal {other.text()}, but at size {wrong} "
                      f"they are {mine[wrong]} and {theirs[wrong]} (recomputed)")
    if not proof.holds and wrong is None:
        failed.append(f"the proof says the counts differ from {other.text()}, but they agree "
                      f"on {top - other.start + 1} sizes (recomputed)")
    return failed


def against_play(name: str, from_automaton: Sequence[int], by_play: Sequence[int]) -> list[str]:
    """Counts from an automaton against counts by play at the same sizes 0, 1, ...: the
    failures, as text.

    Examples
    --------
    >>> against_play("R_0", [1, 0, 1], [1, 0, 1]), against_play("R_0", [1, 1], [1, 0])
    ([], ['R_0 counts 1 at size 1, play 0'])
    """
    return [f"{name} counts {a} at size {n}, play {b}"
            for n, (a, b) in enumerate(zip(from_automaton, by_play, strict=True)) if a != b]
