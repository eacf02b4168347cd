"""Games on words: a family's positions, its options as a relation on words, and the
statement the deciders check.

A position is a word over a finite alphabet, or (where the family has one) the single
non-word position ⊥ (for green cordons the empty cordon; ⊥ has no options). The options of a
word w are given by :class:`OptionRule` records. A rule matches at an index j where
``w[j : j + len(window)] == window`` (and at j = 0 only, or ending at the end of w only, when
the rule says so), and gives the option

    (w[:j] if keep_prefix) + insert + (w[j + len(window):] if keep_suffix)

or ⊥ when ``insert`` is None. This covers a prefix (Toppling Peaks: an R at i leaves w[:i]),
a prefix with its last letter changed, the word with one letter changed, a suffix (Toppling
Peaks: an L at i leaves w[i+1:]) and a fixed position. :meth:`WordFamily.options` lists them
for a concrete word; the deciders read the rules themselves.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Definition 1.2 and §2.1.
.. [2] R. J. Nowakowski et al., *The Game of timber!*, §2 (Toppling Peaks).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cgsat.automata.dfa import Automaton

__all__ = ["OptionRule", "Statement", "Word", "WordFamily"]

Word = str | None
"""A position: a word, or None for ⊥."""


@dataclass(frozen=True)
class OptionRule:
    """One kind of move on a word (see the module docstring).

    Attributes
    ----------
    window : str
        The letters the move needs at indices j .. j + len(window) - 1.
    insert : str or None
        What replaces the window; None: the option is ⊥ (then nothing is kept).
    keep_prefix, keep_suffix : bool
        Whether the option keeps w[:j], and w[j + len(window):].
    at_start, at_end : bool
        Whether the window must start at index 0, and end at the end of w.
    label : str
        A name for messages.

    Examples
    --------
    >>> OptionRule("R", "", keep_prefix=True).apply("LRLR", 1)
    'L'
    >>> OptionRule("1", "0", keep_prefix=True, keep_suffix=True).apply("0110", 2)
    '0100'
    """

    window: str
    insert: str | None
    keep_prefix: bool = False
    keep_suffix: bool = False
    at_start: bool = False
    at_end: bool = False
    label: str = ""

    def __post_init__(self) -> None:
        if self.insert is None and (self.keep_prefix or self.keep_suffix):
            raise ValueError(f"rule {self.label!r}: a move to ⊥ keeps nothing")

    def matches(self, word: str, j: int) -> bool:
        """Whether the rule applies to ``word`` at index j."""
        end = j + len(self.window)
        return (end <= len(word) and word[j:end] == self.window
                and (not self.at_start or j == 0) and (not self.at_end or end == len(word)))

    def apply(self, word: str, j: int) -> Word:
        """The option at index j (the rule must match there)."""
        if self.insert is None:
            return None
        head = word[:j] if self.keep_prefix else ""
        tail = word[j + len(self.window):] if self.keep_suffix else ""
        return head + self.insert + tail


@dataclass(frozen=True)
class WordFamily:
    """A ruleset's positions as words and its options as :class:`OptionRule` records.

    Attributes
    ----------
    name : str
        The family's name.
    alphabet : str
        The letters.
    rules : tuple of OptionRule
        The moves.
    bottom : bool
        Whether ⊥ is a position of the family.
    weights : dict of str to int
        Letter weights for :meth:`check_well_founded` (default 0).
    domain : Automaton or None
        Restrict the statement to the words it accepts (and ⊥ if its ``empty``); the
        deciders also check that the domain is closed under options.
    ruleset : str
        The cgsat ruleset the words stand for (for the replay by plain play).
    position : callable
        Word (or None for ⊥) to a position string of ``ruleset``.
    word : callable or None
        The inverse of ``position`` (a position string to its word, None for ⊥).
    """

    name: str
    alphabet: str
    rules: tuple[OptionRule, ...]
    bottom: bool
    ruleset: str
    position: Callable[[Word], str]
    weights: dict[str, int] = field(default_factory=dict)
    domain: Automaton | None = None
    word: Callable[[str], Word] | None = None

    def options(self, word: Word) -> list[Word]:
        """The options of a position, with repetitions, by the rules.

        Examples
        --------
        >>> fam = WordFamily("peaks", "LR", (OptionRule("R", "", keep_prefix=True),
        ...                  OptionRule("L", "", keep_suffix=True)), False, "timber-path", str)
        >>> fam.options("LRL")
        ['RL', 'L', '']
        """
        if word is None:
            return []
        out: list[Word] = []
        for j in range(len(word) + 1):
            for rule in self.rules:
                if rule.matches(word, j):
                    out.append(rule.apply(word, j))
        return out

    def in_domain(self, word: Word) -> bool:
        """Whether the position is one the statement is about."""
        if word is None:
            return self.bottom and (self.domain is None or self.domain.empty)
        return self.domain is None or self.domain.accepts(word)

    def check_well_founded(self) -> None:
        """Raise ValueError unless every rule makes the position smaller.

        The order: ⊥ below every word; words by length, then by total letter weight. A rule
        to ⊥ is always smaller; otherwise the insert must be shorter than the window, or as
        long and lighter (whatever is dropped only shortens the option further).
        """
        w = self.weights
        for rule in self.rules:
            if rule.insert is None:
                continue
            if len(rule.insert) < len(rule.window):
                continue
            if (len(rule.insert) == len(rule.window)
                    and sum(w.get(c, 0) for c in rule.insert)
                    < sum(w.get(c, 0) for c in rule.window)):
                continue
            raise ValueError(f"family {self.name}: rule {rule.label or rule!r} may not make "
                             "the position smaller")


@dataclass(frozen=True)
class Statement:
    """The claim "R_j is the set of positions of nim-value j, for j = 0 .. k" (normal
    play), or with ``misere`` "R_0 is the set of misère P-positions" (k = 0).

    Attributes
    ----------
    family : WordFamily
        The positions and options.
    automata : tuple of Automaton
        R_0 .. R_k, over the family's alphabet.
    misere : bool
        Misère play (then exactly one automaton).
    name : str
        A label.
    """

    family: WordFamily
    automata: tuple[Automaton, ...]
    misere: bool = False
    name: str = ""

    def __post_init__(self) -> None:
        if not self.automata:
            raise ValueError("a statement needs at least one automaton")
        if self.misere and len(self.automata) != 1:
            raise ValueError("a misère statement has exactly one automaton (P-positions)")
        for a in self.automata + ((self.family.domain,) if self.family.domain else ()):
            if a.alphabet != self.family.alphabet:
                raise ValueError(f"automaton {a.name!r} is over {a.alphabet!r}, "
                                 f"the family over {self.family.alphabet!r}")
        self.family.check_well_founded()

    @property
    def k(self) -> int:
        """The largest nim-value claimed."""
        return len(self.automata) - 1

    def with_automaton(self, j: int, automaton: Automaton) -> Statement:
        """The same statement with R_j replaced (for the negative controls)."""
        autos = list(self.automata)
        autos[j] = automaton
        return Statement(self.family, tuple(autos), self.misere, self.name)

    def violated_at(self, word: Word, members: Sequence[Sequence[bool]] | None = None) -> str:
        """Why the statement fails at one position ("" if it holds there), evaluating the
        automata on the position and its options directly (for tests and messages; the
        deciders do not call this).

        ``members``: optionally, each option's membership row instead of the automata's.
        """
        fam = self.family
        if not fam.in_domain(word):
            return ""
        opts = fam.options(word)
        if fam.domain is not None:
            for o in opts:
                if not fam.in_domain(o):
                    return f"option {o!r} leaves the domain"
        rows = members if members is not None else [
            [a.accepts(o) for a in self.automata] for o in opts]
        some = [any(r[j] for r in rows) for j in range(len(self.automata))]
        for j, a in enumerate(self.automata):
            if self.misere:
                want = bool(opts) and not some[0]
            else:
                want = not some[j] and all(some[:j])
            if a.accepts(word) != want:
                return (f"R_{j} {'accepts' if a.accepts(word) else 'rejects'} it, "
                        f"the {'misère ' if self.misere else ''}mex rule says "
                        f"{'yes' if want else 'no'}")
        return ""
