"""The all-n method of partizan statements (:mod:`cgsat.automata.partizan_methods`): the
``detail`` of a verdict, the artifacts under ``$CGSAT_PROOFS``, how the deciders' answers
combine (real deciders on the papers' statements and their negative controls, stand-in
deciders for each combination), the time each decider gets, and the method itself."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cgsat.automata import mona, partizan_methods, partizan_mona, partizan_product, partizan_setops
from cgsat.automata.decision import Decision
from cgsat.automata.dfa import Automaton
from cgsat.automata.partizan import PartizanStatement
from cgsat.automata.partizan_families import blue_stalks, thm42, toppling_lem1
from cgsat.claims import ALL_N, Budget

Calls = list[tuple[str, dict[str, Any]]]

# Rcf(B(3)) read as {1|0}: wrong at the stalk LRR (test_partizan.CONTROLS)
WRONG_AT_LRR = {"0": "()|LRRRR*", "1": "L", "{1|0}": "LR|LRR"}
# B(0), the empty stalk, read as 1: wrong at the empty word
WRONG_AT_EMPTY = {"0": "LRRR*", "1": "()|L", "{1|0}": "LR"}


def _unnamed(st: PartizanStatement) -> PartizanStatement:
    """The same statement without a name (the detail then names the label)."""
    return PartizanStatement(st.family, st.classes, st.automata, st.rule)


def _stand_in(name: str, verdict: str, word: str | None, calls: Calls) -> Callable[..., Decision]:
    """A decider answering ``verdict`` (at ``word`` when refuted), recording its keywords."""
    def decide(statement: PartizanStatement, **kw: Any) -> Decision:
        calls.append((name, kw))
        return Decision(name, verdict, counterexample=word, states=7, seconds=0.25,
                        reason=f"{name} says so")
    return decide


def _install(monkeypatch: pytest.MonkeyPatch, answers: tuple[str, str, str], *,
             word: str | None = None, with_mona: bool = True) -> Calls:
    """Stand-ins for setops, MONA and the product search (in that order); the calls made."""
    calls: Calls = []
    for module, name, verdict in zip((partizan_setops, partizan_mona, partizan_product),
                                     ("setops", "mona", "product"), answers, strict=True):
        monkeypatch.setattr(module, "decide", _stand_in(name, verdict, word, calls))
    monkeypatch.setattr(mona, "available", lambda: with_mona)
    return calls


def test_summary_lists_each_decider_and_each_class_automaton() -> None:
    """The detail: name (else label), rule, each decider's answer, each class's automaton."""
    st = toppling_lem1()
    ds = [Decision("setops", "proved", states=3, seconds=0.123456),
          Decision("product", "unknown", seconds=1.0, reason="timeout 1s")]
    assert partizan_methods.summary(st, ds, "lab") == {
        "statement": "Toppling Conjectures, Lemma 1",
        "rule": "outcome",
        "deciders": [{"decider": "setops", "verdict": "proved", "states": 3,
                      "seconds": 0.1235, "reason": ""},
                     {"decider": "product", "verdict": "unknown", "states": None,
                      "seconds": 1.0, "reason": "timeout 1s"}],
        "automata": [{"name": "outcome P", "class": "P", "states": 2},
                     {"name": "outcome L", "class": "L", "states": 4},
                     {"name": "outcome R", "class": "R", "states": 4},
                     {"name": "outcome N", "class": "N", "states": 6}],
    }
    assert partizan_methods.summary(_unnamed(st), [], "lab")["statement"] == "lab"


def test_real_deciders_prove_blue_stalks_and_write_the_artifacts(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Under $CGSAT_PROOFS: class<i>.json, domain.json, MONA's files, proof.json indented."""
    monkeypatch.setenv("CGSAT_PROOFS", str(tmp_path))
    st = blue_stalks()
    v = partizan_methods.decide_all(st, "thickets.blue-stalks", None)
    assert v.status == "proved", v.reason
    assert v.detail is not None
    detail = json.loads(v.detail)
    ran = ["setops"] + (["mona"] if mona.available() else []) + ["product"]
    assert [d["decider"] for d in detail["deciders"]] == ran
    assert all(d["verdict"] == "proved" for d in detail["deciders"])
    assert detail["statement"] == st.name and detail["rule"] == "reduced"
    assert detail["artifacts"] == "results/proofs/thickets.blue-stalks/"
    where = tmp_path / "thickets.blue-stalks"
    assert (where / "proof.json").read_text() == json.dumps(detail, indent=1) + "\n"
    for i, a in enumerate(st.automata):
        assert Automaton.load(where / f"class{i}.json") == a
    assert Automaton.load(where / "domain.json") == st.family.domain
    if mona.available():
        assert (where / "statement.mona").exists() and (where / "statement.out").exists()


