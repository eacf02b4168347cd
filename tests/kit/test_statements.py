"""Quick, focused tests of :mod:`cgsat.kit.statements` (issue 36: the mutation run of the
claim kit's statements). Values of Toppling Dominoes rows are the textbook ones (Fink,
Nowakowski, Siegel, Wolfe, *Toppling Conjectures*: ``L`` = 1, ``LL`` = 2, ``LR`` = *,
``LRL`` = 1/2); nim-values of Timber words are checked against plain play
(:mod:`cgsat.cgt.play`), which shares no code with the memoized solver."""

from __future__ import annotations

import pytest

from cgsat.cgt import play
from cgsat.errors import CgsatInputError
from cgsat.games import get_ruleset
from cgsat.kit.families import green_cordons, rows, timber_paths
from cgsat.kit.statements import OUTCOMES, Position, Statement, every, exactly, never

ROWS = rows("LR")
WORDS = timber_paths()


def _pos(family, text):
    return Position(family, text, len(text))


def _plain_nim(text: str) -> int:
    rules = get_ruleset("timber-path")
    return play.nim_value(rules, rules.parse(text))


def _plain_misere_p(text: str) -> bool:
    rules = get_ruleset("timber-path")
    return play.is_p_position(rules, rules.parse(text), misere=True)


def test_timber_ruleset_name():
    assert WORDS.ruleset.name == get_ruleset("timber-path").name


# -- Position ------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "value", "outcome"), [
    ("L", "1", "L"), ("R", "-1", "R"), ("LL", "2", "L"), ("LR", "*", "N"),
    ("LRL", "1/2", "L"), ("RLR", "-1/2", "R")])
def test_a_row_as_a_predicate_sees_it(text, value, outcome):
    p = _pos(ROWS, text)
    assert (p.text, p.n, p.word, repr(p)) == (text, len(text), text, f"Position({text!r})")
    assert str(p.value) == value
    assert p.nim is None
    assert p.outcome == outcome == p.value.outcome()
    with pytest.raises(CgsatInputError, match="^misère play applies to impartial families "
                       "only$"):
        _ = p.misere_outcome


@pytest.mark.parametrize("text", ["LL", "LR", "RL", "RR", "LLL", "LRL", "RLR", "LLRL",
                                  "RLRR"])
def test_a_word_as_a_predicate_sees_it(text):
    p = _pos(WORDS, text)
    nim = _plain_nim(text)
    assert p.nim == nim
    assert str(p.value) == ("0" if nim == 0 else "*" if nim == 1 else f"*{nim}")
    assert p.outcome == ("P" if nim == 0 else "N")
    assert p.misere_outcome == ("P" if _plain_misere_p(text) else "N")


def test_position_values_are_computed_once(monkeypatch):
    p = _pos(WORDS, "LRL")
    assert p.nim == 2
    monkeypatch.setattr(type(WORDS), "ruleset", property(lambda self: 1 / 0))
    assert p.nim == 2 and p.outcome == "N"  # cached: the family is not read again


# -- every ---------------------------------------------------------------------------------


def test_every_builds_each_form():
    assert every(outcome="P") == Statement("every", outcome="P")
    assert every(outcome="NL") == Statement("every", outcome="LN")  # in the order LRNP
    assert every(outcome="PN", misere=True) == Statement("every", outcome="NP", misere=True)
    assert every(nim=[2, 0, 0]) == Statement("every", nims=(0, 2))
    assert every(nim=3).nims == (3,) and every(nim=0).nims == (0,)
    assert every(nim=[1, 0]).misere is False

    def pred(p):
        return True

    s = every(pred)
    assert (s.form, s.test, s.outcome, s.nims) == ("every", pred, None, None)
    assert every(pred, misere=True).misere is True


@pytest.mark.parametrize(("build", "says"), [
    (lambda: every(), "^every\\(\\): give one of a predicate, outcome= or nim=$"),
    (lambda: every(lambda p: 1, outcome="P"), "give one of"),
    (lambda: every(outcome="P", nim=1), "give one of"),
    (lambda: every(lambda p: 1, nim=1), "give one of"),
    (lambda: every("P"), "^every\\(\\): the predicate must be callable, got 'P'$"),
    (lambda: every(outcome=""), "^outcome: one or more of L, R, N, P, got ''$"),
    (lambda: every(outcome="X"), "^outcome: one or more of L, R, N, P, got 'X'$"),
    (lambda: every(outcome="PX"), "got 'PX'"),
    (lambda: every(outcome=3), "got 3"),
    (lambda: every(nim=[]), "^every\\(\\): nim= takes nim-values 0, 1, 2, ..., got \\[\\]$"),
    (lambda: every(nim=-1), "got -1"),
    (lambda: every(nim=[0, -2]), "got \\[0, -2\\]"),
    (lambda: every(nim=["1"]), "got \\['1'\\]"),
    (lambda: every(nim=1, misere=True), "^every\\(\\): nim-values are normal play; use "
     "outcome= with misere$"),
])
def test_every_refuses_bad_arguments(build, says):
    with pytest.raises(CgsatInputError, match=says):
        build()


