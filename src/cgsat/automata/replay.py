"""Replays by plain play: a decider's counterexample is confirmed on the ruleset itself.

A violation of the inductive statement at a word w means some R_j is wrong at w or at a
follower of w (if every R_j were right everywhere, the mex rule would hold everywhere). The
replay walks w and its followers, shortest first, and computes each position's nim-value
(or misère outcome) by :mod:`cgsat.cgt.play`, plain recursion over the ruleset's own
options. It confirms the counterexample at the first position where an automaton and play
disagree. :func:`check_options` compares a family's option relation with the ruleset's.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, §2.1 (nim-values).
.. [2] R. J. Nowakowski et al., *The Game of timber!*, Theorems 2.1, 2.2.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from itertools import product as words

from cgsat.automata.options import Statement, Word, WordFamily
from cgsat.cgt import play
from cgsat.games import get_ruleset

__all__ = ["Replay", "check_options", "confirm", "truth", "wrong_at"]


@dataclass(frozen=True)
class Replay:
    """The outcome of a replay.

    Attributes
    ----------
    confirmed : bool
        Some automaton disagrees with plain play at ``word`` (a follower of the
        counterexample, perhaps the counterexample itself).
    word : str or None
        That position (None: ⊥), or the counterexample when not confirmed.
    position : str
        The position in the ruleset's syntax.
    detail : str
        What play says and what the automaton says.
    """

    confirmed: bool
    word: Word
    position: str
    detail: str


def truth(family: WordFamily, word: Word, misere: bool) -> int | bool:
    """The nim-value (normal play) or "is a misère P-position" of a position, by plain play
    on the ruleset."""
    ruleset = get_ruleset(family.ruleset)
    position = ruleset.parse(family.position(word))
    if misere:
        return play.is_p_position(ruleset, position, misere=True)  # type: ignore[arg-type]  # any ruleset
    return play.nim_value(ruleset, position)  # type: ignore[arg-type]  # any ruleset


def wrong_at(statement: Statement, word: Word) -> str:
    """Why some automaton is wrong at ``word`` by plain play ("" if none is).

    Examples
    --------
    >>> from cgsat.automata.dfa import Automaton
    >>> from cgsat.automata.families import GREEN_CORDON
    >>> odd = Automaton("01", ((1, 0), (0, 2), (2, 2)), frozenset({0}), True)
    >>> wrong_at(Statement(GREEN_CORDON, (odd,)), "")
    'R_0 accepts it; plain play: nim-value 1'
    """
    fam = statement.family
    value = truth(fam, word, statement.misere)
    for j, a in enumerate(statement.automata):
        says = a.accepts(word)
        if statement.misere:
            if says != value:
                return (f"R_0 {'accepts' if says else 'rejects'} it; plain play: misère "
                        f"{'P' if value else 'N'}-position")
        elif says != (value == j):
            return f"R_{j} {'accepts' if says else 'rejects'} it; plain play: nim-value {value}"
    return ""


def confirm(statement: Statement, word: Word, *, limit: int = 20_000) -> Replay:
    """Confirm a counterexample (a word, or None for ⊥) by plain play.

    Walks ``word`` and its followers (by the family's options, shortest first, at most
    ``limit`` positions) and stops at the first position where an automaton of
    ``statement`` disagrees with play.

    References
    ----------
    *Thinning Thickets*, §2.1; *The Game of timber!*, Theorems 2.1, 2.2.
    """
    fam = statement.family
    seen: set[Word] = {word}
    queue: deque[Word] = deque([word])
    walked = 0
    while queue and walked < limit:
        v = queue.popleft()
        walked += 1
        if fam.in_domain(v):
            why = wrong_at(statement, v)
            if why:
                return Replay(True, v, fam.position(v), why)
        for o in sorted(set(fam.options(v)), key=lambda o: (o is not None, len(o or ""), o)):
            if o not in seen:
                seen.add(o)
                queue.append(o)
    return Replay(False, word, fam.position(word),
                  f"plain play agrees with every automaton on {walked} positions"
                  + (f" (the walk stopped at its limit of {limit})" if queue else ""))


def check_options(family: WordFamily, max_length: int) -> list[str]:
    """Compare the family's options with the ruleset's on every position of the domain up
    to ``max_length`` letters (and ⊥); the list of disagreements (empty when they agree).

    Examples
    --------
    >>> from cgsat.automata.families import GREEN_CORDON
    >>> check_options(GREEN_CORDON, 6)
    []
    """
    ruleset = get_ruleset(family.ruleset)
    problems = []
    todo: list[Word] = [None] if family.bottom else []
    for n in range(max_length + 1):
        todo += ["".join(t) for t in words(family.alphabet, repeat=n)]
    for w in todo:
        if not family.in_domain(w):
            continue
        mine = {ruleset.parse(family.position(o)) for o in family.options(w)}
        theirs = {p for _, p in ruleset.options(  # type: ignore[union-attr]  # an impartial one
            ruleset.parse(family.position(w)))}
        if mine != theirs:
            problems.append(f"{family.position(w)}: options differ")
    return problems
