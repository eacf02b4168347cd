"""Claims from *Toppling Conjectures* (Fink, Nowakowski, Siegel, Wolfe), ids ``toppling.*``.

Every claim but Theorem 32 has a ``sat`` method, built on the partizan difference encoding
(:mod:`cgsat.encodings.toppling`, solved through :mod:`cgsat.sat.solve`), and a ``brute``
method that enumerates rows and computes canonical forms with the partizan engine
(:mod:`cgsat.cgt.partizan_values`). The two share no encoding code; SAT counterexamples are
replayed by the engine (each claim's ``confirm``). Sizes ``n`` are row lengths unless a
claim says otherwise: a check at ``n`` covers rows of exactly ``n`` dominoes, so "verified
up to N" covers every length up to N.

- :mod:`~cgsat.papers.toppling.claims`: the records (``CLAIMS``), nothing else;
- :mod:`~cgsat.papers.toppling.statements`: the predicates of the kit records
  (``every(predicate)`` over rows);
- :mod:`~cgsat.papers.toppling.sat`: the SAT methods of §2-5 (Lemma 1 to Theorem 29)
  and :func:`~cgsat.papers.toppling.sat.uniqueness`;
- :mod:`~cgsat.papers.toppling.conjectures_sat`: the SAT methods of §7 (Theorem 36,
  Conjectures 33-40);
- :mod:`~cgsat.papers.toppling.brute`: the direct solver and the replays of §2-6
  (Lemma 1 to Theorem 32);
- :mod:`~cgsat.papers.toppling.atomic_brute`: Theorem 32's ``play`` method and replay,
  by game-tree search only (no canonical forms, no atomic-weight code);
- :mod:`~cgsat.papers.toppling.conjectures_brute`: the direct solver and the replays
  of §7;
- :mod:`~cgsat.papers.toppling.numbers`: numbers and their rows without the engine
  (Corollary 8, Definition 9, Theorem 10), used by both sides;
- :mod:`~cgsat.papers.toppling.constructions`: Theorem 29's star rows, the rows and
  games of Conjectures 33 and 37-40, used by both sides.
"""
