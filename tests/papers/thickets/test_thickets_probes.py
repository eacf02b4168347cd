"""Issue 15, *Thinning Thickets* §5: the probes ``green-cordon-nim`` (Problem 5.1) and
``thickets-tinies`` (Problem 5.2), and the mined rules ``thickets.green-nim2``/``-nim3``.

The probes' tables at small bounds are checked against brute force written here
independently: plain recursion with the rules written out again (no cgsat solver, no
canonical forms, no isomorphism classes).
"""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from cgsat.cgt.impartial import solver_for
from cgsat.claims import Budget
from cgsat.encodings.green_cordon_dfa import (
    NIM2_ALL,
    NIM2_DFA,
    NIM3_ALL,
    NIM3_DFA,
    characterization,
)
from cgsat.games import get_ruleset, green_cordon, thickets
from cgsat.papers.registry import get_claim
from cgsat.papers.thickets import brute, nim23_sat
from cgsat.papers.thickets.cordon_nim import learn_dfa, same_language
from cgsat.papers.thickets.gaps import gaps, nim2_rule, nim3_rule
from cgsat.papers.thickets.probes import (
    GREEN_CORDON_NIM,
    THICKETS_TINIES,
    nim_summary,
    nim_table,
    tiny_table,
)

# -- green cordons: plain recursion, rules written out again ----------------------------------


@cache
def plain_nim(n: int, atts: frozenset[int]) -> int:
    """Nim-value of the green cordon of height n with leaves at ``atts``: delete the top arc,
    any leaf arc, or v_i v_{i-1} where v_i has a leaf; keep what still reaches the root."""
    if n == 0:
        return 0
    opts = []

    def cut(i: int) -> tuple[int, frozenset[int]]:
        below = frozenset(a for a in atts if a < i - 1)
        return (i, below) if (i - 1) in atts else (i - 1, below)

    opts.append(cut(n))
    for a in atts:
        opts.append((n, atts - {a}))
        opts.append(cut(a))
    seen = {plain_nim(h, s) for h, s in opts}
    return next(v for v in itertools.count() if v not in seen)


def test_green_cordon_nim_table_matches_plain_recursion():
    sizes = {n: GREEN_CORDON_NIM.size(n) for n in range(9)}
    rows = nim_table(sizes, 8)
    assert len(rows) == 1 + sum(2 ** (n - 1) for n in range(1, 9))
    solver = solver_for(get_ruleset("green-cordon"))
    for r in rows:
        n = r["height"]
        atts = [int(a) for a in r["cordon"].split(":")[1].split(",") if a]
        assert r["leaves"] == len(atts)
        assert r["nim"] == plain_nim(n, frozenset(atts)), r
        if n <= 6:
            pos = (green_cordon.make_cordon(n, atts),) if n else ()
            assert r["nim"] == solver.nim_value(pos)


def test_learned_automata_are_the_candidates_and_theorems():
    sizes = {n: GREEN_CORDON_NIM.size(n) for n in range(15)}
    lines = nim_summary(sizes, 14)
    assert any("`thickets.green-nim2`" in ln and "same automaton" in ln for ln in lines)
    assert any("`thickets.green-nim3`" in ln and "same automaton" in ln for ln in lines)
    d0 = learn_dfa(0, 14)
    d2 = learn_dfa(2, 14)
    assert d0 is not None and len(d0.delta) == 3 and d0.consistent
    assert d2 is not None and same_language(d2.delta, d2.accepting, NIM2_DFA.delta,
                                            NIM2_DFA.accepting)
    assert learn_dfa(9, 14) is None  # too little data


@pytest.mark.parametrize("n", range(0, 12))
def test_gap_rules_and_automata_agree_with_play(n):
    for _, atts in green_cordon.cordons(n):
        v = plain_nim(n, frozenset(atts))
        assert nim2_rule(n, atts) == NIM2_DFA.holds(n, atts) == (v == 2), (n, atts)
        assert nim3_rule(n, atts) == NIM3_DFA.holds(n, atts) == (v == 3), (n, atts)


def test_gap_rules_contain_the_section_5_statements():
    # one leaf: nim 2 iff n - a(1) even; two leaves: nim 2 iff n - a(2) odd and
    # a(2) - a(1) even, nim 3 iff n - a(2) even
    for n in range(2, 16):
        for _, atts in green_cordon.cordons(n):
            if len(atts) == 1:
                assert nim2_rule(n, atts) == ((n - atts[0]) % 2 == 0)
            if len(atts) == 2:
                g = gaps(n, atts)
                assert nim2_rule(n, atts) == (g[2] % 2 == 1 and g[1] % 2 == 0)
                assert nim3_rule(n, atts) == (g[2] % 2 == 0)

def test_candidates_hold_by_sat_with_controls():
    for claim in (NIM2_ALL, NIM3_ALL):
        for n in (0, 1, 5, 14):
            v = nim23_sat.candidate(n, Budget(), claim=claim)
            assert v.status == "holds", (claim.value, n, v)


def test_claims_registered_as_conjectures():
    for cid in ("thickets.green-nim2", "thickets.green-nim3"):
        c = get_claim(cid)
        assert c.kind == "conjecture"
        assert {m.name for m in c.methods} == {"automata", "brute", "sat"}
        for m in c.methods:
            want = "proved" if m.all_n else "holds"
            assert m.run(9, Budget()).status == want, (cid, m.name)


