"""Theorem 2.5 as printed and the E_n identity of its proof (issue 37, §4): both methods
agree at every size they reach, the printed sum is refuted at n = 1 exactly, and wrong
identities (negative controls) are refuted by both methods and confirmed."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cgsat.claims import Budget
from cgsat.papers.registry import get_claim
from cgsat.papers.timber.path import printed
from cgsat.papers.timber.path.words import fine


@pytest.mark.parametrize("n", range(0, 15))
def test_play_and_counting_agree_on_the_printed_sums(n):
    a, b = printed.counts_by_play(n, Budget()), printed.counts_by_dp(n, Budget())
    assert (a.status, a.counterexample, a.detail) == (b.status, b.counterexample, b.detail)
    assert (a.status == "refuted") == (n == 1)


def test_the_printed_refutation_is_replayed_and_is_the_missing_f0(monkeypatch):
    v = printed.counts_by_play(1, Budget())
    assert v.counterexample == "X(1) = 2, printed 0"
    assert printed.confirm_printed(1, v.counterexample)
    assert not printed.confirm_printed(1, "X(1) = 0, printed 0")
    assert not printed.confirm_printed(2, v.counterexample)
    # the proof's 2 F_n in place of the sum: every size holds
    monkeypatch.setattr(printed, "printed_x", lambda n: Fraction(
        0 if n == 0 else fine(n // 2 - 1) + fine(n // 2) if n % 2 == 0 else 2 * fine(n // 2)))
    for n in range(0, 13):
        assert printed.counts_by_play(n, Budget()).status == "holds"
        assert printed.counts_by_dp(n, Budget()).status == "holds"


@pytest.mark.parametrize("m", range(1, 11))
def test_en_methods_agree(m):
    a, b = printed.en_by_enumeration(m, Budget()), printed.en_by_dp(m, Budget())
    assert a.status == b.status == "holds" and a.detail == b.detail


def test_a_wrong_en_identity_is_refuted_by_both_and_confirmed(monkeypatch):
    real = printed.fine
    monkeypatch.setattr(printed, "fine", lambda k: real(k) + (k == 4))
    for method in (printed.en_by_enumeration, printed.en_by_dp):
        assert method(3, Budget()).status == "holds"
        v = method(4, Budget())
        assert v.status == "refuted" and v.counterexample == "E(4) = 8, F_3 + F_4 = 9"
        assert printed.confirm_en(4, v.counterexample)


def test_a_wrong_printed_sum_is_refuted_by_both(monkeypatch):
    real = printed.printed_wp
    monkeypatch.setattr(printed, "printed_wp", lambda n: real(n) + (n == 6))
    for method in (printed.counts_by_play, printed.counts_by_dp):
        v = method(6, Budget())
        assert v.counterexample == "WP(6) = 5, printed 6"
        assert printed.confirm_printed(6, v.counterexample)


def test_registered():
    assert {m.name for m in get_claim("timber.thm2.5-printed").methods} == {"brute", "dp"}
    assert {m.name for m in get_claim("timber.thm2.5-en").methods} == {"brute", "dp"}
