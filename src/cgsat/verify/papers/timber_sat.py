"""More claims from *The Game of timber!*: Theorem 2.4, Theorem 1.1, Phyminoes on bipartite
graphs, and the sharp SAT method for the Toppling Peaks characterizations.

These claims are appended to :data:`cgsat.verify.papers.timber.CLAIMS`.

- ``sat`` for Theorems 2.3 and 2.4 (and the characterization step of Theorem 2.5) is the
  sharp inductive partition check of :mod:`cgsat.encodings.timber_path` (order-encoded prefix
  heights shared by every option), not the circuit of :mod:`cgsat.encodings.peaks_induction`:
  it reaches n = 120 in seconds where the circuit needs minutes at n = 64.
- ``timber.thm1.1``: part 1 read as "a connected graph that contains a cycle" (networkx
  calls a single edge biconnected, and that reading would wrongly refute part 1 on a single
  arc: one arc is an N-position under normal play but is no 2-connected graph in the
  paper's sense); part 2 is 2-connected graphs on at least 3 vertices under misère play. n
  is the number of vertices, and a check at n covers every connected graph of the networkx
  graph atlas with n vertices (all graphs up to 7 vertices).
- ``timber.phyminoes-bipartite``: on every connected bipartite graph with n vertices, for
  every orientation, Phyminoes (both readings of the distances) and Timber have the same
  nim-value and the same misère outcome.

Methods share no encoding code: ``sat`` computes followers with
:mod:`cgsat.encodings.timber_graphs`, ``brute`` plays with :mod:`cgsat.games.timber`,
:mod:`cgsat.games.phyminoes` and :mod:`cgsat.cgt.impartial`.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), Theorems 1.1, 2.3, 2.4 and §4.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from cgsat.verify.claims import Budget, Claim, Method, Verdict

ATLAS_MAX_VERTICES = 7
THM11_BRUTE_MAX = 6  # 7 vertices is ~10^7 orientations: hours of exhaustive play


# -- Toppling Peaks: the sharp inductive check ------------------------------------------------
def sharp_characterization(n: int, budget: Budget, label: str) -> Verdict:
    """The sharp inductive partition check for ``label`` in {"thm2.3", "thm2.4"} at length n.

    Examples
    --------
    >>> sharp_characterization(10, Budget(), "thm2.4").status
    'holds'
    """
    from pysat.formula import IDPool

    from cgsat.encodings import timber_path as peaks
    from cgsat.encodings.cnf import ClauseBuffer
    from cgsat.verify.solve import solve_cnf

    predicate, misere = peaks.PREDICATES[label]
    buf = ClauseBuffer()
    word = peaks.add_inductive_check(IDPool(), buf, n, predicate, misere)
    out = solve_cnf(buf, budget)
    common = dict(instance=out.instance, solver=out.solver, certificate=out.certificate,
                  dimacs_sha256=out.dimacs_sha256)
    if out.sat:
        w = peaks.decode_word(out.model or [], word.letters)
        return Verdict.refuted(w or "()", detail="the partition condition fails here", **common)
    return Verdict.holds(**common)


def sharp_sat_method(label: str) -> Method:
    """The ``sat`` method of Theorem 2.3 or 2.4 by the sharp inductive check."""
    play = "misère" if label == "thm2.4" else "normal"
    return Method(
        "sat", lambda n, budget: sharp_characterization(n, budget, label), uses_solver=True,
        scope=(f"no word of length n breaks the {play} partition condition for C, given C on "
               "its options (sharp encoding: order-encoded prefix heights); with every "
               "smaller size, C is exactly the P-positions of length <= n"))


def smt_method(label: str) -> Method:
    """An ``smt`` method: z3 on the sharp encoding's CNF (DIMACS through ``from_string``).

    z3's arithmetic formulations (integer or bit-vector heights) time out at n = 40 (see
    docs/benchmarks.md), so the registered SMT method is z3 on the order-encoded CNF.
    """

    def run(n: int, budget: Budget) -> Verdict:
        from cgsat.encodings.smt_peaks import smt_inductive_check

        r = smt_inductive_check(n, label, "dimacs", timeout=budget.timeout)
        common = dict(instance=r.instance, solver="z3")
        if r.sat is None:
            return Verdict.unknown("z3 gave up (timeout)", **common)
        if r.sat:
            return Verdict.refuted(r.word or "()", detail="the partition condition fails here",
                                   **common)
        return Verdict.holds(**common)

    return Method("smt", run, scope=(
        "as sat, with z3 solving the same order-encoded CNF (not the CaDiCaL answer)"))


def thm24_claim() -> Claim:
    """``timber.thm2.4``: the misère P-positions of Toppling Peaks are exactly X."""
    from cgsat.cgt import peaks as tables
    from cgsat.verify.papers import timber as T

    def x_words(n: int) -> list[str]:
        # X from SWP words listed directly: SWP·, R·SWP, SWP·L, R·SWP·L (no 2^n filter)
        out = set()
        for core_len, pre, suf in ((n, "", ""), (n - 1, "R", ""), (n - 1, "", "L"),
                                   (n - 2, "R", "L")):
            if core_len < 0:
                continue
            for w in T.dyck_words(core_len):
                if T.is_swp(w):
                    out.add(pre + w + suf)
        out.discard("")
        return sorted(out)

    def brute(n: int, budget: Budget) -> Verdict:
        return T.brute_characterization(n, x_words, misere=True)

    def confirm(n: int, counterexample: str) -> bool:
        word = "" if counterexample == "()" else counterexample
        return len(word) <= n and T.misclassified(word, T.in_x, True) is not None

    return Claim(
        id="timber.thm2.4", paper=T.PAPER, theorem="Theorem 2.4",
        statement="In misère play the P-positions of Toppling Peaks are exactly X = "
                  "(SWP∖{ε}) ∪ R·SWP ∪ SWP·L ∪ R·SWP·L, SWP = Dyck words without a peak "
                  "at height 1.",
        kind="theorem", parameter="n = word length (number of dominoes)",
        base=0, quick_bound=24, target_bound=120,
        methods=(
            Method("brute", brute, max_n=tables.MAX_LENGTH, scope=(
                "every word of length n: its misère P-positions (exhaustive play) are "
                "exactly the words of X of length n")),
            sharp_sat_method("thm2.4"),
            smt_method("thm2.4"),
        ),
        confirm=confirm,
        notes="L is an up-step, R a down-step. X's members of length n are listed from "
              "Dyck words for brute; the SAT circuit reads SWP off order-encoded heights.",
    )


# -- graphs of the atlas ------------------------------------------------------------------------
@cache
def connected_graphs(n: int) -> tuple[Any, ...]:
    """Every connected graph with n vertices (networkx graph atlas, n <= 7), up to
    isomorphism.

    Examples
    --------
    >>> [len(connected_graphs(n)) for n in range(1, 6)]
    [1, 1, 2, 6, 21]
    """
    import networkx as nx

    if n > ATLAS_MAX_VERTICES:
        raise ValueError(f"the graph atlas stops at {ATLAS_MAX_VERTICES} vertices")
    return tuple(g for g in nx.graph_atlas_g()
                 if g.number_of_nodes() == n and n > 0 and nx.is_connected(g))


def has_cycle(g: Any) -> bool:
    """A connected graph contains a cycle iff it has at least as many edges as vertices."""
    return g.number_of_edges() >= g.number_of_nodes()


def two_connected(g: Any) -> bool:
    """2-connected in the paper's sense: at least 3 vertices and no cut vertex."""
    import networkx as nx

    return g.number_of_nodes() >= 3 and nx.is_biconnected(g)


