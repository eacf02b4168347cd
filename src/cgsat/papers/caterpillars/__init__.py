"""*Timber Game with Caterpillars* (Furtado, Dantas, de Figueiredo, Gravier) and its 2019
follow-up *Timber game as a counting problem* (the even-edges theorem).

Modules
-------
- :mod:`.claims`: the claim records (Theorems 3.1-3.3, Corollaries 3.4-3.5, even edges),
  and how each statement is read.
- :mod:`.legs`: leg vectors and the scope of each claim (which ``cat(k1, ..., ks)`` or
  trees a claim covers at n edges), ``cat(k)`` as text and as a graph; both sides use it.
- :mod:`.sat`: the SAT methods, on :mod:`cgsat.encodings.caterpillars` (all-legs-out
  caterpillars, the inductive leg-pair check, the kernel miter) and
  :mod:`cgsat.encodings.timber_trees` (tree kernels), solved through
  :mod:`cgsat.sat.solve`.
- :mod:`.brute`: the brute methods (exhaustive play by the direct solver on every
  orientation) and the replays of counterexamples (``*_confirm``).
"""
