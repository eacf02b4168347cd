"""Tests written against surviving mutants (issue 24 item 6: mutation testing as a habit)
of ``encodings/green_cordon_dfa.py``, ``encodings/moore.py`` and the papers' SAT modules
(docs/benchmarks.md, "Mutation testing"). Each pins what an older test checked loosely or
not at all; the expected values are computed here independently (plain enumeration of
words, a hand-made automaton), never read off the code under test.
"""

from __future__ import annotations

from itertools import product

import pytest
from pysat.formula import IDPool

from cgsat.encodings import moore
from cgsat.encodings.green_cordon_dfa import NIM2_DFA, WordDFA
from cgsat.sat.coverage import count_projected

# -- green_cordon_dfa.WordDFA --------------------------------------------------------------


def test_a_word_dfa_reads_height_minus_one_letters_and_the_empty_cordon_apart():
    # parity of the number of letters read: x_1 .. x_{n-1}, so n - 1 letters
    parity = WordDFA(delta=((1, 1), (0, 0)), accepting=frozenset({0}), empty=False)
    assert [parity.holds(n, []) for n in range(1, 6)] == [True, False, True, False, True]
    assert parity.holds(0, []) is False  # the empty cordon: ``empty``, not the start state
    assert WordDFA(delta=((1, 1), (0, 0)), accepting=frozenset({1}), empty=True).holds(0, [])


def test_with_accepting_keeps_the_transitions_and_names_the_copy():
    other = NIM2_DFA.with_accepting([4], "swapped")
    assert (other.delta, other.empty, other.accepting, other.name) == (
        NIM2_DFA.delta, NIM2_DFA.empty, frozenset({4}), "swapped")
    assert NIM2_DFA.with_accepting([2, 4]).name == NIM2_DFA.name


# -- moore.add_identification ---------------------------------------------------------------


@pytest.mark.parametrize("samples", [{}, {"L": 1}, {"": 0, "LR": 1}, {"": 0, "L": 1, "LRL": 0}])
def test_identification_needs_samples_closed_under_prefixes(samples):
    with pytest.raises(ValueError, match="^the samples must be closed under prefixes$"):
        moore.add_identification(IDPool(), [], samples, 2, [(0, 0), (0, 1)])


# -- moore.add_machine_check: the family of words it ranges over -------------------------------


def _band_words(n: int, h: int) -> int:
    """Words over {L, R} of length n whose prefix heights (L up, R down) span at most h."""
    count = 0
    for word in product("LR", repeat=n):
        heights = [0]
        for c in word:
            heights.append(heights[-1] + (1 if c == "L" else -1))
        count += max(heights) - min(heights) <= h
    return count


@pytest.mark.parametrize("h", [1, 2, 3])
def test_the_machine_check_ranges_over_every_word_of_the_band(h):
    """With the goal off, the instance admits exactly the words of height range <= h
    (counted by pyganak on the letters, against plain enumeration)."""
    for n in range(0, 8):
        pool, cl = IDPool(), []
        goal = pool.id("goal")
        check = moore.add_machine_check(pool, cl, n, h, [(0, 0)], lambda q, m: 0, goal=goal)
        assert len(set(check.letters)) == n
        got = count_projected(cl, pool.top, check.letters, [-goal]) if n else 1
        assert got == _band_words(n, h), (n, h)


def test_the_toggled_word_must_have_the_checked_length():
    pool = IDPool()
    with pytest.raises(ValueError):
        moore.add_machine_check(pool, [], 4, 2, [(0, 0)], lambda q, m: 0,
                                toggle=("LRL", pool.id("t")))


# -- papers/timber/phyminoes/sat.py -------------------------------------------------------------


def test_fixed_sets_each_orientation_variable_by_its_bit():
    from cgsat.papers.timber.phyminoes.sat import _fixed

    assert _fixed([3, 4, 5], "101") == [3, -4, 5]
    assert _fixed([7], "0") == [-7]


