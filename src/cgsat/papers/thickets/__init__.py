"""Claims from *Thinning Thickets* (Huggan, Nowakowski), §3 and §5: green cordons.

- ``claims``: the claim records (Theorems 3.1-3.5, the three §5 statements, Problem 5.1's
  mined characterizations and §4); the characterizations are kit records;
- ``listed``: the cordons a characterization's rule accepts (its kit statement's list);
- ``rules``: the statements written out in plain Python (the gap rules, the Fibonacci
  recurrence, the family L(n)), which both sides check against;
- ``sat``: the SAT methods, on :mod:`cgsat.encodings.green_cordon` and
  :mod:`cgsat.encodings.kernel`, solved through :mod:`cgsat.sat.solve`;
- ``brute``: exhaustive play (:mod:`cgsat.games.green_cordon`, :mod:`cgsat.cgt.impartial`)
  and the replays of counterexamples.
"""
