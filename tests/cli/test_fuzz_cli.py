"""Fuzz every command through ``cgsat.cli.main`` (issue 13 item 5): random argument lists
and random position text never end in an internal error (exit 4) or a traceback, and every
call ends quickly. Exit codes allowed: 0, 1, 2, 3, 5 (3 would be a disagreement: it is
allowed by the contract, and it never happens at these sizes).

Sizes are kept small (lengths and heights at most 6, shapes of at most 4 edges, ``check``
up to n = 3 with a 5 s timeout), so that an example takes well under a second or two.
"""

from __future__ import annotations

import os
import tempfile
import time

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from cgsat.cli import main

ALLOWED = {0, 1, 2, 3, 5}
FUZZ = settings(max_examples=50, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow,
                                       HealthCheck.function_scoped_fixture])
RULESETS = ["toppling", "timber", "timber-path", "phyminoes", "green-cordon", "caterpillar",
            "lumberjack", "thicket", "no-such-ruleset"]
GARBAGE = st.sampled_from(["", "-1", "0", "1", "2", "99999999999", "1/0", "0/0", "x", "*",
                           "--", "-", "--json", "--all", "--count", "é", "\ufeff1", "{|}"])


def _call(argv: list[str], capsys) -> tuple[int, str]:
    t0 = time.monotonic()
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse: usage errors (2), --help (0)
        code = exc.code if isinstance(exc.code, int) else 2
    took = time.monotonic() - t0
    _, err = capsys.readouterr()
    event(f"exit {code}")
    assert code in ALLOWED, (argv, code, err)
    assert "Traceback" not in err and "internal error" not in err, (argv, err)
    assert took < 20, (argv, took)
    return code, err


_STORE: list[str] = []


def _store() -> str:
    """A store with one small check in it, made once for the report's examples."""
    if not _STORE:
        path = os.path.join(tempfile.mkdtemp(prefix="cgsat-fuzz-"), "r.sqlite")
        assert main(["check", "timber.thm2.5", "--up-to", "1", "--db", path]) == 0
        _STORE.append(path)
    return _STORE[0]


def _small_text(chars: str) -> st.SearchStrategy[str]:
    return st.text(alphabet=chars, max_size=12)


POSITION = st.one_of(
    _small_text("LRE()"), _small_text("LR0123456789-, :;[]=bluegrnd*^v{}|/+"),
    st.text(max_size=10),
).filter(lambda t: t.strip() != "-")  # "-" reads stdin (tested in test_value_cli.py)


@FUZZ
@given(ruleset=st.sampled_from(RULESETS), position=POSITION,
       extra=st.lists(st.sampled_from(["--misere", "--json", "--distances", "graph"]),
                      max_size=2))
def test_fuzz_value(ruleset, position, extra, capsys):
    _call(["value", ruleset, position, *extra], capsys)


WELL_FORMED = st.one_of(
    st.tuples(st.just("toppling"), _small_text("LRE").filter(bool)),
    st.tuples(st.just("timber-path"), _small_text("LR").filter(bool)),
    st.tuples(st.just("green-cordon"), st.tuples(st.integers(1, 8), st.sets(
        st.integers(1, 8), max_size=4)).map(lambda t: f"{t[0]}:" + ",".join(
            str(a) for a in sorted(t[1]) if a < t[0]))),
)


@FUZZ
@given(position=WELL_FORMED, extra=st.lists(st.sampled_from(["--misere", "--json"]),
                                            max_size=1))
def test_fuzz_value_well_formed(position, extra, capsys):
    _call(["value", *position, *extra], capsys)


VALUE = st.one_of(st.sampled_from(["0", "*", "*2", "1", "-1", "1/2", "^", "v*", "{1|0}",
                                   "+-1", "{{1|0}|0}", "3", "*1024", "9999", "1/0"]),
                  _small_text("0123456789*^v{}|/+-. "))
SHAPE = st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=0, max_size=4).map(
    lambda edges: " ".join(f"{u}-{v}" for u, v in edges))


