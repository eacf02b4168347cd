"""Method fingerprints: which code decided a stored verdict (issue 12, item 1).

A stored verdict is reused only when the code that produced it is unchanged, so the store
key is (claim, n, method, solver, *fingerprint*). The fingerprint of a method is a sha256
over

- the *shape* of its run function and of the claim's ``confirm`` (the replay that makes a
  refutation count): the qualified name of each function; for a ``functools.partial``, its
  function and its arguments, where an argument is a plain value (None, bool, int, float,
  str, and tuples, lists, sets and dicts of them) by its ``repr`` and a callable by its own
  shape (recursively; closure cells of plain functions likewise);
- the source text of every cgsat module those functions run through: statically, the
  transitive closure of cgsat imports (read with :mod:`ast`, every ``import`` wherever it
  stands, so lazy imports count) starting from each module defining one of the functions.
  ``from P import a`` counts ``P.a`` when that is a module and the package ``P`` otherwise.

Excluded, and not followed (:data:`EXCLUDED`), are the modules that cannot change a
verdict: the report, the runner, the store, the registry, this module, the commands and
the CLI, the root package (it holds ``__version__``, which is stored in a column of its
own for information, and the lazy re-export of :mod:`cgsat.api`, which no method imports),
and each paper's ``claims.py``. A ``claims.py`` holds the
records only; what it feeds a method is in the method's partial (covered above), and a
statement or scope text does not decide an answer.

Why static import closure and not the code that actually ran (``sys.settrace``): tracing
costs a factor of several on the hot loops and depends on the path taken at one size; the
import closure is a superset of what can run, is the same for every size, and is cheap.
It is conservative: a change to any module a method can reach recomputes it (a comment
too), while a change to the report or the CLI keeps every stored result.

Not covered: third-party libraries (PySAT, z3, the solver binaries) and the Python
version. The solver name is part of the key; the PySAT and Python versions are stored with
each run; and an UNSAT answer behind a bound carries its own certificate.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import importlib.util
import inspect
import os
import re
import sys
from collections.abc import Callable, Iterable
from typing import Any

from cgsat.claims import Claim, Method
from cgsat.engine.moves import MOVES

EXCLUDED = (
    "cgsat",
    "cgsat.__main__",
    "cgsat.cli",
    "cgsat.commands",
    "cgsat.engine.fingerprint",
    "cgsat.engine.moves",
    "cgsat.papers.registry",
    "cgsat.report",
    "cgsat.engine.runner",
    "cgsat.engine.store",
)
_CLAIMS_MODULE = re.compile(r"^cgsat\.papers\.[^.]+\.claims$")
_PLAIN = (type(None), bool, int, float, str)

# module name -> (sha256 of its source, the cgsat modules it imports); cleared by tests
_MODULES: dict[str, tuple[str, frozenset[str]]] = {}


def excluded(module: str) -> bool:
    """Whether ``module`` cannot change a verdict (see the module docstring).

    Examples
    --------
    >>> excluded("cgsat.report"), excluded("cgsat.commands.verify")
    (True, True)
    >>> excluded("cgsat.papers.thickets.claims"), excluded("cgsat.encodings.cnf")
    (True, False)
    """
    return (module in EXCLUDED or module.startswith(("cgsat.commands.", "cgsat.report."))
            or bool(_CLAIMS_MODULE.match(module)))


def read_source(path: str) -> bytes:
    """The bytes of a source file (a seam for tests that edit a module)."""
    with open(path, "rb") as fh:
        return fh.read()


def clear_cache() -> None:
    """Forget the module hashes computed so far (after a module's source changed)."""
    _MODULES.clear()


@functools.cache
def _spec_origin(module: str) -> tuple[str | None, bool]:
    """(source file, is a package) of ``module``, or (None, False) when it is none."""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None, False
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return None, False
    return spec.origin, spec.submodule_search_locations is not None


def _source_file(module: str) -> str | None:
    mod = sys.modules.get(module)
    path = getattr(mod, "__file__", None) if mod is not None else None
    if path and path.endswith(".py") and os.path.exists(path):
        return path
    return _spec_origin(module)[0]


def _is_module(name: str) -> bool:
    return _spec_origin(name)[0] is not None


def imports_of(source: bytes, module: str, is_package: bool) -> frozenset[str]:
    """The cgsat modules ``source`` (of ``module``) imports, wherever the import stands.

    Examples
    --------
    >>> sorted(imports_of(b"from cgsat.encodings import cnf\\nimport os", "cgsat.x", False))
    ['cgsat.encodings.cnf']
    >>> sorted(imports_of(b"from .cnf import ClauseBuffer", "cgsat.encodings.gates", False))
    ['cgsat.encodings.cnf']
    """
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = importlib.util.resolve_name("." * node.level + (node.module or ""),
                                                   package)
            else:
                base = node.module or ""
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if alias.name != "*" and (sub == "cgsat" or sub.startswith("cgsat.")) \
                        and _is_module(sub):
                    found.add(sub)
                else:
                    found.add(base)
    return frozenset(m for m in found if m == "cgsat" or m.startswith("cgsat."))


def _module_entry(module: str) -> tuple[str, frozenset[str]] | None:
    if module in _MODULES:
        return _MODULES[module]
    path = _source_file(module)
    if path is None:
        return None
    source = read_source(path)
    is_package = os.path.basename(path) == "__init__.py"
    entry = (hashlib.sha256(source).hexdigest(), imports_of(source, module, is_package))
    _MODULES[module] = entry
    return entry


def module_closure(roots: Iterable[str]) -> dict[str, str]:
    """Module name -> source sha256 for ``roots`` and every cgsat module they import,
    transitively, leaving out (and not following) :func:`excluded` modules.

    A root outside cgsat (a test module, a script) is hashed and followed like any other.

    Examples
    --------
    >>> closure = module_closure(["cgsat.papers.timber.path.sat"])
    >>> "cgsat.encodings.timber_path" in closure, "cgsat.report" in closure
    (True, False)
    """
    out: dict[str, str] = {}
    todo = [m for m in roots if not excluded(m)]
    while todo:
        module = todo.pop()
        if module in out:
            continue
        entry = _module_entry(module)
        if entry is None:
            out[module] = "?"  # no source (a built-in or an interactive session)
            continue
        out[module] = entry[0]
        todo.extend(m for m in entry[1] if m not in out and not excluded(m))
    return out


def _shape(obj: Any, modules: set[str], seen: set[int]) -> str:
    """A stable text for a callable or an argument; adds defining modules to ``modules``."""
    if isinstance(obj, _PLAIN):
        return repr(obj)
    if isinstance(obj, (tuple, list, set, frozenset)):
        items = [_shape(x, modules, seen) for x in obj]
        if isinstance(obj, (set, frozenset)):
            items.sort()
        return f"{type(obj).__name__}({', '.join(items)})"
    if isinstance(obj, dict):
        items = sorted(f"{_shape(k, modules, seen)}: {_shape(v, modules, seen)}"
                       for k, v in obj.items())
        return "{" + ", ".join(items) + "}"
    if id(obj) in seen:
        return "<cycle>"
    seen.add(id(obj))
    if isinstance(obj, functools.partial):
        args = [_shape(a, modules, seen) for a in obj.args]
        args += [f"{k}={_shape(v, modules, seen)}" for k, v in sorted(obj.keywords.items())]
        return f"partial({_shape(obj.func, modules, seen)}, {', '.join(args)})"
    if inspect.ismethod(obj):
        return f"method({_shape(obj.__self__, modules, seen)}.{obj.__name__})"
    module = getattr(obj, "__module__", None)
    name = getattr(obj, "__qualname__", None) or type(obj).__qualname__
    if module is None:
        module = type(obj).__module__
    modules.add(module)
    text = f"{_name(module)}:{name}"
    if inspect.isfunction(obj) and obj.__closure__:
        cells = []
        for cell in obj.__closure__:
            try:
                cells.append(_shape(cell.cell_contents, modules, seen))
            except ValueError:  # an empty cell
                cells.append("<empty>")
        text += f"[{', '.join(cells)}]"
    if inspect.isfunction(obj) and (module == "__main__" or excluded(module)):
        try:  # its module is not hashed: take the function's own text
            text += hashlib.sha256(inspect.getsource(obj).encode()).hexdigest()
        except (OSError, TypeError):
            pass
    elif not callable(obj) and not isinstance(obj, type):
        shown = repr(obj)
        if " at 0x" not in shown:
            text += f"={shown}"
    return text


def callable_fingerprint(*functions: Callable[..., Any] | None) -> str:
    """sha256 over the shapes of ``functions`` and the sources of their import closure.

    Examples
    --------
    >>> from functools import partial
    >>> from cgsat.papers.thickets import brute
    >>> a = callable_fingerprint(partial(brute.thm31, offset=1))
    >>> b = callable_fingerprint(partial(brute.thm31, offset=2))
    >>> len(a), a == b, a == callable_fingerprint(partial(brute.thm31, offset=1))
    (64, False, True)
    """
    modules: set[str] = set()
    seen: set[int] = set()
    shapes = [_shape(f, modules, seen) if f is not None else "None" for f in functions]
    closure = module_closure(sorted(modules))
    digest = hashlib.sha256()
    for shape in shapes:
        digest.update(shape.encode() + b"\n")
    for module, sha in sorted(canonical(module, sha) for module, sha in closure.items()):
        digest.update(f"{module} {sha}\n".encode())
    return digest.hexdigest()


def canonical(module: str, sha: str) -> tuple[str, str]:
    """The name and source hash under which ``module`` enters a fingerprint.

    A module that a mechanical move renamed or rewrote only in its import lines
    (:data:`cgsat.engine.moves.MOVES`) enters under its name and hash before the move, as
    long as its source is still the one the move left; any later edit gives its own name
    and hash, so the methods that reach it are recomputed.

    Examples
    --------
    >>> canonical("cgsat.sat.solve", MOVES["cgsat.sat.solve"][2])[0]
    'cgsat.verify.solve'
    >>> canonical("cgsat.sat.solve", "edited")
    ('cgsat.sat.solve', 'edited')
    >>> canonical("cgsat.games.toppling", "abc")
    ('cgsat.games.toppling', 'abc')
    """
    move = MOVES.get(module)
    if move is not None and move[2] == sha:
        return move[0], move[1]
    return module, sha


def _name(module: str) -> str:
    """The name under which a function's module enters its shape (its name before a move)."""
    move = MOVES.get(module)
    return move[0] if move is not None else module


def method_fingerprint(claim: Claim, method: Method) -> str:
    """The fingerprint of one method of a claim: its run function and the claim's replay.

    Examples
    --------
    >>> from cgsat.papers.registry import get_claim
    >>> c = get_claim("timber.thm2.3")
    >>> method_fingerprint(c, c.method("sat")) != method_fingerprint(c, c.method("brute"))
    True
    """
    return callable_fingerprint(method.run, claim.confirm)


def modules_of(claim: Claim, method: Method) -> list[str]:
    """The modules behind :func:`method_fingerprint` (for the report and for tests)."""
    modules: set[str] = set()
    seen: set[int] = set()
    _shape(method.run, modules, seen)
    if claim.confirm is not None:
        _shape(claim.confirm, modules, seen)
    return sorted(module_closure(sorted(modules)))
