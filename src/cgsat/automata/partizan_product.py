"""Partizan decider (a): breadth-first search over the reachable states of a product
automaton, for a :class:`~cgsat.automata.partizan.PartizanStatement`.

The search reads a word letter by letter. One product state holds

- the states of the class automata A_c (and of the domain) on the prefix read;
- for each player, ``done``: bits for the options already determined (an option that drops
  the rest of the word): bit c when one is in A_c, and one bit when one leaves the domain;
- for each player, ``at_end``: the same bits for options that exist only if the word ends
  here;
- for each player and each automaton, ``running``: the set of its states reached by the
  options that keep the rest of the word (a suffix, a letter changed), each still reading
  it; only "is some option accepted" matters, so one set per automaton is exact, and states
  that can decide nothing any more are dropped;
- ``pending``: the windows of rules partly matched, with the state tuple their option
  starts from.

Each product state is checked as if the word ended there: the classes of the Left options
and of the Right options give, by the statement's class rule, the one class whose automaton
must accept the word. Reading is breadth first, so the first violation is at a shortest
violating word. The product states are finite (tuples, bits and sets), so the search ends;
if no reachable state violates the statement, it holds for every word.

Shares nothing with :mod:`cgsat.automata.partizan_setops` but the statement; written apart
from the impartial :mod:`cgsat.automata.product` (the same idea, with bits per player).

References
----------
.. [1] A. Mignoty, A. Renard, M. Rigo, M. Whiteland, "Automatic proofs in combinatorial game
   theory", Int. J. Game Theory 54 (2025).
.. [2] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, ch. 2 (outcome classes).
"""

from __future__ import annotations

import time
from collections import deque

from cgsat.automata.decision import Decision
from cgsat.automata.dfa import Automaton, coreachable
from cgsat.automata.options import OptionRule
from cgsat.automata.partizan import PartizanStatement

__all__ = ["decide"]

Tup = tuple[int, ...]
Sets = tuple[tuple[frozenset[int], ...], ...]
State = tuple[Tup, int, int, Sets, frozenset[tuple[int, int, Tup]], bool]
"""(state tuple, done bits, at-end bits, running sets per player and automaton, pending
(rule, letters matched, base tuple), at the start)."""


class _Search:
    """The product's parts that do not change while searching."""

    def __init__(self, st: PartizanStatement):
        fam = st.family
        self.st = st
        self.autos: list[Automaton] = list(st.automata) + ([fam.domain] if fam.domain else [])
        self.k = len(st.automata)
        self.width = self.k + 1  # bits per player: one per class, then "leaves the domain"
        self.domain = fam.domain
        self.rules: list[tuple[int, OptionRule]] = (
            [(0, r) for r in fam.left] + [(1, r) for r in fam.right])
        self.index = {c: i for i, c in enumerate(fam.alphabet)}
        self.start: Tup = tuple(0 for _ in self.autos)
        self.useful = [coreachable(a, a.accepting) for a in st.automata]
        if fam.domain is not None:
            d = fam.domain
            self.useful.append(coreachable(d, frozenset(range(d.size)) - d.accepting))
            self.live = coreachable(d, d.accepting)

    def read(self, q: Tup, word: str) -> Tup:
        for ch in word:
            i = self.index[ch]
            q = tuple(a.delta[s][i] for a, s in zip(self.autos, q, strict=True))
        return q

    def bits(self, q: Tup, player: int) -> int:
        b = 0
        for c in range(self.k):
            if q[c] in self.autos[c].accepting:
                b |= 1 << c
        if self.domain is not None and q[self.k] not in self.domain.accepting:
            b |= 1 << self.k
        return b << (player * self.width)

    def running_bits(self, run: list[list[set[int]]]) -> int:
        b = 0
        for player in (0, 1):
            for a, states in enumerate(run[player]):
                if a < self.k:
                    hit = not states.isdisjoint(self.autos[a].accepting)
                else:
                    hit = not states <= self.autos[a].accepting
                if hit:
                    b |= 1 << (a + player * self.width)
        return b

    def complete(self, ri: int, base: Tup, done: int, at_end: int,
                 run: list[list[set[int]]]) -> tuple[int, int]:
        player, rule = self.rules[ri]
        if rule.at_end:
            at_end |= self.bits(base, player)
        elif rule.keep_suffix:
            for a, s in enumerate(base):
                if s in self.useful[a]:
                    run[player][a].add(s)
        else:
            done |= self.bits(base, player)
        return done, at_end

    def opened(self, state: State) -> tuple[int, int, list[list[set[int]]],
                                             set[tuple[int, int, Tup]]]:
        """Open the windows that start at the current index."""
        q, done, at_end, running, pending, start = state
        run = [[set(s) for s in side] for side in running]
        pend = set(pending)
        for ri, (_, rule) in enumerate(self.rules):
            if rule.at_start and not start:
                continue
            if rule.insert is None:
                raise ValueError("a partizan family has no ⊥: every option is a word")
            base = self.read(q if rule.keep_prefix else self.start, rule.insert)
            if rule.window:
                pend.add((ri, 0, base))
            else:
                done, at_end = self.complete(ri, base, done, at_end, run)
        return done, at_end, run, pend

    def check(self, state: State) -> str:
        q = state[0]
        if self.domain is not None and q[self.k] not in self.domain.accepting:
            return ""
        done, at_end, run, _ = self.opened(state)
        seen = done | at_end | self.running_bits(run)
        sides = []
        for player in (0, 1):
            bits = seen >> (player * self.width)
            if (bits >> self.k) & 1:
                return f"{('Left', 'Right')[player]}'s option leaves the domain"
            sides.append(frozenset(c for i, c in enumerate(self.st.classes)
                                   if (bits >> i) & 1))
        want = self.st.class_of(sides[0], sides[1])
        accepted = [c for i, c in enumerate(self.st.classes)
                    if q[i] in self.autos[i].accepting]
        return self.st.mismatch(accepted, want)

    def successor(self, state: State, letter: int) -> State:
        done, _, run, pend = self.opened(state)
        q = tuple(a.delta[s][letter] for a, s in zip(self.autos, state[0], strict=True))
        at_end = 0
        new_run = [[{t for t in (self.autos[a].delta[s][letter] for s in side[a])
                     if t in self.useful[a]} for a in range(len(self.autos))]
                   for side in run]
        new_pend: set[tuple[int, int, Tup]] = set()
        for ri, m, base in pend:
            window = self.rules[ri][1].window
            if self.index[window[m]] != letter:
                continue
            if m + 1 == len(window):
                done, at_end = self.complete(ri, base, done, at_end, new_run)
            else:
                new_pend.add((ri, m + 1, base))
        frozen = tuple(tuple(frozenset(s) for s in side) for side in new_run)
        return (q, done, at_end, frozen, frozenset(new_pend), False)

    def alive(self, state: State) -> bool:
        return self.domain is None or state[0][self.k] in self.live


