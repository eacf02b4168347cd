""":mod:`cgsat.engine.runner`: nothing lost, nothing silently cut short. The current verdict
beside the run history (``--force``, conflicts), size order and refutation cut-offs, error
and vacuous verdicts, the solver named, ``--controls`` and seeds, and bounds of changed code
shown as awaiting rerun."""

from __future__ import annotations

import json
import os
import time
from dataclasses import replace

import pytest

from cgsat.claims import Budget, Claim, Method, Verdict
from cgsat.cli import main
from cgsat.engine.fingerprint import method_fingerprint
from cgsat.engine.runner import run_checks
from cgsat.engine.store import Store
from cgsat.report import build_report
from cgsat.vacuity import with_vacuity


def _claim(claim_id: str, *methods: Method, quick: int = 5, confirm=None) -> Claim:
    return Claim(id=claim_id, paper="Test", theorem="Test 0", statement="test claim",
                 kind="theorem", parameter="n", base=0, quick_bound=quick,
                 target_bound=quick, methods=methods,
                 confirm=confirm or (lambda n, cex: True))


def _cli(args: list[str], capsys) -> tuple[int, list[dict] | None, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, (json.loads(out)["results"] if "--json" in args else None), err


# -- the current verdict, --force, conflicts ---------------------------------------------


def _slow_if_flag(n: int, budget: Budget) -> Verdict:
    if n == 2 and os.environ.get("CGSAT_TEST_FLAG") and os.path.exists(
            os.environ["CGSAT_TEST_FLAG"]):
        time.sleep(30)
    return Verdict.holds()


def test_force_with_a_short_timeout_keeps_holds_current(tmp_path, register, capsys,
                                                        monkeypatch):
    flag = tmp_path / "slow"
    monkeypatch.setenv("CGSAT_TEST_FLAG", str(flag))
    claim = _claim("test.force", Method("m", _slow_if_flag, "all"), quick=2)
    register(claim)
    db = str(tmp_path / "r.sqlite")
    assert _cli(["check", "test.force", "--db", db], capsys)[0] == 0
    flag.write_text("")
    code, results, err = _cli(["check", "test.force", "--force", "--timeout", "0.5",
                               "--jobs", "1", "--db", db, "--json"], capsys)
    assert code == 5 and "n=2 timed out at 0.5 s" in err
    assert {r["n"]: r["status"] for r in results} == {0: "holds", 1: "holds", 2: "unknown"}
    fp = method_fingerprint(claim, claim.methods[0])
    with Store(db) as store:
        current = store.current("test.force", 2, "m", "", fp)
        assert current.row.status == "holds"  # the unknown run did not replace it
        assert [r.status for r in current.history] == ["holds", "unknown"]
    flag.unlink()
    code, results, _ = _cli(["check", "test.force", "--db", db, "--json"], capsys)
    assert code == 0 and all(r["reused"] and r["status"] == "holds" for r in results)


def test_holds_and_refuted_under_one_fingerprint_exit_3(tmp_path, register, capsys):
    claim = _claim("test.conflict", Method("m", lambda n, b: Verdict.holds(), "all"),
                   quick=1)
    register(claim)
    db = str(tmp_path / "r.sqlite")
    assert _cli(["check", "test.conflict", "--db", db], capsys)[0] == 0
    with Store(db) as store:
        row = store.current("test.conflict", 1, "m", "",
                            method_fingerprint(claim, claim.methods[0])).row
        row.status, row.counterexample, row.id = "refuted", "X", None
        store.put(row)
    code, _, err = _cli(["check", "test.conflict", "--db", db], capsys)
    assert code == 3 and "both holds and refuted" in err
    with Store(db) as store:
        doc = build_report(store)
    entry = next(c for c in doc["claims"] if c["id"] == "test.conflict")
    assert {r["n"]: r["status"] for r in entry["runs"]} == {0: "holds", 1: "conflict"}
    assert entry["verified"] == {"m": 0}


# -- size order and refutation cut-offs -----------------------------------------------------


def _backwards(n: int, budget: Budget) -> Verdict:
    time.sleep(0.15 * (5 - n))  # larger sizes finish first
    return Verdict.holds()


def test_results_come_in_size_order(tmp_path, register):
    claim = _claim("test.order", Method("m", _backwards, "all"), quick=4)
    register(claim)
    seen: list[int] = []
    with Store(str(tmp_path / "r.sqlite")) as store:
        run_checks([claim], {claim.id: ["m"]}, {claim.id: range(5)}, Budget(), store,
                   jobs=2, on_result=lambda r: seen.append(r.n))
    assert seen == [0, 1, 2, 3, 4]


def _refutes_from_3(n: int, budget: Budget) -> Verdict:
    if n == 3:
        time.sleep(0.8)  # the smallest refutation comes back last
    return Verdict.refuted(f"x{n}") if n >= 3 else Verdict.holds()


def test_refutation_cutoff_makes_reruns_repeatable(tmp_path, register, capsys):
    register(_claim("test.cut", Method("m", _refutes_from_3, "all"), quick=6))
    db = str(tmp_path / "r.sqlite")
    args = ["check", "test.cut", "--jobs", "2", "--db", db, "--json"]
    runs = []
    for _ in range(2):
        code, results, err = _cli(args, capsys)
        assert code == 1
        runs.append([(r["n"], r["status"], r["counterexample"], r["reason"]) for r in results])
        assert err.count("REFUTED") == 1
    assert runs[0] == runs[1]
    assert runs[0][3] == (3, "refuted", "x3", None)
    assert runs[0][4:] == [(n, "unknown", None, "skipped: refuted at n=3") for n in (4, 5, 6)]
    with Store(db) as store:
        assert [r.n for r in store.rows("test.cut") if r.status == "refuted"] == [3]
        doc = build_report(store)
    entry = next(c for c in doc["claims"] if c["id"] == "test.cut")
    assert [(x["n"], x["method"], x["position"]) for x in entry["counterexamples"]] == [
        (3, "m", "x3")]
    # a run above the refutation schedules nothing and stores nothing
    code, results, _ = _cli(["check", "test.cut", "--from", "5", "--db", db, "--json"], capsys)
    assert code == 0 and {r["reason"] for r in results} == {"skipped: refuted at n=3"}


# -- error, vacuous, solver naming, controls and seeds ---------------------------------------


def test_error_exits_3_and_is_retried(tmp_path, register, capsys):
    def failing(n: int, budget: Budget) -> Verdict:
        if n == 1:
            return Verdict.error("control failed: sample control at LR: differs",
                                 controls={"passed": 0, "total": 1})
        return Verdict.holds(controls={"passed": 1, "total": 1})

    register(_claim("test.err", Method("sat", failing, "all", uses_solver=True), quick=2))
    db = str(tmp_path / "r.sqlite")
    for _ in range(2):
        code, results, err = _cli(["check", "test.err", "--db", db, "--json"], capsys)
        assert code == 3 and "control failed" in err
        by_n = {r["n"]: r for r in results}
        assert by_n[1]["status"] == "error" and not by_n[1]["reused"]
        assert by_n[1]["controls"] == {"passed": 0, "total": 1}
    assert by_n[0]["reused"] and by_n[0]["controls"] == {"passed": 1, "total": 1}


def test_vacuous_is_shown_stored_retried_and_never_verified(tmp_path, register, capsys):
    def empty_at_1(n: int, budget: Budget) -> Verdict:
        return Verdict.vacuous("no position of size 1") if n == 1 else Verdict.holds()

    # the record says size 1 is vacuous (cgsat.vacuity), so the method is not asked there
    register(with_vacuity(_claim("test.vac", Method("m", empty_at_1, "all"), quick=2),
                          lambda n: "no position of size 1" if n == 1 else None))
    db = str(tmp_path / "r.sqlite")
    code, results, _ = _cli(["check", "test.vac", "--db", db, "--json"], capsys)
    assert code == 0 and results[1]["status"] == "vacuous"
    code, results, _ = _cli(["check", "test.vac", "--db", db, "--json"], capsys)
    assert results[1]["status"] == "vacuous" and not results[1]["reused"]  # retried
    assert results[0]["reused"]
    with Store(db) as store:
        entry = next(c for c in build_report(store)["claims"] if c["id"] == "test.vac")
    assert entry["verified"] == {"m": 2}  # the vacuous size 1 neither counts nor breaks
    assert {r["n"]: r["status"] for r in entry["runs"]}[1] == "vacuous"


def test_a_refutation_names_a_solver_only_when_one_ran(tmp_path, register, capsys):
    register(
        _claim("test.nosolver", Method("sat", lambda n, b: Verdict.refuted("LR"), "all",
                                       uses_solver=True), quick=0),
        _claim("test.solver", Method("sat", lambda n, b: Verdict.refuted(
            "LR", solver=b.solver), "all", uses_solver=True), quick=0),
    )
    db = str(tmp_path / "r.sqlite")
    code, results, err = _cli(["check", "test.nosolver", "test.solver", "--db", db,
                               "--json"], capsys)
    assert code == 1
    assert {r["claim"]: r["solver"] for r in results} == {"test.nosolver": None,
                                                          "test.solver": "cadical195"}
    assert "REFUTED test.nosolver at n=0 by sat: LR" in err
    assert "REFUTED test.solver at n=0 by sat (cadical195): LR" in err
    _, results, _ = _cli(["check", "test.nosolver", "--db", db, "--json"], capsys)
    assert results[0]["reused"] and results[0]["solver"] is None


def _echo_budget(n: int, budget: Budget) -> Verdict:
    return Verdict.holds(detail=f"{budget.controls}|{budget.seed}",
                         controls={"passed": budget.controls, "total": budget.controls})


def test_controls_option_and_seed(tmp_path, register, capsys):
    claim = _claim("test.seed", Method("sat", _echo_budget, "all", uses_solver=True), quick=1)
    register(claim)
    db = str(tmp_path / "r.sqlite")
    code, results, _ = _cli(["check", "test.seed", "--controls", "3", "--db", db, "--json"],
                            capsys)
    assert code == 0 and results[1]["controls"] == {"passed": 3, "total": 3}
    fp = method_fingerprint(claim, claim.methods[0])
    with Store(db) as store:
        row = store.current("test.seed", 1, "sat", "cadical195", fp).row
    assert row.detail == "3|test.seed:1:sat" and row.controls_asked == 3
    _, results, _ = _cli(["check", "test.seed", "--controls", "2", "--db", db, "--json"],
                         capsys)
    assert all(r["reused"] for r in results)
    _, results, _ = _cli(["check", "test.seed", "--controls", "5", "--db", db, "--json"],
                         capsys)
    assert not any(r["reused"] for r in results)  # fewer controls than asked: rerun
    for bad in ("-1", "x"):
        with pytest.raises(SystemExit) as exc:
            main(["check", "test.seed", "--controls", bad, "--db", db])
        assert exc.value.code == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "--controls" in err


def test_help_documents_the_default_timeout(capsys):
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "default 60" in text and "--controls" in text


def _holds_again(n: int, budget: Budget) -> Verdict:  # a second run function: new code
    return Verdict.holds()


def test_bounds_of_changed_code_are_shown_as_awaiting_rerun(tmp_path, register, capsys):
    from cgsat.report.html import render_html
    from cgsat.report.markdown import render_markdown

    old = _claim("test.rerun", Method("m", lambda n, b: Verdict.holds(), "all"), quick=3)
    register(old)
    db = str(tmp_path / "r.sqlite")
    assert _cli(["check", "test.rerun", "--db", db], capsys)[0] == 0
    new = replace(_claim("test.rerun", Method("m", _holds_again, "all"), quick=1),
                  target_bound=3)
    register(new)
    assert _cli(["check", "test.rerun", "--db", db], capsys)[0] == 0
    with Store(db) as store:
        doc = build_report(store)
    entry = next(c for c in doc["claims"] if c["id"] == "test.rerun")
    assert entry["verified"] == {"m": 1}  # only the current code's rows count
    earlier = entry["earlier_code"]["m"]
    assert earlier["verified"] == 3
    assert earlier["awaiting"] and earlier["rerun_reaches"] == 3
    assert earlier["fingerprint"] != method_fingerprint(new, new.methods[0])
    text = render_markdown(doc)
    assert "## Awaiting rerun" in text and "| `test.rerun` | m | 3 |" in text
    assert "## Earlier code beyond the target" not in text
    # a target lowered to what the current code has: the earlier bound is beyond it, so
    # nothing awaits a rerun, and the earlier bound is still shown (not counted)
    register(replace(new, target_bound=1))
    with Store(db) as store:
        doc = build_report(store)
    earlier = next(c for c in doc["claims"] if c["id"] == "test.rerun")["earlier_code"]["m"]
    assert not earlier["awaiting"] and earlier["rerun_reaches"] == 1
    text = render_markdown(doc)
    assert "## Awaiting rerun" not in text
    assert "## Earlier code beyond the target" in text and "| `test.rerun` | m | 3 |" in text
    html = render_html(doc)
    assert "Awaiting rerun" not in html and "Earlier code beyond the target" in html
    register(new)
    register(_claim("test.rerun", Method("m", _holds_again, "all"), quick=3))
    assert _cli(["check", "test.rerun", "--db", db], capsys)[0] == 0
    with Store(db) as store:  # once the new code reaches as far, nothing awaits
        assert next(c for c in build_report(store)["claims"]
                    if c["id"] == "test.rerun")["earlier_code"] == {}
