"""Negative controls through the normal runner: every family refutes a wrong variant.

For every family with a registered SAT method (Toppling Peaks, Timber on graphs and trees,
caterpillars, green cordons, Toppling Dominoes) and for Lumberjack's non-SAT methods, a
deliberately wrong variant of a registered claim is built as a :class:`Claim` record that
reuses the registered method functions with one wrong parameter (a perturbed Dyck set, a
wrong nim-value rule, a wrong target, a wrong recurrence...). Where a method has no such
parameter, the wrong statement is injected by monkeypatching the module-level function the
method and its replay read (the runner forks its workers after the patch, so they see it).

Each variant is run by :func:`cgsat.engine.runner.run_checks` with a temporary store, and
must come back ``refuted`` with a concrete counterexample that the claim's replay
(``confirm``) accepts, in the worker (no ``problems``) and again here.
"""

from __future__ import annotations

from functools import partial

import networkx as nx
import pytest
from hypothesis import settings

from cgsat.cgt.canonical import nimber, number
from cgsat.cgt.impartial import ImpartialSolver
from cgsat.claims import Budget, Claim, Method
from cgsat.encodings.green_cordon import GapRule, NimCharacterization
from cgsat.encodings.timber_path import toggled, wp_predicate
from cgsat.engine.result import Why
from cgsat.engine.runner import RunSummary, run_checks
from cgsat.engine.store import Store
from cgsat.games import get_ruleset, shapes
from cgsat.games import rooted_trees as rt
from cgsat.games.timber import parse
from cgsat.papers import lumberjack
from cgsat.papers.caterpillars import brute as cat_brute
from cgsat.papers.caterpillars import legs
from cgsat.papers.caterpillars import sat as cat_sat
from cgsat.papers.thickets import brute as thk_brute
from cgsat.papers.thickets import sat as thk_sat
from cgsat.papers.timber.graphs import brute as graphs_brute
from cgsat.papers.timber.graphs import sat as graphs_sat
from cgsat.papers.timber.path import brute as path_brute
from cgsat.papers.timber.path import sat as path_sat
from cgsat.papers.timber.path.words import dyck_words, in_x, is_dyck
from cgsat.papers.timber.trees import brute as trees_brute
from cgsat.papers.timber.trees import sat as trees_sat
from cgsat.papers.toppling import brute as top_brute
from cgsat.papers.toppling import sat as top_sat
from cgsat.papers.toppling.numbers import miny, positive_numbers
from cgsat.sat import green_cordon as thk_check
from cgsat.vacuity import with_vacuity

TIMBER = ImpartialSolver(get_ruleset("timber"))


def _claim(claim_id: str, methods: tuple[Method, ...], confirm, base: int, quick: int) -> Claim:
    return Claim(id=claim_id, paper="Negative control", theorem="Negative control",
                 statement=f"a deliberately wrong variant ({claim_id})", kind="theorem",
                 parameter="n", base=base, quick_bound=quick, target_bound=quick,
                 methods=methods, confirm=confirm)


def _run(claim: Claim, tmp_path, sizes: range | None = None) -> RunSummary:
    sizes = sizes if sizes is not None else range(claim.base, claim.quick_bound + 1)
    with Store(str(tmp_path / "neg.sqlite")) as store:
        return run_checks([claim], {claim.id: [m.name for m in claim.methods]},
                          {claim.id: sizes}, Budget(timeout=300), store, jobs=2)


def _assert_refuted(claim: Claim, summary: RunSummary, first_n: int | None = None,
                    counterexample: str | None = None) -> None:
    """Every method is refuted, with a counterexample the claim's replay confirms."""
    assert summary.problems == [], summary.problems
    assert not summary.internal_error
    assert summary.refuted
    for method in claim.methods:
        mine = sorted((r for r in summary.results if r.method == method.name),
                      key=lambda r: r.n)
        assert mine, method.name
        refuted = [r for r in mine if r.status == "refuted"]
        assert refuted, (method.name, [(r.n, r.status, r.reason) for r in mine])
        first = refuted[0]
        assert all(r.status in ("holds", "vacuous") or r.why is Why.GAP
                   for r in mine if r.n < first.n), method.name
        assert first.counterexample, method.name
        assert claim.confirm(first.n, first.counterexample), (method.name, first)
        if first_n is not None:
            assert first.n == first_n, (method.name, first.n, first.counterexample)
        if counterexample is not None:
            assert first.counterexample == counterexample, (method.name, first)


