"""Claims from *Toppling Conjectures* (Fink, Nowakowski, Siegel, Wolfe), ids ``toppling.*``.

Every claim has a ``sat`` method, built on the partizan difference encoding
(:mod:`cgsat.encodings.toppling_diff`, solved through :func:`cgsat.verify.solvers.solve_cnf`),
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

from cgsat.encodings.toppling_diff import (
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
    :class:`~cgsat.verify.solvers.ClauseBuffer` and solved by
    :func:`~cgsat.verify.solvers.solve_cnf` (certificates). Otherwise clauses go straight
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
            from cgsat.verify.solvers import ClauseBuffer

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
        from cgsat.verify.solvers import solve_cnf

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
                    extra: Callable | None = None) -> Verdict:
    """For each ``(label, game, allowed_rows)``: no row of exactly ``n`` dominoes other than
    ``allowed_rows`` has value ``game``. ``extra(buf, pool, side)`` may add constraints."""
    sat = _Sat(budget)
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


# -- registry ---------------------------------------------------------------------------------
def _m(name: str, run, scope: str) -> Method:
    return Method(name=name, run=run, scope=scope, uses_solver=(name == "sat"))


CLAIMS: list[Claim] = [
    Claim(
        id="toppling.lem1", paper=PAPER, theorem="Lemma 1", kind="lemma",
        statement="A row's outcome is fixed by its ends: empty is P; both ends L gives L; "
                  "both ends R gives R; anything else (any E at an end) gives N.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=1, quick_bound=7, target_bound=20,
        methods=(
            _m("sat", _lem1_sat, "every row of exactly n dominoes over LRE: its outcome "
               "(difference encoding against 0) is the corrected Lemma 1 rule"),
            _m("brute", _lem1_brute, "every row of exactly n dominoes over LRE, outcome of "
               "the canonical form"),
        ),
        confirm=_lem1_confirm,
        notes="The seed text of Lemma 1 is garbled (it says R > 0 and misses E); we check "
              "the rule above, which is what the proof shows.",
    ),
    Claim(
        id="toppling.lem4", paper=PAPER, theorem="Lemma 4", kind="lemma",
        statement="For every row x, Lx > x.",
        parameter="n = length of x (alphabet L, R, E)",
        base=0, quick_bound=6, target_bound=16,
        methods=(
            _m("sat", _lem4_sat, "every row x of exactly n dominoes over LRE: Lx - x > 0 "
               "(x symbolic, Lx sharing its variables)"),
            _m("brute", _lem4_brute, "every row x of exactly n dominoes over LRE"),
        ),
        confirm=_lem4_confirm,
    ),
    Claim(
        id="toppling.thm10", paper=PAPER, theorem="Theorem 10", kind="theorem",
        statement="f(G) = 1:G, where f inserts one more L into every maximal run of Ls.",
        parameter="n = length of G (alphabet L, R, E)",
        base=0, quick_bound=6, target_bound=14,
        methods=(
            _m("sat", _thm10_sat, "every G of exactly n dominoes over LRE: f(G) (a row of "
               "2n+1 slots sharing G's variables, blanks for absent Ls) against the "
               "ordinal sum 1:G played directly"),
            _m("brute", _thm10_brute, "every G of exactly n dominoes over LRE: canonical "
               "form of f(G) against the engine's ordinal sum 1:G"),
        ),
        confirm=_thm10_confirm,
        notes="The paper's example lost a letter: f(RRLLRL) = LRLRLLLRLL.",
    ),
    Claim(
        id="toppling.thm16", paper=PAPER, theorem="Theorem 16", kind="theorem",
        statement="Each number is the value of exactly one row.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=1, quick_bound=8, target_bound=20,
        methods=(
            _m("sat", _thm16_sat, "no row of exactly n dominoes other than x's own row "
               "(Corollary 8) equals x, for every number x >= 0 whose row has length <= n "
               "(negative x by colour swap). Narrower than the theorem: a short row could "
               "equal a number whose own row is longer"),
            _m("brute", _thm16_brute, "every number-valued row of exactly n dominoes over "
               "LRE is its number's row from Corollary 8 (the full statement at length n)"),
        ),
        confirm=_thm16_confirm,
    ),
    Claim(
        id="toppling.cor17", paper=PAPER, theorem="Corollary 17", kind="corollary",
        statement="Every row whose value is a number is a palindrome.",
        parameter="n = number of dominoes (alphabet L, R, E)",
        base=1, quick_bound=8, target_bound=20,
        methods=(
            _m("sat", _cor17_sat, "no non-palindrome of exactly n dominoes equals x, for "
               "every number x >= 0 whose row has length <= n (negative x by colour swap); "
               "narrower than the corollary, as for Theorem 16"),
            _m("brute", _cor17_brute, "every number-valued row of exactly n dominoes over "
               "LRE is a palindrome (the full statement at length n)"),
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
        base=1, quick_bound=12, target_bound=30, paper_bound=15,
        methods=(
            _m("sat", _conj22_sat, "no row of exactly n dominoes over LRE other than RLxLR "
               "has value {{x|0}|0}, for every number x > 0 whose row has length <= n - 2; "
               "this covers every x, since x is then the value of a follower of a follower "
               "and number rows are unique (Theorem 16)"),
            _m("brute", _conj22_brute, "every row of exactly n dominoes over LRE whose "
               "canonical form is {{x|0}|0} with x > 0 a number is RLxLR"),
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
        base=1, quick_bound=14, target_bound=30,
        methods=(
            _m("sat", _thm29_sat, "for every m in 1..n, all LR rows of exactly n dominoes "
               "with value *m, enumerated with blocking clauses, are exactly the 2·#{a < m : "
               "2m + 4a = n} rows of Theorem 29 (reversals counted apart)"),
            _m("brute", _thm29_brute, "every LR row of exactly n dominoes: the positive "
               "nimbers among their canonical forms are exactly Theorem 29's rows"),
        ),
        confirm=_thm29_confirm,
    ),
]
