"""Calls for the per-check memory tests (tests/engine/test_memory_per_check.py), importable
by name in forked workers (tests/ is on the path)."""

from __future__ import annotations

_KEPT: list[bytes] = []


def big(mb: int) -> int:
    """Allocate and keep ``mb`` MiB in this worker (as a cache an earlier check left)."""
    _KEPT.append(b"x" * (mb << 20))
    return len(_KEPT)


def tiny() -> int:
    """Allocate nothing worth counting."""
    return sum(range(100))
