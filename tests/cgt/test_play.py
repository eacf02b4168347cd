"""cgsat.cgt.play (plain game-tree search) against the engines on every small position.

The replays rest on :mod:`cgsat.cgt.play`; it must agree with the canonical-form engine
(partizan) and with the impartial solver on every position up to small sizes, and the
comparison must say "no" when the rules are changed (negative controls).
"""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction

import pytest

from cgsat.cgt import play
from cgsat.cgt.canonical import nimber as engine_nimber
from cgsat.cgt.canonical import number as engine_number
from cgsat.cgt.impartial import ImpartialSolver
from cgsat.cgt.partizan_values import canonical_form
from cgsat.errors import TooLargeError
from cgsat.games import get_ruleset, green_cordon, thickets, toppling
from cgsat.games.oriented import oriented_trees

TOP = toppling.RULESET


def _rows(max_len: int, alphabet: str = "LRE") -> list[tuple[str, ...]]:
    return [("".join(t),) if t else () for n in range(max_len + 1)
            for t in itertools.product(alphabet, repeat=n)]


def _value(rs, p):
    return canonical_form(rs, p)


def test_toppling_outcomes_agree_with_the_engine() -> None:
    for p in _rows(5):
        assert play.outcome(TOP, p) == _value(TOP, p).outcome(), p


def test_toppling_sums_of_two_rows_agree_with_the_engine() -> None:
    rows = _rows(3)
    values = {p: _value(TOP, p) for p in rows}
    for g, h in itertools.product(rows, repeat=2):
        want = ("=" if values[g] == values[h] else ">" if values[g] > values[h]
                else "<" if values[g] < values[h] else "||")
        assert play.compare(TOP, g, h) == want, (g, h)


def test_toppling_rows_against_explicit_numbers_and_nimbers() -> None:
    for p in _rows(5):
        v = _value(TOP, p)
        for q in (Fraction(0), Fraction(1), Fraction(-1), Fraction(1, 2), Fraction(-3, 4),
                  Fraction(2)):
            assert play.equals(TOP, p, play.number(q)) == (v == engine_number(q)), (p, q)
        for m in range(3):
            assert play.equals(TOP, p, play.nimber(m)) == (v == engine_nimber(m)), (p, m)


def test_explicit_games_with_position_options() -> None:
    # RLxLR = {{x|0}|0} (Theorem 21) with x given as its row: x = 1 is "L".
    assert play.equals(TOP, ("RLLLR",), play.switch(play.switch(("L",), play.ZERO), play.ZERO))
    assert not play.equals(TOP, ("RLLLR",),
                           play.switch(play.switch(("LL",), play.ZERO), play.ZERO))


def test_thickets_stalks_agree_with_the_engine() -> None:
    rs = thickets.RULESET
    positions = [thickets.parse(f"stalk:{''.join(t)}") for n in range(1, 5)
                 for t in itertools.product("LR", repeat=n)]
    positions += [thickets.parse(t) for t in ("blue:[0101]", "red:[011]", "green:[01]",
                                              "1>0:b 2>0:r 2>1:g", "1>0:g 2>1:b 3>1:r")]
    for p in positions:
        assert play.outcome(rs, p) == _value(rs, p).outcome(), thickets.format(p)
    for g, h in itertools.product(positions[:12], repeat=2):
        assert play.equals(rs, g, h) == (_value(rs, g) == _value(rs, h))


def test_timber_path_agrees_with_the_impartial_solver() -> None:
    rs = get_ruleset("timber-path")
    solver = ImpartialSolver(rs)
    for n in range(9):
        for t in itertools.product("LR", repeat=n):
            w = "".join(t)
            assert play.nim_value(rs, w) == solver.nim_value(w), w
            for misere in (False, True):
                assert play.impartial_outcome(rs, w, misere) == solver.outcome(w, misere), w


def test_timber_trees_agree_with_the_impartial_solver() -> None:
    rs = get_ruleset("timber")
    solver = ImpartialSolver(rs)
    for n in range(5):
        for p in oriented_trees(n):
            assert play.nim_value(rs, p) == solver.nim_value(p)
            assert play.impartial_outcome(rs, p, True) == solver.outcome(p, misere=True)


def test_green_cordons_and_thickets_agree_with_the_impartial_solver() -> None:
    rs = get_ruleset("green-cordon")
    solver = ImpartialSolver(rs)
    for n in range(1, 7):
        for h, atts in green_cordon.cordons(n):
            p = (green_cordon.make_cordon(h, atts),)
            want = solver.nim_value(p)
            assert play.nim_value(rs, p) == want
            # the same cordon as a green thicket, under the general thicket rules
            t = green_cordon.to_thicket(p[0])
            assert play.nim_value(thickets.GREEN_RULESET, t) == want


def test_negative_control_changed_rules_disagree() -> None:
    # Left may no longer topple E dominoes: play must now disagree with the engine.
    broken = dataclasses.replace(TOP, left_options=lambda p: toppling._options(p, "L"))
    assert any(play.outcome(broken, p) != _value(TOP, p).outcome() for p in _rows(3))
    # A wrong claimed value is not equal.
    assert not play.equals(TOP, ("LRL",), play.number(1))
    assert not play.equals(TOP, ("LR",), play.nimber(2))
    # An impartial ruleset with one option dropped disagrees with the solver.
    rs = get_ruleset("timber-path")
    cut = dataclasses.replace(rs, options=lambda w: rs.options(w)[1:])
    solver = ImpartialSolver(rs)
    assert any(play.nim_value(cut, w) != solver.nim_value(w)
               for w in ("LL", "LRL", "LLR", "RRLL"))


def test_node_limit() -> None:
    with pytest.raises(TooLargeError):
        play.outcome(TOP, ("LRELRELRE",), node_limit=10)
    with pytest.raises(TooLargeError):
        play.nim_value(get_ruleset("timber-path"), "LRLRLRLR", node_limit=3)


def test_number_value_agrees_with_the_engine() -> None:
    for p in _rows(5):
        v = _value(TOP, p)
        want = v.number_value() if v.is_number() else None
        assert play.number_value(TOP, p, toppling.size(p)) == want, p
    # negative control: a birthday too small cannot find 3/4 (born on day 3)
    assert play.number_value(TOP, ("LRLLRL",), 1) is None