def test_every_describes_itself():
    def small(p):
        return True

    assert every(small).describe() == "every position satisfies the predicate small"
    assert Statement("every", test=object()).describe() == (
        "every position satisfies the predicate predicate")
    assert every(outcome="LN").describe() == "every position has outcome L or N"
    assert every(outcome="P", misere=True).describe() == (
        "every position has outcome P (misère play)")
    assert every(nim={2, 0}).describe() == "every position has nim-value in {0, 2}"


def test_every_violations_by_play():
    assert every(outcome="N").violation(_pos(WORDS, "LR")) == "outcome P"
    assert every(outcome="N").violation(_pos(WORDS, "RL")) is None
    assert every(outcome="NP").violation(_pos(WORDS, "LR")) is None
    # misère: RL is a misère P-position (plain play), LR is not
    assert _plain_misere_p("RL") and not _plain_misere_p("LR")
    assert every(outcome="N", misere=True).violation(_pos(WORDS, "RL")) == "outcome P"
    assert every(outcome="N", misere=True).violation(_pos(WORDS, "LR")) is None
    assert every(nim={0, 1}).violation(_pos(WORDS, "LL")) == "nim-value 2"
    assert every(nim={0, 1}).violation(_pos(WORDS, "RL")) is None
    assert every(nim={2}).violation(_pos(WORDS, "LR")) == "nim-value 0"
    assert every(outcome="L").violation(_pos(ROWS, "LR")) == "outcome N"
    assert every(outcome="LR").violation(_pos(ROWS, "RLR")) is None
    seen = []
    assert every(lambda p: seen.append(p.text) or p.n < 3).violation(
        _pos(WORDS, "LRL")) == "the predicate is false"
    assert every(lambda p: p.value.is_number()).violation(_pos(ROWS, "LRL")) is None
    assert every(lambda p: 1).violation(_pos(ROWS, "LR")) is None  # truthy is enough
    assert seen == ["LRL"]


# -- exactly, never ------------------------------------------------------------------------


def test_exactly_builds_and_describes():
    s = exactly(["LEL", "LLRL", "LRLL"], value="1*")
    assert (s.form, s.values, s.positions) == ("exactly", ("1+*",), ("LEL", "LLRL", "LRLL"))
    assert s.describe() == "exactly these positions have value 1+*: LEL, LLRL, LRLL"
    assert s.target_text() == "value 1+*"
    assert exactly([], outcome="P").describe() == "exactly these positions have outcome P: none"
    assert exactly(["RL"], outcome="NP", misere=True).describe() == (
        "exactly these positions have outcome N or P (misère play): RL")
    assert exactly(iter(["RL"]), outcome="P").positions == ("RL",)

    def zeros(n):
        return []

    assert exactly(zeros, value=0).describe() == (
        "exactly these positions have value 0: the positions given by zeros")
    assert exactly(zeros, value=0).positions is zeros
    assert Statement("exactly", outcome="P", positions=lambda n: []).describe().endswith(
        "the positions given by <lambda>")


@pytest.mark.parametrize(("build", "says"), [
    (lambda: exactly(["LR"]), "^exactly\\(\\): give value= or outcome= \\(one of them\\)$"),
    (lambda: exactly(["LR"], value="*", outcome="N"), "give value= or outcome="),
    (lambda: exactly("LR", value="*"), "^exactly\\(\\): positions is a list of positions, "
     "not one string$"),
    (lambda: exactly(["LR"], outcome="Q"), "got 'Q'"),
    (lambda: never(), "^never\\(\\): give values or outcome= \\(one of them\\)$"),
    (lambda: never("*", outcome="P"), "give values or outcome="),
    (lambda: never(outcome="pn"), "got 'pn'"),
])
def test_exactly_and_never_refuse_bad_arguments(build, says):
    with pytest.raises(CgsatInputError, match=says):
        build()


def test_never_builds_and_describes():
    s = never("^*", "{1|0,*}")
    assert s.values == ("^*", "{1|0,*}") and len(s.games) == 2
    assert s.describe() == "no position has value ^* or {1|0,*}"
    assert never(outcome="PN").describe() == "no position has outcome N or P"
    assert never(outcome="P", misere=True) == Statement("never", outcome="P", misere=True)
    assert never(outcome="P", misere=True).describe() == "no position has outcome P (misère play)"
    assert never(outcome="P").target_text() == "outcome P"
    assert never(2).values == ("2",)
    assert Statement("never").target_text() == "outcome "