def _thm11_parts(g: Any) -> Iterator[tuple[str, bool, str]]:
    """The parts of Theorem 1.1 that apply to g: (part, misère, claimed outcome)."""
    if has_cycle(g):
        yield "part 1", False, "N"
    if two_connected(g):
        yield "part 2", True, "P"


def _thm11_sat(n: int, budget: Budget) -> Verdict:
    from pysat.formula import IDPool

    from cgsat.encodings import timber_graphs as graphs
    from cgsat.encodings.cnf import ClauseBuffer
    from cgsat.verify.certificates import combine
    from cgsat.verify.solve import solve_cnf

    size = {"vars": 0, "clauses": 0}
    certs = []
    solver = None
    checked = 0
    for g in connected_graphs(n):
        shape = graphs.from_networkx(g)
        for part, misere, outcome in _thm11_parts(g):
            buf = ClauseBuffer()
            lits, enc, root = graphs.add_graph_kernel(IDPool(), buf, shape, misere=misere)
            p = enc.p[root]
            buf.add_clause([p] if outcome == "N" else [-p])  # the opposite outcome
            out = solve_cnf(buf, budget)
            size["vars"] += out.instance["vars"]
            size["clauses"] += out.instance["clauses"]
            certs.append(out.certificate)
            solver = out.solver
            checked += 1
            if out.sat:
                pos = graphs.decode_orientation(out.model or [], shape, lits)
                return Verdict.refuted(pos, instance=size, solver=solver,
                                       detail=f"{part}: outcome is not {outcome}")
    return Verdict.holds(instance=size, solver=solver, certificate=combine(certs) if certs
                         else None, detail=f"{checked} graph instances, all UNSAT")


