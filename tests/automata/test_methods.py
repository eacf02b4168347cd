"""The all-n methods' combination of deciders (:mod:`cgsat.automata.methods`), quickly: real
deciders on small statements, stand-in deciders for each way their answers can combine, the
artifacts, the time each decider gets, and the sized methods."""

from __future__ import annotations

import json

import pytest

from all_n_statements import cordon, peaks
from cgsat.automata import methods, mona, preimage, product, proof_controls, setops
from cgsat.automata.decision import Decision
from cgsat.automata.dfa import Automaton
from cgsat.automata.options import Statement
from cgsat.claims import ALL_N, Budget


def _wrong_cordon() -> Statement:
    """R_1 = R_0: false at ⊥ (plain play: nim-value 0), so R_1 must reject it."""
    st = cordon(1)
    return st.with_automaton(1, st.automata[0])


_REAL_PRODUCT = product.decide


def _stand_in(name: str, verdict: str, word: str | None = "", bottom: bool = False,
              calls: list | None = None):
    """A decider answering ``verdict`` on the claim's statement; the closure controls (which
    run with every proof over a domain) get the real product search's answer."""
    def decide(statement, **kw):
        if statement.family.name.startswith("closure control"):
            return _REAL_PRODUCT(statement)
        if calls is not None:
            calls.append((name, kw))
        return Decision(name, verdict, counterexample=word, bottom=bottom, states=7,
                        seconds=0.25, reason=f"{name} says so")
    return decide


def _install(monkeypatch, answers, *, word="", bottom=False, with_mona=True, calls=None):
    for module, name, verdict in zip((setops, preimage, mona, product),
                                     ("setops", "preimage", "mona", "product"), answers,
                                     strict=True):
        monkeypatch.setattr(module, "decide", _stand_in(name, verdict, word, bottom, calls))
    monkeypatch.setattr(mona, "available", lambda: with_mona)


def test_artifacts_dir_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.delenv("CGSAT_PROOFS", raising=False)
    assert methods.artifacts_dir("a/b") is None
    monkeypatch.setenv("CGSAT_PROOFS", str(tmp_path))
    assert methods.artifacts_dir("a/b") == tmp_path / "a" / "b"
    monkeypatch.setenv("CGSAT_PROOFS", "")
    assert methods.artifacts_dir("a") is None


def test_summary_lists_every_decider_and_automaton():
    st = cordon(1)
    ds = [Decision("setops", "proved", states=3, seconds=0.123456),
          Decision("product", "unknown", states=None, seconds=1.0, reason="timeout 1s")]
    out = methods.summary(st, ds, "lab")
    assert out == {
        "statement": "nim0..1",
        "deciders": [{"decider": "setops", "verdict": "proved", "states": 3,
                      "seconds": 0.1235, "reason": ""},
                     {"decider": "product", "verdict": "unknown", "states": None,
                      "seconds": 1.0, "reason": "timeout 1s"}],
        "automata": [{"name": a.name, "states": a.size} for a in st.automata],
        "artifacts": "results/proofs/lab/",
    }
    unnamed = Statement(st.family, st.automata)
    assert methods.summary(unnamed, [], "lab")["statement"] == "lab"


def test_real_deciders_prove_a_statement_and_write_its_artifacts(monkeypatch, tmp_path):
    monkeypatch.setenv("CGSAT_PROOFS", str(tmp_path))
    st = peaks(1, False)
    v = methods.decide_all(st, "timber/peaks", None)
    assert v.status == "proved", v.reason
    detail = json.loads(v.detail)
    ran = ["setops", "preimage"] + (["mona"] if mona.available() else []) + ["product"]
    assert [d["decider"] for d in detail["deciders"]] == ran
    assert all(d["verdict"] == "proved" for d in detail["deciders"])
    assert detail["controls"] == proof_controls.summary(st, sorted(ran))
    where = tmp_path / "timber" / "peaks"
    assert json.loads((where / "proof.json").read_text()) == detail
    assert Automaton.load(where / f"{st.automata[0].name}.json") == st.automata[0]
    assert Automaton.load(where / "domain.json") == st.family.domain
    if mona.available():
        assert (where / "statement.mona").exists()


