"""The import contract of docs/architecture.md, checked over the source's ``ast``.

Every ``import`` counts, wherever it stands: at module top, inside a function, or under
``if TYPE_CHECKING:``. Each rule has a negative control: the checker is run on a small
made-up module that breaks it, and must report it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PACKAGE = SRC / "cgsat"

# Modules allowed past the size limit (docs/architecture.md).
LONG_MODULES = {"cgsat.cgt.canonical"}
MAX_LINES = 900


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imported_modules(source: str, module: str) -> set[str]:
    """Every cgsat module ``source`` imports (``from a import b`` gives ``a`` and ``a.b``)."""
    package = module.split(".")
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package[: len(package) - node.level])
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {m for m in found if m == "cgsat" or m.startswith("cgsat.")}


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


# What each layer may import (besides itself and the root package's version); the layers
# of docs/architecture.md, from the bottom up. "automata" is the all-n provers' layer.
BASE = {"errors"}
ALLOWED: dict[str, set[str]] = {
    "errors": set(),
    "games": BASE,
    "cgt": BASE | {"games"},
    "encodings": BASE,  # formulas over integers: no position type is needed to build them
    "automata": BASE | {"games", "cgt", "claims"},  # claims: the all-n methods' records
    "claims": BASE,
    "probes": BASE,
    "vacuity": BASE | {"claims"},  # issue 34: the records' vacuous sizes and methods' gaps
    "sat": BASE | {"games", "encodings", "claims"},
    "search": BASE | {"games", "cgt", "encodings", "automata", "sat", "claims"},
    # the claim kit (issues 28, 34): families, statements, records; its SAT method calls
    # the searches, a user's rule the all-n deciders (issue 35); below the papers, so it
    # never imports them
    "kit": BASE | {"games", "cgt", "claims", "vacuity", "search", "automata"},
    # issue 34: a paper's claims may be records of the claim kit
    "papers": BASE | {"games", "cgt", "encodings", "automata", "sat", "claims", "probes",
                      "vacuity", "kit"},
    # a user's own claims: the loading of --claims FILE (the vocabulary is the kit's)
    "user": BASE | {"claims", "kit", "papers"},
    "engine": BASE | {"sat", "claims", "probes", "vacuity", "papers"},
    "report": BASE | {"cgt", "sat", "claims", "vacuity", "papers", "engine"},
    "api": BASE | {"games", "cgt", "sat", "claims", "papers", "search", "user", "engine"},
    "commands": BASE | {"games", "encodings", "sat", "claims", "papers", "search", "user",
                        "engine", "report", "api"},
    "cli": BASE | {"commands"},
    "__main__": {"cli"},
    "": {"api"},  # the root package: __version__ and the API's three names, lazily
}


# Nothing below papers imports papers (issue 34): generic code (the all-n methods, shapes,
# the automata library, the searches) lives below the papers' content, never inside it.
BELOW_PAPERS = {"errors", "games", "cgt", "encodings", "automata", "claims", "probes", "sat",
                "search", "vacuity", "kit"}


def side(module: str) -> str | None:
    """``"sat"`` or ``"brute"`` for the two sides of a paper package, else None."""
    parts = module.split(".")
    if len(parts) < 4 or parts[1] != "papers":
        return None
    leaf = parts[-1]
    for name in ("sat", "brute"):
        if leaf == name or leaf.startswith(name + "_") or leaf.endswith("_" + name):
            return name
    return None


def violations(module: str, imports: set[str]) -> list[str]:
    """The contract rules ``module`` breaks by importing ``imports``."""
    out = []
    here = layer(module)
    allowed = ALLOWED.get(here)
    for target in sorted(imports):
        there = layer(target)
        if target == "cgsat" or there in ("", "__version__"):
            continue  # the package itself (its version)
        if there == here:
            pass
        elif allowed is None:
            out.append(f"{module} is in no layer of the contract")
        elif there not in allowed:
            if there in ("commands", "cli"):
                out.append(f"{module} imports {target} (only commands and cli may)")
            elif there == "api":
                out.append(f"{module} imports {target} (the API stands above the engine)")
            elif there == "papers" and here in BELOW_PAPERS:
                out.append(f"{module} ({here}) imports {target}: nothing below papers "
                           "imports papers")
            else:
                out.append(f"{module} ({here}) imports {target}")
        mine, theirs = side(module), side(target)
        same_paper = module.split(".")[:3] == target.split(".")[:3]
        if mine and theirs and mine != theirs and same_paper:
            out.append(f"{module} ({mine} side) imports {target} ({theirs} side)")
        if mine == "brute" and there in ("encodings", "sat"):
            out.append(f"{module} (brute side) imports {target}")
        if executor(module) and (target == RUNNER or target.startswith(RUNNER + ".")):
            out.append(f"{module} (an executor) imports {target}: the runner hands an "
                       "executor calls, and an executor never reaches back into it")
        if module in RENDERERS and target in RENDERERS and target != module:
            out.append(f"{module} (a report renderer) imports {target}: renderers share "
                       "the model and report/text.py, not each other")
    return out


RUNNER = "cgsat.engine.runner"
RENDERERS = {"cgsat.report.markdown", "cgsat.report.html", "cgsat.report.latex"}


def executor(module: str) -> bool:
    """Whether ``module`` is an executor: it runs the runner's calls in other processes."""
    return module.startswith("cgsat.engine.executors.") or module == "cgsat.engine.executors"


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def test_the_package_keeps_the_import_contract() -> None:
    problems = []
    for module, path in all_modules().items():
        problems += violations(module, imported_modules(path.read_text(), module))
    assert not problems, "\n".join(problems)


