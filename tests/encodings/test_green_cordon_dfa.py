""":mod:`cgsat.encodings.green_cordon_dfa`: a word automaton reads height - 1 letters and
tells the empty cordon apart; a copy with other accepting states keeps the transitions."""

from __future__ import annotations

from cgsat.encodings.green_cordon_dfa import NIM2_DFA, WordDFA


def test_a_word_dfa_reads_height_minus_one_letters_and_the_empty_cordon_apart():
    # parity of the number of letters read: x_1 .. x_{n-1}, so n - 1 letters
    parity = WordDFA(delta=((1, 1), (0, 0)), accepting=frozenset({0}), empty=False)
    assert [parity.holds(n, []) for n in range(1, 6)] == [True, False, True, False, True]
    assert parity.holds(0, []) is False  # the empty cordon: ``empty``, not the start state
    assert WordDFA(delta=((1, 1), (0, 0)), accepting=frozenset({1}), empty=True).holds(0, [])


def test_with_accepting_keeps_the_transitions_and_names_the_copy():
    other = NIM2_DFA.with_accepting([4], "swapped")
    assert (other.delta, other.empty, other.accepting, other.name) == (
        NIM2_DFA.delta, NIM2_DFA.empty, frozenset({4}), "swapped")
    assert NIM2_DFA.with_accepting([2, 4]).name == NIM2_DFA.name
