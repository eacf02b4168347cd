"""SAT solving for claim methods: solver names, DIMACS hashing, proofs, second opinions.

Every SAT method of every claim goes through :func:`solve_cnf`, so that solver choice,
DRAT proofs (``--proof``), re-solving with a second solver (``--confirm-with``), instance
sizes and certificates are handled in one place. A method builds its formula into a
:class:`ClauseBuffer` (a compact, append-only clause store with the ``add_clause`` /
``append`` interface of PySAT's ``CNF``; encoders only ever call ``add_clause``), then calls
``solve_cnf(buffer, budget)`` and decodes the model.

Certificates (DESIGN.md "CLI contract") are ``{"kind","checker","verdict","sha256"}``:

- ``kind "drat"``: the solver's DRAT proof of an UNSAT answer, checked by drat-trim (when
  ``$CGSAT_DRAT_TRIM`` or ``drat-trim`` on PATH exists) or else by :mod:`cgsat.verify.drat`;
  ``sha256`` is the proof's hash;
- ``kind "confirm"``: a second solver re-solved the same DIMACS and agreed; ``checker`` names
  it and ``sha256`` is the DIMACS hash;
- ``kind "drat+confirm"``: both;
- ``kind "model"``: a SAT answer whose model was checked against every clause.

A :class:`ClauseBuffer` holds plain clauses only (no native cardinality constraints), so
every proof-checked run is clausal by construction.

A verdict that fails its certificate is not an answer: :class:`SolverDisagreement` is
raised, and the runner reports it loudly (exit code 3).
"""

from __future__ import annotations

import hashlib
import time
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from pysat.solvers import Solver, SolverNames

from cgsat.errors import CgsatInputError
from cgsat.verify import drat
from cgsat.verify.claims import Budget

DEFAULT_SOLVER = "cadical195"

# Human-readable names of PySAT's solvers (PySAT 1.9 bundles these versions).
SOLVER_TITLES = {
    "cadical103": "CaDiCaL 1.0.3",
    "cadical153": "CaDiCaL 1.5.3",
    "cadical195": "CaDiCaL 1.9.5",
    "cadical300": "CaDiCaL 3.0.0",
    "cryptosat": "CryptoMiniSat 5",
    "ergo": "Ergo",
    "gluecard3": "Gluecard 3",
    "gluecard4": "Gluecard 4",
    "glucose3": "Glucose 3",
    "glucose4": "Glucose 4.1",
    "glucose42": "Glucose 4.2.1",
    "kissat404": "Kissat 4.0.4",
    "lingeling": "Lingeling",
    "maplechrono": "MapleLCMDistChronoBT",
    "maplecm": "MapleCM",
    "maplesat": "MapleSAT",
    "mergesat3": "MergeSat 3",
    "minicard": "Minicard",
    "minisat22": "MiniSat 2.2",
    "minisatgh": "MiniSat (GitHub)",
    "minisatep": "MiniSat (EP)",
}

# Solvers whose DRAT proofs verify (checked with drat-trim on PySAT 1.9.dev17). Maplesat
# emits proofs that do not verify; Kissat, MiniSat and CryptoMiniSat emit none.
PROOF_SOLVERS = frozenset({
    "cadical103", "cadical153", "cadical195", "cadical300", "glucose3", "glucose4",
    "glucose42", "lingeling", "maplechrono", "maplecm", "ergo",
})


class SolverDisagreement(Exception):
    """Two solvers gave different answers, or a proof or model failed its check.

    This is a bug in cgsat or in a solver; the runner reports it with exit code 3.
    """


def canonical_solver(name: str) -> str:
    """The canonical PySAT name of a solver, from any of its aliases.

    Raises
    ------
    CgsatInputError
        For a name PySAT does not know.

    Examples
    --------
    >>> canonical_solver("cd19"), canonical_solver("kissat"), canonical_solver("g4")
    ('cadical195', 'kissat404', 'glucose4')
    """
    key = name.strip().lower()
    for canonical, aliases in vars(SolverNames).items():
        if canonical.startswith("_") or not isinstance(aliases, tuple):
            continue
        if key == canonical or key in aliases:
            return canonical
    known = ", ".join(sorted(SOLVER_TITLES))
    raise CgsatInputError(f"unknown SAT solver {name!r}; PySAT offers: {known}")


