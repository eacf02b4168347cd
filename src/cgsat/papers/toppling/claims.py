"""The claims of *Toppling Conjectures* (Fink, Nowakowski, Siegel, Wolfe): records only.

A claim the kit can say (every row of a family keeps a predicate, or no row has a listed
value) is a kit record (:func:`cgsat.kit.paper.record`): its family and statement, the
predicates in :mod:`~cgsat.papers.toppling.statements`, with the paper's own methods
attached (``derive=False``: each brute and replay lives in a module that the SAT methods'
fingerprints cover, so none is replaced by the kit's play). The others stay
:class:`~cgsat.claims.Claim`: two rows compared (Lemma 4, Theorem 10, Conjectures 34, 35),
n not a row's length (Lemma 23), or vacuous sizes a family of rows does not have (Theorem
36, Conjectures 37-39).

Methods come from :mod:`~cgsat.papers.toppling.sat` and
:mod:`~cgsat.papers.toppling.conjectures_sat` (SAT), and from
:mod:`~cgsat.papers.toppling.brute` and
:mod:`~cgsat.papers.toppling.conjectures_brute` (the direct solver, and the replays
used as each claim's ``confirm``).
"""

from __future__ import annotations

from functools import partial

from cgsat.cgt.canonical import ZERO, game
from cgsat.claims import Claim, Method
from cgsat.kit import KitClaim, every, never, record, rows
from cgsat.papers.toppling import (
    atomic_brute,
    brute,
    conjectures_brute,
    conjectures_sat,
    families_brute,
    families_sat,
    lemmas,
    sat,
    statements,
)
from cgsat.papers.toppling.constructions import construction_cases
from cgsat.papers.toppling.families import FAMILIES, Family
from cgsat.papers.toppling.numbers import theorem36_cases
from cgsat.vacuity import Reason, attach

__all__ = ["PAPER", "TARGET_X_ZERO", "TARGET_SWITCH", "TARGET_X_STAR", "CLAIMS", "TARGET_REASONS"]

PAPER = "Toppling Conjectures (Fink, Nowakowski, Siegel, Wolfe)"

# Target bounds of the uniqueness families: what SAT reaches in about 10 minutes per size.
TARGET_X_ZERO = 27
TARGET_SWITCH = 24
TARGET_X_STAR = 28

# The controls of every uniqueness instance (sat.uniqueness), said in each scope.
_UNIQ_CONTROLS = (
    ". Controls on every instance: random rows of length n over LRE (sample rows fixed "
    "by assumptions, goal switched off) must give the direct solver's first-player wins "
    "against the target (brute.difference_wins, canonical forms), and each allowed row of "
    "length n must be found again when its blocking clause is lifted")

_LEADERS = (
    ". The instance is restricted to leader rows, rows at most their reversal letter by "
    "letter (R < L < E), so an UNSAT certificate covers the leader-restricted instance; "
    "that suffices since a row and its reversal have the same value, so any row of the "
    "value has a leader of the value (an allowed row is blocked only if its reversal is "
    "allowed too, otherwise the reversal is the counterexample), and sample rows are drawn "
    "as leaders. Moves are encoded as prefix/suffix chains (issue 17); the issue-6 encoding "
    "is sat.conj22(..., chain=False, leaders=False)")

# Conjectures 37-39 share their scopes; only the order of the numbers (>= or >) differs.
_CONSTRUCTION_SAT = (
    "the construction row of every tuple of numbers a >= b ... whose row has exactly n "
    "dominoes has the stated value (difference encoding), and no row of exactly n dominoes "
    "over LRE other than the construction rows and their reversals has the value of a tuple "
    "whose row has length <= n" + _UNIQ_CONTROLS + "; each concrete construction row's "
    "(LW, RW) against its game must also equal the (LW, RW) the direct solver computes")
_CONSTRUCTION_SAT_STRICT = (
    "the construction row of every tuple of numbers a > b ... whose row has exactly n "
    "dominoes has the stated value (difference encoding), and no row of exactly n dominoes "
    "over LRE other than the construction rows and their reversals has the value of a tuple "
    "whose row has length <= n" + _UNIQ_CONTROLS + "; each concrete construction row's "
    "(LW, RW) against its game must also equal the (LW, RW) the direct solver computes")
# Conjecture 40: the games of constructions.conjecture40_games with no row up to length 12.
_CONJ40_GAMES = ("^*", "v*", "{0,*|-1}", "{1|0,*}", "^^", "^^*")

# The uniqueness families of the probe toppling-uniqueness (issue 14): scopes per family.
_FAMILY_SAT = (
    "every number x > 0 whose row has length <= n - 1 (every x a row of length n can have: "
    "the value's Left option x equals a follower, a row of length <= n - 1, which is x's "
    "row by Theorem 16): each claimed row ({rows}, x's row from Corollary 8) of exactly n "
    "dominoes equals {game} (the concrete row in the difference encoding), and no other "
    "row of exactly n dominoes over LRE (reversals of the claimed rows allowed) has value "
    "{game}" + _UNIQ_CONTROLS + "; each concrete claimed row's (LW, RW) against its game "
    "must also equal the (LW, RW) the direct solver computes")
_FAMILY_BRUTE = (
    "every row of exactly n dominoes over LRE whose canonical form is {game} with x > 0 a "
    "number is one of x's claimed rows ({rows}) or their reversals; every claimed row of "
    "length n has canonical form {game}")


