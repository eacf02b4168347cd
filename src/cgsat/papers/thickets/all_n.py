"""The all-n statements of *Thinning Thickets* (issue 25): the characterizations of green
cordons of nim-values 0 .. k as automata on the leaf word, the §5 statements on families of
at most one or two leaves, and the Fibonacci counts of Theorems 3.4 and 3.5, decided for
every height at once by two deciders of four (:mod:`cgsat.automata.methods`).

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.2-3.5, §5, Problem 5.1.
"""

from __future__ import annotations

import json
from dataclasses import replace

from cgsat.automata.count_controls import against_play, recheck_recurrence
from cgsat.automata.counting import (
    CountProof,
    Recurrence,
    minimal_recurrence,
    prove_same_counts,
)
from cgsat.automata.counting import counts as automaton_counts
from cgsat.automata.families import GREEN_CORDON
from cgsat.automata.library import nim_statement, pattern, stored
from cgsat.automata.methods import decide_all
from cgsat.automata.options import Statement
from cgsat.claims import Budget, Verdict
from cgsat.papers.thickets.cordon_nim import nim_values

__all__ = ["FIBONACCI", "PLAY_HEIGHT", "count_controls", "pattern_statement", "sec5_statement",
           "fibonacci_counts", "count_table"]

PLAY_HEIGHT = 14
"""The counts of a proof are compared with play at every height 0 .. PLAY_HEIGHT (the
cordons' nim-values by :func:`~cgsat.papers.thickets.cordon_nim.nim_values`, about 0.2 s)."""

FIBONACCI = Recurrence((1, 1), 0)
"""f(n) = f(n-1) + f(n-2) (Theorems 3.4 and 3.5)."""


def pattern_statement(k: int) -> Statement:
    """R_0 .. R_k with the block-pattern automata A_2 .. A_k built by
    :func:`~cgsat.automata.library.pattern` (for any k, not only the stored).

    References
    ----------
    *Thinning Thickets*, Problem 5.1.
    """
    autos = [stored("thm3.2"), stored("thm3.3")] + [pattern(j) for j in range(2, k + 1)]
    return Statement(GREEN_CORDON, tuple(autos[: k + 1]), name=f"block pattern to {k}")


def sec5_statement(name: str) -> Statement:
    """A §5 statement on its family (at most one or two leaves; closed under options):
    ``one-leaf-nim2``, ``two-leaves-nim2``, ``two-leaves-nim3``.

    References
    ----------
    *Thinning Thickets*, §5 (the three statements).
    """
    family = replace(GREEN_CORDON, name=f"green-cordon, {name}",
                     domain=stored(f"sec5-{name}-domain"))
    autos = [stored("thm3.2"), stored("thm3.3")]
    if name == "two-leaves-nim3":
        autos.append(stored("sec5-two-leaves-nim2"))
    autos.append(stored(f"sec5-{name}"))
    return Statement(family, tuple(autos), name=f"§5 {name}")


def count_controls(k: int, other: Recurrence, initial: list[int], proof: CountProof
                   ) -> list[str]:
    """The controls of a count proved for R_k (issue 36): the recurrence proof re-checked
    on more terms by other code (:func:`~cgsat.automata.count_controls.recheck_recurrence`),
    and the automaton's counts against the nim-values by play at heights 0 ..
    :data:`PLAY_HEIGHT`. The failures, as text.

    References
    ----------
    *Thinning Thickets*, Theorems 3.4, 3.5 and Problem 5.1.
    """
    auto = nim_statement(k).automata[k]
    failed = recheck_recurrence(auto, True, other, initial, proof)
    mine = automaton_counts(auto, PLAY_HEIGHT, True)
    play = [sum(1 for v in nim_values(h) if v == k) for h in range(PLAY_HEIGHT + 1)]
    return failed + against_play(f"R_{k}", mine, play)


def fibonacci_counts(n: int, budget: Budget, *, value: int, f0: int, f1: int) -> Verdict:
    """Theorem 3.4 (value 0) or 3.5 (value 1) for every height: two deciders prove the
    characterization (Theorem 3.2 or 3.3, with 3.2 for 3.5's options), then the counts of
    its automaton, which satisfy the recurrence of its transfer matrix (order p), equal the
    Fibonacci recurrence (order 2) on their first p + 2 terms, hence everywhere.

    References
    ----------
    *Thinning Thickets*, Theorems 3.4 and 3.5.
    """
    verdict = decide_all(nim_statement(value), f"thickets.thm3.{4 + value}", budget.timeout)
    if verdict.status != "proved":
        return verdict
    auto = stored(f"thm3.{2 + value}")
    proof = prove_same_counts(auto, True, FIBONACCI, [f0, f1])
    detail = json.loads(verdict.detail or "{}")
    detail["counts"] = {"terms_compared": proof.terms, "first": list(proof.counts[:12]),
                        "recurrence": FIBONACCI.text("f")}
    failed = count_controls(value, FIBONACCI, [f0, f1], proof)
    if failed:
        return Verdict.error("control failed: " + "; ".join(failed), detail=json.dumps(detail))
    detail["counts"]["controls"] = (f"recurrence re-checked on more terms; counts equal play "
                                    f"at heights 0..{PLAY_HEIGHT}")
    if not proof.holds:
        return Verdict.refuted(f"height {proof.first_difference}", detail=json.dumps(detail))
    return Verdict.proved(detail=json.dumps(detail))


def count_table(k: int, up_to: int = 12) -> dict[str, object]:
    """The counts of the nim-value-k cordons by height 0 .. up_to and the shortest
    recurrence they satisfy, proved against the transfer matrix's (for the report and the
    probe output).

    Examples
    --------
    >>> count_table(0, 6)["counts"]
    [1, 0, 1, 1, 2, 3, 5]

    References
    ----------
    *Thinning Thickets*, Theorems 3.4, 3.5 and Problem 5.1.
    """
    auto = nim_statement(k).automata[k]
    seq = automaton_counts(auto, 4 * auto.size + 8, True)
    rec = minimal_recurrence(seq[1:], 1)
    proof = prove_same_counts(auto, True, rec, seq[1:1 + rec.order])
    failed = count_controls(k, rec, seq[1:1 + rec.order], proof)
    return {"value": k, "counts": seq[: up_to + 1], "recurrence": rec.text("a"),
            "order": rec.order, "proved": proof.holds and not failed,
            **({"control failed": failed} if failed else {})}
