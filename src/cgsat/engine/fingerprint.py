"""Method fingerprints: which code decided a stored verdict (issues 12, 23 and 24).

A stored verdict is reused only when the code that produced it is unchanged, so the store
key is (claim, n, method, solver, *fingerprint*). The fingerprint of a method is a sha256
over

- the *shape* of its run function and of the claim's ``confirm`` (the replay that makes a
  refutation count): the qualified name of each function; for a ``functools.partial``, its
  function and its arguments, where an argument is a plain value (None, bool, int, float,
  str, and tuples, lists, sets and dicts of them) by its ``repr``, a callable by its own
  shape, a dataclass by the shapes of its fields, and another object by its ``repr`` or,
  when that shows only an address, by the shapes of its attributes (recursively; closure
  cells of plain functions likewise). A function defined where no module hash covers it
  (a paper's ``claims.py``, ``__main__``, a notebook) enters with its compiled code
  (bytecode, constants, names; not line numbers) and the shapes of the globals it reads,
  so a lambda in ``claims.py`` and the constants it uses are covered (issue 24, item 1);
  so does a function of a module with no source file (a doctest's namespace; issue 28);
- the *normalized code* of every cgsat module those functions run through: statically, the
  transitive closure of cgsat imports (read with :mod:`ast`, every ``import`` wherever it
  stands, so lazy imports count) starting from each module defining one of the functions.
  ``from P import a`` counts ``P.a`` when that is a module and the package ``P`` otherwise.

A module's code is normalized before it is hashed (:func:`normalized_code`), so that what
cannot change an answer does not change a fingerprint: comments, docstrings and layout;
type annotations, ``cast(T, x)`` (read as ``x``) and ``if TYPE_CHECKING:`` blocks; imports
from ``typing``, ``collections.abc`` and ``__future__``; and where an import of a cgsat
module stands and in which order, with module names read through
:data:`cgsat.engine.moves.ALIASES` (a moved module keeps its name from before the move);
and a cgsat module's module-level ``__all__`` declaration (issue 34: it decides only what
``from m import *`` binds, and no cgsat module star-imports another, which
``tests/engine/test_fingerprint.py`` checks). The modules that declared ``__all__`` before
that rule (:data:`cgsat.engine.moves.ALL_BEFORE`) hash with their declaration as it was
then in place of their own, so their hashes stayed what they were; a module outside cgsat
(a user's claims file, a standard library module an argument comes from) keeps its own.
A file move recorded in the aliases, a reordered import, a new annotation or a new
``__all__`` keeps every fingerprint; a change of code that runs changes it.

Excluded, and not followed (:data:`EXCLUDED`), are the modules that cannot change a
verdict: the report, the runner, the store, the registry, this module and the aliases,
the commands and the CLI, the root package (it holds ``__version__``, which is stored in a
column of its own for information, and the lazy re-export of :mod:`cgsat.api`, which no
method imports), and each paper's ``claims.py``. A ``claims.py`` holds the records; what
it feeds a method is in the method's partial (covered above, functions and constants
included), and a statement or scope text does not decide an answer.

Why static import closure and not the code that actually ran (``sys.settrace``): tracing
costs a factor of several on the hot loops and depends on the path taken at one size; the
import closure is a superset of what can run, is the same for every size, and is cheap.
It is conservative: a change to any module a method can reach recomputes it, while a
change to the report or the CLI keeps every stored result.

Stores written before issue 23 hold *scheme 1* fingerprints: raw source bytes, module
names pinned across the move that dissolved ``cgsat.verify`` by
:data:`cgsat.engine.moves.MOVES`, and shallower shapes. :func:`legacy_method_fingerprint`
computes them for the code as it is now, so ``cgsat check --revalidate`` can tell that a
stored row was decided by exactly the current code, and record the alias in the store.

Not covered: third-party libraries (PySAT, z3, the solver binaries) and the Python
version (the code of an uncovered function is its bytecode, which a Python upgrade
changes: such a method is then recomputed). The solver name is part of the key; the
PySAT and Python versions are stored with each run; and an UNSAT answer behind a bound
carries its own certificate.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import hashlib
import importlib.util
import inspect
import os
import re
import sys
import sysconfig
import types
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from cgsat.claims import Claim, Method
from cgsat.engine.moves import ALIASES, ALL_BEFORE, MOVES

__all__ = ["EXCLUDED", "alias", "callable_fingerprint", "callable_modules", "clear_cache",
           "excluded", "imports_of", "legacy_callable_fingerprint", "legacy_method_fingerprint",
           "local_imports", "method_fingerprint", "module_closure", "modules_of", "normalized_code",
           "read_source"]

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

# (scheme, module name) -> (hash of its code, the cgsat modules it imports); cleared by tests
_MODULES: dict[tuple[int, str], tuple[str, frozenset[str]]] = {}
# (scheme, module name, is a package, sha256 of its bytes) -> the same entry, whatever
# clear_cache() says (the entry depends on nothing else: see _module_entry)
_BY_SOURCE: dict[tuple[int, str, bool, bytes], tuple[str, frozenset[str]]] = {}
# the flags of a code object that change what it does (not the __future__ flags, such as
# annotations, with which it was compiled)
_CODE_FLAGS = 0xFFFF
# imports that cannot change an answer (types only)
_TYPING_MODULES = ("typing", "typing_extensions", "collections.abc", "__future__")


def excluded(module: str) -> bool:
    """Whether ``module`` cannot change a verdict (see the module docstring).

    Examples
    --------
    >>> excluded("cgsat.report"), excluded("cgsat.commands.check")
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


