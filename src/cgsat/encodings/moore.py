"""Moore machines over {L, R} as CNF: learning one from data, and checking one inductively.

A machine here is plain data: ``delta[q] = (next on L, next on R)`` (``None``: no
transition, the dead state) from start state 0, and ``value(q, n)``, the output of state q
on a word of length n (a plain Moore machine ignores n). Two encodings:

- :func:`add_identification`: SAT-based automaton identification (the prefix-tree acceptor
  of the samples mapped onto k states): satisfiable exactly when some machine with k
  states and outputs from a finite list of formulas agrees with every sample.
- :func:`add_machine_check`: the inductive check for Toppling Peaks words whose height
  range (max - min of the prefix heights, L up, R down) is at most h. A symbolic word of
  length n in that family; the machine is run on every prefix and on every suffix (one
  run per start, one-hot states); a word *violates* the machine when its output differs
  from the mex of the machine's outputs on its options (toppling an R at i leaves
  ``w[:i]``, an L at i leaves ``w[i+1:]``, :mod:`cgsat.games.timber_path`). The family is
  closed under prefixes and suffixes, so UNSAT at every length <= N proves that the
  machine gives the nim-value of every word of the family of length <= N.

References
----------
.. [1] Nowakowski et al., *The Game of timber!*, §4, Problem 4.1 and the remark before it
   (positions between the lines y = 0, y = 1 and y = 0, y = 2).
.. [2] M. Heule, S. Verwer, *Exact DFA identification using SAT solvers*, ICGI 2010.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from pysat.formula import IDPool

from cgsat.encodings.gates import Circuit

if TYPE_CHECKING:  # a type only
    from cgsat.encodings.cnf import Sink

__all__ = ["Delta", "Formula", "MachineCheck", "ValueFn", "add_identification", "add_machine_check",
           "formula_value"]

Delta = Sequence[tuple[int | None, int | None]]
ValueFn = Callable[[int, int], int]
Formula = tuple[int, int]
"""``(a, b)``: the output ``a * ceil(n / 2) + b`` on a word of length n."""


def formula_value(formula: Formula, n: int) -> int:
    """The value of an output formula at length n.

    Examples
    --------
    >>> formula_value((1, -1), 5), formula_value((0, 2), 5)
    (2, 2)
    """
    a, b = formula
    return a * ((n + 1) // 2) + b


def add_identification(pool: IDPool, sink: Sink, samples: dict[str, int], k: int,
                       formulas: Sequence[Formula]) -> Callable[[set[int]], tuple[Delta,
                                                                                   list[int]]]:
    """Clauses for "some k-state machine maps every sample word to its value".

    ``samples`` must be closed under prefixes (a prefix-tree acceptor). Each node w of the
    tree is mapped to one state (``x[w, q]``), each state has one transition per letter
    (``d[q, a, r]``) and one output formula (``o[q, f]``); the root is state 0.

    Parameters
    ----------
    pool, sink
        Variable names and the clause sink.
    samples : dict
        Word -> value, closed under prefixes.
    k : int
        The number of states.
    formulas : sequence of (a, b)
        The allowed outputs (:func:`formula_value`).

    Returns
    -------
    callable
        ``decode(true_vars) -> (delta, output formula indices)``.

    Examples
    --------
    >>> from pysat.solvers import Solver
    >>> pool, cl = IDPool(), []
    >>> dec = add_identification(pool, cl, {"": 0, "L": 1, "LL": 0}, 2, [(0, 0), (0, 1)])
    >>> with Solver(bootstrap_with=cl) as s:
    ...     s.solve()
    True

    References
    ----------
    Heule and Verwer, *Exact DFA identification using SAT solvers* (2010).
    """
    circ = Circuit(pool, sink)
    nodes = sorted(samples, key=lambda w: (len(w), w))
    if "" not in samples or any(w[:-1] not in samples for w in nodes if w):
        raise ValueError("the samples must be closed under prefixes")

    def x(w: str, q: int) -> int:
        return pool.id(("moore-x", w, q))

    def d(q: int, a: str, r: int) -> int:
        return pool.id(("moore-d", q, a, r))

    def o(q: int, f: int) -> int:
        return pool.id(("moore-o", q, f))

    for q in range(k):
        for a in "LR":
            circ.exactly_one([d(q, a, r) for r in range(k)])
        circ.exactly_one([o(q, f) for f in range(len(formulas))])
    circ.add([x("", 0)])
    for w in nodes:
        circ.exactly_one([x(w, q) for q in range(k)])
        n, value = len(w), samples[w]
        fits = [f for f, formula in enumerate(formulas) if formula_value(formula, n) == value]
        for q in range(k):
            circ.add([-x(w, q)] + [o(q, f) for f in fits])
            if w:
                for r in range(k):
                    circ.add([-x(w[:-1], q), -d(q, w[-1], r), x(w, r)])

    def decode(true: set[int]) -> tuple[Delta, list[int]]:
        delta = [tuple(next(r for r in range(k) if d(q, a, r) in true) for a in "LR")
                 for q in range(k)]
        outs = [next(f for f in range(len(formulas)) if o(q, f) in true) for q in range(k)]
        return cast("Delta", delta), outs  # two letters: each row a pair

    return decode


@dataclass
class MachineCheck:
    """The literals of :func:`add_machine_check`: letters (true: R), the one-hot state of
    the whole word (``final[q]``, the dead state last), and ``has[v]`` (some option has
    output v)."""

    letters: list[int]
    final: list[int]
    has: list[int]


def _run(circ: Circuit, letters: list[int], start: int, stop: int, delta: Delta,
         tag: Any) -> list[list[int]]:
    """One-hot states after reading ``letters[start:j]`` for j = start..stop (dead last)."""
    k = len(delta)
    states = [[circ.true if q == 0 else circ.false for q in range(k + 1)]]
    for j in range(start, stop):
        r_lit, prev = letters[j], states[-1]
        incoming: list[list[int]] = [[] for _ in range(k + 1)]
        for q in range(k + 1):
            for a, lit in ((0, -r_lit), (1, r_lit)):
                nxt = k if q == k or delta[q][a] is None else delta[q][a]
                incoming[nxt].append(circ.and_([prev[q], lit]))  # type: ignore[index]  # not None: tested
        states.append([circ.or_(inc, name=(tag, start, j + 1, q))
                       for q, inc in enumerate(incoming)])
    return states


def _family(circ: Circuit, pool: IDPool, letters: list[int], h: int) -> None:
    """Constrain the word's prefix heights to a band of h + 1 levels (some offset)."""
    n = len(letters)
    pos = [[pool.id(("band", i, j)) for j in range(h + 1)] for i in range(n + 1)]
    for i in range(n + 1):
        circ.exactly_one(pos[i])
    for i in range(n):
        r = letters[i]
        circ.add([-pos[i][h], r])  # an L at the top would leave the band
        circ.add([-pos[i][0], -r])  # an R at the bottom too
        for j in range(h + 1):
            if j < h:
                circ.add([-pos[i][j], r, pos[i + 1][j + 1]])
            if j > 0:
                circ.add([-pos[i][j], -r, pos[i + 1][j - 1]])


