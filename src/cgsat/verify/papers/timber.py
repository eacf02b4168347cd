"""Claims from *The Game of timber!* (Nowakowski, Renault, Lamoureux, Mellon, Miller), §2.

Toppling Peaks is Timber on a path (ruleset ``timber-path``): a word over {L, R}; toppling
an R at i leaves w[:i], toppling an L at i leaves w[i+1:].

- ``timber.thm2.3`` (Theorem 2.3): the normal-play P-positions are exactly the Dyck words
  WP (L = up-step, R = down-step).
- ``timber.thm2.5`` (Theorem 2.5): the counts. WP(2m) = C_m, WP(2m+1) = 0; misère
  X(0) = 0, X(2m) = F_{m−1} + F_m (m ≥ 1), X(2m+1) = 2·F_m; SWP(2m) = F_m, the Dyck words
  without a peak at height 1. The Fine numbers are indexed as the paper does,
  F_0..F_5 = 1, 0, 1, 2, 6, 18: F_n is OEIS A000957(n+1).

Each claim has two methods sharing no code:

- ``brute``: every word of length n by exhaustive play (:mod:`cgsat.cgt.peaks`, numpy
  tables), compared with a direct enumeration of the claimed set (Dyck words generated
  recursively) or with the closed formulas;
- ``sat``: the inductive partition check of :mod:`cgsat.encodings.peaks_induction`, with
  the characterization as a circuit; for the counts, the characterizations are proved
  inductively and the characterized sets are then counted by dynamic programming over
  words (an automaton, no enumeration).

Counterexamples are replayed by :mod:`cgsat.cgt.impartial` (a third, generic solver).

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, §2, Theorems 2.3, 2.4 and 2.5.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from functools import cache

from cgsat.verify.claims import Budget, Claim, Method, Verdict

PAPER = "The Game of timber! (Nowakowski, Renault, Lamoureux, Mellon, Miller)"

# -- the claimed sets, in plain Python (independent of the SAT circuits) ---------------


def is_dyck(word: str) -> bool:
    """Whether ``word`` is in WP: balanced, and no prefix has more R than L.

    Examples
    --------
    >>> is_dyck("LLRR"), is_dyck("LRRL"), is_dyck("")
    (True, False, True)
    """
    height = 0
    for c in word:
        height += 1 if c == "L" else -1
        if height < 0:
            return False
    return height == 0


def is_swp(word: str) -> bool:
    """Whether ``word`` is in SWP: a Dyck word that is not w1 L R w2 with w1, w2 in WP.

    Examples
    --------
    >>> is_swp("LLRR"), is_swp("LRLLRR"), is_swp("")
    (True, False, True)
    """
    if not is_dyck(word):
        return False
    for i in range(len(word) - 1):
        if word[i : i + 2] == "LR" and is_dyck(word[:i]) and is_dyck(word[i + 2 :]):
            return False
    return True


def in_x(word: str) -> bool:
    """Whether ``word`` is in X = (SWP∖{ε}) ∪ R·SWP ∪ SWP·L ∪ R·SWP·L (Theorem 2.4).

    Examples
    --------
    >>> [w for w in ("", "R", "L", "RL", "LR", "LLRR") if in_x(w)]
    ['R', 'L', 'RL', 'LLRR']
    """
    if word and is_swp(word):
        return True
    if word.startswith("R") and is_swp(word[1:]):
        return True
    if word.endswith("L") and is_swp(word[:-1]):
        return True
    return len(word) >= 2 and word[0] == "R" and word[-1] == "L" and is_swp(word[1:-1])


def dyck_words(n: int) -> list[str]:
    """Every Dyck word of length ``n``, generated directly (no filtering of 2^n words).

    Examples
    --------
    >>> dyck_words(4), dyck_words(3)
    (['LLRR', 'LRLR'], [])
    """
    if n % 2:
        return []
    out: list[str] = []
    stack: list[tuple[str, int]] = [("", 0)]
    while stack:
        word, height = stack.pop()
        left = n - len(word)
        if left == 0:
            out.append(word)
            continue
        if height + 1 <= left - 1:
            stack.append((word + "L", height + 1))
        if height > 0:
            stack.append((word + "R", height - 1))
    return sorted(out)


# -- closed formulas of Theorem 2.5 ---------------------------------------------------


@cache
def catalan(m: int) -> int:
    """The Catalan number C_m = (2m)! / (m! (m+1)!).

    Examples
    --------
    >>> [catalan(m) for m in range(6)]
    [1, 1, 2, 5, 14, 42]
    """
    from math import comb

    return comb(2 * m, m) // (m + 1)


@cache
def fine(m: int) -> int:
    """The Fine number F_m, indexed as the paper does: F_0..F_5 = 1, 0, 1, 2, 6, 18.

    This is OEIS A000957(m+1). Computed from C_m = 2·F_m + F_{m−1} (m ≥ 1), F_0 = 1.

    Examples
    --------
    >>> [fine(m) for m in range(8)]
    [1, 0, 1, 2, 6, 18, 57, 186]
    """
    if m == 0:
        return 1
    rest = catalan(m) - fine(m - 1)
    assert rest % 2 == 0
    return rest // 2


def formula_wp(n: int) -> int:
    """WP(n): C_{n/2} for even n, else 0 (Theorem 2.5.1)."""
    return catalan(n // 2) if n % 2 == 0 else 0


def formula_swp(n: int) -> int:
    """SWP(n): F_{n/2} for even n, else 0 (Theorem 2.5.2)."""
    return fine(n // 2) if n % 2 == 0 else 0


def formula_x(n: int) -> int:
    """X(n): X(0) = 0, X(2m) = F_{m−1} + F_m (m ≥ 1), X(2m+1) = 2·F_m (Theorem 2.5.3).

    Examples
    --------
    >>> [formula_x(n) for n in range(9)]
    [0, 2, 1, 0, 1, 2, 3, 4, 8]
    """
    if n == 0:
        return 0
    m = n // 2
    return fine(m - 1) + fine(m) if n % 2 == 0 else 2 * fine(m)


# -- counting words by dynamic programming over an automaton --------------------------

_DEAD = None


def _swp_step(state: Hashable, letter: str) -> Hashable:
    """SWP automaton: state (height, just stepped up from 0) or dead."""
    if state is _DEAD:
        return _DEAD
    height, up_from_zero = state  # type: ignore[misc]
    if letter == "L":
        return (height + 1, height == 0)
    if height == 0 or up_from_zero:  # below zero, or a peak at height 1
        return _DEAD
    return (height - 1, False)


def _swp_accepts(state: Hashable) -> bool:
    return state is not _DEAD and state[0] == 0  # type: ignore[index]


def _dyck_step(state: Hashable, letter: str) -> Hashable:
    if state is _DEAD:
        return _DEAD
    h = state + (1 if letter == "L" else -1)  # type: ignore[operator]
    return _DEAD if h < 0 else h


def count_words(
    n: int, start: Hashable, step: Callable[[Hashable, str], Hashable],
    accept: Callable[[Hashable], bool],
) -> int:
    """How many words of length ``n`` a deterministic automaton accepts (DP over states).

    Examples
    --------
    >>> count_words(6, 0, _dyck_step, lambda s: s == 0)
    5
    """
    counts: dict[Hashable, int] = {start: 1}
    for _ in range(n):
        nxt: dict[Hashable, int] = {}
        for state, k in counts.items():
            for letter in "LR":
                s = step(state, letter)
                nxt[s] = nxt.get(s, 0) + k
        counts = nxt
    return sum(k for s, k in counts.items() if accept(s))


def count_swp(n: int) -> int:
    """Words of length ``n`` in SWP, by DP. (Examples: 1, 0, 1, 2, 6 for n = 0, 2, 4, 6, 8.)

    Examples
    --------
    >>> [count_swp(n) for n in (0, 2, 4, 6, 8)]
    [1, 0, 1, 2, 6]
    """
    return count_words(n, (0, False), _swp_step, _swp_accepts)


def _x_step(state: Hashable, letter: str) -> Hashable:
    """Track SWP states of w and of w minus its first letter (if R), now and one letter ago."""
    length, first, full, tail, prev_full, prev_tail, last = state  # type: ignore[misc]
    if length == 0:
        init = (0, False)
        return (1, letter, _swp_step(init, letter), init if letter == "R" else _DEAD,
                init, _DEAD, letter)
    new_tail = _swp_step(tail, letter) if first == "R" else _DEAD
    return (length + 1, first, _swp_step(full, letter), new_tail, full, tail, letter)


def _x_accepts(state: Hashable) -> bool:
    length, first, full, tail, prev_full, prev_tail, last = state  # type: ignore[misc]
    if length == 0:
        return False
    return (
        _swp_accepts(full)                                   # w in SWP, non-empty
        or (first == "R" and _swp_accepts(tail))             # R w'
        or (last == "L" and _swp_accepts(prev_full))         # w' L
        or (length >= 2 and first == "R" and last == "L" and _swp_accepts(prev_tail))
    )


def count_x(n: int) -> int:
    """Words of length ``n`` in X (Theorem 2.4), by DP over an automaton.

    Examples
    --------
    >>> [count_x(n) for n in range(9)]
    [0, 2, 1, 0, 1, 2, 3, 4, 8]
    """
    start = (0, None, (0, False), _DEAD, _DEAD, _DEAD, None)
    return count_words(n, start, _x_step, _x_accepts)


def count_dyck(n: int) -> int:
    """Dyck words of length ``n``, by DP over heights."""
    return count_words(n, 0, _dyck_step, lambda s: s == 0)


# -- the direct solver's replay ------------------------------------------------------


def _direct_solver():
    from cgsat.cgt.impartial import ImpartialSolver
    from cgsat.games import get_ruleset

    return ImpartialSolver(get_ruleset("timber-path"))


def misclassified(word: str, member: Callable[[str], bool], misere: bool) -> str | None:
    """The first of ``word`` and its options on which ``member`` disagrees with play.

    Play is :class:`cgsat.cgt.impartial.ImpartialSolver` on ``timber-path``. An
    inductive check refutes C at w when the partition condition fails there; then C is
    wrong at w itself, or (when a smaller size already failed) at one of w's options.

    Examples
    --------
    >>> misclassified("LRLR", is_dyck, False) is None
    True
    >>> misclassified("LRLR", lambda w: is_dyck(w) and w != "LRLR", False)
    'LRLR'
    """
    from cgsat.games.timber_path import options

    solver = _direct_solver()
    for w in [word] + [o for _, o in options(word)]:
        if (solver.outcome(w, misere=misere) == "P") != member(w):
            return w
    return None


_COUNT_CEX = re.compile(r"^(WP|X|SWP)\((\d+)\) = (\d+)")


def confirm_count(n: int, counterexample: str) -> bool:
    """Replay a count refutation ``"X(7) = 36, formula 34"`` by exhaustive play.

    Counting by the impartial solver needs every word of length n, so this replays only
    up to n = 16; beyond, a count refutation cannot be confirmed (the runner then reports
    it loudly instead of counting it).
    """
    m = _COUNT_CEX.match(counterexample)
    if not m or int(m.group(2)) != n or n > 16:
        return False
    which, claimed = m.group(1), int(m.group(3))
    from itertools import product

    solver = _direct_solver()
    words = ["".join(t) for t in product("LR", repeat=n)]
    normal = {w for w in words if solver.outcome(w) == "P"}
    misere = {w for w in words if solver.outcome(w, misere=True) == "P"}
    count = {"WP": len(normal), "X": len(misere),
             "SWP": len(normal & misere) if n else 1}[which]
    formula = {"WP": formula_wp, "X": formula_x, "SWP": formula_swp}[which](n)
    return count == claimed and count != formula


# -- methods --------------------------------------------------------------------------


def brute_characterization(
    n: int, member_words: Callable[[int], list[str]], misere: bool
) -> Verdict:
    """Compare the P-positions of length n (numpy exhaustive play) with a claimed set."""
    import numpy as np

    from cgsat.cgt import peaks

    table = peaks.p_position_table(n, misere=misere)
    played = set(np.flatnonzero(table).tolist())
    claimed = {peaks.code_of(w) for w in member_words(n)}
    if played == claimed:
        return Verdict.holds(detail=f"{len(played)} P-positions of length {n}")
    bad = min(played ^ claimed)
    word = peaks.word_of(bad, n)
    side = "a P-position outside the claimed set" if bad in played else \
        "in the claimed set but an N-position"
    return Verdict.refuted(word or "()", detail=f"{word or '()'} is {side}")


def sat_characterization(n: int, budget: Budget, predicate, misere: bool) -> Verdict:
    """The inductive partition check at length n (SAT = a word breaking the condition)."""
    from cgsat.encodings.cnf import ClauseBuffer
    from cgsat.encodings.peaks_induction import build_partition_check, decode_word
    from cgsat.verify.solve import solve_cnf

    buf = ClauseBuffer()
    letters = build_partition_check(n, predicate, buf, misere=misere)
    out = solve_cnf(buf, budget)
    common = dict(instance=out.instance, solver=out.solver, certificate=out.certificate,
                  dimacs_sha256=out.dimacs_sha256)
    if out.sat:
        word = decode_word(out.model or [], letters)
        return Verdict.refuted(word or "()", detail="the partition condition fails here",
                               **common)
    return Verdict.holds(**common)


def peaks_characterization_claim(
    claim_id: str, theorem: str, statement: str, predicate, member: Callable[[str], bool],
    member_words: Callable[[int], list[str]], misere: bool = False, quick_bound: int = 36,
    target_bound: int = 64, paper_bound: int | None = None, notes: str = "",
) -> Claim:
    """A claim "the P-positions of Toppling Peaks of length n are exactly C".

    Parameters
    ----------
    predicate : WordPredicate
        C as a circuit (for the ``sat`` method).
    member : callable
        C in plain Python (for replaying counterexamples).
    member_words : callable
        ``member_words(n)``: every word of length n in C, listed directly (for ``brute``).

    Examples
    --------
    >>> from cgsat.encodings.peaks_induction import Dyck
    >>> c = peaks_characterization_claim("x.y", "T", "s", Dyck(), is_dyck, dyck_words)
    >>> [m.name for m in c.methods], c.method("sat").run(6, Budget()).status
    (['brute', 'sat'], 'holds')
    """
    from cgsat.cgt import peaks

    play = "misère" if misere else "normal"

    def brute(n: int, budget: Budget) -> Verdict:
        return brute_characterization(n, member_words, misere)

    def sat(n: int, budget: Budget) -> Verdict:
        return sat_characterization(n, budget, predicate, misere)

    def confirm(n: int, counterexample: str) -> bool:
        word = "" if counterexample == "()" else counterexample
        return len(word) <= n and misclassified(word, member, misere) is not None

    return Claim(
        id=claim_id, paper=PAPER, theorem=theorem, statement=statement, kind="theorem",
        parameter="n = word length (number of dominoes)",
        base=0, quick_bound=quick_bound, target_bound=target_bound, paper_bound=paper_bound,
        methods=(
            Method("brute", brute, max_n=peaks.MAX_LENGTH, scope=(
                f"every word of length n: its {play}-play P-positions (exhaustive play) "
                "are exactly the claimed words of length n")),
            Method("sat", sat, uses_solver=True, scope=(
                f"no word of length n breaks the {play} partition condition for C, given C "
                "on its options; with every smaller size, C is exactly the P-positions of "
                "length <= n")),
        ),
        confirm=confirm, notes=notes,
    )


def _thm25_brute(n: int, budget: Budget) -> Verdict:
    import numpy as np

    from cgsat.cgt import peaks

    normal = peaks.p_position_table(n)
    misere = peaks.p_position_table(n, misere=True)
    counts = {"WP": int(np.count_nonzero(normal)), "X": int(np.count_nonzero(misere))}
    # SWP∖{ε} = WP ∩ X (Theorem 2.4's definition of X); SWP(0) = 1 (the empty word)
    counts["SWP"] = int(np.count_nonzero(normal & misere)) if n else 1
    return _compare_counts(n, counts, Verdict.holds())


def _compare_counts(n: int, counts: dict[str, int], ok: Verdict, **common) -> Verdict:
    formulas = {"WP": formula_wp(n), "X": formula_x(n), "SWP": formula_swp(n)}
    for which in ("WP", "X", "SWP"):
        if counts[which] != formulas[which]:
            return Verdict.refuted(
                f"{which}({n}) = {counts[which]}, formula {formulas[which]}", **common)
    detail = ", ".join(f"{k}({n}) = {v}" for k, v in counts.items())
    return Verdict(ok.status, detail=detail, **common)


def _thm25_sat(n: int, budget: Budget) -> Verdict:
    from cgsat.verify.certificates import combine
    from cgsat.verify.papers.timber_sat import sharp_characterization

    normal = sharp_characterization(n, budget, "thm2.3")  # sharp encoding (timber_sat)
    misere = sharp_characterization(n, budget, "thm2.4")
    instance = {
        "vars": normal.instance["vars"] + misere.instance["vars"],  # type: ignore[index]
        "clauses": normal.instance["clauses"] + misere.instance["clauses"],  # type: ignore[index]
    }
    common = dict(instance=instance, solver=normal.solver,
                  certificate=combine([normal.certificate, misere.certificate]),
                  dimacs_sha256=f"{normal.dimacs_sha256}+{misere.dimacs_sha256}")
    for verdict, play in ((normal, "normal"), (misere, "misère")):
        if verdict.status == "refuted":
            return Verdict.refuted(verdict.counterexample or "()",  # a word
                                   detail=f"the {play} characterization fails", **common)
    counts = {"WP": count_dyck(n), "X": count_x(n), "SWP": count_swp(n)}
    return _compare_counts(n, counts, Verdict.holds(), **common)


def _thm25_confirm(n: int, counterexample: str) -> bool:
    if _COUNT_CEX.match(counterexample):
        return confirm_count(n, counterexample)
    word = "" if counterexample == "()" else counterexample
    return len(word) <= n and (
        misclassified(word, is_dyck, False) is not None
        or misclassified(word, in_x, True) is not None
    )


def _make_claims() -> list[Claim]:
    from cgsat.cgt import peaks
    from cgsat.encodings.peaks_induction import Dyck

    thm23 = peaks_characterization_claim(
        "timber.thm2.3", "Theorem 2.3",
        "In normal play the P-positions of Toppling Peaks are exactly the Dyck words WP.",
        Dyck(), is_dyck, dyck_words, misere=False, quick_bound=36, target_bound=64,
        paper_bound=None,
        notes="L is an up-step, R a down-step. The paper proves the theorem for all n; "
              "it reports counts for n <= 10 from CGSuite.",
    )
    thm25 = Claim(
        id="timber.thm2.5", paper=PAPER, theorem="Theorem 2.5",
        statement="WP(2m) = C_m, WP(2m+1) = 0; SWP(2m) = F_m; misère X(0) = 0, "
                  "X(2m) = F_{m-1} + F_m (m >= 1), X(2m+1) = 2 F_m (Fine numbers F_0.. = "
                  "1, 0, 1, 2, 6, 18).",
        kind="theorem", parameter="n = word length (number of dominoes)",
        base=0, quick_bound=24, target_bound=120, paper_bound=10,
        methods=(
            Method("brute", _thm25_brute, max_n=peaks.MAX_LENGTH, scope=(
                "the numbers of normal and misère P-positions of length n (exhaustive play "
                "on every word), and the number of words P in both plays (= SWP(n), "
                "n >= 1), equal WP(n), X(n) and SWP(n) of the formulas")),
            Method("sat", _thm25_sat, uses_solver=True, scope=(
                "the normal (WP) and misère (X, Theorem 2.4) characterizations pass the "
                "inductive partition check at length n (so, with every smaller size, hold "
                "up to n), and the words of length n in WP, X and SWP, counted by dynamic "
                "programming, match the formulas")),
        ),
        confirm=_thm25_confirm,
        notes="F_n is OEIS A000957(n+1). The paper reports the normal counts for n <= 10 "
              "(CGSuite). The misère characterization X is Theorem 2.4 (timber.thm2.4).",
    )
    # the sharp inductive check (order-encoded heights) replaces the circuit method for sat
    from dataclasses import replace

    from cgsat.verify.papers.timber_sat import sharp_sat_method, smt_method

    thm23 = replace(thm23, methods=(thm23.method("brute"), sharp_sat_method("thm2.3"),
                                    smt_method("thm2.3")), quick_bound=24, target_bound=120)
    return [thm23, thm25]


def _sat_claims() -> list[Claim]:
    from cgsat.verify.papers import timber_sat

    return timber_sat.claims()


def _tree_claims() -> list[Claim]:
    from cgsat.verify.papers import timber_trees  # §3: Lemmas 3.1-3.3, Algorithm 3.5

    return timber_trees.claims()


CLAIMS: list[Claim] = _make_claims()
CLAIMS += _sat_claims()
CLAIMS += _tree_claims()
