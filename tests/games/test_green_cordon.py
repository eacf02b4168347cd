"""Green cordons: the ruleset, agreement with the general thicket rules, and the small facts
of Thinning Thickets §3 (Theorems 3.1-3.4)."""

import io
import json
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgsat import cli
from cgsat.cgt.impartial import ImpartialSolver, mex
from cgsat.claims import Budget
from cgsat.encodings.green_cordon import GapRule, NimCharacterization
from cgsat.errors import PositionError
from cgsat.games import get_ruleset
from cgsat.games import green_cordon as gc
from cgsat.games import thickets as th
from cgsat.papers.thickets import brute as thk_brute
from cgsat.sat import green_cordon as thk_check

RULES = get_ruleset("green-cordon")


def cordon_solver():
    return ImpartialSolver(RULES)


def thicket_solver():
    return ImpartialSolver(th.GREEN_RULESET)


def all_cordons(max_height):
    return [c for n in range(max_height + 1) for c in gc.cordons(n)]


def nim(solver, cordon):
    return solver.nim_value((cordon,) if cordon[0] else ())


# -- the cordon rules against the general thicket rules ---------------------------------
def test_cordon_count():
    assert [len(gc.cordons(n)) for n in range(1, 9)] == [2 ** (n - 1) for n in range(1, 9)]


def test_cordon_rules_agree_with_thicket_rules_up_to_height_8():
    # Every option of every cordon, mapped to a thicket, is exactly an option of the thicket
    # under the general rules (Definition 1.1: delete a green arc of even in-degree, then
    # prune), with the same multiplicity; and the nim-values agree.
    cs, ts = cordon_solver(), thicket_solver()
    for cordon in all_cordons(8):
        by_cordon = sorted(
            th.format(gc.to_thicket(o)) for _, o in gc.cordon_options(cordon)
        )
        thicket = gc.to_thicket(cordon)
        by_thicket = sorted(th.format(o) for _, o in th.GREEN_RULESET.options(thicket))
        assert by_cordon == by_thicket, gc.format_cordon(cordon)
        assert nim(cs, cordon) == ts.nim_value(thicket), gc.format_cordon(cordon)


def test_normalized_printing_of_the_continued_stalk():
    # docs/reference.md: deleting the top arc of 7:6 lets the leaf at v6 continue the stalk.
    moves = dict(RULES.options(RULES.parse("7:6")))
    assert RULES.format(moves["v7>v6"]) == "7:"
    # Hand computation for 5:2,4: the top arc (in-degree 0), both leaves (in-degree 0),
    # v4v3 (in-degree 2) and v2v1 (in-degree 2) may go; v3v2 and v1v0 (in-degree 1) may not.
    got = [(m, RULES.format(o)) for m, o in RULES.options(RULES.parse("5:2,4"))]
    assert got == [
        ("v5>v4", "5:2"),  # the leaf on v4 becomes the top arc
        ("l2>v2", "5:4"),
        ("l4>v4", "5:2"),
        ("v4>v3", "3:2"),  # v0..v3 with the leaf on v2
        ("v2>v1", "1:"),  # v0 v1 only
    ]


# -- Theorem 3.1: the family L(n) --------------------------------------------------------
def test_L_n_options_include_L_i_for_2_le_i_le_n_minus_2():
    # Cutting v_i v_{i-1} (in-degree 2, since v_i has a leaf) leaves L(i), for 2 <= i <= n-2,
    # both by the cordon rules and by the general thicket rules.
    for n in range(3, 13):
        cordon_opts = {o for _, o in RULES.options((gc.L(n),))}
        thicket_opts = {o for _, o in th.GREEN_RULESET.options(gc.to_thicket(gc.L(n)))}
        for i in range(2, n - 1):
            assert (gc.L(i),) in cordon_opts, (n, i)
            assert gc.to_thicket(gc.L(i)) in thicket_opts, (n, i)


