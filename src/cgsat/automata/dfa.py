"""Deterministic word automata: the type the all-n deciders read.

An :class:`Automaton` reads a word over a finite alphabet from left to right. A family of
positions may have one position that is not a word (for green cordons the empty cordon, of
height 0, whose leaf word would be shorter than the empty word); the flag ``empty`` says
whether the automaton accepts it. Minimization, language equivalence and counting words by
length are delegated to ``automata-lib`` (:meth:`Automaton.to_lib`).

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.2-3.5 (characterizations
   of green cordons, read as automata on the leaf word).
.. [2] J. E. Hopcroft, J. D. Ullman, *Introduction to Automata Theory*, ch. 2-4.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from automata.fa.dfa import DFA

__all__ = ["Automaton", "coreachable", "product_size"]


@dataclass(frozen=True)
class Automaton:
    """A complete DFA over ``alphabet`` with start state 0.

    Attributes
    ----------
    alphabet : str
        The letters, one character each, in the order of the rows of ``delta``.
    delta : tuple of tuple of int
        ``delta[q][i]`` is the state after reading ``alphabet[i]`` in state q.
    accepting : frozenset of int
        The accepting states.
    empty : bool
        Whether the family's non-word position (written ⊥; the empty cordon) is accepted.
    name : str
        A label for messages and file names.

    Examples
    --------
    >>> even = Automaton("01", ((1, 1), (0, 0)), frozenset({0}), name="even length")
    >>> even.accepts("0110"), even.accepts("011"), even.accepts(None)
    (True, False, False)
    """

    alphabet: str
    delta: tuple[tuple[int, ...], ...]
    accepting: frozenset[int]
    empty: bool = False
    name: str = ""

    def __post_init__(self) -> None:
        m = len(self.delta)
        if m == 0:
            raise ValueError(f"automaton {self.name!r}: no states")
        if len(set(self.alphabet)) != len(self.alphabet) or not self.alphabet:
            raise ValueError(f"automaton {self.name!r}: bad alphabet {self.alphabet!r}")
        for q, row in enumerate(self.delta):
            if len(row) != len(self.alphabet) or any(not 0 <= t < m for t in row):
                raise ValueError(f"automaton {self.name!r}: bad row {q}: {row!r}")
        if any(not 0 <= q < m for q in self.accepting):
            raise ValueError(f"automaton {self.name!r}: accepting state out of range")

    @property
    def size(self) -> int:
        """The number of states."""
        return len(self.delta)

    def step(self, state: int, letter: str) -> int:
        """The state after reading one letter."""
        return self.delta[state][self.alphabet.index(letter)]

    def run(self, word: str, state: int = 0) -> int:
        """The state after reading ``word`` from ``state``."""
        for c in word:
            state = self.delta[state][self.alphabet.index(c)]
        return state

    def accepts(self, word: str | None) -> bool:
        """Whether ``word`` is accepted; ``None`` stands for the non-word position ⊥."""
        if word is None:
            return self.empty
        return self.run(word) in self.accepting

    # -- automata-lib: minimization, equivalence, counting --------------------------------
    def to_lib(self) -> DFA:
        """The same automaton as an ``automata-lib`` DFA (states are the integers).

        The flag ``empty`` is not part of it (⊥ is not a word).
        """
        return DFA(
            states=frozenset(range(self.size)),
            input_symbols=frozenset(self.alphabet),
            transitions={q: {c: self.delta[q][i] for i, c in enumerate(self.alphabet)}
                         for q in range(self.size)},
            initial_state=0,
            final_states=self.accepting,
        )

    @classmethod
    def from_lib(cls, dfa: DFA, alphabet: str, empty: bool = False,
                 name: str = "") -> Automaton:
        """An ``automata-lib`` DFA renumbered breadth-first from its start (state 0),
        completed with a dead state where it is partial."""
        order = [dfa.initial_state]
        index = {dfa.initial_state: 0}
        rows: list[list[int]] = []
        dead: int | None = None
        i = 0
        while i < len(order):
            q = order[i]
            row = []
            for c in alphabet:
                t = dfa.transitions.get(q, {}).get(c) if q is not None else None
                if t is None:
                    if dead is None:
                        dead = len(order)
                        order.append(None)
                    row.append(dead)
                    continue
                if t not in index:
                    index[t] = len(order)
                    order.append(t)
                row.append(index[t])
            rows.append(row)
            i += 1
        acc = frozenset(index[q] for q in dfa.final_states if q in index)
        return cls(alphabet, tuple(tuple(r) for r in rows), acc, empty, name)

    def minimal(self) -> Automaton:
        """The minimal complete automaton of the same language (and the same ``empty``),
        states numbered breadth-first.

        Examples
        --------
        >>> a = Automaton("01", ((1, 2), (0, 0), (0, 0)), frozenset({0}))
        >>> a.minimal().size
        2
        """
        lib = self.to_lib().minify(retain_names=False)
        return Automaton.from_lib(lib, self.alphabet, self.empty, self.name)

    def same_language(self, other: Automaton) -> bool:
        """Whether both accept the same words and agree on ⊥ (``automata-lib`` equality)."""
        return (self.alphabet == other.alphabet and self.empty == other.empty
                and self.to_lib() == other.to_lib())

    def count(self, length: int) -> int:
        """The number of accepted words of this length (``automata-lib``)."""
        return int(self.to_lib().count_words_of_length(length))

    # -- edits, for the negative controls ------------------------------------------------
    def edits(self) -> Iterator[tuple[str, Automaton]]:
        """Every single edit: flip one state's acceptance, redirect one transition to another
        state, flip ``empty``. Each comes with a description.

        Examples
        --------
        >>> a = Automaton("01", ((1, 1), (0, 0)), frozenset({0}))
        >>> [text for text, _ in a.edits()]
        ['flip accept 0', 'flip accept 1', 'delta(0,0) -> 0', 'delta(0,1) -> 0', \
'delta(1,0) -> 1', 'delta(1,1) -> 1', 'flip empty']
        """
        for q in range(self.size):
            yield f"flip accept {q}", replace(self, accepting=self.accepting ^ {q})
        for q in range(self.size):
            for i, c in enumerate(self.alphabet):
                for t in range(self.size):
                    if t == self.delta[q][i]:
                        continue
                    rows = [list(r) for r in self.delta]
                    rows[q][i] = t
                    yield (f"delta({q},{c}) -> {t}",
                           replace(self, delta=tuple(tuple(r) for r in rows)))
        yield "flip empty", replace(self, empty=not self.empty)

    # -- JSON ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """A JSON object: ``alphabet``, ``delta`` (rows), ``accepting``, ``empty``, ``name``."""
        return {"name": self.name, "alphabet": self.alphabet,
                "delta": [list(r) for r in self.delta],
                "accepting": sorted(self.accepting), "empty": self.empty}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Automaton:
        """Read :meth:`to_json`'s object back."""
        return cls(str(data["alphabet"]), tuple(tuple(int(t) for t in r) for r in data["delta"]),
                   frozenset(int(q) for q in data["accepting"]), bool(data.get("empty", False)),
                   str(data.get("name", "")))

    @classmethod
    def load(cls, path: str | Path) -> Automaton:
        """Read an automaton from a JSON file."""
        return cls.from_json(json.loads(Path(path).read_text()))

    def dump(self, path: str | Path) -> None:
        """Write the automaton as JSON."""
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")


def product_size(automata: Sequence[Automaton]) -> int:
    """The number of state tuples of a product (an upper bound, for messages)."""
    n = 1
    for a in automata:
        n *= a.size
    return n


def coreachable(auto: Automaton, targets: frozenset[int]) -> set[int]:
    """The states of ``auto`` from which some state of ``targets`` can be reached (a
    backward search over the transitions; ``targets`` included)."""
    back: dict[int, set[int]] = {}
    for q, row in enumerate(auto.delta):
        for t in row:
            back.setdefault(t, set()).add(q)
    live = set(targets)
    todo = list(live)
    while todo:
        t = todo.pop()
        for q in back.get(t, ()):
            if q not in live:
                live.add(q)
                todo.append(q)
    return live
