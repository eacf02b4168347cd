"""The coverage control of a kit family's filter (issue 36): the filtered set at small n
against an enumeration written apart from ``Family.keep``/``contains``/``vacancy``, run by
the engine with every check of a filtered kit claim. Each slip below, made by monkeypatch
on a copy of the code's behaviour, turns a false user claim into "holds" without the
control; with it, ``cgsat check`` fails a named control (exit code 3)."""

from __future__ import annotations

import re

import pytest

import cgsat
from cgsat.claims import Budget
from cgsat.kit import claim, every, green_cordons, never, rows, timber_paths, trees
from cgsat.kit import rules as kit_rules
from cgsat.kit.coverage import LIMIT, filter_control, independent_members, runs_at
from cgsat.kit.families import Family

FAMILIES = [
    rows("LR", match="L"),
    rows("LRE", palindrome=True, match="E."),
    rows("LRE", match="^RL.*LR$"),
    timber_paths(match="^L.*R$"),
    timber_paths(palindrome=True),
    trees(match="0>1"),
    green_cordons(match=r"^\d+:\d+,\d+$"),
    kit_rules.green_cordons(leaves=2),
    kit_rules.green_cordons(max_leaves=1, match="3"),
    kit_rules.timber_paths(height_range=2, palindrome=True),
    # no palindrome of even length in height range 1 (LRLR...): vacuous at even n, which
    # a domain family's vacancy read off its automaton alone missed (issue 36)
    kit_rules.timber_paths(height_range=1, palindrome=True),
]


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.describe())
def test_the_control_passes_on_the_code_as_it_is(family: Family) -> None:
    """Every filtered family, at every size the control runs at: no failure; and the
    enumeration apart from ``keep`` is not empty at some size (the control compares
    something)."""
    sizes = [n for n in range(0, 16) if runs_at(family, n)]
    assert sizes
    assert [filter_control(family, n) for n in sizes] == [None] * len(sizes)
    assert any(independent_members(family, n) for n in sizes)


def test_the_enumeration_apart_from_keep() -> None:
    """``re.search`` semantics (a match at any index, ``^`` only at the start), palindromes
    by mirrored halves, the domains read off the text."""
    assert independent_members(rows("LR", match="^R"), 2) == ["RL", "RR"]
    assert independent_members(rows("LR", match="R"), 2) == ["LR", "RL", "RR"]
    assert independent_members(rows("LRE", palindrome=True), 3) == [
        "LLL", "LRL", "LEL", "RLR", "RRR", "RER", "ELE", "ERE", "EEE"]
    assert len(independent_members(timber_paths(palindrome=True), 6)) == 8
    assert independent_members(kit_rules.green_cordons(leaves=2), 4) == [
        "4:1,2", "4:1,3", "4:2,3"]
    assert independent_members(kit_rules.timber_paths(height_range=1), 3) == ["LRL", "RLR"]


def test_the_control_runs_at_small_sizes_only() -> None:
    assert runs_at(rows("LR"), 12) and not runs_at(rows("LR"), 13)
    assert 2 ** 12 == LIMIT
    assert not runs_at(trees(), 0)


# -- the slips, by monkeypatch ----------------------------------------------------------------
# A false claim: no row over LR with an L in it has outcome R. RLR (n = 3) has outcome R;
# every row that *starts* with L is won by Left moving first (she topples that L east), so
# with the filter anchored by mistake the claim would hold at every size.
def _false_claim() -> object:
    return claim("user.test-anchored", rows("LR", match="L"), never(outcome="R"), quick=6)


def _anchored_keep(self: Family, text: str) -> bool:
    if self.palindrome and text != text[::-1]:
        return False
    return self.match is None or re.match(self.match, text) is not None  # the slip


def test_without_the_slip_the_false_claim_is_refuted() -> None:
    r = cgsat.check(_false_claim(), up_to=4, jobs=1)
    assert r.exit_code == 1
    assert {(x.method, x.counterexample) for x in r.results if x.status == "refuted"} == {
        ("play", "RLR"), ("sat", "RLR")}


