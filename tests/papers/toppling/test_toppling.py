"""Toppling Dominoes: rules, the paper's values (toppling-conjectures.txt §1–4), direct play,
the CLI, and cgt-py as an independent oracle."""

import itertools
import json
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgsat.cgt import play
from cgsat.cgt.canonical import ONE, STAR, ZERO, game, nimber, number
from cgsat.cgt.notation import parse as parse_game
from cgsat.cgt.partizan_values import canonical_form, describe_partizan
from cgsat.claims import Budget
from cgsat.cli import main
from cgsat.errors import PositionError, TooLargeError
from cgsat.games import get_ruleset
from cgsat.games.toppling import RULESET, key, left_options, parse, right_options
from cgsat.papers.registry import get_claim
from cgsat.papers.toppling import brute as toppling_brute
from cgsat.papers.toppling import sat as toppling_sat

cgt_py = pytest.importorskip("cgt_py")


def value(text):
    return canonical_form(RULESET, parse(text))


def strings(max_len, alphabet="LRE"):
    for n in range(1, max_len + 1):
        for p in itertools.product(alphabet, repeat=n):
            yield "".join(p)


# --- rules and syntax -------------------------------------------------------------------


def test_registered_under_its_cli_name():
    assert get_ruleset("toppling") is RULESET and not RULESET.impartial


def test_options_follow_the_rules():
    # Left topples L or E; west leaves what is east of it, east leaves what is west of it
    assert left_options(("LRE",)) == [
        ("0W", ("RE",)),
        ("0E", ()),
        ("2W", ()),
        ("2E", ("LR",)),
    ]
    assert right_options(("LRE",)) == [
        ("1W", ("E",)),
        ("1E", ("L",)),
        ("2W", ()),
        ("2E", ("LR",)),
    ]
    # in a sum the index counts dominoes across rows
    assert right_options(("L", "RL")) == [("1W", ("L", "L")), ("1E", ("L",))]


def test_parse_and_format():
    assert parse(" lre  RR ") == ("LRE", "RR")
    assert RULESET.format(parse("LRE   RR")) == "LRE RR"
    assert parse("") == () == parse("()")
    assert RULESET.format(()) == "()"
    with pytest.raises(PositionError, match="'x' at index 2 of row 'LRx'"):
        parse("LR LRx")


def test_key_identifies_a_row_with_its_reversal():
    assert key(("LRR",)) == key(("RRL",))
    assert key(("LRR",)) != key(("RRR",))
    for s in strings(6):
        assert value(s) is value(s[::-1])


# --- values from the paper --------------------------------------------------------------


def test_small_values():
    assert value("") is ZERO
    assert value("L") is ONE and value("R") is -ONE and value("E") is STAR
    assert value("LRL") is number(Fraction(1, 2))
    assert value("LL") is number(2)
    assert value("EE") is nimber(2)
    assert value("LRRLL") is game([ONE], [STAR])
    assert str(value("LRRLL")) == "{1|*}"


@pytest.mark.parametrize("m", range(1, 7))
def test_lr_repeated_is_star_m(m):
    assert value("LR" * m) is nimber(m)
    assert value("RL" * m) is nimber(m)


def test_theorem_21_rlllr_is_miny_1():
    # Theorem 21: RLxLR = {x|0||0} = {{x|0}|0} (miny_x), a negative infinitesimal
    g = value("RLLLR")
    assert g is game([game([ONE], [ZERO])], [ZERO])
    assert g is parse_game("{1|0||0}") and str(g) == "{1|0||0}"
    assert g < ZERO and g.is_infinitesimal()
    # and its negative LRRRL is tiny_1 = {0||0|-1}
    assert value("LRRRL") is parse_game("{0||0|-1}")


def positive_number_strings(max_len):
    return [s for s in strings(max_len, "LR") if value(s).is_number() and value(s) > ZERO]


def test_theorem_21_for_several_numbers():
    xs = positive_number_strings(6)
    assert {"L", "LL", "LRL", "LLL", "LLRLL"} <= set(xs)
    for x in xs:
        xv = value(x)
        assert value("RL" + x + "LR") is game([game([xv], [ZERO])], [ZERO]), x
        # Theorem 18 / its negative: LR(-x)RL = tiny_x = {0||0|-x}
        mx = x.translate(str.maketrans("LR", "RL"))
        assert value("LR" + mx + "RL") is game([ZERO], [game([ZERO], [-xv])]), x


