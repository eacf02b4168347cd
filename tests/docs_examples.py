"""Run the ``console`` examples of the documentation (README.md, docs/*.md) as a user would.

A ``console`` block is a sequence of commands, each a line ``$ COMMAND``, followed by the
lines it prints (standard output and standard error, interleaved as a terminal shows them).
A line ``...`` stands for any number of lines. ``$ echo $?`` followed by a number states the
exit code of the command before it; a command with no such line must exit 0.

The blocks of one file run in order in one fresh directory (a later block may read the
store an earlier one wrote), with ``cgsat`` the interpreter's own and no ``$CGSAT_DB``.

A block is skipped, with a reason, by an HTML comment on the line before its opening fence:
``<!-- skip: REASON -->`` (never run: a Dask cluster, an external program), or
``<!-- slow: REASON -->`` (run only by the slow step: ``pytest -m slow``), or
``<!-- needs: PROGRAM -->`` (run only where PROGRAM is on PATH, e.g. an external solver).

``python tests/docs_examples.py --update FILE.md`` rewrites the documented output of the
examples of FILE.md that no longer match (review the diff).

The parts of an output that differ from run to run are normalized on both sides before the
comparison (:func:`normalize`): times (``5.49 s``, ``0.5s``), memory (``53 MB``), the
number of workers (the machine's cores), and SHA-256 digests (method fingerprints change
with the code).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC_FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MARKER = re.compile(r"<!--\s*(skip|slow|needs):\s*(.+?)\s*-->")

_VARIABLE = [
    (re.compile(r"\b\d+(?:\.\d+)?\s?s\b"), "<T> s"),            # 5.49 s, 60 s, 0.5s
    (re.compile(r"\b\d+(?:\.\d+)?\s?[KMG]B\b"), "<M> MB"),     # 53 MB
    (re.compile(r"\b\d+ workers?\b"), "<J> workers"),           # the machine's cores
    (re.compile(r"\b[0-9a-f]{64}\b"), "<sha256>"),              # fingerprints, digests
]


def normalize(line: str) -> str:
    """A line with its documented variable parts replaced by placeholders.

    Examples
    --------
    >>> normalize("n=4 sat: holds (0.01 s; 57 vars; 53 MB)  ")
    'n=4 sat: holds (<T> s; 57 vars; <M> MB)'
    >>> normalize("plan: 3 checks; 2 workers, timeout 60 s per size")
    'plan: 3 checks; <J> workers, timeout <T> s per size'
    """
    for pattern, placeholder in _VARIABLE:
        line = pattern.sub(placeholder, line)
    return line.rstrip()


@dataclass
class Command:
    """One ``$ COMMAND`` of a block, with its expected output and exit code."""

    text: str
    lineno: int
    expected: list[str] = field(default_factory=list)
    exit_code: int = 0


@dataclass
class Block:
    """One ``console`` block: where it is, its commands, and its skip/slow marker."""

    path: Path
    lineno: int
    commands: list[Command]
    marker: str | None = None  # "skip", "slow" or "needs"
    reason: str = ""

    @property
    def where(self) -> str:
        return f"{_shown(self.path)}:{self.lineno}"


def _shown(path: Path) -> str:
    """``path`` relative to the repository when it is in it."""
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def section_of(block: Block) -> int:
    """The number of the ``##`` or ``###`` heading above ``block`` in its file (0: none)."""
    lines = block.path.read_text(encoding="utf-8").splitlines()[:block.lineno]
    return sum(1 for line in lines if line.startswith(("## ", "### ")))


