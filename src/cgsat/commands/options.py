"""What several commands read from their arguments: ``--memory-limit`` (checked while the
arguments are parsed), ``--claims FILE`` and the results store a message names.

:mod:`cgsat.cli` imports this module at start-up (for :func:`memory_limit`), so it
imports nothing heavier than :mod:`cgsat.engine.memory`; the rest is imported where used.
"""

from __future__ import annotations

import argparse
from typing import Any

from cgsat.engine.memory import parse_limit
from cgsat.errors import CgsatInputError

__all__ = ["memory_limit", "own_claims", "store_of"]


def memory_limit(text: str) -> str:
    """A ``--memory-limit`` value (``2G``, ``500M``, ``none``, ``auto``), checked here so that a bad
    one is a usage error (exit 2) before anything runs."""
    if text == "auto":
        return text
    try:
        parse_limit(text)
    except CgsatInputError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--memory-limit: ")) from None
    return text


def own_claims(args: argparse.Namespace) -> list[Any]:
    """The user's claims of ``--claims FILE`` (none without it), loaded here only after
    they loaded in a child process within the command's ``--timeout`` and
    ``--memory-limit`` (a check's defaults for ``list`` and ``report``;
    :func:`cgsat.user.trial.trial_load`)."""
    files = getattr(args, "claims_files", None) or []
    if not files:
        return []
    from cgsat.engine.memory import resolve_limit  # CLI start-up time: only with --claims
    from cgsat.user.load import load_claims  # CLI start-up time: only with --claims
    from cgsat.user.trial import trial_load  # CLI start-up time: only with --claims

    # issue 38: first in a child process, under the time and memory budget of a check
    memory = getattr(args, "memory_limit", "auto")
    trial_load(files, getattr(args, "timeout", None),
               resolve_limit(memory, getattr(args, "jobs", None)))
    return load_claims(files)


def store_of(args: argparse.Namespace) -> str:
    """The results store a command uses (for a message about it)."""
    from cgsat.engine.store import db_path  # CLI start-up time: only on a store error

    try:
        return db_path(getattr(args, "db", None))
    except CgsatInputError:
        return str(getattr(args, "db", None))
