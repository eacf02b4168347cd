"""A researcher's own claims (issue 28): the worked example, the four tests of item 4,
and the command line's bad input.

- a user claim equal to a registered claim gets the same verdicts at every size both
  reach (``user.conj40`` against ``toppling.conj40``);
- a deliberately wrong user claim is refuted with a concrete counterexample, replayed;
- a user claim whose SAT search has a broken target fails its controls (exit code 3);
- editing the user's file, or a module beside it, makes the stored verdict stale.
"""

from __future__ import annotations

import doctest
from pathlib import Path
from typing import Any

import pytest

import cgsat
from cgsat.errors import CgsatInputError
from cgsat.user import claim, every, exactly, never, rows, timber_paths
from cgsat.user.load import load_file, module_name

DOC = Path(__file__).resolve().parents[2] / "docs" / "own-conjectures.md"
CONJ40 = ("^*", "v*", "{0,*|-1}", "{1|0,*}", "^^", "^^*")

FILE = '''\
from cgsat.user import claim, every, never, rows, timber_paths
from {helper} import LIMIT

def small(p):
    return p.nim <= LIMIT

CLAIMS = [
    claim("user.conj40", rows("LRE"), never{games!r}, source="mine, Conjecture 40 again"),
    claim("user.wrong", timber_paths(), every(outcome="N")),
    claim("user.small", timber_paths(), every(small)),
]
'''


def write(tmp_path: Path, helper: str, limit: int = 5) -> Path:
    (tmp_path / f"{helper}.py").write_text(f"LIMIT = {limit}\n")
    path = tmp_path / "my_conjectures.py"
    path.write_text(FILE.format(helper=helper, games=CONJ40))
    return path


