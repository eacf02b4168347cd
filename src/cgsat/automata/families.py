"""Rulesets whose positions are words, as :class:`~cgsat.automata.options.WordFamily`
records: green cordons on their leaf word, and Toppling Peaks words of bounded height range.

These are the only places that know a game; the deciders read the option rules.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Definition 1.2 and §3.
.. [2] R. J. Nowakowski et al., *The Game of timber!*, §2 (Toppling Peaks), Theorems 2.3, 2.4.
"""

from __future__ import annotations

from cgsat.automata.dfa import Automaton
from cgsat.automata.options import OptionRule, Word, WordFamily

__all__ = ["GREEN_CORDON", "cordon_position", "cordon_word", "height_range", "toppling_peaks"]


def cordon_position(word: Word) -> str:
    """The ``green-cordon`` position of a leaf word x_1 .. x_{n-1} (None: the empty cordon).

    Examples
    --------
    >>> cordon_position("0110"), cordon_position(""), cordon_position(None)
    ('5:2,3', '1:', '0:')
    """
    if word is None:
        return "0:"
    atts = [str(a) for a, c in enumerate(word, start=1) if c == "1"]
    return f"{len(word) + 1}:{','.join(atts)}"


def cordon_word(position: str) -> Word:
    """The leaf word of a ``green-cordon`` position ``N:A1,...`` (None: height 0).

    Examples
    --------
    >>> cordon_word("5:2,3"), cordon_word("0:")
    ('0110', None)
    """
    height, _, rest = position.strip().partition(":")
    n = int(height)
    if n == 0:
        return None
    atts = {int(a) for a in rest.split(",") if a.strip()}
    return "".join("1" if a in atts else "0" for a in range(1, n))


GREEN_CORDON = WordFamily(
    name="green-cordon",
    alphabet="01",
    rules=(
        OptionRule("", None, at_start=True, at_end=True, label="the arc of height 1"),
        OptionRule("0", "", keep_prefix=True, at_end=True, label="top arc"),
        OptionRule("1", "0", keep_prefix=True, at_end=True,
                   label="top arc, the leaf below continues the stalk"),
        OptionRule("1", None, at_start=True, label="stalk arc v1 v0"),
        OptionRule("01", "", keep_prefix=True, label="stalk arc v_i v_i-1"),
        OptionRule("11", "0", keep_prefix=True,
                   label="stalk arc v_i v_i-1, the leaf on v_i-1 continues the stalk"),
        OptionRule("1", "0", keep_prefix=True, keep_suffix=True, label="leaf arc"),
    ),
    bottom=True,
    ruleset="green-cordon",
    position=cordon_position,
    weights={"1": 1},
    word=cordon_word,
)
"""Green cordons (*Thinning Thickets*, Definition 1.2) on the leaf word x_1 .. x_{n-1} of a
cordon of height n >= 1 (x_a = 1: a leaf arc at v_a); ⊥ is the empty cordon. Options: the
top arc (the word loses its last letter, or a last 1 becomes 0: the leaf continues the
stalk); a stalk arc v_i v_{i-1} below a leaf (x_i = 1) leaves the prefix x_1 .. x_{i-2}, or
x_1 .. x_{i-3} 0 when x_{i-1} = 1, or ⊥ for i = 1; a leaf arc sets its letter to 0."""


def height_range(h: int) -> Automaton:
    """Words over {L, R} whose prefix heights (L up, R down) span at most h.

    State (c - min, max - min) of the heights seen; one dead state.

    Examples
    --------
    >>> height_range(1).accepts("LRLR"), height_range(1).accepts("LL")
    (True, False)

    References
    ----------
    *The Game of timber!*, §2 (the peak representation).
    """
    states = [(c, r) for r in range(h + 1) for c in range(r + 1)]
    index = {s: i for i, s in enumerate(sorted(states, key=lambda s: (s != (0, 0), s)))}
    dead = len(index)
    rows: list[tuple[int, int]] = [(0, 0)] * (dead + 1)
    for (c, r), i in index.items():
        up = (c + 1, max(r, c + 1))
        down = (c - 1, r) if c > 0 else (0, r + 1)
        rows[i] = (index.get(up, dead), index.get(down, dead))
    rows[dead] = (dead, dead)
    return Automaton("LR", tuple(rows), frozenset(range(dead)), name=f"height range <= {h}")


def _peaks_position(word: Word) -> str:
    """A Toppling Peaks word is its own position string."""
    return word or ""


def toppling_peaks(h: int) -> WordFamily:
    """Toppling Peaks words of height range at most h (a family closed under options).

    Examples
    --------
    >>> toppling_peaks(2).options("LRL")
    ['RL', 'L', '']

    References
    ----------
    *The Game of timber!*, §2: toppling an R at i leaves w[:i], an L at i leaves w[i+1:].
    """
    return WordFamily(
        name=f"timber-path, height range <= {h}",
        alphabet="LR",
        rules=(OptionRule("R", "", keep_prefix=True, label="topple an R"),
               OptionRule("L", "", keep_suffix=True, label="topple an L")),
        bottom=False,
        ruleset="timber-path",
        position=_peaks_position,
        domain=height_range(h),
        word=str,
    )
