"""CI runs what README.md says: the quick suite, then the slow sweeps as a separate step."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUICK = 'python -m pytest -m "not slow" -n 2'
SLOW = "python -m pytest -m slow -n 2"


def _commands(text: str) -> list[str]:
    """The non-comment lines of a shell script."""
    lines = (ln.strip() for ln in text.splitlines())
    return [ln for ln in lines if ln and not ln.startswith("#")]


def test_ci_runs_the_quick_suite_then_the_slow_step():
    script = (ROOT / ".ci" / "run").read_text()
    lines = _commands(script)
    assert "set -euo pipefail" in lines  # any failing step fails CI
    slow = [i for i, ln in enumerate(lines) if ln == f"timeout 1800 {SLOW}"]
    assert QUICK in lines and slow, "the slow step (with its 30-minute limit) is missing"
    assert lines.index(QUICK) < slow[0]


def test_ci_type_checks_every_package_before_the_tests():
    """mypy runs after the install (the test extra brings it and the stubs), over the
    whole package, and before the suite; ruff too."""
    import tomllib

    lines = _commands((ROOT / ".ci" / "run").read_text())
    install = lines.index('pip install ".[test]"')
    assert install < lines.index("python -m mypy") < lines.index(QUICK)
    assert install < lines.index("python -m ruff check .") < lines.index(QUICK)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert any(d.startswith("mypy") for d in project["project"]["optional-dependencies"]["test"])
    mypy = project["tool"]["mypy"]
    assert mypy["files"] == ["src/cgsat"]  # every package, none left out
    assert "exclude" not in mypy
    assert not any(o.get("ignore_errors") for o in mypy.get("overrides", []))


IGNORE = re.compile(r"#\s*type:\s*ignore(?P<rest>.*)$")
JUSTIFIED = re.compile(r"\[[a-z, -]+\]  # \S")  # the codes, then the reason


def test_every_type_ignore_names_its_codes_and_a_reason():
    bare = [f"{p.relative_to(ROOT)}:{n}" for p in sorted((ROOT / "src").rglob("*.py"))
            for n, line in enumerate(p.read_text().splitlines(), 1)
            if (m := IGNORE.search(line)) and not JUSTIFIED.match(m["rest"])]
    assert not bare, bare
    assert JUSTIFIED.match(IGNORE.search("x  # type: ignore[misc]  # why")["rest"])
    assert not JUSTIFIED.match(IGNORE.search("x  # type: ignore[misc]")["rest"])
    assert not JUSTIFIED.match(IGNORE.search("x  # type: ignore")["rest"])


def test_readme_shows_both_commands_as_ci_runs_them():
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```bash\n(.*?)```", readme, flags=re.S)
    assert any(b.strip().endswith(QUICK) and 'pip install ".[test]"' in b for b in blocks)
    assert any(b.strip() == SLOW for b in blocks)


def test_ci_installs_slurm_and_starts_it_before_the_slow_step():
    """Issue 27 item 4: the slow step's Slurm tests run in CI; without slurm-wlm and munge
    CI fails (it does not skip them), and the node is up before the slow step."""
    lines = _commands((ROOT / ".ci" / "run").read_text())
    install = [i for i, ln in enumerate(lines) if "apt-get install" in ln and "slurm-wlm" in ln]
    fail = [i for i, ln in enumerate(lines) if "slurm-wlm and munge could not" in ln
            and "exit 1" in ln]
    up = [i for i, ln in enumerate(lines) if ".ci/slurm-up.sh" in ln]
    slow = lines.index(f"timeout 1800 {SLOW}")
    assert install and fail and up, "CI must install Slurm and start it"
    assert install[0] < fail[0] < up[0] < slow
    assert (ROOT / ".ci" / "slurm-up.sh").stat().st_mode & 0o111  # executable
