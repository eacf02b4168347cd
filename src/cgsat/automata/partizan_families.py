"""Partizan rulesets whose positions are words, and the statements proved on them for every
size (issue 37): Toppling Dominoes rows (Lemma 1), red-blue stalks (Theorem 4.2) and the
blue stalks B(n) of *Thinning Thickets* §4.

The class automata are written as regular expressions over the family's alphabet (read
off the papers' statements) and turned into minimal DFAs by ``automata-lib``; the deciders
prove them, and the tests compare them with the claims' own rules on every short word.

References
----------
.. [1] A. Fink, R. J. Nowakowski, A. Siegel, D. Wolfe, *Toppling Conjectures*, §1 (rules),
   Lemma 1.
.. [2] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Definition 1.1, §4 (red-blue
   stalks, the blue stalks B(n)), Theorem 4.2, Theorem 2.15.
"""

from __future__ import annotations

from automata.fa.dfa import DFA
from automata.fa.nfa import NFA

from cgsat.automata.dfa import Automaton
from cgsat.automata.options import OptionRule
from cgsat.automata.partizan import PartizanFamily, PartizanStatement

__all__ = ["STALKS", "TOPPLING", "blue_stalks", "regex_automaton", "stalk_position",
           "thm42", "toppling_lem1", "toppling_position"]


def regex_automaton(regex: str, alphabet: str, name: str = "") -> Automaton:
    """The minimal complete DFA of a regular expression (``automata-lib`` syntax: ``|``,
    ``*``, ``+``, ``?``, parentheses; ``()`` is the empty word).

    Examples
    --------
    >>> a = regex_automaton("L(L|R)*L|L", "LR")
    >>> [a.accepts(w) for w in ("L", "LRL", "LR", "")]
    [True, True, False, False]
    """
    dfa = DFA.from_nfa(NFA.from_regex(regex, input_symbols=frozenset(alphabet)), minify=True)
    return Automaton.from_lib(dfa, alphabet, name=name)


# -- Toppling Dominoes --------------------------------------------------------------------


def toppling_position(word: str) -> str:
    """A row as a ``toppling`` position (the empty row is ``()``)."""
    return word or "()"


def _topple(letters: str) -> tuple[OptionRule, ...]:
    """Toppling one of ``letters`` east leaves the prefix before it, west the suffix after
    it (*Toppling Conjectures*, §1)."""
    return tuple(rule for c in letters for rule in (
        OptionRule(c, "", keep_prefix=True, label=f"topple an {c} east"),
        OptionRule(c, "", keep_suffix=True, label=f"topple an {c} west")))


TOPPLING = PartizanFamily("toppling rows", "LRE", _topple("LE"), _topple("RE"), "toppling",
                          toppling_position)
"""Toppling Dominoes rows over {L, R, E}: Left topples an L or E domino, Right an R or E
domino, east (leaving the prefix before it) or west (leaving the suffix after it)."""

LEM1_REGEX = {
    "P": "()",
    "L": "L|L(L|R|E)*L",
    "R": "R|R(L|R|E)*R",
    "N": "(E|L(L|R|E)*R|R(L|R|E)*L|E(L|R|E)*|(L|R|E)*E)",
}
"""*Toppling Conjectures*, Lemma 1 (as corrected: by the end dominoes): the empty row is P;
both ends L is L; both ends R is R; otherwise (an E at an end, or different ends) N."""


def toppling_lem1(classes: dict[str, str] | None = None) -> PartizanStatement:
    """*Toppling Conjectures*, Lemma 1 as a statement on outcome classes, for every row
    (``classes``: other regular expressions, for the negative controls).

    Examples
    --------
    >>> st = toppling_lem1()
    >>> st.violated_at("LERL"), st.accepted("LERL")
    ('', ['L'])

    References
    ----------
    Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, Lemma 1.
    """
    regex = classes or LEM1_REGEX
    autos = tuple(regex_automaton(regex[c], "LRE", f"outcome {c}") for c in regex)
    return PartizanStatement(TOPPLING, tuple(regex), autos, "outcome",
                             "Toppling Conjectures, Lemma 1")


# -- red-blue stalks ----------------------------------------------------------------------


def stalk_position(word: str) -> str:
    """A red-blue stalk word (top arc first) as a ``thickets`` position."""
    return f"stalk:{word}" if word else "()"


