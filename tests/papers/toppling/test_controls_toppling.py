"""Controls on the SAT instances of the Toppling Dominoes claims (issue 12, item 2).

Every uniqueness instance is guarded by a selector literal; after its UNSAT, random rows of
the claim's whole alphabet fixed by assumptions must give the direct solver's first-player
wins, and every allowed row of length n must be found again when its block is lifted. The
referee's mutations are applied here by monkeypatch, and the registered methods (what
``cgsat check`` runs in its workers) must answer "error", never "holds".
"""

from __future__ import annotations

import inspect
import json

import pytest

from cgsat.claims import Budget
from cgsat.cli import main
from cgsat.encodings import toppling as enc
from cgsat.encodings.toppling_arrays import ArrayDifference
from cgsat.papers.toppling import sat
from cgsat.papers.toppling.claims import CLAIMS as TOPPLING_CLAIMS
from cgsat.sat.solve import SatRun

CLAIMS = {c.id: c for c in TOPPLING_CLAIMS}
# the uniqueness searches of the referee's mutation (a), with a size where each has instances
UNIQUENESS = {"toppling.conj22": 7, "toppling.thm16": 6, "toppling.cor17": 6,
              "toppling.conj37": 6, "toppling.conj37-strict": 6, "toppling.conj38": 7,
              "toppling.conj38-strict": 7, "toppling.conj39-strict": 10}


def run_sat(cid: str, n: int, **budget):
    """The registered SAT method of a claim, as ``cgsat check`` runs it in a worker."""
    return CLAIMS[cid].method("sat").run(n, Budget(seed=f"{cid}:{n}", **budget))


def lr_default_alphabet(monkeypatch) -> None:
    """Mutation (a): the default alphabet of the uniqueness searches is LR, not LRE."""
    sig = inspect.signature(sat.uniqueness)
    names = [k for k, p in sig.parameters.items()
             if p.default is not inspect.Parameter.empty
             and p.kind is p.POSITIONAL_OR_KEYWORD]
    defaults = list(sat.uniqueness.__defaults__)
    assert defaults[names.index("alphabet")] == "LRE"
    defaults[names.index("alphabet")] = "LR"
    monkeypatch.setattr(sat.uniqueness, "__defaults__", tuple(defaults))


def mutate(monkeypatch, cls: type, method: str, old: str, new: str) -> None:
    """Replace ``cls.method`` by its own source with ``old`` replaced by ``new``."""
    src = inspect.getsource(getattr(cls, method))
    assert old in src, (cls, method, old)
    src = "\n".join(line[4:] for line in src.replace(old, new).splitlines())
    ns: dict = {}
    exec(src, vars(inspect.getmodule(cls)), ns)  # noqa: S102 - the mutated method, from the real source
    monkeypatch.setattr(cls, method, ns[method])


def never_satisfiable(monkeypatch) -> None:
    """Mutation (b): a clause of the difference encoding changed ("not reply -> me" loses
    its reply), so that no instance can be satisfied; in both encoders (the array encoder
    builds the chained instances of symbolic rows, issue 27)."""
    mutate(monkeypatch, enc.DifferenceEncoding, "flush", "add([r, me])", "add([me])")
    mutate(monkeypatch, ArrayDifference, "__init__", "put(opp[hrs, :], me[hs, :])",
           "put(me[hs, :])")


# -- the controls run, and pass on the real code ------------------------------------------------
@pytest.mark.parametrize("cid", sorted(UNIQUENESS))
def test_every_instance_passes_its_controls(cid):
    v = run_sat(cid, UNIQUENESS[cid])
    assert v.status == "holds", v
    assert v.controls is not None and v.controls["passed"] == v.controls["total"] >= 16


def test_controls_per_instance_and_witnesses():
    """Conjecture 22 at length 9: 16 samples for each of its targets, plus one witness
    RLxLR for each x whose row has length 5; and the coverage controls (issue 24): the
    rows the instance admits counted, once per target, and the blocked witness rows
    checked, once per witness."""
    from cgsat.papers.toppling.numbers import positive_numbers

    targets = positive_numbers(7)
    witnesses = [w for _, w in targets if len(w) == 5]
    v = run_sat("toppling.conj22", 9)
    total = 16 * len(targets) + len(witnesses) + len(targets) + len(witnesses)
    assert v.controls == {"passed": total, "total": total, "coverage": "sample"}


