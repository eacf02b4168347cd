"""The coverage controls: a search that shrinks ends ``error`` (exit 3) in ``cgsat check``.

Each test rebuilds one plausible bug (a sceptical referee's: a bug that makes a method
search *less* than its scope says) by monkeypatch, runs ``cgsat check`` on a fresh store at
small n, and asks for exit code 3 with the coverage control named in the reason. Workers
are forked, so a patch made here reaches them. Each test also runs the same check
unpatched, which must hold (the control fires only on the bug). Without the coverage
controls, each patched run below ends with exit 0 (checked by hand when the controls were
added: ``row_coverage`` replaced by a no-op).
"""

from __future__ import annotations

import json

import pytest

from cgsat.cli import main


def _check(tmp_path, capsys, claim: str, up_to: int, *extra: str,
           from_n: int | None = None) -> tuple[int, list[dict]]:
    db = str(tmp_path / f"r{len(list(tmp_path.iterdir()))}.sqlite")
    args = ["check", claim, "--up-to", str(up_to), "--method", "sat", "--jobs", "2",
            "--db", db, "--json", "--controls", "4", *extra]
    if from_n is not None:
        args += ["--from", str(from_n)]
    code = main(args)
    return code, json.loads(capsys.readouterr().out)["results"]


def _assert_caught(code: int, results: list[dict], what: str) -> None:
    assert code == 3, [(r["n"], r["status"], r["reason"]) for r in results]
    errors = [r for r in results if r["status"] == "error"]
    assert errors and any(what in (r["reason"] or "") for r in errors), errors


def _assert_clean(code: int, results: list[dict]) -> None:
    assert code == 0, [(r["n"], r["status"], r["reason"]) for r in results]
    assert any(r["controls"] and r["controls"].get("coverage") for r in results)


# -- 1. encodings/toppling.py word_clause: at an E, the blocking clause also blocks L ------


def test_a_blocking_clause_that_blocks_too_much_is_caught(tmp_path, capsys, monkeypatch):
    from cgsat.encodings import toppling

    _assert_clean(*_check(tmp_path, capsys, "toppling.unique-x-zero", 4))
    real = toppling.word_clause

    def blocks_l_at_e(side, word):
        clause = real(side, word)
        if clause is None:
            return None
        padded = word + "_" * (len(side) - len(word))
        drop = {-side.right[k] for k, c in enumerate(padded) if c == "E"
                and not isinstance(side.right[k], bool)}
        return [lit for lit in clause if lit not in drop]

    monkeypatch.setattr(toppling, "word_clause", blocks_l_at_e)
    _assert_caught(*_check(tmp_path, capsys, "toppling.unique-x-zero", 4),
                   "listed rows blocked")


# -- 4. encodings/toppling_leaders.py add_leader: a strict comparison drops palindromes ----


def test_a_leader_restriction_that_drops_palindromes_is_caught(tmp_path, capsys, monkeypatch):
    from cgsat.encodings.toppling_rows import add_not_palindrome
    from cgsat.papers.toppling import sat

    _assert_clean(*_check(tmp_path, capsys, "toppling.conj33", 6))
    real = sat.add_leader

    def strict(sink, pool, side):
        real(sink, pool, side)
        if len(side) > 1:
            add_not_palindrome(sink, pool, side)  # row < reversal: palindromes dropped

    monkeypatch.setattr(sat, "add_leader", strict)
    # no sample control: at small n random samples are often palindromes, which the
    # sample controls would catch; the coverage control must catch it on its own
    _assert_caught(*_check(tmp_path, capsys, "toppling.conj33", 6, "--controls", "0"),
                   "leaders")


# -- 2. papers/toppling/families_sat.py family_cases: the x whose row has n - 1 dominoes -----


def test_a_family_that_skips_the_longest_x_is_caught(tmp_path, capsys, monkeypatch):
    from cgsat.papers.toppling import families_sat

    _assert_clean(*_check(tmp_path, capsys, "toppling.unique-switch", 5))
    real = families_sat.family_cases

    def skips_longest(fam, max_len):
        return [case for case in real(fam, max_len) if len(case[1]) != max_len]

    monkeypatch.setattr(families_sat, "family_cases", skips_longest)
    _assert_caught(*_check(tmp_path, capsys, "toppling.unique-switch", 5),
                   "numbers x > 0")


# -- 3. papers/timber/phyminoes/sat.py family_rule: the goal keeps the last reading only ----


