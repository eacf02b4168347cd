"""Thinning Thickets §4 claims: engine (canonical forms) vs game-tree search of G - V.

Both methods on small sizes, a cross-check of the two deciders on every requirement, the
refutation of Theorem 4.4 as printed, and negative controls: a perturbed statement per
claim is refuted by both methods with a concrete counterexample that the replay confirms.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from cgsat.claims import Budget
from cgsat.games import thickets
from cgsat.papers.registry import get_claim
from cgsat.papers.thickets import sec4_brute, sec4_play
from cgsat.papers.thickets import sec4_rules as R

B = Budget()
METHODS = (sec4_brute.family_values, sec4_play.family_values)


@pytest.mark.parametrize("cid,sizes", [
    ("thickets.thm4.1", range(0, 7)),
    ("thickets.thm4.2", range(0, 7)),
    ("thickets.blue-stalks", range(0, 9)),
    ("thickets.lem4.3", range(2, 9)),
    ("thickets.thm4.4-values", range(1, 8)),
])
def test_claims_hold_by_both_methods(cid: str, sizes: range) -> None:
    claim = get_claim(cid)
    sized = [m for m in claim.methods if not m.all_n]  # an all-n method: test_partizan.py
    assert {m.name for m in sized} == {"brute", "play"}
    for n in sizes:
        for m in sized:
            assert m.run(n, B).status == "holds", (cid, n, m.name)


def test_thm44_as_printed_is_refuted_at_t2_by_both_and_replayed() -> None:
    claim = get_claim("thickets.thm4.4")
    t2 = thickets.format(R.t_family(2))
    for m in claim.methods:
        v = m.run(1, B)
        assert (v.status, v.counterexample) == ("refuted", t2)
        assert "temperature 1/2" in v.detail
    assert claim.confirm(1, t2)
    assert not claim.confirm(2, t2)  # not T(4)
    assert not claim.confirm(1, thickets.format(R.t_family(4)))


@pytest.mark.parametrize("n", range(1, 5))
def test_temperature_of_t2n_is_n_over_2_by_both(n: int) -> None:
    # What holds: T(2n) = {n|0}, temperature n/2 (so >= n/2, and < n).
    for run in (sec4_brute.thm44, sec4_play.thm44):
        assert run(n, B, scale=Fraction(1, 2)).status == "holds"
        v = run(n, B, scale=Fraction(1, 2) + Fraction(1, 4 * n))
        assert v.status == "refuted"
        assert f"{{{n}|0}}" in v.detail and f"temperature {Fraction(n, 2)}" in v.detail


# -- the two deciders agree on every requirement ----------------------------------------------

SPECS = [0, 1, 2, -1, R.SWITCH_1_0, R.SWITCH_0_M1, R.SWITCH_1_M1, R.switch(2, 1),
         ((0,), (1,)), R.switch(R.SWITCH_1_0, -1), ((0,), (0,))]


def _positions():
    for n in range(0, 5):
        yield from R.blue_cordons(n)
        yield from R.stalks(n)
    for arcs in itertools.product("brg", repeat=3):  # coloured stalks of 3 arcs
        yield "".join(arcs), thickets.make_thicket(
            [(3, 2, arcs[0]), (2, 1, arcs[1]), (1, 0, arcs[2])])
    yield "T(2)", R.t_family(2)


def test_engine_and_play_decide_every_requirement_alike() -> None:
    seen = {"=": set(), "~": set(), ">=": set()}
    for label, position in _positions():
        g = sec4_brute.value(position)
        for spec in SPECS:
            for rel in ("=", "~", ">="):
                got = sec4_play.meets(position, (spec, rel))
                assert got == sec4_brute.meets(g, (spec, rel)), (label, spec, rel)
                seen[rel].add(got)
    assert all(s == {True, False} for s in seen.values())


def test_infinitesimal_test_tells_apart_a_tiny_number() -> None:
    # {0|1/2} = 1/4 is close to no integer, and a blue stalk B(3) is close to 0 not equal.
    b3 = R.blue_stalk(3)
    assert sec4_play.meets(b3, (0, "~")) and not sec4_play.meets(b3, (0, "="))
    assert not sec4_play.meets(b3, (((0,), (((0,), (1,)),)), "~"))


# -- negative controls ------------------------------------------------------------------------


def _shift(rule, where, new):
    """``rule`` with the requirements of the labels ``where`` accepts replaced by ``new``."""
    def perturbed(label: str):
        return new(label) if where(label) else rule(label)
    return perturbed


NEGATIVE = [
    # Theorem 4.1, case 1 says [α00] ≡_I 0; claim 1 instead.
    ("thm4.1 [α00] ≡_I 1", R.blue_cordons, 3,
     _shift(R.thm41_rule, lambda s: s.endswith("00]") and len(s) >= 10,
            lambda s: [(1, "~")]), "blue:[000]"),
    # Theorem 4.1, case 5 ([001^2k] ≡_I {k+1|k}) read as case 3 (≡_I k).
    ("thm4.1 case 5 as case 3", R.blue_cordons, 4,
     _shift(R.thm41_rule, lambda s: s == "blue:[0011]", lambda s: [(1, "~")]),
     "blue:[0011]"),
    # "≡_I" strengthened to "=": B(3) = [000] = {{1|0}|0} is not 0.
    ("thm4.1 [α00] = 0", R.blue_cordons, 3,
     _shift(R.thm41_rule, lambda s: s == "blue:[000]", lambda s: [(0, "=")]), "blue:[000]"),
    # Theorem 4.2 case 5a replaced by case 4's value.
    ("thm4.2 αRLRR ≡_I {1|-1}", R.stalks, 4,
     _shift(R.thm42_rule, lambda s: s.endswith("RLRR"), lambda s: [(R.SWITCH_1_M1, "~")]),
     "stalk:RLRR"),
    # Rcf(B(n)) = 0 claimed from n = 2.
    ("blue-stalks Rcf(B(2)) = 0", R.blue_stalk_family, 2,
     _shift(R.blue_stalk_rule, lambda s: s == "B(2)", lambda s: [(0, "~")]), "B(2)"),
    # B(n) = {B(n-2)|0}.
    ("blue-stalks B(3) = {B(1)|0}", R.blue_stalk_family, 3,
     _shift(R.blue_stalk_rule, lambda s: s == "B(3)",
            lambda s: [(((R.blue_stalk(1),), (0,)), "=")]), "B(3)"),
    # Lemma 4.3 raised by one.
    ("lem4.3 S(m) >= floor(m/2) + 1", R.s_member, 2,
     lambda s: [(int(s[2:-1]) // 2 + 1, ">=")], "S(2)"),
    # T(m) = {ceil(m/2) + 1 | 0}.
    ("thm4.4-values T(m) one hotter", R.t_and_s, 1,
     _shift(R.t_value_rule, lambda s: s.startswith("T("),
            lambda s: [(R.switch((int(s[2:-1]) + 1) // 2 + 1, 0), "=")]), "T(1)"),
    # S(m) = floor(m/2).
    ("thm4.4-values S(m) = floor(m/2)", R.t_and_s, 1,
     _shift(R.t_value_rule, lambda s: s.startswith("S("),
            lambda s: [(int(s[2:-1]) // 2, "=")]), "S(1)"),
]


@pytest.mark.parametrize("name,family,n,rule,expected", NEGATIVE, ids=[x[0] for x in NEGATIVE])
def test_negative_controls_are_refuted_and_replayed(name, family, n, rule, expected) -> None:
    base = {R.s_member: 2, R.t_and_s: 1}.get(family, 0)
    for run in METHODS:
        for smaller in range(base, n):  # the perturbation is first visible at n
            assert run(smaller, B, family=family, rule=rule).status == "holds", (name, smaller)
        v = run(n, B, family=family, rule=rule)
        assert (v.status, v.counterexample) == ("refuted", expected), (name, run)
    assert sec4_play.confirm_family(n, expected, family=family, rule=rule)
    # the true statement's replay rejects the same counterexample
    claim_rule = {R.blue_cordons: R.thm41_rule, R.stalks: R.thm42_rule,
                  R.blue_stalk_family: R.blue_stalk_rule, R.s_member: R.lem43_rule,
                  R.t_and_s: R.t_value_rule}[family]
    assert not sec4_play.confirm_family(n, expected, family=family, rule=claim_rule)


def test_thm42_takes_exactly_the_eight_values() -> None:
    v = sec4_brute.family_values(6, B, family=R.stalks, rule=R.thm42_rule)
    assert v.detail.endswith("0, 1, -1, +-1, {1|0}, {0|-1}, {1|0||-1}, {1||0|-1}")


def test_members_parse_back() -> None:
    for label, position in itertools.chain(R.blue_cordons(4), R.stalks(3), R.t_and_s(3),
                                           R.blue_stalk_family(3), R.s_member(4)):
        assert R.member(label) == position
    with pytest.raises(Exception, match="not a §4 family member"):
        R.member("U(3)")
