"""Every registered claim has an all-n status (issue 37, section 3): proved by an all-n
method, or a recorded one-line reason; ``bounds.json`` carries it on each claim."""

from __future__ import annotations

import json

import cgsat
from cgsat.cli import main
from cgsat.papers.all_n.claims import METHODS, REASONS
from cgsat.papers.registry import all_claims, get_claim
from cgsat.report.all_n import UNCLASSIFIED, all_n_status
from cgsat.report.data import claim_summary


def test_every_listed_claim_has_a_status(capsys):
    assert main(["list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert len(listed) == len(all_claims())
    for c in listed:
        assert c["all_n"] and c["all_n"] != UNCLASSIFIED, c["id"]
        assert "\n" not in c["all_n"]
        status = all_n_status(get_claim(c["id"]), None, [])
        assert status and status != UNCLASSIFIED, c["id"]


def test_reasons_and_methods_name_registered_claims():
    ids = {c.id for c in all_claims()}
    assert set(REASONS) <= ids
    assert set(METHODS) <= ids
    for cid in METHODS:
        assert any(m.all_n and m.name == "automata" for m in get_claim(cid).methods)


def test_bounds_json_carries_all_n():
    s = claim_summary(get_claim("thickets.thm3.1-corrected"), [])
    assert s["all_n"].startswith("values unbounded")


def test_check_proves_lemma_1_for_every_n(tmp_path):
    report = cgsat.check("toppling.lem1", methods="automata", db=str(tmp_path / "r.sqlite"),
                         jobs=1)
    (res,) = report.results
    assert (res.n, res.status) == (None, "proved")
    assert report.exit_code == 0
