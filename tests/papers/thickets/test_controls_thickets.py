"""Controls on the SAT instances of the Thinning Thickets claims (issue 12, item 2).

Each registered sat method (inductive mex checks of Theorems 3.2-3.5 and §5, the mex
constraints of Theorem 3.1) must pass its controls on the true claims, and a control must
fail (verdict "error", never "holds") when the instance is broken (an extra clause forcing
the lowest leaf variable false) or the direct solver's answer is wrong.
"""

from __future__ import annotations

import json
import math
import random
from functools import partial

import pytest
from pysat.solvers import Solver

from cgsat.claims import Budget
from cgsat.cli import main
from cgsat.encodings import green_cordon
from cgsat.papers.registry import get_claim
from cgsat.papers.thickets import brute
from cgsat.papers.thickets.rules import nim0_rule
from cgsat.sat import green_cordon as sat

INDUCTIVE = ("thickets.thm3.2", "thickets.thm3.3", "thickets.thm3.4", "thickets.thm3.5",
             "thickets.sec5-one-leaf-nim2", "thickets.sec5-two-leaves-nim2",
             "thickets.sec5-two-leaves-nim3")
THM31 = ("thickets.thm3.1", "thickets.thm3.1-corrected")


def _run(claim: str, n: int, **budget: object):
    return get_claim(claim).method("sat").run(n, Budget(seed=f"test:{claim}:{n}", **budget))


def _with_oracle(claim: str, oracle):
    """The claim's sat method with another oracle."""
    run = get_claim(claim).method("sat").run
    return partial(run.func, *run.args, **{**run.keywords, "oracle": oracle})


# -- the true claims pass their controls ----------------------------------------------
@pytest.mark.parametrize("claim", INDUCTIVE)
def test_true_cordon_claims_hold_with_every_control_passed(claim):
    for n in (4, 9, 14):
        v = _run(claim, n)
        assert v.status == "holds", (n, v.reason)
        assert v.controls is not None and v.controls["total"] > 1, n
        assert v.controls["passed"] == v.controls["total"], n


@pytest.mark.parametrize("claim", INDUCTIVE)
def test_sixteen_samples_and_one_toggle(claim):
    leaves = get_claim(claim).method("sat").run.keywords.get("leaves")
    for n in (5, 12):
        family = {None: 2 ** (n - 1), 1: n - 1, 2: math.comb(n - 1, 2)}[leaves]
        # every cordon once when there are fewer than 16; the toggled control, one per
        # direction of the "iff" (issue 24: a cordon in the rule, one outside it), and the
        # position-space coverage control (a stratified sample)
        k = min(16, family) + 1 + 2 + 1
        assert _run(claim, n).controls == {"passed": k, "total": k, "coverage": "sample"}, n


@pytest.mark.parametrize("claim", THM31)
def test_theorem_31_controls_its_position(claim):
    for n in (0, 2):  # no option L(i) and fewer than two L(2k): nothing to check
        v = _run(claim, n)
        assert v.status == "vacuous" and v.controls is None, n
    v = _run("thickets.thm3.1-corrected", 9)  # the nim-values, and the L(2k) listed apart
    assert v.status == "holds" and v.controls == {"passed": 2, "total": 2,
                                                  "coverage": "count"}


def test_controls_follow_the_budget():
    v = _run("thickets.thm3.2", 10, controls=3)
    assert v.status == "holds" and v.controls == {"passed": 7, "total": 7,
                                                  "coverage": "sample"}
    v = _run("thickets.thm3.2", 10, controls=0)  # the toggled and coverage controls still run
    assert v.status == "holds" and v.controls == {"passed": 4, "total": 4,
                                                  "coverage": "sample"}


def test_past_the_direct_solver_the_oracle_is_the_theorem():
    rng = random.Random(3)
    big = [a for a in range(1, 40) if rng.random() < 0.5]
    assert brute.has_value(40, big, value=0, rule=nim0_rule) == nim0_rule(40, big)
    assert brute.has_value(40, big, value=0, rule=lambda n, a: "sentinel") == "sentinel"
    assert brute.has_value(6, [2], value=0, rule=lambda n, a: "sentinel") is False


# -- the selector: default unchanged, goal off is satisfiable ------------------------
def test_the_goal_selector_is_optional_and_guards_the_goal():
    cnf, cc = green_cordon.inductive_instance(green_cordon.NIM0, 6)
    assert cc.goal is None and cc.flip is None and cc.sides is not None
    guarded, gc = green_cordon.inductive_instance(green_cordon.NIM0, 6, selector=True)
    assert gc.goal is not None
    with Solver(bootstrap_with=cnf.clauses) as s:
        assert not s.solve()
    with Solver(bootstrap_with=guarded.clauses) as s:
        assert not s.solve(assumptions=[gc.goal, -gc.flip])
        assert s.solve(assumptions=[gc.goal, gc.flip])  # the rule flipped everywhere
        assert s.solve(assumptions=[-gc.goal, -gc.flip])


# -- the mutation: the lowest leaf variable forced false -------------------------------
def _force_lowest_leaf_false(monkeypatch):
    """An extra clause in the inductive check: no leaf at v_1."""
    original = sat.inductive_instance

    def mutated(claim, height, *args, **kwargs):
        cnf, cc = original(claim, height, *args, **kwargs)
        if height >= 2:
            cnf.append([-cc.leaf_variables(height)[0]])
        return cnf, cc

    monkeypatch.setattr(sat, "inductive_instance", mutated)