def test_a_goal_that_drops_a_reading_is_caught(tmp_path, capsys, monkeypatch):
    from cgsat.papers.timber.phyminoes import sat as phyminoes_sat

    _assert_clean(*_check(tmp_path, capsys, "timber.phyminoes-odd-cycle", 5))

    def last_reading_only(circ, parts):
        return circ.or_(list(parts.values())[-1])

    monkeypatch.setattr(phyminoes_sat, "rule_violation", last_reading_only)
    _assert_caught(*_check(tmp_path, capsys, "timber.phyminoes-odd-cycle", 5),
                   "the goal misses it")


def test_a_wrong_minus_edge_rule_is_refuted_and_would_hold_under_that_bug(monkeypatch):
    """The issue's harm: under the bug a wrong "G - xy" rule holds; the check refutes it."""
    from cgsat.claims import Budget
    from cgsat.papers.timber.phyminoes import sat as phyminoes_sat
    from cgsat.papers.timber.phyminoes.families import FAMILIES

    rules = dict(FAMILIES["odd-cycle"].rules)
    rules["minus-edge"] = lambda n: (0, True) if n % 2 else None  # wrong: it is (1, True)
    assert list(rules)[-1] == "graph"
    v = phyminoes_sat.family_rule(5, Budget(controls=2), "odd-cycle", rules=rules)
    assert v.status == "refuted"
    monkeypatch.setattr(phyminoes_sat, "rule_violation",
                        lambda circ, parts: circ.or_(list(parts.values())[-1]))
    v = phyminoes_sat.family_rule(5, Budget(controls=2), "odd-cycle", rules=rules)
    assert v.status == "error" and "the goal misses it" in v.reason


# -- 5. encodings/green_cordon.py inductive_instance: one direction of the goal dropped -----


@pytest.mark.parametrize("kept", ["rule, not mex", "mex, not rule"])
def test_an_inductive_goal_with_one_direction_is_caught(tmp_path, capsys, monkeypatch, kept):
    from cgsat.sat import green_cordon as thickets_sat

    _assert_clean_toggles(*_check(tmp_path, capsys, "thickets.thm3.2", 8))
    real = thickets_sat.inductive_instance

    def one_direction(claim, height, selector=False):
        cnf, cc = real(claim, height, selector)
        (g1, lhs, rhs), (g2, _nl, _nr) = cnf.clauses[-2:]  # [-goal, L, R], [-goal, -L, -R]
        assert g1 == g2 == -cc.goal
        cnf.clauses[-2:] = ([[g1, lhs], [g1, -rhs]] if kept == "rule, not mex"
                            else [[g1, -lhs], [g1, rhs]])
        return cnf, cc

    monkeypatch.setattr(thickets_sat, "inductive_instance", one_direction)
    _assert_caught(*_check(tmp_path, capsys, "thickets.thm3.2", 8), "misses that direction")


def _assert_clean_toggles(code: int, results: list[dict]) -> None:
    assert code == 0, [(r["n"], r["status"], r["reason"]) for r in results]


# -- 6. encodings/kernel.py add_grundy: a value range one short --------------------------------


def test_a_grundy_value_range_one_short_is_caught(tmp_path, capsys, monkeypatch):
    from cgsat.encodings import kernel, timber_graphs

    _assert_clean(*_check(tmp_path, capsys, "timber.phyminoes-odd-cycle-pendant", 6))
    real = kernel.add_grundy

    def one_short(pool, sink, followers, moves, tag="G", value_range=None):
        followers, moves = list(followers), [(s, t, tuple(c)) for s, t, c in moves]
        if value_range is None:  # the proven bound, less one
            proven = kernel.grundy_bounds(followers, moves)
            value_range = max(max(proven.values(), default=0) - 1, 0)
        return real(pool, sink, followers, moves, tag, value_range)

    monkeypatch.setattr(timber_graphs, "add_grundy", one_short)
    # no sample control: the position count must catch it on its own
    _assert_caught(*_check(tmp_path, capsys, "timber.phyminoes-odd-cycle-pendant", 6,
                           "--controls", "0"), "orientations the Grundy encoding admits")


# -- 7. papers/caterpillars/counts_sat.py path_most_sat: the comparison lets a tie through ----


