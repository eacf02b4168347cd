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

In code a certificate is a :class:`Certificate`, whose kinds, checkers and answers are
tuples; the JSON object (``check --json``, the store) is its :meth:`Certificate.to_json`,
read back by :meth:`Certificate.read`. Those two are the only places where the parts are
joined with ``+`` or split again.

A certificate also names the answers it backs (issue 24, "Certificates fit their
answers"): ``"answer"`` is ``"unsat"``, ``"sat"`` or, combined over several SAT calls,
``"sat+unsat"``. It must fit them (:func:`misfit`): an UNSAT answer is certified only by a
``drat`` certificate or a ``second-solver`` one, and a ``model`` certificate backs SAT answers
only. Rows stored before the field existed are read by the rule that held then: a
``holds`` whose only kind is ``model`` was all SAT answers, any other ``holds`` UNSAT ones,
and a ``refuted`` a SAT answer.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import TypeGuard

__all__ = ["CERTIFYING_KINDS", "Certificate", "answers", "combine", "fits", "is_certified", "kinds",
           "misfit"]

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


def _parts(text: str | None) -> tuple[str, ...]:
    return tuple(text.split("+")) if text else ()


@dataclass(frozen=True)
class Certificate:
    """What backs the answers of one or more SAT calls, as a typed value.

    Attributes
    ----------
    kinds : tuple of str
        ``"drat"``, ``"second-solver"``, ``"model"``, as written (a stored row's old
        ``"confirm"`` included; :attr:`kind_names` reads it as ``"second-solver"``).
    checkers : tuple of str
        The programs that checked it (``"cgsat-drat"``, ``"clause-check"``, a solver).
    verdict : str
        ``"verified"``, ``"agreed"``, ``"unchecked"``, ``"too-large"`` or ``"rejected"``.
    sha256 : str
        The hash of the proof, or of the instance.
    answers : tuple of str
        ``("sat",)``, ``("unsat",)``, ``("sat", "unsat")``; empty in rows stored before
        the field existed.

    Examples
    --------
    >>> c = Certificate.read({"kind": "drat+confirm", "checker": "cgsat-drat+glucose4",
    ...                       "verdict": "verified", "sha256": "aa"})
    >>> c.kinds, sorted(c.kind_names), c.answers
    (('drat', 'confirm'), ['drat', 'second-solver'], ())
    >>> c.to_json()["kind"], Certificate.read(c.to_json()) == c
    ('drat+confirm', True)
    """

    kinds: tuple[str, ...]
    checkers: tuple[str, ...]
    verdict: str
    sha256: str
    answers: tuple[str, ...] = ()

    @classmethod
    def read(cls, certificate: Mapping[str, str]) -> Certificate:
        """The certificate of a JSON object (a stored row's, or one made here)."""
        return cls(_parts(certificate.get("kind")), _parts(certificate.get("checker")),
                   certificate.get("verdict", ""), certificate.get("sha256", ""),
                   _parts(certificate.get("answer")))

    def to_json(self) -> dict[str, str]:
        """The JSON object ``{"kind","checker","verdict","sha256"[,"answer"]}``."""
        out = {"kind": "+".join(self.kinds), "checker": "+".join(self.checkers),
               "verdict": self.verdict, "sha256": self.sha256}
        if self.answers:
            out["answer"] = "+".join(self.answers)
        return out

    @property
    def kind_names(self) -> set[str]:
        """The kinds, the old name ``"confirm"`` read as ``"second-solver"``."""
        return {_OLD_KINDS.get(k, k) for k in self.kinds}


def kinds(certificate: dict[str, str] | None) -> set[str]:
    """The kinds of a certificate, the old name ``"confirm"`` read as ``"second-solver"``.

    Examples
    --------
    >>> sorted(kinds({"kind": "drat+confirm"}))
    ['drat', 'second-solver']
    >>> kinds(None)
    set()
    """
    if not certificate:
        return set()
    return Certificate.read(certificate).kind_names


def answers(certificate: dict[str, str] | None, status: str = "holds") -> set[str]:
    """The answers (``"sat"``, ``"unsat"``) a certificate backs, read from its ``"answer"``
    field; a certificate stored before the field existed is read by the rule of its time
    (a ``holds`` backed only by ``model`` was SAT answers, any other ``holds`` UNSAT ones, a
    ``refuted`` a SAT answer).

    Examples
    --------
    >>> sorted(answers({"kind": "drat+model", "answer": "sat+unsat"}))
    ['sat', 'unsat']
    >>> answers({"kind": "model"}), answers({"kind": "drat"}), answers(None)
    ({'sat'}, {'unsat'}, set())
    """
    if not certificate:
        return set()
    said = Certificate.read(certificate).answers
    if said:
        return set(said)
    if status == "refuted" or kinds(certificate) == {"model"}:
        return {"sat"}
    return {"unsat"}


def misfit(certificate: dict[str, str] | None, status: str = "holds") -> str | None:
    """Why ``certificate`` does not fit the answers it backs, or None when it fits.

    A ``model`` certificate backs SAT answers only and a ``drat`` proof UNSAT answers
    only; an UNSAT answer needs a ``drat`` or ``second-solver`` certificate (whether the
    proof was checked is :func:`is_certified`'s business, not a misfit); a ``refuted`` rests
    on a SAT answer. An unknown kind or answer is a misfit too. No certificate fits
    anything (the answer is then simply not certified).

    Parameters
    ----------
    certificate : dict or None
    status : str
        The verdict the certificate is attached to (``holds`` or ``refuted``; others are
        not checked).

    Examples
    --------
    >>> misfit({"kind": "model", "answer": "unsat", "verdict": "verified"})
    'a model certificate on an UNSAT answer (a model certifies SAT answers only)'
    >>> misfit({"kind": "drat", "answer": "unsat", "verdict": "verified"}) is None
    True
    >>> misfit({"kind": "drat+model", "answer": "sat+unsat", "verdict": "verified"}) is None
    True
    >>> misfit({"kind": "drat", "answer": "unsat"}, "refuted")
    'a refutation backed by an UNSAT answer'
    """
    if not certificate or status not in ("holds", "refuted"):
        return None
    have = kinds(certificate)
    unknown = have - CERTIFYING_KINDS
    if unknown or not have:
        return f"an unknown certificate kind {certificate.get('kind')!r}"
    said = answers(certificate, status)
    if not said or said - {"sat", "unsat"}:
        return f"an unknown answer {certificate.get('answer')!r}"
    if status == "refuted" and "unsat" in said:
        return "a refutation backed by an UNSAT answer"
    if "unsat" in said and not have & {"drat", "second-solver"}:
        return (f"a {certificate.get('kind')} certificate on an UNSAT answer (a model "
                "certifies SAT answers only)")
    if "model" in have and "sat" not in said:
        return "a model certificate on an UNSAT answer (a model certifies SAT answers only)"
    if "drat" in have and "unsat" not in said:
        return "a DRAT proof on a SAT answer"
    return None


def fits(certificate: dict[str, str] | None, sat: bool) -> str | None:
    """Why the certificate of one solver call does not fit that call's answer (``sat``),
    or None: it must name the answer the solver gave, and :func:`misfit` that answer.

    Examples
    --------
    >>> fits({"kind": "model", "answer": "sat", "verdict": "verified"}, sat=False)
    'the certificate names a SAT answer, the solver said UNSAT'
    >>> fits({"kind": "model", "answer": "sat", "verdict": "verified"}, sat=True) is None
    True
    """
    if certificate is None:
        return None
    said = "sat" if sat else "unsat"
    if certificate.get("answer") != said:
        return (f"the certificate names a{'n' if said == 'sat' else ''} "
                f"{certificate.get('answer', 'no').upper()} answer, the solver said "
                f"{said.upper()}")
    return misfit(certificate)


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
    given = [c for c in certificates if c is not None]
    if len(given) == 1:
        return dict(given[0])
    said: set[str] = set()
    for c in given:
        said |= answers(c)
    certs = [Certificate.read(c) for c in given]
    kinds_seen = tuple(dict.fromkeys(_OLD_KINDS.get(k, k) for c in certs for k in c.kinds))
    checkers = tuple(dict.fromkeys(k for c in certs for k in c.checkers))
    verdict = max((c.verdict for c in certs), key=lambda v: _RANK.get(v, 1))
    digest = hashlib.sha256(":".join(c.sha256 for c in certs).encode()).hexdigest()
    return Certificate(kinds_seen, checkers, verdict, digest, tuple(sorted(said))).to_json()


def is_certified(certificate: dict[str, str] | None) -> TypeGuard[dict[str, str]]:
    """Whether a "holds" is certified: each UNSAT answer by a checked DRAT proof or an
    agreeing second solver, each SAT answer by its model checked against every clause;
    a certificate that does not fit its answers (:func:`misfit`) certifies nothing.

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
    >>> is_certified({"kind": "model", "checker": "clause-check", "verdict": "verified",
    ...               "sha256": "00", "answer": "unsat"})   # a model on an UNSAT answer
    False
    >>> is_certified(None)
    False
    """
    if not certificate or misfit(certificate) is not None:
        return False
    return bool(kinds(certificate) & CERTIFYING_KINDS) and certificate.get("verdict") == "verified"