def _wrong_miny(x):
    """A deliberately wrong reading of Theorem 21: {x | {0|0}} = {x|*}."""
    return game([x], [STAR])


def _wrong_miny_explicit(x):
    """The same wrong reading for the replay's game-tree search: {x | {0|0}}."""
    zero = play.Explicit((), ())
    return play.Explicit((x,), (play.Explicit((zero,), (zero,)),))


@pytest.mark.parametrize("method", ["brute", "sat"])
def test_negative_control_wrong_reading_of_theorem_21_is_refuted(method, monkeypatch):
    # The registered methods of toppling.thm21 (canonical form, and the difference encoding)
    # with the wrong reading must refute it at length 5 with RLLLR = {1|0||0}, not {1|*};
    # the claim's replay (game-tree search), reading the same wrong statement, confirms it.
    monkeypatch.setattr(toppling_brute, "miny", _wrong_miny)
    monkeypatch.setattr(toppling_sat, "miny", _wrong_miny)
    monkeypatch.setattr(toppling_brute, "miny_explicit", _wrong_miny_explicit)
    claim = get_claim("toppling.thm21")
    verdict = claim.method(method).run(5, Budget())
    assert verdict.status == "refuted"
    assert verdict.counterexample == "RLLLR"
    assert claim.confirm(5, "RLLLR")
    assert value("RLLLR") is not _wrong_miny(ONE)


def test_theorem_16_and_corollary_17_numbers_are_unique_palindromes():
    seen = {}
    for s in strings(7):
        g = value(s)
        if g.is_number():
            assert s == s[::-1], s  # Corollary 17
            assert seen.setdefault(g, s) == s, (s, seen[g])  # Theorem 16
    assert len(seen) > 20


def test_lemma_1_outcomes_from_end_dominoes():
    for s in strings(7):
        g = value(s)
        ends = s[0] + s[-1]
        if ends == "LL":
            assert g > ZERO, s
        elif ends == "RR":
            assert g < ZERO, s
        elif ends in ("LR", "RL"):
            assert not g >= ZERO and not g <= ZERO, s


def test_lemma_4_adding_a_blue_domino_helps_left():
    for s in strings(6):
        assert value("L" + s) > value(s), s


# --- direct play (no values) ------------------------------------------------------------


def _norm(rows):
    return tuple(sorted(r for r in rows if r))


@cache
def wins_first(rows, player):
    """``player`` ('L' or 'R'), moving first on the sum ``rows``, wins: plain play."""
    mine = "LE" if player == "L" else "RE"
    other = "R" if player == "L" else "L"
    for k, row in enumerate(rows):
        for i, c in enumerate(row):
            if c in mine:
                for rest in (row[i + 1 :], row[:i]):
                    if not wins_first(_norm(rows[:k] + (rest,) + rows[k + 1 :]), other):
                        return True
    return False


def play_outcome(rows):
    lw, rw = wins_first(_norm(rows), "L"), wins_first(_norm(rows), "R")
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[
        (lw, rw)
    ]


rows_st = st.lists(st.text(alphabet="LRE", min_size=1, max_size=5), min_size=1, max_size=3)


@given(rows_st)
@settings(max_examples=200, deadline=None)
def test_outcome_and_winning_moves_agree_with_play(rows):
    text = " ".join(rows)
    d = describe_partizan(RULESET, text)
    assert d["outcome"] == play_outcome(tuple(rows))
    expected = []
    for player, opts in (("L", left_options(tuple(rows))), ("R", right_options(tuple(rows)))):
        other = "R" if player == "L" else "L"
        for move, option in opts:
            if not wins_first(_norm(option), other):
                expected.append({"player": player, "move": move, "to": RULESET.format(option)})
    assert d["winning_moves"] == expected


def test_sum_of_rows_is_sum_of_values():
    assert value("LRL LRL") is ONE
    assert value("LR LR") is ZERO
    assert value("LRRLL RRLLR") is ZERO  # G + (-G) with the reversal of the negative


