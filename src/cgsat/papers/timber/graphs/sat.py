"""Timber on graphs by SAT: Theorem 1.1 and Phyminoes on bipartite graphs (*The Game of
timber!*, §1 and §4).

One instance per graph shape covers every orientation at once (the kernel and Grundy
encodings of :mod:`cgsat.encodings.timber_graphs`); the instances of one size are solved
through :class:`cgsat.sat.solve.SatRun`, whose verdict shows the largest. A model is
decoded into an oriented graph in ``timber`` syntax. This module imports no brute-side code.

Controls (:data:`CONTROLS_SCOPE`): each instance's goal (the violation) is guarded by a
selector literal, and a second selector toggles the goal at one orientation r0, so that
before an UNSAT counts the same instance answers, under assumptions, for sample
orientations fixed through the orientation variables (compared with the direct solver, an
``oracle`` passed in by the claims) and finds exactly r0 when toggled.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), Theorem 1.1 and §4 (Phyminoes).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pysat.formula import IDPool

from cgsat.claims import Budget, Verdict
from cgsat.encodings import timber_graphs as graphs
from cgsat.encodings.gates import Circuit
from cgsat.encodings.kernel import GrundyEncoding
from cgsat.games.shapes import bipartite_graphs, connected_graphs, theorem11_parts
from cgsat.sat.solve import Control, SatRun, Sink

__all__ = [
    "Oracle",
    "Compare",
    "CONTROLS_SCOPE",
    "GuardedOrientations",
    "theorem11",
    "phyminoes_bipartite",
]

Oracle = Callable[..., tuple[int, bool]]
"""``oracle(position, rule="timber", distances="minus-edge") -> (nim-value, misère P)``:
the direct solver on an oriented graph in ``timber`` syntax, from the brute side
(:func:`cgsat.papers.timber.graphs.brute.nim_and_misere`), passed in by the claims."""

Compare = Callable[[str, set[int]], str | None]
"""``compare(position, true_vars)``: why the instance's values at a fixed orientation
disagree with the direct solver, or None."""

CONTROLS_SCOPE = (
    "Controls on every instance (when it is UNSAT): budget.controls random orientations "
    "of the shape, fixed through the orientation variables with the goal's selector off, "
    "must give a model whose values at the root equal the direct solver's (generic play, "
    "graphs_brute.nim_and_misere); and with the goal toggled at one random orientation r0 "
    "(a second selector: the goal XOR 'the orientation is r0') the instance must be SAT at "
    "exactly r0. A failed control makes the verdict an error. A SAT answer runs no control: "
    "its orientation is replayed by the direct solver."
)
"""What the controls of this module's methods check, for the claims' scopes."""


def _value(lit: int, true: set[int]) -> bool:
    """The value of a literal in a model given by its true variables."""
    return lit in true if lit > 0 else -lit not in true


def _nim_value(enc: GrundyEncoding, root: Any, true: set[int]) -> int | None:
    """The nim-value a model gives to ``root`` (None when no value literal is true)."""
    return next((t for t, x in enumerate(enc.value[root]) if _value(x, true)), None)


@dataclass
class GuardedOrientations:
    """One instance over the orientations of a shape, with its goal behind selectors
    (the controls of Theorem 1.1 and of Phyminoes on bipartite graphs, *The Game of
    timber!*, and of the tree lemmas of §3).

    The goal is ``violation XOR (toggle AND the orientation is r0)``, asserted under the
    selector ``goal``: under ``[goal, -toggle]`` it is the check itself; under
    ``[goal, toggle]`` the toggled control; under ``-goal`` (sample controls) the
    instance only computes its values.
    """

    shape: graphs.GraphShape
    lits: list[int]
    goal: int
    toggle: int
    r0: str

    @classmethod
    def build(cls, run: SatRun, sink: Sink, pool: IDPool, shape: graphs.GraphShape,
              lits: list[int], violation: int) -> GuardedOrientations:
        """Guard ``violation`` in ``sink``; r0 is drawn from the run's seeded generator."""
        r0 = _draw(run, len(lits), 1)[0]
        circ = Circuit(pool, sink)
        goal, toggle = pool.id(("selector", "goal")), pool.id(("selector", "toggle"))
        same = circ.and_(_fix(lits, r0) + [toggle])
        circ.add([-goal, circ.xor(violation, same)])
        return cls(shape, lits, goal, toggle, r0)

    @property
    def main(self) -> list[int]:
        """The assumptions of the check itself."""
        return [self.goal, -self.toggle]

    def decode(self, true: Any) -> str:
        """The orientation of a model, in ``timber`` syntax."""
        return graphs.decode_orientation(true, self.shape, self.lits)

    def controls(self, run: SatRun, compare: Compare | None) -> list[Control]:
        """The sample controls (none without ``compare``) and the toggled control."""
        out = []
        for bits in (_draw(run, len(self.lits)) if compare else []):
            fixed = _fix(self.lits, bits)
            position = self.decode(fixed)
            out.append(Control("sample", position, tuple([-self.goal, -self.toggle] + fixed),
                               self._sample_check(position, compare)))
        r0 = self.decode(_fix(self.lits, self.r0))
        out.append(Control("toggled", r0, (self.goal, self.toggle), self._toggled_check(r0)))
        return out

    def _sample_check(self, position: str, compare: Any) -> Callable[[set[int] | None],
                                                                      str | None]:
        """The check of one sample control."""
        def check(true: set[int] | None) -> str | None:
            """SAT at exactly this orientation, with the direct solver's values."""
            if true is None:
                return "the instance is UNSAT with the orientation fixed and the goal off"
            if self.decode(true) != position:
                return f"the model decodes to {self.decode(true)}"
            return compare(position, true)
        return check

    def _toggled_check(self, r0: str) -> Callable[[set[int] | None], str | None]:
        """The check of the toggled control."""
        def check(true: set[int] | None) -> str | None:
            """SAT at exactly r0."""
            if true is None:
                return "the instance is UNSAT with the goal toggled there"
            found = self.decode(true)
            return None if found == r0 else f"the model decodes to {found}"
        return check