def test_a_toggled_part_must_decode_to_its_own_orientation():
    from types import SimpleNamespace

    from cgsat.papers.timber.phyminoes.sat import _decodes

    inst = SimpleNamespace(decode=lambda true: "0>1" if 1 in true else "1>0")
    check = _decodes(inst, "0>1")
    assert check({1}) is None
    assert check({2}) == "the model decodes to 1>0"
    assert check(None) == "UNSAT with this part of the goal toggled (the goal misses it)"


@pytest.mark.parametrize("where", [{"misere": True}, {"distances": "graph"}])
def test_the_orientation_count_covers_the_misere_kernel_of_each_reading(monkeypatch, where):
    """A misère kernel encoding that fixes the last arc, only in misère play or only in
    the "graph" reading, fails the position-space count of that encoding."""
    from cgsat.claims import Budget
    from cgsat.encodings import timber_graphs
    from cgsat.papers.timber.phyminoes import sat as phyminoes_sat

    real = timber_graphs.add_graph_kernel

    def shrunk(pool, sink, shape, misere=False, rule="timber", distances="minus-edge",
               tag="P"):
        lits, enc, root = real(pool, sink, shape, misere, rule, distances, tag)
        args = {"misere": misere, "distances": distances}
        if all(args[k] == v for k, v in where.items()) and lits:
            sink.add_clause([lits[-1]])
        return lits, enc, root

    monkeypatch.setattr(timber_graphs, "add_graph_kernel", shrunk)
    v = phyminoes_sat.family_rule(7, Budget(controls=0), "odd-cycle")
    assert v.status == "error" and "orientations the misère kernel encoding admits" in v.reason


# -- encodings/timber_path.py ----------------------------------------------------------------


def _peaks_nim(word: str) -> int:
    """Toppling Peaks by plain play: an R at k leaves w[:k], an L at k leaves w[k+1:]."""
    from functools import cache

    @cache
    def nim(w: str) -> int:
        options = {nim(w[:k]) if c == "R" else nim(w[k + 1:]) for k, c in enumerate(w)}
        return next(v for v in range(len(options) + 1) if v not in options)

    return nim(word)


def test_the_peaks_grundy_encoding_gives_every_word_its_nim_value():
    from pysat.solvers import Solver

    from cgsat.encodings.timber_path import add_peaks_grundy

    for n in range(0, 6):
        pool, cl = IDPool(), []
        letters, enc = add_peaks_grundy(pool, cl, n)
        with Solver(bootstrap_with=cl) as solver:
            for word in map("".join, product("LR", repeat=n)):
                fix = [x if c == "R" else -x for x, c in zip(letters, word, strict=True)]
                assert solver.solve(assumptions=fix), word
                assert enc.value_of((0, n), solver.get_model()) == _peaks_nim(word), word


def test_the_peaks_kernel_is_normal_play_unless_told():
    from pysat.solvers import Solver

    from cgsat.encodings.timber_path import add_peaks_kernel

    pool, cl = IDPool(), []
    letters, enc = add_peaks_kernel(pool, cl, 2)
    with Solver(bootstrap_with=cl) as solver:  # LR: P in normal play, N in misère play
        assert solver.solve(assumptions=[-letters[0], letters[1], enc.p[(0, 2)]])


def test_x_set_names_its_scope_when_asked_for_an_inner_subword():
    from cgsat.encodings.timber_path import SymbolicWord

    with pytest.raises(ValueError, match="^x_set covers prefixes and suffixes only$"):
        SymbolicWord(IDPool(), [], 4).x_set(1, 3)


