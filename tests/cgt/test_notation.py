"""CGSuite notation: printing as CGSuite does, parsing it back, and naming bad tokens."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgsat.cgt.canonical import ONE, STAR, UP, ZERO, game, nimber, number, nus, up_multiple
from cgsat.cgt.notation import parse, to_str
from cgsat.errors import CgsatInputError

raw_games = st.recursive(
    st.just(((), ())),
    lambda kids: st.tuples(
        st.lists(kids, max_size=3).map(tuple), st.lists(kids, max_size=3).map(tuple)
    ),
    max_leaves=12,
)


def canon(raw):
    return game([canon(x) for x in raw[0]], [canon(x) for x in raw[1]])


def raw_text(raw):
    return "{" + ",".join(map(raw_text, raw[0])) + "|" + ",".join(map(raw_text, raw[1])) + "}"


HALF = number(Fraction(1, 2))


@pytest.mark.parametrize(
    "g, text",
    [
        (ZERO, "0"),
        (number(3), "3"),
        (number(Fraction(-1, 2)), "-1/2"),
        (STAR, "*"),
        (nimber(2), "*2"),
        (UP, "^"),
        (-UP, "v"),
        (UP + STAR, "^*"),
        (up_multiple(2), "^^"),
        (up_multiple(2, 1), "^^*"),
        (up_multiple(3), "^3"),
        (up_multiple(-2), "vv"),
        (up_multiple(-3, 2), "v3*2"),
        (number(1) + STAR, "1+*"),
        (HALF + UP + STAR, "1/2+^*"),
        (number(-1) - UP, "-1+v"),
        (game([ONE], [ZERO]), "{1|0}"),
        (game([ZERO], [game([ZERO], [-ONE])]), "{0||0|-1}"),
        (game([game([ONE], [ZERO])], [ZERO]), "{1|0||0}"),
        (game([ONE], [-ONE]), "+-1"),
        (game([ONE + STAR], [ZERO]), "{1+*|0}"),
        (game([ONE], [STAR]), "{1|*}"),
        (game([number(2)], [ZERO]), "{2|0}"),
        (game([ZERO, game([ONE], [ZERO])], [-ONE]), "{0,{1|0}|-1}"),
        (game([game([number(2)], [ONE])], [game([-ONE], [number(-2)])]), "+-{2|1}"),
    ],
)
def test_prints_as_cgsuite_and_parses_back(g, text):
    assert to_str(g) == text
    assert str(g) == text
    assert parse(text) is g


def test_four_bars_force_braces():
    # as CGSuite: a run of four bars is the longest; that level is always bracketed
    a = game([ZERO], [game([ZERO], [game([ZERO], [number(-1)])])])
    b = game([number(5)], [a])
    c = game([number(6)], [b])
    assert str(a) == "{0|||0||0|-1}"
    assert str(b) == "{5||||0|||0||0|-1}"
    assert str(c) == "{6|{5||||0|||0||0|-1}}"
    assert parse(str(c)) is c


def test_parses_sums_signs_and_unicode():
    assert parse("^ + ^ + *") is up_multiple(2, 1)
    assert parse("1+-1") is game([number(2)], [ZERO])
    assert parse("-{1|*}") is game([STAR], [-ONE])
    assert parse("(1/2 - 1) + *3") is nus(Fraction(-1, 2), 0, 3)
    assert parse("±1") is game([ONE], [-ONE])
    assert parse("↑*") is UP + STAR
    assert parse("^2*") is up_multiple(2, 1)
    assert parse("{ 1 , * | }") is parse("{1,*|}")
    assert parse("+-{1,*}") is game([ONE, STAR], [-ONE, STAR])
    assert parse("{|}") is ZERO


@given(raw_games)
def test_parse_print_round_trip(raw):
    g = canon(raw)
    assert parse(raw_text(raw)) is g
    assert parse(str(g)) is g


@pytest.mark.parametrize(
    "text, token",
    [
        ("{1|x}", "'x'"),
        ("{1|0", "end of input"),
        ("{1|2|3}", "ambiguous"),
        ("1/3", "'1/3'"),
        ("{1,|0}", "'|'"),
        ("{1 2|0}", "'2'"),
        ("1/", "'1/'"),
        ("{1}", "'}'"),
        ("", "empty"),
        ("^^3", "'^^3'"),
        ("3)", "')'"),
        ("1 + foo", "'foo'"),
    ],
)
def test_malformed_strings_name_the_token(text, token):
    with pytest.raises(CgsatInputError) as info:
        parse(text)
    message = str(info.value)
    assert token in message
    assert "\n" not in message
