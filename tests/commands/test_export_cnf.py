"""``cgsat export-cnf``: the exact instance a SAT method solves, as DIMACS (issue 16, part 3).

An exported file parses, names claim, n, version and method fingerprint, is UNSAT (by an
external solver from Debian and by PySAT) for a holding claim, and SAT for a deliberately
wrong claim, whose model, read through the variable map of the header, is the
counterexample the method finds. Bad input is one line and exit code 2.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from pysat.formula import CNF
from pysat.solvers import Solver

from cgsat import __version__
from cgsat.claims import Budget, Verdict
from cgsat.cli import main
from cgsat.commands.export_cnf import export_instance
from cgsat.encodings.cnf import ClauseBuffer
from cgsat.engine.fingerprint import method_fingerprint
from cgsat.papers.registry import get_claim
from cgsat.sat.solve import Export, ExternalBudget, InstanceExported, sat_verdict
from wrong_claims import wrong_peaks_claim

EXTERNAL = next((cmd for cmd in ("picosat", "cryptominisat5 --verb 0")
                 if shutil.which(cmd.split()[0])), None)
needs_external = pytest.mark.skipif(
    EXTERNAL is None, reason="neither picosat nor cryptominisat5 is installed "
                             "(.ci/run installs them with apt-get)")


def _export(tmp_path, capsys, *args: str) -> tuple[str, dict[str, str]]:
    out = tmp_path / "x.cnf"
    assert main(["export-cnf", *args, "--out", str(out)]) == 0
    capsys.readouterr()
    text = out.read_text()
    header = dict(re.findall(r"^c ([a-z ]+): (.*)$", text, flags=re.M))
    return str(out), header


def _external(path: str) -> tuple[str, list[int]]:
    """The external solver's s-line answer and its model."""
    done = subprocess.run([*EXTERNAL.split(), path], capture_output=True, text=True,
                          timeout=120)
    status = next(line[2:] for line in done.stdout.splitlines() if line.startswith("s "))
    model = [int(w) for line in done.stdout.splitlines() if line.startswith("v ")
             for w in line[2:].split() if w != "0"]
    return status, model


def _pysat_sat(path: str) -> bool:
    with Solver(name="cadical195", bootstrap_with=CNF(from_file=path).clauses) as s:
        return s.solve()


@needs_external
@pytest.mark.parametrize(("args", "label"), [
    (("timber.thm2.3", "--n", "6"), "1"),                      # one instance
    (("toppling.conj22", "--n", "6"), "1"),                    # the first of several
    (("toppling.conj22", "--n", "6", "--target", "3"), "3"),   # another one, by label
    (("caterpillars.thm3.1", "--n", "5"), "1"),
])
def test_export_of_a_holding_claim_is_unsat(tmp_path, capsys, args, label):
    path, header = _export(tmp_path, capsys, *args)
    claim = get_claim(args[0])
    method = next(m for m in claim.methods if m.uses_solver)
    assert header["claim"] == args[0] and header["n"] == args[2]
    assert header["cgsat version"] == __version__
    assert header["method fingerprint"] == method_fingerprint(claim, method)
    assert header["instance"] == label
    cnf = CNF(from_file=path)
    assert cnf.clauses and cnf.nv > 0
    assert "c var " in open(path).read()  # the variable map
    assert _external(path)[0] == "UNSATISFIABLE"
    assert not _pysat_sat(path)


def test_export_to_stdout_is_the_same_file(tmp_path, capsys):
    path, _ = _export(tmp_path, capsys, "timber.thm2.3", "--n", "4")
    assert main(["export-cnf", "timber.thm2.3", "--n", "4"]) == 0
    assert capsys.readouterr().out == open(path).read()


@needs_external
def test_export_of_a_wrong_claim_is_sat_and_decodes_to_the_counterexample(tmp_path):
    claim = wrong_peaks_claim()
    assert claim.methods[0].run(6, Budget()).counterexample == "LRLRLR"
    path = tmp_path / "neg.cnf"
    path.write_text(export_instance(claim, 6).text())
    status, model = _external(str(path))
    assert status == "SATISFIABLE"
    names = dict(re.findall(r"^c var (\d+) (.*)$", path.read_text(), flags=re.M))
    letters = {int(m.group(1)): lit > 0 for v, name in names.items()
               if (m := re.fullmatch(r"\('R', (\d+)\)", name))
               for lit in model if abs(lit) == int(v)}
    word = "".join("R" if letters[i] else "L" for i in range(6))
    assert word == "LRLRLR"
    assert claim.confirm(6, word)
    # and at 5, where the wrong claim still holds, the export is UNSAT
    path.write_text(export_instance(claim, 5).text())
    assert _external(str(path))[0] == "UNSATISFIABLE"