def _thm11_brute(n: int, budget: Budget) -> Verdict:
    from cgsat.cgt.impartial import ImpartialSolver
    from cgsat.games import get_ruleset
    from cgsat.games.oriented import orientations
    from cgsat.games.timber import format as fmt

    solver = ImpartialSolver(get_ruleset("timber"))
    count = 0
    for g in connected_graphs(n):
        parts = list(_thm11_parts(g))
        if not parts:
            continue
        for pos in orientations(g):
            count += 1
            for part, misere, outcome in parts:
                if solver.outcome(pos, misere=misere) != outcome:
                    return Verdict.refuted(fmt(pos), detail=f"{part}: outcome is not {outcome}")
    return Verdict.holds(detail=f"{count} oriented graphs played out")


def _thm11_confirm(n: int, counterexample: str) -> bool:
    import networkx as nx

    from cgsat.cgt.impartial import ImpartialSolver
    from cgsat.games import get_ruleset

    rs = get_ruleset("timber")
    pos = rs.parse(counterexample)
    g = nx.Graph()
    g.add_edges_from(pos)
    if g.number_of_nodes() != n or not nx.is_connected(g):
        return False
    solver = ImpartialSolver(rs)
    return any(solver.outcome(pos, misere=m) != o for _, m, o in _thm11_parts(g))


def thm11_claim() -> Claim:
    """``timber.thm1.1`` (both parts)."""
    from cgsat.verify.papers import timber as T

    return Claim(
        id="timber.thm1.1", paper=T.PAPER, theorem="Theorem 1.1",
        statement="If G is connected and contains a cycle, every orientation is an "
                  "N-position (normal play); if G is 2-connected (>= 3 vertices), every "
                  "orientation is a misère P-position.",
        kind="theorem", parameter="n = number of vertices (every connected graph of the "
                                  "networkx atlas with n vertices)",
        base=3, quick_bound=5, target_bound=ATLAS_MAX_VERTICES,
        methods=(
            Method("sat", _thm11_sat, uses_solver=True, max_n=ATLAS_MAX_VERTICES, scope=(
                "for every connected graph with n vertices that contains a cycle, the kernel "
                "encoding over all its orientations has no normal-play P-position; for every "
                "2-connected one, none is a misère N-position (one SAT call per graph and "
                "part, all UNSAT)")),
            Method("brute", _thm11_brute, max_n=THM11_BRUTE_MAX, scope=(
                "every orientation of every such graph with n vertices, played out by the "
                "direct solver (7 vertices is about 10^7 orientations, beyond this method)")),
        ),
        confirm=_thm11_confirm,
        notes="Part 1 is read as 'connected and contains a cycle': networkx calls a single "
              "edge biconnected, which would wrongly refute part 1 on one arc. Part 2 needs "
              "at least 3 vertices. The atlas covers graphs up to 7 vertices.",
    )


# -- Phyminoes equals Timber on bipartite graphs ----------------------------------------------
def bipartite_graphs(n: int) -> list[Any]:
    """Connected bipartite graphs with n vertices (at least one edge)."""
    import networkx as nx

    return [g for g in connected_graphs(n) if g.number_of_edges() and nx.is_bipartite(g)]


