"""Users' own all-n rules (:mod:`cgsat.kit.rules`), part b: the domain builders' input
checks and filters, a regex read as Python reads it, the learning table (its size and its
content), where the background automata come from (the ``automata`` method's scope), the
positions a rule lists at the smallest sizes, and the message of a wrong background.

Written against the survivors of ``benchmarks/mutation.sh kit_rules``. The module's caches
(``table``, ``rule_automaton``, the domains) are cleared before each test, so that they are
computed by the code under test, not read from a cache filled earlier (a mutation worker
forks from a process that has already run the tests)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest

from cgsat.automata.library import stored
from cgsat.claims import ALL_N, Budget, Verdict
from cgsat.errors import CgsatInputError
from cgsat.kit import claim, green_cordons, rule, rules, timber_paths
from cgsat.kit import families as kit_families
from cgsat.kit.rules import RuleSpec, listing, rule_statement, table, table_value

THREE = "0*10*10(00)*1(00)*"  # nim-value 3 on cordons with exactly three leaf arcs


@pytest.fixture(autouse=True)
def _cold_caches() -> None:
    rules.table.cache_clear()
    rules.rule_automaton.cache_clear()
    rules._domain.cache_clear()


def _message(make: Callable[..., object], *args: Any, **kwargs: Any) -> str:
    """The one-line message of the bad input ``make(*args, **kwargs)``."""
    with pytest.raises(CgsatInputError) as err:
        make(*args, **kwargs)
    return str(err.value)


def test_the_domains_take_exactly_their_documented_ranges() -> None:
    """0 .. 64 leaf arcs and height range 1 .. 12, the ends included; anything else
    (out of range, a bool, not an int) is refused in one line naming the value."""
    assert green_cordons(leaves=0).describe() == "green cordons with exactly 0 leaf arcs"
    assert green_cordons(max_leaves=64).describe() == "green cordons with at most 64 leaf arcs"
    assert timber_paths(height_range=12).describe() == (
        "Toppling Peaks words (Timber on a path) of height range at most 12")
    assert timber_paths(height_range=1).describe().endswith("of height range at most 1")
    for bad in (65, -1, True, "3"):
        assert _message(green_cordons, leaves=bad) == (
            f"green_cordons: a number of leaf arcs is 0 .. 64, got {bad!r}")
    assert _message(green_cordons, max_leaves=65).endswith("0 .. 64, got 65")
    for bad in (0, 13, True, 2.0):
        assert _message(timber_paths, height_range=bad) == (
            f"timber_paths: height_range is 1 .. 12, got {bad!r}")


def test_match_is_kept_and_checked_with_or_without_a_domain() -> None:
    """``match=`` filters the family (with a domain too), a bad one is refused by the
    family's own check, and a rule refuses a family with a filter."""
    every = green_cordons(match=":1")
    assert [p for p in every.positions(3) if every.keep(p)] == ["3:1", "3:1,2"]
    one = green_cordons(leaves=1, match=":1")
    assert [p for p in one.positions(3) if one.keep(p)] == ["3:1"]
    words = timber_paths(match="R$")
    assert words.keep("LR") and not words.keep("RL")
    ranged = timber_paths(height_range=2, match="R$")
    assert ranged.keep("LR") and not ranged.keep("RL")
    assert "bad regular expression" in _message(green_cordons, leaves=1, match="(")
    assert "bad regular expression" in _message(timber_paths, height_range=2, match="(")
    for family in (one, ranged):
        assert "a rule's family takes no match= or palindrome=" in _message(
            claim, "user.t-match", family, rule(0, learn=4))