def test_sample_rows_are_seeded_and_cover_the_alphabet():
    a = sat.random_rows(SatRun(Budget(seed="x")), 8, "LRE")
    assert a == sat.random_rows(SatRun(Budget(seed="x")), 8, "LRE")
    assert a != sat.random_rows(SatRun(Budget(seed="y")), 8, "LRE")
    assert len(a) == 16 and all(len(r) == 8 for r in a) and "E" in "".join(a)
    assert len(sat.random_rows(SatRun(Budget(controls=4)), 5, "LR")) == 4


# -- negative controls of the checks themselves ---------------------------------------------------
def test_a_wrong_oracle_makes_an_error():
    """Sample controls compare with the oracle: a flipped one must fail them."""
    claim = CLAIMS["toppling.conj22"]
    run = claim.method("sat").run
    oracle = run.keywords["oracle"]
    bad = type(run)(run.func, oracle=lambda r, g: tuple(not x for x in oracle(r, g)),
                    covers="LRE")
    v = bad(6, Budget())
    assert v.status == "error" and "sample control" in v.reason


def test_a_witness_that_cannot_be_found_makes_an_error():
    """The toggled control: a claimed allowed row that is not the target's row is not
    found when its block is lifted (here 1's row replaced by LL, the row of 2)."""
    from cgsat.cgt.canonical import ONE

    v = sat.uniqueness(2, Budget(), [("1", ONE, ["LL"])], oracle=CLAIMS[
        "toppling.thm16"].method("sat").run.keywords["oracle"], covers="LRE")
    assert v.status == "error" and "toggled control at LL" in v.reason


def test_controls_fail_on_wrong_alphabet_samples():
    """Samples over LRE against an LR instance (conj33's alphabet) are UNSAT: error."""
    run = CLAIMS["toppling.conj33"].method("sat").run
    v = type(run)(run.func, oracle=run.keywords["oracle"], covers="LRE")(6, Budget())
    assert v.status == "error" and "UNSAT with the row fixed" in v.reason


# -- the referee's mutations, caught by the registered methods ----------------------------------
@pytest.mark.parametrize("cid", sorted(UNIQUENESS))
def test_mutation_lr_alphabet_is_an_error(monkeypatch, cid):
    lr_default_alphabet(monkeypatch)
    v = run_sat(cid, UNIQUENESS[cid])
    assert v.status == "error", v
    assert "the instance is UNSAT with the row fixed" in v.reason


@pytest.mark.parametrize("cid", sorted(UNIQUENESS) + ["toppling.conj33"])
def test_mutation_never_satisfiable_is_an_error(monkeypatch, cid):
    never_satisfiable(monkeypatch)
    v = run_sat(cid, UNIQUENESS.get(cid, 6))
    assert v.status == "error", v


# Conjectures 37-39 check every construction row of length n first (1400 rows for
# Conjecture 38 at n = 20): they run at 12, near their target bound 14.
LARGE = {"toppling.conj22": 20, "toppling.thm16": 20, "toppling.cor17": 20,
         "toppling.conj37": 12, "toppling.conj38": 12, "toppling.conj39-strict": 12}


@pytest.mark.slow
@pytest.mark.parametrize("cid", sorted(LARGE))
@pytest.mark.parametrize("mutation", [lr_default_alphabet, never_satisfiable])
def test_mutations_caught_at_large_sizes(monkeypatch, cid, mutation):
    mutation(monkeypatch)
    v = run_sat(cid, LARGE[cid])
    assert v.status == "error", v


