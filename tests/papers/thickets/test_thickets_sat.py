""":mod:`cgsat.papers.thickets.sat` (*Thinning Thickets*): Theorem 3.1 says why it has
nothing to check or refutes and ranges over every even l; counts with a wrong
characterization or recurrence are refuted; the cordon characterizations, sample,
direction, toggled and coverage controls say what they solved, what failed and where. Each
pins what an older test checked loosely (written against the surviving mutants of
``benchmarks/mutation.sh thickets_sat``); the expected values are computed here
independently, never read off the code under test.
"""

from __future__ import annotations


def test_theorem_31_says_why_it_has_nothing_to_check_or_refutes():
    from cgsat.claims import Budget
    from cgsat.papers.thickets.sat import thm31

    v = thm31(2, Budget(), offset=1)
    assert (v.status, v.reason) == (
        "vacuous", "no option L(i) to check and fewer than two L(2k) at n = 2")
    v = thm31(3, Budget(), offset=1)  # the statement as printed: L(3) has no option L(2)
    assert (v.status, v.counterexample, v.detail) == (
        "refuted", "3:1", "the encoding's moves give no L(2) among the options of L(3)")


def test_theorem_31_ranges_over_every_even_l_and_names_a_shared_value(monkeypatch):
    from cgsat.claims import Budget
    from cgsat.papers.thickets import sat as thickets_sat

    v = thickets_sat.thm31(9, Budget(), offset=2)
    assert v.status == "holds" and v.controls == {"passed": 1, "total": 1,
                                                  "coverage": "count"}
    assert v.detail.startswith("nim-values of L(2), L(4), ...: [0, 3, 5, ")
    assert len(v.detail.split("[")[1].split("]")[0].split(",")) == 4  # L(2) .. L(8)

    def always_equal(pool, sink, grundy, nodes):
        lit = pool.id("always equal")
        sink.add_clause([lit])
        return lit

    monkeypatch.setattr(thickets_sat, "some_equal_pair", always_equal)
    v = thickets_sat.thm31(6, Budget(), offset=2)
    assert (v.status, v.counterexample, v.detail) == (
        "refuted", "6:1,2,3,4", "two L(2k) share a nim-value")


def test_theorem_31_with_too_few_values_is_unknown(monkeypatch):
    from cgsat.claims import Budget
    from cgsat.papers.thickets import sat as thickets_sat

    real = thickets_sat.add_grundy
    monkeypatch.setattr(thickets_sat, "add_grundy", lambda pool, sink, nodes, moves,
                        value_range=None: real(pool, sink, nodes, moves, value_range=0))
    v = thickets_sat.thm31(6, Budget(), offset=2)
    assert (v.status, v.reason) == (
        "unknown", "the value range is too small for L(n)'s followers")


def test_a_count_with_a_wrong_characterization_or_recurrence_is_refuted(monkeypatch):
    from dataclasses import replace

    from cgsat.claims import Budget
    from cgsat.encodings.green_cordon import THM_3_3
    from cgsat.papers.thickets import brute
    from cgsat.papers.thickets import sat as thickets_sat

    monkeypatch.setattr(thickets_sat, "fibonacci", lambda n, f0, f1: 9)
    v = thickets_sat.count(7, Budget(), value=0, f0=1, f1=0)
    assert (v.status, v.counterexample) == ("refuted", "count(7) = 8, recurrence 9")
    monkeypatch.undo()
    wrong = replace(thickets_sat.CHARACTERIZATIONS[(0, None)], rule=THM_3_3)
    monkeypatch.setitem(thickets_sat.CHARACTERIZATIONS, (0, None), wrong)
    for n in range(0, 8):  # the smallest height where it fails holds a real counterexample
        v = thickets_sat.count(n, Budget(), value=0, f0=1, f1=0)
        if v.status == "refuted":
            break
    assert v.status == "refuted" and v.detail == "the characterization fails here"
    height, atts = v.counterexample.split(":")
    atts = [int(a) for a in atts.split(",") if a]
    assert (brute.nim_value(int(height), atts) == 0) != THM_3_3.holds(int(height), atts)


