"""All-n methods: a claim's statement about automata, decided for every size at once by both
deciders of :mod:`cgsat.automata` (issue 25), as a :class:`~cgsat.claims.Method`.

A method built here runs the product search and MONA on one
:class:`~cgsat.automata.options.Statement` and returns

- ``proved`` when both prove it (with both deciders' states and times in ``detail``);
- ``refuted`` when a decider refutes it and plain play (:mod:`cgsat.automata.replay`)
  confirms the counterexample; an unconfirmed one is ``error``;
- ``error`` when the deciders disagree (one proves, the other refutes);
- ``unknown`` when either stops short (a limit, a timeout, "mona not installed"): nothing is
  called proved on one decider alone.

With ``$CGSAT_PROOFS`` set to a directory, each run writes its artifacts under
``$CGSAT_PROOFS/<label>/``: the automata (JSON), ``statement.mona`` and MONA's output, and
``proof.json`` (the deciders' verdicts, states and times).

References
----------
.. [1] A. Mignoty, A. Renard, M. Rigo, M. Whiteland, "Automatic proofs in combinatorial game
   theory", Int. J. Game Theory 54 (2025).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from cgsat.automata import mona, product
from cgsat.automata.decision import Decision
from cgsat.automata.options import Statement
from cgsat.automata.replay import confirm, wrong_at
from cgsat.claims import Budget, Method, Verdict

__all__ = [
    "DECIDERS",
    "artifacts_dir",
    "summary",
    "decide_both",
    "all_n_method",
    "confirm_sized",
    "sized_method",
]

DECIDERS = ("product", "mona")
"""The two deciders every all-n verdict needs."""


def artifacts_dir(label: str) -> Path | None:
    """Where a proof's artifacts go: ``$CGSAT_PROOFS/<label>``, or None when unset (the
    all-n proofs of *Thinning Thickets* and *The Game of timber!*)."""
    root = os.environ.get("CGSAT_PROOFS")
    return Path(root) / label if root else None


def summary(statement: Statement, decisions: list[Decision], label: str) -> dict[str, Any]:
    """The ``detail`` of an all-n verdict: each decider's answer and the automata's sizes
    (*Thinning Thickets*, *The Game of timber!*: the statements proved)."""
    return {
        "statement": statement.name or label,
        "deciders": [{"decider": d.decider, "verdict": d.verdict, "states": d.states,
                      "seconds": round(d.seconds, 4), "reason": d.reason}
                     for d in decisions],
        "automata": [{"name": a.name, "states": a.size} for a in statement.automata],
        "artifacts": f"results/proofs/{label}/",
    }


def decide_both(statement: Statement, label: str, timeout: float | None) -> Verdict:
    """Run both deciders on ``statement`` and combine their answers (module docstring).

    References
    ----------
    *Thinning Thickets*, §2.1; *The Game of timber!*, Theorems 2.1, 2.2 (the induction).
    """
    where = artifacts_dir(label)
    decisions = [product.decide(statement, timeout=timeout),
                 mona.decide(statement, timeout=timeout, workdir=where)]
    detail = summary(statement, decisions, label)
    if where is not None:
        for a in statement.automata:
            a.dump(where / f"{a.name or 'automaton'}.json")
        if statement.family.domain is not None:
            statement.family.domain.dump(where / "domain.json")
        (where / "proof.json").write_text(json.dumps(detail, indent=1) + "\n")
    text = json.dumps(detail)
    verdicts = {d.verdict for d in decisions}
    if verdicts == {"proved"}:
        return Verdict.proved(detail=text)
    if "proved" in verdicts and "refuted" in verdicts:
        return Verdict.error("the deciders disagree: " + "; ".join(d.describe()
                                                                 for d in decisions),
                             detail=text)
    for d in decisions:
        if d.verdict == "refuted":
            word = None if d.bottom else d.counterexample
            replay = confirm(statement, word)
            if not replay.confirmed:
                return Verdict.error(f"{d.describe()}, NOT confirmed by plain play "
                                     f"({replay.detail}); this is a bug", detail=text)
            return Verdict.refuted(replay.position, detail=f"{d.describe()}; {replay.detail}")
    unknown = [d for d in decisions if d.verdict == "unknown"]
    return Verdict.unknown(unknown[0].reason if unknown else "no decision", detail=text)


def _run(n: int, budget: Budget, *, build: Callable[[], Statement], label: str,
         counts: Callable[[], dict[str, Any]] | None = None) -> Verdict:
    """The all-n method's run: n is :data:`cgsat.claims.ALL_N`. A proved statement's
    ``detail`` gets ``counts()`` (the count sequence of its family, for the report)."""
    verdict = decide_both(build(), label, budget.timeout)
    if counts is None or verdict.status != "proved":
        return verdict
    detail = json.loads(verdict.detail or "{}")
    detail["counts"] = counts()
    return Verdict.proved(detail=json.dumps(detail))


def all_n_method(build: Callable[[], Statement], label: str, scope: str,
                 name: str = "automata",
                 counts: Callable[[], dict[str, Any]] | None = None) -> Method:
    """An all-n :class:`~cgsat.claims.Method` deciding ``build()`` with both deciders.

    ``build`` and ``counts`` must be picklable (module-level functions or
    ``functools.partial``); ``counts`` (optional) gives the proved family's count sequence
    (``{"counts": [...], "recurrence": ...}``), stored in the proved verdict's detail.

    References
    ----------
    *Thinning Thickets*, Theorems 3.2-3.5 and §5 (the claims that carry one).
    """
    return Method(name, partial(_run, build=build, label=label, counts=counts),
                  scope=scope, all_n=True)


def _sized(n: int, budget: Budget, *, build: Callable[[int], Statement], decider: str,
           label: str) -> Verdict:
    """One decider on the statement of size n (a parameter such as h or k): ``holds``
    means it holds for every length at that size."""
    st = build(n)
    d = (product.decide(st, timeout=budget.timeout) if decider == "product"
         else mona.decide(st, timeout=budget.timeout, workdir=artifacts_dir(f"{label}/{n}")))
    detail = json.dumps({"decider": d.decider, "states": d.states,
                         "seconds": round(d.seconds, 4)})
    if d.verdict == "proved":
        return Verdict.holds(detail=detail)
    if d.verdict == "unknown":
        return Verdict.unknown(d.reason, detail=detail)
    replay = confirm(st, None if d.bottom else d.counterexample)
    if not replay.confirmed:
        return Verdict.error(f"{d.describe()}, NOT confirmed by plain play ({replay.detail}); "
                             "this is a bug", detail=detail)
    return Verdict.refuted(replay.position, detail=f"{d.describe()}; {replay.detail}")


def confirm_sized(n: int, counterexample: str, *, build: Callable[[int], Statement]) -> bool:
    """The runner's replay of a sized method's counterexample: some automaton of the
    statement of size n disagrees with plain play at that position
    (:func:`cgsat.automata.replay.wrong_at`); *The Game of timber!*, Theorems 2.3, 2.4
    and *Thinning Thickets*, Problem 5.1."""
    st = build(n)
    if st.family.word is None:
        return False
    return bool(wrong_at(st, st.family.word(counterexample)))


def sized_method(build: Callable[[int], Statement], decider: str, label: str,
                 scope: str) -> Method:
    """A method running one decider on ``build(n)``: ``holds`` at n means the statement of
    size n (a height range h, a nim-value k) holds for every length (*The Game of timber!*,
    Theorems 2.3, 2.4; *Thinning Thickets*, Problem 5.1)."""
    return Method(decider, partial(_sized, build=build, decider=decider, label=label),
                  scope=scope)
