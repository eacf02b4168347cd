"""A wall-clock limit on building a canonical form from user input.

The parser's limits (:mod:`cgsat.cgt.notation`) bound the text, but not the work of
canonicalizing what it says: ``v*460`` is 5 characters, within every limit, and its
canonical form (a sum of ``v`` and a nimber with 460 options) takes minutes. The engine's
:class:`~cgsat.cgt.canonical.budget` counts new games and memoized comparisons, not the
dominance sweeps that take that time, so a clock is the limit that covers every input.

The timer raises in whatever the engine is doing. The one place where that could leave the
intern tables inconsistent is the middle of :func:`cgsat.cgt.canonical._new_game` (a game
entered in the hash table but not yet in the list of games) or of ``_put``; there the
alarm is put off by a millisecond. Every other cache is written after its value is
complete, so a computation that is cut off stores nothing wrong.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

from cgsat.cgt import canonical
from cgsat.errors import CgsatInputError

VALUE_SECONDS = 10.0
"""How long building a ``--value`` from its text may take (the command then still has
to answer within the 20 s that bad input may take)."""

_UNSAFE = frozenset({canonical._new_game.__code__, canonical._put.__code__})


class _Expired(Exception):
    """The clock of :func:`deadline` ran out."""


def _handler(signum: int, frame: FrameType | None) -> None:
    f = frame
    while f is not None:
        if f.f_code in _UNSAFE:
            signal.setitimer(signal.ITIMER_REAL, 0.001)
            return
        f = f.f_back
    raise _Expired


@contextmanager
def deadline(seconds: float, message: str) -> Iterator[None]:
    """Raise :class:`CgsatInputError` with ``message`` if the block runs past ``seconds``.

    Only on the main thread of a POSIX process (elsewhere the block runs without a
    clock: signals cannot be delivered there).

    Examples
    --------
    >>> from cgsat.cgt.notation import parse
    >>> with deadline(5, "too slow"):
    ...     str(parse("^*2"))
    '^*2'
    """
    if (not hasattr(signal, "setitimer")
            or threading.current_thread() is not threading.main_thread()):
        yield
        return
    old = signal.signal(signal.SIGALRM, _handler)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except _Expired:
        raise CgsatInputError(message) from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
