"""Controls on the SAT and SMT instances of the Timber paper's claims (issue 12, item 2).

Each registered sat/smt method must pass its controls on the true claims, and a control
must fail (verdict "error", never "holds") when the instance is broken: the referee's
mutation (an extra clause forcing the last letter of the Toppling Peaks inductive check to
be R), a goal that can never be satisfied, a wrong direct-solver answer.
"""

from __future__ import annotations

import json
import random
from functools import partial

import pytest

from cgsat.cgt import peaks
from cgsat.cgt.impartial import ImpartialSolver
from cgsat.claims import Budget
from cgsat.cli import main
from cgsat.encodings import timber_graphs, timber_path
from cgsat.encodings.gates import adder
from cgsat.games import get_ruleset
from cgsat.papers.registry import get_claim
from cgsat.papers.timber.graphs import brute as graphs_brute
from cgsat.papers.timber.graphs import sat as graphs_sat
from cgsat.papers.timber.path import brute as path_brute
from cgsat.papers.timber.path import sat as path_sat
from cgsat.papers.timber.path.words import in_x, is_dyck
from cgsat.papers.timber.trees import sat as trees_sat
from cgsat.sat.solve import SatRun

PEAKS = ("timber.thm2.3", "timber.thm2.4", "timber.thm2.5")
PEAKS_SAT = [(c, m) for c in PEAKS for m in ("sat", "smt") if (c, m) != ("timber.thm2.5", "smt")]


def _run(claim: str, method: str, n: int, **budget: object):
    return get_claim(claim).method(method).run(n, Budget(seed=f"test:{claim}:{n}", **budget))


# -- the true claims pass their controls ----------------------------------------------
@pytest.mark.parametrize("claim,method", PEAKS_SAT)
def test_true_peaks_claims_hold_with_every_control_passed(claim, method):
    for n in (0, 1, 2, 3, 7, 12):
        v = _run(claim, method, n)
        assert v.status == "holds", (n, v.reason)
        samples = min(16, 2 ** n)  # every word once when there are fewer than 16
        per_check = samples + 1  # and one toggled control
        total = 2 * per_check if claim == "timber.thm2.5" else per_check
        assert v.controls == {"passed": total, "total": total}, n


def test_controls_follow_the_budget():
    v = _run("timber.thm2.3", "sat", 10, controls=3)
    assert v.status == "holds" and v.controls == {"passed": 4, "total": 4}
    v = _run("timber.thm2.3", "sat", 10, controls=0)  # the toggled control still runs
    assert v.status == "holds" and v.controls == {"passed": 1, "total": 1}


# -- the referee's mutation: the last letter forced to R -------------------------------
def _force_last_letter_r(monkeypatch):
    """An extra clause in the Toppling Peaks inductive check: the last letter is R."""
    original = timber_path.add_inductive_check

    def mutated(pool, sink, n, *args, **kwargs):
        word = original(pool, sink, n, *args, **kwargs)
        if n:
            adder(sink)([word.letters[-1]])
        return word

    monkeypatch.setattr(timber_path, "add_inductive_check", mutated)


@pytest.mark.parametrize("claim,method", PEAKS_SAT)
def test_last_letter_forced_to_r_is_an_error_not_holds(monkeypatch, claim, method):
    for n in (3, 6, 9):
        assert _run(claim, method, n).status == "holds"  # before: it holds, controls pass
    _force_last_letter_r(monkeypatch)
    for n in (3, 6, 9):
        v = _run(claim, method, n)
        assert v.status == "error", (n, v)
        assert "sample control" in v.reason and "UNSAT with the word fixed" in v.reason
        assert v.controls["passed"] < v.controls["total"]


@pytest.mark.slow
@pytest.mark.parametrize("claim,method", PEAKS_SAT)
def test_last_letter_forced_to_r_is_an_error_at_20_and_beyond(monkeypatch, claim, method):
    _force_last_letter_r(monkeypatch)
    for n in (20, 21, 40):
        v = _run(claim, method, n)
        assert v.status == "error", (n, v)


