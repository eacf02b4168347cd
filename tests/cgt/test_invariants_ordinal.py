"""Ordinal sum G:H (cgsat.cgt.ordinal), ``toppling-conjectures.txt`` Definition 6.

Checked against Fact 7 (1:n = n+1, 1:-n = 2^-n; every positive number is 1:y for a
simpler y), Lemma 13 and the colon principle on random games, and Theorem 10
(f(G) = 1:G) on real Toppling Dominoes values, with a negative control.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from cgsat.cgt.canonical import DOWN, ONE, STAR, UP, ZERO, Game, game, nimber, number
from cgsat.cgt.ordinal import ordinal_sum
from cgsat.cgt.partizan_values import canonical_form
from cgsat.games import toppling

F = Fraction
BASE = [ZERO, ONE, -ONE, STAR, UP, DOWN, number(F(1, 2)), nimber(2)]
games = st.recursive(
    st.sampled_from(BASE),
    lambda kids: st.builds(game, st.lists(kids, max_size=2), st.lists(kids, max_size=2)),
    max_leaves=7,
)


def toppling_value(word: str) -> Game:
    return canonical_form(toppling.RULESET, toppling.parse(word))


def test_fact_7_integers() -> None:
    for n in range(0, 6):
        assert ordinal_sum(ONE, number(n)) == number(n + 1)
        assert ordinal_sum(ONE, number(-n)) == number(F(1, 2**n))


def test_fact_7_every_positive_number_is_one_colon_a_simpler_number() -> None:
    values = {F(p, 2**k) for k in range(5) for p in range(-6 * 2**k, 6 * 2**k + 1)}
    candidates = [number(q) for q in sorted(values)]
    for x in candidates:
        if x.number_value() <= 0 or x.number_value() > 4:
            continue
        ys = [y for y in candidates if ordinal_sum(ONE, y) == x]
        assert len(ys) == 1, str(x)  # Lemma 13: 1:y determines y
        assert ys[0].birthday() < x.birthday()


def test_nimbers_and_zero() -> None:
    for a in range(4):
        for b in range(4):
            assert ordinal_sum(nimber(a), nimber(b)) == nimber(a + b)
    for g in BASE:
        assert ordinal_sum(g, ZERO) == g
    assert ordinal_sum(ZERO, UP) == UP


@settings(max_examples=100, deadline=None)
@given(games, games, games)
def test_lemma_13_and_colon_principle(g: Game, h: Game, k: Game) -> None:
    assert (ordinal_sum(ONE, h) >= ordinal_sum(ONE, k)) == (h >= k)  # Lemma 13
    if h >= k:
        assert ordinal_sum(g, h) >= ordinal_sum(g, k)
    assert ordinal_sum(-g, -h) == -ordinal_sum(g, h)


def f_transform(word: str) -> str:
    """Definition 9: insert one more L into every maximal run of Ls (empty runs included)."""
    out = ["L"]
    for c in word:
        out.append(c)
        if c in "RE":
            out.append("L")
    return "".join(out)


def theorem_10_failures(colon: Callable[[Game, Game], Game], max_length: int) -> list[str]:
    bad = []
    for n in range(max_length + 1):
        for letters in itertools.product("LRE", repeat=n):
            w = "".join(letters)
            if toppling_value(f_transform(w)) != colon(ONE, toppling_value(w)):
                bad.append(w)
    return bad


def test_theorem_10_f_is_one_colon() -> None:
    # The paper prints f(RRLLRL) = LRLRLLLRL, but its own rules (^ -> ^L, R -> RL) give a
    # final run LL: the printed example lost its last L. Only the rule's word equals 1:G.
    assert f_transform("RRLLRL") == "LRLRLLLRLL"
    g = toppling_value("RRLLRL")
    assert toppling_value("LRLRLLLRLL") == ordinal_sum(ONE, g) != toppling_value("LRLRLLLRL")
    assert theorem_10_failures(ordinal_sum, 5) == []


def test_theorem_10_negative_control() -> None:
    # Reading G:H as the disjunctive sum G + H is refuted. The empty string and L agree
    # (1:0 = 1 + 0, 1:1 = 1 + 1); the first counterexample is R: f(R) = LRL = 1/2 = 1:-1,
    # while 1 + -1 = 0.
    bad = theorem_10_failures(lambda a, b: a + b, 2)
    assert bad[0] == "R"
