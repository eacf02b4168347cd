"""The one path from a SAT instance to a verdict: solving (:mod:`.solve`), the solvers behind
one interface (:mod:`.solvers`, :mod:`.external`), certificates and DRAT proof checking
(:mod:`.certificates`, :mod:`.drat`); see docs/architecture.md.
"""