# -- Toppling Peaks (The Game of timber!, Theorems 2.3 and 2.4) ---------------------------


def test_peaks_perturbed_dyck_set_is_refuted(tmp_path):
    """Theorem 2.3 with LRLRLR dropped from the Dyck words: refuted at length 6 with it."""
    word = "LRLRLR"

    def member_words(n: int) -> list[str]:
        return sorted(set(dyck_words(n)) - {word})

    claim = _claim(
        "neg.peaks-dyck",
        (Method("brute", partial(path_brute.characterization, member_words=member_words,
                                 misere=False), scope="exhaustive play"),
         Method("sat", partial(path_sat.characterization, predicate=toggled(wp_predicate, word),
                               misere=False), uses_solver=True, scope="inductive check")),
        partial(path_brute.confirm_characterization, member=lambda w: is_dyck(w) and w != word,
                misere=False),
        base=0, quick=7)
    _assert_refuted(claim, _run(claim, tmp_path), first_n=6, counterexample=word)


def test_peaks_normal_play_set_for_misere_play_is_refuted(tmp_path):
    """Theorem 2.4 read with WP (the normal-play set) instead of X: refuted at once."""
    claim = _claim(
        "neg.peaks-misere-wp",
        (Method("brute", partial(path_brute.characterization, member_words=dyck_words,
                                 misere=True), scope="exhaustive play"),
         Method("sat", partial(path_sat.characterization, predicate=wp_predicate,
                               misere=True), uses_solver=True, scope="inductive check")),
        partial(path_brute.confirm_characterization, member=is_dyck, misere=True),
        base=0, quick=4)
    _assert_refuted(claim, _run(claim, tmp_path), first_n=0, counterexample="()")
    assert is_dyck("") and not in_x("")


# -- Timber on graphs (Theorem 1.1) --------------------------------------------------------


def _every_graph_is_n(g):
    """Wrong Theorem 1.1: part 1 ("no normal-play P-position") for every graph, tree or not."""
    yield "part 1 (wrong: every graph)", False, "N"


def test_graphs_theorem11_for_every_graph_is_refuted(tmp_path, monkeypatch):
    """Part 1 of Theorem 1.1 without its cycle condition: the path with 3 vertices has a
    P-position."""
    monkeypatch.setattr(graphs_sat, "theorem11_parts", _every_graph_is_n)
    monkeypatch.setattr(graphs_brute, "theorem11_parts", _every_graph_is_n)
    claim = _claim(
        "neg.graphs-thm1.1",
        (Method("sat", graphs_sat.theorem11, uses_solver=True, scope="kernel encoding"),
         Method("brute", graphs_brute.theorem11, scope="exhaustive play")),
        graphs_brute.confirm_theorem11, base=2, quick=4)
    summary = _run(claim, tmp_path)
    _assert_refuted(claim, summary, first_n=3)
    for r in summary.results:
        if r.status == "refuted":
            pos = parse(r.counterexample)
            assert nx.is_tree(nx.Graph(list(pos))) and TIMBER.outcome(pos) == "P"


# -- Timber on trees (Lemma 3.1) ------------------------------------------------------------


def _leaf_arc_toward(n: int, budget: Budget) -> object:
    """Lemma 3.1 turned around (a leaf arc pointing *to* its leaf), by the registered SAT
    function with ``toward=True``."""
    return trees_sat.leaf_arc_sat(shapes.trees(n), budget, toward=True)


def _confirm_toward(n: int, cex: str) -> bool:
    """The oriented tree has n edges, a leaf arc pointing to its leaf, and is P."""
    pos = parse(cex)
    g = nx.Graph(list(pos))
    toward = any(g.degree(v) == 1 for (_, v) in pos)
    return g.number_of_edges() == n and toward and TIMBER.outcome(pos) == "P"


def test_trees_leaf_arc_toward_the_leaf_is_refuted(tmp_path):
    claim = _claim("neg.trees-lem3.1",
                   (Method("sat", _leaf_arc_toward, uses_solver=True, scope="tree kernel"),),
                   _confirm_toward, base=1, quick=4)
    _assert_refuted(claim, _run(claim, tmp_path), first_n=2)
    assert trees_brute.confirm_lemma31(2, "0>1 0>2") is False  # not a Lemma 3.1 refutation


# -- caterpillars ---------------------------------------------------------------------------