def test_a_toggled_predicate_flips_a_shorter_word_wherever_it_stands():
    from pysat.solvers import Solver

    from cgsat.encodings.timber_path import SymbolicWord, toggled, wp_predicate

    pool, cl = IDPool(), []
    w = SymbolicWord(pool, cl, 4)
    flipped = toggled(wp_predicate, "LR")(w, 2, 4)  # the suffix w[2:4]
    plain = wp_predicate(w, 2, 4)
    with Solver(bootstrap_with=cl) as solver:  # on LRLR the suffix LR is in WP; flipped not
        fix = [-w.letters[0], w.letters[1], -w.letters[2], w.letters[3]]
        assert solver.solve(assumptions=fix + [plain, -flipped])


def _heights(word: str) -> list[int]:
    out = [0]
    for c in word:
        out.append(out[-1] + (1 if c == "L" else -1))
    return out


def _in_wp(word: str, a: int, b: int) -> bool:
    """w[a:b] is a Dyck word (L up, R down): it ends at its start height, never below."""
    h = _heights(word)
    return h[b] == h[a] and all(h[k] >= h[a] for k in range(a, b + 1))


def _in_swp(word: str, a: int, b: int) -> bool:
    """w[a:b] is a Dyck word with no peak LR at its base height."""
    h = _heights(word)
    return _in_wp(word, a, b) and not any(
        h[k] == h[a] and word[k] == "L" and word[k + 1] == "R" for k in range(a, b - 1))


def _in_x(u: str) -> bool:
    """Theorem 2.4's X: u non-empty, and its core (without a leading R and a trailing L;
    a one-letter word is all core-less) a Dyck word with no peak at height 1."""
    if not u:
        return False
    core = "" if len(u) == 1 else u[1:] if u[0] == "R" else u
    if len(u) > 1 and u[-1] == "L":
        core = core[:-1]
    return _in_swp(core, 0, len(core))


def test_every_literal_of_a_symbolic_word_reads_its_word():
    """Heights, comparisons, WP, SWP and X on every prefix and suffix of every word of
    length <= 6, against their definitions on the plain word."""
    from pysat.solvers import Solver

    from cgsat.encodings.timber_path import SymbolicWord

    for n in range(0, 7):
        pool, cl = IDPool(), []
        w = SymbolicWord(pool, cl, n)
        ge = {(k, t): w.ge(k, t) for k in range(n + 1) for t in range(-k - 2, k + 3)}
        cmp = {(k, r): (w.cmp(k, r), w.eq(k, r)) for k in range(n + 1) for r in range(n + 1)}
        wp = {(a, b): (w.wp_from(a)[b], w.swp_from(a)[b]) for a in range(n + 1)
              for b in range(a, n + 1)}
        wp_to = {(a, b): (w.wp_to(b)[a], w.swp_to(b)[a]) for b in range(n + 1)
                 for a in range(b + 1)}
        xs = {(0, j): w.x_set(0, j) for j in range(n + 1)}
        xs.update({(i, n): w.x_set(i, n) for i in range(n + 1)})
        with Solver(bootstrap_with=cl + [[w.circ.true]]) as solver:
            for word in map("".join, product("LR", repeat=n)):
                fix = [x if c == "R" else -x for x, c in zip(w.letters, word, strict=True)]
                assert solver.solve(assumptions=fix), word
                true = {lit for lit in solver.get_model() if lit > 0}

                def val(lit, true=true):
                    return lit in true if lit > 0 else -lit not in true

                h = _heights(word)
                assert all(val(lit) == (h[k] >= t) for (k, t), lit in ge.items()), word
                assert all((val(c), val(e)) == (h[k] >= h[r], h[k] == h[r])
                           for (k, r), (c, e) in cmp.items()), word
                for (a, b), (p, s) in [*wp.items(), *wp_to.items()]:
                    assert (val(p), val(s)) == (_in_wp(word, a, b), _in_swp(word, a, b)), \
                        (word, a, b)
                assert all(val(lit) == _in_x(word[i:j]) for (i, j), lit in xs.items()), word


