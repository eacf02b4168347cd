""":mod:`cgsat.sat.solve` in-process: its exact certificates, messages, counts and the order
in which a verdict is decided (other tests reach the solve path through whole checks in
forked workers and look at the status). Written against the surviving mutants of
``benchmarks/mutation.sh solve``.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from cgsat.claims import Budget, Verdict
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.errors import CgsatInputError
from cgsat.sat import drat
from cgsat.sat import solve as solve_mod
from cgsat.sat.external import ExternalSolverError
from cgsat.sat.solve import (
    Control,
    Export,
    ExternalBudget,
    InstanceExported,
    LiveSolver,
    SatRun,
    check_model,
    expect_sat,
    sat_verdict,
    solve_cnf,
)
from cgsat.sat.solvers import SolverDisagreement

UNSAT = [[1, 2], [-1, 2], [1, -2], [-1, -2]]
Once = Callable[[str, ClauseBuffer, bool], tuple[bool, list[int] | None, list[str] | None]]


def _script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)
    return str(path)


def _fake_once(answers: dict[str, tuple[bool, list[int] | None]]) -> Once:
    """A ``_solve_once`` whose solvers answer as ``answers`` says (no proof)."""
    def once(name: str, cnf: ClauseBuffer, want_proof: bool
             ) -> tuple[bool, list[int] | None, list[str] | None]:
        sat, model = answers[name]
        return sat, model, None
    return once


# -- check_model, solve_cnf --------------------------------------------------------------

def test_check_model_needs_every_clause() -> None:
    cnf = ClauseBuffer([[1, 2], [-1]])
    assert check_model(cnf, [-1, 2])
    assert not check_model(cnf, [1, 2])
    assert not check_model(cnf, [-1, -2])
    assert check_model(ClauseBuffer(), [])


def test_a_sat_answer_carries_its_model_certificate() -> None:
    cnf = ClauseBuffer([[1, 2], [-1]])
    out = solve_cnf(cnf, Budget())
    assert out.sat and out.model is not None and out.true_vars() == {2}
    assert out.instance == {"vars": 2, "clauses": 2}
    assert out.dimacs_sha256 == cnf.sha256()
    assert out.solver == "cadical195" and out.notes == []
    assert isinstance(out.seconds, float) and 0 <= out.seconds < 60
    assert out.certificate == {"kind": "model", "checker": "clause-check",
                               "verdict": "verified", "sha256": cnf.sha256(),
                               "answer": "sat"}


def test_an_uncertified_unsat_answer_has_no_certificate() -> None:
    out = solve_cnf(ClauseBuffer(UNSAT), Budget())
    assert (out.sat, out.model, out.certificate, out.true_vars()) == (False, None, None, set())


def test_a_checked_proof_certifies_an_unsat_answer() -> None:
    cnf = ClauseBuffer(UNSAT)
    out = solve_cnf(cnf, Budget(proof=True))
    cert = out.certificate
    assert cert is not None and not out.sat
    assert (cert["kind"], cert["verdict"], cert["answer"]) == ("drat", "verified", "unsat")
    assert "cgsat-drat" in cert["checker"].split("+")
    assert cert["sha256"] != cnf.sha256() and len(cert["sha256"]) == 64


def test_a_proof_budget_on_a_sat_answer_keeps_the_model_certificate() -> None:
    out = solve_cnf(ClauseBuffer([[1]]), Budget(proof=True))
    assert out.certificate is not None and out.certificate["kind"] == "model"


def test_the_proof_hash_is_the_hash_of_the_proof_lines(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    monkeypatch.setattr(solve_mod, "_solve_once", lambda name, cnf, want: (False, None,
                                                                            ["1 0", "0"]))
    monkeypatch.setattr(solve_mod, "check_proof", lambda cnf, proof: [
        drat.ProofCheck("verified", "a"), drat.ProofCheck("verified", "b")])
    cert = solve_cnf(ClauseBuffer(UNSAT), Budget(proof=True)).certificate
    assert cert is not None
    assert cert["sha256"] == hashlib.sha256(b"1 0\n0\n").hexdigest()
    assert cert["checker"] == "a+b"


def test_an_unchecked_proof_is_noted_and_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solve_mod, "_solve_once", lambda name, cnf, want: (False, None,
                                                                            ["0"]))
    monkeypatch.setattr(solve_mod, "check_proof", lambda cnf, proof: [
        drat.ProofCheck("too-large", "first", "too big"), drat.ProofCheck("too-large", "x")])
    out = solve_cnf(ClauseBuffer(UNSAT), Budget(proof=True))
    assert out.notes == ["proof not checked: too big"]
    assert out.certificate is not None
    assert (out.certificate["verdict"], out.certificate["checker"]) == ("unchecked", "first")


def test_a_rejected_proof_is_a_disagreement(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solve_mod, "_solve_once", lambda name, cnf, want: (False, None,
                                                                            ["0"]))
    monkeypatch.setattr(solve_mod, "check_proof", lambda cnf, proof: [
        drat.ProofCheck("verified", "a"), drat.ProofCheck("rejected", "b", "lemma 1")])
    with pytest.raises(SolverDisagreement,
                       match=r"^cadical195's DRAT proof was rejected by b: lemma 1$"):
        solve_cnf(ClauseBuffer(UNSAT), Budget(proof=True))


def test_proof_needs_a_proof_solver() -> None:
    with pytest.raises(CgsatInputError, match=r"--proof: solver 'minisat22' writes no usable"
                                              r" DRAT proof; use one of cadical103, "):
        solve_cnf(ClauseBuffer(UNSAT), Budget(proof=True, solver="minisat22"))


def test_a_second_solver_certifies_either_answer() -> None:
    out = solve_cnf(ClauseBuffer(UNSAT), Budget(confirm_with="minisat22"))
    assert out.certificate is not None
    assert {k: out.certificate[k] for k in ("kind", "checker", "verdict", "answer")} == {
        "kind": "second-solver", "checker": "minisat22", "verdict": "verified",
        "answer": "unsat"}
    assert out.certificate["sha256"] == ClauseBuffer(UNSAT).sha256()
    out = solve_cnf(ClauseBuffer([[1]]), Budget(proof=True, confirm_with="minisat22"))
    assert out.certificate is not None
    assert (out.certificate["kind"], out.certificate["answer"]) == ("second-solver", "sat")
    out = solve_cnf(ClauseBuffer(UNSAT), Budget(proof=True, confirm_with="glucose4"))
    assert out.certificate is not None and out.certificate["kind"] == "drat+second-solver"
    assert out.certificate["checker"].endswith("+glucose4")
    with pytest.raises(CgsatInputError, match="--confirm-with must name a different solver "
                                              "than 'cadical195'"):
        solve_cnf(ClauseBuffer(UNSAT), Budget(confirm_with="cadical195"))


def test_solvers_that_disagree_or_return_bad_models(monkeypatch: pytest.MonkeyPatch) -> None:
    cnf = ClauseBuffer([[1]])
    budget = Budget(confirm_with="minisat22")
    monkeypatch.setattr(solve_mod, "_solve_once", _fake_once(
        {"cadical195": (True, [1]), "minisat22": (False, None)}))
    with pytest.raises(SolverDisagreement, match=r"^cadical195 says SAT but minisat22 says "
                                                 r"UNSAT on the same DIMACS \(sha256 "
                                                 + cnf.sha256()[:12] + r"\)$"):
        solve_cnf(cnf, budget)
    monkeypatch.setattr(solve_mod, "_solve_once", _fake_once(
        {"cadical195": (False, None), "minisat22": (True, [1])}))
    with pytest.raises(SolverDisagreement, match="cadical195 says UNSAT but minisat22 says "
                                                 "SAT"):
        solve_cnf(cnf, budget)
    monkeypatch.setattr(solve_mod, "_solve_once", _fake_once(
        {"cadical195": (True, [1]), "minisat22": (True, [-1])}))
    with pytest.raises(SolverDisagreement, match="^minisat22 returned a model that violates"):
        solve_cnf(cnf, budget)
    monkeypatch.setattr(solve_mod, "_solve_once", _fake_once({"cadical195": (True, [-1])}))
    with pytest.raises(SolverDisagreement, match="^cadical195 returned a model that violates"):
        solve_cnf(cnf, Budget())
    monkeypatch.setattr(solve_mod, "_solve_once", _fake_once({"cadical195": (True, None)}))
    with pytest.raises(SolverDisagreement):
        solve_cnf(cnf, Budget())


def test_an_external_solver_with_a_proof_placeholder_proves(tmp_path: Path) -> None:
    body = ('for a in "$@"; do case "$a" in *proof.drat) printf \'1 0\\n0\\n\' > "$a";; '
            "esac; done\necho 's UNSATISFIABLE'; exit 20")
    cmd = _script(tmp_path, "prover.sh", body) + " {cnf} {proof}"
    out = solve_cnf(ClauseBuffer([[1], [-1]]), ExternalBudget(external=cmd))
    assert out.solver == "external:prover.sh" and not out.sat
    assert out.certificate is not None and out.certificate["kind"] == "drat"
    assert out.certificate["verdict"] == "verified"


# -- SatRun ------------------------------------------------------------------------------

def test_new_hands_out_a_solver_or_a_buffer() -> None:
    sink, _ = SatRun(Budget()).new()
    assert isinstance(sink, LiveSolver)
    sink.close()
    for budget in (Budget(proof=True), Budget(confirm_with="minisat22"),
                   ExternalBudget(external="picosat"), ExternalBudget(export=Export())):
        assert isinstance(SatRun(budget).new()[0], ClauseBuffer), budget
    run = SatRun(ExternalBudget(export=Export()))
    buf, pool = run.new()
    assert run._pools[id(buf)] == (buf, pool)
    assert SatRun(Budget(proof=True)).new()[0] is not SatRun(Budget(proof=True)).new()[0]


def test_a_run_keeps_the_largest_instance_and_counts_them() -> None:
    run = SatRun(Budget(proof=True))
    small, _ = run.new()
    small.add_clause([1])
    small.add_clause([-1])
    big, _ = run.new()
    for c in ([1, 2, 3], [-1], [-2], [-3]):   # 3 variables, 4 clauses
        big.add_clause(c)
    assert run.solve(small) is None and run.solve(big) is None
    v = run.verdict(detail="d")
    assert v.status == "holds"
    assert v.instance == {"vars": 3, "clauses": 4}
    assert v.detail == "d; 2 instances, largest shown"
    assert v.certificate is not None and v.certificate["kind"] == "drat"
    assert run.verdict().detail == "2 instances, largest shown"


def test_a_single_instance_keeps_its_detail_and_certificate() -> None:
    run = SatRun(Budget(confirm_with="minisat22"))
    sink, _ = run.new()
    sink.add_clause([1])
    assert run.solve(sink, [-1]) is None       # the assumption is a unit clause
    v = run.verdict(detail="d")
    assert (v.status, v.detail, v.solver) == ("holds", "d", "cadical195")
    assert v.instance == {"vars": 1, "clauses": 2}
    assert v.certificate is not None and v.certificate["kind"] == "second-solver"
    assert run.solve(sink) == [1]


def test_a_live_solver_instance_is_counted_and_uncertified() -> None:
    run = SatRun(Budget())
    sink, _ = run.new()
    sink.add_clause([1, 2])
    sink.add_clause([-1, 3])
    assert run.solve(sink, [-2, -3]) is None
    v = run.verdict()
    assert v.instance == {"vars": 3, "clauses": 2} and v.certificate is None
    assert run.solve(sink, [1]) is not None and run.instances == 2


def test_nothing_solved_is_vacuous() -> None:
    v = SatRun(Budget()).verdict(detail="no rows")
    assert (v.status, v.reason) == ("vacuous", "no SAT instance at this size: no rows")
    assert v.instance == {"vars": 0, "clauses": 0} and v.solver is None
    assert SatRun(Budget()).verdict().reason == "no SAT instance at this size"


def test_a_verdict_decides_misfits_then_failures_then_the_answer() -> None:
    run = SatRun(Budget())
    assert run.verdict(counterexample="LR").status == "refuted"
    assert run.verdict(unknown="timeout").reason == "timeout"
    for i in range(4):
        assert run.coverage("rows", False, f"m{i}") is False
    assert run.coverage("rows", True, "fine") is True
    v = run.verdict(counterexample="LR")
    assert v.status == "error"
    assert v.reason == ("control failed: coverage control (rows): m0; coverage control "
                        "(rows): m1; coverage control (rows): m2 (+1 more)")
    assert v.controls == {"passed": 1, "total": 5, "coverage": "count"}
    run.misfits.append("instance 1: bad")
    assert run.verdict().reason == "certificate does not fit its answer: instance 1: bad"
    run = SatRun(Budget())
    run.coverage("rows", False, "m")
    assert run.verdict().reason == "control failed: coverage control (rows): m"


def test_a_misfit_certificate_is_recorded_by_solve(monkeypatch: pytest.MonkeyPatch) -> None:
    real = solve_cnf

    def mislabel(cnf: ClauseBuffer, budget: Budget) -> solve_mod.SatOutcome:
        out = real(cnf, budget)
        assert out.certificate is not None
        out.certificate["answer"] = "sat" if not out.sat else "unsat"
        return out

    monkeypatch.setattr(solve_mod, "solve_cnf", mislabel)
    run = SatRun(Budget(proof=True))
    sink, _ = run.new()
    sink.add_clause([1])
    sink.add_clause([-1])
    run.solve(sink)
    assert run.misfits == ["instance 1: the certificate names a SAT answer, the solver said "
                           "UNSAT"]
    assert run.verdict().status == "error"


def test_controls_count_and_name_their_kind() -> None:
    run = SatRun(Budget())
    assert run.controls is None
    sink, pool = run.new()
    a = pool.id("a")
    sink.add_clause([a])
    assert run.control(sink, Control("sample", "x", (), expect_sat))
    assert run.controls == {"passed": 1, "total": 1}
    assert not run.control(sink, Control("toggled", "y", (-a,), expect_sat))
    assert run.failures == ["toggled control at y: the instance is UNSAT under the control's "
                            "assumptions"]
    assert run.control(sink, Control("coverage", "z", (a,), lambda t: None if t == {a}
                                     else f"model {t}"))
    assert run.controls == {"passed": 2, "total": 3, "coverage": "sample"}
    assert run.coverage("count", True, "", how="count")
    assert run.controls == {"passed": 3, "total": 4, "coverage": "sample"}
    run = SatRun(Budget())
    run.coverage("x", True, "", how="sample")
    assert run.controls == {"passed": 1, "total": 1, "coverage": "sample"}


def test_a_control_solver_follows_its_buffer() -> None:
    run = SatRun(Budget(proof=True))
    a, _ = run.new()
    a.add_clause([1])
    assert run.control(a, Control("sample", "a", (), lambda t: None if t == {1} else str(t)))
    assert run._control is not None
    kept = run._control[1]
    a.add_clause([2])
    assert run.control(a, Control("sample", "a", (),
                                  lambda t: None if t == {1, 2} else str(t)))
    assert run._control[1] is kept  # the same solver, extended
    b, _ = run.new()
    b.add_clause([-1])
    assert run.control(b, Control("sample", "b", (), lambda t: None if t == set() else str(t)))
    assert run._control is not None and run._control[0] is b
    run.verdict()
    assert run._control is None


def test_samples_are_distinct_seeded_and_bounded() -> None:
    def draw(rng: random.Random) -> str:
        return "".join(rng.choice("LR") for _ in range(3))

    run = SatRun(Budget(controls=5, seed="s"))
    first = run.samples(draw)
    assert len(first) == 5 and len(set(first)) == 5
    assert SatRun(Budget(controls=5, seed="s")).samples(draw) == first
    assert SatRun(Budget(controls=5, seed="t")).samples(draw) != first
    assert len(run.samples(draw, k=2)) == 2
    assert len(run.samples(draw, k=20)) == 8          # only 8 rows exist
    assert run.samples(lambda rng: "x", k=3) == ["x"]
    assert SatRun(Budget(controls=0)).samples(draw) == []


def test_controls_on_an_external_solver(tmp_path: Path) -> None:
    cnf = ClauseBuffer([[1, 2]])
    run = SatRun(ExternalBudget(external="picosat"))
    assert run._external_control("picosat", cnf, [-1]) == ({2}, None)
    assert run._external_control("picosat", cnf, [1, -2]) == ({1}, None)
    assert run._external_control("picosat", cnf, [-1, -2]) == (None, None)
    bad = _script(tmp_path, "bad.sh", "echo 's SATISFIABLE'; echo 'v -1 -2 0'; exit 10")
    assert run._external_control(bad, cnf, []) == (
        None, "the external solver's model violates the formula")
    silent = _script(tmp_path, "silent.sh", "exit 0")
    true, why = run._external_control(silent, cnf, [])
    assert true is None and why is not None
    assert why.startswith("the external solver gave no usable answer: no 's' line")
    unknown = _script(tmp_path, "unknown.sh", "echo 's UNKNOWN'")
    with pytest.raises(ExternalSolverError):
        run._external_control(unknown, cnf, [])
    # through control(): a silent solver fails the control with its reason
    run = SatRun(ExternalBudget(external=silent))
    assert not run.control(cnf, Control("sample", "r", (), expect_sat))
    assert run.failures[0].startswith("sample control at r: the external solver gave no")
    run = SatRun(ExternalBudget(external="picosat"))
    assert run.control(cnf, Control("sample", "r", (-1,), lambda t: None if t == {2}
                                    else str(t)))


# -- sat_verdict, export ---------------------------------------------------------------

def test_sat_verdict_holds_or_decodes() -> None:
    v = sat_verdict(ClauseBuffer(UNSAT), Budget(), lambda t: Verdict.refuted("x"))
    assert (v.status, v.detail, v.instance) == ("holds", None, {"vars": 2, "clauses": 4})
    assert v.dimacs_sha256 == ClauseBuffer(UNSAT).sha256() and v.solver == "cadical195"
    assert sat_verdict(ClauseBuffer(UNSAT), Budget(), lambda t: Verdict.refuted("x"),
                       detail="d").detail == "d"
    cnf = ClauseBuffer([[1], [-2]])
    v = sat_verdict(cnf, Budget(), lambda t: Verdict.refuted(str(sorted(t)), detail="dd"))
    assert (v.status, v.counterexample, v.detail) == ("refuted", "[1]", "dd")
    assert v.certificate is not None and v.certificate["kind"] == "model"
    assert v.dimacs_sha256 == cnf.sha256() and v.instance == {"vars": 2, "clauses": 2}
    assert v.solver == "cadical195"
    v = sat_verdict(cnf, Budget(), lambda t: Verdict.unknown("undecoded"))
    assert (v.status, v.reason, v.solver) == ("unknown", "undecoded", "cadical195")


def test_sat_verdict_rejects_a_misfit_certificate(monkeypatch: pytest.MonkeyPatch) -> None:
    real = solve_cnf

    def mislabel(cnf: ClauseBuffer, budget: Budget) -> solve_mod.SatOutcome:
        out = real(cnf, budget)
        out.certificate = {"kind": "model", "checker": "c", "verdict": "verified",
                           "sha256": "0", "answer": "unsat"}
        return out

    monkeypatch.setattr(solve_mod, "solve_cnf", mislabel)
    v = sat_verdict(ClauseBuffer(UNSAT), Budget(), lambda t: Verdict.refuted("x"))
    assert v.status == "error"
    assert v.reason == ("certificate does not fit its answer: a model certificate on an "
                        "UNSAT answer (a model certifies SAT answers only)")
    assert (v.solver, v.instance) == ("cadical195", {"vars": 2, "clauses": 4})
    assert v.certificate is not None and v.dimacs_sha256 == ClauseBuffer(UNSAT).sha256()


def test_an_export_selects_its_instance_by_label() -> None:
    export = Export(target="2")
    budget = ExternalBudget(export=export)
    v = sat_verdict(ClauseBuffer([[1]]), budget, lambda t: Verdict.refuted("x"))
    assert v.status == "refuted" and export.seen == ["1"]
    with pytest.raises(InstanceExported) as info:
        sat_verdict(ClauseBuffer([[1]]), budget, lambda t: Verdict.refuted("x"))
    assert export.seen == ["1", "2"] and info.value.label == "2" and info.value.pool is None
    assert str(info.value) == "instance 2 exported"
    run = SatRun(ExternalBudget(export=Export(target="b")))
    sink, pool = run.new()
    sink.add_clause([1])
    with pytest.raises(InstanceExported) as info:
        run.solve(sink, [-1], label="b")
    assert info.value.label == "b" and info.value.pool is pool
    assert list(info.value.cnf) == [[1], [-1]]
    assert run.instances == 0
    first = ExternalBudget(export=Export())
    with pytest.raises(InstanceExported):
        sat_verdict(ClauseBuffer([[1]]), first, lambda t: Verdict.refuted("x"))


def test_an_external_control_keeps_the_budget_timeout(tmp_path: Path) -> None:
    slow = _script(tmp_path, "slow.sh", "sleep 3; exit 0")
    run = SatRun(ExternalBudget(external=slow, timeout=0.3))
    with pytest.raises(ExternalSolverError, match="no answer within 0.3 s") as info:
        run._external_control(slow, ClauseBuffer([[1]]), [])
    assert info.value.unknown


def test_every_verdict_carries_the_run_fields() -> None:
    run = SatRun(Budget())
    sink, _ = run.new()
    sink.add_clause([1])
    assert run.solve(sink) == [1]
    for v in (run.verdict(counterexample="LR"), run.verdict(unknown="why")):
        assert v.instance == {"vars": 1, "clauses": 1} and v.solver == "cadical195", v
    empty = SatRun(Budget())
    empty.coverage("rows", True, "")
    v = empty.verdict(detail="d")
    assert v.status == "vacuous" and v.controls == {"passed": 1, "total": 1,
                                                    "coverage": "count"}
    run.misfits.extend(f"instance {i}: bad" for i in range(1, 5))
    v = run.verdict()
    assert v.reason == ("certificate does not fit its answer: instance 1: bad; instance 2: "
                        "bad; instance 3: bad")
    assert v.instance == {"vars": 1, "clauses": 1} and v.solver == "cadical195"


def test_three_failures_are_all_shown_without_more() -> None:
    run = SatRun(Budget())
    for i in range(3):
        run.coverage("rows", False, f"m{i}")
    assert run.verdict().reason == ("control failed: coverage control (rows): m0; coverage "
                                    "control (rows): m1; coverage control (rows): m2")


def test_solve_cnf_hands_the_external_solver_its_proof_flag_and_timeout(
        tmp_path: Path) -> None:
    out = solve_cnf(ClauseBuffer(UNSAT), ExternalBudget(external="picosat"))
    assert (out.sat, out.solver, out.certificate) == (False, "external:picosat", None)
    slow = _script(tmp_path, "slow.sh", "sleep 3; exit 0")
    with pytest.raises(ExternalSolverError, match="no answer within 0.3 s") as info:
        solve_cnf(ClauseBuffer(UNSAT), ExternalBudget(external=slow, timeout=0.3))
    assert info.value.unknown


def test_samples_give_up_after_eight_draws_per_sample() -> None:
    calls: list[int] = []

    def draw(rng: random.Random) -> str:
        calls.append(1)
        return "same" if len(calls) <= 16 else f"new{len(calls)}"

    assert SatRun(Budget()).samples(draw, k=2) == ["same"] and len(calls) == 16


def test_a_live_solver_run_names_its_solver() -> None:
    run = SatRun(Budget(solver="minisat22"))
    sink, _ = run.new()
    sink.add_clause([1])
    run.solve(sink)
    assert run.verdict().solver == "minisat22"
