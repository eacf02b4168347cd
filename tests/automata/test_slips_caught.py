"""The controls that run with every all-n proof and every count from an automaton
(issue 36): each test rebuilds one plausible slip by monkeypatch and shows that the user's
own command (``cgsat check``, ``cgsat find``) ends with exit 3 and the
failed control named, after the same command unpatched has passed. Without the controls,
each patched run below ends with exit 0 (checked when they were added: with
``controls_failed``, ``count_controls`` and ``_counts_against_play`` replaced by no-ops, all
nine tests below fail on exit code 0).
"""

from __future__ import annotations

import json

import pytest

from cgsat.automata import proof_controls
from cgsat.automata.count_controls import needed_terms
from cgsat.automata.counting import CountProof
from cgsat.automata.options import WordFamily
from cgsat.cli import main


def _check(tmp_path, capsys, claim: str) -> tuple[int, list[dict]]:
    db = str(tmp_path / f"r{len(list(tmp_path.iterdir()))}.sqlite")
    code = main(["check", claim, "--method", "automata", "--db", db, "--json", "--jobs", "1"])
    return code, json.loads(capsys.readouterr().out)["results"]


def _assert_clean(code: int, results: list[dict]) -> None:
    assert code == 0, [(r["status"], r["reason"]) for r in results]
    assert [r["status"] for r in results] == ["proved"]


def _assert_caught(code: int, results: list[dict], what: str) -> None:
    assert code == 3, [(r["status"], r["reason"]) for r in results]
    (res,) = results
    assert res["status"] == "error", res
    assert "control failed" in res["reason"] and what in res["reason"], res["reason"]


# -- 1. well-foundedness: `<` weakened to `<=` in WordFamily.check_well_founded -----------


def test_a_weakened_length_weight_order_is_caught(tmp_path, capsys, monkeypatch):
    _assert_clean(*_check(tmp_path, capsys, "thickets.green-nim2"))

    def weak(self):  # the order of check_well_founded, with "lighter" read as "not heavier"
        w = self.weights
        for rule in self.rules:
            if rule.insert is None or len(rule.insert) < len(rule.window):
                continue
            if (len(rule.insert) == len(rule.window)
                    and sum(w.get(c, 0) for c in rule.insert)
                    <= sum(w.get(c, 0) for c in rule.window)):
                continue
            raise ValueError(f"family {self.name}: rule {rule.label} may not make the "
                             "position smaller")

    monkeypatch.setattr(WordFamily, "check_well_founded", weak)
    _assert_caught(*_check(tmp_path, capsys, "thickets.green-nim2"),
                   "well-foundedness (length-weight order) accepts the control family")


def test_a_rank_argument_that_lists_no_word_is_caught(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(proof_controls, "letters_of", lambda alphabet, repeat: iter(()))
    _assert_caught(*_check(tmp_path, capsys, "thickets.thm3.2"),
                   "well-foundedness (rank function) accepts the control family")


# -- 2. domain closure: each decider stops noticing an option that leaves the domain ------


def _product_blind(monkeypatch):
    from cgsat.automata import product

    init = product._Tuples.__init__

    def blind(self, statement):
        init(self, statement)
        self.out = 0  # the "an option leaves the domain" bit is never set

    monkeypatch.setattr(product._Tuples, "__init__", blind)


def _setops_blind(monkeypatch):
    from cgsat.automata import setops

    of = setops.Target.of.__func__

    def blind(cls, automaton, complement=False):
        t = of(cls, automaton, complement)
        return cls(t.delta, frozenset(), False) if complement else t

    monkeypatch.setattr(setops.Target, "of", classmethod(blind))


def _mona_blind(monkeypatch):
    from cgsat.automata import mona

    some = mona._Writer.some

    def blind(self, a, negate=False):
        return "false" if negate else some(self, a, negate)

    monkeypatch.setattr(mona._Writer, "some", blind)


@pytest.mark.parametrize(("blind", "decider"), [(_product_blind, "product"),
                                                (_setops_blind, "setops"),
                                                (_mona_blind, "mona")])
def test_a_decider_blind_to_the_domain_is_caught(tmp_path, capsys, monkeypatch, blind, decider,
                                                 need_mona):
    claim = "thickets.sec5-one-leaf-nim2"
    if decider == "product":
        _assert_clean(*_check(tmp_path, capsys, claim))
    blind(monkeypatch)
    _assert_caught(*_check(tmp_path, capsys, claim), f"domain closure: {decider} does not "
                   "refuse the control")


# -- 3. counting from an automaton: a shifted length in count_at --------------------------


def test_a_shifted_count_is_caught_by_find(capsys, monkeypatch, need_mona):
    from cgsat.search import green_cordon_automata as by_auto

    args = ["find", "green-cordon", "--height", "10", "--value", "*2", "--count", "--json"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 84
    real = by_auto.count_at
    monkeypatch.setattr(by_auto, "count_at",
                        lambda auto, size, bottom: real(auto, size + 1, bottom))
    assert by_auto.count_at(by_auto.nim_statement(2).automata[2], 10, True) == 145
    assert main(args) == 3
    err = capsys.readouterr().err
    assert "control failed" in err and "counts 1 cordons of height 2" in err, err


# -- 4. recurrence proofs: one term too few ----------------------------------------------


@pytest.mark.parametrize("claim", ["thickets.thm3.4", "thickets.thm3.5"])
def test_a_recurrence_proof_with_one_term_too_few_is_caught(tmp_path, capsys, monkeypatch,
                                                            claim):
    from cgsat.papers.thickets import all_n

    _assert_clean(*_check(tmp_path, capsys, claim))
    real = all_n.prove_same_counts

    def too_few(auto, bottom, other, initial):
        proof = real(auto, bottom, other, initial)
        terms = proof.terms - 2  # the code compares one more than the order bound needs
        assert terms == needed_terms(auto, bottom, other) - 1
        return CountProof(proof.holds, terms, proof.first_difference, proof.counts[:terms])

    monkeypatch.setattr(all_n, "prove_same_counts", too_few)
    _assert_caught(*_check(tmp_path, capsys, claim), "the order bound needs")


def test_counts_of_a_proof_against_play_are_caught(tmp_path, capsys, monkeypatch):
    from cgsat.papers.thickets import all_n

    real = all_n.automaton_counts
    monkeypatch.setattr(all_n, "automaton_counts",
                        lambda auto, up_to, bottom: [0] + real(auto, up_to, bottom)[:-1])
    _assert_caught(*_check(tmp_path, capsys, "thickets.thm3.2"), "counts")
