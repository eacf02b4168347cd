"""Phyminoes rules on graph families by SAT (*The Game of timber!*, Problem 4.3).

For a family (:mod:`~cgsat.papers.timber.phyminoes.families`) and n, one instance holds the
member with n vertices with every orientation left symbolic (one variable per edge): the
Grundy encoding (normal play) and the misère kernel encoding of Phyminoes in each reading
of the distances that has a rule at n (:mod:`cgsat.encodings.timber_graphs`), and a goal
asking that the root's nim-value or misère outcome differ from the rule in some reading.
UNSAT, with its controls passed, means the rule holds in every orientation of that graph.
A model is an orientation where it fails, decoded in ``timber`` syntax. This module
imports no brute-side code; the direct solver comes in as ``oracle`` for the controls.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), §4, Problem 4.3.
"""

from __future__ import annotations

import hashlib
from typing import Any

from pysat.formula import IDPool

from cgsat.claims import Budget, Verdict
from cgsat.encodings import timber_graphs as graphs
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.encodings.gates import Circuit
from cgsat.papers.timber.graphs.sat import GuardedOrientations, Oracle, _nim_value, _value
from cgsat.papers.timber.phyminoes.families import FAMILIES, expected
from cgsat.sat.coverage import check_count, check_targets, count_projected
from cgsat.sat.solve import Control, SatRun

__all__ = ["PARTS", "EXACT_CLAUSES", "rule_violation", "part_r0", "family_rule"]

PARTS = ("nim", "misère")
"""The parts of a reading's rule: the nim-value and the misère outcome."""


EXACT_CLAUSES = 1000
""":func:`family_rule` counts the orientations each encoding admits exactly (pyganak)
while the encoding has at most this many clauses (K5: 467 clauses, 0.01 s; K6: 2,231
clauses, 0.06 s per count but 0.5 s in all against a 0.2 s check, over the quarter of the
check's time that coverage controls may take); beyond, the sample controls stand in."""


def _misere_kernel(pool: Any, sink: Any, shape: Any, rule: str, reading: str) -> Any:
    """The misère kernel encoding as :func:`family_rule` builds it."""
    return graphs.add_graph_kernel(pool, sink, shape, True, rule, reading)


def rule_violation(circ: Circuit, parts: dict[str, list[int]]) -> int:
    """The goal of :func:`family_rule`: some part of some reading's rule fails (``parts``:
    reading -> its parts' failure literals).

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    return circ.or_([lit for lits in parts.values() for lit in lits])


def part_r0(m: int, reading: str, part: str) -> str:
    """The orientation (``m`` bits) at which the toggled control of one part of a Phyminoes
    rule (*The Game of timber!*, Problem 4.3) fires: drawn deterministically from the
    part's name, so a rerun toggles the same place.

    Examples
    --------
    >>> part_r0(5, "graph", "nim") == part_r0(5, "graph", "nim") != part_r0(5, "graph", "misère")
    True
    """
    digest = hashlib.sha256(f"{reading}:{part}".encode()).digest()
    return "".join(str(digest[i % len(digest)] >> (i // len(digest)) & 1) for i in range(m))


def _fixed(lits: list[int], bits: str) -> list[int]:
    """The literals fixing the orientation to ``bits``."""
    return [x if b == "1" else -x for x, b in zip(lits, bits, strict=True)]


def _toggleable(circ: Circuit, pool: Any, lits: list[int], fails: int, reading: str,
                part: str) -> int:
    """A part's failure literal, flipped at the orientation :func:`part_r0` when its
    toggle ``("toggle", reading, part)`` is on: its toggled control (issue 24)."""
    t = pool.id(("toggle", reading, part))
    at_r0 = circ.and_([*_fixed(lits, part_r0(len(lits), reading, part)), t])
    return circ.xor(fails, at_r0)


def _decodes(inst: GuardedOrientations, position: str) -> Any:
    """The check of a part's toggled control: SAT at exactly ``position``."""
    def check(true: set[int] | None) -> str | None:
        if true is None:
            return "UNSAT with this part of the goal toggled (the goal misses it)"
        found = inst.decode(true)
        return None if found == position else f"the model decodes to {found}"
    return check


