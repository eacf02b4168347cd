"""``cgsat probe`` (issue 14, first part): the framework and the data of both probes.

The probes' tables at small bounds are checked against brute force written here
independently: plain recursion on the positions with the rules written out again, no
canonical forms, no isomorphism-invariant keys, no cgsat solver.
"""

from __future__ import annotations

import csv
import itertools
import json
import os
from collections import Counter
from functools import cache

import networkx as nx
import pytest

import plain_phyminoes as plain
from cgsat.cgt.impartial import solver_for
from cgsat.cli import main
from cgsat.engine import fingerprint
from cgsat.engine import probe as probe_engine
from cgsat.engine.store import Store
from cgsat.games import phyminoes
from cgsat.papers.timber.probes import PHYMINOES, PHYMINOES_REDUCTIONS
from cgsat.papers.toppling.probes import UNIQUENESS, UNIQUENESS_LR


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse usage errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


# -- the framework ------------------------------------------------------------------------------
def test_list_names_every_probe_with_its_source_and_bound(capsys):
    code, out, _ = run(capsys, "probe", "--list")
    assert code == 0
    assert "toppling-uniqueness" in out and "Toppling Conjectures" in out
    assert "phyminoes" in out and "Problem 4.3" in out
    assert "largest number of vertices" in out and "largest row length" in out
    code, out, _ = run(capsys, "probe", "--list", "--json")
    assert code == 0
    assert {p["name"] for p in json.loads(out)} == {
        "toppling-uniqueness", "toppling-uniqueness-lr", "phyminoes", "phyminoes-reductions",
        "timber-path-values", "tree-p-counts", "timber-reductions", "green-cordon-nim",
        "thickets-tinies"}