def test_last_letter_forced_to_r_is_caught_by_cgsat_check(monkeypatch, tmp_path, capsys):
    """Through the CLI and the runner (its workers are forked, so they see the patch)."""
    _force_last_letter_r(monkeypatch)
    code = main(["check", "timber.thm2.3", "--from", "20", "--up-to", "20", "--method", "sat",
                 "--force", "--db", str(tmp_path / "r.sqlite"), "--json"])
    assert code == 3
    results = json.loads(capsys.readouterr().out)["results"]
    assert [(r["n"], r["method"], r["status"]) for r in results] == [(20, "sat", "error")]
    assert "control failed" in results[0]["reason"]


# -- each control bites ---------------------------------------------------------------
def test_a_goal_that_can_never_hold_fails_the_toggled_control(monkeypatch):
    """The goal's selector forced off: every check is UNSAT, the samples still pass, and
    only the toggled control can tell."""
    original = timber_path.add_inductive_check

    def mutated(pool, sink, n, *args, selector=None, **kwargs):
        word = original(pool, sink, n, *args, selector=selector, **kwargs)
        adder(sink)([-selector])
        return word

    monkeypatch.setattr(timber_path, "add_inductive_check", mutated)
    for method in (path_sat.characterization, path_sat.smt_characterization):
        v = method(8, Budget(), timber_path.wp_predicate, False, path_brute.is_p_position)
        assert v.status == "error"
        assert v.reason.startswith("control failed: toggled control")
        assert v.controls == {"passed": 16, "total": 17}


def test_a_wrong_direct_answer_fails_a_sample_control():
    """The samples are compared with the oracle: one that lies on P-positions is caught."""
    def liar(word, misere):
        return not path_brute.is_p_position(word, misere) if is_dyck(word) and word else \
            path_brute.is_p_position(word, misere)

    for method in (path_sat.characterization, path_sat.smt_characterization):
        v = method(10, Budget(seed="liar"), timber_path.wp_predicate, False, liar)
        assert v.status == "error"
        assert "but the direct solver says r is N" in v.reason


def test_a_misread_literal_fails_a_sample_control(monkeypatch):
    """If the instance's C(r) were read from the wrong literal, the samples disagree."""
    original = timber_path.add_inductive_check

    def mutated(*args, **kwargs):
        word = original(*args, **kwargs)
        word.whole = word.some
        return word

    monkeypatch.setattr(timber_path, "add_inductive_check", mutated)
    v = path_sat.characterization(6, Budget(), timber_path.x_predicate, True,
                                  path_brute.is_p_position)
    assert v.status == "error" and "sample control" in v.reason


def test_a_refutation_runs_no_control_and_stays_refuted():
    """Dyck words are not the misère P-positions: refuted at n = 0, no control (the word is
    replayed by the direct solver instead)."""
    for method in (path_sat.characterization, path_sat.smt_characterization):
        v = method(0, Budget(), timber_path.wp_predicate, True, path_brute.is_p_position)
        assert v.status == "refuted" and v.counterexample == "()" and v.controls is None


def test_toggled_control_works_at_n_0():
    for predicate, misere in ((timber_path.wp_predicate, False),
                              (timber_path.x_predicate, True)):
        v = path_sat.characterization(0, Budget(controls=0), predicate, misere)
        assert v.status == "holds" and v.controls == {"passed": 1, "total": 1}


# -- the samples ----------------------------------------------------------------------
def test_samples_are_seeded_and_cover_p_positions():
    def draw(seed, n, misere):
        return SatRun(Budget(seed=seed)).samples(partial(path_sat.draw_word, n, misere))

    assert draw("a", 20, False) == draw("a", 20, False) != draw("b", 20, False)
    for n, misere, member in ((20, False, is_dyck), (21, True, in_x), (40, True, in_x)):
        words = draw("c", n, misere)
        assert len(words) == 16 and all(len(w) == n for w in words)
        assert any(member(w) for w in words) and not all(member(w) for w in words)