def test_artifacts_without_mona(monkeypatch, tmp_path):
    # MONA makes the artifacts' directory when it runs; without it decide_all makes it
    monkeypatch.setenv("CGSAT_PROOFS", str(tmp_path))
    monkeypatch.setattr(mona, "available", lambda: False)
    st = cordon(1)
    assert methods.decide_all(st, "a/b", None).status == "proved"
    detail = json.loads((tmp_path / "a" / "b" / "proof.json").read_text())
    assert [d["decider"] for d in detail["deciders"]] == ["setops", "preimage", "product"]


def test_no_domain_no_domain_file_and_unnamed_automata(monkeypatch, tmp_path):
    monkeypatch.setenv("CGSAT_PROOFS", str(tmp_path))
    st = cordon(0)
    a = st.automata[0]
    unnamed = Statement(st.family, (Automaton(a.alphabet, a.delta, a.accepting, a.empty),))
    assert methods.decide_all(unnamed, "c", None).status == "proved"
    assert sorted(p.name for p in (tmp_path / "c").iterdir()
                  if p.suffix == ".json") == ["automaton.json", "proof.json"]


def test_real_deciders_refute_a_false_statement_confirmed_by_play():
    v = methods.decide_all(_wrong_cordon(), "c", None)
    assert v.status == "refuted"
    assert v.counterexample == "0:"  # ⊥, the empty cordon of height 0
    assert "refuted at ⊥" in v.detail and "plain play" in v.detail


@pytest.mark.parametrize(("answers", "status", "words"), [
    (("proved", "proved", "proved", "proved"), "proved", None),
    (("proved", "unknown", "unknown", "proved"), "proved", None),
    (("unknown", "unknown", "proved", "proved"), "proved", None),
    (("proved", "unknown", "unknown", "unknown"), "unknown",
     "proved by 1 decider(s), 2 needed: preimage: unknown (preimage says so); "
     "mona: unknown (mona says so); product: unknown (product says so)"),
    (("unknown", "unknown", "unknown", "unknown"), "unknown", "proved by 0 decider(s)"),
    (("proved", "refuted", "proved", "proved"), "error", "the deciders disagree: "),
    (("refuted", "proved", "unknown", "unknown"), "error", "the deciders disagree: "),
    (("proved", "proved", "error", "proved"), "error",
     "a decider failed its control: mona: error (mona says so)"),
])
def test_the_combination_rule(monkeypatch, answers, status, words):
    _install(monkeypatch, answers)
    v = methods.decide_all(cordon(1), "t", None)
    assert v.status == status, v.reason
    if words:
        assert words in v.reason
    detail = json.loads(v.detail)
    assert [d["verdict"] for d in detail["deciders"]] == [answers[i] for i in (0, 1, 2, 3)]


def test_without_mona_two_of_three_are_needed(monkeypatch):
    calls: list = []
    _install(monkeypatch, ("proved", "unknown", "proved", "unknown"), with_mona=False,
             calls=calls)
    v = methods.decide_all(cordon(1), "t", None)
    assert v.status == "unknown", v.reason
    assert "proved by 1 decider(s), 2 needed" in v.reason
    assert [name for name, _ in calls] == ["setops", "preimage", "product"]
    assert json.loads(v.detail)["controls"] == proof_controls.summary(
        cordon(1), ["preimage", "product", "setops"])


def test_a_refutation_is_confirmed_by_play_or_is_an_error(monkeypatch):
    # a word the statement is wrong at (R_1 = R_0 is wrong at every word in R_0)
    _install(monkeypatch, ("unknown", "refuted", "unknown", "unknown"), word="0")
    v = methods.decide_all(_wrong_cordon(), "t", None)
    assert v.status == "refuted" and v.counterexample is not None
    assert v.detail.startswith("preimage: refuted at '0' (preimage says so); ")
    # at ⊥
    _install(monkeypatch, ("unknown", "unknown", "unknown", "refuted"), word="0", bottom=True)
    v = methods.decide_all(_wrong_cordon(), "t", None)
    assert (v.status, v.counterexample) == ("refuted", "0:")
    # a true statement: no word is wrong, play cannot confirm
    _install(monkeypatch, ("refuted", "unknown", "unknown", "unknown"), word="01")
    v = methods.decide_all(cordon(1), "t", None)
    assert v.status == "error"
    assert "NOT confirmed by plain play" in v.reason and "this is a bug" in v.reason