@pytest.mark.parametrize("argv, words", [
    (["probe", "no-such-probe"], "unknown probe 'no-such-probe'"),
    (["probe", "phyminos"], "did you mean phyminoes"),
    (["probe", "phyminoes", "--up-to", "8"], "at most 7"),
    (["probe", "phyminoes", "--up-to", "2"], "at least 3"),
    (["probe", "toppling-uniqueness", "--up-to", "0"], "at least 1"),
    (["probe", "toppling-uniqueness", "--up-to", "-1"], "-1"),
    (["probe", "toppling-uniqueness", "--up-to", "x"], "x"),
    (["probe"], "--list is required"),
    (["probe", "phyminoes", "--list"], "--list takes no probe name"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, argv, words):
    code, out, err = run(capsys, *argv, "--db", str(tmp_path / "r.sqlite"),
                         "--out", str(tmp_path / "out"))
    assert code == 2
    assert words in err
    if not argv[-1].startswith("-") or "--up-to" not in argv:  # argparse prints its usage
        assert len(err.strip().splitlines()) == 1 or "usage" in err
    assert not os.path.exists(tmp_path / "out")


def test_out_that_is_a_file_is_bad_input_before_computing(capsys, tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    code, _, err = run(capsys, "probe", "phyminoes", "--db", str(tmp_path / "r.sqlite"),
                       "--out", str(f))
    assert code == 2 and "is a file" in err
    with Store(str(tmp_path / "r.sqlite")) as store:
        assert list(store.rows()) == []


@pytest.mark.parametrize("probe, data", [
    (PHYMINOES, "cgsat.papers.timber.graphs.probe"),
    (PHYMINOES_REDUCTIONS, "cgsat.papers.timber.phyminoes.reductions"),
    (UNIQUENESS, "cgsat.papers.toppling.uniqueness"),
])
def test_stored_sizes_depend_on_the_data_code_only(probe, data):
    closure = fingerprint.callable_modules(probe.size)
    assert data in closure
    assert not any(m.endswith(".probes") or ".report" in m for m in closure)


def test_store_reuse_resume_and_force(capsys, tmp_path):
    db, out = str(tmp_path / "r.sqlite"), str(tmp_path / "out")
    code, text, _ = run(capsys, "probe", "toppling-uniqueness", "--up-to", "2", "--json",
                        "--db", db, "--out", out)
    assert code == 0 and json.loads(text)["reused"] == []
    code, text, _ = run(capsys, "probe", "toppling-uniqueness", "--up-to", "4", "--json",
                        "--db", db, "--out", out)
    assert code == 0 and json.loads(text)["reused"] == [1, 2]  # resumes at size 3
    first = json.loads(text)["rows"]
    code, text, _ = run(capsys, "probe", "toppling-uniqueness", "--up-to", "4", "--json",
                        "--db", db, "--out", out, "--force")
    assert code == 0 and json.loads(text)["reused"] == []
    assert json.loads(text)["rows"] == first
    with Store(db) as store:
        runs = [r for r in store.rows("probe.toppling-uniqueness") if r.n == 1]
    assert len(runs) == 2 and all(r.status == "holds" and r.fingerprint for r in runs)


def test_a_changed_fingerprint_is_not_reused(capsys, tmp_path, monkeypatch):
    db, out = str(tmp_path / "r.sqlite"), str(tmp_path / "out")
    assert run(capsys, "probe", "toppling-uniqueness", "--up-to", "2", "--db", db,
               "--out", out)[0] == 0
    monkeypatch.setattr(probe_engine, "probe_fingerprint", lambda probe: "other code")
    code, text, _ = run(capsys, "probe", "toppling-uniqueness", "--up-to", "2", "--json",
                        "--db", db, "--out", out)
    assert code == 0 and json.loads(text)["reused"] == []


def test_outputs_and_report(capsys, tmp_path):
    db, out, rep = str(tmp_path / "r.sqlite"), str(tmp_path / "out"), str(tmp_path / "rep")
    Store(db).close()  # an empty store
    assert run(capsys, "report", "--db", db, "--out", rep)[0] == 0
    assert json.load(open(os.path.join(rep, "bounds.json")))["probes"] == []
    code, _, _ = run(capsys, "probe", "phyminoes", "--up-to", "4", "--db", db, "--out", out)
    assert code == 0
    for ext in ("csv", "json", "png", "svg", "md"):
        assert os.path.getsize(os.path.join(out, f"phyminoes.{ext}")) > 0
    with open(os.path.join(out, "phyminoes.csv"), encoding="utf-8") as fh:
        header = next(csv.reader(fh))
    assert {"graph6", "reading", "orientations", "p_normal", "p_misere", "all_N",
            "nim_values"} <= set(header)
    assert run(capsys, "report", "--db", db, "--out", rep)[0] == 0
    probes = json.load(open(os.path.join(rep, "bounds.json")))["probes"]
    assert [(p["name"], p["reached"], p["sizes"]) for p in probes] == [("phyminoes", 4, [3, 4])]
    md = open(os.path.join(rep, "bounds.md"), encoding="utf-8").read()
    assert "### Probe `phyminoes`" in md and "| 4 | graph | 3 | 22 |" in md
    assert "<h3>Probe <code>phyminoes</code></h3>" in open(os.path.join(rep, "bounds.html"),
                                                          encoding="utf-8").read()



def test_report_lists_the_probes_candidate_rules_with_their_bounds(capsys, tmp_path):
    """A probe names its rule claims; the report shows each with the bound its stored runs
    reached (here timber.phyminoes-complete to 4 by both methods), and a rule with no
    stored run is left out rather than shown empty."""
    db, out, rep = str(tmp_path / "r.sqlite"), str(tmp_path / "out"), str(tmp_path / "rep")
    assert run(capsys, "probe", "phyminoes", "--up-to", "3", "--db", db, "--out", out)[0] == 0
    assert run(capsys, "check", "timber.phyminoes-complete", "--up-to", "4",
               "--db", db)[0] == 0
    assert run(capsys, "report", "--db", db, "--out", rep)[0] == 0
    md = open(os.path.join(rep, "bounds.md"), encoding="utf-8").read()
    probe_part = md[md.index("### Probe `phyminoes`"):]
    line = next(x for x in probe_part.splitlines()
                if x.startswith("| `timber.phyminoes-complete`"))
    assert "sat 4" in line and "brute 4" in line and line.endswith("| none |")
    html_text = open(os.path.join(rep, "bounds.html"), encoding="utf-8").read()
    assert "<code>timber.phyminoes-complete</code>" in html_text
    assert "Candidate rules" in html_text


# -- toppling-uniqueness against plain play -------------------------------------------------------
def _options(row: str, mine: str) -> list[str]:
    """A player topples one of their dominoes (or a green E) left or right: the part of
    the row on that side falls, the other part stays."""
    out = []
    for i, c in enumerate(row):
        if c in mine:
            out += [row[i + 1:], row[:i]]
    return out


@cache
def _wins(rows: tuple[str, ...], left_moves: bool) -> bool:
    """Whether the player to move wins the sum of ``rows`` (normal play)."""
    mine = "LE" if left_moves else "RE"
    for k, row in enumerate(rows):
        rest = rows[:k] + rows[k + 1:]
        for option in _options(row, mine):
            after = tuple(sorted(rest + ((option,) if option else ())))
            if not _wins(after, not left_moves):
                return True
    return False


def _negative(row: str) -> str:
    return row.translate(str.maketrans("LR", "RL"))


def _equal(a: str, b: str) -> bool:
    """a = b iff a - b is a second-player win."""
    g = tuple(sorted((a, _negative(b))))
    return not _wins(g, True) and not _wins(g, False)


def test_uniqueness_table_matches_plain_play():
    up_to = 4
    sizes = {n: UNIQUENESS.size(n) for n in range(1, up_to + 1)}
    table = UNIQUENESS.table(sizes, up_to)
    classes: list[list[str]] = []
    for n in range(1, up_to + 1):
        for t in itertools.product("ELR", repeat=n):
            w = "".join(t)
            if w[::-1] < w:
                continue
            for c in classes:
                if _equal(c[0], w):
                    c.append(w)
                    break
            else:
                classes.append([w])
    found = [r for r in table if r["rows"] > 0]
    hist = UNIQUENESS.extra(sizes, up_to)["histogram"][str(up_to)]
    assert hist == {str(k): v for k, v in
                    sorted(Counter(len(c) for c in classes).items())}
    assert sorted((r["shortest_row"], r["rows"]) for r in found) == \
        sorted((c[0], len(c)) for c in classes)
    assert all(r["unique"] == (r["rows"] == 1) for r in table)
    assert all(r["absent_up_to"] == len(r["shortest_row"]) - 1 for r in found)
    # 0 is absent iff no nonempty row is a second-player win
    no_zero = all(_wins((w,), True) or _wins((w,), False) for c in classes for w in c)
    zero = next(r for r in table if r["value"] == "0")
    assert no_zero and zero["rows"] == 0 and zero["absent_up_to"] == up_to
    values = {r["shortest_row"]: r["value"] for r in found}
    assert (values["L"], values["R"], values["E"]) == ("1", "-1", "*")


def test_lr_uniqueness_table_matches_plain_play():
    """The LR probe at length ≤ 6 against equality classes of LR rows by plain play."""
    up_to = 6
    sizes = {n: UNIQUENESS_LR.size(n) for n in range(1, up_to + 1)}
    found = [r for r in UNIQUENESS_LR.table(sizes, up_to) if r["rows"] > 0]
    classes: list[list[str]] = []
    for n in range(1, up_to + 1):
        for t in itertools.product("LR", repeat=n):
            w = "".join(t)
            if w[::-1] < w:
                continue
            for c in classes:
                if len(c[0]) <= len(w) and _equal(c[0], w):
                    c.append(w)
                    break
            else:
                classes.append([w])
    assert sorted((r["shortest_row"], r["rows"]) for r in found) == \
        sorted((c[0], len(c)) for c in classes)
    assert all("E" not in r["shortest_row"] for r in found)
    assert "over L and R" in UNIQUENESS_LR.summary(sizes, up_to)[0]


def test_uniqueness_negative_control():
    """The comparison above says "no" for a wrong table: merging two classes."""
    sizes = {n: UNIQUENESS.size(n) for n in range(1, 3)}
    good = sorted((r["shortest_row"], r["rows"]) for r in UNIQUENESS.table(sizes, 2)
                  if r["rows"])
    sizes[2] = [dict(r, value="1") if r["value"] == "2" else r for r in sizes[2]]
    bad = sorted((r["shortest_row"], r["rows"]) for r in UNIQUENESS.table(sizes, 2) if r["rows"])
    assert bad != good


# -- phyminoes against plain recursion (tests/plain_phyminoes.py) ----------------------------
@cache
def _misere_wins(arcs: frozenset, reading: str) -> bool:
    if not arcs:
        return True  # misère: the player who cannot move wins
    return any(not _misere_wins(plain.topple(arcs, a, reading), reading) for a in arcs)


def _orbits(g: nx.Graph) -> list[frozenset]:
    """Orientations of g up to automorphisms, by trying every vertex permutation."""
    nodes = sorted(g)
    edges = [tuple(sorted(e)) for e in g.edges()]
    autos = [dict(zip(nodes, p, strict=True)) for p in itertools.permutations(nodes)
             if {frozenset((p[nodes.index(u)], p[nodes.index(v)])) for u, v in edges}
             == {frozenset(e) for e in edges}]
    seen, reps = set(), []
    for bits in itertools.product((0, 1), repeat=len(edges)):
        o = frozenset((v, u) if b else (u, v) for b, (u, v) in zip(bits, edges, strict=True))
        if o in seen:
            continue
        reps.append(o)
        seen |= {frozenset((s[u], s[v]) for u, v in o) for s in autos}
    return reps


def test_phyminoes_table_matches_plain_recursion():
    up_to = 4
    sizes = {n: PHYMINOES.size(n) for n in range(3, up_to + 1)}
    table = PHYMINOES.table(sizes, up_to)
    # the graphs: every connected graph on 3..4 vertices with an odd cycle, up to isomorphism
    expected_graphs = []
    for n in range(3, up_to + 1):
        found: list[nx.Graph] = []
        for k in range(n - 1, n * (n - 1) // 2 + 1):
            for es in itertools.combinations(itertools.combinations(range(n), 2), k):
                g = nx.Graph(es)
                if (g.number_of_nodes() == n and nx.is_connected(g)
                        and any(len(c) % 2 for c in nx.simple_cycles(g))
                        and not any(nx.is_isomorphic(g, h) for h in found)):
                    found.append(g)
        expected_graphs += found
    assert len(table) == 2 * len(expected_graphs) == 2 * (1 + 3)
    for r in table:
        g = nx.from_graph6_bytes(r["graph6"].encode())
        reps = _orbits(g)
        arcs = [frozenset((str(u), str(v)) for u, v in o) for o in reps]
        nims = [plain.nim(a, r["reading"]) for a in arcs]
        assert r["orientations"] == len(reps)
        assert r["p_normal"] == nims.count(0)
        assert r["p_misere"] == sum(not _misere_wins(a, r["reading"]) for a in arcs)
        assert r["all_N"] == (0 not in nims)
        assert r["nim_values"] == " ".join(map(str, sorted(set(nims))))


def test_phyminoes_five_vertices_matches_plain_recursion():
    sizes = {n: PHYMINOES.size(n) for n in range(3, 6)}
    rows = [r for r in PHYMINOES.table(sizes, 5) if r["vertices"] == 5]
    assert len(rows) == 2 * 16  # 21 connected graphs on 5 vertices, 5 of them bipartite
    for r in rows:
        g = nx.from_graph6_bytes(r["graph6"].encode())
        arcs = [frozenset((str(u), str(v)) for u, v in o) for o in _orbits(g)]
        nims = [plain.nim(a, r["reading"]) for a in arcs]
        assert (r["orientations"], r["p_normal"], r["nim_values"]) == \
            (len(arcs), nims.count(0), " ".join(map(str, sorted(set(nims)))))
        assert r["p_misere"] == sum(not _misere_wins(a, r["reading"]) for a in arcs)


# -- hand-checked positions --------------------------------------------------------------------
# Triangle x, y, z, toppling x>y (every orientation: each edge is an arc to topple).
#  minus-edge: in G - xy = the path y-z-x, d(y)=0, d(z)=1, d(x)=2: yz and zx fall, nothing
#    is left. Every option is 0, so the triangle is *1 (N); in misère play the only moves
#    make the last move, so it is a misère P-position.
#  graph: in G, d(y)=0, d(x)=d(z)=1: zx stays (with its orientation), yz falls; the option
#    is one arc, *1. Every option is *1, so the triangle is 0 (P); one arc is a misère
#    P-position (its only move is the last), so the triangle is a misère N-position.
# K4, toppling x>y, with u, w the other two vertices:
#  minus-edge: in G - xy, d(y)=0, d(u)=d(w)=1, d(x)=2: yu, yw, ux, wx fall and uw stays:
#    one arc, *1. So K4 is 0 (P) in all 64 orientations, and misère N (every option is a
#    misère P-position).
#  graph: in G, d(y)=0 and d(x)=d(u)=d(w)=1: the triangle xuw stays, with its orientations.
#    A triangle is 0 in this reading, so K4 is *1 (N), and misère P (every option, a
#    triangle, is a misère N-position).
HAND = [  # (graph, reading, nim-value of every orientation, misère outcome)
    (nx.complete_graph(3), "minus-edge", 1, "P"),
    (nx.complete_graph(3), "graph", 0, "N"),
    (nx.complete_graph(4), "minus-edge", 0, "N"),
    (nx.complete_graph(4), "graph", 1, "P"),
]


@pytest.mark.parametrize("g, reading, nim, misere", HAND)
def test_hand_checked_triangle_and_k4(g, reading, nim, misere):
    solver = solver_for(phyminoes.ruleset(reading))
    edges = list(g.edges())
    for bits in itertools.product((0, 1), repeat=len(edges)):  # 8 or 64 orientations
        text = " ".join(f"{v}>{u}" if b else f"{u}>{v}"
                        for b, (u, v) in zip(bits, edges, strict=True))
        position = phyminoes.parse(text)
        assert solver.nim_value(position) == nim, text
        assert solver.outcome(position, misere=True) == misere, text
        arcs = frozenset((str(u), str(v)) for u, v in position)
        assert plain.nim(arcs, reading) == nim  # the plain recursion agrees
    row = next(r for r in PHYMINOES.size(g.number_of_nodes())
               if r["reading"] == reading and r["edges"] == len(edges))
    assert row["nim_values"] == str(nim)
    assert row["p_misere"] == (row["orientations"] if misere == "P" else 0)
