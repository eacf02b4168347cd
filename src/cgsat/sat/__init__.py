"""The one path from a SAT instance to a verdict: solving (:mod:`.solve`), the solvers behind
one interface (:mod:`.solvers`, :mod:`.external`), certificates and DRAT proof checking
(:mod:`.certificates`, :mod:`.drat`); the inductive check of a green-cordon characterization
with its controls (:mod:`.green_cordon`), shared by the papers and ``find``; see
docs/architecture.md.
"""
