"""A user's claim record (:func:`cgsat.kit.claim`): its one-line errors, bounds, sentence
fields, method scopes, vacancy above the kind's play limit and run-time control, pinned
by exact text where a user reads them (``cgsat list``, the report, exit-2 errors)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from cgsat.claims import Budget
from cgsat.errors import CgsatInputError
from cgsat.kit import claim, every, exactly, graphs, never, rows, timber_paths
from cgsat.kit.methods import UserClaimError
from cgsat.kit.records import KitClaim, vacancy
from cgsat.vacuity import with_vacuity

ID = "user.x"


def _error(**kwargs: Any) -> str:
    args: dict[str, Any] = {"family": rows("LR"), "statement": never("^*")} | kwargs
    with pytest.raises(CgsatInputError) as info:
        claim(args.pop("id", ID), **args)
    return str(info.value)


def test_bad_parts_are_one_line_errors_naming_the_claim() -> None:
    """A wrong family, statement, kind, id or source is one exact line naming the claim."""
    assert _error(family="rows") == (
        "user.x: family must be rows(), timber_paths(), trees(), caterpillars(), graphs() "
        "or green_cordons(), got 'rows'")
    assert _error(statement="never") == (
        "user.x: statement must be every(), exactly() or never(), got 'never'")
    assert _error(kind="guess") == (
        "user.x: kind is one of theorem, lemma, corollary, conjecture, algorithm, principle, "
        "family, got 'guess'")
    assert _error(id="x") == (
        "claim id 'x': a user claim's id is user.<label> (letters, digits, _ . -)")
    assert _error(source="  ") == "user.x: source must be a non-empty string"


def test_bounds_are_whole_numbers_from_the_base() -> None:
    """quick= and target= below the base, a bool or not an int are refused by name."""
    assert _error(quick=0) == "user.x: quick= must be a whole number >= 1"
    assert _error(target=0) == "user.x: target= must be a whole number >= 1"
    assert _error(quick=True) == "user.x: quick= must be a whole number >= 1"
    assert _error(target="3") == "user.x: target= must be a whole number >= 1"
    assert _error(family=graphs(), statement=never("*"), quick=1) == (
        "user.x: quick= must be a whole number >= 2")
    at_base = claim(ID, graphs(), never("*"), quick=2, target=2)
    assert (at_base.quick_bound, at_base.target_bound) == (2, 2)


def test_given_and_default_bounds() -> None:
    """Given bounds are kept; by default quick is min(play limit, 8) and target is twice the
    play limit only where SAT can search (a predicate: the play limit)."""
    given = claim(ID, rows("LR"), never("^*"), quick=3, target=5)
    assert (given.quick_bound, given.target_bound) == (3, 5)
    searched = claim(ID, rows("LR"), never("^*"))
    assert (searched.quick_bound, searched.target_bound) == (8, 38)
    played = claim(ID, rows("LR"), every(lambda p: True))
    assert [m.name for m in played.methods] == ["play"]
    assert (played.quick_bound, played.target_bound) == (8, 19)


def test_statements_that_do_not_fit_the_ruleset_name_the_claim() -> None:
    """The ruleset checks (impartial outcomes, nim-values, misère, nim=) in exact words."""
    peaks = "Toppling Peaks words (Timber on a path)"
    assert _error(family=timber_paths(), statement=every(outcome="L")) == (
        f"user.x: {peaks} are impartial: outcomes P and N only")
    assert _error(family=timber_paths(), statement=never("1/2")) == (
        f"user.x: 1/2 is not a nim-value ({peaks} are impartial)")
    assert _error(statement=never(outcome="P", misere=True)) == (
        "user.x: misère play applies to impartial families only")
    assert _error(statement=every(nim=0)) == (
        "user.x: Toppling Dominoes has values, not nim-values; use never()/exactly() with "
        "value= or a predicate")


def test_source_paper_theorem_notes_and_parameter() -> None:
    """The source is kept as given and split at its last ", " into paper and theorem; the
    notes are the user's, then why the claim got its methods."""
    c = claim(ID, rows("LR"), never("^*"), notes="See p. 3.", source="Smith, 2024, Conj 3")
    assert (c.source, c.paper, c.theorem) == ("Smith, 2024, Conj 3", "Smith, 2024", "Conj 3")
    assert c.notes == "See p. 3. play and sat (one search per value)"
    assert c.parameter == "n = number of dominoes"
    assert c.tags == ("user",)
    plain = claim(ID, rows("LR"), never("^*"), source="my notebook")
    assert (plain.source, plain.paper, plain.theorem) == ("my notebook", "my notebook", "")
    assert plain.notes == plain.why == "play and sat (one search per value)"


def test_method_scopes_in_words() -> None:
    """The scopes ``list --json`` shows: play's, and sat's with the filter sentence only
    for a filtered family."""
    filtered = claim(ID, rows("LR", match="E"), never("^*"))
    assert filtered.method("play").scope == (
        "every position of size n (Toppling Dominoes rows over LR, matching /E/) played out "
        "by the direct solver; the statement evaluated on each")
    tail = ("each search answers its sample controls, and its toggled control when it finds "
            "nothing; a position found is replayed by the direct solver")
    assert filtered.method("sat").scope == (
        "the cgsat find searches over every position of size n (Toppling Dominoes rows over "
        "LR, matching /E/), one search per value; every position found is listed and the "
        "filter applied to it (a search cannot express the filter); " + tail)
    assert claim(ID, rows("LR"), never("^*")).method("sat").scope == (
        "the cgsat find searches over every position of size n (Toppling Dominoes rows over "
        "LR), one search per value; " + tail)


def test_a_users_function_that_raises_names_the_claim_in_every_method() -> None:
    """play, sat and the replay (confirm) name the claim when the user's code raises."""
    c = claim(ID, rows("LR"), every(lambda p: 1 / 0))
    with pytest.raises(UserClaimError, match=r"^user\.x: the predicate raised Zero"):
        c.method("play").run(1, Budget())
    assert c.confirm is not None
    with pytest.raises(UserClaimError, match=r"^user\.x: the predicate raised Zero"):
        c.confirm(1, "L")
    listed = claim(ID, rows("LR"), exactly(lambda n: [str(1 / 0)], value="^*"))
    with pytest.raises(UserClaimError, match=r"^user\.x: the list of positions raised Zero"):
        listed.method("sat").run(1, Budget())


def test_a_filter_is_vacuous_up_to_the_row_play_limit() -> None:
    """Above the kind's limit, up to and including play's limit, a filter that keeps no row
    makes the size vacuous, with the filter in words."""
    assert vacancy(rows("L", match="R"), 60) == "no position of size 60 passes the filter /R/"
    assert vacancy(rows("LR", match="E", palindrome=True), 14) == (
        "no position of size 14 passes the filter /E/ and palindromes")


def test_the_control_is_the_records_own_then_the_filters() -> None:
    """A record's own failing control at size n is reported even over a filtered family
    whose filter control passes; a record without a family has nothing to control."""
    c = claim(ID, rows("LR", match="R$"), never("^*"))
    assert c.control(3) is None
    own = with_vacuity(c, controls=lambda n: f"recount failed at n={n}")
    assert isinstance(own, KitClaim)
    assert own.control(3) == "recount failed at n=3"
    assert dataclasses.replace(c, family=None).control(3) is None
