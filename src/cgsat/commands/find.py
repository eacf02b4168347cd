"""``cgsat find RULESET ...``: search a shape for positions with a given value.

The search itself lives in one backend per family; this module only routes:

- ``timber``, ``timber-path``, ``phyminoes``: :mod:`cgsat.commands.find_impartial`;
- ``green-cordon``: :mod:`cgsat.commands.find_cordon`;
- ``toppling``: :mod:`cgsat.commands.find_toppling`.
"""

from __future__ import annotations

import argparse

from cgsat.errors import CgsatInputError
from cgsat.games import RULESET_NAMES


def run(args: argparse.Namespace) -> int:
    name = args.ruleset
    if name in ("timber", "timber-path", "phyminoes"):
        from cgsat.commands import find_impartial

        return find_impartial.run(args)
    if name == "green-cordon":
        from cgsat.commands import find_cordon

        return find_cordon.run(args)
    if name == "toppling":
        from cgsat.commands import find_toppling

        return find_toppling.run(args)
    if name in RULESET_NAMES:
        raise CgsatInputError(f"find does not support the {name} ruleset")
    raise CgsatInputError(
        f"unknown ruleset {name!r}; expected one of: {', '.join(RULESET_NAMES)}"
    )
