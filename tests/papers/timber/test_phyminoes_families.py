"""Phyminoes rules on graph families (Problem 4.3 of *The Game of timber!*): the claims
``timber.phyminoes-<family>``, their two methods, hand-checked positions and negative
controls (perturbed rules that the SAT method must refute with a concrete orientation)."""

from __future__ import annotations

import pytest

from cgsat.cgt import play
from cgsat.claims import Budget
from cgsat.games import get_ruleset
from cgsat.games.oriented import orientations
from cgsat.papers.registry import get_claim
from cgsat.papers.timber.phyminoes import brute as phyminoes_brute
from cgsat.papers.timber.phyminoes import families
from cgsat.papers.timber.phyminoes import sat as phyminoes_sat
from cgsat.papers.timber.phyminoes.brute import values as nim_and_misere

FAMILY_CLAIMS = ["odd-cycle", "odd-cycle-pendant", "complete", "complete-minus-edge"]


def _sat(n, family, rules=None, controls=4):
    return phyminoes_sat.family_rule(n, Budget(controls=controls), family,
                                     oracle=nim_and_misere, rules=rules)


@pytest.mark.parametrize("family", FAMILY_CLAIMS)
def test_claims_are_registered_with_two_methods(family):
    claim = get_claim(f"timber.phyminoes-{family}")
    assert claim.kind == "conjecture"
    assert {m.name for m in claim.methods} == {"sat", "brute"}


@pytest.mark.parametrize("family, sizes", [
    ("odd-cycle", range(3, 10)), ("odd-cycle-pendant", range(4, 11)),
    ("complete", range(2, 6)), ("complete-minus-edge", range(4, 7))])
def test_sat_and_play_agree_where_both_reach(family, sizes):
    for n in sizes:
        s = _sat(n, family)
        b = phyminoes_brute.family_rule(n, Budget(), family)
        assert s.status == b.status, (family, n, s, b)
        assert s.status in ("holds", "vacuous")
        if s.status == "holds":
            assert s.controls["passed"] == s.controls["total"] > 1


def test_c5_with_a_pendant_edge_by_hand():
    """C5 (0..4) with the pendant edge 0-5, distances in G - xy. Toppling a cycle edge
    leaves a path 0..4 plus the pendant, every edge's ends at consecutive distances from
    y: everything falls (value 0). Toppling 0>5: 5 is alone in G - 05, only 05 falls, C5
    is left (value 1). Toppling 5>0: C5's distances from 0 are 0,1,2,2,1 and the edge 2-3
    (both at distance 2) stands (value 1). So the value is mex{0, 1} = 2 in each of the
    64 orientations, and in misère play the move to C5 or to 2-3 (misère P) wins: N.
    With distances in G a cycle move leaves the edge opposite y standing, so the options
    depend on the orientation: the values seen are 0 and 2."""
    minus = get_ruleset("phyminoes")
    graph = get_ruleset("phyminoes", distances="graph")
    g = families.odd_cycle_pendant(6)
    values = {"minus-edge": set(), "graph": set()}
    for pos in orientations(g):
        assert play.nim_value(minus, pos) == 2
        assert not play.is_p_position(minus, pos, misere=True)
        values["graph"].add(play.nim_value(graph, pos))
    assert values["graph"] == {0, 2}


def test_k_n_options_are_k_n_minus_2():
    """The proof's step in K_n (distances in G - xy): every option is K_{n-2}."""
    r = get_ruleset("phyminoes")
    pos = next(iter(orientations(families.complete(6))))
    for _, option in r.options(pos):
        verts = {v for arc in option for v in arc}
        assert len(option) == 6 and len(verts) == 4


