"""The all-n methods reach users: ``cgsat check`` reports ``proved`` (n null, exit 0), the
store keeps it, the report has a "Proved for every size" section, ``find --count`` answers
from a proved automaton, and a proved claim refuted elsewhere is a disagreement."""

from __future__ import annotations

import sqlite3

import pytest

import cgsat
from cgsat.claims import ALL_N
from cgsat.engine.result import CheckResult as Result
from cgsat.engine.runner import find_disagreements
from cgsat.engine.store import Store
from cgsat.papers.registry import get_claim
from cgsat.papers.thickets.cordon_nim import nim_values
from cgsat.report.data import build_report
from cgsat.report.markdown import render_markdown


def test_check_reports_proved_for_every_n(tmp_path, need_mona):
    db = str(tmp_path / "r.sqlite")
    report = cgsat.check("thickets.green-nim4", methods="automata", db=db, jobs=1)
    (res,) = report.results
    assert (res.n, res.status, res.method) == (None, "proved", "automata")
    assert report.exit_code == 0
    assert report.to_json()["results"][0]["n"] is None
    again = cgsat.check("thickets.green-nim4", methods="automata", db=db, jobs=1)
    assert again.results[0].reused and again.results[0].status == "proved"
    doc = build_report(Store(db))
    claim = next(c for c in doc["claims"] if c["id"] == "thickets.green-nim4")
    assert claim["proved"]["method"] == "automata"
    assert {d["decider"] for d in claim["proved"]["deciders"]} == {"product", "setops",
                                                                   "preimage", "mona"}
    text = render_markdown(doc)
    assert text.index("## Proved for every size") < text.index("## Beyond the paper")
    assert "`thickets.green-nim4`" in text.split("## Beyond the paper")[0]
    # the count sequence of the proved automaton, against exhaustive play by height
    counts = claim["proved"]["counts"]["from_size_0"]
    assert len(counts) == 13 and counts[0] == 0
    assert counts[1:] == [sum(1 for v in nim_values(h) if v == 4) for h in range(1, 13)]
    assert any(counts) and ", ".join(map(str, counts)) in text


def test_without_mona_two_deciders_prove_it(tmp_path, monkeypatch):
    """A pip-only machine (no MONA on PATH): set operations, pre-images and the product
    search prove every all-n claim of the papers, and the proof lists the deciders that
    ran."""
    from cgsat.automata import mona

    monkeypatch.setattr(mona.shutil, "which", lambda name: None)
    ids = [c for c in ("thickets.thm3.2", "thickets.thm3.3", "thickets.thm3.4",
                       "thickets.thm3.5", "thickets.sec5-one-leaf-nim2",
                       "thickets.sec5-two-leaves-nim2", "thickets.sec5-two-leaves-nim3",
                       "thickets.green-nim2", "thickets.green-nim3", "thickets.green-nim4")]
    db = str(tmp_path / "r.sqlite")
    for cid in ids:
        report = cgsat.check(cid, methods="automata", db=db, jobs=1)
        (res,) = report.results
        assert res.status == "proved", (cid, res.reason)
        assert report.exit_code == 0
    doc = build_report(Store(db))
    claim = next(c for c in doc["claims"] if c["id"] == "thickets.green-nim4")
    assert {d["decider"] for d in claim["proved"]["deciders"]} == {"product", "setops",
                                                                   "preimage"}


def _fake(decider: str, verdict: str, word: str | None = None):
    """A stand-in decider for the claim's statement; the closure controls that run with
    every proof (issue 36) still get a real decider's answer."""
    from cgsat.automata.decision import Decision
    from cgsat.automata.product import decide as real

    def fake(statement, **kw):
        if statement.family.name.startswith("closure control"):
            return real(statement)
        return Decision(decider, verdict, counterexample=word,
                        reason="a control" if verdict != "proved" else "")

    return fake


@pytest.mark.parametrize(("answers", "status"), [
    (("proved", "proved", "proved", "proved"), "proved"),
    (("proved", "proved", "unknown", "unknown"), "proved"),
    (("proved", "unknown", "unknown", "proved"), "proved"),
    (("proved", "unknown", "unknown", "unknown"), "unknown"),
    (("proved", "refuted", "proved", "proved"), "error"),
    (("unknown", "unknown", "unknown", "unknown"), "unknown"),
])
def test_two_deciders_of_four(monkeypatch, answers, status):
    """The combination rule of decide_all, with stand-in deciders: proved needs two
    proofs and no refutation; a proof and a refutation are a disagreement (error)."""
    from cgsat.automata import methods, mona, preimage, product, setops
    from cgsat.automata.library import nim_statement

    monkeypatch.setattr(setops, "decide", _fake("setops", answers[0], "1"))
    monkeypatch.setattr(preimage, "decide", _fake("preimage", answers[1], "1"))
    monkeypatch.setattr(product, "decide", _fake("product", answers[2], "1"))
    monkeypatch.setattr(mona, "decide", _fake("mona", answers[3], "1"))
    monkeypatch.setattr(mona, "available", lambda: True)
    verdict = methods.decide_all(nim_statement(2), "t", None)
    assert verdict.status == status, verdict.reason
    if status == "unknown":
        assert "needed" in (verdict.reason or "")


