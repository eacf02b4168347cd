"""Method fingerprints (issue 12, item 1): a stored verdict is reused only when the code
that decided it is unchanged. Both directions: an edit to an encoding the method imports
recomputes exactly the methods that use it; an edit to the report or the CLI recomputes
nothing."""

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


@pytest.fixture
def edit(monkeypatch):
    """Pretend the source of some files changed (``edit("encodings/timber_path.py")``)."""
    edited: set[str] = set()
    real = fingerprint.read_source

    def read(path: str) -> bytes:
        text = real(path)
        if any(path.endswith(os.sep + rel.replace("/", os.sep)) for rel in edited):
            text += b"\n# an edit\n"
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
         "cgsat/commands/verify.py",
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
    with open(copy / "cgsat" / "verify" / "report" / "data.py", "a") as fh:
        fh.write("\n# the report changed\n")
    assert all(run().values())
    with open(copy / "cgsat" / "encodings" / "timber_path.py", "a") as fh:
        fh.write("\n# the encoding changed\n")
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
