"""The registry of claims: every ``CLAIMS`` list of :mod:`cgsat.papers`.

The paper modules are imported explicitly (no discovery magic). Claim ids must be unique:
a duplicate is an error at import time, since the store and the report key on the id.
"""

from __future__ import annotations

import difflib

from cgsat.claims import KINDS, Claim
from cgsat.errors import CgsatInputError
from cgsat.papers import lumberjack
from cgsat.papers.caterpillars import claims as caterpillars
from cgsat.papers.thickets import claims as thickets
from cgsat.papers.timber import claims as timber
from cgsat.papers.toppling import claims as toppling

PAPER_MODULES = (timber, caterpillars, thickets, lumberjack, toppling)


def _collect() -> dict[str, Claim]:
    claims: dict[str, Claim] = {}
    for module in PAPER_MODULES:
        source = module.__name__
        for claim in module.CLAIMS:
            if claim.id in claims:
                raise RuntimeError(f"duplicate claim id {claim.id!r} in {source}")
            if claim.kind not in KINDS:
                raise RuntimeError(f"claim {claim.id!r}: unknown kind {claim.kind!r}")
            names = [m.name for m in claim.methods]
            if len(set(names)) != len(names):
                raise RuntimeError(f"claim {claim.id!r}: duplicate method names {names}")
            claims[claim.id] = claim
    return claims


_CLAIMS = _collect()


def all_claims() -> list[Claim]:
    """Every registered claim, in registration order (paper by paper).

    Examples
    --------
    >>> "timber.thm2.3" in [c.id for c in all_claims()]
    True
    """
    return list(_CLAIMS.values())


def get_claim(claim_id: str) -> Claim:
    """The claim with this id.

    Raises
    ------
    CgsatInputError
        For an unknown id, naming close matches.

    Examples
    --------
    >>> get_claim("timber.thm2.3").theorem
    'Theorem 2.3'
    """
    try:
        return _CLAIMS[claim_id]
    except KeyError:
        close = difflib.get_close_matches(claim_id, list(_CLAIMS), n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(close)}?" if close else "; see `cgsat list`"
        raise CgsatInputError(f"unknown claim {claim_id!r}{hint}") from None
