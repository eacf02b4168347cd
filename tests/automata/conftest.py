"""Shared fixtures of the automata tests: MONA must be there in CI (``.ci/run`` installs it);
elsewhere its tests skip with a reason."""

from __future__ import annotations

import os

import pytest

from cgsat.automata import mona


@pytest.fixture
def need_mona() -> None:
    """Fail in CI, skip elsewhere, when ``mona`` is not installed."""
    if not mona.available():
        if os.environ.get("CI"):
            pytest.fail("mona is not installed: .ci/run must install it")
        pytest.skip("mona not installed")
