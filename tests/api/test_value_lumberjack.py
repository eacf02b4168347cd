"""``cgsat value lumberjack`` past exhaustive play: the winning moves in linear time (issue
26: a 20,000-edge path took over 150 s), the same as valuing every option."""

from __future__ import annotations

import random
import subprocess
import sys
import time

import pytest

from cgsat.api import value
from cgsat.cgt.tuft import tuft_winning_moves, winning_edges
from cgsat.games import lumberjack


def _random_forest(rng: random.Random, edges: int) -> tuple[int, ...]:
    text = " ".join(f"{rng.randrange(i)}-{i}" for i in range(1, edges + 1))
    return lumberjack.parse(text)


@pytest.mark.parametrize("seed", range(300))
def test_the_linear_winning_moves_are_those_of_every_option(seed):
    rng = random.Random(seed)
    tree = _random_forest(rng, rng.randrange(0, 30))
    slow = [m for m, _ in tuft_winning_moves(tree)]
    assert [f"{p}-{c}" for p, c in winning_edges(tree)] == slow


def test_a_wrong_rule_would_be_caught():
    """Negative control: the comparison above sees a difference (the P-positions' moves
    are empty, the N-positions' are not) on these seeds."""
    trees = [_random_forest(random.Random(s), random.Random(s).randrange(0, 30))
             for s in range(300)]
    assert any(tuft_winning_moves(t) for t in trees)
    assert any(not tuft_winning_moves(t) for t in trees)


def test_a_20000_edge_path_within_20_seconds():
    path = " ".join(f"{i}-{i + 1}" for i in range(20000))
    start = time.monotonic()
    r = value("lumberjack", path)
    assert time.monotonic() - start < 20
    assert r.nim == 20000 and r.method == "tuft" and [m.move for m in r.winning_moves] == ["0-1"]


def test_a_huge_star_is_one_line_and_exit_2():
    star = " ".join(f"0-{i}" for i in range(1, 20000))  # 19,999 edges, *1: 19,999 moves
    proc = subprocess.run([sys.executable, "-m", "cgsat", "value", "lumberjack", "-"],
                          input=star + "\n", capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert len(proc.stderr.splitlines()) == 1 and "the nim-value is 1" in proc.stderr
