"""Decider (d): the statement by pre-images built with cgsat's own automata code
(:mod:`cgsat.automata.tables`; no ``automata-lib``, nothing shared with the other deciders
but the statement and the :class:`~cgsat.automata.decision.Decision` record).

For a set of positions T (some R_j, the complement of the domain, or every position) the
*pre-image* of T is the set of words with some option in T. It is built as a DFA directly,
by an on-the-fly subset construction:

- read forward, for the rules that keep a prefix, keep nothing, or start at index 0: the
  state is T's state on the prefix read, the set of T's states of the options that keep the
  rest of the word (each still reading it), the windows partly matched (with the state their
  option starts from), and whether an option found so far, or one that exists if the word
  ends here, is in T (once one is, the state is a single accepting sink);
- read backward, for the rules whose option is a suffix after an insert (Toppling Peaks: an
  L at i leaves w[i+1:]; read forward these need one run of T per start): the state is the
  set of T's states from which the suffix read so far reaches acceptance (one deterministic
  set), the windows partly matched, and whether an option in T was found. Determinising
  the reverse of that automaton gives the pre-image's minimal DFA (Brzozowski).

Each DFA is minimised by Moore's partition refinement. The statement (*Thinning Thickets*
§2.1, normal play) says, inside the domain D,

    R_j = D ∩ (no option in R_j) ∩ (some option in R_i, every i < j),   j = 0 .. k,

or (misère play, k = 0) R_0 = D ∩ (some option) ∩ (no option in R_0), and no word of D has
an option outside D. Each equation is checked by a breadth-first search over the product of
the few minimal DFAs it involves (D, R_j, the intersection of the earlier pre-images, the
pre-image of R_j), which returns its shortlex-least violating word; the least of these (in
the order of the family's alphabet) is the counterexample, the same word the other deciders
give. ⊥ has no options and is checked on its own: nim-value 0, a misère N-position.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, §2.1 (the mex rule).
.. [2] R. J. Nowakowski et al., *The Game of timber!*, Theorems 2.1-2.4 (the partition into
   P- and N-positions, normal and misère).
.. [3] J. A. Brzozowski, "Canonical regular expressions and minimal state graphs for
   definite events" (1962); E. F. Moore, "Gedanken-experiments on sequential machines"
   (1956).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from cgsat.automata.decision import Decision
from cgsat.automata.dfa import Automaton
from cgsat.automata.options import OptionRule, Statement
from cgsat.automata.tables import Table, explore, minimal, product, reverse_determinised, shortest

__all__ = ["Goal", "decide", "preimage"]

_FOUND = "found"
"""The accepting sink of the pre-image constructions: an option in the target was found."""


@dataclass(frozen=True)
class Goal:
    """A set of positions an option may fall in: the words a complete DFA accepts (start
    0) and, with ``bottom``, ⊥.

    Attributes
    ----------
    delta : tuple of tuple of int
        ``delta[q][i]``: the state after the i-th letter of the alphabet.
    accepting : frozenset of int
        The accepting states.
    bottom : bool
        Whether ⊥ is in the set.

    Examples
    --------
    >>> odd = Automaton("1", ((1,), (0,)), frozenset({1}))
    >>> g = Goal.of(odd, complement=True)
    >>> sorted(g.accepting), g.bottom
    ([0], True)
    """

    delta: tuple[tuple[int, ...], ...]
    accepting: frozenset[int]
    bottom: bool

    @classmethod
    def of(cls, automaton: Automaton, complement: bool = False) -> Goal:
        """The positions ``automaton`` accepts (its complement, ⊥ included, with
        ``complement``)."""
        acc = automaton.accepting
        if complement:
            return cls(automaton.delta, frozenset(range(automaton.size)) - acc,
                       not automaton.empty)
        return cls(automaton.delta, acc, automaton.empty)

    @classmethod
    def everything(cls, letters: int) -> Goal:
        """Every position: the pre-image is "some option exists"."""
        return cls((tuple(0 for _ in range(letters)),), frozenset({0}), True)

    def run(self, letters: str, alphabet: str, state: int = 0) -> int:
        """The state after reading ``letters``."""
        for c in letters:
            state = self.delta[state][alphabet.index(c)]
        return state

    def useful(self) -> frozenset[int]:
        """The states from which an accepting one can be reached."""
        back: dict[int, list[int]] = {}
        for q, row in enumerate(self.delta):
            for t in row:
                back.setdefault(t, []).append(q)
        live = set(self.accepting)
        todo = list(live)
        while todo:
            for q in back.get(todo.pop(), ()):
                if q not in live:
                    live.add(q)
                    todo.append(q)
        return frozenset(live)


def _backward(rule: OptionRule) -> bool:
    """Whether the rule's option is a suffix after an insert, from any index (read
    backward by :func:`preimage`)."""
    return rule.keep_suffix and not rule.keep_prefix and not rule.at_end and not rule.at_start


Forward = tuple[int, frozenset[int], bool, frozenset[tuple[int, int, int]], bool] | str
"""(T's state on the prefix, running states, an at-end option in T, pending windows (rule,
letters matched, base; base -1 for ⊥), at index 0), or the sink :data:`_FOUND`."""


class _Forward:
    """The forward construction's states and moves (module docstring: read forward)."""

    def __init__(self, rules: tuple[OptionRule, ...], chosen: list[int], goal: Goal,
                 alphabet: str):
        self.rules, self.chosen, self.goal, self.alphabet = rules, chosen, goal, alphabet
        self.useful = goal.useful()
        self.prefix = any(rules[ri].keep_prefix for ri in chosen)

    def base(self, rule: OptionRule, p: int) -> tuple[int, bool]:
        """The goal's state on the option's start (-1 for ⊥), and whether the option may
        still be in the goal."""
        goal = self.goal
        if rule.insert is None:
            return -1, goal.bottom
        base = goal.run(rule.insert, self.alphabet, p if rule.keep_prefix else 0)
        if rule.keep_suffix and not rule.at_end:
            return base, base in self.useful
        return base, base in goal.accepting

    def opened(self, state: Forward) -> Forward:
        """Open the windows that start at the current index."""
        if isinstance(state, str):
            return state
        p, run, end, pend, start = state
        new_run, new_pend = set(run), set(pend)
        for ri in self.chosen:
            rule = self.rules[ri]
            if rule.at_start and not start:
                continue
            base, possible = self.base(rule, p)
            if not possible:
                continue
            if rule.window:
                new_pend.add((ri, 0, base))
            elif rule.at_end:
                end = True
            elif rule.keep_suffix:
                new_run.add(base)
            else:
                return _FOUND
        return p, frozenset(new_run), end, frozenset(new_pend), start

    def accept(self, state: Forward) -> bool:
        """Whether the word read has an option in the goal."""
        state = self.opened(state)
        if isinstance(state, str):
            return True
        return state[2] or not state[1].isdisjoint(self.goal.accepting)

    def step(self, state: Forward, c: int) -> Forward:
        """Read the letter with index c."""
        state = self.opened(state)
        if isinstance(state, str):
            return state
        p, run, _, pend, _ = state
        delta = self.goal.delta
        new_run = {t for t in (delta[q][c] for q in run) if t in self.useful}
        end = False
        new_pend = set()
        letter = self.alphabet[c]
        for ri, m, base in pend:
            rule = self.rules[ri]
            if rule.window[m] != letter:
                continue
            if m + 1 < len(rule.window):
                new_pend.add((ri, m + 1, base))
            elif rule.at_end:
                end = True
            elif rule.keep_suffix:
                new_run.add(base)
            else:
                return _FOUND
        return (delta[p][c] if self.prefix else 0, frozenset(new_run), end,
                frozenset(new_pend), False)


