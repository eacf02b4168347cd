"""What a :class:`cgsat.kit.families.Family` answers, kind by kind, against numbers known
apart from the code: 2**n words, 2**(n-1) green cordons of height n (one leaf set per subset
of the heights 1 .. n-1), the trees with n edges (OEIS A000055: 1, 1, 2, 3, 6, 11 for
n = 1 .. 6), connected graphs on n vertices (A001349: 1, 2, 6 for n = 2 .. 4), every
orientation of a shape with n edges (2**n). Quick tests written against the survivors of
``benchmarks/mutation.sh kit_families`` (issue 36)."""

from __future__ import annotations

import pytest

from cgsat.kit import rules as kit_rules
from cgsat.kit.families import (
    PLAY_LIMITS,
    caterpillars,
    graphs,
    green_cordons,
    rows,
    timber_paths,
    trees,
)

TREES = {1: 1, 2: 1, 3: 2, 4: 3, 5: 6, 6: 11}  # A000055(n + 1)
CONNECTED = {2: 1, 3: 2, 4: 6}  # A001349


def test_the_kinds_rulesets_and_sizes() -> None:
    assert rows().ruleset.name == "toppling" and not rows().impartial
    assert timber_paths().ruleset.name == "timber-path" and timber_paths().impartial
    assert green_cordons().ruleset.name == "green-cordon" and green_cordons().impartial
    for f in (trees(), caterpillars(), graphs()):
        assert f.ruleset.name == "timber" and f.impartial and not f.words
    assert graphs("phyminoes").ruleset.name == "phyminoes"
    assert rows().words and timber_paths().words and not green_cordons().words
    assert [f.base for f in (rows(), timber_paths(), trees(), caterpillars(), graphs(),
                             green_cordons())] == [1, 1, 1, 1, 2, 1]


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_the_number_of_positions(n: int) -> None:
    assert len(list(rows("LR").positions(n))) == 2 ** n
    assert len(list(rows("LRE").positions(n))) == 3 ** n
    assert set("".join(rows("LE").positions(n))) == {"L", "E"}
    assert len(list(timber_paths().positions(n))) == 2 ** n
    assert set("".join(timber_paths().positions(n))) == {"L", "R"}
    assert len(list(green_cordons().positions(n))) == 2 ** (n - 1)
    assert len(trees().shapes(n)) == TREES[n]
    assert len(list(trees().positions(n))) == TREES[n] * 2 ** n
    if n + 1 in CONNECTED:
        assert len(graphs().shapes(n + 1)) == CONNECTED[n + 1]


def test_sizes_and_membership_by_kind() -> None:
    assert rows().size_of("LRE") == 3 and rows().size_of("()") == 0
    assert green_cordons().size_of("5:1,3") == 5 and green_cordons().size_of("()") == 0
    assert trees().size_of("0>1 1>2") == 2  # two arcs
    assert graphs().size_of("0>1 1>2") == 3  # three vertices
    assert graphs().size_of("0>1 1>2 2>0") == 3
    assert rows("LR").contains(2, "LR") and not rows("LR").contains(2, "LE")
    assert not rows("LR").contains(3, "LR")  # the wrong size
    assert trees().contains(2, "0>1 1>2") and not trees().contains(2, "0>1 2>3")
    assert not trees().contains(3, "0>1 1>2 2>0")  # a cycle is no tree
    assert graphs().contains(3, "0>1 1>2 2>0")
    spider = "0>1 1>2 0>3 3>4 0>5 5>6"
    assert trees().contains(6, spider) and not caterpillars().contains(6, spider)
    assert caterpillars().contains(3, "0>1 1>2 2>3")
    assert rows("LR", match="^L").contains(2, "LR") and not rows("LR", match="^L").contains(
        2, "RL")
    assert timber_paths(palindrome=True).contains(3, "LRL")
    assert not timber_paths(palindrome=True).contains(3, "LRR")
    assert green_cordons().contains(3, "3:1")
    assert rows().normalize("LRE") == "LRE" and trees().normalize("1>2 0>1") == "0>1 1>2"


def test_the_filter_and_its_description() -> None:
    assert rows("LR", palindrome=True, match="R").describe() == (
        "Toppling Dominoes rows over LR, palindromes, matching /R/")
    assert timber_paths().describe() == "Toppling Peaks words (Timber on a path)"
    assert trees().describe() == "Timber on trees"
    assert caterpillars().describe() == "Timber on caterpillars"
    assert graphs().describe() == "Timber on connected graphs"
    assert green_cordons().describe() == "green cordons"
    f = timber_paths(palindrome=True)
    assert f.filtered and f.keep("LRL") and not f.keep("LR")
    assert timber_paths(match="R").filtered and not timber_paths().filtered
    assert timber_paths(match="R$").keep("LR") and not timber_paths(match="R$").keep("RL")


def test_vacancy_by_kind_and_by_filter() -> None:
    assert caterpillars().vacancy(0) == "no caterpillar with 0 edges"
    assert caterpillars().vacancy(1) is None and trees().vacancy(1) is None
    assert graphs().vacancy(1) == "no connected graph with an edge has 1 vertices"
    assert graphs().vacancy(2) is None and graphs().vacancy(0) is not None
    assert rows().vacancy(0) is None and green_cordons().vacancy(1) is None
    assert rows("LR", match="E").vacancy(2) == "no position of size 2 passes the filter /E/"
    # a palindrome with an R exists at every n (R...R), a palindrome "LR..." never does
    assert timber_paths(palindrome=True, match="R").vacancy(1) is None
    assert timber_paths(palindrome=True, match="^LR+$").vacancy(3) == (
        "no position of size 3 passes the filter /^LR+$/ and palindromes")
    # palindromes alone: no word of height range 1 (LRLR..., RLRL...) at an even length
    alternating = kit_rules.timber_paths(height_range=1, palindrome=True)
    assert alternating.vacancy(2) == "no position of size 2 passes the filter palindromes"
    assert alternating.vacancy(3) is None
    # above play's size limit a filtered family is not called vacuous
    limit = PLAY_LIMITS["timber-path"]
    assert timber_paths(match="E").vacancy(limit) is not None
    assert timber_paths(match="E").vacancy(limit + 1) is None


def test_a_disconnected_graph_is_no_position_of_graphs() -> None:
    assert graphs().contains(4, "0>1 1>2 2>3")
    assert not graphs().contains(4, "0>1 2>3")  # four vertices, two components
    assert not trees().contains(2, "0>1 2>3")


def test_the_palindrome_guard_names_its_caller() -> None:
    """No shape constructor takes ``palindrome=``; the shared guard still refuses it."""
    from cgsat.errors import CgsatInputError
    from cgsat.kit.families import _filter_args

    _filter_args(None, True, True, "rows")  # words: fine
    with pytest.raises(CgsatInputError) as exc:
        _filter_args(None, True, False, "trees")
    assert str(exc.value) == ("trees: palindrome=True applies to words (rows, timber_paths) "
                              "only")
