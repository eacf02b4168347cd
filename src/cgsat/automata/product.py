"""Decider (a): breadth-first search over the reachable states of a product automaton.

The search reads a word w letter by letter and keeps, in one product state:

- the state tuple of R_0 .. R_k (and the domain automaton) on the prefix read;
- ``done``: what is known of the options already determined (a prefix option, a move to ⊥),
  as bits: bit j when some option is in R_j, then "some option exists" and "some option
  leaves the domain";
- ``at_end``: the same bits for options that exist only if the word ends here;
- ``running``: for each automaton, the set of its states reached by the options that keep
  the rest of the word (a letter changed, a suffix), each still reading it (only "is some
  option in R_j" matters, so one set per automaton is exact; states that can no longer
  decide anything are dropped);
- ``pending``: windows of rules partly matched, with the state tuple their option starts
  from.

Each product state is evaluated as if the word ended there. Reading is breadth first, so the
first violation found is at a shortest violating word. The number of product states is
finite (tuples, bits and sets of tuples), so the search ends, and if no reachable state
violates the statement it holds for every word.

References
----------
.. [1] A. Mignoty, A. Renard, M. Rigo, M. Whiteland, "Automatic proofs in combinatorial game
   theory", Int. J. Game Theory 54 (2025) (the same idea in Walnut).
.. [2] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, §2.1 (the mex rule).
"""

from __future__ import annotations

import time
from collections import deque

from cgsat.automata.decision import Decision
from cgsat.automata.dfa import coreachable
from cgsat.automata.options import Statement

__all__ = ["BOTTOM", "Running", "State", "decide"]

BOTTOM = -1
"""The base of a move to ⊥ (not a state tuple)."""


class _Tuples:
    """Interned state tuples of the automata, with their transitions and membership bits."""

    def __init__(self, statement: Statement):
        fam = statement.family
        self.autos = list(statement.automata) + ([fam.domain] if fam.domain else [])
        self.k = statement.k
        self.has_domain = fam.domain is not None
        self.alphabet = fam.alphabet
        self.exists = 1 << (self.k + 1)
        self.out = 1 << (self.k + 2)
        self.ids: dict[tuple[int, ...], int] = {}
        self.tuples: list[tuple[int, ...]] = []
        self.bits: list[int] = []
        self.accept_bits: list[int] = []
        self.moves: dict[tuple[int, int], int] = {}
        self.start = self.intern(tuple(0 for _ in self.autos))
        bottom = self.exists
        for j, a in enumerate(statement.automata):
            if a.empty:
                bottom |= 1 << j
        if fam.domain is not None and not fam.domain.empty:
            bottom |= self.out
        self.bottom_bits = bottom
        self.live: set[int] | None = None
        if fam.domain is not None:
            self.live = coreachable(fam.domain, fam.domain.accepting)
        # per automaton, the states worth keeping in a running set: those that can still
        # reach acceptance (R_j), or rejection (the domain: "an option leaves it")
        self.useful: list[set[int]] = [
            coreachable(a, a.accepting) for a in statement.automata]
        if fam.domain is not None:
            d = fam.domain
            self.useful.append(coreachable(d, frozenset(range(d.size)) - d.accepting))

    def intern(self, t: tuple[int, ...]) -> int:
        i = self.ids.get(t)
        if i is None:
            i = len(self.tuples)
            self.ids[t] = i
            self.tuples.append(t)
            acc = 0
            for j in range(self.k + 1):
                if t[j] in self.autos[j].accepting:
                    acc |= 1 << j
            self.accept_bits.append(acc)
            bits = acc | self.exists
            if self.has_domain and t[-1] not in self.autos[-1].accepting:
                bits |= self.out
            self.bits.append(bits)
        return i

    def step(self, i: int, c: int) -> int:
        key = (i, c)
        r = self.moves.get(key)
        if r is None:
            t = self.tuples[i]
            r = self.intern(tuple(a.delta[q][c] for a, q in zip(self.autos, t, strict=True)))
            self.moves[key] = r
        return r

    def read(self, i: int, word: str) -> int:
        for ch in word:
            i = self.step(i, self.alphabet.index(ch))
        return i

    def in_domain(self, i: int) -> bool:
        return not self.has_domain or self.tuples[i][-1] in self.autos[-1].accepting

    def alive(self, i: int) -> bool:
        return self.live is None or self.tuples[i][-1] in self.live


Running = tuple[frozenset[int], ...]
State = tuple[int, int, int, Running, frozenset[tuple[int, int, int]], bool]
"""(tuple id, done bits, at-end bits, running state sets per automaton, pending (rule,
matched, base), at the start)."""


