"""Method fingerprints (issue 12 item 1, issue 23 item 3, issue 24 item 1): a stored verdict
is reused only when the code that decided it is unchanged. Both directions: an edit to an
encoding the method imports recomputes exactly the methods that use it; an edit to the
report or the CLI, a comment, a docstring, an annotation, an ``__all__`` or a recorded move
recomputes nothing; a function or a constant a method reads from a paper's ``claims.py`` counts."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from functools import partial
from pathlib import Path

import pytest

from cgsat.cli import main
from cgsat.engine import fingerprint
from cgsat.papers.registry import all_claims, get_claim
from cgsat.papers.thickets import brute

SRC = Path(__file__).resolve().parents[2] / "src"


def _all_fingerprints() -> dict[tuple[str, str], str]:
    return {(c.id, m.name): fingerprint.method_fingerprint(c, m) for c in all_claims()
            for m in c.methods}


EDIT = b"\n_an_edit = 1\n"


@pytest.fixture
def edit(monkeypatch):
    """Pretend the code of some files changed (``edit("encodings/timber_path.py")``): a
    statement that runs is appended (a comment would not count, see below)."""
    edited: set[str] = set()
    real = fingerprint.read_source

    def read(path: str) -> bytes:
        text = real(path)
        if any(path.endswith(os.sep + rel.replace("/", os.sep)) for rel in edited):
            text += EDIT
        return text

    def apply(*rels: str) -> None:
        edited.update(rels)
        fingerprint.clear_cache()

    monkeypatch.setattr(fingerprint, "read_source", read)
    fingerprint.clear_cache()
    yield apply
    fingerprint.clear_cache()


def test_editing_an_encoding_changes_exactly_the_methods_that_use_it(edit):
    before = _all_fingerprints()
    edit("cgsat/encodings/timber_path.py")
    after = _all_fingerprints()
    changed = {k for k in before if before[k] != after[k]}
    assert ("timber.thm2.3", "sat") in changed
    assert ("timber.thm2.3", "brute") not in changed  # the direct solver imports no encoding
    for claim_id, method in changed:
        claim = get_claim(claim_id)
        assert "cgsat.encodings.timber_path" in fingerprint.modules_of(
            claim, claim.method(method))
    assert not any(k[0].startswith("toppling.") for k in changed)


def test_editing_the_engine_core_changes_every_sat_method(edit):
    before = _all_fingerprints()
    edit("cgsat/sat/solve.py")
    after = _all_fingerprints()
    for c in all_claims():
        for m in c.methods:
            uses = "cgsat.sat.solve" in fingerprint.modules_of(c, m)
            assert (before[(c.id, m.name)] != after[(c.id, m.name)]) == uses
    assert before[("timber.thm2.3", "sat")] != after[("timber.thm2.3", "sat")]


def test_editing_report_cli_runner_store_or_claims_changes_nothing(edit):
    before = _all_fingerprints()
    edit("cgsat/report/data.py", "cgsat/report/html.py", "cgsat/cli.py",
         "cgsat/commands/check.py",
         "cgsat/engine/runner.py", "cgsat/engine/store.py", "cgsat/papers/registry.py",
         "cgsat/papers/timber/claims.py", "cgsat/__init__.py")
    assert _all_fingerprints() == before


def test_partial_arguments_and_functions_count():
    a = fingerprint.callable_fingerprint(partial(brute.thm31, offset=1))
    assert a != fingerprint.callable_fingerprint(partial(brute.thm31, offset=2))
    assert a != fingerprint.callable_fingerprint(partial(brute.confirm_thm31, offset=1))
    assert a == fingerprint.callable_fingerprint(partial(brute.thm31, offset=1))


def test_imports_wherever_they_stand():
    src = b"def f():\n    from cgsat.encodings import cnf  # lazy\n    import cgsat.cgt.tuft\n"
    assert fingerprint.imports_of(src, "cgsat.x", False) == {"cgsat.encodings.cnf",
                                                              "cgsat.cgt.tuft"}
    assert fingerprint.imports_of(b"import os\n", "cgsat.x", False) == set()


def test_reuse_follows_the_fingerprint_through_the_cli(tmp_path, edit, capsys):
    db = str(tmp_path / "r.sqlite")
    args = ["check", "timber.thm2.3", "--up-to", "3", "--method", "sat,brute", "--db", db,
            "--json"]

    def reused() -> dict[tuple[int, str], bool]:
        code = main(args)
        out = capsys.readouterr().out
        assert code == 0
        return {(r["n"], r["method"]): r["reused"] for r in json.loads(out)["results"]}

    assert not any(reused().values())
    assert all(reused().values())
    edit("cgsat/report/data.py", "cgsat/cli.py")
    assert all(reused().values())  # a report or CLI change keeps stored results
    edit("cgsat/encodings/timber_path.py")
    again = reused()
    assert not any(v for (n, m), v in again.items() if m == "sat")  # recomputed
    assert all(v for (n, m), v in again.items() if m == "brute")  # kept


def test_a_real_edit_in_a_copy_of_the_source(tmp_path):
    """The same with files edited on disk, in a copy of ``src`` run as a subprocess."""
    copy = tmp_path / "src"
    shutil.copytree(SRC, copy, ignore=shutil.ignore_patterns("__pycache__"))
    db = str(tmp_path / "r.sqlite")
    env = dict(os.environ, PYTHONPATH=str(copy))

    def run() -> dict[tuple[int, str], bool]:
        out = subprocess.run(
            [sys.executable, "-m", "cgsat", "check", "timber.thm2.5", "--up-to", "2",
             "--db", db, "--json"], env=env, capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        return {(r["n"], r["method"]): r["reused"] for r in json.loads(out.stdout)["results"]}

    assert not any(run().values())
    with open(copy / "cgsat" / "report" / "data.py", "a") as fh:
        fh.write("\n_the_report_changed = True\n")
    assert all(run().values())
    with open(copy / "cgsat" / "encodings" / "timber_path.py", "a") as fh:
        fh.write("\n# the layout changed, not the code\n")
    assert all(run().values())  # a comment is not code
    with open(copy / "cgsat" / "encodings" / "timber_path.py", "a") as fh:
        fh.write("\n_the_encoding_changed = True\n")
    again = run()
    assert {m for (n, m), v in again.items() if not v} == {"sat"}


_LAST_LETTER_R = """

