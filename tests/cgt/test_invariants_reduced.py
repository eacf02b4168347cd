"""Reduced canonical form and ≡_I (cgsat.cgt.reduced), on Thinning Thickets values.

Known values from ``thinning-thickets.txt`` §4 (blue stalks, Theorem 4.1 for blue cordons,
Theorem 4.2 for red-blue stalks), checked on real positions built by the thickets ruleset,
with a deliberately wrong classification as a negative control. Algebraic properties on
random games. The cgt-py oracle for reduced forms lives in test_invariants_thermograph.py.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from cgsat.cgt.canonical import DOWN, ONE, STAR, UP, ZERO, Game, game, nimber, number, switch
from cgsat.cgt.notation import parse as parse_game
from cgsat.cgt.partizan_values import canonical_form
from cgsat.cgt.reduced import (
    inf_equivalent,
    inf_geq,
    inf_leq,
    is_reduced,
    reduced_canonical_form,
)
from cgsat.cgt.stops import left_stop, right_stop
from cgsat.games import thickets

F = Fraction
rcf = reduced_canonical_form
BASE = [ZERO, ONE, -ONE, STAR, UP, DOWN, number(F(1, 2)), number(-2), nimber(2)]
games = st.recursive(
    st.sampled_from(BASE),
    lambda kids: st.builds(game, st.lists(kids, max_size=3), st.lists(kids, max_size=3)),
    max_leaves=9,
)
infinitesimals = st.recursive(
    st.sampled_from([ZERO, STAR, UP, DOWN, nimber(2)]),
    lambda kids: st.builds(
        game, st.lists(kids, min_size=1, max_size=2), st.lists(kids, min_size=1, max_size=2)
    ),
    max_leaves=6,
)


def thicket_value(text: str) -> Game:
    return canonical_form(thickets.RULESET, thickets.parse(text))


def sw(a, b) -> Game:
    """The switch {a|b} of two numbers."""
    return switch(number(a), number(b))


# --- the paper's examples --------------------------------------------------------------


def test_inf_dominated_example_of_section_2_2() -> None:
    # {1, {1|0} | 0}: {1|0} is Inf-dominated by 1, so rcf = {1|0}.
    g = game([ONE, sw(1, 0)], [ZERO])
    assert rcf(g) == sw(1, 0)
    assert inf_leq(sw(1, 0), ONE) and not inf_leq(ONE, sw(1, 0))


def test_corollary_2_9_numbers_and_switches() -> None:
    for a, b in [(1, 0), (3, -1), (F(1, 2), F(1, 2)), (2, F(-3, 4))]:
        g = game([number(a)], [number(b)])
        assert inf_geq(number(a), g) and inf_geq(g, number(b))


def test_numbers_plus_infinitesimals_reduce_to_the_number() -> None:
    for x in (0, 1, F(-3, 2), F(5, 8)):
        for eps in (STAR, UP, DOWN + nimber(3), game([ZERO], [sw(0, -3)])):
            g = number(x) + eps
            assert rcf(g) == number(x)
            assert inf_equivalent(g, number(x))
    assert not inf_equivalent(sw(1, 0), ZERO)
    assert not is_reduced(UP) and is_reduced(sw(1, -1))


# --- blue stalks (thinning-thickets §4) ------------------------------------------------


def test_blue_stalks_canonical_and_reduced_forms() -> None:
    b = [thicket_value("blue:[" + "0" * n + "]") for n in range(9)]
    assert [str(x) for x in b[:5]] == ["0", "1", "{1|0}", "{1|0||0}", "{1|0||0|||0}"]
    assert b[3] == parse_game("{{1|0}|0}") and b[4] == parse_game("{{{1|0}|0}|0}")
    for n in range(2, 9):  # claim blue-stalks: B(n) = {B(n-1)|0}
        assert b[n] == game([b[n - 1]], [ZERO])
    assert [rcf(x) for x in b[:3]] == b[:3]
    for n in range(3, 9):
        assert left_stop(b[n]) == right_stop(b[n]) == 0
        assert rcf(b[n]) == ZERO


# --- Theorem 4.1: blue cordons ---------------------------------------------------------


def theorem_4_1(t: str) -> tuple[str, Game]:
    """(relation, value) that Theorem 4.1 gives for the blue cordon ``[t]``."""
    m = len(t) - len(t.rstrip("1"))
    head = t[: len(t) - m]
    if m == 0:
        if t == "0":
            return "=", ONE
        if t == "00":
            return "=", sw(1, 0)
        return "≡", (sw(1, 0) if t[-2] == "1" else ZERO)  # [α10], [α00]
    if m % 2 == 1:
        k = (m - 1) // 2
        if head == "0":  # case 6 ([01] = 1 is k = 0)
            return "=", number(k + 1)
        return "≡", number(k + 1)  # case 2
    k = m // 2
    if head == "0":
        return "=", number(k + 1)  # case 6
    if head == "00":
        return "≡", sw(k + 1, k)  # case 5
    return "≡", (number(k) if head[-2] == "0" else sw(k + 1, k))  # cases 3 and 4


def check_cordons(rule: Callable[[str], tuple[str, Game]], max_height: int) -> list[str]:
    bad = []
    for n in range(1, max_height + 1):
        for rest in itertools.product("01", repeat=n - 1):
            t = "0" + "".join(rest)
            g = thicket_value(f"blue:[{t}]")
            rel, value = rule(t)
            if (g != value) if rel == "=" else (rcf(g) != value):
                bad.append(t)
    return bad


def test_theorem_4_1_blue_cordons() -> None:
    assert check_cordons(theorem_4_1, 7) == []


def test_theorem_4_1_negative_control() -> None:
    # Misreading case 3 as {k+1|k} (case 4's value) is refuted, first at [0001 1].
    def wrong(t: str) -> tuple[str, Game]:
        rel, value = theorem_4_1(t)
        m = len(t) - len(t.rstrip("1"))
        head = t[: len(t) - m]
        if m and m % 2 == 0 and len(head) >= 3 and head[-2] == "0":
            return "≡", sw(m // 2 + 1, m // 2)
        return rel, value

    bad = check_cordons(wrong, 6)
    assert bad and bad[0] == "00011"


# --- Theorem 4.2: red-blue stalks ------------------------------------------------------

EIGHT = {
    "0": ZERO,
    "1": ONE,
    "-1": -ONE,
    "{1|0}": sw(1, 0),
    "{0|-1}": sw(0, -1),
    "{1|-1}": sw(1, -1),
    "{{1|0}|-1}": game([sw(1, 0)], [-ONE]),
    "{1|{0|-1}}": game([ONE], [sw(0, -1)]),
}


def theorem_4_2(w: str) -> str:
    """The reduced value that Theorem 4.2 gives for the red-blue stalk ``w`` (top first)."""
    if not w:
        return "0"
    if set(w) == {"L"}:
        return "1"  # 3a
    if set(w) == {"R"}:
        return "-1"  # 3b
    last = w[-1]
    other = "R" if last == "L" else "L"
    k = len(w) - len(w.rstrip(last))
    alpha_x = w[: len(w) - k]  # ends in `other`
    alpha, x = alpha_x[:-1], alpha_x[-1]
    assert x == other
    if not alpha:  # LR^k or RL^k
        if k >= 2:
            return "0"  # 1
        return "{1|0}" if x == "L" else "{0|-1}"  # 2a, 2b
    y = alpha[-1]
    if y == x:  # αLLR^k or αRRL^k
        if k >= 2:
            return "0"  # 1
        return "{1|0}" if x == "L" else "{0|-1}"  # 2a, 2b
    # α'yxlast^k with y == last: α LRL^k or α RLR^k
    if k == 1:
        return "{1|-1}"  # 4
    if k == 2:
        return "{{1|0}|-1}" if last == "R" else "{1|{0|-1}}"  # 5a, 5b
    return "{1|0}" if last == "L" else "{0|-1}"  # 2a (αLRL^k), 2b (αRLR^k), k >= 3


def check_stalks(rule: Callable[[str], str], max_length: int) -> list[str]:
    bad = []
    for n in range(max_length + 1):
        for letters in itertools.product("LR", repeat=n):
            w = "".join(letters)
            g = thicket_value("stalk:" + w)
            if rcf(g) != EIGHT[rule(w)]:
                bad.append(w)
    return bad


def test_theorem_4_2_red_blue_stalks() -> None:
    assert check_stalks(theorem_4_2, 9) == []
    # equalities stated in the proof: L^k = 1, LR = LLR = {1|0}
    for k in range(1, 6):
        assert thicket_value("stalk:" + "L" * k) == ONE
    assert thicket_value("stalk:LR") == thicket_value("stalk:LLR") == sw(1, 0)


def test_theorem_4_2_eight_values_all_occur() -> None:
    seen = set()
    for n in range(6):
        for letters in itertools.product("LR", repeat=n):
            seen.add(rcf(thicket_value("stalk:" + "".join(letters))))
    assert seen == set(EIGHT.values())


def test_theorem_4_2_negative_control() -> None:
    # Swapping cases 5a and 5b is refuted; the first counterexample is the stalk LRLL.
    def swapped(w: str) -> str:
        v = theorem_4_2(w)
        return {"{{1|0}|-1}": "{1|{0|-1}}", "{1|{0|-1}}": "{{1|0}|-1}"}.get(v, v)

    bad = check_stalks(swapped, 5)
    assert bad[:2] == ["LRLL", "RLRR"]


# --- properties on random games --------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(games)
def test_rcf_idempotent_close_and_odd(g: Game) -> None:
    r = rcf(g)
    assert rcf(r) == r
    assert inf_equivalent(g, r)
    assert rcf(-g) == -r
    assert (left_stop(r), right_stop(r)) == (left_stop(g), right_stop(g))


@settings(max_examples=80, deadline=None)
@given(games, games)
def test_inf_equivalence_is_rcf_equality_and_congruence(g: Game, h: Game) -> None:
    assert inf_equivalent(g, h) == (rcf(g) == rcf(h))  # Theorems 2.12 and 2.13
    assert rcf(g + h) == rcf(rcf(g) + rcf(h))
    assert inf_leq(g, h) == inf_geq(h, g)
    if g <= h:
        assert inf_leq(g, h)
    if right_stop(g) >= left_stop(h):  # Theorem 2.8
        assert inf_geq(g, h)


@settings(max_examples=80, deadline=None)
@given(games, infinitesimals)
def test_adding_an_infinitesimal_keeps_rcf(g: Game, eps: Game) -> None:
    assert eps.is_infinitesimal()
    assert rcf(g + eps) == rcf(g)
    assert inf_equivalent(g + eps, g)
