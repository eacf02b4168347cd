"""cgsat: check combinatorial-game theorems with SAT/SMT and a direct recursive solver.

The package is laid out as ``docs/architecture.md`` describes (the user's reference is
``docs/reference.md``):

- :mod:`cgsat.games`: rulesets (positions, parsing, printing, options). No SAT.
- :mod:`cgsat.cgt`: the direct recursive solver (impartial outcomes and nim-values,
  partizan canonical forms).
- :mod:`cgsat.encodings`: SAT/SMT builders.
- :mod:`cgsat.verify`: claims, runner, results store, certificates, report.
- :mod:`cgsat.conjectures`: open-problem probes.
"""

__version__ = "0.1.0"