def test_an_anchored_match_fails_the_filter_control(monkeypatch: pytest.MonkeyPatch) -> None:
    """``re.match`` for ``re.search`` in the filter: play and SAT agree (both use it) and
    would say holds; the control fails, named, at every size, and check exits 3."""
    monkeypatch.setattr(Family, "keep", _anchored_keep)
    c = _false_claim()
    # the slip alone (no control): both methods hold at n = 3, where RLR breaks the claim
    for m in c.methods:
        assert m.run(3, Budget(controls=4, seed="t")).status == "holds"
    r = cgsat.check(c, up_to=4, jobs=1)
    assert r.exit_code == 3
    at3 = [x for x in r.results if x.n == 3]
    assert {x.status for x in at3} == {"error"}
    assert all("control failed: filter coverage at n=3" in (x.reason or "") for x in at3)
    assert "missing ['RLL', 'RLR', 'RRL']" in (at3[0].reason or "")
    assert not any(x.status == "holds" for x in r.results if x.n >= 2)


def test_a_slip_in_contains_fails_the_control(monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay's test (``contains``) anchored by mistake, ``keep`` right: play refutes,
    the replay would refuse its counterexample; the control names ``contains``."""
    original = Family.contains

    def anchored(self: Family, n: int, text: str) -> bool:
        return original(self, n, text) and (self.match is None
                                             or re.match(self.match, text) is not None)

    monkeypatch.setattr(Family, "contains", anchored)
    r = cgsat.check(_false_claim(), up_to=3, jobs=1)
    assert r.exit_code == 3
    bad = [x for x in r.results if x.n == 3]
    assert all("its contains() (the replay's test)" in (x.reason or "") for x in bad)


def test_a_wrong_palindrome_test_fails_the_control(monkeypatch: pytest.MonkeyPatch) -> None:
    """A palindrome test that ignores the last letter: rows kept that are no palindromes;
    the control fails, named, and check exits 3 (whatever the methods say)."""
    def loose(self: Family, text: str) -> bool:
        if self.palindrome and text[:-1] != text[:-1][::-1]:  # the slip
            return False
        return self.match is None or re.search(self.match, text) is not None

    monkeypatch.setattr(Family, "keep", loose)
    c = claim("user.test-palindromes", rows("LR", palindrome=True), never(outcome="N"),
              quick=3)
    r = cgsat.check(c, up_to=3, jobs=1)
    assert r.exit_code == 3
    assert any("filter coverage" in p for p in r.problems)


def test_a_wrong_vacancy_fails_the_control(monkeypatch: pytest.MonkeyPatch) -> None:
    """A record that calls a size vacuous where the family has positions (no method would
    run there: the claim would be 'vacuous', never refuted): the control runs first."""
    monkeypatch.setattr(Family, "vacancy",
                        lambda self, n: "nothing, says the slip" if n == 3 else None)
    r = cgsat.check(_false_claim(), up_to=3, jobs=1)
    assert r.exit_code == 3
    bad = [x for x in r.results if x.n == 3]
    assert {x.status for x in bad} == {"error"}
    assert "calls n=3 vacuous (nothing, says the slip) but has 'LLL'" in (bad[0].reason or "")


def test_a_wrong_domain_fails_the_control(monkeypatch: pytest.MonkeyPatch) -> None:
    """The leaf-count domain of a rule's family off by one (at most m - 1 leaf arcs): the
    control counts the leaf arcs on the text."""
    family = kit_rules.green_cordons(max_leaves=2)
    real = kit_rules.WordDomain.keep

    def short(self: kit_rules.WordDomain, text: str) -> bool:
        return real(self, text) and text.count(",") < 1  # the slip: at most one leaf arc

    monkeypatch.setattr(kit_rules.WordDomain, "keep", short)
    assert "missing ['4:1,2', '4:1,3', '4:2,3']" in (filter_control(family, 4) or "")


def test_an_unfiltered_record_has_no_control_to_run() -> None:
    c = claim("user.test-plain", rows("LR"), every(outcome="LRNP"))
    assert c.control(3) is None