def test_finding_L_n_minus_1_is_not_an_option_of_L_n():
    # The proof of Theorem 3.1 says cutting v_i v_{i-1} for 2 <= i <= n-1 gives L(i). For
    # i = n-1 that arc has in-degree 1 (v_{n-1} has no leaf), so the move is illegal, and
    # L(n-1) is no option of L(n) for n >= 3, by the cordon rules and the thicket rules
    # alike. The theorem survives: the even L(2k) only need the options L(2), ..., L(n-2).
    for n in range(3, 13):
        assert (gc.L(n - 1),) not in {o for _, o in RULES.options((gc.L(n),))}, n
        thicket_opts = {o for _, o in th.GREEN_RULESET.options(gc.to_thicket(gc.L(n)))}
        assert gc.to_thicket(gc.L(n - 1)) not in thicket_opts, n
    # The only deletions (ignoring the parity rule) that would leave L(n-1) are of arcs of
    # odd in-degree.
    for n in range(3, 9):
        t = gc.to_thicket(gc.L(n))
        deg = th.in_degrees(t)
        hits = [
            arc
            for i, arc in enumerate(t.arcs)
            if th.normalize(t.arcs[:i] + t.arcs[i + 1 :], t.roots) == gc.to_thicket(gc.L(n - 1))
        ]
        assert hits and all(deg[a] % 2 == 1 for a, _, _ in hits), n


def test_L_even_have_pairwise_distinct_nim_values():
    s = cordon_solver()
    values = [s.nim_value((gc.L(n),)) for n in range(2, 15, 2)]
    assert len(set(values)) == len(values), values


@pytest.mark.slow
def test_L_even_distinct_further():
    s = cordon_solver()
    values = [s.nim_value((gc.L(n),)) for n in range(2, 19, 2)]
    assert len(set(values)) == len(values), values


# -- Theorems 3.2-3.4 ----------------------------------------------------------------------
def theorem_3_2(cordon):
    n, a = cordon
    if not a:
        return n % 2 == 0
    gaps = [y - x for x, y in zip(a, a[1:], strict=False)] + [n - a[-1]]
    return a[0] % 2 == 0 and all(g % 2 == 1 for g in gaps)


def theorem_3_3(cordon):
    n, a = cordon
    if not a:
        return n % 2 == 1
    gaps = [a[0]] + [y - x for x, y in zip(a, a[1:], strict=False)] + [n - a[-1]]
    return all(g % 2 == 1 for g in gaps)


def test_theorems_3_2_and_3_3_up_to_height_10():
    s = cordon_solver()
    for cordon in all_cordons(10):
        g = nim(s, cordon)
        assert (g == 0) == theorem_3_2(cordon), gc.format_cordon(cordon)
        assert (g == 1) == theorem_3_3(cordon), gc.format_cordon(cordon)


WRONG_THM_3_2 = GapRule(stalk=0, first=1, middle=1, last=1)
"""A deliberately wrong Theorem 3.2: a(1) odd instead of even."""


@pytest.mark.parametrize("method", ["brute", "sat"])
def test_negative_control_wrong_theorem_3_2_is_refuted(method, monkeypatch):
    # The registered methods of thickets.thm3.2 with the wrong rule must refute it at
    # height 2 with 2:1 (a(1) = 1 is odd, n - a(1) = 1, yet g = 1), and the claim's own
    # replay must confirm that counterexample.
    if method == "brute":
        run = partial(thk_brute.characterization, value=0, rule=WRONG_THM_3_2.holds,
                      leaves=None)
    else:
        key = (0, "wrong")
        monkeypatch.setitem(thk_check.CHARACTERIZATIONS, key, NimCharacterization(
            0, WRONG_THM_3_2, None, ((WRONG_THM_3_2,),)))
        run = partial(thk_check.characterization, value=0, leaves=key[1])
    assert run(1, Budget()).status == "holds"
    verdict = run(2, Budget())
    assert verdict.status == "refuted"
    assert verdict.counterexample == "2:1"
    assert thk_brute.confirm_characterization(2, "2:1", value=0, rule=WRONG_THM_3_2.holds,
                                              leaves=None)
    assert cordon_solver().nim_value(RULES.parse("2:1")) == 1  # Theorem 3.3, not 0


def test_theorem_3_4_and_3_5_fibonacci_counts():
    s = cordon_solver()
    f = [sum(nim(s, c) == 0 for c in gc.cordons(n)) for n in range(11)]
    h = [sum(nim(s, c) == 1 for c in gc.cordons(n)) for n in range(11)]
    assert f[:2] == [1, 0] and h[:2] == [0, 1]
    for n in range(2, 11):
        assert f[n] == f[n - 1] + f[n - 2], n
        assert h[n] == h[n - 1] + h[n - 2], n


