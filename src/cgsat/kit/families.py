"""Families of positions a user's claim ranges over, one size n at a time.

A :class:`Family` is a record: which positions of which ruleset have size n, and an
optional filter (a Python regular expression over a position's printed text, and
palindromes for word families). It lists its positions for play (:meth:`Family.positions`)
and its shapes for the SAT searches of ``cgsat find`` (:meth:`Family.shapes`); both sides
use the same lists, and nothing here plays or encodes.

References
----------
.. [1] R. J. Nowakowski et al., *The Game of timber!* (Timber, Toppling Peaks), §1-§3.
.. [2] *Thinning Thickets*, Definition 1.2 (green cordons).
.. [3] Fink, Nowakowski, Siegel, Wolfe, *Toppling Conjectures*, §1 (Toppling Dominoes).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import networkx as nx

from cgsat.errors import CgsatInputError
from cgsat.games import get_ruleset, oriented
from cgsat.games import green_cordon as cordon_game
from cgsat.games import timber as timber_game
from cgsat.games.base import ImpartialRuleset, PartizanRuleset
from cgsat.games.shapes import ATLAS_MAX_VERTICES, connected_graphs

__all__ = [
    "KINDS",
    "PARAMETERS",
    "PLAY_LIMITS",
    "Family",
    "is_caterpillar",
    "rows",
    "timber_paths",
    "trees",
    "caterpillars",
    "graphs",
    "green_cordons",
]

KINDS = ("rows", "timber-path", "trees", "caterpillars", "graphs", "green-cordon")

#: What n means, per kind.
PARAMETERS = {
    "rows": "n = number of dominoes",
    "timber-path": "n = word length",
    "trees": "n = number of edges (every tree up to isomorphism, every orientation)",
    "caterpillars": "n = number of edges (every caterpillar up to isomorphism, every "
                    "orientation)",
    "graphs": "n = number of vertices (every connected graph up to isomorphism, every "
              "orientation)",
    "green-cordon": "n = height (every set of leaf attachments)",
}

#: The largest n exhaustive play runs to, per kind (the brute method's ``max_n``).
PLAY_LIMITS = {"rows": 12, "timber-path": 18, "trees": 10, "caterpillars": 11,
               "graphs": 6, "green-cordon": 18}


@dataclass(frozen=True)
class Family:
    """The positions of size n a user's claim ranges over.

    Attributes
    ----------
    kind : str
        One of :data:`KINDS`.
    alphabet : str
        ``rows``: the dominoes allowed (``"LRE"``, ``"LR"``, or any subset of ``LRE``).
    rule : str
        ``graphs``: ``"timber"`` or ``"phyminoes"``.
    distances : str
        ``graphs`` with ``rule="phyminoes"``: ``"minus-edge"`` or ``"graph"``.
    match : str or None
        A Python regular expression; only positions whose printed text it matches
        (``re.search``) are in the family.
    palindrome : bool
        Word families only: keep palindromes only.
    """

    kind: str
    alphabet: str = ""
    rule: str = "timber"
    distances: str = "minus-edge"
    match: str | None = None
    palindrome: bool = False

    @property
    def ruleset(self) -> ImpartialRuleset | PartizanRuleset:
        """The ruleset of the family's positions."""
        if self.kind == "rows":
            return get_ruleset("toppling")
        if self.kind == "timber-path":
            return get_ruleset("timber-path")
        if self.kind == "green-cordon":
            return get_ruleset("green-cordon")
        if self.rule == "phyminoes":
            return get_ruleset("phyminoes", distances=self.distances)
        return get_ruleset("timber")

    @property
    def impartial(self) -> bool:
        """Every kind but Toppling Dominoes rows is impartial."""
        return self.kind != "rows"

    @property
    def base(self) -> int:
        """The smallest size with a position (a connected graph with an edge: 2)."""
        return 2 if self.kind == "graphs" else 1

    @property
    def words(self) -> bool:
        """Whether positions are words (rows, Toppling Peaks)."""
        return self.kind in ("rows", "timber-path")

    def describe(self) -> str:
        """A one-line description (for the record and the report)."""
        name = {"rows": f"Toppling Dominoes rows over {self.alphabet}",
                "timber-path": "Toppling Peaks words (Timber on a path)",
                "trees": "Timber on trees", "caterpillars": "Timber on caterpillars",
                "graphs": f"{'Phyminoes' if self.rule == 'phyminoes' else 'Timber'} on "
                          "connected graphs",
                "green-cordon": "green cordons"}[self.kind]
        if self.rule == "phyminoes" and self.kind == "graphs":
            name += f" ({self.distances})"
        if self.palindrome:
            name += ", palindromes"
        if self.match is not None:
            name += f", matching /{self.match}/"
        return name

    def keep(self, text: str) -> bool:
        """Whether the position ``text`` passes the family's filter."""
        if self.palindrome and text != text[::-1]:
            return False
        return self.match is None or re.search(self.match, text) is not None

    @property
    def filtered(self) -> bool:
        """Whether the family has a filter (regex or palindromes)."""
        return self.palindrome or self.match is not None

    def shapes(self, n: int) -> list[list[tuple[str, str]]]:
        """Trees, caterpillars, graphs: the undirected edges of every shape of size n."""
        return [[(str(u), str(v)) for u, v in g.edges()] for g in _graphs(self.kind, n)]

    def positions(self, n: int) -> Iterator[str]:
        """Every position of size n, printed, before the filter (play's list)."""
        if self.kind in ("rows", "timber-path"):
            letters = self.alphabet if self.kind == "rows" else "LR"
            for t in itertools.product(letters, repeat=n):
                yield "".join(t)
        elif self.kind == "green-cordon":
            for c in cordon_game.cordons(n):
                yield cordon_game.format_cordon(c)
        else:
            for g in _graphs(self.kind, n):
                for p in oriented.orientations(g):
                    yield timber_game.format(p)

    def vacancy(self, n: int) -> str | None:
        """Why the family has no position of size n (after its filter), or None: the
        vacuous sizes of a claim over it (:mod:`cgsat.vacuity`).

        Trees and caterpillars have none with 0 edges, connected graphs none with an edge
        on fewer than 2 vertices; words and cordons have a position at every n. A filter
        is applied by listing the positions up to the first it keeps, up to play's size
        limit; above it a filtered family is not called vacuous (no method lists it
        there; a search that finds nothing it keeps says "holds").

        Examples
        --------
        >>> trees().vacancy(0), trees().vacancy(1)
        ('no tree with 0 edges', None)
        >>> rows("LR", match="^L.R$").vacancy(2), rows("LR", match="^L.R$").vacancy(3)
        ('no position of size 2 passes the filter /^L.R$/', None)
        """
        what = {"trees": "tree", "caterpillars": "caterpillar"}.get(self.kind)
        if what is not None and n < 1:
            return f"no {what} with {n} edges"
        if self.kind == "graphs" and n < 2:
            return f"no connected graph with an edge has {n} vertices"
        if not self.filtered or n > PLAY_LIMITS[self.kind]:
            return None
        if any(self.keep(text) for text in self.positions(n)):
            return None
        shown = " and ".join(([f"/{self.match}/"] if self.match is not None else [])
                             + (["palindromes"] if self.palindrome else []))
        return f"no position of size {n} passes the filter {shown}"

    def normalize(self, text: str) -> str:
        """A position as the family prints it (bad input names the position)."""
        rs = self.ruleset
        return rs.format(rs.parse(text))

    def size_of(self, text: str) -> int:
        """The size n of a position of this family."""
        if self.kind in ("rows", "timber-path"):
            return 0 if text == "()" else len(text)
        if self.kind == "green-cordon":
            return int(text.split(":")[0]) if text != "()" else 0
        arcs = timber_game.parse(text)
        if self.kind == "graphs":
            return len({v for a in arcs for v in a})
        return len(arcs)

    def contains(self, n: int, text: str) -> bool:
        """Whether ``text`` is a position of the family at size n (filter included)."""
        if self.size_of(text) != n or not self.keep(text):
            return False
        if self.kind == "rows":
            return set(text) <= set(self.alphabet)
        if self.kind in ("trees", "caterpillars", "graphs"):
            g = nx.Graph(list(timber_game.parse(text)))
            if not nx.is_connected(g):
                return False
            if self.kind != "graphs" and not nx.is_tree(g):
                return False
            return self.kind != "caterpillars" or is_caterpillar(g)
        return True


