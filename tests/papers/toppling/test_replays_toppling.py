"""The Toppling replays (game-tree search, :mod:`cgsat.cgt.play`) against the engine.

Each ``confirm`` must agree, on every row up to a small length, with the same question
decided by canonical forms (the engine the brute methods use); accept real
counterexamples (conj39: RLLRRL) and reject wrong ones; and accept counterexamples to a
deliberately wrong claim (monkeypatched), so a replay that always says "no" fails here.
"""

from __future__ import annotations

import itertools

import pytest

from cgsat.cgt.canonical import ONE, nimber
from cgsat.cgt.ordinal import ordinal_sum
from cgsat.papers.toppling import brute, conjectures_brute
from cgsat.papers.toppling.brute import lemma1_rule, miny, miny_argument, value
from cgsat.papers.toppling.constructions import (
    allowed_rows,
    conjecture33_value,
    construction_cases,
    star_rows,
)
from cgsat.papers.toppling.numbers import f_morphism, number_rows, theorem36_cases


def _rows(lo: int, hi: int, alphabet: str = "LRE") -> list[str]:
    return ["".join(t) for n in range(lo, hi + 1) for t in itertools.product(alphabet, repeat=n)]


# -- the engine's answers (what the replays were before) ------------------------------------
def _lem1(w):
    return value(w).outcome() != lemma1_rule(w)


def _lem4(w):
    return not value("L" + w) > value(w)


def _thm10(w):
    return value(f_morphism(w)) != ordinal_sum(ONE, value(w))


def _thm16(n, w):
    v = value(w)
    return v.is_number() and number_rows(max(n, len(w))).get(v.number_value()) != w


def _cor17(w):
    return value(w).is_number() and w != w[::-1]


def _conj22(w):
    x = miny_argument(value(w))
    return x is not None and w != "RL" + number_rows(len(w)).get(x.number_value(), "?") + "LR"


def _construction(w, name, strict):
    cases = construction_cases(name, len(w), strict)
    v = value(w)
    if any(r == w and v != g for _t, r, g in cases):
        return True
    allowed = allowed_rows(cases)
    return v in allowed and w not in allowed[v]


def test_lemma1_lemma4_theorem10_agree_with_the_engine() -> None:
    for w in _rows(1, 5):
        assert brute.lem1_confirm(len(w), w) == _lem1(w), w
    for w in _rows(0, 4):
        assert brute.lem4_confirm(len(w), w) == _lem4(w), w
        assert brute.thm10_confirm(len(w), w) == _thm10(w), w


def test_numbers_agree_with_the_engine() -> None:
    for w in _rows(1, 5):
        assert brute.thm16_confirm(len(w), w) == _thm16(len(w), w), w
        assert brute.cor17_confirm(len(w), w) == _cor17(w), w


def test_theorem21_and_conjecture22_agree_with_the_engine() -> None:
    for w in _rows(5, 6):
        assert brute.conj22_confirm(len(w), w) == _conj22(w), w
        assert brute.thm21_confirm(len(w), w) == (value(w) != miny(value(w[2:-2]))), w


def test_nimbers_agree_with_the_engine() -> None:
    for m in range(4):
        for w in _rows(2 * m, 2 * m, "LR"):
            assert brute.lem23_confirm(m, w) == (value(w) != nimber(m)), w
    assert not brute.lem23_confirm(3, "LRLRLR") and brute.lem23_confirm(3, "LRLRRL")
    for w in _rows(1, 8, "LR"):
        k = value(w).nim_value()
        assert brute.thm29_confirm(len(w), w) == (k is not None and k > 0 and not any(
            w in star_rows(j, len(w)) for j in range(1, len(w) + 1))), w


def test_section7_agrees_with_the_engine() -> None:
    for w in _rows(1, 5):
        assert conjectures_brute.conj33_confirm(len(w), w) == (
            set(w) <= set("LR") and value(w) == conjecture33_value()), w
    for w in _rows(0, 3):
        assert conjectures_brute.conj34_confirm(len(w), w) == any(
            not value(w) > value(w[:p] + w[p + 1:]) for p, c in enumerate(w) if c == "L")
    lr = _rows(1, 4, "LR")
    for pal, other in itertools.product([w for w in lr if w == w[::-1]], lr):
        assert conjectures_brute.conj35_confirm(4, f"{pal} {other}") == (
            pal != other and value(pal) == value(other)), (pal, other)
    for n in range(3, 9):
        for q, own, built in theorem36_cases(n):
            assert not conjectures_brute.thm36_confirm(n, built), (q, own, built)


@pytest.mark.parametrize("name", ["conj37", "conj38", "conj39"])
@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize("longest", [5, pytest.param(6, marks=pytest.mark.slow)])
def test_constructions_agree_with_the_engine(name: str, strict: bool, longest: int) -> None:
    for w in _rows(2, longest):
        assert conjectures_brute.construction_confirm(len(w), w, name, strict) == \
            _construction(w, name, strict), (name, strict, w)


def test_real_counterexamples_are_accepted_wrong_ones_rejected() -> None:
    # Conjecture 39 as stated is refuted at a = b = c = d = 0.
    assert conjectures_brute.construction_confirm(6, "RLLRRL", "conj39", False)
    assert not conjectures_brute.construction_confirm(6, "LLLRRR", "conj39", False)
    assert not conjectures_brute.construction_confirm(6, "RLLRRL", "conj37", False)
    # Conjecture 40, one check per listed game: rows of other values do not refute it
    # (LR = 0, LRE = *2); the row LRRL = ^ refutes the check only when ^ is listed.
    games = ("^*", "v*", "{0,*|-1}", "{1|0,*}", "^^", "^^*")
    assert not conjectures_brute.conj40_absent_confirm(3, "LRE", games)
    assert not conjectures_brute.conj40_absent_confirm(2, "LR", games)
    assert conjectures_brute.conj40_absent_confirm(4, "LRRL", ("^",))
    assert not conjectures_brute.conj40_absent_confirm(4, "LRRL", games)


def test_replays_accept_counterexamples_to_a_wrong_claim(monkeypatch) -> None:
    # Lemma 1 with a wrong rule (ends L, R, say N): every LL...L row refutes it.
    monkeypatch.setattr(brute, "lemma1_rule", lambda w: "N" if w else "P")
    assert brute.lem1_confirm(2, "LL") and not brute.lem1_confirm(2, "LE")
    monkeypatch.undo()
    # Theorem 10 with f the identity: f(G) = G is not 1:G.
    monkeypatch.setattr(brute, "f_morphism", lambda w: w)
    assert brute.thm10_confirm(1, "L")
    monkeypatch.undo()
    # Theorem 16 / Conjecture 22 with the number 1/2 given the wrong row.
    wrong = dict(number_rows(8))
    wrong[next(q for q, r in wrong.items() if r == "LRL")] = "LLL"
    monkeypatch.setattr(brute, "number_rows", lambda n: wrong)
    assert brute.thm16_confirm(3, "LRL")
    assert brute.conj22_confirm(7, "RLLRLLR")
