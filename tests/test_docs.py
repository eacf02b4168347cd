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

import pytest

import docs_examples as dx  # tests/ is on pythonpath (pyproject)
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


# --- The console examples run (issue 26 item 1; the runner is tests/docs_examples.py) ------

_WITH_EXAMPLES = [p for p in dx.DOC_FILES if dx.parse_blocks(p)]


def _run_file(path: Path, tmp_path: Path, slow: bool,
              section: int | None = None) -> list[str]:
    """Run the examples of ``path`` (of its ``section``-th section only, when given), in
    order, in ``tmp_path``."""
    failures: list[str] = []
    blocks = dx.parse_blocks(path)
    if section is not None:
        blocks = [b for b in blocks if dx.section_of(b) == section]
    for block in blocks:
        if block.marker == "skip" or (block.marker == "slow") != slow:
            continue
        if block.marker == "needs" and dx._unavailable(block):
            continue
        failures += dx.run_block(block, tmp_path)
    return failures


# one test per section with examples (## or ### heading): the sections run on both
# workers of the suite, not one file on one (the reference alone took 551 s under load,
# issue 36); each section runs in its own folder, so none depends on another's files
_SECTIONS = sorted({(p, dx.section_of(b)) for p in _WITH_EXAMPLES
                    for b in dx.parse_blocks(p)
                    if b.marker not in ("skip", "slow")})


@pytest.mark.parametrize(("path", "section"), _SECTIONS,
                         ids=[f"{p.name}-{s}" for p, s in _SECTIONS])
def test_the_console_examples_print_what_the_docs_say(path, section, tmp_path):
    """Every ``console`` example (not marked slow or skip) prints its documented output,
    up to times, memory, worker counts and digests, and exits with its documented code."""
    failures = _run_file(path, tmp_path, slow=False, section=section)
    assert not failures, "\n\n".join(failures)


@pytest.mark.slow
@pytest.mark.parametrize("path", _WITH_EXAMPLES, ids=lambda p: p.name)
def test_the_slow_console_examples_print_what_the_docs_say(path, tmp_path):
    failures = _run_file(path, tmp_path, slow=True)
    assert not failures, "\n\n".join(failures)


def test_the_examples_cover_readme_and_reference():
    """The runner finds the examples (a parser that finds nothing would pass vacuously)."""
    names = {p.name for p in _WITH_EXAMPLES}
    assert {"README.md", "reference.md"} <= names
    commands = [c.text for p in _WITH_EXAMPLES for b in dx.parse_blocks(p)
                for c in b.commands]
    assert any(c.startswith("cgsat find green-cordon --height 80") for c in commands)
    assert len(commands) > 40


def test_every_skipped_example_says_why():
    for path in dx.DOC_FILES:
        for block in dx.parse_blocks(path):
            if block.marker is not None:
                assert block.reason.strip(), f"{block.where}: a {block.marker} with no reason"


_SAMPLE = """\
Intro.

```console
$ cgsat value timber-path LRLR
timber-path LRLR: outcome P, nim-value 0
  no winning move
$ cgsat value timber-path LRX
cgsat: error: timber-path: unknown letter 'X' at index 2 (a word uses only L and R)
$ echo $?
2
```

<!-- skip: a Dask cluster -->
```console
$ cgsat check --all --executor dask --scheduler tcp://nowhere:1
```
"""


def test_the_runner_passes_a_right_example_and_parses_markers(tmp_path):
    doc = tmp_path / "x.md"
    doc.write_text(_SAMPLE)
    blocks = dx.parse_blocks(doc)
    assert [b.marker for b in blocks] == [None, "skip"] and blocks[1].reason == "a Dask cluster"
    assert [c.exit_code for c in blocks[0].commands] == [0, 2]
    assert dx.run_block(blocks[0], tmp_path) == []


@pytest.mark.parametrize("wrong", [
    ("nim-value 0", "nim-value 1"),      # an output line
    ("$ echo $?\n2", "$ echo $?\n0"),    # an exit code
    ("  no winning move\n", ""),         # a missing line
])
def test_the_runner_reports_a_wrong_example(tmp_path, wrong):
    """Negative controls: a wrong line, a wrong exit code, a missing line each fail."""
    doc = tmp_path / "x.md"
    doc.write_text(_SAMPLE.replace(*wrong))
    assert dx.run_block(dx.parse_blocks(doc)[0], tmp_path)


def test_the_ellipsis_and_the_normalization():
    assert dx._matches(["a", "...", "c (1.20 s; 53 MB)", "...", "e"],
                       ["a", "b", "c (0.07 s; 120 MB)", "d", "d", "e"])
    assert not dx._matches(["a", "...", "c"], ["a", "b"])
    assert not dx._matches(["a", "...", "x", "...", "e"], ["a", "b", "e"])
    assert dx._matches(["x", "..."], ["x"])
    assert not dx._matches(["n=3 sat: holds"], ["n=3 sat: refuted"])


# --- Help (issue 26 item 8) ----------------------------------------------------------------

def _without_help(parser: argparse.ArgumentParser) -> list[str]:
    missing = []
    for name, sub in _subcommands(parser).items():
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            if not (action.help or "").strip():
                missing.append(f"cgsat {name} {'/'.join(action.option_strings) or action.dest}")
    return missing


