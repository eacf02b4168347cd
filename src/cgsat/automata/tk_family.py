"""The Lumberjack family T_k as words (issue 37, section 2): g(T_{2k-1}) = 2 and
g(T_{2k}) = 1, for every k, by the impartial deciders of :mod:`cgsat.automata.methods`.

T_k is a root edge with k leaves on its top vertex (``lumberjack.txt`` §4.2, Figure 4.2.2,
as :func:`cgsat.games.rooted_trees.T_k` reads the lost figure). It is the word ``1^k``
(k >= 0; T_0 is the single root edge, T_1 a stalk of 2), and ⊥ is the empty tree. Its
options, by the rules of Lumberjack (green Hackenbush on a rooted tree): cutting a leaf
leaves T_{k-1} (the word loses its last letter), cutting the root edge leaves ⊥ (the empty
tree). The statement: R_0 = {⊥}, R_1 = the words of even length, R_2 = those of odd length
are the positions of nim-value 0, 1, 2; the claim is its part k >= 1.

References
----------
.. [1] ``lumberjack.txt``, §4.2 (the family T_k, Figure 4.2.2; "can be proven by
   induction").
"""

from __future__ import annotations

from cgsat.automata.dfa import Automaton
from cgsat.automata.options import OptionRule, Statement, Word, WordFamily

__all__ = ["TK_FAMILY", "tk_position", "tk_statement", "tk_word"]


def tk_position(word: Word) -> str:
    """The ``lumberjack`` position of T_k (``word`` = ``1^k``; None: the empty tree).

    Examples
    --------
    >>> tk_position("11"), tk_position(""), tk_position(None)
    ('0-1 1-2 1-3', '0-1', '()')
    """
    if word is None:
        return "()"
    return " ".join(["0-1"] + [f"1-{i}" for i in range(2, len(word) + 2)])


def tk_word(position: str) -> Word:
    """The word of a T_k position written as :func:`tk_position` writes it.

    Examples
    --------
    >>> tk_word("0-1 1-2"), tk_word("()")
    ('1', None)
    """
    edges = position.split()
    if edges in ([], ["()"]):
        return None
    return "1" * (len(edges) - 1)


TK_FAMILY = WordFamily(
    name="lumberjack T_k",
    alphabet="1",
    rules=(OptionRule("1", "", keep_prefix=True, at_end=True, label="cut a leaf"),
           OptionRule("", None, at_start=True, label="cut the root edge")),
    bottom=True,
    ruleset="lumberjack",
    position=tk_position,
    word=tk_word,
)
"""T_k as the word 1^k; ⊥ is the empty tree."""

_EVEN, _ODD = frozenset({0}), frozenset({1})


def tk_statement(values: tuple[int, int] = (1, 2)) -> Statement:
    """R_0 = {⊥}; the words of even length have nim-value ``values[0]``, those of odd
    length ``values[1]`` (default: 1 and 2, as the text says; other values give the
    negative controls).

    Examples
    --------
    >>> from cgsat.automata import product
    >>> product.decide(tk_statement()).verdict
    'proved'
    >>> product.decide(tk_statement((1, 0))).verdict
    'refuted'

    References
    ----------
    ``lumberjack.txt``, §4.2: g(T_{2k-1}) = 2, g(T_{2k}) = 1.
    """
    parity = ((1,), (0,))
    autos = [Automaton("1", ((0,),), frozenset(), empty=True, name="nim 0")]
    for j in range(1, max(values) + 1):
        acc = (_EVEN if values[0] == j else frozenset()) | (_ODD if values[1] == j
                                                              else frozenset())
        autos.append(Automaton("1", parity, acc, name=f"nim {j}"))
    if 0 in values:
        zero = (_EVEN if values[0] == 0 else frozenset()) | (_ODD if values[1] == 0
                                                              else frozenset())
        autos[0] = Automaton("1", parity, zero, empty=True, name="nim 0")
    return Statement(TK_FAMILY, tuple(autos), name="lumberjack T_k")
