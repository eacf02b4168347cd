"""The SAT method of a kit claim: the searches of ``cgsat find`` where they can look.

- :func:`sat`: the searches of ``cgsat find`` (:mod:`cgsat.search`), each with its
  sample controls and, when it finds nothing, its toggled control; a position a search
  finds is a counterexample (for ``exactly``: the listing is compared with the claimed
  positions). A failed control is an ``error`` (exit code 3), never "holds".

This adapter calls the searches through their public entry point,
:func:`cgsat.search.plan.run_query` with a :class:`cgsat.search.query.FindQuery` (what
``cgsat find`` runs), and :func:`cgsat.search.toppling.search_rows` for a value born after
day n (``find`` refuses it as bad input; the instance still answers its controls).

References
----------
.. [1] R. J. Nowakowski et al., *The Game of timber!*; *Thinning Thickets*; Fink et al.,
   *Toppling Conjectures*: the rulesets and the searches' encodings.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cgsat.cgt.notation import parse as parse_game
from cgsat.claims import Budget, Verdict
from cgsat.errors import CgsatInputError
from cgsat.kit.families import Family
from cgsat.kit.methods import UserClaimError, listed_positions
from cgsat.kit.statements import Statement
from cgsat.search import ControlFailed, Disagreement
from cgsat.search import toppling as toppling_search
from cgsat.search.controls import Controls
from cgsat.search.plan import run_query
from cgsat.search.query import FindQuery

__all__ = ["sat"]


def _nim_bound(family: Family, n: int) -> int:
    """A nim-value is at most the number of moves: dominoes, edges, arcs."""
    if family.kind == "green-cordon":
        return 2 * n
    if family.kind == "graphs":
        return n * (n - 1) // 2
    return n


def _targets(family: Family, statement: Statement, n: int) -> list[dict[str, Any]]:
    """The searches at size n (value / nim / outcome), after :meth:`Statement.searches`."""
    found, _ = statement.searches(family)
    out: list[dict[str, Any]] = []
    for t in found or ():
        if t.get("nim") == "*":
            out += [{"nim": k} for k in range(_nim_bound(family, n) + 1)
                    if k not in (statement.nims or ())]
        elif "value" in t and family.impartial:
            out.append({"nim": parse_game(t["value"]).nim_value()})
        else:
            out.append(t)
    return out


def _search(family: Family, n: int, t: dict[str, Any], misere: bool, mode: str,
            k: int, tally: Controls) -> list[str]:
    """One ``cgsat find`` search of size n (its controls added to ``tally``); the
    positions found, each replayed by the direct solver."""
    value = t.get("value")
    if "nim" in t:
        value = "0" if t["nim"] == 0 else f"*{t['nim']}"
    outcome = None if value is not None else t["outcome"]
    play = misere and value is None
    if family.kind == "rows":
        game = parse_game(value) if value is not None else None
        if game is not None and game.birthday() > n:
            # find refuses a value born after day n (no row of n dominoes has it); the
            # instance is still built and answers its controls, so "holds" rests on one
            return toppling_search.search_rows([n], game, None, family.alphabet, mode, tally)
        queries = [FindQuery("toppling", length=n, alphabet=family.alphabet, value=value,
                             outcome=outcome)]
    elif family.kind == "timber-path":
        queries = [FindQuery("timber-path", length=n, value=value, outcome=outcome,
                             misere=play)]
    elif family.kind == "green-cordon":
        queries = [FindQuery("green-cordon", height=n, value=value, outcome=outcome,
                             misere=play)]
    else:
        distances = family.distances if family.rule == "phyminoes" else None
        queries = [FindQuery(family.rule, shape=" ".join(f"{u}-{v}" for u, v in edges),
                             value=value, outcome=outcome, misere=play, distances=distances)
                   for edges in family.shapes(n)]
    found: list[str] = []
    for q in queries:
        result = run_query(replace(q, mode=mode, controls=k))
        tally.passed += result.controls["passed"]
        tally.total += result.controls["total"]
        found += result.positions or ()
        if found and mode == "one":
            break
    return found


def sat(n: int, budget: Budget, family: Family, statement: Statement,
        claim_id: str) -> Verdict:
    """The ``cgsat find`` searches at size n: a position found (and kept by the filter)
    breaks the statement; for ``exactly``, the listing must equal the claimed positions.

    References
    ----------
    The searches of ``cgsat find`` over the rulesets of *The Game of timber!*, *Thinning
    Thickets* and *Toppling Conjectures* (their encodings and controls).
    """
    controls = Controls(budget.controls, seed=budget.seed or f"{claim_id}:{n}")
    k = budget.controls
    listing = statement.form == "exactly" or family.filtered
    mode = "all" if listing else "one"
    found: set[str] = set()
    targets = _targets(family, statement, n)
    if not targets:  # the claim holds at n by the bound alone: nothing to search for
        return Verdict.holds(detail=f"nothing to search: a nim-value at size {n} is at most "
                                    f"{_nim_bound(family, n)} (the number of moves), and "
                                    "each is in the set")
    try:
        for t in targets:
            for text in _search(family, n, t, statement.misere, mode, k, controls):
                norm = family.normalize(text)
                if not family.keep(norm):
                    continue
                if statement.form != "exactly":
                    return Verdict.refuted(norm, detail=f"found with {_show(t)}",
                                           controls=controls.tally, solver="cadical195")
                found.add(norm)
    except (ControlFailed, Disagreement) as exc:
        return Verdict.error(str(exc), controls=controls.tally)
    except UserClaimError:
        raise
    except CgsatInputError as exc:  # a search's size limit
        return Verdict.unknown(f"too large: {exc}", controls=controls.tally)
    if statement.form == "exactly":
        listed = listed_positions(claim_id, family, statement, n)
        for text in sorted(found - listed, key=lambda t: (len(t), t)):
            return Verdict.refuted(text, detail=f"has {statement.target_text()}, not listed",
                                   controls=controls.tally, solver="cadical195")
        for text in sorted(listed - found, key=lambda t: (len(t), t)):
            return Verdict.refuted(text, detail="listed, but the search did not find it",
                                   controls=controls.tally, solver="cadical195")
    return Verdict.holds(controls=controls.tally, solver="cadical195",
                         detail=f"{len(found)} found" if listing else None)


def _show(t: dict[str, Any]) -> str:
    if "nim" in t:
        return f"nim-value {t['nim']}"
    if "value" in t:
        return f"value {t['value']}"
    return f"outcome {t['outcome']}"
