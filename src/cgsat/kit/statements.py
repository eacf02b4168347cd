"""What a user's claim says about each position of its family.

Three forms (:class:`Statement`):

- ``every``: every position satisfies a test: an outcome class (``every(outcome="P")``),
  a set of nim-values (``every(nim={0, 1})``), or a Python predicate on a
  :class:`Position` (``every(lambda p: p.value.is_number())``,
  ``every(lambda p: p.value.temperature() <= 1)``: ``p.value`` is a
  :class:`~cgsat.cgt.value.GameValue`);
- ``exactly``: exactly the listed positions have a target (a value, a nim-value or an
  outcome);
- ``never``: no position has any of the listed values (or the outcome).

:meth:`Statement.violation` is the direct solver's verdict on one position (play);
:meth:`Statement.searches` says which ``cgsat find`` searches can find a counterexample,
when the statement has such a form.

References
----------
.. [1] Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures* (values of rows, §7).
.. [2] R. J. Nowakowski et al., *The Game of timber!* (nim-values, outcomes).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from cgsat.cgt import canonical
from cgsat.cgt.impartial import solver_for
from cgsat.cgt.notation import parse as parse_game
from cgsat.cgt.partizan_values import canonical_form
from cgsat.cgt.value import GameValue
from cgsat.errors import CgsatInputError
from cgsat.games.base import ImpartialRuleset, PartizanRuleset
from cgsat.kit.families import Family

__all__ = ["OUTCOMES", "Position", "Statement", "every", "exactly", "never"]

OUTCOMES = "LRNP"


class Position:
    """One position as a predicate sees it: its text and, computed on first use by the
    direct solver (:mod:`cgsat.cgt`), its outcome, nim-value and value.

    Attributes
    ----------
    text : str
        The position in its ruleset's syntax (a row, a word, arcs, a cordon).
    n : int
        Its size in the family.
    """

    def __init__(self, family: Family, text: str, n: int) -> None:
        self.family = family
        self.text = text
        self.n = n

    @cached_property
    def _parsed(self) -> Any:
        return self.family.ruleset.parse(self.text)

    @cached_property
    def value(self) -> GameValue:
        """The value as an object (:class:`cgsat.cgt.value.GameValue`: its canonical form
        as ``str()``, and ``outcome()``, ``temperature()``, ``mean()``, the stops,
        ``atomic_weight()``, ``reduced()``, comparisons); a nimber ``*k`` for impartial
        rulesets. ``p.value.game`` is the canonical :class:`~cgsat.cgt.canonical.Game`."""
        if self.family.impartial:
            return GameValue(canonical.nimber(self.nim or 0))
        rs = self.family.ruleset
        assert isinstance(rs, PartizanRuleset)  # the only partizan family: rows
        return GameValue(canonical_form(rs, self._parsed))

    @cached_property
    def nim(self) -> int | None:
        """The nim-value (normal play; None for Toppling Dominoes)."""
        if not self.family.impartial:
            return None
        return solver_for(self._impartial()).nim_value(self._parsed)

    @cached_property
    def outcome(self) -> str:
        """The outcome class under normal play: ``P``, ``N`` (and ``L``, ``R``)."""
        if self.family.impartial:
            return "P" if self.nim == 0 else "N"
        return self.value.outcome()

    @cached_property
    def misere_outcome(self) -> str:
        """The outcome under misère play (impartial rulesets)."""
        if not self.family.impartial:
            raise CgsatInputError("misère play applies to impartial families only")
        return solver_for(self._impartial()).outcome(self._parsed, misere=True)

    def _impartial(self) -> ImpartialRuleset:
        rs = self.family.ruleset
        assert isinstance(rs, ImpartialRuleset)  # every family but rows
        return rs

    @property
    def word(self) -> str:
        """The text (for word families: the word itself)."""
        return self.text

    def __repr__(self) -> str:
        return f"Position({self.text!r})"


@dataclass(frozen=True)
class Statement:
    """What a claim says of each position of its family (built by :func:`every`,
    :func:`exactly`, :func:`never`).

    Attributes
    ----------
    form : {"every", "exactly", "never"}
    outcome : str or None
        Outcome classes (``"P"``, ``"LN"``): ``every`` -- allowed; ``exactly``/``never``
        -- the target.
    nims : tuple of int or None
        ``every`` -- the allowed nim-values.
    values : tuple of str
        ``exactly``/``never`` -- target values in CGSuite notation (``"1*"``, ``"*2"``).
    positions : tuple of str or callable or None
        ``exactly`` -- the positions with the target, or ``n -> positions``.
    test : callable or None
        ``every`` -- a Python predicate on a :class:`Position`.
    misere : bool
        Outcomes under misère play.
    """

    form: str
    outcome: str | None = None
    nims: tuple[int, ...] | None = None
    values: tuple[str, ...] = ()
    positions: tuple[str, ...] | Callable[[int], Iterable[str]] | None = None
    test: Callable[[Position], Any] | None = None
    misere: bool = False
    games: tuple[Any, ...] = field(default=(), compare=False, repr=False)

    def describe(self) -> str:
        """A one-line text of the statement."""
        play = " (misère play)" if self.misere else ""
        if self.form == "every":
            if self.test is not None:
                name = getattr(self.test, "__name__", "predicate")
                return f"every position satisfies the predicate {name}"
            if self.outcome is not None:
                return f"every position has outcome {' or '.join(self.outcome)}{play}"
            return f"every position has nim-value in {{{', '.join(map(str, self.nims or ()))}}}"
        target = self.target_text()
        if self.form == "never":
            return f"no position has {target}{play}"
        listed = ("the positions given by " + getattr(self.positions, "__name__", "a function")
                  if callable(self.positions) else ", ".join(self.positions or ()) or "none")
        return f"exactly these positions have {target}{play}: {listed}"

    def target_text(self) -> str:
        """``value 1*`` or ``outcome P`` (exactly, never)."""
        if self.values:
            return "value " + " or ".join(self.values)
        return "outcome " + " or ".join(self.outcome or "")

    def has_target(self, p: Position) -> bool:
        """Whether ``p`` has the target of ``exactly`` or ``never``."""
        if self.values:
            if p.family.impartial:
                return p.nim in {g.nim_value() for g in self.games}
            return p.value in self.games
        got = p.misere_outcome if self.misere else p.outcome
        return got in (self.outcome or "")

    def listed(self, family: Family, n: int) -> set[str]:
        """``exactly``: the listed positions of size n in the family, normalized."""
        items = self.positions(n) if callable(self.positions) else self.positions or ()
        out = set()
        for text in items:
            norm = family.normalize(text)
            if family.contains(n, norm):
                out.add(norm)
        return out

    def violation(self, p: Position, listed: set[str] | None = None) -> str | None:
        """Why ``p`` breaks the statement, or None (the direct solver's verdict)."""
        if self.form == "every":
            if self.test is not None:
                return None if self.test(p) else "the predicate is false"
            if self.outcome is not None:
                got = p.misere_outcome if self.misere else p.outcome
                return None if got in self.outcome else f"outcome {got}"
            return None if p.nim in (self.nims or ()) else f"nim-value {p.nim}"
        has = self.has_target(p)
        what = (f"value {p.value}" if self.values else
                f"outcome {p.misere_outcome if self.misere else p.outcome}")
        if self.form == "never":
            return what if has else None
        listed = listed or set()
        if has and p.text not in listed:
            return f"{what}, and it is not listed"
        if not has and p.text in listed:
            return f"listed, but it has {what}"
        return None

    def searches(self, family: Family) -> tuple[list[dict[str, Any]] | None, str]:
        """The ``cgsat find`` targets whose finds are counterexamples (or, for
        ``exactly``, the one target to list), and why; None when no search can express
        the statement."""
        if self.form == "every" and self.test is not None:
            return None, "the statement is a Python predicate, which no SAT search expresses"
        if family.kind == "rows" and family.alphabet not in ("LR", "LRE"):
            return None, "the find searches take rows over LR or LRE only"
        if self.form == "every" and self.outcome is not None:
            classes = "PN" if family.impartial else OUTCOMES
            return ([{"outcome": c} for c in classes if c not in self.outcome],
                    "a counterexample has another outcome: one search per outcome class")
        if self.form == "every":
            return ([{"nim": "*"}], "a counterexample has another nim-value: one search per "
                    "nim-value up to the number of moves")
        if self.values:
            return [{"value": v} for v in self.values], "one search per value"
        return [{"outcome": c} for c in self.outcome or ""], "one search per outcome class"


def _outcome_arg(outcome: str) -> str:
    if not isinstance(outcome, str) or not outcome or not set(outcome) <= set(OUTCOMES):
        raise CgsatInputError(f"outcome: one or more of L, R, N, P, got {outcome!r}")
    return "".join(c for c in OUTCOMES if c in outcome)


def every(test: Callable[[Position], Any] | None = None, *, outcome: str | None = None,
          nim: int | Iterable[int] | None = None, misere: bool = False) -> Statement:
    """Every position of the family passes ``test`` (a Python predicate, checked by play),
    has an outcome in ``outcome``, or a nim-value in ``nim``.

    Examples
    --------
    >>> every(outcome="P").describe()
    'every position has outcome P'
    >>> every(nim={1, 0}).nims
    (0, 1)
    """
    given = [x is not None for x in (test, outcome, nim)]
    if sum(given) != 1:
        raise CgsatInputError("every(): give one of a predicate, outcome= or nim=")
    if test is not None:
        if not callable(test):
            raise CgsatInputError(f"every(): the predicate must be callable, got {test!r}")
        return Statement("every", test=test, misere=misere)
    if outcome is not None:
        return Statement("every", outcome=_outcome_arg(outcome), misere=misere)
    nims = (nim,) if isinstance(nim, int) else tuple(nim or ())
    if not nims or not all(isinstance(k, int) and k >= 0 for k in nims):
        raise CgsatInputError(f"every(): nim= takes nim-values 0, 1, 2, ..., got {nim!r}")
    if misere:
        raise CgsatInputError("every(): nim-values are normal play; use outcome= with misere")
    return Statement("every", nims=tuple(sorted(set(nims))))


def _games(values: Iterable[Any]) -> tuple[tuple[str, ...], tuple[Any, ...]]:
    texts, games = [], []
    for v in values:
        g = parse_game(str(v))
        texts.append(str(g))
        games.append(g)
    if not texts:
        raise CgsatInputError("give at least one value")
    return tuple(texts), tuple(games)


def exactly(positions: Iterable[str] | Callable[[int], Iterable[str]], *,
            value: Any = None, outcome: str | None = None,
            misere: bool = False) -> Statement:
    """Exactly ``positions`` (a list, or a function of n giving those of size n) have the
    value ``value`` (CGSuite notation; a nim-value for impartial families) or the outcome.

    Examples
    --------
    >>> exactly(["LEL", "LLRL", "LRLL"], value="1*").describe()
    'exactly these positions have value 1+*: LEL, LLRL, LRLL'
    """
    if (value is None) == (outcome is None):
        raise CgsatInputError("exactly(): give value= or outcome= (one of them)")
    if isinstance(positions, str):
        raise CgsatInputError("exactly(): positions is a list of positions, not one string")
    listed = positions if callable(positions) else tuple(positions)
    if value is not None:
        texts, games = _games([value])
        return Statement("exactly", values=texts, games=games, positions=listed)
    return Statement("exactly", outcome=_outcome_arg(outcome or ""),
                     positions=listed, misere=misere)


def never(*values: Any, outcome: str | None = None, misere: bool = False) -> Statement:
    """No position has any of ``values`` (CGSuite notation), or the outcome ``outcome``.

    Examples
    --------
    >>> never("^*", "{1|0,*}").describe()
    'no position has value ^* or {1|0,*}'
    """
    if bool(values) == (outcome is not None):
        raise CgsatInputError("never(): give values or outcome= (one of them)")
    if values:
        texts, games = _games(values)
        return Statement("never", values=texts, games=games)
    return Statement("never", outcome=_outcome_arg(outcome or ""),
                     misere=misere)
