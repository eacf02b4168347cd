"""Claims from *Toppling Conjectures* (Fink, Nowakowski, Siegel, Wolfe), ids ``toppling.*``.

Every claim has a ``sat`` method, built on the partizan difference encoding
(:mod:`cgsat.encodings.toppling`, solved through :func:`cgsat.verify.solve.solve_cnf`),
and a ``brute`` method that enumerates rows and computes canonical forms with the partizan
engine (:mod:`cgsat.cgt.partizan_values`). The two share no encoding code. SAT
counterexamples are replayed by the engine (each claim's ``confirm``).

Numbers and their rows come from Corollary 8 and Theorem 10 without the engine: a number's
sign expansion ``(s1, s2, ...)`` gives its value by the usual rule, and its row is
``f(row(y))`` for ``x = 1:y`` (``s1 = +``) or the colour swap of that for ``-x``
(:func:`number_rows`).

Sizes ``n`` are row lengths unless a claim says otherwise; a check at ``n`` covers rows of
exactly ``n`` dominoes, so "verified up to N" covers every length up to N.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache

from pysat.formula import IDPool

from cgsat.encodings.toppling import (
    DifferenceEncoding,
    GameSide,
    OrdinalOneSide,
    StringSide,
    alphabet_clauses,
    letter_vars,
    word_clause,
    word_of,
)
from cgsat.encodings.toppling_queries import ZERO as ZERO_TREE
from cgsat.encodings.toppling_queries import relation_clauses
from cgsat.verify.claims import Budget, Claim, Method, Verdict

PAPER = "Toppling Conjectures (Fink, Nowakowski, Siegel, Wolfe)"
_SWAP = str.maketrans("LR", "RL")


# -- numbers: Corollary 8 and Theorem 10, without the engine --------------------------------
def f_morphism(word: str) -> str:
    """Definition 9: insert one more L into every maximal run of Ls (empty runs included).

    Examples
    --------
    >>> f_morphism("RRLLRL")
    'LRLRLLLRLL'

    References
    ----------
    Fink et al., *Toppling Conjectures*, Definition 9 (the paper's example lost its last L).
    """
    out = ["L"]
    for c in word:
        out.append(c)
        if c in "RE":
            out.append("L")
    return "".join(out)


def swap(word: str) -> str:
    """Exchange L and R: the row of ``-G``.

    >>> swap("LRE")
    'RLE'
    """
    return word.translate(_SWAP)


def sign_value(signs: tuple[int, ...]) -> Fraction:
    """The number with this sign expansion (Hackenbush string read from the ground).

    >>> sign_value((1, -1, 1)), sign_value((-1, -1))
    (Fraction(3, 4), Fraction(-2, 1))
    """
    q = Fraction(0)
    i = 0
    while i < len(signs) and signs[i] == signs[0]:
        q += signs[0]
        i += 1
    step = Fraction(1, 2)
    for s in signs[i:]:
        q += s * step
        step /= 2
    return q


def sign_row(signs: tuple[int, ...]) -> str:
    """The row of the number with this sign expansion (Theorem 10 and Corollary 8).

    >>> sign_row((1, -1, 1))
    'LRLLRL'
    """
    if not signs:
        return ""
    inner = sign_row(tuple(signs[1:]) if signs[0] > 0 else tuple(-s for s in signs[1:]))
    row = f_morphism(inner)
    return row if signs[0] > 0 else swap(row)


@cache
def number_rows(max_len: int) -> dict[Fraction, str]:
    """Every number whose row has at most ``max_len`` dominoes, with its row.

    Examples
    --------
    >>> rows = number_rows(3)
    >>> sorted((str(q), w) for q, w in rows.items())[:4]
    [('-1', 'R'), ('-1/2', 'RLR'), ('-2', 'RR'), ('-3', 'RRR')]

    References
    ----------
    Fink et al., *Toppling Conjectures*, Corollary 8, Theorem 10, Corollary 11.
    """
    out: dict[Fraction, str] = {}
    frontier: list[tuple[int, ...]] = [()]
    while frontier:
        nxt = []
        for s in frontier:
            row = sign_row(s)
            if len(row) > max_len:
                continue  # extensions only get longer
            out[sign_value(s)] = row
            nxt.extend([s + (1,), s + (-1,)])
        frontier = nxt
    return out


def positive_numbers(max_len: int) -> list[tuple[Fraction, str]]:
    """Positive numbers whose rows have at most ``max_len`` dominoes, shortest first."""
    items = [(q, w) for q, w in number_rows(max_len).items() if q > 0]
    return sorted(items, key=lambda t: (len(t[1]), t[1]))


# -- the direct solver (brute force) --------------------------------------------------------
def value(word: str):
    """Canonical form of a row by the partizan engine."""
    from cgsat.cgt.partizan_values import canonical_form
    from cgsat.games import toppling

    return canonical_form(toppling.RULESET, (word,) if word else ())


def rows(n: int, alphabet: str = "LRE") -> Iterator[str]:
    """Every row of exactly ``n`` dominoes over ``alphabet``."""
    for t in itertools.product(alphabet, repeat=n):
        yield "".join(t)


def num(q: Fraction):
    from cgsat.cgt.canonical import number

    return number(q)


def miny(x):
    """``{{x|0}|0}``, the value of ``RLxLR`` (Theorem 21)."""
    from cgsat.cgt.canonical import ZERO, game

    return game([game([x], [ZERO])], [ZERO])


# -- SAT plumbing -------------------------------------------------------------------------
class _Sat:
    """Runs a sequence of SAT instances at one size and sums them into one verdict.

    With ``budget.proof`` or ``budget.confirm_with`` every instance is built into a
    :class:`~cgsat.encodings.cnf.ClauseBuffer` and solved by
    :func:`~cgsat.verify.solve.solve_cnf` (certificates). Otherwise clauses go straight
    into a PySAT solver, which is several times faster for the many mid-sized instances of
    these claims (no DIMACS hashing or copying); SAT answers are replayed by the engine
    either way (the claim's ``confirm``).
    """

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.vars = 0
        self.clauses = 0
        self.solver: str | None = None
        self.certs: list[dict[str, str]] = []
        self.instances = 0
        self.certified = bool(budget.proof or budget.confirm_with)

    def new(self) -> tuple:
        if self.certified:
            from cgsat.encodings.cnf import ClauseBuffer

            return ClauseBuffer(), IDPool()
        return _CountingSolver(self.budget.solver), IDPool()

    def solve(self, sink) -> list[int] | None:
        """Solve one instance; the model if SAT, else None (UNSAT)."""
        self.instances += 1
        if not self.certified:
            sat, model = sink.solve()
            self.vars = max(self.vars, sink.solver.nof_vars())
            self.clauses = max(self.clauses, sink.count)
            self.solver = sink.name
            return model if sat else None
        from cgsat.verify.solve import solve_cnf

        out = solve_cnf(sink, self.budget)
        self.vars = max(self.vars, out.instance["vars"])
        self.clauses = max(self.clauses, out.instance["clauses"])
        self.solver = out.solver
        if out.certificate and not out.sat:
            self.certs.append(out.certificate)
        return out.model if out.sat else None

    def verdict(self, counterexample: str | None = None, detail: str | None = None) -> Verdict:
        kw: dict = {"instance": {"vars": self.vars, "clauses": self.clauses},
                    "solver": self.solver, "detail": detail}
        if counterexample is not None:
            return Verdict.refuted(counterexample, **kw)
        if self.certs:
            digest = hashlib.sha256("".join(c["sha256"] for c in self.certs).encode())
            kw["certificate"] = {
                "kind": self.certs[0]["kind"], "checker": self.certs[0]["checker"],
                "verdict": "verified" if all(c["verdict"] == "verified" for c in self.certs)
                else "unchecked",
                "sha256": digest.hexdigest()}
        note = f"{self.instances} instance(s), largest shown"
        kw["detail"] = note if detail is None else f"{detail}; {note}"
        return Verdict.holds(**kw)


class _CountingSolver:
    """A PySAT solver used as a clause sink, counting clauses and the largest variable."""

    def __init__(self, name: str) -> None:
        from pysat.solvers import Solver

        from cgsat.verify.solvers import canonical_solver

        self.name = canonical_solver(name)
        self.solver = Solver(name=self.name)
        self.add_clause = self.solver.add_clause

    @property
    def count(self) -> int:
        return self.solver.nof_clauses()

    def solve(self) -> tuple[bool, list[int] | None]:
        """Solve (again, after more clauses); the solver is freed with this object."""
        sat = self.solver.solve()
        return sat, (self.solver.get_model() if sat else None)


def _row(buf, pool, n: int, alphabet: str = "LRE", name: str = "G") -> StringSide:
    side = letter_vars(pool, name, n)
    for clause in alphabet_clauses(side, alphabet):
        buf.add_clause(clause)
    return side


def _relate(buf, pool, g_side, h_side, relation: str, tag: object = 0) -> tuple[int, int]:
    enc = DifferenceEncoding(buf, pool, g_side, h_side, tag=tag)
    lw, rw = enc.root_vars()
    for clause in relation_clauses(lw, rw, relation):
        buf.add_clause(clause)
    return lw, rw


def _game_side(g) -> GameSide:
    return GameSide(g)


def _exclude(buf, side: StringSide, words) -> None:
    for w in words:
        if len(w) == len(side):
            clause = word_clause(side, w)
            if clause is not None:
                buf.add_clause(clause)


def _uniqueness_sat(n: int, budget: Budget, targets, alphabet: str = "LRE",
                    extra: Callable | None = None, sat: _Sat | None = None) -> Verdict:
    """For each ``(label, game, allowed_rows)``: no row of exactly ``n`` dominoes other than
    ``allowed_rows`` has value ``game``. ``extra(buf, pool, side)`` may add constraints."""
    sat = sat or _Sat(budget)
    for label, g, allowed in targets:
        buf, pool = sat.new()
        side = _row(buf, pool, n, alphabet)
        _relate(buf, pool, side, _game_side(g), "=")
        _exclude(buf, side, allowed)
        if extra is not None:
            extra(buf, pool, side)
        model = sat.solve(buf)
        if model is not None:
            return sat.verdict(word_of(side, model), detail=f"has value {label}")
    return sat.verdict()


# -- Lemma 1 --------------------------------------------------------------------------------
def lemma1_rule(word: str) -> str:
    """Lemma 1 as corrected: P for the empty row, L if both ends are L, R if both are R,
    else N (any E at an end gives N).

    >>> [lemma1_rule(w) for w in ("", "LRL", "RLR", "LRR", "ELE")]
    ['P', 'L', 'R', 'N', 'N']
    """
    if not word:
        return "P"
    if word[0] == word[-1] == "L":
        return "L"
    if word[0] == word[-1] == "R":
        return "R"
    return "N"


def _lem1_sat(n: int, budget: Budget) -> Verdict:
    sat = _Sat(budget)
    buf, pool = sat.new()
    side = _row(buf, pool, n)
    enc = DifferenceEncoding(buf, pool, side, _game_side(ZERO_TREE))
    lw, rw = enc.root_vars()
    a0, b0, a1, b1 = side.left[0], side.right[0], side.left[-1], side.right[-1]
    both_l, both_r = pool.id(), pool.id()
    for x, y, v in ((a0, b0, both_l), (a1, b1, both_l), (b0, a0, both_r), (b1, a1, both_r)):
        buf.add_clause([-v, x])
        buf.add_clause([-v, -y])
    buf.add_clause([both_l, -a0, b0, -a1, b1])
    buf.add_clause([both_r, -b0, a0, -b1, a1])
    # violation: LW != not both_r, or RW != not both_l
    e1, e2 = pool.id(), pool.id()
    buf.add_clause([e1, e2])
    buf.add_clause([-e1, lw, -both_r])  # e1 -> (LW == both_r), i.e. LW xor not both_r
    buf.add_clause([-e1, -lw, both_r])
    buf.add_clause([-e2, rw, -both_l])
    buf.add_clause([-e2, -rw, both_l])
    model = sat.solve(buf)
    return sat.verdict(word_of(side, model) if model else None)


def _lem1_brute(n: int, budget: Budget) -> Verdict:
    for w in rows(n):
        if value(w).outcome() != lemma1_rule(w):
            return Verdict.refuted(w)
    return Verdict.holds(detail=f"{3 ** n} rows")


def _lem1_confirm(n: int, w: str) -> bool:
    return value(w).outcome() != lemma1_rule(w)


# -- Lemma 4: Lx > x ------------------------------------------------------------------------
def _lem4_sat(n: int, budget: Budget) -> Verdict:
    sat = _Sat(budget)
    buf, pool = sat.new()
    x = _row(buf, pool, n, name="x")
    lx = StringSide((True,) + x.left, (False,) + x.right)
    _relate(buf, pool, lx, x, "not>")
    model = sat.solve(buf)
    return sat.verdict(word_of(x, model) if model else None)


def _lem4_brute(n: int, budget: Budget) -> Verdict:
    for w in rows(n):
        if not value("L" + w) > value(w):
            return Verdict.refuted(w)
    return Verdict.holds(detail=f"{3 ** n} rows x")


def _lem4_confirm(n: int, w: str) -> bool:
    return not value("L" + w) > value(w)


# -- Theorem 10: f(G) = 1:G -----------------------------------------------------------------
def _thm10_sat(n: int, budget: Budget) -> Verdict:
    sat = _Sat(budget)
    buf, pool = sat.new()
    g = _row(buf, pool, n)
    left: list = [True]
    right: list = [False]
    for k in range(n):  # f: L -> L, R -> RL, E -> EL; the extra L is blank after an L
        left += [g.left[k], g.right[k]]
        right += [g.right[k], False]
    fg = StringSide(tuple(left), tuple(right))
    _relate(buf, pool, fg, OrdinalOneSide(g), "!=")
    model = sat.solve(buf)
    return sat.verdict(word_of(g, model) if model else None)


def _thm10_brute(n: int, budget: Budget) -> Verdict:
    from cgsat.cgt.canonical import ONE
    from cgsat.cgt.ordinal import ordinal_sum

    for w in rows(n):
        if value(f_morphism(w)) != ordinal_sum(ONE, value(w)):
            return Verdict.refuted(w)
    return Verdict.holds(detail=f"{3 ** n} rows")


def _thm10_confirm(n: int, w: str) -> bool:
    from cgsat.cgt.canonical import ONE
    from cgsat.cgt.ordinal import ordinal_sum

    return value(f_morphism(w)) != ordinal_sum(ONE, value(w))


# -- Theorem 16 and Corollary 17: numbers --------------------------------------------------
def _nonneg_numbers(n: int) -> list[tuple[Fraction, str]]:
    items = [(q, w) for q, w in number_rows(n).items() if q >= 0]
    return sorted(items, key=lambda t: (len(t[1]), t[1]))


def _thm16_sat(n: int, budget: Budget) -> Verdict:
    targets = [(str(q), num(q), [w]) for q, w in _nonneg_numbers(n)]
    return _uniqueness_sat(n, budget, targets)


def _not_palindrome(buf, pool, side: StringSide) -> None:
    n = len(side)
    ors = []
    for k in range(n // 2):
        m = n - 1 - k
        for x, y in ((side.left[k], side.left[m]), (side.right[k], side.right[m])):
            e = pool.id()  # e -> x xor y
            buf.add_clause([-e, x, y])
            buf.add_clause([-e, -x, -y])
            ors.append(e)
    buf.add_clause(ors)


def _cor17_sat(n: int, budget: Budget) -> Verdict:
    if n < 2:
        return Verdict.holds(detail="every row of length < 2 is a palindrome")
    targets = [(str(q), num(q), []) for q, w in _nonneg_numbers(n)]
    return _uniqueness_sat(n, budget, targets, extra=_not_palindrome)


def _number_brute(n: int, check: Callable[[str, Fraction], bool]) -> Verdict:
    known = number_rows(n)
    for w in rows(n):
        v = value(w)
        if v.is_number() and not check(w, v.number_value()):
            return Verdict.refuted(w)
    return Verdict.holds(detail=f"{3 ** n} rows; {len(known)} numbers have rows <= {n}")


def _thm16_brute(n: int, budget: Budget) -> Verdict:
    known = number_rows(n)
    return _number_brute(n, lambda w, q: known.get(q) == w)


def _cor17_brute(n: int, budget: Budget) -> Verdict:
    return _number_brute(n, lambda w, q: w == w[::-1])


def _thm16_confirm(n: int, w: str) -> bool:
    v = value(w)
    return v.is_number() and number_rows(max(n, len(w))).get(v.number_value()) != w


def _cor17_confirm(n: int, w: str) -> bool:
    return value(w).is_number() and w != w[::-1]


# -- Theorem 21 and Conjecture 22: RLxLR = {{x|0}|0} ---------------------------------------
def _thm21_sat(n: int, budget: Budget) -> Verdict:
    sat = _Sat(budget)
    for q, w in positive_numbers(n - 4):
        if len(w) != n - 4:
            continue
        buf, pool = sat.new()
        _relate(buf, pool, StringSide.concrete("RL" + w + "LR"), _game_side(miny(num(q))), "!=")
        if sat.solve(buf) is not None:
            return sat.verdict("RL" + w + "LR", detail=f"x = {q}")
    return sat.verdict()


def _thm21_brute(n: int, budget: Budget) -> Verdict:
    count = 0
    for _q, w in positive_numbers(n - 4):
        if len(w) != n - 4:
            continue
        count += 1
        if value("RL" + w + "LR") != miny(value(w)):
            return Verdict.refuted("RL" + w + "LR")
    return Verdict.holds(detail=f"{count} numbers x with rows of length {n - 4}")


def _thm21_confirm(n: int, w: str) -> bool:
    return value(w) != miny(value(w[2:-2]))


def miny_argument(g):
    """The number x > 0 with ``g = {{x|0}|0}``, or None.

    >>> from cgsat.cgt.canonical import ONE
    >>> miny_argument(miny(ONE)) is ONE
    True
    """
    from cgsat.cgt.canonical import ZERO

    if len(g.left) != 1 or g.right != (ZERO,):
        return None
    a = g.left[0]
    if len(a.left) != 1 or a.right != (ZERO,):
        return None
    x = a.left[0]
    if x.is_number() and x.number_value() > 0:
        return x
    return None


def _conj22_sat(n: int, budget: Budget) -> Verdict:
    targets = [(f"{{{{{q}|0}}|0}}", miny(num(q)), ["RL" + w + "LR"])
               for q, w in positive_numbers(n - 2)]
    return _uniqueness_sat(n, budget, targets)


def _conj22_brute(n: int, budget: Budget) -> Verdict:
    known = number_rows(max(n - 2, 0))
    for w in rows(n):
        x = miny_argument(value(w))
        if x is not None and w != "RL" + known.get(x.number_value(), "?") + "LR":
            return Verdict.refuted(w)
    return Verdict.holds(detail=f"{3 ** n} rows")


def _conj22_confirm(n: int, w: str) -> bool:
    x = miny_argument(value(w))
    if x is None:
        return False
    return w != "RL" + number_rows(len(w)).get(x.number_value(), "?") + "LR"


# -- Lemma 23 and Theorem 29: nimbers --------------------------------------------------------
def star_rows(m: int, n: int) -> set[str]:
    """Theorem 29's LR rows of value *m and length n: (LR)^a (RL)^m (LR)^a, a < m, reversed
    too.

    >>> sorted(star_rows(2, 8))
    ['LRRLRLLR', 'RLLRLRRL']
    """
    return {("LR" * a + "RL" * m + "LR" * a)[::r]
            for a in range(m) if 2 * m + 4 * a == n for r in (1, -1)}


def _lem23_sat(m: int, budget: Budget) -> Verdict:
    from cgsat.cgt.canonical import nimber

    sat = _Sat(budget)
    buf, pool = sat.new()
    _relate(buf, pool, StringSide.concrete("LR" * m), _game_side(nimber(m)), "!=")
    if sat.solve(buf) is not None:
        return sat.verdict("LR" * m)
    return sat.verdict()


def _lem23_brute(m: int, budget: Budget) -> Verdict:
    from cgsat.cgt.canonical import nimber

    if value("LR" * m) != nimber(m):
        return Verdict.refuted("LR" * m)
    return Verdict.holds()


def _lem23_confirm(m: int, w: str) -> bool:
    from cgsat.cgt.canonical import nimber

    return value(w) != nimber(m)


def _thm29_sat(n: int, budget: Budget) -> Verdict:
    from cgsat.cgt.canonical import nimber

    sat = _Sat(budget)
    counts = []
    for m in range(1, n + 1):
        buf, pool = sat.new()
        side = _row(buf, pool, n, "LR")
        _relate(buf, pool, side, _game_side(nimber(m)), "=")
        found: set[str] = set()
        while True:  # enumerate with blocking clauses (at most 2 rows expected)
            model = sat.solve(buf)
            if model is None:
                break
            w = word_of(side, model)
            if w not in star_rows(m, n):
                return sat.verdict(w, detail=f"an LR row of value *{m} outside Theorem 29")
            found.add(w)
            buf.add_clause(word_clause(side, w))
        if found != star_rows(m, n):
            missing = sorted(star_rows(m, n) - found)[0]
            return sat.verdict(missing, detail=f"not found with value *{m}")
        if found:
            counts.append(f"*{m}: {len(found)}")
    return sat.verdict(detail="LR rows of value *m at this length: "
                       + (", ".join(counts) or "none"))


def _thm29_brute(n: int, budget: Budget) -> Verdict:
    got: dict[int, set[str]] = {}
    for w in rows(n, "LR"):
        k = value(w).nim_value()
        if k is not None and k > 0:
            got.setdefault(k, set()).add(w)
    for m in range(1, n + 1):
        want = star_rows(m, n)
        if got.get(m, set()) != want:
            bad = sorted(got.get(m, set()) ^ want)[0]
            return Verdict.refuted(bad)
    return Verdict.holds(detail=f"{2 ** n} LR rows")


def _thm29_confirm(n: int, w: str) -> bool:
    from cgsat.cgt.canonical import nimber

    family = [m for m in range(1, len(w) + 1) if w in star_rows(m, len(w))]
    if family:  # a row of the theorem that does not have its value
        return value(w) != nimber(family[0])
    k = value(w).nim_value()  # a row outside the theorem with a positive nimber value
    return k is not None and k > 0


# -- Conjecture 33: {1|0,{0|-1}} in LR Toppling Dominoes -----------------------------------
def conj33_value():
    """``{1|0,{0|-1}}``."""
    from cgsat.cgt.canonical import ONE, ZERO, game

    return game([ONE], [ZERO, game([ZERO], [num(Fraction(-1))])])


def _conj33_sat(n: int, budget: Budget) -> Verdict:
    return _uniqueness_sat(n, budget, [("{1|0,{0|-1}}", conj33_value(), [])], alphabet="LR")


def _conj33_brute(n: int, budget: Budget) -> Verdict:
    target = conj33_value()
    for w in rows(n, "LR"):
        if value(w) == target:
            return Verdict.refuted(w)
    return Verdict.holds(detail=f"{2 ** n} LR rows")


def _conj33_confirm(n: int, w: str) -> bool:
    return set(w) <= set("LR") and value(w) == conj33_value()


# -- Conjecture 34: xLy > xy ------------------------------------------------------------------
def _conj34_sat(n: int, budget: Budget) -> Verdict:
    sat = _Sat(budget)
    for p in range(n // 2 + 1):  # |x| = p <= |y| = n - p; the reversal gives the rest
        buf, pool = sat.new()
        xy = _row(buf, pool, n, name="xy")
        xly = StringSide(xy.left[:p] + (True,) + xy.left[p:],
                         xy.right[:p] + (False,) + xy.right[p:])
        _relate(buf, pool, xly, xy, "not>")
        model = sat.solve(buf)
        if model is not None:
            w = word_of(xy, model)
            return sat.verdict(f"{w[:p]}L{w[p:]}", detail=f"x = {w[:p]!r}, y = {w[p:]!r}")
    return sat.verdict()


def _conj34_brute(n: int, budget: Budget) -> Verdict:
    for w in rows(n):
        v = value(w)
        for p in range(n + 1):
            if not value(w[:p] + "L" + w[p:]) > v:
                return Verdict.refuted(w[:p] + "L" + w[p:], detail=f"x = {w[:p]!r}")
    return Verdict.holds(detail=f"{3 ** n} rows xy, {n + 1} places for the L")


def _conj34_confirm(n: int, w: str) -> bool:
    # some L of w, removed, leaves a row xy with not (xLy > xy)
    return any(not value(w) > value(w[:p] + w[p + 1:]) for p, c in enumerate(w) if c == "L")


# -- Conjecture 35: LR palindromes have unique values --------------------------------------
def _palindrome_side(buf, pool, p: int) -> StringSide:
    side = _row(buf, pool, p, "LR", name="P")
    for k in range(p // 2):
        m = p - 1 - k
        for x, y in ((side.left[k], side.left[m]), (side.right[k], side.right[m])):
            buf.add_clause([-x, y])
            buf.add_clause([x, -y])
    return side


def _conj35_sat(n: int, budget: Budget) -> Verdict:
    """Pairs (palindrome P of length p, row G of length m) with max(p, m) = n."""
    sat = _Sat(budget)
    for p in range(1, n + 1):
        lengths = range(1, n + 1) if p == n else [n]
        for m in lengths:
            buf, pool = sat.new()
            pal = _palindrome_side(buf, pool, p)
            g = _row(buf, pool, m, "LR")
            _relate(buf, pool, g, pal, "=")
            if m == p:  # G differs from P somewhere
                ors = []
                for k in range(m):
                    for x, y in ((g.left[k], pal.left[k]), (g.right[k], pal.right[k])):
                        e = pool.id()
                        buf.add_clause([-e, x, y])
                        buf.add_clause([-e, -x, -y])
                        ors.append(e)
                buf.add_clause(ors)
            model = sat.solve(buf)
            if model is not None:
                pw, gw = word_of(pal, model), word_of(g, model)
                return sat.verdict(f"{pw} {gw}", detail=f"palindrome {pw} = {gw}")
    return sat.verdict()


def _conj35_brute(n: int, budget: Budget) -> Verdict:
    by_value: dict = {}
    for m in range(1, n + 1):
        for w in rows(m, "LR"):
            by_value.setdefault(value(w), []).append(w)
    for ws in by_value.values():
        if len(ws) > 1:
            pals = [w for w in ws if w == w[::-1]]
            if pals and any(len(w) == n or len(pals[0]) == n for w in ws):
                other = next(w for w in ws if w != pals[0])
                return Verdict.refuted(f"{pals[0]} {other}")
    return Verdict.holds(detail=f"{2 ** (n + 1) - 2} LR rows of length <= {n}")


def _conj35_confirm(n: int, text: str) -> bool:
    pal, other = text.split()
    return pal == pal[::-1] and pal != other and set(pal + other) <= set("LR") and \
        value(pal) == value(other)


# -- Theorem 36: x = x^L LR x^R ----------------------------------------------------------------
def number_options(q: Fraction) -> tuple[Fraction, Fraction] | None:
    """The canonical options ``(x^L, x^R)`` of a non-integer dyadic number, else None.

    >>> number_options(Fraction(3, 4))
    (Fraction(1, 2), Fraction(1, 1))
    """
    if q.denominator == 1:
        return None
    step = Fraction(1, q.denominator)
    return q - step, q + step


def _thm36_cases(n: int) -> list[tuple[Fraction, str, str]]:
    out = []
    known = number_rows(n)
    for q, w in known.items():
        opts = number_options(q)
        if opts is None or len(w) != n:
            continue
        xl, xr = opts
        out.append((q, w, known[xl] + "LR" + known[xr]))
    return out


def _thm36_sat(n: int, budget: Budget) -> Verdict:
    sat = _Sat(budget)
    for q, w, built in _thm36_cases(n):
        if built != w:
            return sat.verdict(built, detail=f"x = {q}: x^L LR x^R is not x's row {w}")
        buf, pool = sat.new()
        _relate(buf, pool, StringSide.concrete(built), _game_side(num(q)), "!=")
        if sat.solve(buf) is not None:
            return sat.verdict(built, detail=f"x = {q}")
    return sat.verdict()


def _thm36_brute(n: int, budget: Budget) -> Verdict:
    cases = _thm36_cases(n)
    for q, w, built in cases:
        v = value(built)
        if not (v.is_number() and v.number_value() == q and built == w):
            return Verdict.refuted(built, detail=f"x = {q}")
    return Verdict.holds(detail=f"{len(cases)} non-integer numbers with rows of length {n}")


def _thm36_confirm(n: int, w: str) -> bool:
    for q, row, built in _thm36_cases(len(w)):
        if built == w:
            v = value(w)
            return not (v.is_number() and v.number_value() == q) or built != row
    return False


# -- Conjectures 37, 38, 39: {a|b}, {a||b|c}, {a|b||c|d} -----------------------------------
def _sw(a, b):
    from cgsat.cgt.canonical import game

    return game([a], [b])


CONSTRUCTIONS = {
    # name: (arity, row from number rows, game from number games, statement)
    "conj37": (2, lambda a, b: a + "LR" + b, lambda a, b: _sw(a, b), "{a|b} = aLRb"),
    "conj38": (3, lambda a, b, c: a + "LR" + c + "RL" + b,
               lambda a, b, c: _sw(a, _sw(b, c)), "{a||b|c} = aLRcRLb"),
    "conj39": (4, lambda a, b, c, d: b + "RL" + a + "LR" + d + "RL" + c,
               lambda a, b, c, d: _sw(_sw(a, b), _sw(c, d)), "{a|b||c|d} = bRLaLRdRLc"),
}


def construction_cases(name: str, max_len: int, strict: bool):
    """Every tuple of numbers a >= b >= ... (or > with ``strict``) whose construction row has
    at most ``max_len`` dominoes: ``(numbers, row, game)``.

    >>> [(tuple(map(str, t)), w) for t, w, _ in construction_cases("conj37", 3, False)]
    [(('0', '0'), 'LR'), (('1', '0'), 'LLR'), (('0', '-1'), 'LRR')]
    """
    arity, row_of, game_of, _ = CONSTRUCTIONS[name]
    fixed = 2 * (arity - 1)
    known = number_rows(max(max_len - fixed, 0))
    nums = sorted(known, reverse=True)
    out = []
    for t in itertools.combinations_with_replacement(nums, arity):
        if strict and len(set(t)) < arity:
            continue
        row = row_of(*(known[q] for q in t))
        if len(row) <= max_len:
            out.append((t, row, game_of(*(num(q) for q in t))))
    out.sort(key=lambda c: (len(c[1]), c[1]))
    return out


def _allowed(cases) -> dict:
    allowed: dict = {}
    for _t, row, g in cases:
        allowed.setdefault(g, set()).update({row, row[::-1]})
    return allowed


def _describe(t) -> str:
    return ", ".join(f"{k} = {q}" for k, q in zip("abcd", t, strict=False))


def _construction_sat(name: str, strict: bool):
    def run(n: int, budget: Budget) -> Verdict:
        sat = _Sat(budget)
        cases = construction_cases(name, n, strict)
        for t, row, g in cases:  # the value of each construction of length n
            if len(row) != n:
                continue
            buf, pool = sat.new()
            _relate(buf, pool, StringSide.concrete(row), _game_side(g), "!=")
            if sat.solve(buf) is not None:
                return sat.verdict(row, detail=f"{_describe(t)}: {row} is not {g}")
        allowed = _allowed(cases)  # uniqueness among rows of length n
        targets = [(str(g), g, sorted(rows_)) for g, rows_ in allowed.items()]
        v = _uniqueness_sat(n, budget, targets, sat=sat)
        if v.status == "refuted":
            return v
        return sat.verdict(detail=f"{len(cases)} tuples with rows <= {n}")
    return run


def _construction_brute(name: str, strict: bool):
    def run(n: int, budget: Budget) -> Verdict:
        cases = construction_cases(name, n, strict)
        for t, row, g in cases:
            if len(row) == n and value(row) != g:
                return Verdict.refuted(row, detail=f"{_describe(t)}: {row} = {value(row)}, "
                                       f"not {g}")
        allowed = _allowed(cases)
        for w in rows(n):
            v = value(w)
            if v in allowed and w not in allowed[v]:
                return Verdict.refuted(w, detail=f"{w} = {v}, also given by "
                                       f"{min(allowed[v])}")
        return Verdict.holds(detail=f"{len(cases)} tuples; {3 ** n} rows")
    return run


def _construction_confirm(name: str, strict: bool):
    def confirm(n: int, w: str) -> bool:
        cases = construction_cases(name, len(w), strict)
        v = value(w)
        for _t, row, g in cases:
            if row == w and v != g:
                return True
        allowed = _allowed(cases)
        return v in allowed and w not in allowed[v]
    return confirm


# -- Conjecture 40: games that do not occur --------------------------------------------------
def conj40_games() -> list[tuple[str, object]]:
    """Every game born by day 2 (22 values), then a selection of day-3 games.

    >>> len([n for n, _ in conj40_games()])
    29
    """
    from cgsat.cgt.canonical import ONE, STAR, ZERO, game, up_multiple
    from cgsat.cgt.notation import to_str

    day1 = [ZERO, STAR, ONE, -ONE]
    subsets = [list(c) for k in range(len(day1) + 1) for c in itertools.combinations(day1, k)]
    day2: dict = {}
    for left in subsets:
        for right in subsets:
            g = game(left, right)
            day2.setdefault(g, to_str(g))
    out = sorted(((s, g) for g, s in day2.items()), key=lambda t: (t[1].birthday(), t[0]))
    half = num(Fraction(1, 2))
    extra = [up_multiple(2), up_multiple(2, 1), _sw(half, -half), _sw(ONE, STAR),
             _sw(ZERO, _sw(ZERO, -ONE)), _sw(_sw(ONE, ZERO), ZERO),
             _sw(ZERO, _sw(ZERO, -num(Fraction(2)))), _sw(_sw(num(Fraction(2)), ZERO), ZERO)]
    seen = set(day2)
    for g in extra:
        if g not in seen:
            seen.add(g)
            out.append((to_str(g), g))
    return out


def occurrence_table_sat(max_len: int, budget: Budget | None = None,
                         alphabet: str = "LRE") -> list[tuple[str, str | None]]:
    """For each game of :func:`conj40_games`, its shortest row (by SAT) or None."""
    budget = budget or Budget()
    table = []
    for label, g in conj40_games():
        found = None
        for n in range(0, max_len + 1):
            if n == 0:
                if g == value(""):
                    found = "()"
                    break
                continue
            sat = _Sat(budget)
            buf, pool = sat.new()
            side = _row(buf, pool, n, alphabet)
            _relate(buf, pool, side, _game_side(g), "=")
            model = sat.solve(buf)
            if model is not None:
                found = word_of(side, model)
                break
        table.append((label, found))
    return table


def _conj40_sat(n: int, budget: Budget) -> Verdict:
    table = occurrence_table_sat(n, budget)
    absent = [label for label, w in table if w is None]
    detail = "; ".join(f"{label}: {w or 'none'}" for label, w in table)
    if not absent:
        return Verdict.refuted(" ".join(w for _, w in table), detail=detail)
    return Verdict.holds(detail=f"no row up to length {n} for {len(absent)} games: "
                         + ", ".join(absent) + f". Table: {detail}")


def _conj40_brute(n: int, budget: Budget) -> Verdict:
    targets = dict((g, label) for label, g in conj40_games())
    shortest: dict = {}
    for m in range(0, n + 1):
        for w in rows(m):
            v = value(w)
            if v in targets and v not in shortest:
                shortest[v] = w or "()"
    absent = [label for g, label in targets.items() if g not in shortest]
    if not absent:
        return Verdict.refuted(" ".join(shortest.values()))
    return Verdict.holds(detail=f"no row up to length {n} for: " + ", ".join(absent))


def _conj40_confirm(n: int, text: str) -> bool:
    rows_ = text.split()
    got = {value("" if w == "()" else w) for w in rows_}
    return all(g in got for _, g in conj40_games())


# -- Theorem 32: atomic weights of infinitesimals -------------------------------------------
def _thm32(ups: tuple[int, ...]):
    """Atomic weight of every infinitesimal row of length n by the engine, replacing positive
    numbers by ``ups[0]`` ups as in the proof (then ``ups[1]``, ... when the proof's outcome
    check fails)."""

    def run(n: int, budget: Budget) -> Verdict:
        from cgsat.cgt.atomic_weight import infinitesimal_atomic_weight
        from cgsat.cgt.canonical import ONE, ZERO
        from cgsat.cgt.stops import is_infinitesimal

        allowed = {ZERO, ONE, -ONE}
        seen: dict = {}
        fallback = infinitesimals = 0
        for w in rows(n):
            g = value(w)
            if g in seen:
                continue
            if not is_infinitesimal(g):
                seen[g] = True
                continue
            infinitesimals += 1
            weight = None
            for k, u in enumerate(ups):
                weight = infinitesimal_atomic_weight(g, ups=u).weight
                if weight is not None:
                    fallback += k > 0
                    break
            if weight is None:
                return Verdict.unknown(f"the outcome check of the proof fails for {w} "
                                       f"with {ups} ups")
            if weight not in allowed:
                return Verdict.refuted(w, detail=f"atomic weight {weight}")
            seen[g] = True
        detail = f"{infinitesimals} distinct infinitesimal values among rows of length {n}"
        if fallback:
            detail += f"; {fallback} needed {ups[1]} ups instead of {ups[0]}"
        return Verdict.holds(detail=detail)

    return run


def _thm32_confirm(n: int, w: str) -> bool:
    from cgsat.cgt.atomic_weight import infinitesimal_atomic_weight
    from cgsat.cgt.canonical import ONE, ZERO

    weight = infinitesimal_atomic_weight(value(w), ups=3).weight
    return weight is not None and weight not in {ZERO, ONE, -ONE}


# -- registry ---------------------------------------------------------------------------------
def _m(name: str, run, scope: str, max_n: int | None = None) -> Method:
    return Method(name=name, run=run, scope=scope, uses_solver=(name == "sat"), max_n=max_n)


def _construction_claim(
    label: str, theorem: str, game: str, row: str, base: int, strict: bool
) -> Claim:
    """Conjectures 37-39: the game ``game`` is given (uniquely) by the row ``row``.

    ``strict=False`` checks the conjecture as stated (a >= b >= c >= d); ``strict=True``
    registers the variant ``<label>-strict`` with a > b > c > d.
    """
    rel = ">" if strict else ">="
    order = " ".join(f"{v} {rel}" for v in "abc") + " d"
    return Claim(
        id=f"toppling.{label}" + ("-strict" if strict else ""), paper=PAPER,
        theorem=theorem + (" (strict variant)" if strict else ""),
        kind="conjecture",
        statement=f"For numbers {order} (as many as used), "
                  f"{game} is given (uniquely) by {row}"
                  + ("" if strict else " (as stated)") + "; unique up to reversal.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=base, quick_bound=7, target_bound=14,
        methods=(
            _m("sat", _construction_sat(label, strict), "the construction row of every "
               f"tuple of numbers a {rel} b ... whose row has exactly n dominoes has the "
               "stated value (difference encoding), and no row of exactly n dominoes over "
               "LRE other than the construction rows and their reversals has the value of a "
               "tuple whose row has length <= n"),
            _m("brute", _construction_brute(label, strict), "the same tuples: canonical "
               "form of each construction row of length n, and canonical forms of every row "
               "of exactly n dominoes over LRE", max_n=12),
        ),
        confirm=_construction_confirm(label, strict),
    )


CLAIMS: list[Claim] = [
    Claim(
        id="toppling.lem1", paper=PAPER, theorem="Lemma 1", kind="lemma",
        statement="A row's outcome is fixed by its ends: empty is P; both ends L gives L; "
                  "both ends R gives R; anything else (any E at an end) gives N.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=1, quick_bound=8, target_bound=20,
        methods=(
            _m("sat", _lem1_sat, "every row of exactly n dominoes over LRE: its outcome "
               "(difference encoding against 0) is the corrected Lemma 1 rule"),
            _m("brute", _lem1_brute, "every row of exactly n dominoes over LRE, outcome of "
               "the canonical form", max_n=12),
        ),
        confirm=_lem1_confirm,
        notes="The seed text of Lemma 1 is garbled (it says R > 0 and misses E); we check "
              "the rule above, which is what the proof shows.",
    ),
    Claim(
        id="toppling.lem4", paper=PAPER, theorem="Lemma 4", kind="lemma",
        statement="For every row x, Lx > x.",
        parameter="n = length of x (alphabet L, R, E)",
        base=0, quick_bound=6, target_bound=12,
        methods=(
            _m("sat", _lem4_sat, "every row x of exactly n dominoes over LRE: Lx - x > 0 "
               "(x symbolic, Lx sharing its variables)"),
            _m("brute", _lem4_brute, "every row x of exactly n dominoes over LRE", max_n=11),
        ),
        confirm=_lem4_confirm,
    ),
    Claim(
        id="toppling.thm10", paper=PAPER, theorem="Theorem 10", kind="theorem",
        statement="f(G) = 1:G, where f inserts one more L into every maximal run of Ls.",
        parameter="n = length of G (alphabet L, R, E)",
        base=0, quick_bound=5, target_bound=9,
        methods=(
            _m("sat", _thm10_sat, "every G of exactly n dominoes over LRE: f(G) (a row of "
               "2n+1 slots sharing G's variables, blanks for absent Ls) against the "
               "ordinal sum 1:G played directly"),
            _m("brute", _thm10_brute, "every G of exactly n dominoes over LRE: canonical "
               "form of f(G) against the engine's ordinal sum 1:G", max_n=11),
        ),
        confirm=_thm10_confirm,
        notes="The paper's example lost a letter: f(RRLLRL) = LRLRLLLRLL.",
    ),
    Claim(
        id="toppling.thm16", paper=PAPER, theorem="Theorem 16", kind="theorem",
        statement="Each number is the value of exactly one row.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=1, quick_bound=8, target_bound=22,
        methods=(
            _m("sat", _thm16_sat, "no row of exactly n dominoes other than x's own row "
               "(Corollary 8) equals x, for every number x >= 0 whose row has length <= n "
               "(negative x by colour swap). Narrower than the theorem: a short row could "
               "equal a number whose own row is longer"),
            _m("brute", _thm16_brute, "every number-valued row of exactly n dominoes over "
               "LRE is its number's row from Corollary 8 (the full statement at length n)",
               max_n=12),
        ),
        confirm=_thm16_confirm,
    ),
    Claim(
        id="toppling.cor17", paper=PAPER, theorem="Corollary 17", kind="corollary",
        statement="Every row whose value is a number is a palindrome.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=1, quick_bound=8, target_bound=22,
        methods=(
            _m("sat", _cor17_sat, "no non-palindrome of exactly n dominoes equals x, for "
               "every number x >= 0 whose row has length <= n (negative x by colour swap); "
               "narrower than the corollary, as for Theorem 16"),
            _m("brute", _cor17_brute, "every number-valued row of exactly n dominoes over "
               "LRE is a palindrome (the full statement at length n)", max_n=12),
        ),
        confirm=_cor17_confirm,
    ),
    Claim(
        id="toppling.thm21", paper=PAPER, theorem="Theorem 21", kind="theorem",
        statement="RLxLR = {{x|0}|0} for every number x > 0 (x its row).",
        parameter="n = length of RLxLR (x has n - 4 dominoes)",
        base=5, quick_bound=16, target_bound=34,
        methods=(
            _m("sat", _thm21_sat, "every number x > 0 whose row has exactly n - 4 dominoes: "
               "the concrete row RLxLR against {{x|0}|0} in the difference encoding"),
            _m("brute", _thm21_brute, "the same x: canonical form of RLxLR"),
        ),
        confirm=_thm21_confirm,
    ),
    Claim(
        id="toppling.conj22", paper=PAPER, theorem="Conjecture 22", kind="conjecture",
        statement="RLxLR is the only row of value {{x|0}|0}, for every number x > 0.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=1, quick_bound=9, target_bound=30, paper_bound=15,
        methods=(
            _m("sat", _conj22_sat, "no row of exactly n dominoes over LRE other than RLxLR "
               "has value {{x|0}|0}, for every number x > 0 whose row has length <= n - 2; "
               "this covers every x, since x is then the value of a follower of a follower "
               "and number rows are unique (Theorem 16)"),
            _m("brute", _conj22_brute, "every row of exactly n dominoes over LRE whose "
               "canonical form is {{x|0}|0} with x > 0 a number is RLxLR",
               max_n=12),
        ),
        confirm=_conj22_confirm,
        notes="The paper confirmed lengths up to 15 by enumeration.",
    ),
    Claim(
        id="toppling.lem23", paper=PAPER, theorem="Lemma 23", kind="lemma",
        statement="(LR)^m = *m.",
        parameter="m (the row has 2m dominoes)",
        base=0, quick_bound=10, target_bound=40,
        methods=(
            _m("sat", _lem23_sat, "the concrete row (LR)^m against *m in the difference "
               "encoding"),
            _m("brute", _lem23_brute, "canonical form of (LR)^m"),
        ),
        confirm=_lem23_confirm,
    ),
    Claim(
        id="toppling.thm29", paper=PAPER, theorem="Theorem 29", kind="theorem",
        statement="An LR row equals *m iff it is (LR)^a(RL)^m(LR)^a, 0 <= a < m, or its "
                  "reversal; so *m has exactly m LR rows up to reversal.",
        parameter="n = number of dominoes (alphabet L, R)",
        base=1, quick_bound=10, target_bound=30,
        methods=(
            _m("sat", _thm29_sat, "for every m in 1..n, all LR rows of exactly n dominoes "
               "with value *m, enumerated with blocking clauses, are exactly the 2·#{a < m : "
               "2m + 4a = n} rows of Theorem 29 (reversals counted apart)"),
            _m("brute", _thm29_brute, "every LR row of exactly n dominoes: the positive "
               "nimbers among their canonical forms are exactly Theorem 29's rows",
               max_n=20),
        ),
        confirm=_thm29_confirm,
    ),
    Claim(
        id="toppling.thm32", paper=PAPER, theorem="Theorem 32", kind="theorem",
        statement="Every infinitesimal row has atomic weight -1, 0 or 1.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=1, quick_bound=6, target_bound=9,
        methods=(
            _m("brute", _thm32((2, 3)), "every infinitesimal value among rows of exactly n "
               "dominoes over LRE: atomic weight by the engine, via the proof's G' (positive "
               "numbers -> ^^), or ^^^ when the proof's outcome check fails", max_n=10),
            _m("brute-ups3", _thm32((3,)), "the same values, with G' built from ^^^ for every "
               "positive number (a different all-small substitute)", max_n=10),
        ),
        confirm=_thm32_confirm,
        notes="No SAT method: atomic weight needs the far-star comparison and a recursion "
              "over canonical options, not one difference game. The two methods share the "
              "engine's atomic weight recursion, so they are not fully independent. The "
              "proof's G' (^^) fails its own outcome check for some rows (first LRELLRLE, "
              "found by the partizan engine's tests); ^^^ passes there.",
    ),
    Claim(
        id="toppling.conj33", paper=PAPER, theorem="Conjecture 33", kind="conjecture",
        statement="The value {1|0,{0|-1}} (a grey row) does not occur in LR Toppling "
                  "Dominoes.",
        parameter="n = number of dominoes (alphabet L, R)",
        base=1, quick_bound=12, target_bound=30,
        methods=(
            _m("sat", _conj33_sat, "no LR row of exactly n dominoes has value "
               "{1|0,{0|-1}}"),
            _m("brute", _conj33_brute, "every LR row of exactly n dominoes, canonical form",
               max_n=20),
        ),
        confirm=_conj33_confirm,
        notes="The paper's figure is lost. Over L, R, E the rows of this value up to length "
              "12 are LERE, EREL (length 4) and LLRRE, ERRLL (length 5): "
              "`cgsat find toppling --value '{1|0,{0|-1}}' --max-length 12 --all`. The "
              "figure's four dominoes (one blue, three others) fit LERE.",
    ),
    Claim(
        id="toppling.conj34", paper=PAPER, theorem="Conjecture 34", kind="conjecture",
        statement="For all rows x and y, xLy > xy.",
        parameter="n = |x| + |y| (alphabet L, R, E)",
        base=0, quick_bound=5, target_bound=10,
        methods=(
            _m("sat", _conj34_sat, "every split |x| = p <= |y| = n - p with x, y symbolic "
               "over LRE (xLy and xy share variables): xLy - xy > 0; p > n - p follows by "
               "reversal"),
            _m("brute", _conj34_brute, "every row xy of exactly n dominoes over LRE and "
               "every place for the L", max_n=10),
        ),
        confirm=_conj34_confirm,
    ),
    Claim(
        id="toppling.conj35", paper=PAPER, theorem="Conjecture 35", kind="conjecture",
        statement="In LR Toppling Dominoes the value of a palindrome is given by no other "
                  "row.",
        parameter="n = the longer of the two rows compared (alphabet L, R)",
        base=1, quick_bound=7, target_bound=12,
        methods=(
            _m("sat", _conj35_sat, "every LR palindrome P (symbolic) and LR row G "
               "(symbolic) with max(|P|, |G|) = n: G = P only if G is P"),
            _m("brute", _conj35_brute, "canonical forms of every LR row of length <= n: "
               "no value class holding a palindrome has two rows (one of length n)",
               max_n=16),
        ),
        confirm=_conj35_confirm,
    ),
    Claim(
        id="toppling.thm36", paper=PAPER, theorem="Theorem 36", kind="theorem",
        statement="A number x = {x^L|x^R} in canonical form (a non-integer) is given "
                  "uniquely by the row x^L LR x^R.",
        parameter="n = length of x's row",
        base=3, quick_bound=14, target_bound=30,
        methods=(
            _m("sat", _thm36_sat, "every non-integer number x whose row has n dominoes: "
               "x^L LR x^R is x's row (Corollary 8), and that concrete row equals x in the "
               "difference encoding"),
            _m("brute", _thm36_brute, "the same x: canonical form of x^L LR x^R"),
        ),
        confirm=_thm36_confirm,
        notes="Uniqueness is Theorem 16 (toppling.thm16).",
    ),
    _construction_claim("conj37", "Conjecture 37", "{a|b}", "aLRb", base=2, strict=False),
    _construction_claim("conj37", "Conjecture 37", "{a|b}", "aLRb", base=2, strict=True),
    _construction_claim("conj38", "Conjecture 38", "{a||b|c}", "aLRcRLb", base=4,
                        strict=False),
    _construction_claim("conj38", "Conjecture 38", "{a||b|c}", "aLRcRLb", base=4,
                        strict=True),
    _construction_claim("conj39", "Conjecture 39", "{a|b||c|d}", "bRLaLRdRLc", base=6,
                        strict=False),
    _construction_claim("conj39", "Conjecture 39", "{a|b||c|d}", "bRLaLRdRLc", base=6,
                        strict=True),
    Claim(
        id="toppling.conj40", paper=PAPER, theorem="Conjecture 40", kind="conjecture",
        statement="Some games do not occur in Toppling Dominoes.",
        parameter="n = largest row length searched (alphabet L, R, E)",
        base=1, quick_bound=6, target_bound=12,
        methods=(
            _m("sat", _conj40_sat, "for every game born by day 2 and a selection of day-3 "
               "games (^^, ^^*, +-1/2, {1|*}, tinies and minies of 1 and 2): its shortest "
               "row of length <= n, or none; holds while some game has none"),
            _m("brute", _conj40_brute, "canonical forms of every row of length <= n over "
               "LRE against the same list", max_n=11),
        ),
        confirm=_conj40_confirm,
        notes="The report's detail gives the occurrence table.",
    ),
]
