"""Fuzz every command through ``cgsat.cli.main`` (issue 13 item 5): random argument lists
and random position text never end in an internal error (exit 4) or a traceback, and every
call ends quickly. Exit codes allowed: 0, 1, 2, 3, 5 (3 would be a disagreement: it is
allowed by the contract, and it never happens at these sizes).

Sizes are kept small (lengths and heights at most 6, shapes of at most 4 edges, ``check``
up to n = 3 with a 5 s timeout), so that an example takes well under a second or two.
"""

from __future__ import annotations

import io
import os
import tempfile
import time

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from cgsat.cli import main
from cgsat.commands.bounded_input import LINE_LIMITS

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


# --- Issue 38: input without a line end, closed streams, special files, claims files ----------
# Each shape of bad input must end in one line on stderr and exit 2, in bounded time.

_ROW = {"toppling": "LRE", "timber-path": "LR", "timber": "0123456789> ",
        "green-cordon": "0123456789:,", "lumberjack": "0123456789- "}
STDIN_PIECE = st.one_of(
    st.tuples(st.just("row"), st.integers(1, 8)),                 # a short position
    st.tuples(st.just("long"), st.sampled_from([1001, 4001, 20_001, 100_000])),  # limits
    st.tuples(st.just("text"), st.text(max_size=8)),              # anything (NUL, \r, BOM)
)


def _stdin(ruleset: str, pieces: list, end: bool, seed: int) -> str:
    chars = _ROW.get(ruleset, "LR")
    parts = []
    for i, (kind, x) in enumerate(pieces):
        if kind == "row":
            parts.append("".join(chars[(seed + i * 7 + k) % len(chars)] for k in range(x)))
        elif kind == "long":
            parts.append(chars[seed % len(chars)] * x)
        else:
            parts.append(x)
    return "\n".join(parts) + ("\n" if end else "")  # end=False: the last line has no end


def _with(attr: str, value, call):
    import sys

    old = getattr(sys, attr)
    setattr(sys, attr, value)
    try:
        return call()
    finally:
        setattr(sys, attr, old)


@FUZZ
@given(ruleset=st.sampled_from(sorted(_ROW)), pieces=st.lists(STDIN_PIECE, max_size=4),
       end=st.booleans(), seed=st.integers(0, 50), closed=st.booleans(),
       json_out=st.booleans())
def test_fuzz_value_stdin_shapes(ruleset, pieces, end, seed, closed, json_out, capsys):
    """Lines with and without an end, past the ruleset's line limit, any characters, and a
    closed standard input (``<&-``: Python's ``sys.stdin`` is then None)."""
    stdin = None if closed else io.StringIO(_stdin(ruleset, pieces, end, seed))
    argv = ["value", ruleset, "-"] + (["--json"] if json_out else [])
    code, err = _with("stdin", stdin, lambda: _call(argv, capsys))
    if closed:
        assert code == 2 and "standard input is closed" in err and err.count("\n") == 1
    if not closed and any(kind == "long" and x > LINE_LIMITS[ruleset] for kind, x in pieces):
        assert code == 2 and f"more than {LINE_LIMITS[ruleset]:,} characters" in err


CLOSED_STDOUT = st.sampled_from([
    ["value", "toppling", "LR"], ["value", "timber-path", "-"], ["list"], ["list", "--json"],
    ["export-cnf", "timber.thm2.3", "--n", "3"], ["find", "toppling", "--length", "2",
                                                  "--value", "0", "--count"],
    ["probe", "--list"],
])


@FUZZ
@given(argv=CLOSED_STDOUT)
def test_fuzz_closed_stdout(argv, capsys):
    """``cgsat ... >&-``: Python's ``sys.stdout`` is None."""
    def run():
        return _call(argv, capsys)

    code, err = _with("stdin", io.StringIO("LR\n"), lambda: _with("stdout", None, run))
    assert code == 2 and "standard output is closed" in err and err.count("\n") == 1


_SPECIAL: list[str] = []


def _special_files() -> list[str]:
    """A FIFO, made once, and devices every Linux has."""
    if not _SPECIAL:
        fifo = os.path.join(tempfile.mkdtemp(prefix="cgsat-fuzz-"), "fifo")
        os.mkfifo(fifo)
        _SPECIAL.extend([fifo, "/dev/zero", "/dev/null", "/dev/urandom"])
    return _SPECIAL


@FUZZ
@given(which=st.integers(0, 3), option=st.sampled_from(["--db", "--claims"]),
       command=st.sampled_from([["report", "--out", "rep"],
                                ["check", "timber.thm2.5", "--up-to", "1"],
                                ["find", "green-cordon", "--height", "3", "--value", "*",
                                 "--count"],
                                ["probe", "tree-p-counts", "--up-to", "2"], ["list"]]))
def test_fuzz_special_files(which, option, command, capsys):
    """A FIFO or a device as ``--db`` or ``--claims``: refused before it is opened (a FIFO
    would block the open for ever; /dev/zero would never end)."""
    if option == "--db" and command[0] == "list" or \
            option == "--claims" and command[0] in ("find", "probe"):
        return  # the command has no such option
    path = _special_files()[which]
    code, err = _hostile_call_code([*command, option, path], capsys)
    assert code == 2 and "not a regular file" in err and err.count("\n") == 1


def _hostile_call_code(argv: list[str], capsys) -> tuple[int, str]:
    with tempfile.TemporaryDirectory() as tmp:
        cwd = os.getcwd()
        os.chdir(tmp)
        try:
            return _call(argv, capsys)
        finally:
            os.chdir(cwd)


CLAIMS_BODY = st.one_of(
    st.just("while True:\n    pass\n"),
    st.just("import time\ntime.sleep(3600)\n"),
    st.integers(-3, 300).map(lambda k: f"import sys\nsys.exit({k})\n"),
    st.sampled_from(["None", "'bye'"]).map(lambda k: f"raise SystemExit({k})\n"),
    st.integers(0, 3).map(lambda k: f"import os\nos._exit({k})\n"),
    st.sampled_from(["ValueError", "KeyError", "RecursionError", "MemoryError",
                     "KeyboardInterrupt", "GeneratorExit"]).map(
        lambda e: f"raise {e}('x')\n"),
    st.just("x = set(range(10**7))\nCLAIMS = []\n"),
    st.just("CLAIMS = 3\n"),
    st.just("def f(:\n"),
)


@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(body=CLAIMS_BODY, command=st.sampled_from(["list", "check", "report"]))
def test_fuzz_claims_files(body, command, capsys, monkeypatch):
    """Claims files that loop, sleep, exit, raise or allocate at import: one line naming
    the file, exit 2, within the budget of a check (here 2 s and 300 MB)."""
    from cgsat.engine import memory
    from cgsat.user import trial

    monkeypatch.setattr(trial, "DEFAULT_SECONDS", 2.0)
    monkeypatch.setattr(memory, "default_limit", lambda jobs: 300 << 20)
    store = _store()  # made before the call: its own check prints a plan and a summary
    capsys.readouterr()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "mine.py")
        with open(path, "w") as f:
            f.write(body)
        argv = {"list": ["list"], "check": ["check", "user.a", "--timeout", "2", "--db",
                                             os.path.join(tmp, "r.sqlite")],
                "report": ["report", "--db", store, "--out", os.path.join(tmp, "rep")],
                }[command]
        code, err = _call([*argv, "--claims", path], capsys)
    assert code == 2 and err.count("\n") == 1 and f"--claims {path}" in err, err
