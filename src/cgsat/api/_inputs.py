"""Checks of the arguments the API shares with the CLI, with the CLI's messages."""

from __future__ import annotations

import re
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


MAX_NUMBER_DIGITS = 100
"""The most digits of one number in a position, a shape or a value (a vertex name, a
height, a nimber): every game cgsat can solve is far smaller, and Python itself reads no
integer of more than 4,300 digits."""

_DIGITS = re.compile(r"[0-9]+")


def check_text(name: str, text: str) -> str:
    """``text`` (a position, shape or value a user typed) if its numbers are plain: digits
    0-9 only (a full-width ``３`` or another script's digit is not read as 3) and at most
    :data:`MAX_NUMBER_DIGITS` digits each; else :class:`CgsatInputError` naming where.

    Examples
    --------
    >>> check_text("timber", "0>1 1>2")
    '0>1 1>2'
    >>> check_text("green-cordon", "\\uff17:2")
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: green-cordon: '７' at index 0: write numbers in digits 0-9
    >>> check_text("--value", "*" + "9" * 101)
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: --value: a number of 101 digits at index 1 (at most 100)
    """
    for i, ch in enumerate(text):
        if not ch.isascii() and (ch.isdigit() or ch.isnumeric()):
            raise CgsatInputError(f"{name}: {ch!r} at index {i}: write numbers in digits 0-9")
    for m in _DIGITS.finditer(text):
        if len(m.group()) > MAX_NUMBER_DIGITS:
            raise CgsatInputError(f"{name}: a number of {len(m.group())} digits at index "
                                  f"{m.start()} (at most {MAX_NUMBER_DIGITS})")
    return text
