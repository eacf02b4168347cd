"""The lemmas of Toppling Conjectures registered in issue 37 (§4): both oracles agree at
every size both reach here, wrong statements (negative controls) are refuted by both and
replayed, and Conjecture 40 follows from Theorem 32 by atomic weights."""

from __future__ import annotations

import re

import pytest

from cgsat.cgt.atomic_weight import atomic_weight, infinitesimal_atomic_weight
from cgsat.cgt.notation import parse
from cgsat.claims import Budget
from cgsat.papers.registry import get_claim
from cgsat.papers.toppling import lemmas

QUICK = {"lem2": 6, "lem3": 4, "cor5": 5, "lem12": 7, "lem13": 3, "lem14": 4,
         "lem14-positive": 5, "lem15": 5, "lem19": 5, "lem24": 4, "lem30": 6, "lem31": 4}


@pytest.mark.parametrize("name", sorted(QUICK))
def test_oracles_agree(name):
    claim = get_claim(f"toppling.{name}")
    for n in range(QUICK[name] + 1):
        a, b = (claim.method(m).run(n, Budget()) for m in ("brute", "play"))
        assert (a.status, a.counterexample) == (b.status, b.counterexample), (name, n)
        if a.status == "refuted":
            assert claim.confirm(n, a.counterexample)
            break


def test_lemma14_as_printed_fails_at_rr_only_for_a_negative_number():
    claim = get_claim("toppling.lem14")
    v = claim.method("brute").run(2, Budget())
    assert v.counterexample == "RR" and "-2" in v.detail
    assert claim.confirm(2, "RR") and not claim.confirm(2, "LL") and not claim.confirm(3, "RR")


# each wrong statement: (lemma, the wrong check replacing it, a size where it fails)
WRONG = {
    "lem30": lambda w, o: ("bad" if w.startswith("L") and o.infinitesimal(w)
                           and re.fullmatch(r"(LR)*(R.*)?", w) is None else None),
    "lem19": lambda w, o: ("bad" if o.number(w) is not None and any(
        o.cmp(x, w) != ">" for x in lemmas._left_followers(w)) else None),
    "lem24": lambda w, o: "bad" if o.cmp("L" + w + "L", ("nim", 1)) != "||" else None,
    "lem15": lambda w, o: ("bad" if (q := o.number(w)) is not None and q > 0
                           and "R" not in w else None),
}


@pytest.mark.parametrize("name", sorted(WRONG))
def test_wrong_statements_are_refuted_by_both_and_replayed(monkeypatch, name):
    _, positions, where = lemmas.LEMMAS[name]
    monkeypatch.setitem(lemmas.LEMMAS, name, (WRONG[name], positions, where))
    claim = get_claim(f"toppling.{name}")
    found = []
    for method in ("brute", "play"):
        v = next(v for n in range(6) if (v := claim.method(method).run(n, Budget())).status
                 != "holds")
        assert v.status == "refuted"
        assert claim.confirm(len(v.counterexample.replace("()", "")), v.counterexample)
        found.append(v.counterexample)
    assert found[0] == found[1]


def test_conjecture40_follows_from_theorem32():
    """Theorem 32: every infinitesimal row has atomic weight -1, 0 or 1; ⇑ and ⇑* are
    infinitesimals of atomic weight 2, so no row equals them."""
    for text in ("^^", "^^*"):
        g = parse(text)
        assert str(atomic_weight(g)) == "2"
        report = infinitesimal_atomic_weight(g, ups=3)
        assert str(report.weight) == "2" and report.confirmed