def _import_sites(source: bytes, module: str, is_package: bool
                  ) -> Iterable[tuple[str, list[str]]]:
    """Each import statement of ``source`` (of ``module``), wherever it stands, as (the module
    imported from, the names imported from it): ``import a.b`` is ``("a.b", [])``, ``from
    .x import y, *`` is ``("pkg.x", ["y"])``; an unresolvable relative import is skipped."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias_ in node.names:
                yield alias_.name, []
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                try:
                    base = importlib.util.resolve_name("." * node.level + base, package)
                except ImportError:
                    continue
            yield base, [a.name for a in node.names if a.name != "*"]


def imports_of(source: bytes, module: str, is_package: bool) -> frozenset[str]:
    """The cgsat modules ``source`` (of ``module``) imports, wherever the import stands.

    Examples
    --------
    >>> sorted(imports_of(b"from cgsat.encodings import cnf\\nimport os", "cgsat.x", False))
    ['cgsat.encodings.cnf']
    >>> sorted(imports_of(b"from .cnf import ClauseBuffer", "cgsat.encodings.gates", False))
    ['cgsat.encodings.cnf']
    """
    found: set[str] = set()
    for base, names in _import_sites(source, module, is_package):
        subs = [f"{base}.{name}" for name in names]
        modules = [sub for sub in subs if sub.startswith("cgsat.") and _is_module(sub)]
        found.update(modules)
        if len(modules) < len(subs) or not names:
            found.add(base)
    return frozenset(m for m in found if m == "cgsat" or m.startswith("cgsat."))


_CGSAT_DIR = os.path.realpath(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@functools.cache
def _installed_dirs() -> tuple[str, ...]:
    """The standard library's and the installed packages' directories (of this
    interpreter and of its base installation)."""
    found = set()
    for extra in ({}, {"base": sys.base_prefix, "platbase": sys.base_exec_prefix}):
        paths = sysconfig.get_paths(vars=extra) if extra else sysconfig.get_paths()
        for key in ("stdlib", "platstdlib", "purelib", "platlib"):
            if paths.get(key):
                found.add(os.path.realpath(paths[key]))
    return tuple(sorted(found))


def _own_module(path: str) -> bool:
    """Whether the source file ``path`` is a user's own: outside cgsat, the standard
    library and the installed packages (its imports from its directory are followed)."""
    real = os.path.realpath(path)
    return not any(real.startswith(d + os.sep) for d in (_CGSAT_DIR, *_installed_dirs()))


def local_imports(source: bytes, module: str, is_package: bool, folder: str
                  ) -> frozenset[str]:
    """The modules ``source`` (of ``module``, a file in ``folder`` outside cgsat: a user's
    claims file, a test module) imports from ``folder`` itself, wherever the import stands
    (issue 28: a user's claims and the helpers beside them).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> d = tempfile.mkdtemp()
    >>> _ = pathlib.Path(d, "helper_x1.py").write_text("X = 1")
    >>> import sys; sys.path.insert(0, d)
    >>> sorted(local_imports(b"import os\\nfrom helper_x1 import X", "mine", False, d))
    ['helper_x1']
    >>> sys.path.remove(d)
    """
    names: set[str] = set()
    for base, imported in _import_sites(source, module, is_package):
        names.add(base)
        names.update(f"{base}.{name}" for name in imported)
    here = os.path.realpath(folder)
    out = set()
    for name in names:
        if not name or name == "cgsat" or name.startswith("cgsat."):
            continue
        origin = _spec_origin(name)[0]
        if origin is not None and os.path.realpath(origin).startswith(here + os.sep):
            out.add(name)
    return frozenset(out)


def alias(module: str) -> str:
    """The name under which ``module`` enters a fingerprint: its name before any recorded
    move (:data:`cgsat.engine.moves.ALIASES`), else its own.

    Examples
    --------
    >>> alias("cgsat.games.toppling")
    'cgsat.games.toppling'
    """
    seen: set[str] = set()
    while module in ALIASES and module not in seen:
        seen.add(module)
        module = ALIASES[module]
    return module


def _is_docstring(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
        and isinstance(node.value.value, str)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _declares_all(stmt: ast.stmt) -> bool:
    """Whether ``stmt`` assigns ``__all__`` (``=``, ``+=`` or annotated), and nothing else."""
    if isinstance(stmt, ast.Assign):
        targets = stmt.targets
    elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign)):
        targets = [stmt.target]
    else:
        return False
    return all(isinstance(t, ast.Name) and t.id == "__all__" for t in targets)


class _Normalize(ast.NodeTransformer):
    """Strips from a module's syntax tree what cannot change an answer
    (:func:`normalized_code`) and collects its cgsat imports as bindings."""

    def __init__(self, module: str, is_package: bool) -> None:
        self.module = module
        self.package = module if is_package else module.rpartition(".")[0]
        self.imports: set[str] = set()

    def _body(self, node: ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
              ) -> None:
        if node.body and _is_docstring(node.body[0]):
            node.body = node.body[1:] or [ast.Pass()]
        self.generic_visit(node)

    def visit_Module(self, node: ast.Module) -> ast.AST:
        if node.body and _is_docstring(node.body[0]):
            node.body = node.body[1:]
        node.body = self._without_all(node.body) or [ast.Pass()]
        self.generic_visit(node)
        return node

    def _without_all(self, body: list[ast.stmt]) -> list[ast.stmt]:
        """``body`` (a cgsat module's) without its ``__all__`` declarations; in a module
        of :data:`cgsat.engine.moves.ALL_BEFORE`, its declaration as it was then stands in
        place of the first one. A module outside cgsat keeps its own."""
        if self.module != "cgsat" and not self.module.startswith("cgsat."):
            return body
        before = ALL_BEFORE.get(alias(self.module))
        kept = []
        for stmt in body:
            if not _declares_all(stmt):
                kept.append(stmt)
            elif before is not None:
                kept.append(ast.parse(f"__all__ = {list(before)!r}").body[0])
                before = None
        return kept

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        self._body(node)
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        node.returns = None
        self._body(node)
        return node

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> ast.AST:
        node.returns = None
        self._body(node)
        return node

    def visit_arg(self, node: ast.arg) -> ast.AST:
        node.annotation = None
        return node

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        node.annotation = ast.Constant(value=None)  # a dataclass field stays, its type goes
        self.generic_visit(node)
        return node

    def visit_If(self, node: ast.If) -> ast.AST | list[ast.AST] | None:
        if _is_type_checking(node.test):
            kept = [self.visit(n) for n in node.orelse]
            return [n for n in kept if isinstance(n, ast.AST)] or None
        self.generic_visit(node)
        return node

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        func = node.func
        name = func.id if isinstance(func, ast.Name) else \
            func.attr if isinstance(func, ast.Attribute) else None
        if name == "cast" and len(node.args) == 2 and not node.keywords:
            return node.args[1]
        return node

    def visit_Import(self, node: ast.Import) -> ast.AST | None:
        kept = []
        for a in node.names:
            if a.name == "cgsat" or a.name.startswith("cgsat."):
                self.imports.add(f"import {alias(a.name)} as {a.asname or a.name}")
            elif a.name not in _TYPING_MODULES:
                kept.append(a)
        if not kept:
            return None
        node.names = kept
        return node

    def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.AST | None:
        base = node.module or ""
        if node.level:
            base = importlib.util.resolve_name("." * node.level + base, self.package)
        if base in _TYPING_MODULES:
            return None
        if base != "cgsat" and not base.startswith("cgsat."):
            return node
        for a in node.names:
            sub = f"{base}.{a.name}"
            bound = f"module {alias(sub)}" if _is_module(sub) else f"{alias(base)}.{a.name}"
            self.imports.add(f"{bound} as {a.asname or a.name}")
        return None


def normalized_code(source: bytes, module: str, is_package: bool = False) -> bytes:
    """What of a module's source can decide an answer, as bytes to hash (scheme 2).

    Its syntax tree without docstrings, annotations, ``cast`` calls, ``TYPE_CHECKING``
    blocks, typing imports and (in a cgsat module) ``__all__`` declarations, then its cgsat
    imports as a sorted list of what they bind, with module names read through
    :func:`alias`: where an import stands, its order and a recorded move do not count; what
    it binds does. A module of :data:`cgsat.engine.moves.ALL_BEFORE` keeps, in place of
    its ``__all__``, the declaration it had before this rule (see the module docstring).

    Examples
    --------
    >>> a = normalized_code(b"def f(x: int) -> int:\\n    'Doc.'\\n    return x + 1", "m")
    >>> b = normalized_code(b"# moved\\ndef f(x):\\n\\n    return x + 1\\n", "m")
    >>> c = normalized_code(b"def f(x):\\n    return x + 2\\n", "m")
    >>> a == b, a == c
    (True, False)
    >>> normalized_code(b"from cgsat.errors import E as F", "m").decode().split("\\n")[1]
    'cgsat.errors.E as F'
    >>> d = normalized_code(b"__all__ = ['f']\\ndef f(x):\\n    return x + 1", "cgsat.m")
    >>> d == normalized_code(b"def f(x):\\n    return x + 1", "cgsat.m")
    True
    """
    visitor = _Normalize(module, is_package)
    tree = visitor.visit(ast.parse(source))
    return (ast.dump(tree) + "\n" + "\n".join(sorted(visitor.imports))).encode()


def _module_entry(module: str, scheme: int) -> tuple[str, frozenset[str]] | None:
    if (scheme, module) in _MODULES:
        return _MODULES[scheme, module]
    path = _source_file(module)
    if path is None:
        return None
    source = read_source(path)
    is_package = os.path.basename(path) == "__init__.py"
    own = scheme == 2 and _own_module(path)
    # the same bytes of the same module give the same entry: kept across clear_cache(),
    # which a check in a long-lived process calls, so that only edited modules are parsed
    # again (a module outside cgsat also reads its folder, so it is never kept)
    key = (scheme, module, is_package, hashlib.sha256(source).digest())
    if not own and key in _BY_SOURCE:
        _MODULES[scheme, module] = _BY_SOURCE[key]
        return _BY_SOURCE[key]
    code = source if scheme == 1 else normalized_code(source, module, is_package)
    imports = imports_of(source, module, is_package)
    if own:
        # a module outside cgsat (a user's claims file): its own modules beside it count
        imports |= local_imports(source, module, is_package, os.path.dirname(path))
    entry = (hashlib.sha256(code).hexdigest(), imports)
    _MODULES[scheme, module] = entry
    if not own:
        _BY_SOURCE[key] = entry
    return entry


def module_closure(roots: Iterable[str], scheme: int = 2) -> dict[str, str]:
    """Module name -> code hash for ``roots`` and every cgsat module they import,
    transitively, leaving out (and not following) :func:`excluded` modules. ``scheme`` 2
    hashes :func:`normalized_code`; scheme 1 (stores before issue 23) the source bytes.

    A root outside cgsat (a test module, a script, a user's claims file) is hashed and
    followed like any other, and so are the modules it imports from its own directory
    (:func:`local_imports`, scheme 2).

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
        entry = _module_entry(module, scheme)
        if entry is None:
            out[module] = "?"  # no source (a built-in or an interactive session)
            continue
        out[module] = entry[0]
        todo.extend(m for m in entry[1] if m not in out and not excluded(m))
    return out


def _code_shape(code: types.CodeType) -> str:
    """A function's compiled code without its file or line numbers: bytecode, constants
    (nested code recursively), names and arguments."""
    consts = [_code_shape(c) if isinstance(c, types.CodeType) else repr(c)
              for c in code.co_consts]
    digest = hashlib.sha256(code.co_code)
    digest.update(repr((consts, code.co_names, code.co_varnames, code.co_argcount,
                        code.co_kwonlyargcount, code.co_flags & _CODE_FLAGS)).encode())
    return digest.hexdigest()


def _global_names(code: types.CodeType) -> set[str]:
    names = set(code.co_names)
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            names |= _global_names(c)
    return names


class _Shaper:
    """The shapes of the objects behind a fingerprint (see the module docstring), and the
    modules that define them. ``scheme`` 1 reproduces the shapes of stores before issue 23
    (no fields of objects, no code of uncovered functions beyond their source text)."""

    def __init__(self, scheme: int) -> None:
        self.scheme = scheme
        self.modules: set[str] = set()
        self.seen: set[int] = set()

    def name(self, module: str) -> str:
        if self.scheme == 1:
            move = MOVES.get(module)
            return move[0] if move is not None else module
        return alias(module)

    def shape(self, obj: Any) -> str:
        """A stable text for a callable or an argument."""
        if isinstance(obj, _PLAIN):
            return repr(obj)
        if isinstance(obj, (tuple, list, set, frozenset)):
            items = [self.shape(x) for x in obj]
            if isinstance(obj, (set, frozenset)):
                items.sort()
            return f"{type(obj).__name__}({', '.join(items)})"
        if isinstance(obj, dict):
            return "{" + ", ".join(sorted(f"{self.shape(k)}: {self.shape(v)}"
                                          for k, v in obj.items())) + "}"
        if id(obj) in self.seen:
            return "<cycle>"
        self.seen.add(id(obj))
        try:
            return self._object(obj)
        finally:
            if self.scheme == 2:  # scheme 1 marked every object once, not the path to it
                self.seen.discard(id(obj))

    def _object(self, obj: Any) -> str:
        if isinstance(obj, functools.partial):
            args = [self.shape(a) for a in obj.args]
            args += [f"{k}={self.shape(v)}" for k, v in sorted(obj.keywords.items())]
            return f"partial({self.shape(obj.func)}, {', '.join(args)})"
        if inspect.ismethod(obj):
            return f"method({self.shape(obj.__self__)}.{obj.__name__})"
        if isinstance(obj, types.ModuleType):
            return f"module {self.name(obj.__name__)}"
        module = getattr(obj, "__module__", None)
        name = getattr(obj, "__qualname__", None) or type(obj).__qualname__
        if module is None:
            module = type(obj).__module__
        self.modules.add(module)
        text = f"{self.name(module)}:{name}"
        if inspect.isfunction(obj) and obj.__closure__:
            cells = []
            for cell in obj.__closure__:
                try:
                    cells.append(self.shape(cell.cell_contents))
                except ValueError:  # an empty cell
                    cells.append("<empty>")
            text += f"[{', '.join(cells)}]"
        uncovered = module == "__main__" or excluded(module) or (
            # a function of a module with no source file to hash (a doctest's or a
            # notebook's namespace under another name): its own code counts (issue 28)
            self.scheme == 2 and inspect.isfunction(obj) and _source_file(module) is None)
        if inspect.isfunction(obj) and uncovered and self.scheme == 1:
            try:  # its module is not hashed: take the function's own text
                text += hashlib.sha256(inspect.getsource(obj).encode()).hexdigest()
            except (OSError, TypeError):
                pass
        elif inspect.isfunction(obj) and uncovered:
            text += f"<{_code_shape(obj.__code__)}>" + self._globals(obj)
        elif self.scheme == 2 and not isinstance(obj, type) and \
                dataclasses.is_dataclass(obj):
            fields = [f"{f.name}={self.shape(getattr(obj, f.name))}"
                      for f in dataclasses.fields(obj)]
            text += f"({', '.join(fields)})"
        elif not callable(obj) and not isinstance(obj, type):
            shown = repr(obj)
            if " at 0x" not in shown:
                text += f"={shown}"
            elif self.scheme == 2 and hasattr(obj, "__dict__"):
                text += self.shape(dict(vars(obj)))
        return text

    def _globals(self, function: types.FunctionType) -> str:
        """The shapes of the globals an uncovered function reads (constants, helpers)."""
        found = []
        for name in sorted(_global_names(function.__code__)):
            if name in function.__globals__:
                found.append(f"{name}={self.shape(function.__globals__[name])}")
        return "{" + ", ".join(found) + "}"

    def fingerprint(self, functions: Sequence[Callable[..., Any] | None]) -> str:
        shapes = [self.shape(f) if f is not None else "None" for f in functions]
        closure = module_closure(sorted(self.modules), self.scheme)
        digest = hashlib.sha256()
        for shape in shapes:
            digest.update(shape.encode() + b"\n")
        if self.scheme == 1:
            lines = sorted(_pinned(module, sha) for module, sha in closure.items())
        else:
            lines = sorted((alias(module), sha) for module, sha in closure.items())
        for module, sha in lines:
            digest.update(f"{module} {sha}\n".encode())
        return digest.hexdigest()


def _pinned(module: str, sha: str) -> tuple[str, str]:
    """Scheme 1: a module the move of issue 23 renamed enters under its name and source
    hash before the move while its source is the one the move left
    (:data:`cgsat.engine.moves.MOVES`)."""
    move = MOVES.get(module)
    if move is not None and move[2] == sha:
        return move[0], move[1]
    return module, sha


def callable_fingerprint(*functions: Callable[..., Any] | None) -> str:
    """sha256 over the shapes of ``functions`` and the normalized code of their import
    closure.

    Examples
    --------
    >>> from functools import partial
    >>> from cgsat.papers.thickets import brute
    >>> a = callable_fingerprint(partial(brute.thm31, offset=1))
    >>> b = callable_fingerprint(partial(brute.thm31, offset=2))
    >>> len(a), a == b, a == callable_fingerprint(partial(brute.thm31, offset=1))
    (64, False, True)
    """
    return _Shaper(2).fingerprint(functions)


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


def legacy_method_fingerprint(claim: Claim, method: Method) -> str:
    """The scheme-1 fingerprint (stores before issue 23) of one method, for the code as it
    is now: equal to a stored row's fingerprint exactly when that row was decided by this
    code under the old scheme (``cgsat check --revalidate``)."""
    return _Shaper(1).fingerprint([method.run, claim.confirm])


def legacy_callable_fingerprint(*functions: Callable[..., Any] | None) -> str:
    """The scheme-1 fingerprint of ``functions`` (a probe's ``size``), as
    :func:`legacy_method_fingerprint`."""
    return _Shaper(1).fingerprint(functions)


def callable_modules(*functions: Callable[..., Any] | None) -> list[str]:
    """The modules behind :func:`callable_fingerprint` of ``functions`` (for the report
    and for tests)."""
    shaper = _Shaper(2)
    for function in functions:
        if function is not None:
            shaper.shape(function)
    return sorted(module_closure(sorted(shaper.modules)))


def modules_of(claim: Claim, method: Method) -> list[str]:
    """The modules behind :func:`method_fingerprint` (for the report and for tests)."""
    return callable_modules(method.run, claim.confirm)