def _family_claim(name: str, game: str, claimed: str, statement: str, target: int,
                  brute_max: int = 12) -> KitClaim:
    """A uniqueness family as a record (both methods share only the family's statement,
    :mod:`~cgsat.papers.toppling.families`; the record's, every row in the family or
    claimed, is :func:`~cgsat.papers.toppling.statements.only_claimed_rows`)."""
    fam = FAMILIES[name]
    return record(
        f"toppling.unique-{name}", rows("LRE"), every(statements.only_claimed_rows(fam)),
        paper=PAPER,
        theorem="Uniqueness family (probe toppling-uniqueness; after Conjectures 22, 37)",
        kind="conjecture", text=statement,
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=1, quick=7, target=target, derive=False,
        methods=(
            Method(name="sat", uses_solver=True,
                   scope=_FAMILY_SAT.format(game=game, rows=claimed),
                   run=partial(families_sat.family, fam=fam, oracle=brute.difference_wins,
                               covers="LRE")),
            Method(name="brute", max_n=brute_max,
                   scope=_FAMILY_BRUTE.format(game=game, rows=claimed),
                   run=partial(families_brute.family, fam=fam)),
        ),
        confirm=partial(families_brute.family_confirm, fam=fam),
        notes="Mined from the probe toppling-uniqueness (`cgsat probe toppling-uniqueness`). "
              "Holds at n covers, for every x, the rows of length n; so 'verified to M' "
              "means: for every x > 0, the rows of length <= M with this value are exactly "
              "the claimed rows of length <= M.")


_CONJ37_ALL_ROWS = Family("conj37-all-rows", lambda x: game([x], [ZERO]),
                          lambda w: (w + "LR",), "{x|0} = xLR only")
"""Conjecture 37's "uniquely" read over rows of every length, in its case b = 0: the rows
of ``{x|0}`` are ``xLR`` alone (the family ``x-zero`` with its E row dropped)."""


_CONSTRUCTION_BRUTE = (
    "the same tuples: canonical form of each construction row of length n, and canonical "
    "forms of every row of exactly n dominoes over LRE")

