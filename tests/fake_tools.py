"""Test support: a fake ``mona`` program and an answer of MONA with progress lines (shared by
the MONA deciders' tests)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def fake_mona(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str) -> Path:
    """A ``mona`` script running ``body``, first on PATH (here and in child processes)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    script = bin_dir / "mona"
    script.write_text("#!/bin/sh\n" + body + "\n")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    return bin_dir


PROGRESS = ("MONA v1.4-18 for WS1S/WS2S\\n  Minimizing (7,9) -> (5,9)\\n"
            "12%% (99,1) -> \\rAutomaton has 3 states and 2 BDD-nodes\\n"
            "ANALYSIS\\nFormula is valid\\n")
"""MONA's answer with a progress line (text before a carriage return), as a ``printf``
format: its sizes are not counted (the largest automaton built is 7, not 99)."""

PROGRESS_SUMMARY = ("MONA v1.4-18 for WS1S/WS2S\nAutomaton has 3 states and 2 BDD-nodes\n"
                    "Largest automaton built: 7 states (mona -s)\nANALYSIS\nFormula is valid\n")
"""The summary of :data:`PROGRESS` written to a proof folder."""