def decide(statement: Statement, *, max_states: int = 5_000_000,  # noqa: C901 - one BFS loop
           # over the product with its bookkeeping per kind of option; kept whole so that
           # the search reads as the inductive statement it decides
           timeout: float | None = None) -> Decision:
    """Decide ``statement`` for every word by the product search.

    Parameters
    ----------
    statement : Statement
        The family, its option rules and R_0 .. R_k.
    max_states : int
        Give up ("unknown") past this many product states.
    timeout : float or None
        Give up ("unknown") after this many seconds.

    Returns
    -------
    Decision
        ``proved`` with the reachable-state count, or ``refuted`` with a shortest violating
        word (⊥ first), or ``unknown``.

    Examples
    --------
    >>> from cgsat.automata.dfa import Automaton, coreachable
    >>> from cgsat.automata.options import OptionRule, WordFamily
    >>> nim = WordFamily("take one", "1", (OptionRule("1", "", keep_prefix=True,
    ...                  at_end=True),), False, "none", str)
    >>> even = Automaton("1", ((1,), (0,)), frozenset({0}))
    >>> odd = Automaton("1", ((1,), (0,)), frozenset({1}))
    >>> decide(Statement(nim, (even, odd))).verdict
    'proved'
    >>> decide(Statement(nim, (odd,))).counterexample
    ''

    References
    ----------
    *Thinning Thickets*, §2.1 (mex); *The Game of timber!*, Theorems 2.1, 2.2 (partition).
    """
    t0 = time.perf_counter()
    fam = statement.family
    tup = _Tuples(statement)
    k = statement.k
    rules = fam.rules
    nletters = len(fam.alphabet)

    def verdict(v: str, word: str | None = None, bottom: bool = False, states: int = 0,
                reason: str = "") -> Decision:
        return Decision("product", v, word, bottom, states, time.perf_counter() - t0, reason)

    # ⊥: no options; nim-value 0 under normal play, an N-position under misère play.
    if fam.bottom and fam.in_domain(None):
        for j, a in enumerate(statement.automata):
            want = (j == 0) and not statement.misere
            if a.empty != want:
                return verdict("refuted", None, True, 0,
                               f"R_{j} {'accepts' if a.empty else 'rejects'} ⊥")

    def base_of(rule_index: int, q: int) -> int:
        rule = rules[rule_index]
        if rule.insert is None:
            return BOTTOM
        return tup.read(q if rule.keep_prefix else tup.start, rule.insert)

    def bits_of(base: int) -> int:
        return tup.bottom_bits if base == BOTTOM else tup.bits[base]

    nautos = len(tup.autos)
    useful = tup.useful

    def complete(rule_index: int, base: int, done: int, at_end: int,
                 running: list[set[int]]) -> tuple[int, int]:
        rule = rules[rule_index]
        if rule.at_end:
            at_end |= bits_of(base)
        elif rule.keep_suffix:
            done |= tup.exists
            for a, q in enumerate(tup.tuples[base]):
                if q in useful[a]:
                    running[a].add(q)
        else:
            done |= bits_of(base)
        return done, at_end

    def running_bits(run: list[set[int]]) -> int:
        bits = 0
        for j in range(k + 1):
            if not run[j].isdisjoint(tup.autos[j].accepting):
                bits |= 1 << j
        if tup.has_domain and not run[-1] <= tup.autos[-1].accepting:
            bits |= tup.out
        return bits

    def opened(state: State) -> tuple[int, int, list[set[int]], set[tuple[int, int, int]]]:
        """Open the windows starting at the current index."""
        q, done, at_end, running, pending, start = state
        run = [set(r) for r in running]
        pend = set(pending)
        for ri, rule in enumerate(rules):
            if rule.at_start and not start:
                continue
            base = base_of(ri, q)
            if rule.window:
                pend.add((ri, 0, base))
            else:
                done, at_end = complete(ri, base, done, at_end, run)
        return done, at_end, run, pend

    def check(state: State) -> str:
        q = state[0]
        if not tup.in_domain(q):
            return ""
        done, at_end, run, _ = opened(state)
        seen = done | at_end | running_bits(run)
        if seen & tup.out:
            return "an option leaves the domain"
        acc = tup.accept_bits[q]
        for j in range(k + 1):
            if statement.misere:
                want = bool(seen & tup.exists) and not seen & 1
            else:
                want = not (seen >> j) & 1 and all((seen >> i) & 1 for i in range(j))
            if bool((acc >> j) & 1) != want:
                return (f"R_{j} {'accepts' if (acc >> j) & 1 else 'rejects'} it, the mex rule "
                        f"says {'yes' if want else 'no'}")
        return ""

    def successor(state: State, c: int) -> State:
        done, _, run, pend = opened(state)
        q = tup.step(state[0], c)
        at_end = 0
        new_run = [{t for t in (tup.autos[a].delta[s][c] for s in run[a]) if t in useful[a]}
                   for a in range(nautos)]
        new_pend: set[tuple[int, int, int]] = set()
        for ri, m, base in pend:
            window = rules[ri].window
            if fam.alphabet.index(window[m]) != c:
                continue
            if m + 1 == len(window):
                done, at_end = complete(ri, base, done, at_end, new_run)
            else:
                new_pend.add((ri, m + 1, base))
        return (q, done, at_end, tuple(frozenset(r) for r in new_run), frozenset(new_pend),
                False)

    start: State = (tup.start, 0, 0, tuple(frozenset() for _ in range(nautos)), frozenset(),
                    True)
    parent: dict[State, tuple[State, int] | None] = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        problem = check(state)
        if problem:
            letters = []
            node = state
            while parent[node] is not None:
                node, c = parent[node]  # type: ignore[misc]  # the start has no parent
                letters.append(fam.alphabet[c])
            return verdict("refuted", "".join(reversed(letters)), False, len(parent), problem)
        if not tup.alive(state[0]):
            continue
        for c in range(nletters):
            nxt = successor(state, c)
            if nxt not in parent:
                parent[nxt] = (state, c)
                queue.append(nxt)
        if len(parent) > max_states:
            return verdict("unknown", states=len(parent),
                           reason=f"more than {max_states} product states")
        if timeout is not None and time.perf_counter() - t0 > timeout:
            return verdict("unknown", states=len(parent), reason=f"timeout {timeout:g}s")
    return verdict("proved", states=len(parent))
