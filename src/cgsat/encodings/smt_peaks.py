"""z3 (SMT) formulations of the Toppling Peaks inductive checks (Theorems 2.3 and 2.4).

The same question as :func:`cgsat.encodings.timber_path.add_inductive_check` — is there a word of
length n on which the candidate set C (WP, resp. X) breaks the Partition Theorem, given C on
its options? — asked of z3 in three ways, to compare with CaDiCaL on the same claims:

- ``"int"``: prefix heights as z3 integers, ``h_{k+1} = h_k + (R_k ? -1 : 1)``; the Dyck
  predicates are comparisons ``h_k >= h_anchor`` (linear integer arithmetic);
- ``"bv"``: the same with bit-vector heights of just enough bits (signed comparisons);
- ``"dimacs"``: the clauses of the sharp SAT encoding, handed to z3 as DIMACS text through
  ``Solver.from_string`` (pushing a large CNF clause by clause through z3's Python API is
  far slower than parsing it).

All three build the same predicates: a subword ``w[a:b]`` is in WP iff ``h_b = h_a`` and
``h_k >= h_a`` for a <= k <= b; SWP adds "no k with ``h_k = h_a``, L at k, R at k+1";
``u in X`` iff u is non-empty and u without a leading R and a trailing L is in SWP.

References
----------
.. [1] Nowakowski et al., *The Game of timber!*, Theorems 2.1-2.4.
.. [2] L. de Moura, N. Bjørner, Z3: an efficient SMT solver, TACAS 2008.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

FORMULATIONS = ("int", "bv", "dimacs")


@dataclass
class SmtResult:
    """The answer of one z3 run: ``sat`` (a counterexample word) or not, and timings."""

    sat: bool | None  # None: unknown (z3 gave up)
    word: str | None
    encode_seconds: float
    solve_seconds: float
    formulation: str
    instance: dict[str, int] | None = None  # DIMACS size, for "dimacs"


class _Z3Word:
    """A symbolic word for z3: letters ``R_i`` (Bool) and prefix heights (Int or BitVec)."""

    def __init__(self, n: int, kind: str):
        import z3

        self.z3 = z3
        self.n = n
        self.r = [z3.Bool(f"R_{i}") for i in range(n)]
        bits = max(2, (2 * n + 1).bit_length() + 1)  # enough for -n..n, signed
        if kind == "int":
            self.h = [z3.IntVal(0)]
            one = z3.IntVal(1)
        else:
            self.h = [z3.BitVecVal(0, bits)]
            one = z3.BitVecVal(1, bits)
        self.constraints = []
        for i in range(n):
            name = f"h_{i + 1}"
            hv = z3.Int(name) if kind == "int" else z3.BitVec(name, bits)
            self.constraints.append(hv == self.h[i] + z3.If(self.r[i], -one, one))
            self.h.append(hv)

    def wp(self, a: int, b: int):
        z3 = self.z3
        ref = self.h[a] if a == 0 or b != self.n else self.h[b]
        return z3.And([self.h[k] >= ref for k in range(a, b + 1)] + [self.h[a] == self.h[b]])

    def swp(self, a: int, b: int):
        z3 = self.z3
        ref = self.h[a]
        peaks = [z3.And(self.h[k] == ref, z3.Not(self.r[k]), self.r[k + 1])
                 for k in range(a, b - 1)]
        return z3.And(self.wp(a, b), z3.Not(z3.Or(peaks)) if peaks else z3.BoolVal(True))

    def x(self, i: int, j: int):
        z3 = self.z3
        if i == j:
            return z3.BoolVal(False)
        first, last = self.r[i], self.r[j - 1]
        if j - i == 1:
            return z3.BoolVal(True)
        cases = []
        for strip_r in (0, 1):
            for strip_l in (0, 1):
                cond = [first if strip_r else z3.Not(first), z3.Not(last) if strip_l else last]
                cases.append(z3.And(cond + [self.swp(i + strip_r, j - strip_l)]))
        return z3.Or(cases)


def _check_terms(word: _Z3Word, label: str):
    z3 = word.z3
    n = word.n
    pred = word.wp if label == "thm2.3" else word.x
    misere = label == "thm2.4"
    whole = pred(0, n)
    if misere and n == 0:
        return [whole]
    reach = [z3.Or(z3.And(word.r[i], pred(0, i)), z3.And(z3.Not(word.r[i]), pred(i + 1, n)))
             for i in range(n)]
    some = z3.Or(reach) if reach else z3.BoolVal(False)
    return word.constraints + [whole == some]


def smt_inductive_check(n: int, label: str = "thm2.3", formulation: str = "bv",
                        timeout: float | None = None) -> SmtResult:
    """Run the inductive check for ``label`` ("thm2.3" or "thm2.4") at length n with z3.

    Parameters
    ----------
    n : int
        The word length.
    label : str
        ``"thm2.3"`` (WP, normal play) or ``"thm2.4"`` (X, misère play).
    formulation : {"int", "bv", "dimacs"}
        See the module docstring.
    timeout : float or None
        Seconds for z3 (then ``sat`` is None if it gives up).

    Returns
    -------
    SmtResult
        ``sat`` False means the check holds at n (no counterexample).

    Examples
    --------
    >>> [smt_inductive_check(8, "thm2.4", f).sat for f in FORMULATIONS]
    [False, False, False]

    References
    ----------
    .. [1] Nowakowski et al., *The Game of timber!*, Theorems 2.3 and 2.4.
    """
    import z3

    if label not in ("thm2.3", "thm2.4"):
        raise ValueError(f"unknown claim {label!r}")
    if formulation not in FORMULATIONS:
        raise ValueError(f"unknown formulation {formulation!r}; one of {FORMULATIONS}")
    t0 = time.perf_counter()
    solver = z3.Solver()
    if timeout is not None:
        solver.set("timeout", int(timeout * 1000))
    if formulation == "dimacs":
        from pysat.formula import IDPool

        from cgsat.encodings import timber_path as peaks
        from cgsat.encodings.cnf import ClauseBuffer

        pred, misere = peaks.PREDICATES[label]
        buf = ClauseBuffer()
        pool = IDPool()
        sym = peaks.add_inductive_check(pool, buf, n, pred, misere)
        solver.from_string(buf.dimacs(nv=pool.top))
        letters = sym.letters
        instance = {"vars": max(pool.top, buf.nv), "clauses": len(buf)}
    else:
        word = _Z3Word(n, formulation)
        solver.add(*_check_terms(word, label))
        letters = None
        instance = None
    t1 = time.perf_counter()
    answer = solver.check()
    t2 = time.perf_counter()
    result_word = None
    if answer == z3.sat:
        model = solver.model()
        if letters is None:
            result_word = "".join(
                "R" if z3.is_true(model.eval(r, model_completion=True)) else "L" for r in word.r)
        else:
            # from_string names DIMACS variable v as "k!<v-1>"
            true = {str(d) for d in model.decls() if z3.is_true(model[d])}
            result_word = "".join("R" if f"k!{x - 1}" in true else "L" for x in letters)
    sat = True if answer == z3.sat else False if answer == z3.unsat else None
    return SmtResult(sat, result_word, t1 - t0, t2 - t1, formulation, instance)
