"""Toppling Peaks: Timber played on a path (ruleset ``timber-path``).

Rules (Nowakowski et al., *The Game of timber!*, §2)
----------------------------------------------------
A position is a word over {L, R}: a row of dominoes, each of which can only be toppled in
its own direction. Toppling the domino at index ``i`` removes it and every domino on that
side of it:

- toppling an ``R`` at index ``i`` leaves ``w[:i]``;
- toppling an ``L`` at index ``i`` leaves ``w[i+1:]``.

A word is always a single component (the empty word is the empty position). The word read
backwards with L and R exchanged is the same path seen from the other end, so both share
one memo key.

Move text is the index and the direction: ``3R`` topples domino 3 (0-based) eastward.
"""

from __future__ import annotations

from cgsat.errors import PositionError
from cgsat.games.base import ImpartialRuleset, Move

__all__ = ["RULESET", "components", "format", "key", "options", "parse", "size"]

_MIRROR = str.maketrans("LR", "RL")


def parse(text: str) -> str:
    """Parse a Toppling Peaks word.

    Examples
    --------
    >>> parse("LLRR")
    'LLRR'
    >>> parse("")
    ''
    """
    word = text.strip().upper()
    if word in ("", "()", "EMPTY"):  # "0" is not a word: the empty word is "()"
        return ""
    for i, c in enumerate(word):
        if c not in "LR":
            raise PositionError(
                f"timber-path: unknown letter {text.strip()[i]!r} at index {i} "
                "(a word uses only L and R)"
            )
    return word


def format(word: str) -> str:  # noqa: A001 - the ruleset's printing function
    """Print a word; the empty word prints as ``()`` so that it survives a round trip."""
    return word if word else "()"


def options(word: str) -> list[Move]:
    """List the options of a word.

    Examples
    --------
    >>> options("LR")
    [('0L', 'R'), ('1R', 'L')]
    """
    result: list[Move] = []
    for i, c in enumerate(word):
        if c == "L":
            result.append((f"{i}L", word[i + 1 :]))
        else:
            result.append((f"{i}R", word[:i]))
    return result


def components(word: str) -> list[str]:
    return [word] if word else []


def key(word: str) -> str:
    """The memo key: the word or its mirror image, whichever is smaller."""
    mirror = word[::-1].translate(_MIRROR)
    return min(word, mirror)


def size(word: str) -> int:
    return len(word)


RULESET = ImpartialRuleset(
    name="timber-path",
    parse=parse,
    format=format,
    options=options,
    components=components,
    key=key,
    size=size,
    exhaustive_limit=3000,
)
