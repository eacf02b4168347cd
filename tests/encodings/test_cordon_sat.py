"""Green cordon SAT encodings against exhaustive play (Thinning Thickets §3, §5)."""

import pytest
from pysat.formula import CNF, IDPool
from pysat.solvers import Solver

from cgsat.cgt.impartial import solver_for
from cgsat.claims import Budget
from cgsat.encodings import green_cordon as enc
from cgsat.encodings.green_cordon import (
    SEC5_ONE_LEAF_NIM2,
    SEC5_TWO_LEAVES_NIM2,
    SEC5_TWO_LEAVES_NIM3,
    THM_3_2,
    THM_3_3,
    CordonCircuits,
    GapRule,
    concrete_moves,
    concrete_options,
    followers,
    options,
)
from cgsat.encodings.kernel import add_grundy
from cgsat.games import get_ruleset, green_cordon
from cgsat.papers.registry import get_claim

RULES = get_ruleset("green-cordon")
RULE_CASES = [
    (THM_3_2, 0, None),
    (THM_3_3, 1, None),
    (SEC5_ONE_LEAF_NIM2, 2, 1),
    (SEC5_TWO_LEAVES_NIM2, 2, 2),
    (SEC5_TWO_LEAVES_NIM3, 3, 2),
]


def nim(cordon):
    return solver_for(RULES).nim_value((cordon,) if cordon[0] else ())


def all_cordons(max_height):
    for h in range(max_height + 1):
        yield from green_cordon.cordons(h)


def solve(cnf):
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as s:
        return s.get_model() if s.solve() else None


def test_symbolic_options_match_the_ruleset_on_every_small_cordon():
    # The encoding's move rules are written independently of games/green_cordon.py.
    for h, atts in all_cordons(8):
        mine = sorted(
            (o[0], tuple(sorted(o[1]))) for o in concrete_options((h, frozenset(atts)))
        )
        theirs = sorted((c[0], c[1]) for _, c in green_cordon.cordon_options((h, atts)))
        assert mine == theirs, (h, atts)


@pytest.mark.parametrize("rule,value,leaves", RULE_CASES)
def test_automaton_and_rules_agree_with_play(rule, value, leaves):
    for h, atts in all_cordons(11):
        if leaves is not None and len(atts) != leaves:
            continue
        assert rule.holds(h, atts) == (nim((h, atts)) == value), (h, atts)
        # the automaton (used by the circuits) agrees with the plain rule
        state = rule.start()
        for a in range(1, h):
            state = rule.step(state, a in atts)
        automaton = rule.accept(state) if h else rule.accept_empty()
        assert automaton == rule.holds(h, atts), (h, atts)


def test_circuit_evaluates_the_rule_on_every_assignment():
    for h in range(1, 7):
        cc = CordonCircuits()
        x = cc.leaf_variables(h)
        out = cc.accepts(THM_3_2, (h, x))
        for _, atts in green_cordon.cordons(h):
            assumptions = [v if a in atts else -v for a, v in enumerate(x, start=1)]
            with Solver(bootstrap_with=cc.cnf.clauses) as s:
                assert s.solve(assumptions=assumptions + [out]) == THM_3_2.holds(h, atts)


@pytest.mark.parametrize(
    "claim", [enc.NIM0, enc.NIM1, enc.ONE_LEAF_NIM2, enc.TWO_LEAVES_NIM2, enc.TWO_LEAVES_NIM3]
)
def test_inductive_checks_hold_up_to_height_16(claim):
    for h in range(0, 17):
        cnf, _ = enc.inductive_instance(claim, h)
        assert solve(cnf) is None, h