def test_the_inductive_check_is_normal_play_unless_told():
    from pysat.solvers import Solver

    from cgsat.encodings.timber_path import add_inductive_check, wp_predicate

    for n in range(0, 5):  # Theorem 2.3: WP, normal play (in misère play n = 0 fails:
        pool, cl = IDPool(), []  # the empty word is a Dyck word but an N-position)
        add_inductive_check(pool, cl, n, wp_predicate)
        with Solver(bootstrap_with=cl) as solver:
            assert not solver.solve(), n


# -- encodings/green_cordon.py ----------------------------------------------------------------


@pytest.mark.parametrize("dropped", [0, 1, 2])
def test_a_cover_without_one_of_its_rules_finds_a_cordon_outside_the_others(dropped):
    from pysat.solvers import Solver

    from cgsat.encodings.green_cordon import ONE_LEAF_COVER, coverage_instance

    rules = [r for i, r in enumerate(ONE_LEAF_COVER) if i != dropped]
    found = 0
    for n in range(2, 10):
        assert not Solver(bootstrap_with=coverage_instance(ONE_LEAF_COVER, 1, n)[0]).solve()
        cnf, cc = coverage_instance(rules, 1, n)
        with Solver(bootstrap_with=cnf.clauses) as solver:
            if solver.solve():
                found += 1
                cordon = cc.decode(solver.get_model(), n)
                atts = [int(a) for a in cordon.split(":")[1].split(",")]
                assert len(atts) == 1 and not any(r.holds(n, atts) for r in rules), cordon
            else:  # then every one-leaf cordon of height n satisfies a kept rule
                assert all(any(r.holds(n, [a]) for r in rules) for a in range(1, n))
    assert found  # the dropped rule is needed at some height


def test_a_rule_on_a_symbolic_cordon_with_constant_leaves_reads_its_concrete_cordon():
    """``accepts`` on cordons whose leaf literals mix variables with constant false and
    true leaves (the shape of an option: a prefix, a false leaf, a suffix), against the
    rule evaluated on the concrete cordon, for every assignment."""
    from pysat.solvers import Solver

    from cgsat.encodings.green_cordon import (
        ONE_LEAF_COVER,
        THM_3_2,
        THM_3_3,
        CordonCircuits,
    )
    from cgsat.encodings.green_cordon_dfa import NIM2_DFA, NIM3_DFA

    rules = [THM_3_2, THM_3_3, *ONE_LEAF_COVER, NIM2_DFA, NIM3_DFA]
    for h in range(1, 8):
        for pattern in product("vft", repeat=h - 1):  # variable, false, true leaf
            if pattern.count("v") > 3:
                continue
            cc = CordonCircuits()
            x = cc.leaf_variables(h)
            lits = tuple(v if p == "v" else cc.false if p == "f" else -cc.false
                         for v, p in zip(x, pattern, strict=True))
            acc = [cc.accepts(rule, (h, lits)) for rule in rules]
            free = [v for v, p in zip(x, pattern, strict=True) if p == "v"]
            with Solver(bootstrap_with=cc.cnf.clauses) as solver:
                for bits in product([False, True], repeat=len(free)):
                    fix = [v if b else -v for v, b in zip(free, bits, strict=True)]
                    assert solver.solve(assumptions=fix)
                    true = {lit for lit in solver.get_model() if lit > 0}
                    on = dict(zip(free, bits, strict=True))
                    atts = [a for a, (v, p) in enumerate(zip(x, pattern, strict=True), 1)
                            if p == "t" or (p == "v" and on[v])]
                    for rule, lit in zip(rules, acc, strict=True):
                        got = lit in true if lit > 0 else -lit not in true
                        assert got == bool(rule.holds(h, atts)), (h, pattern, bits, rule)


# -- papers/thickets/sat.py ---------------------------------------------------------------------


