"""The uniqueness families of the probe toppling-uniqueness (issue 14): claims
``toppling.unique-<family>``, both methods, their controls, negative controls (perturbed
rules refuted through the runner with a counterexample the replay accepts), and the
finding that ``xLR`` is not the only row of ``{x|0}`` (Conjecture 37's "uniquely" over
L, R, E).
"""

from __future__ import annotations

import inspect
from dataclasses import replace
from fractions import Fraction

import pytest

from cgsat.cgt import play
from cgsat.cgt.canonical import ONE, ZERO, game
from cgsat.claims import Budget, Claim, Method
from cgsat.encodings import toppling as enc
from cgsat.engine.runner import run_checks
from cgsat.engine.store import Store
from cgsat.papers.toppling import brute, families_brute, families_sat
from cgsat.papers.toppling.claims import CLAIMS
from cgsat.papers.toppling.families import FAMILIES, claimed_rows
from cgsat.papers.toppling.numbers import number_rows
from cgsat.vacuity import with_vacuity

BY_ID = {c.id: c for c in CLAIMS}
NAMES = sorted(FAMILIES)


def _independent_value(word: str):
    """A row's canonical form by the engine, no family code."""
    return brute.value(word)


# -- the statement, independently of the family code ---------------------------------------
def test_families_first_cases_by_hand():
    """{1|0} = EL = LLR; +-1 = LER = LLRR; 1* = LEL = LLRL (engine and game-tree search)."""
    switch = game([ONE], [-ONE])
    for rows_, g in [(("EL", "LLR"), game([ONE], [ZERO])), (("LER", "LLRR"), switch),
                     (("LEL", "LLRL"), game([ONE], [ONE]))]:
        for w in rows_:
            assert _independent_value(w) == g, w
            assert play.equals(brute.TOPPLING, brute.row(w),
                               families_brute._read(g)), w


@pytest.mark.parametrize("name", NAMES)
def test_family_rows_match_an_independent_enumeration(name):
    """Every row of length <= 7 over LRE grouped by value: for each x > 0 the rows of value
    F(x) are exactly the claimed rows of length <= 7 (the exact-count statement)."""
    fam = FAMILIES[name]
    by_value: dict = {}
    for n in range(1, 8):
        for w in brute.rows(n):
            by_value.setdefault(_independent_value(w), set()).add(w)
    for q, x in number_rows(6).items():
        if q <= 0:
            continue
        g = fam.game(brute.value(x))
        want = {r for r in claimed_rows(fam, x) if len(r) <= 7}
        assert by_value.get(g, set()) == want, (name, q)


# -- the registered claims -------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_claim_registered(name):
    claim = BY_ID[f"toppling.unique-{name}"]
    assert claim.kind == "conjecture"
    assert {m.name for m in claim.methods} == {"sat", "brute"}
    assert claim.quick_bound <= 8 and claim.target_bound >= 20
    assert "n - 1" in claim.method("sat").scope


@pytest.mark.parametrize("name", NAMES)
def test_sat_and_brute_hold_and_agree(name):
    claim = BY_ID[f"toppling.unique-{name}"]
    for n in range(1, 8):
        s = claim.method("sat").run(n, Budget(seed=f"{name}:{n}", controls=4))
        b = claim.method("brute").run(n, Budget())
        assert b.status == "holds", (n, b)
        assert s.status == ("vacuous" if n == 1 else "holds"), (n, s)
        if n > 1:
            assert s.controls and s.controls["passed"] == s.controls["total"] > 0


@pytest.mark.parametrize("name", NAMES)
def test_controls_fail_loudly_on_a_broken_encoding(name, monkeypatch):
    """A clause of the difference encoding dropped ("not reply -> me" loses its reply), so
    nothing is satisfiable: the toggled control (the family's own row must be found) fails
    and the method says "error", never "holds"."""
    src = inspect.getsource(enc.DifferenceEncoding.flush)
    assert "add([r, me])" in src
    src = "\n".join(line[4:] for line in src.replace("add([r, me])", "add([me])").splitlines())
    ns: dict = {}
    exec(src, vars(enc), ns)  # noqa: S102 - the mutated method, from the real source
    monkeypatch.setattr(enc.DifferenceEncoding, "flush", ns["flush"])
    v = BY_ID[f"toppling.unique-{name}"].method("sat").run(4, Budget(seed="m", controls=3))
    assert v.status == "error", v


def test_confirm_replays():
    fam = FAMILIES["x-zero"]
    assert not families_brute.family_confirm(2, "EL", fam)
    assert not families_brute.family_confirm(5, "LRLLR", fam)  # 1/2 LR = {1/2|0}
    assert not families_brute.family_confirm(3, "LLL", fam)    # 3: in no family
    # perturbed rule {x|0} = Ex = xRL: LRL (x = 1) is claimed but is 1/2, and LLR has the
    # value {1|0} but is not claimed; both are counterexamples of it
    wrong = replace(fam, rows=lambda w: ("E" + w, w + "RL"))
    assert families_brute.family_confirm(3, "LRL", wrong)
    assert families_brute.family_confirm(3, "LLR", wrong)
    assert not families_brute.family_confirm(2, "EL", wrong)


