""":mod:`cgsat.encodings.timber_path`: the peaks Grundy and kernel encodings give every word
its nim-value (normal play unless told), the X set names its scope, a toggled predicate flips
a shorter word wherever it stands, every literal of a symbolic word reads its word, and the
inductive check is normal play unless told; expected values computed here by plain
enumeration of words (*The Game of timber!*, Theorems 2.3-2.4)."""

from __future__ import annotations

from itertools import product

import pytest
from pysat.formula import IDPool


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
