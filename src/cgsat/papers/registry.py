"""The registry of the papers: every ``CLAIMS`` list and every ``PROBES`` list.

The paper modules are imported explicitly (no discovery magic). Claim ids and probe names
must be unique: a duplicate is an error at import time, since the store and the report
key on them. Covers the five papers: *The Game of timber!*, *Timber on caterpillars*,
*Thinning Thickets*, *Lumberjack* and *Toppling Conjectures*.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import replace
from typing import TypeVar

from cgsat.claims import KINDS, Claim
from cgsat.errors import CgsatInputError
from cgsat.papers import lumberjack, lumberjack_example
from cgsat.papers.all_n import claims as all_n
from cgsat.papers.caterpillars import claims as caterpillars
from cgsat.papers.thickets import claims as thickets
from cgsat.papers.thickets import probes as thickets_probes
from cgsat.papers.timber import claims as timber
from cgsat.papers.timber import probes as timber_probes
from cgsat.papers.toppling import claims as toppling
from cgsat.papers.toppling import probes as toppling_probes
from cgsat.probes import Probe

__all__ = [
    "PAPER_MODULES",
    "PROBE_MODULES",
    "T",
    "all_claims",
    "all_n_reason",
    "get_claim",
    "target_reason",
    "target_reasons",
    "all_probes",
    "get_probe",
]

PAPER_MODULES = (timber, caterpillars, thickets, lumberjack, lumberjack_example, toppling)
PROBE_MODULES = (timber_probes, toppling_probes, thickets_probes)

T = TypeVar("T")


def _unique(items: Iterable[tuple[str, str, T]], what: str) -> dict[str, T]:
    """``{key: item}`` from ``(key, source module, item)``; a duplicate key is an error
    at import time (of any paper's ``CLAIMS`` or ``PROBES``)."""
    out: dict[str, T] = {}
    for key, source, item in items:
        if key in out:
            raise RuntimeError(f"duplicate {what} {key!r} in {source}")
        out[key] = item
    return out


def _check_claim(claim: Claim) -> Claim:
    """A claim whose kind is known and whose method names are unique (any paper)."""
    if claim.kind not in KINDS:
        raise RuntimeError(f"claim {claim.id!r}: unknown kind {claim.kind!r}")
    names = [m.name for m in claim.methods]
    if len(set(names)) != len(names):
        raise RuntimeError(f"claim {claim.id!r}: duplicate method names {names}")
    return claim


def _with_all_n(claim: Claim) -> Claim:
    """The claim with the all-n methods :mod:`cgsat.papers.all_n.claims` attaches to it
    (issue 37: *Toppling Conjectures* Lemma 1, *Thinning Thickets* Theorem 4.2, ...)."""
    extra = all_n.METHODS.get(claim.id, ())
    return replace(claim, methods=claim.methods + extra) if extra else claim


_CLAIMS = _unique(((c.id, m.__name__, _check_claim(_with_all_n(c))) for m in PAPER_MODULES
                   for c in m.CLAIMS), "claim id")
if set(all_n.METHODS) - set(_CLAIMS):
    raise RuntimeError(f"all-n methods of unknown claims: "
                       f"{sorted(set(all_n.METHODS) - set(_CLAIMS))}")
_TARGET_REASONS = _unique(((cid, m.__name__, why) for m in PAPER_MODULES
                           for cid, why in getattr(m, "TARGET_REASONS", {}).items()),
                          "target reason")
if set(_TARGET_REASONS) - set(_CLAIMS):
    raise RuntimeError(f"target reasons of unknown claims: "
                       f"{sorted(set(_TARGET_REASONS) - set(_CLAIMS))}")
_PROBES = _unique(((p.name, m.__name__, p) for m in PROBE_MODULES for p in m.PROBES),
                  "probe name")


def all_claims() -> list[Claim]:
    """Every registered claim of the five papers, in registration order (paper by paper).

    Examples
    --------
    >>> "timber.thm2.3" in [c.id for c in all_claims()]
    True
    """
    return list(_CLAIMS.values())


def get_claim(claim_id: str) -> Claim:
    """The claim with this id (of any paper, e.g. *The Game of timber!*'s ``timber.thm2.3``).

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


def target_reason(claim_id: str) -> str | None:
    """Why a claim's target bound is where it is, or why a method of it stops at its size
    limit (:attr:`cgsat.claims.Method.max_n`), as measured (issue 27, item 3): the time per
    size near the top, its growth, the method's limit. None when nothing was lowered.

    The reasons live beside the records, in each paper's ``TARGET_REASONS`` (its
    ``claims.py``: a record's text, which no fingerprint covers).

    Examples
    --------
    >>> "toppling.conj37" in target_reasons()
    True
    >>> target_reason("no.such-claim") is None
    True
    """
    return _TARGET_REASONS.get(claim_id)


def all_n_reason(claim_id: str) -> str | None:
    """Why a claim has no all-n proof, in one line, or what its proof leaves out
    (:data:`cgsat.papers.all_n.claims.REASONS`; issue 37); None when none is recorded.

    Examples
    --------
    >>> all_n_reason("thickets.thm3.1-corrected")[:16]
    'values unbounded'
    """
    return all_n.REASONS.get(claim_id)


def target_reasons() -> dict[str, str]:
    """Every recorded target reason, claim id -> reason (see :func:`target_reason`), of
    the five papers (*The Game of timber!* to *Toppling Conjectures*)."""
    return dict(_TARGET_REASONS)


def all_probes() -> list[Probe]:
    """Every registered probe (the papers' open problems, e.g. *Thinning Thickets* 5.1).

    Examples
    --------
    >>> sorted(p.name for p in all_probes())  # doctest: +NORMALIZE_WHITESPACE
    ['green-cordon-nim', 'phyminoes', 'phyminoes-reductions', 'thickets-tinies',
     'timber-path-values', 'timber-reductions', 'toppling-uniqueness',
     'toppling-uniqueness-lr', 'tree-p-counts']
    """
    return list(_PROBES.values())


def get_probe(name: str) -> Probe:
    """The probe with this name (of any paper, e.g. *The Game of timber!*'s ``phyminoes``);
    an unknown name is bad input naming the probes.

    Examples
    --------
    >>> get_probe("phyminoes").base
    3
    """
    try:
        return _PROBES[name]
    except KeyError:
        close = difflib.get_close_matches(name, list(_PROBES), n=3, cutoff=0.5)
        hint = f"did you mean {', '.join(close)}? " if close else ""
        raise CgsatInputError(f"unknown probe {name!r}; {hint}available probes: "
                              f"{', '.join(sorted(_PROBES))} (see `cgsat probe --list`)") \
            from None
