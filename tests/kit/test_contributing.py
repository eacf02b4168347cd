"""docs/contributing.md runs as a doctest: its worked example (a new claim of an existing
family, a kit record) checks as it says (issue 34)."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "contributing.md"


def test_the_worked_example_runs() -> None:
    result = doctest.testfile(str(DOC), module_relative=False,
                              optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 5
    assert result.failed == 0


def test_the_example_record_fits_in_fifteen_lines() -> None:
    text = DOC.read_text(encoding="utf-8")
    block = text.split("```python\n", 1)[1].split("```", 1)[0]
    assert len(block.strip().splitlines()) <= 15


def test_a_paper_record_refuses_bad_input() -> None:
    import pytest

    from cgsat.errors import CgsatInputError
    from cgsat.kit import exactly, record, rows

    statement = exactly(["LEL"], value="1*")
    with pytest.raises(CgsatInputError, match="<paper>.<label>"):
        record("One Star", rows("LRE"), statement, paper="P", theorem="T", quick=4, target=4)
    with pytest.raises(CgsatInputError, match="no method"):
        record("p.x", rows("LRE"), statement, paper="P", theorem="T", quick=4, target=4,
               derive=False)


def test_a_paper_record_keeps_its_methods_and_their_fingerprints() -> None:
    """timber.thm2.3 is a kit record with its own brute, sat and smt attached."""
    from cgsat.kit import KitClaim
    from cgsat.papers.registry import get_claim

    c = get_claim("timber.thm2.3")
    assert isinstance(c, KitClaim)
    assert [m.name for m in c.methods] == ["brute", "sat", "smt"]
    assert c.vacuous is not None and c.vacuous(0) is None and c.base == 0


def test_a_derived_method_keeps_a_stored_name() -> None:
    """rename= gives a derived method the name a paper stored it under; a name that no
    derived method has is bad input."""
    import pytest

    from cgsat.claims import Budget
    from cgsat.errors import CgsatInputError
    from cgsat.kit import exactly, record, rows

    statement = exactly(["LEL", "LLRL", "LRLL"], value="1*")
    c = record("p.one-star", rows("LRE"), statement, paper="P", theorem="T", quick=4,
               target=4, rename={"play": "brute"})
    assert [m.name for m in c.methods] == ["brute", "sat"]
    assert c.methods[0].run(3, Budget(controls=1)).status == "holds"
    wrong = record("p.w", rows("LRE"), exactly(["LEL"], value="1*"), paper="P",
                   theorem="T", quick=4, target=4, rename={"play": "brute"})
    assert wrong.methods[0].run(4, Budget(controls=1)).counterexample == "LLRL"
    with pytest.raises(CgsatInputError, match="rename= names no derived method: smt"):
        record("p.x", rows("LRE"), statement, paper="P", theorem="T", quick=4, target=4,
               rename={"smt": "z3"})


def test_a_record_says_which_methods_are_derived_and_which_are_its_own() -> None:
    """max_n= caps a derived method; the why names the attached methods (a predicate has no
    derived sat, but an attached sat cross-checks it)."""
    import pytest

    from cgsat.claims import Budget, Method, Verdict
    from cgsat.errors import CgsatInputError
    from cgsat.kit import every, record, timber_paths

    def own(n: int, budget: Budget) -> Verdict:
        return Verdict.holds()

    c = record("p.pred", timber_paths(), every(lambda p: True), paper="P", theorem="T",
               quick=4, target=4, rename={"play": "brute"}, max_n={"brute": 9},
               methods=(Method("sat", own, scope="s"),))
    assert [(m.name, m.max_n) for m in c.methods] == [("brute", 9), ("sat", None)]
    assert c.why == "derived: brute; the paper's own: sat"
    alone = record("p.alone", timber_paths(), every(lambda p: True), paper="P", theorem="T",
                   quick=4, target=4, derive=False, methods=(Method("sat", own, scope="s"),))
    assert alone.why.startswith("one method: not cross-checked")
    with pytest.raises(CgsatInputError, match="max_n= names no derived method: sat"):
        record("p.x", timber_paths(), every(lambda p: True), paper="P", theorem="T", quick=4,
               target=4, max_n={"sat": 3})