def is_caterpillar(g: Any) -> bool:
    """Whether the tree ``g`` is a caterpillar: removing its leaves leaves a path
    (*Timber on caterpillars*, §1).

    Examples
    --------
    >>> is_caterpillar(nx.path_graph(5)), is_caterpillar(nx.star_graph(3))
    (True, True)
    >>> spider = nx.Graph([(0, 1), (1, 2), (0, 3), (3, 4), (0, 5), (5, 6)])
    >>> is_caterpillar(spider)
    False
    """
    spine = g.subgraph([v for v in g if g.degree(v) > 1])
    return spine.number_of_nodes() == 0 or (
        nx.is_connected(spine) and max((d for _, d in spine.degree()), default=0) <= 2)


@cache
def _graphs(kind: str, n: int) -> tuple[Any, ...]:
    """The shapes of size n: trees or caterpillars with n edges (*The Game of timber!*
    §3), connected graphs with n vertices (Theorem 1.1's scope, networkx's atlas)."""
    if kind == "graphs":
        if n > ATLAS_MAX_VERTICES:
            raise CgsatInputError(f"graphs: the graph atlas stops at {ATLAS_MAX_VERTICES} "
                                  f"vertices (asked for {n})")
        return tuple(g for g in connected_graphs(n) if g.number_of_edges())
    found = tuple(oriented.trees(n)) if n > 0 else ()
    if kind == "caterpillars":
        found = tuple(g for g in found if is_caterpillar(g))
    return found


