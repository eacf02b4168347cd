"""The answer of an all-n decider, shared by the deciders (a record, no deciding code)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Decision"]


@dataclass(frozen=True)
class Decision:
    """What a decider says about a :class:`cgsat.automata.options.Statement`.

    Attributes
    ----------
    decider : str
        ``"product"``, ``"setops"`` or ``"mona"``.
    verdict : str
        ``"proved"`` (the statement holds for every word), ``"refuted"``, ``"unknown"``, or
        ``"error"``: the decider failed its own control (MONA said "valid" to a statement
        known to be false), so none of its answers counts.
    counterexample : str or None
        For ``"refuted"``: a violating word; None with ``bottom`` set means ⊥.
    bottom : bool
        The counterexample is ⊥ (the family's non-word position).
    states : int or None
        The product's reachable states (``product``), the largest automaton MONA built
        (``mona``, from its ``-s`` statistics), or the decider's own count of the states it
        built (``setops``, ``preimage``).
    seconds : float
        Wall time of the decision.
    reason : str
        Why ``"unknown"`` (a limit, "mona not installed"), or what was violated.
    """

    decider: str
    verdict: str
    counterexample: str | None = None
    bottom: bool = False
    states: int | None = None
    seconds: float = 0.0
    reason: str = ""

    def describe(self) -> str:
        """One line for messages."""
        if self.verdict == "refuted":
            where = "⊥" if self.bottom else repr(self.counterexample)
            return f"{self.decider}: refuted at {where} ({self.reason})"
        if self.verdict in ("unknown", "error"):
            return f"{self.decider}: {self.verdict} ({self.reason})"
        return f"{self.decider}: proved ({self.states} states, {self.seconds:.2f} s)"
