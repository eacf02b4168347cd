"""The direct-solver methods of a kit claim: play, and the replay of a counterexample.

- :func:`play`: every position of the family at size n, by the direct solver
  (:mod:`cgsat.cgt`), the statement evaluated on each; the user's predicate runs here.
- :func:`confirm`: the replay of a counterexample by the direct solver.

The SAT method (the ``cgsat find`` searches) is :mod:`cgsat.kit.sat`: kept apart, so that
nothing of the search layer is in play's code (nor in its fingerprint).

References
----------
.. [1] R. J. Nowakowski et al., *The Game of timber!*; *Thinning Thickets*; Fink et al.,
   *Toppling Conjectures*: the rulesets and the searches' encodings.
"""

from __future__ import annotations

from collections.abc import Iterator

from cgsat.claims import Budget, Verdict
from cgsat.errors import CgsatInputError, PositionError
from cgsat.kit.families import Family
from cgsat.kit.statements import Position, Statement

__all__ = ["UserClaimError", "listed_positions", "play", "confirm"]


class UserClaimError(CgsatInputError):
    """A user's claim cannot be evaluated (its predicate raised, a listed position does
    not parse): bad input, one line naming the claim (exit code 2)."""


def listed_positions(claim_id: str, family: Family, statement: Statement, n: int) -> set[str]:
    """``exactly``: the listed positions of size n (:meth:`Statement.listed`), a user's
    function that raises or a position that does not parse being bad input naming the
    claim (:class:`UserClaimError`)."""
    try:
        return statement.listed(family, n)
    except PositionError as exc:
        raise UserClaimError(f"{claim_id}: a listed position does not parse: {exc}") from None
    except CgsatInputError:
        raise
    except Exception as exc:  # noqa: BLE001 - the user's function: one line, exit 2
        raise UserClaimError(f"{claim_id}: the list of positions raised "
                             f"{type(exc).__name__}: {exc}") from None


def _violation(claim_id: str, statement: Statement, p: Position,
               listed: set[str] | None) -> str | None:
    try:
        return statement.violation(p, listed)
    except CgsatInputError:
        raise
    except Exception as exc:  # noqa: BLE001 - the user's predicate: one line, exit 2
        raise UserClaimError(f"{claim_id}: the predicate raised {type(exc).__name__}: {exc} "
                             f"(at {p.text})") from None


def _members(family: Family, n: int) -> Iterator[str]:
    for text in family.positions(n):
        if family.keep(text):
            yield family.normalize(text)


def play(n: int, budget: Budget, family: Family, statement: Statement,
         claim_id: str) -> Verdict:
    """Every position of the family at size n by the direct solver (play).

    References
    ----------
    The rulesets of *The Game of timber!*, *Thinning Thickets* and *Toppling Conjectures*.
    """
    exact = statement.form == "exactly"
    listed = listed_positions(claim_id, family, statement, n) if exact else None
    count = 0
    seen = set()
    for text in _members(family, n):
        count += 1
        seen.add(text)
        why = _violation(claim_id, statement, Position(family, text, n), listed)
        if why is not None:
            return Verdict.refuted(text, detail=why)
    for text in sorted(listed or (), key=lambda t: (len(t), t)):
        if text not in seen:  # a tree or graph labelled otherwise than the family's
            return Verdict.refuted(text, detail="listed, but not among the family's "
                                   "positions as cgsat labels them (compare as printed)")
    if count == 0:  # the record calls such a size vacuous, and no method runs there
        return Verdict.vacuous(f"no position of size {n} in the family")
    return Verdict.holds(detail=f"{count} positions played")


def confirm(n: int, text: str, family: Family, statement: Statement, claim_id: str) -> bool:
    """The direct solver's replay: ``text`` is a position of the family at size n that
    breaks the statement.

    References
    ----------
    The rulesets of *The Game of timber!*, *Thinning Thickets* and *Toppling Conjectures*.
    """
    norm = family.normalize(text)
    if not family.contains(n, norm):
        return False
    exact = statement.form == "exactly"
    listed = listed_positions(claim_id, family, statement, n) if exact else None
    return _violation(claim_id, statement, Position(family, norm, n), listed) is not None
