"""Partizan statements about games on words: a class per position, computed from the classes
of its Left options and of its Right options (issue 37, section 1).

The impartial statement of :mod:`cgsat.automata.options` computes a position's nim-value
from its options' nim-values by the mex rule. Here a position of a partizan family has two
kinds of options, each given by :class:`~cgsat.automata.options.OptionRule` records that
carry the player who may make them, and a *class rule* computes the position's class from
the set of classes of its Left options and the set of classes of its Right options:

- ``"outcome"``: the classes are the outcome classes L, R, N, P. Left moving first wins
  exactly when some Left option is L or P (Left wins it moving second), Right moving first
  wins exactly when some Right option is R or P (*Winning Ways*, ch. 2: the outcome of a
  game from its options).
- ``"canonical"``: the classes are canonical forms (CGSuite notation); the class is the
  canonical form of ``{values of the Left options | values of the Right options}``,
  computed once per combination by :func:`cgsat.cgt.canonical.game`. The value of a game
  depends only on the values of its options, so this is exact.
- ``"reduced"``: the same with reduced canonical forms
  (:func:`cgsat.cgt.reduced.reduced_canonical_form`). Replacing every option by its
  reduced canonical form keeps the game infinitesimally close (*Thinning Thickets*,
  Theorem 2.15), so the reduced form of a position is the reduced form of
  ``{Rcf of the Left options | Rcf of the Right options}``.

A :class:`PartizanStatement` says: with automata A_c, one per class c, every word w of the
family's domain is accepted by exactly one A_c, namely by A_rule(Lclasses(w), Rclasses(w)),
where Lclasses(w) is the set of c with some Left option of w in A_c (and Rclasses(w) the
same for Right), and every option of a word of the domain is in the domain. The options are
smaller (:meth:`PartizanFamily.check_well_founded`), so by induction A_c is then exactly the
set of positions of class c, for every length at once.

The deciders are :mod:`cgsat.automata.partizan_product` (a product search) and
:mod:`cgsat.automata.partizan_setops` (pre-images by set operations on automata); they
share nothing but this statement. :mod:`cgsat.automata.partizan_replay` confirms a
counterexample by plain play on the ruleset.

References
----------
.. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, ch. 2 (outcome classes).
.. [2] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, §2.2, Theorem 2.15 (reduced
   canonical forms of the options).
.. [3] A. Mignoty, A. Renard, M. Rigo, M. Whiteland, "Automatic proofs in combinatorial game
   theory", Int. J. Game Theory 54 (2025).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from cgsat.automata.dfa import Automaton
from cgsat.automata.options import OptionRule, WordFamily
from cgsat.cgt.canonical import game
from cgsat.cgt.notation import parse, to_str
from cgsat.cgt.reduced import reduced_canonical_form

__all__ = ["OUTCOMES", "RULES", "PartizanFamily", "PartizanStatement", "outcome_class"]

OUTCOMES = ("L", "R", "N", "P")
"""The outcome classes."""

RULES = ("outcome", "canonical", "reduced")
"""The class rules (module docstring)."""

PLAYERS = ("Left", "Right")


def outcome_class(left: frozenset[str], right: frozenset[str]) -> str:
    """The outcome class of a position whose Left options have the outcome classes ``left``
    and whose Right options those in ``right``.

    Examples
    --------
    >>> outcome_class(frozenset(), frozenset())
    'P'
    >>> outcome_class(frozenset({"P"}), frozenset({"L"})), outcome_class(frozenset({"R"}),
    ...                                                                  frozenset({"N"}))
    ('L', 'P')

    References
    ----------
    Winning Ways, ch. 2: Left moving first wins iff some Left option is L or P.
    """
    lwins = bool(left & {"L", "P"})
    rwins = bool(right & {"R", "P"})
    return {(True, True): "N", (True, False): "L", (False, True): "R",
            (False, False): "P"}[(lwins, rwins)]


@dataclass(frozen=True)
class PartizanFamily:
    """A partizan ruleset's positions as words, with Left's and Right's option rules.

    Every position is a word (the empty word included); there is no ⊥.

    Attributes
    ----------
    name : str
        The family's name.
    alphabet : str
        The letters.
    left, right : tuple of OptionRule
        The moves of Left and of Right (:mod:`cgsat.automata.options`).
    ruleset : str
        The cgsat ruleset the words stand for (for the replay by plain play).
    position : callable
        A word to a position string of ``ruleset``.
    domain : Automaton or None
        Restrict the statement to the words it accepts; the deciders check that the domain
        is closed under options.
    weights : dict of str to int
        Letter weights for :meth:`check_well_founded`.
    """

    name: str
    alphabet: str
    left: tuple[OptionRule, ...]
    right: tuple[OptionRule, ...]
    ruleset: str
    position: Callable[[str], str]
    domain: Automaton | None = None
    weights: dict[str, int] = field(default_factory=dict)

    def side(self, player: int) -> WordFamily:
        """Player 0 (Left) or 1 (Right)'s moves as an impartial
        :class:`~cgsat.automata.options.WordFamily` (for its option listing and the
        pre-images of :mod:`cgsat.automata.setops`)."""
        rules = self.left if player == 0 else self.right
        return WordFamily(f"{self.name} ({PLAYERS[player]})", self.alphabet, rules, False,
                          self.ruleset, _text(self.position), dict(self.weights), self.domain)

    def options(self, word: str, player: int) -> list[str]:
        """The options of ``word`` for player 0 (Left) or 1 (Right), with repetitions."""
        return [o for o in self.side(player).options(word) if o is not None]

    def in_domain(self, word: str) -> bool:
        """Whether the statement is about this word."""
        return self.domain is None or self.domain.accepts(word)

    def check_well_founded(self) -> None:
        """Raise ValueError unless every move makes the word smaller (length, then weight;
        :meth:`cgsat.automata.options.WordFamily.check_well_founded`)."""
        for player in (0, 1):
            self.side(player).check_well_founded()


def _text(position: Callable[[str], str]) -> Callable[[str | None], str]:
    """``position`` extended to ⊥ (never reached: a partizan family has no ⊥)."""
    def text(word: str | None) -> str:
        return position(word or "")
    return text


@dataclass(frozen=True)
class PartizanStatement:
    """"The words of class c are exactly those A_c accepts, for every class c."

    Attributes
    ----------
    family : PartizanFamily
        The positions and both players' options.
    classes : tuple of str
        The classes: outcome letters, or values in CGSuite notation (normalised on
        construction).
    automata : tuple of Automaton
        A_c for each class, in the same order.
    rule : str
        ``"outcome"``, ``"canonical"`` or ``"reduced"`` (module docstring).
    name : str
        A label.
    """

    family: PartizanFamily
    classes: tuple[str, ...]
    automata: tuple[Automaton, ...]
    rule: str
    name: str = ""
    _cache: dict[tuple[frozenset[str], frozenset[str]], str] = field(
        default_factory=dict, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.rule not in RULES:
            raise ValueError(f"unknown class rule {self.rule!r} (use {', '.join(RULES)})")
        if len(self.classes) != len(self.automata) or not self.classes:
            raise ValueError("one automaton per class, and at least one class")
        if self.rule == "outcome":
            if set(self.classes) - set(OUTCOMES):
                raise ValueError(f"outcome classes are {', '.join(OUTCOMES)}")
        else:
            norm = tuple(to_str(parse(c)) for c in self.classes)
            object.__setattr__(self, "classes", norm)
        if len(set(self.classes)) != len(self.classes):
            raise ValueError("the classes must be distinct")
        dom = (self.family.domain,) if self.family.domain else ()
        for a in self.automata + dom:
            if a.alphabet != self.family.alphabet:
                raise ValueError(f"automaton {a.name!r} is over {a.alphabet!r}, "
                                 f"the family over {self.family.alphabet!r}")
            if a.empty:
                raise ValueError(f"automaton {a.name!r} accepts ⊥; a partizan family has none")
        self.family.check_well_founded()

    def class_of(self, left: frozenset[str], right: frozenset[str]) -> str:
        """The class the rule gives a position whose Left options have the classes ``left``
        and Right options ``right`` (each combination computed once).

        Examples
        --------
        >>> from cgsat.automata.families import height_range
        >>> fam = PartizanFamily("x", "LR", (), (), "toppling", str)
        >>> a = height_range(0)
        >>> st = PartizanStatement(fam, ("0", "1", "{1|0}"), (a, a, a), "reduced")
        >>> st.class_of(frozenset({"1"}), frozenset({"0"}))
        '{1|0}'
        >>> st.class_of(frozenset({"{1|0}"}), frozenset({"0"}))
        '0'
        """
        key = (left, right)
        got = self._cache.get(key)
        if got is None:
            if self.rule == "outcome":
                got = outcome_class(left, right)
            else:
                g = game([parse(c) for c in left], [parse(c) for c in right])
                if self.rule == "reduced":
                    g = reduced_canonical_form(g)
                got = to_str(g)
            self._cache[key] = got
        return got

    def accepted(self, word: str) -> list[str]:
        """The classes whose automata accept ``word``."""
        return [c for c, a in zip(self.classes, self.automata, strict=True) if a.accepts(word)]

    def violated_at(self, word: str) -> str:
        """Why the statement fails at one word ("" if it holds there), by evaluating the
        automata on the word and its options directly (for tests and messages; the deciders
        do not call this).

        References
        ----------
        Winning Ways, ch. 2; *Thinning Thickets*, Theorem 2.15.
        """
        fam = self.family
        if not fam.in_domain(word):
            return ""
        sides = []
        for player in (0, 1):
            found: set[str] = set()
            for o in fam.options(word, player):
                if not fam.in_domain(o):
                    return f"{PLAYERS[player]}'s option {o!r} leaves the domain"
                found.update(self.accepted(o))
            sides.append(frozenset(found))
        want = self.class_of(sides[0], sides[1])
        return self.mismatch(self.accepted(word), want)

    def mismatch(self, accepted: list[str], want: str) -> str:
        """The message for a word accepted by ``accepted`` whose rule gives ``want``
        ("" when they agree)."""
        if accepted == [want]:
            return ""
        who = ", ".join(accepted) if accepted else "no class"
        extra = "" if want in self.classes else " (not a claimed class)"
        return f"accepted as {who}; the {self.rule} rule gives {want}{extra}"