@pytest.mark.parametrize("claim", INDUCTIVE)
def test_lowest_leaf_forced_false_is_an_error_not_holds(monkeypatch, claim):
    for n in (4, 6):
        assert _run(claim, n).status == "holds"
    _force_lowest_leaf_false(monkeypatch)
    for n in (4, 6):
        v = _run(claim, n)
        assert v.status == "error", (n, v)
        assert "control failed" in v.reason and "UNSAT" in v.reason
        assert v.controls["passed"] < v.controls["total"]


@pytest.mark.slow
@pytest.mark.parametrize("claim", INDUCTIVE)
def test_lowest_leaf_forced_false_is_an_error_at_20_and_beyond(monkeypatch, claim):
    _force_lowest_leaf_false(monkeypatch)
    for n in (20, 21):
        v = _run(claim, n)
        assert v.status == "error", (n, v)


def test_lowest_leaf_forced_false_is_caught_by_cgsat_check(monkeypatch, tmp_path, capsys):
    """Through the CLI and the runner (its workers are forked, so they see the patch)."""
    _force_lowest_leaf_false(monkeypatch)
    code = main(["check", "thickets.thm3.2", "--from", "20", "--up-to", "20", "--method",
                 "sat", "--force", "--db", str(tmp_path / "r.sqlite"), "--json"])
    assert code == 3
    results = json.loads(capsys.readouterr().out)["results"]
    assert [(r["n"], r["method"], r["status"]) for r in results] == [(20, "sat", "error")]
    assert "control failed" in results[0]["reason"]


# -- a wrong direct answer fails a sample control -------------------------------------
@pytest.mark.parametrize("claim", INDUCTIVE)
def test_a_lying_oracle_is_an_error(claim):
    truth = get_claim(claim).method("sat").run.keywords["oracle"]
    liar = _with_oracle(claim, lambda n, atts: not truth(n, atts))
    v = liar(8, Budget(seed="liar"))
    assert v.status == "error" and "sample control" in v.reason, v
    # only the toggled controls (r0, each direction) and the coverage control pass
    assert v.controls["passed"] == 4


def test_a_lying_nim_value_is_an_error_for_theorem_31():
    # thickets.thm3.1 is vacuous to n = 2 and refuted (before any control) from n = 3
    liar = _with_oracle("thickets.thm3.1-corrected", lambda n, atts: brute.nim_value(n, atts) + 1)
    v = liar(4, Budget())
    assert v.status == "error" and "direct solver" in v.reason, v
    assert v.controls == {"passed": 1, "total": 2, "coverage": "count"}  # the target set


def test_the_toggled_control_alone_catches_a_goal_that_can_never_hold(monkeypatch):
    """The goal's selector forced off: every check is UNSAT and the samples (goal off)
    pass, but the toggled rule at r0 can no longer be found."""
    original = sat.inductive_instance

    def mutated(claim, height, *args, **kwargs):
        cnf, cc = original(claim, height, *args, **kwargs)
        cnf.append([-cc.goal])
        return cnf, cc

    monkeypatch.setattr(sat, "inductive_instance", mutated)
    for claim in ("thickets.thm3.2", "thickets.thm3.5", "thickets.sec5-two-leaves-nim3"):
        v = _run(claim, 8)
        assert v.status == "error" and "toggled control" in v.reason, v
        assert v.controls["passed"] == v.controls["total"] - 3  # r0 and each direction


def test_a_refutation_runs_no_control():
    v = _run("thickets.thm3.1", 3)
    assert v.status == "refuted" and v.controls is None


# -- the position-space control (issue 24) --------------------------------------------


@pytest.mark.parametrize("leaves", [None, 1, 2])
def test_the_stratified_cordons_cover_every_attachment_point_both_ways(leaves):
    from itertools import combinations

    from cgsat.sat.green_cordon import stratified_cordons

    for n in range(1, 12):
        slots = range(1, n)
        family = [set(c) for k in ([leaves] if leaves is not None else range(n))
                  for c in combinations(slots, k)] if leaves is None or leaves < n else []
        drawn = [set(int(a) for a in c.split(":")[1].split(",") if a)
                 for c in stratified_cordons(n, leaves)]
        assert all(d in family for d in drawn), n
        for a in slots:  # a leaf arc at a, and none there, whenever the family has such
            for present in (True, False):
                if any((a in f) is present for f in family):
                    assert any((a in d) is present for d in drawn), (n, a, present)


def test_a_cordon_the_instance_does_not_admit_fails_the_coverage_control(monkeypatch):
    """A cordon encoding that forbids a leaf arc at the top attachment point (a shrunken
    scope; the toggled control still passes whenever r0 has none there)."""
    from cgsat.sat import green_cordon as thickets_sat

    real = thickets_sat.inductive_instance

    def top_slot_off(claim, height, selector=False):
        cnf, cc = real(claim, height, selector)
        cnf.append([-cc.leaf_variables(height)[-1]])
        return cnf, cc

    monkeypatch.setattr(thickets_sat, "inductive_instance", top_slot_off)
    v = _run("thickets.thm3.2", 9, controls=0)
    assert v.status == "error" and "coverage control (cordons of height 9)" in v.reason
    assert "not admitted" in v.reason
