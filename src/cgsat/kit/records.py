"""A user's claim as a record: :class:`UserClaim`, built by :func:`claim`.

A :class:`UserClaim` *is* a :class:`cgsat.claims.Claim` (the runner, the store and the
report take it as they take a paper's), with three fields more: the family, the statement,
and why it got the methods it got. Its methods are derived, never written by hand: ``play``
always (the direct solver over every position of the family), ``sat`` when the statement
has a form the ``cgsat find`` searches can look for (:meth:`Statement.searches`). A claim
with one method says so: "one method: not cross-checked".

A worked example is in docs/own-conjectures.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from cgsat.claims import KINDS, Budget, Method, Verdict
from cgsat.errors import CgsatInputError
from cgsat.kit import methods, sat
from cgsat.kit.families import PARAMETERS, PLAY_LIMITS, Family
from cgsat.kit.rules import Rule, automata_method
from cgsat.kit.statements import Statement
from cgsat.vacuity import Scoped

__all__ = [
    "ID",
    "ONE_METHOD",
    "KitClaim",
    "UserClaim",
    "derived_methods",
    "check_parts",
    "claim",
    "sentence",
    "ROW_PLAY_POSITIONS",
    "MAX_ROW_PLAY",
    "play_limit",
    "vacancy",
]

ROW_PLAY_POSITIONS = 3 ** PLAY_LIMITS["rows"]
"""The rows exhaustive play lists at its largest size: 3^12 = 531,441 rows of length 12
over L, R, E. The limit of a row family follows this number of positions, not the length
(issue 39): a family over two letters plays to length 19 (2^19 = 524,288 rows)."""
MAX_ROW_PLAY = 60
"""The longest row play goes to whatever the alphabet (one letter: one row per length; 60
is also ``cgsat find toppling``'s longest ``--length``)."""


def play_limit(family: Family) -> int:
    """The largest size exhaustive play runs to over ``family`` (its play method's
    ``max_n``): for rows, the longest length whose rows are at most
    :data:`ROW_PLAY_POSITIONS` (at most :data:`MAX_ROW_PLAY`); else the kind's
    :data:`~cgsat.kit.families.PLAY_LIMITS`.

    Examples
    --------
    >>> from cgsat.kit.families import rows, trees
    >>> play_limit(rows("LRE")), play_limit(rows("LR")), play_limit(rows("L"))
    (12, 19, 60)
    >>> play_limit(trees())
    10
    """
    if family.kind != "rows":
        return PLAY_LIMITS[family.kind]
    letters = len(family.alphabet)
    n = 0
    while n < MAX_ROW_PLAY and letters ** (n + 1) <= ROW_PLAY_POSITIONS:
        n += 1
    return n


def vacancy(family: Family, n: int) -> str | None:
    """:meth:`Family.vacancy` up to the family's :func:`play_limit` (for rows over fewer
    letters, play lists the positions of sizes above the kind's limit, so a filter that
    keeps none of them makes the size vacuous there too)."""
    found = family.vacancy(n)
    if found is not None or not family.filtered or n <= PLAY_LIMITS[family.kind] \
            or n > play_limit(family):
        return found
    if any(family.keep(text) for text in family.positions(n)):
        return None
    shown = " and ".join(([f"/{family.match}/"] if family.match is not None else [])
                         + (["palindromes"] if family.palindrome else []))
    return f"no position of size {n} passes the filter {shown}"


ID = re.compile(r"^user\.[A-Za-z0-9][A-Za-z0-9_.\-]*$")
ONE_METHOD = "one method: not cross-checked"


@dataclass(frozen=True)
class KitClaim(Scoped):
    """A claim record of the kit: a :class:`cgsat.claims.Claim` about every position of a
    family, whose vacuous sizes are the family's (:meth:`Family.vacancy`: no position of
    size n), decided once for every method (:mod:`cgsat.vacuity`). A paper's claim can be
    one (:func:`cgsat.kit.paper.record`), with bespoke methods attached.

    Attributes
    ----------
    family : Family or None
    test : Statement or None
        The statement (``every``, ``exactly``, ``never``).
    why : str
        Which methods it got, and why (``"one method: not cross-checked: ..."``).
    """

    family: Family | None = None
    test: Statement | None = None
    why: str = ""

    @property
    def cross_checked(self) -> bool:
        """Whether the claim has two independent methods."""
        return len(self.methods) > 1

    def control(self, n: int) -> str | None:
        """The record's run-time control at size n (issue 36): its own ``controls``, then
        the family's filter against an enumeration written apart from it
        (:func:`cgsat.kit.coverage.filter_control`), for a filtered family (``match=``,
        ``palindrome=``, a domain); None when it passes or there is nothing to control,
        else why it failed (the engine makes that an ``error``, exit code 3)."""
        own = super().control(n)
        if own is not None or self.family is None or not self.family.filtered:
            return own
        from cgsat.kit.coverage import filter_control  # run by the engine only

        return filter_control(self.family, n)


@dataclass(frozen=True)
class UserClaim(KitClaim):
    """A claim of a user's own (ids ``user.<label>``): a :class:`KitClaim` whose methods
    are derived from its family and statement (:func:`claim`).

    Attributes
    ----------
    origin : str
        The ``source`` the user gave (default ``"user"``): the paper and theorem fields
        of ``list --json`` and the report.
    """

    origin: str = "user"

    @property
    def source(self) -> str:
        """The user's ``source`` text, as given."""
        return self.origin


def derived_methods(id: str, family: Family, statement: Statement
                    ) -> tuple[list[Method], str, bool]:
    """The methods the kit derives for ``statement`` over ``family``: ``play`` always,
    ``sat`` where a ``cgsat find`` search can look for a counterexample; why; and whether
    SAT can search.

    Raises
    ------
    CgsatInputError
        When the statement does not apply to the family's ruleset.
    """
    _check_fit(id, family, statement)
    searches, reason = statement.searches(family)
    found = [Method(name="play", run=partial(methods.play, family=family, statement=statement,
                                               claim_id=id), max_n=play_limit(family),
                    scope=f"every position of size n ({family.describe()}) played out by "
                          "the direct solver; the statement evaluated on each")]
    if searches is not None:
        filt = (" every position found is listed and the filter applied to it (a search "
                "cannot express the filter);" if family.filtered else "")
        found.append(Method(
            name="sat", run=partial(sat.sat, family=family, statement=statement, claim_id=id),
            scope=f"the cgsat find searches over every position of size n "
                  f"({family.describe()}), {reason};{filt} each search answers its sample "
                  "controls, and its toggled control when it finds nothing; a position "
                  "found is replayed by the direct solver"))
        return found, f"play and sat ({reason})", True
    return found, f"{ONE_METHOD} ({reason})", False


def _replayed_on_the_claim(n: int, budget: Budget, *, run: Any, family: Family,
                           statement: Statement, claim_id: str) -> Verdict:
    """An all-n refutation stands only where the claim itself fails: its counterexample,
    at its own size, is replayed against the statement by the direct solver
    (:func:`cgsat.kit.methods.confirm`, the claim's replay), apart from the deciders'
    replay of their automata; otherwise ``error`` (exit 3). Issue 36: a slip that blamed
    the user's rule for a wrong background automaton was refuted with exit 1."""
    verdict: Verdict = run(n, budget)
    if verdict.status != "refuted":
        return verdict
    cex = verdict.counterexample or ""
    size = family.size_of(cex)
    if methods.confirm(size, cex, family, statement, claim_id):
        return verdict
    return replace(verdict, status="error", reason=(
        f"the all-n refutation at {cex!r} is not a counterexample of the claim at size "
        f"{size} by the direct solver; this is a bug"))


def check_parts(id: str, family: Family, statement: Statement, kind: str) -> None:
    """Bad input (one line naming the claim) for a family, statement or kind the kit does
    not know."""
    if not isinstance(family, Family):
        raise CgsatInputError(f"{id}: family must be rows(), timber_paths(), trees(), "
                              f"caterpillars(), graphs() or green_cordons(), got {family!r}")
    if not isinstance(statement, Statement):
        raise CgsatInputError(f"{id}: statement must be every(), exactly() or never(), got "
                              f"{statement!r}")
    if kind not in KINDS:
        raise CgsatInputError(f"{id}: kind is one of {', '.join(KINDS)}, got {kind!r}")


def claim(  # noqa: PLR0913 - the record's fields, as keywords
    id: str, family: Family, statement: Statement, *, text: str | None = None,
    source: str = "user", kind: str = "conjecture", quick: int | None = None,
    target: int | None = None, notes: str = "",
) -> UserClaim:
    """A user's claim: ``statement`` about every position of ``family`` of size n.

    Parameters
    ----------
    id : str
        ``user.<label>``.
    family : Family
        :func:`~cgsat.kit.families.rows`, ``timber_paths``, ``trees``, ``caterpillars``,
        ``graphs`` or ``green_cordons``.
    statement : Statement
        :func:`~cgsat.kit.statements.every`, ``exactly`` or ``never``; or a
        :func:`~cgsat.kit.rules.rule` over a word family (``green_cordons``,
        ``timber_paths(height_range=h)``), which gets the all-n method ``automata``
        besides play and SAT (:mod:`cgsat.kit.rules`).
    text : str, optional
        The statement in words (default: generated).
    source : str, default "user"
        Where the claim comes from (a paper and theorem, a notebook).
    kind : str, default "conjecture"
    quick, target : int, optional
        The default ``--up-to`` and ``--target`` bounds (default: play's size limit, and
        twice that where SAT can search).
    notes : str, optional

    Returns
    -------
    UserClaim

    Raises
    ------
    CgsatInputError
        For a malformed id, family or statement (one line naming the claim).

    Examples
    --------
    >>> from cgsat.kit import rows, never, every
    >>> c = claim("user.no-up-star", rows("LR"), never("^*"))
    >>> [m.name for m in c.methods], c.source
    (['play', 'sat'], 'user')
    >>> c = claim("user.numbers", rows("LR"), every(lambda p: p.value.is_number()))
    >>> print(c.why)  # doctest: +NORMALIZE_WHITESPACE
    one method: not cross-checked (the statement is a Python predicate, which no SAT
    search expresses)
    """
    if not isinstance(id, str) or not ID.match(id):
        raise CgsatInputError(f"claim id {id!r}: a user claim's id is user.<label> "
                              "(letters, digits, _ . -)")
    check_parts(id, family, statement, kind)
    if not isinstance(source, str) or not source.strip():
        raise CgsatInputError(f"{id}: source must be a non-empty string")
    if isinstance(statement, Rule):  # a rule over a word family: proved for every n too
        statement = statement.bind(id, family)
    found, why, searches = derived_methods(id, family, statement)
    if isinstance(statement, Rule):
        proof = automata_method(id, family, statement.spec)
        found.insert(0, replace(proof, run=partial(_replayed_on_the_claim, run=proof.run,
                                                   family=family, statement=statement,
                                                   claim_id=id)))
        why = f"automata (every n at once) beside {why}"
    largest = play_limit(family)
    quick_bound = quick if quick is not None else min(largest, 8)
    target_bound = target if target is not None else (
        2 * largest if searches else largest)
    for name, x in (("quick", quick_bound), ("target", target_bound)):
        if isinstance(x, bool) or not isinstance(x, int) or x < family.base:
            raise CgsatInputError(f"{id}: {name}= must be a whole number >= {family.base}")
    theorem = ""
    paper = source
    if ", " in source:
        paper, theorem = source.rsplit(", ", 1)
    return UserClaim(
        id=id, paper=paper, theorem=theorem, statement=text or sentence(family, statement),
        kind=kind, parameter=PARAMETERS[family.kind],
        base=family.base, quick_bound=quick_bound, target_bound=target_bound,
        methods=tuple(found), confirm=partial(methods.confirm, family=family, statement=statement,
                                     claim_id=id),
        notes=(notes + " " if notes else "") + why, tags=("user",),
        vacuous=partial(vacancy, family), family=family, test=statement, why=why,
        origin=source)


def sentence(family: Family, statement: Statement) -> str:
    text = statement.describe()
    return f"{family.describe()}: {text[0].upper()}{text[1:]}."


def _check_fit(cid: str, family: Family, statement: Statement) -> None:
    """Bad input when the statement does not apply to the family's ruleset."""
    if family.impartial:
        if statement.outcome and set(statement.outcome) - set("PN"):
            raise CgsatInputError(f"{cid}: {family.describe()} are impartial: outcomes P and "
                                  "N only")
        for v, g in zip(statement.values, statement.games, strict=True):
            if g.nim_value() is None:
                raise CgsatInputError(f"{cid}: {v} is not a nim-value ({family.describe()} "
                                      "are impartial)")
    else:
        if statement.misere:
            raise CgsatInputError(f"{cid}: misère play applies to impartial families only")
        if statement.nims is not None:
            raise CgsatInputError(f"{cid}: Toppling Dominoes has values, not nim-values; "
                                  "use never()/exactly() with value= or a predicate")
