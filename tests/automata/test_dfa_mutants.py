"""The automaton type itself: its validation messages, one-letter steps, the copies that
minimization and ``automata-lib`` make, language equality, word counts, single edits, JSON
and the product bound (mutation survivors of ``cgsat.automata.dfa``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cgsat.automata.dfa import Automaton, product_size
from cgsat.automata.library import DATA

EVEN = Automaton("01", ((1, 1), (0, 0)), frozenset({0}), name="even length")
"""Words of even length (state 0: even so far)."""


@pytest.mark.parametrize(("alphabet", "delta", "accepting", "message"), [
    ("01", (), frozenset(), "automaton 'x': no states"),
    ("", ((),), frozenset(), "automaton 'x': bad alphabet ''"),
    ("00", ((0, 0),), frozenset(), "automaton 'x': bad alphabet '00'"),
    ("01", ((0,),), frozenset(), r"automaton 'x': bad row 0: \(0,\)"),
    ("01", ((0, 1),), frozenset(), r"automaton 'x': bad row 0: \(0, 1\)"),
    ("01", ((0, 0),), frozenset({1}), "automaton 'x': accepting state out of range"),
])
def test_a_bad_automaton_is_refused_naming_it_and_the_fault(
        alphabet: str, delta: tuple[tuple[int, ...], ...], accepting: frozenset[int],
        message: str) -> None:
    """No states, an empty or repeated alphabet, a short row, a target or an accepting
    state one past the last state: each a ValueError naming the automaton and the fault."""
    with pytest.raises(ValueError, match=f"^{message}$"):
        Automaton(alphabet, delta, accepting, name="x")


def test_step_reads_one_letter() -> None:
    """``step`` is one transition, by the letter's place in the alphabet."""
    a = Automaton("01", ((1, 0), (1, 1)), frozenset({1}))
    assert [a.step(0, "0"), a.step(0, "1"), a.step(1, "1")] == [1, 0, 1]


def test_from_lib_keeps_the_name_given_and_defaults_to_none() -> None:
    """An ``automata-lib`` DFA read back carries the name it is given, else the empty one."""
    assert Automaton.from_lib(EVEN.to_lib(), "01", name="again").name == "again"
    back = Automaton.from_lib(EVEN.to_lib(), "01")
    assert (back.name, back.empty, back.delta, back.accepting) == (
        "", False, EVEN.delta, EVEN.accepting)


@pytest.mark.parametrize("empty", [False, True])
def test_minimal_keeps_the_language_the_flag_for_bottom_and_the_name(empty: bool) -> None:
    """Minimization merges states only: the same words, the same answer on ⊥, same name."""
    a = Automaton("01", ((1, 2), (0, 0), (0, 0)), frozenset({0}), empty, "even length")
    m = a.minimal()
    assert m.size == 2 and m.same_language(a)
    assert m.empty is empty and m.accepts(None) is empty
    assert m.name == "even length"


def test_same_language_needs_the_same_words_and_the_same_answer_on_bottom() -> None:
    """Equal languages with other state sets are the same; a different word set or a
    different answer on ⊥ is not."""
    padded = Automaton("01", ((1, 1), (0, 0), (2, 0)), frozenset({0, 2}), name="padded")
    odd = Automaton("01", EVEN.delta, frozenset({1}))
    flipped = Automaton("01", EVEN.delta, EVEN.accepting, empty=True)
    assert EVEN.same_language(EVEN) and EVEN.same_language(padded)
    assert not EVEN.same_language(odd)
    assert not EVEN.same_language(flipped)


def test_count_is_the_number_of_accepted_words_of_a_length() -> None:
    """Every word of even length is accepted, none of odd length."""
    assert [EVEN.count(n) for n in range(5)] == [1, 0, 4, 0, 16]


@pytest.mark.parametrize("empty", [False, True])
def test_edits_flip_one_acceptance_or_the_answer_on_bottom(empty: bool) -> None:
    """Each "flip accept q" edit differs from the automaton in state q's acceptance only,
    "flip empty" in ``empty`` only."""
    a = Automaton("01", EVEN.delta, EVEN.accepting, empty, "even length")
    edits = dict(a.edits())
    assert edits["flip accept 0"].accepting == frozenset()
    assert edits["flip accept 1"].accepting == frozenset({0, 1})
    assert edits["flip empty"].empty is (not empty)
    assert all(e.delta == a.delta and e.name == a.name for e in
               (edits["flip accept 0"], edits["flip accept 1"], edits["flip empty"]))
    assert edits["flip empty"].accepting == a.accepting


def test_to_json_names_every_field() -> None:
    """The JSON object has exactly the fields name, alphabet, delta, accepting, empty."""
    a = Automaton("01", ((1, 0), (1, 1)), frozenset({1, 0}), True, "both")
    assert a.to_json() == {"name": "both", "alphabet": "01", "delta": [[1, 0], [1, 1]],
                           "accepting": [0, 1], "empty": True}


def test_from_json_reads_to_json_back_and_defaults_name_and_empty() -> None:
    """A round trip keeps name and ``empty``; an object without them reads as unnamed,
    ⊥ rejected."""
    a = Automaton("01", EVEN.delta, EVEN.accepting, True, "even length")
    assert Automaton.from_json(a.to_json()) == a
    bare = Automaton.from_json({"alphabet": "01", "delta": [[1, 1], [0, 0]],
                                "accepting": [0]})
    assert bare == Automaton("01", EVEN.delta, EVEN.accepting)
    assert (bare.name, bare.empty) == ("", False)


def test_dump_writes_the_library_format_and_load_reads_it_back(tmp_path: Path) -> None:
    """Dumping a stored automaton rewrites its library file byte for byte (one-space
    indented JSON, a final newline), and load reads a dump back."""
    for name in ("nim2", "thm3.2", "nim12"):
        stored = DATA / f"{name}.json"
        a = Automaton.load(stored)
        a.dump(tmp_path / f"{name}.json")
        assert (tmp_path / f"{name}.json").read_text() == stored.read_text()
    b = Automaton("01", EVEN.delta, EVEN.accepting, True, "even length")
    b.dump(tmp_path / "b.json")
    assert Automaton.load(tmp_path / "b.json") == b


def test_product_size_multiplies_the_state_counts() -> None:
    """The bound on a product's state tuples: the product of the sizes (1 for none)."""
    three = Automaton("01", ((1, 1), (2, 2), (0, 0)), frozenset({0}))
    assert product_size([EVEN, three]) == 6
    assert product_size([three, three, EVEN]) == 18
    assert product_size([]) == 1