def test_theorem_31_says_why_it_has_nothing_to_check_or_refutes():
    from cgsat.claims import Budget
    from cgsat.papers.thickets.sat import thm31

    v = thm31(2, Budget(), offset=1)
    assert (v.status, v.reason) == (
        "vacuous", "no option L(i) to check and fewer than two L(2k) at n = 2")
    v = thm31(3, Budget(), offset=1)  # the statement as printed: L(3) has no option L(2)
    assert (v.status, v.counterexample, v.detail) == (
        "refuted", "3:1", "the encoding's moves give no L(2) among the options of L(3)")


def test_theorem_31_ranges_over_every_even_l_and_names_a_shared_value(monkeypatch):
    from cgsat.claims import Budget
    from cgsat.papers.thickets import sat as thickets_sat

    v = thickets_sat.thm31(9, Budget(), offset=2)
    assert v.status == "holds" and v.controls == {"passed": 1, "total": 1,
                                                  "coverage": "count"}
    assert v.detail.startswith("nim-values of L(2), L(4), ...: [0, 3, 5, ")
    assert len(v.detail.split("[")[1].split("]")[0].split(",")) == 4  # L(2) .. L(8)

    def always_equal(pool, sink, grundy, nodes):
        lit = pool.id("always equal")
        sink.add_clause([lit])
        return lit

    monkeypatch.setattr(thickets_sat, "some_equal_pair", always_equal)
    v = thickets_sat.thm31(6, Budget(), offset=2)
    assert (v.status, v.counterexample, v.detail) == (
        "refuted", "6:1,2,3,4", "two L(2k) share a nim-value")


def test_theorem_31_with_too_few_values_is_unknown(monkeypatch):
    from cgsat.claims import Budget
    from cgsat.papers.thickets import sat as thickets_sat

    real = thickets_sat.add_grundy
    monkeypatch.setattr(thickets_sat, "add_grundy", lambda pool, sink, nodes, moves,
                        value_range=None: real(pool, sink, nodes, moves, value_range=0))
    v = thickets_sat.thm31(6, Budget(), offset=2)
    assert (v.status, v.reason) == (
        "unknown", "the value range is too small for L(n)'s followers")


def test_a_count_with_a_wrong_characterization_or_recurrence_is_refuted(monkeypatch):
    from dataclasses import replace

    from cgsat.claims import Budget
    from cgsat.encodings.green_cordon import THM_3_3
    from cgsat.papers.thickets import brute
    from cgsat.papers.thickets import sat as thickets_sat

    monkeypatch.setattr(thickets_sat, "fibonacci", lambda n, f0, f1: 9)
    v = thickets_sat.count(7, Budget(), value=0, f0=1, f1=0)
    assert (v.status, v.counterexample) == ("refuted", "count(7) = 8, recurrence 9")
    monkeypatch.undo()
    wrong = replace(thickets_sat.CHARACTERIZATIONS[(0, None)], rule=THM_3_3)
    monkeypatch.setitem(thickets_sat.CHARACTERIZATIONS, (0, None), wrong)
    for n in range(0, 8):  # the smallest height where it fails holds a real counterexample
        v = thickets_sat.count(n, Budget(), value=0, f0=1, f1=0)
        if v.status == "refuted":
            break
    assert v.status == "refuted" and v.detail == "the characterization fails here"
    height, atts = v.counterexample.split(":")
    atts = [int(a) for a in atts.split(",") if a]
    assert (brute.nim_value(int(height), atts) == 0) != THM_3_3.holds(int(height), atts)