def test_no_module_is_over_the_size_limit() -> None:
    long = {m: len(p.read_text().splitlines()) for m, p in all_modules().items()}
    over = {m: n for m, n in long.items() if n > MAX_LINES and m not in LONG_MODULES}
    assert not over, over


def test_no_layer_below_papers_may_import_papers() -> None:
    """The table says it: no layer of :data:`BELOW_PAPERS` lists papers among what it may
    import (each import is then checked by :func:`violations`, with its own message)."""
    assert BELOW_PAPERS <= set(ALLOWED), BELOW_PAPERS - set(ALLOWED)
    assert not [name for name in BELOW_PAPERS if "papers" in ALLOWED[name]]


def test_every_layer_is_present() -> None:
    layers = {layer(m) for m in all_modules()}
    assert {"games", "cgt", "encodings", "claims", "sat", "papers", "search", "kit", "user",
            "engine", "report", "api", "commands", "cli"} <= layers
    assert layers <= set(ALLOWED) | {""}, layers - set(ALLOWED)


@pytest.mark.parametrize(
    ("module", "source", "expected"),
    [
        ("cgsat.games.x", "from cgsat.cgt import impartial", "(games) imports"),
        ("cgsat.games.x", "import cgsat.claims", "(games) imports"),
        ("cgsat.cgt.x", "from cgsat.encodings.kernel import add_kernel", "(cgt) imports"),
        ("cgsat.encodings.x", "from cgsat.sat.solve import solve_cnf", "(encodings) imports"),
        ("cgsat.encodings.x", "from ..cgt import canonical", "(encodings) imports"),
        (
            "cgsat.encodings.x",
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from cgsat.cgt import stops",
            "(encodings) imports",
        ),
        ("cgsat.engine.x", "def f():\n    from cgsat.commands import value", "only commands"),
        ("cgsat.engine.x", "from cgsat.api import value", "the API stands above"),
        ("cgsat.papers.p.x", "from cgsat.engine.runner import run_checks", "(papers) imports"),
        ("cgsat.papers.p.x", "from cgsat.search import impartial", "(papers) imports"),
        ("cgsat.sat.x", "from cgsat.engine import store", "(sat) imports"),
        ("cgsat.claims", "from cgsat.sat.solve import SatRun", "(claims) imports"),
        ("cgsat.vacuity", "from cgsat.engine.task import run_check", "(vacuity) imports"),
        ("cgsat.encodings.x", "from cgsat.claims import Budget", "(encodings) imports"),
        ("cgsat.engine.x", "from cgsat.report import data", "(engine) imports"),
        ("cgsat.cli", "from cgsat.api import value", "the API stands above"),
        ("cgsat.cli", "from cgsat.engine.memory import parse_limit", "(cli) imports"),
        ("cgsat.report.html", "from cgsat.report.markdown import _cell", "a report renderer"),
        ("cgsat.report.latex", "from cgsat.report import html", "a report renderer"),
        ("cgsat.cgt.x", "import cgsat.api._find", "the API stands above"),
        ("cgsat.api._find", "from cgsat.commands import find", "only commands"),
        ("cgsat.papers.p.sat", "from cgsat.papers.p import brute", "sat side"),
        ("cgsat.papers.p.brute", "from cgsat.papers.p.sat import f", "brute side"),
        ("cgsat.papers.p.graphs_brute", "from . import graphs_sat", "brute side"),
        ("cgsat.papers.p.brute", "from cgsat.encodings import kernel", "brute side"),
        ("cgsat.papers.p.q.brute", "from cgsat.sat.solve import SatRun", "brute side"),
        ("cgsat.papers.p.q.brute", "from cgsat.papers.p.q import sat", "brute side"),
        ("cgsat.engine.executors.x", "from cgsat.engine.runner import _work", "an executor"),
        ("cgsat.engine.executors.x", "from cgsat.engine import runner", "an executor"),
        ("cgsat.engine.executors.x", "def f():\n    import cgsat.engine.runner", "an executor"),
        ("cgsat.newlayer", "import cgsat.games", "in no layer"),
        ("cgsat.engine.x", "from cgsat.user import claim", "(engine) imports"),
        ("cgsat.report.x", "from cgsat.user.load import load_claims", "(report) imports"),
        ("cgsat.papers.p.x", "from cgsat.user import rows", "(papers) imports"),
        ("cgsat.search.x", "from cgsat.kit import rows", "(search) imports"),
        ("cgsat.search.x", "from cgsat.user import rows", "(search) imports"),
        ("cgsat.user.x", "from cgsat.engine.runner import run_checks", "(user) imports"),
        ("cgsat.user.x", "from cgsat.api import check", "the API stands above"),
        ("cgsat.search.x", "from cgsat.papers.thickets.claims import CLAIMS",
         "nothing below papers"),
        ("cgsat.search.x", "def f():\n    import cgsat.papers.registry", "nothing below papers"),
        ("cgsat.automata.x", "from cgsat.papers import all_n", "nothing below papers"),
        ("cgsat.games.x", "from cgsat.papers.timber.shapes import trees", "nothing below papers"),
        ("cgsat.sat.x", "from cgsat.papers.thickets.rules import nim0_rule",
         "nothing below papers"),
        ("cgsat.encodings.x", "from ..papers.thickets import rules", "nothing below papers"),
        ("cgsat.kit.x", "from cgsat.papers.timber import claims", "(kit) imports"),
        ("cgsat.kit.x", "from cgsat.engine.runner import run_checks", "(kit) imports"),
        ("cgsat.kit.x", "from cgsat.user.load import load_claims", "(kit) imports"),
        ("cgsat.user.x", "from cgsat.search import impartial", "(user) imports"),
    ],
)
def test_the_checker_reports_a_broken_rule(module: str, source: str, expected: str) -> None:
    found = violations(module, imported_modules(source, module))
    assert any(expected in v for v in found), found


