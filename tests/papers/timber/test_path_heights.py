"""Toppling Peaks values (Problem 4.1): the timber-path-values probe and the height rules."""

from __future__ import annotations

from collections import Counter
from itertools import product

from cgsat.cgt import peaks, peaks_wide
from cgsat.cgt.impartial import ImpartialSolver
from cgsat.claims import Budget
from cgsat.games import get_ruleset
from cgsat.papers.timber.path import values as path_values
from cgsat.papers.timber.path.heights import HEIGHT_1, family_words, height_range
from cgsat.papers.timber.path.heights_brute import machine_direct, nim_value
from cgsat.papers.timber.path.heights_learn import learn
from cgsat.papers.timber.path.heights_sat import machine_check


def test_wide_tables_match_the_uint64_tables_and_generic_play():
    wide, narrow = peaks_wide.nim_value_tables(14), peaks.nim_value_tables(14)
    assert all((a == b).all() for a, b in zip(wide, narrow, strict=True))
    solver = ImpartialSolver(get_ruleset("timber-path"))
    for n in range(9):
        for letters in product("LR", repeat=n):
            word = "".join(letters)
            assert int(wide[n][peaks.code_of(word)]) == solver.nim_value(word) == nim_value(word)


def test_probe_rows_match_plain_play():
    for n in range(9):
        rows = path_values.size(n)
        words = ["".join(p) for p in product("LR", repeat=n)]
        for family in path_values.FAMILIES:
            members = [w for w in words if family == "all" or height_range(w) <= int(family[-1])]
            expected = Counter(nim_value(w) for w in members)
            got = {r["nim"]: r["count"] for r in rows if r["family"] == family}
            assert got == dict(expected), (n, family)
            top = max(expected)
            shown = next(r for r in rows if r["family"] == family and r["is_max"])["words"]
            assert all(nim_value(w) == top for w in shown.split() if w != "()")


def test_family_words_are_the_bounded_range_words():
    for h in (1, 2, 3):
        for n in range(9):
            expected = sorted("".join(p) for p in product("LR", repeat=n)
                              if height_range("".join(p)) <= h)
            assert family_words(h, n) == expected


def test_height_one_rule_holds_by_sat_and_by_play():
    for n in range(0, 21):
        assert machine_check(n, Budget(), HEIGHT_1, nim_value).status == "holds"
        assert machine_direct(n, Budget(), HEIGHT_1).status == "holds"


def test_flipped_output_is_refuted_with_a_word_by_both_methods():
    for q in range(3):
        wrong = HEIGHT_1.shifted(q)
        sat = next(v for n in range(10)
                   if (v := machine_check(n, Budget(), wrong, nim_value)).status == "refuted")
        brute = next(v for n in range(10)
                     if (v := machine_direct(n, Budget(), wrong)).status == "refuted")
        assert sat.counterexample == brute.counterexample
        word = "" if sat.counterexample == "()" else sat.counterexample
        assert wrong.value(word) != nim_value(word)


def test_learning_finds_the_height_one_machine_and_nothing_smaller():
    samples = {w: nim_value(w) for n in range(11) for w in family_words(1, n)}
    rule = learn(1, samples, 4)
    assert rule is not None and len(rule.delta) == 3
    assert all(rule.value(w) == v for w, v in samples.items())
    assert learn(1, samples, 2) is None


def test_height_two_has_no_small_machine():
    samples = {w: nim_value(w) for n in range(9) for w in family_words(2, n)}
    assert learn(2, samples, 5) is None
