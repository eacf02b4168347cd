"""Handing clauses built as arrays to a sink in one call (issue 27).

An array encoding (:mod:`cgsat.encodings.toppling_arrays`) builds its clauses as integer
arrays, one per clause width. :func:`add_flat` gives them to the sink:

- a live CaDiCaL 1.9.5 (:class:`cgsat.sat.solve.LiveSolver`): through one compiled loop
  that calls CaDiCaL's own ``add`` for every literal and 0 (:func:`cadical_loader`), the
  way CaDiCaL's IPASIR interface reads a formula. PySAT offers only a per-clause entry
  (``cadical195_add_cl``), whose Python call per clause costs as much as solving these
  instances (docs/benchmarks.md, "The hand-off floor");
- any other sink: one ``add`` per clause (:func:`cgsat.encodings.cnf.clause_adder`), from
  the arrays' ``tolist()``.

The compiled loop is numba's, calling the function ``CaDiCaL195::Solver::add(int)`` that
PySAT's extension module exports, on the solver PySAT's handle holds. It is used only after
a self-test on that PySAT build (a satisfiable and an unsatisfiable formula, and the model
read back) has passed; otherwise, or without numba, the per-clause entry is used. Either
way the solver receives the same clauses.
"""

from __future__ import annotations

import ctypes
import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from cgsat.encodings.cnf import clause_adder

if TYPE_CHECKING:  # types only
    from cgsat.encodings.cnf import Sink

ADD_SYMBOL = "_ZN10CaDiCaL1956Solver3addEi"
"""``CaDiCaL195::Solver::add(int)`` as PySAT's module exports it (Itanium C++ ABI)."""


def flat_of(blocks: dict[int, list[np.ndarray]]) -> np.ndarray:
    """The clauses of ``blocks`` (width -> arrays of shape (clauses, width)) as one int32
    array, each clause followed by 0.

    Examples
    --------
    >>> flat_of({2: [np.array([[1, -2]])], 1: [np.array([[3], [4]])]}).tolist()
    [1, -2, 0, 3, 0, 4, 0]
    """
    parts = []
    for width, arrays in blocks.items():
        a = np.concatenate(arrays) if len(arrays) > 1 else arrays[0]
        padded = np.zeros((a.shape[0], width + 1), dtype=np.int32)
        padded[:, :width] = a
        parts.append(padded.reshape(-1))
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int32)


def add_flat(sink: Sink, blocks: dict[int, list[np.ndarray]]) -> int:
    """Add every clause of ``blocks`` to ``sink``; returns how many.

    Examples
    --------
    >>> from cgsat.encodings.cnf import ClauseBuffer
    >>> buf = ClauseBuffer()
    >>> add_flat(buf, {2: [np.array([[1, -2]])], 1: [np.array([[2]])]}), list(buf)
    (2, [[1, -2], [2]])
    """
    count = sum(a.shape[0] for arrays in blocks.values() for a in arrays)
    loader = _live_cadical(sink)
    if loader is not None:
        loader(flat_of(blocks))
    else:
        add = clause_adder(sink)[0]
        for arrays in blocks.values():
            for a in arrays:
                for clause in a.tolist():
                    add(clause)
    if loader is not None or getattr(sink, "clause_adder", None) is not None:
        clause_adder(sink)[1](count)  # the sink's own counter (a LiveSolver)
    return count


def _live_cadical(sink: Sink) -> Callable[[np.ndarray], None] | None:
    """A bulk loader into ``sink``'s solver when ``sink`` is a live CaDiCaL 1.9.5 and the
    compiled loop passed its self-test; else None."""
    if getattr(sink, "name", None) != "cadical195":
        return None
    handle = getattr(getattr(getattr(sink, "solver", None), "solver", None), "cadical", None)
    load = cadical_loader()
    if handle is None or load is None:
        return None
    return functools.partial(load, _pointer(handle))


def _pointer(capsule: Any) -> int:
    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype = ctypes.c_void_p
    get.argtypes = [ctypes.py_object, ctypes.c_char_p]
    return int(get(capsule, None))


@functools.cache
def cadical_loader() -> Callable[[int, np.ndarray], None] | None:
    """``load(pointer, flat)``: a compiled loop calling CaDiCaL's ``add`` on every entry of
    the int32 array ``flat`` (clauses ending in 0), for the solver at ``pointer``; None when
    numba or the symbol is missing, or the self-test fails."""
    try:
        import numba
        import pysolvers  # type: ignore[import-not-found]  # PySAT's C extension
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
    def load(pointer: int, flat: np.ndarray) -> None:  # pragma: no cover - compiled
        for k in range(flat.shape[0]):
            add_lit(pointer, flat[k])

    def checked(pointer: int, flat: np.ndarray) -> None:
        load(pointer, np.ascontiguousarray(flat, dtype=np.int32))

    return checked if _self_test(checked) else None


def _self_test(load: Callable[[int, np.ndarray], None]) -> bool:
    """Whether ``load`` gives a fresh CaDiCaL exactly the clauses asked: one formula with
    the single model {1, -2, 3}, and one without any."""
    from pysat.solvers import Solver

    try:
        with Solver(name="cadical195") as s:
            load(_pointer(s.solver.cadical),
                 np.array([1, 2, 0, -2, 0, -1, 2, 3, 0], np.int32))
            # -2 and the first clause force 1, then the third forces 3
            ok = s.solve() and s.get_model() == [1, -2, 3]
            s.add_clause([-1, 2, -3])
            return bool(ok and not s.solve())
    except Exception:  # noqa: BLE001 - any failure means: do not use the loader
        return False