def _forward(rules: tuple[OptionRule, ...], chosen: list[int], goal: Goal, alphabet: str,
             tick: Callable[[], None] | None) -> Table:
    """The minimal DFA of the words with an option in ``goal`` by one of the ``chosen``
    rules (module docstring: read forward)."""
    walk = _Forward(rules, chosen, goal, alphabet)
    start: Forward = (0, frozenset(), False, frozenset(), True)
    return minimal(explore(start, len(alphabet), walk.step, walk.accept, tick))


Backward = tuple[frozenset[int], frozenset[tuple[int, int]]] | str
"""(T's states from which the suffix read reaches acceptance, pending windows (rule,
letters still to read)), or the sink :data:`_FOUND`."""


def _backward_table(rules: tuple[OptionRule, ...], chosen: list[int], goal: Goal,
                    alphabet: str, tick: Callable[[], None] | None) -> Table:
    """The DFA of the words with an option ``insert + w[j + len(window):]`` in ``goal`` by
    one of the ``chosen`` rules (module docstring: read backward, then reversed)."""
    back: list[list[list[int]]] = [[[] for _ in goal.delta] for _ in alphabet]
    for q, row in enumerate(goal.delta):
        for c, t in enumerate(row):
            back[c][t].append(q)
    bases = {ri: goal.run(rules[ri].insert or "", alphabet) for ri in chosen}

    def opened(state: Backward) -> Backward:
        if isinstance(state, str):
            return state
        live, pend = state
        new_pend = set(pend)
        for ri in chosen:
            if bases[ri] in live:  # the option from here on is in the goal
                if not rules[ri].window:
                    return _FOUND
                new_pend.add((ri, len(rules[ri].window)))
        return live, frozenset(new_pend)

    def step(state: Backward, c: int) -> Backward:
        state = opened(state)
        if isinstance(state, str):
            return state
        live, pend = state
        letter = alphabet[c]
        new_pend = set()
        for ri, left in pend:
            if rules[ri].window[left - 1] != letter:
                continue
            if left == 1:
                return _FOUND
            new_pend.add((ri, left - 1))
        return frozenset(p for q in live for p in back[c][q]), frozenset(new_pend)

    start: Backward = (goal.accepting, frozenset())
    reversed_table = explore(start, len(alphabet), step,
                             lambda s: isinstance(opened(s), str), tick)
    return reverse_determinised(reversed_table)