def parse_blocks(path: Path) -> list[Block]:
    """The ``console`` blocks of a Markdown file, in order."""
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        if lines[i].strip() != "```console":
            i += 1
            continue
        start = i + 1
        prev = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
        m = MARKER.search(prev)
        commands: list[Command] = []
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            line = lines[i]
            if line.startswith("$ "):
                if line[2:].strip() == "echo $?" and commands:
                    i += 1
                    commands[-1].exit_code = int(lines[i].strip())
                else:
                    commands.append(Command(line[2:], i + 1))
            elif commands:
                commands[-1].expected.append(line)
            i += 1
        blocks.append(Block(path, start, commands, m.group(1) if m else None,
                            m.group(2) if m else ""))
        i += 1
    return blocks


def _matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` matches ``expected`` line by line, ``...`` matching any lines."""
    exp = [normalize(x) for x in expected]
    act = [normalize(x) for x in actual]
    if "..." not in exp:
        return exp == act
    parts: list[list[str]] = [[]]
    for x in exp:
        if x == "...":
            parts.append([])
        else:
            parts[-1].append(x)
    first, *middle, last = parts
    if act[:len(first)] != first or (last and act[len(act) - len(last):] != last):
        return False
    if len(first) + len(last) > len(act):
        return False
    pos, end = len(first), len(act) - len(last)
    for part in middle:
        while pos + len(part) <= end and act[pos:pos + len(part)] != part:
            pos += 1
        if pos + len(part) > end:
            return False
        pos += len(part)
    return True


def environment() -> dict[str, str]:
    """The environment the examples run in: this interpreter's ``cgsat`` first on PATH."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CGSAT_")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONUNBUFFERED"] = "1"  # stdout and stderr interleave as on a terminal
    env["COLUMNS"] = "100"
    return env


def run_block(block: Block, cwd: Path, timeout: float = 300) -> list[str]:
    """Run a block's commands in ``cwd``; one message per command whose output or exit
    code differs from the documented one (empty: the block is right)."""
    failures = []
    for cmd in block.commands:
        proc = subprocess.run(["bash", "-c", cmd.text], cwd=cwd, env=environment(),
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, timeout=timeout)
        actual = proc.stdout.splitlines()
        problems = []
        if proc.returncode != cmd.exit_code:
            problems.append(f"exit {proc.returncode}, documented {cmd.exit_code}")
        if not _matches(cmd.expected, actual):
            problems.append("output differs")
        if problems:
            failures.append(
                f"{_shown(block.path)}:{cmd.lineno}: $ {cmd.text}: "
                f"{'; '.join(problems)}\n--- documented\n" + "\n".join(cmd.expected)
                + "\n--- actual\n" + "\n".join(actual))
    return failures


def update(path: Path, cwd: Path) -> int:
    """Rewrite the documented output of every example of ``path`` that differs and has no
    ``...`` with what it prints now (review the diff before committing). Returns the
    number of commands rewritten."""
    lines = path.read_text(encoding="utf-8").splitlines()
    edits: list[tuple[int, int, list[str]]] = []
    for block in parse_blocks(path):
        if block.marker == "skip" or _unavailable(block):
            continue
        for cmd in block.commands:
            proc = subprocess.run(["bash", "-c", cmd.text], cwd=cwd, env=environment(),
                                  stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True, timeout=600)
            actual = proc.stdout.splitlines()
            if "..." in cmd.expected or _matches(cmd.expected, actual):
                continue
            edits.append((cmd.lineno, len(cmd.expected), actual))
    for lineno, count, actual in reversed(edits):
        lines[lineno:lineno + count] = actual
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(edits)


def _unavailable(block: Block) -> bool:
    """A ``needs:`` block whose program is not on PATH."""
    return block.marker == "needs" and shutil.which(block.reason.split()[0]) is None


if __name__ == "__main__":  # python tests/docs_examples.py --update docs/reference.md
    import tempfile

    if len(sys.argv) != 3 or sys.argv[1] != "--update":
        sys.exit("usage: python tests/docs_examples.py --update FILE.md")
    with tempfile.TemporaryDirectory() as tmp:
        print(update(Path(sys.argv[2]).resolve(), Path(tmp)), "commands rewritten")