# -- the ruleset --------------------------------------------------------------------------
def test_parse_and_print():
    assert RULES.format(RULES.parse("7:2,4,5")) == "7:2,4,5"
    assert RULES.format(RULES.parse("7")) == "7:"
    assert RULES.format(RULES.parse(" 7 : 2 , 4 ")) == "7:2,4"
    assert RULES.format(RULES.parse("0")) == "0:"
    assert RULES.format(RULES.parse("3:1 + 2")) == "2: + 3:1"
    assert RULES.parse("") == ()


def test_sum_is_the_nim_sum():
    s = cordon_solver()
    a, b = gc.parse("7:2,4,5"), gc.parse("3:1")
    assert s.nim_value(a + b) == s.nim_value(a) ^ s.nim_value(b)
    moves = [m for m, _ in RULES.options(RULES.parse("2 + 3:1"))]
    assert moves == ["C1:v2>v1", "C2:v3>v2", "C2:l1>v1", "C2:v1>v0"]


@pytest.mark.parametrize(
    "bad, words",
    [
        ("5:5", "attachment 5 out of range"),
        ("5:0", "attachment 0 out of range"),
        ("5:7", "attachment 7 out of range"),
        ("5:3,2", "not increasing"),
        ("5:2,2", "repeated"),
        ("5:2,x", "'x'"),
        ("abc", "'abc'"),
        ("5;2", "'5;2'"),
        ("0:1", "height 0"),
        ("5:2 + q", "'q'"),
    ],
)
def test_bad_input_is_named(bad, words):
    with pytest.raises(PositionError, match=words):
        RULES.parse(bad)


# -- property tests ------------------------------------------------------------------------
@st.composite
def cordon_positions(draw, max_height=9):
    n = draw(st.integers(0, max_height))
    atts = draw(st.sets(st.integers(1, max(1, n - 1)), max_size=max(0, n - 1)))
    atts = tuple(sorted(a for a in atts if a < n))
    return ((n, atts),) if n else ()


@given(cordon_positions())
def test_parse_print_round_trip(p):
    assert RULES.parse(RULES.format(p)) == p


@given(cordon_positions())
def test_options_are_strictly_smaller_cordons(p):
    for _, o in RULES.options(p):
        assert RULES.size(o) < RULES.size(p)
        assert RULES.parse(RULES.format(o)) == o  # every option is a valid cordon


@settings(max_examples=60)
@given(cordon_positions(), st.booleans())
def test_outcome_agrees_with_options(p, misere):
    s = cordon_solver()
    opts = [o for _, o in RULES.options(p)]
    if not opts:
        expected = "N" if misere else "P"
    else:
        expected = "N" if any(s.outcome(o, misere) == "P" for o in opts) else "P"
    assert s.outcome(p, misere) == expected
    if not misere:
        assert s.nim_value(p) == mex({s.nim_value(o) for o in opts})


# -- CLI ------------------------------------------------------------------------------------
def test_cli_value_json(capsys):
    assert cli.main(["value", "green-cordon", "7:2,4,5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ruleset"] == "green-cordon"
    assert out["position"] == "7:2,4,5"
    # The value by the general thicket rules, an independent path.
    expected = thicket_solver().nim_value(gc.to_thicket((7, (2, 4, 5))))
    assert out["nim"] == expected
    assert out["outcome"] == ("P" if expected == 0 else "N")
    for m in out["winning_moves"]:
        assert cordon_solver().nim_value(RULES.parse(m["to"])) == 0


def test_cli_value_batch_from_stdin(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("4\n2:1\n5:5\n7:2,4,5 + 3:1\n"))
    assert cli.main(["value", "green-cordon", "-", "--json"]) == 2  # one bad line
    captured = capsys.readouterr()
    results = [json.loads(line) for line in captured.out.splitlines()]
    assert [r["position"] for r in results] == ["4:", "2:1", "3:1 + 7:2,4,5"]
    ts = thicket_solver()
    assert results[0]["nim"] == 0 and results[1]["nim"] == ts.nim_value(gc.to_thicket((2, (1,))))
    assert captured.err.count("\n") == 1 and "line 3" in captured.err
    assert "out of range" in captured.err and "Traceback" not in captured.err
