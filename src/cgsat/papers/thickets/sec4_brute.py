"""The engine side of the *Thinning Thickets* §4 claims: canonical forms.

Every member of a family is valued by the partizan engine
(:func:`cgsat.cgt.partizan_values.canonical_form`); a requirement ``(value, relation)``
of :mod:`cgsat.papers.thickets.sec4_rules` is then decided on canonical forms:
``=`` by identity of canonical forms, ``~`` (≡_I) by identity of reduced canonical forms
(:mod:`cgsat.cgt.reduced`; Theorem 2.13 of the paper makes them unique), ``>=`` by the
engine's order. Temperatures come from :mod:`cgsat.cgt.thermograph`. No game-tree search
here: the other side (:mod:`cgsat.papers.thickets.sec4_play`) shares none of this.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, §4: Theorems 4.1, 4.2, 4.4,
   Lemma 4.3, the blue stalks B(n).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction

from cgsat.cgt.canonical import Game, game, le, number
from cgsat.cgt.partizan_values import canonical_form
from cgsat.cgt.reduced import reduced_canonical_form
from cgsat.cgt.thermograph import temperature
from cgsat.claims import Budget, Verdict
from cgsat.games import thickets
from cgsat.games.thickets import Thicket
from cgsat.papers.thickets.sec4_rules import Requirement, Rule, Spec, requirement_text, t_family

__all__ = ["Family", "value", "spec_game", "meets", "family_values", "thm44"]

Family = Callable[[int], Iterator[tuple[str, Thicket]]]


def value(position: Thicket) -> Game:
    """The canonical form of a thicket position by the partizan engine.

    Examples
    --------
    >>> from cgsat.papers.thickets.sec4_rules import t_family
    >>> str(value(t_family(4)))
    '{2|0}'

    References
    ----------
    *Thinning Thickets*, §1 (the rules) and §2.2 (canonical forms).
    """
    return canonical_form(thickets.RULESET, position)


def spec_game(spec: Spec) -> Game:
    """A spec as a canonical form.

    Examples
    --------
    >>> str(spec_game(((1,), (0,))))
    '{1|0}'

    References
    ----------
    *Thinning Thickets*, §2.2.
    """
    if isinstance(spec, int):
        return number(spec)
    if isinstance(spec, Thicket):
        return value(spec)
    lefts, rights = spec
    return game([spec_game(s) for s in lefts], [spec_game(s) for s in rights])


def meets(g: Game, req: Requirement) -> bool:
    """Whether the canonical form ``g`` meets the requirement.

    Examples
    --------
    >>> from cgsat.cgt.canonical import UP
    >>> meets(UP, (0, "~")), meets(UP, (0, "=")), meets(UP, (0, ">="))
    (True, False, True)

    References
    ----------
    *Thinning Thickets*, Definition 2.5 (≡_I), Theorem 2.13 (unique reduced forms).
    """
    spec, relation = req
    v = spec_game(spec)
    if relation == "=":
        return g == v
    if relation == "~":
        return reduced_canonical_form(g) == reduced_canonical_form(v)
    return le(v, g)


def family_values(n: int, budget: Budget, *, family: Family, rule: Rule) -> Verdict:
    """Every member of ``family(n)`` meets the requirements ``rule(label)``, by canonical
    forms.

    Parameters
    ----------
    n : int
        The size (height, length or index, as the claim says).
    budget : Budget
        Unused (no solver).
    family : callable
        ``family(n)`` yields ``(label, position)``.
    rule : callable
        ``rule(label)`` gives the requirements (:mod:`~.sec4_rules`).

    Returns
    -------
    Verdict
        Refuted with the first member that fails (its label, ruleset syntax for cordons and
        stalks); the detail lists the reduced values seen.

    Examples
    --------
    >>> from cgsat.papers.thickets.sec4_rules import blue_cordons, thm41_rule
    >>> family_values(4, Budget(), family=blue_cordons, rule=thm41_rule).detail
    '8 positions; reduced values: 0, 1, 2, {1|0}, {2|1}'

    References
    ----------
    *Thinning Thickets*, Theorems 4.1, 4.2, Lemma 4.3, the blue stalks B(n).
    """
    seen: dict[str, None] = {}
    count = 0
    for label, position in family(n):
        g = value(position)
        count += 1
        seen[str(reduced_canonical_form(g))] = None
        for req in rule(label):
            if not meets(g, req):
                return Verdict.refuted(label, detail=(
                    f"value {g} (reduced {reduced_canonical_form(g)}); the statement says "
                    f"{requirement_text(req)}"))
    shown = ", ".join(sorted(seen, key=lambda s: (len(s), s)))
    return Verdict.holds(detail=f"{count} positions; reduced values: {shown}")


def thm44(n: int, budget: Budget, *, scale: Fraction = Fraction(1)) -> Verdict:
    """The temperature of T(2n) is at least ``scale * n`` (Theorem 4.4: scale 1), by the
    engine's thermograph.

    Examples
    --------
    >>> v = thm44(1, Budget())
    >>> v.status, v.detail
    ('refuted', 'T(2) = {1|0}, temperature 1/2 < 1')
    >>> thm44(3, Budget(), scale=Fraction(1, 2)).detail
    'T(6) = {3|0}, temperature 3/2'

    References
    ----------
    *Thinning Thickets*, Theorem 4.4.
    """
    position = t_family(2 * n)
    g = value(position)
    t = temperature(g)
    if t < scale * n:
        return Verdict.refuted(thickets.format(position),
                               detail=f"T({2 * n}) = {g}, temperature {t} < {scale * n}")
    return Verdict.holds(detail=f"T({2 * n}) = {g}, temperature {t}")