def test_negative_control_a_perturbed_rule_is_refuted_and_play_confirms():
    # Theorem 3.2 with the last gap required even instead of odd.
    wrong = GapRule(stalk=0, first=0, middle=1, last=0)
    claim = enc.NimCharacterization(0, wrong, None, ((wrong,),))
    for h in range(0, 10):
        cnf, cc = enc.inductive_instance(claim, h)
        model = solve(cnf)
        if model is not None:
            break
    else:
        pytest.fail("the perturbed rule was never refuted")
    text = cc.decode(model, h)
    (cordon,) = green_cordon.parse(text)
    candidates = [cordon] + [c for _, c in green_cordon.cordon_options(cordon)]
    assert any(wrong.holds(*c) != (nim(c) == 0) for c in candidates), text


def test_counts_are_fibonacci_and_match_play():
    fib0, fib1 = [1, 0], [0, 1]
    for _ in range(20):
        fib0.append(fib0[-1] + fib0[-2])
        fib1.append(fib1[-1] + fib1[-2])
    for h in range(0, 12):
        by_play0 = sum(1 for c in green_cordon.cordons(h) if nim(c) == 0)
        by_play1 = sum(1 for c in green_cordon.cordons(h) if nim(c) == 1)
        assert enc.count_accepted(THM_3_2, h) == by_play0 == fib0[h]
        assert enc.count_accepted(THM_3_3, h) == by_play1 == fib1[h]


def grundy(root, value_range):
    """The mex constraints of cgsat.encodings.kernel over every follower of a cordon."""
    cnf, nodes = CNF(), followers(root)
    values = add_grundy(IDPool(), cnf, nodes, concrete_moves(nodes), value_range=value_range)
    return cnf, nodes, values


def test_grundy_encoding_gives_the_values_of_play():
    root = (7, frozenset({1, 3, 4}))
    cnf, nodes, values = grundy(root, value_range=7)
    model = solve(cnf)
    assert model is not None
    for h, leaves in nodes:
        assert values.value_of((h, leaves), model) == nim((h, tuple(sorted(leaves))))


def test_grundy_encoding_with_too_small_a_range_is_unsat():
    # L(6) has nim-value 5 (by play), so values 0..3 cannot express it.
    assert nim(green_cordon.L(6)) == 5
    cnf, _, _ = grundy((6, frozenset({1, 2, 3, 4})), value_range=3)
    assert solve(cnf) is None


def test_option_conditions_are_exact_on_a_hand_computed_case():
    # Height 3, leaf at v_2 only: the top arc gives 3: (leaf continues the stalk),
    # the leaf gives 3:, the arc v2v1 (in-degree 2) gives height 1; v1v0 is not movable.
    true = 100
    opts = [opt for cond, opt in options((3, (-true, true)), -true) if all(c == true for c in cond)]
    assert sorted(opts) == sorted([(3, (-true, -true)), (3, (-true, -true)), (1, ())])


def test_theorem_3_1_as_printed_is_refuted_at_n_3_by_both_methods():
    claim = get_claim("thickets.thm3.1")
    for method in claim.methods:
        verdict = method.run(3, Budget())
        assert verdict.status == "refuted"
        assert verdict.counterexample == "3:1"
    assert claim.confirm(3, "3:1")
    corrected = get_claim("thickets.thm3.1-corrected")
    assert all(m.run(8, Budget()).status == "holds" for m in corrected.methods)


@pytest.mark.parametrize(
    "claim_id",
    ["thickets.thm3.2", "thickets.thm3.3", "thickets.thm3.4", "thickets.thm3.5",
     "thickets.sec5-one-leaf-nim2", "thickets.sec5-two-leaves-nim2",
     "thickets.sec5-two-leaves-nim3"],
)
def test_sat_and_brute_agree_on_the_claims(claim_id):
    claim = get_claim(claim_id)
    for n in range(0, 10):
        statuses = {m.name: m.run(n, Budget()).status for m in claim.methods
                    if m.name in ("sat", "brute")}
        assert statuses in ({"brute": "holds", "sat": "holds"},
                            {"brute": "vacuous", "sat": "vacuous"}), (n, statuses)
