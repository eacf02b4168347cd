""":mod:`cgsat.sat.external` in-process: the exact status, model and reason read from a
solver's output, the proof lines kept, the command's words and name, where the CNF and the
proof are placed, signals, timeouts and missing programs, and a solver that dies with its
caller (the ``--external-solver`` option end to end: tests/sat/test_external_solver.py)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from cgsat.encodings.cnf import ClauseBuffer
from cgsat.errors import CgsatInputError
from cgsat.sat.external import (
    ExternalSolverError,
    check_program,
    command_words,
    external_name,
    parse_output,
    read_proof,
    solve_external,
    wants_proof,
)


def _script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)
    return str(path)


def _raises(text: str, code: int) -> ExternalSolverError:
    with pytest.raises(ExternalSolverError) as info:
        parse_output(text, code)
    return info.value


def test_parse_output_reads_the_status_and_model_exactly() -> None:
    assert parse_output("s SATISFIABLE  \nv 1 -2 0\nv 3 0\n", 0) == (True, [1, -2])
    assert parse_output("s SATISFIABLE\nv 0\n", 10) == (True, [])
    assert parse_output("c s SATISFIABLE\ns UNSATISFIABLE\nv 1 0\n", 20) == (False, None)
    assert parse_output("s UNSATISFIABLE\n", 0) == (False, None)
    assert parse_output("s SATISFIABLE\nv 1\nv -2 0\n", 10) == (True, [1, -2])


@pytest.mark.parametrize(("text", "code", "message", "unknown"), [
    ("", 0, "no 's' line in the solver's output (exit code 0; last line: '(nothing)')",
     False),
    ("c one\nc two\nc three\n", 3, "no 's' line in the solver's output (exit code 3; last "
     "line: 'c three')", False),
    ("c " + "x" * 100, 0, "no 's' line in the solver's output (exit code 0; last line: "
     f"'c {'x' * 78}')", False),
    ("sSATISFIABLE\nv 1 0\n", 10, "no 's' line", False),
    ("s SATISFIABLE\ns SATISFIABLE\nv 1 0\n", 10,
     "several 's' lines: ['SATISFIABLE', 'SATISFIABLE']", False),
    ("s UNKNOWN\n", 7, "the solver said s UNKNOWN (exit code 7)", True),
    ("s unsatisfiable\n", 20, "unexpected answer 's unsatisfiable'", False),
    ("s SATISFIABLE\nv 1 0\n", 20, "'s SATISFIABLE' with exit code 20", False),
    ("s UNSATISFIABLE\n", 10, "'s UNSATISFIABLE' with exit code 10", False),
    ("s UNSATISFIABLE\n", 1, "'s UNSATISFIABLE' with exit code 1", False),
    ("s SATISFIABLE\nv 1 0\n", 30, "'s SATISFIABLE' with exit code 30", False),
    ("s SATISFIABLE\nv 1 -2\n", 10,
     "a SAT answer without a complete model (no 'v ... 0')", False),
    ("s SATISFIABLE\nv 1 2x 0\n", 10, "malformed model line 'v 1 2x 0'", False),
    ("s SATISFIABLE\nv x " + "1 " * 40 + "0\n", 10,
     "malformed model line 'v x " + "1 " * 28 + "'", False),
])
def test_parse_output_rejects_with_its_reason(text: str, code: int, message: str,
                                              unknown: bool) -> None:
    exc = _raises(text, code)
    assert str(exc).startswith(message), str(exc)
    assert exc.unknown is unknown


def test_read_proof_keeps_the_proof_lines_only(tmp_path: Path) -> None:
    proof = tmp_path / "p.drat"
    proof.write_text("c comment\n1 2 0\n\n  \nd 1 2 0\n0\n")
    assert read_proof(str(proof)) == ["1 2 0", "d 1 2 0", "0"]
    with pytest.raises(ExternalSolverError) as info:
        read_proof(str(tmp_path / "missing"))
    assert str(info.value) == "the solver wrote no proof to {proof}"
    proof.write_bytes(b"a\x01\xff\x00")
    with pytest.raises(ExternalSolverError) as info:
        read_proof(str(proof))
    assert str(info.value) == ("the proof is not text DRAT (binary DRAT is not read; ask the "
                               "solver for text output)")


def test_command_words_and_names() -> None:
    assert command_words("a 'b c' d") == ["a", "b c", "d"]
    with pytest.raises(CgsatInputError, match="cannot parse"):
        command_words("a 'b")
    with pytest.raises(CgsatInputError, match="^--external-solver: empty command$"):
        command_words("   ")
    assert external_name("'/opt/my solvers/kissat' --quiet") == "external:kissat"
    assert wants_proof("s {cnf} {proof}") and not wants_proof("s {cnf} proof")


def test_check_program_finds_paths_and_names(tmp_path: Path) -> None:
    check_program("sh -c true")
    check_program(_script(tmp_path, "ok.sh", "exit 0") + " --flag")
    with pytest.raises(CgsatInputError, match="no such program 'no-such-solver-xyz'"):
        check_program("no-such-solver-xyz")
    with pytest.raises(CgsatInputError, match="no such program"):
        check_program(str(tmp_path))  # a directory is not a program
    plain = tmp_path / "plain"
    plain.write_text("#!/bin/sh\n")
    plain.chmod(0o644)
    with pytest.raises(CgsatInputError, match="is not executable"):
        check_program(str(plain))


# a fake solver: prints its arguments and answers UNSAT, writing a proof where asked
ECHO_UNSAT = """\
echo "c args: $*"
for a in "$@"; do case "$a" in /*/proof.drat) printf '0\\n' > "$a";; esac; done
echo 's UNSATISFIABLE'
exit 20"""


def test_solve_external_places_the_cnf_and_the_proof(tmp_path: Path) -> None:
    cmd = _script(tmp_path, "echo.sh", ECHO_UNSAT)
    cnf = ClauseBuffer([[1], [-1]])
    answer = solve_external(cmd + " --x", cnf)
    assert (answer.sat, answer.model, answer.proof) == (False, None, None)
    answer = solve_external(cmd + " {cnf} {proof}", cnf, want_proof=True)
    assert answer.proof == ["0"]
    # the proof is read only when asked for
    assert solve_external(cmd + " {cnf} {proof}", cnf).proof is None
    with pytest.raises(CgsatInputError) as info:
        solve_external(cmd, cnf, want_proof=True)
    assert str(info.value) == ("--proof with --external-solver: the command must contain "
                               "{proof}, where the solver writes its DRAT proof")


def test_solve_external_hands_over_the_dimacs(tmp_path: Path) -> None:
    # the fake solver answers SAT with the model read back from the DIMACS file's last
    # argument (appended) or its {cnf} place
    body = ('f="$1"; [ -f "$f" ] || f="$2"; grep -q "^p cnf 2 2$" "$f" || exit 3\n'
            "echo 's SATISFIABLE'; echo 'v 1 -2 0'; exit 10")
    cmd = _script(tmp_path, "sat.sh", body)
    cnf = ClauseBuffer([[1], [-2]])
    assert solve_external(cmd, cnf).model == [1, -2]
    assert solve_external(cmd + " {cnf} --y", cnf).model == [1, -2]


def test_solve_external_reports_signals_timeouts_and_missing_programs(
        tmp_path: Path) -> None:
    cnf = ClauseBuffer([[1]])
    with pytest.raises(ExternalSolverError, match="died with signal 9") as info:
        solve_external(_script(tmp_path, "kill.sh", "kill -KILL $$"), cnf)
    assert info.value.unknown is False
    with pytest.raises(ExternalSolverError, match=r"no answer within 0.5 s") as info:
        solve_external(_script(tmp_path, "slow.sh", "sleep 5"), cnf, timeout=0.5)
    assert info.value.unknown is True
    with pytest.raises(CgsatInputError, match="cannot run '/no/such/solver'"):
        solve_external("/no/such/solver", cnf)


def _run_solver(cmd: str) -> None:
    solve_external(cmd, ClauseBuffer([[1]]))


def _alive(pid: int) -> bool:
    """Whether process ``pid`` is still running (a zombie has ended)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG")
def test_the_solver_dies_with_its_caller(tmp_path: Path) -> None:
    pidfile = tmp_path / "pid"
    cmd = _script(tmp_path, "hang.sh", f'echo $$ > {pidfile}.tmp; mv {pidfile}.tmp {pidfile}; '
                                       "exec sleep 30")
    caller = multiprocessing.get_context("fork").Process(target=_run_solver, args=(cmd,))
    caller.start()
    try:
        deadline = time.monotonic() + 20
        while not pidfile.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        pid = int(pidfile.read_text())
        assert _alive(pid)
    finally:
        os.kill(caller.pid, signal.SIGKILL)  # type: ignore[arg-type]
        caller.join()
    deadline = time.monotonic() + 5
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    alive = _alive(pid)
    if alive:
        os.kill(pid, signal.SIGKILL)
    assert not alive, "the external solver outlived the process that ran it"