def test_allowed_imports_are_not_reported() -> None:
    ok = [
        ("cgsat.games.x", "from cgsat.errors import CgsatInputError\nfrom cgsat.games import base"),
        ("cgsat.encodings.x", "from cgsat.encodings.gates import Circuit"),
        ("cgsat.papers.p.sat", "from cgsat.papers.p import words"),
        ("cgsat.papers.p.claims", "from cgsat.papers.p import brute, sat"),
        ("cgsat.cli", "from cgsat.commands import value"),
        ("cgsat.commands.x", "from cgsat.api import find"),
        ("cgsat", "def __getattr__(name):\n    from cgsat import api"),
        ("cgsat.api._check", "from cgsat.engine.runner import run_checks"),
        ("cgsat.engine.executors.x", "from cgsat.engine.task import run_check"),
        ("cgsat.commands.options", "from cgsat.user.load import load_claims"),
        ("cgsat.report.html", "from cgsat.report.text import bound"),
        ("cgsat.report", "from cgsat.report import html, latex, markdown"),
        ("cgsat.papers.p.claims", "from cgsat.automata.methods import all_n_method"),
        ("cgsat.papers.p.sat", "from cgsat.sat.green_cordon import InductiveCheck"),
        ("cgsat.search.x", "from cgsat.sat.green_cordon import characterization"),
        ("cgsat.search.x", "from cgsat.automata.library import nim_statement"),
        ("cgsat.kit.families", "from cgsat.games.shapes import connected_graphs"),
        ("cgsat.kit.methods", "from cgsat.search import impartial"),
        ("cgsat.papers.p.claims", "from cgsat.kit import claim, rows"),
        ("cgsat.user.load", "from cgsat.kit.records import ID"),
    ]
    for module, source in ok:
        assert violations(module, imported_modules(source, module)) == []


