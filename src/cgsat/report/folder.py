"""The one check of an output folder (``--out DIR`` of ``cgsat report`` and ``cgsat probe``).

Every problem is bad input (:class:`~cgsat.errors.CgsatInputError`: one line, exit 2),
found before anything is computed or written: an empty path, ``-`` (a folder of files is
no standard output), a results store where an output file goes, a file where the folder
goes, a folder that cannot be created (its missing parents are created) or written.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from cgsat.engine.store import is_store_file
from cgsat.errors import CgsatInputError

__all__ = ["check_out_name", "prepare_out"]


def check_out_name(out_dir: str, what: str) -> None:
    """Refuse an empty ``out_dir`` and ``-``; ``what`` says what is written (``"the report
    is a directory of files"``). Touches nothing.

    Examples
    --------
    >>> check_out_name("report", "the report is a directory of files")
    >>> check_out_name("-", "a probe writes a directory of files")
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: --out -: a probe writes a directory of files, not \
standard output; give a directory
    """
    if not out_dir.strip():
        raise CgsatInputError("--out: the path is empty")
    if out_dir == "-":
        raise CgsatInputError(f"--out -: {what}, not standard output; give a directory")


def prepare_out(out_dir: str, what: str, files: Sequence[str] = ()) -> None:
    """Check ``out_dir`` (:func:`check_out_name`), refuse it where one of ``files`` (the
    names to be written in it) is a results store, create it with its parents, and check
    that it is writable."""
    check_out_name(out_dir, what)
    for name in files:
        if is_store_file(os.path.join(out_dir, name)):
            raise CgsatInputError(f"--out: {os.path.join(out_dir, name)!r} is a results "
                                  "store (SQLite); the report never overwrites one")
    if os.path.exists(out_dir) and not os.path.isdir(out_dir):
        raise CgsatInputError(f"--out: {out_dir!r} is a file, not a directory")
    try:
        os.makedirs(out_dir, exist_ok=True)
    except OSError as exc:
        raise CgsatInputError(f"--out: cannot create {out_dir!r} ({exc.strerror})") from None
    if not os.access(out_dir, os.W_OK):
        raise CgsatInputError(f"--out: {out_dir!r} is not writable")
