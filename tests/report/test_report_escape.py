"""Issue 38, defect 8: text from a user's claims file (its statement, source and notes)
reaches ``bounds.md`` escaped, as it reaches ``bounds.html``; user claims never reach
``bounds.tex``, whose texts are LaTeX-escaped."""

from __future__ import annotations

from pathlib import Path

from cgsat.cli import main
from cgsat.report.latex import latex_escape

HOSTILE = "<script>alert(1)</script> <img src=x onerror=alert(2)> a`b | c & d"

CLAIMS = f'''from cgsat.kit import claim, every, timber_paths

CLAIMS = [claim("user.hostile", timber_paths(), every(outcome="N"),
                text={HOSTILE!r}, source={HOSTILE!r}, notes={HOSTILE!r}, quick=2)]
'''


def test_user_text_is_escaped_in_markdown_html_and_kept_out_of_latex(tmp_path: Path,
                                                                     capsys) -> None:
    claims = tmp_path / "mine.py"
    claims.write_text(CLAIMS)
    db = str(tmp_path / "r.sqlite")
    code = main(["check", "user.hostile", "--claims", str(claims), "--up-to", "2",
                 "--jobs", "1", "--db", db])
    assert code == 1, capsys.readouterr().err  # every word N: refuted at once (L, R are N)
    out = tmp_path / "rep"
    assert main(["report", "--db", db, "--out", str(out), "--claims", str(claims)]) == 0
    md = (out / "bounds.md").read_text()
    html = (out / "bounds.html").read_text()
    for text in (md, html):
        assert "user.hostile" in text
        assert "<script>alert" not in text and "<img src=x" not in text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "&lt;img src=x onerror=alert(2)&gt;" in md
    tex = tmp_path / "tex"
    assert main(["report", "--db", db, "--out", str(tex), "--format", "latex",
                 "--claims", str(claims)]) == 0
    latex = (tex / "bounds.tex").read_text()
    assert "<script>alert" not in latex and "hostile" not in latex
    capsys.readouterr()


def test_latex_escapes_every_special_character() -> None:
    """The control for LaTeX: text that would reach bounds.tex is escaped there."""
    assert latex_escape(HOSTILE + r" 50% $x$ #1 a_b {c} ~ ^ \end") == (
        r"<script>alert(1)</script> <img src=x onerror=alert(2)> a`b | c \& d 50\% \$x\$ "
        r"\#1 a\_b \{c\} \textasciitilde{} \textasciicircum{} \textbackslash{}end")