def family_rule(n: int, budget: Budget, family: str, oracle: Oracle | None = None,
                rules: dict[str, Any] | None = None) -> Verdict:
    """The family's Phyminoes rule at n, in every orientation, by one SAT instance.

    Parameters
    ----------
    n : int
        The number of vertices.
    budget : Budget
        Solver, proof and confirm-with options; ``budget.controls`` samples.
    family : str
        A key of :data:`~cgsat.papers.timber.phyminoes.families.FAMILIES`.
    oracle : callable or None
        The direct solver, ``oracle(position, "phyminoes", reading) -> (nim, misère P)``
        (None: only the toggled control).
    rules : dict or None
        Reading -> rule, replacing the family's (the tests' perturbed rules).

    Returns
    -------
    Verdict
        ``vacuous`` where the family has no member (or no rule) at n.

    Examples
    --------
    >>> v = family_rule(7, Budget(), "odd-cycle")
    >>> v.status, v.controls  # readings, orientations (4 encodings), toggled, one per part
    ('holds', {'passed': 10, 'total': 10, 'coverage': 'count'})
    >>> family_rule(4, Budget(), "odd-cycle").status
    'vacuous'

    References
    ----------
    *The Game of timber!*, §4, Problem 4.3.
    """
    fam = FAMILIES[family]
    if rules is not None:
        fam = type(fam)(fam.name, fam.words, fam.graph, rules)
    want = expected(fam, n)
    if not want:
        return Verdict.vacuous(f"no member of {fam.words} with {n} vertices")
    run = SatRun(budget)
    # the readings the claim covers at n, listed again apart from expected() (issue 24)
    scope = [reading for reading, rule in fam.rules.items() if rule(n) is not None]
    check_targets(run, f"readings with a rule at n={n}", list(want), scope)
    shape = graphs.from_networkx(fam.graph(n))
    sink, pool = run.new()
    circ = Circuit(pool, sink)
    parts: dict[str, list[int]] = {}
    roots = {}
    lits: list[int] = []
    for reading, (nim, misere_p) in want.items():
        lits, grundy, root = graphs.add_graph_grundy(pool, sink, shape, "phyminoes",
                                                     reading, tag=("G", reading))
        _, kernel, _ = graphs.add_graph_kernel(pool, sink, shape, True, "phyminoes",
                                               reading, tag=("P", reading))
        parts[reading] = [
            _toggleable(circ, pool, lits, -grundy.value_lit(root, nim, circ), reading, "nim"),
            _toggleable(circ, pool, lits, kernel.p[root] if not misere_p else -kernel.p[root],
                        reading, "misère")]
        roots[reading] = (grundy, kernel.p[root], root)
    inst = GuardedOrientations.build(run, sink, pool, shape, lits, rule_violation(circ, parts))
    toggles = [pool.id(("toggle", r, part)) for r in scope for part in PARTS]
    model = run.solve(sink, inst.main + [-t for t in toggles])
    if model is not None:
        return run.verdict(inst.decode(model),
                           detail=f"the rule for {fam.words} fails in this orientation")

    def compare(position: str, true: set[int]) -> str | None:
        """Each reading's root nim-value and misère outcome against the direct solver."""
        for reading, (grundy, misere_lit, root) in roots.items():
            got = (_nim_value(grundy, root, true), _value(misere_lit, true))
            wanted = oracle(position, "phyminoes", reading)  # type: ignore[misc]  # run only with an oracle
            if got != wanted:
                return (f"phyminoes ({reading}): the encodings give (nim-value, misère P) "
                        f"= {got}, the direct solver {wanted}")
        return None

    off = [-t for t in toggles]
    for control in inst.controls(run, compare if oracle else None):
        run.control(sink, Control(control.kind, control.position,
                                  control.assumptions + tuple(off), control.check))
    for reading in scope:  # the position space of each encoding (issue 24)
        for name, build in (("Grundy", graphs.add_graph_grundy),
                            ("misère kernel", _misere_kernel)):
            buf, fresh = ClauseBuffer(), IDPool()
            orientation = build(fresh, buf, shape, "phyminoes", reading)[0]
            if len(buf) <= EXACT_CLAUSES:
                check_count(run, f"orientations the {name} encoding admits ({reading})",
                            count_projected(buf, fresh.top, orientation),
                            2 ** shape.n_edges)
    for reading in scope:  # a toggled control per reading and part (issue 24)
        for part in PARTS:
            t = pool.id(("toggle", reading, part))
            r0 = part_r0(len(lits), reading, part)
            position = inst.decode(_fixed(lits, r0))
            run.control(sink, Control(
                "toggled", f"{position} ({reading}, {part})",
                (inst.goal, -inst.toggle, t, *[x for x in off if x != -t]),
                _decodes(inst, position)))
    return run.verdict(detail=f"{shape.n_edges} edges, 2^{shape.n_edges} orientations: UNSAT")