PAPER_NAMES = ("timber", "caterpillar", "thicket", "lumberjack", "toppling", "tuft")


def undocumented(source: str) -> list[str]:
    """Module-level functions and classes of a paper module without a docstring, and
    public functions whose docstring names no paper."""
    out = []
    for node in ast.parse(source).body:
        if not isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            continue
        doc = ast.get_docstring(node)
        if not doc:
            out.append(f"{node.name}: no docstring")
        elif isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            if not any(name in doc.lower() for name in PAPER_NAMES):
                out.append(f"{node.name}: the docstring names no paper")
    return out


def uncommented_inner_imports(source: str) -> list[int]:
    """Lines of imports inside functions or classes that carry no comment saying why
    (imports for type checking only, under ``if TYPE_CHECKING:``, need none)."""
    lines = source.splitlines()
    tree = ast.parse(source)
    typing_only = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                typing_only.update(range(inner.lineno, (inner.end_lineno or inner.lineno) + 1))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        and node.col_offset > 0
        and "#" not in lines[(node.end_lineno or node.lineno) - 1]
        and node.lineno not in typing_only
    ]


def test_paper_modules_document_their_functions() -> None:
    problems = []
    for module, path in all_modules().items():
        if module.startswith("cgsat.papers."):
            problems += [f"{module}.{p}" for p in undocumented(path.read_text())]
    assert not problems, "\n".join(problems)


def test_imports_stand_at_module_top_or_say_why() -> None:
    problems = {m: lines for m, p in all_modules().items()
                if (lines := uncommented_inner_imports(p.read_text()))}
    assert not problems, problems


def test_the_documentation_checks_bite() -> None:
    source = (
        'def good():\n    """*Toppling Conjectures*, Lemma 1."""\n\n'
        'def bad():\n    """Does a thing."""\n\n'
        "def _private():\n    return 1\n"
    )
    assert undocumented(source) == [
        "bad: the docstring names no paper",
        "_private: no docstring",
    ]
    imports = "def f():\n    import os\n    import sys  # heavy\n"
    assert uncommented_inner_imports(imports) == [2]
    typing_only = ("if TYPE_CHECKING:\n    import os\n    import sys\n"
                   "def f():\n    if TYPE_CHECKING:\n        import re\n    import json\n")
    assert uncommented_inner_imports(typing_only) == [7]


