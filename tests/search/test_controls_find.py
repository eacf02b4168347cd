"""Controls on the SAT instances of ``cgsat find`` (issue 12, item 2).

Every search (timber-path, timber, phyminoes, toppling, green-cordon) must pass its controls
on the real instances, print ``controls`` with ``--json``, and turn into an error (exit 3,
one line, never "none found") when its instance is broken: a clause that cuts part of the
search space, a goal that can never be satisfied, or a direct solver that lies.
"""

from __future__ import annotations

import json

import pytest

from cgsat.cli import main
from cgsat.encodings.green_cordon import CordonCircuits
from cgsat.sat import green_cordon as cordon_check
from cgsat.search import ControlFailed
from cgsat.search import green_cordon as gc_search
from cgsat.search import impartial as imp_search
from cgsat.search import toppling as top_search
from cgsat.search.controls import Controls

STAR = "{{1|0}|0}"  # one row RLLLR of length 5, none longer (Conjecture 22)

# (argv, something found?) for one query per search route
QUERIES = [
    (["timber-path", "--length", "10", "--value", "0"], True),
    (["timber-path", "--length", "9", "--value", "0"], False),
    (["timber-path", "--length", "8", "--outcome", "N", "--misere"], True),
    (["timber-path", "--length", "8", "--value", "*2"], True),
    (["timber", "--shape", "0-1 1-2 1-3 3-4", "--value", "*2"], True),
    (["phyminoes", "--shape", "0-1 1-2 2-3 3-4", "--outcome", "P"], True),
    (["toppling", "--length", "5", "--value", STAR], True),
    (["toppling", "--length", "7", "--value", STAR], False),
    (["toppling", "--length", "4", "--outcome", "P", "--alphabet", "LR"], False),
    (["toppling", "--length", "4", "--outcome", "N"], True),
    (["green-cordon", "--height", "8", "--value", "0"], True),
    (["green-cordon", "--height", "8", "--value", "*"], True),
    (["green-cordon", "--height", "6", "--value", "*2"], True),
    (["green-cordon", "--height", "5", "--value", "*7"], False),
    (["green-cordon", "--height", "6", "--outcome", "P", "--misere"], True),
]


def find(capsys, *argv: str) -> tuple[int, dict | None, str]:
    """Run ``cgsat find ... --json``: exit code, JSON (None unless exit 0), stderr."""
    code = main(["find", *argv, "--json"])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 else None), err


def assert_control_error(capsys, *argv: str) -> str:
    """The run is an error: exit 3, one line naming the failed control, nothing printed."""
    code = main(["find", *argv])
    out, err = capsys.readouterr()
    assert code == 3, (code, out, err)
    assert out == "" and "control failed" in err and err.count("\n") == 1, err
    return err


# -- the real searches pass their controls ----------------------------------------------------
@pytest.mark.parametrize("argv,found", QUERIES)
def test_every_search_passes_its_controls(capsys, argv, found):
    for mode in ([], ["--all"], ["--count"]):
        code, got, err = find(capsys, *argv, *mode)
        assert code == 0, err
        c = got["controls"]
        assert c["passed"] == c["total"] > 0, (mode, c)
        matched = got["count"] if mode == ["--count"] else len(got["positions"])
        assert (matched > 0) == found


def test_sixteen_samples_and_a_toggle_when_none_is_found(capsys):
    for argv in (["timber-path", "--length", "11", "--value", "0"],
                 ["toppling", "--length", "6", "--value", STAR],
                 ["green-cordon", "--height", "6", "--value", "*6"]):
        assert find(capsys, *argv)[1]["controls"] == {"passed": 17, "total": 17}, argv
        assert find(capsys, *argv, "--controls", "3")[1]["controls"] == {"passed": 4, "total": 4}
        # --controls 0: no samples, but the toggled control of a search that found nothing
        assert find(capsys, *argv, "--controls", "0")[1]["controls"] == {"passed": 1, "total": 1}


def test_no_toggle_when_the_search_stops_at_a_find(capsys):
    got = find(capsys, "timber-path", "--length", "12", "--value", "0")[1]
    assert got["positions"] and got["controls"] == {"passed": 16, "total": 16}
    got = find(capsys, "toppling", "--length", "5", "--value", STAR, "--controls", "0")[1]
    assert got["positions"] == ["RLLLR"] and got["controls"] == {"passed": 0, "total": 0}


