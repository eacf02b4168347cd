"""The bridges of :mod:`cgsat.sat.drat` to the established checkers, unit by unit: where
drat-trim is found, what it is given (files a stand-in script copies out), how its output
is read, and dratify's reasons passed on. drat-trim is not installed here: shell scripts
stand in for it (they check what cgsat hands over, not proofs). Written against the
survivors of ``benchmarks/mutation.sh drat`` (issue 36)."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import dratify
import pytest

from cgsat.sat import drat
from cgsat.sat.drat import ProofCheck, check_refutation, check_with_drat_trim, check_with_dratify

pytestmark = pytest.mark.skipif(os.name != "posix", reason="shell scripts stand in for drat-trim")

HAND = [[1, 2], [-2, 3], [-3, 1], [-1, 4, 5], [-1, 4, -5], [-1, -4, 5], [-1, -4, -5]]
HAND_PROOF = ["1 0", "4 0", "0"]


def _script(path: Path, body: str) -> str:
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


def _copying(tmp_path: Path, answer: str = "s VERIFIED") -> str:
    """A drat-trim stand-in that copies its two files and their directory out, then answers."""
    out = tmp_path / "seen"
    out.mkdir()
    return _script(tmp_path / "drat-trim",
                   f'cp "$1" {out}/cnf; cp "$2" {out}/proof; dirname "$1" > {out}/dir\n'
                   f'dirname "$2" > {out}/dir2\n'
                   f"echo '{answer}'")


# -- where drat-trim is found --------------------------------------------------------------


def test_drat_trim_path_reads_the_variable_then_path(monkeypatch, tmp_path) -> None:
    exe = _script(tmp_path / "drat-trim", "exit 0")
    monkeypatch.setenv("CGSAT_DRAT_TRIM", exe)
    assert drat.drat_trim_path() == exe
    monkeypatch.setenv("CGSAT_DRAT_TRIM", "sh")  # not a file here: a name looked up on PATH
    assert drat.drat_trim_path() == shutil.which("sh") is not None
    plain = tmp_path / "not-executable"
    plain.write_text("")
    monkeypatch.setenv("CGSAT_DRAT_TRIM", str(plain))  # named: used (and fails loudly)
    assert drat.drat_trim_path() == str(plain)
    monkeypatch.setenv("CGSAT_DRAT_TRIM", str(tmp_path / "absent"))
    assert drat.drat_trim_path() is None
    monkeypatch.delenv("CGSAT_DRAT_TRIM")
    monkeypatch.setenv("PATH", str(tmp_path))
    assert drat.drat_trim_path() == exe
    monkeypatch.setenv("CGSAT_DRAT_TRIM", "")  # empty: PATH decides
    assert drat.drat_trim_path() == exe
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    assert drat.drat_trim_path() is None


# -- what drat-trim is given and how its answer is read ----------------------------------


def test_drat_trim_gets_the_formula_and_one_proof_step_a_line(tmp_path) -> None:
    exe = _copying(tmp_path)
    dimacs = "p cnf 2 2\n1 0\n-1 0\n"
    check = check_with_drat_trim(dimacs, ["0", "d 1 0\n", "0"], exe)
    assert check == ProofCheck("verified", "drat-trim", "s VERIFIED")
    seen = tmp_path / "seen"
    assert (seen / "cnf").read_text() == dimacs
    assert (seen / "proof").read_text() == "0\nd 1 0\n0\n"
    where = Path((seen / "dir").read_text().strip())
    assert where.name.startswith("cgsat-drat-") and not where.exists()  # removed after
    assert (seen / "dir2").read_text() == (seen / "dir").read_text()  # both files there


def test_drat_trim_answers_are_read_from_both_streams(tmp_path) -> None:
    said = {"stdout": "echo 'c parsing'; echo 's NOT VERIFIED'",
            "stderr": "echo 's VERIFIED' >&2",
            "nothing": "exit 3", "blank": "echo '   '; exit 0"}
    got = {k: check_with_drat_trim("p cnf 0 0\n", [], _script(tmp_path / k, v))
           for k, v in said.items()}
    assert got == {"stdout": ProofCheck("rejected", "drat-trim", "s NOT VERIFIED"),
                   "stderr": ProofCheck("verified", "drat-trim", "s VERIFIED"),
                   "nothing": ProofCheck("rejected", "drat-trim", "exit 3"),
                   "blank": ProofCheck("rejected", "drat-trim", "exit 0")}


def test_drat_trim_that_cannot_run_or_hangs_is_a_rejection(tmp_path) -> None:
    absent = check_with_drat_trim("p cnf 0 0\n", [], str(tmp_path / "absent"))
    assert absent.verdict == "rejected" and absent.checker == "drat-trim"
    assert absent.message.startswith("drat-trim failed to run: ")
    hangs = _script(tmp_path / "hangs", "exec sleep 5")
    late = check_with_drat_trim("p cnf 0 0\n", [], hangs, timeout=0.3)
    assert late.verdict == "rejected" and late.message.startswith("drat-trim failed to run: ")
    assert "timed out" in late.message


def test_check_refutation_writes_the_dimacs_for_drat_trim(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("CGSAT_DRAT_TRIM", _copying(tmp_path))
    checks = check_refutation(HAND, HAND_PROOF)
    assert [(c.checker, c.verdict) for c in checks] == [
        ("drat-trim", "verified"), ("cgsat-drat", "verified")]
    lines = ["p cnf 5 7"] + [" ".join(map(str, c)) + " 0" for c in HAND]
    assert (tmp_path / "seen" / "cnf").read_text() == "\n".join(lines) + "\n"
    assert (tmp_path / "seen" / "proof").read_text() == "1 0\n4 0\n0\n"
    # a given DIMACS text goes over as it is; the size limit reaches cgsat's checker
    checks = check_refutation(HAND, HAND_PROOF, dimacs_text="c as given\n", max_literals=3)
    assert (tmp_path / "seen" / "cnf").read_text() == "c as given\n"
    assert [c.verdict for c in checks] == ["verified", "too-large"]
    assert "limit of 3" in checks[1].message


def test_check_refutation_of_the_empty_clause_names_no_variable(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("CGSAT_DRAT_TRIM", _copying(tmp_path))
    checks = check_refutation([[]], [])
    assert (tmp_path / "seen" / "cnf").read_text() == "p cnf 0 1\n 0\n"  # the empty clause: " 0"
    assert [c.verdict for c in checks] == ["verified", "verified"]


def test_check_refutation_stops_at_drat_trims_rejection(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("CGSAT_DRAT_TRIM", _copying(tmp_path, "s NOT VERIFIED"))
    assert check_refutation(HAND, HAND_PROOF) == [
        ProofCheck("rejected", "drat-trim", "s NOT VERIFIED")]


# -- dratify's reasons passed on ------------------------------------------------------------


def _dratify_itself(proof: str) -> dratify.CheckResult:
    formula = dratify.CNF()
    for c in HAND:
        formula.add_dimacs(c)
    return dratify.check_proof(formula, proof, engine="python")


def test_dratify_reasons_are_passed_on() -> None:
    ok = _dratify_itself("\n".join(HAND_PROOF))
    assert check_with_dratify(HAND, HAND_PROOF) == ProofCheck("verified", "dratify", ok.reason)
    bad = _dratify_itself("-1 0\n4 0\n0")  # the first step fails
    assert bad.failed_step == 1
    assert check_with_dratify(HAND, ["-1 0", "4 0", "0"]) == ProofCheck(
        "rejected", "dratify", f"{bad.reason} (step 1)")
    short = _dratify_itself("1 0")  # no step fails, the empty clause is missing
    assert short.failed_step < 0
    assert check_with_dratify(HAND, ["1 0"]) == ProofCheck("rejected", "dratify", short.reason)
    with pytest.raises(ValueError) as exc:
        _dratify_itself("x 0")
    assert check_with_dratify(HAND, ["x 0"]) == ProofCheck("rejected", "dratify",
                                                           f"dratify: {exc.value}")


def test_dratify_runs_its_own_python_engine(monkeypatch) -> None:
    """A native engine that another package registers with dratify (it would share code
    with a solver) is not the independent checker cgsat asks for: a planted native
    engine that accepts everything is never consulted."""
    from types import SimpleNamespace

    def accept_all(nvars, clauses, steps, check_rat, apply_deletions):
        return (True, "planted", len(steps), 0, 0, 0, 0, 0, -1, True)

    monkeypatch.setattr(dratify.proof, "_registered_native",
                        SimpleNamespace(check_proof=accept_all))
    formula = dratify.CNF()
    for c in HAND:
        formula.add_dimacs(c)
    assert dratify.check_proof(formula, "0").ok  # the planted engine answers for "auto"
    assert check_with_dratify(HAND, ["0"]).verdict == "rejected"
