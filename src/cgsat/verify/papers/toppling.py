"""Claims from the toppling paper (DESIGN.md, "Claim ids").

Each paper module defines ``CLAIMS``, a list of :class:`cgsat.verify.claims.Claim`; the
registry (:mod:`cgsat.verify.registry`) collects them. Other helpers append claims here.
"""

from __future__ import annotations

from cgsat.verify.claims import Claim

CLAIMS: list[Claim] = []