def test_random_dyck_words_are_dyck_words():
    rng = random.Random(0)
    for m in range(0, 12):
        assert all(is_dyck(path_sat._random_dyck(m, rng)) for _ in range(20))
    assert len({path_sat._random_dyck(3, rng) for _ in range(200)}) == 5  # all of C_3


# -- the direct solver's answer for the samples ----------------------------------------
@pytest.mark.parametrize("misere", [False, True])
def test_the_oracle_matches_the_numpy_tables_on_every_word(misere):
    for n in range(0, 13):
        table = peaks.p_position_table(n, misere)
        for code in range(2 ** n):
            word = peaks.word_of(code, n)
            assert path_brute.is_p_position(word, misere) == bool(table[code]), word


@pytest.mark.parametrize("misere", [False, True])
def test_the_oracle_matches_generic_play_on_sampled_words(misere):
    solver = ImpartialSolver(get_ruleset("timber-path"))
    for n in (30, 41 if misere else 40):  # no normal-play P-position has odd length
        words = SatRun(Budget(seed="oracle")).samples(partial(path_sat.draw_word, n, misere))
        answers = [path_brute.is_p_position(w, misere) for w in words]
        assert answers == [solver.outcome(w, misere=misere) == "P" for w in words]
        assert any(answers) and not all(answers)


# -- Timber on graphs: Theorem 1.1 and Phyminoes on bipartite graphs ---------------------
GRAPHS = [("timber.thm1.1", 5), ("timber.phyminoes-bipartite", 5)]


@pytest.mark.parametrize("claim,n", GRAPHS)
def test_graph_claims_hold_with_every_control_passed(claim, n):
    v = _run(claim, "sat", n)
    assert v.status == "holds" and v.controls["passed"] == v.controls["total"] > 20


def _first_arc_forced(monkeypatch, name):
    """An extra clause in every graph instance: the first edge's orientation is fixed."""
    original = getattr(timber_graphs, name)

    def mutated(pool, sink, shape, *args, **kwargs):
        lits, enc, root = original(pool, sink, shape, *args, **kwargs)
        adder(sink)([lits[0]])
        return lits, enc, root

    monkeypatch.setattr(timber_graphs, name, mutated)


@pytest.mark.parametrize("claim,n", GRAPHS)
def test_graph_instances_with_half_the_orientations_cut_are_an_error(monkeypatch, claim, n):
    _first_arc_forced(monkeypatch, "add_graph_kernel")
    _first_arc_forced(monkeypatch, "add_graph_grundy")
    v = _run(claim, "sat", n)
    assert v.status == "error" and "UNSAT with the orientation fixed" in v.reason


def test_a_graph_goal_that_can_never_hold_fails_the_toggled_control(monkeypatch):
    original = graphs_sat.GuardedOrientations.build

    def never(run, sink, pool, shape, lits, violation):
        inst = original(run, sink, pool, shape, lits, violation)
        adder(sink)([-inst.goal])
        return inst

    monkeypatch.setattr(graphs_sat.GuardedOrientations, "build", staticmethod(never))
    v = _run("timber.thm1.1", "sat", 4)
    assert v.status == "error" and "toggled control" in v.reason


def test_a_wrong_direct_answer_fails_a_graph_sample_control():
    def liar(position, rule="timber", distances="minus-edge"):
        nim, misere_p = graphs_brute.nim_and_misere(position, rule, distances)
        return nim, not misere_p

    v = graphs_sat.theorem11(4, Budget(), liar)
    assert v.status == "error" and "the direct solver" in v.reason
    v = graphs_sat.phyminoes_bipartite(4, Budget(), liar)
    assert v.status == "error" and "the direct solver" in v.reason


# -- Timber on trees: Lemma 3.3 ---------------------------------------------------------
def test_lemma33_holds_with_every_control_passed():
    v = _run("timber.lem3.3", "sat", 5)
    assert v.status == "holds" and v.controls["passed"] == v.controls["total"] > 50


