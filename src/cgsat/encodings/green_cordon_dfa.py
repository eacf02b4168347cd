"""Characterizations of green cordons by automata on the leaf word, for the inductive mex
checks of :mod:`cgsat.encodings.green_cordon` (Problem 5.1: nim-values 2 and 3).

The *leaf word* of a cordon of height n >= 1 is x_1 .. x_{n-1} (x_a = 1: a leaf arc at
v_a), read bottom-up. A :class:`WordDFA` accepts or rejects it; the empty cordon (height 0)
is accepted by ``empty``. The class has the interface of
:class:`cgsat.encodings.green_cordon.GapRule` (``start``, ``step``, ``accept``, ``states``,
``accept_empty``, ``holds``), so :class:`~cgsat.encodings.green_cordon.CordonCircuits` turns
it into circuits and :func:`~cgsat.encodings.green_cordon.inductive_instance` checks it,
unchanged. Unlike a ``GapRule`` it accepts at the end of the word (no extra step).

:data:`NIM2_DFA` and :data:`NIM3_DFA` are the minimal automata learned from the complete
tables of nim-values to height 20 (probe ``green-cordon-nim``). On the gaps
a(1), a(2) - a(1), ..., n - a(k) they read ``X (1 Y)* E O*`` and ``X X (1 Y)* E O*`` (X any
gap, Y a gap >= 2, E even, O odd; :mod:`cgsat.papers.thickets.gaps`).

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.2, 3.3 and Problem 5.1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cgsat.encodings.green_cordon import THM_3_2, THM_3_3, NimCharacterization

__all__ = ["NIM2_ALL", "NIM2_DFA", "NIM3_ALL", "NIM3_DFA", "WordDFA", "characterization"]


@dataclass(frozen=True)
class WordDFA:
    """A deterministic automaton on the leaf word x_1 .. x_{n-1} of a cordon.

    Attributes
    ----------
    delta : tuple of (int, int)
        ``delta[q] = (state on 0, state on 1)``; state 0 is the start.
    accepting : frozenset of int
        The states where the word is accepted.
    empty : bool
        Whether the empty cordon (height 0) is accepted.
    name : str
        A label (for messages).

    Examples
    --------
    >>> NIM2_DFA.holds(3, [1]), NIM2_DFA.holds(4, [1]), len(NIM2_DFA.states())
    (True, False, 6)
    """

    delta: tuple[tuple[int, int], ...]
    accepting: frozenset[int]
    empty: bool = False
    name: str = ""

    def start(self) -> int:
        """The start state."""
        return 0

    def step(self, state: int, leaf: bool) -> int:
        """The state after reading one vertex v_a (with a leaf or not)."""
        return self.delta[state][1 if leaf else 0]

    def accept(self, state: int) -> bool:
        """Whether the word read so far (the whole leaf word) is accepted."""
        return state in self.accepting

    def accept_empty(self) -> bool:
        """Whether the empty cordon is accepted."""
        return self.empty

    def states(self) -> list[int]:
        """Every state reachable from the start."""
        seen = {0}
        todo = [0]
        while todo:
            q = todo.pop()
            for nxt in self.delta[q]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return sorted(seen)

    def holds(self, height: int, attachments: Sequence[int]) -> bool:
        """Evaluate on a concrete cordon."""
        if height == 0:
            return self.empty
        leaves = set(attachments)
        q = self.start()
        for a in range(1, height):
            q = self.step(q, a in leaves)
        return self.accept(q)

    def with_accepting(self, accepting: Sequence[int], name: str = "") -> WordDFA:
        """The same transitions with other accepting states (for negative controls)."""
        return WordDFA(self.delta, frozenset(accepting), self.empty, name or self.name)


NIM2_DFA = WordDFA(
    delta=((0, 1), (2, 3), (4, 2), (0, 5), (2, 5), (5, 5)),
    accepting=frozenset({2}),
    name="nim2",
)
"""Nim-value 2: gaps ``X (1 Y)* E O*``. States: 0 no leaf yet; 1 just after a leaf
(pattern ``X`` or ``1 Y`` done); 3 after a gap 1 (a pair started); 2/4 in ``E O*`` at the
end of an even/odd stretch; 5 dead."""

NIM3_DFA = WordDFA(
    delta=((0, 1), (1, 2), (3, 4), (5, 3), (1, 6), (3, 6), (6, 6)),
    accepting=frozenset({3}),
    name="nim3",
)
"""Nim-value 3: gaps ``X X (1 Y)* E O*`` (the automaton of :data:`NIM2_DFA` after one more
arbitrary gap)."""

NIM2_ALL = NimCharacterization(2, NIM2_DFA, None, ((THM_3_2,), (THM_3_3,), (NIM2_DFA,)))
"""Every cordon: nim-value 2 iff :data:`NIM2_DFA` accepts (values 0, 1 of the options by
Theorems 3.2 and 3.3)."""

NIM3_ALL = NimCharacterization(
    3, NIM3_DFA, None, ((THM_3_2,), (THM_3_3,), (NIM2_DFA,), (NIM3_DFA,)))
"""Every cordon: nim-value 3 iff :data:`NIM3_DFA` accepts (value 2 of the options by
:data:`NIM2_DFA`, itself checked by :data:`NIM2_ALL`)."""


def characterization(value: int, rule: WordDFA) -> NimCharacterization:
    """The inductive claim "nim-value ``value`` iff ``rule``" over every cordon, reading the
    smaller values of the options from Theorems 3.2, 3.3 and :data:`NIM2_DFA`.

    Examples
    --------
    >>> characterization(2, NIM2_DFA) == NIM2_ALL
    True

    References
    ----------
    *Thinning Thickets*, Theorems 3.2, 3.3 and Problem 5.1.
    """
    lower: tuple[tuple, ...] = ((THM_3_2,), (THM_3_3,), (NIM2_DFA,))[:value]
    return NimCharacterization(value, rule, None, lower + ((rule,),))