@pytest.mark.parametrize("family, n, rules", [
    # the odd cycle's graph reading claimed to be value 1 (it is 0)
    ("odd-cycle", 5, {"graph": lambda n: (1, False) if n % 2 else None}),
    # K_n's period-4 rule shifted by one
    ("complete", 4, {"minus-edge": lambda n: (1, True) if n % 4 in (3, 0) else (0, False)}),
    # the pendant cycle's misère outcome flipped
    ("odd-cycle-pendant", 6, {"minus-edge": lambda n: (2, True) if n % 2 == 0 else None}),
    # K_n - e with value 0 at n = 6 (it is 1)
    ("complete-minus-edge", 6, {"minus-edge": lambda n: (0, False) if n % 2 == 0 else None}),
])
def test_negative_controls_perturbed_rules_are_refuted(family, n, rules):
    v = _sat(n, family, rules)
    assert v.status == "refuted", v
    assert phyminoes_brute.confirm(n, v.counterexample, family, rules)
    assert not phyminoes_brute.confirm(n, v.counterexample, family)
    b = phyminoes_brute.family_rule(n, Budget(), family, rules)
    assert b.status == "refuted"


def test_finding_k5_minus_an_edge_has_no_single_value():
    """The candidate rule 'K_n minus an edge has one value in every orientation' fails at
    n = 5: play finds four nim-values, and SAT refutes each of the eight candidate
    (value, misère outcome) pairs with an orientation that play confirms. So the
    registered rule is for even n only."""
    r = get_ruleset("phyminoes")
    seen = {play.nim_value(r, pos) for pos in orientations(families.complete_minus_edge(5))}
    assert seen == {0, 1, 2, 3}
    for t in range(4):
        for misere_p in (False, True):
            rules = {"minus-edge": lambda n, w=(t, misere_p): w if n == 5 else None}
            v = _sat(5, "complete-minus-edge", rules, controls=0)
            assert v.status == "refuted"
            pos = r.parse(v.counterexample)
            assert (play.nim_value(r, pos), play.is_p_position(r, pos, misere=True)) != (
                t, misere_p)


@pytest.mark.slow
@pytest.mark.parametrize("family, sizes", [
    ("odd-cycle", range(11, 14)), ("odd-cycle-pendant", range(12, 15)),
    ("complete", [6])])
def test_sat_and_play_agree_at_the_largest_sizes_of_play(family, sizes):
    for n in sizes:
        s = _sat(n, family)
        b = phyminoes_brute.family_rule(n, Budget(), family)
        assert s.status == b.status, (family, n)


# -- odd cycles with a pendant path: the triangle rule -----------------------------------------
def test_odd_cycle_path_sat_and_play_agree():
    from cgsat.papers.timber.phyminoes import cycle_paths_brute, cycle_paths_sat

    for n in range(4, 10):
        s = cycle_paths_sat.odd_cycle_path(n, Budget(controls=3), oracle=nim_and_misere)
        b = cycle_paths_brute.odd_cycle_path(n, Budget())
        assert s.status == b.status == "holds", (n, s, b)
        assert s.controls["passed"] == s.controls["total"]


def test_odd_cycle_path_value_is_not_constant():
    """Why the rule is 'same as the triangle' and not a closed value: C_5 with a pendant
    path of 2 edges takes the values 1, 2 and 3 (by plain recursion)."""
    from cgsat.papers.timber.phyminoes.cycle_paths import cycle_with_path

    r = get_ruleset("phyminoes")
    assert {play.nim_value(r, p) for p in orientations(cycle_with_path(5, 2))} == {1, 2, 3}


@pytest.mark.parametrize("shift", [1, -1])
def test_odd_cycle_path_negative_control(shift):
    """A perturbed rule (the cycle's value is the triangle's plus 1, or minus 1) is refuted
    by SAT with an orientation that plain recursion confirms, and by exhaustive play."""
    from cgsat.papers.timber.phyminoes import cycle_paths_brute, cycle_paths_sat

    v = cycle_paths_sat.odd_cycle_path(7, Budget(controls=2), oracle=nim_and_misere,
                                       shift=shift)
    assert v.status == "refuted"
    assert cycle_paths_brute.confirm(7, v.counterexample, shift)
    assert not cycle_paths_brute.confirm(7, v.counterexample)
    assert cycle_paths_brute.odd_cycle_path(7, Budget(), shift=shift).status == "refuted"