@FUZZ
@given(ruleset=st.sampled_from(RULESETS),
       size=st.sampled_from(["--length", "--max-length", "--height", "--shape"]),
       n=st.integers(-1, 6), shape=SHAPE,
       target=st.sampled_from(["--value", "--outcome"]), value=VALUE,
       outcome=st.sampled_from(["P", "N", "L", "R", "X"]),
       extra=st.lists(st.sampled_from(["--all", "--count", "--misere", "--json",
                                       "--alphabet", "LR", "--controls", "2"]), max_size=3))
def test_fuzz_find(ruleset, size, n, shape, target, value, outcome, extra, capsys):  # noqa: PLR0913 - one per strategy
    argv = ["find", ruleset, size, shape if size == "--shape" else str(n),
            target, value if target == "--value" else outcome, *extra]
    _call(argv, capsys)


SIZE_OF = {"toppling": "--length", "timber-path": "--max-length", "timber": "--shape",
           "phyminoes": "--shape", "green-cordon": "--height"}


@FUZZ
@given(ruleset=st.sampled_from(sorted(SIZE_OF)), n=st.integers(0, 5),
       shape=SHAPE.filter(bool), value=st.sampled_from(["0", "*", "*2", "1", "-1", "1/2",
                                                       "^", "{1|0}", "+-1", "3"]),
       outcome=st.sampled_from([None, "P", "N", "L", "R"]),
       mode=st.sampled_from([[], ["--all"], ["--count"], ["--json"]]))
def test_fuzz_find_well_formed(ruleset, n, shape, value, outcome, mode, capsys):
    size = SIZE_OF[ruleset]
    argv = ["find", ruleset, size, shape if size == "--shape" else str(n or 1),
            *(["--outcome", outcome] if outcome else ["--value", value]), *mode,
            "--controls", "2"]
    _call(argv, capsys)


@FUZZ
@given(args=st.lists(st.one_of(GARBAGE, st.sampled_from(
    ["timber.thm2.3", "timber.thm2.5", "no.such", "--method", "brute", "sat", "--from",
     "--up-to", "3", "--jobs", "--timeout", "--controls", "--force", "--target"])),
    max_size=6))
def test_fuzz_check(args, capsys):
    # every call is small: at most n = 3, a 5 s timeout, its own store, no --all/--target
    args = [a for a in args if a not in ("--all", "--target", "--db", "--", "-")]
    if "--up-to" in args:
        i = args.index("--up-to")
        args[i + 1:i + 2] = ["3"] if i + 1 < len(args) and args[i + 1].isdigit() else []
    with tempfile.TemporaryDirectory() as tmp:
        argv = ["check", *args, "--up-to", "3", "--timeout", "5", "--jobs", "1",
                "--db", os.path.join(tmp, "f.sqlite")]
        if "--up-to" in args:
            argv = ["check", *args, "--timeout", "5", "--jobs", "1",
                    "--db", os.path.join(tmp, "f.sqlite")]
        _call(argv, capsys)


@FUZZ
@given(claim=st.sampled_from(["timber.thm2.3", "timber.thm2.5", "thickets.thm3.2",
                              "toppling.conj22", "no.such"]),
       method=st.sampled_from(["all", "brute", "sat", "nope"]), up_to=st.integers(0, 3),
       extra=st.lists(st.sampled_from(["--json", "--force", "--from", "2"]), max_size=2))
def test_fuzz_check_well_formed(claim, method, up_to, extra, capsys):
    with tempfile.TemporaryDirectory() as tmp:
        _call(["check", claim, "--method", method, "--up-to", str(up_to), "--timeout", "5",
               "--jobs", "1", "--controls", "2", "--db", os.path.join(tmp, "f.sqlite"),
               *extra], capsys)


@FUZZ
@given(args=st.lists(st.one_of(GARBAGE, st.just("--json")), max_size=2))
def test_fuzz_list(args, capsys):
    _call(["list", *args], capsys)


@FUZZ
@given(out=st.one_of(GARBAGE, st.text(alphabet="abc/._", max_size=8)),
       fmt=st.sampled_from(["html", "latex", "pdf", ""]), extra=st.lists(GARBAGE, max_size=1))
def test_fuzz_report(out, fmt, extra, capsys):
    db = _store()
    with tempfile.TemporaryDirectory() as tmp:
        target = os.path.join(tmp, out) if out else out  # never write in the cwd
        _call(["report", "--db", db, "--out", target, "--format", fmt, *extra], capsys)


