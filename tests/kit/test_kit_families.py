"""The families and statements of ``cgsat.kit``: play and SAT agree on every family at
small sizes, filters apply to both, and the records say which methods they got."""

from __future__ import annotations

import pytest

from cgsat.claims import Budget
from cgsat.errors import CgsatInputError
from cgsat.kit import (
    ONE_METHOD,
    caterpillars,
    claim,
    every,
    exactly,
    graphs,
    green_cordons,
    never,
    rows,
    timber_paths,
    trees,
)

BUDGET = Budget(controls=4, seed="test")

CASES = [
    ("user.t1", timber_paths(), every(outcome="N"), 4),
    ("user.t2", timber_paths(), every(nim={0, 1, 2}), 6),
    ("user.t3", timber_paths(match="^L"), never("*3"), 8),
    ("user.t4", timber_paths(palindrome=True), every(outcome="P", misere=True), 6),
    ("user.r1", rows("LR"), never("^*", "*"), 6),
    ("user.r2", rows("LRE", palindrome=True), every(outcome="LR"), 5),
    ("user.r3", rows("LRE", match="^E"), never("*2"), 4),
    ("user.tr", trees(), every(nim={0, 1, 2}), 4),
    ("user.ca", caterpillars(), never("*4"), 5),
    ("user.gr", graphs(), every(outcome="N"), 4),
    ("user.ph", graphs("phyminoes"), never("*2"), 4),
    ("user.gc", green_cordons(), never("*2"), 6),
    ("user.gm", green_cordons(match=":$"), every(outcome="N", misere=True), 6),
]


@pytest.mark.parametrize(("cid", "family", "statement", "up_to"), CASES,
                         ids=[c[0] for c in CASES])
def test_play_and_sat_agree(cid, family, statement, up_to) -> None:
    c = claim(cid, family, statement)
    assert [m.name for m in c.methods] == ["play", "sat"]
    for n in range(family.base, up_to + 1):
        play = c.method("play").run(n, BUDGET)
        sat = c.method("sat").run(n, BUDGET)
        assert sat.status != "error", (n, sat.reason)
        if "vacuous" in (play.status, sat.status):
            continue
        assert play.status == sat.status, (n, play, sat)
        for v in (play, sat):
            if v.status == "refuted":
                assert c.confirm is not None and c.confirm(n, v.counterexample or "")
                assert family.keep(v.counterexample)
        if play.status == "refuted":
            break


def test_a_listing_that_misses_a_position_is_refuted_by_both() -> None:
    c = claim("user.x-zero", rows("LRE"), exactly(["EL", "LE", "LLR"], value="{1|0}"))
    play, sat = (c.method(m).run(3, BUDGET) for m in ("play", "sat"))
    assert (play.status, play.counterexample) == ("refuted", "RLL")
    assert (sat.status, sat.counterexample) == ("refuted", "RLL")
    listed = claim("user.x-zero2", rows("LRE"),
                   exactly(lambda n: ["EL", "LE", "LLR", "RLL", "LRL"], value="{1|0}"))
    v = listed.method("sat").run(3, BUDGET)
    assert (v.status, v.counterexample) == ("refuted", "LRL")
    assert "listed" in (v.detail or "")


def test_one_method_says_so() -> None:
    c = claim("user.p", rows("LR"), every(lambda p: p.value.is_number() or p.n > 0))
    assert c.why.startswith(ONE_METHOD) and [m.name for m in c.methods] == ["play"]
    c = claim("user.le", rows("LE"), never("*"))
    assert c.why.startswith(ONE_METHOD) and "LR or LRE" in c.why


@pytest.mark.parametrize(("make", "message"), [
    (lambda: rows("LX"), "alphabet"),
    (lambda: trees(palindrome=True), "unexpected keyword"),
    (lambda: timber_paths(match="("), "bad regular expression"),
    (lambda: every(), "give one of"),
    (lambda: never(), "give values"),
    (lambda: exactly("LR", value="*"), "a list of positions"),
    (lambda: claim("user.m", rows(), every(outcome="P", misere=True)), "impartial"),
    (lambda: claim("user.n", rows(), every(nim={0})), "nim-values"),
    (lambda: claim("user.v", timber_paths(), never("1/2")), "not a nim-value"),
    (lambda: claim("user x", rows(), never("*")), "user.<label>"),
])
def test_bad_declarations(make, message) -> None:
    with pytest.raises((CgsatInputError, TypeError), match=message):
        make()
