"""Issue 24, items 4 and 5: certificates fit their answers, and no later run displaces a
decided verdict.

- A ``model`` certificate certifies SAT answers only, a DRAT proof UNSAT answers only; a
  row whose certificate does not fit its answer is read as ``error`` by the store and the
  report, and a check whose solve path mislabels an answer ends ``error`` (exit 3).
- ``--proof`` reuses a stored holds only with a *verified* proof, ``--confirm-with X``
  only with X's agreement.
- A later ``error`` keeps a decided verdict: ``check --json`` marks the new result
  ``disagrees_with_stored`` and exits 3, the report keeps the bound and lists the
  disagreement first.
"""

from __future__ import annotations

import json

import pytest

from cgsat.claims import Budget
from cgsat.cli import main
from cgsat.engine.runner import reusable
from cgsat.engine.store import Row, Store, derive, vet
from cgsat.report import build_report, render_markdown
from cgsat.sat import solve as solve_path
from cgsat.sat.certificates import combine, fits, is_certified, misfit

CLAIM = "timber.thm2.3"


def _cert(kind: str, answer: str | None, verdict: str = "verified",
          checker: str = "clause-check") -> dict[str, str]:
    cert = {"kind": kind, "checker": checker, "verdict": verdict, "sha256": "0"}
    if answer is not None:
        cert["answer"] = answer
    return cert


# -- certificates fit their answers ------------------------------------------------------


@pytest.mark.parametrize(("kind", "answer", "status", "fit"), [
    ("model", "sat", "holds", True),
    ("model", "unsat", "holds", False),          # the case
    ("drat", "unsat", "holds", True),
    ("drat", "sat", "holds", False),
    ("second-solver", "unsat", "holds", True),
    ("second-solver", "sat", "holds", True),
    ("drat+model", "sat+unsat", "holds", True),
    ("drat+model", "unsat", "holds", False),
    ("model", "sat+unsat", "holds", False),      # an UNSAT answer with no proof
    ("model", "sat", "refuted", True),
    ("drat", "unsat", "refuted", False),
    ("guess", "unsat", "holds", False),
    ("drat", "maybe", "holds", False),
    # rows stored before the answer field: read by the rule of their time
    ("model", None, "holds", True),
    ("drat", None, "holds", True),
])
def test_misfit(kind, answer, status, fit):
    cert = _cert(kind, answer)
    assert (misfit(cert, status) is None) is fit
    if status == "holds" and not fit:
        assert not is_certified(cert)


def test_a_model_certificate_on_an_unsat_answer_certifies_nothing():
    assert is_certified(_cert("model", "sat"))
    assert not is_certified(_cert("model", "unsat"))
    assert not is_certified(_cert("drat", "unsat", verdict="unchecked"))
    assert fits(_cert("model", "sat"), sat=False) is not None  # names the other answer
    assert fits(_cert("drat", "unsat"), sat=False) is None
    both = combine([_cert("drat", "unsat"), _cert("model", "sat")])
    assert both["answer"] == "sat+unsat" and is_certified(both)


def test_the_solve_path_names_the_answer_it_certifies():
    from cgsat.encodings.cnf import ClauseBuffer

    unsat = solve_path.solve_cnf(ClauseBuffer([[1], [-1]]), Budget(proof=True))
    sat = solve_path.solve_cnf(ClauseBuffer([[1, 2]]), Budget(proof=True))
    assert unsat.certificate["answer"] == "unsat" and unsat.certificate["kind"] == "drat"
    assert sat.certificate["answer"] == "sat" and sat.certificate["kind"] == "model"


def test_the_store_reads_a_misfit_row_as_error_whatever_came_before():
    good = Row(CLAIM, 5, "sat", "cadical195", "0", "holds", id=1,
               certificate=json.dumps(_cert("drat", "unsat", checker="cgsat-drat")))
    bad = Row(CLAIM, 5, "sat", "cadical195", "0", "holds", id=2,
              certificate=json.dumps(_cert("model", "unsat")))
    assert vet(good) is good
    assert vet(bad).status == "error" and "model certificate" in vet(bad).reason
    current = derive([good, bad])
    assert current.row.status == "error" and current.row.id == 2
    assert reusable(current, Budget(), True) is None
    # an unreadable certificate does not fit anything either
    assert vet(Row(CLAIM, 5, "sat", "x", "0", "holds", certificate="{")).status == "error"


def _lying_solve_cnf(monkeypatch):
    """The solve path with a bug: every UNSAT answer gets a model certificate."""
    real = solve_path.solve_cnf

    def lying(cnf, budget):
        out = real(cnf, budget)
        if not out.sat:
            out.certificate = _cert("model", "sat")
        return out

    monkeypatch.setattr(solve_path, "solve_cnf", lying)


