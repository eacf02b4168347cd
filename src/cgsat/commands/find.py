"""``cgsat find RULESET ...``: search a shape for positions with a given value.

The search itself lives in one backend per family; this module only routes:

- ``timber``, ``timber-path``, ``phyminoes``: :mod:`cgsat.commands.find_impartial`;
- ``green-cordon``: :mod:`cgsat.commands.find_cordon`;
- ``toppling``: :mod:`cgsat.commands.find_toppling`.
"""

from __future__ import annotations

import argparse

from cgsat.commands import find_cordon, find_impartial, find_toppling
from cgsat.errors import CgsatInputError
from cgsat.games import RULESET_NAMES


def run(args: argparse.Namespace) -> int:
    name = args.ruleset
    if name in ("timber", "timber-path", "phyminoes"):
        return find_impartial.run(args)
    if name == "green-cordon":
        return find_cordon.run(args)
    if name == "toppling":
        return find_toppling.run(args)
    if name in RULESET_NAMES:
        raise CgsatInputError(f"find does not support the {name} ruleset")
    raise CgsatInputError(
        f"unknown ruleset {name!r}; expected one of: {', '.join(RULESET_NAMES)}"
    )