def _delete(me: str) -> tuple[OptionRule, ...]:
    """Deleting one of ``me``'s arcs removes it and every arc above it; the arc below
    becomes the top, its in-degree drops from 1 to 0, and so the player who may delete it
    changes: the option is the suffix below, its first letter flipped. Deleting the bottom
    arc leaves the empty stalk (*Thinning Thickets*, Definition 1.1)."""
    flip = {"L": "R", "R": "L"}
    return tuple(OptionRule(me + c, flip[c], keep_suffix=True,
                            label=f"delete an {me} arc above an {c} arc")
                 for c in "LR") + (OptionRule(me, "", at_end=True,
                                              label=f"delete the bottom arc, an {me}"),)


STALKS = PartizanFamily("red-blue stalks", "LR", _delete("L"), _delete("R"), "thickets",
                        stalk_position)
"""Red-blue stalks in the L/R notation of *Thinning Thickets* §4 (top arc first, each letter
saying who may delete that arc now)."""

_ANY = "(L|R)*"
THM42_REGEX = {
    "0": f"()|(({_ANY}L)?LRRR*)|(({_ANY}R)?RLLL*)",
    "1": "LL*",
    "-1": "RR*",
    "{1|0}": f"(({_ANY}L)?LR)|({_ANY}LRLLLL*)",
    "{0|-1}": f"(({_ANY}R)?RL)|({_ANY}RLRRRR*)",
    "{1|-1}": f"({_ANY}RLR)|({_ANY}LRL)",
    "{{1|0}|-1}": f"{_ANY}RLRR",
    "{1|{0|-1}}": f"{_ANY}LRLL",
}
"""*Thinning Thickets*, Theorem 4.2 (top arc first, α arbitrary, also empty): LR^k,
αLLR^k ≡_I 0 (k >= 2); LR, αLLR ≡_I {1|0}; αRLR^k ≡_I {0|-1} (k >= 3); R^k = -1;
αRLR ≡_I {1|-1}; αRLRR ≡_I {{1|0}|-1}; and the negatives (L and R swapped); the empty
stalk is 0."""


def thm42(classes: dict[str, str] | None = None) -> PartizanStatement:
    """*Thinning Thickets*, Theorem 4.2: the reduced canonical form of every red-blue stalk
    is one of eight values, as :data:`THM42_REGEX` says.

    Examples
    --------
    >>> thm42().accepted("RLRR")
    ['{1|0||-1}']

    References
    ----------
    Huggan, Nowakowski, *Thinning Thickets*, Theorem 4.2 (and Theorem 2.15).
    """
    regex = classes or THM42_REGEX
    autos = tuple(regex_automaton(regex[c], "LR", f"Rcf {c}") for c in regex)
    return PartizanStatement(STALKS, tuple(regex), autos, "reduced",
                             "Thinning Thickets, Theorem 4.2")


BLUE_DOMAIN = regex_automaton("()|LR*", "LR", "blue stalks")
"""The blue stalks B(n): B(0) is empty, B(n) = L R^(n-1) (the top arc, in-degree 0, is
Left's; every blue arc below has in-degree 1 and is Right's)."""

BLUE_STALKS = PartizanFamily("blue stalks", "LR", STALKS.left, STALKS.right, "thickets",
                             stalk_position, domain=BLUE_DOMAIN)
"""Red-blue stalks restricted to the blue stalks B(n) (closed under options: every option
of B(n) is some B(m), m < n; the deciders check it)."""

BLUE_REGEX = {"0": "()|LRRR*", "1": "L", "{1|0}": "LR"}
"""*Thinning Thickets* §4: Rcf(B(n)) = B(n) for n <= 2 (0, 1, {1|0}), 0 for n >= 3."""


def blue_stalks(classes: dict[str, str] | None = None) -> PartizanStatement:
    """The reduced canonical forms of the blue stalks B(n), for every n.

    Examples
    --------
    >>> blue_stalks().accepted("LRRRR")
    ['0']

    References
    ----------
    Huggan, Nowakowski, *Thinning Thickets*, §4 (the blue stalks B(n)).
    """
    regex = classes or BLUE_REGEX
    autos = tuple(regex_automaton(regex[c], "LR", f"Rcf {c}") for c in regex)
    return PartizanStatement(BLUE_STALKS, tuple(regex), autos, "reduced",
                             "Thinning Thickets, §4 (Rcf of B(n))")