def test_a_cordon_characterization_says_what_it_solved_and_why_it_refutes(monkeypatch):
    from dataclasses import replace

    from cgsat.claims import Budget
    from cgsat.encodings.green_cordon import THM_3_2, THM_3_3
    from cgsat.sat import green_cordon as thickets_sat

    # without the cover, one instance (no "2 instances" detail)
    assert thickets_sat.characterization(6, Budget(), value=0, leaves=None).detail is None
    v = thickets_sat.characterization(2, Budget(), value=2, leaves=2)
    assert (v.status, v.reason) == ("vacuous", "no cordon of height 2 with 2 leaf arcs")
    # the cover without Theorem 3.3's rule: a one-leaf cordon outside the other two
    monkeypatch.setattr(thickets_sat, "ONE_LEAF_COVER", (THM_3_2,
                                                         thickets_sat.ONE_LEAF_COVER[2]))
    v = thickets_sat.characterization(6, Budget(), value=3, leaves=2, one_leaf_cover=True)
    assert v.status == "refuted" and v.detail == (
        "a one-leaf cordon outside Theorems 3.2, 3.3 and the one-leaf §5 rule")
    height, atts = v.counterexample.split(":")
    assert height == "6" and len(atts.split(",")) == 1 and THM_3_3.holds(6, [int(atts)])
    monkeypatch.undo()
    wrong = replace(thickets_sat.CHARACTERIZATIONS[(0, None)], rule=THM_3_3)
    monkeypatch.setitem(thickets_sat.CHARACTERIZATIONS, (0, None), wrong)
    v = thickets_sat.characterization(1, Budget(), value=0, leaves=None)
    assert (v.status, v.detail) == ("refuted", "the mex condition fails here")
    assert v.counterexample.startswith("1:")


def test_theorem_31_names_the_cordon_a_lying_oracle_disagrees_on():
    from cgsat.claims import Budget
    from cgsat.papers.thickets import brute
    from cgsat.papers.thickets.sat import thm31

    v = thm31(4, Budget(), offset=2, oracle=lambda n, a: brute.nim_value(n, a) + 1)
    true = brute.nim_value(4, [1, 2])
    assert v.status == "error" and v.reason == (
        f"control failed: sample control at 4:1,2: 4:1,2 has nim-value {true} in the model "
        f"but {true + 1} by the direct solver")


def test_the_cordon_sample_controls_say_what_failed(monkeypatch):
    from functools import partial

    from cgsat.claims import Budget
    from cgsat.papers.registry import get_claim
    from cgsat.sat import green_cordon as thickets_sat

    run = get_claim("thickets.thm3.2").method("sat").run
    truth = run.keywords["oracle"]
    liar = partial(run.func, *run.args, **{**run.keywords,
                                           "oracle": lambda n, a: not truth(n, a)})
    v = liar(8, Budget(seed="liar", controls=8))
    assert v.status == "error"
    assert "but by the direct solver r has the nim-value" in v.reason  # a cordon said "has"
    real = thickets_sat.inductive_instance

    def first_point_off(claim, height, selector=False):
        cnf, cc = real(claim, height, selector)
        cnf.append([-cc.leaf_variables(height)[0]])
        return cnf, cc

    monkeypatch.setattr(thickets_sat, "inductive_instance", first_point_off)
    v = run(6, Budget(seed="off", controls=16))
    assert v.status == "error"
    assert ": the instance is UNSAT with the cordon fixed and the goal off" in v.reason


def test_a_cordon_sample_control_names_the_part_that_disagrees():
    from cgsat.claims import Budget
    from cgsat.encodings.green_cordon import NIM0
    from cgsat.sat.green_cordon import InductiveCheck
    from cgsat.sat.solve import SatRun

    run = SatRun(Budget())
    check = InductiveCheck.build(run, NIM0, 8)
    # a stalk of even height has nim-value 0 (Theorem 3.2); an oracle that says no
    assert not run.control(check.buffer, check.sample("8:", lambda n, a: False))
    lhs, rhs = check.cc.sides
    check.cc.sides = (lhs, -rhs)  # the rule agrees with the oracle, the mex side does not
    assert not run.control(check.buffer, check.sample("8:", lambda n, a: True))
    assert run.failures == [
        "sample control at 8:: the rule is True but by the direct solver r has not the "
        "nim-value",
        "sample control at 8:: the mex condition on its options is False but by the direct "
        "solver r has the nim-value"]


