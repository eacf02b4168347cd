"""Decider (c): the statement by set operations on automata (``automata-lib`` only).

For an automaton A (some R_j, the complement of the domain, or the automaton of every
position) and the family's option rules, the *pre-image* of A is the set of words with some
option in A. For one rule it is read by a nondeterministic automaton that guesses where the
rule's window starts, runs A on the kept prefix, reads the window, starts A's run on the
option from the state the prefix and the insert reach, and finishes it on the kept suffix (or
skips the rest of the word, or requires the word to end). One NFA unites all rules; it is
determinised and minimised by ``automata-lib``. Then, inside the domain D, the statement
says (normal play, *Thinning Thickets* §2.1)

    R_j = D ∩ (no option in R_j) ∩ (some option in R_i, every i < j),   j = 0 .. k,

which also makes the R_j pairwise disjoint (a word of R_i ∩ R_j, i < j, would have an option
in R_i and none), or (misère play, k = 0) R_0 = D ∩ (some option) ∩ (no option in R_0), and
D ∩ (some option outside D) = ∅ (the domain is closed under options). The union of the
differences is one automaton; its shortest word (the least in the order of the family's
alphabet among the shortest) is the counterexample, the same word the product search finds.
⊥ has no options and is checked on its own: nim-value 0, a misère N-position.

Nothing here is shared with :mod:`cgsat.automata.product` or :mod:`cgsat.automata.mona`:
only the statement and the :class:`~cgsat.automata.decision.Decision` record.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, §2.1 (the mex rule).
.. [2] R. J. Nowakowski et al., *The Game of timber!*, Theorems 2.1-2.4 (the partition into
   P- and N-positions, normal and misère).
.. [3] J. E. Hopcroft, J. D. Ullman, *Introduction to Automata Theory*, ch. 2-4 (subset
   construction, minimisation, closure under Boolean operations).
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass

from automata.fa.dfa import DFA
from automata.fa.nfa import NFA

from cgsat.automata.decision import Decision
from cgsat.automata.dfa import Automaton
from cgsat.automata.options import OptionRule, Statement

__all__ = ["Target", "decide", "preimage", "shortest_word"]


@dataclass(frozen=True)
class Target:
    """A set of positions an option may fall in: the words of a complete DFA (``delta``
    over the family's alphabet, start 0) and, with ``bottom``, ⊥.

    Attributes
    ----------
    delta : tuple of tuple of int
        ``delta[q][i]``: the state after the i-th letter of the alphabet.
    accepting : frozenset of int
        The accepting states.
    bottom : bool
        Whether ⊥ is in the set.
    """

    delta: tuple[tuple[int, ...], ...]
    accepting: frozenset[int]
    bottom: bool

    @classmethod
    def of(cls, automaton: Automaton, complement: bool = False) -> Target:
        """The positions ``automaton`` accepts (its complement, ⊥ included, with
        ``complement``)."""
        acc = automaton.accepting
        if complement:
            return cls(automaton.delta, frozenset(range(automaton.size)) - acc,
                       not automaton.empty)
        return cls(automaton.delta, acc, automaton.empty)

    @classmethod
    def everything(cls, letters: int) -> Target:
        """Every position (words and ⊥): the pre-image is "some option exists"."""
        return cls((tuple(0 for _ in range(letters)),), frozenset({0}), True)

    def run(self, word: str, alphabet: str, state: int = 0) -> int:
        """The state after reading ``word``."""
        for c in word:
            state = self.delta[state][alphabet.index(c)]
        return state


class _NFA:
    """An NFA under construction: integer states, lambda moves under ``""``."""

    def __init__(self, alphabet: str):
        self.alphabet = alphabet
        self.ids: dict[tuple[object, ...], int] = {}
        self.moves: dict[int, dict[str, set[int]]] = {}
        self.final: set[int] = set()

    def state(self, *key: object) -> int:
        i = self.ids.get(key)
        if i is None:
            i = len(self.ids)
            self.ids[key] = i
            self.moves[i] = {}
        return i

    def move(self, a: int, symbol: str, b: int) -> None:
        self.moves[a].setdefault(symbol, set()).add(b)

    def to_lib(self, initial: int) -> NFA:
        return NFA(states=frozenset(self.moves), input_symbols=frozenset(self.alphabet),
                   transitions={q: {s: frozenset(t) for s, t in m.items()}
                                for q, m in self.moves.items()},
                   initial_state=initial, final_states=frozenset(self.final))


def _window(n: _NFA, ri: int, rule: OptionRule, entry: int, pre: int | None,
            target: Target, ends: dict[str, int]) -> None:
    """From ``entry`` (the window starts here, the target's run on the kept prefix is in
    state ``pre``; None when the prefix is not kept): read the window, then the rest of the
    word as the rule says, ending in a final state iff the option is in ``target``."""
    alphabet = n.alphabet
    if rule.insert is None:
        accepted = target.bottom
        base = None
    else:
        base = target.run(rule.insert, alphabet, pre if pre is not None else 0)
        accepted = base in target.accepting
    if (not rule.keep_suffix or rule.at_end) and not accepted:
        return  # the option is known at the window's end and is not in the target
    here = entry
    for m, c in enumerate(rule.window):
        nxt = n.state("w", ri, m + 1, pre)
        n.move(here, c, nxt)
        here = nxt
    if rule.at_end:  # the word ends with the window
        if accepted:
            n.move(here, "", ends["end"])
    elif rule.keep_suffix:  # the target's run goes on through the kept suffix
        assert base is not None  # a move to ⊥ keeps nothing
        n.move(here, "", n.state("s", base))
    else:  # the rest of the word is dropped
        n.move(here, "", ends["any"])


def preimage(statement: Statement, target: Target) -> DFA:
    """The minimal DFA of the words of the family that have some option in ``target``
    (every rule, every place its window matches).

    Parameters
    ----------
    statement : Statement
        Gives the family: the alphabet and the option rules.
    target : Target
        The set of positions (words, ⊥) the option must fall in.

    Returns
    -------
    DFA
        An ``automata-lib`` DFA over the family's alphabet (⊥ is not a word).

    Examples
    --------
    >>> from cgsat.automata.options import WordFamily
    >>> nim = WordFamily("take one", "1", (OptionRule("1", "", keep_prefix=True,
    ...                  at_end=True),), False, "none", str)
    >>> even = Automaton("1", ((1,), (0,)), frozenset({0}))
    >>> dfa = preimage(Statement(nim, (even,)), Target.of(even))
    >>> [dfa.accepts_input("1" * n) for n in range(4)]
    [False, True, False, True]

    References
    ----------
    *Thinning Thickets*, §2.1: an option of each kind, as a relation on words.
    """
    fam = statement.family
    forward = [ri for ri, r in enumerate(fam.rules) if not _suffix_only(r)]
    backward = [ri for ri, r in enumerate(fam.rules) if _suffix_only(r)]
    dfa = DFA.empty_language(frozenset(fam.alphabet))
    if forward:
        dfa = DFA.from_nfa(_nfa(statement, target, forward), minify=True)
    if backward:
        # Brzozowski: backward, a kept suffix is one run of the target read in reverse
        # (subsets of its states, from the accepting ones); determinising the reverse of
        # that DFA gives the minimal DFA of the pre-image, without the forward subsets
        nfa = _nfa(statement, target, backward)
        rev = DFA.from_nfa(nfa.reverse(), minify=False)
        dfa = dfa.union(DFA.from_nfa(NFA.from_dfa(rev).reverse(), minify=True))
    return dfa


def _suffix_only(rule: OptionRule) -> bool:
    """Whether the option is a kept suffix read from a fresh start (Toppling Peaks: an L
    topples to the rest of the word): read forward, an NFA would track one run per
    possible start, so these rules are determinised backward (:func:`preimage`)."""
    return rule.keep_suffix and not rule.keep_prefix and not rule.at_end


def _nfa(statement: Statement, target: Target, rules: list[int]) -> NFA:
    """The NFA of the words with an option in ``target`` by one of ``rules`` (indices
    into the family's rules; module docstring)."""
    fam = statement.family
    alphabet = fam.alphabet
    n = _NFA(alphabet)
    start = n.state("start")
    skip = n.state("skip")  # the prefix is read but not kept
    ends = {"end": n.state("end"), "any": n.state("any")}
    n.final |= set(ends.values())
    for c in alphabet:
        n.move(skip, c, skip)
        n.move(ends["any"], c, ends["any"])
    n.move(start, "", skip)
    # the target's run on the kept prefix: ("p", q), from ("p", 0) at the start
    todo = [0]
    seen = {0}
    n.move(start, "", n.state("p", 0))
    while todo:
        q = todo.pop()
        for i, c in enumerate(alphabet):
            t = target.delta[q][i]
            n.move(n.state("p", q), c, n.state("p", t))
            if t not in seen:
                seen.add(t)
                todo.append(t)
    # the target's run on a kept suffix: ("s", q), final when accepting
    for q in range(len(target.delta)):
        s = n.state("s", q)
        for i, c in enumerate(alphabet):
            n.move(s, c, n.state("s", target.delta[q][i]))
        if q in target.accepting:
            n.final.add(s)
    for ri in rules:
        rule = fam.rules[ri]
        if rule.at_start:
            pre = 0 if rule.keep_prefix else None
            entry = n.state("w", ri, 0, pre)
            n.move(start, "", entry)
            _window(n, ri, rule, entry, pre, target, ends)
        elif rule.keep_prefix:
            for q in sorted(seen):
                entry = n.state("w", ri, 0, q)
                n.move(n.state("p", q), "", entry)
                _window(n, ri, rule, entry, q, target, ends)
        else:
            entry = n.state("w", ri, 0, None)
            n.move(skip, "", entry)
            _window(n, ri, rule, entry, None, target, ends)
    return n.to_lib(start)


def shortest_word(dfa: DFA, alphabet: str) -> str | None:
    """The least accepted word in shortlex order (letters in the order of ``alphabet``),
    or None when the language is empty (breadth first; each state keeps the first word
    that reaches it).

    Examples
    --------
    >>> shortest_word(DFA.from_finite_language({"a", "b"}, {"ba", "ab", "bbb"}), "ba")
    'ba'
    """
    start = dfa.initial_state
    parent: dict[object, tuple[object, str] | None] = {start: None}
    queue = deque([start])
    while queue:
        q = queue.popleft()
        if q in dfa.final_states:
            letters = []
            node = q
            while (link := parent[node]) is not None:
                node, c = link
                letters.append(c)
            return "".join(reversed(letters))
        row = dfa.transitions.get(q, {})
        for c in alphabet:
            t = row.get(c)
            if t is not None and t not in parent:
                parent[t] = (q, c)
                queue.append(t)
    return None


class _Stop(Exception):
    """The time limit was reached."""


def decide(statement: Statement, *, timeout: float | None = None) -> Decision:
    """Decide ``statement`` for every word by set operations on automata.

    Parameters
    ----------
    statement : Statement
        The family, its option rules and R_0 .. R_k (and the family's domain).
    timeout : float or None
        Give up ("unknown") when this many seconds have passed (checked between the
        automata operations, so it may be overrun by one of them).

    Returns
    -------
    Decision
        ``proved`` (``states``: the largest minimal automaton built), ``refuted`` with the
        shortest violating word (⊥ first; the least in shortlex order of the alphabet, as
        the product search), or ``unknown`` (the time limit).

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
    >>> d.verdict, d.counterexample, d.reason
    ('refuted', '', 'R_0 rejects it, the mex rule says yes')

    References
    ----------
    *Thinning Thickets*, §2.1 (mex); *The Game of timber!*, Theorems 2.1-2.4 (normal and
    misère partitions).
    """
    t0 = time.perf_counter()
    fam = statement.family
    alphabet = fam.alphabet
    autos = statement.automata
    largest = 0

    def verdict(v: str, word: str | None = None, bottom: bool = False,
                reason: str = "") -> Decision:
        return Decision("setops", v, word, bottom, largest, time.perf_counter() - t0, reason)

    def tick(dfa: DFA) -> DFA:
        nonlocal largest
        largest = max(largest, len(dfa.states))
        if timeout is not None and time.perf_counter() - t0 > timeout:
            raise _Stop
        return dfa

    # ⊥: no options; nim-value 0 under normal play, an N-position under misère play.
    if fam.bottom and fam.in_domain(None):
        for j, a in enumerate(autos):
            if a.empty != (j == 0 and not statement.misere):
                return verdict("refuted", None, True,
                               f"R_{j} {'accepts' if a.empty else 'rejects'} ⊥")
    try:
        symbols = frozenset(alphabet)
        domain = (tick(fam.domain.to_lib().minify()) if fam.domain is not None
                  else DFA.universal_language(symbols))
        members = [tick(a.to_lib().minify()) for a in autos]
        some = [tick(preimage(statement, Target.of(a))) for a in autos]
        checks: list[tuple[str, DFA]] = []
        if fam.domain is not None:
            out = tick(preimage(statement, Target.of(fam.domain, complement=True)))
            checks.append(("an option leaves the domain", out))
        if statement.misere:
            exists = tick(preimage(statement, Target.everything(len(alphabet))))
            wants = [tick(exists.difference(some[0]))]
        else:
            wants = []
            below = DFA.universal_language(symbols)
            for j in range(len(autos)):
                wants.append(tick(below.difference(some[j])))
                below = tick(below.intersection(some[j]))
        for j, (have, want) in enumerate(zip(members, wants, strict=True)):
            checks.append((f"R_{j}", tick(have.symmetric_difference(want))))
        bad = DFA.empty_language(symbols)
        for _, dfa in checks:
            bad = tick(bad.union(dfa))
        bad = tick(bad.intersection(domain))
    except _Stop:
        return verdict("unknown", reason=f"timeout {timeout:g}s")
    word = shortest_word(bad, alphabet)
    if word is None:
        return verdict("proved")
    return verdict("refuted", word, False, _why(word, checks, members))


def _why(word: str, checks: list[tuple[str, DFA]], members: list[DFA]) -> str:
    """The first check ``word`` fails, in the product search's words."""
    for name, dfa in checks:
        if not dfa.accepts_input(word):
            continue
        if not name.startswith("R_"):
            return name
        says = members[int(name[2:])].accepts_input(word)
        return (f"{name} {'accepts' if says else 'rejects'} it, the "
                f"mex rule says {'no' if says else 'yes'}")
    raise AssertionError(f"{word!r} violates no check")  # the shortest word of their union
