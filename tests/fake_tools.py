"""Test support: a fake ``mona`` program (shared by the MONA deciders' tests)."""

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
