"""``cgsat find green-cordon``: green cordons of a height with a given value, by SAT.

Two routes, both SAT (solved through :mod:`cgsat.sat.solve`), and every cordon found is
replayed by exhaustive play (:func:`replay`) before it is printed:

- nim-value 0 or 1 under normal play, at any height (:func:`by_characterization`): the
  characterizations of Theorems 3.2 and 3.3 are first *proved* for every height up to N by
  the inductive mex check (:func:`cgsat.encodings.green_cordon.inductive_instance`), then
  the cordons they accept are listed by SAT with blocking clauses over the leaf variables
  and counted by dynamic programming on the automaton;
- any other nim-value, or misère play (:func:`explicit`): mex constraints (or the misère
  kernel) of :mod:`cgsat.encodings.kernel` over every cordon of height <= N and its
  followers, up to height :data:`EXPLICIT_LIMIT`, since there are 2^N such cordons.

Controls (issue 12, :class:`~cgsat.search.controls.Controls`):

- the inductive proofs are the check of the sat methods of ``thickets.thm3.2`` and
  ``thickets.thm3.3`` (:func:`cgsat.sat.green_cordon.characterization`) with their
  controls (:data:`cgsat.sat.green_cordon.CONTROLS_SCOPE`; the direct solver's answer is
  :func:`has_value`): ``K`` samples and the toggled control at the height searched, the
  toggled control alone at every smaller height (the samples' direct solver costs seconds
  per height past 20);
- the listing instance guards its goal (the rule accepts, or rejects, the cordon) with
  selector literals (:func:`~cgsat.sat.goal.guarded_goal`): ``K`` seeded random
  cordons of the height, fixed through the leaf variables with the goal off, must be SAT and
  the rule's literal must equal exhaustive play's "r has the nim-value"
  (:func:`direct_nim`; for a cordon of more than 36 arcs, past exhaustive play's reach, the
  theorem's own statement instead, :func:`by_theorem`); when the
  enumeration ends UNSAT, the goal toggled at one seeded cordon r0 not found must give
  exactly r0;
- the explicit route's goal ("some cordon of the height has the target") is guarded the same
  way: ``K`` seeded random cordons of the height, read off the model with the goal off, must
  have exhaustive play's nim-value (or misère outcome); when nothing is found, the goal
  toggled at one cordon r0 must be SAT with exactly r0 matching.

A failed control raises :class:`~cgsat.search.ControlFailed`.

References
----------
M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.2-3.5.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from functools import partial

from pysat.formula import IDPool

from cgsat.automata.library import stored
from cgsat.cgt.impartial import solver_for
from cgsat.claims import Budget
from cgsat.encodings.gates import Circuit
from cgsat.encodings.green_cordon import (
    NIM0,
    NIM1,
    CordonCircuits,
    concrete_moves,
    count_accepted,
    followers,
)
from cgsat.encodings.kernel import GrundyEncoding, add_grundy, add_kernel
from cgsat.errors import CgsatInputError, TooLargeError
from cgsat.games import get_ruleset, green_cordon
from cgsat.sat.goal import Goal, guarded_goal
from cgsat.sat.green_cordon import characterization
from cgsat.sat.solve import Control, Sink
from cgsat.search.controls import Controls

__all__ = [
    "EXPLICIT_LIMIT",
    "ALL_LIMIT",
    "Found",
    "THEOREMS",
    "by_theorem",
    "has_value",
    "by_characterization",
    "explicit",
    "explicit_goal",
    "direct_nim",
    "direct_p",
    "replay",
    "search",
]

EXPLICIT_LIMIT = 12
"""Largest height of the explicit route (it encodes all 2^N cordons of height <= N)."""
ALL_LIMIT = 100_000
"""Most cordons listed; beyond it ``--count`` must be used."""


@dataclass
class Found:
    """What :func:`search` found.

    Attributes
    ----------
    positions : list of str
        The cordons found (``green-cordon`` syntax), sorted by length then text; empty with
        ``mode == "count"``, at most one with ``mode == "one"``.
    count : int
        How many cordons match.
    disagreement : str or None
        A cordon SAT found but exhaustive play disagrees on (a bug), else None.
    controls : Controls
        The controls run (``tally``: ``{"passed","total"}``).
    """

    positions: list[str]
    count: int
    disagreement: str | None = None
    controls: Controls = field(default_factory=Controls)


THEOREMS = {0: "thm3.2", 1: "thm3.3"}
"""The stored automata (:func:`cgsat.automata.library.stored`) of the characterizations of
nim-values 0 and 1, *Thinning Thickets* Theorems 3.2 and 3.3 as regular expressions on the
leaf word."""


def by_theorem(n: int, atts: Sequence[int], value: int) -> bool:
    """Whether the cordon of height n with these attachments has nim-value ``value`` (0 or 1)
    by the theorem's own statement: the stored automaton of Theorem 3.2 or 3.3 (built from
    the theorem's regular expression, independent of the encoding's circuits) accepts its
    leaf word.

    Examples
    --------
    >>> by_theorem(5, [2], 0), by_theorem(4, [2], 0), by_theorem(0, [], 0), by_theorem(3, [], 1)
    (True, False, True, True)

    References
    ----------
    *Thinning Thickets*, Theorems 3.2 and 3.3.
    """
    word = None if n == 0 else "".join("1" if a in set(atts) else "0" for a in range(1, n))
    return stored(THEOREMS[value]).accepts(word)


def has_value(n: int, atts: Sequence[int], value: int) -> bool:
    """The oracle of the proofs' sample controls: whether the cordon has nim-value ``value``
    by exhaustive play where it reaches (at most 36 arcs), else by :func:`by_theorem`.

    Examples
    --------
    >>> has_value(4, [], 0), has_value(61, [2], 0)
    (True, True)

    References
    ----------
    *Thinning Thickets*, Theorems 3.2 and 3.3.
    """
    rules = get_ruleset("green-cordon")
    try:
        position = (green_cordon.make_cordon(n, tuple(atts)),) if n else ()
        return solver_for(rules).nim_value(position) == value
    except TooLargeError:  # past exhaustive play: the theorem's own statement
        return by_theorem(n, atts, value)


def _bits(n: int) -> Callable[[random.Random], str]:
    """A draw of ``n`` random bits (a random cordon: each leaf arc present or not)."""
    return lambda rng: "".join(rng.choice("01") for _ in range(n))


def _cordon(height: int, bits: str) -> str:
    """The cordon of ``height`` whose leaf arcs are the 1s of ``bits`` (``green-cordon``
    syntax)."""
    return f"{height}:" + ",".join(str(a) for a, b in enumerate(bits, start=1) if b == "1")


def _holds(lit: int, true: set[int]) -> bool:
    """The value of a literal in a model given by its true variables."""
    return lit in true if lit > 0 else -lit not in true


def by_characterization(height: int, value: int, want: bool, mode: str,
                        controls: Controls | None = None) -> tuple[list[str], int]:
    """Cordons of ``height`` with (``want``) or without nim-value ``value`` in {0, 1}.

    Proves Theorem 3.2 (value 0) or 3.3 (value 1) for every height up to ``height`` by the
    inductive mex check, counts the cordons by dynamic programming on the automaton, and
    (unless ``mode == "count"``) lists them by SAT with blocking clauses.

    Every proof step and the listing instance answer their controls (see the module's
    text).

    Raises
    ------
    CgsatInputError
        If the characterization fails at some height (a bug: the theorems hold).
    ControlFailed
        When a control fails.

    Examples
    --------
    >>> found, count = by_characterization(5, 0, True, "all")
    >>> sorted(found), count
    (['5:2', '5:2,3,4', '5:4'], 3)

    References
    ----------
    *Thinning Thickets*, Theorems 3.2-3.5.
    """
    controls = controls or Controls()
    claim = NIM0 if value == 0 else NIM1
    accepted = count_accepted(claim.rule, height)
    total = 2 ** max(height - 1, 0)
    count = accepted if want else total - accepted
    if mode == "all" and count > ALL_LIMIT:  # refused before the proofs (seconds each)
        raise CgsatInputError(f"find: more than {ALL_LIMIT} cordons match; use --count")
    prove = partial(characterization, value=value, leaves=None,
                    oracle=partial(has_value, value=value))
    for h in range(height + 1):  # prove the characterization up to the height first
        k = controls.k if h == height else 0  # samples at the height searched
        verdict = prove(h, Budget(controls=k, seed=f"{controls.seed}:proof:{h}"))
        controls.absorb_verdict(verdict)
        if verdict.status != "holds":
            raise CgsatInputError(
                f"the characterization of nim-value {value} fails at height {h} "
                f"({verdict.status}: {verdict.counterexample or verdict.reason}); report "
                "this as a bug")
    if mode == "count":
        return [], count
    cc = CordonCircuits()
    x = cc.leaf_variables(height)
    out_lit = cc.accepts(claim.rule, (height, x))
    run = controls.run(height)
    sink, _ = run.new()
    for clause in cc.cnf.clauses:
        sink.add_clause(clause)
    goal = guarded_goal(cc.pool, sink, out_lit if want else -out_lit)
    for bits in run.samples(_bits(len(x))):  # sample controls, before any blocking clause
        run.control(sink, _listing_sample(cc, height, goal, bits, out_lit, value))
    found: list[str] = []
    limit = 1 if mode == "one" else ALL_LIMIT + 1
    while len(found) < limit:
        model = run.solve(sink, goal.on())
        if model is None:
            r0 = next((bits for bits in run.samples(_bits(len(x)), 8)
                       if _cordon(height, bits) not in found), None)
            if r0 is not None:  # the toggled control
                fix = [v if b == "1" else -v for v, b in zip(x, r0, strict=True)]
                text = _cordon(height, r0)
                run.control(sink, goal.toggled_at(sink, text, fix,
                                                  _decodes_to(cc, height, text)))
            break
        found.append(cc.decode(model, height))
        true = set(model)
        sink.add_clause([-v if v in true else v for v in x] or [cc.false])
    controls.absorb(run)
    return found, len(found)


def _listing_sample(cc: CordonCircuits, height: int, goal: Goal, bits: str, out_lit: int,
                    value: int) -> Control:
    """The sample control at the cordon of ``bits``: fixed with the goal off, the model is
    that cordon and the rule accepts it iff exhaustive play gives it nim-value ``value``."""
    text = _cordon(height, bits)
    fix = [v if b == "1" else -v for v, b in zip(cc.leaf_variables(height), bits, strict=True)]
    try:
        want = direct_nim(text) == value
    except TooLargeError:  # past exhaustive play: the theorem's own statement
        want = by_theorem(height, [a for a, b in enumerate(bits, start=1) if b == "1"], value)

    def check(true: set[int] | None) -> str | None:
        if true is None:
            return "the instance is UNSAT with the cordon fixed and the goal off"
        if cc.decode(list(true), height) != text:
            return f"the model decodes to {cc.decode(list(true), height)}"
        if _holds(out_lit, true) != want:
            return (f"the rule {'accepts' if _holds(out_lit, true) else 'rejects'} it, but by "
                    f"exhaustive play its nim-value {'is' if want else 'is not'} {value}")
        return None

    return goal.sample(text, fix, check)


def _decodes_to(cc: CordonCircuits, height: int,
                text: str) -> Callable[[set[int] | None], str | None]:
    """The check of a toggled control: SAT, at exactly the cordon ``text``."""
    def check(true: set[int] | None) -> str | None:
        if true is None:
            return "the instance is UNSAT with the goal toggled there"
        got = cc.decode(list(true), height)
        return None if got == text else f"the model decodes to {got}"
    return check


def explicit(height: int, value: int | None, outcome: str | None, misere: bool,
             controls: Controls | None = None) -> list[str]:
    """Every cordon of ``height`` with nim-value ``value`` (normal play), or with
    ``outcome`` ("P" or "N") under the chosen play, from one formula over all followers.

    The goal "some cordon of the height has the target" is guarded by selector literals;
    with it on, a model gives every cordon's nim-value (or outcome), from which the matches
    are read. Controls (see the module's text): seeded sample cordons read with the goal
    off must have exhaustive play's answer, and when nothing matches, the goal toggled at
    one cordon r0 must be SAT with exactly r0 matching.

    Raises
    ------
    CgsatInputError
        Above :data:`EXPLICIT_LIMIT`.
    ControlFailed
        When a control fails.

    Examples
    --------
    >>> explicit(4, 2, None, False)
    ['4:2', '4:1,3']

    References
    ----------
    *Thinning Thickets*, §2.1 (Sprague-Grundy theory); *The Game of timber!*, Theorem 2.2
    (the misère Partition Theorem).
    """
    if height > EXPLICIT_LIMIT:
        raise CgsatInputError(
            f"green-cordon: this search encodes all 2^N cordons of height <= N and is "
            f"limited to N <= {EXPLICIT_LIMIT}; nim-values 0 and * (normal play) have no limit")
    controls = controls or Controls()
    roots = [(h, frozenset(a)) for h, a in green_cordon.cordons(height)]
    nodes = followers(*roots)
    moves = concrete_moves(nodes)
    run = controls.run(height)
    sink, pool = run.new()
    circ = Circuit(pool, sink)
    if misere:
        kernel = add_kernel(pool, sink, nodes, moves, misere=True)
        lits: dict[Hashable, int] = {r: kernel.p[r] if outcome == "P" else -kernel.p[r]
                                     for r in roots}
    else:
        grundy = add_grundy(pool, sink, nodes, moves, value_range=2 * height + 1)
        if value is not None:
            lits = {r: grundy.value_lit(r, value, circ) for r in roots}
        else:
            lits = {r: grundy.value_lit(r, 0, circ) if outcome == "P"
                    else -grundy.value_lit(r, 0, circ) for r in roots}
    texts = {r: _cordon(height, "".join("1" if a in r[1] else "0" for a in range(1, height)))
             for r in roots}
    r0 = run.samples(_bits(max(height - 1, 0)), 1)[0]
    root0 = next(r for r in roots if texts[r] == _cordon(height, r0))
    s, t, flipped = explicit_goal(pool, sink, lits, root0)
    by_text = {texts[r]: r for r in roots}
    for bits in run.samples(_bits(max(height - 1, 0))):
        root = by_text[_cordon(height, bits)]
        if misere:
            run.control(sink, _explicit_sample(
                texts[root], [-s, -t], partial(kernel.is_p, root),
                lambda text: direct_p(text, True)))
        else:
            run.control(sink, _explicit_sample(
                texts[root], [-s, -t], partial(_value_of, grundy, root),
                direct_nim))
    model = run.solve(sink, [s, -t])
    found = [] if model is None else [r for r in roots if _holds(lits[r], set(model))]
    if model is None:
        def check(true: set[int] | None) -> str | None:
            if true is None:
                return "the instance is UNSAT with the goal toggled there"
            got = [texts[r] for r in roots if _holds(flipped[r], true)]
            return None if got == [texts[root0]] else f"the cordons matching are {got}"
        run.control(sink, Control("toggled", texts[root0], (s, t), check))
    controls.absorb(run)
    return [texts[r] for r in found]


def explicit_goal(pool: IDPool, sink: Sink, lits: dict[Hashable, int],
                  root0: Hashable) -> tuple[int, int, dict[Hashable, int]]:
    """The explicit route's goal ``s -> OR_r m_r`` with ``m_r`` "r has the target", flipped
    at ``root0`` when ``t`` holds; returns ``(s, t, {r: m_r})``.

    References
    ----------
    Issue 12 (controls): the toggled control C xor {r0}.
    """
    circ = Circuit(pool, sink)
    s, t = pool.id(), pool.id()
    flipped = {r: circ.xor(lit, t) if r == root0 else lit for r, lit in lits.items()}
    sink.add_clause([-s] + list(flipped.values()))
    return s, t, flipped


def _value_of(grundy: GrundyEncoding, root: Hashable, true: set[int]) -> int | None:
    """The nim-value of ``root`` in the model (None when no value literal is true)."""
    return next((k for k, x in enumerate(grundy.value[root]) if x in true), None)


def _explicit_sample(text: str, off: list[int], read: Callable[[set[int]], object],
                     direct: Callable[[str], object]) -> Control:
    """A sample control of the explicit route: with the goal off, the value the model
    gives the cordon ``text`` equals exhaustive play's."""
    want = direct(text)

    def check(true: set[int] | None) -> str | None:
        if true is None:
            return "the instance is UNSAT with the goal off"
        got = read(true)
        return None if got == want else f"the instance gives {got}, exhaustive play {want}"

    return Control("sample", text, tuple(off), check)


def direct_nim(text: str) -> int:
    """Exhaustive play's nim-value of the cordon ``text`` (the direct solver).

    Examples
    --------
    >>> direct_nim("5:2"), direct_nim("4:2")
    (0, 2)
    """
    rules = get_ruleset("green-cordon")
    return solver_for(rules).nim_value(rules.parse(text))


def direct_p(text: str, misere: bool) -> bool:
    """Exhaustive play's "the cordon ``text`` is a P-position" under the chosen play.

    Examples
    --------
    >>> direct_p("5:2", False), direct_p("1:", True)
    (True, True)
    """
    rules = get_ruleset("green-cordon")
    return solver_for(rules).outcome(rules.parse(text), misere=misere) == "P"


def replay(text: str, value: int | None, outcome: str | None, misere: bool) -> bool:
    """Whether exhaustive play gives the cordon ``text`` the nim-value or outcome asked for.

    Examples
    --------
    >>> replay("5:2", 0, None, False), replay("5:2", None, "N", False)
    (True, False)
    """
    if misere or value is None:
        return direct_p(text, misere) == (outcome == "P")
    return direct_nim(text) == value


def search(height: int, value: int | None, outcome: str | None, misere: bool,
           mode: str, controls: Controls | None = None) -> Found:
    """Cordons of ``height`` with nim-value ``value`` or outcome ``outcome``, replayed.

    Parameters
    ----------
    height : int
    value : int or None
        A nim-value (normal play), or None to select by ``outcome``.
    outcome : {"P", "N"} or None
    misere : bool
        Misère play (with ``outcome`` only).
    mode : {"one", "all", "count"}
    controls : Controls or None
        The controls of every instance (default 16 samples, unseeded).

    Returns
    -------
    Found

    Raises
    ------
    CgsatInputError
        When more than :data:`ALL_LIMIT` cordons would be listed, or a route's limit.

    Examples
    --------
    >>> search(5, None, "P", False, "all").positions
    ['5:2', '5:4', '5:2,3,4']

    References
    ----------
    *Thinning Thickets*, Theorems 3.2-3.5.
    """
    controls = controls or Controls()
    if not misere and (value in (0, 1) or outcome is not None):
        nim = 0 if outcome is not None else value
        assert nim is not None
        found, count = by_characterization(height, nim, outcome != "N", mode, controls)
    else:
        found = explicit(height, value, outcome, misere, controls)
        count = len(found)
        if mode == "one":
            found = found[:1]
    if len(found) > ALL_LIMIT:
        raise CgsatInputError(f"find: more than {ALL_LIMIT} cordons match; use --count")
    for text in found:
        if not replay(text, value, outcome, misere):
            return Found(found, count, disagreement=text, controls=controls)
    found.sort(key=lambda t: (len(t), t))
    return Found(found, count, controls=controls)
