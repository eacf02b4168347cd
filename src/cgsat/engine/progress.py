"""What a long ``cgsat check`` shows on stderr while it runs.

- a *plan* at the start: each (claim, method) with the sizes to run and those reused from
  the store, the number of workers and the timeout per size;
- while it runs, on a terminal, a bar whose text names the checks in progress (claim, n,
  method) with the time elapsed and the checks done, and no time estimate (the sizes of one
  claim differ by orders of magnitude, so an estimate from the mean would jump);
- without a terminal (output redirected, a log file), one line per finished size:
  ``[12/40 3m05s] toppling.conj22 n=24 sat: holds 35.2s``, when stdout does not already
  print one (``check --json`` prints its results at the end).

The closing summary (verified to where, what stopped short) is the command's
(:mod:`cgsat.commands.check`).
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, TextIO

from cgsat.claims import ALL_N

if TYPE_CHECKING:
    from tqdm import tqdm

if TYPE_CHECKING:
    from tqdm import tqdm

__all__ = ["Progress"]


def _clock(seconds: float) -> str:
    """``75.2`` -> ``'1m15s'``.

    Examples
    --------
    >>> _clock(5.2), _clock(75.2), _clock(3725)
    ('5s', '1m15s', '1h02m05s')
    """
    s = int(seconds)
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m{s % 60:02d}s"


def _ranges(ns: Sequence[int]) -> str:
    """Sizes as ranges: ``[1, 2, 3, 5]`` -> ``'1..3,5'``.

    Examples
    --------
    >>> _ranges([1, 2, 3, 5, 7, 8]), _ranges([])
    ('1..3,5,7..8', '-')
    """
    if not ns:
        return "-"
    parts = []
    start = prev = ns[0]
    for n in list(ns[1:]) + [None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        parts.append(str(start) if start == prev else f"{start}..{prev}")
        if n is not None:
            start = prev = n
    return ",".join(parts)


class Progress:
    """Progress of one run on ``stream`` (stderr): a bar on a terminal, lines otherwise.

    Parameters
    ----------
    stream : text stream
    bar : bool
        Draw a bar (a terminal).
    lines : bool
        Without a bar, print one line per finished size.

    Examples
    --------
    >>> import io
    >>> out = io.StringIO()
    >>> p = Progress(out, bar=False, lines=True)
    >>> p.plan([("toppling.conj22", "sat", [23, 24], [1, 2])], workers=2, timeout=60.0)
    >>> p.finished("toppling.conj22", 23, "sat", "holds", 1.5, None)
    >>> print(out.getvalue().replace(f"[1/2 {p.elapsed()}]", "[1/2 T]"), end="")
    cgsat: plan: 2 checks to run, 2 reused from the store; 2 workers, timeout 60 s per size
    cgsat:   toppling.conj22 sat: run n=23..24; reused n=1..2
    cgsat: [1/2 T] toppling.conj22 n=23 sat: holds 1.50s
    """

    def __init__(self, stream: TextIO | None = None, bar: bool = False, lines: bool = True):
        self.stream = stream if stream is not None else sys.stderr
        self.use_bar = bar
        self.lines = lines
        self.total = 0
        self.done = 0
        self.start = time.monotonic()
        self.running: list[str] = []
        self._bar: tqdm | None = None

    def elapsed(self) -> str:
        return _clock(time.monotonic() - self.start)

    def plan(self, lanes: Sequence[tuple[str, str, Sequence[int], Sequence[int]]],
             workers: int, timeout: float | None) -> None:
        """Print the plan. ``lanes``: (claim, method, sizes to run, sizes reused)."""
        self.total = sum(len(run) for _, _, run, _ in lanes)
        reused = sum(len(old) for _, _, _, old in lanes)
        limit = "no timeout" if timeout is None else f"timeout {timeout:g} s per size"
        w = f"{workers} worker{'s' if workers != 1 else ''}"
        self.stream.write(f"cgsat: plan: {self.total} check{'s' if self.total != 1 else ''} "
                          f"to run, {reused} reused from the store; {w}, {limit}\n")
        for claim, method, run, old in lanes:
            parts = []
            if run:
                from cgsat.engine.runner import own_timeout  # the runner imports this module

                once = "run once, for every n"
                if timeout is not None:  # an all-n method's own budget
                    once += f" (deciders in turn; timeout {own_timeout(timeout, ALL_N):g} s)"
                parts.append(once if list(run) == [-1] else f"run n={_ranges(list(run))}")
            if old:
                parts.append("reused (every n)" if list(old) == [-1]
                             else f"reused n={_ranges(list(old))}")
            self.stream.write(f"cgsat:   {claim} {method}: {'; '.join(parts) or 'nothing'}\n")
        self.stream.flush()
        if self.use_bar and self.total:
            from tqdm import tqdm  # ~70 ms, needed only for the bar on a terminal

            self._bar = tqdm(total=self.total, file=self.stream, leave=False,
                             bar_format="{n_fmt}/{total_fmt} {elapsed} {desc}")

    def working_on(self, checks: Sequence[tuple[str, int, str]]) -> None:
        """The checks in progress now: (claim, n, method)."""
        self.running = [f"{c} n={n} {m}" for c, n, m in checks]
        if self._bar is not None:
            self._bar.set_description_str("running " + "; ".join(self.running)
                                           if self.running else "")

    def finished(self, claim: str, n: int, method: str, status: str,
                 seconds: float | None, reason: str | None) -> None:
        """One size finished (not counting results reused from the store)."""
        self.done += 1
        if self._bar is not None:
            self._bar.update(1)
            return
        if not self.lines:
            return
        secs = "" if seconds is None else f" {seconds:.2f}s"
        why = f" ({reason})" if reason and status != "holds" else ""
        self.stream.write(f"cgsat: [{self.done}/{self.total} {self.elapsed()}] {claim} n={n} "
                          f"{method}: {status}{secs}{why}\n")
        self.stream.flush()

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        """Write to stdout inside this without breaking the bar."""
        if self._bar is not None:
            with self._bar.external_write_mode(file=sys.stdout):
                yield
        else:
            yield

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
