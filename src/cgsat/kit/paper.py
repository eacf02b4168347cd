"""A paper's claim as a kit record: :func:`record` (issue 34).

A paper states a claim the kit can say (a family and a statement) in one record: the
paper and theorem, the bounds, and the methods. The kit derives ``play`` (the direct
solver over every position of the family) and, where ``cgsat find`` can search for a
counterexample, ``sat``; a claim that needs a scalable method of its own (an inductive
check, a SAT encoding with leaders and chained moves) attaches it under its own name
(``brute``, ``sat``, ...), and the store keeps keying on those names. The family decides
the vacuous sizes (:meth:`~cgsat.kit.families.Family.vacancy`), once, for every method,
derived or attached.

Examples
--------
Theorem 2.3 of *The Game of timber!* in the kit's words (docs/contributing.md):

>>> from itertools import product
>>> from cgsat.claims import Budget
>>> from cgsat.kit import exactly, timber_paths
>>> def dyck_words(n):
...     words = ("".join(w) for w in product("LR", repeat=n))
...     return [w for w in words if all(w[:i].count("L") >= w[:i].count("R")
...                                     for i in range(n + 1)) and w.count("L") * 2 == n]
>>> c = record("timber.thm2.3-kit", timber_paths(), exactly(dyck_words, outcome="P"),
...            paper="The Game of timber!", theorem="Theorem 2.3", quick=8, target=16)
>>> [m.name for m in c.methods], c.source
(['play', 'sat'], 'The Game of timber!, Theorem 2.3')
>>> [m.run(6, Budget(controls=2)).status for m in c.methods]
['holds', 'holds']

A worked example is in docs/contributing.md; see also docs/architecture.md, "A paper's claims".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial

from cgsat.claims import Method
from cgsat.errors import CgsatInputError
from cgsat.kit import methods as kit_methods
from cgsat.kit.families import PARAMETERS, Family
from cgsat.kit.records import KitClaim, check_parts, derived_methods, sentence
from cgsat.kit.statements import Statement

ID = re.compile(r"^[a-z][a-z0-9_-]*\.[A-Za-z0-9][A-Za-z0-9_.\-]*$")


def record(  # noqa: PLR0913 - the record's fields, as keywords
    id: str, family: Family, statement: Statement, *, paper: str, theorem: str,
    text: str | None = None, kind: str = "theorem", quick: int, target: int,
    base: int | None = None, parameter: str | None = None, paper_bound: int | None = None,
    methods: Sequence[Method] = (), derive: bool = True,
    rename: Mapping[str, str] | None = None, max_n: Mapping[str, int] | None = None,
    confirm: Callable[[int, str], bool] | None = None, notes: str = "",
) -> KitClaim:
    """A paper's claim: ``statement`` about every position of ``family`` of size n.

    Parameters
    ----------
    id : str
        ``<paper>.<label>`` (``timber.thm2.3``).
    family, statement
        As for :func:`cgsat.kit.claim`.
    paper, theorem : str
        The paper's title and its own label (``"Theorem 2.3"``).
    text : str, optional
        The statement in words (default: generated from the family and the statement).
    kind : str, default "theorem"
    quick, target : int
        The default ``--up-to`` and the ``--target`` bound.
    base : int, optional
        The smallest n checked (default: the family's).
    parameter : str, optional
        The meaning of n (default: the family's).
    paper_bound : int, optional
        The bound the paper reports.
    methods : sequence of Method
        Bespoke methods, attached as they are (their names, their fingerprints); one named
        like a derived method (``play``, ``sat``) replaces it.
    derive : bool, default True
        Derive ``play`` (and ``sat`` where a search can look) from the family and the
        statement; False keeps the bespoke methods only.
    rename : mapping of str to str, optional
        Store names for derived methods (``{"play": "brute"}``): a paper whose exhaustive
        method was stored as ``brute`` keeps that name, since the store keys on names.
    max_n : mapping of str to int, optional
        The largest size a derived method runs (``{"brute": 9}``, by its final name), where
        the paper's record stops below the family's play limit.
    confirm : callable, optional
        The replay of a counterexample (default: the kit's, by the direct solver).
    notes : str, optional

    Returns
    -------
    KitClaim

    Raises
    ------
    CgsatInputError
        For a malformed id, family, statement or kind, or a record with fewer than one
        method (one line naming the claim).
    """
    if not isinstance(id, str) or not ID.match(id):
        raise CgsatInputError(f"claim id {id!r}: a paper's claim id is <paper>.<label>")
    check_parts(id, family, statement, kind)
    found, why, _ = derived_methods(id, family, statement) if derive else ([], "", False)
    names = dict(rename or {})
    unknown = sorted(set(names) - {m.name for m in found})
    if unknown:
        raise CgsatInputError(f"{id}: rename= names no derived method: {', '.join(unknown)}")
    found = [replace(m, name=names.get(m.name, m.name)) for m in found]
    limits = dict(max_n or {})
    unknown = sorted(set(limits) - {m.name for m in found})
    if unknown:
        raise CgsatInputError(f"{id}: max_n= names no derived method: {', '.join(unknown)}")
    found = [replace(m, max_n=limits.get(m.name, m.max_n)) for m in found]
    own = {m.name for m in methods}
    kept = [m for m in found if m.name not in own]
    chosen = tuple(kept + list(methods))
    if not chosen:
        raise CgsatInputError(f"{id}: no method (derive=False and no methods=)")
    if methods:  # the why says what the record has, not what the kit alone would derive
        parts = ([f"derived: {', '.join(m.name for m in kept)}"] if kept else [])
        parts.append(f"the paper's own: {', '.join(m.name for m in methods)}")
        why = ("; ".join(parts) if len(chosen) > 1 else
               f"one method: not cross-checked ({parts[-1]})")
    return KitClaim(
        id=id, paper=paper, theorem=theorem, statement=text or sentence(family, statement),
        kind=kind, parameter=parameter or PARAMETERS[family.kind],
        base=family.base if base is None else base, quick_bound=quick, target_bound=target,
        methods=chosen, paper_bound=paper_bound,
        confirm=confirm or partial(kit_methods.confirm, family=family, statement=statement,
                                   claim_id=id),
        notes=notes, vacuous=family.vacancy, family=family, test=statement,
        why=why)  # empty with derive=False: the paper's own methods, its own scopes


__all__ = ["ID", "record"]