def test_lemma33_with_half_the_orientations_cut_is_an_error(monkeypatch):
    original_tree = trees_sat._lemma33_tree

    def cut(pool, sink, g, cases, r0):
        inst = original_tree(pool, sink, g, cases, r0)
        sink.add_clause([inst.lits[0]])  # the first edge's orientation fixed
        return inst

    monkeypatch.setattr(trees_sat, "_lemma33_tree", cut)
    v = _run("timber.lem3.3", "sat", 5)
    assert v.status == "error" and "UNSAT with the orientation fixed" in v.reason


def test_lemma33_goal_that_can_never_hold_fails_the_toggled_control(monkeypatch):
    original_tree = trees_sat._lemma33_tree

    def never(pool, sink, g, cases, r0):
        inst = original_tree(pool, sink, g, cases, r0)
        sink.add_clause([-inst.goal])
        return inst

    monkeypatch.setattr(trees_sat, "_lemma33_tree", never)
    v = _run("timber.lem3.3", "sat", 4)
    assert v.status == "error" and "toggled control" in v.reason


def test_lemma33_toggled_control_goes_through_the_grundy_encodings(monkeypatch):
    """If the merged tree's values were not tied to T's, the toggled case (equal values at
    r0) could not be relied on: a wrong encoding of T (its root value forced off 0) makes
    the toggled or a sample control fail."""
    original = trees_sat.add_tree_grundy

    def wrong(pool, sink, graph, lits, tag="G"):
        enc = original(pool, sink, graph, lits, tag=tag)
        if tag == "T":
            sink.add_clause([-enc.value[0][0]])
        return enc

    monkeypatch.setattr(trees_sat, "add_tree_grundy", wrong)
    v = _run("timber.lem3.3", "sat", 4)
    assert v.status == "error"


def test_a_wrong_direct_answer_fails_a_lemma33_sample_control():
    def liar(position):
        nim, misere_p = graphs_brute.nim_and_misere(position)
        return nim + 1, misere_p

    v = trees_sat.lemma33(4, Budget(), liar)
    assert v.status == "error" and "the direct solver" in v.reason


# -- Timber on trees: Lemma 3.2 ---------------------------------------------------------
def test_lemma32_holds_with_every_control_passed():
    v = _run("timber.lem3.2", "sat", 6)
    assert v.status == "holds" and v.controls == {"passed": 17, "total": 17}


def test_lemma32_with_half_the_orientations_cut_is_an_error(monkeypatch):
    original = trees_sat.add_tree_kernel

    def cut(pool, sink, graph, lits, tag="P"):
        enc = original(pool, sink, graph, lits, tag=tag)
        if tag[0] == "T":
            sink.add_clause([lits[0]])  # the first edge of every tree T oriented one way
        return enc

    monkeypatch.setattr(trees_sat, "add_tree_kernel", cut)
    v = _run("timber.lem3.2", "sat", 6)
    assert v.status == "error" and "UNSAT with the orientation fixed" in v.reason


def test_lemma32_goal_that_can_never_hold_fails_the_toggled_control(monkeypatch):
    """The goal clause dropped: UNSAT for nothing, which only the toggled control sees."""
    real_solve = trees_sat.SatRun.solve

    def solve(self, sink, assumptions=()):
        sink.add_clause([-assumptions[0]])  # the goal selector can never be on
        return real_solve(self, sink, assumptions)

    monkeypatch.setattr(trees_sat.SatRun, "solve", solve)
    v = _run("timber.lem3.2", "sat", 5)
    assert v.status == "error" and v.reason.startswith("control failed: toggled control")
    assert v.controls == {"passed": 16, "total": 17}


def test_a_wrong_direct_answer_fails_a_lemma32_sample_control():
    def liar(position):
        nim, misere_p = graphs_brute.nim_and_misere(position)
        return (1 if nim == 0 else 0), misere_p

    v = trees_sat.lemma32(5, Budget(), liar)
    assert v.status == "error" and "the direct solver" in v.reason


