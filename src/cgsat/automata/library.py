"""The library of green-cordon automata on the leaf word, as data: Theorems 3.2 and 3.3, the
three statements of §5, and the block pattern of the automata of nim-value k >= 2
(Problem 5.1); :func:`nim_statement`, the statement R_0 .. R_k they make.

The automata are stored as JSON beside this module (``library_data/*.json``,
:func:`stored`), installed with the package; the functions below build them from the
statements (regular expressions on the leaf word, the block pattern), and the tests check
the stored files against them. The claims of *Thinning Thickets* and ``cgsat find
green-cordon --count`` read them from here.

The block pattern.

The minimal automata learned from complete tables of nim-values (probe
``green-cordon-nim``) for k = 2 .. 6 share one shape, on the leaf word x_1 .. x_{n-1}:

- a head: for even k, states 0 -> (0, 1) and 1 -> (2, 3); for odd k, states 0 -> (0, 1),
  1 -> (1, 2) and 2 -> (3, 4) (``q -> (on 0, on 1)``); let h be the first state after it
  (2 or 3) and h - 2 its "return" state;
- (k - 2) // 2 middle blocks of four states b, b+1, b+2, b+3 (b = h, h + 4, ...):
  b -> (b, b+2), b+1 -> (r, b+3), b+2 -> (b+2, b+3), b+3 -> (b+4, b+5), where r is b - 2;
- a final block f, f+1, f+2: f -> (f+2, f), f+1 -> (f-2, f+3), f+2 -> (f, f+3);
- a dead state f + 3. The only accepting state is f, and the empty cordon is rejected.

So A_k has 2k + 2 states for even k and 2k + 1 for odd k. :func:`pattern` builds A_k for
any k >= 2; that A_k is the nim-value-k set for every k is the conjecture
``thickets.green-nim-pattern``, proved for each k the deciders reach.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Problem 5.1.
"""

from __future__ import annotations

from pathlib import Path

from automata.fa.dfa import DFA
from automata.fa.nfa import NFA

from cgsat.automata.dfa import Automaton
from cgsat.automata.families import GREEN_CORDON
from cgsat.automata.options import Statement

__all__ = [
    "DATA",
    "LARGEST",
    "regex",
    "THM_3_2",
    "THM_3_3",
    "SEC5",
    "stored",
    "pattern",
    "pattern_rule",
    "nim_statement",
]

DATA = Path(__file__).with_name("library_data")
"""The stored automata (JSON, :meth:`cgsat.automata.dfa.Automaton.load`)."""

LARGEST = 12
"""The largest nim-value with a stored automaton (``thickets.green-nim12``)."""


def regex(expression: str, empty: bool, name: str) -> Automaton:
    """The minimal automaton of a regular expression on leaf words (``automata-lib``), for
    the statements of *Thinning Thickets*.

    Examples
    --------
    >>> regex("0(00)*(1(00)*)*", True, "thm3.2").size
    3
    """
    nfa = NFA.from_regex(expression, input_symbols={"0", "1"})
    dfa = DFA.from_nfa(nfa).minify(retain_names=False)
    return Automaton.from_lib(dfa, "01", empty, name)


THM_3_2 = "0(00)*(1(00)*)*"
"""Theorem 3.2 on the leaf word: a stalk of even height (``0(00)*``: n - 1 odd), or a(1)
even and every later gap odd (each later gap g is ``1`` then g - 1 zeros, g - 1 even);
the empty cordon (height 0) has nim-value 0 too."""

THM_3_3 = "(00)*(1(00)*)*"
"""Theorem 3.3: every gap odd (a stalk of odd height among them); not the empty cordon."""

SEC5 = {
    "one-leaf-nim2": ("0*|0*10*", "0*10(00)*"),
    "two-leaves-nim2": ("0*|0*10*|0*10*10*", "0*10(00)*|0*10(00)*1(00)*"),
    "two-leaves-nim3": ("0*|0*10*|0*10*10*", "0*10*10(00)*"),
}
"""The §5 statements as (domain, automaton) regular expressions: at most one (two) leaves,
a family closed under options; nim-value 2 with one leaf iff n - a(1) is even (``1``
then an odd number of zeros); with two leaves iff n - a(2) is odd and a(2) - a(1) even;
nim-value 3 with two leaves iff n - a(2) is even. On two-leaf families the statement for
nim-value 2 also covers the one-leaf cordons (both statements of §5 together)."""


def stored(name: str) -> Automaton:
    """A stored automaton of *Thinning Thickets*: ``thm3.2``, ``thm3.3``, ``nim2`` ..
    ``nim12``, or a §5 name
    (``sec5-one-leaf-nim2``, ``sec5-one-leaf-domain``, ...).

    Examples
    --------
    >>> stored("nim2").size, stored("thm3.2").empty
    (6, True)
    """
    return Automaton.load(DATA / f"{name}.json")


def pattern(k: int) -> Automaton:
    """The block-pattern automaton A_k on leaf words (k >= 2).

    Examples
    --------
    >>> pattern(2).delta
    ((0, 1), (2, 3), (4, 2), (0, 5), (2, 5), (5, 5))
    >>> pattern(3).size, pattern(12).size
    (7, 26)

    References
    ----------
    *Thinning Thickets*, Problem 5.1.
    """
    if k < 2:
        raise ValueError(f"the block pattern starts at nim-value 2, not {k}")
    rows: list[tuple[int, int]] = [(0, 1)]
    if k % 2:
        rows += [(1, 2), (3, 4)]
    else:
        rows += [(2, 3)]
    b = len(rows)
    for _ in range((k - 2) // 2):
        rows += [(b, b + 2), (b - 2, b + 3), (b + 2, b + 3), (b + 4, b + 5)]
        b += 4
    f = b
    rows += [(f + 2, f), (f - 2, f + 3), (f, f + 3), (f + 3, f + 3)]
    return Automaton("01", tuple(rows), frozenset({f}), False, f"nim{k}")


def pattern_rule(n: int, atts: list[int] | tuple[int, ...], *, k: int) -> bool:
    """Whether A_k accepts the leaf word of the cordon of height n with these attachments
    (the statement of ``thickets.green-nim<k>`` in the form of the brute method's rules).

    Examples
    --------
    >>> pattern_rule(3, [1], k=2), pattern_rule(4, [1], k=2)
    (True, False)

    References
    ----------
    *Thinning Thickets*, Problem 5.1.
    """
    if n == 0:
        return False
    leaves = set(atts)
    return stored(f"nim{k}").accepts("".join("1" if a in leaves else "0" for a in range(1, n)))


def nim_statement(k: int) -> Statement:
    """R_0 .. R_k: Theorems 3.2, 3.3, then the stored automata nim2 .. nimk.

    Examples
    --------
    >>> [a.name for a in nim_statement(3).automata]
    ['thm3.2', 'thm3.3', 'nim2', 'nim3']

    References
    ----------
    *Thinning Thickets*, Theorems 3.2, 3.3 and Problem 5.1.
    """
    autos = [stored("thm3.2"), stored("thm3.3")] + [stored(f"nim{j}") for j in range(2, k + 1)]
    return Statement(GREEN_CORDON, tuple(autos[: k + 1]), name=f"green cordons, nim-values 0..{k}")
