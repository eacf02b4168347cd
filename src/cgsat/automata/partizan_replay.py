"""Replays by plain play for partizan statements: a decider's counterexample is confirmed on
the ruleset itself.

A violation at a word w means some class automaton is wrong at w or at a follower of w. The
replay walks w and its followers (both players' options, shortest first) and computes each
position's class on the ruleset: its outcome by game-tree search (:func:`cgsat.cgt.play.outcome`,
no canonical forms), or its canonical form from the ruleset's own options
(:func:`cgsat.cgt.partizan_values.canonical_form`; reduced by
:func:`cgsat.cgt.reduced.reduced_canonical_form`). It confirms the counterexample at the
first position where the automata and play disagree.

References
----------
.. [1] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, ch. 2.
.. [2] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Definition 2.11 (Rcf).
"""

from __future__ import annotations

from collections import deque
from itertools import product as words

from cgsat.automata.partizan import PartizanFamily, PartizanStatement
from cgsat.automata.replay import Replay
from cgsat.cgt import play
from cgsat.cgt.notation import to_str
from cgsat.cgt.partizan_values import canonical_form
from cgsat.cgt.reduced import reduced_canonical_form
from cgsat.games import get_ruleset
from cgsat.games.base import PartizanRuleset

__all__ = ["check_options", "confirm", "truth", "wrong_at"]


def _ruleset(family: PartizanFamily) -> PartizanRuleset:
    rs = get_ruleset(family.ruleset)
    if not isinstance(rs, PartizanRuleset):
        raise ValueError(f"{family.ruleset} is not a partizan ruleset")
    return rs


def truth(statement: PartizanStatement, word: str) -> str:
    """A position's class by plain play on the ruleset (outcome, canonical form or reduced
    canonical form, as the statement's rule says).

    Examples
    --------
    >>> from cgsat.automata.partizan_families import thm42, toppling_lem1
    >>> truth(toppling_lem1(), "LRL"), truth(thm42(), "RLRR")
    ('L', '{1|0||-1}')
    """
    rs = _ruleset(statement.family)
    position = rs.parse(statement.family.position(word))
    if statement.rule == "outcome":
        return play.outcome(rs, position)
    g = canonical_form(rs, position)
    return to_str(reduced_canonical_form(g) if statement.rule == "reduced" else g)


def wrong_at(statement: PartizanStatement, word: str) -> str:
    """Why the automata are wrong at ``word`` by plain play ("" if they are right)."""
    value = truth(statement, word)
    accepted = statement.accepted(word)
    if accepted == [value]:
        return ""
    return (f"accepted as {', '.join(accepted) or 'no class'}; plain play: "
            f"{'outcome' if statement.rule == 'outcome' else statement.rule + ' value'} {value}")


def confirm(statement: PartizanStatement, word: str, *, limit: int = 20_000) -> Replay:
    """Confirm a counterexample by plain play: walk ``word`` and its followers (at most
    ``limit``), shortest first, to the first position the automata get wrong.

    References
    ----------
    Winning Ways, ch. 2; *Thinning Thickets*, Theorem 4.2.
    """
    fam = statement.family
    seen = {word}
    queue = deque([word])
    walked = 0
    while queue and walked < limit:
        v = queue.popleft()
        walked += 1
        if fam.in_domain(v):
            why = wrong_at(statement, v)
            if why:
                return Replay(True, v, fam.position(v), why)
        opts = set(fam.options(v, 0)) | set(fam.options(v, 1))
        for o in sorted(opts, key=lambda o: (len(o), o)):
            if o not in seen:
                seen.add(o)
                queue.append(o)
    return Replay(False, word, fam.position(word),
                  f"plain play agrees with every automaton on {walked} positions"
                  + (f" (the walk stopped at its limit of {limit})" if queue else ""))


def check_options(family: PartizanFamily, max_length: int) -> list[str]:
    """Compare the family's Left and Right options with the ruleset's on every word of the
    domain up to ``max_length`` letters; the disagreements (empty when they agree).

    Examples
    --------
    >>> from cgsat.automata.partizan_families import STALKS
    >>> check_options(STALKS, 5)
    []
    """
    rs = _ruleset(family)
    problems = []
    for n in range(max_length + 1):
        for t in words(family.alphabet, repeat=n):
            w = "".join(t)
            if not family.in_domain(w):
                continue
            p = rs.parse(family.position(w))
            for player, theirs in ((0, rs.left_options(p)), (1, rs.right_options(p))):
                mine = {rs.format(rs.parse(family.position(o)))
                        for o in family.options(w, player)}
                if mine != {rs.format(q) for _, q in theirs}:
                    problems.append(f"{family.position(w)}: {('Left', 'Right')[player]}'s "
                                    "options differ")
    return problems
