"""All-n methods: a claim's statement about automata, decided for every size at once by the
deciders of :mod:`cgsat.automata` (issues 25 and 35), as a :class:`~cgsat.claims.Method`.

Four deciders share nothing but the :class:`~cgsat.automata.options.Statement`: set
operations on automata (:mod:`~cgsat.automata.setops`, automata-lib), pre-images by cgsat's
own automata code (:mod:`~cgsat.automata.preimage`; both pip only), MONA
(:mod:`~cgsat.automata.mona`, when it is installed) and the product search
(:mod:`~cgsat.automata.product`). A method built here runs them on one statement and returns

- ``proved`` when at least two of them prove it and none refutes it (with every decider's
  answer, states and time in ``detail``; a decider that is not installed is left out of
  ``detail``, one that stopped short is listed with its reason);
- ``refuted`` when a decider refutes it, none proves it, and plain play
  (:mod:`cgsat.automata.replay`) confirms the counterexample; an unconfirmed one is
  ``error``;
- ``error`` when the deciders disagree (one proves, another refutes), or when a decider
  fails its own control (MONA says "valid" to a statement known to be false,
  :func:`cgsat.automata.mona.control`): exit code 3;
- ``unknown`` when fewer than two prove it and none refutes it (a limit, a timeout):
  nothing is called proved on one decider alone.

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
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from cgsat.automata import mona, preimage, product, proof_controls, setops
from cgsat.automata.decision import Decision
from cgsat.automata.options import Statement
from cgsat.automata.replay import confirm, wrong_at
from cgsat.claims import Budget, Method, Verdict

__all__ = [
    "DECIDERS",
    "artifacts_dir",
    "summary",
    "PROVED_BY",
    "SHARE",
    "decide_all",
    "all_n_method",
    "confirm_sized",
    "sized_method",
]

DECIDERS = ("setops", "preimage", "mona", "product")
"""The deciders of an all-n verdict, in the order they run (fastest first, as measured by
``benchmarks/bench_deciders.py``); two must prove it. MONA runs only when installed
(:func:`cgsat.automata.mona.available`)."""

SHARE = 0.9
"""The part of the method's timeout the deciders share, in turn (the rest is left for the
replay and the artifacts, so that the runner does not kill a run two deciders proved)."""

PROVED_BY = 2
"""How many deciders must prove a statement (and none refute it) for ``proved``."""


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


def decide_all(statement: Statement, label: str, timeout: float | None) -> Verdict:
    """Run every available decider on ``statement`` and combine their answers (module
    docstring): ``proved`` needs :data:`PROVED_BY` of them.

    References
    ----------
    *Thinning Thickets*, §2.1; *The Game of timber!*, Theorems 2.1, 2.2 (the induction).
    """
    where = artifacts_dir(label)
    deadline = None if timeout is None else time.perf_counter() + SHARE * timeout
    running: dict[str, Callable[[Statement], Decision]] = {"setops": setops.decide,
                                                          "preimage": preimage.decide,
                                                          "product": product.decide}
    if mona.available():
        running["mona"] = mona.decide
    failed = proof_controls.controls_failed(statement, running)
    if failed:  # issue 36: well-foundedness twice, domain closure by each decider
        return Verdict.error("control failed: " + "; ".join(failed))

    def left() -> float | None:  # each decider gets what its predecessors left
        return None if deadline is None else max(1.0, deadline - time.perf_counter())

    decisions = [setops.decide(statement, timeout=left()),
                 preimage.decide(statement, timeout=left())]
    if mona.available():
        decisions.append(mona.decide(statement, timeout=left(), workdir=where))
    decisions.append(product.decide(statement, timeout=left()))
    detail = summary(statement, decisions, label)
    detail["controls"] = proof_controls.summary(statement, sorted(running))
    if where is not None:  # MONA (when it ran) made the directory, not otherwise
        where.mkdir(parents=True, exist_ok=True)
        for a in statement.automata:
            a.dump(where / f"{a.name or 'automaton'}.json")
        if statement.family.domain is not None:
            statement.family.domain.dump(where / "domain.json")
        (where / "proof.json").write_text(json.dumps(detail, indent=1) + "\n")
    text = json.dumps(detail)
    failed = [d.describe() for d in decisions if d.verdict == "error"]
    if failed:  # a decider failed its own control: none of its answers counts
        return Verdict.error("a decider failed its control: " + "; ".join(failed),
                             detail=text)
    proved = [d for d in decisions if d.verdict == "proved"]
    refuted = [d for d in decisions if d.verdict == "refuted"]
    if proved and refuted:
        return Verdict.error("the deciders disagree: " + "; ".join(d.describe()
                                                                 for d in decisions),
                             detail=text)
    for d in refuted:
        word = None if d.bottom else d.counterexample
        replay = confirm(statement, word)
        if not replay.confirmed:
            return Verdict.error(f"{d.describe()}, NOT confirmed by plain play "
                                 f"({replay.detail}); this is a bug", detail=text)
        return Verdict.refuted(replay.position, detail=f"{d.describe()}; {replay.detail}")
    if len(proved) >= PROVED_BY:
        return Verdict.proved(detail=text)
    short = [d.describe() for d in decisions if d.verdict != "proved"]
    return Verdict.unknown(f"proved by {len(proved)} decider(s), {PROVED_BY} needed: "
                           + "; ".join(short), detail=text)


def _run(n: int, budget: Budget, *, build: Callable[[], Statement], label: str,
         counts: Callable[[], dict[str, Any]] | None = None) -> Verdict:
    """The all-n method's run: n is :data:`cgsat.claims.ALL_N`. A proved statement's
    ``detail`` gets ``counts()`` (the count sequence of its family, for the report)."""
    verdict = decide_all(build(), label, budget.timeout)
    if counts is None or verdict.status != "proved":
        return verdict
    detail = json.loads(verdict.detail or "{}")
    detail["counts"] = counts()
    failed = detail["counts"].get("control failed")
    if failed:  # issue 36: the counts' controls (recurrence re-checked, play at small sizes)
        return Verdict.error("control failed: " + "; ".join(failed), detail=json.dumps(detail))
    return Verdict.proved(detail=json.dumps(detail))


def all_n_method(build: Callable[[], Statement], label: str, scope: str,
                 name: str = "automata",
                 counts: Callable[[], dict[str, Any]] | None = None) -> Method:
    """An all-n :class:`~cgsat.claims.Method` deciding ``build()`` with every available
    decider (:func:`decide_all`).

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
    decide: dict[str, Callable[..., Decision]] = {
        "product": product.decide, "setops": setops.decide, "preimage": preimage.decide,
        "mona": mona.decide}
    ran = {} if decider == "mona" and not mona.available() else {decider: decide[decider]}
    failed = proof_controls.controls_failed(st, ran)
    if failed:  # issue 36: well-foundedness twice, domain closure by this decider
        return Verdict.error("control failed: " + "; ".join(failed))
    if decider == "mona":
        d = mona.decide(st, timeout=budget.timeout, workdir=artifacts_dir(f"{label}/{n}"))
    else:
        d = decide[decider](st, timeout=budget.timeout)
    detail = json.dumps({"decider": d.decider, "states": d.states,
                         "seconds": round(d.seconds, 4)})
    if d.verdict == "proved":
        return Verdict.holds(detail=detail)
    if d.verdict == "unknown":
        return Verdict.unknown(d.reason, detail=detail)
    if d.verdict == "error":  # the decider failed its own control
        return Verdict.error(d.describe(), detail=detail)
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