# -- Timber on trees: Algorithm 3.5 -----------------------------------------------------
def test_algorithm35_holds_with_every_control_passed():
    v = _run("timber.alg3.5", "sat", 6)  # 16 samples, the toggle, the tree count
    assert v.status == "holds" and v.controls == {"passed": 18, "total": 18,
                                                  "coverage": "count"}


def test_algorithm35_with_half_the_orientations_cut_is_an_error(monkeypatch):
    original = trees_sat.add_tree_kernel

    def cut(pool, sink, graph, lits, tag="P"):
        enc = original(pool, sink, graph, lits, tag=tag)
        sink.add_clause([lits[0]])  # the first edge of every tree oriented one way
        return enc

    monkeypatch.setattr(trees_sat, "add_tree_kernel", cut)
    v = _run("timber.alg3.5", "sat", 6)
    assert v.status == "error" and "UNSAT with the orientation fixed" in v.reason


def test_algorithm35_goal_that_can_never_hold_fails_the_toggled_control(monkeypatch):
    real_solve = trees_sat.SatRun.solve

    def solve(self, sink, assumptions=()):
        sink.add_clause([-assumptions[0]])  # the goal selector can never be on
        return real_solve(self, sink, assumptions)

    monkeypatch.setattr(trees_sat.SatRun, "solve", solve)
    v = _run("timber.alg3.5", "sat", 5)
    assert v.status == "error" and v.reason.startswith("control failed: toggled control")


def test_a_wrong_direct_answer_fails_an_algorithm35_sample_control():
    def liar(position):
        nim, misere_p = graphs_brute.nim_and_misere(position)
        return (1 if nim == 0 else 0), misere_p

    v = trees_sat.algorithm35(5, Budget(), liar)
    assert v.status == "error" and "the direct solver" in v.reason


# -- Timber on trees: Lemma 3.1 (a relaxation: samples must admit the true value) ---------
def test_lemma31_holds_with_every_control_passed():
    v = _run("timber.lem3.1", "sat", 6)  # 16 samples, the toggle, the tree count
    assert v.status == "holds" and v.controls == {"passed": 18, "total": 18,
                                                  "coverage": "count"}


def test_lemma31_with_half_the_orientations_cut_is_an_error(monkeypatch):
    original = trees_sat.add_partial_tree_kernel

    def cut(pool, sink, graph, lits, *args, **kwargs):
        p = original(pool, sink, graph, lits, *args, **kwargs)
        sink.add_clause([lits[0]])  # the first edge of every tree oriented one way
        return p

    monkeypatch.setattr(trees_sat, "add_partial_tree_kernel", cut)
    v = _run("timber.lem3.1", "sat", 6)
    assert v.status == "error" and "UNSAT with the orientation fixed" in v.reason


def test_lemma31_relaxation_that_excludes_the_true_value_fails_a_sample(monkeypatch):
    """A root forced N on every tree: UNSAT for nothing; the P samples cannot be admitted."""
    original = trees_sat.add_partial_tree_kernel

    def never_p(pool, sink, graph, lits, *args, **kwargs):
        p = original(pool, sink, graph, lits, *args, **kwargs)
        sink.add_clause([-p[0]])
        return p

    monkeypatch.setattr(trees_sat, "add_partial_tree_kernel", never_p)
    v = _run("timber.lem3.1", "sat", 2)  # 1>0 1>2 is P: every orientation is sampled
    assert v.status == "error" and "set to the direct solver's outcome" in v.reason


def test_lemma31_goal_that_can_never_hold_fails_the_toggled_control(monkeypatch):
    real_solve = trees_sat.SatRun.solve

    def solve(self, sink, assumptions=()):
        sink.add_clause([-assumptions[0]])  # the goal selector can never be on
        return real_solve(self, sink, assumptions)

    monkeypatch.setattr(trees_sat.SatRun, "solve", solve)
    v = _run("timber.lem3.1", "sat", 5)
    assert v.status == "error" and v.reason.startswith("control failed: toggled control")