def preimage(statement: Statement, goal: Goal,
             tick: Callable[[], None] | None = None) -> Table:
    """The minimal DFA of the words with some option in ``goal`` (every rule, every index
    its window matches), letters numbered in the order of the family's alphabet.

    Parameters
    ----------
    statement : Statement
        Gives the family: the alphabet and the option rules.
    goal : Goal
        The set of positions (words, ⊥) the option must fall in.
    tick : callable, optional
        Called now and then (the time limit).

    Returns
    -------
    Table
        A minimal complete DFA (⊥ is not a word).

    Examples
    --------
    >>> from cgsat.automata.families import toppling_peaks
    >>> only_empty = Automaton("LR", ((1, 1), (1, 1)), frozenset({0}))
    >>> st = Statement(toppling_peaks(2), (only_empty,))
    >>> some = preimage(st, Goal.of(only_empty))  # starts with R or ends with L
    >>> [some.accepts(["LR".index(c) for c in w]) for w in ("", "L", "R", "LR", "RL")]
    [False, True, True, False, True]

    References
    ----------
    *Thinning Thickets*, §2.1: an option of each kind, as a relation on words.
    """
    fam = statement.family
    forward = [ri for ri, r in enumerate(fam.rules) if not _backward(r)]
    backward = [ri for ri, r in enumerate(fam.rules) if _backward(r)]
    parts = []
    if forward:
        parts.append(_forward(fam.rules, forward, goal, fam.alphabet, tick))
    if backward:
        parts.append(minimal(_backward_table(fam.rules, backward, goal, fam.alphabet, tick)))
    if not parts:
        return Table.constant(len(fam.alphabet), False)
    if len(parts) == 1:
        return parts[0]
    return _combine(parts[0], parts[1], union=True)


class _Stop(Exception):
    """The time limit was reached."""


def _table(automaton: Automaton) -> Table:
    """An automaton's words as a minimal :class:`~cgsat.automata.tables.Table`."""
    return minimal(Table(automaton.delta,
                         tuple(q in automaton.accepting for q in range(automaton.size))))


@dataclass(frozen=True)
class _Check:
    """One equation: the DFAs it reads, and which state tuples violate it."""

    name: str
    tables: tuple[Table, ...]
    bad: Callable[[tuple[int, ...]], bool]