def test_a_cordon_characterization_says_what_it_solved_and_why_it_refutes(monkeypatch):
    from dataclasses import replace

    from cgsat.claims import Budget
    from cgsat.encodings.green_cordon import THM_3_2, THM_3_3
    from cgsat.sat import green_cordon as thickets_sat

    # without the cover, one instance (no "2 instances" detail)
    assert thickets_sat.characterization(6, Budget(), value=0, leaves=None).detail is None
    v = thickets_sat.characterization(2, Budget(), value=2, leaves=2)
    assert (v.status, v.reason) == ("vacuous", "no cordon of height 2 with 2 leaf arcs")
    # the cover without Theorem 3.3's rule: a one-leaf cordon outside the other two
    monkeypatch.setattr(thickets_sat, "ONE_LEAF_COVER", (THM_3_2,
                                                         thickets_sat.ONE_LEAF_COVER[2]))
    v = thickets_sat.characterization(6, Budget(), value=3, leaves=2, one_leaf_cover=True)
    assert v.status == "refuted" and v.detail == (
        "a one-leaf cordon outside Theorems 3.2, 3.3 and the one-leaf §5 rule")
    height, atts = v.counterexample.split(":")
    assert height == "6" and len(atts.split(",")) == 1 and THM_3_3.holds(6, [int(atts)])
    monkeypatch.undo()
    wrong = replace(thickets_sat.CHARACTERIZATIONS[(0, None)], rule=THM_3_3)
    monkeypatch.setitem(thickets_sat.CHARACTERIZATIONS, (0, None), wrong)
    v = thickets_sat.characterization(1, Budget(), value=0, leaves=None)
    assert (v.status, v.detail) == ("refuted", "the mex condition fails here")
    assert v.counterexample.startswith("1:")


def test_theorem_31_names_the_cordon_a_lying_oracle_disagrees_on():
    from cgsat.claims import Budget
    from cgsat.papers.thickets import brute
    from cgsat.papers.thickets.sat import thm31

    v = thm31(4, Budget(), offset=2, oracle=lambda n, a: brute.nim_value(n, a) + 1)
    true = brute.nim_value(4, [1, 2])
    assert v.status == "error" and v.reason == (
        f"control failed: sample control at 4:1,2: 4:1,2 has nim-value {true} in the model "
        f"but {true + 1} by the direct solver")


def test_the_cordon_sample_controls_say_what_failed(monkeypatch):
    from functools import partial

    from cgsat.claims import Budget
    from cgsat.papers.registry import get_claim
    from cgsat.sat import green_cordon as thickets_sat

    run = get_claim("thickets.thm3.2").method("sat").run
    truth = run.keywords["oracle"]
    liar = partial(run.func, *run.args, **{**run.keywords,
                                           "oracle": lambda n, a: not truth(n, a)})
    v = liar(8, Budget(seed="liar", controls=8))
    assert v.status == "error"
    assert "but by the direct solver r has the nim-value" in v.reason  # a cordon said "has"
    real = thickets_sat.inductive_instance

    def first_point_off(claim, height, selector=False):
        cnf, cc = real(claim, height, selector)
        cnf.append([-cc.leaf_variables(height)[0]])
        return cnf, cc

    monkeypatch.setattr(thickets_sat, "inductive_instance", first_point_off)
    v = run(6, Budget(seed="off", controls=16))
    assert v.status == "error"
    assert ": the instance is UNSAT with the cordon fixed and the goal off" in v.reason


def test_a_cordon_sample_control_names_the_part_that_disagrees():
    from cgsat.claims import Budget
    from cgsat.encodings.green_cordon import NIM0
    from cgsat.sat.green_cordon import InductiveCheck
    from cgsat.sat.solve import SatRun

    run = SatRun(Budget())
    check = InductiveCheck.build(run, NIM0, 8)
    # a stalk of even height has nim-value 0 (Theorem 3.2); an oracle that says no
    assert not run.control(check.buffer, check.sample("8:", lambda n, a: False))
    lhs, rhs = check.cc.sides
    check.cc.sides = (lhs, -rhs)  # the rule agrees with the oracle, the mex side does not
    assert not run.control(check.buffer, check.sample("8:", lambda n, a: True))
    assert run.failures == [
        "sample control at 8:: the rule is True but by the direct solver r has not the "
        "nim-value",
        "sample control at 8:: the mex condition on its options is False but by the direct "
        "solver r has the nim-value"]


def test_the_direction_toggles_sit_on_each_side_of_the_rule():
    from cgsat.claims import Budget
    from cgsat.encodings.green_cordon import NIM0, THM_3_2
    from cgsat.sat.green_cordon import InductiveCheck, _attachments
    from cgsat.sat.solve import SatRun

    check = InductiveCheck.build(SatRun(Budget()), NIM0, 8)
    inside, outside = check.sides["in the rule"][1], check.sides["outside it"][1]
    assert set(check.sides) == {"in the rule", "outside it"}
    assert THM_3_2.holds(8, _attachments(inside))
    assert not THM_3_2.holds(8, _attachments(outside))