def solver_title(name: str) -> str:
    """``'CaDiCaL 1.9.5'`` for ``'cadical195'`` (the name itself when unknown)."""
    return SOLVER_TITLES.get(name, name)


def pysat_version() -> str:
    import pysat

    return getattr(pysat, "__version__", "unknown")


class ClauseBuffer:
    """An append-only clause store, compact enough for million-clause instances.

    Literals are kept in one ``array('i')`` with 0 after each clause (4 bytes per
    literal), not as Python lists. It has PySAT's ``add_clause``/``append``/``extend``
    interface, so encoders can write into it or into a solver alike.

    Examples
    --------
    >>> buf = ClauseBuffer()
    >>> buf.add_clause([1, -2]); buf.add_clause([2])
    >>> buf.nv, len(buf), list(buf)
    (2, 2, [[1, -2], [2]])
    >>> buf.dimacs().splitlines()[0]
    'p cnf 2 2'
    """

    def __init__(self, clauses: Iterable[Sequence[int]] = ()):
        self._lits = array("i")
        self._count = 0
        self.nv = 0
        self.extend(clauses)

    def add_clause(self, clause: Iterable[int]) -> None:
        lits = self._lits
        for lit in clause:
            if lit == 0:
                raise ValueError("0 is not a literal")
            lits.append(lit)
            if abs(lit) > self.nv:
                self.nv = abs(lit)
        lits.append(0)
        self._count += 1

    append = add_clause

    def extend(self, clauses: Iterable[Sequence[int]]) -> None:
        for c in clauses:
            self.add_clause(c)

    def __len__(self) -> int:
        return self._count

    def __iter__(self):
        clause: list[int] = []
        for lit in self._lits:
            if lit == 0:
                yield clause
                clause = []
            else:
                clause.append(lit)

    def dimacs(self, nv: int | None = None) -> str:
        """The DIMACS text (header ``p cnf NV NC``, one clause per line)."""
        nv = self.nv if nv is None else max(nv, self.nv)
        parts = [f"p cnf {nv} {self._count}\n"]
        parts.extend(" ".join(map(str, c)) + " 0\n" for c in self)
        return "".join(parts)

    def sha256(self, nv: int | None = None) -> str:
        """The sha256 of :meth:`dimacs`, computed without building the whole text."""
        nv = self.nv if nv is None else max(nv, self.nv)
        h = hashlib.sha256(f"p cnf {nv} {self._count}\n".encode())
        for c in self:
            h.update((" ".join(map(str, c)) + " 0\n").encode())
        return h.hexdigest()


@dataclass
class SatOutcome:
    """What :func:`solve_cnf` found.

    Attributes
    ----------
    sat : bool
        True for SAT (``model`` set), False for UNSAT.
    model : list of int or None
        The model (as PySAT returns it) for SAT.
    instance : dict
        ``{"vars": V, "clauses": C}``.
    dimacs_sha256 : str
        sha256 of the DIMACS text.
    certificate : dict or None
        ``{"kind","checker","verdict","sha256"}`` when a proof, a confirmation or a model
        check was made.
    solver : str
        The canonical solver name.
    seconds : float
        Solving time (not building).
    """

    sat: bool
    model: list[int] | None
    instance: dict[str, int]
    dimacs_sha256: str
    certificate: dict[str, str] | None
    solver: str
    seconds: float
    notes: list[str] = field(default_factory=list)

    def true_vars(self) -> set[int]:
        return {lit for lit in (self.model or []) if lit > 0}


def _solve_once(name: str, cnf: ClauseBuffer, want_proof: bool):
    kwargs = {"with_proof": True} if want_proof else {}
    with Solver(name=name, **kwargs) as s:
        for c in cnf:
            s.add_clause(c)
        sat = s.solve()
        model = s.get_model() if sat else None
        proof = s.get_proof() if (want_proof and not sat) else None
    return sat, model, proof