CLAIMS: list[Claim] = [
    # Lemma 1 (§2)
    record(
        "toppling.lem1", rows("LRE"), every(statements.lemma1_outcome),
        paper=PAPER, theorem="Lemma 1", kind="lemma",
        text="A row's outcome is fixed by its ends: empty is P; both ends L gives L; "
             "both ends R gives R; anything else (any E at an end) gives N.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=1, quick=8, target=20, derive=False,
        methods=(
            Method(name="sat", uses_solver=True,
                   run=partial(sat.lem1, oracle=brute.difference_wins, covers="LRE"),
                   scope="every row of exactly n dominoes over LRE: its outcome (difference "
                         "encoding against 0) is the corrected Lemma 1 rule. Controls: 16 "
                         "random rows over LRE, fixed with the violation switched off, "
                         "must have the direct solver's outcome"),
            Method(name="brute", run=brute.lem1, max_n=12,
                   scope="every row of exactly n dominoes over LRE, outcome of the canonical "
                         "form"),
        ),
        confirm=brute.lem1_confirm,
        notes="The seed text of Lemma 1 is garbled (it says R > 0 and misses E); we check "
              "the rule above, which is what the proof shows.",
    ),
    # Lemma 4 (§2)
    Claim(
        id="toppling.lem4", paper=PAPER, theorem="Lemma 4", kind="lemma",
        statement="For every row x, Lx > x.",
        parameter="n = length of x (alphabet L, R, E)",
        base=0, quick_bound=6, target_bound=10,
        methods=(
            Method(name="sat", uses_solver=True,
                   run=partial(sat.lem4, oracle=brute.difference_wins, covers="LRE"),
                   scope="every row x of exactly n dominoes over LRE: Lx - x > 0 (x "
                         "symbolic, Lx sharing its variables). Controls: for 16 random x "
                         "over LRE the root literals of Lx - x equal the direct solver's"),
            Method(name="brute", run=brute.lem4, max_n=11,
                   scope="every row x of exactly n dominoes over LRE"),
        ),
        confirm=brute.lem4_confirm,
    ),
    # Theorem 10 (§3)
    Claim(
        id="toppling.thm10", paper=PAPER, theorem="Theorem 10", kind="theorem",
        statement="f(G) = 1:G, where f inserts one more L into every maximal run of Ls.",
        parameter="n = length of G (alphabet L, R, E)",
        base=0, quick_bound=5, target_bound=9,
        methods=(
            Method(name="sat", uses_solver=True,
                   run=partial(sat.thm10, oracle=brute.morphism_wins, covers="LRE"),
                   scope="every G of exactly n dominoes over LRE: f(G) (a row of 2n+1 slots "
                         "sharing G's variables, blanks for absent Ls) against the ordinal "
                         "sum 1:G played directly. Controls: for 16 random G over LRE the root "
                         "literals of f(G) - 1:G equal the engine's (brute.morphism_wins)"),
            Method(name="brute", run=brute.thm10, max_n=11,
                   scope="every G of exactly n dominoes over LRE: canonical form of f(G) "
                         "against the engine's ordinal sum 1:G"),
        ),
        confirm=brute.thm10_confirm,
        notes="The paper's example lost a letter: f(RRLLRL) = LRLRLLLRLL.",
    ),
    # Theorem 16 (§3)
    record(
        "toppling.thm16", rows("LRE"), every(statements.number_is_its_row),
        paper=PAPER, theorem="Theorem 16", kind="theorem",
        text="Each number is the value of exactly one row.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=1, quick=8, target=22, derive=False,
        methods=(
            Method(name="sat", uses_solver=True,
                   run=partial(sat.thm16, oracle=brute.difference_wins, covers="LRE",
                               chain=True),
                   scope="no row of exactly n dominoes other than x's own row (Corollary 8) "
                         "equals x, for every number x >= 0 whose row has length <= n "
                         "(negative x by colour swap). Narrower than the theorem: a short "
                         "row could equal a number whose own row is longer" + _UNIQ_CONTROLS),
            Method(name="brute", run=brute.thm16, max_n=12,
                   scope="every number-valued row of exactly n dominoes over LRE is its "
                         "number's row from Corollary 8 (the full statement at length n)"),
        ),
        confirm=brute.thm16_confirm,
    ),
    # Corollary 17 (§3)
    record(
        "toppling.cor17", rows("LRE"), every(statements.number_is_palindrome),
        paper=PAPER, theorem="Corollary 17", kind="corollary",
        text="Every row whose value is a number is a palindrome.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=1, quick=8, target=22, derive=False,
        methods=(
            Method(name="sat", uses_solver=True,
                   run=partial(sat.cor17, oracle=brute.difference_wins, covers="LRE",
                               chain=True),
                   scope="no non-palindrome of exactly n dominoes equals x, for every number "
                         "x >= 0 whose row has length <= n (negative x by colour swap); "
                         "narrower than the corollary, as for Theorem 16" + _UNIQ_CONTROLS
                         + " (for x's own row, with the non-palindrome condition lifted "
                           "too)"),
            Method(name="brute", run=brute.cor17, max_n=12,
                   scope="every number-valued row of exactly n dominoes over LRE is a "
                         "palindrome (the full statement at length n)"),
        ),
        confirm=brute.cor17_confirm,
    ),
    # Theorem 21 (§4)
    record(
        "toppling.thm21", rows("LRE", match="^RL.*LR$"), every(statements.rlxlr_value),
        paper=PAPER, theorem="Theorem 21", kind="theorem",
        text="RLxLR = {{x|0}|0} for every number x > 0 (x its row).",
        parameter="n = length of RLxLR (x has n - 4 dominoes)",
        base=5, quick=16, target=34, derive=False,
        methods=(
            Method(name="sat", uses_solver=True,
                   run=partial(sat.thm21, oracle=brute.difference_wins),
                   scope="every number x > 0 whose row has exactly n - 4 dominoes: the "
                         "concrete row RLxLR against {{x|0}|0} in the difference encoding; "
                         "control: with the goal off, its (LW, RW) equal the direct solver's"),
            Method(name="brute", run=brute.thm21,
                   scope="the same x: canonical form of RLxLR"),
        ),
        confirm=brute.thm21_confirm,
    ),
    # Conjecture 22 (§4)
    record(
        "toppling.conj22", rows("LRE"), every(statements.miny_is_rlxlr),
        paper=PAPER, theorem="Conjecture 22", kind="conjecture",
        text="RLxLR is the only row of value {{x|0}|0}, for every number x > 0.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=1, quick=14, target=36, derive=False, paper_bound=15,
        methods=(
            Method(name="sat", uses_solver=True,
                   run=partial(sat.conj22, oracle=brute.difference_wins, covers="LRE"),
                   scope="no row of exactly n dominoes over LRE other than RLxLR has value "
                         "{{x|0}|0}, for every number x > 0 whose row has length <= n - 2; "
                         "this covers every x, since x is then the value of a follower of a "
                         "follower and number rows are unique (Theorem 16)" + _UNIQ_CONTROLS
                         + " (the witness RLxLR, where it has length n; a palindrome, "
                         "so a leader)" + _LEADERS),
            Method(name="brute", run=brute.conj22, max_n=10,
                   scope="every row of exactly n dominoes over LRE whose canonical form is "
                         "{{x|0}|0} with x > 0 a number is RLxLR"),
        ),
        confirm=brute.conj22_confirm,
        notes="The paper confirmed lengths up to 15 by enumeration.",
    ),
    # Lemma 23 (§5)
    Claim(
        id="toppling.lem23", paper=PAPER, theorem="Lemma 23", kind="lemma",
        statement="(LR)^m = *m.",
        parameter="m (the row has 2m dominoes)",
        base=0, quick_bound=10, target_bound=40,
        methods=(
            Method(name="sat", uses_solver=True,
                   run=partial(sat.lem23, oracle=brute.difference_wins),
                   scope="the concrete row (LR)^m against *m in the difference encoding; "
                         "control: with the goal off, its (LW, RW) equal the direct solver's"),
            Method(name="brute", run=brute.lem23, scope="canonical form of (LR)^m"),
        ),
        confirm=brute.lem23_confirm,
    ),
    # Theorem 29 (§5)
    record(
        "toppling.thm29", rows("LR"), every(statements.stars_are_theorem29),
        paper=PAPER, theorem="Theorem 29", kind="theorem",
        text="An LR row equals *m iff it is (LR)^a(RL)^m(LR)^a, 0 <= a < m, or its "
             "reversal; so *m has exactly m LR rows up to reversal.",
        parameter="n = number of dominoes (alphabet L, R)",
        base=1, quick=10, target=36, derive=False,
        methods=(
            Method(name="sat", uses_solver=True,
                   run=partial(sat.thm29, oracle=brute.difference_wins, covers="LR"),
                   scope="for every m in 1..n, all LR rows of exactly n dominoes with value "
                         "*m, enumerated with blocking clauses, are exactly the 2·#{a < m : "
                         "2m + 4a = n} rows of Theorem 29 (reversals counted apart). "
                         "Controls: on each *m instance, 16 random LR rows fixed with the "
                         "goal off give the direct solver's first-player wins against *m. "
                         "The enumeration is restricted to leaders (rows at most their "
                         "reversal, R < L); the leaders found and their reversals (same "
                         "value) must be exactly Theorem 29's rows, so each leader found "
                         "is min(w, reversal) of a star row w; samples are leaders. Moves "
                         "chained (issue 17); the issue-6 encoding is sat.thm29(..., "
                         "chain=False, leaders=False)"),
            Method(name="brute", run=brute.thm29, max_n=20,
                   scope="every LR row of exactly n dominoes: the positive nimbers among "
                         "their canonical forms are exactly Theorem 29's rows"),
        ),
        confirm=brute.thm29_confirm,
    ),
    # Theorem 32 (§6)
    record(
        "toppling.thm32", rows("LRE"), every(statements.weight_at_most_one),
        paper=PAPER, theorem="Theorem 32", kind="theorem",
        text="Every infinitesimal row has atomic weight -1, 0 or 1.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=1, quick=6, target=9, derive=False,
        methods=(
            Method(name="brute", run=partial(brute.thm32, ups=(2, 3)), max_n=10,
                   scope="every infinitesimal value among rows of exactly n dominoes over "
                         "LRE: atomic weight by the engine, via the proof's G' (positive "
                         "numbers -> ^^), or ^^^ when the proof's outcome check fails"),
            Method(name="brute-ups3", run=partial(brute.thm32, ups=(3,)), max_n=10,
                   scope="the same values, with G' built from ^^^ for every positive number "
                         "(a different all-small substitute). Shared with brute: the engine's "
                         "canonical forms and atomic weight recursion"),
            Method(name="play", run=atomic_brute.thm32_play, max_n=10,
                   scope="a consequence of the theorem, by plain game-tree search only (no "
                         "canonical form, no atomic-weight code): every row of exactly n "
                         "dominoes over LRE (one of each reversal pair) that play shows "
                         "infinitesimal (-2^-n < G < 2^-n) has a G' (number followers of the "
                         "row's game tree -> ^^, else ^^^) passing the proof's five outcome "
                         "checks with -3^ < G' < 3^, which aw(G') in {-1,0,1} implies "
                         "(additivity, two-ahead rule). It does not show the weight is an "
                         "integer, nor exclude every weight 2"),
        ),
        confirm=atomic_brute.thm32_confirm_play,
        notes="No SAT method: atomic weight needs the far-star comparison and a recursion "
              "over canonical options, not one difference game. brute and brute-ups3 share "
              "the engine's atomic weight recursion. play and the replay (confirm) decide by "
              "outcomes of sums only, so they check the consequence -3^ < G' < 3^ and confirm "
              "only counterexamples that break it (a weight outside [-1,1] proved by "
              "outcomes); a weight such as 1/2 or 2 inside that bound would be reported by "
              "the engine's methods but not confirmed. The proof's G' (^^) fails its own "
              "outcome check for some rows (first LRELLRLE with the canonical G'; earlier with "
              "the game-tree G' of play); ^^^ passes there.",
    ),
    # Conjecture 33 (§7)
    record(
        "toppling.conj33", rows("LR"), never("{1|0,{0|-1}}"),
        paper=PAPER, theorem="Conjecture 33", kind="conjecture",
        text="The value {1|0,{0|-1}} (a grey row) does not occur in LR Toppling "
             "Dominoes.",
        parameter="n = number of dominoes (alphabet L, R)",
        base=1, quick=12, target=36, derive=False,
        methods=(
            Method(name="sat", uses_solver=True,
                   run=partial(conjectures_sat.conj33, oracle=brute.difference_wins,
                               covers="LR"),
                   scope="no LR row of exactly n dominoes has value {1|0,{0|-1}}"
                         + _UNIQ_CONTROLS.replace("over LRE", "over LR")
                         + _LEADERS.replace("R < L < E", "R < L").replace("conj22",
                                                                           "conj33")),
            Method(name="brute", run=conjectures_brute.conj33, max_n=19,
                   scope="every LR row of exactly n dominoes, canonical form"),
        ),
        confirm=conjectures_brute.conj33_confirm,
        notes="The paper's figure is lost. Over L, R, E the rows of this value up to length "
              "12 are LERE, EREL (length 4) and LLRRE, ERRLL (length 5): "
              "`cgsat find toppling --value '{1|0,{0|-1}}' --max-length 12 --all`. The "
              "figure's four dominoes (one blue, three others) fit LERE.",
    ),
    # Conjecture 34 (§7)
    Claim(
        id="toppling.conj34", paper=PAPER, theorem="Conjecture 34", kind="conjecture",
        statement="For all rows x and y, xLy > xy.",
        parameter="n = |x| + |y| (alphabet L, R, E)",
        base=0, quick_bound=5, target_bound=8,
        methods=(
            Method(name="sat", uses_solver=True,
                   run=partial(conjectures_sat.conj34, oracle=brute.difference_wins,
                               covers="LRE"),
                   scope="every split |x| = p <= |y| = n - p with x, y symbolic over LRE "
                         "(xLy and xy share variables): xLy - xy > 0; p > n - p follows by "
                         "reversal. Controls: on each split, 16 random rows xy over LRE give "
                         "the direct solver's first-player wins on xLy - xy"),
            Method(name="brute", run=conjectures_brute.conj34, max_n=10,
                   scope="every row xy of exactly n dominoes over LRE and every place for "
                         "the L"),
        ),
        confirm=conjectures_brute.conj34_confirm,
    ),
    # Conjecture 35 (§7)
    Claim(
        id="toppling.conj35", paper=PAPER, theorem="Conjecture 35", kind="conjecture",
        statement="In LR Toppling Dominoes the value of a palindrome is given by no other "
                  "row.",
        parameter="n = the longer of the two rows compared (alphabet L, R)",
        base=1, quick_bound=7, target_bound=12,
        methods=(
            Method(name="sat", uses_solver=True,
                   run=partial(conjectures_sat.conj35, oracle=brute.difference_wins,
                               covers="LR"),
                   scope="every LR palindrome P (symbolic) and LR row G (symbolic) with "
                         "max(|P|, |G|) = n: G = P only if G is P. Controls: on each instance, "
                         "16 random pairs (an LR palindrome, an LR row) give the direct "
                         "solver's first-player wins on G - P"),
            Method(name="brute", run=conjectures_brute.conj35, max_n=16,
                   scope="canonical forms of every LR row of length <= n: no value class "
                         "holding a palindrome has two rows (one of length n)"),
        ),
        confirm=conjectures_brute.conj35_confirm,
    ),
    # Theorem 36 (§7)
    Claim(
        id="toppling.thm36", paper=PAPER, theorem="Theorem 36", kind="theorem",
        statement="A number x = {x^L|x^R} in canonical form (a non-integer) is given "
                  "uniquely by the row x^L LR x^R.",
        parameter="n = length of x's row",
        base=3, quick_bound=14, target_bound=30,
        methods=(
            Method(name="sat", uses_solver=True,
                   run=partial(conjectures_sat.thm36, oracle=brute.difference_wins),
                   scope="every non-integer number x whose row has n dominoes: x^L LR x^R "
                         "is x's row (Corollary 8), and that concrete row equals x in the "
                         "difference encoding; control: with the goal off, its (LW, RW) equal "
                         "the direct solver's"),
            Method(name="brute", run=conjectures_brute.thm36,
                   scope="the same x: canonical form of x^L LR x^R. Shared with sat: the "
                         "cases and the string test x^L LR x^R = x's row "
                         "(numbers.theorem36_cases; the same string comparison in both)"),
        ),
        confirm=conjectures_brute.thm36_confirm,
        notes="Uniqueness is Theorem 16 (toppling.thm16).",
    ),
    # Conjecture 37 (§7), as stated: a >= b
    Claim(
        id="toppling.conj37", paper=PAPER, theorem="Conjecture 37", kind="conjecture",
        statement="For numbers a >= b >= c >= d (as many as used), {a|b} is given "
                  "(uniquely) by aLRb (as stated); unique up to reversal.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=2, quick_bound=7, target_bound=12,
        methods=(
            Method(name="sat", uses_solver=True, scope=_CONSTRUCTION_SAT,
                   run=partial(conjectures_sat.construction, name="conj37", strict=False,
                               oracle=brute.difference_wins, covers="LRE")),
            Method(name="brute", max_n=12, scope=_CONSTRUCTION_BRUTE,
                   run=partial(conjectures_brute.construction, name="conj37", strict=False)),
        ),
        confirm=partial(conjectures_brute.construction_confirm, name="conj37", strict=False),
    ),
    # Conjecture 37 (§7), "uniquely" among rows of every length (case b = 0)
    record(
        "toppling.conj37-all-rows", rows("LRE"),
        every(statements.only_claimed_rows(_CONJ37_ALL_ROWS)), paper=PAPER,
        theorem="Conjecture 37 (uniqueness among all rows)", kind="conjecture",
        text="{a|b} is given uniquely by aLRb: no other row, of any length, has the "
             "value (checked in the case b = 0: for every number x > 0, xLR is the "
             "only row of value {x|0}, up to reversal).",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=1, quick=4, target=7, derive=False,
        methods=(
            Method(name="sat", uses_solver=True,
                   scope=_FAMILY_SAT.format(game="{x|0}", rows="xLR"),
                   run=partial(families_sat.family, fam=_CONJ37_ALL_ROWS,
                               oracle=brute.difference_wins, covers="LRE")),
            Method(name="brute", max_n=12, scope=_FAMILY_BRUTE.format(game="{x|0}", rows="xLR"),
                   run=partial(families_brute.family, fam=_CONJ37_ALL_ROWS)),
        ),
        confirm=partial(families_brute.family_confirm, fam=_CONJ37_ALL_ROWS),
        notes="toppling.conj37 checks the construction against the rows of its own length "
              "and holds; read over rows of every length, 'uniquely' fails at once: "
              "{1|0} = LLR (1LR0) = EL. The rows of {x|0} are exactly Ex and xLR "
              "(toppling.unique-x-zero).",
    ),
    # Conjecture 37 (§7), strict variant: a > b
    Claim(
        id="toppling.conj37-strict", paper=PAPER, theorem="Conjecture 37 (strict variant)",
        kind="conjecture",
        statement="For numbers a > b > c > d (as many as used), {a|b} is given (uniquely) "
                  "by aLRb; unique up to reversal.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=2, quick_bound=7, target_bound=12,
        methods=(
            Method(name="sat", uses_solver=True, scope=_CONSTRUCTION_SAT_STRICT,
                   run=partial(conjectures_sat.construction, name="conj37", strict=True,
                               oracle=brute.difference_wins, covers="LRE")),
            Method(name="brute", max_n=12, scope=_CONSTRUCTION_BRUTE,
                   run=partial(conjectures_brute.construction, name="conj37", strict=True)),
        ),
        confirm=partial(conjectures_brute.construction_confirm, name="conj37", strict=True),
    ),
    # Conjecture 38 (§7), as stated: a >= b >= c
    Claim(
        id="toppling.conj38", paper=PAPER, theorem="Conjecture 38", kind="conjecture",
        statement="For numbers a >= b >= c >= d (as many as used), {a||b|c} is given "
                  "(uniquely) by aLRcRLb (as stated); unique up to reversal.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=4, quick_bound=7, target_bound=12,
        methods=(
            Method(name="sat", uses_solver=True, scope=_CONSTRUCTION_SAT,
                   run=partial(conjectures_sat.construction, name="conj38", strict=False,
                               oracle=brute.difference_wins, covers="LRE")),
            Method(name="brute", max_n=12, scope=_CONSTRUCTION_BRUTE,
                   run=partial(conjectures_brute.construction, name="conj38", strict=False)),
        ),
        confirm=partial(conjectures_brute.construction_confirm, name="conj38", strict=False),
    ),
    # Conjecture 38 (§7), strict variant: a > b > c
    Claim(
        id="toppling.conj38-strict", paper=PAPER, theorem="Conjecture 38 (strict variant)",
        kind="conjecture",
        statement="For numbers a > b > c > d (as many as used), {a||b|c} is given "
                  "(uniquely) by aLRcRLb; unique up to reversal.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=4, quick_bound=7, target_bound=12,
        methods=(
            Method(name="sat", uses_solver=True, scope=_CONSTRUCTION_SAT_STRICT,
                   run=partial(conjectures_sat.construction, name="conj38", strict=True,
                               oracle=brute.difference_wins, covers="LRE")),
            Method(name="brute", max_n=12, scope=_CONSTRUCTION_BRUTE,
                   run=partial(conjectures_brute.construction, name="conj38", strict=True)),
        ),
        confirm=partial(conjectures_brute.construction_confirm, name="conj38", strict=True),
    ),
    # Conjecture 39 (§7), as stated: a >= b >= c >= d (refuted at a = b = c = d = 0)
    Claim(
        id="toppling.conj39", paper=PAPER, theorem="Conjecture 39", kind="conjecture",
        statement="For numbers a >= b >= c >= d (as many as used), {a|b||c|d} is given "
                  "(uniquely) by bRLaLRdRLc (as stated); unique up to reversal.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=6, quick_bound=7, target_bound=14,
        methods=(
            Method(name="sat", uses_solver=True, scope=_CONSTRUCTION_SAT,
                   run=partial(conjectures_sat.construction, name="conj39", strict=False,
                               oracle=brute.difference_wins, covers="LRE")),
            Method(name="brute", max_n=12, scope=_CONSTRUCTION_BRUTE,
                   run=partial(conjectures_brute.construction, name="conj39", strict=False)),
        ),
        confirm=partial(conjectures_brute.construction_confirm, name="conj39", strict=False),
    ),
    # Conjecture 39 (§7), strict variant: a > b > c > d
    Claim(
        id="toppling.conj39-strict", paper=PAPER, theorem="Conjecture 39 (strict variant)",
        kind="conjecture",
        statement="For numbers a > b > c > d (as many as used), {a|b||c|d} is given "
                  "(uniquely) by bRLaLRdRLc; unique up to reversal.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=6, quick_bound=7, target_bound=14,
        methods=(
            Method(name="sat", uses_solver=True, scope=_CONSTRUCTION_SAT_STRICT,
                   run=partial(conjectures_sat.construction, name="conj39", strict=True,
                               oracle=brute.difference_wins, covers="LRE")),
            Method(name="brute", max_n=12, scope=_CONSTRUCTION_BRUTE,
                   run=partial(conjectures_brute.construction, name="conj39", strict=True)),
        ),
        confirm=partial(conjectures_brute.construction_confirm, name="conj39", strict=True),
    ),
    # Conjecture 40 (§7): one check per listed game
    record(
        "toppling.conj40", rows("LRE"), never(*_CONJ40_GAMES),
        paper=PAPER, theorem="Conjecture 40", kind="conjecture",
        text="Some games do not occur in Toppling Dominoes.",
        parameter="n = number of dominoes (alphabet L, R, E); the games checked: "
                  + ", ".join(_CONJ40_GAMES),
        base=1, quick=6, target=12, derive=False,
        methods=(
            Method(name="sat", uses_solver=True,
                   run=partial(conjectures_sat.conj40, games=_CONJ40_GAMES,
                               oracle=brute.difference_wins, covers="LRE"),
                   scope="for EACH of the games " + ", ".join(_CONJ40_GAMES) + " (those of "
                         "the list of day-2 and some day-3 games with no row up to length "
                         "12; +-1/2 was dropped, it is LRLERLR): no row of exactly n "
                         "dominoes over LRE has its value, one SAT instance per game"
                         + _UNIQ_CONTROLS + ". Checked per game so that a hold covers every "
                         "listed game, not just one: 'verified to M' means none of them has "
                         "a row of length <= M, which implies the conjecture within that "
                         "bound; a row found for one game refutes this check (that game "
                         "occurs), not the conjecture"),
            Method(name="brute", max_n=11,
                   run=partial(conjectures_brute.conj40_absent, games=_CONJ40_GAMES),
                   scope="canonical forms of every row of exactly n dominoes over LRE: none "
                         "is one of the same games"),
        ),
        confirm=partial(conjectures_brute.conj40_absent_confirm, games=_CONJ40_GAMES),
        notes="The occurrence table of the whole list (shortest row per game) is probe "
              "data: conjectures_sat.occurrence_table. Before issue 12 this claim held "
              "whenever any one game had no row (an existential statement).",
    ),
    # Uniqueness families (issue 14, probe toppling-uniqueness): exact counts
    _family_claim("x-zero", "{x|0}", "Ex and xLR",
                  "For every number x > 0, the rows of value {x|0} are exactly Ex and xLR "
                  "(two rows up to reversal; xLR is Lemma 20).", target=TARGET_X_ZERO),
    _family_claim("switch", "+-x = {x|-x}", "xE(-x) and xLR(-x)",
                  "For every number x > 0, the rows of value +-x are exactly xE(-x) and "
                  "xLR(-x) (two rows up to reversal; -x is x's row colour-swapped).",
                  target=TARGET_SWITCH),
    _family_claim("x-star", "x* = {x|x}", "xEx and xLRx",
                  "For every number x > 0, the rows of value x* are exactly xEx and xLRx "
                  "(two rows up to reversal).", target=TARGET_X_STAR),
]