def test_every_length_of_max_length_is_controlled(capsys):
    got = find(capsys, "toppling", "--max-length", "3", "--outcome", "P", "--all")[1]
    # 3 + 9 distinct rows of lengths 1 and 2, 16 of length 3, and a toggle each
    assert got["positions"] == [] and got["controls"] == {"passed": 31, "total": 31}


def test_samples_are_seeded_by_the_query(capsys):
    argv = ["timber-path", "--length", "10", "--value", "0", "--all"]
    first = [find(capsys, *argv) for _ in range(2)]
    assert first[0] == first[1]
    run_a = Controls(4, "a").run(7)
    run_b = Controls(4, "a").run(7)
    draw = lambda rng: str(rng.random())  # noqa: E731
    assert run_a.samples(draw) == run_b.samples(draw)
    assert Controls(4, "b").run(7).samples(draw) != run_a.samples(draw)


def test_the_characterization_proofs_bring_their_controls(capsys):
    # heights 0..8: the toggled control at each of 0..7, 16 samples + toggle at 8, and the
    # listing's 16 samples (it stops at a find: no toggle); and at every height one toggled
    # control per direction of the iff (issue 24: at a cordon in the rule and at one
    # outside it), except at heights 0 and 1, where only one side has a cordon; and the
    # position-space coverage control (a stratified sample of cordons) at every height
    got = find(capsys, "green-cordon", "--height", "8", "--value", "0")[1]
    per_direction, coverage = 2 * 9 - 2, 9
    assert got["controls"] == {"passed": 8 + 17 + 16 + per_direction + coverage,
                               "total": 8 + 17 + 16 + per_direction + coverage}
    got = find(capsys, "green-cordon", "--height", "30", "--outcome", "P", "--count")[1]
    assert got["count"] == 514229  # Theorem 3.4: f_30
    assert got["controls"]["passed"] == got["controls"]["total"] == \
        30 + 17 + 2 * 31 - 2 + 31
    # a nim-value with a proved automaton is counted from it (issue 35): the proof and 16
    # sample cordons against plain play are its controls, and the count is the same
    got = find(capsys, "green-cordon", "--height", "30", "--value", "0", "--count")[1]
    assert got["count"] == 514229
    assert got["query"]["counted_by"].startswith("automaton thm3.2")
    # and (issue 36) the count itself against exhaustive play at heights 0..12
    assert got["controls"] == {"passed": 1 + 16 + 1, "total": 1 + 16 + 1}


# -- mutations: a clause that cuts part of the search space -----------------------------------
def _cut_last_letter(monkeypatch):
    """Toppling Peaks words: an extra clause forcing the last letter to be L."""
    original = imp_search.build_path

    def mutated(n, target):
        inst = original(n, target)
        if inst.colours:
            inst.cnf.add_clause([-inst.colours[-1]])
        return inst

    monkeypatch.setattr(imp_search, "build_path", mutated)


def _cut_toppling_row(monkeypatch, alphabet: str | None = None):
    """Toppling Dominoes rows: the last domino forced to be R, or the alphabet replaced."""
    original = top_search.add_row

    def mutated(sink, pool, n, abc="LRE", *args, **kwargs):
        side = original(sink, pool, n, alphabet or abc, *args, **kwargs)
        if alphabet is None:
            sink.add_clause([-side.left[-1]])
            sink.add_clause([side.right[-1]])
        return side

    monkeypatch.setattr(top_search, "add_row", mutated)


def _cut_lowest_leaf(monkeypatch):
    """Green cordons, the listing instance: no leaf at the lowest attachment."""
    class Cut(CordonCircuits):
        def accepts(self, rule, cordon):
            lit = super().accepts(rule, cordon)
            if cordon[1]:
                self.cnf.append([-cordon[1][0]])
            return lit

    monkeypatch.setattr(gc_search, "CordonCircuits", Cut)


