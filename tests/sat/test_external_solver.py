"""``cgsat check --external-solver CMD`` (issue 16, part 3; :mod:`cgsat.sat.external`).

An external DIMACS solver from Debian (picosat or cryptominisat5) agrees with the built-in
solver on every size of several claims, a refuted one included (its counterexample
replayed by the direct solver); its results are stored apart from PySAT's. Fake solvers
that print garbage, ``s UNKNOWN``, a wrong model, a bad proof, crash or hang give an error
or unknown, never "holds"; one that writes a correct DRAT proof gets it checked.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import sys

import pytest

from cgsat.api import check
from cgsat.claims import Budget
from cgsat.cli import main
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.engine.runner import run_checks
from cgsat.engine.store import Store
from cgsat.errors import CgsatInputError
from cgsat.sat.external import ExternalSolverError, parse_output, solve_external
from cgsat.sat.solve import ExternalBudget, SatRun, solve_cnf
from wrong_claims import wrong_peaks_claim

EXTERNAL = next((cmd for cmd in ("picosat", "cryptominisat5 --verb 0")
                 if shutil.which(cmd.split()[0])), None)
needs_external = pytest.mark.skipif(
    EXTERNAL is None, reason="neither picosat nor cryptominisat5 is installed "
                             "(.ci/run installs them with apt-get)")

CLAIMS = [("timber.thm2.3", 6), ("toppling.conj22", 5), ("caterpillars.even-edges", 5),
          ("caterpillars.thm3.1", 5)]


@needs_external
@pytest.mark.parametrize(("claim", "up_to"), CLAIMS)
def test_external_solver_agrees_with_the_builtin_one(claim, up_to):
    ours = check(claim, up_to, methods="sat", jobs=2, memory_limit=None)
    theirs = check(claim, up_to, methods="sat", jobs=2, memory_limit=None,
                   external_solver=EXTERNAL)
    assert [(r.n, r.status) for r in theirs.results] == [(r.n, r.status) for r in ours.results]
    assert any(r.status == "holds" for r in theirs.results)
    name = "external:" + EXTERNAL.split()[0]
    assert {r.solver for r in theirs.results if r.status == "holds"} == {name}
    assert theirs.exit_code == 0 and not theirs.problems


@needs_external
def test_external_solver_refutes_a_wrong_claim_with_a_replayed_counterexample(tmp_path):
    claim = wrong_peaks_claim()
    with Store(str(tmp_path / "neg.sqlite")) as store:
        summary = run_checks([claim], {claim.id: ["sat"]}, {claim.id: range(0, 8)},
                             ExternalBudget(timeout=120, external=EXTERNAL), store, jobs=2)
    assert summary.problems == []
    got = {r.n: r for r in summary.results}
    assert all(got[n].status == "holds" for n in range(6))
    assert got[6].status == "refuted" and got[6].counterexample == "LRLRLR"
    assert got[6].solver == "external:" + EXTERNAL.split()[0]
    assert claim.confirm(6, got[6].counterexample)


@needs_external
def test_external_results_are_stored_apart_from_pysat(tmp_path, capsys):
    db = str(tmp_path / "r.sqlite")
    base = ["check", "timber.thm2.3", "--up-to", "3", "--method", "sat", "--db", db,
            "--jobs", "1", "--json"]
    assert main([*base, "--external-solver", EXTERNAL]) == 0
    assert main(base) == 0  # nothing of the external run is reused for PySAT
    assert '"reused": true' not in capsys.readouterr().out
    assert main([*base, "--external-solver", EXTERNAL]) == 0  # reused: same key
    assert '"reused": false' not in capsys.readouterr().out
    keys = sqlite3.connect(db).execute(
        "SELECT solver, solver_used, COUNT(*) FROM runs GROUP BY solver, solver_used").fetchall()
    name = "external:" + EXTERNAL.split()[0]
    assert sorted(keys) == [("cadical195", "cadical195", 4), (name, name, 4)]


@needs_external
def test_confirm_with_works_beside_an_external_solver():
    r = check("timber.thm2.3", 4, methods="sat", jobs=1, memory_limit=None,
              external_solver=EXTERNAL, confirm_with="minisat22")
    assert all(x.status == "holds" for x in r.results)
    assert {x.certificate["kind"] for x in r.results} == {"second-solver"}
    assert {x.certificate["checker"] for x in r.results} == {"minisat22"}


# -- fake solvers -------------------------------------------------------------------------

def _script(tmp_path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)
    return str(path)


PROVER = """\
import sys
from pysat.formula import CNF
from pysat.solvers import Solver
with Solver(name="cadical195", bootstrap_with=CNF(from_file=sys.argv[1]).clauses,
            with_proof=True) as s:
    if s.solve():
        print("s SATISFIABLE")
        print("v " + " ".join(map(str, s.get_model())) + " 0")
        sys.exit(10)
    with open(sys.argv[2], "w") as f:
        f.write("\\n".join(s.get_proof()) + "\\n")
    print("s UNSATISFIABLE")
    sys.exit(20)
