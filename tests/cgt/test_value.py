"""``cgsat.cgt.value.GameValue``: a value as an object (issue 39).

The order is checked against Conway's recursive definition of ``<=``, written out here on
the options alone (no fast path of :mod:`cgsat.cgt.canonical`); the invariants against
known values of the literature; the object against the plain :class:`Game` it wraps.
"""

from __future__ import annotations

import pickle
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgsat.cgt.canonical import DOWN, ONE, STAR, UP, ZERO, Game, game, nimber, number
from cgsat.cgt.value import GameValue
from cgsat.errors import CgsatInputError

F = Fraction
BASE = [ZERO, ONE, -ONE, STAR, UP, DOWN, number(F(1, 2)), number(-2), nimber(2)]
games = st.recursive(
    st.sampled_from(BASE),
    lambda kids: st.builds(game, st.lists(kids, max_size=3), st.lists(kids, max_size=3)),
    max_leaves=8,
)


def conway_le(g: Game, h: Game, memo: dict[tuple[int, int], bool]) -> bool:
    """G <= H iff no G^L >= H and no H^R <= G (On Numbers and Games, ch. 0)."""
    key = (g.id, h.id)
    if key not in memo:
        memo[key] = (not any(conway_le(h, gl, memo) for gl in g.left)
                     and not any(conway_le(hr, g, memo) for hr in h.right))
    return memo[key]


@settings(max_examples=150, deadline=None)
@given(games, games)
def test_the_order_is_conways(g: Game, h: Game) -> None:
    a, b = GameValue(g), GameValue(h)
    memo: dict[tuple[int, int], bool] = {}
    le, ge = conway_le(g, h, memo), conway_le(h, g, memo)
    assert (a <= b, a >= b, a == b) == (le, ge, le and ge)
    assert (a < b, a > b, a.fuzzy(b)) == (le and not ge, ge and not le, not le and not ge)
    assert (a - b).outcome() == {(True, True): "P", (True, False): "L",
                                 (False, True): "R", (False, False): "N"}[ge, le]


@settings(max_examples=100, deadline=None)
@given(games, games)
def test_sums_and_negatives_are_the_games(g: Game, h: Game) -> None:
    a, b = GameValue(g), GameValue(h)
    assert (a + b).game is g + h and (-a).game is -g and (a - b).game is g - h
    assert a + b == b + a and a + (-a) == 0 and (a + b).mean() == a.mean() + b.mean()
    assert a == g and hash(a) == hash(g) and {a: 1}[g] == 1


def test_known_invariants() -> None:
    """Siegel, *Combinatorial Game Theory*, ch. II: a switch {a|b} (a > b) has mean
    (a+b)/2 and temperature (a-b)/2; ^^* has atomic weight 2; {0|0||0|0} is 0."""
    g = GameValue("{2|-1}")
    assert (g.outcome(), g.temperature(), g.mean(), g.left_stop(), g.right_stop()) == \
        ("N", F(3, 2), F(1, 2), F(2), F(-1))
    assert g.atomic_weight() is None  # not all-small
    assert GameValue("^ + ^ + *") == GameValue("^^*")
    assert GameValue("^ + ^ + *").atomic_weight() == 2
    assert GameValue("{0|0||0|0}") == 0 and GameValue("{0|0||0|0}").atomic_weight() == 0
    assert GameValue("1/2").temperature() == F(-1, 2) and GameValue("3").temperature() == -1
    assert GameValue("^").reduced() == 0 and GameValue("{1|0} + ^").reduced() == \
        GameValue("{1|0}")
    assert GameValue("{1|-1}").fuzzy(0) and GameValue("{1|0}") > GameValue("*")
    th = GameValue("{2|-1}").thermograph()
    assert (th.temperature, th.mast) == (F(3, 2), F(1, 2))


def test_text_repr_pickle_and_immutability() -> None:
    g = GameValue("{{1|0}|0}")
    assert str(g) == "{1|0||0}" and repr(g) == "GameValue('{1|0||0}')"
    assert pickle.loads(pickle.dumps(g)) == g
    assert GameValue(g) == g and GameValue(3) == 3 and GameValue(F(3, 4)) == GameValue("3/4")
    assert [str(x) for x in GameValue("{1,{2|0}|-1}").left] == ["1", "{2|0}"]
    with pytest.raises(AttributeError):
        g.game = ZERO  # type: ignore[misc]


@pytest.mark.parametrize("bad", ["{1|x}", F(1, 3), 1.5, None, True])
def test_bad_values_are_one_error(bad: object) -> None:
    with pytest.raises(CgsatInputError):
        GameValue(bad)  # type: ignore[arg-type]


def test_a_value_does_not_compare_with_text() -> None:
    g = GameValue("*")
    assert (g == "*") is False
    with pytest.raises(TypeError):
        _ = g <= "*"  # type: ignore[operator]
    with pytest.raises(TypeError):
        g.fuzzy("*")