def test_a_path_most_comparison_that_lets_a_tie_through_is_caught(tmp_path, capsys,
                                                                    monkeypatch):
    from cgsat.papers.caterpillars import counts_sat

    _assert_clean(*_check(tmp_path, capsys, "caterpillars.path-most", 6))
    monkeypatch.setattr(counts_sat, "reaches", lambda count, bound: count > bound)
    _assert_caught(*_check(tmp_path, capsys, "caterpillars.path-most", 6, "--controls", "0"),
                   "lets a tie through")


# -- 8. encodings/green_cordon.py inductive_instance: no leaf arc at the first point ------
# (ours; a finding: before the cordons' coverage control only the toggled control's random
# r0 could see it, so with --controls 0 it held at some heights, n = 2, 5, 6 of 0..8)


def _no_leaf_at_the_first_point(monkeypatch):
    from cgsat.sat import green_cordon as thickets_sat

    real = thickets_sat.inductive_instance

    def first_point_off(claim, height, selector=False):
        cnf, cc = real(claim, height, selector)
        x = cc.leaf_variables(height)
        if x:
            cnf.append([-x[0]])  # as if the attachment points started at 2
        return cnf, cc

    monkeypatch.setattr(thickets_sat, "inductive_instance", first_point_off)


def test_a_cordon_encoding_without_the_first_leaf_arc_is_caught(tmp_path, capsys,
                                                                monkeypatch):
    _assert_clean(*_check(tmp_path, capsys, "thickets.thm3.2", 6, "--controls", "0"))
    _no_leaf_at_the_first_point(monkeypatch)
    code, results = _check(tmp_path, capsys, "thickets.thm3.2", 6, "--controls", "0")
    _assert_caught(code, results, "cordons of height")
    # at every height with an attachment point, not by the luck of r0
    assert all(r["status"] == "error" for r in results if r["n"] >= 2), results


# -- 9. encodings/timber_graphs.py add_graph_grundy: a symmetry break that fixes the last arc
# (ours: "reversing every arc is a symmetry", which it is not for Phyminoes)


def _last_arc_fixed(monkeypatch):
    from cgsat.encodings import timber_graphs

    real = timber_graphs.add_graph_grundy

    def fixed(pool, sink, shape, *args, **kwargs):
        lits, enc, root = real(pool, sink, shape, *args, **kwargs)
        if lits:
            sink.add_clause([lits[-1]])
        return lits, enc, root

    monkeypatch.setattr(timber_graphs, "add_graph_grundy", fixed)


def test_a_grundy_encoding_that_fixes_the_last_arc_is_caught(tmp_path, capsys, monkeypatch):
    _assert_clean(*_check(tmp_path, capsys, "timber.phyminoes-odd-cycle", 7))
    _last_arc_fixed(monkeypatch)
    # no sample control: the position count must catch it on its own
    _assert_caught(*_check(tmp_path, capsys, "timber.phyminoes-odd-cycle", 7,
                           "--controls", "0"), "orientations the Grundy encoding admits")


# -- 10. papers/timber/trees/sat.py: the tree enumeration drops one shape ------------------
# (ours; a finding: no control looked at the shapes looped over, and Lemma 3.1 held with
# one tree fewer; now tree_count.tree_targets counts them by Otter's formula)


def _one_tree_dropped(monkeypatch):
    from cgsat.papers.timber.trees import sat as trees_sat

    real = trees_sat.trees

    def drops_the_last(n):
        shapes = real(n)
        return shapes[:-1] if len(shapes) > 1 else shapes

    monkeypatch.setattr(trees_sat, "trees", drops_the_last)


@pytest.mark.parametrize("claim", ["timber.lem3.1", "timber.lem3.3", "timber.alg3.5"])
def test_a_tree_enumeration_that_drops_a_shape_is_caught(tmp_path, capsys, monkeypatch,
                                                         claim):
    _assert_clean(*_check(tmp_path, capsys, claim, 5))
    _one_tree_dropped(monkeypatch)
    _assert_caught(*_check(tmp_path, capsys, claim, 5), "trees with")


# -- the slow step: every bug at its claim's quick bound ---------------------------------


def _blocks_l_at_e(monkeypatch):
    from cgsat.encodings import toppling

    real = toppling.word_clause

    def blocks_l_at_e(side, word):
        clause = real(side, word)
        if clause is None:
            return None
        padded = word + "_" * (len(side) - len(word))
        drop = {-side.right[k] for k, c in enumerate(padded) if c == "E"
                and not isinstance(side.right[k], bool)}
        return [lit for lit in clause if lit not in drop]

    monkeypatch.setattr(toppling, "word_clause", blocks_l_at_e)