def check_model(cnf: ClauseBuffer, model: Sequence[int]) -> bool:
    """Whether ``model`` satisfies every clause of ``cnf``.

    Examples
    --------
    >>> check_model(ClauseBuffer([[1, 2], [-1]]), [-1, 2])
    True
    """
    true = {lit for lit in model}
    return all(any(lit in true for lit in c) for c in cnf)


def solve_cnf(cnf: ClauseBuffer, budget: Budget) -> SatOutcome:
    """Solve ``cnf`` under ``budget``: solver choice, proof checking, second solver.

    Parameters
    ----------
    cnf : ClauseBuffer
        The formula.
    budget : Budget
        ``budget.solver`` picks the solver; ``budget.proof`` asks for a DRAT proof of an
        UNSAT answer and checks it; ``budget.confirm_with`` re-solves with a second solver.
        (The timeout is enforced by the runner, which kills the worker process.)

    Returns
    -------
    SatOutcome

    Raises
    ------
    SolverDisagreement
        When a proof is rejected, a model does not satisfy the formula, or the second
        solver answers differently.
    CgsatInputError
        For an unknown solver, or ``--proof`` with a solver that writes no DRAT proof.

    Examples
    --------
    >>> out = solve_cnf(ClauseBuffer([[1, 2], [-1, 2], [1, -2], [-1, -2]]),
    ...                 Budget(proof=True))
    >>> out.sat, out.instance, out.certificate["verdict"]
    (False, {'vars': 2, 'clauses': 4}, 'verified')
    """
    name = canonical_solver(budget.solver)
    if budget.proof and name not in PROOF_SOLVERS:
        raise CgsatInputError(
            f"--proof: solver {name!r} writes no usable DRAT proof; use one of "
            + ", ".join(sorted(PROOF_SOLVERS))
        )
    t0 = time.perf_counter()
    sat, model, proof = _solve_once(name, cnf, budget.proof)
    seconds = time.perf_counter() - t0
    digest = cnf.sha256()
    instance = {"vars": cnf.nv, "clauses": len(cnf)}
    notes: list[str] = []
    kinds: list[str] = []
    checkers: list[str] = []
    cert_hash = digest
    if sat:
        if not check_model(cnf, model or []):
            raise SolverDisagreement(f"{name} returned a model that violates the formula")
    elif budget.proof:
        assert proof is not None
        check = check_proof(cnf, proof)
        if check.verdict == "rejected":
            raise SolverDisagreement(
                f"{name}'s DRAT proof was rejected by {check.checker}: {check.message}"
            )
        cert_hash = hashlib.sha256("".join(line + "\n" for line in proof).encode()).hexdigest()
        kinds.append("drat")
        checkers.append(check.checker)
        if check.verdict != "verified":
            notes.append(f"proof not checked: {check.message}")
    if budget.confirm_with:
        second = canonical_solver(budget.confirm_with)
        if second == name:
            raise CgsatInputError(f"--confirm-with must name a different solver than {name!r}")
        sat2, model2, _ = _solve_once(second, cnf, False)
        if sat2 != sat:
            raise SolverDisagreement(
                f"{name} says {'SAT' if sat else 'UNSAT'} but {second} says "
                f"{'SAT' if sat2 else 'UNSAT'} on the same DIMACS (sha256 {digest[:12]})"
            )
        if sat2 and not check_model(cnf, model2 or []):
            raise SolverDisagreement(f"{second} returned a model that violates the formula")
        kinds.append("confirm")
        checkers.append(second)
    certificate = None
    if kinds:
        verdict = "verified" if not notes else "unchecked"
        certificate = {
            "kind": "+".join(kinds),
            "checker": "+".join(checkers),
            "verdict": verdict,
            "sha256": cert_hash,
        }
    elif sat:
        certificate = {"kind": "model", "checker": "clause-check", "verdict": "verified",
                       "sha256": digest}
    return SatOutcome(sat, model, instance, digest, certificate, name, seconds, notes)


def check_proof(cnf: ClauseBuffer, proof: Sequence[str]) -> drat.ProofCheck:
    """Check a DRAT proof with drat-trim when available, else with :mod:`cgsat.verify.drat`."""
    exe = drat.drat_trim_path()
    if exe:
        return drat.check_with_drat_trim(cnf.dimacs(), proof, exe)
    return drat.check_drat(cnf, proof)