_unmutated_add_inductive_check = add_inductive_check


def add_inductive_check(pool, sink, n, *args, **kwargs):  # the referee's mutation
    word = _unmutated_add_inductive_check(pool, sink, n, *args, **kwargs)
    if n:
        sink.add_clause([word.letters[-1]])  # the last letter is R: half the words gone
    return word
"""


@pytest.mark.slow
def test_a_broken_encoding_is_recomputed_not_reused_at_n_20(tmp_path):
    """The referee's fourth mutation: a stored holds at n = 20, then the encoding is broken
    on disk (the last letter forced to R) and the check rerun without --force. The stored
    holds is not reused (the fingerprint changed): the size is recomputed, and its controls
    fail (exit 3)."""
    copy = tmp_path / "src"
    shutil.copytree(SRC, copy, ignore=shutil.ignore_patterns("__pycache__"))
    db = str(tmp_path / "r.sqlite")
    env = dict(os.environ, PYTHONPATH=str(copy))
    args = [sys.executable, "-m", "cgsat", "check", "timber.thm2.3", "--from", "20",
            "--up-to", "20", "--method", "sat", "--db", db, "--json"]
    first = subprocess.run(args, env=env, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    assert [r["status"] for r in json.loads(first.stdout)["results"]] == ["holds"]
    with open(copy / "cgsat" / "encodings" / "timber_path.py", "a") as fh:
        fh.write(_LAST_LETTER_R)
    again = subprocess.run(args, env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode == 3, again.stderr
    (r,) = json.loads(again.stdout)["results"]
    assert (r["status"], r["reused"]) == ("error", False)
    assert "control failed" in r["reason"]


# -- scheme 2: what does not run does not count (issue 23, item 3) ---------------------------

@pytest.mark.parametrize("addition", [
    b"\n# a comment\n",
    b"\n\n\n",
    b"\nif TYPE_CHECKING:\n    from cgsat.games.base import Game\n",
    b"\nfrom typing import cast\n",
])
def test_layout_comments_and_types_change_no_fingerprint(monkeypatch, addition):
    before = _all_fingerprints()
    real = fingerprint.read_source

    def read(path: str) -> bytes:
        text = real(path)
        if path.endswith(os.path.join("encodings", "timber_path.py")):
            text += addition
        return text

    monkeypatch.setattr(fingerprint, "read_source", read)
    fingerprint.clear_cache()
    try:
        assert _all_fingerprints() == before
    finally:
        fingerprint.clear_cache()


def test_normalized_code_keeps_what_runs():
    def norm(src: str) -> bytes:
        return fingerprint.normalized_code(src.encode(), "cgsat.x")

    plain = "def f(x, y=2):\n    return g(x) + y\n"
    same = [
        'def f(x: int, y: int = 2) -> int:\n    """Doc."""\n    return g(x) + y\n',
        "def f(x, y=2):\n    return g(cast(int, x)) + y  # why\n",
        "from typing import Any\ndef f(x, y=2):\n    return g(x) + y\n",
    ]
    other = [
        "def f(x, y=3):\n    return g(x) + y\n",
        "def f(x, y=2):\n    return g(x) - y\n",
        "def f(x, y=2):\n    assert x\n    return g(x) + y\n",
        "import numpy as g\ndef f(x, y=2):\n    return g(x) + y\n",
    ]
    assert all(norm(s) == norm(plain) for s in same)
    assert all(norm(s) != norm(plain) for s in other)
    # a dataclass field keeps counting when its annotation goes
    assert norm("class C:\n    a: int\n") != norm("class C:\n    pass\n")


def test_import_order_and_recorded_moves_change_nothing(monkeypatch):
    a = b"from cgsat.games import base\nfrom cgsat.errors import CgsatInputError\n"
    b = b"from cgsat.errors import CgsatInputError\nfrom cgsat.games import base\n"
    assert fingerprint.normalized_code(a, "cgsat.x") == fingerprint.normalized_code(b, "cgsat.x")
    # a move: cgsat.games.base is now cgsat.rules.base; recorded, it reads as before
    moved = b"from cgsat.errors import CgsatInputError\nfrom cgsat.rules import base\n"
    monkeypatch.setattr(fingerprint, "_is_module", lambda name: name.endswith(".base"))
    assert fingerprint.normalized_code(moved, "cgsat.x") != \
        fingerprint.normalized_code(a, "cgsat.x")
    monkeypatch.setitem(fingerprint.ALIASES, "cgsat.rules.base", "cgsat.games.base")
    assert fingerprint.normalized_code(moved, "cgsat.x") == \
        fingerprint.normalized_code(a, "cgsat.x")


# -- __all__ does not count (issue 34) -------------------------------------------------------

CODE = "def f(x, y=2):\n    return x + y\n"


@pytest.mark.parametrize("declaration", [
    '__all__ = ["f"]\n',
    '__all__ = ("f", "g")\n',
    '__all__: list[str] = ["f"]\n',
    '__all__ = ["f"]\n__all__ += ["g"]\n',
])
def test_all_declaration_changes_no_module_hash(declaration):
    def norm(src: str) -> bytes:
        return fingerprint.normalized_code(src.encode(), "cgsat.x")

    assert norm('"""Doc."""\n' + declaration + CODE) == norm(CODE)
    assert norm(CODE + declaration) == norm(CODE)
    # negative control: a change of code that runs still counts, with or without __all__
    assert norm(declaration + CODE.replace("x + y", "x - y")) != norm(CODE)
    # another assignment beside __all__ is code and still counts
    assert norm(declaration + "__version__ = 1\n" + CODE) != norm(CODE)


def test_all_declaration_outside_cgsat_still_counts():
    """A module outside cgsat (a user's claims file, the standard library) keeps its own
    ``__all__`` in its hash, as before the rule."""
    with_all = ('__all__ = ["f"]\n' + CODE).encode()
    assert fingerprint.normalized_code(with_all, "mine") != \
        fingerprint.normalized_code(CODE.encode(), "mine")


def test_modules_that_declared_all_before_hash_as_before(monkeypatch):
    """A module of ``ALL_BEFORE`` hashes with the declaration it had then, whatever its
    ``__all__`` is now, so the stored verdicts through it stay current; the rest of its code
    still counts."""
    monkeypatch.setitem(fingerprint.ALL_BEFORE, "cgsat.x", ("f",))
    then = fingerprint.normalized_code(('__all__ = ["f"]\n' + CODE).encode(), "cgsat.x")
    old_rule = fingerprint.normalized_code(('__all__ = ["f"]\n' + CODE).encode(), "mine")
    for now in ('__all__ = ["f", "g"]\n', '__all__ = ("g",)\n', '__all__ = ["f"]\n'):
        assert fingerprint.normalized_code((now + CODE).encode(), "cgsat.x") == then
    assert then == old_rule  # the hash it had before the rule
    edited = ('__all__ = ["f"]\n' + CODE.replace("x + y", "x * y")).encode()
    assert fingerprint.normalized_code(edited, "cgsat.x") != then  # negative control


def test_adding_all_to_a_module_changes_no_fingerprint(monkeypatch):
    """Every method through ``encodings/timber_path.py`` keeps its fingerprint when the
    module gains an ``__all__``; a statement that runs changes them (negative control)."""
    before = _all_fingerprints()
    real = fingerprint.read_source
    added = {"text": b""}

    def read(path: str) -> bytes:
        text = real(path)
        if path.endswith(os.path.join("encodings", "timber_path.py")):
            text += added["text"]
        return text

    monkeypatch.setattr(fingerprint, "read_source", read)
    try:
        added["text"] = b'\n__all__ = ["anything", "at_all"]\n'
        fingerprint.clear_cache()
        assert _all_fingerprints() == before
        added["text"] = b'\n__all__ = ["anything"]\n_and_code = 1\n'
        fingerprint.clear_cache()
        after = _all_fingerprints()
        assert any(after[k] != before[k] for k in before)
    finally:
        fingerprint.clear_cache()


def _star_imports_or_all_reads(source: str) -> list[str]:
    """The ``from cgsat... import *`` lines of ``source`` and its reads of ``__all__``: the
    only ways an ``__all__`` declaration could decide an answer."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names):
            found.append(f"line {node.lineno}: import *")
        elif isinstance(node, ast.Name) and node.id == "__all__" and \
                isinstance(node.ctx, ast.Load):
            found.append(f"line {node.lineno}: reads __all__")
        elif isinstance(node, ast.Attribute) and node.attr == "__all__":
            found.append(f"line {node.lineno}: reads .__all__")
    return found


def test_no_cgsat_module_star_imports_or_reads_all():
    found = {str(p.relative_to(SRC)): hits for p in sorted(SRC.rglob("*.py"))
             if (hits := _star_imports_or_all_reads(p.read_text(encoding="utf-8")))}
    assert found == {}
    # negative control: each way is seen
    assert len(_star_imports_or_all_reads(
        "from cgsat.cgt.notation import *\nprint(__all__)\nimport m\nm.__all__\n")) == 3


# -- what a method reads from claims.py (issue 24, item 1) -----------------------------------

def _in_claims_module(source: str, **constants: object):
    """A function compiled as if written in ``papers/toppling/claims.py`` (which no module
    hash covers), with some of that module's globals replaced."""
    from cgsat.papers.toppling import claims

    scope = dict(vars(claims))
    scope.update(constants)
    return eval(source, scope)  # noqa: S307 - test input, compiled into the claims' scope


def test_conj37_all_rows_statement_is_in_its_fingerprint():
    """The bug at commit 55d8803: the claimed rows of ``toppling.conj37-all-rows`` are a
    lambda in claims.py, which the old fingerprint did not see. Edited, both methods now
    change fingerprint; rebuilt unchanged, they keep it. The scheme-1 fingerprint (kept for
    revalidation) shows the old blindness."""
    from dataclasses import replace

    claim = get_claim("toppling.conj37-all-rows")
    fam = claim.method("sat").run.keywords["fam"]
    edited = replace(fam, rows=_in_claims_module('lambda w: (w + "LR", "E" + w)'))
    rebuilt = replace(fam, rows=_in_claims_module('lambda w: (w + "LR",)'))

    def with_family(name: str, family: object) -> list[partial]:
        run, confirm = claim.method(name).run, claim.confirm
        return [partial(run.func, *run.args, **{**run.keywords, "fam": family}),
                partial(confirm.func, *confirm.args, **{**confirm.keywords, "fam": family})]

    for name in ("sat", "brute"):
        real = fingerprint.callable_fingerprint(claim.method(name).run, claim.confirm)
        assert fingerprint.callable_fingerprint(*with_family(name, fam)) == real
        assert fingerprint.callable_fingerprint(*with_family(name, edited)) != real
        assert fingerprint.callable_fingerprint(*with_family(name, rebuilt)) == real
        assert fingerprint.legacy_callable_fingerprint(*with_family(name, edited)) == \
            fingerprint.legacy_callable_fingerprint(*with_family(name, fam))  # the old bug


def test_a_stored_edited_statement_is_not_reused_for_the_real_one(tmp_path):
    """The store direction: "holds" stored for an edited conj37-all-rows (rows xLR and
    Ex, the true family) is not reused for the real claim (rows xLR only), which is
    refuted at n = 2 as on a fresh store."""
    from dataclasses import replace

    from cgsat.claims import Budget
    from cgsat.engine.runner import run_checks
    from cgsat.engine.store import Store

    claim = get_claim("toppling.conj37-all-rows")
    fam = claim.method("brute").run.keywords["fam"]
    true_rows = replace(fam, rows=_in_claims_module('lambda w: (w + "LR", "E" + w)'))
    run = claim.method("brute").run
    edited = replace(claim, methods=(replace(
        claim.method("brute"), run=partial(run.func, *run.args, fam=true_rows)),),
        confirm=partial(claim.confirm.func, fam=true_rows))
    with Store(str(tmp_path / "r.sqlite")) as store:
        first = run_checks([edited], {claim.id: ["brute"]}, {claim.id: range(1, 3)},
                           Budget(), store, jobs=1)
        assert [r.status for r in first.results] == ["holds", "holds"]
        again = run_checks([claim], {claim.id: ["brute"]}, {claim.id: range(1, 3)},
                           Budget(), store, jobs=1)
    assert [(r.n, r.status, r.reused) for r in again.results] == \
        [(1, "holds", False), (2, "refuted", False)]


def test_a_constant_read_from_claims_counts():
    """My own case: a function in claims.py reading a module constant (a bound, a row)."""
    a = _in_claims_module("lambda n: n <= _BOUND", _BOUND=3)
    b = _in_claims_module("lambda n: n <= _BOUND", _BOUND=4)
    c = _in_claims_module("lambda n: n <= _BOUND", _BOUND=3)
    fa, fb, fc = (fingerprint.callable_fingerprint(f) for f in (a, b, c))
    assert fa != fb and fa == fc


# -- revalidation (issue 23, item 3) ---------------------------------------------------------

def test_revalidation_carries_over_exactly_the_runs_of_the_same_code(tmp_path, capsys):
    from cgsat.engine.store import Row, Store

    claim = get_claim("timber.thm2.3")
    sat, brute_ = claim.method("sat"), claim.method("brute")
    legacy = fingerprint.legacy_method_fingerprint(claim, sat)
    db = str(tmp_path / "r.sqlite")
    with Store(db) as store:
        for n in range(4):  # runs of the same code under the earlier scheme
            store.put(Row(claim.id, n, "sat", "cadical195", "0", "holds", fingerprint=legacy,
                          controls_asked=16))
            # and runs of other code (a stale fingerprint): never carried over
            store.put(Row(claim.id, n, "brute", "", "0", "holds", fingerprint="stale"))
    args = ["check", claim.id, "--up-to", "3", "--method", "sat,brute", "--db", db, "--json"]
    assert main([*args, "--revalidate"]) == 0
    out, err = capsys.readouterr()
    assert "revalidated 4 stored runs of 1 methods" in err
    results = {(r["n"], r["method"]): r for r in json.loads(out)["results"]}
    assert all(results[n, "sat"]["reused"] and results[n, "sat"]["revalidated"]
               for n in range(4))
    assert not any(results[n, "brute"]["reused"] for n in range(4))
    with Store(db) as store:
        now = fingerprint.method_fingerprint(claim, sat)
        assert store.aliases() == {(claim.id, "sat", legacy): now}
        assert fingerprint.method_fingerprint(claim, brute_) != "stale"
    assert main([*args, "--revalidate"]) == 0  # a second time carries nothing new
    assert "revalidated 0 stored runs of 0 methods" in capsys.readouterr().err
