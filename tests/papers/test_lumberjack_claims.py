"""The lumberjack.tk-family claim: both methods, and a negative control."""

from cgsat.claims import Budget
from cgsat.papers import lumberjack
from cgsat.papers.registry import get_claim


def test_both_methods_hold_for_small_k():
    claim = get_claim("lumberjack.tk-family")
    for k in range(1, 12):
        assert {m.name: m.run(k, Budget()).status for m in claim.methods if not m.all_n} == {
            "play": "holds", "sum-outcome": "holds"}


def test_negative_control_swapped_pattern_is_refuted(monkeypatch):
    # The wrong rule g(T_{2k-1}) = 1, g(T_{2k}) = 2 must be refuted by both methods at k = 1.
    monkeypatch.setattr(lumberjack, "tk_expected", lambda k: 1 if k % 2 else 2)
    claim = get_claim("lumberjack.tk-family")
    for method in claim.methods:
        if method.all_n:  # its statement is its own (tests/automata/test_tk_family.py)
            continue
        verdict = method.run(1, Budget())
        assert verdict.status == "refuted"
        assert verdict.counterexample == "0-1 1-2"
    assert claim.confirm(1, "0-1 1-2")
