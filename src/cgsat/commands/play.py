"""``cgsat play RULESET POSITION``: play a position against cgsat in the terminal (issue 39).

cgsat moves perfectly. Every one of its moves, and every ``hint``, is a winning move of
:func:`cgsat.api.value` for the current position: the direct solver, or where a family is
proved for every size the proved automata (green cordons above exhaustive play, issue 35)
or the Tuft principle (Lumberjack). When no move wins, cgsat makes the move that leaves
the most on the board (the longest game it can force).

The user types moves in the syntax ``cgsat value --json`` prints for winning moves (an
arc ``x>y``, a domino index with a direction ``3W``, an edge ``1-3``, ``v3>v2``); case
and blanks do not matter. Besides moves: ``moves`` (the legal moves), ``hint`` (a winning
move, if the user has one), ``undo`` (take back the user's last move and cgsat's reply),
``help`` and ``quit``. An illegal move is rejected with one line and the game goes on;
end of input (Ctrl-D) ends the game cleanly (exit 0).

Who moves first: ``--turn first|second`` (asked when not given). In a partizan game the
user also chooses a side, ``--side L|R`` (asked when not given): Left and Right each keep
their own moves, and ``--turn`` says who starts. Under normal play the player who cannot
move loses; under ``--misere`` (impartial rulesets) that player wins.

When standard input is not a terminal (a script piping moves in), each line read is
echoed after its prompt, so that the transcript reads as a game.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cgsat.api import ValueResult, value
from cgsat.commands.find import EXIT_DISAGREE
from cgsat.errors import CgsatInputError
from cgsat.games import get_ruleset
from cgsat.games.base import ImpartialRuleset, PartizanRuleset
from cgsat.search import ControlFailed

__all__ = ["Match", "normalize_move", "run"]

SHOWN_MOVES = 12
"""How many legal moves an illegal-move line lists (then "and N more")."""

COMMANDS = "moves, hint, undo, help, quit"


def normalize_move(text: str) -> str:
    """A typed move as cgsat compares it: no blanks, upper case.

    Examples
    --------
    >>> normalize_move(" 3w "), normalize_move("0 > 1")
    ('3W', '0>1')
    """
    return "".join(text.split()).upper()


@dataclass(frozen=True)
class Turn:
    """A position and who is to move: ``"user"`` or ``"cgsat"``."""

    position: Any
    mover: str


class Match:
    """One game between the user and cgsat.

    Parameters
    ----------
    ruleset_name : str
        A ruleset of ``cgsat value``.
    position : str
        The starting position in the ruleset's syntax.
    misere : bool
        Misère play (impartial rulesets only).
    distances : str, optional
        Phyminoes' distances.

    Examples
    --------
    >>> m = Match("timber-path", "LRLRRL")
    >>> m.solve(m.start).outcome, [t for t, _ in m.legal(m.start, "user")]
    ('N', ['0L', '1R', '2L', '3R', '4R', '5L'])
    >>> m.cgsat_move(m.start)
    ('4R', 'LRLR', True)
    """

    def __init__(self, ruleset_name: str, position: str, misere: bool = False,
                 distances: str | None = None) -> None:
        variant = {"distances": distances} if distances is not None else {}
        if distances is not None and ruleset_name != "phyminoes":
            raise CgsatInputError("--distances applies to the phyminoes ruleset only")
        self.rules: ImpartialRuleset | PartizanRuleset = get_ruleset(ruleset_name, **variant)
        if misere and not self.rules.impartial:
            raise CgsatInputError(f"{ruleset_name}: --misere applies to impartial rulesets "
                                  "only")
        self.name = ruleset_name
        self.misere = misere
        self.distances = distances
        self.start = self.rules.parse(position)
        self.user_side: str | None = None  # "L" or "R" in a partizan game
        self._solved: dict[str, ValueResult] = {}

    @property
    def impartial(self) -> bool:
        """Whether both players have the same moves."""
        return bool(self.rules.impartial)

    def show(self, position: Any) -> str:
        """A position as cgsat prints it."""
        return str(self.rules.format(position))

    def solve(self, position: Any) -> ValueResult:
        """:func:`cgsat.api.value` of a position (memoized for the game)."""
        text = self.show(position)
        if text not in self._solved:
            self._solved[text] = value(self.name, text, self.misere,
                                       distances=self.distances)
        return self._solved[text]

    def side_of(self, mover: str) -> str | None:
        """The side (``"L"``/``"R"``) ``mover`` plays in a partizan game, else None."""
        if self.user_side is None:
            return None
        other = "R" if self.user_side == "L" else "L"
        return self.user_side if mover == "user" else other

    def legal(self, position: Any, mover: str) -> list[tuple[str, Any]]:
        """The moves ``mover`` may make: ``(move text, option)``."""
        rules = self.rules
        if isinstance(rules, ImpartialRuleset):
            return list(rules.options(position))
        side = self.side_of(mover)
        return list(rules.left_options(position) if side == "L"
                    else rules.right_options(position))

    def winning(self, position: Any, mover: str) -> list[tuple[str, Any]]:
        """The legal moves of ``mover`` that win against perfect play (those
        :func:`cgsat.api.value` lists for its side), in the order it lists them."""
        side = self.side_of(mover)
        wins = [(m.move, m.to) for m in self.solve(position).winning_moves
                if m.player == side]
        legal = self.legal(position, mover)
        out = []
        for move, to in wins:
            for text, option in legal:
                if text == move and self.show(option) == to:
                    out.append((text, option))
                    break
        return out

    def cgsat_move(self, position: Any) -> tuple[str, Any, bool]:
        """cgsat's move: ``(text, option, wins)``; a winning move when it has one, else
        the move that leaves the largest position."""
        wins = self.winning(position, "cgsat")
        if wins:
            return wins[0][0], wins[0][1], True
        legal = self.legal(position, "cgsat")
        text, option = max(legal, key=lambda mo: self.rules.size(mo[1]))
        return text, option, False

    def find(self, position: Any, typed: str) -> tuple[str, Any] | None:
        """The user's legal move that ``typed`` names, else None."""
        want = normalize_move(typed)
        for text, option in self.legal(position, "user"):
            if normalize_move(text) == want:
                return text, option
        return None

    def first_player_wins(self, position: Any, mover: str) -> bool:
        """Whether ``mover``, to move at ``position``, wins with perfect play."""
        outcome = self.solve(position).outcome
        if outcome == "N":
            return True
        if outcome == "P":
            return False
        return outcome == self.side_of(mover)


