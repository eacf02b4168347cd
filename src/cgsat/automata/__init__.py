"""All-n proofs for games on words: automata, option relations and two deciders.

A family of positions that are words, whose options form a relation on words of the kinds
described in :mod:`cgsat.automata.options` (a prefix, a prefix with its last letters
replaced, the word with one letter changed, a suffix, a fixed position), and a list of
automata R_0 .. R_k claimed to be the positions of nim-value 0 .. k, give a statement about
regular languages:

    for every word w:  R_j(w)  <=>  no option of w is in R_j  and  every i < j is R_i of
    some option of w   (j = 0 .. k).

Options are smaller (:meth:`cgsat.automata.options.WordFamily.check_well_founded`), so if the
statement holds, induction makes R_j exactly the positions of nim-value j, for every length
at once. Two deciders share no deciding code:

- :mod:`cgsat.automata.product`: cgsat's own breadth-first search over the reachable states
  of a product automaton, returning a shortest violating word;
- :mod:`cgsat.automata.mona`: the statement written as an M2L-Str formula and decided by
  MONA.
- :mod:`cgsat.automata.preimage` (issue 37): pre-images built by cgsat's own subset
  constructions and minimisation (:mod:`cgsat.automata.tables`), one breadth-first search
  per equation; a fourth decider next to :mod:`cgsat.automata.setops`.

:mod:`cgsat.automata.replay` confirms any counterexample by plain play on the ruleset, and
:mod:`cgsat.automata.controls` runs the single-edit negative controls.
:mod:`cgsat.automata.methods` makes a claim's all-n method of a statement (two deciders of four),
and :mod:`cgsat.automata.library` holds the green-cordon automata as data
(``library_data/*.json``). Nothing here imports the SAT side, the papers or the engine.

References
----------
.. [1] A. Mignoty, A. Renard, M. Rigo, M. Whiteland, "Automatic proofs in combinatorial game
   theory", Int. J. Game Theory 54 (2025).
.. [2] N. Klarlund, A. Møller, *MONA Version 1.4 User Manual*, BRICS (2001).
"""
