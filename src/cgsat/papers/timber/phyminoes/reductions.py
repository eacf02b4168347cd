"""Timber's reductions on Phyminoes: do Lemma 3.2 (flatten) and Lemma 3.3 (merge) of *The
Game of timber!* preserve Phyminoes' values on graphs that are not bipartite? The data of
the probe ``phyminoes-reductions`` (Problem 4.3, "an efficient algorithm?").

The lemmas, read on an oriented graph G (the paper states them for Timber positions; its
algorithm applies them to trees):

- **Lemma 3.2 (flatten).** A vertex x of degree 2 with both arcs out of it, ``x>y`` and
  ``x>z``, where y and z lie in different components of ``G - x`` (the lemma's disjoint
  T^1 and T^2). The reduced position removes x and identifies z with y. Timber's
  conclusion: the same normal-play outcome (the paper remarks that nim-values differ).
- **Lemma 3.3 (merge).** A vertex w with two leaf-paths (through vertices of degree 2 to
  a leaf) of lengths n and m, every arc directed away from w. The reduced position
  replaces them by one such path of length ``n XOR m`` (none when n = m). Timber's
  conclusion: the same nim-value (the proof shows the sum is a P-position).

Every application to every orientation (one per orbit of the graph's automorphisms,
:func:`cgsat.papers.timber.graphs.probe.orientations`) of every connected
non-bipartite atlas graph with n vertices is evaluated by the direct solver, before and
after, in three games: Phyminoes in both readings and Timber (the control: there the
lemmas are theorems, so Timber must show no failure of the concluded value). A failure is
recorded with its positions and values; each recorded failure is then re-evaluated by the
SAT encoding (:func:`cgsat.papers.timber.phyminoes.count_sat.values_at`, which shares no
deciding code with the direct solver) and ``confirmed`` says whether it reproduces it.

References
----------
.. [1] R. J. Nowakowski, G. Renault, E. Lamoureux, S. Mellon, T. Miller, *The Game of
   timber!*, JCMCC 85 (2013), Lemmas 3.2 and 3.3, §4 and Problem 4.3.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import networkx as nx

from cgsat.games import timber
from cgsat.papers.timber.graphs.probe import TableRow, graph6, graphs, orientations
from cgsat.papers.timber.phyminoes import count_brute as phyminoes_count_brute
from cgsat.papers.timber.phyminoes import count_sat as phyminoes_count_sat

if TYPE_CHECKING:
    from cgsat.cgt.impartial import ImpartialSolver

__all__ = [
    "Position",
    "Reduction",
    "GAMES",
    "PROPERTIES",
    "COLUMNS",
    "game_name",
    "flatten",
    "merge",
    "LEMMAS",
    "graph_rows",
    "applicable",
    "size",
]

Position = frozenset[tuple[str, str]]
Reduction = Callable[[Position], Iterator[tuple[str, Position]]]

GAMES = (("phyminoes", "minus-edge"), ("phyminoes", "graph"), ("timber", "minus-edge"))
"""(rule, reading) of the three games; Timber is the control."""

PROPERTIES = ("outcome", "nim", "misere")
"""Normal-play outcome, nim-value, misère outcome."""

COLUMNS = ("graph6", "vertices", "edges", "lemma", "game", "orientations", "applications",
           "outcome_fails", "nim_fails", "misere_fails", "outcome_cx", "nim_cx", "misere_cx",
           "confirmed")


def game_name(rule: str, reading: str) -> str:
    """The ruleset name of a game: ``phyminoes``, ``phyminoes[graph]`` or ``timber``.

    Examples
    --------
    >>> [game_name(*g) for g in GAMES]
    ['phyminoes', 'phyminoes[graph]', 'timber']

    References
    ----------
    *The Game of timber!*, §4.
    """
    return phyminoes_count_brute.game_solver(rule, reading).ruleset.name


def _neighbours(position: Position) -> dict[str, set[str]]:
    """The undirected adjacency of a position."""
    return timber.adjacency(position)


def _separated(adj: dict[str, set[str]], x: str, y: str, z: str) -> bool:
    """Whether y and z lie in different components of the graph minus x."""
    seen, stack = {x, y}, [y]
    while stack:
        u = stack.pop()
        for w in adj[u]:
            if w == z:
                return False
            if w not in seen:
                seen.add(w)
                stack.append(w)
    return True


def flatten(position: Position) -> Iterator[tuple[str, Position]]:
    """Every application of Lemma 3.2: ``(where, reduced position)``.

    Examples
    --------
    A triangle 0, 1, 2 with the path 3 < 4 > 5 hanging at 2 (x = 4 points at 3 and 5):

    >>> pos = timber.parse("0>1 1>2 2>0 2>3 4>3 4>5")
    >>> [(w, timber.format(p)) for w, p in flatten(pos)]
    [('x=4', '0>1 1>2 2>0 2>3')]

    References
    ----------
    *The Game of timber!*, Lemma 3.2.
    """
    adj = _neighbours(position)
    for x in sorted(adj, key=timber.vertex_sort_key):
        if len(adj[x]) != 2:
            continue
        y, z = sorted(adj[x], key=timber.vertex_sort_key)
        if (x, y) not in position or (x, z) not in position or not _separated(adj, x, y, z):
            continue
        yield f"x={x}", frozenset((y if a == z else a, y if b == z else b)
                                  for a, b in position if x not in (a, b))


def _leaf_path(adj: dict[str, set[str]], w: str, v: str) -> list[str] | None:
    """The leaf-path from w through its neighbour v (w, v, ..., leaf), or None."""
    path = [w, v]
    while len(adj[path[-1]]) == 2:
        nxt = next(u for u in adj[path[-1]] if u != path[-2])
        if nxt in path:
            return None  # back on itself: a cycle, not a leaf-path
        path.append(nxt)
    return path if len(adj[path[-1]]) == 1 else None


def merge(position: Position, combine: Callable[[int, int], int] = lambda n, m: n ^ m,
          ) -> Iterator[tuple[str, Position]]:
    """Every application of Lemma 3.3: ``(where, reduced position)``.

    ``combine`` gives the length of the new path (``n XOR m``; another function only for
    negative controls).

    Examples
    --------
    A triangle with the paths 2>3 and 2>4>5 at 2 becomes one with the path 2>x1>x2>x3:

    >>> pos = timber.parse("0>1 1>2 2>0 2>3 2>4 4>5")
    >>> [(w, timber.format(p)) for w, p in merge(pos)]
    [('w=2 n=1 m=2', '0>1 1>2 2>0 2>x1 x1>x2 x2>x3')]

    References
    ----------
    *The Game of timber!*, Lemma 3.3.
    """
    adj = _neighbours(position)
    for w in sorted(adj, key=timber.vertex_sort_key):
        paths = []
        for v in sorted(adj[w], key=timber.vertex_sort_key):
            path = _leaf_path(adj, w, v)
            if path and all((a, b) in position for a, b in zip(path, path[1:], strict=False)):
                paths.append(path)
        for i, p1 in enumerate(paths):
            for p2 in paths[i + 1:]:
                gone = set(p1[1:]) | set(p2[1:])
                k = combine(len(p1) - 1, len(p2) - 1)
                new = [w] + [f"x{j}" for j in range(1, k + 1)]
                kept = [(a, b) for a, b in position if a not in gone and b not in gone]
                yield (f"w={w} n={len(p1) - 1} m={len(p2) - 1}",
                       frozenset(kept + list(zip(new, new[1:], strict=False))))


LEMMAS: dict[str, Reduction] = {"3.2 flatten": flatten, "3.3 merge": merge}


def _values(solver: ImpartialSolver, position: Position) -> tuple[int, bool]:
    """(nim-value, misère P) by the direct solver."""
    return solver.nim_value(position), solver.outcome(position, misere=True) == "P"


def _fails(before: tuple[int, bool], after: tuple[int, bool]) -> dict[str, bool]:
    """Which of the three values differ between a position and its reduction."""
    return {"outcome": (before[0] == 0) != (after[0] == 0), "nim": before[0] != after[0],
            "misere": before[1] != after[1]}


def _show(position: Position, values: tuple[int, bool]) -> str:
    """A position and its values, for a counterexample."""
    return f"{timber.format(position)} (nim {values[0]}, misère {'P' if values[1] else 'N'})"


def graph_rows(g: nx.Graph, lemmas: dict[str, Reduction] = LEMMAS) -> list[TableRow]:
    """The rows of one graph: one per lemma and game.

    Examples
    --------
    >>> rows = graph_rows(nx.complete_graph(3))
    >>> len(rows), {r["applications"] for r in rows}
    (6, {0})

    References
    ----------
    *The Game of timber!*, Lemmas 3.2 and 3.3, Problem 4.3.
    """
    positions = orientations(g)
    out = []
    for lemma, reduce in lemmas.items():
        applied = [(p, where, q) for p in positions for where, q in reduce(p)]
        for rule, reading in GAMES:
            solver = phyminoes_count_brute.game_solver(rule, reading)
            row: TableRow = {"graph6": graph6(g), "vertices": g.number_of_nodes(),
                             "edges": g.number_of_edges(), "lemma": lemma,
                             "game": game_name(rule, reading), "orientations": len(positions),
                             "applications": len(applied)}
            row.update({f"{k}_fails": 0 for k in PROPERTIES})
            row.update({f"{k}_cx": "" for k in PROPERTIES})
            confirmed = True
            for p, where, q in applied:
                before, after = _values(solver, p), _values(solver, q)
                for k, failed in _fails(before, after).items():
                    if not failed:
                        continue
                    row[f"{k}_fails"] += 1
                    if not row[f"{k}_cx"]:
                        row[f"{k}_cx"] = f"{_show(p, before)} => [{where}] {_show(q, after)}"
                        confirmed &= _confirm(p, q, k, rule, reading)
            row["confirmed"] = confirmed
            out.append(row)
    return out


def _confirm(p: Position, q: Position, prop: str, rule: str, reading: str) -> bool:
    """Whether the SAT encoding reproduces the failure of ``prop`` from p to q."""
    before = phyminoes_count_sat.values_at(timber.format(p), rule, reading)
    after = phyminoes_count_sat.values_at(timber.format(q), rule, reading)
    return _fails(before, after)[prop]


def applicable(g: nx.Graph) -> bool:
    """Whether some orientation of ``g`` admits Lemma 3.2 or 3.3: a vertex of degree 2
    that separates the graph, or a vertex with two leaf-paths.

    Examples
    --------
    >>> applicable(nx.complete_graph(4)), applicable(nx.Graph([(0, 1), (1, 2), (2, 0), (2, 3),
    ...                                                        (2, 4)]))
    (False, True)

    References
    ----------
    *The Game of timber!*, Lemmas 3.2 and 3.3.
    """
    if any(g.degree(v) == 2 for v in nx.articulation_points(g)):
        return True
    adj = {str(v): {str(u) for u in g[v]} for v in g}
    return any(sum(_leaf_path(adj, w, v) is not None for v in adj[w]) >= 2 for w in adj)


def size(n: int) -> list[TableRow]:
    """The rows of every connected non-bipartite graph with exactly ``n`` vertices on which
    a lemma applies in some orientation (the others have no row).

    References
    ----------
    *The Game of timber!*, Lemmas 3.2 and 3.3, Problem 4.3.
    """
    return [r for g in graphs(n) if applicable(g) for r in graph_rows(g)]