def test_every_argument_of_every_subcommand_has_a_help_line():
    assert _without_help(build_parser()) == []


def test_an_argument_without_help_is_found():
    """Negative control: an option added without help is reported."""
    parser = build_parser()
    _subcommands(parser)["list"].add_argument("--bare")
    assert _without_help(parser) == ["cgsat list --bare"]


def test_value_and_find_help_list_their_rulesets():
    from cgsat.games import RULESET_NAMES

    subs = _subcommands(build_parser())
    value_help = " ".join(subs["value"].format_help().split())
    find_help = " ".join(subs["find"].format_help().split())
    assert all(name in value_help for name in RULESET_NAMES)
    for name in RULESET_NAMES:  # find searches all but lumberjack and thickets
        assert (name in find_help.split("RULESET one of:")[1].split("options:")[0]) == (
            name not in ("lumberjack", "thickets"))


# --- Findings: one source for the README and the report (issue 26 item 4) ------------------

def _readme_findings(text: str) -> list[str]:
    """The bullets of the README's "Findings" section, each joined into one line."""
    section = text.split("\n## Findings\n", 1)[1].split("\n## ", 1)[0]
    bullets: list[str] = []
    for line in section.splitlines():
        if line.startswith("- "):
            bullets.append(line[2:].strip())
        elif line.startswith("  ") and bullets:
            bullets[-1] += " " + line.strip()
        elif not line.strip() and bullets and bullets[-1] is not None:
            continue
    return bullets


def test_the_readme_findings_are_the_reports():
    from cgsat.report.findings import FINDINGS

    got = _readme_findings((ROOT / "README.md").read_text(encoding="utf-8"))
    assert got == [f.text for f in FINDINGS]


def test_a_reworded_finding_is_caught():
    """Negative control: a README whose finding says more than the source fails."""
    from cgsat.report.findings import FINDINGS

    text = (ROOT / "README.md").read_text(encoding="utf-8").replace(
        "not the theorem", "so the theorem is false", 1)
    assert _readme_findings(text) != [f.text for f in FINDINGS]


def test_every_refuted_claim_of_the_stored_report_is_a_finding():
    """The report's findings (the stored runs of results) each have a finding saying
    what the counterexample breaks, so the README and the report cannot disagree."""
    import json

    from cgsat.report.findings import finding_of

    doc = json.loads((ROOT / "results" / "bounds.json").read_text(encoding="utf-8"))
    assert doc["findings"]
    assert [f["claim"] for f in doc["findings"] if finding_of(f["claim"]) is None] == []


# --- Relative links resolve (issue 34) -----------------------------------------------------

_FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.S | re.M)
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)


def _linked_docs(root: Path) -> list[Path]:
    """The Markdown files whose relative links must resolve."""
    files = [root / "README.md", root / "CHANGELOG.md", root / "results" / "README.md",
             *sorted((root / "docs").rglob("*.md")), *sorted((root / "benchmarks").rglob("*.md"))]
    return [f for f in files if f.is_file()]


def _slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    """The anchors of a Markdown file's headings (a repeated slug gets -1, -2, ...)."""
    text = _FENCE.sub("", path.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    out = set()
    for m in _HEADING.finditer(text):
        slug = _slug(m.group(1))
        out.add(f"{slug}-{seen[slug]}" if slug in seen else slug)
        seen[slug] = seen.get(slug, 0) + 1
    return out


def broken_links(root: Path, files: list[Path]) -> list[str]:
    """Every relative link of ``files`` whose file, or whose anchor in a Markdown file, does
    not exist, as ``FILE: TARGET``. Links with a scheme (``https:``, ``mailto:``) and links in
    code are not checked."""
    broken = []
    for path in files:
        text = _CODE_SPAN.sub("", _FENCE.sub("", path.read_text(encoding="utf-8")))
        for target in _LINK.findall(text):
            if re.match(r"[a-z][a-z0-9+.-]*:", target):
                continue
            file_part, _, anchor = target.partition("#")
            dest = (path.parent / file_part).resolve() if file_part else path
            if not dest.exists():
                broken.append(f"{path.relative_to(root).as_posix()}: {target}")
            elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
                broken.append(f"{path.relative_to(root).as_posix()}: {target} (no such anchor)")
    return broken


def test_every_relative_link_resolves():
    files = _linked_docs(ROOT)
    assert {"README.md", "CHANGELOG.md", "performance.md"} <= {f.name for f in files}
    assert broken_links(ROOT, files) == []


def test_a_broken_link_is_reported(tmp_path):
    """Negative control: a missing file and a missing anchor are reported; a good link, a
    link in code and a web link are not."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "b.md").write_text("# Title\n\n## A section: here\n")
    (tmp_path / "README.md").write_text(
        "[ok](docs/b.md#a-section-here) [top](docs/b.md) [web](https://example.org/x)\n"
        "[gone](docs/missing.md) [bad anchor](docs/b.md#nowhere) `[code](nothing.md)`\n"
        "```\n[fenced](nothing.md)\n```\n")
    files = [tmp_path / "README.md", tmp_path / "docs" / "b.md"]
    assert broken_links(tmp_path, files) == [
        "README.md: docs/missing.md", "README.md: docs/b.md#nowhere (no such anchor)"]
