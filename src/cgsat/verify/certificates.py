"""Certificates of verdicts: what backs a "holds" or a "refuted".

A certificate is the JSON object ``{"kind","checker","verdict","sha256"}`` of DESIGN.md
("CLI contract"); :func:`cgsat.verify.solve.solve_cnf` makes one per SAT call. A method
that solves several instances at one size (a counting claim checks a normal and a misère
characterization) combines them with :func:`combine`. :func:`is_certified` says whether a
"holds" counts towards the certified bound of the report: its UNSAT answers were backed by
a checked DRAT proof or by a second solver.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

_RANK = {"verified": 0, "agreed": 0, "unchecked": 1, "too-large": 1, "rejected": 2}


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
    """
    if not certificates or any(c is None for c in certificates):
        return None
    certs = [c for c in certificates if c is not None]
    if len(certs) == 1:
        return dict(certs[0])

    def joined(key: str) -> str:
        seen: list[str] = []
        for c in certs:
            if c[key] not in seen:
                seen.append(c[key])
        return "+".join(seen)

    verdict = max((c["verdict"] for c in certs), key=lambda v: _RANK.get(v, 1))
    digest = hashlib.sha256(":".join(c["sha256"] for c in certs).encode()).hexdigest()
    return {"kind": joined("kind"), "checker": joined("checker"), "verdict": verdict,
            "sha256": digest}


def is_certified(certificate: dict[str, str] | None) -> bool:
    """Whether a "holds" is certified: a checked DRAT proof or an agreeing second solver.

    Examples
    --------
    >>> is_certified({"kind": "drat", "checker": "drat-trim", "verdict": "verified",
    ...               "sha256": "00"})
    True
    >>> is_certified({"kind": "model", "checker": "clause-check", "verdict": "verified",
    ...               "sha256": "00"})
    False
    >>> is_certified(None)
    False
    """
    if not certificate:
        return False
    kinds = set(certificate.get("kind", "").split("+"))
    return bool(kinds & {"drat", "confirm"}) and certificate.get("verdict") == "verified"
