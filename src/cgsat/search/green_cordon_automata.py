"""``cgsat find green-cordon --height N --value *k --count`` from a proved automaton.

The nim-value-k cordons of every height are those the automaton of ``thickets.green-nim<k>``
(Theorems 3.2, 3.3 for k = 0, 1; :func:`cgsat.automata.library.nim_statement`) accepts,
once two all-n deciders of four have proved the statement for R_0 .. R_k
(:func:`cgsat.automata.methods.decide_all`, run here, a fraction of a second for small k
and about half a minute for k = 12). The count at height N is then exact
arithmetic on the automaton's transfer matrix, for any N up to :data:`MAX_HEIGHT`.

References
----------
.. [1] M. Huggan, R. J. Nowakowski, *Thinning Thickets*, Theorems 3.2-3.5, Problem 5.1.
"""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass

from cgsat.automata.counting import count_at
from cgsat.automata.dfa import Automaton
from cgsat.automata.families import cordon_word
from cgsat.automata.library import LARGEST, nim_statement
from cgsat.automata.methods import decide_all
from cgsat.automata.options import Statement
from cgsat.automata.replay import truth
from cgsat.cgt.impartial import solver_for
from cgsat.errors import CgsatInputError
from cgsat.games import get_ruleset, green_cordon
from cgsat.search import ControlFailed
from cgsat.search.controls import Controls

__all__ = ["LARGEST", "SAMPLE_HEIGHT", "MAX_HEIGHT", "PLAY_HEIGHT", "Answer", "claim_of",
           "count", "play_counts", "proved_by", "value", "OPTION_LETTERS"]

PLAY_HEIGHT = 12
"""The count's control: the automaton's count (by the same :func:`count_at` as the answer)
equals the count by exhaustive play at every height 0 .. PLAY_HEIGHT (2^11 cordons at the
top; about 0.3 s on one core, once per process; issue 36). ``value`` answers from the
automata only beyond exhaustive play, so its control is the mex rule on the position."""

SAMPLE_HEIGHT = 16
"""Controls sample cordons of the height searched, or of this height when it is larger
(exhaustive play of a sample stays under a second)."""

OPTION_LETTERS = 1_000_000
"""The most letters (arcs of stalk, over all options) ``value`` reads: each option's word
through the automata, for the winning moves and the mex control (about 7 s at the
limit on 2 loaded cores)."""

MAX_HEIGHT = 100_000
"""Largest ``--height`` counted from an automaton (the count has about 0.7 N bits; height
100,000 takes about 7 s for *12)."""


def count(height: int, k: int, controls: Controls | None = None,
          proved: tuple[str, tuple[str, ...]] | None = None) -> tuple[int, str]:
    """The number of green cordons of ``height`` with nim-value k, and how it was counted.

    ``proved`` is ``(claim, deciders)`` when the statement's proof is already known
    (the claim's stored ``automata`` verdict, :func:`cgsat.find` with ``db``): it is not
    proved again. Controls (a :class:`cgsat.search.Controls`, optional): the proof by two
    deciders of four counts as one; then ``controls.k`` seeded random cordons of the
    height (at most :data:`SAMPLE_HEIGHT`) must be accepted by the automaton exactly when
    plain play gives them nim-value k.

    Raises
    ------
    CgsatInputError
        Past :data:`MAX_HEIGHT`, past the largest stored automaton, or when the statement
        is not proved by two deciders (a timeout).

    Examples
    --------
    >>> count(10, 2)[0]
    84

    References
    ----------
    *Thinning Thickets*, Theorems 3.4, 3.5 and Problem 5.1.
    """
    if height > MAX_HEIGHT:
        raise CgsatInputError(
            f"green-cordon: --height is at most {MAX_HEIGHT} when counting from an automaton, "
            f"got {height}")
    if k > LARGEST:
        raise CgsatInputError(
            f"green-cordon: no proved automaton for nim-value {k} (stored up to {LARGEST}); "
            f"--height at most 12 for it")
    if proved is None:
        statement, deciders = _proved(k)
    else:
        statement, deciders = nim_statement(k), list(proved[1])
    auto = statement.automata[k]
    if controls is not None:
        _samples(statement, k, min(height, SAMPLE_HEIGHT), controls)
    _counts_against_play(auto, k, controls)
    how = (f"automaton {auto.name} ({auto.size} states), proved for every height by "
           f"{' and '.join(deciders)}")
    return count_at(auto, height, True), how


