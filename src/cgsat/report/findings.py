"""The findings: published statements, proofs and examples that cgsat's checks contradict,
each said exactly (what the counterexample breaks, the case it needs, and what holds
instead). One source for the README's "Findings" section (a test compares them word for
word) and for the report, which shows each beside the stored refutation of its claim, or
on its own when the finding is not a refuted claim (a step of a proof, a worked example).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Finding", "FINDINGS", "finding_of"]


@dataclass(frozen=True)
class Finding:
    """One finding.

    Attributes
    ----------
    claims : tuple of str
        The claims whose runs show it (a refuted claim first, when there is one).
    breaks : str
        What the counterexample breaks: the statement as printed, a step of a proof, or a
        worked example, and whether the paper's conclusion stands.
    text : str
        The README's paragraph (Markdown, one line).
    """

    claims: tuple[str, ...]
    breaks: str
    text: str


FINDINGS: tuple[Finding, ...] = (
    Finding(
        ("thickets.thm3.1", "thickets.thm3.1-corrected"),
        "a step of the proof (L(n-1) is an option of L(n)); the theorem's conclusion, "
        "infinite nim-dimension, stands",
        "*Thinning Thickets*, proof of Theorem 3.1. What fails is the step \"from L(n), "
        "cutting v_i v_{i-1}, 2 <= i <= n-1, results in L(i)\" at i = n - 1, not the "
        "theorem: that cut is legal only for i <= n-2 (v_{n-1} carries no leaf), so L(n-1) "
        "is no option of L(n). `thickets.thm3.1` (the step as printed) is refuted at n = 3 "
        "(`3:1`); `thickets.thm3.1-corrected` (2 <= i <= n-2) holds as far as checked. The "
        "conclusion, infinite nim-dimension, stands."),
    Finding(
        ("toppling.conj39", "toppling.conj39-strict"),
        "the conjecture as printed, through its ties (a = b = c = d); the strict form is "
        "open",
        "*Toppling Conjectures*, Conjecture 39 as printed (a >= b >= c >= d). Its "
        "counterexamples use ties, where the value collapses: a = b = c = d = 0 gives the row "
        "RLLRRL, whose value is `{*,^|*,v}`, not {0|0||0|0} = 0 (`toppling.conj39`, n = 6). "
        "The strict variant `toppling.conj39-strict` (a > b > c > d) has no row to check up "
        "to length 7 (vacuous there); longer rows are checked by `cgsat check "
        "toppling.conj39-strict --target`."),
    Finding(
        ("toppling.thm32",),
        "a step of the proof (number stops replaced by double ups); the theorem is not "
        "refuted",
        "*Toppling Conjectures*, proof of Theorem 32. A step of the proof, not the theorem: "
        "replacing number stops by ⇑/⇓ fails the proof's own outcome check for 4 values of "
        "rows of length 8 (first LRELLRLE) and 20 of length 9; with three ups every "
        "infinitesimal up to length 9 passes, with atomic weight -1, 0 or 1 "
        "(`toppling.thm32`)."),
    Finding(
        ("thickets.thm4.4", "thickets.thm4.4-values"),
        "the theorem as printed (T(2n) has temperature at least n); Corollary 4.5 stands",
        "*Thinning Thickets*, Theorem 4.4 as printed (\"T(2n) has temperature at least n\") "
        "fails at T(2) = {1|0}, temperature 1/2 (`thickets.thm4.4`, refuted at n = 1 by the "
        "engine and by game-tree search). What holds: T(m) = {⌈m/2⌉|0} and S(m) = ⌈m/2⌉ "
        "(`thickets.thm4.4-values`, checked to m = 14 by the engine and m = 19 by game-tree "
        "search), so T(2n) = {n|0} has temperature exactly n/2. The proof's Left scaffold "
        "should be n − t, not 2n − t. The temperatures are still unbounded, so Corollary 4.5 "
        "(some position hotter than any n) stands. Theorems 4.1 and 4.2, Lemma 4.3 and the "
        "blue stalks B(n) hold as far as checked (`thickets.thm4.1`, `thm4.2`, `lem4.3`, "
        "`blue-stalks`)."),
    Finding(
        ("toppling.conj37-all-rows", "toppling.conj37"),
        "uniqueness over rows of every length, with a green domino (E); the conjecture over "
        "rows as long as its construction holds",
        "*Toppling Conjectures*, Conjecture 37 (\"{a|b} is given (uniquely) by aLRb\"). Its "
        "counterexample needs a green domino E: aEb has the same value, e.g. {1|0} = LLR = EL "
        "(the shortest row of {1|0}), so `toppling.conj37-all-rows` (uniqueness over rows of "
        "every length) is refuted at n = 2; `toppling.conj37` holds, since its scope is rows "
        "as long as the construction rows. The probe `toppling-uniqueness` data agree with "
        "\"the rows of {a|b} (numbers a ≥ b) are exactly aEb and aLRb\" (every row up to "
        "length 9 of such a value is one of them), and the claims `toppling.unique-x-zero`, "
        "`-switch`, `-x-star` check the cases b = 0, b = -a, b = a by SAT past the data."),
    Finding(
        ("timber.thm2.5-printed", "timber.thm2.5"),
        "the closed sum printed for X(2n+1) at n = 0; the counts of the proof stand",
        "*The Game of timber!*, Theorem 2.5 as printed. The closed sum for the misère count "
        "X(2n+1) = 2 SWP(2n) = Σ_{i=0}^{n-2} (-1)^i c_{n-i} (1/2)^i is empty at n = 0 and gives "
        "X(1) = 0, but L and R are both misère P-positions (the only move leaves the empty "
        "word, and the player left without a move wins), so X(1) = 2 "
        "(`timber.thm2.5-printed`, refuted at n = 1 by play and by counting the sets of "
        "Theorems 2.3 and 2.4). The proof's X(2n+1) = 2 F_n, with F_0 = 1, is right "
        "(`timber.thm2.5`); the sum drops F_0."),
    Finding(
        ("toppling.lem14", "toppling.lem14-positive"),
        "the lemma as printed, for negative numbers; the lemma for G > 0 stands",
        "*Toppling Conjectures*, Lemma 14 as printed (\"if G has consecutive non-blue "
        "dominoes, then G is not a number\") fails for negative numbers: RR = -2 "
        "(`toppling.lem14`, refuted at n = 2 by canonical forms and by game-tree "
        "search). The proof assumes G > 0 (G = LxAByL), and that is how Lemma 19 uses "
        "it; the lemma for G > 0 holds as far as checked (`toppling.lem14-positive`)."),
    Finding(
        ("toppling.conj40",),
        "nothing: the conjecture already follows from Theorem 32 (not a refutation)",
        "*Toppling Conjectures*, Conjecture 40 (\"some games do not occur\") already "
        "follows from Theorem 32: ⇑ and ⇑* are infinitesimals of atomic weight 2 "
        "(cgsat's atomic weights), while every infinitesimal row has atomic weight -1, "
        "0 or 1, so no row equals them. The SAT check `toppling.conj40` finds no row of "
        "⇑ or ⇑* (and of the other listed games) up to its verified length."),
    Finding(
        (),
        "a worked example of the paper (Definition 9)",
        "*Toppling Conjectures*, Definition 9's example lost a letter: f(RRLLRL) = "
        "LRLRLLLRLL."),
)
"""Every finding, in the README's order."""


def finding_of(claim: str) -> Finding | None:
    """The finding that names ``claim`` first (its refuted claim), or None.

    Examples
    --------
    >>> finding_of("toppling.conj39").breaks[:30]
    'the conjecture as printed, thr'
    >>> finding_of("timber.thm2.3") is None
    True
    """
    return next((f for f in FINDINGS if f.claims[:1] == (claim,)), None)