def layers_imported() -> dict[str, set[str]]:
    """The layers each layer's modules import today (itself and the package root left out)."""
    used: dict[str, set[str]] = {name: set() for name in ALLOWED}
    for module, path in all_modules().items():
        here = layer(module)
        for target in imported_modules(path.read_text(), module):
            there = layer(target)
            if target != "cgsat" and there not in ("", "__version__", here):
                used.setdefault(here, set()).add(there)
    return used


def unused_allowances(allowed: dict[str, set[str]], used: dict[str, set[str]]) -> list[str]:
    """Layers the table allows a layer to import that it never imports (``errors`` aside):
    the table would say more than the code does."""
    return [f"{here} may import {there} but does not: drop it from ALLOWED and the table of "
            "docs/architecture.md" for here in sorted(allowed)
            for there in sorted(allowed[here] - BASE - used.get(here, set()))]


def documented_layers(text: str) -> dict[str, set[str]]:
    """The layer table of docs/architecture.md: layer -> the layers of its "may import"
    column (``nothing else`` is the empty set)."""
    table: dict[str, set[str]] = {}
    for line in text.splitlines():
        m = re.match(r"^\| `([a-z_]+)(?:/|\.py)` \|.*\| ([^|]*) \|$", line)
        if m:
            table[m.group(1)] = set(re.findall(r"`([a-z_]+)`", m.group(2)))
    return table


def table_differences(documented: dict[str, set[str]], allowed: dict[str, set[str]]) -> list[str]:
    """Where the documented table and ALLOWED disagree (the root package and ``__main__``
    are entry points, not layers of the table)."""
    out = []
    for name in sorted(set(documented) | set(allowed) - {"", "__main__", "errors"}):
        doc, code = documented.get(name), allowed.get(name)
        if doc is None or code is None:
            where = "docs/architecture.md" if doc is None else "ALLOWED"
            out.append(f"{name}: not in {where}")
        elif doc != code - BASE:
            out.append(f"{name}: docs/architecture.md says {sorted(doc)}, ALLOWED "
                       f"{sorted(code - BASE)}")
    return out


def test_the_table_allows_exactly_what_each_layer_imports() -> None:
    assert unused_allowances(ALLOWED, layers_imported()) == []


def test_docs_architecture_states_the_table() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text()
    assert table_differences(documented_layers(text), ALLOWED) == []


def test_the_table_checks_bite() -> None:
    # an allowance the code does not use is reported (encodings once listed games)
    allowed = dict(ALLOWED, encodings=BASE | {"games"})
    assert unused_allowances(allowed, layers_imported()) == [
        "encodings may import games but does not: drop it from ALLOWED and the table of "
        "docs/architecture.md"]
    # a documented row that differs from the code, and a missing row, are reported
    text = (ROOT / "docs" / "architecture.md").read_text()
    doc = documented_layers(text)
    assert doc["cli"] == {"commands"} and doc["games"] == set()
    wrong = dict(doc, cli={"commands", "engine"})
    del wrong["kit"]
    assert table_differences(wrong, ALLOWED) == [
        "cli: docs/architecture.md says ['commands', 'engine'], ALLOWED ['commands']",
        "kit: not in docs/architecture.md"]


def lacks_all(source: str) -> bool:
    """Whether a module defines public names (functions, classes, constants) at its top
    level but declares no ``__all__``."""
    tree = ast.parse(source)
    names = [t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets
             if isinstance(t, ast.Name)]
    names += [n.target.id for n in tree.body
              if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)]
    if "__all__" in names:
        return False
    names += [n.name for n in tree.body
              if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)]
    return any(not name.startswith("_") for name in names)


def test_public_modules_declare_all() -> None:
    missing = [module for module, path in all_modules().items()
               if not module.rsplit(".", 1)[-1].startswith("_") and lacks_all(path.read_text())]
    assert missing == []


def test_the_all_check_bites() -> None:
    assert lacks_all("def f():\n    pass\n")
    assert lacks_all("LIMIT = 3\n")
    assert not lacks_all("__all__ = ['f']\n\ndef f():\n    pass\n")
    assert not lacks_all("def _private():\n    pass\n")
