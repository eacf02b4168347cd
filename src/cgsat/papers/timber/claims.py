"""The claims of *The Game of timber!* (Nowakowski, Renault, Lamoureux, Mellon, Miller).

Records only: each claim cites its theorem, and its methods are functions of
:mod:`~cgsat.papers.timber.path.sat`, :mod:`~cgsat.papers.timber.path.brute`,
:mod:`~cgsat.papers.timber.graphs.sat`, :mod:`~cgsat.papers.timber.graphs.brute`,
:mod:`~cgsat.papers.timber.trees.sat` and :mod:`~cgsat.papers.timber.trees.brute`
(a method with a parameter, the set C or the play, is a ``functools.partial``).
Theorems 2.3, 2.4, 1.1 and Lemma 3.1 are kit records (a family and an ``exactly`` or
``every`` statement, the latter two with the predicates of
:mod:`~cgsat.papers.timber.statements`), their methods attached; the other claims state
counts, compare two positions (a reduction T to T'), two rulesets, or an algorithm with
play, range over one named graph per n beyond the kit's families, take every length at once
(the ``-height`` claims), or have no replay (the ``path-height-h`` rules), and stay plain
records.

- Toppling Peaks (§2, ruleset ``timber-path``, n = word length): Theorem 2.3 (normal
  P-positions = WP), Theorem 2.4 (misère P-positions = X), Theorem 2.5 (the counts; the
  Fine numbers are indexed as the paper does, F_0..F_5 = 1, 0, 1, 2, 6, 18: F_n is OEIS
  A000957(n+1)).
- Graphs (§1, §4, n = number of vertices; every connected graph of the networkx atlas):
  Theorem 1.1, read with part 1 as "a connected graph that contains a cycle" (networkx
  calls a single edge biconnected, and that reading would wrongly refute part 1 on a
  single arc), part 2 on 2-connected graphs with at least 3 vertices; Phyminoes equals
  Timber on bipartite graphs (both readings of the distances).
- Trees (§3, n = number of edges; every orientation of every tree up to isomorphism):
  Lemmas 3.1-3.3 and Algorithm 3.5.
- Phyminoes on graph families (Problem 4.3, n = number of vertices): rules found in the
  ``phyminoes`` probe's data, stated in :mod:`~cgsat.papers.timber.phyminoes.families` and
  checked by :mod:`~cgsat.papers.timber.phyminoes.sat` and
  :mod:`~cgsat.papers.timber.phyminoes.brute`. They are cgsat's conjectures, not
  the paper's.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from cgsat.automata import mona
from cgsat.automata.methods import confirm_sized, sized_method
from cgsat.cgt.peaks import MAX_LENGTH as PEAKS_MAX_LENGTH
from cgsat.claims import Claim, Method
from cgsat.encodings.timber_path import wp_predicate, x_predicate
from cgsat.games.shapes import ATLAS_MAX_VERTICES
from cgsat.kit import every, exactly, graphs, record, timber_paths, trees
from cgsat.papers.timber import minimal
from cgsat.papers.timber.graphs import brute as graphs_brute
from cgsat.papers.timber.graphs import sat as graphs_sat
from cgsat.papers.timber.path import brute as path_brute
from cgsat.papers.timber.path import heights_brute as path_heights_brute
from cgsat.papers.timber.path import heights_sat as path_heights_sat
from cgsat.papers.timber.path import printed, words
from cgsat.papers.timber.path import sat as path_sat
from cgsat.papers.timber.path.automata import thm23_statement, thm24_statement
from cgsat.papers.timber.path.heights import RULES as HEIGHT_RULES
from cgsat.papers.timber.phyminoes import brute as phyminoes_brute
from cgsat.papers.timber.phyminoes import cycle_paths_brute, cycle_paths_sat
from cgsat.papers.timber.phyminoes import sat as phyminoes_sat
from cgsat.papers.timber.phyminoes.cycle_paths import members as cycle_path_members
from cgsat.papers.timber.phyminoes.families import FAMILIES as PHYMINOES_FAMILIES
from cgsat.papers.timber.phyminoes.families import expected as phyminoes_expected
from cgsat.papers.timber.statements import leaf_arc_out_is_n, theorem11_holds
from cgsat.papers.timber.trees import brute as trees_brute
from cgsat.papers.timber.trees import inbranch_brute, inbranch_sat
from cgsat.papers.timber.trees import sat as trees_sat
from cgsat.vacuity import Reason, attach

__all__ = [
    "LEAF_ARC_CHUNK",
    "PAPER",
    "PEAKS_PARAMETER",
    "FAMILY_PARAMETER",
    "FAMILY_SAT_SCOPE",
    "FAMILY_BRUTE_SCOPE",
    "FAMILY_NOTES",
    "TREES_PARAMETER",
    "TREES_BRUTE",
    "CLAIMS",
    "HEIGHT_PARAMETER",
    "TARGET_REASONS",
]

LEAF_ARC_CHUNK = 32
"""Trees per instance of the Lemma 3.1 check (``leaf_arc_sat``; issue 27: the solver
refutes 32-tree instances about 4x faster in total than one instance of every tree at
12-13 edges)."""
PAPER = "The Game of timber! (Nowakowski, Renault, Lamoureux, Mellon, Miller)"
PEAKS_PARAMETER = "n = word length (number of dominoes)"
FAMILY_PARAMETER = "n = number of vertices (the family's member with n vertices)"
FAMILY_SAT_SCOPE = (
    "UNSAT at n: in no orientation of the family's member with n vertices does the root's "
    "Phyminoes nim-value or misère outcome differ from the rule, in each reading of the "
    "distances the rule covers (one instance: Grundy and misère kernel encodings of "
    "encodings.timber_graphs, every orientation symbolic). The samples compare the root's "
    "values in each reading with the direct solver. " + graphs_sat.CONTROLS_SCOPE)
FAMILY_BRUTE_SCOPE = (
    "every orientation of the member with n vertices, nim-value and misère outcome in each "
    "reading the rule covers, by the direct solver (games.phyminoes). Shared with sat: the "
    "graph and the rule (families.py), which are the statement")
FAMILY_NOTES = (
    "cgsat's conjecture from the phyminoes probe's data (Problem 4.3 asks for Phyminoes' "
    "outcomes on non-bipartite graphs), not a statement of the paper; the module "
    "docstring of verify/papers/timber/families.py sketches a proof. Sizes where the "
    "family has no member are vacuous.")
TREES_PARAMETER = "n = number of edges; every orientation of every tree with n edges"
TREES_BRUTE = "Exhaustive play (direct solver) on every orientation of every tree with n edges"

CLAIMS: list[Claim] = [
    # Theorem 2.3: the normal-play P-positions of Toppling Peaks are the Dyck words WP.
    # a kit record: the family and the statement, its bespoke methods attached (issue 34)
    record(
        "timber.thm2.3", timber_paths(), exactly(words.dyck_words, outcome="P"),
        paper=PAPER, theorem="Theorem 2.3", parameter=PEAKS_PARAMETER, base=0,
        quick=24, target=120, derive=False,
        text="In normal play the P-positions of Toppling Peaks are exactly the Dyck words WP.",
        methods=(
            Method("brute", partial(path_brute.characterization,
                                    member_words=words.dyck_words, misere=False),
                   max_n=PEAKS_MAX_LENGTH, scope=(
                       "every word of length n: its normal-play P-positions (exhaustive "
                       "play) are exactly the claimed words of length n")),
            Method("sat", partial(path_sat.characterization, predicate=wp_predicate,
                                  misere=False, oracle=path_brute.is_p_position),
                   uses_solver=True, scope=(
                       "no word of length n breaks the normal partition condition for C, "
                       "given C on its options (sharp encoding: order-encoded prefix "
                       "heights); with every smaller size, C is exactly the P-positions of "
                       "length <= n. " + path_sat.CONTROLS_SCOPE)),
            Method("smt", partial(path_sat.smt_characterization, predicate=wp_predicate,
                                  misere=False, oracle=path_brute.is_p_position),
                   scope="as sat, with z3 solving the same order-encoded CNF (not the "
                         "CaDiCaL answer): a second solver on sat's CNF, not a formulation "
                         "of its own; z3 answers the same controls under assumptions"),
        ),
        confirm=partial(path_brute.confirm_characterization, member=words.is_dyck,
                        misere=False),
        notes="L is an up-step, R a down-step. The paper proves the theorem for all n; it "
              "reports counts for n <= 10 from CGSuite.",
    ),
    # Theorem 2.5: WP(n), SWP(n) and X(n) by Catalan and Fine numbers.
    Claim(
        id="timber.thm2.5", paper=PAPER, theorem="Theorem 2.5",
        statement="WP(2m) = C_m, WP(2m+1) = 0; SWP(2m) = F_m; misère X(0) = 0, "
                  "X(2m) = F_{m-1} + F_m (m >= 1), X(2m+1) = 2 F_m (Fine numbers F_0.. = "
                  "1, 0, 1, 2, 6, 18).",
        kind="theorem", parameter=PEAKS_PARAMETER,
        base=0, quick_bound=24, target_bound=120, paper_bound=10,
        methods=(
            Method("brute", path_brute.counts, max_n=PEAKS_MAX_LENGTH, scope=(
                "the numbers of normal and misère P-positions of length n (exhaustive play "
                "on every word), and the number of words P in both plays (= SWP(n), "
                "n >= 1), equal WP(n), X(n) and SWP(n) of the formulas")),
            Method("sat", partial(path_sat.counts, oracle=path_brute.is_p_position),
                   uses_solver=True, scope=(
                       "the normal (WP) and misère (X, Theorem 2.4) characterizations pass "
                       "the inductive partition check at length n (so, with every smaller "
                       "size, hold up to n), and the words of length n in WP, X and SWP, "
                       "counted by dynamic programming, match the formulas. Each of the two "
                       "checks runs the controls of timber.thm2.3/2.4 (counted together): "
                       + path_sat.CONTROLS_SCOPE)),
        ),
        confirm=path_brute.confirm_counts,
        notes="F_n is OEIS A000957(n+1). The paper reports the normal counts for n <= 10 "
              "(CGSuite). The misère characterization X is Theorem 2.4 (timber.thm2.4).",
    ),
    # Theorem 2.5's closed sums as printed (issue 37, §4): refuted at n = 1, a finding.
    Claim(
        id="timber.thm2.5-printed", paper=PAPER, theorem="Theorem 2.5 (closed sums as printed)",
        statement="As printed: WP(2n) = (2n)!/(n!(n+1)!), WP(2n+1) = 0; SWP(2n) = "
                  "1/2 sum_{i=0}^{n-2} (-1)^i c_{n-i} (1/2)^i, SWP(2n+1) = 0; X(0) = 0, "
                  "X(2n) = F_{n-1} + F_n (n > 0), X(2n+1) = 2 SWP(2n) = "
                  "sum_{i=0}^{n-2} (-1)^i c_{n-i} (1/2)^i.",
        kind="theorem", parameter=PEAKS_PARAMETER,
        base=0, quick_bound=16, target_bound=200, paper_bound=10,
        methods=(
            Method("brute", printed.counts_by_play, max_n=PEAKS_MAX_LENGTH, scope=(
                "the normal and misère P-positions of every word of length n (exhaustive "
                "play), counted (SWP(n): misère P-positions that are Dyck words), equal the "
                "printed closed sums")),
            Method("dp", printed.counts_by_dp, scope=(
                "the Dyck words (Theorem 2.3), the misère set X (Theorem 2.4) and the Dyck "
                "words in X, of length n, counted by dynamic programming over automata, "
                "equal the printed closed sums; covers the printed formulas given Theorems "
                "2.3 and 2.4 (timber.thm2.3, timber.thm2.4)")),
        ),
        confirm=printed.confirm_printed,
        notes="SWP(n) here is the paper's definition (2), misère P-positions that are Dyck "
              "paths, so SWP(0) = 0 as the printed sum says (the set SWP contains the "
              "empty word; timber.thm2.5 counts the set). The printed odd sum is empty at "
              "n = 0 and gives X(1) = 0, but L and R are misère P-positions: X(1) = 2. "
              "The proof's X(2n+1) = 2 F_n is right (timber.thm2.5).",
    ),
    # The identity in the proof of Theorem 2.5 (issue 37, §4).
    Claim(
        id="timber.thm2.5-en", paper=PAPER, theorem="Theorem 2.5 (the E_n identity of its proof)",
        statement="E_n, the number of Dyck paths of length 2n with no peak at height 2 before "
                  "the first return to height 0, is F_{n-1} + F_n for n >= 1.",
        kind="lemma", parameter="n = half the Dyck path's length",
        base=1, quick_bound=10, target_bound=200,
        methods=(
            Method("brute", printed.en_by_enumeration, max_n=12, scope=(
                "every Dyck word of length 2n, listed by its first return, filtered by the "
                "peak condition, counted")),
            Method("dp", printed.en_by_dp, scope=(
                "Dyck paths of length 2n counted by dynamic programming over (height, "
                "returned yet, last step up to height 2)")),
        ),
        confirm=printed.confirm_en,
        notes="The proof's first line, E_n = sum_i F_i c_{n-i-1}, is not used by either "
              "method.",
    ),
    # Theorem 2.4: the misère P-positions of Toppling Peaks are X.
    record(
        "timber.thm2.4", timber_paths(), exactly(words.x_words, outcome="P", misere=True),
        paper=PAPER, theorem="Theorem 2.4", parameter=PEAKS_PARAMETER, base=0,
        quick=24, target=120, derive=False,
        text="In misère play the P-positions of Toppling Peaks are exactly X = "
             "(SWP∖{ε}) ∪ R·SWP ∪ SWP·L ∪ R·SWP·L, SWP = Dyck words without a peak "
             "at height 1.",
        methods=(
            Method("brute", partial(path_brute.characterization,
                                    member_words=words.x_words, misere=True),
                   max_n=PEAKS_MAX_LENGTH, scope=(
                       "every word of length n: its misère P-positions (exhaustive play) "
                       "are exactly the words of X of length n")),
            Method("sat", partial(path_sat.characterization, predicate=x_predicate,
                                  misere=True, oracle=path_brute.is_p_position),
                   uses_solver=True, scope=(
                       "no word of length n breaks the misère partition condition for C, "
                       "given C on its options (sharp encoding: order-encoded prefix "
                       "heights); with every smaller size, C is exactly the P-positions of "
                       "length <= n. " + path_sat.CONTROLS_SCOPE)),
            Method("smt", partial(path_sat.smt_characterization, predicate=x_predicate,
                                  misere=True, oracle=path_brute.is_p_position),
                   scope="as sat, with z3 solving the same order-encoded CNF (not the "
                         "CaDiCaL answer): a second solver on sat's CNF, not a formulation "
                         "of its own; z3 answers the same controls under assumptions"),
        ),
        confirm=partial(path_brute.confirm_characterization, member=words.in_x,
                        misere=True),
        notes="L is an up-step, R a down-step. X's members of length n are listed from "
              "Dyck words for brute; the SAT circuit reads SWP off order-encoded heights.",
    ),
    # Theorem 1.1: cycles make every orientation N; 2-connected graphs are misère P.
    # The kit's statement: every(theorem11_holds) over graphs() (statements.py).
    record(
        "timber.thm1.1", graphs(), every(theorem11_holds),
        paper=PAPER, theorem="Theorem 1.1",
        text="If G is connected and contains a cycle, every orientation is an "
             "N-position (normal play); if G is 2-connected (>= 3 vertices), every "
             "orientation is a misère P-position.",
        parameter="n = number of vertices (every connected graph of the networkx atlas "
                  "with n vertices)",
        base=3, quick=5, target=ATLAS_MAX_VERTICES, derive=False,
        methods=(
            Method("sat", partial(graphs_sat.theorem11, oracle=graphs_brute.nim_and_misere),
                   uses_solver=True, max_n=ATLAS_MAX_VERTICES,
                   scope=(
                       "for every connected graph with n vertices that contains a cycle, "
                       "the kernel encoding over all its orientations has no normal-play "
                       "P-position; for every 2-connected one, none is a misère N-position "
                       "(one SAT call per graph and part, all UNSAT). The samples compare "
                       "the root's P literal with the direct solver's outcome. "
                       + graphs_sat.CONTROLS_SCOPE)),
            # 7 vertices is about 10^7 orientations: hours of exhaustive play
            Method("brute", graphs_brute.theorem11, max_n=6, scope=(
                "every orientation of every such graph with n vertices, played out by the "
                "direct solver (7 vertices is about 10^7 orientations, beyond this method). "
                "Shared with sat: the graphs and the parts that apply (shapes.connected_graphs, "
                "shapes.theorem11_parts)")),
        ),
        confirm=graphs_brute.confirm_theorem11,
        notes="Part 1 is read as 'connected and contains a cycle': networkx calls a single "
              "edge biconnected, which would wrongly refute part 1 on one arc. Part 2 needs "
              "at least 3 vertices. The atlas covers graphs up to 7 vertices.",
    ),
    # §4 (before Problem 4.3): Phyminoes is the same as Timber on bipartite graphs.
    Claim(
        id="timber.phyminoes-bipartite", paper=PAPER, theorem="§4 (before Problem 4.3)",
        statement="Phyminoes is the same as Timber on bipartite graphs.",
        kind="theorem", parameter="n = number of vertices (every connected bipartite graph "
                                  "of the networkx atlas with n vertices)",
        base=2, quick_bound=6, target_bound=ATLAS_MAX_VERTICES,
        methods=(
            Method("sat", partial(graphs_sat.phyminoes_bipartite,
                                  oracle=graphs_brute.nim_and_misere), uses_solver=True,
                   max_n=ATLAS_MAX_VERTICES, scope=(
                       "for every connected bipartite graph with n vertices, no orientation "
                       "where Phyminoes (either reading of the distances) and Timber differ "
                       "in nim-value or misère outcome (Grundy and kernel encodings, one SAT "
                       "call per graph). The samples compare the nim-values and misère "
                       "outcomes of all three games at the root with the direct solver. "
                       + graphs_sat.CONTROLS_SCOPE)),
            Method("brute", graphs_brute.phyminoes_bipartite, max_n=ATLAS_MAX_VERTICES,
                   scope=(
                       "every orientation of every such graph, nim-values and misère "
                       "outcomes of both games by the direct solver")),
        ),
        confirm=graphs_brute.confirm_phyminoes_bipartite,
        notes="Checked as equality of nim-values (normal play) and of misère outcomes, for "
              "both readings of Phyminoes' distances (G - xy and G).",
    ),
    # Lemma 3.1: a leaf arc pointing away from its leaf wins at once.
    # The kit's statement: every(leaf_arc_out_is_n) over trees() (statements.py).
    record(
        "timber.lem3.1", trees(), every(leaf_arc_out_is_n),
        paper=PAPER, theorem="Lemma 3.1", kind="lemma",
        text="A tree position with a leaf arc pointing away from its leaf is an "
             "N-position.",
        parameter=TREES_PARAMETER, base=1, quick=8, target=14, derive=False,
        methods=(
            Method("sat", partial(trees_sat.lemma31, oracle=graphs_brute.nim_and_misere,
                                  chunk=LEAF_ARC_CHUNK),
                   uses_solver=True, scope=(
                       "UNSAT at n: no orientation of any tree with n edges with a leaf arc "
                       "pointing away from its leaf is a P-position, by the depth-1 "
                       "relaxation of the kernel encoding (root and empty position "
                       "constrained), whose UNSAT implies that of the full kernel; the "
                       f"trees are split into instances of at most {LEAF_ARC_CHUNK} trees, "
                       "each UNSAT with its own controls. "
                       + trees_sat.LEMMA31_CONTROLS)),
            Method("brute", trees_brute.lemma31, max_n=9, scope=(
                TREES_BRUTE + " that has a leaf arc pointing away from its leaf: all are N. "
                "Shared with sat: the tree shapes (shapes.trees)")),
        ),
        confirm=trees_brute.confirm_lemma31,
    ),
    # Lemma 3.4: the empty tree is the only minimal P-position (issue 37, §4).
    record(
        "timber.lem3.4", trees(), every(minimal.minimal_is_n),
        paper=PAPER, theorem="Lemma 3.4", kind="lemma",
        text="The empty tree is the only minimal position (no peak of Lemma 3.2, no vertex "
             "with two leaf paths directed away from it, Lemma 3.3) that is a P-position.",
        parameter=TREES_PARAMETER, base=1, quick=7, target=9,
        rename={"play": "brute"}, max_n={"brute": 9},
        methods=(
            Method("alg3.5", minimal.by_algorithm35, max_n=12, scope=(
                "every orientation of every tree with n edges that is minimal is N by "
                "Algorithm 3.5 (cgt.timber_trees). Shared with brute: the tree shapes and "
                "the minimality test")),
        ),
        confirm=minimal.confirm_lemma34,
    ),
    # Lemma 3.2: flattening a degree-2 vertex with both arcs out keeps the outcome.
    Claim(
        id="timber.lem3.2", paper=PAPER, theorem="Lemma 3.2", kind="lemma",
        statement="Removing a degree-2 vertex x with arcs (x,y), (x,z) and identifying "
                  "y with z preserves the outcome.",
        parameter=TREES_PARAMETER + " (T_t has n edges, T'_t has n - 2)",
        base=2, quick_bound=7, target_bound=9,
        methods=(
            Method("sat", partial(trees_sat.lemma32, oracle=graphs_brute.nim_and_misere),
                   uses_solver=True, scope=(
                       "UNSAT at n: for every tree with n edges, every vertex x of degree 2 "
                       "and every orientation with both arcs at x pointing out of x, the "
                       "kernels of T_t and of the flattened T'_t (sharing the other arcs) "
                       "agree. " + trees_sat.LEMMA32_CONTROLS)),
            Method("brute", trees_brute.lemma32, max_n=9, scope=(
                TREES_BRUTE + ": at each degree-2 vertex with both arcs out, the flattened "
                "position has the same outcome. Shared with sat: the tree shapes "
                "(shapes.trees)")),
        ),
        confirm=trees_brute.confirm_lemma32,
        notes="The paper's E(T_t) lists E(T^1_t) twice; the second is E(T^2_t). The "
              "value is not preserved in general (paper, §4), only the outcome.",
    ),
    # Lemma 3.3 (and the remark of §4): merging two leaf paths keeps outcome and value.
    Claim(
        id="timber.lem3.3", paper=PAPER, theorem="Lemma 3.3", kind="lemma",
        statement="Two leaf paths of lengths a, b directed away from a common vertex may "
                  "be replaced by one of length a XOR b: the outcome and the nim-value "
                  "are preserved.",
        parameter=TREES_PARAMETER + " (T_t has n edges)",
        base=2, quick_bound=6, target_bound=8,
        methods=(
            Method("sat", partial(trees_sat.lemma33, oracle=graphs_brute.nim_and_misere),
                   uses_solver=True, scope=(
                       "UNSAT at n: for every tree with n edges, every vertex w with two "
                       "leaf paths and every orientation with both paths directed away "
                       "from w, the Grundy encodings of T_t and of the merged T'_t (sharing "
                       "the other arcs) give equal nim-values (hence equal outcomes). "
                       + trees_sat.LEMMA33_CONTROLS)),
            Method("brute", trees_brute.lemma33, max_n=9, scope=(
                TREES_BRUTE + ": every merge of two leaf paths directed away from their "
                "common vertex keeps the nim-value (hence the outcome). Shared with sat: the "
                "tree shapes and the pairs of leaf paths (shapes.trees, shapes.lemma33_cases)")),
        ),
        confirm=trees_brute.confirm_lemma33,
        notes="The nim-value part is the paper's remark in §4 ('both trees actually "
              "have the same value').",
    ),
    # Algorithm 3.5: the outcome (and a winning move) of every oriented tree.
    Claim(
        id="timber.alg3.5", paper=PAPER, theorem="Algorithm 3.5", kind="algorithm",
        statement="Algorithm 3.5 gives the outcome of every oriented tree (and a winning "
                  "move of every N-position).",
        parameter=TREES_PARAMETER, base=0, quick_bound=7, target_bound=9,
        methods=(
            Method("play", trees_brute.algorithm35, max_n=9, scope=(
                "Algorithm 3.5 (cgt.timber_trees) agrees with exhaustive play on the "
                "outcome of every orientation of every tree with n edges, and its "
                "winning move of each N-position leads to a P-position. Shared with sat: the "
                "tree shapes (shapes.trees) and Algorithm 3.5 itself, the code under test")),
            Method("sat", partial(trees_sat.algorithm35, oracle=graphs_brute.nim_and_misere),
                   uses_solver=True, scope=(
                       "UNSAT at n: for every tree shape with n edges, the orientations "
                       "that Algorithm 3.5 calls P are exactly the P-positions of the "
                       "shape's kernel encoding (outcomes only; winning moves are checked "
                       "by play). " + trees_sat.ALGORITHM35_CONTROLS)),
        ),
        confirm=trees_brute.confirm_algorithm35,
        notes="Algorithm 3.5 is a reduction procedure, not a predicate given as a "
              "circuit, so it has no natural SAT encoding: its main second method is "
              "exhaustive play, not SAT. The sat method compares the algorithm's set of "
              "P-orientations (computed orientation by orientation) with the kernel.",
    ),
    # Problem 4.3: Phyminoes rules on graph families (cgsat's conjectures).
    Claim(
        id="timber.phyminoes-odd-cycle", paper=PAPER, theorem="Problem 4.3 (Phyminoes)",
        statement="Every orientation of an odd cycle C_n has Phyminoes nim-value 1 and is "
                  "a misère P-position with distances in G - xy; with distances in G it "
                  "has nim-value 0 and is a misère N-position.",
        kind="conjecture", parameter=FAMILY_PARAMETER,
        base=3, quick_bound=11, target_bound=101,
        methods=(
            Method("sat", partial(phyminoes_sat.family_rule, family="odd-cycle",
                                  oracle=phyminoes_brute.values),
                   uses_solver=True, scope=FAMILY_SAT_SCOPE),
            Method("brute", partial(phyminoes_brute.family_rule, family="odd-cycle"),
                   max_n=15, scope=FAMILY_BRUTE_SCOPE),
        ),
        confirm=partial(phyminoes_brute.confirm, family="odd-cycle"),
        notes=FAMILY_NOTES,
    ),
    Claim(
        id="timber.phyminoes-odd-cycle-pendant", paper=PAPER,
        theorem="Problem 4.3 (Phyminoes)",
        statement="Every orientation of an odd cycle with one pendant edge has Phyminoes "
                  "nim-value 2 and is a misère N-position (distances in G - xy).",
        kind="conjecture", parameter=FAMILY_PARAMETER,
        base=4, quick_bound=10, target_bound=100,
        methods=(
            Method("sat", partial(phyminoes_sat.family_rule, family="odd-cycle-pendant",
                                  oracle=phyminoes_brute.values),
                   uses_solver=True, scope=FAMILY_SAT_SCOPE),
            Method("brute", partial(phyminoes_brute.family_rule, family="odd-cycle-pendant"),
                   max_n=14, scope=FAMILY_BRUTE_SCOPE),
        ),
        confirm=partial(phyminoes_brute.confirm, family="odd-cycle-pendant"),
        notes=FAMILY_NOTES,
    ),
    Claim(
        id="timber.phyminoes-complete", paper=PAPER, theorem="Problem 4.3 (Phyminoes)",
        statement="Every orientation of K_n has Phyminoes nim-value 1 and is a misère "
                  "P-position if n = 2 or 3 (mod 4), else nim-value 0 and misère N, with "
                  "distances in G - xy; with distances in G the same holds with 'n even' "
                  "for 'n = 2 or 3 (mod 4)'.",
        kind="conjecture", parameter=FAMILY_PARAMETER,
        base=2, quick_bound=5, target_bound=10,
        methods=(
            Method("sat", partial(phyminoes_sat.family_rule, family="complete",
                                  oracle=phyminoes_brute.values),
                   uses_solver=True, scope=FAMILY_SAT_SCOPE),
            Method("brute", partial(phyminoes_brute.family_rule, family="complete"),
                   max_n=6, scope=FAMILY_BRUTE_SCOPE),
        ),
        confirm=partial(phyminoes_brute.confirm, family="complete"),
        notes=FAMILY_NOTES,
    ),
    Claim(
        id="timber.phyminoes-complete-minus-edge", paper=PAPER,
        theorem="Problem 4.3 (Phyminoes)",
        statement="For even n >= 4, every orientation of K_n minus an edge has the same "
                  "Phyminoes nim-value (distances in G - xy): 2 for n = 4, then 1 if "
                  "n = 2 (mod 4) and 0 if n = 0 (mod 4); it is a misère P-position "
                  "exactly when that value is 1.",
        kind="conjecture", parameter=FAMILY_PARAMETER,
        base=4, quick_bound=6, target_bound=12,
        methods=(
            Method("sat", partial(phyminoes_sat.family_rule, family="complete-minus-edge",
                                  oracle=phyminoes_brute.values),
                   uses_solver=True, scope=FAMILY_SAT_SCOPE),
            Method("brute", partial(phyminoes_brute.family_rule,
                                    family="complete-minus-edge"),
                   max_n=6, scope=FAMILY_BRUTE_SCOPE),
        ),
        confirm=partial(phyminoes_brute.confirm, family="complete-minus-edge"),
        notes=FAMILY_NOTES + " For odd n the value depends on the orientation (K_5 minus "
              "an edge has nim-values 0, 1, 2 and 3), so the rule is for even n only.",
    ),
    Claim(
        id="timber.phyminoes-odd-cycle-path", paper=PAPER, theorem="Problem 4.3 (Phyminoes)",
        statement="An odd cycle with a pendant path has, in every orientation, the Phyminoes "
                  "nim-value (distances in G - xy) of the triangle with the same path: the "
                  "value depends only on the path's orientation, not on the cycle's length "
                  "or orientation.",
        kind="conjecture",
        parameter="n = number of vertices (every C_k plus a pendant path of L edges, k odd, "
                  "k + L = n)",
        base=4, quick_bound=9, target_bound=16,
        methods=(
            Method("sat", partial(cycle_paths_sat.odd_cycle_path, oracle=phyminoes_brute.values),
                   uses_solver=True, scope=(
                       "UNSAT at n: for each member C_k + P_L with n vertices, no orientation "
                       "of it and no orientation of the triangle C_3 + P_L with the same path "
                       "orientation (path variables shared, triangle edges free) give "
                       "different nim-values (two Grundy encodings in one instance). The "
                       "samples compare both roots' nim-values with the direct solver. "
                       + graphs_sat.CONTROLS_SCOPE)),
            Method("brute", cycle_paths_brute.odd_cycle_path, max_n=13, scope=(
                "every orientation of every member with n vertices against the triangle "
                "c0>c1>c2>c0 with the same path, by the direct solver (for k = 3 over every "
                "orientation of the triangle). Shared with sat: the graphs (cycle_paths.py)")),
        ),
        confirm=cycle_paths_brute.confirm,
        notes=FAMILY_NOTES + " Found in the probe's data: C_3, C_5 and C_7 with pendant paths "
              "of 1 to 4 edges have one value per path orientation, and that value is not "
              "constant (C_3 + P_2 has values 1, 2 and 3), so no closed formula is claimed; "
              "the rule reduces every odd cycle to the triangle.",
    ),
]


def _height_claim(h: int) -> Claim:
    """The claim that the Moore machine ``HEIGHT_RULES[h]`` gives the nim-values of the
    Toppling Peaks words of height range <= h (Problem 4.1)."""
    rule = HEIGHT_RULES[h]
    return Claim(
        id=f"timber.path-height-{h}", paper=PAPER, theorem="Problem 4.1 (cgsat's rule)",
        statement=f"The nim-value of a Toppling Peaks word of height range <= {h} is the "
                  f"output of a {len(rule.delta)}-state Moore machine (path_heights."
                  f"RULES[{h}]; outputs a*ceil(n/2)+b)",
        kind="conjecture", parameter=PEAKS_PARAMETER,
        base=0, quick_bound=26, target_bound=60,
        methods=(
            Method("sat", partial(path_heights_sat.machine_check, rule=rule,
                                  oracle=path_heights_brute.nim_value),
                   uses_solver=True, scope=(
                       f"no word of length n and height range <= {h} has a machine value "
                       "other than the mex of the machine's values on its options (which "
                       "are in the family); with every smaller size, the machine gives the "
                       "nim-value of every family word of length <= n. "
                       + path_heights_sat.CONTROLS_SCOPE)),
            Method("brute", partial(path_heights_brute.machine_direct, rule=rule),
                   max_n=PEAKS_MAX_LENGTH, scope=(
                       f"every word of length n and height range <= {h}: its nim-value by "
                       "plain play on its subwords equals the machine's value")),
        ),
        notes="cgsat's conjecture from the timber-path-values probe (SAT identification of "
              "the smallest machine on the data), not a statement of the paper.",
    )


CLAIMS += [_height_claim(h) for h in HEIGHT_RULES]
CLAIMS.append(Claim(
    id="timber.in-branch", paper=PAPER, theorem="Problem 4.2 (cgsat's rule)",
    statement="If a branch D at a vertex x has all its arcs pointing towards x, and each arc "
              "of D leaves the value of some fixed exit at x outside D (an arc pointing "
              "towards x with every arc between it and x and every arc beyond it pointing "
              "towards x), then T and T - D have the same nim-value.",
    kind="conjecture",
    parameter="n = number of edges; every tree with n edges, every orientation, every "
              "vertex x and every branch D at x",
    base=1, quick_bound=7, target_bound=9,
    methods=(
        Method("sat", partial(inbranch_sat.inbranch_sat, oracle=inbranch_brute.nim_value),
               uses_solver=True, scope=(
                   "UNSAT at n: for each tree shape with n edges, one instance over every "
                   "orientation (Grundy encoding of every follower, timber_trees) and every "
                   "case (vertex x, branch D at x): D all in, each arc of D matched by a "
                   "fixed exit outside D whose leftover has the same nim-value, and the "
                   "values of T and T - D (a follower of T) differ. " + inbranch_sat.CONTROLS)),
        Method("brute", inbranch_brute.inbranch_brute, max_n=9, scope=(
            "Every rooted oriented tree with n edges (every orientation of every tree, "
            "rooted at every vertex x, up to isomorphism), every in-branch D at the root "
            "whose exit values are all fixed-exit values of the other branches "
            "(tree_reductions.exits): the nim-values of T and T - D by the direct solver.")),
    ),
    confirm=inbranch_brute.confirm,
    notes="cgsat's rule from the timber-reductions probe (proof in the docstring of "
          "timber/tree_reductions.py), not a statement of the paper. The probe applies it "
          "only where its search finds it first (one application per rooted tree, with "
          "exits inherited from vertices above); this claim covers every application. "
          "With x as the root the inherited exits are fixed exits at x, so both read the "
          "same precondition.",
))


# -- issue 25: Theorems 2.3 and 2.4 for every length at once, per height range h ---------------
HEIGHT_PARAMETER = ("h = the height range (max minus min of the prefix heights); every "
                    "length at once")


def _height_range_claim(cid: str, theorem: str, build: Callable[[int], Any],
                        misere: bool) -> Claim:
    """``timber.thm2.3-height`` / ``thm2.4-height``: *The Game of timber!*, Theorem 2.3 or
    2.4 on every word of height range at most h, four deciders, every length at once."""
    play = "misère" if misere else "normal"
    return Claim(
        id=cid, paper=PAPER, theorem=theorem,
        statement=(f"{theorem} ({play} play) on every Toppling Peaks word of height range at "
                   "most h, of every length: the P-positions are exactly "
                   + ("X (Theorem 2.4)." if misere else "the Dyck words WP.")),
        kind="theorem", parameter=HEIGHT_PARAMETER, base=1, quick_bound=8, target_bound=16,
        methods=(
            replace(sized_method(build, "product", cid,
                                 "every word of height range <= h, every length: the "
                                 "automaton statement decided by cgsat's product search"),
                    max_n=10),
            *([replace(sized_method(build, "mona", cid,
                                    "every word of height range <= h, every length: the same "
                                    "statement decided by MONA (registered where MONA is "
                                    "installed)"), max_n=12)] if mona.available() else []),
            sized_method(build, "setops", cid,
                         "every word of height range <= h, every length: the same "
                         "statement decided by set operations on automata (automata-lib, "
                         "pip only; issue 35)"),
            sized_method(build, "preimage", cid,
                         "every word of height range <= h, every length: the same "
                         "statement decided by pre-images with cgsat's own automata code "
                         "(pip only; issue 37)"),
        ),
        confirm=partial(confirm_sized, build=build),
        notes="The known-theorem control of the all-n deciders (issue 25): 'verified to h' "
              "means every height range up to h is proved for all lengths; timber.thm2.3 "
              "and thm2.4 stay bounded claims.",
    )


CLAIMS += [
    _height_range_claim("timber.thm2.3-height", "Theorem 2.3", thm23_statement, False),
    _height_range_claim("timber.thm2.4-height", "Theorem 2.4", thm24_statement, True),
]

TARGET_REASONS: dict[str, str] = {
    **{f'timber.{t}-height': (
        'set operations and pre-images reach the target 16 (setops 0.25 s at n=16, preimage '
        '0.13 s at n=16; committed store); mona stops at its size limit 12 (111 s at n=12, '
        'out of memory over 9 GB at 13) and product stops at its size limit 10 (15 s at '
        'n=10, x3 per size).'
    ) for t in ('thm2.3', 'thm2.4')},
    'timber.phyminoes-odd-cycle-path': (
        'target 20 -> 16: sat took 102 s at n=16, 306 s at 17 and 1550 s at 20 (x1.6-3 per '
        'size; committed store); brute stops at its size limit 13 (exhaustive play, 4.8 s at '
        '12, 11 s at 13).'
    ),
    'timber.phyminoes-complete': (
        'target 12 -> 10: sat took 90 s at n=10, 218 s at 11 and 983 s at 12 (x2.4-4.5 per '
        'size; committed store); brute stops at its size limit 6 (exhaustive play, 0.06 s at '
        '5, 3.6 s at 6).'
    ),
    'timber.phyminoes-complete-minus-edge': (
        'brute stops at its size limit 6 (3.1 s at 6); sat continues to the target 12 (the'
        ' family has even n only: the 11 of session 8 was a vacuous size, so 12 is back).'
    ),
}
"""Why a target bound was lowered, or a method stops at its size limit, as measured (issue
27, item 3; docs/history/performance.md, "Caterpillars"): shown by the report."""


def _no_member(family: str) -> Reason:
    """Vacuous where no member of the Phyminoes family has n vertices (*The Game of
    timber!*, §4, Problem 4.3: no reading's rule covers n)."""
    def vacuous(n: int) -> str | None:
        fam = PHYMINOES_FAMILIES[family]
        return None if phyminoes_expected(fam, n) else (
            f"no member of {fam.words} with {n} vertices")
    return vacuous


def _no_cycle_path(n: int) -> str | None:
    """*The Game of timber!*, §4, Problem 4.3: no odd cycle with a pendant path has n
    vertices (n < 4)."""
    return None if cycle_path_members(n) else (
        f"no odd cycle with a pendant path has {n} vertices")


def _no_edge(n: int) -> str | None:
    """*The Game of timber!*, Algorithm 3.5: the SAT check selects an edge; the tree with
    no edge (n = 0) is left to play."""
    return "no edge: the SAT check has no instance at n = 0" if n == 0 else None


CLAIMS = attach(CLAIMS, {
    "timber.phyminoes-odd-cycle": _no_member("odd-cycle"),
    "timber.phyminoes-odd-cycle-pendant": _no_member("odd-cycle-pendant"),
    "timber.phyminoes-complete": _no_member("complete"),
    "timber.phyminoes-complete-minus-edge": _no_member("complete-minus-edge"),
    "timber.phyminoes-odd-cycle-path": _no_cycle_path,
}, gaps={"timber.alg3.5": {"sat": _no_edge}})
