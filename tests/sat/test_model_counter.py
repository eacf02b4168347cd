"""One projected model counter call (issue 34, "one of each"): only
:func:`cgsat.sat.coverage.count_projected` imports pyganak and builds a counter; every other
count (``cgsat find --count``, the Phyminoes probes) goes through it.

The scan reads every module's ``ast``: an ``import pyganak`` or ``from pyganak import``
statement, ``__import__("pyganak")`` or an ``importlib.import_module("pyganak")`` whose
value is used is a second counting call. An ``import_module("pyganak")`` whose value is
discarded only asks whether pyganak can be loaded (``search/impartial.py`` falls back to
enumeration when it cannot). The negative controls feed the scan made-up modules with a
second counter.
"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import networkx as nx
import pytest

from cgsat.papers.timber.phyminoes import count_sat
from cgsat.sat import coverage

SRC = Path(__file__).resolve().parents[2] / "src"
THE_CALL = "cgsat/sat/coverage.py"


def _names_pyganak(call: ast.Call) -> bool:
    """Whether ``call`` is ``__import__``/``import_module`` of pyganak."""
    fn = call.func
    name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
    return (name in {"__import__", "import_module"} and bool(call.args)
            and isinstance(call.args[0], ast.Constant) and call.args[0].value == "pyganak")


def pyganak_imports(source: str) -> list[int]:
    """The lines of ``source`` that load pyganak for use (see the module's text)."""
    tree = ast.parse(source)
    probes = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            hit = any(a.name.split(".")[0] == "pyganak" for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            hit = (node.module or "").split(".")[0] == "pyganak" and not node.level
        elif isinstance(node, ast.Call):
            hit = _names_pyganak(node) and id(node) not in probes
        else:
            hit = False
        if hit:
            found.append(node.lineno)
    return found


def counting_modules(src: Path = SRC) -> dict[str, list[int]]:
    """Every module of the package under ``src`` that loads pyganak for use, with the
    lines."""
    out = {}
    for path in sorted((src / "cgsat").rglob("*.py")):
        lines = pyganak_imports(path.read_text())
        if lines:
            out[path.relative_to(src).as_posix()] = lines
    return out


def test_only_coverage_count_projected_loads_pyganak():
    assert list(counting_modules()) == [THE_CALL]


@pytest.mark.parametrize(("source", "line"), [
    ("import pyganak\n", 1),
    ("def f():\n    import pyganak as pg\n    return pg.Counter()\n", 2),
    ("from pyganak import Counter\n", 1),
    ("import importlib\nc = importlib.import_module('pyganak').Counter()\n", 2),
    ("from importlib import import_module\npg = import_module('pyganak')\n", 2),
    ("pg = __import__('pyganak')\n", 1),
])
def test_a_second_counter_is_reported(source, line):
    """Negative controls: each made-up module counts with pyganak itself."""
    assert pyganak_imports(source) == [line]


def test_the_scan_reports_a_second_counting_module(tmp_path):
    """Negative control of the package scan: a copy of the package with one more module
    that imports pyganak is reported."""
    shutil.copytree(SRC / "cgsat", tmp_path / "cgsat")
    (tmp_path / "cgsat" / "search" / "recount.py").write_text("import pyganak\n")
    assert list(counting_modules(tmp_path)) == ["cgsat/sat/coverage.py",
                                                "cgsat/search/recount.py"]


def test_an_availability_check_or_a_mention_is_not_a_counter():
    source = ("import importlib\n"
              "try:\n    importlib.import_module('pyganak')\nexcept ImportError:\n    pass\n"
              "x = 'pyganak'  # counted by pyganak\n")
    assert pyganak_imports(source) == []


def test_the_probe_counts_through_count_projected(monkeypatch):
    """``count_sat.count_p`` calls the shared counter (a stand-in answer comes back)."""
    seen = []

    def fake(clauses, nv, sampling, assumptions=()):
        seen.append((len(sampling), list(assumptions)))
        return 41

    monkeypatch.setattr(count_sat, "count_projected", fake)
    assert count_sat.count_p(nx.path_graph(3)) == 41
    assert seen and seen[0][0] == 2 and len(seen[0][1]) == 1
    assert coverage.count_projected is not fake