def decide(statement: PartizanStatement, *, max_states: int = 5_000_000,
           timeout: float | None = None) -> Decision:
    """Decide a partizan statement for every word by the product search.

    Parameters
    ----------
    statement : PartizanStatement
        The family, both players' option rules, the classes, their automata and the rule.
    max_states : int
        Give up ("unknown") past this many product states.
    timeout : float or None
        Give up ("unknown") after this many seconds.

    Returns
    -------
    Decision
        ``proved`` with the number of reachable product states, ``refuted`` with a shortest
        violating word (the least in the alphabet's order), or ``unknown``.

    Examples
    --------
    >>> from cgsat.automata.partizan import PartizanFamily
    >>> from cgsat.automata.options import OptionRule
    >>> take = PartizanFamily("take", "1", (OptionRule("1", "", keep_prefix=True,
    ...                       at_end=True),), (), "none", str)
    >>> empty = Automaton("1", ((1,), (1,)), frozenset({0}))
    >>> some = Automaton("1", ((1,), (1,)), frozenset({1}))
    >>> decide(PartizanStatement(take, ("P", "L"), (empty, some), "outcome")).verdict
    'proved'
    >>> decide(PartizanStatement(take, ("P", "R"), (empty, some), "outcome")).counterexample
    '1'

    References
    ----------
    Winning Ways, ch. 2 (outcomes); *Thinning Thickets*, Theorem 2.15 (reduced forms).
    """
    t0 = time.perf_counter()
    search = _Search(statement)
    letters = len(statement.family.alphabet)

    def verdict(v: str, word: str | None = None, states: int = 0, reason: str = "") -> Decision:
        return Decision("product", v, word, False, states, time.perf_counter() - t0, reason)

    start: State = (search.start, 0, 0,
                    tuple(tuple(frozenset() for _ in search.autos) for _ in (0, 1)),
                    frozenset(), True)
    parent: dict[State, tuple[State, int] | None] = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        problem = search.check(state)
        if problem:
            word = []
            node = state
            while (link := parent[node]) is not None:
                node, c = link
                word.append(statement.family.alphabet[c])
            return verdict("refuted", "".join(reversed(word)), len(parent), problem)
        if not search.alive(state):
            continue
        for c in range(letters):
            nxt = search.successor(state, c)
            if nxt not in parent:
                parent[nxt] = (state, c)
                queue.append(nxt)
        if len(parent) > max_states:
            return verdict("unknown", states=len(parent),
                           reason=f"more than {max_states} product states")
        if timeout is not None and time.perf_counter() - t0 > timeout:
            return verdict("unknown", states=len(parent), reason=f"timeout {timeout:g}s")
    return verdict("proved", states=len(parent))
