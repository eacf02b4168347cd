"""The vocabulary of :mod:`cgsat.kit.families`: what each constructor keeps and what it
refuses (one line naming it), with the cases mutation testing found untested (issue 36)."""

from __future__ import annotations

import networkx as nx
import pytest

from cgsat.errors import CgsatInputError
from cgsat.kit.families import (
    caterpillars,
    graphs,
    green_cordons,
    is_caterpillar,
    rows,
    timber_paths,
    trees,
)

CONSTRUCTORS = [("rows", rows), ("timber_paths", timber_paths), ("trees", trees),
                ("caterpillars", caterpillars), ("graphs", graphs),
                ("green_cordons", green_cordons)]


@pytest.mark.parametrize(("name", "make"), CONSTRUCTORS, ids=[n for n, _ in CONSTRUCTORS])
def test_the_filter_is_kept_and_a_bad_one_refused(name, make) -> None:
    family = make(match="1")
    assert family.match == "1" and family.describe().endswith(", matching /1/")
    assert make().match is None and not make().filtered
    with pytest.raises(CgsatInputError) as exc:
        make(match="(")
    assert str(exc.value).startswith(f"{name}: bad regular expression '(': ")
    with pytest.raises(CgsatInputError, match=f"^{name}: match= takes a regular expression"):
        make(match=3)


def test_words_are_not_palindromes_unless_asked() -> None:
    assert not timber_paths().palindrome and not rows().palindrome
    assert timber_paths(palindrome=True).palindrome


def test_rows_refuse_an_alphabet_that_is_not_a_string() -> None:
    with pytest.raises(CgsatInputError, match="^rows: the alphabet"):
        rows(5)  # type: ignore[arg-type]
    with pytest.raises(CgsatInputError, match="^rows: the alphabet"):
        rows("")


def test_graphs_keep_the_rule_and_the_distances() -> None:
    g = graphs("phyminoes", distances="graph")
    assert (g.rule, g.distances) == ("phyminoes", "graph")
    assert g.describe() == "Phyminoes on connected graphs (graph)"
    assert graphs().rule == "timber" and graphs().distances == "minus-edge"
    with pytest.raises(CgsatInputError) as exc:
        graphs("hackenbush")
    assert str(exc.value) == "graphs: rule is 'timber' or 'phyminoes', got 'hackenbush'"
    with pytest.raises(CgsatInputError) as exc:
        graphs("phyminoes", distances="euclid")
    assert str(exc.value) == ("graphs: distances is 'minus-edge' or 'graph', got "
                              "'euclid'")


def test_a_tree_with_no_inner_vertex_is_a_caterpillar() -> None:
    assert is_caterpillar(nx.path_graph(2))  # one edge: its spine is empty
    assert is_caterpillar(nx.star_graph(4))  # the spine is one vertex
