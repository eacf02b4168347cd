"""Quick, focused tests of :mod:`cgsat.kit.methods` (the mutation run of the claim kit's
play and replay): play's verdicts with their details, the vacuous size, the listed position
labelled otherwise than the family's, the replay of a counterexample, and the one-line
errors naming a user's claim. Timber words of length 2: ``LR`` is a P-position, ``LL``,
``RL``, ``RR`` are N-positions (*The Game of timber!*, §2)."""

from __future__ import annotations

import pytest

from cgsat.claims import Budget, Verdict
from cgsat.kit.families import rows, timber_paths, trees
from cgsat.kit.methods import UserClaimError, confirm, play
from cgsat.kit.statements import Position, every, exactly

WORDS = timber_paths()


def _no_list(n: int) -> list[str]:
    raise ValueError(f"no list at size {n}")


def _raises(p: Position) -> bool:
    return 1 / 0 > len(p.text)


def test_play_counts_the_positions_it_played() -> None:
    """A statement that holds at size n: the detail counts the family's positions."""
    assert play(2, Budget(), WORDS, every(outcome="NP"), "user.x") == \
        Verdict.holds(detail="4 positions played")
    assert play(3, Budget(), trees(), every(nim=range(8)), "user.x") == \
        Verdict.holds(detail="16 positions played")


def test_play_refutes_with_the_first_counterexample_and_why() -> None:
    """A refutation names the first position that breaks the statement and how."""
    assert play(2, Budget(), WORDS, every(outcome="N"), "user.x") == \
        Verdict.refuted("LR", detail="outcome P")
    assert play(2, Budget(), WORDS, exactly(["LL"], outcome="P"), "user.x") == \
        Verdict.refuted("LL", detail="listed, but it has outcome N")


def test_play_at_a_size_with_no_position_is_vacuous() -> None:
    """A filter that keeps no position of size n: vacuous, with the reason (never holds)."""
    assert play(2, Budget(), rows("LR", match="^L.R$"), every(outcome="P"), "user.x") == \
        Verdict.vacuous("no position of size 2 in the family")


def test_a_listed_tree_labelled_otherwise_is_refuted_shortest_first() -> None:
    """``exactly`` lists trees the family labels otherwise: the shortest text is refuted."""
    statement = exactly(["0>10 10>2", "0>2 2>1"], value="*5")
    assert play(2, Budget(), trees(), statement, "user.x") == Verdict.refuted(
        "0>2 2>1", detail="listed, but not among the family's positions as cgsat labels "
        "them (compare as printed)")


def test_the_replay_confirms_only_a_position_of_the_family_at_its_size() -> None:
    """``confirm`` is False for a text of another size or one the filter drops."""
    statement = every(outcome="N")
    assert confirm(2, "LR", WORDS, statement, "user.x") is True
    assert confirm(2, "RL", WORDS, statement, "user.x") is False
    assert confirm(2, "LRL", WORDS, statement, "user.x") is False
    assert confirm(3, "LR", WORDS, statement, "user.x") is False
    assert confirm(2, "LR", timber_paths(match="^R"), statement, "user.x") is False


def test_a_predicate_that_raises_is_one_line_naming_the_claim() -> None:
    """The user's predicate raising: the claim, the exception and the position, in play
    and in the replay."""
    with pytest.raises(UserClaimError) as exc:
        play(2, Budget(), WORDS, every(_raises), "user.boom")
    assert str(exc.value) == \
        "user.boom: the predicate raised ZeroDivisionError: division by zero (at LL)"
    with pytest.raises(UserClaimError) as exc:
        confirm(2, "LR", WORDS, every(_raises), "user.boom")
    assert str(exc.value) == \
        "user.boom: the predicate raised ZeroDivisionError: division by zero (at LR)"


def test_a_list_of_positions_that_raises_is_one_line_naming_the_claim() -> None:
    """``exactly`` with a function that raises: the claim and the exception, in play and
    in the replay."""
    message = "user.list: the list of positions raised ValueError: no list at size 2"
    with pytest.raises(UserClaimError) as exc:
        play(2, Budget(), WORDS, exactly(_no_list, outcome="P"), "user.list")
    assert str(exc.value) == message
    with pytest.raises(UserClaimError) as exc:
        confirm(2, "LR", WORDS, exactly(_no_list, outcome="P"), "user.list")
    assert str(exc.value) == message


def test_a_listed_position_that_does_not_parse_is_one_line_naming_the_claim() -> None:
    """``exactly`` listing a word with a bad letter: the claim and the parser's message."""
    with pytest.raises(UserClaimError) as exc:
        play(2, Budget(), WORDS, exactly(["LQ"], outcome="P"), "user.bad")
    assert str(exc.value) == ("user.bad: a listed position does not parse: timber-path: "
                              "unknown letter 'Q' at index 1 (a word uses only L and R)")
