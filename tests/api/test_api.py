"""The Python API (:mod:`cgsat.api`): it agrees with the CLI's JSON, its results are plain
frozen objects, bad input raises CgsatInputError, and ``import cgsat`` stays cheap."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cgsat
from cgsat import api
from cgsat.cli import main
from cgsat.errors import CgsatInputError
from cgsat.search import Disagreement

SRC = Path(__file__).resolve().parents[2] / "src"


def cli_json(capsys, *argv):
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    return code, json.loads(out), err


# -- value ----------------------------------------------------------------------------------
VALUE_CASES = [
    ("toppling", "LRRLL", False, None),
    ("toppling", "LRL LR", False, None),
    ("thickets", "stalk:RLLR", False, None),
    ("timber", "0>1 1>2 1>3", False, None),
    ("timber-path", "LLRRLR", False, None),
    ("timber-path", "LR", True, None),
    ("green-cordon", "7:2,4,5", False, None),
    ("green-cordon", "5:", True, None),
    ("phyminoes", "0>1 1>2 2>0", False, "graph"),
    ("lumberjack", " ".join(f"{i}-{i + 1}" for i in range(30)), False, None),  # Tuft
]


@pytest.mark.parametrize(("ruleset", "position", "misere", "distances"), VALUE_CASES)
def test_value_agrees_with_the_cli_json(capsys, ruleset, position, misere, distances):
    argv = ["value", ruleset, position]
    argv += ["--misere"] if misere else []
    argv += ["--distances", distances] if distances else []
    code, expected, _ = cli_json(capsys, *argv)
    got = cgsat.value(ruleset, position, misere, distances=distances)
    assert code == 0
    assert got.to_json() == expected
    assert json.loads(json.dumps(got.to_json())) == expected  # plain JSON, same key order
    assert list(got.to_json()) == list(expected)


def test_value_fields_are_the_json_fields():
    got = cgsat.value("toppling", "LRRLL")
    assert (got.ruleset, got.position, got.outcome, str(got.value), got.nim) == \
        ("toppling", "LRRLL", "L", "{1|*}", None)
    assert isinstance(got.value, cgsat.GameValue) and got.value == cgsat.GameValue("{1|*}")
    assert got.winning_moves[0] == api.Move("L", "0E", "()")
    assert cgsat.value("lumberjack", " ".join(f"{i}-{i + 1}" for i in range(30))).method \
        == "tuft"
    with pytest.raises(dataclasses.FrozenInstanceError):
        got.outcome = "R"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: cgsat.value("chess", "e4"), "unknown ruleset 'chess'"),
        (lambda: cgsat.value("toppling", "LQ"), "unknown letter 'Q'"),
        (lambda: cgsat.value("toppling", "LR", misere=True), "--misere applies to impartial"),
        (lambda: cgsat.value("timber", "0>1", distances="graph"), "--distances applies"),
        (lambda: cgsat.value("phyminoes", "0>1", distances="far"), "--distances 'far'"),
        (lambda: cgsat.value("toppling", 5), "a position is a string"),
        (lambda: cgsat.value("toppling", "L" * 400), "exhaustive limit"),
    ],
)
def test_value_bad_input_raises_one_line(call, message):
    with pytest.raises(CgsatInputError) as exc:
        call()
    assert message in str(exc.value) and "\n" not in str(exc.value)


def test_value_messages_are_the_clis(capsys):
    code = main(["value", "toppling", "LQ"])
    err = capsys.readouterr().err
    with pytest.raises(CgsatInputError) as exc:
        cgsat.value("toppling", "LQ")
    assert code == 2 and err == f"cgsat: error: {exc.value}\n"


# -- check ----------------------------------------------------------------------------------
def without_seconds(rows):
    """Results without what differs from run to run: the time and the peak memory."""
    return [{k: v for k, v in r.items() if k not in ("seconds", "peak_rss_mb")} for r in rows]


@pytest.mark.parametrize(
    ("argv", "kwargs"),
    [
        (["lumberjack.tuft", "timber.thm2.3", "--up-to", "4"],
         {"claim": ["lumberjack.tuft", "timber.thm2.3"], "up_to": 4}),
        (["thickets.thm3.1", "--up-to", "4"], {"claim": "thickets.thm3.1", "up_to": 4}),
        (["timber.thm2.3", "--from", "3", "--up-to", "5", "--method", "sat",
          "--controls", "3", "--solver", "g4"],
         {"claim": "timber.thm2.3", "from_n": 3, "up_to": 5, "methods": ["sat"],
          "controls": 3, "solver": "g4"}),
    ],
)
def test_check_agrees_with_the_cli_json(capsys, tmp_path, argv, kwargs):
    code, expected, _ = cli_json(capsys, "check", *argv, "--jobs", "1",
                                 "--db", str(tmp_path / "cli.sqlite"))
    report = cgsat.check(**kwargs, jobs=1)
    assert report.exit_code == code
    assert without_seconds(report.to_json()["results"]) == \
        without_seconds(expected["results"])
    assert [r.to_json() for r in report.results] == report.to_json()["results"]


def test_check_summary_of_a_refutation():
    report = cgsat.check("thickets.thm3.1", up_to=4, jobs=1)
    assert [(r.n, r.method, r.counterexample) for r in report.refutations] == \
        [(3, "brute", "3:1"), (3, "sat", "3:1")]
    assert report.refutations[0].detail  # why the counterexample breaks the statement
    assert report.verified == {"thickets.thm3.1": {"brute": None, "sat": None}}
    assert report.exit_code == 1 and not report.stopped_short and not report.problems
    summary = report.to_json()["summary"]
    assert summary["refutations"][0] == {"claim": "thickets.thm3.1", "n": 3,
                                         "method": "brute", "counterexample": "3:1"}
    assert summary["exit_code"] == 1


def test_check_summary_of_a_timeout():
    """A size that runs past ``timeout`` is unknown and the method stops short (exit 5)."""
    notes = []
    report = cgsat.check("timber.thm2.4", up_to=25, from_n=24, methods="brute", timeout=0.3,
                         jobs=1, on_note=notes.append)
    assert [(r.n, r.status) for r in report.results] == [(24, "unknown"), (25, "unknown")]
    assert report.results[0].reason.startswith("timeout")
    assert report.stopped_short == (
        "timber.thm2.4 brute: nothing verified from 24 of 25: n=24 timed out at 0.3 s "
        "(1 larger size skipped)",)
    assert report.verified == {"timber.thm2.4": {"brute": None}} and report.exit_code == 5


def test_check_verified_and_the_callbacks():
    seen = []
    report = cgsat.check("lumberjack.tuft", up_to=3, jobs=1, on_result=seen.append)
    assert report.verified == {"lumberjack.tuft": {"mex": 3, "sum-outcome": 3}}
    assert sorted(seen, key=lambda r: (r.method, r.n)) == list(report.results)
    assert all(isinstance(r, api.CheckResult) for r in seen) and report.exit_code == 0


def test_check_reports_a_method_size_limit_as_a_note():
    from cgsat.papers.registry import all_claims

    claim, method = next((c, m) for c in all_claims() for m in c.methods
                         if m.max_n is not None)
    notes: list[str] = []
    report = cgsat.check(claim.id, from_n=method.max_n + 1, up_to=method.max_n + 1,
                         methods=method.name, on_note=notes.append, jobs=1)
    assert notes == [f"{claim.id} {method.name} runs only up to n={method.max_n} "
                     "(its size limit)"]
    assert report.notes == tuple(notes) and report.results == ()


def test_check_uses_no_store_on_disk_unless_db_is_given(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CGSAT_DB", raising=False)
    first = cgsat.check("lumberjack.tuft", up_to=2, methods="mex", jobs=1)
    again = cgsat.check("lumberjack.tuft", up_to=2, methods="mex", jobs=1)
    assert os.listdir(tmp_path) == []
    assert not any(r.reused for r in first.results + again.results)
    db = str(tmp_path / "r.sqlite")
    cgsat.check("lumberjack.tuft", up_to=2, methods="mex", jobs=1, db=db)
    stored = cgsat.check("lumberjack.tuft", up_to=2, methods="mex", jobs=1, db=db)
    forced = cgsat.check("lumberjack.tuft", up_to=2, methods="mex", jobs=1, db=db,
                         force=True)
    assert all(r.reused for r in stored.results)
    assert not any(r.reused for r in forced.results)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"claim": "no.such"}, "unknown claim 'no.such'"),
        ({"claim": []}, "name at least one claim"),
        ({"claim": 7}, "a claim is an id"),
        ({"claim": "lumberjack.tuft", "methods": "sat"}, "has no method 'sat'"),
        ({"claim": "lumberjack.tuft", "up_to": -1}, "a bound must be at least 0, got -1"),
        ({"claim": "lumberjack.tuft", "up_to": 2.5}, "expected a whole number"),
        ({"claim": "lumberjack.tuft", "up_to": 99_999}, "above the largest size"),
        ({"claim": "lumberjack.tuft", "from_n": 5, "up_to": 3}, "--from 5 is above"),
        ({"claim": "lumberjack.tuft", "up_to": 3, "target": True}, "not both"),
        ({"claim": "lumberjack.tuft", "timeout": 0}, "a timeout must be positive"),
        ({"claim": "lumberjack.tuft", "controls": -2}, "at least 0, got -2"),
        ({"claim": "lumberjack.tuft", "jobs": 0}, "expected a positive whole number, got 0"),
        ({"claim": "lumberjack.tuft", "solver": "nosuch"}, "unknown SAT solver 'nosuch'"),
        ({"claim": "lumberjack.tuft", "proof": True, "solver": "minisat22"}, "--proof"),
        ({"claim": "lumberjack.tuft", "confirm_with": "cd19"}, "--confirm-with must name"),
        ({"claim": "lumberjack.tuft", "db": ""}, "--db: the path is empty"),
        ({"claim": "all", "methods": "nosuch"}, "no registered claim has method 'nosuch'"),
    ],
)
def test_check_bad_input_raises_one_line(kwargs, message):
    with pytest.raises(CgsatInputError) as exc:
        cgsat.check(**kwargs)
    assert message in str(exc.value) and "\n" not in str(exc.value)


# -- find -----------------------------------------------------------------------------------
FIND_CASES = [
    (["toppling", "--max-length", "9", "--value", "{{1|0}|0}", "--all"],
     {"ruleset": "toppling", "max_length": 9, "value": "{{1|0}|0}", "mode": "all"}),
    (["toppling", "--length", "4", "--outcome", "P", "--alphabet", "LR", "--count"],
     {"ruleset": "toppling", "length": 4, "outcome": "P", "alphabet": "LR", "mode": "count"}),
    (["timber-path", "--length", "6", "--value", "0", "--all"],
     {"ruleset": "timber-path", "length": 6, "value": 0, "mode": "all"}),
    (["timber-path", "--max-length", "5", "--value", "*2"],
     {"ruleset": "timber-path", "max_length": 5, "value": "*2"}),
    (["timber", "--shape", "0-1 1-2, 1-3", "--outcome", "P", "--misere", "--count"],
     {"ruleset": "timber", "shape": "0-1 1-2, 1-3", "outcome": "P", "misere": True,
      "mode": "count"}),
    (["phyminoes", "--shape", "0-1 1-2 2-0", "--outcome", "N", "--distances", "graph",
      "--all"],
     {"ruleset": "phyminoes", "shape": "0-1 1-2 2-0", "outcome": "N", "distances": "graph",
      "mode": "all"}),
    (["green-cordon", "--height", "5", "--outcome", "P", "--all"],
     {"ruleset": "green-cordon", "height": 5, "outcome": "P", "mode": "all"}),
    (["green-cordon", "--height", "6", "--value", "*2", "--count"],
     {"ruleset": "green-cordon", "height": 6, "value": "*2", "mode": "count"}),
]


@pytest.mark.parametrize(("argv", "kwargs"), FIND_CASES)
def test_find_agrees_with_the_cli_json(capsys, argv, kwargs):
    code, expected, _ = cli_json(capsys, "find", *argv)
    got = cgsat.find(**kwargs).to_json()
    assert code == 0
    if "proof" in expected["query"]:  # a count from a proof: the CLI stores it (--db)
        assert expected["query"].pop("proof").startswith("proved now and stored in ")
        assert got["query"].pop("proof") == "proved now"  # the API: db=None, no store
    assert got == expected
    assert list(got) == list(expected)


def test_find_controls():
    """``controls`` reaches the search: 16 samples by default, then K samples (and one
    toggled control when nothing is found), seeded as the CLI seeds them."""
    assert cgsat.find("timber-path", length=10, value="0").controls == \
        {"passed": 16, "total": 16}
    none = {"ruleset": "timber-path", "length": 11, "value": "0"}
    assert cgsat.find(**none).controls == {"passed": 17, "total": 17}
    assert cgsat.find(**none, controls=3).controls == {"passed": 4, "total": 4}
    assert cgsat.find(**none, controls=0).controls == {"passed": 1, "total": 1}
    for mode in ("one", "all", "count"):
        got = cgsat.find("toppling", length=4, outcome="N", mode=mode, controls=2)
        assert got.controls["passed"] == got.controls["total"] > 0
        assert got.to_json()["controls"] == got.controls


def test_find_raises_control_failed_when_the_direct_solver_lies(monkeypatch):
    """Negative control: a failed control raises, naming the query; never "none found"."""
    from cgsat.search import ControlFailed
    from cgsat.search import impartial as imp_search

    monkeypatch.setattr(imp_search, "has_target", lambda rs, text, target: True)
    with pytest.raises(ControlFailed, match=r"^timber-path \{'length': 9.*control failed"):
        cgsat.find("timber-path", length=9, value="0")


def test_find_results_are_plain_objects():
    got = cgsat.find("timber-path", length=6, value="0", mode="count")
    assert got.count == 5 and got.positions is None and got.counted_by
    assert got.query == {"length": 6, "outcome": "P", "misere": False, "mode": "count"}
    one = cgsat.find("toppling", length=3, outcome="L")
    assert len(one.positions) == 1 and one.count is None
    assert cgsat.value("toppling", one.positions[0]).outcome == "L"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"ruleset": "lumberjack", "length": 3, "value": 0}, "does not support the lumberjack"),
        ({"ruleset": "chess", "length": 3, "value": 0}, "unknown ruleset 'chess'"),
        ({"ruleset": "toppling", "value": 0}, "give exactly one of length"),
        ({"ruleset": "toppling", "length": 3, "max_length": 3, "value": 0}, "exactly one"),
        ({"ruleset": "toppling", "length": 3}, "give value or outcome"),
        ({"ruleset": "toppling", "length": 3, "value": 0, "outcome": "P"}, "value or outcome"),
        ({"ruleset": "toppling", "length": -1, "value": 0}, "at least 0, got -1"),
        ({"ruleset": "toppling", "max_length": 0, "value": 0}, "positive whole number"),
        ({"ruleset": "toppling", "length": 3, "outcome": "X"}, "--outcome: expected one of"),
        ({"ruleset": "toppling", "length": 3, "value": "{1|"}, "{1|"),
        ({"ruleset": "toppling", "length": 3, "value": 0, "misere": True}, "--misere"),
        ({"ruleset": "toppling", "shape": "0-1", "value": 0}, "toppling takes --length"),
        ({"ruleset": "toppling", "length": 3, "value": 0, "alphabet": "X"}, "--alphabet"),
        ({"ruleset": "toppling", "length": 3, "value": 0, "mode": "many"}, "mode:"),
        ({"ruleset": "toppling", "length": 3, "value": 0, "controls": -1}, "at least 0"),
        ({"ruleset": "toppling", "length": 3, "value": 0, "controls": 1.5}, "whole number"),
        ({"ruleset": "timber-path", "height": 3, "value": 0}, "timber-path takes --length"),
        ({"ruleset": "timber-path", "length": 3, "value": "1/2"}, "is not a nim-value"),
        ({"ruleset": "timber-path", "length": 3, "value": "*", "misere": True}, "misère"),
        ({"ruleset": "timber-path", "length": 3, "outcome": "L"}, "outcomes P and N only"),
        ({"ruleset": "timber-path", "length": 3, "value": 0, "alphabet": "LRE"}, "toppling"),
        ({"ruleset": "timber", "length": 3, "value": 0}, "timber takes --shape"),
        ({"ruleset": "timber", "shape": "0-1 1>2", "value": 0}, "bad edge '1>2'"),
        ({"ruleset": "timber", "shape": "0-1 1-0", "value": 0}, "repeated edge"),
        ({"ruleset": "timber", "shape": "0-1", "value": 0, "distances": "graph"}, "phyminoes"),
        ({"ruleset": "green-cordon", "length": 3, "value": 0}, "takes --height N"),
        ({"ruleset": "green-cordon", "height": 3, "value": "^"}, "is not a nim-value"),
        ({"ruleset": "green-cordon", "height": 3, "outcome": "L"}, "--outcome takes P or N"),
        ({"ruleset": "green-cordon", "height": 3, "value": 0, "misere": True}, "--misere"),
    ],
)
def test_find_bad_input_raises_one_line(kwargs, message):
    with pytest.raises(CgsatInputError) as exc:
        cgsat.find(**kwargs)
    assert message in str(exc.value) and "\n" not in str(exc.value)


def test_find_messages_are_the_clis(capsys):
    """The same bad request gives the CLI's one line (after ``cgsat: error:``)."""
    for argv, kwargs in [
        (["timber", "--shape", "0-1 1>2", "--value", "0"],
         {"ruleset": "timber", "shape": "0-1 1>2", "value": "0"}),
        (["green-cordon", "--height", "3", "--value", "^"],
         {"ruleset": "green-cordon", "height": 3, "value": "^"}),
        (["toppling", "--length", "3", "--value", "0", "--misere"],
         {"ruleset": "toppling", "length": 3, "value": "0", "misere": True}),
    ]:
        code = main(["find", *argv])
        err = capsys.readouterr().err
        with pytest.raises(CgsatInputError) as exc:
            cgsat.find(**kwargs)
        assert code == 2 and err == f"cgsat: error: {exc.value}\n"


