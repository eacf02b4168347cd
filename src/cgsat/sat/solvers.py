"""The SAT solvers cgsat can use: names, aliases, which write DRAT proofs.

Solving itself, with proofs and second solvers, is :mod:`cgsat.sat.solve`.
"""

from __future__ import annotations

import pysat
from pysat.solvers import SolverNames

from cgsat.errors import CgsatInputError

__all__ = ["DEFAULT_SOLVER", "PROOF_SOLVERS", "SOLVER_TITLES", "SolverDisagreement",
           "canonical_solver", "pysat_version", "solver_title"]

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
    """The installed PySAT version (stored beside every SAT result)."""
    return getattr(pysat, "__version__", "unknown")