def test_a_cut_word_space_is_an_error(capsys, monkeypatch):
    _cut_last_letter(monkeypatch)
    for argv in (["timber-path", "--length", "10", "--value", "0"],
                 ["timber-path", "--length", "9", "--value", "0"],
                 ["timber-path", "--length", "8", "--value", "*2", "--count"]):
        err = assert_control_error(capsys, *argv)
        assert "sample control" in err and "UNSAT" in err


def test_a_cut_orientation_space_is_an_error(capsys, monkeypatch):
    original = imp_search.build_graph

    def mutated(*args, **kwargs):
        inst = original(*args, **kwargs)
        inst.cnf.add_clause([inst.colours[0]])
        return inst

    monkeypatch.setattr(imp_search, "build_graph", mutated)
    assert_control_error(capsys, "timber", "--shape", "0-1 1-2 2-3 3-4 4-5 5-6", "--value", "0")
    assert_control_error(capsys, "phyminoes", "--shape", "0-1 1-2 2-0", "--outcome", "N",
                         "--all")


def test_a_cut_row_space_is_an_error(capsys, monkeypatch):
    _cut_toppling_row(monkeypatch)
    assert_control_error(capsys, "toppling", "--length", "7", "--value", STAR)
    assert_control_error(capsys, "toppling", "--length", "6", "--outcome", "N", "--count")


def test_an_alphabet_without_either_dominoes_is_an_error(capsys, monkeypatch):
    """The referee's mutation: the LRE searches silently searching LR rows only."""
    _cut_toppling_row(monkeypatch, alphabet="LR")
    err = assert_control_error(capsys, "toppling", "--length", "7", "--value", STAR)
    assert "E" in err.split("sample control at ")[1].split(":")[0]
    # an LR query covers LR rows only: its samples are LR rows, and it still passes
    code, got, _ = find(capsys, "toppling", "--length", "7", "--value", STAR, "--alphabet", "LR")
    assert code == 0 and got["controls"]["passed"] == got["controls"]["total"]


def test_a_cut_cordon_space_is_an_error(capsys, monkeypatch):
    _cut_lowest_leaf(monkeypatch)
    assert_control_error(capsys, "green-cordon", "--height", "8", "--value", "0", "--all")
    assert_control_error(capsys, "green-cordon", "--height", "9", "--outcome", "N")


def test_a_cut_characterization_proof_is_an_error(capsys, monkeypatch):
    original = cordon_check.inductive_instance

    def mutated(claim, height, *args, **kwargs):
        cnf, cc = original(claim, height, *args, **kwargs)
        if height >= 2:
            cnf.append([-cc.leaf_variables(height)[0]])
        return cnf, cc

    monkeypatch.setattr(cordon_check, "inductive_instance", mutated)
    assert_control_error(capsys, "green-cordon", "--height", "9", "--outcome", "P", "--count")


def test_a_broken_explicit_encoding_is_an_error(capsys, monkeypatch):
    original = gc_search.add_grundy

    def mutated(pool, sink, nodes, moves, **kwargs):
        grundy = original(pool, sink, nodes, moves, **kwargs)
        for node in list(grundy.value)[::2]:  # every other follower: nim-value 0 barred
            sink.add_clause([-grundy.value[node][0]])
        return grundy

    monkeypatch.setattr(gc_search, "add_grundy", mutated)
    assert_control_error(capsys, "green-cordon", "--height", "6", "--value", "*2", "--all")
    assert_control_error(capsys, "green-cordon", "--height", "5", "--value", "*7",
                         "--controls", "0")  # the toggled control alone


# -- mutations: a goal that can never be satisfied --------------------------------------------
def _never(module, name: str, monkeypatch):
    """Wrap ``module.name`` (a goal builder) so that its selector is forced off."""
    original = getattr(module, name)

    def mutated(*args, **kwargs):
        built = original(*args, **kwargs)
        s = built.selector if hasattr(built, "selector") else built[0]
        sink = args[1]
        sink.add_clause([-s])
        return built

    monkeypatch.setattr(module, name, mutated)


