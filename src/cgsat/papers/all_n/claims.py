"""All-n records across the papers (issue 37): records only, excluded from fingerprints.

- :data:`METHODS`: all-n methods (named ``automata``, as the green cordons' ones) that the
  registry attaches to claims registered elsewhere. They live here, not beside the claims,
  so that no fingerprinted module (``papers/lumberjack.py`` holds its methods and its
  records together) imports the automata: a change there would otherwise make the other
  methods of that paper stale.
- :data:`REASONS`: for every claim without an all-n proof, why it has none, in one line
  (positions not words, values unbounded, a step only checked to a bound); the report shows
  it as the claim's ``all_n`` status (:func:`cgsat.papers.registry.all_n_reason`).

References
----------
.. [1] A. Fink, R. J. Nowakowski, A. Siegel, D. Wolfe, *Toppling Conjectures*, Lemma 1.
.. [2] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorem 4.2, §4 (B(n)).
.. [3] ``lumberjack.txt``, §4.2 (the family T_k).
"""

from __future__ import annotations

from cgsat.automata import methods, partizan_families, partizan_methods, tk_family
from cgsat.claims import Method

__all__ = ["METHODS", "REASONS"]

_PARTIZAN = (
    "every position of the family, every size at once: each word is accepted by exactly the "
    "class automaton that the {rule} rule gives from the classes of its Left options and of "
    "its Right options (option rules as cgsat formalizes the game, checked against the "
    "ruleset's options in the tests), decided by pre-images under set operations "
    "(automata-lib), MONA (when installed; value rules with at most four classes) and cgsat's "
    "product search; two must prove it and none refute it")

METHODS: dict[str, tuple[Method, ...]] = {
    "toppling.lem1": (partizan_methods.all_n_method(
        partizan_families.toppling_lem1, "toppling.lem1",
        _PARTIZAN.format(rule="outcome") + ". Covers every row over L, R, E of every "
        "length: its outcome class is Lemma 1's (by the end dominoes)"),),
    "thickets.thm4.2": (partizan_methods.all_n_method(
        partizan_families.thm42, "thickets.thm4.2",
        _PARTIZAN.format(rule="reduced canonical form") + ". Covers every red-blue stalk "
        "(top arc first): its reduced canonical form is the one of the eight values "
        "Theorem 4.2 gives"),),
    "thickets.blue-stalks": (partizan_methods.all_n_method(
        partizan_families.blue_stalks, "thickets.blue-stalks",
        _PARTIZAN.format(rule="reduced canonical form") + ". Covers Rcf(B(n)) for every n "
        "(B(n) = L R^(n-1); the domain is closed under options): 0, 1, {1|0} for n <= 2 and "
        "0 for n >= 3. It does NOT cover the exact recurrence B(n) = {B(n-1)|0}: the exact "
        "canonical forms are pairwise distinct (unbounded), which brute and play check to "
        "their bound"),),
    "lumberjack.tk-family": (methods.all_n_method(
        tk_family.tk_statement, "lumberjack.tk-family",
        "every T_k at once (T_k = the word 1^k, the empty tree ⊥): R_0 = {⊥}, R_1 = even "
        "k, R_2 = odd k satisfy the mex rule under the options 'cut a leaf' (T_k -> "
        "T_(k-1)) and 'cut the root edge' (T_k -> ⊥), decided by set operations, MONA "
        "(when installed) and cgsat's product search; two must prove it"),),
}
"""All-n methods attached by the registry to the claims of other modules."""

_GRAPHS = "positions not words: every {what}; no word encoding with local option rules"
_UNBOUNDED = "values unbounded: {what}, so no finite set of classes"
_TIMBER_DYCK = ("language not regular: the P-positions of Toppling Peaks are the Dyck words "
                "(Catalan counts); proved per height range by timber.{id}-height")

