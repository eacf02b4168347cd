"""``cgsat report [--db PATH] [--out DIR] [--format html|latex] [--claims FILE]``: the
verified-bounds report of a results store (docs/reference.md), written by
:func:`cgsat.report.write_report`; the store is opened read-only."""

from __future__ import annotations

import argparse
import os

from cgsat.commands.options import own_claims
from cgsat.engine.store import Store, db_path
from cgsat.errors import CgsatInputError
from cgsat.report import REPORT_FILES, write_report
from cgsat.report.folder import check_out_name

__all__ = ["run"]


def run(args: argparse.Namespace) -> int:
    """Write the report; print the paths written; exit 0."""
    check_out_name(args.out, REPORT_FILES)  # before the store: --out - is no store error
    path = db_path(args.db)
    if not os.path.exists(path):
        raise CgsatInputError(f"no results store at {path!r}; run `cgsat check` first")
    own = own_claims(args)
    with Store(path, readonly=True) as store:  # a report never writes the store
        written = write_report(store, args.out, args.format, own)
    for f in written:
        print(f)
    return 0