def test_has_target_and_never_violations():
    # partizan: by value
    assert never("*").has_target(_pos(ROWS, "LR"))
    assert not never("*").has_target(_pos(ROWS, "LL"))
    assert never("1/2", "2").has_target(_pos(ROWS, "LL"))
    assert never("*").violation(_pos(ROWS, "LR")) == "value *"
    assert never("*").violation(_pos(ROWS, "LRL")) is None
    # impartial: by nim-value (a value *k on a word)
    assert never("*2").violation(_pos(WORDS, "LL")) == "value *2"
    assert never("*2").violation(_pos(WORDS, "LLL")) is None
    assert never("0", "*3").violation(_pos(WORDS, "LLL")) == "value *3"
    assert never("0").violation(_pos(WORDS, "LR")) == "value 0"
    # outcomes, normal and misère
    assert never(outcome="P").violation(_pos(WORDS, "LR")) == "outcome P"
    assert never(outcome="P").violation(_pos(WORDS, "RL")) is None
    assert never(outcome="P", misere=True).violation(_pos(WORDS, "RL")) == "outcome P"
    assert never(outcome="P", misere=True).violation(_pos(WORDS, "LR")) is None
    assert never(outcome="LR").violation(_pos(ROWS, "RLR")) == "outcome R"


def test_listed_normalizes_and_keeps_members_of_size_n():
    fam = rows("LRE")
    s = exactly(["LE", "EL", "LLR", " L R "], outcome="N")
    got = s.listed(fam, 2)
    want = {fam.normalize(t) for t in ("LE", "EL", " L R ") if fam.contains(2, fam.normalize(t))}
    assert got == want and "LLR" not in got and got
    s = exactly(lambda n: ["L" * n, "R" * (n + 1)], value="2")
    assert s.listed(ROWS, 2) == {"LL"}
    assert exactly([], value="2").listed(ROWS, 2) == set()


def test_listed_skips_what_the_family_does_not_contain():
    fam = rows("LR", match="^L")
    s = exactly(["LR", "RL", "LL"], outcome="N")
    assert s.listed(fam, 2) == {t for t in ("LR", "LL") if fam.contains(2, t)} == {"LR", "LL"}


def test_exactly_violations_both_ways():
    s = exactly(["LR"], value="*")
    assert s.violation(_pos(ROWS, "LR"), {"LR"}) is None
    assert s.violation(_pos(ROWS, "LR"), set()) == "value *, and it is not listed"
    assert s.violation(_pos(ROWS, "LR")) == "value *, and it is not listed"
    assert s.violation(_pos(ROWS, "LL"), {"LL"}) == "listed, but it has value 2"
    assert s.violation(_pos(ROWS, "LL"), set()) is None
    o = exactly(["RL"], outcome="P", misere=True)
    assert o.violation(_pos(WORDS, "RL"), {"RL"}) is None
    assert o.violation(_pos(WORDS, "LR"), {"LR"}) == "listed, but it has outcome N"
    o = exactly(["LR"], outcome="P")
    assert o.violation(_pos(WORDS, "LR"), set()) == "outcome P, and it is not listed"
    assert o.violation(_pos(WORDS, "RL"), {"RL"}) == "listed, but it has outcome N"


# -- searches ------------------------------------------------------------------------------


def test_searches():
    assert every(lambda p: True).searches(ROWS) == (
        None, "the statement is a Python predicate, which no SAT search expresses")
    assert never("*").searches(rows("LRE")) == ([{"value": "*"}], "one search per value")
    assert never("*").searches(rows("LE")) == (
        None, "the find searches take rows over LR or LRE only")
    assert every(outcome="P").searches(WORDS) == (
        [{"outcome": "N"}], "a counterexample has another outcome: one search per outcome "
        "class")
    assert every(outcome="LN").searches(ROWS)[0] == [{"outcome": "R"}, {"outcome": "P"}]
    assert every(outcome="N").searches(green_cordons())[0] == [{"outcome": "P"}]
    assert every(nim={0}).searches(WORDS) == (
        [{"nim": "*"}], "a counterexample has another nim-value: one search per nim-value up "
        "to the number of moves")
    assert never("*", "1").searches(ROWS)[0] == [{"value": "*"}, {"value": "1"}]
    assert never(outcome="NP").searches(WORDS) == (
        [{"outcome": "N"}, {"outcome": "P"}], "one search per outcome class")
    assert exactly(["LR"], outcome="P").searches(WORDS)[0] == [{"outcome": "P"}]
    assert Statement("never").searches(WORDS) == ([], "one search per outcome class")


def test_outcomes_constant():
    assert OUTCOMES == "LRNP"


def test_the_forms_built_by_outcome():
    assert exactly(["RL"], outcome="P") == Statement("exactly", outcome="P", positions=("RL",))
    assert exactly(["RL"], outcome="P", misere=True) == Statement(
        "exactly", outcome="P", positions=("RL",), misere=True)
    assert never(outcome="NP") == Statement("never", outcome="NP")
    # all four classes is an outcome set too (a trivial statement, not bad input)
    assert every(outcome="PNRL") == Statement("every", outcome="LRNP")


@pytest.mark.parametrize("build", [lambda: exactly(["LR"], outcome=""),
                                   lambda: never(outcome="")])
def test_an_empty_outcome_is_named_as_given(build):
    with pytest.raises(CgsatInputError, match="^outcome: one or more of L, R, N, P, got ''$"):
        build()


def test_a_listing_callable_without_a_name_is_described():
    class Listing:
        def __call__(self, n):
            return ["L" * n]

    s = exactly(Listing(), value="2")
    assert s.describe() == "exactly these positions have value 2: the positions given by a function"
    assert s.listed(ROWS, 2) == {"LL"}
