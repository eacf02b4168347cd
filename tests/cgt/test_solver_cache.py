"""One direct-solver cache (issue 34, "one of each"): :func:`cgsat.cgt.impartial.solver_for`
is the only place that keeps :class:`~cgsat.cgt.impartial.ImpartialSolver` objects across
calls; the oracles of the Timber graph and Phyminoes methods use it.

The scan reads every module's ``ast`` and reports a solver cache of its own:

- a module-level name annotated with ``ImpartialSolver`` (``dict[..., ImpartialSolver]``,
  ``ImpartialSolver | None``);
- an ``ImpartialSolver(...)`` stored into a subscript (``_CACHE[key] = ImpartialSolver(rs)``),
  passed to ``setdefault``, or assigned to a ``global`` name;
- a function under ``functools.cache``, ``lru_cache`` or ``cached_property`` that builds an
  ``ImpartialSolver``, returns ``solver_for(...)`` or is annotated to return an
  ``ImpartialSolver`` (a cached *value* computed by a shared solver is not a solver cache).

A solver built and dropped inside one call is not a cache. The negative controls feed the
scan the two private caches this issue removed, and others.
"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

from cgsat.cgt import impartial
from cgsat.cgt.impartial import solver_for
from cgsat.errors import TooLargeError
from cgsat.games import get_ruleset, phyminoes
from cgsat.papers.timber.graphs import brute as graphs_brute
from cgsat.papers.timber.phyminoes import brute as phyminoes_brute

SRC = Path(__file__).resolve().parents[2] / "src"
THE_CACHE = "cgsat/cgt/impartial.py"
SOLVER = "ImpartialSolver"


def _mentions_solver(node: ast.AST | None) -> bool:
    return node is not None and any(
        (isinstance(n, ast.Name) and n.id == SOLVER)
        or (isinstance(n, ast.Attribute) and n.attr == SOLVER)
        or (isinstance(n, ast.Constant) and isinstance(n.value, str) and SOLVER in n.value)
        for n in ast.walk(node))


def _builds_solver(node: ast.AST) -> bool:
    """Whether ``node`` is a call ``ImpartialSolver(...)``."""
    if not isinstance(node, ast.Call):
        return False
    fn = node.func
    return (isinstance(fn, ast.Name) and fn.id == SOLVER) or (
        isinstance(fn, ast.Attribute) and fn.attr == SOLVER)


def _returns_solver_for(node: ast.AST) -> bool:
    """Whether ``node`` is ``return solver_for(...)`` (a cache of the shared cache)."""
    return isinstance(node, ast.Return) and isinstance(node.value, ast.Call) and (
        isinstance(node.value.func, ast.Name) and node.value.func.id == "solver_for")


def _is_cache_decorator(node: ast.expr) -> bool:
    target = node.func if isinstance(node, ast.Call) else node
    name = target.id if isinstance(target, ast.Name) else \
        target.attr if isinstance(target, ast.Attribute) else ""
    return name in {"cache", "lru_cache", "cached_property"}


def solver_caches(source: str) -> list[int]:
    """The lines of ``source`` that keep direct solvers across calls (see the module's
    text)."""
    tree = ast.parse(source)
    found: set[int] = set()
    for stmt in tree.body:  # module-level names annotated with the solver
        if isinstance(stmt, ast.AnnAssign) and _mentions_solver(stmt.annotation):
            found.add(stmt.lineno)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None \
                and any(_builds_solver(n) for n in ast.walk(node.value)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Subscript) for t in targets):
                found.add(node.lineno)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr == "setdefault" \
                and any(_builds_solver(n) for a in node.args for n in ast.walk(a)):
            found.add(node.lineno)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            globals_ = {name for n in ast.walk(node) if isinstance(n, ast.Global)
                        for name in n.names}
            for n in ast.walk(node):
                if isinstance(n, ast.Assign) and _builds_solver(n.value) and any(
                        isinstance(t, ast.Name) and t.id in globals_ for t in n.targets):
                    found.add(n.lineno)
            if any(_is_cache_decorator(d) for d in node.decorator_list) and (
                    _mentions_solver(node.returns)
                    or any(_builds_solver(n) or _returns_solver_for(n) for n in ast.walk(node))):
                found.add(node.lineno)
    return sorted(found)


def caching_modules(src: Path = SRC) -> dict[str, list[int]]:
    """Every module of the package under ``src`` that keeps solvers, with the lines."""
    out = {}
    for path in sorted((src / "cgsat").rglob("*.py")):
        lines = solver_caches(path.read_text())
        if lines:
            out[path.relative_to(src).as_posix()] = lines
    return out


def test_only_solver_for_keeps_solvers():
    assert list(caching_modules()) == [THE_CACHE]


REMOVED_GRAPHS = '''
_ORACLES: dict[tuple[str, str], ImpartialSolver] = {}

def nim_and_misere(position, rule="timber", distances="minus-edge"):
    key = ("timber", "") if rule == "timber" else (rule, distances)
    solver = _ORACLES.get(key)
    if solver is None:
        rs = get_ruleset("timber") if rule == "timber" else get_ruleset(rule, distances=distances)
        solver = _ORACLES[key] = ImpartialSolver(cast("ImpartialRuleset", rs))
    return solver
'''

REMOVED_PHYMINOES = '''
_ORACLES = {}

def values(position, rule="phyminoes", distances="minus-edge"):
    solver = _ORACLES.get(distances)
    if solver is None:
        rs = get_ruleset(rule, distances=distances)
        solver = _ORACLES[distances] = impartial.ImpartialSolver(
            replace(rs, exhaustive_limit=10**9))
    return solver
'''


@pytest.mark.parametrize(("source", "lines"), [
    (REMOVED_GRAPHS, [2, 9]),
    (REMOVED_PHYMINOES, [8]),
    ("S = {}\ndef f(rs):\n    return S.setdefault(rs.name, ImpartialSolver(rs))\n", [3]),
    ("_S = None\ndef f(rs):\n    global _S\n    _S = ImpartialSolver(rs)\n    return _S\n",
     [4]),
    ("@functools.cache\ndef f(name):\n    return ImpartialSolver(get_ruleset(name))\n", [2]),
    ("@lru_cache(maxsize=4)\ndef f(name) -> 'ImpartialSolver':\n    return make(name)\n",
     [2]),
    ("@cache\ndef f(name):\n    return solver_for(get_ruleset(name))\n", [2]),
    ("_ONE: ImpartialSolver | None = None\n", [1]),
])
def test_a_private_solver_cache_is_reported(source, lines):
    """Negative controls: the two caches this issue removed, and other shapes of one."""
    assert solver_caches(source) == lines


def test_a_solver_for_one_call_or_a_cached_ruleset_is_not_a_cache():
    source = ("def f(rs):\n    solver = ImpartialSolver(rs)\n    return solver.nim_value(0)\n"
              "@cache\ndef g(d):\n    return replace(get_ruleset('phyminoes', distances=d))\n"
              "def h(rs):\n    return solver_for(rs)\n"
              "@cached_property\ndef nim(self):\n"
              "    return solver_for(self.rs).nim_value(self.p)\n")
    assert solver_caches(source) == []


def test_the_scan_reports_a_second_caching_module(tmp_path):
    """Negative control of the package scan: a copy of the package with the removed
    Timber graph cache put back is reported."""
    shutil.copytree(SRC / "cgsat", tmp_path / "cgsat")
    (tmp_path / "cgsat" / "papers" / "timber" / "oracle.py").write_text(REMOVED_GRAPHS)
    assert list(caching_modules(tmp_path)) == [THE_CACHE, "cgsat/papers/timber/oracle.py"]


def test_the_oracles_use_the_shared_solver(monkeypatch):
    """The Timber graph and Phyminoes oracles answer from :func:`solver_for`'s solvers, kept
    across calls; the Phyminoes oracle's has no limit on the number of edges (the family
    members reach 66), while ``solver_for`` of the plain ruleset keeps the limit of 40."""
    monkeypatch.setattr(impartial, "_SOLVERS", {})
    assert graphs_brute.nim_and_misere("0>1 1>2 2>0") == (1, True)
    timber = impartial._SOLVERS["timber"]
    assert timber.ruleset is get_ruleset("timber") and timber._nim
    graphs_brute.nim_and_misere("0>1 1>2")
    assert impartial._SOLVERS["timber"] is timber
    assert graphs_brute.nim_and_misere("0>1 1>2 2>0", "phyminoes", "graph") == (0, False)
    assert impartial._SOLVERS["phyminoes[graph]"].ruleset is phyminoes.ruleset("graph")

    star = " ".join(f"0>{i}" for i in range(1, 46))  # 45 edges
    assert phyminoes_brute.values(star) == (1, True)
    shared = impartial._SOLVERS["phyminoes"]
    assert shared.ruleset.exhaustive_limit == 10**9 and shared._nim
    assert phyminoes_brute.values("0>1 1>2 2>0") == (1, True)
    assert impartial._SOLVERS["phyminoes"] is shared
    with pytest.raises(TooLargeError):
        solver_for(phyminoes.ruleset()).nim_value(phyminoes.ruleset().parse(star))