REASONS: dict[str, str] = {
    # a claim proved in part: the qualifier the report adds to "proved"
    "thickets.blue-stalks": "Rcf(B(n)) only; the exact recurrence B(n) = {B(n-1)|0} stays "
                            "bounded: the exact canonical forms are pairwise distinct "
                            "(unbounded)",
    # The Game of timber!
    "timber.thm2.3": _TIMBER_DYCK.format(id="thm2.3"),
    "timber.thm2.4": _TIMBER_DYCK.format(id="thm2.4"),
    "timber.thm2.5": "a count, not a class statement: closed sums of Catalan and Fine "
                     "numbers over the Dyck words, whose language is not regular",
    "timber.thm2.5-printed": "a count, not a class statement: the printed closed sums over "
                             "the Dyck words, whose language is not regular",
    "timber.thm2.5-en": "a count, not a class statement: Dyck paths with a peak condition "
                        "(not a regular language)",
    "timber.lem3.4": _GRAPHS.format(what="orientation of every tree (minimal positions)"),
    "timber.thm1.1": _GRAPHS.format(what="connected graph"),
    "timber.phyminoes-bipartite": _GRAPHS.format(what="connected bipartite graph"),
    "timber.lem3.1": _GRAPHS.format(what="orientation of every tree"),
    "timber.lem3.2": _GRAPHS.format(what="orientation of every tree"),
    "timber.lem3.3": _GRAPHS.format(what="orientation of every tree"),
    "timber.alg3.5": _GRAPHS.format(what="orientation of every tree (an algorithm "
                                         "against play)"),
    "timber.in-branch": _GRAPHS.format(what="tree with a branch, every orientation"),
    "timber.phyminoes-odd-cycle": "a bounded step: positions are graphs (C_n); the option "
                                  "structure of the family is checked only to a bound",
    "timber.phyminoes-odd-cycle-pendant": "a bounded step: positions are graphs (a cycle "
                                          "with a pendant); the option structure is checked "
                                          "only to a bound",
    "timber.phyminoes-complete": "a bounded step: positions are graphs (K_n); the option "
                                 "structure (K_n -> K_(n-2), K_(n-1)) is checked only to a "
                                 "bound",
    "timber.phyminoes-complete-minus-edge": "a bounded step: positions are graphs (K_n - e); "
                                            "the option structure is checked only to a bound",
    "timber.phyminoes-odd-cycle-path": "a bounded step: positions are graphs (a cycle with a "
                                       "pendant path); the option structure is checked only "
                                       "to a bound",
    "timber.path-height-1": _UNBOUNDED.format(what="nim-values a*ceil(n/2)+b grow with n"),
    "timber.thm2.3-height": "a bounded step: proved for every length at each height range "
                            "h up to the target; every h at once is the Dyck language (not "
                            "regular)",
    "timber.thm2.4-height": "a bounded step: proved for every length at each height range "
                            "h up to the target; every h at once is the Dyck language (not "
                            "regular)",
    # Timber on caterpillars
    "caterpillars.thm3.1": _GRAPHS.format(what="caterpillar (leg counts unbounded: no finite "
                                               "alphabet)"),
    "caterpillars.thm3.2": "a count, not a class statement: P-orientations of cat(1,...,1) "
                           "counted (the orientations are not a word family with local "
                           "options)",
    "caterpillars.thm3.3": _GRAPHS.format(what="caterpillar cat(k1,...,ks) (leg counts "
                                               "unbounded)"),
    "caterpillars.cor3.4": _GRAPHS.format(what="caterpillar cat(k1,...,ks) (leg counts "
                                               "unbounded)"),
    "caterpillars.cor3.5": _GRAPHS.format(what="double broom (leg counts unbounded)"),
    "caterpillars.even-edges": _GRAPHS.format(what="tree"),
    "caterpillars.binary-sum": "a count, not a class statement: P-orientations summed to "
                               "a Catalan number (not a rational generating function)",
    "caterpillars.path-most": _GRAPHS.format(what="tree (a comparison of counts)"),
    # Thinning Thickets
    "thickets.thm3.1": _UNBOUNDED.format(what="L(2), L(4), ... have pairwise distinct "
                                              "nim-values"),
    "thickets.thm3.1-corrected": _UNBOUNDED.format(what="L(2), L(4), ... have pairwise "
                                                        "distinct nim-values"),
    "thickets.green-nim-pattern": "a bounded step: each k is proved for every height; every "
                                  "k at once needs k in the encoding (issue 37, section 3)",
    "thickets.thm4.1": _UNBOUNDED.format(what="blue cordons take every integer k and switch "
                                              "{k+1|k} (up to infinitesimals)"),
    "thickets.lem4.3": _UNBOUNDED.format(what="S(m) = ceil(m/2)"),
    "thickets.thm4.4": _UNBOUNDED.format(what="T(2n) = {n|0}, temperatures n/2"),
    "thickets.thm4.4-values": _UNBOUNDED.format(what="T(m) = {ceil(m/2)|0}, S(m) = "
                                                     "ceil(m/2)"),
    # Lumberjack
    "lumberjack.tuft": _GRAPHS.format(what="rooted tree"),
    "lumberjack.example-4.2": "one position (the tree G_1), checked at once: no size to "
                              "generalise",
    # Toppling Conjectures
    "toppling.lem2": _UNBOUNDED.format(what="rows LxL and their options' values"),
    "toppling.lem3": _UNBOUNDED.format(what="G and G^LR compared for every row G"),
    "toppling.cor5": _UNBOUNDED.format(what="options compared within blocks of every row"),
    "toppling.lem12": _UNBOUNDED.format(what="LR rows G > 0 and f(H) compared"),
    "toppling.lem13": "a comparison of two positions (1:H against 1:K for all rows): values "
                      "unbounded",
    "toppling.lem14": _UNBOUNDED.format(what="whether a row is a number (any number)"),
    "toppling.lem14-positive": _UNBOUNDED.format(what="whether a row is a number > 0"),
    "toppling.lem15": _UNBOUNDED.format(what="whether a row is a number > 0"),
    "toppling.lem19": _UNBOUNDED.format(what="numbers x against their Left followers"),
    "toppling.lem24": _UNBOUNDED.format(what="LxL + *m against 0 for every row x"),
    "toppling.lem30": _UNBOUNDED.format(what="which rows are infinitesimal"),
    "toppling.lem31": _UNBOUNDED.format(what="infinitesimal rows and nimbers *m"),
    "toppling.lem4": "a comparison of two positions (Lx > x for every row x): a two-row "
                     "statement whose values are unbounded",
    "toppling.thm10": _UNBOUNDED.format(what="f(G) = 1:G for every row G (ordinal sums of "
                                             "every value)"),
    "toppling.thm16": _UNBOUNDED.format(what="every number is the value of exactly one row"),
    "toppling.cor17": _UNBOUNDED.format(what="rows whose value is any number"),
    "toppling.thm21": _UNBOUNDED.format(what="RLxLR = {{x|0}|0} for every number x"),
    "toppling.conj22": _UNBOUNDED.format(what="{{x|0}|0} for every number x"),
    "toppling.lem23": _UNBOUNDED.format(what="(LR)^m = *m"),
    "toppling.thm29": _UNBOUNDED.format(what="*m for every m"),
    "toppling.thm32": "atomic weights of every infinitesimal row: the values (and their "
                      "atomic weights' witnesses) are unbounded",
    "toppling.conj33": "values unbounded: a game absent from every LR row is a statement "
                       "over all values, not a finite set of classes",
    "toppling.conj34": "a comparison of two positions (xLy > xy for all rows x, y): values "
                       "unbounded",
    "toppling.conj35": "a comparison of two rows (palindromes' values unique): values "
                       "unbounded",
    "toppling.thm36": _UNBOUNDED.format(what="every non-integer number x"),
    "toppling.conj37": _UNBOUNDED.format(what="{a|b} for all numbers a >= b"),
    "toppling.conj37-all-rows": _UNBOUNDED.format(what="{x|0} for every number x"),
    "toppling.conj37-strict": _UNBOUNDED.format(what="{a|b} for all numbers a > b"),
    "toppling.conj38": _UNBOUNDED.format(what="{a||b|c} for all numbers"),
    "toppling.conj38-strict": _UNBOUNDED.format(what="{a||b|c} for all numbers"),
    "toppling.conj39": _UNBOUNDED.format(what="{a|b||c|d} for all numbers"),
    "toppling.conj39-strict": _UNBOUNDED.format(what="{a|b||c|d} for all numbers"),
    "toppling.conj40": "a statement about all games (some do not occur), not a class "
                       "statement over rows",
    "toppling.unique-x-zero": _UNBOUNDED.format(what="{x|0} for every number x"),
    "toppling.unique-switch": _UNBOUNDED.format(what="+-x for every number x"),
    "toppling.unique-x-star": _UNBOUNDED.format(what="x* for every number x"),
}
"""Why a claim has no all-n proof, in one line (a claim with an all-n method needs none; its
entry, if any, qualifies the proof: what it does not cover)."""