TARGET_REASONS: dict[str, str] = {
    'toppling.conj22': (
        'brute stops at its size limit 10 (was 12; the committed store keeps its runs to 12): '
        'exhaustive play took 11 s at n=10, 42 s at 11 and more than 60 s at 12 on the loaded '
        '2-core machine (issue 35), while sat takes 8 s at 15; the quick bound is 14 (sat '
        "took 18 s there and 31 s at the paper's 15 on the machine loaded about 5 times "
        'over, issue 36: a 3-times margin under the 60 s timeout); the target passes 15.'
    ),
    'toppling.lem1': (
        'brute stops at its size limit 12: exhaustive play took 15 s at n=11 and 74 s at 12 '
        '(1.5 GB; x5 per size, about 370 s and 7 GB at 13; committed store); sat continues '
        'to the target.'
    ),
    'toppling.conj33': (
        'brute stops at its size limit 19: exhaustive play took 1.9 s at n=18 and 4.9 s at 19 '
        '(0.9 GB), and n=20 did not end in 300 s (1.5 GB; committed store); sat continues to '
        'the target.'
    ),
    'toppling.unique-switch': (
        'brute stops at its size limit 12: exhaustive play took 2.4 s at n=11 and 7.9 s at '
        '12 (committed store; the limit bounds the brute family of Corollary 8, whose rows '
        'are enumerated over LRE); sat continues to the target.'
    ),
    'toppling.conj37': (
        'target 14 -> 12: sat took 41 s at n=10 and 74 s at 11 with minisat22 confirming '
        '(x1.8-2.3 per size, about 150 s at 12 and 700 s at 14; measured on the loaded 2-core'
        ' machine, issue 27); brute stops at its size limit 12.'
    ),
    'toppling.conj37-strict': (
        'target 14 -> 12: sat took 39 s at n=10 and 84 s at 11 with minisat22 confirming '
        '(x2.2 per size, about 180 s at 12 and 900 s at 14; issue 27); brute stops at its '
        'size limit 12.'
    ),
    'toppling.conj38': (
        'target 14 -> 12: sat took 19 s at n=10 and 50 s at 11 with minisat22 confirming '
        '(x2.6 per size, about 130 s at 12 and 900 s at 14; issue 27); brute stops at its '
        'size limit 12.'
    ),
    'toppling.conj38-strict': (
        'target 14 -> 12: sat took 26 s at n=10 and 62 s at 11 with minisat22 confirming '
        '(x2.4 per size, about 150 s at 12 and 870 s at 14; issue 27); brute stops at its '
        'size limit 12.'
    ),
    'toppling.lem4': (
        'target 12 -> 10: sat took 16 s at n=8, 71 s at 9 and 94 s at 10 with minisat22 '
        'confirming (x1.3-4.4 per size under load, about 120-400 s at 11 and up to 6000 s at '
        '12; issue 27); brute takes under 0.1 s at 6.'
    ),
    'toppling.conj34': (
        'target 10 -> 8: sat took 15 s at n=7, 62 s at 8 and 268 s at 9 with minisat22 '
        'confirming (x4.2 per size, about 1100 s at 10; issue 27); brute takes under 0.01 s '
        'at 5.'
    ),
}
"""Why a target bound was lowered, or a method stops at its size limit, as measured (issue
27, item 3; docs/history/performance.md, "Caterpillars"): shown by the report."""


