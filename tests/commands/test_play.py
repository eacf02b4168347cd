"""``cgsat play`` (issue 39), driven through a pseudo-terminal as a user drives it.

The game runs in a child process whose standard input, output and error are the slave side
of a pty (``os.openpty``): its ``input()`` reads a terminal, so nothing is echoed by cgsat
itself and end of input is a Ctrl-D typed at the terminal. cgsat's moves are checked
against plain game-tree search (:mod:`cgsat.cgt.play`), which shares nothing with the
solver cgsat plays by.
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cgsat.cgt import play as plain
from cgsat.commands.play import Match
from cgsat.games import get_ruleset

SRC = str(Path(__file__).resolve().parents[2] / "src")


class Terminal:
    """``cgsat play ARGS`` on a pseudo-terminal: :meth:`expect` reads until a pattern,
    :meth:`type` types a line."""

    def __init__(self, *args: str) -> None:
        self.master, slave = os.openpty()
        env = dict(os.environ, PYTHONPATH=SRC, TERM="dumb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cgsat", "play", *args], stdin=slave, stdout=slave,
            stderr=slave, env=env, close_fds=True, start_new_session=True)
        os.close(slave)
        self.seen = ""  # everything read so far
        self.pos = 0  # where the next expect starts

    def read_some(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 4096)
        except OSError:  # the child closed the terminal
            return False
        if not chunk:
            return False
        self.seen += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        return True

    def expect(self, pattern: str, timeout: float = 60.0) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        rx = re.compile(pattern)
        while True:
            m = rx.search(self.seen, self.pos)
            if m:
                self.pos = m.end()
                return m
            left = deadline - time.monotonic()
            if left <= 0 or (not self.read_some(min(left, 1.0)) and self.proc.poll() is not None
                             and not self.read_some(0.1)):
                raise AssertionError(f"{pattern!r} not seen; the terminal shows:\n{self.seen}")

    def type(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\n")

    def eof(self) -> None:
        os.write(self.master, b"\x04")  # Ctrl-D at the start of a line: end of input

    def wait(self, timeout: float = 60.0) -> int:
        deadline = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < deadline:
            self.read_some(0.2)
        return self.proc.wait(timeout=1)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.master)


@pytest.fixture
def terminal():
    opened: list[Terminal] = []

    def start(*args: str) -> Terminal:
        t = Terminal(*args)
        opened.append(t)
        return t

    yield start
    for t in opened:
        t.close()


PROMPT = r"(\S[^\n]*?)  your move> "


def _first_legal(t: Terminal) -> str:
    t.type("moves")
    return t.expect(r"legal moves: ([^,\s]+)").group(1)


def test_cgsat_wins_a_whole_game_from_a_winning_position(terminal):
    """timber-path LRLRR is N (checked by plain search): the user moves second, plays the
    first legal move each turn, and cgsat wins; every cgsat move goes to a P-position."""
    rules = get_ruleset("timber-path")
    assert not plain.is_p_position(rules, rules.parse("LRLRR"))
    t = terminal("timber-path", "LRLRR", "--turn", "second")
    t.expect("outcome N")
    t.expect("cgsat wins with perfect play")
    for _ in range(10):
        m = t.expect(r"cgsat plays \S+ -> (\S+)")
        to = m.group(1)
        assert plain.is_p_position(rules, rules.parse(to)), to
        if to == "()":
            break
        t.expect(PROMPT)
        t.type(_first_legal(t))
    t.expect("you cannot move: cgsat wins")
    assert t.wait() == 0


def test_partizan_cgsat_as_left_wins_when_left_wins(terminal):
    """toppling LLRL: outcome L (plain search). The user plays Right and starts; cgsat,
    Left, wins whatever Right does."""
    rules = get_ruleset("toppling")
    g = rules.parse("LLRL")
    assert plain.wins_first(rules, "L", g) and not plain.wins_first(rules, "R", g)
    t = terminal("toppling", "LLRL", "--side", "R", "--turn", "first")
    t.expect("outcome L")
    t.expect("cgsat wins with perfect play")
    for _ in range(10):
        t.expect(PROMPT)
        t.type(_first_legal(t))
        m = t.expect(r"(cgsat plays \S+ -> (\S+)|cgsat cannot move)")
        assert m.group(0) != "cgsat cannot move"
        to = m.group(2)
        # after Left's move, Right (to move) must lose: Right does not win moving first
        assert not plain.wins_first(rules, "R", rules.parse(to)), to
        if to == "()":
            break
    t.expect("you cannot move: cgsat wins")
    assert t.wait() == 0


def test_illegal_input_is_rejected_with_one_line_and_the_game_goes_on(terminal):
    t = terminal("toppling", "LRRLL", "--side", "L", "--turn", "first")
    t.expect(PROMPT)
    t.type("5>6")
    line = t.expect(r"illegal move '5>6'; legal moves: ([^\n]*)\n").group(1)
    assert line.split(", ") == ["0W", "0E", "3W", "3E", "4W", "4E"]
    t.expect(PROMPT)  # the same turn again, nothing else printed in between
    between = t.seen[t.seen.index("illegal move"):t.pos]
    assert between.count("\n") == 1
    t.type("hint")
    hint = t.expect(r"hint: (\S+) -> (\S+) wins")
    rules = get_ruleset("toppling")
    assert not plain.wins_first(rules, "R", rules.parse(hint.group(2)))
    t.type("4e")  # lower case; LRRL is still a win for Left: Right has no winning move
    t.expect(r"you play 4E -> LRRL")
    assert not plain.wins_first(rules, "R", rules.parse("LRRL"))
    t.expect(r"cgsat plays \S+ -> \S+ \(no move wins; the longest game\)")
    t.expect(PROMPT)
    t.type("undo")
    t.expect(r"undone: back to LRRLL")
    t.type("quit")
    t.expect("game left")
    assert t.wait() == 0


def test_end_of_input_ends_the_game_cleanly(terminal):
    t = terminal("toppling", "LRRLL")
    t.expect(r"play Left or Right\? \[L/R\] ")
    t.type("x")
    t.expect("please answer")
    t.type("l")
    t.expect(r"move first or second\? \[1/2\] ")
    t.type("1")
    t.expect(PROMPT)
    t.eof()
    t.expect("game left")
    assert t.wait() == 0
    assert "Traceback" not in t.seen


def test_bad_position_is_one_line_and_exit_2(terminal):
    t = terminal("toppling", "LQ", "--turn", "first")
    assert t.wait() == 2
    lines = [x for x in t.seen.splitlines() if x.strip()]
    assert lines == ["cgsat: error: toppling: unknown letter 'Q' at index 1 of row 'LQ' "
                     "(use L, R, E)"]


@pytest.mark.parametrize("name,family", [
    ("timber-path", ["".join(w) for n in range(1, 8) for w in
                     __import__("itertools").product("LR", repeat=n)]),
    ("green-cordon", ["7:", "7:2,4,5", "8:1,3", "9:2,5,6,7", "6:3"]),
])
def test_cgsat_moves_into_p_positions_by_plain_search(name, family):
    """The move cgsat makes is winning exactly when plain recursion says the position is N
    (a move into a P-position); at a P-position it makes some legal move."""
    rules = get_ruleset(name)
    for text in family:
        m = Match(name, text)
        pos = m.start
        if not m.legal(pos, "cgsat"):
            continue
        move, option, wins = m.cgsat_move(pos)
        assert wins == (not plain.is_p_position(rules, pos)), text
        if wins:
            assert plain.is_p_position(rules, option), (text, move)


def test_cgsat_plays_a_huge_green_cordon_by_the_proofs(terminal):
    """Height 300 is far above exhaustive play (36): cgsat's move comes from the proved
    automata, and its option (small enough to play out) is a P-position."""
    t = terminal("green-cordon", "300:3,7", "--turn", "second")
    t.expect("automaton")
    m = t.expect(r"cgsat plays (\S+) -> (\S+)")
    rules = get_ruleset("green-cordon")
    to = rules.parse(m.group(2))
    if rules.size(to) <= 14:
        assert plain.is_p_position(rules, to)
    t.type("quit")
    assert t.wait() == 0


def test_misere_play_and_bad_options(terminal):
    """Misère: who cannot move wins. ``0>1 1>2`` is N under misère play (plain search);
    cgsat, moving first, wins it. --side on an impartial ruleset is one line, exit 2,
    before anything else is printed."""
    rules = get_ruleset("timber")
    assert not plain.is_p_position(rules, rules.parse("0>1 1>2"), misere=True)
    t = terminal("timber", "0>1 1>2", "--misere", "--turn", "second")
    t.expect("with misère play the player to move wins")
    m = t.expect(r"cgsat plays (\S+) -> ([^\n]+)\n")
    assert plain.is_p_position(rules, rules.parse(m.group(2).strip()), misere=True)
    t.expect(PROMPT)
    t.type(_first_legal(t))
    t.expect(r"cgsat cannot move: cgsat wins \(misère play: who cannot move wins\)")
    assert t.wait() == 0
    bad = terminal("timber", "0>1", "--side", "L")
    assert bad.wait() == 2
    assert [x for x in bad.seen.splitlines() if x.strip()] == [
        "cgsat: error: --side applies to partizan rulesets (toppling, thickets), not timber"]