def test_each_decider_gets_what_its_predecessors_left(monkeypatch):
    calls: list = []
    _install(monkeypatch, ("proved",) * 4, calls=calls)
    methods.decide_all(cordon(1), "t", None)
    assert [kw["timeout"] for _, kw in calls] == [None] * 4
    assert calls[2][1]["workdir"] is None
    calls.clear()
    methods.decide_all(cordon(1), "t", 100.0)
    left = [kw["timeout"] for _, kw in calls]
    assert all(80.0 < t <= methods.SHARE * 100.0 for t in left), left
    assert left == sorted(left, reverse=True)
    calls.clear()
    methods.decide_all(cordon(1), "t", 0.001)
    assert [kw["timeout"] for _, kw in calls] == [1.0] * 4


def test_a_failed_control_is_an_error_before_any_decider_runs(monkeypatch):
    calls: list = []
    _install(monkeypatch, ("proved",) * 4, calls=calls)
    monkeypatch.setattr(proof_controls, "controls_failed", lambda st, running: ["a", "b"])
    v = methods.decide_all(cordon(1), "t", None)
    assert (v.status, v.reason, calls) == ("error", "control failed: a; b", [])


def test_the_controls_get_every_available_decider(monkeypatch):
    seen: list = []

    def record(st, running):
        seen.append(sorted(running))
        return []

    monkeypatch.setattr(proof_controls, "controls_failed", record)
    _install(monkeypatch, ("proved",) * 4)
    methods.decide_all(cordon(1), "t", None)
    _install(monkeypatch, ("proved",) * 4, with_mona=False)
    methods.decide_all(cordon(1), "t", None)
    assert seen == [["mona", "preimage", "product", "setops"],
                    ["preimage", "product", "setops"]]


def _counts(extra=None):
    def counts():
        return {"counts": [1, 2, 3], **(extra or {})}
    return counts


def test_run_adds_the_counts_to_a_proof_only(monkeypatch):
    _install(monkeypatch, ("proved",) * 4)
    v = methods._run(ALL_N, Budget(timeout=None), build=lambda: cordon(1), label="t",
                     counts=_counts())
    assert v.status == "proved"
    assert json.loads(v.detail)["counts"] == {"counts": [1, 2, 3]}
    assert json.loads(v.detail)["statement"] == "nim0..1"
    v = methods._run(ALL_N, Budget(timeout=None), build=lambda: cordon(1), label="t")
    assert v.status == "proved" and "counts" not in json.loads(v.detail)
    _install(monkeypatch, ("unknown",) * 4)

    def never():
        raise AssertionError("counts of an unproved statement")

    v = methods._run(ALL_N, Budget(timeout=None), build=lambda: cordon(1), label="t",
                     counts=never)
    assert v.status == "unknown"


def test_run_reports_a_failed_count_control(monkeypatch):
    _install(monkeypatch, ("proved",) * 4)
    v = methods._run(ALL_N, Budget(timeout=None), build=lambda: cordon(1), label="t",
                     counts=_counts({"control failed": ["x at 3", "y"]}))
    assert (v.status, v.reason) == ("error", "control failed: x at 3; y")
    assert json.loads(v.detail)["counts"]["control failed"] == ["x at 3", "y"]


def test_run_passes_its_budget(monkeypatch):
    calls: list = []
    _install(monkeypatch, ("proved",) * 4, calls=calls)
    methods._run(ALL_N, Budget(timeout=50.0), build=lambda: cordon(1), label="t")
    assert all(40.0 < kw["timeout"] <= 45.0 for _, kw in calls)


def test_all_n_method_is_an_all_n_method():
    m = methods.all_n_method(lambda: cordon(1), "lab", "every n", counts=_counts())
    assert (m.name, m.scope, m.all_n) == ("automata", "every n", True)
    assert m.run.keywords["label"] == "lab" and m.run.keywords["counts"] is not None
    assert methods.all_n_method(lambda: cordon(1), "lab", "s", name="x").name == "x"


@pytest.mark.parametrize("decider", ["product", "setops", "preimage", "mona"])
def test_a_sized_method_runs_one_decider(decider, monkeypatch, tmp_path):
    if decider == "mona" and not mona.available():
        pytest.skip("mona not installed")
    monkeypatch.setenv("CGSAT_PROOFS", str(tmp_path))
    m = methods.sized_method(lambda h: peaks(h, False), decider, "lab", "h")
    assert (m.name, m.scope, m.all_n) == (decider, "h", False)
    v = m.run(2, Budget(timeout=None))
    assert v.status == "holds", v.reason
    assert json.loads(v.detail)["decider"] == decider
    assert json.loads(v.detail)["states"] is not None or decider == "preimage"
    if decider == "mona":
        assert (tmp_path / "lab" / "2" / "statement.mona").exists()
    wrong = methods.sized_method(lambda n: _wrong_cordon(), decider, "lab", "n")
    v = wrong.run(1, Budget(timeout=None))
    assert (v.status, v.counterexample) == ("refuted", "0:")
    assert "refuted at ⊥" in v.detail


