"""Loading a whole formula into a PySAT solver in one call (issue 27).

A formula kept flat (one int32 array, a 0 after each clause: a
:class:`~cgsat.encodings.cnf.ClauseBuffer`) goes into a solver by :func:`load`:

- CaDiCaL 1.9.5: one compiled loop calls CaDiCaL's own ``add`` for every literal and 0,
  the way CaDiCaL's IPASIR interface reads a formula (:func:`cadical_loader`). PySAT offers
  only a per-clause entry (``cadical195_add_cl``), whose Python call per clause costs
  about as much as solving the Toppling instances (docs/performance.md, "Throughput
  and hand-off");
- any other solver: one call of PySAT's per-clause C entry per clause, from one
  ``tolist()`` of the array.

The compiled loop is numba's, calling the function ``CaDiCaL195::Solver::add(int)`` that
PySAT's extension module exports, on the solver PySAT's handle holds. It is used only after
a self-test on that PySAT build (a formula with one model, read back, then made
unsatisfiable) has passed; otherwise, or without numba, the per-clause entry is used.
Either way the solver receives the same clauses in the same order.
"""

from __future__ import annotations

import ctypes
import functools
from collections.abc import Callable
from typing import Any

import numpy as np
from pysat.solvers import Solver

__all__ = ["ADD_SYMBOL", "cadical_loader", "load", "pointer", "self_test"]

ADD_SYMBOL = "_ZN10CaDiCaL1956Solver3addEi"
"""``CaDiCaL195::Solver::add(int)`` as PySAT's module exports it (Itanium C++ ABI)."""


def load(solver: Solver, name: str, flat: np.ndarray) -> None:
    """Add the clauses of ``flat`` (int32, a 0 after each clause) to the PySAT ``solver``
    whose canonical name is ``name``.

    Examples
    --------
    >>> with Solver(name="cadical195") as s:
    ...     load(s, "cadical195", np.array([1, 2, 0, -1, 0], np.int32))
    ...     s.solve(), s.get_model()
    (True, [-1, 2])
    """
    inner = solver.solver
    loader = cadical_loader() if name == "cadical195" else None
    handle = getattr(inner, "cadical", None)
    if loader is not None and handle is not None:
        loader(pointer(handle), flat)
        return
    add = _per_clause(name, inner)
    lits = flat.tolist()
    start = 0
    for end in np.flatnonzero(flat == 0).tolist():
        add(lits[start:end])
        start = end + 1


def _per_clause(name: str, inner: Any) -> Callable[[list[int]], Any]:
    """PySAT's per-clause C entry for ``inner`` (PySAT's solver object), bound to its
    handle, else the object's ``add_clause``."""
    import pysolvers  # type: ignore[import-not-found]  # PySAT's C extension, no stubs

    entry = getattr(pysolvers, f"{name}_add_cl", None)
    for attr in ("cadical", "minisat", "glucose", "maplesat", "lingeling"):
        handle = getattr(inner, attr, None)
        if entry is not None and handle is not None:
            return functools.partial(entry, handle)
    return inner.add_clause


def pointer(capsule: Any) -> int:
    """The address a PySAT handle (a ``PyCapsule``) holds: the solver object."""
    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype = ctypes.c_void_p
    get.argtypes = [ctypes.py_object, ctypes.c_char_p]
    return int(get(capsule, None))


@functools.cache
def cadical_loader() -> Callable[[int, np.ndarray], None] | None:
    """``load(address, flat)``: a compiled loop calling CaDiCaL's ``add`` on every entry of
    the int32 array ``flat`` (clauses ending in 0), for the solver at ``address``; None
    when numba or the symbol is missing, or the self-test fails."""
    try:
        import numba  # optional: without it, clauses go one call each
        import pysolvers  # PySAT's C extension, loaded by pysat already
    except ImportError:
        return None
    try:
        symbol = getattr(ctypes.CDLL(pysolvers.__file__), ADD_SYMBOL)
    except (OSError, AttributeError):
        return None
    address = ctypes.cast(symbol, ctypes.c_void_p).value
    if address is None:
        return None
    add_lit = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int)(address)

    @numba.njit(cache=False)  # not cached: the address differs per process
    def compiled(solver: int, flat: np.ndarray) -> None:  # pragma: no cover - compiled
        for k in range(flat.shape[0]):
            add_lit(solver, flat[k])

    def checked(solver: int, flat: np.ndarray) -> None:
        compiled(solver, np.ascontiguousarray(flat, dtype=np.int32))

    return checked if self_test(checked) else None


def self_test(loader: Callable[[int, np.ndarray], None]) -> bool:
    """Whether ``loader`` gives a fresh CaDiCaL exactly the clauses asked: a formula with
    the single model {1, -2, 3}, then with one more clause, none."""
    try:
        with Solver(name="cadical195") as s:
            # -2 and the first clause force 1, then the third forces 3
            loader(pointer(s.solver.cadical), np.array([1, 2, 0, -2, 0, -1, 2, 3, 0],
                                                       np.int32))
            ok = s.solve() and s.get_model() == [1, -2, 3]
            s.add_clause([-1, 2, -3])
            return bool(ok and not s.solve())
    except Exception:  # noqa: BLE001 - any failure means: do not use the loader
        return False
