"""An external DIMACS SAT solver as a solver of cgsat's instances (``--external-solver CMD``).

:func:`cgsat.sat.solve.solve_cnf` calls :func:`solve_external` instead of a PySAT solver
when the budget names a command. The command line ``CMD`` gets the path of a DIMACS file:
substituted for ``{cnf}`` where ``CMD`` contains it, else appended as the last argument.
Where ``CMD`` contains ``{proof}``, the solver is expected to write a DRAT proof (text
format) of an UNSAT answer to that path; the caller checks it like a PySAT proof.

The answer is read in the SAT-competition format: a line ``s SATISFIABLE`` with ``v`` lines
holding the model (ended by ``0``), or ``s UNSATISFIABLE``; exit code 10 or 20 where the
solver sets one (0 is accepted too), and an exit code that contradicts the ``s`` line is an
error. Anything else (no ``s`` line, ``s UNKNOWN``, a crash, the timeout) raises
:class:`ExternalSolverError`: it is never taken for an answer. The caller checks a model
against every clause (:func:`cgsat.sat.solve.check_model`).

References
----------
The SAT competition's output format (https://satcompetition.github.io/2024/output.html).
"""

from __future__ import annotations

import ctypes
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
from dataclasses import dataclass

from cgsat.encodings.cnf import ClauseBuffer
from cgsat.errors import CgsatInputError

__all__ = ["ExternalAnswer", "ExternalSolverError", "PR_SET_PDEATHSIG", "check_program",
           "command_words", "external_name", "parse_output", "read_proof", "solve_external",
           "wants_proof"]

PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """In the solver's process before it starts (Linux): SIGKILL when its parent dies, so
    that a check the runner kills at its timeout takes its external solver with it."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


class ExternalSolverError(Exception):
    """The external solver gave no answer (``unknown``: it said ``s UNKNOWN`` or ran out of
    time) or an unreadable one (a crash, no ``s`` line, a malformed model, a binary proof).

    Attributes
    ----------
    unknown : bool
        True when the solver gave up (the runner reports ``unknown``), False when its output
        is wrong (the runner reports ``error``).
    """

    def __init__(self, message: str, unknown: bool = False) -> None:
        super().__init__(message)
        self.unknown = unknown


@dataclass
class ExternalAnswer:
    """What an external solver said.

    Attributes
    ----------
    sat : bool
    model : list of int or None
        The ``v`` literals of a SAT answer.
    proof : list of str or None
        The lines of the DRAT proof of an UNSAT answer, when ``{proof}`` was asked for.
    """

    sat: bool
    model: list[int] | None
    proof: list[str] | None


def command_words(cmd: str) -> list[str]:
    """The words of ``cmd`` (shell quoting rules).

    Raises
    ------
    CgsatInputError
        For an empty or unparsable command line.

    Examples
    --------
    >>> command_words("cryptominisat5 --verb 0")
    ['cryptominisat5', '--verb', '0']
    """
    try:
        words = shlex.split(cmd)
    except ValueError as exc:
        raise CgsatInputError(f"--external-solver: cannot parse {cmd!r}: {exc}") from None
    if not words:
        raise CgsatInputError("--external-solver: empty command")
    return words


def external_name(cmd: str) -> str:
    """The name results of ``cmd`` are stored under: ``external:`` and the program's file
    name (so that results of an external solver never mix with a PySAT solver's).

    Examples
    --------
    >>> external_name("/usr/bin/picosat")
    'external:picosat'
    >>> external_name("cryptominisat5 --verb 0 {cnf}")
    'external:cryptominisat5'
    """
    return "external:" + os.path.basename(command_words(cmd)[0])


def check_program(cmd: str) -> None:
    """Bad input unless the program of ``cmd`` exists and can be run (a path, or a name on
    PATH): a missing solver is the user's mistake (exit 2), not a disagreement.

    Raises
    ------
    CgsatInputError
        When the program is missing or not executable.

    Examples
    --------
    >>> check_program("sh -c true")
    >>> check_program("/no/such/solver --verb 0")
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: --external-solver: no such program '/no/such/solver'
    """
    program = command_words(cmd)[0]
    if os.sep in program:
        found = program if os.path.isfile(program) else None
    else:
        found = shutil.which(program)
    if found is None:
        raise CgsatInputError(f"--external-solver: no such program {program!r}")
    if not os.access(found, os.X_OK):
        raise CgsatInputError(f"--external-solver: {program!r} is not executable")


def wants_proof(cmd: str) -> bool:
    """Whether ``cmd`` asks its solver for a DRAT proof (contains ``{proof}``).

    Examples
    --------
    >>> wants_proof("mysolver {cnf} {proof}"), wants_proof("picosat")
    (True, False)
    """
    return "{proof}" in cmd


def parse_output(text: str, returncode: int) -> tuple[bool, list[int] | None]:
    """Read a SAT-competition answer: ``(True, model)`` or ``(False, None)``.

    Raises
    ------
    ExternalSolverError
        For ``s UNKNOWN`` (``unknown``), and for no ``s`` line, two of them, a model line
        that is not whole numbers, a SAT answer without its ``v`` lines, or an exit code
        other than 0, 10 (SAT) and 20 (UNSAT) or contradicting the ``s`` line.

    Examples
    --------
    >>> parse_output("c hello\\ns SATISFIABLE\\nv 1 -2\\nv 3 0\\n", 10)
    (True, [1, -2, 3])
    >>> parse_output("s UNSATISFIABLE\\n", 20)
    (False, None)
    >>> parse_output("s UNKNOWN\\n", 0)
    Traceback (most recent call last):
    ...
    cgsat.sat.external.ExternalSolverError: the solver said s UNKNOWN (exit code 0)
    """
    status: list[str] = []
    lits: list[int] = []
    ended = False
    for line in text.splitlines():
        if line.startswith("s "):
            status.append(line[2:].strip())
        elif line.startswith("v "):
            try:
                values = [int(w) for w in line[2:].split()]
            except ValueError:
                raise ExternalSolverError(f"malformed model line {line[:60]!r}") from None
            for lit in values:
                if lit == 0:
                    ended = True
                elif not ended:
                    lits.append(lit)
    if not status:
        tail = text.strip().splitlines()[-1:] or ["(nothing)"]
        raise ExternalSolverError(f"no 's' line in the solver's output (exit code "
                                  f"{returncode}; last line: {tail[0][:80]!r})")
    if len(status) > 1:
        raise ExternalSolverError(f"several 's' lines: {status}")
    if status[0] == "UNKNOWN":
        raise ExternalSolverError(f"the solver said s UNKNOWN (exit code {returncode})",
                                  unknown=True)
    if status[0] not in ("SATISFIABLE", "UNSATISFIABLE"):
        raise ExternalSolverError(f"unexpected answer 's {status[0]}'")
    sat = status[0] == "SATISFIABLE"
    if returncode not in (0, 10, 20) or (returncode and returncode != (10 if sat else 20)):
        raise ExternalSolverError(f"'s {status[0]}' with exit code {returncode}")
    if sat and not ended:
        raise ExternalSolverError("a SAT answer without a complete model (no 'v ... 0')")
    return sat, (lits if sat else None)


def read_proof(path: str) -> list[str]:
    """The lines of a text DRAT proof.

    Raises
    ------
    ExternalSolverError
        When the solver wrote no proof or a binary one.
    """
    if not os.path.exists(path):
        raise ExternalSolverError("the solver wrote no proof to {proof}")
    with open(path, "rb") as f:
        data = f.read()
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError:
        raise ExternalSolverError("the proof is not text DRAT (binary DRAT is not read; "
                                  "ask the solver for text output)") from None
    return [line for line in text.splitlines() if line.strip() and not line.startswith("c")]


def solve_external(cmd: str, cnf: ClauseBuffer, want_proof: bool = False,
                   timeout: float | None = None) -> ExternalAnswer:
    """Run the external solver ``cmd`` on ``cnf`` (written to a temporary DIMACS file).

    Parameters
    ----------
    cmd : str
        The command line (``{cnf}``, ``{proof}`` substituted; else the file is appended).
    cnf : ClauseBuffer
    want_proof : bool
        Read the DRAT proof from ``{proof}`` after an UNSAT answer (``cmd`` must contain it).
    timeout : float or None
        Seconds; the solver is killed after them (:class:`ExternalSolverError`, unknown).
        On Linux the solver is also killed when the calling process dies (the runner
        kills a check's worker at its timeout).

    Returns
    -------
    ExternalAnswer

    Raises
    ------
    ExternalSolverError
        No usable answer (see :func:`parse_output`), or the timeout.
    CgsatInputError
        ``want_proof`` with a command that has no ``{proof}``, or a program that cannot be
        run (missing, not executable).

    Examples
    --------
    >>> import shutil
    >>> cmd = "picosat" if shutil.which("picosat") else "cryptominisat5 --verb 0"
    >>> shutil.which(cmd.split()[0]) is None or solve_external(
    ...     cmd, ClauseBuffer([[1, 2], [-1], [-2]])).sat is False
    True
    """
    if want_proof and not wants_proof(cmd):
        raise CgsatInputError("--proof with --external-solver: the command must contain "
                              "{proof}, where the solver writes its DRAT proof")
    words = command_words(cmd)
    with tempfile.TemporaryDirectory(prefix="cgsat-ext-") as tmp:
        cnf_path = os.path.join(tmp, "instance.cnf")
        proof_path = os.path.join(tmp, "proof.drat")
        with open(cnf_path, "w") as f:
            f.write(cnf.dimacs())
        if "{cnf}" in cmd:
            argv = [w.replace("{cnf}", cnf_path) for w in words]
        else:
            argv = [*words, cnf_path]
        argv = [w.replace("{proof}", proof_path) for w in argv]
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout,
                                  check=False, preexec_fn=_die_with_parent
                                  if sys.platform.startswith("linux") else None)
        except (FileNotFoundError, PermissionError):  # bad input, not a disagreement
            raise CgsatInputError(f"--external-solver: cannot run {words[0]!r}") from None
        except subprocess.TimeoutExpired:
            raise ExternalSolverError(f"no answer within {timeout:g} s",
                                      unknown=True) from None
        if done.returncode < 0:
            raise ExternalSolverError(f"the solver died with signal {-done.returncode}")
        sat, model = parse_output(done.stdout, done.returncode)
        proof = read_proof(proof_path) if (want_proof and not sat) else None
    return ExternalAnswer(sat, model, proof)