def test_a_sized_method_without_mona_is_unknown(monkeypatch):
    monkeypatch.setattr(mona.shutil, "which", lambda name: None)
    v = methods.sized_method(lambda h: peaks(h, False), "mona", "lab", "h").run(
        1, Budget(timeout=None))
    assert (v.status, v.reason) == ("unknown", "mona not installed")


@pytest.mark.parametrize(("verdict", "status", "reason"), [
    ("unknown", "unknown", "product says so"),
    ("error", "error", "product: error (product says so)"),
])
def test_a_sized_method_passes_on_unknown_and_error(monkeypatch, verdict, status, reason):
    calls: list = []
    _install(monkeypatch, (verdict,) * 4, calls=calls)
    v = methods.sized_method(lambda n: cordon(n), "product", "lab", "n").run(
        1, Budget(timeout=12.0))
    assert (v.status, v.reason) == (status, reason)
    assert json.loads(v.detail) == {"decider": "product", "states": 7, "seconds": 0.25}
    assert calls == [("product", {"timeout": 12.0})]


def test_a_sized_refutation_not_confirmed_is_an_error(monkeypatch):
    _install(monkeypatch, ("refuted",) * 4, word="01")
    v = methods.sized_method(lambda n: cordon(n), "setops", "lab", "n").run(
        1, Budget(timeout=None))
    assert v.status == "error" and "NOT confirmed by plain play" in v.reason


def test_a_sized_method_runs_its_controls(monkeypatch):
    seen: list = []

    def record(st, ran):
        seen.append(sorted(ran))
        return ["closure: x"] if len(seen) > 1 else []

    monkeypatch.setattr(proof_controls, "controls_failed", record)
    m = methods.sized_method(lambda h: peaks(h, False), "setops", "lab", "h")
    assert m.run(1, Budget(timeout=None)).status == "holds"
    v = m.run(1, Budget(timeout=None))
    assert (v.status, v.reason) == ("error", "control failed: closure: x")
    assert seen == [["setops"], ["setops"]]
    monkeypatch.setattr(mona, "available", lambda: False)
    methods.sized_method(lambda h: peaks(h, False), "mona", "lab", "h").run(
        1, Budget(timeout=None))
    assert seen[-1] == []


def test_confirm_sized_replays_by_play():
    wrong = _wrong_cordon()
    assert methods.confirm_sized(1, "1:", build=lambda n: wrong)  # the cordon of height 1
    assert methods.confirm_sized(1, "0:", build=lambda n: wrong)  # ⊥
    assert not methods.confirm_sized(1, "1:", build=lambda n: cordon(n))
    st = peaks(1, False)
    no_word = Statement(type(st.family)(**{**st.family.__dict__, "word": None}),
                        st.automata)
    assert not methods.confirm_sized(1, "LR", build=lambda n: no_word)


def _wrong_at_a_word() -> Statement:
    """R_1 rejects the empty word (the cordon of height 1, nim-value 1) but is right at ⊥."""
    st = cordon(1)
    r1 = st.automata[1]
    assert r1.accepts("") and not r1.empty
    return st.with_automaton(1, Automaton(r1.alphabet, r1.delta, r1.accepting ^ {0}, False))


def test_a_refutation_at_a_word_is_replayed_from_that_word(monkeypatch):
    bad = _wrong_at_a_word()
    real = methods.decide_all(bad, "t", None)
    assert (real.status, real.counterexample) == ("refuted", "1:"), real.reason
    for decider in ("product", "setops"):
        v = methods.sized_method(lambda n: bad, decider, "lab", "n").run(1, Budget())
        assert (v.status, v.counterexample) == ("refuted", "1:"), v.reason
    _install(monkeypatch, ("unknown", "refuted", "unknown", "unknown"), word="")
    v = methods.decide_all(bad, "t", None)
    assert (v.status, v.counterexample) == ("refuted", "1:"), v.reason
    assert methods.confirm_sized(1, "1:", build=lambda n: bad)
    assert not methods.confirm_sized(1, "0:", build=lambda n: bad)