def _all_even(n: int, s: int) -> list[tuple[int, ...]]:
    return [k for k in legs.leg_vectors(n, s) if all(x % 2 == 0 for x in k)]


def _confirm_all_even_p(n: int, cex: str) -> bool:
    """The position is a caterpillar with all-even legs and n edges, and is P."""
    pos = parse(cex)
    g = nx.Graph(list(pos))
    shapes_ = [legs.cat_graph(k) for s in range(1, n + 2) for k in _all_even(n, s)]
    return any(nx.is_isomorphic(g, h) for h in shapes_) and TIMBER.outcome(pos) == "P"


def test_caterpillars_all_even_have_no_p_position_is_refuted(tmp_path):
    """'All-even caterpillars have no P-position' (Theorem 3.2's check on the wrong legs)."""
    claim = _claim(
        "neg.cat-all-even",
        (Method("sat", lambda n, b: cat_sat.outleg_check(n, b, None, partial(_all_even, n),
                                                         "all-even caterpillar"),
                uses_solver=True, scope="all-legs-out kernel"),),
        _confirm_all_even_p, base=1, quick=4)
    _assert_refuted(claim, _run(claim, tmp_path), first_n=2)


def _one_leg_pairs(n: int) -> dict[int, list[tuple[tuple[int, ...], tuple[int, ...]]]]:
    """Wrong Theorem 3.3: one leg at v1 cancels (``drop`` 1 instead of 2)."""
    out: dict[int, list] = {}
    for s in range(1, n + 2):
        pairs = [(k, (k[0] - 1,) + k[1:]) for k in legs.leg_vectors(n, s) if k[0] >= 1]
        if pairs:
            out[s] = pairs
    return out


def _confirm_one_leg(n: int, cex: str) -> bool:
    k = legs.parse_cat(cex)
    fewer = (k[0] - 1,) + k[1:]
    return (len(k) - 1 + sum(k) == n
            and cat_brute.brute_p_count(k) != cat_brute.brute_p_count(fewer))


def test_caterpillars_one_leg_cancels_is_refuted(tmp_path):
    claim = _claim(
        "neg.cat-one-leg",
        (Method("sat", lambda n, b: cat_sat.kernel_check(n, b, _one_leg_pairs(n), {}, "pair"),
                uses_solver=True, scope="kernel miter"),),
        _confirm_one_leg, base=1, quick=4)
    _assert_refuted(claim, _run(claim, tmp_path))


# -- green cordons (Thinning Thickets, Theorems 3.2 and 3.4) --------------------------------

WRONG_NIM0 = GapRule(stalk=0, first=1, middle=1, last=1)
"""Theorem 3.2 with a(1) odd instead of even."""


def test_cordons_wrong_nim0_rule_is_refuted(tmp_path, monkeypatch):
    """The registered SAT and brute methods of Theorem 3.2 with a(1) odd: refuted at 2."""
    key = (0, "wrong a(1) parity")
    monkeypatch.setitem(thk_check.CHARACTERIZATIONS, key,
                        NimCharacterization(0, WRONG_NIM0, None, ((WRONG_NIM0,),)))
    claim = _claim(
        "neg.cordon-thm3.2",
        (Method("brute", partial(thk_brute.characterization, value=0, rule=WRONG_NIM0.holds,
                                 leaves=None), scope="exhaustive play"),
         Method("sat", partial(thk_check.characterization, value=0, leaves=key[1]),
                uses_solver=True, scope="inductive mex check")),
        partial(thk_brute.confirm_characterization, value=0, rule=WRONG_NIM0.holds,
                leaves=None),
        base=0, quick=5)
    summary = _run(claim, tmp_path)
    _assert_refuted(claim, summary, first_n=2)
    assert {r.counterexample for r in summary.results if r.n == 2} == {"2:1"}


def test_cordons_wrong_recurrence_start_is_refuted(tmp_path):
    """Theorem 3.4 with f_1 = 1: refuted at height 1 by both counts."""
    claim = _claim(
        "neg.cordon-thm3.4",
        (Method("brute", partial(thk_brute.count, value=0, f0=1, f1=1), scope="play"),
         Method("sat", partial(thk_sat.count, value=0, f0=1, f1=1), uses_solver=True,
                scope="automaton count")),
        partial(thk_brute.confirm_count, value=0, rule=WRONG_NIM0.holds, f0=1, f1=1),
        base=0, quick=3)
    summary = _run(claim, tmp_path)
    _assert_refuted(claim, summary, first_n=1)
    assert all(r.counterexample.startswith("count(") for r in summary.results
               if r.status == "refuted")