def _skips_longest(monkeypatch):
    from cgsat.papers.toppling import families_sat

    real = families_sat.family_cases
    monkeypatch.setattr(families_sat, "family_cases", lambda fam, max_len: [
        case for case in real(fam, max_len) if len(case[1]) != max_len])


def _last_reading_only(monkeypatch):
    from cgsat.papers.timber.phyminoes import sat as phyminoes_sat

    monkeypatch.setattr(phyminoes_sat, "rule_violation",
                        lambda circ, parts: circ.or_(list(parts.values())[-1]))


def _one_direction(kept):
    def apply(monkeypatch):
        from cgsat.sat import green_cordon as thickets_sat

        real = thickets_sat.inductive_instance

        def one_direction(claim, height, selector=False):
            cnf, cc = real(claim, height, selector)
            (g1, lhs, rhs), (g2, _nl, _nr) = cnf.clauses[-2:]
            cnf.clauses[-2:] = ([[g1, lhs], [g1, -rhs]] if kept == "rule, not mex"
                                else [[g1, -lhs], [g1, rhs]])
            return cnf, cc

        monkeypatch.setattr(thickets_sat, "inductive_instance", one_direction)
    return apply


def _grundy_one_short(monkeypatch):
    from cgsat.encodings import kernel, timber_graphs

    real = kernel.add_grundy

    def one_short(pool, sink, followers, moves, tag="G", value_range=None):
        followers, moves = list(followers), [(s, t, tuple(c)) for s, t, c in moves]
        if value_range is None:
            proven = kernel.grundy_bounds(followers, moves)
            value_range = max(max(proven.values(), default=0) - 1, 0)
        return real(pool, sink, followers, moves, tag, value_range)

    monkeypatch.setattr(timber_graphs, "add_grundy", one_short)


def _lets_a_tie_through(monkeypatch):
    from cgsat.papers.caterpillars import counts_sat

    monkeypatch.setattr(counts_sat, "reaches", lambda count, bound: count > bound)


def _palindromes_dropped(monkeypatch):
    from cgsat.encodings.toppling_rows import add_not_palindrome
    from cgsat.papers.toppling import sat

    real = sat.add_leader

    def strict(sink, pool, side):
        real(sink, pool, side)
        if len(side) > 1:
            add_not_palindrome(sink, pool, side)

    monkeypatch.setattr(sat, "add_leader", strict)


SLOW = [  # (bug, claim, extra arguments, what the reason names)
    (_blocks_l_at_e, "toppling.unique-x-zero", (), "listed rows blocked"),
    (_skips_longest, "toppling.unique-switch", (), "numbers x > 0"),
    (_last_reading_only, "timber.phyminoes-odd-cycle", (), "the goal misses it"),
    (_palindromes_dropped, "toppling.conj33", ("--controls", "0"), "leaders"),
    (_one_direction("rule, not mex"), "thickets.thm3.2", (), "misses that direction"),
    (_one_direction("mex, not rule"), "thickets.thm3.2", (), "misses that direction"),
    (_grundy_one_short, "timber.phyminoes-odd-cycle-pendant", ("--controls", "0"),
     "orientations the Grundy encoding admits"),
    (_lets_a_tie_through, "caterpillars.path-most", ("--controls", "0"),
     "lets a tie through"),
    (_no_leaf_at_the_first_point, "thickets.thm3.2", ("--controls", "0"),
     "cordons of height"),
    (_last_arc_fixed, "timber.phyminoes-odd-cycle", ("--controls", "0"),
     "orientations the Grundy encoding admits"),
    (_one_tree_dropped, "timber.lem3.1", (), "trees with"),
    (_one_tree_dropped, "timber.lem3.3", (), "trees with"),
    (_one_tree_dropped, "timber.alg3.5", (), "trees with"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("bug", "claim", "extra", "what"), SLOW,
                         ids=[f"{i + 1}-{c}" for i, (_b, c, _e, _w) in enumerate(SLOW)])
def test_each_shrinking_bug_is_caught_at_the_quick_bound(tmp_path, capsys, monkeypatch, bug,
                                                          claim, extra, what):
    from cgsat.papers.registry import get_claim

    bound = get_claim(claim).quick_bound
    bug(monkeypatch)
    _assert_caught(*_check(tmp_path, capsys, claim, bound, *extra, from_n=bound), what)