def test_the_direction_toggles_sit_on_each_side_of_the_rule():
    from cgsat.claims import Budget
    from cgsat.encodings.green_cordon import NIM0, THM_3_2
    from cgsat.sat.green_cordon import InductiveCheck, _attachments
    from cgsat.sat.solve import SatRun

    check = InductiveCheck.build(SatRun(Budget()), NIM0, 8)
    inside, outside = check.sides["in the rule"][1], check.sides["outside it"][1]
    assert set(check.sides) == {"in the rule", "outside it"}
    assert THM_3_2.holds(8, _attachments(inside))
    assert not THM_3_2.holds(8, _attachments(outside))


def test_a_family_of_one_cordon_still_runs_its_controls():
    from cgsat.claims import Budget
    from cgsat.sat.green_cordon import characterization

    v = characterization(3, Budget(), value=2, leaves=2)  # only 3:1,2
    assert v.status == "holds" and v.controls and v.controls["total"] >= 2, v


def test_the_cordon_toggled_control_is_about_r0_and_says_what_it_found():
    from cgsat.claims import Budget
    from cgsat.encodings.green_cordon import NIM0
    from cgsat.sat.green_cordon import InductiveCheck
    from cgsat.sat.solve import SatRun

    check = InductiveCheck.build(SatRun(Budget()), NIM0, 8)
    control = check.toggled()
    assert (control.kind, control.position) == ("toggled", check.r0)
    assert control.check(None) == "the instance is UNSAT with the rule toggled there"
    every = set(check.cc.leaf_variables(8))
    other, true = ("8:", set()) if check.r0 != "8:" else ("8:1,2,3,4,5,6,7", every)
    assert control.check(true) == f"the model decodes to {other}"
    r0 = {v for a, v in enumerate(check.cc.leaf_variables(8), 1)
          if str(a) in check.r0.split(":")[1].split(",")}
    assert control.check(r0) is None


def test_the_cordon_direction_controls_say_which_direction():
    from cgsat.claims import Budget
    from cgsat.encodings.green_cordon import NIM0
    from cgsat.sat.green_cordon import InductiveCheck
    from cgsat.sat.solve import SatRun

    check = InductiveCheck.build(SatRun(Budget()), NIM0, 8)
    for name in ("in the rule", "outside it"):
        r0 = check.sides[name][1]
        control = check.direction(name)
        assert (control.kind, control.position) == ("toggled", f"{r0} ({name})")
        assert control.check(None) == (
            f"UNSAT with the rule toggled at a cordon {name} (the goal misses that "
            "direction)")
        other, true = ("8:", set()) if r0 != "8:" else (
            "8:1,2,3,4,5,6,7", set(check.cc.leaf_variables(8)))
        assert control.check(true) == f"the model decodes to {other}"


def test_the_stratified_cordons_leave_out_each_point_alone():
    from cgsat.sat.green_cordon import stratified_cordons

    drawn = [set(c.split(":")[1].split(",")) - {""} for c in stratified_cordons(7, None)]
    for a in map(str, range(1, 7)):  # a cordon with a leaf arc at every point but a
        assert {str(b) for b in range(1, 7)} - {a} in drawn, a


def test_the_coverage_control_names_its_family_and_three_cordons(monkeypatch):
    from cgsat.claims import Budget
    from cgsat.papers.registry import get_claim
    from cgsat.sat import green_cordon as thickets_sat

    real = thickets_sat.inductive_instance

    def first_point_off(claim, height, selector=False):
        cnf, cc = real(claim, height, selector)
        cnf.append([-cc.leaf_variables(height)[0]])
        return cnf, cc

    monkeypatch.setattr(thickets_sat, "inductive_instance", first_point_off)
    v = get_claim("thickets.thm3.2").method("sat").run(9, Budget(controls=0))
    bad = [c for c in thickets_sat.stratified_cordons(9, None)
           if "1" in c.split(":")[1].split(",")]
    assert len(bad) > 3 and v.status == "error"
    assert v.reason.startswith(f"control failed: coverage control (cordons of height 9): "
                               f"the sampled cordons {bad[:3]} are not admitted")
    v = get_claim("thickets.sec5-two-leaves-nim2").method("sat").run(9, Budget(controls=0))
    assert "coverage control (cordons with 2 leaf arcs of height 9)" in v.reason


