"""Caterpillar claims (Furtado et al.) and the tree claims of The Game of timber! §3.

- SAT and brute force agree on every size both reach, within test-sized bounds.
- Negative controls: deliberately wrong statements are refuted, with counterexamples that
  the direct solver confirms.
"""

import networkx as nx
import pytest

from cgsat.cgt.impartial import ImpartialSolver
from cgsat.claims import Budget
from cgsat.games import get_ruleset, shapes
from cgsat.games.timber import parse
from cgsat.kit import caterpillars, every, record
from cgsat.kit.records import KitClaim
from cgsat.papers.caterpillars import brute, legs, sat
from cgsat.papers.caterpillars.claims import comb_is_not_p, leaf_arc_out_is_n
from cgsat.papers.registry import get_claim
from cgsat.papers.timber.trees import brute as trees_brute
from cgsat.papers.timber.trees import sat as trees_sat

DIRECT = ImpartialSolver(get_ruleset("timber"))
BUDGET = Budget()

# claim id -> largest n run by both methods in the default (fast) suite
FAST = {
    "caterpillars.thm3.1": 7,
    "caterpillars.thm3.2": 9,
    "caterpillars.thm3.3": 7,
    "caterpillars.cor3.4": 7,
    "caterpillars.cor3.5": 8,
    "caterpillars.even-edges": 7,
    "timber.lem3.1": 7,
    "timber.lem3.2": 6,
    "timber.lem3.3": 6,
    "timber.alg3.5": 6,
}
SLOW = {
    "caterpillars.thm3.1": 9,
    "caterpillars.thm3.2": 13,
    "caterpillars.thm3.3": 9,
    "caterpillars.cor3.4": 10,
    "caterpillars.cor3.5": 11,
    "caterpillars.even-edges": 9,
    "timber.lem3.1": 9,
    "timber.lem3.2": 8,
    "timber.lem3.3": 8,
    "timber.alg3.5": 8,
}


def _run_all_methods(claim_id, hi):
    claim = get_claim(claim_id)
    for n in range(claim.base, hi + 1):
        statuses = {m.name: m.run(n, BUDGET).status for m in claim.methods}
        assert set(statuses.values()) <= {"holds", "vacuous"}, (claim_id, n, statuses)


@pytest.mark.parametrize("claim_id", sorted(FAST))
def test_methods_agree_on_small_sizes(claim_id):
    _run_all_methods(claim_id, FAST[claim_id])


@pytest.mark.slow
@pytest.mark.parametrize("claim_id", sorted(SLOW))
def test_methods_agree_on_every_size_both_reach(claim_id):
    _run_all_methods(claim_id, SLOW[claim_id])


def test_claims_are_registered_with_two_methods():
    for claim_id in FAST:
        claim = get_claim(claim_id)
        assert len(claim.methods) >= 2 and claim.confirm is not None
        assert claim.quick_bound <= claim.target_bound


# -- the scope: leg vectors -------------------------------------------------------------
@pytest.mark.parametrize("n", range(0, 9))
def test_leg_vectors_cover_every_caterpillar_once_up_to_reversal(n):
    vectors = list(legs.leg_vectors(n))
    assert all(len(k) - 1 + sum(k) == n for k in vectors)
    both = {k for k in vectors} | {k[::-1] for k in vectors}
    assert len(both) == 2**n  # sum over s of C(n, s - 1) leg vectors with n edges
    assert len(set(vectors)) == len(vectors)


