"""Issue 39 item 7, each gap with a test: ``export-cnf --claims``, a duplicate claim id
names both files, ``find --max-length`` says "of length at most N"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pysat.formula import CNF
from pysat.solvers import Solver

KIT = ("from cgsat.kit import claim, rows, never\n"
       "CLAIMS = [claim('user.lr-no-upstar', rows('LR'), never('^*'))]\n")
COPY = ("from dataclasses import replace\n"
        "from cgsat.papers.registry import get_claim\n"
        "CLAIMS = [replace(get_claim('timber.thm2.3'), id='user.my-thm23')]\n")


def test_export_cnf_takes_claims_files(cli: Any, tmp_path: Path) -> None:
    mine = tmp_path / "mine.py"
    mine.write_text(COPY)
    out = tmp_path / "x.cnf"
    run = cli("export-cnf", "user.my-thm23", "--n", "6", "--claims", str(mine),
              "--out", str(out))
    assert run.code == 0, run.err
    text = out.read_text()
    assert "c claim: user.my-thm23" in text
    with Solver(name="cadical195", bootstrap_with=CNF(from_string=text).clauses) as s:
        assert s.solve() is False  # Theorem 2.3 holds at n=6: its instance is UNSAT
    # without --claims the id is unknown: one line, exit 2
    run = cli("export-cnf", "user.my-thm23", "--n", "6")
    assert run.code == 2 and run.err.count("\n") == 1


def test_export_cnf_says_why_a_kit_claim_has_nothing_to_write(cli: Any,
                                                               tmp_path: Path) -> None:
    kit = tmp_path / "kit.py"
    kit.write_text(KIT)
    run = cli("export-cnf", "user.lr-no-upstar", "--n", "4", "--claims", str(kit))
    assert run.code == 2 and run.err.count("\n") == 1
    assert "has no SAT method export-cnf can write" in run.err
    assert "cgsat find searches" in run.err


def test_a_duplicate_id_names_both_files(cli: Any, tmp_path: Path) -> None:
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text(KIT)
    b.write_text(KIT)
    run = cli("list", "--claims", str(a), "--claims", str(b))
    assert run.code == 2 and run.err.count("\n") == 1
    assert f"is defined twice: in {a} and in {b}" in run.err
    run = cli("check", "--claims", str(a), "--claims", str(b), "--up-to", "2")
    assert run.code == 2 and f"in {a} and in {b}" in run.err


def test_a_registered_id_names_the_claims_file_and_the_paper_module(
        cli: Any, tmp_path: Path) -> None:
    clash = tmp_path / "clash.py"
    clash.write_text("from dataclasses import replace\n"
                     "from cgsat.papers.registry import get_claim\n"
                     "CLAIMS = [replace(get_claim('timber.thm2.3'), statement='mine')]\n")
    run = cli("list", "--claims", str(clash))
    assert run.code == 2 and run.err.count("\n") == 1
    assert "collides with a registered claim" in run.err
    assert f"in {clash}; registered in " in run.err
    assert run.err.rstrip().endswith("papers/timber/claims.py)")


def test_find_max_length_with_no_match_says_at_most(cli: Any) -> None:
    run = cli("find", "toppling", "--max-length", "4", "--outcome", "P")
    assert run.code == 0 and run.out == "no row of length at most 4 matches\n"
    run = cli("find", "toppling", "--length", "4", "--outcome", "P")
    assert run.out == "no row of this length matches\n"
    run = cli("find", "timber-path", "--max-length", "3", "--value", "*4")
    assert run.out == "no position of length at most 3 matches\n"