def test_a_check_whose_unsat_answers_carry_model_certificates_ends_error(
        tmp_path, monkeypatch, capsys):
    _lying_solve_cnf(monkeypatch)
    db = str(tmp_path / "r.sqlite")
    code = main(["check", CLAIM, "--from", "3", "--up-to", "4", "--method", "sat", "--proof",
                 "--jobs", "1", "--db", db, "--json"])
    results = json.loads(capsys.readouterr().out)["results"]
    assert code == 3
    assert {r["status"] for r in results} == {"error"}
    assert all("does not fit its answer" in r["reason"] for r in results)


def test_the_runner_vets_a_verdict_whose_certificate_does_not_fit(tmp_path, monkeypatch,
                                                                  capsys):
    """A method that hands back a holds with a model certificate naming an UNSAT answer
    (the solve path bypassed) is an error too: the runner checks every verdict."""
    from cgsat.claims import Claim, Method, Verdict
    from cgsat.papers import registry

    def run(n, budget):
        return Verdict.holds(certificate=_cert("model", "unsat"), controls={"passed": 1,
                                                                            "total": 1})

    claim = Claim(id="test.misfit", paper="Test", theorem="T", statement="s",
                  kind="theorem", parameter="n", base=0, quick_bound=1, target_bound=1,
                  methods=(Method("sat", run, "all", uses_solver=True),
                           Method("other", lambda n, b: Verdict.holds(), "all")))
    monkeypatch.setitem(registry._CLAIMS, claim.id, claim)
    code = main(["check", "test.misfit", "--method", "sat", "--jobs", "1",
                 "--db", str(tmp_path / "r.sqlite"), "--json"])
    results = json.loads(capsys.readouterr().out)["results"]
    assert code == 3
    assert {r["status"] for r in results} == {"error"}


# -- reuse under --proof and --confirm-with --------------------------------------------------


@pytest.mark.parametrize(("cert", "proof_reuse"), [
    (_cert("drat", "unsat", checker="cgsat-drat"), True),
    (_cert("drat", "unsat", verdict="unchecked", checker="cgsat-drat"), False),
    (_cert("drat", "unsat", verdict="too-large", checker="cgsat-drat"), False),
    (_cert("second-solver", "unsat", checker="glucose4"), False),
    (_cert("model", "sat"), True),             # every answer SAT, each model checked
    (None, False),
])
def test_proof_reuse_needs_a_verified_proof(cert, proof_reuse):
    row = Row(CLAIM, 5, "sat", "cadical195", "0", "holds", controls_asked=16, id=1,
              certificate=json.dumps(cert) if cert else None)
    assert (reusable(derive([row]), Budget(proof=True), True) is not None) is proof_reuse


def test_confirm_with_reuse_needs_that_solver():
    row = Row(CLAIM, 5, "sat", "cadical195", "0", "holds", controls_asked=16, id=1,
              certificate=json.dumps(_cert("second-solver", "unsat", checker="glucose4")))
    current = derive([row])
    assert reusable(current, Budget(confirm_with="glucose4"), True) is row
    assert reusable(current, Budget(confirm_with="g4"), True) is row  # an alias
    assert reusable(current, Budget(confirm_with="minisat22"), True) is None


# -- a later error keeps a decided verdict ----------------------------------------------------


def test_a_later_error_keeps_the_verdict_and_is_a_disagreement():
    rows = [Row(CLAIM, 5, "sat", "x", "0", "holds", id=1),
            Row(CLAIM, 5, "sat", "x", "0", "error", reason="proof rejected", id=2),
            Row(CLAIM, 5, "sat", "x", "0", "unknown", reason="timeout 1s", id=3)]
    current = derive(rows)
    assert current.row.id == 1 and [r.id for r in current.disagreements] == [2]
    # an error before the decided verdict is history, not a disagreement
    assert derive([rows[1], rows[0]]).disagreements == []
    # errors alone: the latest error
    assert derive([rows[1], rows[2]]).row.id == 2