"""


@pytest.mark.parametrize(("body", "status", "why"), [
    ("echo hello", "error", "no 's' line"),
    ("echo 's UNKNOWN'", "unknown", "s UNKNOWN"),
    ("echo 's SATISFIABLE'; echo 'v 1 0'; exit 10", "error", "violates the formula"),
    ("echo 's SATISFIABLE'; echo 'v 1 0'; exit 20", "error", "exit code 20"),
    ("echo 's UNSATISFIABLE'; exit 10", "error", "exit code 10"),
    ("echo 's SATISFIABLE'; exit 10", "error", "without a complete model"),
    ("echo 's MAYBE'", "error", "unexpected answer"),
    ("kill -SEGV $$", "error", "signal"),
    ("exit 1", "error", "no 's' line"),
])
def test_a_bad_external_solver_never_holds(tmp_path, body, status, why):
    cmd = _script(tmp_path, "fake.sh", body)
    r = check("timber.thm2.3", 3, from_n=3, methods="sat", jobs=1, memory_limit=None,
              external_solver=cmd)
    (res,) = r.results
    assert res.status == status, res
    assert why in (res.reason or ""), res.reason
    assert r.exit_code != 0


def test_a_hanging_external_solver_is_unknown(tmp_path):
    cmd = _script(tmp_path, "slow.sh", "sleep 30; echo 's UNSATISFIABLE'")
    r = check("timber.thm2.3", 3, from_n=3, methods="sat", jobs=1, memory_limit=None,
              external_solver=cmd, timeout=2)
    (res,) = r.results
    assert res.status == "unknown" and res.reason == "timeout 2s", res
    assert r.exit_code == 5


def test_a_checked_drat_proof_certifies_an_external_unsat(tmp_path):
    prover = tmp_path / "prover.py"
    prover.write_text(PROVER)
    cmd = f"{sys.executable} {prover} {{cnf}} {{proof}}"
    r = check("timber.thm2.3", 4, methods="sat", jobs=1, memory_limit=None,
              external_solver=cmd, proof=True)
    assert all(x.status == "holds" for x in r.results)
    assert all(x.certificate["kind"] == "drat" and x.certificate["verdict"] == "verified"
               for x in r.results)


def test_a_bad_drat_proof_is_an_error(tmp_path):
    cmd = _script(tmp_path, "liar.sh", "echo 0 > \"$2\"; echo 's UNSATISFIABLE'; exit 20")
    r = check("timber.thm2.3", 3, from_n=3, methods="sat", jobs=1, memory_limit=None,
              external_solver=cmd + " {cnf} {proof}")
    (res,) = r.results
    assert res.status == "error" and "rejected" in (res.reason or ""), res
    assert r.exit_code == 3


def test_proof_needs_a_proof_placeholder(capsys):
    code = main(["check", "timber.thm2.3", "--up-to", "2", "--proof",
                 "--external-solver", "picosat"])
    err = capsys.readouterr().err
    assert code == 2 and "{proof}" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("cmd", ["", "'unbalanced"])
def test_an_unparsable_command_is_bad_input(capsys, cmd):
    assert main(["check", "timber.thm2.3", "--up-to", "2", "--external-solver", cmd]) == 2
    err = capsys.readouterr().err
    assert "--external-solver" in err and len(err.strip().splitlines()) == 1


def test_a_missing_program_is_bad_input(tmp_path, capsys):
    with pytest.raises(CgsatInputError, match="cannot run"):
        solve_external("/no/such/solver", ClauseBuffer([[1]]))
    for cmd in ("/no/such/solver", "no-such-solver-xyz --verb 0",
                str(tmp_path / "not-executable")):
        (tmp_path / "not-executable").write_text("#!/bin/sh\n")
        assert main(["check", "timber.thm2.3", "--up-to", "2", "--method", "sat",
                     "--db", str(tmp_path / "r.sqlite"), "--external-solver", cmd]) == 2
        err = capsys.readouterr().err
        assert "--external-solver" in err and len(err.strip().splitlines()) == 1
        assert "DISAGREEMENT" not in err


# -- controls run on the external solver (issue 24, item 3) ------------------------------


@pytest.mark.parametrize(("name", "body"), [
    ("always-unsat", "echo 's UNSATISFIABLE'; exit 20"),
    ("silent", "exit 0"),
    ("silent-20", "exit 20"),
])
def test_a_solver_that_cannot_say_yes_fails_its_controls(tmp_path, capsys, name, body):
    cmd = _script(tmp_path, f"{name}.sh", body)
    code = main(["check", "timber.thm2.3", "--from", "2", "--up-to", "3", "--method", "sat",
                 "--jobs", "1", "--db", str(tmp_path / "r.sqlite"), "--external-solver", cmd,
                 "--json"])
    results = json.loads(capsys.readouterr().out)["results"]
    assert code == 3
    assert {r["status"] for r in results} == {"error"}, results


def test_an_always_unsat_solver_fails_the_sample_controls(tmp_path):
    """The sample controls themselves fail (the reason says so), not only the main solve."""
    cmd = _script(tmp_path, "unsat.sh", "echo 's UNSATISFIABLE'; exit 20")
    r = check("timber.thm2.3", 3, from_n=3, methods="sat", jobs=1, memory_limit=None,
              external_solver=cmd)
    (res,) = r.results
    assert res.status == "error" and "sample control" in res.reason, res
    assert res.controls["passed"] == 0 and res.controls["total"] >= 1


def test_a_solver_whose_models_violate_the_formula_fails_its_controls(tmp_path):
    """SAT with an all-false model on every call: the controls check the model."""
    body = ("n=$(grep '^p cnf' \"$1\" | cut -d' ' -f3); echo 's SATISFIABLE'; "
            "printf 'v'; i=1; while [ $i -le $n ]; do printf ' -%d' $i; i=$((i+1)); done; "
            "echo ' 0'; exit 10")
    cmd = _script(tmp_path, "false-model.sh", body)
    r = check("timber.thm2.3", 3, from_n=3, methods="sat", jobs=1, memory_limit=None,
              external_solver=cmd)
    (res,) = r.results
    assert res.status == "error", res
    assert r.exit_code == 3


def test_a_correct_external_solver_answers_the_controls(tmp_path, monkeypatch):
    """The controls really go to the external solver: a correct one (PySAT behind a
    script) passes them all, and is called once per control and instance."""
    prover = tmp_path / "prover.py"
    prover.write_text(PROVER)
    log = tmp_path / "calls"
    cmd = _script(tmp_path, "logged.sh", f"echo x >> {log}; exec {sys.executable} "
                                         f"{prover} \"$1\" /dev/null")
    r = check("timber.thm2.3", 3, from_n=3, methods="sat", jobs=1, memory_limit=None,
              external_solver=cmd)
    (res,) = r.results
    assert res.status == "holds", res
    assert res.controls["passed"] == res.controls["total"] >= 2
    assert len(log.read_text().split()) == res.controls["total"] + 1


def test_parse_output_reads_models_over_several_lines():
    assert parse_output("c x\ns SATISFIABLE\nv 1 -2\nv -3 4 0\n", 10) == (True, [1, -2, -3, 4])
    assert parse_output("s UNSATISFIABLE\n", 0) == (False, None)
    with pytest.raises(ExternalSolverError):
        parse_output("s SATISFIABLE\ns UNSATISFIABLE\n", 0)
    with pytest.raises(ExternalSolverError, match="malformed"):
        parse_output("s SATISFIABLE\nv 1 x 0\n", 10)


@needs_external
def test_solve_cnf_names_the_external_solver_and_checks_its_model():
    budget = ExternalBudget(external=EXTERNAL)
    out = solve_cnf(ClauseBuffer([[1, 2], [-1]]), budget)
    assert out.sat and out.true_vars() == {2}
    assert out.solver == "external:" + EXTERNAL.split()[0]
    assert out.certificate["kind"] == "model"
    assert not solve_cnf(ClauseBuffer([[1], [-1]]), budget).sat


def test_an_all_sat_size_keeps_its_model_certificates():
    """Issue 12's leftover: a size whose instances were all SAT (witnesses) and whose
    verdict is holds carries the certificates of those answers."""
    run = SatRun(Budget(confirm_with="minisat22"))
    for _ in range(2):
        sink, pool = run.new()
        sink.add_clause([pool.id("a"), pool.id("b")])
        assert run.solve(sink) is not None
    v = run.verdict()
    assert v.status == "holds" and v.certificate["kind"] == "second-solver"
    run = SatRun(Budget(proof=True))
    sink, pool = run.new()
    sink.add_clause([pool.id("a")])
    assert run.solve(sink) is not None
    assert run.verdict().certificate["kind"] == "model"
    # a live (uncertified) solve among them leaves the size without a certificate
    run = SatRun(Budget())
    sink, _ = run.buffer()
    sink.add_clause([1])
    run.solve(sink)
    live, pool = run.new()
    live.add_clause([pool.id("a")])
    run.solve(live)
    assert run.verdict().certificate is None
