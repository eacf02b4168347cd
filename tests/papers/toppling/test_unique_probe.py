"""The probe toppling-uniqueness's SAT column ``absent_sat_up_to`` (issue 14, Conjecture
40): at a small bound it matches brute force written here independently (plain game-tree
search on row minus listed game, the rules written out again), and a disagreement between
SAT and the enumeration is loud.
"""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from cgsat.papers.toppling import absence
from cgsat.papers.toppling.constructions import conjecture40_games
from cgsat.papers.toppling.probes import UNIQUENESS

UP_TO = 4


# -- plain play: a position is a tuple of rows and of explicit games (left, right) ----------
def _options(part, left: bool) -> list:
    if isinstance(part, str):
        mine = "LE" if left else "RE"
        return [w for i, c in enumerate(part) if c in mine for w in (part[:i], part[i + 1:])]
    return list(part[0] if left else part[1])


@cache
def _wins(pos: tuple, left: bool) -> bool:
    """Whether the player (Left if ``left``) moving first wins the sum ``pos``."""
    for i, part in enumerate(pos):
        for o in _options(part, left):
            rest = pos[:i] + ((o,) if o != "" else ()) + pos[i + 1:]
            if not _wins(rest, not left):
                return True
    return False


def _neg(g):
    return (tuple(_neg(o) for o in g[1]), tuple(_neg(o) for o in g[0]))


def _explicit(g) -> tuple:
    return (tuple(_explicit(o) for o in g.left), tuple(_explicit(o) for o in g.right))


def _equals(w: str, g: tuple) -> bool:
    pos = (w, _neg(g))
    return not _wins(pos, True) and not _wins(pos, False)


def test_absent_sat_up_to_matches_plain_play():
    sizes = {n: UNIQUENESS.size(n) for n in range(1, UP_TO + 1)}
    table = {r["value"]: r for r in UNIQUENESS.table(sizes, UP_TO)}
    assert "absent_sat_up_to" in UNIQUENESS.columns
    for label, g in conjecture40_games():
        e = _explicit(g)
        first = next((n for n in range(1, UP_TO + 1)
                      if any(_equals("".join(t), e) for t in itertools.product("LRE", repeat=n))),
                     None)
        want = UP_TO if first is None else first - 1
        row = table[label]
        assert row["listed"] and row["absent_sat_up_to"] == want, label
        assert row["absent_up_to"] == want, label
        assert (row["rows"] == 0) == (first is None), label
    assert all(r["absent_sat_up_to"] is None for r in table.values() if not r["listed"])


def test_sat_records_find_a_row_where_the_enumeration_has_one():
    recs = {r["value"]: r["sat_row"] for r in absence.listed_rows(3)}
    assert recs["+-1"] in ("LER", "REL") and recs["1/2"] == "LRL"
    assert recs["^*"] is None and recs["0"] is None


def test_disagreement_is_loud(monkeypatch):
    """Negative control: a SAT side that claims a row of ^* at length 2 (there is none)
    makes the size fail instead of being stored."""
    real = absence.listed_rows

    def wrong(n):
        return [dict(r, sat_row="LR") if r["value"] == "^*" else r for r in real(n)]

    monkeypatch.setattr(absence, "listed_rows", wrong)
    with pytest.raises(absence.ProbeDisagreement, match=r"\^\*"):
        absence.size(2)


def test_summary_does_not_call_zero_absent():
    """The empty row has value 0 (issue 37, report corrections): the absent list leaves it
    out, while the table keeps it (no row of length >= 1 has it)."""
    from cgsat.papers.toppling.probes import summary
    sizes = {n: UNIQUENESS.size(n) for n in range(1, UP_TO + 1)}
    rows = {r["value"]: r for r in UNIQUENESS.table(sizes, UP_TO)}
    assert rows["0"]["rows"] == 0
    line = summary(sizes, UP_TO)[-1]
    absent = line.split(": ", 1)[1].split(" (", 1)[0].split(", ")
    assert "0" not in absent and "^*" in absent, line
