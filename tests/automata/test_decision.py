"""The one-line description of a decider's answer (:class:`cgsat.automata.decision.Decision`),
which the all-n verdicts quote in their reasons."""

from __future__ import annotations

import pytest

from cgsat.automata.decision import Decision


@pytest.mark.parametrize(("decision", "line"), [
    (Decision("product", "refuted", "0110", reason="R_1 rejects it"),
     "product: refuted at '0110' (R_1 rejects it)"),
    (Decision("mona", "refuted", "", reason="x"), "mona: refuted at '' (x)"),
    (Decision("setops", "refuted", None, bottom=True, reason="R_0 rejects ⊥"),
     "setops: refuted at ⊥ (R_0 rejects ⊥)"),
    (Decision("mona", "unknown", reason="mona not installed"),
     "mona: unknown (mona not installed)"),
    (Decision("mona", "error", reason="valid on a false control"),
     "mona: error (valid on a false control)"),
    (Decision("product", "proved", states=42, seconds=1.234),
     "product: proved (42 states, 1.23 s)"),
    (Decision("preimage", "proved"), "preimage: proved (None states, 0.00 s)"),
])
def test_describe(decision, line):
    assert decision.describe() == line


def test_defaults():
    d = Decision("product", "proved")
    assert (d.counterexample, d.bottom, d.states, d.seconds, d.reason) == (
        None, False, None, 0.0, "")
