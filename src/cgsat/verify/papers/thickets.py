"""Claims from *Thinning Thickets* (Huggan, Nowakowski), §3 and §5: green cordons.

A green cordon of height n has stalk arcs v_i v_{i-1} and leaf arcs at attachment vertices
0 < a(1) < ... < a(k) < n; n is the height in every claim here.

- ``thickets.thm3.1``: L(n) (leaf arcs at v_1..v_{n-2}) has the options L(i), 2 <= i <= n-1,
  and L(2), L(4), ... have pairwise distinct nim-values (so the nim-dimension is infinite).
  **Finding**: as printed the range is off by one. Cutting v_i v_{i-1} needs a leaf at v_i
  (in-degree 2), so only 2 <= i <= n-2 is reachable, and L(n-1) is no option of L(n) for
  n >= 3 (L(3) = ``3:1`` has options ``3:``, ``2:1`` and ``0``, not L(2) = ``2:``).
  ``thickets.thm3.1-corrected`` checks the statement with 2 <= i <= n-2, which still
  yields the theorem (L(2j) is an option of L(2k) for j < k).
- ``thickets.thm3.2`` / ``thm3.3``: the characterizations of nim-values 0 and 1.
- ``thickets.thm3.4`` / ``thm3.5``: the Fibonacci counts f_n, |H_n|.
- ``thickets.sec5-one-leaf-nim2``, ``sec5-two-leaves-nim2``, ``sec5-two-leaves-nim3``: the
  three statements listed (without proof) in §5.

Methods, sharing no code:

- ``brute``: exhaustive play with :mod:`cgsat.games.green_cordon` and
  :mod:`cgsat.cgt.impartial` on every cordon of height n (of the family), compared with
  the statement written out in plain Python below;
- ``sat``: :mod:`cgsat.encodings.cordon_induction` (the inductive mex check over a
  symbolic cordon whose leaf arcs are variables, with the characterizations as automaton
  circuits), or for Theorem 3.1 :mod:`cgsat.encodings.cordon_grundy` (mex constraints on
  all followers of L(n)). Counts are the proved characterization counted by dynamic
  programming on its automaton.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.1-3.5 and §5.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cgsat.verify.claims import Budget, Claim, Method, Verdict

PAPER = "Thinning Thickets (Huggan, Nowakowski)"
HEIGHT = "n = height of the cordon (number of stalk arcs)"

# -- the statements in plain Python (for brute force and replay) -------------------------


def _gaps(n: int, atts: Sequence[int]) -> tuple[int, list[int], int]:
    return atts[0], [b - a for a, b in zip(atts, atts[1:], strict=False)], n - atts[-1]


def nim0_rule(n: int, atts: Sequence[int]) -> bool:
    """Theorem 3.2: a stalk of even height, or a(1) even and all a(i+1)-a(i), n-a(k) odd.

    Examples
    --------
    >>> nim0_rule(4, []), nim0_rule(7, [2, 4, 5]), nim0_rule(5, [2])
    (True, False, True)
    """
    if not atts:
        return n % 2 == 0
    first, middle, last = _gaps(n, atts)
    return first % 2 == 0 and all(g % 2 for g in middle) and last % 2 == 1


def nim1_rule(n: int, atts: Sequence[int]) -> bool:
    """Theorem 3.3: a stalk of odd height, or a(1), all a(i+1)-a(i) and n-a(k) odd."""
    if not atts:
        return n % 2 == 1
    first, middle, last = _gaps(n, atts)
    return first % 2 == 1 and all(g % 2 for g in middle) and last % 2 == 1


def one_leaf_nim2_rule(n: int, atts: Sequence[int]) -> bool:
    """§5: one leaf arc; nim-value 2 iff n - a(1) is even."""
    return len(atts) == 1 and (n - atts[0]) % 2 == 0


def two_leaves_nim2_rule(n: int, atts: Sequence[int]) -> bool:
    """§5: two leaf arcs; nim-value 2 iff n - a(2) is odd and a(2) - a(1) is even."""
    return len(atts) == 2 and (n - atts[1]) % 2 == 1 and (atts[1] - atts[0]) % 2 == 0


def two_leaves_nim3_rule(n: int, atts: Sequence[int]) -> bool:
    """§5: two leaf arcs; nim-value 3 iff n - a(2) is even."""
    return len(atts) == 2 and (n - atts[1]) % 2 == 0


def fibonacci(n: int, f0: int, f1: int) -> int:
    """The sequence f_n = f_{n-1} + f_{n-2} with the given start.

    Examples
    --------
    >>> [fibonacci(n, 1, 0) for n in range(8)]
    [1, 0, 1, 1, 2, 3, 5, 8]
    """
    a, b = f0, f1
    for _ in range(n):
        a, b = b, a + b
    return a


def _text(n: int, atts: Sequence[int]) -> str:
    return f"{n}:" + ",".join(map(str, atts))


def _parse(text: str) -> tuple[int, list[int]]:
    from cgsat.games import green_cordon

    (cordon,) = green_cordon.parse(text) or ((0, ()),)
    return cordon[0], list(cordon[1])


def _nim(n: int, atts: Sequence[int]) -> int:
    from cgsat.cgt.impartial import solver_for
    from cgsat.games import get_ruleset, green_cordon

    return solver_for(get_ruleset("green-cordon")).nim_value(
        (green_cordon.make_cordon(n, tuple(atts)),) if n else ()
    )


def _cordons(n: int, leaves: int | None):
    from cgsat.games import green_cordon

    for h, atts in green_cordon.cordons(n):
        if leaves is None or len(atts) == leaves:
            yield h, atts


# -- characterization claims (Theorems 3.2, 3.3 and §5) --------------------------------

BRUTE_MAX = 18


def _characterization_claim(
    claim_id: str, theorem: str, statement: str, value: int, rule: Callable,
    leaves: int | None, encoding_name: str, quick: int, target: int, kind: str = "theorem",
    notes: str = "", one_leaf_cover: bool = False,
) -> Claim:
    family = "every cordon" if leaves is None else f"every cordon with {leaves} leaf arc(s)"

    def brute(n: int, budget: Budget) -> Verdict:
        count = 0
        for h, atts in _cordons(n, leaves):
            count += 1
            if (_nim(h, atts) == value) != rule(h, atts):
                return Verdict.refuted(_text(h, atts), detail=(
                    f"nim-value {_nim(h, atts)} by play; the rule says "
                    f"{'yes' if rule(h, atts) else 'no'}"))
        return Verdict.holds(detail=f"{count} cordons of height {n}")

    def sat(n: int, budget: Budget) -> Verdict:
        from cgsat.encodings import cordon_induction
        from cgsat.encodings.cnf import ClauseBuffer
        from cgsat.verify.solve import solve_cnf

        if one_leaf_cover:
            cnf, circuits = cordon_induction.coverage_instance(
                cordon_induction.ONE_LEAF_COVER, 1, n)
            out = solve_cnf(ClauseBuffer(cnf.clauses), budget)
            if out.sat:
                return Verdict.refuted(circuits.decode(out.model or [], n), detail=(
                    "a one-leaf cordon outside Theorems 3.2, 3.3 and the one-leaf §5 rule"))
        claim = getattr(cordon_induction, encoding_name)
        cnf, circuits = cordon_induction.inductive_instance(claim, n)
        out = solve_cnf(ClauseBuffer(cnf.clauses), budget)
        common = dict(instance=out.instance, solver=out.solver,
                      certificate=out.certificate, dimacs_sha256=out.dimacs_sha256)
        if out.sat:
            return Verdict.refuted(circuits.decode(out.model or [], n),
                                   detail="the mex condition fails here", **common)
        return Verdict.holds(**common)

    def confirm(n: int, counterexample: str) -> bool:
        """The cordon, or one of its options, contradicts the rule under play."""
        from cgsat.games import green_cordon

        h, atts = _parse(counterexample)
        if h > n:
            return False
        cands = [(h, atts)] + [
            (c[0], list(c[1])) for _, c in green_cordon.cordon_options((h, tuple(atts)))
        ]
        return any(
            (leaves is None or len(a) == leaves) and (_nim(hh, a) == value) != rule(hh, a)
            for hh, a in cands
        )

    return Claim(
        id=claim_id, paper=PAPER, theorem=theorem, statement=statement, kind=kind,
        parameter=HEIGHT, base=0, quick_bound=quick, target_bound=target,
        methods=(
            Method("brute", brute, max_n=BRUTE_MAX, scope=(
                f"{family} of height n: nim-value {value} by exhaustive play exactly when "
                "the rule holds")),
            Method("sat", sat, uses_solver=True, scope=(
                f"no cordon of height n ({family}) breaks the mex condition for value "
                f"{value}, given the rule on its options and the characterizations of the "
                "smaller values (Theorems 3.2, 3.3 and the smaller §5 statements); with "
                "every smaller height, the rule holds up to height n")),
        ),
        confirm=confirm, notes=notes,
    )


# -- counting claims (Theorems 3.4, 3.5) ------------------------------------------------


def _count_claim(claim_id: str, theorem: str, statement: str, value: int, f0: int, f1: int,
                 encoding_name: str, rule_name: str) -> Claim:
    def brute(n: int, budget: Budget) -> Verdict:
        count = sum(1 for h, atts in _cordons(n, None) if _nim(h, atts) == value)
        expected = fibonacci(n, f0, f1)
        if count != expected:
            return Verdict.refuted(f"count({n}) = {count}, recurrence {expected}")
        return Verdict.holds(detail=f"{count} cordons of height {n} with nim-value {value}")

    def sat(n: int, budget: Budget) -> Verdict:
        from cgsat.encodings import cordon_induction
        from cgsat.encodings import green_cordon as cordons
        from cgsat.encodings.cnf import ClauseBuffer
        from cgsat.verify.solve import solve_cnf

        cnf, circuits = cordon_induction.inductive_instance(
            getattr(cordon_induction, encoding_name), n)
        out = solve_cnf(ClauseBuffer(cnf.clauses), budget)
        common = dict(instance=out.instance, solver=out.solver,
                      certificate=out.certificate, dimacs_sha256=out.dimacs_sha256)
        if out.sat:
            return Verdict.refuted(circuits.decode(out.model or [], n),
                                   detail="the characterization fails here", **common)
        count = cordon_induction.count_accepted(getattr(cordons, rule_name), n)
        expected = fibonacci(n, f0, f1)
        if count != expected:
            return Verdict.refuted(f"count({n}) = {count}, recurrence {expected}", **common)
        return Verdict.holds(detail=f"{count} cordons (automaton count)", **common)

    rule = nim0_rule if value == 0 else nim1_rule

    def confirm(n: int, counterexample: str) -> bool:
        if counterexample.startswith("count("):
            if n > BRUTE_MAX:
                return False
            count = sum(1 for h, atts in _cordons(n, None) if _nim(h, atts) == value)
            return count != fibonacci(n, f0, f1)
        h, atts = _parse(counterexample)
        return h <= n and (_nim(h, atts) == value) != rule(h, atts)

    return Claim(
        id=claim_id, paper=PAPER, theorem=theorem, statement=statement, kind="theorem",
        parameter=HEIGHT, base=0, quick_bound=15, target_bound=100,
        methods=(
            Method("brute", brute, max_n=BRUTE_MAX, scope=(
                f"the cordons of height n with nim-value {value}, found by exhaustive play, "
                "number as the recurrence says")),
            Method("sat", sat, uses_solver=True, scope=(
                f"the characterization of nim-value {value} passes the inductive mex check "
                "at height n (so, with every smaller height, holds up to n), and the "
                "cordons of height n it accepts, counted by dynamic programming on its "
                "automaton, number as the recurrence says")),
        ),
        confirm=confirm,
    )


# -- Theorem 3.1: the family L(n) --------------------------------------------------------


def _L(n: int) -> tuple[int, list[int]]:  # noqa: N802 - the paper's name
    return n, list(range(1, n - 1))


def _thm31_claim(claim_id: str, top: int, statement: str, notes: str) -> Claim:
    """``top`` = 1 for the statement as printed (i <= n-1), 2 for the corrected one."""

    def brute(n: int, budget: Budget) -> Verdict:
        from cgsat.games import green_cordon

        h, atts = _L(n)
        opts = {c for _, c in green_cordon.cordon_options((h, tuple(atts)))} if n else set()
        for i in range(2, n - top + 1):
            want = green_cordon.make_cordon(*_L(i))
            if want not in opts:
                return Verdict.refuted(_text(h, atts), detail=(
                    f"L({i}) = {_text(*_L(i))} is not an option of L({n})"))
        values = [_nim(*_L(2 * k)) for k in range(1, n // 2 + 1)]
        if len(set(values)) != len(values):
            return Verdict.refuted(_text(h, atts), detail=f"nim-values of L(2k): {values}")
        return Verdict.holds(detail=f"nim-values of L(2), L(4), ...: {values}")

    def sat(n: int, budget: Budget) -> Verdict:
        from cgsat.encodings.cnf import ClauseBuffer
        from cgsat.encodings.cordon_grundy import GrundyEncoding, concrete_options
        from cgsat.verify.solve import solve_cnf

        def conc(m: int) -> tuple[int, frozenset[int]]:
            return (m, frozenset(range(1, m - 1)))

        root = conc(n)
        opts = set(concrete_options(root))
        for i in range(2, n - top + 1):
            if conc(i) not in opts:
                return Verdict.refuted(_text(*_L(n)), detail=(
                    f"the encoding's moves give no L({i}) among the options of L({n})"))
        enc = GrundyEncoding(root, value_range=max(n, 1))
        first = solve_cnf(ClauseBuffer(enc.cnf.clauses), budget)
        if not first.sat:
            return Verdict.unknown("the value range is too small for L(n)'s followers")
        evens = [conc(2 * k) for k in range(1, n // 2 + 1)]
        buf = ClauseBuffer(enc.cnf.clauses)
        buf.extend(enc.some_pair_equal(evens))
        out = solve_cnf(buf, budget)
        common = dict(instance=out.instance, solver=out.solver,
                      certificate=out.certificate, dimacs_sha256=out.dimacs_sha256)
        if out.sat:
            return Verdict.refuted(_text(*_L(n)), detail="two L(2k) share a nim-value",
                                   **common)
        values = [enc.value_of(c, first.model or []) for c in evens]
        return Verdict.holds(detail=f"nim-values of L(2), L(4), ...: {values}", **common)

    def confirm(n: int, counterexample: str) -> bool:
        return brute(n, Budget()).status == "refuted"

    return Claim(
        id=claim_id, paper=PAPER, theorem="Theorem 3.1", statement=statement,
        kind="theorem", parameter="n: the cordon L(n), leaf arcs at v_1 .. v_{n-2}",
        base=0, quick_bound=10, target_bound=14,
        methods=(
            Method("brute", brute, max_n=20, scope=(
                "the ruleset's options of L(n) include the stated L(i), and exhaustive play "
                "gives L(2), L(4), ..., L(2 floor(n/2)) pairwise distinct nim-values")),
            Method("sat", sat, uses_solver=True, scope=(
                "the encoding's move rules give L(n) the stated options L(i), and the mex "
                "constraints over all followers of L(n) (solvable, so the value range "
                "suffices) admit no two equal nim-values among L(2), ..., L(2 floor(n/2))")),
        ),
        confirm=confirm, notes=notes,
    )


def _make_claims() -> list[Claim]:
    return [
        _thm31_claim(
            "thickets.thm3.1", 1,
            "From L(n), cutting v_i v_{i-1}, 2 <= i <= n-1, results in L(i); hence L(2), "
            "L(4), ... have pairwise distinct nim-values (the nim-dimension is infinite).",
            notes="Checked as printed. Refuted at n = 3: v_{n-1} carries no leaf, so its "
                  "stalk arc (in-degree 1) cannot be cut and L(n-1) is never an option of "
                  "L(n). See thickets.thm3.1-corrected.",
        ),
        _thm31_claim(
            "thickets.thm3.1-corrected", 2,
            "L(n) has the options L(i) for 2 <= i <= n-2, and L(2), L(4), ... have "
            "pairwise distinct nim-values.",
            notes="Theorem 3.1 with the range of its proof corrected to i <= n-2; this "
                  "still proves the theorem, since L(2j) is an option of L(2k) for j < k.",
        ),
        _characterization_claim(
            "thickets.thm3.2", "Theorem 3.2",
            "A green cordon of height n has nim-value 0 iff it is a stalk with n even, or "
            "a(1) is even and all a(i+1)-a(i) and n-a(k) are odd.",
            0, nim0_rule, None, "NIM0", quick=15, target=100),
        _characterization_claim(
            "thickets.thm3.3", "Theorem 3.3",
            "A green cordon of height n has nim-value 1 iff it is a stalk with n odd, or "
            "a(1), all a(i+1)-a(i) and n-a(k) are odd.",
            1, nim1_rule, None, "NIM1", quick=15, target=100),
        _count_claim(
            "thickets.thm3.4", "Theorem 3.4",
            "f_n, the number of green cordons of height n with nim-value 0, satisfies "
            "f_n = f_{n-1} + f_{n-2}, f_0 = 1, f_1 = 0.", 0, 1, 0, "NIM0", "THM_3_2"),
        _count_claim(
            "thickets.thm3.5", "Theorem 3.5",
            "|H_n|, the number of green cordons of height n with nim-value 1, satisfies "
            "|H_n| = |H_{n-1}| + |H_{n-2}|, |H_0| = 0, |H_1| = 1.", 1, 0, 1, "NIM1", "THM_3_3"),
        _characterization_claim(
            "thickets.sec5-one-leaf-nim2", "§5 (first statement)",
            "A green cordon with one leaf arc has nim-value 2 iff n - a(1) is even.",
            2, one_leaf_nim2_rule, 1, "ONE_LEAF_NIM2", quick=40, target=100,
            kind="lemma", notes="Stated in §5 without proof."),
        _characterization_claim(
            "thickets.sec5-two-leaves-nim2", "§5 (second statement)",
            "A green cordon with two leaf arcs has nim-value 2 iff n - a(2) is odd and "
            "a(2) - a(1) is even.",
            2, two_leaves_nim2_rule, 2, "TWO_LEAVES_NIM2", quick=40, target=100,
            kind="lemma", notes="Stated in §5 without proof."),
        _characterization_claim(
            "thickets.sec5-two-leaves-nim3", "§5 (third statement)",
            "A green cordon with two leaf arcs has nim-value 3 iff n - a(2) is even.",
            3, two_leaves_nim3_rule, 2, "TWO_LEAVES_NIM3", quick=40, target=100,
            kind="lemma", one_leaf_cover=True,
            notes="Stated in §5 without proof. The SAT check reads the values of one-leaf "
                  "options from Theorems 3.2, 3.3 and the one-leaf statement, and checks by a "
                  "second UNSAT instance at each height that these cover every one-leaf "
                  "cordon, so no one-leaf option has value 3."),
    ]


CLAIMS: list[Claim] = _make_claims()
