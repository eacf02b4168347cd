"""The report as a reader sees it (issue 26, item 9): an external solver's name reaches
bounds.md and bounds.html escaped (item "Unescaped HTML"), and the HTML report renders in
headless Chromium to a picture that is not blank (slow; ``.ci/run`` installs chromium)."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

NAME = "external:<script>x</script>"


@pytest.fixture(scope="module")
def small_store(tmp_path_factory) -> Path:
    """A store of one quick check, whose rows then name a hostile solver."""
    path = tmp_path_factory.mktemp("store") / "r.sqlite"
    proc = subprocess.run([sys.executable, "-m", "cgsat", "check", "timber.thm2.3", "--up-to",
                           "4", "--method", "sat", "--db", str(path)], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return path


def _report(store: Path, out: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "cgsat", "report", "--db", str(store),
                           "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr


def test_a_solver_name_is_escaped_in_bounds_md_and_html(small_store, tmp_path):
    store = tmp_path / "hostile.sqlite"
    shutil.copy(small_store, store)
    con = sqlite3.connect(store)
    with con:
        con.execute("UPDATE runs SET solver = ?", (NAME,))
    con.close()
    _report(store, tmp_path / "rep")
    md = (tmp_path / "rep" / "bounds.md").read_text()
    page = (tmp_path / "rep" / "bounds.html").read_text()
    assert "&lt;script&gt;x&lt;/script&gt;" in md  # the name is there, escaped
    assert "&lt;script&gt;x&lt;/script&gt;" in page
    assert "<script>x" not in md and "<script>x" not in page
