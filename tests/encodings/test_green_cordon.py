""":mod:`cgsat.encodings.green_cordon`: a cover without one of its rules finds a cordon
outside the others, and a rule on a symbolic cordon with constant leaves reads its concrete
cordon."""

from __future__ import annotations

from itertools import product

import pytest


@pytest.mark.parametrize("dropped", [0, 1, 2])
def test_a_cover_without_one_of_its_rules_finds_a_cordon_outside_the_others(dropped):
    from pysat.solvers import Solver

    from cgsat.encodings.green_cordon import ONE_LEAF_COVER, coverage_instance

    rules = [r for i, r in enumerate(ONE_LEAF_COVER) if i != dropped]
    found = 0
    for n in range(2, 10):
        assert not Solver(bootstrap_with=coverage_instance(ONE_LEAF_COVER, 1, n)[0]).solve()
        cnf, cc = coverage_instance(rules, 1, n)
        with Solver(bootstrap_with=cnf.clauses) as solver:
            if solver.solve():
                found += 1
                cordon = cc.decode(solver.get_model(), n)
                atts = [int(a) for a in cordon.split(":")[1].split(",")]
                assert len(atts) == 1 and not any(r.holds(n, atts) for r in rules), cordon
            else:  # then every one-leaf cordon of height n satisfies a kept rule
                assert all(any(r.holds(n, [a]) for r in rules) for a in range(1, n))
    assert found  # the dropped rule is needed at some height


def test_a_rule_on_a_symbolic_cordon_with_constant_leaves_reads_its_concrete_cordon():
    """``accepts`` on cordons whose leaf literals mix variables with constant false and
    true leaves (the shape of an option: a prefix, a false leaf, a suffix), against the
    rule evaluated on the concrete cordon, for every assignment."""
    from pysat.solvers import Solver

    from cgsat.encodings.green_cordon import (
        ONE_LEAF_COVER,
        THM_3_2,
        THM_3_3,
        CordonCircuits,
    )
    from cgsat.encodings.green_cordon_dfa import NIM2_DFA, NIM3_DFA

    rules = [THM_3_2, THM_3_3, *ONE_LEAF_COVER, NIM2_DFA, NIM3_DFA]
    for h in range(1, 8):
        for pattern in product("vft", repeat=h - 1):  # variable, false, true leaf
            if pattern.count("v") > 3:
                continue
            cc = CordonCircuits()
            x = cc.leaf_variables(h)
            lits = tuple(v if p == "v" else cc.false if p == "f" else -cc.false
                         for v, p in zip(x, pattern, strict=True))
            acc = [cc.accepts(rule, (h, lits)) for rule in rules]
            free = [v for v, p in zip(x, pattern, strict=True) if p == "v"]
            with Solver(bootstrap_with=cc.cnf.clauses) as solver:
                for bits in product([False, True], repeat=len(free)):
                    fix = [v if b else -v for v, b in zip(free, bits, strict=True)]
                    assert solver.solve(assumptions=fix)
                    true = {lit for lit in solver.get_model() if lit > 0}
                    on = dict(zip(free, bits, strict=True))
                    atts = [a for a, (v, p) in enumerate(zip(x, pattern, strict=True), 1)
                            if p == "t" or (p == "v" and on[v])]
                    for rule, lit in zip(rules, acc, strict=True):
                        got = lit in true if lit > 0 else -lit not in true
                        assert got == bool(rule.holds(h, atts)), (h, pattern, bits, rule)
