"""Toppling Peaks by intervals (:mod:`cgsat.cgt.peaks_intervals`, issue 38 item 2) against
the direct solver (:mod:`cgsat.cgt.impartial`), which plays words out position by position,
and ``cgsat value timber-path`` at the ruleset's 3,000-letter limit."""

from __future__ import annotations

import itertools
import os
import random
import resource
import subprocess
import sys

import pytest

from cgsat.api import value
from cgsat.cgt.impartial import ImpartialSolver
from cgsat.cgt.peaks_intervals import solve_word
from cgsat.errors import TooLargeError
from cgsat.games import get_ruleset

RULES = get_ruleset("timber-path")


def _agree(solver: ImpartialSolver, word: str) -> None:
    for misere in (False, True):
        got = solve_word(word, misere)
        assert got.p_position == (solver.outcome(word, misere) == "P"), (word, misere)
        assert got.winning == tuple(solver.winning_moves(word, misere)), (word, misere)
        if not misere:
            assert got.nim == solver.nim_value(word), word
        else:
            assert got.nim is None


def test_every_word_to_length_10_agrees_with_the_direct_solver():
    solver = ImpartialSolver(RULES)
    for n in range(11):
        for letters in itertools.product("LR", repeat=n):
            _agree(solver, "".join(letters))


@pytest.mark.slow
def test_every_word_to_length_12_agrees_with_the_direct_solver():
    solver = ImpartialSolver(RULES)
    for n in range(11, 13):
        for letters in itertools.product("LR", repeat=n):
            _agree(solver, "".join(letters))


def test_random_words_to_length_60_agree_with_the_direct_solver():
    rng = random.Random(38)
    solver = ImpartialSolver(RULES)
    for n in (13, 20, 31, 45, 60, 64, 65, 70):  # 64, 65: the second word of the masks
        for _ in range(4):
            _agree(solver, "".join(rng.choice("LR") for _ in range(n)))


def test_values_past_one_mask_word():
    """A word of L only has nim-value its length (its options are all shorter suffixes):
    values of 64 and more need a second 64-bit word in each mask."""
    for n in (63, 64, 65, 130, 300):
        assert solve_word("L" * n).nim == n
        assert solve_word("R" * n).nim == n


def test_the_value_api_takes_the_interval_route_with_the_same_contract():
    word = "LRRLLRLRLLLRRLRLRRLR"
    solver = ImpartialSolver(RULES)
    v = value("timber-path", word)
    assert v.nim == solver.nim_value(word) and v.method is None
    assert [(m.move, m.to) for m in v.winning_moves] == [
        (t, RULES.format(o)) for t, o in solver.winning_moves(word)]
    m = value("timber-path", word, misere=True)
    assert m.nim is None and m.outcome == solver.outcome(word, misere=True)
    assert value("timber-path", "()").outcome == "P"
    assert value("timber-path", "()", misere=True).outcome == "N"
    with pytest.raises(TooLargeError, match="limit of 3000"):
        value("timber-path", "L" * 3001)


def _limit_memory() -> None:  # in the child: 1.5 GB of address space
    resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))


def test_a_random_word_of_1000_letters_in_bounded_time_and_memory():
    """Issue 38: a random 1,000-letter word was still running after 30 s (2.4 GB at 3,000
    letters). Here it must end within 120 s (seconds when the machine is not shared) under
    1.5 GB of address space."""
    rng = random.Random(1000)
    word = "".join(rng.choice("LR") for _ in range(1000))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    done = subprocess.run([sys.executable, "-m", "cgsat", "value", "timber-path", word,
                           "--json"], capture_output=True, text=True, timeout=120,
                          preexec_fn=_limit_memory, env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert '"nim": ' in done.stdout
