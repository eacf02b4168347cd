"""docs/contributing.md runs as a doctest: its worked example (a new claim of an existing
family, a kit record) checks as it says (issue 34)."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "contributing.md"


def test_the_worked_example_runs() -> None:
    result = doctest.testfile(str(DOC), module_relative=False,
                              optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 5
    assert result.failed == 0


def test_the_example_record_fits_in_fifteen_lines() -> None:
    text = DOC.read_text(encoding="utf-8")
    block = text.split("```python\n", 1)[1].split("```", 1)[0]
    assert len(block.strip().splitlines()) <= 15
