"""Toppling Dominoes (ruleset ``toppling``).

Rules (Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1)
--------------------------------------------------------------------
A row is a string over {L, R, E}: blue dominoes (Left's), red dominoes (Right's) and
grEen dominoes (either player's). On a turn, Left topples an ``L`` or ``E`` domino east or
west; it falls, together with every domino on that side of it in the row. Right does the
same with an ``R`` or ``E`` domino. Rows separated by spaces form a disjunctive sum.

So toppling the domino at index ``i`` of row ``w``

- west leaves ``w[i+1:]``;
- east leaves ``w[:i]``.

A position is a tuple of non-empty rows. The empty position is written ``()`` (``""`` and
``0`` are accepted too). Lower-case letters are accepted and printed in upper case.

Move text is the domino's index and the direction, ``3W`` or ``3E``. The index counts the
dominoes of the whole position from 0, left to right across the rows (spaces are not
counted), so in a single row it is the index in the string.

A row read backwards is the same game (the mirror image of the line of dominoes), so a row
and its reversal share one memo key.

Examples
--------
>>> from cgsat.cgt.partizan_values import canonical_form
>>> str(canonical_form(RULESET, parse("LRRLL")))
'{1|*}'
"""

from __future__ import annotations

from cgsat.errors import PositionError
from cgsat.games.base import Move, PartizanRuleset

__all__ = ["Position", "RULESET", "components", "format", "key", "left_options", "parse",
           "right_options", "size"]

Position = tuple[str, ...]


def parse(text: str) -> Position:
    """Parse a Toppling Dominoes position: rows over {L, R, E} separated by spaces.

    Raises
    ------
    PositionError
        Naming the offending letter.

    Examples
    --------
    >>> parse("LRRLL")
    ('LRRLL',)
    >>> parse("lr  EE")
    ('LR', 'EE')
    >>> parse("()")
    ()
    >>> parse("0")
    Traceback (most recent call last):
    ...
    cgsat.errors.PositionError: toppling: unknown letter '0' at index 0 of row '0' (use L, R, E)
    >>> parse("LRX")
    Traceback (most recent call last):
    ...
    cgsat.errors.PositionError: toppling: unknown letter 'X' at index 2 of row 'LRX' (use L, R, E)

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1 (positions).
    """
    stripped = text.strip()
    if stripped in ("", "()"):  # "0" is not a row: the empty position is "()"
        return ()
    rows = []
    for row in stripped.split():
        for i, c in enumerate(row):
            if c.upper() not in "LRE":
                raise PositionError(
                    f"toppling: unknown letter {c!r} at index {i} of row {row!r} "
                    "(use L, R, E)"
                )
        rows.append(row.upper())
    return tuple(rows)


def format(position: Position) -> str:  # noqa: A001 - the ruleset's printing function
    """Print a position: rows separated by one space; the empty position is ``()``.

    Examples
    --------
    >>> format(("LR", "E"))
    'LR E'

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1.
    """
    return " ".join(position) if position else "()"


def _options(position: Position, mine: str) -> list[Move]:
    result: list[Move] = []
    offset = 0
    for r, row in enumerate(position):
        before = position[:r]
        after = position[r + 1 :]
        for i, c in enumerate(row):
            if c in mine:
                west = row[i + 1 :]
                east = row[:i]
                result.append((f"{offset + i}W", before + ((west,) if west else ()) + after))
                result.append((f"{offset + i}E", before + ((east,) if east else ()) + after))
        offset += len(row)
    return result


def left_options(position: Position) -> list[Move]:
    """Left's moves: topple an ``L`` or ``E`` east or west.

    Examples
    --------
    >>> left_options(("LR",))
    [('0W', ('R',)), ('0E', ())]

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1 (the rules).
    """
    return _options(position, "LE")


def right_options(position: Position) -> list[Move]:
    """Right's moves: topple an ``R`` or ``E`` east or west.

    Examples
    --------
    >>> right_options(("LR",))
    [('1W', ()), ('1E', ('L',))]

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1 (the rules).
    """
    return _options(position, "RE")


def components(position: Position) -> list[Position]:
    return [(row,) for row in position]


def key(component: Position) -> str:
    """The memo key of a one-row component: the row or its reversal, whichever is smaller.

    Examples
    --------
    >>> key(("RLL",)), key(("LLR",))
    ('LLR', 'LLR')

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, proof of Corollary 17
    (a row equals its reversal).
    """
    (row,) = component
    rev = row[::-1]
    return rev if rev < row else row


def size(position: Position) -> int:
    return sum(len(row) for row in position)


RULESET = PartizanRuleset(
    name="toppling",
    parse=parse,
    format=format,
    left_options=left_options,
    right_options=right_options,
    components=components,
    key=key,
    size=size,
    exhaustive_limit=200,
)
