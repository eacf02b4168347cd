"""Inductive SAT checks of nim-value characterizations of green cordons.

For a claim "a cordon (of a family) has nim-value k iff rule R_k holds", the instance at
height n asks for a symbolic cordon T of height n on which R_k disagrees with the mex rule
applied to T's options, where the options' values are read off the characterizations of
the values 0..k (DESIGN.md, "Inductive partition check", generalized to nim-values):

    R_k(T)  xor  [ no option of T has value k  and  every j < k is the value of an option ].

Options have fewer arcs, so UNSAT at every height 0..N proves R_k for all cordons of the
family of height <= N, *given* the characterizations used for the values j < k on the
options (Theorems 3.2 and 3.3 for values 0 and 1, which are proved the same way).

Counting claims (Theorems 3.4, 3.5) count the cordons a rule accepts by dynamic
programming over its automaton, never by enumerating with blocking clauses.

References
----------
.. [1] *Thinning Thickets*, Theorems 3.2-3.5 and the claims listed in §5.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from pysat.formula import CNF

from cgsat.encodings.green_cordon import (
    SEC5_ONE_LEAF_NIM2,
    SEC5_TWO_LEAVES_NIM2,
    SEC5_TWO_LEAVES_NIM3,
    THM_3_2,
    THM_3_3,
    CordonCircuits,
    GapRule,
    options,
)


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
    rule: GapRule
    family_leaves: int | None
    value_rules: tuple[tuple[GapRule, ...], ...]


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


def inductive_instance(claim: NimCharacterization, height: int) -> tuple[CNF, CordonCircuits]:
    """The CNF that is UNSAT iff ``claim`` holds for every cordon of the family of ``height``.

    Parameters
    ----------
    claim : NimCharacterization
    height : int

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
    cc.cnf.append([lhs, rhs])
    cc.cnf.append([-lhs, -rhs])
    return cc.cnf, cc


def coverage_instance(
    rules: Sequence[GapRule], leaves: int, height: int
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


def count_accepted(rule: GapRule, height: int) -> int:
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
