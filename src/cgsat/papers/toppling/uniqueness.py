"""The data of the probe ``toppling-uniqueness`` (:mod:`cgsat.papers.toppling.probes`):
the rows of one length grouped by canonical form. The probe's stored sizes are fingerprinted
by this module and its imports only.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from cgsat.cgt.notation import to_str
from cgsat.papers.toppling.brute import value

__all__ = ["rows_of_length", "lr_rows_of_length"]


def rows_of_length(n: int, alphabet: str = "ELR") -> list[dict[str, Any]]:
    """The values of the rows of exactly ``n`` dominoes over ``alphabet`` (LRE by default;
    give it in alphabetical order), reversals identified.

    Examples
    --------
    >>> rows_of_length(1)
    [{'value': '*', 'rows': 1, 'shortest_row': 'E'}, {'value': '1', 'rows': 1, \
'shortest_row': 'L'}, {'value': '-1', 'rows': 1, 'shortest_row': 'R'}]

    References
    ----------
    Fink et al., *Toppling Conjectures*, Conjecture 22 and Conjecture 40 (uniqueness and
    absence of values).
    """
    count: Counter[str] = Counter()
    first: dict[str, str] = {}
    for t in itertools.product(alphabet, repeat=n):
        w = "".join(t)
        if w[::-1] < w:
            continue
        v = to_str(value(w))
        count[v] += 1
        first.setdefault(v, w)  # rows come in alphabetical order
    return [{"value": v, "rows": c, "shortest_row": first[v]} for v, c in count.items()]


def lr_rows_of_length(n: int) -> list[dict[str, Any]]:
    """The values of the LR-Toppling Dominoes rows (no green E) of exactly ``n`` dominoes.

    Examples
    --------
    >>> sorted(r["value"] for r in lr_rows_of_length(2))
    ['*', '-2', '2']

    References
    ----------
    Fink et al., *Toppling Conjectures*, Theorem 29 (LR rows of value *m) and Conjecture
    35 (palindromes in LR-Toppling Dominoes).
    """
    return rows_of_length(n, "LR")
