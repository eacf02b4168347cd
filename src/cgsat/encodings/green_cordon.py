"""Symbolic green cordons: leaf variables, options as circuits, and characterization automata.

A green cordon of height n (*Thinning Thickets*, Definition 1.2) is a stalk
v_0 <- v_1 <- ... <- v_n with leaf arcs at some interior vertices v_a, 0 < a < n. Here its
*shape* is the height and its *colours* are the leaf variables x_1 .. x_{n-1}
(x_a: "there is a leaf arc at v_a"). One formula covers all 2^(n-1) cordons of height n.

Moves (green arcs of even in-degree; the in-degree of arc ab counts the arcs ending at a):

- the top arc v_n v_{n-1} (in-degree 0);
- any leaf arc (in-degree 0);
- an interior stalk arc v_i v_{i-1}, 1 <= i < n, exactly when v_i carries a leaf (in-degree 2).

Cutting v_i v_{i-1} leaves the stalk v_0 .. v_{i-1} with the leaves below it. When the new
top vertex carries a leaf, that leaf arc continues the stalk (the normalization of
DESIGN.md: the top arc of ``7:6`` deleted gives ``7:``).

A *symbolic cordon* is a pair ``(h, leaves)``: a concrete height h and a tuple of h - 1
literals (``leaves[a - 1]`` stands for a leaf at v_a). :func:`options` lists the options of
a symbolic cordon as ``(condition, option)`` pairs; the option exists exactly when every
literal of ``condition`` is true. Characterizations are given as finite automata read
bottom-up along the stalk (:class:`GapRule`), turned into circuits by
:meth:`CordonCircuits.accepts`, which shares the automaton run over common prefixes.

This module knows nothing of the rulesets in :mod:`cgsat.games` (the two methods of every
cordon claim share no code) and nothing of the CLI.

References
----------
.. [1] A. Clow, R. J. Nowakowski et al., *Thinning Thickets*, Definition 1.2, §3.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pysat.formula import CNF, IDPool

from cgsat.encodings.gates import Circuit

Lit = int
SymbolicCordon = tuple[int, tuple[Lit, ...]]


def options(cordon: SymbolicCordon, false: Lit) -> list[tuple[tuple[Lit, ...], SymbolicCordon]]:
    """The options of a symbolic cordon, each guarded by a condition.

    Parameters
    ----------
    cordon : (int, tuple of int)
        Height and leaf literals.
    false : int
        The literal that is always false (an absent leaf).

    Examples
    --------
    Height 2 with a leaf variable 5 at v_1 (F = -1 is the false literal):

    >>> for cond, opt in options((2, (5,)), -1):
    ...     print(cond, opt)
    (-5,) (1, ())
    (5,) (2, (-1,))
    (5,) (2, (-1,))
    (5,) (0, ())
    """
    h, x = cordon
    result: list[tuple[tuple[Lit, ...], SymbolicCordon]] = []
    if h == 0:
        return result
    if h == 1:
        result.append(((), (0, ())))
    else:  # the top arc v_h v_{h-1}
        result.append(((-x[h - 2],), (h - 1, x[: h - 2])))
        result.append(((x[h - 2],), (h, x[: h - 2] + (false,))))
    for a in range(1, h):  # the leaf arc at v_a
        result.append(((x[a - 1],), (h, x[: a - 1] + (false,) + x[a:])))
    for i in range(1, h):  # the stalk arc v_i v_{i-1}, movable when v_i carries a leaf
        if i == 1:
            result.append(((x[0],), (0, ())))
        else:
            result.append(((x[i - 1], -x[i - 2]), (i - 1, x[: i - 2])))
            result.append(((x[i - 1], x[i - 2]), (i, x[: i - 2] + (false,))))
    return [(cond, opt) for cond, opt in result if false not in cond]


@dataclass(frozen=True)
class GapRule:
    """A characterization of cordons by the parities of the gaps between attachments.

    Reading the stalk bottom-up, the *gaps* are a(1), a(2) - a(1), ..., a(k) - a(k-1) and the
    last gap n - a(k). Each field is the required parity (0 even, 1 odd) or None (any).

    Attributes
    ----------
    stalk : int or None
        Required parity of n when there is no leaf; ``-1`` means stalks never qualify.
    first, middle, last : int or None
        Required parities of a(1), of every a(i+1) - a(i), and of n - a(k).
    leaves : frozenset of int or None
        Allowed numbers of leaf arcs (None: any).

    Examples
    --------
    Theorem 3.2 (nim-value 0): a stalk of even height, or a(1) even and all later gaps odd.

    >>> THM_3_2.holds(4, []), THM_3_2.holds(5, [2]), THM_3_2.holds(5, [1])
    (True, True, False)
    """

    stalk: int | None
    first: int | None
    middle: int | None
    last: int | None
    leaves: frozenset[int] | None = None

    def holds(self, height: int, attachments: Sequence[int]) -> bool:
        """Evaluate the rule on a concrete cordon (attachments increasing)."""
        k = len(attachments)
        if self.leaves is not None and k not in self.leaves:
            return False
        if k == 0:
            return self.stalk is not None and self.stalk >= 0 and height % 2 == self.stalk
        pairs = zip(attachments, attachments[1:], strict=False)
        gaps = [attachments[0]] + [b - a for a, b in pairs]
        checks = [(self.first, gaps[0])] + [(self.middle, g) for g in gaps[1:]]
        checks.append((self.last, height - attachments[-1]))
        return all(want is None or g % 2 == want for want, g in checks)

    def states(self) -> list[tuple[int, int, bool]]:
        """Every automaton state reachable from :meth:`start`."""
        seen = {self.start()}
        todo = [self.start()]
        while todo:
            state = todo.pop()
            for leaf in (False, True):
                nxt = self.step(state, leaf)
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return sorted(seen)

    def accept_empty(self) -> bool:
        """The empty cordon (height 0) is a stalk of even height."""
        return self.holds(0, [])

    # -- the same rule as a finite automaton, for circuits ----------------------------
    def start(self) -> tuple[int, int, bool]:
        """State: (leaves seen, capped at 3; parity of the current gap; still valid)."""
        return (0, 0, True)

    def _cap(self) -> int:
        """Leaf counts are tracked up to 3 ("3 or more"); rules allow at most 2 leaves."""
        return 3

    def step(self, state: tuple[int, int, bool], leaf: bool) -> tuple[int, int, bool]:
        """Move up one stalk vertex (v_{p-1} to v_p), which carries a leaf or not."""
        k, parity, ok = state
        parity ^= 1
        if not leaf:
            return (k, parity, ok)
        want = self.first if k == 0 else self.middle
        if want is not None and parity != want:
            ok = False
        return (min(k + 1, self._cap()), 0, ok)

    def accept(self, state: tuple[int, int, bool]) -> bool:
        """Whether the rule holds once the top vertex is reached (one more step)."""
        k, parity, ok = state
        parity ^= 1
        if self.leaves is not None:
            if k not in self.leaves:
                return False
        if k == 0:
            return self.stalk is not None and self.stalk >= 0 and parity == self.stalk
        return ok and (self.last is None or parity == self.last)


THM_3_2 = GapRule(stalk=0, first=0, middle=1, last=1)
"""Theorem 3.2: nim-value 0 iff a stalk of even height, or a(1) even and all other gaps odd."""
THM_3_3 = GapRule(stalk=1, first=1, middle=1, last=1)
"""Theorem 3.3: nim-value 1 iff a stalk of odd height, or every gap odd."""
SEC5_ONE_LEAF_NIM2 = GapRule(stalk=-1, first=None, middle=None, last=0, leaves=frozenset({1}))
"""§5: one leaf arc; nim-value 2 iff n - a(1) is even."""
SEC5_TWO_LEAVES_NIM2 = GapRule(stalk=-1, first=None, middle=0, last=1, leaves=frozenset({2}))
"""§5: two leaf arcs; nim-value 2 iff n - a(2) is odd and a(2) - a(1) is even."""
SEC5_TWO_LEAVES_NIM3 = GapRule(stalk=-1, first=None, middle=None, last=0, leaves=frozenset({2}))
"""§5: two leaf arcs; nim-value 3 iff n - a(2) is even."""


class CordonCircuits:
    """Build circuits over symbolic cordons into one CNF.

    Examples
    --------
    >>> cc = CordonCircuits()
    >>> x = cc.leaf_variables(3)
    >>> len(x)
    2
    """

    def __init__(self) -> None:
        self.pool = IDPool()
        self.cnf = CNF()
        self.gates = Circuit(self.pool, self.cnf)
        self.gates.true  # variable 1 is the constant true  # noqa: B018
        self._runs: dict[tuple[GapRule, tuple[Lit, ...]], dict] = {}

    @property
    def false(self) -> Lit:
        return self.gates.false

    def leaf_variables(self, height: int) -> tuple[Lit, ...]:
        """The colour variables x_1 .. x_{height-1} of the top-level symbolic cordon."""
        return tuple(self.pool.id(("leaf", a)) for a in range(1, height))

    def _forward(self, rule: GapRule, prefix: tuple[Lit, ...]) -> dict:
        """State literals after reading ``prefix`` bottom-up (memoized by prefix)."""
        key = ("fwd", rule, prefix)
        states = self._runs.get(key)
        if states is not None:
            return states
        if not prefix:
            states = {rule.start(): self.gates.true}
        else:
            incoming: dict[tuple, list[Lit]] = {}
            for state, s_lit in self._forward(rule, prefix[:-1]).items():
                for leaf, guard in ((True, prefix[-1]), (False, -prefix[-1])):
                    nxt = rule.step(state, leaf)
                    incoming.setdefault(nxt, []).append(self.gates.conj([s_lit, guard]))
            states = {}
            for state, lits in incoming.items():
                out = self.gates.disj(lits)
                if out != self.gates.false:
                    states[state] = out
        self._runs[key] = states
        return states

    def _backward(self, rule: GapRule, suffix: tuple[Lit, ...]) -> dict:
        """For each state, a literal: reading ``suffix`` from it ends accepted (memoized)."""
        key = ("bwd", rule, suffix)
        result = self._runs.get(key)
        if result is not None:
            return result
        states = rule.states()
        if not suffix:
            result = {s: self.gates.true if rule.accept(s) else self.gates.false for s in states}
        else:
            rest = self._backward(rule, suffix[1:])
            result = {
                s: self.gates.disj(
                    self.gates.conj([guard, rest[rule.step(s, leaf)]])
                    for leaf, guard in ((True, suffix[0]), (False, -suffix[0]))
                )
                for s in states
            }
        self._runs[key] = result
        return result

    def accepts(self, rule: GapRule, cordon: SymbolicCordon) -> Lit:
        """A literal true exactly when ``rule`` holds on the symbolic cordon.

        The run is split after the last constant-false leaf: options of the top-level
        cordon are a prefix of its leaf literals, a false leaf, and a suffix of them, so
        both halves are shared between options and each option costs O(states).
        """
        h, x = cordon
        if h == 0:
            return self.gates.true if rule.accept_empty() else self.gates.false
        split = len(x)
        while split > 0 and x[split - 1] != self.false:
            split -= 1
        if split == 0:
            split = len(x)
        fwd = self._forward(rule, x[:split])
        back = self._backward(rule, x[split:])
        return self.gates.disj(self.gates.conj([lit, back[s]]) for s, lit in fwd.items())

    def exactly(self, lits: Sequence[Lit], k: int) -> None:
        """Constrain exactly ``k`` of ``lits`` to be true (clausal sequential counters)."""
        if k > len(lits):
            self.cnf.append([self.false])
            return
        self.gates.at_most(lits, k)
        self.gates.at_least(lits, k)

    def decode(self, model: Sequence[int], height: int) -> str:
        """The cordon of height ``height`` chosen by ``model``, in ``green-cordon`` syntax."""
        true = set(lit for lit in model if lit > 0)
        leaves = [a for a, v in enumerate(self.leaf_variables(height), start=1) if v in true]
        return f"{height}:" + ",".join(str(a) for a in leaves)