def test_all_n_methods_registered():
    for cid in ["thickets.thm3.2", "thickets.thm3.3", "thickets.thm3.4", "thickets.thm3.5",
                "thickets.sec5-one-leaf-nim2", "thickets.sec5-two-leaves-nim2",
                "thickets.sec5-two-leaves-nim3"] + [f"thickets.green-nim{k}"
                                                     for k in range(2, 13)]:
        assert get_claim(cid).method("automata").all_n
    from cgsat.automata import mona

    # the sized claims: a method per decider, MONA's where it is installed (issue 35)
    expected = {"product", "setops", "preimage"} | ({"mona"} if mona.available() else set())
    for cid in ("timber.thm2.3-height", "timber.thm2.4-height", "thickets.green-nim-pattern"):
        assert {m.name for m in get_claim(cid).methods} == expected


def test_proved_then_refuted_is_a_disagreement():
    results = [Result("c", ALL_N, "automata", "proved"),
               Result("c", 7, "brute", "refuted", counterexample="7:2")]
    (problem,) = find_disagreements(results)
    assert "proved it for every n" in problem


def test_old_store_accepts_proved(tmp_path):
    path = tmp_path / "old.sqlite"
    with Store(str(path)) as store:
        pass
    conn = sqlite3.connect(path)  # make it an old store: no 'proved' in the CHECK
    sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'runs'").fetchone()[0]
    conn.execute("ALTER TABLE runs RENAME TO r0")
    conn.execute(sql.replace(", 'proved'", ""))
    conn.execute("INSERT INTO runs (claim, n, method, solver, version, status, time) "
                 "VALUES ('c', 3, 'brute', '', '0', 'holds', 't')")
    conn.execute("DROP TABLE r0")
    conn.commit()
    conn.close()
    c2 = sqlite3.connect(path)
    try:
        with pytest.raises(sqlite3.IntegrityError):
            c2.execute("INSERT INTO runs (claim, n, method, solver, version, status, time) "
                       "VALUES ('c', -1, 'automata', '', '0', 'proved', 't')")
    finally:
        c2.rollback()
        c2.close()
    with Store(str(path)) as store:
        store.conn.execute("INSERT INTO runs (claim, n, method, solver, version, status, "
                           "time) VALUES ('c', -1, 'automata', '', '0', 'proved', 't')")
        statuses = [r[0] for r in store.conn.execute("SELECT status FROM runs ORDER BY id")]
    assert statuses == ["holds", "proved"]


@pytest.mark.parametrize("k", [2, 5])
def test_find_counts_from_the_proved_automaton(k, need_mona):
    found = cgsat.find("green-cordon", height=13, value=f"*{k}", mode="count")
    assert found.count == sum(1 for v in nim_values(13) if v == k)
    assert "proved for every height" in found.query["counted_by"]


def test_find_by_automaton_height_limit(need_mona):
    with pytest.raises(cgsat.errors.CgsatInputError, match="at most 100000"):
        cgsat.find("green-cordon", height=100_001, value="*2", mode="count")
    big = cgsat.find("green-cordon", height=2000, value="*3", mode="count")
    assert big.count > 10 ** 300 and big.controls == {"passed": 18, "total": 18}


def test_deciders_that_disagree_are_exit_3_and_first_in_the_report(tmp_path, monkeypatch):
    """One decider refutes what two prove: the check is an error (exit 3), and the report
    lists it first, under its disagreements (issue 35)."""
    from cgsat.automata import product

    monkeypatch.setattr(product, "decide", _fake("product", "refuted", "1"))
    db = str(tmp_path / "r.sqlite")
    report = cgsat.check("thickets.green-nim2", methods="automata", db=db, jobs=1)
    (res,) = report.results
    assert res.status == "error" and "deciders disagree" in (res.reason or "")
    assert report.exit_code == 3
    text = render_markdown(build_report(Store(db)))
    top = text.split("## Proved for every size")[0]
    assert "thickets.green-nim2 every n automata: error" in top
    assert "the deciders disagree" in top
