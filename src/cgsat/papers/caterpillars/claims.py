"""The claims of *Timber Game with Caterpillars* and of its 2019 follow-up (records only).

Here n is the number of edges. A claim at n covers every caterpillar ``cat(k1, ..., ks)``
with n edges (``s - 1 + sum(k) = n``), over all spine lengths ``s >= 1`` and all leg
vectors, taken up to reversal (``cat(k)`` and ``cat(reversed k)`` are the same tree with
the spine read backwards). Where a statement is about trees rather than leg vectors
(Theorem 3.1, the even-edges theorem) the trees are taken up to isomorphism.

How the statements are read
---------------------------
- Theorem 3.1: a configuration with a leaf of out-degree 1 is not a P-position, for every
  leaf (legs and spine ends alike).
- Theorem 3.2: ``cat(1, ..., 1)`` (``2s - 1`` edges) has no P-position. At even n there is
  no such caterpillar, and the claim holds vacuously (the result says so).
- Theorem 3.3: ``#P(cat(k)) = #P(cat(k mod 2))``. Only leg vectors with some ``k_i >= 2``
  say anything; the others are skipped.
- Corollary 3.4: (i) all ``k_i`` even: ``#P(cat(k)) = #P(path with s vertices)``;
  (ii) all ``k_i`` odd: no P-position.
- Corollary 3.5: a double broom ``cat(k1, 0, ..., 0, ks)`` has as many P-positions as the
  path with ``s + (k1 mod 2) + (ks mod 2)`` vertices. This needs ``s >= 2``: for ``s = 1``,
  ``cat(k1)`` is a star, and ``cat(1)`` (one edge) has no P-position while the formula
  predicts the path with 3 vertices, which has one. The claim covers ``s >= 2`` only.
- ``even-edges`` (Furtado, Dantas, de Figueiredo, Gravier, *Timber game as a counting
  problem*, Discrete Applied Mathematics 261 (2019)): a tree has a P-position (some
  orientation is a P-position) if and only if it has an even number of edges. Checked over
  every tree with n edges, caterpillar or not.

Theorems 3.1 and 3.2 are kit records (:func:`cgsat.kit.record`): the caterpillars family
and a statement about every configuration. Theorem 3.1's ``brute`` is the kit's play
(stored under the paper's name ``brute``); Theorem 3.2 keeps its own ``brute``, which
plays the one tree ``cat(1,...,1)`` to 13 edges where the kit would play every caterpillar.
The other claims compare counts of P-positions (of two trees, or against a path or a
Catalan number), or say that every tree has some P-orientation, which no
``every``/``exactly``/``never`` over positions says: they stay records of
:class:`~cgsat.claims.Claim`. Each claim has a ``sat`` method (:mod:`.sat`) and a
``brute`` method (exhaustive play, :mod:`.brute` or the kit's); counterexamples are
replayed by the direct solver (``brute.*_confirm``).

References
----------
.. [1] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber Game with
   Caterpillars*, Theorems 3.1-3.3, Corollaries 3.4-3.5.
.. [2] A. Furtado, S. Dantas, C. de Figueiredo, S. Gravier, *Timber game as a counting
   problem*, Discrete Applied Mathematics 261 (2019).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

from cgsat.claims import Budget, Claim, Method
from cgsat.games.timber import adjacency, parse
from cgsat.games.tree_counts import count_p
from cgsat.kit import caterpillars, every, record
from cgsat.kit.statements import Position
from cgsat.papers.caterpillars import brute, counts_brute, counts_dp, counts_sat, sat
from cgsat.papers.caterpillars.counts import tree_text
from cgsat.papers.caterpillars.legs import (
    all_trees,
    caterpillar_one,
    cor34_even,
    cor34_odd,
    cor35_pairs,
    thm33_pairs,
)
from cgsat.papers.timber.graphs import brute as graphs_brute
from cgsat.sat.solve import SatRun
from cgsat.vacuity import Reason, attach

__all__ = ["PAPER", "FOLLOWUP", "CLAIMS", "TARGET_REASONS", "leaf_arc_out_is_n",
           "comb_is_not_p", "tree_counts_control"]

PAPER = "Timber Game with Caterpillars (Furtado, Dantas, de Figueiredo, Gravier)"
FOLLOWUP = "Timber game as a counting problem (Furtado et al., DAM 261, 2019)"

_PARAM = "n = number of edges; every caterpillar cat(k1,...,ks) with n edges (all s, all k)"
_LEMMA31 = (
    " Together with Lemma 3.1 of The Game of timber! (a configuration with a leg pointing "
    "to the spine is an N-position: toppling that leg leaves the empty position), this "
    "covers every configuration."
)
_OUTLEG = (
    "Encoding: caterpillars with all legs pointing out, every spine orientation at once; "
    "legs at a spine vertex are identified up to symmetry (a follower is a spine interval "
    "and the number of legs left at each of its vertices). Leg counts are reduced mod 2 "
    "by the inductive leg-pair check on every follower's leg vector (local checks, all "
    "UNSAT), then the kernel of the reduced caterpillars is solved where needed."
)
_DP_SCOPE = (
    "The tree-p-counts probe's dynamic programme (verify/papers/timber/tree_counts.py): "
    "the P-orientations of a tree (all 2^m labelled orientations) counted from branch "
    "states, Lemmas 3.1-3.3 of The Game of timber! applied bottom-up (proved in that "
    "module's docstring); no position is played and no SAT is used."
)
_CONTROLS = (" " + sat.PAIR_CONTROLS + " " + sat.KERNEL_CONTROLS
             + " A failed control makes the verdict an error.")


def leaf_arc_out_is_n(p: Position) -> bool:
    """Theorem 3.1 of *Timber Game with Caterpillars* at one configuration D: if a leaf has
    out-degree 1 in D (its arc points away from it), D is not a P-position."""
    arcs = parse(p.text)
    ends = Counter(v for arc in arcs for v in arc)
    return not any(ends[tail] == 1 for tail, _ in arcs) or p.outcome != "P"


def comb_is_not_p(p: Position) -> bool:
    """Theorem 3.2 of *Timber Game with Caterpillars* at one configuration D of a
    caterpillar: if the tree is a caterpillar 1, ``cat(1,...,1)``, D is not a P-position.

    A caterpillar is ``cat(1,...,1)`` exactly when every vertex that is not a leaf has one
    leaf neighbour (its non-leaves are the spine, each with its one leg; ``cat(1)`` is one
    edge, with no vertex but leaves).
    """
    adj = adjacency(parse(p.text))
    leaves = {v for v, around in adj.items() if len(around) == 1}
    comb = all(len(around & leaves) == 1 for v, around in adj.items() if v not in leaves)
    return not comb or p.outcome != "P"


CLAIMS: list[Claim] = [
    # Theorem 3.1: a leaf of out-degree 1 excludes a P-position.
    record(
        "caterpillars.thm3.1", caterpillars(), every(leaf_arc_out_is_n),
        paper=PAPER, theorem="Theorem 3.1", base=1, quick=8, target=16,
        text="If a caterpillar has a leaf whose out-degree in D is 1, D is not a P-position.",
        parameter="n = number of edges; every caterpillar tree with n edges (up to isomorphism)",
        rename={"play": "brute"}, max_n={"brute": 9},  # the kit's play, stored as brute
        methods=(
            Method("sat", partial(sat.thm31_sat, oracle=graphs_brute.nim_and_misere,
                                  chunk=32),
                   "UNSAT at n: for every caterpillar tree with n edges (up to isomorphism) "
                   "and every orientation, a leaf arc pointing away from its leaf excludes "
                   "a P-position. The instances (of at most 32 caterpillars each, every "
                   "one UNSAT with its own controls) are the depth-1 relaxation of the "
                   "tree kernel (conditions of the root and the empty position only), "
                   "whose UNSAT implies that of the full kernel. " + sat.THM31_CONTROLS,
                   uses_solver=True),
        ),
        confirm=brute.thm31_confirm,
        notes="A special case of Lemma 3.1 of The Game of timber! (timber.lem3.1).",
    ),
    # Theorem 3.2: the caterpillar 1, cat(1,...,1), has no P-position.
    record(
        "caterpillars.thm3.2", caterpillars(), every(comb_is_not_p),
        paper=PAPER, theorem="Theorem 3.2", base=1, quick=11, target=23, derive=False,
        text="No configuration of a caterpillar 1, cat(1,...,1), is a P-position.",
        parameter="n = number of edges; cat(1,...,1) with s spine vertices has n = 2s - 1",
        methods=(
            Method("sat", partial(sat.thm32_sat, oracle=brute.is_p),
                   "UNSAT at odd n: cat(1,...,1) with s = (n+1)/2 has no P-position with all "
                   "legs out, under any spine orientation. " + _OUTLEG + _LEMMA31
                   + " Even n: vacuous (no caterpillar 1 has an even number of edges)."
                   + _CONTROLS,
                   uses_solver=True),
            Method("brute", brute.thm32_brute, max_n=13, scope=
                   "Exhaustive play on every orientation of cat(1,...,1) with n edges "
                   "(odd n); vacuous at even n."),
        ),
        confirm=brute.thm32_confirm,
        notes="At even n no caterpillar 1 exists; those sizes hold vacuously.",
    ),
    # Theorem 3.3: leg counts matter only mod 2.
    Claim(
        id="caterpillars.thm3.3",
        paper=PAPER,
        theorem="Theorem 3.3",
        statement="#P(cat(k1,...,ks)) = #P(cat(k1 mod 2, ..., ks mod 2)).",
        kind="theorem",
        parameter=_PARAM,
        base=1,
        quick_bound=8,
        target_bound=14,
        methods=(
            Method("sat", partial(sat.thm33_sat, oracle=brute.is_p), uses_solver=True, scope=(
                "Inductive. UNSAT at n: for every leg vector a with n edges (up to reversal) "
                "and every vertex x with a_x >= 2, the local check of 'two legs at x "
                "cancel' (kernel conditions at cat(a) and cat(a - 2e_x), the statement on "
                "smaller pairs as hypothesis) fails, under every spine orientation, legs "
                "out. With every smaller size this proves, for every k with at most n "
                "edges, that cat(k) and cat(k mod 2) with all legs out are P-positions under "
                "the same spine orientations, hence equal counts. " + _LEMMA31
                + " If the induction fails, a kernel miter decides (and counts)." + _CONTROLS)),
            Method("brute", brute.thm33_brute, max_n=9, scope=
                   "Counts the P-positions of cat(k) and cat(k mod 2) by exhaustive play on "
                   "every orientation, for every k with n edges and some k_i >= 2."),
        ),
        confirm=brute.thm33_confirm,
        notes="Leg vectors with every k_i <= 1 make the statement trivial and are skipped. "
              "The SAT method proves the stronger pointwise statement (same spine "
              "orientations); if that failed, it counts before declaring a refutation.",
    ),
    # Corollary 3.4: all-even legs count like the spine; all-odd legs, no P-position.
    Claim(
        id="caterpillars.cor3.4",
        paper=PAPER,
        theorem="Corollary 3.4",
        statement="(i) every k_i even: #P(cat(k)) = #P(path with s vertices); "
                  "(ii) every k_i odd: #P(cat(k)) = 0.",
        kind="corollary",
        parameter=_PARAM,
        base=1,
        quick_bound=8,
        target_bound=15,
        methods=(
            Method("sat", partial(sat.cor34_sat, oracle=brute.is_p),
                   "UNSAT at n: (i) for every all-even k with n edges (some k_i > 0) and every "
                   "spine orientation, cat(k) with all legs out is a P-position iff the bare "
                   "spine (the path with s vertices) is; (ii) no all-odd cat(k) with n edges "
                   "is a P-position with all legs out. " + _OUTLEG + _LEMMA31 + _CONTROLS,
                   uses_solver=True),
            Method("brute", brute.cor34_brute, max_n=10, scope=
                   "Exhaustive play: (i) counts P-positions of cat(k) and of the path with s "
                   "vertices; (ii) searches every orientation of each all-odd cat(k)."),
        ),
        confirm=brute.cor34_confirm,
        notes="In (i) the vector of zeros (the path itself) is skipped as trivial.",
    ),
    # Corollary 3.5: double brooms count like a path.
    Claim(
        id="caterpillars.cor3.5",
        paper=PAPER,
        theorem="Corollary 3.5",
        statement="A double broom cat(k1,0,...,0,ks), s >= 2, has as many P-positions as "
                  "the path with s + (k1 mod 2) + (ks mod 2) vertices.",
        kind="corollary",
        parameter="n = number of edges; every double broom cat(k1,0,...,0,ks) with s >= 2 "
                  "and n edges",
        base=1,
        quick_bound=9,
        target_bound=26,
        methods=(
            Method("sat", partial(sat.cor35_sat, oracle=brute.is_p),
                   "UNSAT at n: for every double broom with n edges, s >= 2 and k1 or ks >= 2, "
                   "and every spine orientation, it is a P-position with all legs out iff "
                   "cat(k1 mod 2, 0, ..., 0, ks mod 2) (that path) is. " + _OUTLEG + _LEMMA31
                   + " Brooms whose legs are all 0 or 1 are the path itself (trivial)."
                   + _CONTROLS,
                   uses_solver=True),
            Method("brute", brute.cor35_brute, max_n=12, scope=
                   "Counts P-positions of each double broom with n edges (s >= 2) and of the "
                   "predicted path, by exhaustive play."),
        ),
        confirm=brute.cor35_confirm,
        notes="Restricted to s >= 2: for s = 1, cat(1) (one edge) has no P-position but the "
              "formula predicts the path with 3 vertices, which has one (LR). With s = 1 "
              "the paper's k1 and ks are the same number.",
    ),
    # Furtado et al. 2019 (Timber game as a counting problem): even edges.
    Claim(
        id="caterpillars.even-edges",
        paper=FOLLOWUP,
        theorem="Furtado et al. 2019 (even edges)",
        statement="A tree has a P-position if and only if it has an even number of edges.",
        kind="theorem",
        parameter="n = number of edges; every tree with n edges (up to isomorphism)",
        base=1,
        quick_bound=8,
        target_bound=10,
        methods=(
            Method("sat", partial(sat.even_edges_sat, oracle=brute.is_p),
                   "Odd n: UNSAT of one instance with the full kernel of every tree with n "
                   "edges, asking for a P-position. Even n: for every tree with n edges a SAT "
                   "model (an orientation that is a P-position), replayed by the direct "
                   "solver. " + sat.EVEN_EDGES_CONTROLS, uses_solver=True),
            Method("brute", brute.even_edges_brute, max_n=10, scope=
                   "Exhaustive play: at even n finds a P-orientation of every tree with n "
                   "edges; at odd n checks that no orientation of any tree is P."),
            Method("dp", counts_dp.even_edges_dp, scope=_DP_SCOPE + (
                " At n: every tree with n edges has a positive count at even n and count 0 "
                "at odd n. A refutation at odd n names a P-orientation (found by the same "
                "branch-state rule on single orientations), replayed by the direct solver.")),
        ),
        confirm=brute.even_edges_confirm,
        notes="At even n a 'holds' is an existence result (one witness per tree, replayed), "
              "not an UNSAT answer. The dp method (the tree-p-counts probe's dynamic "
              "programme) reaches 18 edges in about a minute; its proof (module docstring of "
              "timber/tree_counts.py) also gives the theorem for every n: a branch with an "
              "even number of edges can take state 0 and one with an odd number state 1, so "
              "the XOR at the root can be 0 exactly when the tree has an even number of edges.",
    ),
    # cgsat's rules from the tree-p-counts probe (the open problem of §4).
    Claim(
        id="caterpillars.binary-sum",
        paper=PAPER,
        theorem="§4 (cgsat's rule from the tree-p-counts probe)",
        statement="The numbers of P-orientations of the 2^s binary caterpillars cat(k), "
                  "k in {0,1}^s, sum to the Catalan number C(s).",
        kind="conjecture",
        parameter="n = s, the spine length; every leg vector k in {0,1}^n (cat(k) has "
                  "n - 1 + sum(k) edges), counted once per vector (a vector and its "
                  "reversal both count)",
        base=1,
        quick_bound=6,  # brute n=7: 30 s at load 8 on 2 cores (n=6: 3.5 s); issue 26
        target_bound=8,
        methods=(
            Method("sat", partial(counts_sat.binary_sum_sat, oracle=brute.is_p),
                   uses_solver=True, scope=(
                       "Counting by SAT, not UNSAT of one statement: for each leg vector "
                       "k in {0,1}^n up to reversal (weight 2 unless a palindrome), the "
                       "full kernel of every orientation of cat(k) (timber_trees), its "
                       "models with the root P enumerated with blocking clauses on the "
                       "orientation variables until UNSAT; the sum of the counts equals "
                       "C(n). " + counts_sat.CONTROLS)),
            Method("dp", counts_dp.binary_sum_dp, scope=_DP_SCOPE + (
                " At n: the counts of every cat(k), k in {0,1}^n, sum to C(n).")),
            Method("brute", counts_brute.binary_sum_brute, max_n=7, scope=(
                "Every orientation of every cat(k), k in {0,1}^n, played out by the "
                "direct solver; the P-positions sum to C(n).")),
        ),
        confirm=counts_brute.binary_sum_confirm,
        notes="Found in the tree-p-counts data, not a statement of the paper. Proof sketch "
              "(timber/tree_probes.py): merging the branch states 2L and 2L+1 into a level "
              "L, a spine step with its optional leg moves the level by -1, 0 (two ways) or "
              "+1, so the sum counts Motzkin paths with two colours of flat steps, C(s). "
              "The sat method counts by enumerating models (each instance ends UNSAT), not "
              "by pyganak: Ganak on the same kernels took 254 s at spine 8 against 4.5 s.",
    ),
    Claim(
        id="caterpillars.path-most",
        paper=PAPER,
        theorem="§4 (cgsat's rule from the tree-p-counts probe)",
        statement="For even n >= 4, the path with n edges has strictly more P-orientations "
                  "(C(n/2)) than any other tree with n edges.",
        kind="conjecture",
        parameter="n = number of edges; every tree with n edges (up to isomorphism), all "
                  "2^n labelled orientations counted; odd n and n < 4 are vacuous",
        base=4,
        quick_bound=8,  # brute n=10: 96 s at load 9 on 2 cores (n=8: 2.1 s); issue 26
        target_bound=10,
        methods=(
            Method("sat", partial(counts_sat.path_most_sat, oracle=brute.is_p),
                   uses_solver=True, scope=(
                       "Counting by SAT: for each tree with n edges other than the path, "
                       "the full kernel of every orientation (timber_trees), its models "
                       "with the root P enumerated with blocking clauses on the "
                       "orientation variables, stopped at C(n/2); every such enumeration "
                       "ends UNSAT below C(n/2). The path's own models are enumerated in "
                       "full and must number C(n/2) (Theorem 2.5 of The Game of timber!, a "
                       "known-answer control). " + counts_sat.CONTROLS)),
            Method("dp", counts_dp.path_most_dp, scope=_DP_SCOPE + (
                " At n: every tree with n edges but the path has a count below C(n/2), and "
                "the path's count is C(n/2).")),
            Method("brute", counts_brute.path_most_brute, max_n=10, scope=(
                "Every orientation of every tree with n edges played out by the direct "
                "solver: every tree but the path has fewer than C(n/2) P-positions, the "
                "path exactly C(n/2).")),
        ),
        confirm=counts_brute.path_most_confirm,
        notes="Found in the tree-p-counts data, not a statement of the paper. The runner-up "
              "is a spider (1, 4, 10, 28, 90, 297, 1001, 3432 for n = 4..18 by the dp "
              "method); the fewest is 1 (the star) at every even n. The dp method reaches "
              "18 edges (317,955 trees) in under a minute.",
    ),
]

TARGET_REASONS: dict[str, str] = {
    'caterpillars.binary-sum': (
        'target 10 -> 8: sat took 33 s at n=8 and 329 s at 9 (x10 per size, about 3300 s at '
        '10; committed store); brute stops at its size limit 7 (3.0 s at 6, 13 s at 7); dp '
        'reaches any size.'
    ),
    'caterpillars.path-most': (
        'target 12 -> 10: sat took 3.9 s at n=8 and 53 s at 10 (x3.7 per size, about 700 s at'
        ' 12; committed store); brute stops at its size limit 10 (31 s at 10); dp reaches any'
        ' size.'
    ),
    'caterpillars.cor3.5': (
        'target 36 -> 26: sat took 2.2 s at n=16, 3.3 s at 17 and 4.4 s at 18 with minisat22 '
        'confirming (x1.3-1.55 per size: about 45-150 s at 26, 850 s at 30 and 260-8000 s at '
        '36 by a polynomial or exponential fit; issue 27); brute stops at its size limit 12.'
    ),
}
"""Why a target bound was lowered, or a method stops at its size limit, as measured (issue
27, item 3; docs/history/performance.md, "Caterpillars"): shown by the report."""


def _none_of(kind: str, vectors: Callable[[int, int], list[Any]]) -> Reason:
    """Vacuous where no leg vector ``vectors(n, s)`` of any spine s has n edges (*Timber
    Game with Caterpillars*, §3: the caterpillars each statement ranges over)."""
    def vacuous(n: int) -> str | None:
        if any(vectors(n, s) for s in range(1, n + 2)):
            return None
        return f"no {kind} has {n} edges"
    return vacuous


def _no_tree_count(n: int) -> str | None:
    """*Timber game as a counting problem*: a tree with an odd number of edges has no
    P-orientation, and below 4 edges there is at most one tree (nothing to compare)."""
    if n % 2:
        return "odd n: no tree has a P-orientation"
    return "at most one tree with n edges" if n < 4 else None


COUNT_CONTROL_UP_TO = 6
"""The largest n at which the record of ``caterpillars.path-most`` recounts by SAT (issue
36): every tree with 6 edges (6 trees, 64 orientations each) in about a second."""


def tree_counts_control(n: int, up_to: int = COUNT_CONTROL_UP_TO) -> str | None:
    """The run-time control of ``caterpillars.path-most`` (issue 36): at n <= ``up_to``,
    the P-orientations of every tree with n edges counted by the SAT method's own code
    (:class:`~cgsat.papers.caterpillars.counts_sat.TreeCount`: the kernel's models
    enumerated with blocking clauses) must equal the direct solver's count of every
    orientation (:func:`cgsat.games.tree_counts.count_p`). A blocking clause that blocks
    more than its model makes the SAT count fall short, which the sat method's own
    verdict ("fewer than C(n/2)") would not notice for a tree other than the path.

    Examples
    --------
    >>> print(tree_counts_control(4))
    None

    References
    ----------
    *Timber Game with Caterpillars*, §4; *The Game of timber!*, Theorem 2.1 (one kernel
    model per orientation).
    """
    if n < 1 or n > up_to:
        return None
    run = SatRun(Budget(controls=0))
    for g in all_trees(n):
        got, want = counts_sat.TreeCount(run, g).count(), count_p(g)
        if got != want:
            return (f"count control at n={n}: the SAT enumeration (blocking clauses) counts "
                    f"{got} P-orientations of {tree_text(g)}, the direct solver {want}")
    return None


CLAIMS = attach(CLAIMS, {
    # a record's vacuity is its family's, and every caterpillar family has positions at
    # every n >= 1; Theorem 3.2 speaks of cat(1,...,1) only, which has none at even n
    "caterpillars.thm3.2": _none_of("cat(1,...,1)", caterpillar_one),
    "caterpillars.thm3.3": _none_of("caterpillar with a leg count >= 2", thm33_pairs),
    "caterpillars.cor3.4": _none_of(
        "all-even or all-odd caterpillar", lambda n, s: cor34_even(n, s) + cor34_odd(n, s)),
    "caterpillars.path-most": _no_tree_count,
}, gaps={
    # the sat method's scope is the double brooms with a leg count >= 2 (those with legs of
    # 0 and 1 only are the path itself); brute counts every double broom
    "caterpillars.cor3.5": {"sat": _none_of("double broom with a leg count >= 2",
                                            cor35_pairs)},
}, controls={"caterpillars.path-most": tree_counts_control})
