"""SAT-based identification of the smallest Moore machine for bounded-height nim-values.

The data (word -> nim-value, every word of the family up to a length) is a prefix tree;
:func:`cgsat.encodings.moore.add_identification` asks for k states, k = 1, 2, ... until
satisfiable. Outputs are the formulas ``a * ceil(n/2) + b`` (:data:`FORMULAS`); a plain
Moore machine (a = 0) cannot exist, the values being unbounded
(:mod:`~cgsat.papers.timber.path.heights`).

Found (samples: every family word to length L, nim-values by plain play): h = 1, three
states (the rule ``HEIGHT_1``, nothing smaller fits); h = 2, no machine with at most 12
states fits the words to length 12 (CaDiCaL, about 4 minutes for k = 12), and none with at
most 5 fits those to length 8 (tests/papers/timber/test_path_heights.py). h = 3 was not searched.

References
----------
.. [1] Nowakowski et al., *The Game of timber!*, §4, Problem 4.1.
.. [2] M. Heule, S. Verwer, *Exact DFA identification using SAT solvers*, ICGI 2010.
"""

from __future__ import annotations

from cgsat.claims import Budget
from cgsat.encodings.moore import Formula, add_identification
from cgsat.papers.timber.path.heights import MooreRule
from cgsat.sat.solve import SatRun

__all__ = ["FORMULAS", "learn"]

FORMULAS: tuple[Formula, ...] = tuple([(0, b) for b in range(5)] + [(1, b) for b in range(-4, 3)])
"""The output formulas tried: constants 0..4 and ceil(n/2) - 4 .. ceil(n/2) + 2."""


def learn(h: int, samples: dict[str, int], k_max: int,
          formulas: tuple[Formula, ...] = FORMULAS) -> MooreRule | None:
    """The smallest machine (at most ``k_max`` states) agreeing with ``samples``.

    Examples
    --------
    >>> from cgsat.papers.timber.path.heights import HEIGHT_1, family_words
    >>> samples = {w: HEIGHT_1.value(w) for n in range(9) for w in family_words(1, n)}
    >>> rule = learn(1, samples, 4)
    >>> len(rule.delta), [rule.value(w) for w in ("LRLR", "RLRLR")]
    (3, [0, 3])

    References
    ----------
    Heule and Verwer (2010); *The Game of timber!*, §4, Problem 4.1.
    """
    for k in range(1, k_max + 1):
        run = SatRun(Budget())
        sink, pool = run.new()
        decode = add_identification(pool, sink, samples, k, formulas)
        model = run.solve(sink)
        if hasattr(sink, "close"):
            sink.close()
        if model is not None:
            delta, outs = decode({x for x in model if x > 0})
            return MooreRule(h=h, delta=tuple(tuple(t) for t in delta),  # type: ignore[misc]  # pairs
                             outputs=tuple(formulas[f] for f in outs))
    return None