# -- negative controls: wrong rules are refuted with a concrete counterexample ----------------


@pytest.mark.parametrize("value, wrong", [
    (2, NIM2_DFA.with_accepting([2, 4], "nim2 with state 4 accepting")),
    (2, NIM2_DFA.with_accepting([4], "nim2 with parities swapped")),
    (3, NIM3_DFA.with_accepting([3, 5], "nim3 with state 5 accepting")),
])
def test_negative_control_wrong_automaton_is_refuted_by_sat(value, wrong):
    claim = characterization(value, wrong)
    for n in range(0, 12):
        v = nim23_sat.candidate(n, Budget(), claim=claim)
        if v.status == "refuted":
            break
    else:
        pytest.fail("the wrong automaton was not refuted")
    assert v.counterexample
    # the replay: play contradicts the wrong rule on the cordon or one of its options
    assert brute.confirm_characterization(n, v.counterexample, value=value,
                                          rule=wrong.holds, leaves=None)


def test_negative_control_wrong_gap_rule_is_refuted_by_play():
    def wrong(n, atts):  # nim 2 read as "X E O*" only, without the (1 Y)* pairs
        g = gaps(n, atts)
        return n > 0 and len(g) >= 2 and g[1] % 2 == 0 and all(x % 2 for x in g[2:])

    verdicts = [brute.characterization(n, Budget(), value=2, rule=wrong, leaves=None)
                for n in range(0, 9)]
    bad = next(v for v in verdicts if v.status == "refuted")
    assert bad.counterexample


# -- thickets-tinies: plain game-tree search of G - tiny(x) --------------------------------------

ZERO = ((), ())


def number(k: int):
    """The integer k as an explicit game."""
    g = ZERO
    for _ in range(abs(k)):
        g = ((g,), ()) if k > 0 else ((), (g,))
    return g


def neg(g):
    return (tuple(neg(h) for h in g[1]), tuple(neg(h) for h in g[0]))


def tiny(x: int):
    return ((ZERO,), (((ZERO,), (number(-x),)),))


def reaching(arcs, roots):
    """The arcs whose head still reaches a root."""
    arcs = set(arcs)
    good = set(roots)
    changed = True
    while changed:
        changed = False
        for a, b, _ in arcs:
            if b in good and a not in good:
                good.add(a)
                changed = True
    return frozenset(arc for arc in arcs if arc[1] in good)


def thicket_moves(arcs, roots, player):
    out = []
    for arc in arcs:
        a, _, c = arc
        indeg = sum(1 for _, h, _ in arcs if h == a)
        even = indeg % 2 == 0
        ok = (c == "g" and even) or (c == "b" and even == (player == "L")) or \
             (c == "r" and even == (player == "R"))
        if ok:
            out.append(reaching(arcs - {arc}, roots))
    return out


@cache
def wins(arcs, roots, g, player):
    """Whether ``player``, to move in thicket + g, wins (plain game-tree search)."""
    other = "R" if player == "L" else "L"
    for nxt in thicket_moves(arcs, roots, player):
        if not wins(nxt, roots, g, other):
            return True
    for h in (g[0] if player == "L" else g[1]):
        if not wins(arcs, roots, h, other):
            return True
    return False


def is_tiny(arcs, roots, x):
    d = neg(tiny(x))
    return not wins(arcs, roots, d, "L") and not wins(arcs, roots, d, "R")


def labelled_thickets(m):
    """Every labelled thicket with m arcs on vertices 0..m, with any non-empty root set."""
    verts = range(m + 1)
    pairs = [(a, b) for a in verts for b in verts if a != b]
    for chosen in itertools.combinations(pairs, m):
        used = {v for p in chosen for v in p}
        for k in range(1, len(used) + 1):
            for roots in itertools.combinations(sorted(used), k):
                shape = frozenset((a, b, "g") for a, b in chosen)
                if len(reaching(shape, roots)) < m:
                    continue
                for colours in itertools.product("brg", repeat=m):
                    arcs = zip(chosen, colours, strict=True)
                    yield frozenset((a, b, c) for (a, b), c in arcs), roots


def test_tinies_table_matches_plain_search():
    sizes = {m: THICKETS_TINIES.size(m) for m in range(4)}
    rows = tiny_table(sizes, 3)
    found = {r["x"]: r["arcs"] for r in rows if r["arcs"] is not None}
    assert found == {"1": 3}
    absent = {r["x"]: r["absent_up_to"] for r in rows if r["arcs"] is None}
    assert absent == {"2": 3, "3": 3, "4": 3}
    # independently: which tiny-x (x = 1, 2) have a labelled thicket with m <= 3 arcs
    plain = {}
    for m in range(1, 4):
        for arcs, roots in labelled_thickets(m):
            for x in (1, 2):
                if x not in plain and is_tiny(arcs, roots, x):
                    plain[x] = m
    assert plain == {1: 3}
    # the probe's positions are tinies by the plain search too
    for r in rows:
        if r["position"]:
            t = thickets.parse(r["position"])
            assert is_tiny(frozenset(t.arcs), tuple(t.roots), int(r["x"]))


def test_tiny_two_at_four_arcs_by_plain_search():
    t = thickets.parse("0>1:b 1>0:b 1>2:g 2>1:r root=0,1")
    assert is_tiny(frozenset(t.arcs), tuple(t.roots), 2)
    assert not is_tiny(frozenset(t.arcs), tuple(t.roots), 1)