def test_sat_verdict_exports_its_one_instance_without_a_variable_map():
    cnf = ClauseBuffer([[1, 2], [-1]])
    with pytest.raises(InstanceExported) as done:
        sat_verdict(cnf, ExternalBudget(export=Export()), lambda t: Verdict.refuted("x"))
    assert done.value.label == "1" and done.value.pool is None
    assert list(done.value.cnf) == [[1, 2], [-1]]
    export = Export(target="2")  # a single-instance method has only instance 1
    assert sat_verdict(cnf, ExternalBudget(export=export),
                       lambda t: Verdict.refuted("x")).status == "refuted"
    assert export.seen == ["1"]


def test_assumptions_are_unit_clauses():
    from cgsat.sat.solve import SatRun

    run = SatRun(ExternalBudget(export=Export()))
    sink, pool = run.new()
    a, s = pool.id("a"), pool.id("s")
    sink.add_clause([-s, a])
    with pytest.raises(InstanceExported) as done:
        run.solve(sink, [s, -a], label="x")
    assert list(done.value.cnf)[-2:] == [[s], [-a]]
    assert done.value.label == "x" and done.value.pool is pool


@pytest.mark.parametrize(("args", "message"), [
    (["no.such.claim", "--n", "3"], "unknown claim"),
    (["timber.thm2.3", "--n", "99999"], "runs only up to"),
    (["timber.thm1.1", "--n", "8"], "runs only up to n=7"),
    (["timber.thm1.1", "--n", "1"], "starts at n=3"),
    (["toppling.conj22", "--n", "6", "--target", "99"], "no instance labelled '99'"),
    (["toppling.conj22", "--n", "2"], "solves no SAT instance"),
    (["thickets.thm4.1", "--n", "3"], "has no SAT method"),
    (["timber.thm2.3", "--n", "3", "--method", "brute"], "solves no SAT instance"),
    (["timber.thm2.3", "--n", "3", "--method", "nope"], "has no method"),
    (["timber.thm2.3", "--n", "3", "--out", "/nonexistent/dir/x.cnf"], "cannot write"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, args, message):
    assert main(["export-cnf", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize(("args", "message"), [
    (["timber.thm2.3", "--n", "-1"], "at least 0"),
    (["timber.thm2.3"], "required"),
])
def test_bad_usage_is_one_line_and_exit_2(capsys, args, message):
    with pytest.raises(SystemExit) as stop:
        main(["export-cnf", *args])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert message in err and len(err.strip().splitlines()) == 1, err


# --- issue 26: a budget on the export, and outputs that never replace a store -------------

def _cli(argv: list[str], cwd=None):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "cgsat", *argv], capture_output=True,
                          text=True, timeout=60, cwd=cwd)


def test_an_export_past_its_timeout_is_exit_5_in_one_line():
    import time

    start = time.monotonic()
    proc = _cli(["export-cnf", "timber.thm2.3", "--n", "10000", "--timeout", "2"])
    assert proc.returncode == 5, proc.stderr
    assert proc.stderr.splitlines() == [
        "cgsat: stopped short: export-cnf timber.thm2.3 --n 10000 did not finish within 2 s "
        "(--timeout)"]
    assert proc.stdout == "" and time.monotonic() - start < 20


def test_an_export_over_its_memory_is_exit_5_in_one_line():
    proc = _cli(["export-cnf", "timber.thm2.3", "--n", "10000", "--memory-limit", "300M",
                 "--timeout", "50"])
    assert proc.returncode == 5, proc.stderr
    assert len(proc.stderr.splitlines()) == 1 and "memory" in proc.stderr


def test_export_never_overwrites_a_results_store(tmp_path):
    from cgsat.engine.store import Store

    db = tmp_path / "r.sqlite"
    with Store(str(db)):
        pass
    before = db.read_bytes()
    proc = _cli(["export-cnf", "timber.thm2.3", "--n", "4", "--out", str(db)])
    assert proc.returncode == 2 and "results store" in proc.stderr
    assert db.read_bytes() == before
    ok = _cli(["export-cnf", "timber.thm2.3", "--n", "4", "--out", str(tmp_path / "x.cnf")])
    assert ok.returncode == 0, ok.stderr  # the control: a plain file is written


def test_out_dash_is_standard_output(tmp_path):
    proc = _cli(["export-cnf", "timber.thm2.3", "--n", "4", "--out", "-"], cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout.startswith("c cgsat export-cnf")
    assert not (tmp_path / "-").exists()


# --- issue 26: every claim's map, read back into a position -------------------------------

def _names(text: str) -> dict[int, object]:
    """The header's variable map: variable -> its name (a Python literal; frozensets for
    the followers of a kernel encoding)."""
    return {int(v): eval(name, {"__builtins__": {}, "frozenset": frozenset})  # noqa: S307
            for v, name in re.findall(r"^c var (\d+) (.*)$", text, flags=re.M)}


def _toppling_row(names: dict[int, object], true: set[int]) -> str:
    """A Toppling row read through the map as docs/reference.md states it: a symbolic row
    ``('G', 'a', k)`` (Left may topple domino k) and ``('G', 'b', k)`` (Right may), both
    true for E; a concrete row is named by its selector ``('selector', 'row', ROW)``."""
    rows = [obj[2] for obj in names.values() if isinstance(obj, tuple) and obj[:2] ==
            ("selector", "row")]
    if rows:
        return rows[0]
    letters: dict[int, str] = {}
    for v, obj in names.items():
        if isinstance(obj, tuple) and len(obj) == 3 and obj[0] == "G" and obj[1] == "a":
            b = next(w for w, o in names.items() if o == ("G", "b", obj[2]))
            letters[obj[2]] = {(True, True): "E", (True, False): "L",
                               (False, True): "R"}[(v in true, b in true)]
    return "".join(letters[k] for k in sorted(letters))


@needs_external
@pytest.mark.parametrize(("claim_id", "n"), [
    ("toppling.conj37-all-rows", 2),  # a symbolic row (letters named ('G', 'a'|'b', k))
    ("toppling.conj39", 6),           # a concrete row (named by its selector)
])
def test_a_refuted_size_exports_and_its_model_decodes_to_a_confirmed_counterexample(
        tmp_path, claim_id, n):
    claim = get_claim(claim_id)
    method = next(m for m in claim.methods if m.uses_solver)
    found = method.run(n, Budget())
    assert found.status == "refuted"
    exported = export_instance(claim, n)
    path = tmp_path / "r.cnf"
    path.write_text(exported.text())
    status, model = _external(str(path))
    assert status == "SATISFIABLE"
    names = _names(path.read_text())
    assert names, "no variable map"
    row = _toppling_row(names, {lit for lit in model if lit > 0})
    assert len(row) == n
    assert claim.confirm(n, row), f"{row} is not a counterexample by the direct solver"
    # the control: a row the direct solver does not refute the claim with is rejected
    assert not claim.confirm(n, "L" * n)


def test_every_toppling_concrete_instance_names_its_row():
    text = export_instance(get_claim("toppling.conj38"), 5).text()
    rows = [o for o in _names(text).values() if o[:2] == ("selector", "row")]
    assert len(rows) == 1 and set(rows[0][2]) <= set("LRE") and len(rows[0][2]) == 5


def test_a_refutation_before_any_instance_says_so_in_one_line(capsys):
    assert main(["export-cnf", "thickets.thm3.1", "--n", "3"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "refuted before any SAT instance" in err and "3:1" in err


def _timber_position(names: dict[int, object], true: set[int]) -> str:
    """A Timber orientation read through the map: ``('arc', i, 'u>v')`` is u>v when true,
    v>u when false (docs/reference.md)."""
    arcs = []
    for v, obj in sorted(names.items()):
        if isinstance(obj, tuple) and obj[0] == "arc":
            u, w = obj[2].split(">")
            arcs.append(f"{u}>{w}" if v in true else f"{w}>{u}")
    return " ".join(arcs)


def _graph_kernel_agrees(path, kernel_tag, moves, outcome) -> int:
    """Solve the exported graph instance at ``path`` with its goal selector turned off
    (then it is the kernel of every orientation of the shape), over every orientation
    (blocked one by one): each model, read through the map, is a position; for each
    follower it reaches (``(kernel_tag, S)``: the arcs of S still standing) the P variable
    is the direct solver's ``outcome`` and the moves the map's gates enable (``('gate',
    (kernel_tag, 'win', S, T, literals))``, all literals true) are the direct solver's
    ``moves`` (a decoding with an arc the wrong way breaks them). Returns the moves seen."""
    names = _names(path.read_text())
    goal = next(v for v, o in names.items() if o == ("selector", "goal"))
    arcs = [v for v, o in names.items() if o[0] == "arc"]
    kernel = {o[1]: v for v, o in names.items() if o[0] == kernel_tag}
    gates = [o[1][2:] for o in names.values()
             if o[0] == "gate" and o[1][:2] == (kernel_tag, "win")]
    clauses = [c for c in CNF(from_file=str(path)).clauses if c != [goal]] + [[-goal]]
    models = seen = 0
    with Solver(name="cadical195", bootstrap_with=clauses) as s:
        while s.solve():
            true = {lit for lit in s.get_model() if lit > 0}
            position = _timber_position(names, true).split()
            reached, todo = set(), [frozenset(range(len(arcs)))]
            while todo:  # the followers of the position, as sets of arc indices standing
                standing = todo.pop()
                if standing in reached or not standing:
                    continue
                reached.add(standing)
                text = " ".join(position[i] for i in sorted(standing))
                assert (kernel[standing] in true) == (outcome(text) == "P"), text
                options = {frozenset(position.index(f"{x}>{y}") for x, y in option)
                           for option in moves(text)}
                enabled = {after for before, after, lits in gates if before == standing
                           and all((lit in true) if lit > 0 else (-lit not in true)
                                   for lit in lits)}
                assert enabled == options, text
                seen += len(options)
                todo.extend(options)
            models += 1
            s.add_clause([-v if v in true else v for v in arcs])
    assert models == 2 ** len(arcs)
    return seen


def test_a_timber_model_decodes_to_orientations_the_direct_solver_agrees_with(tmp_path):
    """Theorem 1.1 at 4 vertices (its first graph, with a cycle): every orientation."""
    from cgsat.api import value
    from cgsat.games import timber  # the direct solver's move rule

    path = tmp_path / "t.cnf"
    path.write_text(export_instance(get_claim("timber.thm1.1"), 4).text())
    assert _graph_kernel_agrees(
        path, "P", lambda t: [o for _, o in timber.options(timber.parse(t))],
        lambda t: value("timber", t).outcome) > 2 ** 4


@pytest.mark.parametrize("distances", ["minus-edge", "graph"])
def test_a_phyminoes_model_decodes_to_orientations_the_direct_solver_agrees_with(
        tmp_path, distances):
    """Phyminoes on K3 (both readings of the distances, each its own misère kernel in the
    instance: the claim's misère outcomes): every orientation."""
    from cgsat.api import value
    from cgsat.games import phyminoes  # the direct solver's move rule

    path = tmp_path / "p.cnf"
    path.write_text(export_instance(get_claim("timber.phyminoes-complete"), 3).text())
    assert _graph_kernel_agrees(
        path, ("P", distances),
        lambda t: [phyminoes.topple(phyminoes.parse(t), a, distances)
                   for a in phyminoes.parse(t)],
        lambda t: value("phyminoes", t, misere=True, distances=distances).outcome) >= 2 ** 3


@needs_external
def test_a_green_cordon_model_decodes_to_the_direct_solvers_nim_values(tmp_path):
    """Thinning Thickets Theorem 3.1 (corrected) at n = 6: its first instance is the mex
    constraints over the followers of the cordon L(6) (SAT). Each follower is named in the
    map (``('G', 'value', (N, attachments), t)``: the cordon N:A1,A2,... has nim-value t);
    the external solver's model gives every follower exactly the direct solver's value."""
    from cgsat.api import value

    path = tmp_path / "g.cnf"
    path.write_text(export_instance(get_claim("thickets.thm3.1-corrected"), 6).text())
    status, model = _external(str(path))
    assert status == "SATISFIABLE"
    true = {lit for lit in model if lit > 0}
    values: dict[str, list[int]] = {}
    for v, obj in _names(path.read_text()).items():
        if obj[:2] == ("G", "value"):
            height, leaves = obj[2]
            text = f"{height}:{','.join(str(a) for a in sorted(leaves))}"
            values.setdefault(text, [])
            if v in true:
                values[text].append(obj[3])
    assert len(values) > 5 and "6:1,2,3,4" in values  # L(6) and its followers
    for text, got in values.items():
        assert got == [value("green-cordon", text).nim], text


@pytest.mark.parametrize("claim", ["thickets.thm3.2", "thickets.sec5-one-leaf-nim2",
                                   "thickets.green-nim2"])
def test_cordon_inductive_instances_carry_their_variable_map(claim):
    """The inductive cordon instances build their own buffer and pool (not SatRun.new):
    the pool handed to ``SatRun.solve`` names their variables, among them the symbolic
    cordon's leaf arcs ('leaf', i) for every attachment point 1..n-1 (a few gate auxiliaries
    of the §5 cover instance stay unnamed)."""
    text = export_instance(get_claim(claim), 6).text()
    names = _names(text)
    header = next(line for line in text.splitlines() if line.startswith("c vars:"))
    n_vars = int(header.split()[2].rstrip(","))
    assert len(names) >= 0.9 * n_vars  # before the pool was passed: 0 named
    assert {("leaf", i) for i in range(1, 6)} <= set(names.values())