def test_find_raises_disagreement_when_the_direct_solver_disagrees(monkeypatch):
    """Negative control: a lying replay is a Disagreement, never a silent answer."""
    from cgsat.search import toppling

    monkeypatch.setattr(toppling, "matches", lambda row, value, outcome: False)
    with pytest.raises(Disagreement, match="the direct solver disagrees"):
        cgsat.find("toppling", length=3, outcome="L")


# -- the package ----------------------------------------------------------------------------
def test_import_cgsat_loads_no_api_until_first_use():
    code = ("import sys, cgsat; before = 'cgsat.api' in sys.modules; f = cgsat.value; "
            "print(before, 'cgsat.api' in sys.modules, f is sys.modules['cgsat.api'].value, "
            "'cgsat.papers.registry' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(SRC)}, check=True).stdout
    assert out.split() == ["False", "True", "True", "False"]


def test_the_package_exports_the_three_functions():
    assert (cgsat.value, cgsat.check, cgsat.find) == (api.value, api.check, api.find)
    assert {"value", "check", "find"} <= set(dir(cgsat))
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        cgsat.nope  # noqa: B018


def test_the_worked_session_in_the_docs_runs():
    """docs/python-api.md is a doctest: its outputs are what the API prints."""
    import doctest

    path = Path(__file__).resolve().parents[2] / "docs" / "python-api.md"
    result = doctest.testfile(str(path), module_relative=False,
                              optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 20 and result.failed == 0
