"""``cgsat find green-cordon``: both SAT routes against exhaustive play."""


import pytest

from cgsat.cgt.impartial import solver_for
from cgsat.games import get_ruleset, green_cordon


@pytest.fixture
def run_json(cli):
    """``cgsat find green-cordon ARGV... --json``, which must succeed; its JSON."""

    def run(*argv):
        done = cli("find", "green-cordon", *argv, "--json")
        assert done.code == 0, done.err
        return done.json()

    return run


def by_play(height, pred):
    solver = solver_for(get_ruleset("green-cordon"))
    out = []
    for h, atts in green_cordon.cordons(height):
        pos = ((h, atts),) if h else ()
        if pred(solver, pos):
            out.append(f"{h}:" + ",".join(map(str, atts)))
    return sorted(out, key=lambda t: (len(t), t))


@pytest.mark.parametrize("value,nim", [("0", 0), ("*", 1), ("*2", 2), ("*3", 3)])
def test_all_lists_exactly_the_cordons_of_that_nim_value(run_json, value, nim):
    for height in (1, 4, 7):
        got = run_json("--height", str(height), "--value", value, "--all")
        assert got["positions"] == by_play(height, lambda s, p: s.nim_value(p) == nim)
        count = run_json("--height", str(height), "--value", value, "--count")
        assert count["count"] == len(got["positions"])


def test_misere_outcomes(run_json):
    got = run_json("--height", "7", "--outcome", "P", "--misere", "--all")
    assert got["positions"] == by_play(7, lambda s, p: s.outcome(p, misere=True) == "P")


def test_counts_beyond_enumeration_come_from_the_automaton(run_json):
    # Theorem 3.4: f_n = f_{n-1} + f_{n-2}, f_0 = 1, f_1 = 0 (far beyond 2^29 cordons).
    f = [1, 0]
    while len(f) <= 30:
        f.append(f[-1] + f[-2])
    got = run_json("--height", "30", "--value", "0", "--count")
    assert got["count"] == f[30]


@pytest.mark.parametrize(
    "argv",
    [["--height", "20", "--value", "*2"], ["--height", "5", "--value", "x"],
     ["--length", "5", "--value", "0"], ["--height", "5", "--outcome", "L"]],
)
def test_bad_requests_exit_2(cli, argv):
    done = cli("find", "green-cordon", *argv)
    assert done.code == 2
    assert done.err.count("\n") == 1 and "error" in done.err


def test_the_search_reads_the_theorems_as_the_papers_rules_do():
    """The search's own statements of Theorems 3.2 and 3.3 (the stored automata, for
    cordons past exhaustive play) and its proof oracle agree with the paper's rules
    (``papers/thickets/rules.py``) and the claims' oracle on every cordon up to height 10;
    the search imports neither."""
    from cgsat.papers.thickets import brute
    from cgsat.papers.thickets.rules import nim0_rule, nim1_rule
    from cgsat.search.green_cordon import by_theorem, has_value

    for height in range(11):
        for h, atts in green_cordon.cordons(height):
            for value, rule in ((0, nim0_rule), (1, nim1_rule)):
                assert by_theorem(h, list(atts), value) == rule(h, list(atts)), (h, atts)
                assert has_value(h, list(atts), value) == brute.has_value(
                    h, list(atts), value=value, rule=rule), (h, atts)


def test_the_theorem_statement_tells_values_apart():
    """A negative control: the statement of nim-value 0 is not that of nim-value 1."""
    from cgsat.search.green_cordon import by_theorem

    assert [by_theorem(5, [2], v) for v in (0, 1)] == [True, False]
    assert [by_theorem(4, [1], v) for v in (0, 1)] == [False, True]