# -- Toppling Dominoes ---------------------------------------------------------------------


def _miny_targets_without_rlxlr(n: int) -> list:
    """Conjecture 22 with RLxLR itself not allowed: 'no row has value {{x|0}|0}'."""
    return [(f"{{{{{q}|0}}|0}}", miny(number(q)), []) for q, _ in positive_numbers(n - 2)]


def _confirm_miny(n: int, w: str) -> bool:
    return len(w) == n and top_brute.miny_argument(top_brute.value(w)) is not None


def test_toppling_conj22_without_its_rows_is_refuted(tmp_path):
    claim = _claim(
        "neg.toppling-conj22",
        (Method("sat", lambda n, b: top_sat.uniqueness(
            n, b, _miny_targets_without_rlxlr(n), oracle=top_brute.difference_wins,
            covers="LRE"), uses_solver=True, scope="difference encoding"),),
        _confirm_miny, base=1, quick=5)
    # as toppling.conj22's record: no SAT instance at n <= 2, a gap of the method's scope
    claim = with_vacuity(claim, gaps={"sat": lambda n: "no SAT instance" if n <= 2 else None})
    _assert_refuted(claim, _run(claim, tmp_path), first_n=5, counterexample="RLLLR")


def _confirm_star2(n: int, w: str) -> bool:
    return len(w) == n and set(w) <= set("LR") and top_brute.value(w) == nimber(2)


def test_toppling_wrong_nimber_rows_are_refuted(tmp_path):
    """'No LR row has value *2' (Lemma 23 says (LR)^2 = *2): refuted at length 4."""
    claim = _claim(
        "neg.toppling-star2",
        (Method("sat", lambda n, b: top_sat.uniqueness(
            n, b, [("*2", nimber(2), [])], "LR", oracle=top_brute.difference_wins,
            covers="LR"), uses_solver=True, scope="difference encoding"),),
        _confirm_star2, base=1, quick=4)
    _assert_refuted(claim, _run(claim, tmp_path), first_n=4)


# -- Lumberjack (no SAT method: mex, sum-outcome and play) ---------------------------------


def _wrong_tuft(tree) -> int:
    """A wrong Tuft value: 0 for every tree."""
    return 0


def test_lumberjack_wrong_tuft_value_is_refuted(tmp_path, monkeypatch):
    """Every tree of value 0 (a wrong Tuft value): the single edge (value 1) refutes it."""
    monkeypatch.setattr(lumberjack, "tuft_nim_value", _wrong_tuft)
    claim = _claim(
        "neg.lumberjack-tuft",
        (Method("mex", lumberjack._mex_method, scope="mex recursion"),
         Method("sum-outcome", lumberjack._sum_outcome_method, scope="win/loss")),
        lumberjack._confirm, base=0, quick=3)
    _assert_refuted(claim, _run(claim, tmp_path), first_n=1)


def test_lumberjack_wrong_tk_pattern_is_refuted(tmp_path, monkeypatch):
    """g(T_k) = 2 for every k (the text says 1 for even k): refuted at k = 2 with T_2."""
    monkeypatch.setattr(lumberjack, "tk_expected", lambda k: 2)
    claim = _claim(
        "neg.lumberjack-tk",
        (Method("play", lumberjack._tk_play, scope="mex recursion"),
         Method("sum-outcome", lumberjack._tk_sum_outcome, scope="win/loss")),
        lumberjack._tk_confirm, base=1, quick=3)
    rs = get_ruleset("lumberjack")
    _assert_refuted(claim, _run(claim, tmp_path), first_n=2,
                    counterexample=rs.format(rt.T_k(2)))


@pytest.mark.parametrize("name", ["tuft", "tk-family"])
def test_lumberjack_registered_claims_still_hold_unpatched(name, tmp_path):
    """The positive side of the two Lumberjack controls: unpatched, the claims hold."""
    claim = next(c for c in lumberjack.CLAIMS if c.id == f"lumberjack.{name}")
    summary = _run(claim, tmp_path, range(claim.base, claim.base + 3))
    assert summary.problems == [] and {r.status for r in summary.results} == {"holds"}


def test_hypothesis_has_no_deadline():
    """tests/conftest.py loads a profile without deadlines (they fail under load)."""
    assert settings.default.deadline is None
    assert settings(max_examples=5).deadline is None
