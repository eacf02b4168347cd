"""The coverage control of a kit family's filter (issue 36): the filtered set at small n,
against an enumeration written apart from :meth:`Family.keep` and :meth:`Family.contains`.

Play, the SAT searches and the replay all ask the family which positions it keeps
(:meth:`~cgsat.kit.families.Family.keep`, :meth:`~cgsat.kit.families.Family.contains`,
:meth:`~cgsat.kit.families.Family.vacancy`), so they agree with each other even when that
filter is wrong: a ``match=`` anchored by mistake (``re.match`` for ``re.search``) would
turn a false claim into "holds". :func:`filter_control` lists the family's members at size
n by another route and compares:

- **words** (rows, Toppling Peaks words) are generated here, letter by letter; with
  ``palindrome=True`` only palindromes are generated, each from its first half mirrored
  (never by comparing a word with its reversal);
- **green cordons** are generated as their printed text ``n:a,b,...`` from every subset of
  1 .. n-1 (*Thinning Thickets*, Definition 1.2), with no call to the ruleset;
- **trees, caterpillars, graphs** take the family's own unfiltered listing (the shapes are
  not what the control is about) and apply the filter below;
- ``match=`` keeps a text when the pattern matches *at some index* i of it
  (``pattern.match(text, i)`` for i = 0 .. len(text)), which is what ``re.search`` means,
  stated once here (Python's ``re`` documentation: ``search`` scans "looking for the first
  location where the pattern produces a match"; ``^`` still matches only at the real start
  when a position is given);
- the domains of :mod:`cgsat.kit.rules` are counted directly on the text: a cordon's leaf
  arcs are the entries after the colon; a Peaks word's height range is the span of its
  prefix heights, the empty prefix included (L up, R down; *The Game of timber!*, §2).

The family must keep exactly that set (as a set and as a count), say ``contains`` of
exactly its members (the replay's test of a counterexample), and call the size vacuous
exactly when the set is empty; else the control fails with one line naming what differs.
It runs where the family has at most :data:`LIMIT` positions before the filter, or shapes
up to :data:`SHAPE_LIMITS` (the small sizes), with every check of a filtered kit claim at
that size (:mod:`cgsat.engine.task`), before the record's vacuity is trusted.

This module is called by the engine only (through the record's
:meth:`cgsat.kit.records.KitClaim.control`); no method imports it, so it is in no method's
fingerprint.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator

from cgsat.kit.families import Family

__all__ = ["LIMIT", "SHAPE_LIMITS", "filter_control", "independent_members", "runs_at"]

LIMIT = 4_096
"""The most positions (before the filter) a word or cordon size may have for the control
to run there: rows over LRE to n = 7, Toppling Peaks words to n = 12, green cordons to
height 13 (a second or less each on a loaded machine)."""

SHAPE_LIMITS = {"trees": 6, "caterpillars": 6, "graphs": 4}
"""The largest size the control runs at for the families of shapes (every orientation of
each: 100 to 1,000 positions at these sizes)."""


def runs_at(family: Family, n: int) -> bool:
    """Whether the control runs at size n: the family has a position there and few
    enough (:data:`LIMIT`, :data:`SHAPE_LIMITS`).

    Examples
    --------
    >>> from cgsat.kit import rows, green_cordons, trees
    >>> runs_at(rows("LRE"), 7), runs_at(rows("LRE"), 8), runs_at(green_cordons(), 13)
    (True, False, True)
    >>> runs_at(trees(), 6), runs_at(trees(), 7)
    (True, False)
    """
    if n < family.base:
        return False
    if family.kind in SHAPE_LIMITS:
        return n <= SHAPE_LIMITS[family.kind]
    if family.kind == "rows":
        return len(family.alphabet) ** n <= LIMIT
    return 2 ** (n - (family.kind == "green-cordon")) <= LIMIT


def _searches(pattern: re.Pattern[str], text: str) -> bool:
    """``re.search`` semantics, stated once: the pattern matches at some index of text."""
    return any(pattern.match(text, i) is not None for i in range(len(text) + 1))


def _words(letters: str, n: int, palindrome: bool) -> Iterator[str]:
    """Every word of length n over ``letters``; palindromes as a first half mirrored."""
    if not palindrome:
        for t in itertools.product(letters, repeat=n):
            yield "".join(t)
        return
    for t in itertools.product(letters, repeat=(n + 1) // 2):
        half = "".join(t)
        yield half + half[: n // 2][::-1]


def _cordons(n: int) -> Iterator[str]:
    """Every green cordon of height n >= 1, printed ``n:a,b``: leaf arcs at stalk vertices
    0 < a < b < n (*Thinning Thickets*, Definition 1.2)."""
    for r in range(n):
        for leaves in itertools.combinations(range(1, n), r):
            yield f"{n}:" + ",".join(map(str, leaves))


def _span(word: str) -> int:
    """The range of the prefix heights of a Peaks word, the empty prefix's 0 included."""
    h = lo = hi = 0
    for c in word:
        h += 1 if c == "L" else -1
        lo, hi = min(lo, h), max(hi, h)
    return hi - lo


