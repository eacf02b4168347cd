"""``cgsat.value``: solve one position (``cgsat value``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cgsat.api._inputs import check_text
from cgsat.cgt.impartial import ImpartialSolver, solver_for
from cgsat.cgt.partizan_values import canonical_form, describe_partizan
from cgsat.cgt.peaks_intervals import solve_word
from cgsat.cgt.tuft import tuft_nim_value, winning_edges
from cgsat.cgt.value import GameValue
from cgsat.errors import CgsatInputError
from cgsat.games import get_ruleset
from cgsat.games import rooted_trees as rt
from cgsat.games.base import ImpartialRuleset
from cgsat.search import green_cordon_automata as by_automata


@dataclass(frozen=True)
class Move:
    """A winning move: who makes it (``"L"``, ``"R"``, or None in an impartial game), the
    move in the ruleset's syntax, and the position it leads to."""

    player: str | None
    move: str
    to: str

    def to_json(self) -> dict[str, Any]:
        """``{"player", "move", "to"}``, as in ``value --json``."""
        return {"player": self.player, "move": self.move, "to": self.to}


@dataclass(frozen=True)
class ValueResult:
    """The answer of :func:`value` for one position (the object of ``cgsat value --json``).

    Attributes
    ----------
    ruleset : str
        The ruleset's name, as given.
    position : str
        The position, normalised (as cgsat prints it).
    outcome : str
        ``"P"``, ``"N"``, ``"L"`` or ``"R"``.
    nim : int or None
        The nim-value (impartial rulesets, normal play), else None.
    value : GameValue or None
        The value (partizan rulesets), else None: a :class:`~cgsat.cgt.value.GameValue`,
        whose ``str()`` is the canonical form in CGSuite notation (the ``value`` of
        ``--json``), with ``outcome()``, ``temperature()``, ``mean()``, ``left_stop()``,
        ``right_stop()``, ``atomic_weight()``, ``reduced()``, ``thermograph()``,
        comparisons, sums and negation.
    winning_moves : tuple of Move
        Every move to an option the mover wins from (empty when no move wins).
    method : str or None
        ``"tuft"`` when the Tuft principle gave the answer (Lumberjack beyond exhaustive
        play); ``"proof: ..."`` naming the automaton, its claim and the deciders when the
        all-n proofs gave it (green cordons beyond exhaustive play); else None.
    """

    ruleset: str
    position: str
    outcome: str
    nim: int | None = None
    value: GameValue | None = None
    winning_moves: tuple[Move, ...] = ()
    method: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The object ``cgsat value --json`` prints (``nim``, ``value`` and ``method`` only
        when set).

        Examples
        --------
        >>> value("timber", "0>1 1>2 1>3").to_json()  # doctest: +NORMALIZE_WHITESPACE
        {'ruleset': 'timber', 'position': '0>1 1>2 1>3', 'outcome': 'N', 'nim': 1,
         'winning_moves': [{'player': None, 'move': '0>1', 'to': '()'}]}
        """
        out: dict[str, Any] = {"ruleset": self.ruleset, "position": self.position,
                               "outcome": self.outcome}
        if self.nim is not None:
            out["nim"] = self.nim
        if self.value is not None:
            out["value"] = str(self.value)
        out["winning_moves"] = [m.to_json() for m in self.winning_moves]
        if self.method is not None:
            out["method"] = self.method
        return out


def _moves(items: Any) -> tuple[Move, ...]:
    return tuple(Move(m["player"], m["move"], m["to"]) for m in items)


MAX_PRINTED_EDGES = 2_000_000
"""The most edges ``cgsat value lumberjack`` prints over all winning moves' options (a star
of 20,000 edges has 20,000 winning moves of 19,999 edges each: 400 million)."""


def _impartial(ruleset: ImpartialRuleset, name: str, text: str, misere: bool) -> ValueResult:
    position = ruleset.parse(text)
    if (ruleset.name == "lumberjack" and not misere
            and ruleset.size(position) > ruleset.exhaustive_limit):
        # Lumberjack under normal play beyond exhaustive play: the Tuft principle, the
        # claim lumberjack.tuft (checked against plain recursion), O(n^2) for n edges.
        nim = tuft_nim_value(position)
        edges = winning_edges(position)
        if len(edges) * ruleset.size(position) > MAX_PRINTED_EDGES:
            raise CgsatInputError(
                f"lumberjack: {len(edges)} winning moves, each to a position of about "
                f"{ruleset.size(position)} edges, are more than {MAX_PRINTED_EDGES} edges to "
                f"print (the nim-value is {nim})")
        return ValueResult(
            name, ruleset.format(position), "P" if nim == 0 else "N", nim=nim,
            winning_moves=tuple(Move(None, f"{p}-{c}",
                                     ruleset.format(rt.remove_subtree(position, c)))
                                for p, c in edges),
            method="tuft")
    if (ruleset.name == "green-cordon" and not misere
            and ruleset.size(position) > ruleset.exhaustive_limit):
        # a green cordon beyond exhaustive play: the automata R_0 .. R_k proved for every
        # height (thickets.thm3.2, thm3.3, green-nim<k>; issue 35). They read one cordon:
        # by_automata.value refuses a sum with one line (issue 36: an internal error, exit 4)
        answer = by_automata.value(ruleset.format(position))
        return ValueResult(
            name, ruleset.format(position), "P" if answer.nim == 0 else "N", nim=answer.nim,
            winning_moves=tuple(Move(None, move, to) for move, to in answer.winning_moves),
            method=f"proof: {answer.how}")
    if ruleset.name == "timber-path":
        return _timber_path(ruleset, name, position, misere)
    solver = solver_for(ruleset)
    return ValueResult(
        name, ruleset.format(position), solver.outcome(position, misere=misere),
        nim=None if misere else solver.nim_value(position),
        winning_moves=tuple(Move(None, move, ruleset.format(option))
                            for move, option in solver.winning_moves(position, misere=misere)))


def _timber_path(ruleset: ImpartialRuleset, name: str, word: str, misere: bool) -> ValueResult:
    """A Toppling Peaks word by intervals (:mod:`cgsat.cgt.peaks_intervals`): the same
    answer as exhaustive play, in O(n²) time and O(n) memory, up to the ruleset's limit of
    3,000 letters (issue 38: exhaustive play held every subword as a string, O(n³))."""
    ImpartialSolver(ruleset).check_size(word)  # the limit and its message, as before
    answer = solve_word(word, misere)
    return ValueResult(
        name, ruleset.format(word), "P" if answer.p_position else "N", nim=answer.nim,
        winning_moves=tuple(Move(None, move, ruleset.format(option))
                            for move, option in answer.winning))


def value(ruleset: str, position: str, misere: bool = False, *,
          distances: str | None = None) -> ValueResult:
    """Solve one position: its outcome, its value and its winning moves.

    The direct recursive solver plays the position out (impartial rulesets: outcome and
    nim-value; partizan rulesets: the canonical form), as ``cgsat value`` does.

    Parameters
    ----------
    ruleset : str
        ``"timber"``, ``"timber-path"``, ``"phyminoes"``, ``"lumberjack"``, ``"thickets"``,
        ``"green-cordon"`` or ``"toppling"``.
    position : str
        A position in the ruleset's syntax (docs/reference.md), e.g. ``"LRRLL"`` or
        ``"0>1 1>2"``.
    misere : bool, default False
        Misère play (impartial rulesets only); there is then no nim-value.
    distances : {"minus-edge", "graph"}, optional
        Phyminoes only: measure distances in G - xy (the default) or in G.

    Returns
    -------
    ValueResult

    Raises
    ------
    CgsatInputError
        For an unknown ruleset, a position that does not parse, misère play of a partizan
        ruleset, or a position too large for exhaustive play (:class:`TooLargeError`).

    Examples
    --------
    >>> v = value("toppling", "LRRLL")
    >>> v.outcome, str(v.value), v.winning_moves[0]
    ('L', '{1|*}', Move(player='L', move='0E', to='()'))
    >>> v.value.temperature(), v.value.mean(), v.value.stops()
    (Fraction(1, 2), Fraction(1, 2), (Fraction(1, 1), Fraction(0, 1)))
    >>> value("green-cordon", "7:2,4,5").nim
    4
    >>> value("timber-path", "LR", misere=True).nim is None
    True
    >>> value("toppling", "LQ")
    Traceback (most recent call last):
    ...
    cgsat.errors.PositionError: toppling: unknown letter 'Q' at index 1 of row 'LQ' (use L, R, E)
    """
    if not isinstance(ruleset, str):
        raise CgsatInputError(f"a ruleset is a name such as 'toppling', got {ruleset!r}")
    if not isinstance(position, str):
        raise CgsatInputError(
            f"{ruleset}: a position is a string in the ruleset's syntax, got {position!r}")
    check_text(ruleset, position)
    variant = {}
    if distances is not None:
        if ruleset != "phyminoes":
            raise CgsatInputError("--distances applies to the phyminoes ruleset only")
        if distances not in ("minus-edge", "graph"):
            raise CgsatInputError(
                f"--distances {distances!r}: expected 'minus-edge' or 'graph'")
        variant["distances"] = distances
    rules = get_ruleset(ruleset, **variant)
    if isinstance(rules, ImpartialRuleset):  # rules.impartial, as the type checker sees it
        return _impartial(rules, ruleset, position, bool(misere))
    if misere:
        raise CgsatInputError(f"{rules.name}: --misere applies to impartial rulesets only")
    d = describe_partizan(rules, position)
    # the game itself, from the memo describe_partizan has just filled (its text can be
    # millions of characters: not parsed back)
    game = GameValue(canonical_form(rules, rules.parse(position)))
    return ValueResult(d["ruleset"], d["position"], d["outcome"], value=game,
                       winning_moves=_moves(d["winning_moves"]))
