"""The user documentation: docs/reference.md is the reference, and it covers the CLI.

- No file of the repository points to the design notes that users never see (they are not
  in the repository); the reference is ``docs/reference.md``.
- Every subcommand and every option of the argparse parser appears in docs/reference.md
  (the parser is walked, so a new option without documentation fails here).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from cgsat.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "reference.md"
FORBIDDEN = "DESIGN" + ".md"  # split, so this file does not mention it itself
TEXT_SUFFIXES = {".py", ".md", ".txt", ".toml", ".cfg", ".ini", ".yml", ".yaml", ".sh",
                 ".html", ".json", ".rst"}
ALLOWED: set[Path] = set()


def _pointers(root: Path) -> list[str]:
    """Every line of the repository's text files that names the design notes."""
    files = [root / "README.md", root / "pyproject.toml"]
    for top in ("src", "tests", "docs", "benchmarks"):
        files += [p for p in (root / top).rglob("*")
                  if p.is_file() and p.suffix in TEXT_SUFFIXES]
    hits = []
    for path in files:
        if not path.exists() or path.relative_to(root) in ALLOWED:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for lineno, line in enumerate(text.splitlines(), start=1):
            if FORBIDDEN in line:
                hits.append(f"{path.relative_to(root).as_posix()}:{lineno}: {line.strip()}")
    return hits


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:  # argparse offers no public walk of subparsers
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _options(parser: argparse.ArgumentParser) -> list[str]:
    return [s for a in parser._actions for s in a.option_strings
            if s not in ("-h", "--help")]


def test_no_file_points_to_the_design_notes():
    hits = _pointers(ROOT)
    assert not hits, "\n".join(hits)


def test_the_scan_finds_a_pointer(tmp_path):
    """Negative control: the scan reports a file that does mention the notes."""
    (tmp_path / "src" / "pkg").mkdir(parents=True)
    (tmp_path / "src" / "pkg" / "m.py").write_text(f'"""See {FORBIDDEN}."""\n')
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "x.md").write_text("fine\n")
    (tmp_path / "README.md").write_text(f"x\nsee {FORBIDDEN}\n")
    assert sorted(h.split(": ")[0] for h in _pointers(tmp_path)) == [
        "README.md:2", "src/pkg/m.py:1"]


def test_help_and_readme_point_to_the_reference():
    assert "docs/reference.md" in build_parser().format_help()
    assert "docs/reference.md" in (ROOT / "README.md").read_text(encoding="utf-8")


def _undocumented(reference: str) -> list[str]:
    parser = build_parser()
    missing = [opt for opt in _options(parser) if opt not in reference]
    for name, sub in _subcommands(parser).items():
        if not re.search(rf"### cgsat {re.escape(name)}\b", reference):
            missing.append(f"cgsat {name} (no section)")
        # The command's section: from its heading to the next one of the same level.
        m = re.search(rf"### cgsat {re.escape(name)}\b(.*?)(?=\n### |\n## |\Z)", reference,
                      re.S)
        section = m.group(1) if m else ""
        for opt in _options(sub):
            if not re.search(rf"`{re.escape(opt)}\b", section):
                missing.append(f"cgsat {name} {opt}")
    return missing


def test_every_option_of_every_subcommand_is_in_the_reference():
    assert _subcommands(build_parser()), "the parser has no subcommands?"
    missing = _undocumented(REFERENCE.read_text(encoding="utf-8"))
    assert not missing, f"not documented in docs/reference.md: {missing}"


def test_an_undocumented_option_is_found():
    """Negative control: removing one option's row from the reference is reported."""
    text = REFERENCE.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `--controls K`"))
    missing = _undocumented(text.replace(row, ""))
    assert "cgsat check --controls" in missing


def test_the_documented_defaults_are_the_parser_defaults():
    """The defaults docs/reference.md states for check and report are the parser's."""
    subs = _subcommands(build_parser())
    check = subs["check"].parse_args(["x"])
    report = subs["report"].parse_args([])
    text = REFERENCE.read_text(encoding="utf-8")
    assert check.timeout == 60.0 and "| `--timeout S` | `60` seconds |" in text
    assert check.controls == 16 and "| `--controls K` | `16` |" in text
    assert check.solver == "cadical195" and "| `--solver NAME` | `cadical195`" in text
    assert check.method == "all" and "| `--method M` | `all` |" in text
    assert report.out == "report" and "| `--out DIR` | `report` |" in text
