"""Coverage controls: an instance shows that it ranges over its whole scope (issue 24,
item 2).

The sample and toggled controls of :class:`cgsat.sat.solve.SatRun` catch an instance that
computes a wrong value; they miss an instance that searches *less* than its scope says (a
blocking clause that blocks too much, a restriction that drops palindromes, a target
skipped). Before an UNSAT counts, a method adds coverage controls:

- **the position space**: the number of positions the instance's position constraints
  admit, counted exactly, projected onto the colour variables (:func:`count_projected`,
  pyganak), must equal an independent closed form of the scope (``3^n`` rows over LRE;
  ``(3^n + 3^ceil(n/2))/2`` leaders), and with the blocking clauses on, that number less
  the listed targets (:func:`check_count`). Where an exact count would cost too much, a
  stratified sample of positions, each of which must be admitted and not blocked unless
  listed, stands in (``"coverage": "sample"``);
- **the target set**: the values, readings or family members a method loops over must
  equal a list computed independently (:func:`check_targets`); both counts are reported;
- **toggled controls per part of the goal**: each reading, value, direction of an "iff"
  or family member must be able to fire on its own (the methods build them; their r0 is
  drawn deterministically).

Each coverage control counts as one control (``controls`` ``{"passed", "total"}``); the
run's ``controls`` then says which kind ran, ``"coverage": "count"`` when every one was
exact, ``"sample"`` when some was a sample (:attr:`cgsat.sat.solve.SatRun.controls`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the solve path imports this module
    from cgsat.sat.solve import SatRun


__all__ = ["count_projected", "check_count", "check_targets"]


def count_projected(clauses: Iterable[Sequence[int]], nv: int, sampling: Sequence[int],
                    assumptions: Sequence[int] = ()) -> int:
    """The exact number of assignments of ``sampling`` that extend to a model of
    ``clauses`` with ``assumptions`` as unit clauses (pyganak, projected counting).

    Parameters
    ----------
    clauses : iterable of sequence of int
    nv : int
        The largest variable.
    sampling : sequence of int
        The variables projected onto (the colours).
    assumptions : sequence of int
        Literals added as unit clauses.

    Examples
    --------
    >>> count_projected([[1, 2]], 2, [1, 2]), count_projected([[1, 2], [-1, 3]], 3, [1, 2])
    (3, 3)
    >>> count_projected([[1]], 2, [1, 2], assumptions=[-2])
    1
    """
    import pyganak  # a C extension, loaded only when a coverage count runs

    counter = pyganak.Counter()
    counter.new_vars(max(nv, max((abs(v) for v in sampling), default=0), 1))
    for clause in clauses:
        counter.add_clause(list(clause))
    for lit in assumptions:
        counter.add_clause([lit])
    counter.set_sampling_set(list(sampling))
    sys.stdout.flush()
    saved = os.dup(1)
    try:  # Ganak prints comments on the process's stdout
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 1)
            try:
                return int(counter.count())
            finally:
                os.dup2(saved, 1)
    finally:
        os.close(saved)


def check_count(run: SatRun, what: str, counted: int, expected: int,
                how: str = "count") -> bool:
    """One position-space control: ``counted`` positions admitted against the
    ``expected`` of the scope's closed form; a difference fails the run (an ``error``).

    Examples
    --------
    >>> from cgsat.claims import Budget
    >>> from cgsat.sat.solve import SatRun
    >>> run = SatRun(Budget())
    >>> check_count(run, "rows of length 2", 9, 9), check_count(run, "leaders", 5, 6)
    (True, False)
    >>> run.failures
    ['coverage control (leaders): the instance admits 5 positions, its scope has 6']
    >>> run.controls
    {'passed': 1, 'total': 2, 'coverage': 'count'}
    """
    ok = counted == expected
    return run.coverage(what, ok, f"the instance admits {counted} positions, its scope "
                                  f"has {expected}", how)


def check_targets(run: SatRun, what: str, looped: Iterable[object],
                  independent: Iterable[object], how: str = "count") -> bool:
    """One target-set control: what the method loops over (``looped``) must equal the
    list computed independently; the failure names what is missing or extra. ``how`` is
    ``"sample"`` when the lists cover a stratum of the scope only.

    Examples
    --------
    >>> from cgsat.claims import Budget
    >>> from cgsat.sat.solve import SatRun
    >>> run = SatRun(Budget())
    >>> check_targets(run, "readings", ["graph"], ["minus-edge", "graph"])
    False
    >>> run.failures[0]
    "coverage control (readings): the method loops over 1, the scope has 2; missing ['minus-edge']"
    """
    got, want = list(looped), list(independent)
    gs, ws = set(map(str, got)), set(map(str, want))
    message = f"the method loops over {len(got)}, the scope has {len(want)}"
    if gs - ws or ws - gs:
        missing, extra = sorted(ws - gs), sorted(gs - ws)
        message += (f"; missing {missing[:5]}" if missing else "") + \
            (f"; extra {extra[:5]}" if extra else "")
    ok = gs == ws and len(got) == len(gs)
    return run.coverage(what, ok, message, how)