def test_a_family_of_one_cordon_still_runs_its_controls():
    from cgsat.claims import Budget
    from cgsat.sat.green_cordon import characterization

    v = characterization(3, Budget(), value=2, leaves=2)  # only 3:1,2
    assert v.status == "holds" and v.controls and v.controls["total"] >= 2, v


def test_the_cordon_toggled_control_is_about_r0_and_says_what_it_found():
    from cgsat.claims import Budget
    from cgsat.encodings.green_cordon import NIM0
    from cgsat.sat.green_cordon import InductiveCheck
    from cgsat.sat.solve import SatRun

    check = InductiveCheck.build(SatRun(Budget()), NIM0, 8)
    control = check.toggled()
    assert (control.kind, control.position) == ("toggled", check.r0)
    assert control.check(None) == "the instance is UNSAT with the rule toggled there"
    every = set(check.cc.leaf_variables(8))
    other, true = ("8:", set()) if check.r0 != "8:" else ("8:1,2,3,4,5,6,7", every)
    assert control.check(true) == f"the model decodes to {other}"
    r0 = {v for a, v in enumerate(check.cc.leaf_variables(8), 1)
          if str(a) in check.r0.split(":")[1].split(",")}
    assert control.check(r0) is None


def test_the_cordon_direction_controls_say_which_direction():
    from cgsat.claims import Budget
    from cgsat.encodings.green_cordon import NIM0
    from cgsat.sat.green_cordon import InductiveCheck
    from cgsat.sat.solve import SatRun

    check = InductiveCheck.build(SatRun(Budget()), NIM0, 8)
    for name in ("in the rule", "outside it"):
        r0 = check.sides[name][1]
        control = check.direction(name)
        assert (control.kind, control.position) == ("toggled", f"{r0} ({name})")
        assert control.check(None) == (
            f"UNSAT with the rule toggled at a cordon {name} (the goal misses that "
            "direction)")
        other, true = ("8:", set()) if r0 != "8:" else (
            "8:1,2,3,4,5,6,7", set(check.cc.leaf_variables(8)))
        assert control.check(true) == f"the model decodes to {other}"


def test_the_stratified_cordons_leave_out_each_point_alone():
    from cgsat.sat.green_cordon import stratified_cordons

    drawn = [set(c.split(":")[1].split(",")) - {""} for c in stratified_cordons(7, None)]
    for a in map(str, range(1, 7)):  # a cordon with a leaf arc at every point but a
        assert {str(b) for b in range(1, 7)} - {a} in drawn, a


def test_the_coverage_control_names_its_family_and_three_cordons(monkeypatch):
    from cgsat.claims import Budget
    from cgsat.papers.registry import get_claim
    from cgsat.sat import green_cordon as thickets_sat

    real = thickets_sat.inductive_instance

    def first_point_off(claim, height, selector=False):
        cnf, cc = real(claim, height, selector)
        cnf.append([-cc.leaf_variables(height)[0]])
        return cnf, cc

    monkeypatch.setattr(thickets_sat, "inductive_instance", first_point_off)
    v = get_claim("thickets.thm3.2").method("sat").run(9, Budget(controls=0))
    bad = [c for c in thickets_sat.stratified_cordons(9, None)
           if "1" in c.split(":")[1].split(",")]
    assert len(bad) > 3 and v.status == "error"
    assert v.reason.startswith(f"control failed: coverage control (cordons of height 9): "
                               f"the sampled cordons {bad[:3]} are not admitted")
    v = get_claim("thickets.sec5-two-leaves-nim2").method("sat").run(9, Budget(controls=0))
    assert "coverage control (cordons with 2 leaf arcs of height 9)" in v.reason


def test_the_fixed_leaf_samples_start_with_the_lowest_and_highest_attachments():
    from functools import partial

    from cgsat.claims import Budget
    from cgsat.papers.registry import get_claim

    run = get_claim("thickets.sec5-two-leaves-nim2").method("sat").run
    truth = run.keywords["oracle"]
    for lowest in ([1, 2], [7, 8]):
        liar = partial(run.func, *run.args, **{**run.keywords, "oracle": lambda n, a, lo=lowest:
                                               (not truth(n, a)) if list(a) == lo
                                               else truth(n, a)})
        v = liar(9, Budget(controls=2, seed="ends"))
        assert v.status == "error" and f"sample control at 9:{lowest[0]},{lowest[1]}" in \
            v.reason, (lowest, v)
