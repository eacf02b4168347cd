""":mod:`cgsat.report`: counterexamples lead the report as findings with their explanation,
a later error at a size keeps the bound and is listed as a disagreement, a certificate that
does not fit its answer is a gap; counts are read from the runs and compared with the
closed form."""

from __future__ import annotations

import json

from cgsat.cli import main
from cgsat.engine.fingerprint import method_fingerprint
from cgsat.engine.store import Row, Store
from cgsat.papers import registry
from cgsat.report import build_report, render_html, render_latex, render_markdown
from wrong_claims import toggled_word_claim


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


def test_report_shows_counterexamples_and_gaps(tmp_path, register, capsys):
    register(toggled_word_claim("test.neg", "LLRR"))
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
