"""A lying external tool is named, not blamed on cgsat (issue 38, defect 12c).

An external SAT solver that answers UNSAT the first time it is called (and truthfully
after) makes Conjecture 39's SAT method fail its controls at n=6; the line that reports it
names the solver, where it used to say "a bug, please report". A lying ``mona`` (it says
"valid" to everything) is named likewise.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

LIAR = '''#!{python}
"""UNSAT the first time it is called, then the truth (by PySAT's CaDiCaL)."""
import os, sys
from pysat.formula import CNF
from pysat.solvers import Solver
state = os.path.join(os.path.dirname(os.path.abspath(__file__)), "calls")
calls = int(open(state).read()) if os.path.exists(state) else 0
open(state, "w").write(str(calls + 1))
if calls == 0:
    print("s UNSATISFIABLE")
    sys.exit(20)
cnf = CNF(from_file=sys.argv[-1])
with Solver(name="cadical153", bootstrap_with=cnf.clauses) as s:
    if s.solve():
        print("s SATISFIABLE")
        print("v " + " ".join(map(str, s.get_model())) + " 0")
        sys.exit(10)
    print("s UNSATISFIABLE")
    sys.exit(20)
'''


def _cgsat(tmp_path: Path, *argv: str, env: dict[str, str] | None = None
           ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cgsat", *argv, "--db",
                           str(tmp_path / "r.sqlite")], capture_output=True, text=True,
                          timeout=300, cwd=tmp_path, env=env, check=False)


def test_a_lying_external_solver_is_named(tmp_path):
    liar = tmp_path / "liar"
    liar.write_text(LIAR.format(python=sys.executable))
    liar.chmod(0o755)
    run = _cgsat(tmp_path, "check", "toppling.conj39", "--from", "6", "--up-to", "6",
                 "--method", "all", "--external-solver", str(liar))
    assert (tmp_path / "calls").exists()  # the control: the liar was asked
    assert run.returncode == 3, run.stderr
    lines = [x for x in run.stderr.splitlines() if "DISAGREEMENT" in x]
    assert lines, run.stderr
    assert all("the external solver 'liar'" in x and "a bug" not in x for x in lines), lines


def test_the_runner_knows_monas_failed_control():
    from cgsat.automata.mona import LIE
    from cgsat.engine.runner import MONA_LIE

    assert MONA_LIE == LIE


def test_a_lying_mona_is_named(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "mona").write_text("#!/bin/sh\necho 'Formula is valid'\n")
    (bin_dir / "mona").chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    run = _cgsat(tmp_path, "check", "thickets.thm3.2", "--method", "automata", env=env)
    assert run.returncode == 3, run.stderr
    lines = [x for x in run.stderr.splitlines() if "DISAGREEMENT" in x]
    assert lines and all("MONA" in x and "a bug" not in x for x in lines), run.stderr
