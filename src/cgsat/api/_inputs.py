"""Checks of the arguments the API shares with the CLI, with the CLI's messages."""

from __future__ import annotations

from typing import Any

from cgsat.errors import CgsatInputError


def whole_number(name: str, x: Any, least: int) -> int:
    """``x`` as a whole number at least ``least`` (0 or 1), else the CLI's message."""
    if isinstance(x, bool) or not isinstance(x, int):
        raise CgsatInputError(f"{name}: expected a whole number, got {x!r}")
    if x < least:
        raise CgsatInputError(f"{name}: a bound must be at least 0, got {x}" if least == 0
                              else f"{name}: expected a positive whole number, got {x}")
    return x


def controls_count(name: str, k: Any) -> int:
    """``k`` as a number of controls (at least 0), else the CLI's message."""
    if isinstance(k, bool) or not isinstance(k, int):
        raise CgsatInputError(f"{name}: expected a whole number, got {k!r}")
    if k < 0:
        raise CgsatInputError(f"{name}: the number of controls must be at least 0, got {k}")
    return k
