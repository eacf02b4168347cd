"""The Toppling Dominoes difference encoding against an independent brute force.

The oracle below plays ``g - h`` directly by recursion over options: ``g`` is a concrete
row, ``h`` a row or a hand-built game tree. It shares no code with the encoding or with the
partizan engine.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

import pytest

from cgsat.cgt.canonical import nimber
from cgsat.claims import Budget
from cgsat.encodings.toppling import StringSide, outcome_from_pair
from cgsat.papers.toppling import conjectures_sat
from cgsat.papers.toppling.claims import CLAIMS
from cgsat.search.toppling import RowQuery


# -- the oracle ---------------------------------------------------------------------------
@dataclass(frozen=True)
class T:
    """A hand-built game tree (not necessarily canonical)."""

    left: tuple = ()
    right: tuple = ()


def row_options(word: str, player: str) -> list[str]:
    letters = "LE" if player == "L" else "RE"
    out = []
    for k, c in enumerate(word):
        if c in letters:
            out.append(word[:k])
            out.append(word[k + 1:])
    return out


def options(x, player: str):
    if isinstance(x, str):
        return row_options(x, player)
    return x.left if player == "L" else x.right


@cache
def left_wins(g, h) -> bool:
    """Left moving first wins g - h."""
    return any(not right_wins(gl, h) for gl in options(g, "L")) or any(
        not right_wins(g, hr) for hr in options(h, "R"))


@cache
def right_wins(g, h) -> bool:
    return any(not left_wins(gr, h) for gr in options(g, "R")) or any(
        not left_wins(g, hl) for hl in options(h, "L"))


def words(n: int, alphabet: str = "LRE"):
    for k in range(1, n + 1):
        for t in itertools.product(alphabet, repeat=k):
            yield "".join(t)


ZERO = T()
STAR = T((ZERO,), (ZERO,))
ONE = T((ZERO,), ())
NEG1 = T((), (ZERO,))
HALF = T((ZERO,), (ONE,))
UP = T((ZERO,), (STAR,))
SW = T((ONE,), (ZERO,))  # {1|0}
TINY = T((SW,), (ZERO,))  # {{1|0}|0}, = RLLLR
PM1 = T((ONE,), (NEG1,))
STAR2 = T((ZERO, STAR), (ZERO, STAR))
C33 = T((ONE,), (ZERO, T((ZERO,), (NEG1,))))  # {1|0,{0|-1}}
TARGETS = {"0": ZERO, "*": STAR, "1": ONE, "-1": NEG1, "1/2": HALF, "^": UP, "{1|0}": SW,
           "{{1|0}|0}": TINY, "+-1": PM1, "*2": STAR2, "{1|0,{0|-1}}": C33,
           "row RLLLR": "RLLLR", "row LER": "LER", "row ELRE": "ELRE"}


def test_oracle_knows_the_paper():
    # Figure 2 / Theorem 21 / Lemma 23 / Conjecture 40's example, by the oracle itself
    assert not left_wins("RLLLR", TINY) and not right_wins("RLLLR", TINY)
    assert not left_wins("LRLR", STAR2) and not right_wins("LRLR", STAR2)
    assert not left_wins("LRRL", UP) and not right_wins("LRRL", UP)
    assert left_wins("L", ZERO) and not right_wins("L", ZERO)


# -- every word vs every target: the root pair (LW, RW) -----------------------------------
def _check_all_words(n: int, variable_length: bool, alphabet: str = "LRE") -> int:
    checked = 0
    if variable_length:
        queries = [(RowQuery(n, alphabet, variable_length=True, solver="minisat22"),
                    list(words(n, alphabet)))]
    else:
        queries = [(RowQuery(k, alphabet, solver="minisat22"), ["".join(t) for t in
                                            itertools.product(alphabet, repeat=k)])
                   for k in range(1, n + 1)]
    names = list(TARGETS)
    for q, ws in queries:
        with q:
            targets = [StringSide.concrete(h) if isinstance(h, str) else h
                       for h in TARGETS.values()]
            for w in ws:
                got = q.compare_word_many(w, targets)
                for name, pair in zip(names, got, strict=True):
                    h = TARGETS[name]
                    want = (left_wins(w, h), right_wins(w, h))
                    assert pair == want, (w, name, pair, want)
                    checked += 1
    return checked


def test_every_word_up_to_6_every_relation_variable_length():
    assert _check_all_words(6, variable_length=True) == len(TARGETS) * sum(
        3 ** k for k in range(1, 7))


def test_every_word_up_to_5_exact_lengths():
    _check_all_words(5, variable_length=False)


@pytest.mark.slow
def test_every_word_up_to_10_with_e():
    _check_all_words(10, variable_length=True)


# -- enumeration: the found set equals the oracle's set ----------------------------------
@pytest.mark.parametrize("name", ["*", "{{1|0}|0}", "^", "1/2", "*2", "row ELRE"])
@pytest.mark.parametrize("relation", ["=", ">", "<", "||"])
def test_enumeration_matches_oracle(name, relation):
    h = TARGETS[name]
    n = 5 if relation == "=" else 4
    target = StringSide.concrete(h) if isinstance(h, str) else h
    with RowQuery(n, variable_length=True) as q:
        got = list(q.enumerate(target, relation))
    want = [w for w in words(n)
            if outcome_from_pair(left_wins(w, h), right_wins(w, h))
            == {"=": "P", ">": "L", "<": "R", "||": "N"}[relation]]
    assert len(got) == len(set(got))
    assert sorted(got) == sorted(want)


def test_enumeration_with_reversals_identified():
    with RowQuery(8, variable_length=True) as q:
        got = list(q.enumerate(STAR2, identify_reversal=True))
    want = {w for w in words(8, "LRE") if not left_wins(w, STAR2) and not right_wins(w, STAR2)}
    classes = {min(w, w[::-1]) for w in want}
    assert len(got) == len(classes)
    assert {min(w, w[::-1]) for w in got} == classes


def test_uniqueness_of_rlllr_at_length_9():
    # Conjecture 22 for x = 1 at one length, by SAT; the oracle confirms RLLLR itself
    with RowQuery(9, variable_length=True) as q:
        assert q.find(TINY, exclude=["RLLLR"]) is None
        assert q.find(TINY) == "RLLLR"


# -- negative control: a false non-occurrence claim, through the registered method ----------
@pytest.mark.parametrize("n", [4, 8])
def test_negative_control_star2_does_not_occur(monkeypatch, n):
    """Conjecture 33's registered SAT method with its value replaced by *2 ('*2 has no LR
    row', false by Theorem 29) is refuted at lengths 4 and 8 with a row of value *2, which
    this file's oracle (plain play, no encoding, no engine) replays."""
    monkeypatch.setattr(conjectures_sat, "conjecture33_value", lambda: nimber(2))
    claim = next(c for c in CLAIMS if c.id == "toppling.conj33")
    v = claim.method("sat").run(n, Budget())
    assert v.status == "refuted", v
    w = v.counterexample
    assert len(w) == n and set(w) <= set("LR")
    assert not left_wins(w, STAR2) and not right_wins(w, STAR2)
    assert min(w, w[::-1]) in {"LRLR", min("LRRLRLLR", "LRRLRLLR"[::-1])}


