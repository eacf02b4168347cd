"""Input a command reads, bounded before it is read whole (issue 38, items 1 and 11).

- :func:`read_lines`: the lines of ``cgsat value RULESET -``, read in pieces of at most the
  ruleset's line limit (:data:`LINE_LIMITS`): a longer line is refused as soon as the
  limit is passed and its rest skipped in bounded pieces, and a stream without a line end
  (``< /dev/zero``) stops the reading after :data:`SKIP_LIMIT` characters, in bounded
  memory and time.
- :func:`check_position`: the same limit for a position given as an argument.
- :func:`check_streams`: a closed standard input or output is bad usage (one line, exit 2),
  not an internal error.
- :func:`regular_file`: a results store or a claims file that is a FIFO, a device or a
  socket is refused before it is opened (opening a FIFO blocks until a writer comes).

This module is part of the command line (not of any method's fingerprint).
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from collections.abc import Iterator
from typing import TextIO

from cgsat.errors import CgsatInputError

__all__ = ["LINE_LIMITS", "SKIP_LIMIT", "check_args", "check_position", "check_streams",
           "line_limit", "read_lines", "regular_file"]

LINE_LIMITS: dict[str, int] = {
    "toppling": 1_000,
    "timber-path": 4_000,
    "timber": 20_000,
    "phyminoes": 20_000,
    "thickets": 20_000,
    "lumberjack": 1_000_000,
    "green-cordon": 1_000_000,
}
"""The most characters of one position (a line of ``value -``, or the argument), per
ruleset. Each is above the longest position the ruleset can solve, written plainly:

- toppling: 200 dominoes (its exhaustive limit), as rows separated by spaces, at most
  399 characters;
- timber-path: 3,000 letters;
- timber, phyminoes (40 arcs) and thickets (24 arcs): arcs ``x>y`` whose vertices have at
  most 100 digits each, about 8,200 characters;
- lumberjack: 20,000 edges ``u-v`` (its parsing limit; the Tuft principle solves them);
- green-cordon: a height up to 100,000 with its leaves ``N:A1,A2,...`` (the route of the
  all-n proofs), under 700,000 characters.
