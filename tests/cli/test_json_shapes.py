"""The JSON that ``cgsat list``, ``cgsat check`` and ``cgsat report`` write: every field of
a claim, a result, a report claim and a run, and nothing else."""

from __future__ import annotations

import json

from cgsat.cli import main
from cgsat.engine.fingerprint import method_fingerprint
from cgsat.kit import KitClaim
from cgsat.papers import registry

CHECK_FIELDS = {"claim", "n", "method", "status", "seconds", "counterexample", "reason",
                "instance", "solver", "certificate", "controls", "reused", "revalidated",
                "peak_rss_mb",
                "executor", "disagrees_with_stored"}
LIST_FIELDS = {"id", "source", "statement", "kind", "parameter", "paper_bound",
               "quick_bound", "target_bound", "methods", "scope", "all_n"}
REPORT_CLAIM_FIELDS = {"id", "source", "statement", "kind", "paper_bound", "quick_bound",
                       "target_bound", "target_reason", "verified", "certified", "ended_by",
                       "scope",
                       "controls", "fingerprints", "counterexamples", "runs",
                       "earlier_code", "proved", "all_n"}


def _run_cli(args: list[str], capsys) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def _version() -> str:
    from cgsat import __version__

    return __version__


def _fp(claim_id: str, method: str) -> str:
    claim = registry.get_claim(claim_id)
    return method_fingerprint(claim, claim.method(method))


def test_list_json_shape(capsys):
    code, out, _ = _run_cli(["list", "--json"], capsys)
    assert code == 0
    items = json.loads(out)
    ids = [c["id"] for c in items]
    for cid in ("timber.thm2.3", "timber.thm2.5", "lumberjack.tuft"):
        assert cid in ids
    for c in items:
        # a kit record (a paper's, or a user's) says too which methods it got and why
        assert set(c) - {"methods_why"} == LIST_FIELDS
        assert ("methods_why" in c) == isinstance(registry.get_claim(c["id"]), KitClaim)
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
                        "proved_conflicts", "all_n"}
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