# --- issue 26: large integers and unicode in every place a user types a number ------------

FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
HOSTILE = st.one_of(
    st.integers(min_value=10**7, max_value=10**40).map(str),    # far past every limit
    st.integers(max_value=-1).map(str),
    st.integers(min_value=4000, max_value=6000).map(lambda k: "9" * k),  # past int()'s 4300
    st.integers(0, 99).map(lambda n: str(n).translate(FULL_WIDTH)),      # ３, ４２
    st.text(alphabet=st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=4),
    st.text(max_size=12),                                        # any unicode at all
    st.sampled_from(["inf", "-inf", "nan", "1e999", "0x10", "1_000", " 7", "٣"]),
)


def _hostile_call(argv: list[str], capsys) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cwd = os.getcwd()
        os.chdir(tmp)  # nothing lands in the working directory (--out, the default store)
        try:
            _call(argv, capsys)
        finally:
            os.chdir(cwd)


@FUZZ
@given(ruleset=st.sampled_from(["timber", "toppling", "green-cordon", "lumberjack",
                                "thickets", "timber-path", "phyminoes"]),
       token=HOSTILE, shape=st.sampled_from(["{}", "0>{}", "{}:1", "7:{}", "0-{}",
                                             "1>{}:b", "stalk:{}", "*{}"]))
def test_fuzz_value_hostile_numbers(ruleset, token, shape, capsys):
    _hostile_call(["value", ruleset, shape.format(token)], capsys)


@FUZZ
@given(option=st.sampled_from(["--length", "--max-length", "--height", "--shape", "--value",
                               "--controls", "--jobs"]),
       token=HOSTILE, ruleset=st.sampled_from(["toppling", "timber-path", "green-cordon",
                                                "timber"]))
def test_fuzz_find_hostile_numbers(option, token, ruleset, capsys):
    size = {"toppling": "--length", "timber-path": "--length", "green-cordon": "--height",
            "timber": "--shape"}[ruleset]
    base = {size: "0-1" if size == "--shape" else "3", "--value": "0"}
    base[option] = f"0-{token}" if option == "--shape" else (
        f"*{token}" if option == "--value" and token.isascii() else token)
    if option in ("--length", "--max-length", "--height", "--shape"):
        base.pop(size)
    argv = ["find", ruleset, *[x for kv in base.items() for x in kv], "--controls", "1"] \
        if option != "--controls" else ["find", ruleset, *[x for kv in base.items() for x in kv]]
    _hostile_call(argv, capsys)


@FUZZ
@given(option=st.sampled_from(["--up-to", "--from", "--timeout", "--controls", "--jobs",
                               "--memory-limit", "--method", "--solver", "--db"]),
       token=HOSTILE)
def test_fuzz_check_hostile_numbers(option, token, capsys):
    argv = ["check", "timber.thm2.3", "--method", "sat", "--up-to", "3", "--timeout", "5",
            "--jobs", "1", "--controls", "1"]
    if option in argv:
        i = argv.index(option)
        argv[i + 1] = token
    else:
        argv += [option, token]
    _hostile_call(argv, capsys)


@FUZZ
@given(option=st.sampled_from(["--n", "--target", "--timeout", "--memory-limit", "--out"]),
       token=HOSTILE)
def test_fuzz_export_cnf_hostile_numbers(option, token, capsys):
    argv = {"--n": "4", "--timeout": "20"}
    argv[option] = token
    _hostile_call(["export-cnf", "timber.thm2.3", *[x for kv in argv.items() for x in kv]],
                  capsys)


@FUZZ
@given(name=st.sampled_from(["tree-p-counts", "timber-reductions", "phyminoes",
                             "green-cordon-nim", "no-such"]), token=HOSTILE)
def test_fuzz_probe_hostile_numbers(name, token, capsys):
    # a hostile --up-to is refused before anything is computed
    _hostile_call(["probe", name, "--up-to", token, "--db", "p.sqlite"], capsys)


@FUZZ
@given(token=HOSTILE)
def test_fuzz_report_and_list_hostile(token, capsys):
    _hostile_call(["report", "--db", _store(), "--out", token], capsys)
    _hostile_call(["list", token], capsys)