def test_caterpillar_trees_are_the_caterpillars():
    # 2^(n-3) + 2^((n-3)//2) caterpillars with n edges, n >= 3 (Harary and Schwenk)
    for n in range(3, 10):
        assert len(legs.caterpillar_trees(n)) == 2 ** (n - 3) + 2 ** ((n - 3) // 2)


# -- the published statements on small cases, by the direct solver -----------------------
def test_corollary_3_5_needs_two_spine_vertices():
    """cat(1) (one edge) has no P-position, but the formula would predict P_3 (one)."""
    assert brute.brute_p_count((1,)) == 0
    assert brute.brute_path_p_count(legs.cor35_path((1,))) == 1
    assert not legs.double_brooms(1, 1)  # the claim's scope starts at s = 2


def test_theorem_3_3_on_a_hand_example():
    # cat(2, 0, 0) and cat(0, 0, 0) = P_3 both have one P-position (LR with legs out)
    assert brute.brute_p_count((2, 0, 0)) == brute.brute_p_count((0, 0, 0)) == 1


# -- negative controls --------------------------------------------------------------------
def _wrong_caterpillar_1(n, s):
    """A deliberately wrong Theorem 3.2: cat(1, ..., 1, 0) (n = 2s - 2 edges) has no
    P-position. With the last leg gone it is the caterpillar 1 of s - 1 spine vertices
    plus one spine edge, and cat(1, 0) is the path with 3 vertices, which has one."""
    return [(1,) * (s - 1) + (0,)] if s >= 2 and 2 * s - 2 == n else []


@pytest.mark.parametrize("n", [2, 4])
def test_negative_control_wrong_caterpillar_1_is_refuted(n):
    """Theorem 3.2's registered check (``outleg_check`` with no pairs, as ``thm32_sat``
    calls it) on the wrong leg vectors refutes them with a P-position that the direct
    solver confirms; and 'all-even caterpillars have no P-position' is refuted likewise."""
    verdict = sat.outleg_check(n, BUDGET, None, lambda s: _wrong_caterpillar_1(n, s),
                               "caterpillar 1 with a bare end")
    assert verdict.status == "refuted"
    p = parse(verdict.counterexample)
    g = nx.Graph(list(p))
    assert nx.is_isomorphic(g, legs.cat_graph((1,) * (n // 2) + (0,)))
    assert DIRECT.outcome(p) == "P"
    verdict = sat.outleg_check(
        4, BUDGET, None,
        lambda s: [k for k in legs.leg_vectors(4, s) if all(x % 2 == 0 for x in k)],
        "all-even caterpillar",
    )
    assert verdict.status == "refuted"
    assert DIRECT.outcome(parse(verdict.counterexample)) == "P"


def test_negative_control_wrong_leg_parity_rule_is_refuted():
    """'#P(cat(k)) = #P(cat(k with one leg fewer at v1))' is wrong: the kernel miter finds
    a difference, counts it, and the direct solver confirms the two counts differ."""
    pairs = {2: [((2, 1), (1, 1))], 3: [((1, 0, 2), (0, 0, 2))]}
    verdict = sat.kernel_check(4, BUDGET, pairs, {}, "test")
    assert verdict.status == "refuted"
    k = legs.parse_cat(verdict.counterexample)
    fewer = (k[0] - 1,) + k[1:]
    assert brute.brute_p_count(k) != brute.brute_p_count(fewer)


def test_negative_control_leaf_arc_toward_the_leaf_is_refuted():
    """'A leaf arc pointing *to* its leaf makes an N-position' is wrong (LR is P)."""
    verdict = trees_sat.leaf_arc_sat(shapes.trees(4), BUDGET, toward=True)
    assert verdict.status == "refuted"
    p = parse(verdict.counterexample)
    assert DIRECT.outcome(p) == "P"


class _P:
    """A configuration the predicates are told is a P-position (a stub of the kit's
    :class:`~cgsat.kit.statements.Position`): they then say only whether it is excluded."""

    outcome = "P"

    def __init__(self, text):
        self.text = text


@pytest.mark.parametrize("n", range(1, 10))
def test_theorem_3_2_predicate_picks_out_caterpillar_1(n):
    """comb_is_not_p is false on a P-configuration exactly when the tree is cat(1,...,1)
    (one tree at odd n, none at even n), among every caterpillar with n edges."""
    combs = [g for g in caterpillars().shapes(n) if not comb_is_not_p(
        _P(" ".join(f"{u}>{v}" for u, v in g)))]
    if n % 2:
        assert len(combs) == 1
        assert nx.is_isomorphic(nx.Graph(combs[0]), legs.cat_graph((1,) * ((n + 1) // 2)))
    else:
        assert combs == []


def test_theorem_3_1_predicate_reads_the_leaf_arcs():
    """leaf_arc_out_is_n excludes a P-configuration exactly when some leaf's arc leaves it."""
    assert not leaf_arc_out_is_n(_P("0>1"))
    assert not leaf_arc_out_is_n(_P("0>1 1>2"))  # leaf 0 points to the spine
    assert leaf_arc_out_is_n(_P("1>0 1>2"))  # both arcs point to the leaves
    assert leaf_arc_out_is_n(_P("1>0 1>2 2>3 4>2 2>5")) is False  # leaf 4 points away
    assert leaf_arc_out_is_n(_P("1>0 2>1 2>3"))


def test_theorems_3_1_and_3_2_are_kit_records():
    """Theorem 3.1's brute is the kit's play (stored as brute); Theorem 3.2 keeps its own
    methods and its vacuity at even n (the family has caterpillars at every n)."""
    t31, t32 = get_claim("caterpillars.thm3.1"), get_claim("caterpillars.thm3.2")
    assert isinstance(t31, KitClaim) and isinstance(t32, KitClaim)
    assert t31.family == caterpillars() and t31.test.test is leaf_arc_out_is_n
    assert t31.method("brute").run.func.__name__ == "play"
    assert t31.method("sat").run.func is sat.thm31_sat
    assert t31.confirm is brute.thm31_confirm
    assert t32.method("brute").run is brute.thm32_brute
    assert t32.confirm is brute.thm32_confirm
    assert [t32.vacuous(n) is None for n in range(1, 7)] == [True, False] * 3
    assert t31.vacuous(2) is None


def test_negative_control_theorem_3_1_with_leaf_arcs_inward_is_refuted():
    """The kit's play behind Theorem 3.1's brute refutes 'a leaf arc pointing *to* its
    leaf makes an N-position' at two edges (1>0 1>2, the path LR, is P)."""
    def toward(p):
        arcs = parse(p.text)
        ends = [v for arc in arcs for v in arc]
        return not any(ends.count(head) == 1 for _, head in arcs) or p.outcome != "P"

    wrong = record("caterpillars.wrong", caterpillars(), every(toward), paper="P",
                   theorem="T", quick=2, target=2, rename={"play": "brute"})
    v = wrong.method("brute").run(2, BUDGET)
    assert v.status == "refuted" and DIRECT.outcome(parse(v.counterexample)) == "P"
    assert get_claim("caterpillars.thm3.1").method("brute").run(2, BUDGET).status == "holds"


def test_confirm_rejects_what_is_not_a_counterexample():
    assert not brute.thm33_confirm(4, "cat(2,0,1)")  # Theorem 3.3 holds there
    assert not brute.cor35_confirm(3, "cat(2,0)")
    assert not trees_brute.confirm_lemma31(2, "1>0 1>2")  # a P-position, but no leaf arc out
    assert not trees_brute.confirm_algorithm35(3, "0>1 1>2 1>3")
    assert not brute.even_edges_confirm(2, "tree:0-1 1-2")  # it has LR


def test_lemma_operations_on_hand_examples():
    # flatten the peak of 1>0 1>2 2>3: vertex 1 goes, 0 and 2 merge, one arc is left
    assert trees_brute.flatten(parse("1>0 1>2 2>3"), "1") is not None
    assert len(trees_brute.flatten(parse("1>0 1>2 2>3"), "1")) == 1
    assert trees_brute.flatten(parse("0>1 1>2"), "1") is None  # 1 is not a source
    # merge the leaf paths 0>1 and 0>2>3 at 0: one path of length 1 XOR 2 = 3
    merged = trees_brute.merge(parse("0>1 0>2 2>3"), "0", ["1"], ["2", "3"])
    assert len(merged) == 3
    assert DIRECT.nim_value(merged) == DIRECT.nim_value(parse("0>1 0>2 2>3")) == 3