def test_too_large_points_to_sat():
    with pytest.raises(TooLargeError, match="SAT"):
        describe_partizan(RULESET, "L" * (RULESET.exhaustive_limit + 1))


def test_cli_value_json(capsys):
    assert main(["value", "toppling", "LRRLL", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["value"] == "{1|*}"
    assert out["outcome"] == "L"
    assert out["ruleset"] == "toppling" and out["position"] == "LRRLL"
    assert {"player": "L", "move": "4E", "to": "LRRL"} in out["winning_moves"]
    assert main(["value", "toppling", "LRQ"]) == 2
    assert "'Q'" in capsys.readouterr().err


# --- the independent oracle -------------------------------------------------------------


def braced(g):
    if g.is_number() or g.is_nimber():
        return str(g)
    return "{" + ",".join(map(braced, g.left)) + "|" + ",".join(map(braced, g.right)) + "}"


def _oracle_sweep(max_len):
    """cgt-py builds every string's canonical form from its options on its own."""
    memo = {"": cgt_py.CanonicalForm("0")}

    def text_of(c):
        return repr(c)[len("CanonicalForm('") : -2]

    def cf(s):
        c = memo.get(s)
        if c is None:
            left = [cf(s[i + 1 :]) for i, d in enumerate(s) if d in "LE"]
            left += [cf(s[:i]) for i, d in enumerate(s) if d in "LE"]
            right = [cf(s[i + 1 :]) for i, d in enumerate(s) if d in "RE"]
            right += [cf(s[:i]) for i, d in enumerate(s) if d in "RE"]
            c = cgt_py.CanonicalForm(
                "{" + ",".join(map(text_of, left)) + "|" + ",".join(map(text_of, right)) + "}"
            )
            memo[s] = c
        return c

    count = 0
    for s in strings(max_len):
        assert cgt_py.CanonicalForm(braced(value(s))) == cf(s), s
        count += 1
    return count


def test_every_string_up_to_length_7_matches_cgt_py():
    assert _oracle_sweep(7) == sum(3**n for n in range(1, 8))


@pytest.mark.slow
def test_every_string_up_to_length_9_matches_cgt_py():
    assert _oracle_sweep(9) == sum(3**n for n in range(1, 10))


# --- partizan_values is generic: a second ruleset -----------------------------------------


def test_partizan_values_on_thickets_agree_with_play():
    thickets = get_ruleset("thickets")

    @cache
    def wins(text, player):
        position = thickets.parse(text)
        moves = thickets.left_options if player == "L" else thickets.right_options
        opts = moves(position)
        other = "R" if player == "L" else "L"
        return any(not wins(thickets.format(o), other) for _, o in opts)

    for text in ["stalk:RLLR", "blue:[0101]", "red:[0110]", "stalk:LRRL stalk:RL", "blue:[011]"]:
        d = describe_partizan(thickets, text)
        norm = d["position"]
        lw, rw = wins(norm, "L"), wins(norm, "R")
        assert d["outcome"] == {(1, 1): "N", (1, 0): "L", (0, 1): "R", (0, 0): "P"}[(lw, rw)]
        assert parse_game(d["value"]) is canonical_form(thickets, thickets.parse(text))
        for m in d["winning_moves"]:
            assert not wins(m["to"], "R" if m["player"] == "L" else "L")


def test_game_budget_stops_exploding_sums_cleanly(monkeypatch):
    from cgsat.cgt import partizan_values

    text = " ".join(["LRRLELR"] * 8)
    monkeypatch.setattr(partizan_values, "GAME_BUDGET", 50)
    with pytest.raises(TooLargeError, match="SAT route"):
        describe_partizan(RULESET, text)
    # nothing half-built was cached: a smaller sum still agrees with play afterwards
    monkeypatch.setattr(partizan_values, "GAME_BUDGET", 300_000)
    d = describe_partizan(RULESET, "LRRLELR LRRLELR")
    assert d["outcome"] == play_outcome(("LRRLELR", "LRRLELR"))
    assert value("LRRLELR LRRLELR") is value("LRRLELR") + value("LRRLELR")
