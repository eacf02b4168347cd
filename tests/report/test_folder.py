"""The one ``--out`` folder check (:mod:`cgsat.report.folder`), which ``cgsat report`` and
``cgsat probe`` share: each bad folder is one line and exit 2, found before anything is
written; a good one is created with its parents (negative controls)."""

from __future__ import annotations

import ast
import os
import sqlite3
from pathlib import Path

import pytest

from cgsat.cli import main
from cgsat.errors import CgsatInputError
from cgsat.report import REPORT_FILES
from cgsat.report import folder as folder_module
from cgsat.report.folder import check_out_name, prepare_out
from cgsat.report.probes import PROBE_FILES

SRC = Path(__file__).resolve().parents[2] / "src" / "cgsat"


def _refused(path: str, words: str, files: tuple[str, ...] = ()) -> None:
    with pytest.raises(CgsatInputError) as info:
        prepare_out(path, REPORT_FILES, files)
    message = str(info.value)
    assert words in message and "\n" not in message, message


def test_bad_folders_are_refused_with_what_is_wrong(tmp_path: Path) -> None:
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    _refused("", "the path is empty")
    _refused("  ", "the path is empty")
    _refused("-", "the report is a directory of files, not standard output")
    _refused(str(a_file), f"{str(a_file)!r} is a file, not a directory")
    _refused(str(a_file / "sub"), "cannot create")
    assert a_file.read_text() == "x" and not (tmp_path / "-").exists()


def test_the_probe_is_told_what_it_writes() -> None:
    with pytest.raises(CgsatInputError, match="a probe writes a directory of files"):
        prepare_out("-", PROBE_FILES)
    with pytest.raises(CgsatInputError, match="the path is empty"):
        check_out_name("", PROBE_FILES)


def test_a_results_store_among_the_files_is_never_overwritten(tmp_path: Path) -> None:
    sqlite3.connect(tmp_path / "bounds.json").execute("CREATE TABLE t (x)").connection.close()
    before = (tmp_path / "bounds.json").read_bytes()
    _refused(str(tmp_path), "is a results store (SQLite)", ("bounds.json", "bounds.md"))
    assert (tmp_path / "bounds.json").read_bytes() == before
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "bounds.json").write_text("{}")  # control: a plain file is overwritten
    prepare_out(str(plain), REPORT_FILES, ("bounds.json",))


def test_an_unwritable_folder_is_refused(tmp_path: Path, monkeypatch) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    prepare_out(str(locked), REPORT_FILES)  # control: writable
    monkeypatch.setattr(folder_module.os, "access", lambda path, mode: False)
    _refused(str(locked), f"{str(locked)!r} is not writable")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_folder_is_refused(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        _refused(str(locked), "is not writable")
        _refused(str(locked / "sub"), "cannot create")
    finally:
        locked.chmod(0o700)


def test_a_new_folder_is_created_with_its_parents(tmp_path: Path) -> None:
    deep = tmp_path / "a" / "b" / "c"
    prepare_out(str(deep), REPORT_FILES, ("bounds.json",))
    assert deep.is_dir()
    prepare_out(str(deep), REPORT_FILES)  # an existing folder is fine
    check_out_name(str(tmp_path / "never"), REPORT_FILES)
    assert not (tmp_path / "never").exists()  # the name check touches nothing


@pytest.mark.parametrize("argv", [["report", "--db", "{db}"], ["probe", "phyminoes"]])
def test_report_and_probe_say_the_same(argv: list[str], tmp_path: Path, capsys) -> None:
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    db = tmp_path / "r.sqlite"
    assert main(["check", "lumberjack.tuft", "--up-to", "1", "--db", str(db),
                 "--jobs", "1"]) == 0
    capsys.readouterr()
    args = [a.replace("{db}", str(db)) for a in argv] + ["--db", str(db)] * (
        argv[0] == "probe")
    assert main([*args, "--out", str(a_file)]) == 2
    err = capsys.readouterr().err
    assert err == f"cgsat: error: --out: {str(a_file)!r} is a file, not a directory\n"
    assert a_file.read_text() == "x"


def _makes_folders(source: str) -> bool:
    """Whether ``source`` calls ``os.makedirs`` or a ``mkdir``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("makedirs", "mkdir"):
            return True
    return False


def test_only_the_folder_check_creates_output_folders() -> None:
    assert _makes_folders("import os\nos.makedirs('x', exist_ok=True)\n")  # control
    assert not _makes_folders("import os\nos.path.join('x', 'y')\n")  # control
    makers = sorted(p.relative_to(SRC).as_posix()
                    for d in ("report", "commands") for p in (SRC / d).glob("*.py")
                    if _makes_folders(p.read_text()))
    assert makers == ["report/folder.py"]