@pytest.mark.slow
@pytest.mark.parametrize("mutation", [lr_default_alphabet, never_satisfiable])
def test_mutations_caught_by_cgsat_check_at_length_20(monkeypatch, tmp_path, capsys, mutation):
    """Through the CLI and the runner (its workers are forked, so they see the patch):
    Conjecture 22 at length 20 is an error (exit 3), not holds."""
    mutation(monkeypatch)
    code = main(["check", "toppling.conj22", "--from", "20", "--up-to", "20", "--method", "sat",
                 "--force", "--db", str(tmp_path / "r.sqlite"), "--json", "--timeout", "900"])
    results = json.loads(capsys.readouterr().out)["results"]
    assert code == 3
    assert [(r["n"], r["status"]) for r in results] == [(20, "error")]
    assert "control failed" in results[0]["reason"]


# -- Conjecture 40: one check per listed game (item 5) ---------------------------------------------
def test_conj40_checks_every_listed_game():
    claim = CLAIMS["toppling.conj40"]
    games = claim.method("sat").run.keywords["games"]
    assert len(games) == 6 and "^^" in games
    v = run_sat("toppling.conj40", 5)
    # 16 samples and one coverage control (the rows admitted, counted) per game
    assert v.status == "holds" and v.controls["total"] == 17 * len(games)


@pytest.mark.parametrize("n", [4, 7])
def test_conj40_negative_control_one_game_that_occurs(n):
    """The listed games plus one that occurs (^ = LRRL at length 4; +-(1/2) = LRLERLR at 7):
    one present game is enough to refute, though the others are still absent (the old
    existential check held here). Both methods, and the replay confirms."""
    claim = CLAIMS["toppling.conj40"]
    extra = "^" if n == 4 else "+-(1/2)"
    games = claim.method("sat").run.keywords["games"] + (extra,)
    sat_run = claim.method("sat").run
    verdicts = [
        type(sat_run)(sat_run.func, games=games, **{k: v for k, v in sat_run.keywords.items()
                                                    if k != "games"})(n, Budget()),
        type(sat_run)(claim.method("brute").run.func, games=games)(n, Budget()),
    ]
    confirm = type(sat_run)(claim.confirm.func, games=games)
    for v in verdicts:
        assert v.status == "refuted", v
        assert len(v.counterexample) == n and confirm(n, v.counterexample)
    assert not claim.confirm(n, verdicts[0].counterexample)


# -- every SAT method of the paper runs controls, and a wrong direct answer fails them ---------
SIZES = {"toppling.lem1": 5, "toppling.lem4": 4, "toppling.thm10": 3, "toppling.thm16": 4,
         "toppling.cor17": 4, "toppling.thm21": 9, "toppling.conj22": 6, "toppling.lem23": 3,
         "toppling.thm29": 6, "toppling.conj33": 6, "toppling.conj37": 5,
         "toppling.conj38": 6, "toppling.conj40": 3, "toppling.conj34": 3,
         "toppling.conj35": 4, "toppling.thm36": 9}


def flipped(run):
    """The method with its oracle's answers negated (a deliberately wrong direct solver)."""
    oracle = run.keywords["oracle"]
    keywords = dict(run.keywords, oracle=lambda *a: tuple(not x for x in oracle(*a)))
    return type(run)(run.func, *run.args, **keywords)


@pytest.mark.parametrize("cid", sorted(SIZES))
def test_every_sat_method_has_controls(cid):
    run = CLAIMS[cid].method("sat").run
    v = run(SIZES[cid], Budget())
    assert v.status == "holds" and v.controls and v.controls["passed"] == v.controls["total"]
    bad = flipped(run)(SIZES[cid], Budget())
    assert bad.status == "error" and "sample control" in bad.reason, bad


# The instances of Lemma 1 (a symbolic row against 0) and Conjecture 35 (a symbolic row
# against a symbolic palindrome) have no unconditional move, so the mutated clause is not
# in them: their verdicts are rightly unchanged.
@pytest.mark.parametrize("cid", sorted(set(SIZES) - {"toppling.lem1", "toppling.conj35"}))
def test_never_satisfiable_caught_everywhere(monkeypatch, cid):
    never_satisfiable(monkeypatch)
    assert run_sat(cid, SIZES[cid]).status == "error"
