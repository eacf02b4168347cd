"""The claims of *Thinning Thickets* (Huggan, Nowakowski), §3 and §5: green cordons.

A green cordon of height n has stalk arcs v_i v_{i-1} and leaf arcs at attachment vertices
0 < a(1) < ... < a(k) < n; n is the height in every claim here except Theorem 3.1's.

- ``thickets.thm3.1``: L(n) (leaf arcs at v_1..v_{n-2}) has the options L(i), 2 <= i <= n-1,
  and L(2), L(4), ... have pairwise distinct nim-values (so the nim-dimension is infinite).
  **Finding**: as printed the range is off by one. Cutting v_i v_{i-1} needs a leaf at v_i
  (in-degree 2), so only 2 <= i <= n-2 is reachable, and L(n-1) is no option of L(n) for
  n >= 3 (L(3) = ``3:1`` has options ``3:``, ``2:1`` and ``0``, not L(2) = ``2:``).
  ``thickets.thm3.1-corrected`` checks the statement with 2 <= i <= n-2, which still
  yields the theorem (L(2j) is an option of L(2k) for j < k).
- ``thickets.thm3.2`` / ``thm3.3``: the characterizations of nim-values 0 and 1.
- ``thickets.thm3.4`` / ``thm3.5``: the Fibonacci counts f_n, |H_n|.
- ``thickets.sec5-one-leaf-nim2``, ``sec5-two-leaves-nim2``, ``sec5-two-leaves-nim3``: the
  three statements listed (without proof) in §5.
- §4 (partizan): ``thickets.thm4.1`` (blue cordons), ``thm4.2`` (red-blue stalks),
  ``blue-stalks`` (B(n)), ``lem4.3`` (S(m) >= floor(m/2)), ``thm4.4`` as printed (the
  temperature of T(2n) is at least n; **finding**: refuted at T(2) = {1|0}, temperature
  1/2, and T(2n) = {n|0} has temperature n/2 for every n reached) and
  ``thm4.4-values`` (T(m) = {ceil(m/2)|0} and S(m) = ceil(m/2): what does hold; the
  temperatures n/2 are unbounded, so Corollary 4.5 stands).

The characterizations (Theorems 3.2, 3.3, the §5 statements, ``green-nim<k>``) are kit
records (:func:`cgsat.kit.record`): ``exactly`` the cordons a rule accepts
(:mod:`~cgsat.papers.thickets.listed`) have the nim-value, over ``green_cordons()``
(filtered by the number of leaf arcs for §5). Their methods share no code: ``brute``,
exhaustive play -- the kit's play (stored as ``brute``) for Theorems 3.2, 3.3 and
``green-nim2``, ``green-nim3``; :mod:`~cgsat.papers.thickets.brute` against the rules of
:mod:`~cgsat.papers.thickets.rules` for §5 (only the family's cordons) and
``green-nim4`` .. (the kit would add a ``sat`` the store does not hold) -- ``sat`` (the
inductive check of :mod:`~cgsat.sat.green_cordon`; :mod:`~cgsat.papers.thickets.nim23_sat`
for ``green-nim2``, ``green-nim3``) and ``automata`` (every height at once). The counts
(Theorems 3.4, 3.5), Theorem 3.1 (one cordon L(n), its options and the values of L(2k)
compared), ``green-nim-pattern`` (n is the nim-value k) and §4 (partizan thickets, a
family the kit lacks) stay :class:`~cgsat.claims.Claim` records. The §4 claims: ``brute``
(:mod:`~cgsat.papers.thickets.sec4_brute`, canonical and reduced canonical forms
by the partizan engine) and ``play`` (:mod:`~cgsat.papers.thickets.sec4_play`,
game-tree search of G - V), both against :mod:`~cgsat.papers.thickets.sec4_rules`.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.1-3.5, §4 (Theorems
   4.1, 4.2, 4.4, Lemma 4.3) and §5.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any

from cgsat.automata import library, mona
from cgsat.automata.library import LARGEST, pattern_rule
from cgsat.automata.methods import all_n_method, confirm_sized, sized_method
from cgsat.claims import Claim, Method
from cgsat.encodings.green_cordon_dfa import NIM2_ALL, NIM3_ALL
from cgsat.kit import Statement, exactly, green_cordons, record
from cgsat.papers.thickets import all_n, brute, nim23_sat, sat, sec4_brute, sec4_play
from cgsat.papers.thickets.gaps import nim2_rule, nim3_rule
from cgsat.papers.thickets.listed import accepted
from cgsat.papers.thickets.rules import (
    nim0_rule,
    nim1_rule,
    one_leaf_nim2_rule,
    two_leaves_nim2_rule,
    two_leaves_nim3_rule,
)
from cgsat.sat import green_cordon as induction

if TYPE_CHECKING:
    from cgsat.papers.thickets.sec4_brute import Family
    from cgsat.papers.thickets.sec4_rules import Rule

from cgsat.papers.thickets.sec4_rules import (
    blue_cordons,
    blue_stalk_family,
    blue_stalk_rule,
    lem43_rule,
    s_member,
    stalks,
    t_and_s,
    t_value_rule,
    thm41_rule,
    thm42_rule,
)
from cgsat.vacuity import Reason, attach

__all__ = [
    "PAPER",
    "CORDONS",
    "ONE_LEAF",
    "TWO_LEAVES",
    "PLAY_AS_BRUTE",
    "HEIGHT",
    "L_N",
    "THM31_BRUTE",
    "THM31_SAT",
    "SEC5_SCOPE_NOTE",
    "ALL_N_SCOPE",
    "SEC5_SCOPE",
    "CLAIMS",
    "GREEN_TARGETS",
    "SEC4_BRUTE",
    "SEC4_PLAY",
    "TARGET_REASONS",
]

PAPER = "Thinning Thickets (Huggan, Nowakowski)"
HEIGHT = "n = height of the cordon (number of stalk arcs)"
L_N = "n: the cordon L(n), leaf arcs at v_1 .. v_{n-2}"

THM31_BRUTE = (
    "the ruleset's options of L(n) include the stated L(i), and exhaustive play gives L(2), "
    "L(4), ..., L(2 floor(n/2)) pairwise distinct nim-values"
)
THM31_SAT = (
    "the encoding's move rules give L(n) the stated options L(i), and the mex constraints "
    "over all followers of L(n) (solvable, so the value range suffices) admit no two equal "
    "nim-values among L(2), ..., L(2 floor(n/2)). " + sat.THM31_CONTROLS
)


SEC5_SCOPE_NOTE = "every green cordon of the family (at most one or two leaves)"
ALL_N_SCOPE = (
    "every green cordon, every height at once: no position violates 'R_j iff no option is "
    "in R_j and every i < j is R_i of some option' for the automata R_0 .. R_k of the "
    "statement (the game as cgsat formalizes it, the automata as stated), decided by "
    "cgsat's product search and by MONA; both must prove it")
SEC5_SCOPE = ALL_N_SCOPE.replace("every green cordon", SEC5_SCOPE_NOTE)


CORDONS = green_cordons()
ONE_LEAF = green_cordons(match=r"^\d+:\d+$")
TWO_LEAVES = green_cordons(match=r"^\d+:\d+,\d+$")
PLAY_AS_BRUTE = {"play": "brute"}
"""The kit's play over the green cordons is stored as ``brute``, the name the paper's own
exhaustive play had (issue 34)."""


def _exactly(rule: brute.Rule, value: str) -> Statement:
    """Exactly the cordons ``rule`` accepts have nim-value ``value`` (a characterization)."""
    return exactly(partial(accepted, rule=rule), value=value)


def _induction(value: int, leaves: int | None, rule: brute.Rule,
               one_leaf_cover: bool = False) -> Method:
    """The inductive SAT check of a characterization (:mod:`cgsat.sat.green_cordon`)."""
    family = "every cordon" + (f" with {leaves} leaf arc(s)" if leaves else "")
    args: dict[str, Any] = {"value": value, "leaves": leaves,
                            "oracle": partial(brute.has_value, value=value, rule=rule)}
    if one_leaf_cover:  # the keyword only where the claim passed it (its fingerprint)
        args["one_leaf_cover"] = True
    return Method(
        "sat", partial(induction.characterization, **args),
        uses_solver=True,
        scope=f"no cordon of height n ({family}) breaks the mex condition for value {value}, "
              "given the rule on its options and the characterizations of the smaller values "
              "(Theorems 3.2, 3.3 and the smaller §5 statements); with every smaller height, "
              "the rule holds up to height n. " + induction.CONTROLS_SCOPE)


def _sec5_brute(value: int, leaves: int, rule: brute.Rule) -> Method:
    """Exhaustive play over the cordons with ``leaves`` leaf arcs (a §5 statement). The
    paper's own: it solves only the cordons of the family, where the kit's play lists
    every cordon of height n and filters their printed text (6 times the CPU time to
    height 18, and 25 to 50 times the committed seconds)."""
    return Method("brute", partial(brute.characterization, value=value, rule=rule,
                                   leaves=leaves), max_n=brute.BRUTE_MAX,
                  scope=f"every cordon with {leaves} leaf arc(s) of height n: nim-value "
                        f"{value} by exhaustive play exactly when the rule holds")


CLAIMS: list[Claim] = [
    # Theorem 3.1 as printed: refuted at n = 3 (the range of i is off by one).
    Claim(
        id="thickets.thm3.1", paper=PAPER, theorem="Theorem 3.1",
        statement="From L(n), cutting v_i v_{i-1}, 2 <= i <= n-1, results in L(i); hence "
                  "L(2), L(4), ... have pairwise distinct nim-values (the nim-dimension is "
                  "infinite).",
        kind="theorem", parameter=L_N, base=0, quick_bound=10, target_bound=14,
        methods=(
            Method("brute", partial(brute.thm31, offset=1), max_n=20, scope=THM31_BRUTE),
            Method("sat", partial(sat.thm31, offset=1, oracle=brute.nim_value),
                   uses_solver=True, scope=THM31_SAT),
        ),
        confirm=partial(brute.confirm_thm31, offset=1),
        notes="Checked as printed. Refuted at n = 3: v_{n-1} carries no leaf, so its stalk "
              "arc (in-degree 1) cannot be cut and L(n-1) is never an option of L(n). See "
              "thickets.thm3.1-corrected.",
    ),
    # Theorem 3.1 with the range of its proof corrected to i <= n-2.
    Claim(
        id="thickets.thm3.1-corrected", paper=PAPER, theorem="Theorem 3.1",
        statement="L(n) has the options L(i) for 2 <= i <= n-2, and L(2), L(4), ... have "
                  "pairwise distinct nim-values.",
        kind="theorem", parameter=L_N, base=0, quick_bound=10, target_bound=14,
        methods=(
            Method("brute", partial(brute.thm31, offset=2), max_n=20, scope=THM31_BRUTE),
            Method("sat", partial(sat.thm31, offset=2, oracle=brute.nim_value),
                   uses_solver=True, scope=THM31_SAT),
        ),
        confirm=partial(brute.confirm_thm31, offset=2),
        notes="Theorem 3.1 with the range of its proof corrected to i <= n-2; this still "
              "proves the theorem, since L(2j) is an option of L(2k) for j < k.",
    ),
    # Theorem 3.2: the cordons of nim-value 0.
    record(
        "thickets.thm3.2", CORDONS, _exactly(nim0_rule, "0"), paper=PAPER,
        theorem="Theorem 3.2",
        text="A green cordon of height n has nim-value 0 iff it is a stalk with n even, or "
             "a(1) is even and all a(i+1)-a(i) and n-a(k) are odd.",
        parameter=HEIGHT, base=0, quick=15, target=100, rename=PLAY_AS_BRUTE,
        methods=(
            all_n_method(partial(library.nim_statement, 0), "thickets.thm3.2", ALL_N_SCOPE,
                         counts=partial(all_n.count_table, 0)),
            _induction(0, None, nim0_rule),
        ),
        confirm=partial(brute.confirm_characterization, value=0, rule=nim0_rule, leaves=None),
    ),
    # Theorem 3.3: the cordons of nim-value 1.
    record(
        "thickets.thm3.3", CORDONS, _exactly(nim1_rule, "*"), paper=PAPER,
        theorem="Theorem 3.3",
        text="A green cordon of height n has nim-value 1 iff it is a stalk with n odd, or "
             "a(1), all a(i+1)-a(i) and n-a(k) are odd.",
        parameter=HEIGHT, base=0, quick=15, target=100, rename=PLAY_AS_BRUTE,
        methods=(
            all_n_method(partial(library.nim_statement, 1), "thickets.thm3.3", ALL_N_SCOPE,
                         counts=partial(all_n.count_table, 1)),
            _induction(1, None, nim1_rule),
        ),
        confirm=partial(brute.confirm_characterization, value=1, rule=nim1_rule, leaves=None),
    ),
    # Theorem 3.4: f_n, the cordons of nim-value 0, are Fibonacci numbers.
    Claim(
        id="thickets.thm3.4", paper=PAPER, theorem="Theorem 3.4",
        statement="f_n, the number of green cordons of height n with nim-value 0, satisfies "
                  "f_n = f_{n-1} + f_{n-2}, f_0 = 1, f_1 = 0.",
        kind="theorem", parameter=HEIGHT, base=0, quick_bound=15, target_bound=100,
        methods=(
            Method("automata", partial(all_n.fibonacci_counts, value=0, f0=1, f1=0),
                   all_n=True,
                   scope=ALL_N_SCOPE + "; then the counts of the Theorem 3.2 automaton "
                         "(a recurrence of order p, its transfer matrix's) equal the "
                         "Fibonacci recurrence on their first p + 2 heights, so at every "
                         "height"),
            Method("brute", partial(brute.count, value=0, f0=1, f1=0), max_n=18,
                   scope="the cordons of height n with nim-value 0, found by exhaustive "
                         "play, number as the recurrence says"),
            Method("sat", partial(sat.count, value=0, f0=1, f1=0,
                                  oracle=partial(brute.has_value, value=0, rule=nim0_rule)),
                   uses_solver=True,
                   scope="the characterization of nim-value 0 passes the inductive mex "
                         "check at height n (so, with every smaller height, holds up to n), "
                         "and the cordons of height n it accepts, counted by dynamic "
                         "programming on its automaton, number as the recurrence says. "
                         + induction.CONTROLS_SCOPE),
        ),
        confirm=partial(brute.confirm_count, value=0, rule=nim0_rule, f0=1, f1=0),
    ),
    # Theorem 3.5: |H_n|, the cordons of nim-value 1, are Fibonacci numbers.
    Claim(
        id="thickets.thm3.5", paper=PAPER, theorem="Theorem 3.5",
        statement="|H_n|, the number of green cordons of height n with nim-value 1, "
                  "satisfies |H_n| = |H_{n-1}| + |H_{n-2}|, |H_0| = 0, |H_1| = 1.",
        kind="theorem", parameter=HEIGHT, base=0, quick_bound=15, target_bound=100,
        methods=(
            Method("automata", partial(all_n.fibonacci_counts, value=1, f0=0, f1=1),
                   all_n=True,
                   scope=ALL_N_SCOPE + "; then the counts of the Theorem 3.3 automaton "
                         "equal the Fibonacci recurrence on their first p + 2 heights"),
            Method("brute", partial(brute.count, value=1, f0=0, f1=1), max_n=brute.BRUTE_MAX,
                   scope="the cordons of height n with nim-value 1, found by exhaustive "
                         "play, number as the recurrence says"),
            Method("sat", partial(sat.count, value=1, f0=0, f1=1,
                                  oracle=partial(brute.has_value, value=1, rule=nim1_rule)),
                   uses_solver=True,
                   scope="the characterization of nim-value 1 passes the inductive mex "
                         "check at height n (so, with every smaller height, holds up to n), "
                         "and the cordons of height n it accepts, counted by dynamic "
                         "programming on its automaton, number as the recurrence says. "
                         + induction.CONTROLS_SCOPE),
        ),
        confirm=partial(brute.confirm_count, value=1, rule=nim1_rule, f0=0, f1=1),
    ),
    # §5, first statement (no proof in the paper): one leaf arc, nim-value 2.
    record(
        "thickets.sec5-one-leaf-nim2", ONE_LEAF, _exactly(one_leaf_nim2_rule, "*2"),
        paper=PAPER, theorem="§5 (first statement)", kind="lemma",
        text="A green cordon with one leaf arc has nim-value 2 iff n - a(1) is even.",
        parameter=HEIGHT, base=0, quick=40, target=100, derive=False,
        methods=(
            all_n_method(partial(all_n.sec5_statement,
                                 "one-leaf-nim2"), "thickets.sec5-one-leaf-nim2",
                         SEC5_SCOPE),
            _sec5_brute(2, 1, one_leaf_nim2_rule),
            _induction(2, 1, one_leaf_nim2_rule),
        ),
        confirm=partial(brute.confirm_characterization, value=2, rule=one_leaf_nim2_rule,
                        leaves=1),
        notes="Stated in §5 without proof.",
    ),
    # §5, second statement: two leaf arcs, nim-value 2.
    record(
        "thickets.sec5-two-leaves-nim2", TWO_LEAVES, _exactly(two_leaves_nim2_rule, "*2"),
        paper=PAPER, theorem="§5 (second statement)", kind="lemma",
        text="A green cordon with two leaf arcs has nim-value 2 iff n - a(2) is odd and "
             "a(2) - a(1) is even.",
        parameter=HEIGHT, base=0, quick=40, target=100, derive=False,
        methods=(
            all_n_method(partial(all_n.sec5_statement,
                                 "two-leaves-nim2"), "thickets.sec5-two-leaves-nim2",
                         SEC5_SCOPE),
            _sec5_brute(2, 2, two_leaves_nim2_rule),
            _induction(2, 2, two_leaves_nim2_rule),
        ),
        confirm=partial(brute.confirm_characterization, value=2, rule=two_leaves_nim2_rule,
                        leaves=2),
        notes="Stated in §5 without proof.",
    ),
    # §5, third statement: two leaf arcs, nim-value 3 (the SAT side also checks that the
    # one-leaf rules cover every one-leaf cordon).
    record(
        "thickets.sec5-two-leaves-nim3", TWO_LEAVES, _exactly(two_leaves_nim3_rule, "*3"),
        paper=PAPER, theorem="§5 (third statement)", kind="lemma",
        text="A green cordon with two leaf arcs has nim-value 3 iff n - a(2) is even.",
        parameter=HEIGHT, base=0, quick=40, target=100, derive=False,
        methods=(
            all_n_method(partial(all_n.sec5_statement,
                                 "two-leaves-nim3"), "thickets.sec5-two-leaves-nim3",
                         SEC5_SCOPE),
            _sec5_brute(3, 2, two_leaves_nim3_rule),
            _induction(3, 2, two_leaves_nim3_rule, one_leaf_cover=True),
        ),
        confirm=partial(brute.confirm_characterization, value=3, rule=two_leaves_nim3_rule,
                        leaves=2),
        notes="Stated in §5 without proof. The SAT check reads the values of one-leaf "
              "options from Theorems 3.2, 3.3 and the one-leaf statement, and checks by a "
              "second UNSAT instance at each height that these cover every one-leaf cordon, "
              "so no one-leaf option has value 3.",
    ),
    # -- Problem 5.1 (issue 15, probe green-cordon-nim): mined characterizations of
    # nim-values 2 and 3, conjectures checked by the inductive SAT check and by play.
    record(
        "thickets.green-nim2", CORDONS, _exactly(nim2_rule, "*2"), paper=PAPER,
        theorem="Problem 5.1 (mined, nim-value 2)", kind="conjecture",
        text="A green cordon has nim-value 2 iff its gaps a(1), a(2)-a(1), ..., n-a(k) "
             "are X (1 Y)* E O*: one arbitrary gap, then any number of pairs (gap 1, "
             "gap >= 2), then an even gap and only odd gaps after it.",
        parameter=HEIGHT, base=0, quick=15, target=60, rename=PLAY_AS_BRUTE,
        methods=(
            all_n_method(partial(library.nim_statement, 2), "thickets.green-nim2", ALL_N_SCOPE,
                         counts=partial(all_n.count_table, 2)),
            Method("sat", partial(nim23_sat.candidate, claim=NIM2_ALL,
                                  oracle=partial(brute.has_value, value=2, rule=nim2_rule)),
                   uses_solver=True,
                   scope="no cordon of height n breaks the mex condition for value 2, given "
                         "the rule's 6-state automaton on its options and Theorems 3.2, "
                         "3.3 for the values 0 and 1; with every smaller height, the rule "
                         "holds up to height n. " + induction.CONTROLS_SCOPE),
        ),
        confirm=partial(brute.confirm_characterization, value=2, rule=nim2_rule,
                        leaves=None),
        notes="Mined from the complete tables to height 20 (probe green-cordon-nim): the "
              "minimal automaton consistent with the data has 6 states (encodings/"
              "green_cordon_dfa.NIM2_DFA). Contains the first two statements of §5.",
    ),
    record(
        "thickets.green-nim3", CORDONS, _exactly(nim3_rule, "*3"), paper=PAPER,
        theorem="Problem 5.1 (mined, nim-value 3)", kind="conjecture",
        text="A green cordon has nim-value 3 iff its gaps a(1), a(2)-a(1), ..., n-a(k) "
             "are X X (1 Y)* E O*: two arbitrary gaps, then any number of pairs (gap "
             "1, gap >= 2), then an even gap and only odd gaps after it.",
        parameter=HEIGHT, base=0, quick=15, target=100, rename=PLAY_AS_BRUTE,
        methods=(
            all_n_method(partial(library.nim_statement, 3), "thickets.green-nim3", ALL_N_SCOPE,
                         counts=partial(all_n.count_table, 3)),
            Method("sat", partial(nim23_sat.candidate, claim=NIM3_ALL,
                                  oracle=partial(brute.has_value, value=3, rule=nim3_rule)),
                   uses_solver=True,
                   scope="no cordon of height n breaks the mex condition for value 3, given "
                         "the rule's 7-state automaton on its options, the nim-value-2 "
                         "automaton (thickets.green-nim2, checked to the same height) and "
                         "Theorems 3.2, 3.3 for the smaller values; with every smaller "
                         "height, the rule holds up to height n. " + induction.CONTROLS_SCOPE),
        ),
        confirm=partial(brute.confirm_characterization, value=3, rule=nim3_rule,
                        leaves=None),
        notes="Mined from the complete tables to height 20 (probe green-cordon-nim): the "
              "minimal automaton consistent with the data has 7 states (encodings/"
              "green_cordon_dfa.NIM3_DFA). Contains the third statement of §5.",
    ),
]


GREEN_TARGETS = {5: 16}
"""Target heights of ``thickets.green-nim<k>`` other than 18 (issue 27; the reasons are in
:data:`TARGET_REASONS`)."""


def _green_nim(k: int) -> Claim:
    """``thickets.green-nim<k>``: the nim-value-k cordons are the block-pattern automaton's
    (issue 25), proved for every height by both deciders and checked by play. Its ``brute``
    stays the paper's own (derive=False): the kit would add a ``sat`` method besides the
    derived play, a method name the store does not hold for these claims."""
    size = 2 * k + 2 if k % 2 == 0 else 2 * k + 1
    rule = partial(pattern_rule, k=k)
    return record(
        f"thickets.green-nim{k}", CORDONS, _exactly(rule, f"*{k}"), paper=PAPER,
        theorem=f"Problem 5.1 (mined, nim-value {k})", kind="conjecture",
        text=(f"A green cordon has nim-value {k} iff its leaf word is accepted by the "
              f"{size}-state block-pattern automaton A_{k} (docs/reference.md, "
              f"'Proved for every size'): a head, {(k - 2) // 2} middle block(s) of "
              "four states and a final block, as learned for nim-values 2 to 6."),
        parameter=HEIGHT, base=0, quick=12, target=GREEN_TARGETS.get(k, 18), derive=False,
        methods=(
            all_n_method(partial(library.nim_statement, k), f"thickets.green-nim{k}",
                         ALL_N_SCOPE, counts=partial(all_n.count_table, k)),
            Method("brute", partial(brute.characterization, value=k, rule=rule, leaves=None),
                   max_n=brute.BRUTE_MAX,
                   scope=f"every cordon of height n: nim-value {k} by exhaustive play "
                         f"exactly when A_{k} accepts its leaf word"),
        ),
        confirm=partial(brute.confirm_characterization, value=k, rule=rule, leaves=None),
        notes=(f"A_{k} is stored as JSON (automata/library_data/nim{k}.json); "
               "the automata of 2 to 6 are the minimal ones learned from the "
               "complete tables (probe green-cordon-nim), the larger ones follow their "
               "block pattern (automata/library.py, pattern)."),
    )


CLAIMS += [_green_nim(k) for k in range(4, LARGEST + 1)]

CLAIMS.append(Claim(
    id="thickets.green-nim-pattern", paper=PAPER, theorem="Problem 5.1 (block pattern)",
    statement="For every k >= 2, the green cordons of nim-value k are those whose leaf word "
              "the block-pattern automaton A_k accepts (with Theorems 3.2, 3.3 for 0, 1).",
    kind="conjecture", parameter="k, the largest nim-value (every height at once)",
    base=2, quick_bound=6, target_bound=20,
    methods=(
        replace(sized_method(all_n.pattern_statement, "product", "thickets.green-nim-pattern",
                             "the statement for nim-values 0 .. k with A_2 .. A_k, every "
                             "height at once, by cgsat's product search"), max_n=12),
        *([replace(sized_method(all_n.pattern_statement, "mona", "thickets.green-nim-pattern",
                                "the same statement, every height at once, by MONA "
                                "(registered where MONA is installed)"), max_n=18)]
          if mona.available() else []),
        sized_method(all_n.pattern_statement, "setops", "thickets.green-nim-pattern",
                     "the same statement, every height at once, by set operations on "
                     "automata (automata-lib, pip only; issue 35)"),
        sized_method(all_n.pattern_statement, "preimage", "thickets.green-nim-pattern",
                     "the same statement, every height at once, by pre-images with cgsat's "
                     "own automata code (pip only; issue 37)"),
    ),
    confirm=partial(confirm_sized, build=all_n.pattern_statement),
    notes="Proved for each k the deciders reach; no argument for every k at once yet.",
))


# -- §4: partizan claims (engine vs game-tree search) ----------------------------------------

SEC4_BRUTE = (
    "every position of the family at n: its canonical form by the partizan engine "
    "(cgsat.cgt.partizan_values) equals the stated value (=), has the stated reduced "
    "canonical form (≡_I, cgsat.cgt.reduced), or is at least it (>=)"
)
SEC4_PLAY = (
    "every position G of the family at n, by plain game-tree search of G - V "
    "(cgsat.cgt.play, no canonical forms): = is a second-player win of G - V; >= is a loss "
    "for Right moving first on G - V; ≡_I is -x < G - V < x for x = 2^-D, D = arcs of G + "
    "birthday of V (exact: a nonzero stop of G - V is at least 2^-(D-1) in absolute value)"
)


def _sec4_claim(cid: str, theorem: str, statement: str, parameter: str, base: int,  # noqa: PLR0913 - Claim's fields
                quick: int, target: int, family: Family, rule: Rule, kind: str = "theorem",
                notes: str = "") -> Claim:
    """A §4 claim: every member of ``family(n)`` meets ``rule``, engine vs play."""
    return Claim(
        id=cid, paper=PAPER, theorem=theorem, statement=statement, kind=kind,
        parameter=parameter, base=base, quick_bound=quick, target_bound=target,
        methods=(
            Method("brute", partial(sec4_brute.family_values, family=family, rule=rule),
                   scope=SEC4_BRUTE),
            Method("play", partial(sec4_play.family_values, family=family, rule=rule),
                   scope=SEC4_PLAY),
        ),
        confirm=partial(sec4_play.confirm_family, family=family, rule=rule),
        notes=notes,
    )


CLAIMS += [
    _sec4_claim(
        "thickets.thm4.1", "Theorem 4.1",
        "A blue cordon [t] has value: [0] = 1, [00] = {1|0}, [α10] ≡_I {1|0}, [α00] ≡_I 0; "
        "[α01^(2k+1)] ≡_I k+1; [α001^(2k)] ≡_I k; [α101^(2k)] ≡_I {k+1|k}; [001^(2k)] ≡_I "
        "{k+1|k}; [01^(2k)] = [01^(2k+1)] = k+1 (α non-empty, k >= 1 where the case says).",
        "n = height of the blue cordon (all 2^(n-1) tuples [0...] of length n)", 0, 7, 13,
        blue_cordons, thm41_rule,
        notes="Tuple notation of §4: entries for v_n .. v_1 from the top, 1 for a leaf arc. "
              "Cases 1-6 of the theorem cover every tuple exactly once (sec4_rules."
              "thm41_rule); the empty cordon is 0."),
    _sec4_claim(
        "thickets.thm4.2", "Theorem 4.2",
        "Red-blue stalks: LR^k, αLLR^k ≡_I 0 (k >= 2); LR, αLLR, αLRL^k (k >= 3) ≡_I {1|0}; "
        "L^k = 1; αLRL ≡_I {1|-1}; αRLRR ≡_I {{1|0}|-1}; and the negatives. So only eight "
        "reduced values occur.",
        "n = number of arcs of the stalk (all 2^n words over L, R)", 0, 8, 13,
        stalks, thm42_rule,
        notes="Letters say who may delete the arc (top arc first); α is arbitrary, also "
              "empty. The eight values: 0, ±1, {1|0}, {0|-1}, {1|-1}, {{1|0}|-1}, "
              "{1|{0|-1}}."),
    _sec4_claim(
        "thickets.blue-stalks", "§4 (blue stalks B(n))",
        "B(n) = {B(n-1) | 0} for n >= 2; Rcf(B(n)) = B(n) for n <= 2 (0, 1, {1|0}) and "
        "Rcf(B(n)) = 0 for n >= 3.",
        "n = number of arcs of the blue stalk B(n)", 0, 12, 40,
        blue_stalk_family, blue_stalk_rule),
    _sec4_claim(
        "thickets.lem4.3", "Lemma 4.3",
        "For n >= 1, S(2n) >= n and S(2n+1) >= n (S(m): T(m) without the leaf arc on v_1).",
        "m: the cordon S(m) (height m+1, leaf arcs on v_2 .. v_m, v_1 v_0 red, other arcs "
        "blue); the statement at m is S(m) >= floor(m/2)", 2, 10, 16,
        s_member, lem43_rule),
    Claim(
        id="thickets.thm4.4", paper=PAPER, theorem="Theorem 4.4",
        statement="The temperature of T(2n) is at least n.",
        kind="theorem", parameter="n: the cordon T(2n) (height 2n+1, a leaf arc on every "
                                  "interior vertex, v_1 v_0 red, every other arc blue)",
        base=1, quick_bound=3, target_bound=10,
        methods=(
            Method("brute", partial(sec4_brute.thm44, scale=Fraction(1)), scope=(
                "the temperature of T(2n)'s canonical form (partizan engine, "
                "cgsat.cgt.thermograph) is at least n")),
            Method("play", partial(sec4_play.thm44, scale=Fraction(1)), scope=(
                "T(2n) equals a switch {a|0}, 0 <= a <= 2n+1, by game-tree search of "
                "T(2n) - {a|0} (no canonical forms), and its temperature a/2 is at least n; "
                "unknown if T(2n) is no such switch")),
        ),
        confirm=partial(sec4_play.confirm_thm44, scale=Fraction(1)),
        notes="Checked as printed. Refuted at n = 1: T(2) = {1|0} has temperature 1/2. In "
              "fact T(2n) = {n|0}, temperature n/2 (thickets.thm4.4-values): the proof's "
              "Left scaffold should be n - t (S(2n) >= n, indeed S(2n) = n), not 2n - t, and "
              "the scaffolds n - t and t meet at n/2. Corollary 4.5 (some position hotter "
              "than any n) still follows, from T(2n+2) at temperature n+1.",
    ),
    _sec4_claim(
        "thickets.thm4.4-values", "Theorem 4.4 (values found)",
        "T(m) = {ceil(m/2) | 0} and S(m) = ceil(m/2) for m >= 1; so T(2n) = {n|0} has "
        "temperature exactly n/2, which grows without bound (Corollary 4.5 holds).",
        "m: the cordons T(m) and S(m) of §4.1", 1, 8, 15, t_and_s, t_value_rule,
        kind="conjecture",
        notes="Mined from the data to replace Theorem 4.4 as printed (refuted at T(2)). "
              "S(m) = ceil(m/2) also sharpens Lemma 4.3 (S(2n) = n, S(2n+1) = n+1). The "
              "temperature of {a|0} is a/2."),
]

TARGET_REASONS: dict[str, str] = {
    'thickets.thm3.4': (
        'brute stops at its size limit 18: exhaustive play took 0.2 s at n=17 and 0.4 s at '
        '18 but 1.0 GB, which grows x1.6 per height (committed store); automata proves every '
        'n and sat reaches 100.'
    ),
    'thickets.green-nim5': (
        'target 18 -> 16: brute (exhaustive play) took 0.03 s at n=11 and 0.13 s at 12 (x4 '
        'per size, about 35 s at 16 and 530 s at 18; committed store); automata proves every '
        'n.'
    ),
    'thickets.green-nim-pattern': (
        'set operations and pre-images reach the target 20 (setops 1.29 s at n=20, preimage '
        '1.16 s at n=20; committed store); mona stops at its size limit 18 (4.85 s at n=18) '
        'and product stops at its size limit 12 (46.5 s at n=12, x2.6 per size).'
    ),
    'thickets.green-nim2': (
        'target 100 -> 60: sat took 1.5 s at n=30 (committed store) and 18 s at 60 and 19 s '
        'at 61 with minisat22 confirming (issue 27): x1.09 per size from 30 to 60, so 110 s '
        '(as n^3.6) to 540 s (exponential) at 100 and 35-90 core-minutes from 61 to 100; '
        'automata proves every n and brute stops at its size limit 18.'
    ),
}
"""Why a target bound was lowered, or a method stops at its size limit, as measured (issue
27, item 3; docs/history/performance.md, "Caterpillars"): shown by the report."""


def _no_option(offset: int) -> Reason:
    """Vacuous where *Thinning Thickets*, Theorem 3.1, says nothing at L(n): no option
    L(i), 2 <= i <= n - offset, and fewer than two thickets L(2k)."""
    def vacuous(n: int) -> str | None:
        if n <= min(offset + 1, 3):
            return f"no option L(i) to check and fewer than two L(2k) at n = {n}"
        return None
    return vacuous


CLAIMS = attach(CLAIMS, {
    "thickets.thm3.1": _no_option(1),
    "thickets.thm3.1-corrected": _no_option(2),
})