def test_a_rerun_whose_proof_checker_fails_keeps_the_bound(tmp_path, monkeypatch, capsys):
    """The issue's example: ``CGSAT_DRAT_TRIM=/bin/false --proof`` after a plain run."""
    db = str(tmp_path / "r.sqlite")
    base = ["check", CLAIM, "--up-to", "6", "--method", "sat", "--jobs", "2", "--db", db,
            "--json"]
    assert main(base) == 0
    capsys.readouterr()
    monkeypatch.setenv("CGSAT_DRAT_TRIM", "/bin/false")
    code = main([*base, "--proof"])
    out, err = capsys.readouterr()
    results = json.loads(out)["results"]
    assert code == 3
    errors = [r for r in results if r["status"] == "error"]
    assert errors and all(r["disagrees_with_stored"] for r in errors)
    assert "the stored verdict stands" in err
    with Store(db) as store:
        doc = build_report(store)
    entry = next(c for c in doc["claims"] if c["id"] == CLAIM)
    assert entry["verified"]["sat"] == 6
    assert {(d["n"], d["stored"], d["status"]) for d in doc["disagreements"]} == {
        (r["n"], "holds", "error") for r in errors}
    md = render_markdown(doc)
    assert md.index("## Disagreements to investigate") < md.index("## Findings")
    # without --proof the stored holds are reused, still with exit 0
    monkeypatch.delenv("CGSAT_DRAT_TRIM")
    assert main(base) == 0
    assert all(r["reused"] and not r["disagrees_with_stored"]
               for r in json.loads(capsys.readouterr().out)["results"])


# -- a later unknown keeps a decided verdict too ------------------------------------------------


def test_a_later_unknown_is_a_disagreement_unless_its_budget_ran_out():
    holds = Row(CLAIM, 5, "sat", "x", "0", "holds", id=1)
    later = [Row(CLAIM, 5, "sat", "x", "0", "unknown", reason=reason, id=i)
             for i, reason in enumerate(["timeout 1s", "memory: over 2.0 GiB",
                                         "z3 gave up (timeout)", "worker died (exit -6)",
                                         "external solver: no answer line",
                                         "internal error: KeyError: 3"], start=2)]
    current = derive([holds, *later])
    assert current.row.id == 1
    assert [r.id for r in current.disagreements] == [5, 6, 7]
    # an unknown before the decided verdict is history, not a disagreement
    assert derive([later[3], holds]).disagreements == []


def _unknown_run(reason: str):
    from cgsat.claims import Verdict
    from cgsat.engine.result import Ran

    def run(claim, method_name, n, budget):
        return Ran(Verdict.unknown(reason), 0.01)
    return run


def test_a_later_unknown_keeps_the_verdict_and_exits_3(tmp_path, monkeypatch, capsys):
    """``--force`` after a plain run, with every check now ending unknown for another
    reason than its budget (here an external solver's missing answer, by monkeypatch of
    the forked worker's task): the bound stays, each result disagrees, exit 3."""
    from cgsat.engine import task

    db = str(tmp_path / "r.sqlite")
    base = ["check", CLAIM, "--up-to", "4", "--method", "sat", "--jobs", "2", "--db", db,
            "--json"]
    assert main(base) == 0
    capsys.readouterr()
    monkeypatch.setattr(task, "_run", _unknown_run("external solver: no answer line"))
    code = main([*base, "--force"])
    out, err = capsys.readouterr()
    results = json.loads(out)["results"]
    assert code == 3, results
    assert results and all(r["status"] == "unknown" and r["disagrees_with_stored"]
                           for r in results)
    assert "this run says unknown (external solver: no answer line)" in err
    assert "the stored verdict stands" in err
    with Store(db) as store:
        doc = build_report(store)
    entry = next(c for c in doc["claims"] if c["id"] == CLAIM)
    assert entry["verified"]["sat"] == 4
    assert {(d["n"], d["stored"], d["status"]) for d in doc["disagreements"]} == {
        (r["n"], "holds", "unknown") for r in results}
    # the stored holds are still reused afterwards
    monkeypatch.undo()
    assert main(base) == 0
    assert all(r["reused"] for r in json.loads(capsys.readouterr().out)["results"])


def test_a_later_timeout_keeps_the_verdict_and_is_no_disagreement(tmp_path, monkeypatch,
                                                                   capsys):
    """A rerun killed at its (smaller) timeout says nothing against the stored verdict:
    the bound stays, the result is not a disagreement, and the run exits 5 (stopped
    short), not 3."""
    import time

    from cgsat.engine import task

    db = str(tmp_path / "r.sqlite")
    base = ["check", CLAIM, "--up-to", "3", "--method", "sat", "--jobs", "2", "--db", db,
            "--json"]
    assert main(base) == 0
    capsys.readouterr()
    real = task._run

    def slow(claim, method_name, n, budget):
        time.sleep(30)
        return real(claim, method_name, n, budget)

    monkeypatch.setattr(task, "_run", slow)
    code = main([*base, "--force", "--timeout", "1"])
    results = json.loads(capsys.readouterr().out)["results"]
    assert code == 5, results
    assert results[0]["status"] == "unknown" and results[0]["reason"] == "timeout 1s"
    assert not any(r["disagrees_with_stored"] for r in results)
    with Store(db) as store:
        doc = build_report(store)
    entry = next(c for c in doc["claims"] if c["id"] == CLAIM)
    assert entry["verified"]["sat"] == 3 and doc["disagreements"] == []
