"""Green cordons (ruleset ``green-cordon``): Thinning Thickets on all-green cordons.

Rules (Huggan and Nowakowski, *Thinning Thickets*, Definition 1.2 and §3)
--------------------------------------------------------------------------
A cordon of height ``n`` has stalk vertices ``v_0`` (the root) ``.. v_n`` (the top) with
stalk arcs ``v_i -> v_{i-1}``, and leaf arcs ``l_j -> v_{a(j)}`` at attachment vertices
``0 < a(1) < ... < a(k) < n``. A move deletes a green arc of even in-degree, then
everything no longer joined to the root. In a cordon

- the top arc ``v_n v_{n-1}`` and every leaf arc have in-degree 0, so they may always be
  deleted;
- an interior stalk arc ``v_i v_{i-1}`` (``1 <= i < n``) has in-degree ``1 + [leaf at
  v_i]``, so it may be deleted exactly when ``v_i`` carries a leaf.

Deleting ``v_i v_{i-1}`` leaves the cordon on ``v_0 .. v_{i-1}`` with the leaves below
``v_{i-1}``; if ``v_{i-1}`` carries a leaf, that leaf becomes the top arc of a stalk of
height ``i``. The same happens when the top arc is deleted and ``v_{n-1}`` carries a leaf.
So every option is again a cordon, and is printed normalized: the top arc of ``7:6``
deleted leaves ``7:``.

Syntax
------
``N:A1,A2,...``: height ``N``, leaves at ``v_A1 < v_A2 < ...`` with ``0 < Ai < N``.
``N:`` or ``N`` alone is a stalk of height ``N``; ``0`` is the empty cordon. Several
cordons joined by ``+`` form a disjunctive sum (``7:2,4,5 + 3:1``). Whitespace is ignored.
Move text names the deleted arc: ``v7>v6`` (stalk) or ``l4>v4`` (leaf at ``v4``), prefixed
by ``C2:`` (the summand's place in the printed sum) when there are several summands.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Integers 18 (2018), Definition 1.2,
   §3 (Theorems 3.1-3.5), §5 (Problem 5.1).
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import TYPE_CHECKING

from cgsat.errors import PositionError
from cgsat.games.base import ImpartialRuleset, Move
from cgsat.games.thickets import cordon_arcs, make_thicket

if TYPE_CHECKING:
    from cgsat.games.thickets import Thicket

__all__ = ["Cordon", "L", "Position", "RULESET", "components", "cordon_options", "cordons",
           "format", "format_cordon", "key", "make_cordon", "options", "parse", "size",
           "to_thicket"]

Cordon = tuple[int, tuple[int, ...]]
Position = tuple[Cordon, ...]

_CORDON_RE = re.compile(r"^(\d+)(?::(.*))?$")


# -- single cordons ---------------------------------------------------------------------------
def make_cordon(height: int, attachments: tuple[int, ...] | list[int] = ()) -> Cordon:
    """A validated cordon ``(height, attachments)``.

    Examples
    --------
    >>> make_cordon(7, [2, 4, 5])
    (7, (2, 4, 5))
    """
    atts = tuple(attachments)
    for a in atts:
        if not 0 < a < height:
            raise PositionError(
                f"green-cordon: attachment {a} out of range for height {height} "
                f"(need 0 < a < {height})"
            )
    for x, y in zip(atts, atts[1:], strict=False):
        if y <= x:
            word = "repeated" if x == y else "not increasing"
            raise PositionError(f"green-cordon: attachments {x},{y} are {word}")
    return (height, atts)


def cordon_options(cordon: Cordon) -> list[tuple[str, Cordon]]:
    """The moves of one cordon, ``(arc text, option)``, options normalized.

    Examples
    --------
    >>> [(m, format_cordon(o)) for m, o in cordon_options((7, (6,)))]
    [('v7>v6', '7:'), ('l6>v6', '7:'), ('v6>v5', '5:')]
    """
    n, atts = cordon
    leaves = set(atts)
    result: list[tuple[str, Cordon]] = []
    if n == 0:
        return result
    result.append((f"v{n}>v{n - 1}", _cut_below(atts, n)))
    for a in atts:
        result.append((f"l{a}>v{a}", (n, tuple(x for x in atts if x != a))))
    for i in range(n - 1, 0, -1):
        if i in leaves:
            result.append((f"v{i}>v{i - 1}", _cut_below(atts, i)))
    return result


def _cut_below(atts: tuple[int, ...], i: int) -> Cordon:
    """The cordon left when the stalk arc ``v_i v_{i-1}`` is deleted."""
    below = tuple(a for a in atts if a < i - 1)
    if i - 1 in atts:
        return (i, below)  # the leaf on v_{i-1} continues the stalk upward
    return (i - 1, below)


def format_cordon(cordon: Cordon) -> str:
    """``N:A1,A2,...``; a stalk prints as ``N:``.

    Examples
    --------
    >>> format_cordon((7, (2, 4, 5))), format_cordon((3, ()))
    ('7:2,4,5', '3:')
    """
    n, atts = cordon
    return f"{n}:" + ",".join(str(a) for a in atts)


def cordons(height: int) -> list[Cordon]:
    """Every cordon of height ``height`` (``2**(height-1)`` of them for height >= 1).

    Examples
    --------
    >>> [format_cordon(c) for c in cordons(3)]
    ['3:', '3:1', '3:2', '3:1,2']
    """
    if height == 0:
        return [(0, ())]
    inner = range(1, height)
    return [(height, combo) for k in range(height) for combo in combinations(inner, k)]


def L(n: int) -> Cordon:  # noqa: N802 - the paper's name
    """The family of Theorem 3.1: height ``n``, a leaf at ``v_i`` for ``1 <= i <= n-2``.

    Examples
    --------
    >>> format_cordon(L(5)), format_cordon(L(2))
    ('5:1,2,3', '2:')

    References
    ----------
    .. [1] *Thinning Thickets*, §3.1, proof of Theorem 3.1.
    """
    return (n, tuple(range(1, n - 1)))


def to_thicket(cordon: Cordon) -> Thicket:
    """The cordon as an all-green thicket (for checking the cordon rules against the
    general rules of :mod:`cgsat.games.thickets`).

    Examples
    --------
    >>> from cgsat.games.thickets import format as tformat
    >>> tformat(to_thicket((2, (1,))))
    '1>0:g 2>1:g 3>1:g'
    """
    n, atts = cordon
    entries = "".join("1" if (n - j) in atts else "0" for j in range(n))
    arcs, root = cordon_arcs(entries, "g")
    return make_thicket(arcs, [root])


# -- positions: sums of cordons ----------------------------------------------------------------
def parse(text: str) -> Position:
    """Parse ``N:A1,A2,...`` (or a ``+``-separated sum of them).

    Raises
    ------
    PositionError
        Naming the token: junk, an attachment out of range, attachments not increasing.

    Examples
    --------
    >>> parse("7:2,4,5")
    ((7, (2, 4, 5)),)
    >>> parse("3 + 2:1")
    ((2, (1,)), (3, ()))
    """
    stripped = re.sub(r"\s+", "", text)
    if stripped in ("", "()"):
        return ()
    result = []
    for part in stripped.split("+"):
        m = _CORDON_RE.match(part)
        if m is None:
            raise PositionError(
                f"green-cordon: cannot read {part!r} (expected N:A1,A2,... such as 7:2,4,5)"
            )
        n = int(m.group(1))
        rest = m.group(2) or ""
        atts = []
        for tok in rest.split(",") if rest else []:
            if not tok.isdigit():
                raise PositionError(
                    f"green-cordon: attachment {tok!r} in {part!r} is not a whole number"
                )
            atts.append(int(tok))
        if n == 0 and atts:
            raise PositionError(f"green-cordon: {part!r}: a cordon of height 0 has no leaves")
        cordon = make_cordon(n, atts)
        if n > 0:
            result.append(cordon)
    return tuple(sorted(result))


def format(position: Position) -> str:  # noqa: A001 - the ruleset's printing function
    """Print a sum of cordons; the empty position prints as ``0:``.

    Examples
    --------
    >>> format(parse("7:2,4,5 + 3"))
    '3: + 7:2,4,5'
    """
    if not position:
        return "0:"
    return " + ".join(format_cordon(c) for c in position)


def options(position: Position) -> list[Move]:
    """Every move in every summand.

    Examples
    --------
    >>> [(m, format(o)) for m, o in options(parse("2:1"))]
    [('v2>v1', '2:'), ('l1>v1', '2:'), ('v1>v0', '0:')]
    """
    result: list[Move] = []
    several = len(position) > 1
    for k, cordon in enumerate(position):
        rest = position[:k] + position[k + 1 :]
        for text, option in cordon_options(cordon):
            new = tuple(sorted(rest + ((option,) if option[0] > 0 else ())))
            result.append((f"C{k + 1}:{text}" if several else text, new))
    return result


def components(position: Position) -> list[Position]:
    """Each cordon is one summand.

    Examples
    --------
    >>> components(parse("3:1 + 2"))
    [((2, ()),), ((3, (1,)),)]
    """
    return [(c,) for c in position]


def key(component: Position) -> Position:
    """A cordon's ``(height, attachments)`` determines it up to isomorphism.

    Examples
    --------
    >>> key(parse("7:2,4"))
    ((7, (2, 4)),)
    """
    return component


def size(position: Position) -> int:
    """The number of arcs.

    Examples
    --------
    >>> size(parse("7:2,4,5"))
    10
    """
    return sum(n + len(atts) for n, atts in position)


RULESET = ImpartialRuleset(
    name="green-cordon",
    parse=parse,
    format=format,
    options=options,
    components=components,
    key=key,
    size=size,
    exhaustive_limit=36,
)
