"""``cgsat probe NAME``: open-problem probes (data tables rather than verdicts)."""

from __future__ import annotations

import argparse

from cgsat.errors import CgsatInputError

PROBES: dict[str, str] = {}


def run(args: argparse.Namespace) -> int:
    available = ", ".join(sorted(PROBES)) or "none yet"
    raise CgsatInputError(f"unknown probe {args.name!r}; available probes: {available}")