def play_counts(k: int, up_to: int = PLAY_HEIGHT) -> list[int]:
    """The numbers of green cordons of heights 0 .. up_to with nim-value k, by exhaustive
    play (:mod:`cgsat.cgt.impartial` on :mod:`cgsat.games.green_cordon`; memoized).

    Examples
    --------
    >>> play_counts(2, 6)
    [0, 0, 0, 1, 2, 4, 8]

    References
    ----------
    *Thinning Thickets*, Definition 1.2 (the moves), §2.1 (mex).
    """
    solver = solver_for(get_ruleset("green-cordon"))
    return [sum(1 for c in green_cordon.cordons(h) if solver.nim_value((c,) if h else ()) == k)
            for h in range(up_to + 1)]


def _counts_against_play(auto: Automaton, k: int, controls: Controls | None) -> None:
    """The count's control: :func:`count_at` on the proved automaton equals
    :func:`play_counts` at every height 0 .. :data:`PLAY_HEIGHT`, else
    :class:`ControlFailed` (exit 3)."""
    play = play_counts(k)
    for h, want in enumerate(play):
        got = count_at(auto, h, True)
        if got != want:
            raise ControlFailed(f"control failed: the automaton {auto.name} counts {got} "
                                f"cordons of height {h} with nim-value {k}, play {want}")
    if controls is not None:
        controls.passed += 1
        controls.total += 1


def claim_of(k: int) -> str:
    """The claim whose all-n proof gives R_k: Theorem 3.2 (k = 0), 3.3 (k = 1), else the
    mined ``thickets.green-nim<k>`` (*Thinning Thickets*, Problem 5.1)."""
    return {0: "thickets.thm3.2", 1: "thickets.thm3.3"}.get(k, f"thickets.green-nim{k}")


def proved_by(k: int, status: str, why: str | None, detail: str | None) -> list[str]:
    """The deciders that proved R_0 .. R_k, from an all-n verdict's status, reason and
    detail (:func:`cgsat.automata.methods.decide_all`).

    Raises
    ------
    CgsatInputError
        When the verdict is not ``proved`` (a timeout): nothing is counted from it.
    """
    if status != "proved":
        raise CgsatInputError(
            f"green-cordon: the automaton of nim-value {k} is not proved for every height "
            f"({claim_of(k)} automata: {status}: {why})")
    return [d["decider"] for d in json.loads(detail or "{}").get("deciders", [])
            if d["verdict"] == "proved"]


def _proved(k: int) -> tuple[Statement, list[str]]:
    """R_0 .. R_k, proved for every height now by two deciders of four, and the deciders
    that proved it."""
    statement = nim_statement(k)
    v = decide_all(statement, f"thickets.green-nim{k}", None)
    return statement, proved_by(k, v.status, v.reason or v.counterexample, v.detail)


@functools.cache
def _proved_once(k: int) -> tuple[Statement, list[str]]:
    """:func:`_proved`, run once per process for :func:`value` (0.3 to 0.7 s each: a
    researcher's loop over positions, or a test over every small cordon, would prove the
    same statement again for every position). The mex control still runs with every
    answer."""
    return _proved(k)


@dataclass(frozen=True)
class Answer:
    """A green cordon's nim-value read from proved automata (:func:`value`).

    Attributes
    ----------
    nim : int
    claim : str
        The claim whose proof gives it (``thickets.green-nim5``).
    how : str
        The automaton and the deciders that proved the statement.
    winning_moves : tuple of (str, str)
        Every move ``(move, option)`` into R_0 (a P-position), empty when nim is 0.
    """

    nim: int
    claim: str
    how: str
    winning_moves: tuple[tuple[str, str], ...]


