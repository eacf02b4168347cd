"""The count control of ``cgsat find --count`` (issue 36): a count by SAT, recounted by
the direct solver in the same run at the small sizes it reaches.

The searches count by SAT: rows and cordons by enumeration with blocking clauses, words
and orientations by pyganak (and, up to 2,000, by enumeration too). A blocking clause that
drops a literal blocks more than its own model, and the count falls short, with every
position it did list replayed correctly. :func:`check_count` plays every position of the
sizes asked (every row over the alphabet, every word over LR, every orientation of the
shape, every cordon of the height) with the direct solver (:mod:`cgsat.cgt`), counts
those with the value or outcome asked, and raises :class:`~cgsat.search.ControlFailed`
(exit code 3) when the two counts differ. It runs when the sizes asked hold at most
:data:`LIMIT` positions in all, and shares no code with the searches: the positions are
generated here and the target is read from the query's own fields.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import networkx as nx

from cgsat.cgt.impartial import solver_for
from cgsat.cgt.notation import parse as parse_game
from cgsat.cgt.partizan_values import canonical_form
from cgsat.games import get_ruleset, oriented
from cgsat.games import green_cordon as cordon_game
from cgsat.games.base import ImpartialRuleset, PartizanRuleset
from cgsat.search import ControlFailed
from cgsat.search.query import FindResult

__all__ = ["LIMIT", "check_count", "direct_count", "sizes_of"]

LIMIT = 4_096
"""The most positions the direct solver plays for the control: rows over LRE to length 7
(over LR to 12), words to length 11 with every shorter length, shapes of 12 edges,
cordons of height 13."""


def sizes_of(query: dict[str, Any]) -> list[int]:
    """The lengths of a word query (``length`` or 1 .. ``max_length``); ``[]`` else.

    Examples
    --------
    >>> sizes_of({"max_length": 3}), sizes_of({"length": 4}), sizes_of({"shape": "0-1"})
    ([1, 2, 3], [4], [])
    """
    if "length" in query:
        return [int(query["length"])]
    if "max_length" in query:
        return list(range(1, int(query["max_length"]) + 1))
    return []


def _positions(ruleset: str, query: dict[str, Any]) -> tuple[int, Iterator[Any]] | None:
    """How many positions the query ranges over, and the parsed positions; None above
    :data:`LIMIT`."""
    if ruleset in ("toppling", "timber-path"):
        letters = query.get("alphabet", "LRE") if ruleset == "toppling" else "LR"
        lengths = sizes_of(query)
        total = sum(len(letters) ** n for n in lengths)
        if total > LIMIT:
            return None
        rs = get_ruleset(ruleset)
        words = ("".join(t) for n in lengths for t in itertools.product(letters, repeat=n))
        return total, (rs.parse(w) for w in words)
    if ruleset == "green-cordon":
        h = int(query["height"])
        total = 2 ** max(h - 1, 0)
        if total > LIMIT:
            return None
        rs = get_ruleset("green-cordon")
        return total, (rs.parse(cordon_game.format_cordon(c)) for c in cordon_game.cordons(h))
    edges = [(u, v) for u, v in (e.split("-", 1) for e in str(query["shape"]).split())]
    if 2 ** len(edges) > LIMIT:
        return None
    return 2 ** len(edges), iter(oriented.orientations(nx.Graph(edges)))


def _ruleset(ruleset: str, query: dict[str, Any]) -> ImpartialRuleset | PartizanRuleset:
    if ruleset == "phyminoes":
        return get_ruleset("phyminoes", distances=query.get("distances", "minus-edge"))
    return get_ruleset(ruleset)


def direct_count(ruleset: str, query: dict[str, Any]) -> int | None:
    """The number of positions of the query with its value or outcome, by the direct
    solver over every position; None when they are more than :data:`LIMIT`.

    Impartial rulesets: ``value`` is a nim-value (``0`` under misère play means the
    misère outcome P); ``outcome`` is P or N under the play asked. Toppling: ``value`` is
    a game compared by canonical form, ``outcome`` one of L, R, N, P.

    Examples
    --------
    >>> direct_count("timber-path", {"length": 4, "value": "0", "misere": False})
    2
    >>> direct_count("toppling", {"length": 3, "alphabet": "LR", "outcome": "R"})
    2
    """
    listed = _positions(ruleset, query)
    if listed is None:
        return None
    _, positions = listed
    rs = _ruleset(ruleset, query)
    value, outcome = query.get("value"), query.get("outcome")
    misere = bool(query.get("misere"))
    if isinstance(rs, ImpartialRuleset):
        solver = solver_for(rs)
        if value is not None:
            nim = parse_game(str(value)).nim_value()
            if misere:  # value 0 under misère play: the misère P-positions
                return sum(solver.outcome(p, misere=True) == "P" for p in positions)
            return sum(solver.nim_value(p) == nim for p in positions)
        return sum(solver.outcome(p, misere=misere) == outcome for p in positions)
    assert isinstance(rs, PartizanRuleset)
    if value is not None:
        game = parse_game(str(value))
        return sum(canonical_form(rs, p) == game for p in positions)
    return sum(canonical_form(rs, p).outcome() == outcome for p in positions)


def check_count(result: FindResult) -> FindResult:
    """``result`` (a ``--count`` answer by SAT) when the direct solver counts the same;
    else :class:`ControlFailed`. Answers of other modes, and sizes above :data:`LIMIT`,
    pass as they are (the controls tally of the answer is the SAT instances', as
    documented; this control speaks only when it fails).

    Raises
    ------
    ControlFailed
        When the direct solver counts otherwise (a bug in the search: exit code 3).
    """
    if result.count is None:
        return result
    want = direct_count(result.ruleset, result.query)
    if want is not None and want != result.count:
        shown = {k: v for k, v in result.query.items() if k != "mode"}
        raise ControlFailed(
            f"count control: {result.ruleset} {shown}: SAT counted {result.count}, the "
            f"direct solver {want} (every position played)")
    return result