@pytest.mark.parametrize("argv,module,name", [
    (["timber-path", "--length", "10", "--value", "0"], imp_search, "guarded_goal"),
    (["timber", "--shape", "0-1 1-2 1-3", "--value", "*2", "--all"], imp_search,
     "guarded_goal"),
    (["timber-path", "--length", "8", "--value", "0", "--count"], imp_search, "guarded_goal"),
    (["toppling", "--length", "5", "--value", STAR], top_search, "guarded_goal"),
    (["toppling", "--length", "3", "--outcome", "N", "--all"], top_search, "guarded_goal"),
    (["green-cordon", "--height", "8", "--value", "0", "--all"], gc_search, "guarded_goal"),
    (["green-cordon", "--height", "6", "--value", "*2"], gc_search, "explicit_goal"),
    (["green-cordon", "--height", "6", "--outcome", "P", "--misere", "--all"], gc_search,
     "explicit_goal"),
])
def test_a_goal_that_can_never_hold_is_an_error_not_none_found(capsys, monkeypatch, argv,
                                                                module, name):
    """The samples (goal off) pass; the toggled control cannot find its position."""
    _never(module, name, monkeypatch)
    for k in ("16", "0"):
        err = assert_control_error(capsys, *argv, "--controls", k)
        assert "toggled control" in err and "UNSAT" in err


# -- mutations: a direct solver that lies -----------------------------------------------------
def test_a_lying_direct_solver_is_an_error(capsys, monkeypatch):
    monkeypatch.setattr(imp_search, "has_target", lambda rs, text, target: True)
    err = assert_control_error(capsys, "timber-path", "--length", "9", "--value", "0")
    assert "direct solver" in err
    monkeypatch.setattr(top_search, "direct_wins", lambda row, h: (False, False))
    err = assert_control_error(capsys, "toppling", "--length", "7", "--value", STAR)
    assert "direct solver" in err
    monkeypatch.setattr(gc_search, "direct_nim", lambda text: 5)
    assert_control_error(capsys, "green-cordon", "--height", "7", "--value", "0", "--all")
    assert_control_error(capsys, "green-cordon", "--height", "6", "--value", "*2")
    monkeypatch.setattr(gc_search, "direct_p", lambda text, misere: False)
    assert_control_error(capsys, "green-cordon", "--height", "6", "--outcome", "P", "--misere")


def test_the_python_api_raises_control_failed(monkeypatch):
    monkeypatch.setattr(top_search, "direct_wins", lambda row, h: (True, True))
    with pytest.raises(ControlFailed, match="sample control"):
        top_search.search_rows([6], outcome="P")


# -- the size that matters: n >= 20 -----------------------------------------------------------
@pytest.mark.slow
def test_controls_at_twenty_and_beyond(capsys):
    for argv in (["timber-path", "--length", "21", "--value", "0"],
                 ["timber-path", "--length", "20", "--value", "0"],
                 ["toppling", "--length", "20", "--value", STAR],
                 ["toppling", "--length", "20", "--outcome", "P"],
                 ["green-cordon", "--height", "24", "--value", "0"],
                 ["green-cordon", "--height", "30", "--value", "*", "--count"]):
        code, got, err = find(capsys, *argv)
        assert code == 0, err
        assert got["controls"]["passed"] == got["controls"]["total"] >= 16, argv


@pytest.mark.slow
def test_mutations_are_caught_at_twenty_and_beyond(capsys, monkeypatch):
    with monkeypatch.context() as m:
        _cut_last_letter(m)
        assert_control_error(capsys, "timber-path", "--length", "21", "--value", "0")
        assert_control_error(capsys, "timber-path", "--length", "20", "--value", "0")
    with monkeypatch.context() as m:
        _cut_toppling_row(m, alphabet="LR")
        assert_control_error(capsys, "toppling", "--length", "20", "--value", STAR)
    with monkeypatch.context() as m:
        _cut_toppling_row(m)
        assert_control_error(capsys, "toppling", "--length", "20", "--outcome", "P")
    with monkeypatch.context() as m:
        _cut_lowest_leaf(m)
        assert_control_error(capsys, "green-cordon", "--height", "24", "--value", "0")
    with monkeypatch.context() as m:
        _never(top_search, "guarded_goal", m)
        assert_control_error(capsys, "toppling", "--length", "20", "--value", STAR)
    with monkeypatch.context() as m:
        _never(imp_search, "guarded_goal", m)
        assert_control_error(capsys, "timber-path", "--length", "20", "--value", "0")