"""

_DEFAULT_LIMIT = 20_000


def line_limit(ruleset: str) -> int:
    """The most characters of one position of ``ruleset`` (:data:`LINE_LIMITS`).

    Examples
    --------
    >>> line_limit("toppling"), line_limit("timber-path")
    (1000, 4000)
    """
    return LINE_LIMITS.get(ruleset, _DEFAULT_LIMIT)


def _too_long(ruleset: str, limit: int) -> str:
    return (f"{ruleset}: a position of more than {limit:,} characters (the most a "
            f"{ruleset} position may have; docs/reference.md)")


def check_position(ruleset: str, text: str) -> str:
    """``text`` if it is within the ruleset's line limit, else :class:`CgsatInputError`.

    Examples
    --------
    >>> check_position("toppling", "LRL")
    'LRL'
    >>> try:
    ...     check_position("toppling", "L" * 1001)
    ... except CgsatInputError as exc:
    ...     print(exc)  # doctest: +NORMALIZE_WHITESPACE
    toppling: a position of more than 1,000 characters (the most a toppling position may
    have; docs/reference.md)
    """
    limit = line_limit(ruleset)
    if len(text) > limit:
        raise CgsatInputError(_too_long(ruleset, limit))
    return text


SKIP_LIMIT = 10_000_000
"""The most characters of an over-long line that are skipped, in pieces, to find its end
(and go on with the next line); a line with no end within them stops the reading."""
_PIECE = 65_536


def read_lines(stream: TextIO, ruleset: str) -> Iterator[tuple[int, str, str | None]]:
    """``(line number, line, problem)`` for each line of ``stream``: each line is read in
    one piece of at most the ruleset's line limit (plus its line end), so its memory is
    bounded whatever the input.

    A line longer than that is refused as soon as the limit is passed: its rest is skipped
    in pieces of 64 K characters, and it comes back with ``line`` empty and ``problem`` the
    message to print; the next lines are read as before. A line with no end within
    :data:`SKIP_LIMIT` characters (``< /dev/zero``) stops the reading there with
    :class:`CgsatInputError` naming the line.

    Examples
    --------
    >>> import io
    >>> list(read_lines(io.StringIO("LR\\nRL"), "toppling"))
    [(1, 'LR\\n', None), (2, 'RL', None)]
    >>> text = "L" * 5000 + "\\nLR"
    >>> [(n, p[-12:]) for n, _, p in read_lines(io.StringIO(text), "toppling") if p]
    [(1, 'line skipped')]
    >>> try:
    ...     list(read_lines(io.StringIO("L" * (SKIP_LIMIT + 2000)), "toppling"))
    ... except CgsatInputError as exc:
    ...     print(str(exc)[-57:])
    no line end within 10,000,000 characters: stopped reading
    """
    limit = line_limit(ruleset)
    lineno = 0
    while True:
        line = stream.readline(limit + 2)  # the limit, a "\r" and a "\n"
        if not line:
            return
        lineno += 1
        if len(line.rstrip("\r\n")) <= limit:
            yield lineno, line, None
            continue
        message = f"line {lineno}: {_too_long(ruleset, limit)}"
        skipped = len(line)
        while not line.endswith("\n"):
            line = stream.readline(_PIECE)
            skipped += len(line)
            if not line:
                break  # the end of the input ends the line
            if skipped > SKIP_LIMIT and not line.endswith("\n"):
                raise CgsatInputError(f"{message}; no line end within {SKIP_LIMIT:,} "
                                      "characters: stopped reading")
        yield lineno, "", f"{message}; line skipped"


def check_streams(args: argparse.Namespace) -> None:
    """Refuse a run whose standard output is closed (``>&-``), or ``value -`` whose standard
    input is closed (``<&-``): one line on stderr and exit 2, before anything runs.

    Python sets ``sys.stdout`` (``sys.stdin``) to None when file descriptor 1 (0) is closed
    at start-up. ``export-cnf --out FILE`` writes its output to the file and is let through
    (its few words on standard output then go to /dev/null).
    """
    if sys.stdout is None:
        if (getattr(args, "command", None) == "export-cnf"
                and getattr(args, "out", None) not in (None, "-")):
            sys.stdout = open(os.devnull, "w")
        else:
            raise CgsatInputError("standard output is closed (file descriptor 1); give "
                                  "cgsat somewhere to write, e.g. > FILE")
    if (getattr(args, "command", None) == "value" and getattr(args, "position", None) == "-"
            and sys.stdin is None):
        raise CgsatInputError("standard input is closed (file descriptor 0): value - reads "
                              "positions from it; give them on stdin or as an argument")


def regular_file(path: str, what: str) -> None:
    """Refuse ``path`` if it exists and is not a regular file (a FIFO, a device, a socket,
    a folder): opening a FIFO would wait for a writer without end, and reading a device such
    as /dev/zero would never end. A missing file is left to the caller.

    Examples
    --------
    >>> regular_file("/dev/null", "--db")
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: --db /dev/null: a character device, not a regular file
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return
    if stat.S_ISREG(mode):
        return
    kind = ("a FIFO (named pipe)" if stat.S_ISFIFO(mode) else
            "a character device" if stat.S_ISCHR(mode) else
            "a block device" if stat.S_ISBLK(mode) else
            "a socket" if stat.S_ISSOCK(mode) else
            "a folder" if stat.S_ISDIR(mode) else "a special file")
    raise CgsatInputError(f"{what} {path}: {kind}, not a regular file")


def check_args(args: argparse.Namespace) -> None:
    """Every check of this module that needs only the parsed arguments, run by
    :mod:`cgsat.cli` before a command starts: the standard streams (:func:`check_streams`),
    and ``--db`` and each ``--claims`` file (:func:`regular_file`)."""
    check_streams(args)
    if hasattr(args, "db"):
        db = args.db or os.environ.get("CGSAT_DB")
        if isinstance(db, str) and db != ":memory:" and not os.path.isdir(db):
            regular_file(db, "--db")  # a folder: the store's own message
    for path in getattr(args, "claims_files", None) or []:
        if isinstance(path, str) and not os.path.isdir(path):  # a folder: load's own message
            regular_file(path, "--claims")