def test_the_reasons_in_full(monkeypatch):
    _install(monkeypatch, ("proved", "error", "error", "proved"))
    v = methods.decide_all(cordon(1), "t", None)
    assert v.reason == ("a decider failed its control: preimage: error (preimage says so); "
                        "mona: error (mona says so)")
    _install(monkeypatch, ("proved", "refuted", "unknown", "proved"), word="0")
    v = methods.decide_all(cordon(1), "t", None)
    assert v.reason == ("the deciders disagree: setops: proved (7 states, 0.25 s); "
                        "preimage: refuted at '0' (preimage says so); "
                        "mona: unknown (mona says so); product: proved (7 states, 0.25 s)")
    _install(monkeypatch, ("refuted", "unknown", "unknown", "unknown"), word="01")
    v = methods.decide_all(cordon(1), "t", None)
    assert v.reason.startswith("setops: refuted at '01' (setops says so), NOT confirmed by "
                               "plain play (plain play agrees with every automaton on ")
    assert v.reason.endswith(" positions); this is a bug")
    assert [d["decider"] for d in json.loads(v.detail)["deciders"]] == [
        "setops", "preimage", "mona", "product"]
    v = methods.sized_method(lambda n: cordon(n), "setops", "lab", "n").run(1, Budget())
    assert v.reason.startswith("setops: refuted at '01' (setops says so), NOT confirmed by "
                               "plain play (plain play agrees with every automaton on ")
    assert v.reason.endswith(" positions); this is a bug")
    assert json.loads(v.detail)["decider"] == "setops"


def test_the_detail_names_the_label_and_the_proof_file_is_indented_by_one(monkeypatch,
                                                                         tmp_path):
    monkeypatch.setenv("CGSAT_PROOFS", str(tmp_path))
    _install(monkeypatch, ("proved",) * 4)
    st = cordon(1)
    v = methods._run(ALL_N, Budget(timeout=None), build=lambda: Statement(
        st.family, st.automata), label="my/label")
    detail = json.loads(v.detail)
    assert (detail["statement"], detail["artifacts"]) == ("my/label",
                                                          "results/proofs/my/label/")
    # the format of the committed proofs (results/proofs/*/proof.json)
    text = (tmp_path / "my" / "label" / "proof.json").read_text()
    assert text == json.dumps(detail, indent=1) + "\n"


def test_all_n_method_runs_its_statement(monkeypatch):
    _install(monkeypatch, ("proved",) * 4)
    m = methods.all_n_method(lambda: cordon(1), "lab", "every n", counts=_counts())
    v = m.run(ALL_N, Budget(timeout=None))
    assert v.status == "proved"
    detail = json.loads(v.detail)
    assert (detail["statement"], detail["counts"]) == ("nim0..1", {"counts": [1, 2, 3]})


def test_a_sized_method_without_mona_still_runs_the_controls_of_its_decider(monkeypatch):
    seen: list = []

    def record(st, ran):
        seen.append(sorted(ran))
        return ["x", "y"]

    monkeypatch.setattr(proof_controls, "controls_failed", record)
    monkeypatch.setattr(mona, "available", lambda: False)
    v = methods.sized_method(lambda h: peaks(h, False), "setops", "lab", "h").run(
        1, Budget(timeout=None))
    assert (v.status, v.reason, seen) == ("error", "control failed: x; y", [["setops"]])


def test_a_sized_mona_run_gets_the_budget(monkeypatch, tmp_path):
    calls: list = []
    _install(monkeypatch, ("proved",) * 4, calls=calls)
    monkeypatch.setenv("CGSAT_PROOFS", str(tmp_path))
    v = methods.sized_method(lambda n: cordon(n), "mona", "lab", "n").run(
        1, Budget(timeout=12.5))
    assert v.status == "holds"
    assert calls == [("mona", {"timeout": 12.5, "workdir": tmp_path / "lab" / "1"})]


def test_a_sized_detail_rounds_seconds_to_four_places(monkeypatch):
    def decide(statement, **kw):
        return Decision("product", "proved", states=3, seconds=0.123456)

    monkeypatch.setattr(product, "decide", decide)
    v = methods.sized_method(lambda n: cordon(n), "product", "lab", "n").run(1, Budget())
    assert json.loads(v.detail) == {"decider": "product", "states": 3, "seconds": 0.1235}
