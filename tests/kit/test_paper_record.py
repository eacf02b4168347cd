"""A paper's claim as a kit record (:func:`cgsat.kit.record`): every field of the claim, its
defaults, its why, and its errors naming the claim, built in each test's body."""

from __future__ import annotations

import pytest

from cgsat.claims import Budget, Method, Verdict
from cgsat.errors import CgsatInputError
from cgsat.kit import KitClaim, every, exactly, record, rows, timber_paths
from cgsat.kit.families import PARAMETERS
from cgsat.kit.methods import UserClaimError
from cgsat.kit.records import play_limit, sentence


def _own(n: int, budget: Budget) -> Verdict:
    return Verdict.holds()


def _raises(p: object) -> bool:
    raise ValueError("boom")


def test_a_record_keeps_every_field_it_is_given() -> None:
    """The id, paper, theorem, text, kind, parameter, base, bounds, paper bound and notes
    given are the claim's, with the family, statement and the family's vacancy."""
    family = rows("LRE")
    statement = exactly(["LEL"], value="1*")
    c = record("p.all", family, statement, paper="The Paper", theorem="Lemma 4",
               text="One star row.", kind="lemma", quick=5, target=7, base=3,
               parameter="n = dominoes", paper_bound=11, notes="read as stated")
    assert isinstance(c, KitClaim)
    assert (c.id, c.paper, c.theorem, c.statement, c.kind) == (
        "p.all", "The Paper", "Lemma 4", "One star row.", "lemma")
    assert (c.parameter, c.base, c.quick_bound, c.target_bound) == ("n = dominoes", 3, 5, 7)
    assert (c.paper_bound, c.notes) == (11, "read as stated")
    assert c.family is family and c.test is statement
    assert c.vacuous is not None and c.vacuous == family.vacancy
    assert c.source == "The Paper, Lemma 4"


def test_a_record_takes_its_defaults_from_the_family() -> None:
    """Without text, parameter, base, paper_bound, notes or max_n, the record says the
    generated sentence, the family's parameter and base, no notes, and play keeps its
    play limit."""
    family = timber_paths()
    statement = every(lambda p: True)
    c = record("p.defaults", family, statement, paper="P", theorem="T", quick=4, target=6)
    assert c.statement == sentence(family, statement)
    assert c.statement.startswith("Toppling Peaks words")
    assert c.parameter == PARAMETERS["timber-path"] == "n = word length"
    assert c.base == family.base == 1
    assert c.paper_bound is None and c.notes == ""
    assert c.kind == "theorem"
    assert [(m.name, m.max_n) for m in c.methods] == [("play", play_limit(family))]
    assert play_limit(family) is not None


def test_a_record_with_a_zero_base_keeps_it() -> None:
    """base=0 is a base, not a missing one (the family's base is 1)."""
    c = record("p.zero", rows("LRE"), exactly(["LEL"], value="1*"), paper="P", theorem="T",
               quick=4, target=4, base=0)
    assert c.base == 0


def test_a_records_why_lists_derived_and_own_methods() -> None:
    """The why lists the derived methods kept and the paper's own, comma separated; with
    derive=False and two own methods it names only those."""
    statement = exactly(["LEL"], value="1*")
    c = record("p.why", rows("LRE"), statement, paper="P", theorem="T", quick=4, target=4,
               methods=(Method("smt", _own, scope="s"),))
    assert [m.name for m in c.methods] == ["play", "sat", "smt"]
    assert c.why == "derived: play, sat; the paper's own: smt"
    two = record("p.two", rows("LRE"), statement, paper="P", theorem="T", quick=4, target=4,
                 derive=False,
                 methods=(Method("brute", _own, scope="b"), Method("sat", _own, scope="s")))
    assert two.why == "the paper's own: brute, sat"
    one = record("p.one", rows("LRE"), statement, paper="P", theorem="T", quick=4, target=4,
                 derive=False, methods=(Method("brute", _own, scope="b"),))
    assert one.why == "one method: not cross-checked (the paper's own: brute)"


def test_a_records_errors_name_the_claim() -> None:
    """A bad family, kind or a statement that does not fit the family is bad input naming
    the claim's id; unknown rename= and max_n= names are listed comma separated."""
    statement = exactly(["LEL"], value="1*")
    with pytest.raises(CgsatInputError, match=r"^p\.fam: family must be"):
        record("p.fam", "rows", statement, paper="P", theorem="T",  # type: ignore[arg-type]
               quick=4, target=4)
    with pytest.raises(CgsatInputError, match=r"^p\.kind: kind is one of"):
        record("p.kind", rows("LRE"), statement, paper="P", theorem="T", kind="guess",
               quick=4, target=4)
    with pytest.raises(CgsatInputError, match=r"^p\.fit: .* impartial: outcomes P and N"):
        record("p.fit", timber_paths(), exactly(["LR"], outcome="L"), paper="P",
               theorem="T", quick=4, target=4)
    with pytest.raises(CgsatInputError,
                       match=r"^p\.ren: rename= names no derived method: smt, z3$"):
        record("p.ren", rows("LRE"), statement, paper="P", theorem="T", quick=4, target=4,
               rename={"z3": "a", "smt": "b"})
    with pytest.raises(CgsatInputError,
                       match=r"^p\.cap: max_n= names no derived method: smt, z3$"):
        record("p.cap", rows("LRE"), statement, paper="P", theorem="T", quick=4, target=4,
               max_n={"z3": 3, "smt": 4})


def test_a_records_replay_and_play_name_the_claim() -> None:
    """A predicate that raises, in the record's replay of a counterexample or in play, is
    the user's error naming the claim's id."""
    c = record("p.raise", timber_paths(), every(_raises), paper="P", theorem="T", quick=4,
               target=4)
    assert c.confirm is not None
    with pytest.raises(UserClaimError, match=r"^p\.raise: the predicate raised ValueError"):
        c.confirm(2, "LR")
    with pytest.raises(UserClaimError, match=r"^p\.raise: the predicate raised ValueError"):
        c.method("play").run(2, Budget(controls=1))
