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


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _screenshot(page: Path, png: Path, size: str) -> None:
    """Render ``page`` in headless Chromium to ``png`` (a fresh profile, no network)."""
    import tempfile

    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                        "--disable-quic", "--no-first-run", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync",
                        f"--user-data-dir={profile}", f"--screenshot={png}",
                        f"--window-size={size}", page.as_uri()],
                       capture_output=True, timeout=120, check=False)


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs "
                                             "it with apt-get)")
def test_the_html_report_renders_in_headless_chromium(small_store, tmp_path):
    """The report of a small store, rendered at 1280x2400: a PNG of that size that is not
    blank (many distinct colours: text, the findings' red, tables, the chart), and a blank
    page rendered the same way is, the control of the measure."""
    from PIL import Image  # matplotlib's own dependency

    _report(small_store, tmp_path / "rep")
    _screenshot(tmp_path / "rep" / "bounds.html", tmp_path / "report.png", "1280,2400")
    blank = tmp_path / "blank.html"
    blank.write_text("<!DOCTYPE html><html><body></body></html>")
    _screenshot(blank, tmp_path / "blank.png", "1280,2400")
    with Image.open(tmp_path / "report.png") as im:
        assert im.size == (1280, 2400)
        colours = im.convert("RGB").getcolors(maxcolors=1 << 20)
    with Image.open(tmp_path / "blank.png") as im:
        blank_colours = im.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 50, len(colours or [])
    assert blank_colours is not None and len(blank_colours) <= 2
    # the ink: at least 2 % of the pixels are not the background (the commonest colour)
    background = max(colours)[0]
    assert sum(c for c, _ in colours) - background > 0.02 * 1280 * 2400


def test_the_findings_markdown_renders_as_html_and_no_empty_table(small_store, tmp_path):
    """What the screenshot showed (issue 26): the findings shared with the README printed
    their Markdown (``*Toppling Conjectures*``, backticks) literally, and "Proved for every
    size" was an empty table for a store without all-n runs."""
    _report(small_store, tmp_path / "rep")
    page = (tmp_path / "rep" / "bounds.html").read_text()
    findings = page.split("<h2>Findings", 1)[1].split("<h2>", 1)[0]
    assert "<em>Toppling Conjectures</em>" in findings
    assert "*Toppling Conjectures*" not in findings and "`" not in findings
    proved = page.split("<h2>Proved for every size</h2>", 1)[1].split("<h2>", 1)[0]
    assert "<table>" not in proved and "None stored." in proved