def _no_tuple(name: str, strict: bool) -> Reason:
    """Vacuous where no tuple of numbers has a construction row of at most n dominoes (Fink
    et al., *Toppling Conjectures*, Conjectures 37, 38 and 39)."""
    def vacuous(n: int) -> str | None:
        if construction_cases(name, n, strict):
            return None
        return f"no tuple has a construction row of length <= {n}"
    return vacuous


def _no_fraction(n: int) -> str | None:
    """Fink et al., *Toppling Conjectures*, Theorem 36: no non-integer number has a row of
    length n."""
    return None if theorem36_cases(n) else (
        f"no non-integer number has a row of length {n}")


def _short(limit: int, reason: str) -> Reason:
    """A SAT method of Fink et al., *Toppling Conjectures*, that has no instance at n <=
    ``limit`` (the rows there are played by brute)."""
    def gap(n: int) -> str | None:
        return reason if n <= limit else None
    return gap


_NO_INSTANCE = "no SAT instance at this size"


def _lemma_claim(name: str, theorem: str, text: str, quick: int, target: int,  # noqa: PLR0913
                 brute_max: int, play_max: int, kind: str = "lemma",
                 notes: str = "") -> Claim:
    """One of the lemmas of :mod:`~cgsat.papers.toppling.lemmas` (issue 37, §4): the same
    check with two oracles, canonical forms (brute) and game-tree search (play)."""
    where = lemmas.LEMMAS[name][2]
    return Claim(
        id=f"toppling.{name}", paper=PAPER, theorem=theorem, kind=kind, statement=text,
        parameter="n = number of dominoes" + (" (H and K together)" if name == "lem13"
                                              else ""),
        base=0, quick_bound=quick, target_bound=target,
        methods=(
            Method("brute", partial(lemmas.run_lemma, name=name, oracle=lemmas.CANON),
                   max_n=brute_max,
                   scope=f"{where}: the statement decided with canonical forms (the "
                         "partizan engine)"),
            Method("play", partial(lemmas.run_lemma, name=name, oracle=lemmas.TREE),
                   max_n=play_max,
                   scope=f"{where}: the statement decided by game-tree search on "
                         "differences (no canonical forms)"),
        ),
        confirm=partial(lemmas.confirm, name=name),
        notes=notes,
    )