# -- the vocabulary --------------------------------------------------------------------------
def _filter_args(match: str | None, palindrome: bool, words: bool, what: str) -> None:
    if match is not None:
        if not isinstance(match, str):
            raise CgsatInputError(f"{what}: match= takes a regular expression, got {match!r}")
        try:
            re.compile(match)
        except re.error as exc:
            raise CgsatInputError(f"{what}: bad regular expression {match!r}: {exc}") from None
    if palindrome and not words:
        raise CgsatInputError(f"{what}: palindrome=True applies to words (rows, "
                              "timber_paths) only")


def rows(alphabet: str = "LRE", *, match: str | None = None,
         palindrome: bool = False) -> Family:
    """Toppling Dominoes rows of n dominoes over ``alphabet`` (*Toppling Conjectures*).

    Examples
    --------
    >>> f = rows("LR", palindrome=True)
    >>> [w for w in f.positions(3) if f.keep(w)]
    ['LLL', 'LRL', 'RLR', 'RRR']
    """
    if not isinstance(alphabet, str) or not alphabet or not set(alphabet) <= set("LRE") \
            or len(set(alphabet)) != len(alphabet):
        raise CgsatInputError(f"rows: the alphabet is some of the letters L, R, E, got "
                              f"{alphabet!r}")
    _filter_args(match, palindrome, True, "rows")
    return Family("rows", alphabet="".join(c for c in "LRE" if c in alphabet), match=match,
                  palindrome=palindrome)


def timber_paths(*, match: str | None = None, palindrome: bool = False) -> Family:
    """Toppling Peaks words of length n over L, R (*The Game of timber!*, §2).

    Examples
    --------
    >>> list(timber_paths(match="^L.*R$").positions(2))
    ['LL', 'LR', 'RL', 'RR']
    """
    _filter_args(match, palindrome, True, "timber_paths")
    return Family("timber-path", match=match, palindrome=palindrome)


def trees(*, match: str | None = None) -> Family:
    """Every orientation of every tree with n edges (*The Game of timber!*, §3).

    Examples
    --------
    >>> len(list(trees().positions(3)))  # the path and the star, 8 orientations each
    16
    """
    _filter_args(match, False, False, "trees")
    return Family("trees", match=match)


def caterpillars(*, match: str | None = None) -> Family:
    """Every orientation of every caterpillar with n edges (*Timber on caterpillars*).

    Examples
    --------
    >>> len(caterpillars().shapes(5)), len(trees().shapes(5))
    (6, 6)
    >>> len(caterpillars().shapes(6)), len(trees().shapes(6))
    (10, 11)
    """
    _filter_args(match, False, False, "caterpillars")
    return Family("caterpillars", match=match)


def graphs(rule: str = "timber", *, distances: str = "minus-edge",
           match: str | None = None) -> Family:
    """Every orientation of every connected graph with n vertices, played as Timber or
    Phyminoes (*The Game of timber!*, §1 and §4).

    Examples
    --------
    >>> len(graphs().shapes(4))
    6
    """
    if rule not in ("timber", "phyminoes"):
        raise CgsatInputError(f"graphs: rule is 'timber' or 'phyminoes', got {rule!r}")
    if distances not in ("minus-edge", "graph"):
        raise CgsatInputError(f"graphs: distances is 'minus-edge' or 'graph', got "
                              f"{distances!r}")
    _filter_args(match, False, False, "graphs")
    return Family("graphs", rule=rule, distances=distances, match=match)


def green_cordons(*, match: str | None = None) -> Family:
    """Every green cordon of height n (*Thinning Thickets*, Definition 1.2).

    Examples
    --------
    >>> list(green_cordons().positions(3))
    ['3:', '3:1', '3:2', '3:1,2']
    """
    _filter_args(match, False, False, "green_cordons")
    return Family("green-cordon", match=match)