def _outcome_sentence(match: Match, result: ValueResult) -> str:
    """Who wins with perfect play, in words."""
    o = result.outcome
    play = "misère play" if match.misere else "perfect play"
    if match.impartial:
        return (f"outcome {o}: with {play} the player to move "
                f"{'wins' if o == 'N' else 'loses'}")
    return {"L": "outcome L: Left wins with perfect play, whoever moves first",
            "R": "outcome R: Right wins with perfect play, whoever moves first",
            "N": "outcome N: whoever moves first wins with perfect play",
            "P": "outcome P: whoever moves second wins with perfect play"}[o]


class _Console:
    """Reading lines and printing, with the echo of a piped line."""

    def __init__(self) -> None:
        self.echo = not sys.stdin.isatty()

    def say(self, text: str) -> None:
        print(text, flush=True)

    def ask(self, prompt: str) -> str | None:
        """A line of input after ``prompt``, stripped; None at end of input."""
        try:
            line = input(prompt)
        except EOFError:
            print(flush=True)
            return None
        if self.echo:
            print(line.rstrip("\n"), flush=True)
        return line.strip()


def _choose(console: _Console, prompt: str, answers: dict[str, str]) -> str | None:
    """Ask until one of ``answers`` (case-insensitive) is typed; None at end of input or
    ``quit``."""
    while True:
        got = console.ask(prompt)
        if got is None or got.lower() == "quit":
            return None
        if got.lower() in answers:
            return answers[got.lower()]
        console.say(f"please answer {' or '.join(sorted(set(answers)))[:60]}")


def _listing(moves: list[tuple[str, Any]]) -> str:
    texts = [t for t, _ in moves]
    shown = ", ".join(texts[:SHOWN_MOVES])
    more = len(texts) - SHOWN_MOVES
    return shown + (f" (and {more} more)" if more > 0 else "")