def _fix(lits: list[int], bits: str) -> list[int]:
    """Assumptions fixing the orientation literals to ``bits`` ("1": the literal true)."""
    return [x if b == "1" else -x for x, b in zip(lits, bits, strict=True)]


def _draw(run: SatRun, m: int, k: int | None = None) -> list[str]:
    """Seeded random orientations of m edges, as bit strings."""
    return run.samples(lambda rng: "".join(rng.choice("01") for _ in range(m)), k)


def theorem11(n: int, budget: Budget, oracle: Oracle | None = None) -> Verdict:
    """Theorem 1.1 on every connected graph with n vertices, by the kernel encoding.

    For each graph and each part that applies (part 1: it contains a cycle, so no
    orientation is a normal-play P-position; part 2: it is 2-connected, so no orientation
    is a misère N-position), one instance asks for an orientation with the opposite
    outcome. All UNSAT, each with its controls passed (:data:`CONTROLS_SCOPE`; the
    samples compare the root's P literal with the direct solver): the theorem holds at n.

    Parameters
    ----------
    n : int
        The number of vertices.
    budget : Budget
        Solver, proof and confirm-with options; ``budget.controls`` samples per instance.
    oracle : callable or None
        The direct solver (None: only the toggled controls).

    Returns
    -------
    Verdict

    Examples
    --------
    >>> v = theorem11(4, Budget())
    >>> v.status, v.controls
    ('holds', {'passed': 7, 'total': 7})

    References
    ----------
    *The Game of timber!*, Theorem 1.1.
    """
    run = SatRun(budget)
    checked = 0
    for g in connected_graphs(n):
        shape = graphs.from_networkx(g)
        for part, misere, outcome in theorem11_parts(g):
            sink, pool = run.new()
            lits, enc, root = graphs.add_graph_kernel(pool, sink, shape, misere=misere)
            p = enc.p[root]
            inst = GuardedOrientations.build(run, sink, pool, shape, lits,
                                             p if outcome == "N" else -p)  # the opposite
            model = run.solve(sink, inst.main)
            checked += 1
            if model is not None:
                return run.verdict(inst.decode(model), detail=f"{part}: outcome is not {outcome}")

            def compare(position: str, true: set[int], p: int = p, misere: bool = misere,
                        ) -> str | None:
                """The root's P literal against the direct solver's outcome."""
                nim, misere_p = oracle(position)  # type: ignore[misc]  # run only with an oracle
                expected = misere_p if misere else nim == 0
                got = _value(p, true)
                return None if got == expected else (
                    f"the kernel says {'P' if got else 'N'}, the direct solver "
                    f"{'P' if expected else 'N'} ({'misère' if misere else 'normal'} play)")

            for control in inst.controls(run, compare if oracle else None):
                run.control(sink, control)
    return run.verdict(detail=f"{checked} graph instances, all UNSAT")


