"""Exhaustive play for the *Thinning Thickets* claims, and the replays of counterexamples.

Every cordon of height n (of the family) is solved by :mod:`cgsat.cgt.impartial` on the
ruleset :mod:`cgsat.games.green_cordon` and compared with the statement written out in
:mod:`cgsat.papers.thickets.rules`. No encoding is used here.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.1-3.5 and §5.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from cgsat.cgt import play
from cgsat.cgt.impartial import solver_for
from cgsat.claims import Budget, Verdict
from cgsat.errors import PositionError, TooLargeError
from cgsat.games import get_ruleset, green_cordon, thickets
from cgsat.games.thickets import Thicket
from cgsat.papers.thickets.rules import L, cordon_text, fibonacci

__all__ = [
    "Rule",
    "BRUTE_MAX",
    "characterization",
    "confirm_characterization",
    "count",
    "confirm_count",
    "thm31",
    "L_thicket",
    "confirm_thm31",
    "nim_value",
    "has_value",
]

Rule = Callable[[int, Sequence[int]], bool]

BRUTE_MAX = 18
"""Largest height exhaustive play runs at (2^17 cordons) for §3.2-3.3 and §5."""


def _nim(n: int, atts: Sequence[int]) -> int:
    """The nim-value of the cordon by exhaustive play."""
    return solver_for(get_ruleset("green-cordon")).nim_value(
        (green_cordon.make_cordon(n, tuple(atts)),) if n else ()
    )


def _cordons(n: int, leaves: int | None) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Every cordon of height n, with exactly ``leaves`` leaf arcs unless None."""
    for h, atts in green_cordon.cordons(n):
        if leaves is None or len(atts) == leaves:
            yield h, atts


def _parse(text: str) -> tuple[int, list[int]]:
    """A single cordon's height and attachments (the empty position is height 0)."""
    (cordon,) = green_cordon.parse(text) or ((0, ()),)
    return cordon[0], list(cordon[1])


# -- characterizations: Theorems 3.2, 3.3 and §5 -----------------------------------------


def characterization(n: int, budget: Budget, *, value: int, rule: Rule,
                     leaves: int | None) -> Verdict:
    """Every cordon of height n (with ``leaves`` leaf arcs): nim-value ``value`` by play
    exactly when ``rule`` holds.

    Parameters
    ----------
    n : int
        The height.
    budget : Budget
        Unused (exhaustive play has no solver).
    value : int
        The nim-value characterized.
    rule : callable
        ``rule(height, attachments) -> bool``, from :mod:`~cgsat.papers.thickets.rules`.
    leaves : int or None
        The family: cordons with exactly this many leaf arcs (None: every cordon).

    Returns
    -------
    Verdict
        Refuted with the first cordon where play and the rule disagree.

    References
    ----------
    *Thinning Thickets*, Theorems 3.2 and 3.3, and the three statements of §5.
    """
    count = 0
    for h, atts in _cordons(n, leaves):
        count += 1
        if (_nim(h, atts) == value) != rule(h, atts):
            return Verdict.refuted(cordon_text(h, atts), detail=(
                f"nim-value {_nim(h, atts)} by play; the rule says "
                f"{'yes' if rule(h, atts) else 'no'}"))
    if not count:
        return Verdict.vacuous(f"no cordon of height {n} with {leaves} leaf arcs")
    return Verdict.holds(detail=f"{count} cordons of height {n}")


def confirm_characterization(n: int, counterexample: str, *, value: int, rule: Rule,
                             leaves: int | None) -> bool:
    """Replay: the cordon, or one of its options, contradicts the rule under play.

    The SAT check reports the cordon on which the mex condition fails; the rule is then
    wrong on it or on one of its options (of the family).

    References
    ----------
    *Thinning Thickets*, Theorems 3.2 and 3.3, and the three statements of §5.
    """
    h, atts = _parse(counterexample)
    if h > n:
        return False
    cands = [(h, atts)] + [
        (c[0], list(c[1])) for _, c in green_cordon.cordon_options((h, tuple(atts)))
    ]
    return any(
        (leaves is None or len(a) == leaves) and (_nim(hh, a) == value) != rule(hh, a)
        for hh, a in cands
    )


# -- counts: Theorems 3.4 and 3.5 -----------------------------------------------------


def count(n: int, budget: Budget, *, value: int, f0: int, f1: int) -> Verdict:
    """The cordons of height n with nim-value ``value``, found by play, number f_n.

    Parameters
    ----------
    n : int
        The height.
    budget : Budget
        Unused.
    value : int
        0 (Theorem 3.4) or 1 (Theorem 3.5).
    f0, f1 : int
        The start of the recurrence f_n = f_{n-1} + f_{n-2}.

    References
    ----------
    *Thinning Thickets*, Theorems 3.4 and 3.5.
    """
    found = sum(1 for h, atts in _cordons(n, None) if _nim(h, atts) == value)
    expected = fibonacci(n, f0, f1)
    if found != expected:
        return Verdict.refuted(f"count({n}) = {found}, recurrence {expected}")
    return Verdict.holds(detail=f"{found} cordons of height {n} with nim-value {value}")


def confirm_count(n: int, counterexample: str, *, value: int, rule: Rule, f0: int,
                  f1: int) -> bool:
    """Replay: a wrong count by play, or a cordon where play and the rule disagree.

    References
    ----------
    *Thinning Thickets*, Theorems 3.4 and 3.5 (with the rules of Theorems 3.2 and 3.3).
    """
    if counterexample.startswith("count("):
        if n > BRUTE_MAX:
            return False
        found = sum(1 for h, atts in _cordons(n, None) if _nim(h, atts) == value)
        return found != fibonacci(n, f0, f1)
    h, atts = _parse(counterexample)
    return h <= n and (_nim(h, atts) == value) != rule(h, atts)


