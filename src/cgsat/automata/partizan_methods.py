"""All-n methods for partizan statements (issue 37): a claim's
:class:`~cgsat.automata.partizan.PartizanStatement`, decided for every size at once, as a
:class:`~cgsat.claims.Method` named ``automata`` (as the impartial ones of
:mod:`cgsat.automata.methods`).

Three deciders share nothing but the statement: pre-images by set operations
(:mod:`~cgsat.automata.partizan_setops`), MONA (:mod:`~cgsat.automata.partizan_mona`, when
installed; value rules with at most four classes) and the product search
(:mod:`~cgsat.automata.partizan_product`). The verdict is

- ``proved`` when two of them prove it and none refutes it (every decider's answer, states
  and time in ``detail``; MONA, when not installed, is left out);
- ``refuted`` when a decider refutes it, none proves it, and plain play
  (:mod:`cgsat.automata.partizan_replay`) confirms the counterexample (``error`` if not);
- ``error`` when they disagree (one proves, another refutes): exit code 3;
- ``unknown`` otherwise (a limit, a timeout): nothing is proved on one decider alone.

With ``$CGSAT_PROOFS`` set to a directory, each run writes ``$CGSAT_PROOFS/<label>/``: the
class automata (``class<i>.json``, in the order of the classes), the domain, MONA's
``statement.mona`` and ``statement.out``, and ``proof.json``.

References
----------
.. [1] A. Mignoty, A. Renard, M. Rigo, M. Whiteland, "Automatic proofs in combinatorial game
   theory", Int. J. Game Theory 54 (2025).
.. [2] E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, ch. 2.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from cgsat.automata import mona, partizan_mona, partizan_product, partizan_setops
from cgsat.automata.decision import Decision
from cgsat.automata.methods import artifacts_dir
from cgsat.automata.partizan import PartizanStatement
from cgsat.automata.partizan_replay import confirm
from cgsat.claims import Budget, Method, Verdict

__all__ = ["DECIDERS", "PROVED_BY", "SHARE", "all_n_method", "decide_all", "summary"]

DECIDERS = ("setops", "mona", "product")
"""The deciders, in the order they run (MONA when installed); two must prove a statement."""

PROVED_BY = 2
"""How many deciders must prove a statement (and none refute it) for ``proved``."""

SHARE = 0.9
"""The part of the method's timeout the deciders share, in turn."""


def summary(statement: PartizanStatement, decisions: list[Decision],
            label: str) -> dict[str, Any]:
    """The ``detail`` of a verdict: each decider's answer, the classes and their automata
    (*Toppling Conjectures*, Lemma 1; *Thinning Thickets*, Theorem 4.2)."""
    return {
        "statement": statement.name or label,
        "rule": statement.rule,
        "deciders": [{"decider": d.decider, "verdict": d.verdict, "states": d.states,
                      "seconds": round(d.seconds, 4), "reason": d.reason}
                     for d in decisions],
        "automata": [{"name": a.name, "class": c, "states": a.size}
                     for c, a in zip(statement.classes, statement.automata, strict=True)],
    }


def decide_all(statement: PartizanStatement, label: str, timeout: float | None) -> Verdict:
    """Run the deciders on ``statement`` and combine their answers (module docstring).

    References
    ----------
    Winning Ways, ch. 2; *Thinning Thickets*, Theorem 2.15 (the induction on options).
    """
    deadline = None if timeout is None else time.perf_counter() + SHARE * timeout

    def left() -> float | None:
        return None if deadline is None else max(1.0, deadline - time.perf_counter())

    where = artifacts_dir(label)
    decisions = [partizan_setops.decide(statement, timeout=left())]
    if mona.available():
        decisions.append(partizan_mona.decide(statement, timeout=left(), workdir=where))
    decisions.append(partizan_product.decide(statement, timeout=left()))
    detail = summary(statement, decisions, label)
    if where is not None:  # $CGSAT_PROOFS: the automata, MONA's files and proof.json
        where.mkdir(parents=True, exist_ok=True)
        for i, a in enumerate(statement.automata):
            a.dump(where / f"class{i}.json")
        if statement.family.domain is not None:
            statement.family.domain.dump(where / "domain.json")
        detail["artifacts"] = f"results/proofs/{label}/"
        (where / "proof.json").write_text(json.dumps(detail, indent=1) + "\n")
    text = json.dumps(detail)
    proved = [d for d in decisions if d.verdict == "proved"]
    refuted = [d for d in decisions if d.verdict == "refuted"]
    if proved and refuted:
        return Verdict.error("the deciders disagree: "
                             + "; ".join(d.describe() for d in decisions), detail=text)
    for d in refuted:
        replay = confirm(statement, d.counterexample or "")
        if not replay.confirmed:
            return Verdict.error(f"{d.describe()}, NOT confirmed by plain play "
                                 f"({replay.detail}); this is a bug", detail=text)
        return Verdict.refuted(replay.position, detail=f"{d.describe()}; {replay.detail}")
    if len(proved) >= PROVED_BY:
        return Verdict.proved(detail=text)
    return Verdict.unknown(f"proved by {len(proved)} decider(s), {PROVED_BY} needed: "
                           + "; ".join(d.describe() for d in decisions if d not in proved),
                           detail=text)


def _run(n: int, budget: Budget, *, build: Callable[[], PartizanStatement],
         label: str) -> Verdict:
    """The all-n method's run: n is :data:`cgsat.claims.ALL_N`."""
    return decide_all(build(), label, budget.timeout)


def all_n_method(build: Callable[[], PartizanStatement], label: str, scope: str,
                 name: str = "automata") -> Method:
    """An all-n :class:`~cgsat.claims.Method` deciding ``build()`` by the deciders
    (``build`` must be picklable: a module-level function or ``functools.partial``).

    References
    ----------
    *Toppling Conjectures*, Lemma 1; *Thinning Thickets*, Theorem 4.2 (the claims that carry
    one).
    """
    return Method(name, partial(_run, build=build, label=label), scope=scope, all_n=True)
