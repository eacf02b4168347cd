"""The claim kit: families of positions, statements about them, and the records and
methods derived from both (issues 28 and 34).

A claim is written in a few lines, by a paper's ``claims.py`` or by a researcher in a file
of their own or a notebook cell::

    from cgsat.kit import claim, rows, exactly

    CLAIMS = [
        claim("user.one-star", rows("LRE"), exactly(["LEL", "LLRL", "LRLL"], value="1*"),
              source="my notebook"),
    ]

and checked with ``cgsat check --claims FILE user.one-star`` or
``cgsat.check(claim, up_to=12)``. Families (:mod:`cgsat.kit.families`): :func:`rows`,
:func:`timber_paths`, :func:`trees`, :func:`caterpillars`, :func:`graphs`,
:func:`green_cordons`, each with an optional regular expression ``match=`` (and
``palindrome=True`` for words); ``green_cordons(leaves=m)`` / ``max_leaves=m`` and
``timber_paths(height_range=h)`` restrict a word family to a regular domain
(:mod:`cgsat.kit.rules`, which extends the two builders of :mod:`cgsat.kit.families`).
Statements (:mod:`cgsat.kit.statements`): :func:`every`
(an outcome, nim-values, or a Python predicate), :func:`exactly`, :func:`never`, and
:func:`rule` (:mod:`cgsat.kit.rules`): the positions of nim-value k as a regular language
of their words (a regex, an automaton, or learned), proved for every size by the all-n
method ``automata`` besides play and SAT. A
paper's claim is a :func:`record` (:mod:`cgsat.kit.paper`), with its bespoke methods
attached. Every claim is checked by play (:mod:`cgsat.kit.methods`); one that a
``cgsat find`` search can look for is checked by SAT too (:mod:`cgsat.kit.sat`), and one
that cannot says "one method: not cross-checked".
A record decides once which sizes have nothing to check (:mod:`cgsat.vacuity`): for a kit
claim, the sizes at which its family has no position.

This package stands above :mod:`cgsat.search` (its SAT method calls the searches) and
below :mod:`cgsat.papers` (a paper's claims may be kit records); the engine never imports
it. :mod:`cgsat.user` keeps the loading of ``--claims FILE`` and re-exports these names.

A worked example is in docs/own-conjectures.md; the layer is described in docs/architecture.md.
"""

from __future__ import annotations

from cgsat.kit.families import Family, caterpillars, graphs, rows, trees
from cgsat.kit.paper import record
from cgsat.kit.records import ONE_METHOD, KitClaim, UserClaim, claim
from cgsat.kit.rules import Rule, green_cordons, rule, timber_paths
from cgsat.kit.statements import Position, Statement, every, exactly, never

__all__ = ["ONE_METHOD", "Family", "KitClaim", "Position", "Rule", "Statement", "UserClaim",
           "caterpillars", "claim", "every", "exactly", "graphs", "green_cordons", "never",
           "record", "rows", "rule", "timber_paths", "trees"]