CLAIMS += [
    _lemma_claim("lem2", "Lemma 2",
                 "For any string x, every Left move from LxL to some LyR or LyE is "
                 "reversible through 0 (Right's reply toppling the rest leaves 0 <= LxL).",
                 quick=7, target=10, brute_max=11, play_max=8),
    _lemma_claim("lem3", "Lemma 3 (sandwich lemma)",
                 "If G^L topples east (west) and G^LR topples the same way, then G^LR |> G "
                 "(G^LR is not <= G).", quick=5, target=8, brute_max=10, play_max=6),
    _lemma_claim("cor5", "Corollary 5",
                 "Within any block of adjacent blue dominoes, the two moves that topple an "
                 "end domino away from the block dominate all other moves within the block.",
                 quick=6, target=10, brute_max=11, play_max=7, kind="corollary"),
    _lemma_claim("lem12", "Lemma 12",
                 "An LR-Toppling Dominoes position G > 0 without RR is f(H) for some H (H: "
                 "one L removed from every maximal run of L's).",
                 quick=8, target=14, brute_max=16, play_max=12),
    _lemma_claim("lem13", "Lemma 13", "1:H >= 1:K if and only if H >= K (rows H, K).",
                 quick=4, target=6, brute_max=7, play_max=5),
    _lemma_claim("lem14", "Lemma 14 (as printed)",
                 "If a Toppling Dominoes position G has consecutive non-blue dominoes, then "
                 "G is not a number.", quick=6, target=10, brute_max=11, play_max=8,
                 notes="Refuted by RR = -2: the proof assumes G > 0 (G = LxAByL). "
                       "toppling.lem14-positive is what the proof shows and what Lemma 19 "
                       "uses."),
    _lemma_claim("lem14-positive", "Lemma 14 (for G > 0, as its proof shows)",
                 "A Toppling Dominoes position that is a number G > 0 has no consecutive "
                 "non-blue dominoes.", quick=7, target=10, brute_max=11, play_max=8),
    _lemma_claim("lem15", "Lemma 15",
                 "If G is a number and G > 0, then G is identical to f(H) for some H.",
                 quick=7, target=10, brute_max=11, play_max=8),
    _lemma_claim("lem19", "Lemma 19",
                 "If x is a number and x' is reached from x by one or more Left moves, then "
                 "x' < x.", quick=7, target=10, brute_max=11, play_max=8),
    _lemma_claim("lem24", "Lemma 24",
                 "For any position x, LxL + *m |> 0 (checked for m = 0..4).",
                 quick=5, target=8, brute_max=10, play_max=6),
    _lemma_claim("lem30", "Lemma 30",
                 "An infinitesimal position beginning in L is (LR)^n, (LR)^n E x or "
                 "(LR)^n R x.", quick=7, target=10, brute_max=11, play_max=8),
    _lemma_claim("lem31", "Lemma 31",
                 "In an infinitesimal position the first player can move to a nimber, and "
                 "after a move to a non-nimber the second player can reply to a nimber.",
                 quick=5, target=8, brute_max=10, play_max=6),
]

CLAIMS = attach(CLAIMS, {
    "toppling.thm36": _no_fraction,
    **{f"toppling.{name}{'-strict' if strict else ''}": _no_tuple(name, strict)
       for name in ("conj37", "conj38", "conj39") for strict in (False, True)},
}, gaps={
    "toppling.conj22": {"sat": _short(2, _NO_INSTANCE)},
    "toppling.cor17": {"sat": _short(1, "every row of length < 2 is a palindrome")},
    "toppling.conj37-all-rows": {"sat": _short(1, _NO_INSTANCE)},
    "toppling.unique-switch": {"sat": _short(1, _NO_INSTANCE)},
    "toppling.unique-x-star": {"sat": _short(1, _NO_INSTANCE)},
    "toppling.unique-x-zero": {"sat": _short(1, _NO_INSTANCE)},
})