# -- negative controls: perturbed rules through the same methods and the runner --------------
def _claim(claim_id: str, fam, quick: int) -> Claim:
    # as the toppling.unique-* records: the sat method has no instance at n = 1, a gap of
    # its scope (brute plays that size)
    return with_vacuity(_plain_claim(claim_id, fam, quick),
                        gaps={"sat": lambda n: "no SAT instance" if n <= 1 else None})


def _plain_claim(claim_id: str, fam, quick: int) -> Claim:
    return Claim(
        id=claim_id, paper="Negative control", theorem="Negative control",
        statement=f"a deliberately wrong variant ({claim_id})", kind="theorem",
        parameter="n", base=1, quick_bound=quick, target_bound=quick,
        methods=(Method("sat", uses_solver=True, scope="difference encoding",
                        run=lambda n, b: families_sat.family(
                            n, b, fam, oracle=brute.difference_wins, covers="LRE")),
                 Method("brute", scope="enumeration",
                        run=lambda n, b: families_brute.family(n, b, fam))),
        confirm=lambda n, w: families_brute.family_confirm(n, w, fam))


def _refuted_at(claim: Claim, tmp_path) -> dict[str, tuple[int, str]]:
    with Store(str(tmp_path / "neg.sqlite")) as store:
        summary = run_checks([claim], {claim.id: ["sat", "brute"]},
                             {claim.id: range(1, claim.quick_bound + 1)},
                             Budget(timeout=300), store, jobs=2)
    assert summary.problems == [], summary.problems
    assert summary.refuted
    out = {}
    for m in ("sat", "brute"):
        r = min((r for r in summary.results if r.method == m and r.status == "refuted"),
                key=lambda r: r.n)
        out[m] = (r.n, r.counterexample)
        assert claim.confirm(r.n, r.counterexample)
    return out


# The E rows dropped: "xLR (xLR(-x), xLRx) is the only row" (Lemma 20 / Conjecture 37 read
# as uniqueness). The minimal counterexample is the E row of x = 1.
WITHOUT_E = {"x-zero": (2, "EL"), "switch": (3, "LER"), "x-star": (3, "LEL")}


@pytest.mark.parametrize("name", NAMES)
def test_family_without_its_e_row_is_refuted(name, tmp_path):
    fam = FAMILIES[name]
    wrong = replace(fam, rows=lambda w, fam=fam: fam.rows(w)[1:])
    got = _refuted_at(_claim(f"neg.unique-{name}-no-e", wrong, 4), tmp_path)
    n, w = WITHOUT_E[name]
    for m in ("sat", "brute"):
        assert got[m][0] == n
        assert got[m][1] in (w, w[::-1])


@pytest.mark.parametrize("name", NAMES)
def test_family_with_a_wrong_row_is_refuted(name, tmp_path):
    """A wrong row claimed (the E row moved to the other end, xE(-x) -> E x(-x) etc.)."""
    fam = FAMILIES[name]
    wrong = replace(fam, rows=lambda w, fam=fam: ("EE" + w, fam.rows(w)[1]))
    got = _refuted_at(_claim(f"neg.unique-{name}-wrong", wrong, 4), tmp_path)
    for m in ("sat", "brute"):
        n, w = got[m]
        assert n <= 4
        assert families_brute.family_confirm(n, w, wrong)


def test_finding_x_zero_has_two_rows():
    """Conjecture 37 says {a|b} is given uniquely by aLRb; over L, R, E the row aEb has the
    same value: {1|0} = LLR = EL (minimal: no row of length 1 has value {1|0}), confirmed by
    game-tree search on EL - LLR."""
    assert play.equals(brute.TOPPLING, brute.row("EL"), brute.row("LLR"))
    assert brute.value("EL") == game([ONE], [ZERO])
    assert all(brute.value(w) != game([ONE], [ZERO]) for w in "LRE")
    assert families_brute.family_argument(FAMILIES["x-zero"], brute.value("EL")) == Fraction(1)


def test_conjecture37_read_over_all_rows_is_refuted_by_el():
    """Conjecture 37's "uniquely" over rows of every length fails at {1|0}: EL (or its
    reversal LE) has the value of 1LR0 = LLR; both methods find it and the replay agrees."""
    from cgsat.papers.registry import get_claim

    claim = get_claim("toppling.conj37-all-rows")
    for m in claim.methods:
        v = m.run(2, Budget(controls=2))
        assert v.status == "refuted" and v.counterexample in ("EL", "LE"), (m.name, v)
        assert claim.confirm(2, v.counterexample)
    at1 = {m.name: m.run(1, Budget(controls=2)).status for m in claim.methods}
    assert at1 == {"sat": "vacuous", "brute": "holds"}  # no row of length 1 is {x|0}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("n", range(1, 10))
def test_chained_and_plain_encodings_give_the_same_verdicts(name, n):
    """Issue 17: the family method on chained moves (the default) against the issue-14
    encoding (``chain=False``), every length both reach in the quick suite."""
    fam = FAMILIES[name]
    kw = {"oracle": brute.difference_wins, "covers": "LRE"}
    new = families_sat.family(n, Budget(controls=4, seed=f"{name}:{n}"), fam, **kw)
    old = families_sat.family(n, Budget(controls=4, seed=f"{name}:{n}"), fam, chain=False,
                              **kw)
    assert (new.status, new.counterexample) == (old.status, old.counterexample)
    assert new.status in ("holds", "vacuous"), new
    if new.status == "holds" and n >= 6:
        assert new.instance["clauses"] < old.instance["clauses"]
