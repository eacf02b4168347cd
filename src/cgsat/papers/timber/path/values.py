"""Probe ``timber-path-values``: nim-values of Toppling Peaks words (Problem 4.1).

For each length n: how many words have each nim-value, among all 2^n words and among the
words of height range at most h = 1, 2, 3 (:mod:`~cgsat.papers.timber.path.heights`),
with the words attaining the largest value (at most three shown). Nim-values by the numpy
tables of :mod:`cgsat.cgt.peaks_wide` (plain exhaustive play, to length 26).

One table row per (family, length, nim-value): ``family`` (``all``, ``h<=1``, ``h<=2``,
``h<=3``), ``length``, ``nim``, ``count``, ``is_max`` and ``words`` (up to three words with
that value, for the largest value only).

References
----------
.. [1] Nowakowski et al., *The Game of timber!*, §4, Problem 4.1.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cgsat.cgt import peaks_wide
from cgsat.papers.timber.path.heights import RULES
from cgsat.probes import Probe, Sizes, TableRow

__all__ = ["FAMILIES", "COLUMNS", "size", "table", "summary", "plot", "PATH_VALUES"]

FAMILIES = ("all", "h<=1", "h<=2", "h<=3")
COLUMNS = ("family", "length", "nim", "count", "is_max", "words")


def _word(code: int, n: int) -> str:
    """The word of length n with this code (bit i set: letter i is R)."""
    return "".join("R" if code >> i & 1 else "L" for i in range(n))


def _ranges(n: int) -> np.ndarray:
    """Height range of every word of length n, by code (bit i set: letter i is R)."""
    codes = np.arange(1 << n, dtype=np.uint32)
    x = np.zeros(1 << n, dtype=np.int8)
    lo, hi = x.copy(), x.copy()
    for i in range(n):
        x += (1 - 2 * ((codes >> np.uint32(i)) & np.uint32(1))).astype(np.int8)
        np.minimum(lo, x, out=lo)
        np.maximum(hi, x, out=hi)
    return hi - lo


def size(n: int) -> list[TableRow]:
    """The rows of length n.

    Examples
    --------
    >>> [(r["family"], r["nim"], r["count"]) for r in size(2)]  # doctest: +NORMALIZE_WHITESPACE
    [('all', 0, 1), ('all', 1, 1), ('all', 2, 2), ('h<=1', 0, 1), ('h<=1', 1, 1),
     ('h<=2', 0, 1), ('h<=2', 1, 1), ('h<=2', 2, 2), ('h<=3', 0, 1), ('h<=3', 1, 1),
     ('h<=3', 2, 2)]

    References
    ----------
    *The Game of timber!*, §4, Problem 4.1.
    """
    values = peaks_wide.nim_value_table(n)
    ranges = _ranges(n)
    rows: list[TableRow] = []
    for family in FAMILIES:
        sel = values if family == "all" else values[ranges <= int(family[-1])]
        codes = None if family == "all" else np.flatnonzero(ranges <= int(family[-1]))
        counts = np.bincount(sel)
        top = int(sel.max())
        for v, c in enumerate(counts):
            if not c:
                continue
            words: list[str] = []
            if v == top:
                hits = np.flatnonzero(sel == v)[:3]
                words = [_word(int(codes[i]) if codes is not None else int(i), n)
                         for i in hits]
            rows.append({"family": family, "length": n, "nim": v, "count": int(c),
                         "is_max": v == top, "words": " ".join(words) or ("()" if v == top
                                                                        else "")})
    return rows


def table(sizes: Sizes, up_to: int) -> list[TableRow]:
    """Every row, by length.

    References
    ----------
    *The Game of timber!*, §4, Problem 4.1.
    """
    return [r for n in range(0, up_to + 1) for r in sizes[n]]


def summary(sizes: Sizes, up_to: int) -> list[str]:
    """Markdown lines: per family and length the number of words, of P-positions, the
    largest value and its words; the registered rules.

    References
    ----------
    *The Game of timber!*, §4, Problem 4.1.
    """
    lines = ["| family | length | words | value 0 | largest value | attained by |",
             "|---|---|---|---|---|---|"]
    for family in FAMILIES:
        for n in range(0, up_to + 1):
            rows = [r for r in sizes[n] if r["family"] == family]
            top = next(r for r in rows if r["is_max"])
            zero = sum(r["count"] for r in rows if r["nim"] == 0)
            lines.append(f"| {family} | {n} | {sum(r['count'] for r in rows)} | {zero} | "
                         f"{top['nim']} ({top['count']} words) | {top['words']} |")
    lines += ["", "The largest value of a word of length n is n (L^n: its options are L^k, "
              "k < n). A plain Moore machine cannot give the values of any family h >= 1: "
              "(RL)^m has range 1 and value m. Rules with outputs a*ceil(n/2)+b:"]
    for h, rule in RULES.items():
        lines += ["", f"Height range <= {h} (claim timber.path-height-{h}):", ""]
        lines += rule.describe()
    lines += ["", "Heights 2 and 3: no such machine with at most 12 states agrees with the "
              "words to length 12 (SAT identification, path_heights_learn)."]
    return lines


def plot(ax: Any, sizes: Sizes, up_to: int) -> None:
    """Mean nim-value per length, per family (and the largest, for all words).

    References
    ----------
    *The Game of timber!*, §4, Problem 4.1.
    """
    xs = list(range(1, up_to + 1))
    for family in FAMILIES:
        ys = []
        for n in xs:
            rows = [r for r in sizes[n] if r["family"] == family]
            ys.append(sum(r["nim"] * r["count"] for r in rows) / sum(r["count"] for r in rows))
        ax.plot(xs, ys, marker="o", label=f"mean, {family}")
    ax.set_xlabel("length")
    ax.set_ylabel("nim-value")
    ax.legend(fontsize=8)


PATH_VALUES = Probe(
    name="timber-path-values",
    source="The Game of timber!, §4, Problem 4.1 (values on paths = Toppling Peaks)",
    up_to="largest word length (0 to 26; 2^n words by numpy tables)",
    default_up_to=16,
    base=0,
    max_up_to=26,
    size=size,
    table=table,
    columns=COLUMNS,
    summary=summary,
    plot=plot,
    rules=tuple(f"timber.path-height-{h}" for h in RULES),
    notes="Nim-values by exhaustive numpy tables (cgt.peaks_wide); families by height "
          "range; rules are Moore machines checked by timber.path-height-<h>.",
)