def _over(match: Match, turn: Turn) -> str | None:
    """The end of the game when ``turn.mover`` cannot move, else None."""
    if match.legal(turn.position, turn.mover):
        return None
    stuck_wins = match.misere  # misère: who cannot move wins
    user_wins = (turn.mover == "user") == stuck_wins
    who = "you" if turn.mover == "user" else "cgsat"
    rule = " (misère play: who cannot move wins)" if match.misere else ""
    return f"{who} cannot move: {'you win' if user_wins else 'cgsat wins'}{rule}"


def _route(result: ValueResult) -> str:
    if result.method == "tuft":
        return "the Tuft principle (lumberjack.tuft)"
    if result.method is not None and result.method.startswith("proof: "):
        return result.method.removeprefix("proof: ")
    return "the direct solver"


def _game(console: _Console, match: Match, first: str) -> int:
    """Play from ``match.start`` with ``first`` ("user"/"cgsat") to move."""
    turn = Turn(match.start, first)
    history: list[Turn] = []  # the user's earlier turns, for undo
    you = "you" if first == "user" else "cgsat"
    wins = match.first_player_wins(turn.position, first)
    winner = you if wins else ("cgsat" if you == "you" else "you")
    console.say(f"{winner} {'win' if winner == 'you' else 'wins'} with perfect play"
                + ("" if winner == "cgsat" else " (type hint for a winning move)"))
    while True:
        end = _over(match, turn)
        if end is not None:
            console.say(end)
            return 0
        if turn.mover == "cgsat":
            text, option, good = match.cgsat_move(turn.position)
            to = match.show(option)
            console.say(f"cgsat plays {text} -> {to}"
                        + ("" if good else " (no move wins; the longest game)"))
            turn = Turn(option, "user")
            continue
        line = console.ask(f"{match.show(turn.position)}  your move> ")
        if line is None or line.lower() == "quit":
            console.say("game left")
            return 0
        word = line.lower()
        if not word:
            continue
        if word in ("help", "?"):
            console.say(f"type a move ({_listing(match.legal(turn.position, 'user'))}) or "
                        f"one of: {COMMANDS}")
        elif word == "moves":
            console.say(f"legal moves: {_listing(match.legal(turn.position, 'user'))}")
        elif word == "hint":
            good_moves = match.winning(turn.position, "user")
            if good_moves:
                text, option = good_moves[0]
                console.say(f"hint: {text} -> {match.show(option)} wins")
            else:
                console.say("hint: no move wins against perfect play")
        elif word == "undo":
            if not history:
                console.say("nothing to undo")
            else:
                turn = history.pop()
                console.say(f"undone: back to {match.show(turn.position)}")
        else:
            found = match.find(turn.position, line)
            if found is None:
                console.say(f"illegal move {line!r}; legal moves: "
                            f"{_listing(match.legal(turn.position, 'user'))}")
                continue
            history.append(turn)
            text, option = found
            console.say(f"you play {text} -> {match.show(option)}")
            turn = Turn(option, "cgsat")


def run(args: argparse.Namespace) -> int:
    """Run ``cgsat play``; returns the exit code (3 when the control of an answer read
    from the all-n proofs fails: a bug)."""
    try:
        return _run(args, _Console())
    except ControlFailed as exc:
        sys.stderr.write(f"cgsat: BUG: {exc}\n")
        return EXIT_DISAGREE


def _run(args: argparse.Namespace, console: _Console) -> int:
    match = Match(args.ruleset, args.position, args.misere, args.distances)
    if args.side is not None and match.impartial:
        raise CgsatInputError(f"--side applies to partizan rulesets (toppling, thickets), "
                              f"not {args.ruleset}")
    start = match.solve(match.start)
    say: Callable[[str], None] = console.say
    say(f"{args.ruleset} {start.position}: {_outcome_sentence(match, start)}")
    say(f"cgsat plays by {_route(start)}")
    say(f"commands: {COMMANDS}")
    if not match.impartial:
        side = args.side or _choose(console, "play Left or Right? [L/R] ",
                                    {"l": "L", "left": "L", "r": "R", "right": "R"})
        if side is None:
            say("game left")
            return 0
        match.user_side = side
        say(f"you play {'Left' if side == 'L' else 'Right'}")
    turn = args.turn or _choose(console, "move first or second? [1/2] ",
                                {"1": "first", "first": "first", "2": "second",
                                 "second": "second"})
    if turn is None:
        say("game left")
        return 0
    return _game(console, match, "user" if turn == "first" else "cgsat")
