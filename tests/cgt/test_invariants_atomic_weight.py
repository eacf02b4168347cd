"""Atomic weight (cgsat.cgt.atomic_weight) and Toppling Dominoes Theorem 32.

Known values follow from the literature (Winning Ways ch. 8, Lessons in Play ch. 9).
Properties checked on random all-small games: additivity, oddness, invariance under adding
nimbers, and the two-ahead rule — a consequence of atomic weight theory that the recursion
itself does not use, so it is an independent check. Theorem 32 is checked on every
infinitesimal Toppling Dominoes string, with two negative controls.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgsat.cgt.atomic_weight import (
    atomic_weight,
    far_star_index,
    infinitesimal_atomic_weight,
    substitute_number_stops,
    theorem32_probes,
)
from cgsat.cgt.canonical import (
    DOWN,
    ONE,
    STAR,
    UP,
    ZERO,
    Game,
    game,
    nimber,
    number,
    switch,
    up_multiple,
)
from cgsat.cgt.notation import parse as parse_game
from cgsat.cgt.partizan_values import canonical_form
from cgsat.errors import CgsatInputError
from cgsat.games import toppling

AW = atomic_weight
all_small = st.recursive(
    st.sampled_from([ZERO, STAR, UP, DOWN, nimber(2), UP + STAR]),
    lambda kids: st.builds(
        game, st.lists(kids, min_size=1, max_size=3), st.lists(kids, min_size=1, max_size=3)
    ),
    max_leaves=8,
)


def toppling_value(word: str) -> Game:
    return canonical_form(toppling.RULESET, toppling.parse(word))


# --- known values ----------------------------------------------------------------------


def test_known_atomic_weights() -> None:
    for k in range(-4, 5):
        for n in range(4):
            assert AW(up_multiple(k, n)) == number(k), (k, n)
    assert AW(parse_game("{0|^}")) == number(2)  # {0|^} = ^^*
    assert AW(parse_game("{0,*|0}")) == ONE  # ^*
    # {^^*|vv*}: G'' = {2-2 | -2+2} = {0|0} = *, not an integer, so AW = *
    assert AW(game([up_multiple(2, 1)], [up_multiple(-2, 1)])) == STAR


def test_far_star_correction_is_used() -> None:
    # For ^ the bare recursion gives {0-2 | 0+2} = 0; ^ > *2 (the far star) corrects it to 1.
    assert far_star_index(UP) == 2
    assert game([AW(ZERO) - 2], [AW(STAR) + 2]) == ZERO
    assert AW(UP) == ONE


def test_atomic_weight_rejects_games_that_are_not_all_small() -> None:
    with pytest.raises(CgsatInputError, match="not all-small"):
        AW(switch(ONE, ZERO))
    with pytest.raises(CgsatInputError, match="not infinitesimal"):
        infinitesimal_atomic_weight(switch(ONE, ZERO))


# --- properties on random all-small games ----------------------------------------------


@settings(max_examples=100, deadline=None)
@given(all_small, all_small)
def test_atomic_weight_additive_and_odd(g: Game, h: Game) -> None:
    assert AW(g + h) == AW(g) + AW(h)
    assert AW(-g) == -AW(g)
    assert AW(g + nimber(3)) == AW(g)
    assert AW(g + UP + UP) == AW(g) + 2


@settings(max_examples=150, deadline=None)
@given(all_small)
def test_two_ahead_rule(g: Game) -> None:
    a = AW(g)
    if a >= 2:
        assert g > ZERO
    if a >= 1:
        assert not g <= ZERO  # G |> 0: Left wins moving first
    if a <= -2:
        assert g < ZERO
    if a <= -1:
        assert not g >= ZERO


# --- Theorem 32 on Toppling Dominoes ---------------------------------------------------


def infinitesimal_words(max_length: int):
    for n in range(1, max_length + 1):
        for letters in itertools.product("LRE", repeat=n):
            w = "".join(letters)
            g = toppling_value(w)
            if g.is_infinitesimal():
                yield w, g


def check_theorem_32(max_length: int) -> tuple[dict[str, int], list[str]]:
    """Run the proof of Theorem 32 on every infinitesimal string; return the methods used
    and the strings whose G′ failed the outcome check (their weight is then unknown)."""
    methods = {"all-small": 0, "theorem-32": 0}
    unconfirmed = []
    for w, g in infinitesimal_words(max_length):
        rep = infinitesimal_atomic_weight(g)
        assert rep.substitute.is_all_small()
        if not rep.confirmed:
            assert rep.method == "theorem-32" and rep.weight is None
            unconfirmed.append(w)
            continue
        assert rep.weight in (-ONE, ZERO, ONE), (w, str(g), str(rep.weight))
        methods[rep.method] += 1
    return methods, unconfirmed


def test_theorem_32_toppling_up_to_length_6() -> None:
    methods, unconfirmed = check_theorem_32(6)
    assert unconfirmed == []
    assert methods["all-small"] > 0 and methods["theorem-32"] > 0


@pytest.mark.slow
def test_theorem_32_toppling_up_to_length_9() -> None:
    # With the proof's G' (positive numbers -> ^^) the check holds up to length 7 and first
    # fails at length 8 (see the next test). With ^^^ it passes everywhere up to length 9,
    # every weight is -1, 0 or 1, and wherever both pass the weights agree.
    methods, unconfirmed = check_theorem_32(9)
    assert [w for w in unconfirmed if len(w) <= 7] == []
    assert unconfirmed[0] == "LRELLRLE"
    for w, g in infinitesimal_words(9):
        rep2 = infinitesimal_atomic_weight(g)
        rep3 = infinitesimal_atomic_weight(g, ups=3)
        assert rep3.confirmed and rep3.weight in (-ONE, ZERO, ONE), w
        if rep2.confirmed:
            assert rep2.weight == rep3.weight, w


def test_theorem_32_substitution_fails_at_LRELLRLE() -> None:
    # A finding, not a bug: for G = LRELLRLE = {{1|*},{1,1+*|0,{1|0}},{1+*|*}|0,*}, the G′ of
    # the proof of Theorem 32 has G′ + v* in R while G + v* is in N. cgt-py agrees.
    g = toppling_value("LRELLRLE")
    assert str(g) == "{{1|*},{1,1+*|0,{1|0}},{1+*|*}|0,*}"
    rep = infinitesimal_atomic_weight(g)
    assert not rep.confirmed and rep.weight is None
    mismatches = [(h, a, b) for h, a, b in rep.outcomes if a != b]
    assert mismatches == [("v*", "N", "R")]
    cgt_py = pytest.importorskip("cgt_py")
    c = cgt_py.CanonicalForm
    zero = c("0")

    def outcome(x) -> str:
        ge, le = x >= zero, x <= zero
        return "P" if ge and le else "L" if ge else "R" if le else "N"

    g1 = c("{{1|*},{1,1*|0,{1|0}},{1*|*}|0,*}")  # cgt-py reads 1* as 1+*
    g2 = c("{{^2|*},{^2,^3*|0,^*},{^3*|*}|0,*}")  # cgt-py's notation for our G'
    for (name, h), (name2, out1, out2) in zip(theorem32_probes(), rep.outcomes, strict=True):
        assert name == name2
        assert (outcome(g1 + c(explicit(h))), outcome(g2 + c(explicit(h)))) == (out1, out2)
    assert c(explicit(rep.substitute)) == g2
    # Three ups instead of two pass the check, and give weight 1.
    rep3 = infinitesimal_atomic_weight(g, ups=3)
    assert rep3.confirmed and rep3.weight == ONE and rep3.ups == 3


def explicit(g: Game) -> str:
    """G with every non-number option spelt out, for cgt-py to parse."""
    if g.is_number():
        return str(g.number_value())
    left = ",".join(explicit(x) for x in g.left)
    return "{" + left + "|" + ",".join(explicit(x) for x in g.right) + "}"


def test_minies_and_tinies_of_theorem_21() -> None:
    # RLxLR = miny_x = {{x|0}|0} (issue 5: RLLLR = {{1|0}|0}); its negative LR(-x)RL = tiny_x
    for x_word in ("L", "LL", "LRL", "LLL"):
        x = toppling_value(x_word)
        miny = toppling_value("RL" + x_word + "LR")
        assert miny == game([switch(x, ZERO)], [ZERO])
        neg_x = x_word.translate(str.maketrans("LR", "RL"))
        assert toppling_value("LR" + neg_x + "RL") == -miny
        rep = infinitesimal_atomic_weight(miny)
        assert rep.method == "theorem-32" and rep.confirmed and rep.weight == ZERO
        assert substitute_number_stops(miny) == game([switch(up_multiple(2), ZERO)], [ZERO])


def test_negative_control_weight_zero_everywhere_is_refuted() -> None:
    # "Every infinitesimal Toppling position has atomic weight 0" is false: ELE = {0,{1|0}|0}.
    first = next(
        w for w, g in infinitesimal_words(3) if infinitesimal_atomic_weight(g).weight != ZERO
    )
    assert first == "ELE"
    assert infinitesimal_atomic_weight(toppling_value(first)).weight == ONE


def test_negative_control_wrong_substitution_fails_the_outcome_check() -> None:
    # Replacing positive numbers by ^ (not ^^) changes outcomes against the probes.
    def up_only(g: Game) -> Game:
        if g.is_number():
            v = g.number_value()
            return UP if v > 0 else DOWN if v < 0 else ZERO
        return game([up_only(x) for x in g.left], [up_only(x) for x in g.right])

    rep = infinitesimal_atomic_weight(toppling_value("ELE"), substitute=up_only)
    assert not rep.confirmed and rep.weight is None
    assert any(a != b for _, a, b in rep.outcomes)