def phyminoes_bipartite(n: int, budget: Budget, oracle: Oracle | None = None) -> Verdict:
    """Phyminoes equals Timber on every connected bipartite graph with n vertices, by SAT.

    One instance per graph: the Grundy and misère kernel encodings of Timber and of
    Phyminoes (both readings of the distances, G - xy and G) over all orientations, and a
    goal asking that some nim-value bit or misère outcome differ. Each UNSAT counts after
    its controls (:data:`CONTROLS_SCOPE`; the samples compare the six root values, the
    nim-values and misère outcomes of the three games, with the direct solver).

    Parameters
    ----------
    n : int
        The number of vertices.
    budget : Budget
        Solver, proof and confirm-with options; ``budget.controls`` samples per instance.
    oracle : callable or None
        The direct solver (None: only the toggled controls).

    Returns
    -------
    Verdict

    Examples
    --------
    >>> v = phyminoes_bipartite(4, Budget())
    >>> v.status, v.controls
    ('holds', {'passed': 3, 'total': 3})

    References
    ----------
    *The Game of timber!*, §4 (before Problem 4.3): Phyminoes is Timber on bipartite graphs.
    """
    run = SatRun(budget)
    for g in bipartite_graphs(n):
        shape = graphs.from_networkx(g)
        sink, pool = run.new()
        circ = Circuit(pool, sink)
        differ = []
        lits, tg, root = graphs.add_graph_grundy(pool, sink, shape, "timber", tag="Gt")
        _, tm, _ = graphs.add_graph_kernel(pool, sink, shape, True, "timber", tag="Pt")
        games: list[tuple[tuple[str, str], GrundyEncoding, int]] = [
            (("timber", "minus-edge"), tg, tm.p[root])]
        for dist in ("minus-edge", "graph"):
            _, pg, _ = graphs.add_graph_grundy(pool, sink, shape, "phyminoes", dist,
                                               tag=("Gp", dist))
            _, pm, _ = graphs.add_graph_kernel(pool, sink, shape, True, "phyminoes", dist,
                                               tag=("Pp", dist))
            games.append((("phyminoes", dist), pg, pm.p[root]))
            bound = max(tg.bound[root], pg.bound[root])
            for t in range(bound + 1):
                differ.append(circ.xor(tg.value_lit(root, t, circ), pg.value_lit(root, t, circ)))
            differ.append(circ.xor(tm.p[root], pm.p[root]))
        inst = GuardedOrientations.build(run, sink, pool, shape, lits, circ.or_(differ))
        model = run.solve(sink, inst.main)
        if model is not None:
            return run.verdict(inst.decode(model), detail="Phyminoes and Timber differ here")

        def compare(position: str, true: set[int], games: list = games,
                    root: Any = root) -> str | None:
            """Each game's root nim-value and misère outcome against the direct solver."""
            for (rule, dist), grundy, misere_p in games:
                got = (_nim_value(grundy, root, true), _value(misere_p, true))
                expected = oracle(position, rule, dist)  # type: ignore[misc]  # run only with an oracle
                if got != expected:
                    return (f"{rule} ({dist}): the encodings give (nim-value, misère P) = "
                            f"{got}, the direct solver {expected}")
            return None

        for control in inst.controls(run, compare if oracle else None):
            run.control(sink, control)
    return run.verdict()
