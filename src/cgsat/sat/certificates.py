"""Certificates of verdicts: what backs a "holds" or a "refuted".

A certificate is the JSON object ``{"kind","checker","verdict","sha256"}`` of docs/reference.md
("JSON output"); :func:`cgsat.sat.solve.solve_cnf` makes one per SAT call. A method
that solves several instances at one size (a counting claim checks a normal and a misère
characterization) combines them with :func:`combine`. :func:`is_certified` says whether a
"holds" counts towards the certified bound of the report: its UNSAT answers were backed by
a checked DRAT proof or by a second solver, its SAT answers by checked models.

The kinds are ``"drat"``, ``"second-solver"`` (``--confirm-with``; stored rows from before
issue 12 call it ``"confirm"``, read here as the same kind) and ``"model"`` (a SAT answer
checked clause by clause), joined with ``+`` when one answer has several.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import TypeGuard

_RANK = {"verified": 0, "agreed": 0, "unchecked": 1, "too-large": 1, "rejected": 2}

CERTIFYING_KINDS = frozenset({"drat", "second-solver", "model"})
"""The kinds of certificate that back a "holds" (:func:`is_certified`): ``drat`` and
``second-solver`` back UNSAT answers; ``model`` backs SAT answers, each model checked
against every clause. :func:`combine` makes a size's certificate None as soon as one of its
answers has none (an UNSAT answer without proof or second solver), so a combined
certificate of kind ``model`` alone means every instance of the size was SAT with its
model checked (a method that finds a witness for each case, replayed by the direct
solver)."""

_OLD_KINDS = {"confirm": "second-solver"}  # the name stored before issue 12


def kinds(certificate: dict[str, str] | None) -> set[str]:
    """The kinds of a certificate, the old name ``"confirm"`` read as ``"second-solver"``.

    Examples
    --------
    >>> sorted(kinds({"kind": "drat+confirm"}))
    ['drat', 'second-solver']
    >>> kinds(None)
    set()
    """
    if not certificate or not certificate.get("kind"):
        return set()
    return {_OLD_KINDS.get(k, k) for k in certificate["kind"].split("+")}


def combine(certificates: Sequence[dict[str, str] | None]) -> dict[str, str] | None:
    """One certificate for several SAT calls: the weakest verdict, all checkers, one hash.

    A missing certificate (None) among present ones makes the result None: the size is
    then not certified as a whole.

    Examples
    --------
    >>> a = {"kind": "drat", "checker": "cgsat-drat", "verdict": "verified", "sha256": "aa"}
    >>> b = {"kind": "drat", "checker": "cgsat-drat", "verdict": "verified", "sha256": "bb"}
    >>> c = combine([a, b])
    >>> c["kind"], c["checker"], c["verdict"], len(c["sha256"])
    ('drat', 'cgsat-drat', 'verified', 64)
    >>> combine([a, None]) is None
    True
    >>> s = {"kind": "confirm", "checker": "glucose4", "verdict": "verified", "sha256": "cc"}
    >>> combine([a, s])["kind"]                  # a stored row's old kind name, renamed
    'drat+second-solver'
    """
    if not certificates or any(c is None for c in certificates):
        return None
    certs = [c for c in certificates if c is not None]
    if len(certs) == 1:
        return dict(certs[0])

    def joined(key: str) -> str:
        seen: list[str] = []
        for c in certs:
            for part in c[key].split("+"):
                part = _OLD_KINDS.get(part, part) if key == "kind" else part
                if part not in seen:
                    seen.append(part)
        return "+".join(seen)

    verdict = max((c["verdict"] for c in certs), key=lambda v: _RANK.get(v, 1))
    digest = hashlib.sha256(":".join(c["sha256"] for c in certs).encode()).hexdigest()
    return {"kind": joined("kind"), "checker": joined("checker"), "verdict": verdict,
            "sha256": digest}


def is_certified(certificate: dict[str, str] | None) -> TypeGuard[dict[str, str]]:
    """Whether a "holds" is certified: each UNSAT answer by a checked DRAT proof or an
    agreeing second solver, each SAT answer by its model checked against every clause.

    Examples
    --------
    >>> is_certified({"kind": "drat", "checker": "dratify+cgsat-drat", "verdict": "verified",
    ...               "sha256": "00"})
    True
    >>> is_certified({"kind": "second-solver", "checker": "glucose4", "verdict": "verified",
    ...               "sha256": "00"})
    True
    >>> is_certified({"kind": "confirm", "checker": "glucose4", "verdict": "verified",
    ...               "sha256": "00"})            # a row stored before issue 12
    True
    >>> is_certified({"kind": "drat", "checker": "cgsat-drat", "verdict": "too-large",
    ...               "sha256": "00"})
    False
    >>> is_certified({"kind": "model", "checker": "clause-check", "verdict": "verified",
    ...               "sha256": "00"})            # every instance SAT, each model checked
    True
    >>> is_certified(None)
    False
    """
    if not certificate:
        return False
    return bool(kinds(certificate) & CERTIFYING_KINDS) and certificate.get("verdict") == "verified"
