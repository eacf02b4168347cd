"""Symbolic green cordons: leaf variables, options, characterization automata and the
inductive mex checks of *Thinning Thickets* §3 and §5.

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
docs/reference.md: the top arc of ``7:6`` deleted gives ``7:``).

A *symbolic cordon* is a pair ``(h, leaves)``: a concrete height h and a tuple of h - 1
literals (``leaves[a - 1]`` stands for a leaf at v_a). :func:`options` lists the options of
a symbolic cordon as ``(condition, option)`` pairs; the option exists exactly when every
literal of ``condition`` is true. A *concrete cordon* ``(h, frozenset of attachments)`` has
constant leaves: :func:`concrete_options` and :func:`followers` list its options and
followers by the same move rules, and :func:`concrete_moves` hands them to
:mod:`cgsat.encodings.kernel` as symbolic moves with empty conditions (mex constraints,
misère kernel).

Characterizations are given as finite automata read bottom-up along the stalk
(:class:`GapRule`), turned into circuits by :meth:`CordonCircuits.accepts`, which shares
the automaton run over common prefixes.

Inductive checks. For a claim "a cordon (of a family) has nim-value k iff rule R_k holds",
the instance at height n (:func:`inductive_instance`) asks for a symbolic cordon T of
height n on which R_k disagrees with the mex rule applied to T's options, where the
options' values are read off the characterizations of the values 0..k (the inductive partition
check, generalized to nim-values):

    R_k(T)  xor  [ no option of T has value k  and  every j < k is the value of an option ].

Options have fewer arcs, so UNSAT at every height 0..N proves R_k for all cordons of the
family of height <= N, *given* the characterizations used for the values j < k on the
options (Theorems 3.2 and 3.3 for values 0 and 1, which are proved the same way).
Counting claims (Theorems 3.4, 3.5) count the cordons a rule accepts by dynamic
programming over its automaton (:func:`count_accepted`), never by enumerating with
blocking clauses.

This module knows nothing of the rulesets in :mod:`cgsat.games` (the two methods of every
cordon claim share no code) and nothing of the CLI.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Definition 1.2, §2.1
   (Sprague-Grundy theory), Theorems 3.1-3.5 and the claims listed in §5.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pysat.formula import CNF, IDPool

from cgsat.encodings.gates import Circuit
from cgsat.encodings.kernel import SymbolicMove

if TYPE_CHECKING:
    from typing import Any, Protocol

    class CordonRule(Protocol):
        """What the circuits read of a rule: a :class:`GapRule`, or a
        :class:`~cgsat.encodings.green_cordon_dfa.WordDFA` (states of its own kind)."""

        def states(self) -> list[Any]: ...
        def accept_empty(self) -> bool: ...
        def start(self) -> Any: ...
        def step(self, state: Any, leaf: bool) -> Any: ...
        def accept(self, state: Any) -> bool: ...
        def holds(self, height: int, attachments: Sequence[int]) -> bool: ...

__all__ = ["Concrete", "CordonCircuits", "GapRule", "Lit", "NIM0", "NIM1", "NimCharacterization",
           "ONE_LEAF_COVER", "ONE_LEAF_NIM2", "SEC5_ONE_LEAF_NIM2", "SEC5_TWO_LEAVES_NIM2",
           "SEC5_TWO_LEAVES_NIM3", "SymbolicCordon", "THM_3_2", "THM_3_3", "TWO_LEAVES_NIM2",
           "TWO_LEAVES_NIM3", "concrete_moves", "concrete_options", "count_accepted",
           "coverage_instance", "followers", "inductive_instance", "options"]

Lit = int
SymbolicCordon = tuple[int, tuple[Lit, ...]]
Concrete = tuple[int, frozenset[int]]


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


# -- concrete cordons: followers for the kernel and mex encodings ---------------------


def _symbolic(cordon: Concrete, true: Lit) -> SymbolicCordon:
    """The concrete cordon as a symbolic one with constant leaf literals."""
    h, leaves = cordon
    return (h, tuple(true if a in leaves else -true for a in range(1, h)))


def _concrete(symbolic: SymbolicCordon, true: Lit) -> Concrete:
    """The concrete cordon of a symbolic one whose leaf literals are all constants."""
    h, lits = symbolic
    return (h, frozenset(a for a, lit in enumerate(lits, start=1) if lit == true))


def concrete_options(cordon: Concrete) -> list[Concrete]:
    """The options of a concrete cordon under the encoding's move rules (:func:`options`).

    Examples
    --------
    L(4) (leaves at v_1, v_2) has L(2) (a stalk of height 2) among its options:

    >>> (2, frozenset()) in concrete_options((4, frozenset({1, 2})))
    True
    """
    true = 1
    return [
        _concrete(opt, true)
        for cond, opt in options(_symbolic(cordon, true), -true)
        if all(lit == true for lit in cond)
    ]


def followers(*cordons: Concrete) -> list[Concrete]:
    """Every position reachable from ``cordons`` (themselves included), breadth first.

    Examples
    --------
    >>> followers((2, frozenset({1})))
    [(2, frozenset({1})), (2, frozenset()), (0, frozenset()), (1, frozenset())]
    """
    seen = set(cordons)
    order = list(dict.fromkeys(cordons))
    for node in order:
        for opt in concrete_options(node):
            if opt not in seen:
                seen.add(opt)
                order.append(opt)
    return order


def concrete_moves(nodes: Sequence[Concrete]) -> list[SymbolicMove]:
    """The moves among ``nodes`` for :mod:`cgsat.encodings.kernel`: ``(node, option, ())``,
    each option once, with an empty condition (a concrete cordon has no colours).

    ``nodes`` must be closed under options (as :func:`followers` returns them).

    Examples
    --------
    >>> concrete_moves(followers((1, frozenset())))
    [((1, frozenset()), (0, frozenset()), ())]
    """
    return [(node, opt, ()) for node in nodes for opt in dict.fromkeys(concrete_options(node))]


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
        self._runs: dict[tuple[str, CordonRule, tuple[Lit, ...]], dict] = {}
        self.sides: tuple[Lit, Lit] | None = None  # (rule, mex) of an inductive instance
        self.goal: Lit | None = None  # the goal's selector, when guarded
        self.flip: Lit | None = None  # XORed into the rule inside a guarded goal

    @property
    def false(self) -> Lit:
        return self.gates.false

    def leaf_variables(self, height: int) -> tuple[Lit, ...]:
        """The colour variables x_1 .. x_{height-1} of the top-level symbolic cordon."""
        return tuple(self.pool.id(("leaf", a)) for a in range(1, height))

    def _forward(self, rule: CordonRule, prefix: tuple[Lit, ...]) -> dict:
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

    def _backward(self, rule: CordonRule, suffix: tuple[Lit, ...]) -> dict:
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

    def accepts(self, rule: CordonRule, cordon: SymbolicCordon) -> Lit:
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


# -- inductive mex checks and counts (Theorems 3.2-3.5, §5) ---------------------------


@dataclass(frozen=True)
class NimCharacterization:
    """The claim "within ``family``, nim-value ``value`` iff ``rule``".

    Attributes
    ----------
    value : int
        The nim-value characterized.
    rule : GapRule
        The characterization.
    family_leaves : int or None
        Restrict T to cordons with exactly this many leaf arcs (None: every cordon).
    value_rules : tuple of tuple of GapRule
        ``value_rules[j]`` is a union of rules that is exactly the set of options with
        nim-value j, for j = 0..value (by Theorems 3.2, 3.3 and the smaller claims).
    """

    value: int
    rule: CordonRule
    family_leaves: int | None
    value_rules: tuple[tuple[CordonRule, ...], ...]


NIM0 = NimCharacterization(0, THM_3_2, None, ((THM_3_2,),))
NIM1 = NimCharacterization(1, THM_3_3, None, ((THM_3_2,), (THM_3_3,)))
ONE_LEAF_NIM2 = NimCharacterization(
    2, SEC5_ONE_LEAF_NIM2, 1, ((THM_3_2,), (THM_3_3,), (SEC5_ONE_LEAF_NIM2,))
)
TWO_LEAVES_NIM2 = NimCharacterization(
    2,
    SEC5_TWO_LEAVES_NIM2,
    2,
    ((THM_3_2,), (THM_3_3,), (SEC5_ONE_LEAF_NIM2, SEC5_TWO_LEAVES_NIM2)),
)
TWO_LEAVES_NIM3 = NimCharacterization(
    3,
    SEC5_TWO_LEAVES_NIM3,
    2,
    (
        (THM_3_2,),
        (THM_3_3,),
        (SEC5_ONE_LEAF_NIM2, SEC5_TWO_LEAVES_NIM2),
        (SEC5_TWO_LEAVES_NIM3,),
    ),
)


ONE_LEAF_COVER = (THM_3_2, THM_3_3, SEC5_ONE_LEAF_NIM2)
"""Rules whose union should be every one-leaf cordon (values 0, 1 and 2 only)."""


def inductive_instance(claim: NimCharacterization, height: int,
                       selector: bool = False) -> tuple[CNF, CordonCircuits]:
    """The CNF that is UNSAT iff ``claim`` holds for every cordon of the family of ``height``.

    Parameters
    ----------
    claim : NimCharacterization
    height : int
    selector : bool
        Guard the goal by a selector literal, ``cc.goal``: the goal holds only when it is
        true, so the instance is solved with it assumed and controls run with it off. The
        goal is then R_k(T) xor ``cc.flip`` disagreeing with the mex condition, where
        ``cc.flip`` is a fresh literal the caller defines (false for the check itself; a
        toggled control makes it true at one cordon, C := C xor {r0}). Default: unguarded,
        ``cc.goal`` and ``cc.flip`` None. Either way ``cc.sides`` is ``(rule, mex)``, the
        literals of R_k(T) and of the mex condition on T's options.

    Returns
    -------
    (CNF, CordonCircuits)
        The formula, and the builder (for decoding a model with ``decode``).

    Examples
    --------
    >>> from pysat.solvers import Solver
    >>> cnf, cc = inductive_instance(NIM0, 6)
    >>> with Solver(name="cadical195", bootstrap_with=cnf.clauses) as s:
    ...     s.solve()
    False

    References
    ----------
    *Thinning Thickets*, Theorem 3.2 (and its proof by the Partition Theorem).
    """
    cc = CordonCircuits()
    g = cc.gates
    x = cc.leaf_variables(height)
    guard: list[Lit] = []
    if selector:
        cc.goal, cc.flip = cc.pool.id(("selector", "goal")), cc.pool.id(("selector", "flip"))
        guard = [-cc.goal]
    cordon = (height, x)
    if claim.family_leaves is not None:
        cc.exactly(x, claim.family_leaves)
    opts = options(cordon, cc.false)

    def has_value(j: int, opt: tuple[int, tuple[int, ...]]) -> int:
        return g.disj(cc.accepts(rule, opt) for rule in claim.value_rules[j])

    lhs = cc.accepts(claim.rule, cordon)
    none_same = g.conj(-g.conj(list(c) + [has_value(claim.value, o)]) for c, o in opts)
    lower = [
        g.disj(g.conj(list(c) + [has_value(j, o)]) for c, o in opts) for j in range(claim.value)
    ]
    rhs = g.conj([none_same] + lower)
    cc.sides = (lhs, rhs)
    if cc.flip is not None:
        lhs = g.xor(lhs, cc.flip)
    cc.cnf.append(guard + [lhs, rhs])
    cc.cnf.append(guard + [-lhs, -rhs])
    return cc.cnf, cc


def coverage_instance(
    rules: Sequence[CordonRule], leaves: int, height: int
) -> tuple[CNF, CordonCircuits]:
    """UNSAT iff every cordon of ``height`` with ``leaves`` leaf arcs satisfies some rule.

    Used to show that cordons with one leaf arc only take nim-values 0, 1 and 2, which the
    check of the two-leaf nim-value-3 claim relies on.

    Examples
    --------
    >>> from pysat.solvers import Solver
    >>> cnf, _ = coverage_instance(ONE_LEAF_COVER, 1, 9)
    >>> with Solver(bootstrap_with=cnf.clauses) as s:
    ...     s.solve()
    False
    """
    cc = CordonCircuits()
    x = cc.leaf_variables(height)
    cc.exactly(x, leaves)
    for rule in rules:
        cc.cnf.append([-cc.accepts(rule, (height, x))])
    return cc.cnf, cc


def count_accepted(rule: CordonRule, height: int) -> int:
    """How many cordons of ``height`` satisfy ``rule``, by dynamic programming on its automaton.

    Examples
    --------
    Theorem 3.4: f_0..f_6 = 1, 0, 1, 1, 2, 3, 5.

    >>> [count_accepted(THM_3_2, n) for n in range(7)]
    [1, 0, 1, 1, 2, 3, 5]
    """
    if height == 0:
        return 1 if rule.accept_empty() else 0
    layer: Counter = Counter({rule.start(): 1})
    for _ in range(height - 1):
        nxt: Counter = Counter()
        for state, count in layer.items():
            for leaf in (False, True):
                nxt[rule.step(state, leaf)] += count
        layer = nxt
    return sum(c for state, c in layer.items() if rule.accept(state))
