"""A researcher's own claims: a small vocabulary over families of positions (issue 28).

A claim is written in a dozen lines, in a file of one's own or a notebook cell::

    from cgsat.user import claim, rows, exactly

    CLAIMS = [
        claim("user.one-star", rows("LRE"), exactly(["LEL", "LLRL", "LRLL"], value="1*"),
              source="my notebook"),
    ]

and checked with ``cgsat check --claims FILE user.one-star`` or
``cgsat.check(claim, up_to=12)``. Families (:mod:`cgsat.user.families`): :func:`rows`,
:func:`timber_paths`, :func:`trees`, :func:`caterpillars`, :func:`graphs`,
:func:`green_cordons`, each with an optional regular expression ``match=`` (and
``palindrome=True`` for words). Statements (:mod:`cgsat.user.statements`): :func:`every`
(an outcome, nim-values, or a Python predicate), :func:`exactly`, :func:`never`. Every
claim is checked by play; one that a ``cgsat find`` search can look for is checked by SAT
too (:mod:`cgsat.user.methods`), and one that cannot says "one method: not cross-checked".

This package stands above :mod:`cgsat.search` (its SAT method calls the searches) and
below the engine's users (``api``, ``commands``); the engine never imports it.

References
----------
.. [1] docs/own-conjectures.md (worked example); docs/architecture.md (the layer).
"""

from __future__ import annotations

from cgsat.user.families import (
           Family,
           caterpillars,
           graphs,
           green_cordons,
           rows,
           timber_paths,
           trees,
)
from cgsat.user.records import ONE_METHOD, UserClaim, claim
from cgsat.user.statements import Position, Statement, every, exactly, never

__all__ = ["ONE_METHOD", "Family", "Position", "Statement", "UserClaim", "caterpillars",
           "claim", "every", "exactly", "graphs", "green_cordons", "never", "rows",
           "timber_paths", "trees"]
