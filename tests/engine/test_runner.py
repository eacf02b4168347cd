""":mod:`cgsat.engine.runner` through ``cgsat check``: negative controls are refuted by both
methods, exit codes for disagreeing methods and unconfirmed refutations, a timeout gives
unknown (never holds), reruns reuse holds and retry unknowns, a run killed mid-way resumes
without losing or repeating a size."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time

import pytest

from cgsat.claims import Budget, Claim, Method, Verdict
from cgsat.cli import main
from cgsat.engine.fingerprint import method_fingerprint
from cgsat.engine.runner import run_checks
from cgsat.engine.store import Row, Store
from cgsat.papers import registry
from wrong_claims import toggled_word_claim


def _claim(claim_id: str, methods: tuple[Method, ...], confirm=None, quick: int = 4) -> Claim:
    return Claim(id=claim_id, paper="Test", theorem="Test 0", statement="test claim",
                 kind="theorem", parameter="n", base=0, quick_bound=quick, target_bound=quick,
                 methods=methods, confirm=confirm)


def _run_cli(args: list[str], capsys) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


# -- negative controls ----------------------------------------------------------------




@pytest.mark.parametrize("word,misere", [("LLRR", False), ("LRRL", False), ("RLRL", True)])
def test_negative_control_is_refuted_by_both_methods(tmp_path, register, word, misere):
    """A Dyck (or X) condition perturbed at one length is refuted there, by both methods."""
    claim = toggled_word_claim("test.neg", word, misere)
    register(claim)
    with Store(str(tmp_path / "r.sqlite")) as store:
        summary = run_checks([claim], {claim.id: ["brute", "sat"]}, {claim.id: range(0, 9)},
                             Budget(timeout=60), store, jobs=2)
    assert summary.problems == []
    for method in ("brute", "sat"):
        mine = {r.n: r for r in summary.results if r.method == method}
        assert all(mine[n].status == "holds" for n in range(len(word)))
        first = mine[len(word)]
        assert first.status == "refuted"
        assert first.counterexample == word
        assert claim.confirm(len(word), word)
    assert summary.refuted


def test_negative_control_via_cli_exits_1(tmp_path, register, capsys):
    register(toggled_word_claim("test.neg", "LRLR"))
    code, out, err = _run_cli(["check", "test.neg", "--up-to", "5", "--db",
                               str(tmp_path / "r.sqlite"), "--json"], capsys)
    assert code == 1
    results = json.loads(out)["results"]
    refuted = [r for r in results if r["status"] == "refuted"]
    assert {(r["n"], r["method"], r["counterexample"]) for r in refuted if r["n"] == 4} == {
        (4, "brute", "LRLR"), (4, "sat", "LRLR")}


# -- exit codes -------------------------------------------------------------------------


def test_disagreeing_methods_exit_3(tmp_path, register, capsys):
    def holds(n: int, budget: Budget) -> Verdict:
        return Verdict.holds()

    def refutes_at_2(n: int, budget: Budget) -> Verdict:
        return Verdict.refuted("LR") if n == 2 else Verdict.holds()

    register(_claim("test.disagree", (Method("a", holds, "all"),
                                      Method("b", refutes_at_2, "all")),
                    confirm=lambda n, cex: True))
    code, _, err = _run_cli(["check", "test.disagree", "--db", str(tmp_path / "r.sqlite")],
                            capsys)
    assert code == 3
    assert "DISAGREEMENT" in err and "n=2" in err


def test_unconfirmed_refutation_exits_3(tmp_path, register, capsys):
    def refutes(n: int, budget: Budget) -> Verdict:
        return Verdict.refuted("RL")

    register(_claim("test.unconfirmed", (Method("a", refutes, "all"),),
                    confirm=lambda n, cex: False))
    code, _, err = _run_cli(["check", "test.unconfirmed", "--up-to", "1",
                             "--db", str(tmp_path / "r.sqlite")], capsys)
    assert code == 3 and "NOT confirmed" in err


def _sleepy(n: int, budget: Budget) -> Verdict:
    if n >= 1:
        time.sleep(30)
    return Verdict.holds()


def test_timeout_gives_unknown_not_holds(tmp_path, register, capsys):
    register(_claim("test.sleepy", (Method("slow", _sleepy, "all"),), quick=2))
    db = str(tmp_path / "r.sqlite")
    t0 = time.monotonic()
    code, out, err = _run_cli(["check", "test.sleepy", "--timeout", "0.5", "--jobs", "1",
                             "--db", db, "--json"], capsys)
    assert time.monotonic() - t0 < 20  # the worker was killed, not waited for
    assert code == 5  # stopped short of what it was asked for
    assert "test.sleepy slow: verified to 0 of 2: n=1 timed out at 0.5 s" in err
    by_n = {r["n"]: r for r in json.loads(out)["results"]}
    assert by_n[0]["status"] == "holds"
    assert by_n[1]["status"] == "unknown" and by_n[1]["reason"] == "timeout 0.5s"
    assert by_n[2]["status"] == "unknown"  # skipped after the timeout at n=1
    claim = registry.get_claim("test.sleepy")
    fp = method_fingerprint(claim, claim.methods[0])
    with Store(db) as store:
        assert store.current("test.sleepy", 1, "slow", "", fp).row.status == "unknown"


def _version() -> str:
    from cgsat import __version__

    return __version__


# -- reuse, resume -----------------------------------------------------------------------


def _fp(claim_id: str, method: str) -> str:
    claim = registry.get_claim(claim_id)
    return method_fingerprint(claim, claim.method(method))


def test_rerun_reuses_holds_and_retries_unknown(tmp_path, capsys):
    db = str(tmp_path / "r.sqlite")
    args = ["check", "timber.thm2.3", "--up-to", "6", "--db", db, "--json"]
    code, out, _ = _run_cli(args, capsys)
    assert code == 0
    assert not any(r["reused"] for r in json.loads(out)["results"])
    with Store(db) as store:
        before = {(r.n, r.method): r.id for r in store.rows()}
        # a key whose only run is unknown: retried
        store.put(Row("timber.thm2.3", 7, "sat", "cadical195", _version(), "unknown",
                      reason="timeout 1s", fingerprint=_fp("timber.thm2.3", "sat")))
    code, out, _ = _run_cli(args[:3] + ["7"] + args[4:], capsys)
    assert code == 0
    results = {(r["n"], r["method"]): r for r in json.loads(out)["results"]}
    assert results[(7, "sat")]["status"] == "holds" and not results[(7, "sat")]["reused"]
    assert all(results[k]["reused"] for k in before)
    with Store(db) as store:
        current = {(c.row.n, c.row.method): c.row for c in store.current_rows()}
    assert current[(7, "sat")].status == "holds"  # the unknown was retried
    for key, ident in before.items():
        assert current[key].id == ident  # reused, not recomputed
    # another solver is another key: sat is recomputed, brute reused
    assert _run_cli(args + ["--solver", "glucose4"], capsys)[0] == 0
    with Store(db) as store:
        solvers = {r.solver for r in store.rows() if r.method == "sat"}
        assert solvers == {"cadical195", "glucose4"}
        assert {r.solver for r in store.rows() if r.method == "brute"} == {""}


_RESUME_SCRIPT = textwrap.dedent("""
    import sys, time
    from cgsat.cli import main
    from cgsat.papers import registry
    from cgsat.claims import Claim, Method, Verdict

    def slow(n, budget):
        time.sleep(0.4)
        return Verdict.holds()

    claim = Claim(id="test.resume", paper="Test", theorem="T", statement="s", kind="theorem",
                  parameter="n", base=0, quick_bound=int(sys.argv[2]), target_bound=30,
                  methods=(Method("slow", slow, "all"),))
    registry._CLAIMS[claim.id] = claim
    sys.exit(main(["check", "test.resume", "--jobs", "1", "--db", sys.argv[1]]))
