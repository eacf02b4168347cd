"""Claims from *The Game of timber!* (Nowakowski, Renault, Lamoureux, Mellon, Miller).

- ``claims``: the records of every ``timber.*`` claim (Theorems 1.1, 2.3-2.5, Lemmas
  3.1-3.3, Algorithm 3.5, Phyminoes on bipartite graphs), and nothing else.
- ``words``: the sets of Toppling Peaks words WP, SWP and X in plain Python, the formulas
  of Theorem 2.5, and counting by dynamic programming (both sides use it).
- ``shapes``: the graphs and trees the claims range over (both sides use it).
- ``path_sat`` / ``path_brute``: Toppling Peaks (Theorems 2.3-2.5) by the sharp inductive
  SAT check and z3 (SMT), and by exhaustive play.
- ``graphs_sat`` / ``graphs_brute``: Theorem 1.1 and Phyminoes on bipartite graphs, by the
  kernel and Grundy encodings over all orientations, and by exhaustive play.
- ``trees_sat`` / ``trees_brute``: Lemmas 3.1-3.3 and Algorithm 3.5 on trees, by the tree
  kernel and Grundy encodings, and by exhaustive play.

A ``*_sat`` module never imports a ``*_brute`` module, nor the reverse.
"""
