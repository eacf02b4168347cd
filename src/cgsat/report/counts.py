"""Counting claims in the report: the counts the methods found, against the closed form.

The counts are read from the runs' details (what each method reports it counted), and the
closed forms are computed here, from the papers' statements, independently of the methods:

- *The Game of timber!*, Theorem 2.5: WP(2m) = C_m (Catalan), WP(2m+1) = 0; SWP(2m) = F_m,
  SWP(2m+1) = 0; X(0) = 0, X(2m) = F_{m-1} + F_m (m >= 1), X(2m+1) = 2 F_m (Fine numbers);
- *Thinning Thickets*, Theorems 3.4 and 3.5: f_n = f_{n-1} + f_{n-2} with f_0 = 1, f_1 = 0,
  and |H_n| likewise with |H_0| = 0, |H_1| = 1.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from math import comb
from typing import Any

__all__ = ["catalan", "fine", "SERIES", "counted"]


def catalan(m: int) -> int:
    """C_m. ``catalan(5)`` is 42."""
    return comb(2 * m, m) // (m + 1)


@cache
def fine(m: int) -> int:
    """Fine numbers 1, 0, 1, 2, 6, 18, 57, ...: 2 F_m + F_{m-1} = C_m (m >= 1).

    Examples
    --------
    >>> [fine(m) for m in range(7)]
    [1, 0, 1, 2, 6, 18, 57]
    """
    if m == 0:
        return 1
    return (catalan(m) - fine(m - 1)) // 2


def _fib(a: int, b: int) -> Callable[[int], int]:
    @cache
    def f(n: int) -> int:
        return a if n == 0 else b if n == 1 else f(n - 1) + f(n - 2)
    return f


def _x(n: int) -> int:
    if n == 0:
        return 0
    m = n // 2
    return fine(m - 1) + fine(m) if n % 2 == 0 else 2 * fine(m)


# claim -> [(series label, regex with one group for the count, closed form of n)]
SERIES: dict[str, list[tuple[str, str, Callable[[int], int]]]] = {
    "timber.thm2.5": [
        ("WP(n)", r"WP\(\d+\) = (\d+)", lambda n: 0 if n % 2 else catalan(n // 2)),
        ("SWP(n)", r"SWP\(\d+\) = (\d+)", lambda n: 0 if n % 2 else fine(n // 2)),
        ("X(n)", r"X\(\d+\) = (\d+)", _x),
    ],
    "thickets.thm3.4": [("f_n", r"^(\d+) cordons", _fib(1, 0))],
    "thickets.thm3.5": [("|H_n|", r"^(\d+) cordons", _fib(0, 1))],
}


def counted(c: dict[str, Any]) -> list[dict[str, Any]]:
    """For a counting claim of ``bounds.json``: per series and method, the (n, count)
    pairs read off its runs, with the closed form's value at each n.

    Examples
    --------
    >>> c = {"id": "thickets.thm3.4", "runs": [
    ...     {"n": 6, "method": "sat", "status": "holds", "detail": "5 cordons (automaton count)"}]}
    >>> counted(c)
    [{'series': 'f_n', 'method': 'sat', 'points': [(6, 5, 5)]}]
    """
    out = []
    for label, pattern, closed in SERIES.get(c["id"], []):
        for method in sorted({r["method"] for r in c["runs"]}):
            points = []
            for r in c["runs"]:
                m = re.search(pattern, r.get("detail") or "")
                if r["method"] == method and r["status"] == "holds" and m:
                    points.append((r["n"], int(m.group(1)), closed(r["n"])))
            if points:
                out.append({"series": label, "method": method, "points": sorted(points)})
    return out
