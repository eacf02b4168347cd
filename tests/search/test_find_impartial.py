"""Tests for ``cgsat find timber|timber-path|phyminoes`` (cgsat.api.find, cgsat.commands.find and
cgsat.search.impartial)."""

from __future__ import annotations

import itertools
import sys

import pytest

from cgsat.cgt.impartial import ImpartialSolver
from cgsat.cli import main
from cgsat.games import get_ruleset
from cgsat.papers.timber.path.words import catalan, formula_x
from cgsat.search import Disagreement
from cgsat.search import impartial as search


@pytest.fixture
def _find(cli):
    """``cgsat find ARGV... --json``, which must succeed; its JSON."""

    def run(*argv):
        done = cli("find", *argv, "--json")
        assert done.code == 0, done.err
        return done.json()

    return run


@pytest.mark.parametrize("n", range(0, 11))
def test_count_normal_is_catalan(_find, n):
    got = _find("timber-path", "--length", str(n), "--value", "0", "--count")
    assert got["count"] == (catalan(n // 2) if n % 2 == 0 else 0)
    assert got["ruleset"] == "timber-path" and got["query"]["length"] == n


@pytest.mark.parametrize("n", range(0, 11))
def test_count_misere_is_fine_formula(_find, n):
    got = _find("timber-path", "--length", str(n), "--outcome", "P", "--misere",
                "--count")
    assert got["count"] == formula_x(n)


@pytest.mark.parametrize("argv", [
    ("timber-path", "--length", "8", "--value", "0"),
    ("timber-path", "--length", "7", "--outcome", "P", "--misere"),
    ("timber-path", "--length", "6", "--value", "*2"),
    ("timber-path", "--length", "5", "--outcome", "N"),
    ("timber", "--shape", "0-1 1-2 2-3 3-4", "--value", "0"),
    ("timber", "--shape", "0-1 1-2 1-3 3-4", "--value", "*"),
    ("timber", "--shape", "0-1 1-2 2-0 2-3", "--outcome", "P", "--misere"),
    ("phyminoes", "--shape", "0-1 1-2 2-3 3-0 0-2", "--value", "*2"),
    ("phyminoes", "--shape", "0-1 1-2 2-0", "--value", "0", "--distances", "graph"),
])
def test_all_equals_count_and_matches_exhaustive_play(_find, argv):
    listed = _find(*argv, "--all")["positions"]
    counted = _find(*argv, "--count")["count"]
    assert len(listed) == counted == len(set(listed))
    # exhaustive play over every position of the shape gives the same list
    name = argv[0]
    variant = {"distances": argv[argv.index("--distances") + 1]} if "--distances" in argv else {}
    rs = get_ruleset(name, **variant)
    solver = ImpartialSolver(rs)
    misere = "--misere" in argv
    if "--value" in argv:
        v = argv[argv.index("--value") + 1]
        want = 0 if v == "0" else 1 if v == "*" else int(v[1:])
        test = (lambda p: solver.nim_value(p) == want) if not misere else None
    else:
        o = argv[argv.index("--outcome") + 1]
        test = lambda p: solver.outcome(p, misere=misere) == o  # noqa: E731
    if name == "timber-path":
        n = int(argv[2])
        every = ["".join(w) for w in itertools.product("LR", repeat=n)]
    else:
        edges = [e.split("-") for e in argv[2].split()]
        every = [" ".join(f"{a}>{b}" if bit else f"{b}>{a}" for (a, b), bit in
                          zip(edges, bits, strict=True))
                 for bits in itertools.product([True, False], repeat=len(edges))]
    expected = sorted(rs.format(rs.parse(p)) for p in every if test(rs.parse(p)))
    assert sorted(listed) == expected


def test_one_position_and_empty_answer(_find):
    got = _find("timber-path", "--length", "40", "--value", "0")
    (word,) = got["positions"]
    assert len(word) == 40 and ImpartialSolver(get_ruleset("timber-path")).outcome(word) == "P"
    got = _find("timber", "--shape", "0-1 1-2 1-3", "--value", "0", "--all")
    assert got["positions"] == []  # a star with three edges has no P-position


def test_max_length(_find):
    got = _find("timber-path", "--max-length", "6", "--value", "0", "--all")
    assert len(got["positions"]) == 1 + 2 + 5


def test_k4_phyminoes_all_p(_find):
    got = _find("phyminoes", "--shape", "0-1 0-2 0-3 1-2 1-3 2-3", "--value", "0",
                "--count")
    assert got["count"] == 64  # docs/reference.md: K4 is a P-position in all 64 orientations


@pytest.mark.parametrize("argv", [
    ("timber", "--shape", "0-1 1>2", "--value", "0"),
    ("timber", "--shape", "0-1 1-0", "--value", "0"),
    ("timber", "--shape", "0-0", "--value", "0"),
    ("timber", "--shape", "0-1", "--value", "2"),
    ("timber", "--shape", "0-1", "--outcome", "L"),
    ("timber-path", "--length", "4", "--value", "*2", "--misere"),
    ("timber-path", "--shape", "0-1", "--value", "0"),
    ("timber", "--length", "3", "--value", "0"),
    ("timber", "--shape", "0-1", "--value", "0", "--distances", "graph"),
])
def test_bad_input_is_exit_2(capsys, argv):
    assert main(["find", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cgsat: error:") and len(err.strip().splitlines()) == 1


def test_count_without_pyganak_falls_back_to_enumeration(_find, cli, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyganak", None)  # "import pyganak" now fails
    got = _find("timber-path", "--length", "10", "--value", "0", "--count")
    assert got["count"] == catalan(5)
    done = cli("find", "timber-path", "--length", "10", "--value", "0", "--count")
    assert done.code == 0 and "enumeration" in done.out


def test_too_large_shape_is_refused(capsys):
    star = " ".join(f"0-{i}" for i in range(1, 21))  # 2^20 followers
    assert main(["find", "timber", "--shape", star, "--value", "0"]) == 2
    assert "too large" in capsys.readouterr().err


def test_a_wrong_count_is_caught_as_a_bug(capsys, monkeypatch):
    real = search.count_positions
    monkeypatch.setattr(search, "count_positions",
                        lambda inst: (real(inst)[0] + 1, "broken"))
    assert main(["find", "timber-path", "--length", "6", "--value", "0", "--count"]) == 3
    assert "BUG" in capsys.readouterr().err


# -- the search module without the command line ----------------------------------------------
P_NORMAL = search.Target("P", None, False)


def test_the_three_searches_agree_on_one_instance():
    rs = get_ruleset("timber-path")
    listed = search.all_positions(rs, [search.build_path(8, P_NORMAL)], P_NORMAL)
    assert len(listed) == len(set(listed)) == catalan(4)
    total, methods = search.count_matching(rs, [search.build_path(8, P_NORMAL)], P_NORMAL)
    assert total == catalan(4) and len(methods) == 1
    (one,) = search.first_position(rs, [search.build_path(8, P_NORMAL)], P_NORMAL)
    assert one in listed
    some = search.enumerate_positions(search.build_path(8, P_NORMAL), 3)
    assert len(set(some)) == 3 and set(some) <= set(listed)


def test_first_position_stops_at_the_first_instance_with_one():
    rs = get_ruleset("timber-path")
    built = []

    def instances():
        for n in (1, 2, 3, 4):
            built.append(n)
            yield search.build_path(n, P_NORMAL)

    assert search.first_position(rs, instances(), P_NORMAL) == ["LR"]
    assert built == [1, 2]  # length 1 has no P-position; length 3 is never built


def test_counts_of_empty_and_unsatisfiable_instances():
    assert search.count_positions(search.build_path(0, P_NORMAL)) == (1, "sat")
    assert search.count_positions(search.build_path(5, P_NORMAL)) == (0, "sat")


def test_replay_rejects_a_position_without_the_target():
    rs = get_ruleset("timber-path")
    search.replay(rs, ["LR", "LLRR"], P_NORMAL)
    with pytest.raises(Disagreement, match="direct solver disagrees"):
        search.replay(rs, ["LR", "LL"], P_NORMAL)
    with pytest.raises(Disagreement):
        search.replay(rs, ["LR"], search.Target(None, 2, False))