def _in_domain(family: Family, text: str) -> bool:
    """The domains of :mod:`cgsat.kit.rules` (leaf arcs of a cordon, a word's height
    range), read off the text."""
    leaves = getattr(family, "leaves", None)
    if leaves is not None:
        got = len([a for a in text.split(":", 1)[1].split(",") if a])
        return bool(leaves[0] <= got <= leaves[1])
    span = getattr(family, "span", None)
    return span is None or _span(text) <= span


def independent_members(family: Family, n: int) -> list[str]:
    """The family's members of size n (filter included), listed apart from its ``keep``.

    Examples
    --------
    >>> from cgsat.kit import rows, timber_paths
    >>> independent_members(rows("LR", match="RL"), 3)
    ['LRL', 'RLL', 'RLR', 'RRL']
    >>> independent_members(timber_paths(palindrome=True, match="^L"), 3)
    ['LLL', 'LRL']
    """
    candidates: Iterable[str]
    if family.kind == "rows":
        candidates = _words(family.alphabet, n, family.palindrome)
    elif family.kind == "timber-path":
        candidates = _words("LR", n, family.palindrome)
    elif family.kind == "green-cordon":
        candidates = _cordons(n) if n >= 1 else ()
    else:  # the shapes' own listing: the filter is what is checked
        candidates = (family.normalize(t) for t in family.positions(n))
    pattern = re.compile(family.match) if family.match is not None else None
    return [t for t in candidates
            if (pattern is None or _searches(pattern, t)) and _in_domain(family, t)]


def filter_control(family: Family, n: int) -> str | None:
    """The coverage control of ``family``'s filter at size n: None when it passes (or
    does not run at n: :func:`runs_at`), else why it failed.

    Examples
    --------
    >>> from cgsat.kit import rows
    >>> print(filter_control(rows("LR", match="R$"), 4))
    None
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Anchored(type(rows())):  # a slip: re.match for re.search
    ...     def keep(self, text):
    ...         return re.match(self.match, text) is not None
    >>> print(filter_control(Anchored("rows", alphabet="LR", match="R$"), 2))
    ... # doctest: +NORMALIZE_WHITESPACE
    filter coverage at n=2: the family keeps 0 positions, an enumeration apart from its
    filter finds 2; missing ['LR', 'RR']
    """
    if not runs_at(family, n):
        return None
    want = independent_members(family, n)
    kept = [family.normalize(t) for t in family.positions(n) if family.keep(t)]
    ws, ks = set(want), set(kept)
    head = f"filter coverage at n={n}: "
    if ws != ks or len(kept) != len(ks):
        missing, extra = sorted(ws - ks), sorted(ks - ws)
        return (head + f"the family keeps {len(kept)} positions, an enumeration apart from "
                f"its filter finds {len(want)}"
                + (f"; missing {missing[:5]}" if missing else "")
                + (f"; extra {extra[:5]}" if extra else ""))
    held = {t for t in map(family.normalize, family.positions(n)) if family.contains(n, t)}
    if held != ws:
        odd = sorted(ws - held) + sorted(held - ws)
        return head + (f"its contains() (the replay's test) holds for {len(held)} positions, "
                       f"an enumeration apart from its filter finds {len(want)}; e.g. "
                       f"{odd[0]!r}")
    vacancy = family.vacancy(n)
    if want and vacancy is not None:
        return head + f"the family calls n={n} vacuous ({vacancy}) but has {want[0]!r}"
    if not want and vacancy is None:
        return head + f"the family has no position of size {n} but does not call it vacuous"
    return None
