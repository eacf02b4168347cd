"""Negative controls at the proof level: every single edit of an automaton of a statement
must be refuted by every decider run, with a counterexample that plain play confirms, unless
the edit changes no language (on the family's domain).

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.2, 3.3, Problem 5.1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cgsat.automata import mona, product, setops
from cgsat.automata.decision import Decision
from cgsat.automata.dfa import Automaton
from cgsat.automata.options import Statement
from cgsat.automata.replay import Replay, confirm

__all__ = ["DECIDERS", "Decider", "EditOutcome", "run_edit", "same_on_domain", "single_edits"]

Decider = Callable[[Statement], Decision]
DECIDERS: dict[str, Decider] = {"product": product.decide, "setops": setops.decide,
                               "mona": mona.decide}


@dataclass(frozen=True)
class EditOutcome:
    """One edit and what became of it.

    Attributes
    ----------
    automaton : int
        Which R_j was edited.
    edit : str
        The edit (``flip accept 3``, ``delta(2,1) -> 0``, ``flip empty``).
    status : str
        ``"refuted"`` (every decider refuted it and play confirmed each counterexample),
        ``"same language"`` (the edit changes no language on the domain), or ``"failed"``.
    decisions : tuple of Decision
        The deciders' answers.
    replays : tuple of Replay
        The replays of their counterexamples.
    """

    automaton: int
    edit: str
    status: str
    decisions: tuple[Decision, ...] = ()
    replays: tuple[Replay, ...] = ()


def same_on_domain(statement: Statement, a: Automaton, b: Automaton) -> bool:
    """Whether two automata agree on every position of the family's domain."""
    fam = statement.family
    if fam.bottom and fam.in_domain(None) and a.empty != b.empty:
        return False
    la, lb = a.to_lib(), b.to_lib()
    if fam.domain is not None:
        d = fam.domain.to_lib()
        la, lb = la & d, lb & d
    return bool(la == lb)


def run_edit(statement: Statement, j: int, edit: str, edited: Automaton,
             deciders: Sequence[str] = ("product", "mona")) -> EditOutcome:
    """Decide one edited statement with each decider and replay the counterexamples."""
    if same_on_domain(statement, statement.automata[j], edited):
        return EditOutcome(j, edit, "same language")
    changed = statement.with_automaton(j, edited)
    decisions = tuple(DECIDERS[name](changed) for name in deciders)
    replays = tuple(confirm(changed, None if d.bottom else d.counterexample)
                    for d in decisions if d.verdict == "refuted")
    ok = (all(d.verdict == "refuted" for d in decisions)
          and all(r.confirmed for r in replays))
    return EditOutcome(j, edit, "refuted" if ok else "failed", decisions, replays)


def single_edits(statement: Statement, automata: Sequence[int] | None = None,
                 deciders: Sequence[str] = ("product", "mona")) -> list[EditOutcome]:
    """Every single edit of the chosen automata (default: all), each run by
    :func:`run_edit`.

    References
    ----------
    *Thinning Thickets*, Theorems 3.2, 3.3 and Problem 5.1 (the automata edited).
    """
    which = range(len(statement.automata)) if automata is None else automata
    return [run_edit(statement, j, text, edited, deciders)
            for j in which for text, edited in statement.automata[j].edits()]
