"""A refuted claim of a claims file explains itself (issue 39): ``cgsat check`` prints the
counterexample's value and outcome, and which part of the predicate failed; a claims file
can state ``every(lambda p: p.value.temperature() <= 1)``."""

from __future__ import annotations

import functools
import textwrap
from fractions import Fraction

import cgsat
from cgsat.commands.explain import failed_part

CLAIMS = """\
from cgsat.kit import claim, every, green_cordons, rows

LIMIT = 1


def warm(p):
    "A docstring, then one return."
    return p.value.is_number() or p.value.temperature() > 0


CLAIMS = [
    claim("user.cool", rows("LRE"),
          every(lambda p: p.n < 99 and p.value.temperature() <= LIMIT)),
    claim("user.warm", rows("LR"), every(warm)),
    claim("user.small", green_cordons(), every(nim={0, 1, 2})),
]
"""


def _check(cli, tmp_path, claim):
    (tmp_path / "mine.py").write_text(CLAIMS)
    return cli("check", "--claims", str(tmp_path / "mine.py"), claim, "--up-to", "5",
               "--jobs", "1", "--db", str(tmp_path / "t.sqlite"))


def test_a_temperature_predicate_runs_and_its_refutation_names_the_failed_part(cli, tmp_path):
    r = _check(cli, tmp_path, "user.cool")
    assert r.code == 1
    line = next(x for x in r.err.splitlines() if x.startswith("cgsat: REFUTED user.cool"))
    cx = line.rsplit(": ", 1)[1]
    v = cgsat.value("toppling", cx).value
    assert v is not None and v.temperature() > 1  # the direct solver agrees: refuted
    assert (f"cgsat:   {cx} has value {v} (outcome {v.outcome()}, temperature "
            f"{v.temperature()}, mean {v.mean()}") in r.err
    assert ("cgsat:   the predicate fails at p.value.temperature() <= LIMIT: "
            f"p.value.temperature() is {v.temperature()}, LIMIT is 1") in r.err


def test_a_def_predicate_and_an_impartial_claim(cli, tmp_path):
    r = _check(cli, tmp_path, "user.warm")
    assert r.code == 1
    cx = next(x for x in r.err.splitlines()
              if x.startswith("cgsat: REFUTED user.warm")).rsplit(": ", 1)[1]
    v = cgsat.value("toppling", cx).value
    assert v is not None
    assert "every part of p.value.is_number() or p.value.temperature() > 0" in r.err
    assert f"p.value.temperature() is {v.temperature()}" in r.err
    r = _check(cli, tmp_path, "user.small")
    answer = cgsat.value("green-cordon", "4:1,2")
    assert r.code == 1 and f"cgsat:   4:1,2 has nim-value {answer.nim}, outcome N" in r.err
    assert r.err.count("has nim-value") == 1  # play and sat refute at the same cordon


class _P:
    n = 3
    value = Fraction(3, 2)


def test_failed_part_reads_lambdas_defs_and_closures():
    bound = 1
    first, second = (lambda p: p.n > 5), (lambda p: p.value <= bound)  # two on a line
    assert failed_part(first, _P()) == "p.n > 5: p.n is 3"
    assert failed_part(second, _P()) == "p.value <= bound: p.value is 3/2, bound is 1"

    def spread(q):
        return (q.n == 3
                and q.value < 1)
    assert failed_part(spread, _P()) == "q.value < 1: q.value is 3/2"


def test_failed_part_gives_up_where_it_cannot_tell():
    exec_ns: dict = {}
    exec(textwrap.dedent("def f(p):\n    return p.n > 5\n"), exec_ns)  # noqa: S102 - no file
    assert failed_part(exec_ns["f"], _P()) is None

    def two_statements(p):
        k = p.n
        return k > 5
    assert failed_part(two_statements, _P()) is None
    assert failed_part(functools.partial(lambda p, k: p.n > k, k=5), _P()) is None
    assert failed_part(lambda p: p.missing > 1, _P()) is None  # a part that raises