def test_bad_regexes_are_refused_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """The empty regex, letters outside the alphabet (all named), a regex neither library
    reads, a quantifier on a quantifier (``1+?`` is lazy in Python, optional in
    automata-lib: ``0``*11 ``1+?`` would read differently only beyond the words checked),
    and one that automata-lib reads differently from Python's ``re.fullmatch`` on a word of
    up to 10 letters (here made so by reading another regex): found on the shortest such
    word, at length 1 and at length 9."""
    def made(regex: str) -> str:
        return _message(claim, "user.t-re", green_cordons(), rule(0, regex=regex))

    assert made("") == ("user.t-re: the regex is empty (it would accept only the empty word; "
                        "write that as a regex over the alphabet)")
    assert made("0*2a") == ("user.t-re: regex '0*2a': letters '2a' are outside the alphabet "
                            "'01' (use its letters and ()|*+?)")
    assert made("(0").startswith("user.t-re: bad regex '(0': ")
    for doubled, token in (("0" * 11 + "1+?", "+?"), ("0*+1", "*+"), ("1??", "??"),
                           ("0**", "**")):
        assert made(doubled) == (
            f"user.t-re: regex {doubled!r}: {token!r} (a quantifier on a quantifier) reads "
            "differently in automata-lib and Python; group instead, e.g. (x+)?")
    real = rules.NFA  # type: ignore[attr-defined]  # the module's own import

    class Misread:
        """automata-lib reading ``(regex)|extra`` for ``regex``."""

        extra = "0"

        @classmethod
        def from_regex(cls, expression: str, **kwargs: Any) -> Any:
            return real.from_regex(f"({expression})|{cls.extra}", **kwargs)

    monkeypatch.setattr(rules, "NFA", Misread)
    assert made("01") == ("user.t-re: regex '01' reads differently in automata-lib and "
                          "Python at '0'; use ( ) | * + ?")
    Misread.extra = "0" * 9
    assert made("1(0|1)*") == ("user.t-re: regex '1(0|1)*' reads differently in automata-lib "
                               "and Python at '000000000'; use ( ) | * + ?")


