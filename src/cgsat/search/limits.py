"""The limits of ``cgsat find`` (docs/reference.md; issue 13 item 5): each checked before
anything is built, an input error (exit 2) beyond it, so that no search runs for hours or
takes gigabytes.

- Toppling Dominoes: ``--length`` at most :data:`MAX_LENGTH`, ``--max-length`` at most
  :data:`MAX_MAX_LENGTH`; a ``--value`` born after day N (the largest length) matches no
  row, since every move removes at least one domino, so a row of N dominoes has a game
  tree of depth at most N and its canonical form a birthday at most N; and the work
  ``N**3 * size(value)`` (the difference encoding holds a pair of variables per subrow
  and follower of the value, with clauses per option) at most :data:`MAX_WORK`.
- Toppling Peaks (``timber-path``): :data:`MAX_PATH_LENGTH`, :data:`MAX_PATH_MAX_LENGTH`.
- Timber, Phyminoes, Toppling Peaks with ``--count``/``--all``: at most
  :data:`MAX_COUNT_SIZE` edges (letters).
- Green cordons: ``--height`` at most :data:`MAX_HEIGHT`.
- Timber ``--count`` of P or N on a tree shape (the tree programme,
  :mod:`cgsat.search.tree_counts`): at most :data:`MAX_TREE_EDGES` edges.
"""

from __future__ import annotations

from typing import Any

from cgsat.errors import CgsatInputError

__all__ = [
    "MAX_LENGTH",
    "MAX_MAX_LENGTH",
    "MAX_WORK",
    "MAX_PATH_LENGTH",
    "MAX_PATH_MAX_LENGTH",
    "MAX_COUNT_SIZE",
    "MAX_HEIGHT",
    "MAX_TREE_EDGES",
    "at_most",
    "game_size",
    "check_toppling_value",
]

MAX_LENGTH = 60
"""Largest toppling ``--length``: a length-60 row against 0 takes about 10 s and 230 MB (memory
grows as N**3)."""
MAX_MAX_LENGTH = 30
"""Largest toppling ``--max-length`` (every length 1..N is searched in turn)."""
MAX_WORK = 4_000_000
"""Largest ``N**3 * size(value)``, ``size`` the value's distinct followers plus their
options: about 120 to 180 bytes each (``--length 60 --value 50``, 2.2e7, took 2.6 GB;
``--length 60 --value 8``, 3.7e6, 12 s and 680 MB)."""
MAX_PATH_LENGTH = 50
"""Largest ``timber-path --length``: length 50 with ``--value *3`` took 21 s and 620 MB
(80: over 60 s and 3 GB)."""
MAX_PATH_MAX_LENGTH = 30
"""Largest ``timber-path --max-length`` (lengths 1..N in turn)."""
MAX_COUNT_SIZE = 20
"""Largest shape (edges of ``--shape``, or the path's length) for ``--count`` and ``--all``:
the exact count of a 20-edge path's P-positions (16,796) takes about 20 s, a 24-letter
path's 50 s, a 30-edge path's (9,694,845) 4 to 6 minutes. ``--shape`` is bounded in every
mode by the encoding's follower limit and the replay's exhaustive-play limit."""
MAX_HEIGHT = 200
"""Largest green-cordon ``--height``: nim-values 0 and * are found by proving Theorems
3.2/3.3 at every height up to N first. Measured with ``--value 0 --count`` on 2 cores
shared with other CPU-bound work (load about 4): height 60 took 10 s, 80 33 s, 120 35 s
(``*``: 74 s), 200 330 s, all under 70 MB. The time grows about as N^3, so height 400
would take about an hour: the limit leaves a margin of 10 under that, and memory is no
concern. Other values and misère play are limited to height
:data:`~cgsat.search.green_cordon.EXPLICIT_LIMIT` by their route."""

MAX_TREE_EDGES = 1000
"""Largest tree (in edges) the tree programme counts: measured on 2 shared cores, 1,000
edges took 0.8 s on a path (its states grow with the length: the worst shape measured),
0.36 s on a spider of three legs, 0.06 s on a random tree; the controls add under a
second."""


def at_most(what: str, got: int, limit: int) -> None:
    """An input error if ``got > limit``.

    Examples
    --------
    >>> at_most("--height", 201, MAX_HEIGHT)
    Traceback (most recent call last):
    ...
    cgsat.errors.CgsatInputError: --height is at most 200, got 201 (see docs/reference.md)
    """
    if got > limit:
        raise CgsatInputError(f"{what} is at most {limit}, got {got} (see docs/reference.md)")


def game_size(g: Any) -> int:
    """Distinct followers of a canonical game (itself included) plus their option edges.

    Examples
    --------
    >>> from cgsat.cgt.notation import parse
    >>> game_size(parse("0")), game_size(parse("2")), game_size(parse("*2"))
    (1, 5, 9)
    """
    seen = {id(g)}
    todo = [g]
    size = 0
    while todo:
        h = todo.pop()
        opts = h.left + h.right
        size += 1 + len(opts)
        for o in opts:
            if id(o) not in seen:
                seen.add(id(o))
                todo.append(o)
    return size


def check_toppling_value(largest: int, value: Any) -> None:
    """Raise :class:`CgsatInputError` if the canonical ``value`` is born after day
    ``largest`` (the largest length searched) or the work is above :data:`MAX_WORK`."""
    born = value.birthday()
    if born > largest:
        raise CgsatInputError(
            f"--value {value} is born on day {born}, but a row of at most {largest} "
            f"domino{'es' if largest != 1 else ''} is born by day {largest} (each move "
            "removes a domino): no row matches")
    work = max(largest, 1) ** 3 * game_size(value)
    if work > MAX_WORK:
        raise CgsatInputError(
            f"--value {value} against rows of {largest} dominoes is too large a search "
            f"(length^3 x value size = {work} > {MAX_WORK}); use a shorter length")
