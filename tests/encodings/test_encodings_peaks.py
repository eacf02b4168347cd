"""Tests for cgsat.encodings.timber_path: the sharp inductive check and the full kernel encoding
of Toppling Peaks, against exhaustive play and plain-Python predicates."""

from __future__ import annotations

import itertools

import pytest
from pysat.formula import IDPool
from pysat.solvers import Solver

from cgsat.cgt.impartial import ImpartialSolver
from cgsat.claims import Budget
from cgsat.encodings import timber_path as peaks
from cgsat.encodings.kernel import add_grundy, add_kernel
from cgsat.games import get_ruleset
from cgsat.papers.timber.claims import CLAIMS
from cgsat.papers.timber.path import brute as path_brute
from cgsat.papers.timber.path import sat as path_sat
from cgsat.papers.timber.path import words

SOLVER = ImpartialSolver(get_ruleset("timber-path"))


def _words(n):
    return ["".join(w) for w in itertools.product("LR", repeat=n)]


def _assume(word, letters):
    return [x if c == "R" else -x for c, x in zip(word, letters, strict=True)]


def test_heights_by_hand():
    pool, cl = IDPool(), []
    w = peaks.SymbolicWord(pool, cl, 5)
    c52, e40 = w.cmp(5, 2), w.eq(4, 0)  # clauses are added when a literal is first asked for
    with Solver(bootstrap_with=cl) as s:
        assert s.solve(assumptions=_assume("LLRRR", w.letters))
        m = set(s.get_model())
    heights = [0, 1, 2, 1, 0, -1]
    for k, h in enumerate(heights):
        for t in range(-6, 7):
            assert (w.ge(k, t) in m) == (h >= t), (k, t)
    assert (c52 in m) is False and (e40 in m) is True


@pytest.mark.parametrize("n", range(0, 9))
def test_subword_predicates_match_plain_python(n):
    pool, cl = IDPool(), []
    w = peaks.SymbolicWord(pool, cl, n)
    lits = {}
    for i in range(n + 1):
        for (a, b) in ((0, i), (i, n)):
            lits[("wp", a, b)] = peaks.wp_predicate(w, a, b)
            lits[("x", a, b)] = peaks.x_predicate(w, a, b)
    with Solver(bootstrap_with=cl) as s:
        for word in _words(n):
            assert s.solve(assumptions=_assume(word, w.letters))
            m = set(s.get_model())
            for (kind, a, b), lit in lits.items():
                member = words.is_dyck if kind == "wp" else words.in_x
                assert (lit in m) == member(word[a:b]), (word, kind, a, b)


@pytest.mark.parametrize("label", ["thm2.3", "thm2.4"])
def test_inductive_check_holds_up_to_30(label):
    pred, misere = peaks.PREDICATES[label]
    for n in range(0, 31):
        pool, cl = IDPool(), []
        peaks.add_inductive_check(pool, cl, n, pred, misere)
        with Solver(name="cadical195", bootstrap_with=cl) as s:
            assert not s.solve(), (label, n)


def _first_refuted(pred, misere, up_to):
    """The first size and word at which the claims' sat method refutes ``pred``; the smt
    method (z3 on the same CNF) must refute it at the same size."""
    for n in range(0, up_to + 1):
        verdict = path_sat.characterization(n, Budget(), pred, misere)
        smt = path_sat.smt_characterization(n, Budget(), pred, misere)
        assert smt.status == verdict.status, n
        if verdict.status == "refuted":
            return n, "" if verdict.counterexample == "()" else verdict.counterexample
    return None


def test_negative_control_perturbed_dyck_is_refuted():
    # a wrong Theorem 2.3: balanced prefixes whose heights may dip to -1
    def loose(word, i, j):
        if i != 0:
            return peaks.wp_predicate(word, i, j)
        floor = [word.ge(k, -1) for k in range(0, j + 1)]
        return word.circ.and_(floor + [word.eq(j, 0)])

    def member(u):
        heights = list(itertools.accumulate((1 if c == "L" else -1 for c in u), initial=0))
        return heights[-1] == 0 and min(heights) >= -1

    found = _first_refuted(loose, False, 8)
    assert found is not None
    n, w = found
    assert path_brute.misclassified(w, member, False) is not None  # the direct solver confirms


def test_negative_control_wrong_misere_set_is_refuted():
    # a wrong Theorem 2.4: X without the words R·SWP·L (the "extra" misère P-positions)
    def narrow(word, i, j):
        full = word.x_set(i, j)
        if j - i < 2:
            return full
        circ = word.circ
        core = word.swp_from(i + 1)[j - 1] if i == 0 else word.swp_to(j - 1)[i + 1]
        bad = circ.and_([word.letters[i], -word.letters[j - 1], core])
        return circ.and_([full, -bad])

    found = _first_refuted(narrow, True, 10)
    assert found is not None
    n, w = found

    def member(u):
        return words.in_x(u) and not (len(u) >= 2 and u[0] == "R" and u[-1] == "L"
                                      and words.is_swp(u[1:-1]))
    assert path_brute.misclassified(w, member, True) is not None


@pytest.mark.parametrize("n", range(0, 8))
def test_full_kernel_matches_play(n):
    pool, cl = IDPool(), []
    letters, kn = peaks.add_peaks_kernel(pool, cl, n, misere=False)
    tagged = peaks.peaks_followers(n, letters)
    km = add_kernel(pool, cl, *tagged, misere=True, tag="M")
    g = add_grundy(pool, cl, *tagged)
    with Solver(bootstrap_with=cl) as s:
        for word in _words(n):
            assert s.solve(assumptions=_assume(word, letters))
            m = set(s.get_model())
            for (i, j) in tagged[0]:
                sub = word[i:j]
                assert (kn.p[(i, j)] in m) == (SOLVER.outcome(sub) == "P")
                assert (km.p[(i, j)] in m) == (SOLVER.outcome(sub, misere=True) == "P")
            val = [t for t, x in enumerate(g.value[(0, n)]) if x in m]
            assert val == [SOLVER.nim_value(word)]


@pytest.mark.parametrize("label", ["thm2.3", "thm2.4"])
def test_sat_and_brute_agree_on_claims(label):
    claim = next(c for c in CLAIMS if c.id == f"timber.{label}")
    for n in range(0, 15):
        assert claim.method("sat").run(n, Budget()).status == "holds"
        assert claim.method("smt").run(n, Budget()).status == "holds"
        assert claim.method("brute").run(n, Budget()).status == "holds"


@pytest.mark.slow
@pytest.mark.parametrize("label", ["timber.thm2.3", "timber.thm2.4", "timber.thm2.5"])
def test_sat_and_brute_agree_full_overlap(label):
    claim = next(c for c in CLAIMS if c.id == label)
    for n in range(0, 23):
        assert claim.method("sat").run(n, Budget()).status == "holds"
        assert claim.method("brute").run(n, Budget()).status == "holds"
