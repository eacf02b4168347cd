"""Plain transition-table DFAs for the pre-image decider (:mod:`cgsat.automata.preimage`):
Moore's minimisation, the reverse subset construction (Brzozowski), products and the
shortlex-least accepted word. No ``automata-lib``: this is the pre-image decider's own
automata code, independent of the set-operations decider.

References
----------
.. [1] E. F. Moore, "Gedanken-experiments on sequential machines", Automata Studies (1956)
   (partition refinement).
.. [2] J. A. Brzozowski, "Canonical regular expressions and minimal state graphs for definite
   events" (1962): determinising the reverse of an accessible DFA gives a minimal DFA.
.. [3] J. E. Hopcroft, J. D. Ullman, *Introduction to Automata Theory*, ch. 2-4.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

__all__ = ["Table", "explore", "minimal", "product", "reverse_determinised", "shortest"]

S = TypeVar("S", bound=Hashable)


@dataclass(frozen=True)
class Table:
    """A complete DFA with states 0 .. n - 1 and start 0.

    Attributes
    ----------
    delta : tuple of tuple of int
        ``delta[q][i]``: the state after the i-th letter.
    accepting : tuple of bool
        ``accepting[q]``: whether q accepts.

    Examples
    --------
    >>> even = Table(((1,), (0,)), (True, False))
    >>> even.size, even.accepts((0, 0)), even.accepts((0,))
    (2, True, False)
    """

    delta: tuple[tuple[int, ...], ...]
    accepting: tuple[bool, ...]

    @property
    def size(self) -> int:
        """The number of states."""
        return len(self.delta)

    def run(self, letters: Sequence[int], state: int = 0) -> int:
        """The state after reading ``letters`` (letter indices)."""
        for c in letters:
            state = self.delta[state][c]
        return state

    def accepts(self, letters: Sequence[int]) -> bool:
        """Whether the word (letter indices) is accepted."""
        return self.accepting[self.run(letters)]

    @classmethod
    def constant(cls, letters: int, accept: bool) -> Table:
        """The one-state DFA of every word (``accept``) or of none."""
        return cls((tuple(0 for _ in range(letters)),), (accept,))


def explore(start: S, letters: int, step: Callable[[S, int], S],
            accept: Callable[[S], bool], tick: Callable[[], None] | None = None) -> Table:
    """The reachable part of a DFA given by a start state (any hashable), ``step`` and
    ``accept``, numbered breadth first (an on-the-fly subset construction when the states
    are sets).

    Examples
    --------
    >>> t = explore(0, 2, lambda q, c: min(int(q) + c, 2), lambda q: q == 1)
    >>> t.delta, t.accepting
    (((0, 1), (1, 2), (2, 2)), (False, True, False))
    """
    index: dict[S, int] = {start: 0}
    order = [start]
    rows: list[tuple[int, ...]] = []
    i = 0
    while i < len(order):
        q = order[i]
        row = []
        for c in range(letters):
            t = step(q, c)
            j = index.get(t)
            if j is None:
                j = index[t] = len(order)
                order.append(t)
            row.append(j)
        rows.append(tuple(row))
        i += 1
        if tick is not None and i % 256 == 0:
            tick()
    return Table(tuple(rows), tuple(bool(accept(q)) for q in order))


def minimal(table: Table) -> Table:
    """The minimal DFA of the same language (Moore's partition refinement on the reachable
    states), numbered breadth first.

    Examples
    --------
    >>> minimal(Table(((1, 2), (0, 0), (0, 0)), (True, False, False))).size
    2
    >>> minimal(Table(((0,),), (False,))).accepting
    (False,)
    """
    t = explore(0, len(table.delta[0]), lambda q, c: table.delta[q][c],
                lambda q: table.accepting[q])
    block = [int(a) for a in t.accepting]
    count = len(set(block))
    while True:
        ids: dict[tuple[int, ...], int] = {}
        new = []
        for q, row in enumerate(t.delta):
            sig = (block[q], *(block[r] for r in row))
            new.append(ids.setdefault(sig, len(ids)))
        block = new
        if len(ids) == count:
            break
        count = len(ids)
    rep: dict[int, int] = {}
    for q, b in enumerate(block):
        rep.setdefault(b, q)
    return explore(block[0], len(t.delta[0]), lambda b, c: block[t.delta[rep[b]][c]],
                   lambda b: t.accepting[rep[b]])


def product(tables: Sequence[Table], accept: Callable[[tuple[int, ...]], bool]) -> Table:
    """The reachable product of ``tables`` accepting the state tuples ``accept`` says
    (an intersection, a union, a difference: any Boolean combination).

    Examples
    --------
    >>> a = Table(((1,), (0,)), (True, False))
    >>> product([a, Table.constant(1, True)], lambda t: not a.accepting[t[0]]).accepting
    (False, True)
    """
    letters = len(tables[0].delta[0])
    def step(t: tuple[int, ...], c: int) -> tuple[int, ...]:
        return tuple(a.delta[q][c] for a, q in zip(tables, t, strict=True))

    return explore(tuple(0 for _ in tables), letters, step, accept)


def reverse_determinised(table: Table) -> Table:
    """The DFA of the reversed language, by the subset construction on the reversed
    transitions; minimal when every state of ``table`` is reachable (Brzozowski).

    Examples
    --------
    >>> ends_in_1 = Table(((0, 1), (0, 1)), (False, True))  # letters 0, 1
    >>> r = reverse_determinised(ends_in_1)   # starts with 1
    >>> r.accepts((1, 0, 0)), r.accepts((0, 1))
    (True, False)
    """
    letters = len(table.delta[0])
    back: list[list[list[int]]] = [[[] for _ in range(table.size)] for _ in range(letters)]
    for q, row in enumerate(table.delta):
        for c, t in enumerate(row):
            back[c][t].append(q)
    start = frozenset(q for q in range(table.size) if table.accepting[q])

    def step(s: frozenset[int], c: int) -> frozenset[int]:
        return frozenset(p for q in s for p in back[c][q])

    return explore(start, letters, step, lambda s: 0 in s)


def shortest(tables: Sequence[Table], bad: Callable[[tuple[int, ...]], bool],
             alive: Callable[[tuple[int, ...]], bool] | None = None,
             tick: Callable[[], None] | None = None) -> tuple[int, ...] | None:
    """The shortlex-least word (letter indices) whose state tuple in the product of
    ``tables`` is ``bad``, or None: breadth first, letters in order, each tuple keeping the
    first word that reaches it (so tuples are taken in shortlex order of their words).
    Tuples that are not ``alive`` are not expanded (no bad word goes through them).

    Examples
    --------
    >>> a = Table(((1, 0), (1, 0)), (False, True))  # the last letter is 0
    >>> shortest([a], lambda t: a.accepting[t[0]])
    (0,)
    >>> shortest([a], lambda t: False) is None
    True
    """
    letters = len(tables[0].delta[0])
    start = tuple(0 for _ in tables)
    parent: dict[tuple[int, ...], tuple[tuple[int, ...], int] | None] = {start: None}
    queue = deque([start])
    while queue:
        t = queue.popleft()
        if bad(t):
            word = []
            node = t
            while (link := parent[node]) is not None:
                node, c = link
                word.append(c)
            return tuple(reversed(word))
        if alive is not None and not alive(t):
            continue
        for c in range(letters):
            u = tuple(a.delta[q][c] for a, q in zip(tables, t, strict=True))
            if u not in parent:
                parent[u] = (t, c)
                queue.append(u)
        if tick is not None and len(parent) % 1024 == 0:
            tick()
    return None