def value(position: str) -> Answer:
    """The nim-value of a green cordon of any height, from the automata R_0 .. R_k proved
    for every height (two deciders of four), with every winning move (an option in R_0).

    Its control, run with every answer: the options' values read from the same automata
    must have mex k (else :class:`ControlFailed`, exit 3).

    Raises
    ------
    CgsatInputError
        When no stored automaton accepts the cordon (its nim-value exceeds
        :data:`LARGEST`), the height exceeds :data:`MAX_HEIGHT`, its options exceed
        :data:`OPTION_LETTERS` letters in all, or the statement is not proved (a timeout).
    ControlFailed
        When the mex rule fails on the position (a wrong automaton, a bug).

    Examples
    --------
    >>> a = value("200:5,51,101")
    >>> a.nim, a.claim, a.winning_moves[:1]
    (3, 'thickets.green-nim3', (('v5>v4', '4:'),))

    References
    ----------
    *Thinning Thickets*, Theorems 3.2, 3.3 and Problem 5.1.
    """
    rules = get_ruleset("green-cordon")
    parsed = rules.parse(position)
    text = rules.format(parsed)
    height = int(text.partition(":")[0])
    if height > MAX_HEIGHT:
        raise CgsatInputError(
            f"green-cordon: height {height} is above {MAX_HEIGHT}, the largest the proved "
            "automata answer")
    if len(parsed) > 1:  # was a ValueError from cordon_word (issue 36)
        raise CgsatInputError(
            f"green-cordon: {text} is a sum of {len(parsed)} cordons; the proved automata "
            "answer one cordon (the sum's nim-value is the XOR of the summands')")
    word = cordon_word(text)
    every = nim_statement(LARGEST).automata
    k = next((j for j, a in enumerate(every) if a.accepts(word)), None)
    if k is None:
        raise CgsatInputError(
            f"green-cordon: {rules.format(parsed)} has nim-value above {LARGEST}: no proved "
            f"automaton decides it, and it is beyond exhaustive play "
            f"({rules.exhaustive_limit} arcs)")
    options = [(move, rules.format(option)) for move, option in rules.options(parsed)]
    letters = sum(int(t.partition(":")[0]) for _, t in options)
    if letters > OPTION_LETTERS:
        raise CgsatInputError(
            f"green-cordon: {len(options)} options of {letters} arcs of stalk in all: above "
            f"{OPTION_LETTERS}, the most the proof route reads to find the winning moves and "
            "run the mex control (fewer leaf arcs, or a lower cordon)")
    statement, deciders = _proved_once(k)
    # the control that runs with the answer: the mex rule on this very position, the
    # options' values read from the same automata (None: above LARGEST, so not k)
    values = {next((j for j, a in enumerate(every) if a.accepts(cordon_word(text))), None)
              for _, text in options}
    if k in values or not set(range(k)) <= values:
        raise ControlFailed(
            f"green-cordon {rules.format(parsed)}: the automata give nim-value {k}, but its "
            f"options' values {sorted(v for v in values if v is not None)} do not have mex "
            f"{k} (the mex rule of Thinning Thickets §2.1)")
    r0 = statement.automata[0]
    wins = tuple((move, text) for move, text in options if r0.accepts(cordon_word(text)))
    auto = statement.automata[k]
    how = (f"automaton {auto.name} ({auto.size} states) of {claim_of(k)}, R_0 .. R_{k} "
           f"proved for every height by {' and '.join(deciders)}")
    return Answer(k, claim_of(k), how, wins)


def _samples(statement: Statement, k: int, height: int, controls: Controls) -> None:
    """The controls of the count: the proof, then sample cordons against plain play."""
    controls.passed += 1
    controls.total += 1
    rng = random.Random(f"{controls.seed}:automaton:{height}")
    auto = statement.automata[k]
    for _ in range(controls.k):
        word = None if height == 0 else "".join(rng.choice("01") for _ in range(height - 1))
        controls.total += 1
        if auto.accepts(word) != (truth(statement.family, word, False) == k):
            raise ControlFailed(f"automaton {auto.name} and play disagree on "
                                f"{statement.family.position(word)}")
        controls.passed += 1
