"""Automata of Toppling Peaks P-positions on words of bounded height range, for the all-n
claims ``timber.thm2.3-height`` and ``timber.thm2.4-height``.

On words whose prefix heights (L up, R down) span at most h, the set WP of Theorem 2.3
(Dyck words) and the set X of Theorem 2.4 are regular. :func:`dyck` and :func:`misere_x`
build their automata (with ``automata-lib`` for the unions and concatenations of X); the
family is :func:`cgsat.automata.families.toppling_peaks`.

References
----------
.. [1] R. J. Nowakowski et al., *The Game of timber!*, §2, Theorems 2.3 and 2.4.
"""

from __future__ import annotations

from automata.fa.dfa import DFA
from automata.fa.nfa import NFA

from cgsat.automata.dfa import Automaton
from cgsat.automata.families import height_range, toppling_peaks
from cgsat.automata.options import Statement

__all__ = ["dyck", "misere_x", "thm23_statement", "thm24_statement"]


def _heights(h: int, peaks: bool) -> Automaton:
    """Words that stay in heights 0 .. h and end at 0; with ``peaks`` False, also without a
    peak of height 1 (an L from 0 followed at once by an R)."""
    rows: list[tuple[int, int]] = []
    dead = h + 2  # states: 0 .. h heights, h + 1 "height 1, just up from 0", h + 2 dead
    for c in range(h + 1):
        up = c + 1 if c + 1 <= h else dead
        if c == 0 and not peaks and up != dead:
            up = h + 1
        rows.append((up, c - 1 if c > 0 else dead))
    rows.append((2 if h >= 2 else dead, dead))  # fresh height 1: an R makes a peak at 1
    rows.append((dead, dead))
    return Automaton("LR", tuple(rows), frozenset({0}), name="WP" if peaks else "SWP")


def dyck(h: int) -> Automaton:
    """WP (Theorem 2.3: every prefix has at least as many L as R, and the word as many) on
    words of height range at most h: Dyck words of height at most h.

    Examples
    --------
    >>> dyck(2).accepts("LLRR"), dyck(2).accepts("LRRL"), dyck(1).accepts("LLRR")
    (True, False, False)

    References
    ----------
    *The Game of timber!*, Theorem 2.3.
    """
    return _heights(h, True).minimal()


def misere_x(h: int) -> Automaton:
    """X of Theorem 2.4, (SWP minus the empty word) + R SWP + SWP L + R SWP L, on words of
    height range at most h, where SWP is WP without a factorization w1 LR w2 (w1, w2 in WP).

    Examples
    --------
    >>> x = misere_x(3)
    >>> x.accepts("R"), x.accepts("LLRR"), x.accepts("LR"), x.accepts("")
    (True, True, False, False)

    References
    ----------
    *The Game of timber!*, Theorem 2.4.
    """
    swp = _heights(h, False).to_lib()
    swp_nfa = NFA.from_dfa(swp)
    r = NFA.from_regex("R", input_symbols={"L", "R"})
    left = NFA.from_regex("L", input_symbols={"L", "R"})
    nonempty = NFA.from_dfa(swp.difference(DFA.from_finite_language({"L", "R"}, {""})))
    x = nonempty | (r + swp_nfa) | (swp_nfa + left) | (r + swp_nfa + left)
    dfa = DFA.from_nfa(x) & height_range(h).to_lib()
    return Automaton.from_lib(dfa.minify(retain_names=False), "LR", False, "X")


def thm23_statement(h: int) -> Statement:
    """Theorem 2.3 on every word of height range at most h: R_0 = :func:`dyck`.

    References
    ----------
    *The Game of timber!*, Theorem 2.3.
    """
    return Statement(toppling_peaks(h), (dyck(h),), name=f"Theorem 2.3, height range <= {h}")


def thm24_statement(h: int) -> Statement:
    """Theorem 2.4 (misère) on every word of height range at most h: R_0 = :func:`misere_x`.

    References
    ----------
    *The Game of timber!*, Theorem 2.4.
    """
    return Statement(toppling_peaks(h), (misere_x(h),), misere=True,
                     name=f"Theorem 2.4, height range <= {h}")