# -- Theorem 3.1: the family L(n) -----------------------------------------------------


def thm31(n: int, budget: Budget, *, offset: int) -> Verdict:
    """L(n) has the options L(i), 2 <= i <= n - ``offset``, and L(2), L(4), ... have
    pairwise distinct nim-values by play.

    Parameters
    ----------
    n : int
        The cordon L(n).
    budget : Budget
        Unused.
    offset : int
        1 for the statement as printed (i <= n-1), 2 for the corrected one (i <= n-2).

    Examples
    --------
    >>> thm31(3, Budget(), offset=1).counterexample, thm31(8, Budget(), offset=2).status
    ('3:1', 'holds')

    References
    ----------
    *Thinning Thickets*, Theorem 3.1 (and its proof).
    """
    h, atts = L(n)
    opts = {c for _, c in green_cordon.cordon_options((h, tuple(atts)))} if n else set()
    for i in range(2, n - offset + 1):
        want = green_cordon.make_cordon(*L(i))
        if want not in opts:
            return Verdict.refuted(cordon_text(h, atts), detail=(
                f"L({i}) = {cordon_text(*L(i))} is not an option of L({n})"))
    if n <= min(offset + 1, 3):
        return Verdict.vacuous(f"no option L(i) to check and fewer than two L(2k) at n = {n}")
    values = [_nim(*L(2 * k)) for k in range(1, n // 2 + 1)]
    if len(set(values)) != len(values):
        return Verdict.refuted(cordon_text(h, atts), detail=f"nim-values of L(2k): {values}")
    return Verdict.holds(detail=f"nim-values of L(2), L(4), ...: {values}")


def L_thicket(n: int) -> Thicket:  # noqa: N802 - the paper's name
    """L(n) as a green thicket, written in the paper's tuple notation (§4): stalk vertices
    v_n .. v_1 from the top, leaf arcs on v_{n-2} .. v_1.

    Examples
    --------
    >>> thickets.format(L_thicket(3))
    '1>0:g 2>1:g 3>1:g 4>3:g'

    References
    ----------
    *Thinning Thickets*, Theorem 3.1 (L(n)) and §4 (tuple notation).
    """
    if n == 0:
        return thickets.parse_green("()")
    return thickets.parse_green("green:[" + "0" * min(n, 2) + "1" * max(n - 2, 0) + "]")


def confirm_thm31(n: int, counterexample: str, *, offset: int) -> bool:
    """Replay THE counterexample: it must be L(n), and on it the statement must fail.

    Checked with code that shares nothing with either method: L(n) and L(i) are green
    thickets in the paper's tuple notation, their options come from the general rules of
    :mod:`cgsat.games.thickets` (not the cordon rules), and nim-values from plain
    recursion (:func:`cgsat.cgt.play.nim_value`, no component splitting). The replay
    holds if some L(i), 2 <= i <= n - ``offset``, is no option of L(n), or two of L(2),
    L(4), ..., L(2 floor(n/2)) have equal nim-values.

    Examples
    --------
    >>> confirm_thm31(3, "3:1", offset=1), confirm_thm31(3, "3:1", offset=2)
    (True, False)
    >>> confirm_thm31(3, "3:", offset=1), confirm_thm31(4, "3:1", offset=1)
    (False, False)

    References
    ----------
    *Thinning Thickets*, Theorem 3.1.
    """
    try:
        given = green_cordon.parse(counterexample)
    except PositionError:
        return False
    as_thickets = [green_cordon.to_thicket(c) for c in given]
    if as_thickets != ([L_thicket(n)] if n else []):
        return False
    options = {o for _, o in thickets.green_options(L_thicket(n))}
    if any(L_thicket(i) not in options for i in range(2, n - offset + 1)):
        return True
    values = [play.nim_value(thickets.GREEN_RULESET, L_thicket(2 * k))
              for k in range(1, n // 2 + 1)]
    return len(set(values)) != len(values)


# -- oracles for the controls of the SAT methods (passed in by the claims) ------------


def nim_value(n: int, atts: Sequence[int]) -> int:
    """The nim-value of the cordon ``n:atts`` by exhaustive play (the direct solver).

    Examples
    --------
    >>> nim_value(3, [1]), nim_value(4, [])
    (2, 0)

    References
    ----------
    *Thinning Thickets*, §2.1 (Sprague-Grundy theory).
    """
    return _nim(n, atts)


def has_value(n: int, atts: Sequence[int], *, value: int, rule: Rule) -> bool:
    """Whether the cordon ``n:atts`` has nim-value ``value``: by the direct solver where it
    reaches (size, arcs, at most the exhaustive-play limit, 36), else by the theorem's own
    predicate ``rule`` (the SAT controls say so in their scope).

    Examples
    --------
    >>> from cgsat.papers.thickets.rules import nim0_rule
    >>> has_value(4, [], value=0, rule=nim0_rule), has_value(61, [2], value=0, rule=nim0_rule)
    (True, True)

    References
    ----------
    *Thinning Thickets*, Theorems 3.2, 3.3 and §5.
    """
    try:
        return _nim(n, atts) == value
    except TooLargeError:
        return rule(n, atts)
