"""The play limit of a row family follows its number of positions (issue 39): rows over
two letters play to the longest length with at most 3^12 rows (19), and play there agrees
with the SAT searches at small sizes."""

from __future__ import annotations

import pytest

import cgsat
from cgsat.kit import claim, never, rows
from cgsat.kit.families import PLAY_LIMITS, timber_paths, trees
from cgsat.kit.records import ROW_PLAY_POSITIONS, play_limit, vacancy


def test_the_limit_is_a_number_of_positions():
    for alphabet in ("LRE", "LR", "LE", "R"):
        n = play_limit(rows(alphabet))
        k = len(alphabet)
        assert k ** n <= ROW_PLAY_POSITIONS
        assert n == 60 or k ** (n + 1) > ROW_PLAY_POSITIONS
    assert play_limit(rows("LRE")) == PLAY_LIMITS["rows"] == 12
    assert play_limit(rows("LR")) == 19
    assert play_limit(trees()) == PLAY_LIMITS["trees"]
    assert play_limit(timber_paths()) == PLAY_LIMITS["timber-path"]


def test_an_lr_claim_plays_beyond_12():
    c = claim("user.lr-no-upstar", rows("LR"), never("^*"))
    assert c.method("play").max_n == 19
    assert (c.quick_bound, c.target_bound) == (8, 38)
    three = claim("user.lre-no-upstar", rows("LRE"), never("^*"))
    assert three.method("play").max_n == 12 and three.target_bound == 24


def test_play_agrees_with_sat_at_small_sizes():
    """The control of the route: play and the SAT searches agree on every size up to 5."""
    c = claim("user.lr-no-upstar", rows("LR"), never("^*"))
    r = cgsat.check(c, up_to=5, jobs=1)
    assert r.verified == {"user.lr-no-upstar": {"play": 5, "sat": 5}}


@pytest.mark.slow
def test_play_runs_at_13_for_two_letters():
    """Play is no longer stopped at 12 for two letters (8,192 rows of length 13)."""
    c = claim("user.lr-no-upstar", rows("LR"), never("^*"))
    r = cgsat.check(c, from_n=13, up_to=13, methods="play", jobs=1)
    assert r.notes == () and r.results[-1].status == "holds"


def test_a_filter_above_12_is_vacuous_where_play_lists_the_rows():
    f = rows("LR", match="E")  # no row over L, R has an E
    assert vacancy(f, 14) == "no position of size 14 passes the filter /E/"
    assert vacancy(f, 20) is None  # above play's limit: no method lists the rows there
    assert vacancy(rows("LR", match="^L"), 14) is None
