""":mod:`cgsat.papers.timber.phyminoes.sat`: fixed orientations set each variable by its
bit, a toggled part decodes to its own orientation, and the orientation count covers the
misère kernel of each reading."""

from __future__ import annotations

import pytest


def test_fixed_sets_each_orientation_variable_by_its_bit():
    from cgsat.papers.timber.phyminoes.sat import _fixed

    assert _fixed([3, 4, 5], "101") == [3, -4, 5]
    assert _fixed([7], "0") == [-7]


def test_a_toggled_part_must_decode_to_its_own_orientation():
    from types import SimpleNamespace

    from cgsat.papers.timber.phyminoes.sat import _decodes

    inst = SimpleNamespace(decode=lambda true: "0>1" if 1 in true else "1>0")
    check = _decodes(inst, "0>1")
    assert check({1}) is None
    assert check({2}) == "the model decodes to 1>0"
    assert check(None) == "UNSAT with this part of the goal toggled (the goal misses it)"


@pytest.mark.parametrize("where", [{"misere": True}, {"distances": "graph"}])
def test_the_orientation_count_covers_the_misere_kernel_of_each_reading(monkeypatch, where):
    """A misère kernel encoding that fixes the last arc, only in misère play or only in
    the "graph" reading, fails the position-space count of that encoding."""
    from cgsat.claims import Budget
    from cgsat.encodings import timber_graphs
    from cgsat.papers.timber.phyminoes import sat as phyminoes_sat

    real = timber_graphs.add_graph_kernel

    def shrunk(pool, sink, shape, misere=False, rule="timber", distances="minus-edge",
               tag="P"):
        lits, enc, root = real(pool, sink, shape, misere, rule, distances, tag)
        args = {"misere": misere, "distances": distances}
        if all(args[k] == v for k, v in where.items()) and lits:
            sink.add_clause([lits[-1]])
        return lits, enc, root

    monkeypatch.setattr(timber_graphs, "add_graph_kernel", shrunk)
    v = phyminoes_sat.family_rule(7, Budget(controls=0), "odd-cycle")
    assert v.status == "error" and "orientations the misère kernel encoding admits" in v.reason