def _bip_sat(n: int, budget: Budget) -> Verdict:
    from pysat.formula import IDPool

    from cgsat.encodings import timber_graphs as graphs
    from cgsat.encodings.cnf import ClauseBuffer
    from cgsat.encodings.gates import Circuit
    from cgsat.verify.certificates import combine
    from cgsat.verify.solve import solve_cnf

    size = {"vars": 0, "clauses": 0}
    certs, solver = [], None
    for g in bipartite_graphs(n):
        shape = graphs.from_networkx(g)
        pool, buf = IDPool(), ClauseBuffer()
        circ = Circuit(pool, buf)
        differ = []
        lits, tg, root = graphs.add_graph_grundy(pool, buf, shape, "timber", tag="Gt")
        _, tm, _ = graphs.add_graph_kernel(pool, buf, shape, True, "timber", tag="Pt")
        for dist in ("minus-edge", "graph"):
            _, pg, _ = graphs.add_graph_grundy(pool, buf, shape, "phyminoes", dist,
                                               tag=("Gp", dist))
            _, pm, _ = graphs.add_graph_kernel(pool, buf, shape, True, "phyminoes", dist,
                                               tag=("Pp", dist))
            bound = max(tg.bound[root], pg.bound[root])
            for t in range(bound + 1):
                differ.append(circ.xor(tg.value_lit(root, t, circ), pg.value_lit(root, t, circ)))
            differ.append(circ.xor(tm.p[root], pm.p[root]))
        buf.add_clause(differ)
        out = solve_cnf(buf, budget)
        size["vars"] += out.instance["vars"]
        size["clauses"] += out.instance["clauses"]
        certs.append(out.certificate)
        solver = out.solver
        if out.sat:
            pos = graphs.decode_orientation(out.model or [], shape, lits)
            return Verdict.refuted(pos, instance=size, solver=solver,
                                   detail="Phyminoes and Timber differ here")
    return Verdict.holds(instance=size, solver=solver,
                         certificate=combine(certs) if certs else None)


def _bip_differs(pos: Any, solvers: tuple) -> bool:
    timber, *phys = solvers
    nim, mis = timber.nim_value(pos), timber.outcome(pos, misere=True)
    return any(s.nim_value(pos) != nim or s.outcome(pos, misere=True) != mis for s in phys)


def _bip_brute(n: int, budget: Budget) -> Verdict:
    from cgsat.cgt.impartial import ImpartialSolver
    from cgsat.games import get_ruleset
    from cgsat.games.oriented import orientations
    from cgsat.games.timber import format as fmt

    solvers = (ImpartialSolver(get_ruleset("timber")),
               ImpartialSolver(get_ruleset("phyminoes", distances="minus-edge")),
               ImpartialSolver(get_ruleset("phyminoes", distances="graph")))
    count = 0
    for g in bipartite_graphs(n):
        for pos in orientations(g):
            count += 1
            if _bip_differs(pos, solvers):
                return Verdict.refuted(fmt(pos), detail="Phyminoes and Timber differ here")
    return Verdict.holds(detail=f"{count} oriented bipartite graphs played out")


def _bip_confirm(n: int, counterexample: str) -> bool:
    from cgsat.cgt.impartial import ImpartialSolver
    from cgsat.games import get_ruleset

    solvers = (ImpartialSolver(get_ruleset("timber")),
               ImpartialSolver(get_ruleset("phyminoes", distances="minus-edge")),
               ImpartialSolver(get_ruleset("phyminoes", distances="graph")))
    return _bip_differs(get_ruleset("timber").parse(counterexample), solvers)


def phyminoes_bipartite_claim() -> Claim:
    """``timber.phyminoes-bipartite``."""
    from cgsat.verify.papers import timber as T

    return Claim(
        id="timber.phyminoes-bipartite", paper=T.PAPER, theorem="§4 (before Problem 4.3)",
        statement="Phyminoes is the same as Timber on bipartite graphs.",
        kind="theorem", parameter="n = number of vertices (every connected bipartite graph "
                                  "of the networkx atlas with n vertices)",
        base=2, quick_bound=6, target_bound=ATLAS_MAX_VERTICES,
        methods=(
            Method("sat", _bip_sat, uses_solver=True, max_n=ATLAS_MAX_VERTICES, scope=(
                "for every connected bipartite graph with n vertices, no orientation where "
                "Phyminoes (either reading of the distances) and Timber differ in nim-value "
                "or misère outcome (Grundy and kernel encodings, one SAT call per graph)")),
            Method("brute", _bip_brute, max_n=ATLAS_MAX_VERTICES, scope=(
                "every orientation of every such graph, nim-values and misère outcomes of "
                "both games by the direct solver")),
        ),
        confirm=_bip_confirm,
        notes="Checked as equality of nim-values (normal play) and of misère outcomes, for "
              "both readings of Phyminoes' distances (G - xy and G).",
    )


def claims() -> list[Claim]:
    """The claims this module adds to ``timber.CLAIMS``."""
    return [thm24_claim(), thm11_claim(), phyminoes_bipartite_claim()]