def test_a_table_too_large_is_refused_with_its_size() -> None:
    """The table of ``learn=H`` holds every position of the closed domain up to size H (⊥
    included for cordons): 2**H cordons; 1 + sum over lengths < H of the words with at
    most m ones; the Peaks words of length <= H in the height range (counted apart,
    below). A small table within a domain is accepted."""
    # Peaks words by their (height - lowest, highest - lowest), L up and R down
    spans = {(0, 0): 1}
    peaks = 1
    for _ in range(17):
        grown: dict[tuple[int, int], int] = {}
        for (at, top), count in spans.items():
            for a, t in ((at + 1, max(top, at + 1)), (max(at - 1, 0), top + (at == 0))):
                if t <= 12:
                    grown[a, t] = grown.get((a, t), 0) + count
        spans = grown
        peaks += sum(spans.values())
    assert peaks == 261577 < 2 ** 18 - 1
    cases: list[tuple[Any, int, int]] = [
        (green_cordons(), 17, 2 ** 17),
        (green_cordons(max_leaves=2), 80,
         1 + sum(1 + n + n * (n - 1) // 2 for n in range(80))),  # 85401: lengths < 80
        (timber_paths(height_range=12), 17, peaks),
    ]
    for family, h, size in cases:
        assert _message(claim, "user.t-big", family, rule(1, learn=h)) == (
            f"user.t-big: learn={h}: the table would hold {size} positions (at most 70000); "
            "give a smaller size")
    ok = claim("user.t-small", green_cordons(max_leaves=1), rule(1, learn=60))  # 1831
    assert [m.name for m in ok.methods] == ["automata", "play", "sat"]


def test_the_learning_table_is_the_closed_domain_by_play() -> None:
    """``table``: ⊥ and every word of length < H of the domain (every word without one),
    each with its nim-value by the direct solver."""
    every = kit_families.green_cordons()
    got = table(every, 4)
    words = ["".join(t) for n in range(4) for t in itertools.product("01", repeat=n)]
    assert set(got) == {None, *words}
    assert got[None] == 0
    assert all(got[w] == table_value(every, rules.position_of(every, w)) for w in words)
    assert [got[w] for w in ("", "0", "1", "00", "01", "10", "11")] == [1, 0, 1, 1, 0, 2, 1]
    one = green_cordons(max_leaves=1)
    assert table(one, 4) == {w: v for w, v in got.items() if w is None or w.count("1") <= 1}


def test_the_scope_says_where_the_background_automata_come_from() -> None:
    """The ``automata`` method's scope (``cgsat list``, the report): none below R_0; the
    stored library up to R_12 on cordons (R_k too off the family's domain); learned from
    the table of ``below=``, else ``learn=``, else size 14."""
    library = ("from the stored library automata of Thinning Thickets (Theorems 3.2, 3.3, "
               "nim2 .. nim12, proved for all cordons)")

    def scope(family: Any, made: Any) -> str:
        method = claim("user.t-scope", family, made).methods[0]
        assert method.name == "automata"
        return method.scope

    assert scope(green_cordons(), rule(0, regex="1*")).startswith(
        "every size at once: R_0 (R_0 the rule on green cordons) pass the mex rule on every "
        "word of a domain closed under options")
    assert f"; R_0 .. R_11 and R_12 on the rest of the closed domain {library})" in scope(
        green_cordons(leaves=1), rule(12, regex="1"))
    assert ("; R_0 .. R_12 and R_13 on the rest of the closed domain learned from exhaustive "
            "play up to size 14)") in scope(green_cordons(leaves=1), rule(13, regex="1"))
    assert f"; R_0 .. R_12 {library})" in scope(green_cordons(), rule(13, regex="1"))
    peaks = timber_paths(height_range=1)
    for made, size in ((rule(1, learn=6), 6), (rule(1, learn=6, below=5), 5),
                       (rule(1, regex="L"), 14)):
        assert f"; R_0 learned from exhaustive play up to size {size})" in scope(peaks, made)


def test_the_background_automata_are_learned_from_the_table_asked() -> None:
    """R_0 .. R_{k-1} learned from ``below=`` (else ``learn=``), one per nim-value below
    k, no more: on Peaks words of height range 1, nim-value 2 is not determined by the
    table up to size 4, nim-values 0 and 1 are."""
    peaks = timber_paths(height_range=1)
    assert [a.name for a in rule_statement(peaks, RuleSpec(1, learn=6)).automata] == [
        "learned-nim0-to-6", "R_1"]
    assert [a.name for a in rule_statement(peaks, RuleSpec(2, regex="L", below=4)).automata
            ] == ["learned-nim0-to-4", "learned-nim1-to-4", "R_2"]
    with pytest.raises(CgsatInputError, match="size 4 determines no automaton for nim-value 2"):
        rules.learn(peaks, 2, 4)


def test_a_rule_for_nim_value_1_is_proved_with_its_background() -> None:
    """Theorem 3.3 (nim-value 1) as a user's rule on the cordons with at most one leaf arc:
    proved with R_0 from the library, and play lists the cordon of height 1 (nim-value 1)
    at n = 1."""
    c = claim("user.t-one", green_cordons(max_leaves=1), rule(1, automaton=stored("thm3.3")))
    automata, play = c.methods[0], c.methods[1]
    assert (automata.name, play.name) == ("automata", "play")
    proof = automata.run(ALL_N, Budget())
    assert proof.status == "proved", proof.reason
    assert [play.run(n, Budget()).status for n in (1, 2, 3)] == ["holds"] * 3


def test_the_positions_listed_at_the_smallest_sizes() -> None:
    """⊥ (height 0, nim-value 0) is listed by a rule for nim-value 0 only; the cordon of
    height 1 (the empty leaf word, nim-value 1) by a rule accepting the empty word."""
    every = green_cordons()
    zero, one = RuleSpec(0, automaton=stored("thm3.2")), RuleSpec(1, automaton=stored("thm3.3"))
    assert listing(0, family=every, spec=zero) == ["0:"]
    assert listing(0, family=every, spec=one) == []
    assert listing(1, family=every, spec=zero) == []
    assert listing(1, family=every, spec=one) == ["1:"]
    assert listing(3, family=every, spec=one) == ["3:", "3:1,2"]
    assert [table_value(every, p) for p in ("1:", "3:", "3:1,2", "0:")] == [1, 1, 1, 0]


def test_a_domain_is_vacant_exactly_where_it_has_no_position() -> None:
    """``vacancy`` at every size from 0, against the positions the family keeps: ⊥ has no
    leaf arc, and the empty Peaks word has height range 0."""
    for family in (green_cordons(leaves=2), green_cordons(max_leaves=1),
                   timber_paths(height_range=1), timber_paths(height_range=3)):
        for n in range(6):
            kept = [p for p in family.positions(n) if family.keep(p)]
            assert (family.vacancy(n) is None) == bool(kept), (family.describe(), n)
    assert timber_paths(height_range=1).vacancy(0) is None
    assert green_cordons(leaves=2).vacancy(0) == (
        "no green cordon of height 0 with exactly 2 leaf arcs")


def test_a_wrong_background_is_unknown_with_the_deciders_detail() -> None:
    """The attribution's message names the position, its nim-value by play, what to do
    (``below=``) and keeps the deciders' detail."""
    detail = "setops refuted; R_1 rejects it; plain play: nim-value 4"
    got = rules._attributed(0, Budget(), run=lambda n, budget: Verdict.refuted(
        "5:1,2,3", detail=detail), family=green_cordons(leaves=3), spec=RuleSpec(3, regex=THREE))
    assert got.status == "unknown"
    assert got.reason == ("the deciders refute the statement at 5:1,2,3 (nim-value 4 by play), "
                          "where a background automaton is wrong, not the rule: learn them "
                          f"from a larger table (below=); {detail}")