""")


def test_resume_after_sigkill(tmp_path):
    script = tmp_path / "resume.py"
    script.write_text(_RESUME_SCRIPT)
    db = str(tmp_path / "r.sqlite")
    proc = subprocess.Popen([sys.executable, str(script), db, "20"], start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    done: set[int] = set()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and len(done) < 4:
        time.sleep(0.2)
        if os.path.exists(db):
            try:
                with sqlite3.connect(db) as conn:
                    done = {n for (n,) in conn.execute("SELECT n FROM runs")}
            except sqlite3.OperationalError:
                pass
    os.killpg(proc.pid, signal.SIGKILL)  # the run and its worker, mid-way
    proc.wait()
    assert 4 <= len(done) < 21
    with Store(db) as store:
        stamps = {r.n: r.time for r in store.rows("test.resume")}
    assert set(stamps) >= done  # nothing reported was lost
    last = max(stamps)
    upto = last + 2
    rc = subprocess.run([sys.executable, str(script), db, str(upto)], capture_output=True,
                        text=True, timeout=60)
    assert rc.returncode == 0, rc.stderr
    with Store(db) as store:
        after = {r.n: r for r in store.rows("test.resume")}
        assert len(list(store.rows("test.resume"))) == upto + 1  # nothing ran twice
    assert set(after) == set(range(upto + 1))
    for n, stamp in stamps.items():
        assert after[n].time == stamp  # finished sizes were reused, not recomputed
    assert rc.stdout.count("stored)") == len(stamps)


@pytest.mark.slow
def test_registered_claims_hold_to_n22(tmp_path):
    """The exhaustive sweep: Theorems 2.3 and 2.5 up to n = 22, the Tuft principle to 9."""
    claims = [registry.get_claim(c) for c in ("timber.thm2.3", "timber.thm2.5",
                                              "lumberjack.tuft")]
    sizes = {"timber.thm2.3": range(0, 23), "timber.thm2.5": range(0, 23),
             "lumberjack.tuft": range(0, 10)}
    with Store(str(tmp_path / "r.sqlite")) as store:
        summary = run_checks(claims, {c.id: [m.name for m in c.methods] for c in claims},
                             sizes, Budget(timeout=300), store, jobs=2)
    assert summary.problems == []
    assert len(summary.results) == sum(len(c.methods) * len(sizes[c.id]) for c in claims)
    assert all(r.status == "holds" for r in summary.results)


# -- the CaDiCaL loader is compiled once, before the workers fork (issue 36) ----------


def _loader_inherited(n: int, budget: Budget) -> Verdict:
    """holds when this (forked) worker found the loader already compiled."""
    from cgsat.sat.loader import cadical_loader

    return Verdict.holds() if cadical_loader.cache_info().currsize else Verdict.refuted("x")


@pytest.mark.parametrize("uses_solver", [True, False])
def test_workers_inherit_the_compiled_loader(tmp_path, register, uses_solver):
    """A planned check that uses PySAT's CaDiCaL has the parent compile the numba loader
    before the workers fork, so no worker (nor a replacement) compiles it again; a run with
    no such check does not pay for it."""
    from cgsat.sat.loader import cadical_loader

    claim = _claim("test.loader", (Method("m", _loader_inherited, "all",
                                          uses_solver=uses_solver),),
                   confirm=lambda n, cex: True, quick=2)
    register(claim)
    cadical_loader.cache_clear()
    with Store(str(tmp_path / "r.sqlite")) as store:
        summary = run_checks([claim], {claim.id: ["m"]}, {claim.id: range(0, 3)},
                             Budget(timeout=60), store, jobs=2)
    statuses = {r.status for r in summary.results}
    if uses_solver:
        assert statuses == {"holds"}
    else:
        assert "refuted" in statuses and "holds" not in statuses
        assert cadical_loader.cache_info().currsize == 0