def test_a_count_of_more_than_4300_digits_is_printed(capsys):
    """Height 21,000, value *: |H_n| = Fibonacci(n) (Theorem 3.5), 4,389 digits, printed
    in full (Python's limit on int-to-text guards parsing, not output; issue 35)."""
    from cgsat.cli import main
    from cgsat.commands.find import all_digits

    assert main(["find", "green-cordon", "--height", "21000", "--value", "*", "--count"]) == 0
    out = capsys.readouterr().out
    a, b = 0, 1
    for _ in range(21000):
        a, b = b, a + b
    digits = out.split()[0]
    assert len(digits) > 4300
    with all_digits():
        assert digits == str(a)


def test_value_from_the_proofs_agrees_with_play():
    """The nim-value and winning moves read from the proved automata equal exhaustive
    play's on every cordon of heights 1..9 and on seeded cordons of height 14 (issue 35)."""
    import random

    from cgsat.api import value
    from cgsat.search.green_cordon_automata import value as from_proofs

    rng = random.Random(35)
    cordons = [f"{n}:{','.join(str(a) for a in range(1, n) if m >> (a - 1) & 1)}"
               for n in range(1, 10) for m in range(2 ** (n - 1))]
    cordons += [f"14:{','.join(str(a) for a in range(1, 14) if rng.random() < 0.4)}"
                for _ in range(40)]
    for text in cordons:
        played = value("green-cordon", text)
        answer = from_proofs(text)
        assert answer.nim == played.nim, text
        assert {m for m, _ in answer.winning_moves} == {m.move for m in played.winning_moves}


def test_value_beyond_play_names_its_proof(capsys):
    from cgsat.cli import main

    assert main(["value", "green-cordon", "200:5,51,101"]) == 0
    out = capsys.readouterr().out
    assert "nim-value 3" in out and "thickets.green-nim3" in out
    assert "winning move: v5>v4 -> 4:" in out
    assert "use the SAT route" not in out


def test_value_beyond_the_proved_automata_is_one_line_exit_2(capsys, monkeypatch):
    """A nim-value above the largest proved automaton (here made 2, so *3 is above it):
    bad input, one line, exit 2, nothing printed."""
    from cgsat.cli import main
    from cgsat.search import green_cordon_automata as by_automata

    monkeypatch.setattr(by_automata, "LARGEST", 2)
    assert main(["value", "green-cordon", "200:5,51,101"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "nim-value above 2: no proved automaton decides it" in err


@pytest.mark.parametrize(("position", "says"), [
    ("99999999999999999999:", "height 99999999999999999999 is above 100000"),
    ("2000:" + ",".join(str(a) for a in range(3, 1991, 3)), "options of 1987684 arcs"),
])
def test_value_from_the_proofs_is_bounded(capsys, position, says):
    """Bad input beyond what the proof route reads: one line, exit 2, before any word is
    built (a height past 100,000; options of more than OPTION_LETTERS arcs in all)."""
    from cgsat.cli import main

    assert main(["value", "green-cordon", position]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and says in err


def test_a_wrong_automaton_fails_the_answers_control(capsys, monkeypatch):
    """The control that runs with an answer from the proofs: with R_2 replaced by a copy
    of R_0 in the lookup (a wrong automaton, as if a stored file were damaged, and no proof
    run), the options of value 2 read as no value, and the mex rule fails on the position
    itself: exit 3, never a value."""
    from dataclasses import replace

    from cgsat.cli import main
    from cgsat.search import green_cordon_automata as by_automata

    real = by_automata.nim_statement

    def swapped(k: int):
        st = real(k)
        autos = list(st.automata)
        if len(autos) > 2:
            autos[2] = autos[0]
        return replace(st, automata=tuple(autos))

    monkeypatch.setattr(by_automata, "nim_statement", swapped)
    monkeypatch.setattr(by_automata, "_proved", lambda k: (real(k), ["stand-in"]))
    assert main(["value", "green-cordon", "200:5,51,101"]) == 3
    out, err = capsys.readouterr()
    assert out == "" and "cgsat: BUG: green-cordon 200:5,51,101" in err
    assert "do not have mex" in err
