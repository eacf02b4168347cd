"""The statements of *Thinning Thickets* §4 in plain Python (for both sides).

§4 studies blue cordons (tuple notation ``[0 1 0 1]``: one entry per stalk vertex
v_n .. v_1 from the top, ``1`` for a leaf arc there), red-blue stalks (``LRRL``: top arc
first, each letter saying who may delete that arc), the blue stalks B(n) and the cordons
T(m), S(m) of §4.1. Every statement is a list of *requirements* on a position:
``(value, relation)``, where the relation is ``"="`` (equal), ``"~"`` (infinitesimally
close, ≡_I) or ``">="``, and the value is a :data:`Spec`: an integer, a thicket position,
or a pair ``(left specs, right specs)`` for the game ``{lefts | rights}``. The engine side
reads a spec as a canonical form, the play side as an explicit game tree.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, §4: Theorems 4.1, 4.2, 4.4,
   Lemma 4.3 and the blue stalks B(n).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

from cgsat.errors import PositionError
from cgsat.games import thickets
from cgsat.games.thickets import Thicket

__all__ = [
    "Spec",
    "Requirement",
    "Rule",
    "SWITCH_1_0",
    "SWITCH_0_M1",
    "SWITCH_1_M1",
    "RELATIONS",
    "switch",
    "spec_text",
    "requirement_text",
    "blue_cordon",
    "blue_cordons",
    "stalk",
    "stalks",
    "blue_stalk",
    "t_family",
    "s_family",
    "thm41_rule",
    "thm42_rule",
    "THM42_VALUES",
    "blue_stalk_rule",
    "blue_stalk_family",
    "lem43_rule",
    "s_member",
    "t_value_rule",
    "t_and_s",
    "member",
]

Spec = int | Thicket | tuple
"""An integer, a position, or ``(tuple of Spec, tuple of Spec)`` for ``{lefts | rights}``."""

Requirement = tuple[Spec, str]
"""``(value, relation)`` with relation ``"="``, ``"~"`` (≡_I) or ``">="``."""

Rule = Callable[[str], list[Requirement]]
"""A statement on one member of a family, named by its label (``blue:[0101]``, ...)."""

SWITCH_1_0: Spec = ((1,), (0,))
SWITCH_0_M1: Spec = ((0,), (-1,))
SWITCH_1_M1: Spec = ((1,), (-1,))

RELATIONS = {"=": "=", "~": "≡_I", ">=": ">="}


def switch(a: Spec, b: Spec) -> Spec:
    """The spec of ``{a | b}``.

    Examples
    --------
    >>> spec_text(switch(2, 1))
    '{2|1}'

    References
    ----------
    *Thinning Thickets*, Corollary 2.9 (switches {a|b}).
    """
    return ((a,), (b,))


def spec_text(spec: Spec) -> str:
    """A spec as text (positions in ruleset syntax).

    Examples
    --------
    >>> spec_text(switch(SWITCH_1_0, -1)), spec_text(3)
    ('{{1|0}|-1}', '3')

    References
    ----------
    *Thinning Thickets*, §2.2 (notation of games).
    """
    if isinstance(spec, int):
        return str(spec)
    if isinstance(spec, Thicket):
        return thickets.format(spec)
    lefts, rights = spec
    return "{" + ",".join(map(spec_text, lefts)) + "|" + ",".join(map(spec_text, rights)) + "}"


def requirement_text(req: Requirement) -> str:
    """``"≡_I {1|0}"`` and the like.

    Examples
    --------
    >>> requirement_text((SWITCH_1_0, "~"))
    '≡_I {1|0}'

    References
    ----------
    *Thinning Thickets*, Definition 2.5 (≡_I).
    """
    return f"{RELATIONS[req[1]]} {spec_text(req[0])}"


# -- positions -----------------------------------------------------------------------------


def blue_cordon(entries: str) -> Thicket:
    """The blue cordon ``[entries]`` (``""``: the empty cordon).

    Examples
    --------
    >>> thickets.format(blue_cordon("01"))
    '1>0:b 2>1:b 3>1:b'

    References
    ----------
    *Thinning Thickets*, §4 (tuple notation).
    """
    return thickets.from_tuple("blue", entries) if entries else thickets.EMPTY


def blue_cordons(n: int) -> Iterator[tuple[str, Thicket]]:
    """Every blue cordon of height n, as ``(label, position)``; the label is ruleset syntax.

    Examples
    --------
    >>> [label for label, _ in blue_cordons(3)]
    ['blue:[000]', 'blue:[001]', 'blue:[010]', 'blue:[011]']

    References
    ----------
    *Thinning Thickets*, Definition 1.2 and §4.
    """
    if n == 0:
        yield "blue:[]", thickets.EMPTY
        return
    for bits in itertools.product("01", repeat=n - 1):
        entries = "0" + "".join(bits)
        yield f"blue:[{entries}]", blue_cordon(entries)


def stalk(letters: str) -> Thicket:
    """The red-blue stalk ``letters`` (top arc first; ``""``: empty).

    Examples
    --------
    >>> thickets.format(stalk("LR"))
    '1>0:b 2>1:b'

    References
    ----------
    *Thinning Thickets*, §4 (the L/R notation of red-blue stalks).
    """
    return thickets.from_stalk(letters) if letters else thickets.EMPTY


def stalks(n: int) -> Iterator[tuple[str, Thicket]]:
    """Every red-blue stalk of n arcs, as ``(label, position)``.

    Examples
    --------
    >>> [label for label, _ in stalks(2)]
    ['stalk:LL', 'stalk:LR', 'stalk:RL', 'stalk:RR']

    References
    ----------
    *Thinning Thickets*, §4 (red-blue stalks).
    """
    for letters in itertools.product("LR", repeat=n):
        word = "".join(letters)
        yield f"stalk:{word}", stalk(word)


def blue_stalk(n: int) -> Thicket:
    """B(n), the blue stalk of n arcs.

    Examples
    --------
    >>> blue_stalk(2) == blue_cordon("00")
    True

    References
    ----------
    *Thinning Thickets*, §4 (B(n)).
    """
    return blue_cordon("0" * n)


def t_family(m: int, leaf_on_v1: bool = True) -> Thicket:
    """T(m) of §4.1: a cordon of height m + 1 with a leaf arc on every interior vertex
    v_1 .. v_m, every arc blue but v_1 v_0, which is red. Without the leaf on v_1: S(m).

    Examples
    --------
    >>> thickets.format(t_family(1))
    '1>0:r 2>1:b 3>1:b'
    >>> thickets.format(t_family(2, leaf_on_v1=False))
    '1>0:r 2>1:b 3>2:b 4>2:b'

    References
    ----------
    *Thinning Thickets*, §4.1 (T(n), S(n); Figure 6).
    """
    arcs = [(f"v{i}", f"v{i - 1}", "r" if i == 1 else "b") for i in range(1, m + 2)]
    arcs += [(f"l{i}", f"v{i}", "b") for i in range(1 if leaf_on_v1 else 2, m + 1)]
    return thickets.make_thicket(arcs, ["v0"])


def s_family(m: int) -> Thicket:
    """S(m): T(m) without the leaf arc on v_1.

    Examples
    --------
    >>> len(s_family(3).arcs)
    6

    References
    ----------
    *Thinning Thickets*, §4.1 (S(n)).
    """
    return t_family(m, leaf_on_v1=False)


# -- Theorem 4.1: blue cordons ----------------------------------------------------------------


def thm41_rule(label: str) -> list[Requirement]:
    """The value Theorem 4.1 gives the blue cordon ``blue:[t]``.

    Write t = p 1^m with p ending in 0 (t starts with 0). Then (cases of the theorem):
    m = 0: [0] = 1, [00] = {1|0}, [α10] ≡_I {1|0}, [α00] ≡_I 0 (case 1);
    m odd: [0 1^m] = (m+1)/2 (case 6) and [α 0 1^m] ≡_I (m+1)/2 (case 2);
    m = 2k even: [0 1^{2k}] = k+1 (case 6), [001^{2k}] ≡_I {k+1|k} (case 5),
    [α001^{2k}] ≡_I k (case 3), [α101^{2k}] ≡_I {k+1|k} (case 4). The empty cordon is 0.

    Examples
    --------
    >>> [requirement_text(r[0]) for r in map(thm41_rule, ["blue:[0]", "blue:[0010]",
    ...  "blue:[00011]", "blue:[0011]", "blue:[01011]", "blue:[0111]"])]
    ['= 1', '≡_I {1|0}', '≡_I 1', '≡_I {2|1}', '≡_I {2|1}', '= 2']

    References
    ----------
    *Thinning Thickets*, Theorem 4.1.
    """
    t = label.removeprefix("blue:[").removesuffix("]")
    if not t:
        return [(0, "=")]
    p = t.rstrip("1")
    m = len(t) - len(p)
    if m == 0:
        if len(t) == 1:
            return [(1, "=")]
        if len(t) == 2:
            return [(SWITCH_1_0, "=")]
        return [(SWITCH_1_0, "~")] if t[-2] == "1" else [(0, "~")]
    if m % 2:
        return [((m + 1) // 2, "=" if len(p) == 1 else "~")]
    k = m // 2
    if len(p) == 1:
        return [(k + 1, "=")]
    if len(p) == 2 or p[-2] == "1":
        return [(switch(k + 1, k), "~")]
    return [(k, "~")]


# -- Theorem 4.2: red-blue stalks -------------------------------------------------------------


def _negate(spec: Spec) -> Spec:
    """The spec of the negative (*Thinning Thickets*, Theorem 4.2's cases b)."""
    if isinstance(spec, int):
        return -spec
    lefts, rights = spec  # type: ignore[misc]  # never a Thicket: positions are not negated
    return (tuple(map(_negate, rights)), tuple(map(_negate, lefts)))


def thm42_rule(label: str) -> list[Requirement]:
    """The value Theorem 4.2 gives the red-blue stalk ``stalk:w`` (α arbitrary, also empty).

    For w ending in R (w ending in L is the negative, with L and R swapped): R^k = -1
    (case 3b); LR^k, αLLR^k ≡_I 0 for k >= 2 (case 1); LR, αLLR ≡_I {1|0} (case 2a);
    αRLR^k ≡_I {0|-1} for k >= 3 (case 2b); αRLR ≡_I {1|-1} (case 4); αRLRR ≡_I
    {{1|0}|-1} (case 5a). The empty stalk is 0.

    Examples
    --------
    >>> [requirement_text(thm42_rule("stalk:" + w)[0])
    ...  for w in ["RRR", "LRR", "LLR", "RLRRR", "LRLR", "RLRR", "LRLL"]]
    ['= -1', '≡_I 0', '≡_I {1|0}', '≡_I {0|-1}', '≡_I {1|-1}', '≡_I {{1|0}|-1}', '≡_I {1|{0|-1}}']

    References
    ----------
    *Thinning Thickets*, Theorem 4.2.
    """
    w = label.removeprefix("stalk:")
    if not w:
        return [(0, "=")]
    if w[-1] == "L":
        swapped = w.translate(str.maketrans("LR", "RL"))
        return [(_negate(v), rel) for v, rel in thm42_rule("stalk:" + swapped)]
    body = w.rstrip("R")
    k = len(w) - len(body)
    if not body:
        return [(-1, "=")]
    before = body[:-1]  # w = before + "L" + R^k
    if k >= 2:
        if not before or before[-1] == "L":
            return [(0, "~")]
        return [(SWITCH_0_M1, "~")] if k >= 3 else [(switch(SWITCH_1_0, -1), "~")]
    if not before or before[-1] == "L":
        return [(SWITCH_1_0, "~")]
    return [(SWITCH_1_M1, "~")]


THM42_VALUES = ("0", "1", "-1", "{1|0}", "{0|-1}", "{1|-1}", "{{1|0}|-1}", "{1|{0|-1}}")
"""The eight reduced values of Theorem 4.2 (as :func:`spec_text` prints them)."""


# -- the blue stalks B(n) ------------------------------------------------------------------


def blue_stalk_rule(label: str) -> list[Requirement]:
    """B(n) = {B(n-1) | 0} for n >= 2, and Rcf(B(n)) = B(n) for n <= 2 (B(0) = 0,
    B(1) = 1, B(2) = {1|0}), Rcf(B(n)) = 0 for n >= 3. The label is ``B(n)``.

    Examples
    --------
    >>> [requirement_text(r) for r in blue_stalk_rule("B(3)")]
    ['= {1>0:b 2>1:b|0}', '≡_I 0']

    References
    ----------
    *Thinning Thickets*, §4 (the blue stalks, before Theorem 4.1).
    """
    n = int(label.removeprefix("B(").removesuffix(")"))
    reqs: list[Requirement] = []
    if n >= 2:
        reqs.append((((blue_stalk(n - 1),), (0,)), "="))
    base = {0: 0, 1: 1, 2: SWITCH_1_0}
    reqs.append((base[n], "=") if n in base else (0, "~"))
    return reqs


def blue_stalk_family(n: int) -> Iterator[tuple[str, Thicket]]:
    """The one-member family ``B(n)``.

    Examples
    --------
    >>> [label for label, _ in blue_stalk_family(4)]
    ['B(4)']

    References
    ----------
    *Thinning Thickets*, §4 (B(n)).
    """
    yield f"B({n})", blue_stalk(n)


# -- Lemma 4.3, Theorem 4.4 ---------------------------------------------------------------


def lem43_rule(label: str) -> list[Requirement]:
    """S(m) >= floor(m/2) (Lemma 4.3: S(2n), S(2n+1) >= n). The label is ``S(m)``.

    Examples
    --------
    >>> [requirement_text(r) for r in lem43_rule("S(5)")]
    ['>= 2']

    References
    ----------
    *Thinning Thickets*, Lemma 4.3.
    """
    m = int(label.removeprefix("S(").removesuffix(")"))
    return [(m // 2, ">=")]


def s_member(m: int) -> Iterator[tuple[str, Thicket]]:
    """The one-member family ``S(m)``.

    Examples
    --------
    >>> [label for label, _ in s_member(2)]
    ['S(2)']

    References
    ----------
    *Thinning Thickets*, §4.1 (S(n)).
    """
    yield f"S({m})", s_family(m)


def t_value_rule(label: str) -> list[Requirement]:
    """The values found for §4.1's family: T(m) = {ceil(m/2) | 0} (so T(2n) = {n|0}, of
    temperature n/2) and S(m) = ceil(m/2). The label is ``T(m)`` or ``S(m)``.

    Examples
    --------
    >>> [requirement_text(r) for label in ("T(3)", "S(3)") for r in t_value_rule(label)]
    ['= {2|0}', '= 2']

    References
    ----------
    *Thinning Thickets*, §4.1 (Lemma 4.3, Theorem 4.4, Corollary 4.5).
    """
    m = int(label[2:-1])
    a = (m + 1) // 2
    return [(switch(a, 0), "=")] if label.startswith("T(") else [(a, "=")]


def t_and_s(m: int) -> Iterator[tuple[str, Thicket]]:
    """T(m) and S(m), the family of :func:`t_value_rule`.

    Examples
    --------
    >>> [label for label, _ in t_and_s(2)]
    ['T(2)', 'S(2)']

    References
    ----------
    *Thinning Thickets*, §4.1.
    """
    yield f"T({m})", t_family(m)
    yield f"S({m})", s_family(m)


def member(label: str) -> Thicket:
    """The position a label names: ``blue:[...]``, ``stalk:...``, ``B(n)``, ``S(m)``,
    ``T(m)``.

    Raises
    ------
    PositionError
        For a label that is none of these.

    Examples
    --------
    >>> member("T(2)") == t_family(2), member("stalk:LR") == member("B(2)")
    (True, True)

    References
    ----------
    *Thinning Thickets*, §4 and §4.1.
    """
    for prefix, build in (("B(", blue_stalk), ("S(", s_family), ("T(", t_family)):
        if label.startswith(prefix) and label.endswith(")") and label[2:-1].isdigit():
            return build(int(label[2:-1]))
    if label in ("blue:[]", "stalk:"):
        return thickets.EMPTY
    if label.startswith(("blue:[", "stalk:")):
        return thickets.parse(label)
    raise PositionError(f"thickets: not a §4 family member: {label!r}")