def add_machine_check(pool: IDPool, sink: Sink, n: int, h: int, delta: Delta,
                      value: ValueFn, goal: int | None = None,
                      toggle: tuple[str, int] | None = None) -> MachineCheck:
    """Search for a word of length n, height range <= h, that violates the machine.

    Satisfiable (under ``goal``, when given) exactly when some word w of the family of
    length n has ``value(state(w), n)`` different from the mex of the machine's outputs on
    its options, or drives the machine into its dead state.

    Parameters
    ----------
    pool, sink
        Variable names and the clause sink.
    n, h : int
        The length and the largest height range.
    delta : sequence of (int or None, int or None)
        Transitions on L and on R; start state 0.
    value : callable
        ``value(q, length)``: the output of state q on a word of that length.
    goal : int or None
        A selector literal guarding the violation (None: asserted outright).
    toggle : (str, int) or None
        ``(r0, s)``: under the selector s the claimed value of the word r0 (length n) is
        one more than the machine's (a deliberately wrong rule, for the toggled control).

    Returns
    -------
    MachineCheck

    Examples
    --------
    >>> from pysat.solvers import Solver
    >>> pool, cl = IDPool(), []
    >>> delta = [(1, 1), (2, 0), (2, 1)]      # height <= 1: 0 on (LR)^m, else ceil(n/2)
    >>> def value(q, m): return 0 if q == 0 else (m + 1) // 2
    >>> _ = add_machine_check(pool, cl, 7, 1, delta, value)
    >>> Solver(bootstrap_with=cl).solve()
    False

    References
    ----------
    Nowakowski et al., *The Game of timber!*, §4, Problem 4.1.
    """
    circ = Circuit(pool, sink)
    k = len(delta)
    letters = [pool.id(("R", i)) for i in range(n)]
    _family(circ, pool, letters, h)
    prefix = _run(circ, letters, 0, n, delta, "pre")
    suffix_final = [_run(circ, letters, a, n, delta, "suf")[-1] for a in range(1, n + 1)]
    by_value: dict[int, list[int]] = {}
    for i in range(n):
        r = letters[i]
        for q in range(k):
            by_value.setdefault(value(q, i), []).append(circ.and_([r, prefix[i][q]]))
            by_value.setdefault(value(q, n - i - 1), []).append(
                circ.and_([-r, suffix_final[i][q]]))
    top = max([value(q, n) for q in range(k)] + [0]) + 2
    has = [circ.or_(by_value.get(v, [])) for v in range(top)]

    def wrong(m: int) -> int:
        """The whole word's claimed value m is not the mex of the options' outputs."""
        return circ.or_([has[m]] + [-has[v] for v in range(m)])

    final = prefix[n]
    same = None
    if toggle is not None:
        r0, sel = toggle
        fixed = [x if c == "R" else -x for x, c in zip(letters, r0, strict=True)]
        same = circ.and_(fixed + [sel])
    violations = [final[k]]  # the dead state on a word of the family
    for q in range(k):
        m = value(q, n)
        bad = wrong(m) if same is None else circ.ite(same, wrong(m + 1), wrong(m))
        violations.append(circ.and_([final[q], bad]))
    circ.add(([] if goal is None else [-goal]) + violations)
    return MachineCheck(letters, final, has)
