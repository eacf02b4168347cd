"""The probe model: what a probe is (*open problems* of the papers, computed size by size).

A probe is a record (:class:`Probe`), defined beside the claims it feeds in
``papers/<paper>/probes.py`` and registered in :mod:`cgsat.papers.registry`; the
engine (:mod:`cgsat.engine.probe`) computes, stores and fingerprints its sizes. Like
:mod:`cgsat.claims`, this module imports nothing of cgsat's layers but ``errors``, so the
papers can declare probes without importing the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cgsat.errors import CgsatInputError

__all__ = ["Probe", "Sizes", "TableRow"]

TableRow = dict[str, Any]
Sizes = dict[int, list[TableRow]]


@dataclass(frozen=True)
class Probe:
    """One probe: how to compute it size by size and how to show it.

    ``size(n)`` returns the rows of exactly size ``n``; ``table(sizes, up_to)`` the probe's
    table (rows with the keys ``columns``) from every size ``base..up_to``;
    ``summary(sizes, up_to)`` Markdown lines; ``plot(ax, sizes, up_to)`` draws the plot.
    ``extra(sizes, up_to)`` gives further data for the JSON file (e.g. a histogram).
    ``max_up_to`` is the largest ``--up-to`` accepted (None: no limit). ``rules`` names
    the claims that state the probe's candidate rules (checked past the data by
    ``cgsat check``; the report shows each with its bounds and any counterexample).
    """

    name: str
    source: str
    up_to: str
    default_up_to: int
    base: int
    size: Callable[[int], list[TableRow]]
    table: Callable[[Sizes, int], list[TableRow]]
    columns: tuple[str, ...]
    summary: Callable[[Sizes, int], list[str]]
    plot: Callable[[Any, Sizes, int], None] | None = None
    extra: Callable[[Sizes, int], dict[str, Any]] | None = None
    max_up_to: int | None = None
    notes: str = ""
    rules: tuple[str, ...] = ()

    @property
    def claim_id(self) -> str:
        return f"probe.{self.name}"

    def check_up_to(self, up_to: int | None) -> int:
        """``up_to`` (the default for None) if the probe accepts it, else bad input."""
        n = self.default_up_to if up_to is None else up_to
        if n < self.base:
            raise CgsatInputError(f"probe {self.name}: --up-to must be at least {self.base} "
                                  f"({self.up_to}), got {n}")
        if self.max_up_to is not None and n > self.max_up_to:
            raise CgsatInputError(f"probe {self.name}: --up-to must be at most "
                                  f"{self.max_up_to} ({self.up_to}), got {n}")
        return n