def test_the_fixed_leaf_samples_start_with_the_lowest_and_highest_attachments():
    from functools import partial

    from cgsat.claims import Budget
    from cgsat.papers.registry import get_claim

    run = get_claim("thickets.sec5-two-leaves-nim2").method("sat").run
    truth = run.keywords["oracle"]
    for lowest in ([1, 2], [7, 8]):
        liar = partial(run.func, *run.args, **{**run.keywords, "oracle": lambda n, a, lo=lowest:
                                               (not truth(n, a)) if list(a) == lo
                                               else truth(n, a)})
        v = liar(9, Budget(controls=2, seed="ends"))
        assert v.status == "error" and f"sample control at 9:{lowest[0]},{lowest[1]}" in \
            v.reason, (lowest, v)


# -- encodings/timber_graphs.py -----------------------------------------------------------------


def test_the_graph_encodings_default_to_timber_and_to_the_minus_edge_reading():
    from pysat.solvers import Solver

    from cgsat.encodings.timber_graphs import (
        add_graph_grundy,
        graph_shape,
        orientation_vars,
        symbolic_moves,
    )

    path = graph_shape([(0, 1), (1, 2)])
    values = []
    for rule in ((), ("timber",)):  # the default against the rule named
        pool, cl = IDPool(), []
        lits, enc, root = add_graph_grundy(pool, cl, path, *rule)
        with Solver(bootstrap_with=cl) as solver:
            for bits in product([1, -1], repeat=2):
                assert solver.solve(assumptions=[b * x for b, x in zip(bits, lits, strict=True)])
                values.append(enc.value_of(root, solver.get_model()))
    assert values[:4] == values[4:]
    pool = IDPool()
    assert symbolic_moves(path, orientation_vars(pool, path), "phyminoes") == \
        symbolic_moves(path, orientation_vars(pool, path), "phyminoes", "minus-edge")
    lits, enc, root = add_graph_grundy(IDPool(), [], path, "phyminoes")  # no error
    assert len(lits) == 2


def test_symbolic_moves_refuse_more_followers_than_the_limit():
    from cgsat.encodings.timber_graphs import graph_shape, symbolic_moves
    from cgsat.errors import TooLargeError

    path = graph_shape([(0, 1), (1, 2)])  # 4 followers
    assert len(symbolic_moves(path, [5, 6], limit=4)[0]) == 4
    with pytest.raises(TooLargeError, match="^shape has more than 3 followers; too large "
                                            "for the kernel encoding$"):
        symbolic_moves(path, [5, 6], limit=3)


def test_graph_shapes_and_topple_name_bad_input():
    from cgsat.encodings.timber_graphs import graph_shape, topple
    from cgsat.errors import CgsatInputError

    with pytest.raises(CgsatInputError, match="^shape: self-loop 1-1$"):
        graph_shape([(0, 1), (1, 1)])
    with pytest.raises(CgsatInputError, match="^shape: repeated edge 0-1$"):
        graph_shape([(0, 1), (1, 2), (0, 1)])
    path = graph_shape([(0, 1), (1, 2)])
    with pytest.raises(CgsatInputError,
                       match="^unknown rule 'tree'; expected one of timber, phyminoes$"):
        topple(path, frozenset({0, 1}), 0, True, rule="tree")
    with pytest.raises(CgsatInputError, match="^phyminoes: unknown distances 'walk'$"):
        topple(path, frozenset({0, 1}), 0, True, "phyminoes", "walk")
