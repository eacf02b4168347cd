"""z3 (SMT) formulas of the Toppling Peaks inductive check (Theorems 2.3 and 2.4).

The same question as :func:`cgsat.encodings.timber_path.add_inductive_check` (is there a
word of length n on which the candidate set C, WP or X, breaks the Partition Theorem, given
C on its options?) written as z3 terms, to compare z3 with CaDiCaL on the same claims:

- ``"int"``: prefix heights as z3 integers, ``h_{k+1} = h_k + (R_k ? -1 : 1)``; the Dyck
  predicates are comparisons ``h_k >= h_anchor`` (linear integer arithmetic);
- ``"bv"``: the same with bit-vector heights of just enough bits (signed comparisons).

A third formulation, ``"dimacs"``, hands z3 the clauses of the sharp SAT encoding of
:mod:`cgsat.encodings.timber_path` as DIMACS text; it needs no term here.

All build the same predicates: a subword ``w[a:b]`` is in WP iff ``h_b = h_a`` and
``h_k >= h_a`` for a <= k <= b; SWP adds "no k with ``h_k = h_a``, L at k, R at k+1";
``u in X`` iff u is non-empty and u without a leading R and a trailing L is in SWP.

This module builds terms only; :mod:`cgsat.papers.timber.path.sat` solves them.

References
----------
.. [1] Nowakowski et al., *The Game of timber!*, Theorems 2.1-2.4.
.. [2] L. de Moura, N. Bjørner, Z3: an efficient SMT solver, TACAS 2008.
"""

from __future__ import annotations

from typing import Any

import z3

__all__ = ["FORMULATIONS", "Z3Word", "inductive_check_terms"]

FORMULATIONS = ("int", "bv", "dimacs")
"""The z3 formulations: integer heights, bit-vector heights, the sharp CNF as DIMACS."""


class Z3Word:
    """A symbolic word for z3: letters ``R_i`` (Bool, true: an R) and prefix heights.

    Parameters
    ----------
    n : int
        The length.
    kind : {"int", "bv"}
        Integer or bit-vector heights.

    Examples
    --------
    >>> w = Z3Word(2, "int")
    >>> len(w.r), len(w.h), len(w.constraints)
    (2, 3, 2)
    """

    def __init__(self, n: int, kind: str):
        self.n = n
        self.r = [z3.Bool(f"R_{i}") for i in range(n)]
        bits = max(2, (2 * n + 1).bit_length() + 1)  # enough for -n..n, signed
        if kind == "int":
            self.h: list[Any] = [z3.IntVal(0)]
            one: Any = z3.IntVal(1)
        else:
            self.h = [z3.BitVecVal(0, bits)]
            one = z3.BitVecVal(1, bits)
        self.constraints: list[Any] = []
        for i in range(n):
            name = f"h_{i + 1}"
            hv = z3.Int(name) if kind == "int" else z3.BitVec(name, bits)
            self.constraints.append(hv == self.h[i] + z3.If(self.r[i], -one, one))
            self.h.append(hv)
        # set by inductive_check_terms: C on the whole word, "some option is in C"
        self.whole: Any = None
        self.some: Any = None

    def wp(self, a: int, b: int) -> Any:
        """``w[a:b] in WP`` (a prefix or a suffix)."""
        ref = self.h[a] if a == 0 or b != self.n else self.h[b]
        return z3.And([self.h[k] >= ref for k in range(a, b + 1)] + [self.h[a] == self.h[b]])

    def swp(self, a: int, b: int) -> Any:
        """``w[a:b] in SWP``: in WP, and no peak at relative height 1."""
        ref = self.h[a]
        peaks = [z3.And(self.h[k] == ref, z3.Not(self.r[k]), self.r[k + 1])
                 for k in range(a, b - 1)]
        return z3.And(self.wp(a, b), z3.Not(z3.Or(peaks)) if peaks else z3.BoolVal(True))

    def x(self, i: int, j: int) -> Any:
        """``w[i:j] in X`` (Theorem 2.4)."""
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


def inductive_check_terms(n: int, label: str, kind: str,
                          selector: Any = None) -> tuple[Z3Word, list[Any]]:
    """The z3 terms of the inductive check for ``label`` at length n.

    With a ``selector`` (a z3 Bool) the violation is asserted only under the selector, as
    in :func:`cgsat.encodings.timber_path.add_inductive_check`; the word's ``whole`` and
    ``some`` terms then show what the formula computes on a word fixed by assumptions.

    Parameters
    ----------
    n : int
        The word length.
    label : {"thm2.3", "thm2.4"}
        WP under normal play, or X under misère play.
    kind : {"int", "bv"}
        The height formulation.
    selector : z3 Bool or None
        Guards the violation (None: asserted outright).

    Returns
    -------
    (Z3Word, list)
        The word (its ``r`` decode a model) and the terms, satisfiable exactly when some
        word of length n breaks the Partition Theorem for the candidate set.

    Examples
    --------
    >>> word, terms = inductive_check_terms(4, "thm2.3", "int")
    >>> len(terms)
    5

    References
    ----------
    .. [1] Nowakowski et al., *The Game of timber!*, Theorems 2.3 and 2.4.
    """
    if label not in ("thm2.3", "thm2.4"):
        raise ValueError(f"unknown claim {label!r}")
    word = Z3Word(n, kind)
    pred = word.wp if label == "thm2.3" else word.x
    misere = label == "thm2.4"
    whole = pred(0, n)
    reach = [z3.Or(z3.And(word.r[i], pred(0, i)), z3.And(z3.Not(word.r[i]), pred(i + 1, n)))
             for i in range(n)]
    some = z3.Or(reach) if reach else z3.BoolVal(False)
    word.whole, word.some = whole, some
    goal = whole if misere and n == 0 else whole == some
    if selector is not None:
        goal = z3.Implies(selector, goal)
    return word, word.constraints + [goal]