def decide(statement: Statement, *, timeout: float | None = None) -> Decision:
    """Decide ``statement`` for every word by pre-images (module docstring).

    Parameters
    ----------
    statement : Statement
        The family, its option rules and R_0 .. R_k (and the family's domain).
    timeout : float or None
        Give up ("unknown") when this many seconds have passed (checked while automata are
        built and searched).

    Returns
    -------
    Decision
        ``proved`` (``states``: the largest DFA built), ``refuted`` with the shortest
        violating word (⊥ first; the least in shortlex order of the alphabet, as the other
        deciders), or ``unknown`` (the time limit).

    Examples
    --------
    >>> from cgsat.automata.options import WordFamily
    >>> nim = WordFamily("take one", "1", (OptionRule("1", "", keep_prefix=True,
    ...                  at_end=True),), False, "none", str)
    >>> even = Automaton("1", ((1,), (0,)), frozenset({0}))
    >>> odd = Automaton("1", ((1,), (0,)), frozenset({1}))
    >>> decide(Statement(nim, (even, odd))).verdict
    'proved'
    >>> d = decide(Statement(nim, (odd,)))
    >>> d.decider, d.verdict, d.counterexample, d.reason
    ('preimage', 'refuted', '', 'R_0 rejects it, the mex rule says yes')

    References
    ----------
    *Thinning Thickets*, §2.1 (mex); *The Game of timber!*, Theorems 2.1-2.4 (normal and
    misère partitions).
    """
    t0 = time.perf_counter()
    fam = statement.family
    alphabet = fam.alphabet
    letters = len(alphabet)
    autos = statement.automata
    largest = 0

    def verdict(v: str, word: str | None = None, bottom: bool = False,
                reason: str = "") -> Decision:
        return Decision("preimage", v, word, bottom, largest, time.perf_counter() - t0,
                        reason)

    def tick() -> None:
        if timeout is not None and time.perf_counter() - t0 > timeout:
            raise _Stop

    def built(table: Table) -> Table:
        nonlocal largest
        largest = max(largest, table.size)
        tick()
        return table

    # ⊥: no options; nim-value 0 under normal play, an N-position under misère play.
    if fam.bottom and fam.in_domain(None):
        for j, a in enumerate(autos):
            if a.empty != (j == 0 and not statement.misere):
                return verdict("refuted", None, True,
                               f"R_{j} {'accepts' if a.empty else 'rejects'} ⊥")
    try:
        domain = (built(_table(fam.domain)) if fam.domain is not None
                  else Table.constant(letters, True))
        checks = _checks(statement, domain, built, tick)
        best: tuple[int, ...] | None = None
        live = _coreachable(domain)
        for check in checks:
            word = shortest(check.tables, check.bad, lambda t: t[0] in live, tick)
            if word is not None and (best is None or (len(word), word) < (len(best), best)):
                best = word
    except _Stop:
        return verdict("unknown", reason=f"timeout {timeout:g}s")
    if best is None:
        return verdict("proved")
    text = "".join(alphabet[c] for c in best)
    return verdict("refuted", text, False, _why(best, checks))


def _checks(statement: Statement, domain: Table, built: Callable[[Table], Table],
            tick: Callable[[], None]) -> list[_Check]:
    """The equations of the statement, in the order their failures are reported (the
    domain's closure, then R_0 .. R_k)."""
    fam = statement.family
    letters = len(fam.alphabet)
    checks = []
    if fam.domain is not None:
        out = built(preimage(statement, Goal.of(fam.domain, complement=True), tick))
        checks.append(_Check("an option leaves the domain", (domain, out),
                             lambda t: domain.accepting[t[0]] and out.accepting[t[1]]))
    below = Table.constant(letters, True)
    if statement.misere:
        below = built(preimage(statement, Goal.everything(letters), tick))
    for j, a in enumerate(statement.automata):
        have = built(_table(a))
        some = built(preimage(statement, Goal.of(a), tick))

        def bad(t: tuple[int, ...], have: Table = have, below: Table = below,
                some: Table = some) -> bool:
            want = below.accepting[t[2]] and not some.accepting[t[3]]
            return domain.accepting[t[0]] and have.accepting[t[1]] != want

        checks.append(_Check(f"R_{j}", (domain, have, below, some), bad))
        if j + 1 < len(statement.automata):
            below = built(_combine(below, some, union=False))
    return checks


def _combine(a: Table, b: Table, *, union: bool) -> Table:
    """The minimal DFA of the union (or the intersection) of two languages."""
    if union:
        return minimal(product([a, b], lambda t: a.accepting[t[0]] or b.accepting[t[1]]))
    return minimal(product([a, b], lambda t: a.accepting[t[0]] and b.accepting[t[1]]))


def _coreachable(table: Table) -> frozenset[int]:
    """The states of ``table`` from which an accepting one can be reached."""
    return Goal(table.delta, frozenset(q for q in range(table.size) if table.accepting[q]),
                False).useful()


def _why(word: tuple[int, ...], checks: list[_Check]) -> str:
    """The first check ``word`` fails, in the other deciders' words."""
    for check in checks:
        state = tuple(t.run(word) for t in check.tables)
        if not check.bad(state):
            continue
        if not check.name.startswith("R_"):
            return check.name
        says = check.tables[1].accepting[state[1]]
        return (f"{check.name} {'accepts' if says else 'rejects'} it, the "
                f"mex rule says {'no' if says else 'yes'}")
    raise AssertionError(f"{word!r} violates no check")  # the least of their violations