def test_theorem29_counts_small():
    """Lemma 23/Theorem 29 at exact lengths up to 12: the LR rows of value *m."""
    stars = [ZERO]
    for _ in range(6):
        stars.append(T(tuple(stars), tuple(stars)))
    for n in range(1, 13):
        with RowQuery(n, "LR") as q:
            for m in range(1, 7):
                got = sorted(q.enumerate(stars[m]))
                want = sorted({("LR" * a + "RL" * m + "LR" * a)[::r]
                               for a in range(m) if 2 * m + 4 * a == n for r in (1, -1)})
                assert got == want, (n, m, got)
                assert len(got) == 2 * sum(1 for a in range(m) if 2 * m + 4 * a == n)


def _check_against_engine(n: int) -> int:
    """Every row up to length n: (LW, RW) of G - H from the encoding, with H the engine's
    canonical form, against the engine's own comparisons (G <= H, G >= H)."""
    from cgsat.cgt.notation import parse
    from cgsat.cgt.partizan_values import canonical_form
    from cgsat.games import toppling

    names = ["0", "*", "1", "-1", "1/2", "^", "{1|0}", "{{1|0}|0}", "+-1", "*2",
             "{1|0,{0|-1}}", "^*", "{1|*}"]
    games = [parse(s) for s in names]
    checked = 0
    with RowQuery(n, variable_length=True, solver="minisat22") as q:
        for w in words(n):
            g = canonical_form(toppling.RULESET, (w,))
            got = q.compare_word_many(w, games)
            for h, pair in zip(games, got, strict=True):
                assert pair == (not g <= h, not g >= h), (w, str(h))
                checked += 1
    return checked


def test_every_word_up_to_6_against_engine():
    assert _check_against_engine(6) == 13 * sum(3 ** k for k in range(1, 7))


@pytest.mark.slow
def test_every_word_up_to_10_against_engine():
    _check_against_engine(10)