def test_without_mona_the_method_makes_the_artifacts_directory(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Without MONA the method makes $CGSAT_PROOFS/<label> itself (no domain: no domain.json)."""
    root = tmp_path / "not" / "yet"
    monkeypatch.setenv("CGSAT_PROOFS", str(root))
    monkeypatch.setattr(mona, "available", lambda: False)
    v = partizan_methods.decide_all(_unnamed(toppling_lem1()), "toppling.lem1", None)
    assert v.status == "proved", v.reason
    assert v.detail is not None
    detail = json.loads(v.detail)
    assert [d["decider"] for d in detail["deciders"]] == ["setops", "product"]
    assert (detail["statement"], detail["artifacts"]) == ("toppling.lem1",
                                                          "results/proofs/toppling.lem1/")
    where = root / "toppling.lem1"
    assert sorted(p.name for p in where.iterdir()) == [
        "class0.json", "class1.json", "class2.json", "class3.json", "proof.json"]
    assert json.loads((where / "proof.json").read_text()) == detail


def test_without_cgsat_proofs_the_detail_names_no_artifacts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Theorem 4.2 is proved with MONA unknown; without $CGSAT_PROOFS no artifacts named."""
    monkeypatch.delenv("CGSAT_PROOFS", raising=False)
    v = partizan_methods.decide_all(_unnamed(thm42()), "thickets.thm4.2", None)
    assert v.status == "proved", v.reason
    assert v.detail is not None
    detail = json.loads(v.detail)
    assert detail["statement"] == "thickets.thm4.2" and "artifacts" not in detail
    verdicts = {d["decider"]: d["verdict"] for d in detail["deciders"]}
    assert verdicts["setops"] == verdicts["product"] == "proved"
    if mona.available():
        assert verdicts["mona"] == "unknown"
        assert "classes" in detail["deciders"][1]["reason"]


@pytest.mark.parametrize(("build", "regex", "counterexample"), [
    (blue_stalks, WRONG_AT_LRR, "stalk:LRR"),
    (blue_stalks, WRONG_AT_EMPTY, "()"),
])
def test_real_deciders_refute_a_control_confirmed_by_play(
        build: Callable[[dict[str, str]], PartizanStatement], regex: dict[str, str],
        counterexample: str) -> None:
    """A negative control is refuted at the position play confirms, the empty stalk too."""
    v = partizan_methods.decide_all(build(regex), "control", None)
    assert (v.status, v.counterexample) == ("refuted", counterexample), v.reason
    assert v.detail is not None
    assert v.detail.startswith("setops: refuted at ") and "plain play" in v.detail


@pytest.mark.parametrize(("answers", "with_mona", "status", "reason"), [
    (("proved", "proved", "proved"), True, "proved", None),
    (("proved", "unknown", "proved"), True, "proved", None),
    (("unknown", "proved", "proved"), True, "proved", None),
    (("proved", "proved", "unknown"), True, "proved", None),
    (("proved", "unknown", "proved"), False, "proved", None),
    (("proved", "unknown", "unknown"), True, "unknown",
     "proved by 1 decider(s), 2 needed: mona: unknown (mona says so); "
     "product: unknown (product says so)"),
    (("unknown", "unknown", "proved"), True, "unknown",
     "proved by 1 decider(s), 2 needed: setops: unknown (setops says so); "
     "mona: unknown (mona says so)"),
    (("unknown", "unknown", "unknown"), True, "unknown",
     "proved by 0 decider(s), 2 needed: setops: unknown (setops says so); "
     "mona: unknown (mona says so); product: unknown (product says so)"),
    (("proved", "unknown", "unknown"), False, "unknown",
     "proved by 1 decider(s), 2 needed: product: unknown (product says so)"),
    (("proved", "refuted", "unknown"), True, "error",
     "the deciders disagree: setops: proved (7 states, 0.25 s); "
     "mona: refuted at 'LR' (mona says so); product: unknown (product says so)"),
    (("refuted", "unknown", "proved"), False, "error",
     "the deciders disagree: setops: refuted at 'LR' (setops says so); "
     "product: proved (7 states, 0.25 s)"),
])
def test_the_combination_rule(monkeypatch: pytest.MonkeyPatch, answers: tuple[str, str, str],
                              with_mona: bool, status: str, reason: str | None) -> None:
    """Two proofs and no refutation prove it; fewer are unknown; proof and refutation: error."""
    calls = _install(monkeypatch, answers, word="LR", with_mona=with_mona)
    v = partizan_methods.decide_all(toppling_lem1(), "t", None)
    assert (v.status, v.reason) == (status, reason)
    assert v.detail is not None
    ran = [i for i in range(3) if with_mona or i != 1]
    assert [d["verdict"] for d in json.loads(v.detail)["deciders"]] == [answers[i] for i in ran]
    assert [name for name, _ in calls] == [("setops", "mona", "product")[i] for i in ran]


def test_a_refutation_confirmed_by_play_gives_its_position(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A refutation confirmed by play: refuted at play's position, both lines in the detail."""
    _install(monkeypatch, ("unknown", "unknown", "refuted"), word="LRR")
    v = partizan_methods.decide_all(blue_stalks(WRONG_AT_LRR), "t", None)
    assert (v.status, v.counterexample) == ("refuted", "stalk:LRR")
    assert v.detail is not None
    assert v.detail.startswith("product: refuted at 'LRR' (product says so); ")
    assert "plain play" in v.detail
    # at the empty word (the empty stalk): play starts from it
    _install(monkeypatch, ("refuted", "unknown", "unknown"), word="")
    v = partizan_methods.decide_all(blue_stalks(WRONG_AT_EMPTY), "t", None)
    assert (v.status, v.counterexample) == ("refuted", "()")
    assert v.detail is not None and v.detail.startswith("setops: refuted at '' ")


def test_a_refutation_play_cannot_confirm_is_a_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refutation play cannot confirm is an error that says "this is a bug"."""
    _install(monkeypatch, ("refuted", "unknown", "unknown"), word="LR")
    v = partizan_methods.decide_all(toppling_lem1(), "t", None)
    assert v.status == "error" and v.reason is not None
    assert v.reason.startswith("setops: refuted at 'LR' (setops says so), NOT confirmed by "
                               "plain play (plain play agrees with every automaton on ")
    assert v.reason.endswith(" positions); this is a bug")
    assert v.detail is not None
    assert [d["decider"] for d in json.loads(v.detail)["deciders"]] == [
        "setops", "mona", "product"]


def test_each_decider_gets_what_its_predecessors_left(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    """The deciders share 90% of the timeout in turn, >= 1 s each; MONA gets the workdir."""
    monkeypatch.delenv("CGSAT_PROOFS", raising=False)
    calls = _install(monkeypatch, ("proved",) * 3)
    partizan_methods.decide_all(toppling_lem1(), "t", None)
    assert calls == [("setops", {"timeout": None}),
                     ("mona", {"timeout": None, "workdir": None}),
                     ("product", {"timeout": None})]
    calls.clear()
    partizan_methods.decide_all(toppling_lem1(), "t", 100.0)
    left = [kw["timeout"] for _, kw in calls]
    assert all(80.0 < t <= partizan_methods.SHARE * 100.0 for t in left), left
    assert left == sorted(left, reverse=True)
    calls.clear()
    partizan_methods.decide_all(toppling_lem1(), "t", 0.001)
    assert [kw["timeout"] for _, kw in calls] == [1.0] * 3
    monkeypatch.setenv("CGSAT_PROOFS", str(tmp_path))
    calls.clear()
    partizan_methods.decide_all(toppling_lem1(), "toppling.lem1", None)
    assert calls[1] == ("mona", {"timeout": None, "workdir": tmp_path / "toppling.lem1"})


def test_all_n_method_runs_its_statement(monkeypatch: pytest.MonkeyPatch,
                                         tmp_path: Path) -> None:
    """all_n_method: named automata, its scope, all-n; its run uses the budget and label."""
    m = partizan_methods.all_n_method(toppling_lem1, "toppling.lem1", "every row")
    assert (m.name, m.scope, m.all_n) == ("automata", "every row", True)
    assert partizan_methods.all_n_method(toppling_lem1, "l", "s", name="x").name == "x"
    v = m.run(ALL_N, Budget(timeout=None))
    assert v.status == "proved", v.reason
    assert v.detail is not None
    assert json.loads(v.detail)["statement"] == "Toppling Conjectures, Lemma 1"
    monkeypatch.setenv("CGSAT_PROOFS", str(tmp_path))
    calls = _install(monkeypatch, ("proved",) * 3)
    unnamed = partizan_methods.all_n_method(lambda: _unnamed(toppling_lem1()), "my.label",
                                            "every row")
    v = unnamed.run(ALL_N, Budget(timeout=50.0))
    assert v.status == "proved" and v.detail is not None
    assert json.loads(v.detail)["statement"] == "my.label"
    assert (tmp_path / "my.label" / "proof.json").exists()
    assert all(40.0 < kw["timeout"] <= 45.0 for _, kw in calls), calls