def test_the_worked_example_is_a_doctest() -> None:
    result = doctest.testfile(str(DOC), module_relative=False,
                              optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 15
    assert result.failed == 0


def test_a_user_claim_equal_to_a_registered_one_gets_its_verdicts(cli: Any, tmp_path: Path,
                                                                  store_path: str) -> None:
    path = write(tmp_path, "helper_eq")
    run = cli("check", "--claims", str(path), "user.conj40", "toppling.conj40",
              "--up-to", "6", "--db", store_path, "--jobs", "1", "--json")
    assert run.code == 0, run.err
    got: dict[tuple[str, int, str], str] = {
        (r["claim"], r["n"], r["method"]): r["status"] for r in run.json()["results"]}
    pairs = [("play", "brute"), ("sat", "sat")]
    compared = 0
    for n in range(1, 7):
        for mine, theirs in pairs:
            a, b = got.get(("user.conj40", n, mine)), got.get(("toppling.conj40", n, theirs))
            if a is not None and b is not None:
                assert a == b, (n, mine, a, b)
                compared += 1
    assert compared == 12


def test_a_wrong_user_claim_is_refuted_with_a_counterexample(cli: Any, tmp_path: Path,
                                                             store_path: str) -> None:
    path = write(tmp_path, "helper_wrong")
    run = cli("check", "--claims", str(path), "user.wrong", "--up-to", "4",
              "--db", store_path, "--jobs", "1", "--json")
    assert run.code == 1, run.err
    refuted = [(r["n"], r["method"], r["counterexample"]) for r in run.json()["results"]
               if r["status"] == "refuted"]
    assert refuted == [(2, "play", "LR"), (2, "sat", "LR")]
    assert "REFUTED user.wrong at n=2 by sat" in run.err
    assert cgsat.value("timber-path", "LR").outcome == "P"  # the replay, once more


def test_a_broken_search_fails_its_controls(cli: Any, tmp_path: Path, store_path: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from cgsat.search import impartial

    real = impartial._target_lit
    monkeypatch.setattr(impartial, "_target_lit", lambda *a: -real(*a))  # the wrong target
    path = write(tmp_path, "helper_broken")
    run = cli("check", "--claims", str(path), "user.wrong", "--up-to", "3",
              "--method", "sat", "--db", store_path, "--jobs", "1", "--json")
    assert run.code == 3, run.err
    statuses = {r["n"]: r["status"] for r in run.json()["results"]}
    assert "error" in statuses.values() and "refuted" not in statuses.values()


def test_editing_the_file_or_a_module_beside_it_makes_the_verdict_stale(
        cli: Any, tmp_path: Path, store_path: str) -> None:
    path = write(tmp_path, "helper_edit")
    args = ("check", "--claims", str(path), "user.small", "--up-to", "3",
            "--db", store_path, "--jobs", "1", "--json")

    def reused() -> list[bool]:
        run = cli(*args)
        assert run.code == 0, run.err
        return [r["reused"] for r in run.json()["results"]]

    assert reused() == [False] * 3
    assert reused() == [True] * 3
    path.write_text(path.read_text().replace("p.nim <= LIMIT", "p.nim <= LIMIT + 0"))
    assert reused() == [False] * 3
    assert reused() == [True] * 3
    (tmp_path / "helper_edit.py").write_text("LIMIT = 6\n")
    assert reused() == [False] * 3


def test_bad_files_and_ids_are_one_line_exit_2(cli: Any, tmp_path: Path) -> None:
    missing = cli("list", "--claims", str(tmp_path / "nope.py"))
    assert missing.code == 2 and missing.err.count("\n") == 1 and "no such file" in missing.err
    empty = tmp_path / "empty.py"
    empty.write_text("x = 1\n")
    run = cli("list", "--claims", str(empty))
    assert run.code == 2 and "defines no list CLAIMS" in run.err
    broken = tmp_path / "broken.py"
    broken.write_text("from cgsat.user import claim, rows, never\n"
                      "CLAIMS = [claim('user.x', rows('LQ'), never('*'))]\n")
    run = cli("list", "--claims", str(broken))
    assert run.code == 2 and run.err.count("\n") == 1 and "line 2" in run.err
    clash = tmp_path / "clash.py"
    clash.write_text("from cgsat.papers.registry import get_claim\n"
                     "from dataclasses import replace\n"
                     "CLAIMS = [replace(get_claim('timber.thm2.3'), statement='mine')]\n")
    run = cli("list", "--claims", str(clash))
    assert run.code == 2 and "collides with a registered claim" in run.err
    path = write(tmp_path, "helper_twice")
    run = cli("list", "--claims", str(path), "--claims", str(path))
    assert run.code == 2 and "defined twice" in run.err


def test_a_predicate_that_raises_is_one_line_exit_2(cli: Any, tmp_path: Path,
                                                    store_path: str) -> None:
    path = tmp_path / "raising.py"
    path.write_text("from cgsat.user import claim, every, timber_paths\n"
                    "CLAIMS = [claim('user.boom', timber_paths(), every(lambda p: 1 / 0))]\n")
    run = cli("check", "--claims", str(path), "--up-to", "2", "--db", store_path,
              "--jobs", "1")
    assert run.code == 2
    assert run.err.strip().splitlines()[-1].startswith(
        "cgsat: error: user.boom: the predicate raised ZeroDivisionError")


def test_dask_refuses_user_claims(tmp_path: Path) -> None:
    c = claim("user.d", rows("LR"), never("^*"))
    with pytest.raises(CgsatInputError, match="not shipped to the cluster"):
        cgsat.check(c, up_to=2, executor="dask", scheduler="tcp://nowhere:1")


def test_list_and_report_show_user_claims(cli: Any, tmp_path: Path, store_path: str) -> None:
    path = write(tmp_path, "helper_list")
    listed = {c["id"]: c for c in cli("list", "--json", "--claims", str(path)).json()}
    assert listed["user.conj40"]["source"] == "mine, Conjecture 40 again"
    assert listed["user.small"]["methods"] == ["play"]
    assert "one method: not cross-checked" in listed["user.small"]["methods_why"]
    assert listed["user.wrong"]["source"] == "user"
    assert "timber.thm2.3" in listed
    cli("check", "--claims", str(path), "user.wrong", "--up-to", "2", "--db", store_path,
        "--jobs", "1")
    run = cli("report", "--claims", str(path), "--db", store_path,
              "--out", str(tmp_path / "r1"))
    assert run.code == 0, run.err
    md = (tmp_path / "r1" / "bounds.md").read_text()
    section = md[md.index("## Your own claims"):]
    assert "`user.wrong` **refuted**" in section and "not cross-checked" in section
    assert "user.wrong" not in md[:md.index("## Your own claims")]
    page = (tmp_path / "r1" / "bounds.html").read_text()
    assert "<h2>Your own claims (--claims)</h2>" in page and "<code>LR</code>" in page
    run = cli("report", "--db", store_path, "--out", str(tmp_path / "r2"))
    assert run.code == 0, run.err
    md = (tmp_path / "r2" / "bounds.md").read_text()
    assert "## Stored rows of user claims not loaded" in md and "| `user.wrong` | 2 |" in md


def test_the_api_takes_a_claim_object_and_checks_ids() -> None:
    c = claim("user.x-zero-two", rows("LRE"), exactly(["EL", "LE", "LLR", "RLL"],
                                                      value="{1|0}"))
    r = cgsat.check(c, up_to=3)
    assert r.refutations == ()
    assert {x.method for x in r.results} == {"play", "sat"}
    with pytest.raises(CgsatInputError, match="user.<label>"):
        claim("timber.mine", timber_paths(), every(outcome="P"))
    with pytest.raises(CgsatInputError, match="impartial"):
        claim("user.bad", timber_paths(), every(outcome="L"))


def test_a_file_loads_afresh(tmp_path: Path) -> None:
    path = write(tmp_path, "helper_fresh")
    first = load_file(str(path))
    path.write_text(path.read_text().replace('"user.wrong"', '"user.wrong2"'))
    assert [c.id for c in load_file(str(path))] == [
        "user.conj40", "user.wrong2", "user.small"]
    assert first[1].id == "user.wrong"


def test_only_a_users_own_modules_are_followed(tmp_path: Path) -> None:
    """The fingerprint follows a user's file into its directory, not the standard library
    or installed packages into theirs (a negative control for both)."""
    import fractions

    import networkx

    from cgsat.engine import fingerprint

    assert not fingerprint._own_module(fractions.__file__)
    assert not fingerprint._own_module(networkx.__file__)
    assert not fingerprint._own_module(fingerprint.__file__)
    path = write(tmp_path, "helper_own")
    assert fingerprint._own_module(str(path))
    load_file(str(path))
    closure = fingerprint.module_closure([module_name(str(path))])
    assert "helper_own" in closure and "fractions" not in closure
    assert not any(m.startswith(("os", "re", "json")) for m in closure)


def test_a_function_without_a_source_file_enters_with_its_code() -> None:
    """A doctest's or a notebook's function (its module has no file) is fingerprinted by
    its code: two different bodies under the same name differ; the same body agrees."""
    from cgsat.engine.fingerprint import callable_fingerprint

    def made(body: str) -> Any:
        space: dict[str, Any] = {"__name__": "no_such_module_zz"}
        exec(f"def pred(p):\n    return {body}\n", space)  # noqa: S102 - a notebook cell
        return space["pred"]

    a, b, c = made("p.nim <= 2"), made("p.nim <= 3"), made("p.nim <= 2")
    assert callable_fingerprint(a) != callable_fingerprint(b)
    assert callable_fingerprint(a) == callable_fingerprint(c)


def test_proof_options_on_a_users_claim_are_refused_not_ignored(tmp_path, capsys):
    """--proof and --confirm-with act on methods that call a SAT solver themselves; a
    user's claim (play and the find searches) would ignore them: one line, exit 2."""
    from cgsat.cli import main

    path = tmp_path / "mine.py"
    path.write_text("from cgsat.kit import claim, every, timber_paths\n"
                    "CLAIMS = [claim('user.x', timber_paths(), every(outcome='PN'), "
                    "quick=4)]\n")
    for flag in (["--proof"], ["--confirm-with", "minisat22"]):
        code = main(["check", "--claims", str(path), "user.x", "--db",
                     str(tmp_path / "r.sqlite"), *flag])
        err = capsys.readouterr().err
        assert code == 2
        assert err.count("\n") == 1 and f"{flag[0]} does not apply to user.x" in err
    assert main(["check", "--claims", str(path), "user.x", "--db",
                 str(tmp_path / "r.sqlite")]) == 0
