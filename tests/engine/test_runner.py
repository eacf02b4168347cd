"""The verification engine: store, runner, CLI shapes and exit codes, negative controls."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from functools import partial
from itertools import product

import pytest

from cgsat.claims import Budget, Claim, Method, Verdict
from cgsat.cli import main
from cgsat.encodings.timber_path import toggled, wp_predicate, x_predicate
from cgsat.engine.fingerprint import method_fingerprint
from cgsat.engine.runner import run_checks
from cgsat.engine.store import Row, Store
from cgsat.errors import CgsatInputError
from cgsat.papers import registry
from cgsat.papers.timber.path import brute as path_brute
from cgsat.papers.timber.path import sat as path_sat
from cgsat.papers.timber.path.words import dyck_words, in_x, is_dyck
from cgsat.report import build_report, render_html, render_latex, render_markdown

CHECK_FIELDS = {"claim", "n", "method", "status", "seconds", "counterexample", "reason",
                "instance", "solver", "certificate", "controls", "reused", "revalidated",
                "peak_rss_mb",
                "executor", "disagrees_with_stored"}
LIST_FIELDS = {"id", "source", "statement", "kind", "parameter", "paper_bound",
               "quick_bound", "target_bound", "methods", "scope"}
REPORT_CLAIM_FIELDS = {"id", "source", "statement", "kind", "paper_bound", "quick_bound",
                       "target_bound", "target_reason", "verified", "certified", "ended_by",
                       "scope",
                       "controls", "fingerprints", "counterexamples", "runs",
                       "earlier_code", "proved"}


def _claim(claim_id: str, methods: tuple[Method, ...], confirm=None, quick: int = 4) -> Claim:
    return Claim(id=claim_id, paper="Test", theorem="Test 0", statement="test claim",
                 kind="theorem", parameter="n", base=0, quick_bound=quick, target_bound=quick,
                 methods=methods, confirm=confirm)


@pytest.fixture
def register(monkeypatch: pytest.MonkeyPatch):
    """Add claims to the registry for one test (worker processes are forked later)."""

    def add(*claims: Claim) -> None:
        table = dict(registry._CLAIMS)
        for c in claims:
            table[c.id] = c
        monkeypatch.setattr(registry, "_CLAIMS", table)

    return add


def _run_cli(args: list[str], capsys) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


# -- negative controls ----------------------------------------------------------------


def _toggled_claim(claim_id: str, word: str, misere: bool = False) -> Claim:
    """Theorem 2.3 (or 2.4) with one word toggled, checked by the registered methods."""
    base, name = (x_predicate, "X") if misere else (wp_predicate, "WP")
    member0 = in_x if misere else is_dyck

    def member(w: str) -> bool:
        return member0(w) != (w == word)

    def member_words(n: int) -> list[str]:
        if not misere:
            words = set(dyck_words(n))
        else:
            words = {"".join(t) for t in product("LR", repeat=n) if in_x("".join(t))}
        if n == len(word):
            words ^= {word}
        return sorted(words)

    return Claim(
        id=claim_id, paper="The Game of timber!", theorem="Negative control",
        statement=f"{name} with {word} toggled", kind="theorem",
        parameter="n = word length (number of dominoes)", base=0, quick_bound=8,
        target_bound=8,
        methods=(
            Method("brute", partial(path_brute.characterization, member_words=member_words,
                                    misere=misere), scope="exhaustive play"),
            Method("sat", partial(path_sat.characterization, predicate=toggled(base, word),
                                  misere=misere), uses_solver=True,
                   scope="the sharp inductive check"),
        ),
        confirm=partial(path_brute.confirm_characterization, member=member, misere=misere),
    )


@pytest.mark.parametrize("word,misere", [("LLRR", False), ("LRRL", False), ("RLRL", True)])
def test_negative_control_is_refuted_by_both_methods(tmp_path, register, word, misere):
    """A Dyck (or X) condition perturbed at one length is refuted there, by both methods."""
    claim = _toggled_claim("test.neg", word, misere)
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
    register(_toggled_claim("test.neg", "LRLR"))
    code, out, err = _run_cli(["check", "test.neg", "--up-to", "5", "--db",
                               str(tmp_path / "r.sqlite"), "--json"], capsys)
    assert code == 1
    results = json.loads(out)["results"]
    refuted = [r for r in results if r["status"] == "refuted"]
    assert {(r["n"], r["method"], r["counterexample"]) for r in refuted if r["n"] == 4} == {
        (4, "brute", "LRLR"), (4, "sat", "LRLR")}


# -- exit codes -------------------------------------------------------------------------


def test_unknown_claim_and_bad_bounds_exit_2(tmp_path, capsys):
    db = str(tmp_path / "r.sqlite")
    code, _, err = _run_cli(["check", "timber.thm23", "--db", db], capsys)
    assert code == 2 and "timber.thm2.3" in err and len(err.strip().splitlines()) == 1
    with pytest.raises(SystemExit) as exc:
        main(["check", "timber.thm2.3", "--up-to", "-1", "--db", db])
    assert exc.value.code == 2
    code, _, err = _run_cli(["check", "timber.thm2.3", "--from", "5", "--up-to", "3",
                             "--db", db], capsys)
    assert code == 2
    code, _, err = _run_cli(["check", "timber.thm2.3", "--method", "nope", "--db", db], capsys)
    assert code == 2 and "nope" in err
    code, _, err = _run_cli(["check", "timber.thm2.3", "--solver", "nosuch", "--db", db], capsys)
    assert code == 2 and "nosuch" in err
    code, _, err = _run_cli(["check", "timber.thm2.3", "--solver", "kissat", "--proof",
                             "--db", db], capsys)
    assert code == 2
    code, _, err = _run_cli(["check", "--db", db], capsys)
    assert code == 2


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


# -- store, reuse, resume ----------------------------------------------------------------


def test_store_round_trip(tmp_path):
    path = str(tmp_path / "r.sqlite")
    row = Row("timber.thm2.3", 7, "sat", "cadical195", "9.9", "refuted", 1.5, "LRL", None,
              10, 20, json.dumps({"kind": "model", "checker": "clause-check",
                                  "verdict": "verified", "sha256": "ab"}), "cd", "detail",
              fingerprint="fp", controls=json.dumps({"passed": 3, "total": 3}),
              controls_asked=3, solver_used="cadical195")
    with Store(path) as store:
        store.put(row)
    with Store(path) as store:
        back = store.current("timber.thm2.3", 7, "sat", "cadical195", "fp").row
        for field in ("claim", "n", "method", "solver", "version", "status", "seconds",
                      "counterexample", "instance_vars", "instance_clauses", "certificate",
                      "dimacs_sha256", "detail", "fingerprint", "controls", "controls_asked",
                      "solver_used"):
            assert getattr(back, field) == getattr(row, field)
        assert back.instance == {"vars": 10, "clauses": 20}
        assert back.controls_dict == {"passed": 3, "total": 3}
        assert store.current("timber.thm2.3", 7, "sat", "glucose4", "fp") is None
        assert store.current("timber.thm2.3", 7, "sat", "cadical195", "other") is None
        # an unknown never replaces a decided verdict; every run is kept
        store.put(Row("timber.thm2.3", 7, "sat", "cadical195", "9.9", "unknown",
                      reason="timeout 1s", fingerprint="fp"))
        current = store.current("timber.thm2.3", 7, "sat", "cadical195", "fp")
        assert current.row.status == "refuted" and not current.conflict
        assert [r.status for r in store.rows("timber.thm2.3")] == ["refuted", "unknown"]
        # a holds and a refuted under one fingerprint is a conflict
        store.put(Row("timber.thm2.3", 7, "sat", "cadical195", "9.9", "holds",
                      fingerprint="fp"))
        assert store.current("timber.thm2.3", 7, "sat", "cadical195", "fp").conflict


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


# -- JSON shapes ----------------------------------------------------------------------


def test_list_json_shape(capsys):
    code, out, _ = _run_cli(["list", "--json"], capsys)
    assert code == 0
    items = json.loads(out)
    ids = [c["id"] for c in items]
    for cid in ("timber.thm2.3", "timber.thm2.5", "lumberjack.tuft"):
        assert cid in ids
    for c in items:
        assert set(c) == LIST_FIELDS
        assert set(c["scope"]) == set(c["methods"])
        assert len(c["methods"]) >= 2
    tuft = registry.get_claim("lumberjack.tuft")
    assert "No SAT method" in tuft.notes


def test_check_and_report_json_shapes(tmp_path, capsys):
    db = str(tmp_path / "r.sqlite")
    code, out, _ = _run_cli(["check", "timber.thm2.5", "--up-to", "8", "--proof", "--db", db,
                             "--json"], capsys)
    assert code == 0
    results = json.loads(out)["results"]
    assert len(results) == 2 * 9
    for r in results:
        assert set(r) == CHECK_FIELDS
        assert r["status"] == "holds"
        if r["method"] == "sat":
            assert set(r["instance"]) == {"vars", "clauses"}
            assert r["solver"] == "cadical195"
            assert set(r["certificate"]) == {"kind", "checker", "verdict", "sha256", "answer"}
            assert r["certificate"]["verdict"] == "verified"
        else:
            assert r["instance"] is None and r["solver"] is None
    out_dir = tmp_path / "report"
    code, _, _ = _run_cli(["report", "--db", db, "--out", str(out_dir)], capsys)
    assert code == 0
    doc = json.loads((out_dir / "bounds.json").read_text())
    assert set(doc) == {"generated", "versions", "provenance", "disagreements", "summary",
                        "findings", "beyond_paper", "claims", "probes", "proved",
                        "proved_conflicts"}
    assert set(doc["provenance"]) == {"store", "report_commit", "commits"}
    assert sum(doc["provenance"]["commits"].values()) >= 18
    assert doc["versions"]["cgsat"] == _version()
    # the opening line counts every claim with runs once (issue 26 item 9)
    k = doc["summary"]["counts"]
    assert k["stored"] == sum(1 for c in doc["claims"] if c["runs"]) > 0
    assert k["at target"] + k["refuted"] + k["stopped short"] + k["below target"] == k["stored"]
    md = (out_dir / "bounds.md").read_text()
    assert md.index("**Summary.**") < md.index("## Findings")
    entry = next(c for c in doc["claims"] if c["id"] == "timber.thm2.5")
    assert set(entry) == REPORT_CLAIM_FIELDS
    assert entry["verified"] == {"brute": 8, "sat": 8}
    assert entry["certified"] == {"brute": None, "sat": 8}
    assert entry["counterexamples"] == []
    assert {(r["n"], r["method"]) for r in entry["runs"]} == {
        (n, m) for n in range(9) for m in ("brute", "sat")}
    for r in entry["runs"]:
        assert set(r) == {"n", "method", "status", "seconds", "controls", "certificate",
                          "solvers", "commit", "reason", "detail", "peak_rss_mb",
                          "revalidated"}
        if r["method"] == "sat":
            assert r["controls"]["total"] >= 1
            assert r["controls"]["passed"] == r["controls"]["total"]
            assert "drat" in r["certificate"]
        else:
            assert r["controls"] is None and r["certificate"] is None
    assert entry["controls"]["brute"] is None
    assert entry["controls"]["sat"]["passed"] == entry["controls"]["sat"]["total"] > 9
    assert set(entry["fingerprints"]) == {"brute", "sat"}
    assert entry["fingerprints"]["sat"] == _fp("timber.thm2.5", "sat")
    page = (out_dir / "bounds.html").read_text()
    assert "data:image/png;base64," in page and "timber.thm2.5" in page
    assert "timber.thm2.5" in (out_dir / "bounds.md").read_text()


def test_report_shows_counterexamples_and_gaps(tmp_path, register, capsys):
    register(_toggled_claim("test.neg", "LLRR"))
    db = str(tmp_path / "r.sqlite")
    assert _run_cli(["check", "test.neg", "--up-to", "5", "--db", db], capsys)[0] == 1
    fp = _fp("test.neg", "brute")
    with Store(db) as store:  # a later unknown at n = 2 leaves the holds current
        store.put(Row("test.neg", 2, "brute", "", _version(), "unknown", reason="timeout 1s",
                      fingerprint=fp))
        doc = build_report(store)
        entry = next(c for c in doc["claims"] if c["id"] == "test.neg")
        assert entry["verified"] == {"brute": 3, "sat": 3}
        # a later error (a failed control) at n = 2 keeps the bound: a disagreement
        store.put(Row("test.neg", 2, "brute", "", _version(), "error", reason="control",
                      fingerprint=fp))
        doc = build_report(store)
        entry = next(c for c in doc["claims"] if c["id"] == "test.neg")
        assert entry["verified"] == {"brute": 3, "sat": 3}
        assert [(d["claim"], d["n"], d["method"], d["stored"], d["status"], d["reason"])
                for d in doc["disagreements"]] == [
            ("test.neg", 2, "brute", "holds", "error", "control")]
        md = render_markdown(doc)
        assert md.index("## Disagreements to investigate") < md.index("## Findings")
        assert "test.neg n=2 brute: stored holds" in md
        assert render_html(doc).index("Disagreements to investigate") < \
            render_html(doc).index("Findings")
        # a gap: a holds whose certificate does not fit its answer is an error, whatever
        # came before
        store.put(Row("test.neg", 2, "brute", "", _version(), "holds", fingerprint=fp,
                      certificate=json.dumps({"kind": "model", "checker": "clause-check",
                                              "verdict": "verified", "sha256": "0",
                                              "answer": "unsat"})))
        doc = build_report(store)
    entry = next(c for c in doc["claims"] if c["id"] == "test.neg")
    assert entry["verified"] == {"brute": 1, "sat": 3}
    assert [(x["n"], x["method"], x["position"]) for x in entry["counterexamples"]] == [
        (4, "brute", "LLRR"), (4, "sat", "LLRR")]
    assert entry["counterexamples"][0]["explanation"] == \
        "LLRR is a P-position outside the claimed set"
    assert entry["ended_by"]["brute"] == (
        "n=2: error (certificate does not fit its answer: a model certificate on an UNSAT "
        "answer (a model certifies SAT answers only) (stored as holds))")
    assert entry["ended_by"]["sat"] == "n=4: refuted"
    # the findings lead the report, with the explanation; cgsat's own variants do not
    finding = next(f for f in doc["findings"] if f["claim"] == "test.neg")
    assert (finding["n"], finding["position"]) == (4, "LLRR")
    assert finding["explanations"]["brute"] == "LLRR is a P-position outside the claimed set"
    assert not [f for f in doc["findings"] if f["claim"].endswith(("-strict", "-corrected"))]
    md = render_markdown(doc)
    assert md.index("## Findings") < md.index("## Beyond the paper") < md.index("## Every claim")
    assert "counterexample at n = 4: `LLRR`" in md
    assert "Claims with nothing stored: " in md  # every registered claim, none stored here
    page = render_html(doc)
    assert page.index("Findings") < page.index("Beyond the paper") < page.index("Every claim")
    tex = render_latex(doc)
    assert r"\texttt{test.neg}" in tex and r"\toprule" in tex and r"\texttt{LLRR}" in tex


def test_registry_rejects_duplicates():
    from types import SimpleNamespace

    c = _claim("test.dup", (Method("a", lambda n, b: Verdict.holds(), "all"),))
    paper = SimpleNamespace(CLAIMS=[c, c], __name__="fake")
    with pytest.raises(RuntimeError, match="duplicate claim id 'test.dup' in fake"):
        registry._unique(((x.id, paper.__name__, x) for x in paper.CLAIMS), "claim id")
    with pytest.raises(CgsatInputError, match="did you mean"):
        registry.get_claim("timber.thm2.4x")


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


def test_counts_are_read_and_compared_with_the_closed_form():
    from cgsat.report.counts import counted, fine
    from cgsat.report.html import render_html as html_of

    assert [fine(m) for m in range(8)] == [1, 0, 1, 2, 6, 18, 57, 186]
    runs = [{"n": 6, "method": "brute", "status": "holds", "seconds": 0.1,
             "detail": "WP(6) = 5, X(6) = 3, SWP(6) = 2"},
            {"n": 8, "method": "brute", "status": "holds", "seconds": 0.1,
             "detail": "WP(8) = 14, X(8) = 7, SWP(8) = 6"}]  # X(8) is 8: a wrong count
    c = {"id": "timber.thm2.5", "runs": runs}
    got = {s["series"]: s["points"] for s in counted(c)}
    assert got["WP(n)"] == [(6, 5, 5), (8, 14, 14)]
    assert got["X(n)"] == [(6, 3, 3), (8, 7, 8)]
    doc = {"generated": "t", "versions": {"cgsat": "0", "python": "3", "pysat": "1",
                                          "solvers": {}},
           "findings": [], "beyond_paper": [],
           "claims": [{"id": "timber.thm2.5", "source": "s", "statement": "st",
                       "kind": "theorem", "paper_bound": 10, "quick_bound": 24,
                       "target_bound": 120, "verified": {"brute": 8}, "certified":
                       {"brute": None}, "ended_by": {"brute": "x"}, "scope": {"brute": "s"},
                       "controls": {"brute": None}, "fingerprints": {"brute": "f"},
                       "counterexamples": [], "runs": [dict(r, controls=None,
                                                            certificate=None) for r in runs]}]}
    page = html_of(doc)
    assert "Counts that differ from the closed form: X(n) brute n=8: 7 (closed form 8)" in page
    assert "counts against n for timber.thm2.5" in page
