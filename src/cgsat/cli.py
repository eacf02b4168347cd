"""The cgsat command line; position syntax, options, JSON and exit codes: docs/reference.md

Every subcommand is a function ``run(args) -> exit code`` in :mod:`cgsat.commands`. This
module only parses arguments and turns errors into one line on stderr:

- 0: nothing was refuted; 1: some claim was refuted;
- 2: bad usage or bad input; 3: two methods disagreed or a control failed;
- 4: an internal error (a bug in cgsat; the message says so);
- 5: ``check`` stopped short of the sizes it was asked for (precedence 3 > 4 > 1 > 5 > 0);
- 130: interrupted (Ctrl-C); 143: terminated (SIGTERM, handled like Ctrl-C: 128 + 15, the
  code a shell reports for a process SIGTERM ends, so callers see the same either way);
  129: hung up (SIGHUP, handled the same way). Every command stops its workers first.
"""

from __future__ import annotations

import argparse
import difflib
import errno
import math
import re
import signal
import sqlite3
import sys
import threading
from collections.abc import Sequence
from typing import Any, NoReturn

from cgsat import __version__
from cgsat.commands.options import memory_limit, store_of
from cgsat.errors import CgsatInputError

__all__ = [
    "EPILOG",
    "MAX_DIGITS",
    "MAX_TIMEOUT",
    "MAX_CONTROLS",
    "shorten",
    "VALUE_RULESETS",
    "FIND_RULESETS",
    "JSON_HELP",
    "GAME_DESCRIPTION",
    "VALUE_SYNTAX",
    "value_epilog",
    "GAME_EPILOG",
    "DB_HELP",
    "non_negative_int",
    "positive_float",
    "positive_int",
    "controls_count",
    "add_claims_files",
    "build_parser",
    "main",
]

EXIT_OK, EXIT_REFUTED, EXIT_USAGE, EXIT_DISAGREE, EXIT_INTERNAL = 0, 1, 2, 3, 4

EPILOG = """\
exit codes: 0 ok; 1 a claim refuted; 2 bad usage or input; 3 a bug reported loudly
(methods or solvers disagreed, a control failed); 4 internal error; 5 check stopped
short (timeout, memory); 130 Ctrl-C; 143 SIGTERM. Precedence 3 > 4 > 1 > 5 > 0.
Full reference: docs/reference.md in the cgsat source tree."""


MAX_DIGITS = 18
"""The most digits a whole-number option takes (every size cgsat can reach is far below
10**18, and SQLite stores sizes as 64-bit integers)."""
MAX_TIMEOUT = 30 * 86400.0
"""The largest ``--timeout``: 30 days (a check's clock must be a finite number)."""
MAX_CONTROLS = 10_000
"""The most sample controls per SAT instance (``--controls``; default 16). Each sample is a
solve under assumptions and a run of the direct solver. At 10,000, on 2 cores shared with
other CPU-bound work: ``find timber-path --length 20 --value 0`` took 9 s, ``find toppling
--length 12 --value 0 --count`` 12 s, ``check timber.thm2.3`` n=24 2 s,
``thickets.thm3.2`` n=20 95 s and ``toppling.conj22`` n=10 (15 instances) 109 s: minutes
at most, and a check stays under its ``--timeout``; 100,000,000 would take days."""


_LONG = re.compile(r"\S{201,}")


def shorten(message: str) -> str:
    """``message`` on one line, with every run of more than 200 non-blank characters (a
    5,000-digit number a user typed; no path is that long) cut to its ends.

    Examples
    --------
    "got '9999999999999999999...(5002 characters)...999999999'"
    "got '99999999999999999999...(5002 characters)...9999999999'"
    >>> shorten("two\\nlines")
    'two lines'
    """
    one = " ".join(message.split("\n"))
    return _LONG.sub(lambda m: f"{m.group()[:20]}...({len(m.group())} characters)..."
                               f"{m.group()[-10:]}", one)


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line and exit code 2, and which names
    the option a mistyped one was meant to be (``--lenght``: did you mean ``--length``?)."""

    _argv: list[str] = []

    def parse_known_args(  # type: ignore[override]  # argparse's overloads, one body
            self, args: Sequence[str] | None = None,
            namespace: argparse.Namespace | None = None,
    ) -> tuple[argparse.Namespace, list[str]]:
        self._argv = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        typo = self._mistyped_option(dash_position="required: position" in message,
                                     dash_expr="required: EXPR" in message)
        if typo is not None:
            message = typo
        sys.stderr.write(f"{self.prog}: error: {shorten(message)}\n")
        raise SystemExit(EXIT_USAGE)

    def _mistyped_option(self, dash_position: bool = False,
                         dash_expr: bool = False) -> str | None:
        """"unrecognized argument --X (did you mean --Y?)" for the first option of the
        command line that neither this parser nor its chosen subcommand knows, else None
        (argparse would otherwise report a required option as missing first). With
        ``dash_position``, a missing position that was typed as ``-1>2`` is explained; with
        ``dash_expr``, a missing ``cgsat game`` EXPR typed as ``-{1|0}``."""
        known = set(self._option_string_actions)
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction):
                chosen = next((t for t in self._argv if t in action.choices), None)
                if chosen is not None:
                    known |= set(action.choices[chosen]._option_string_actions)
        for token in self._argv:
            if token == "--":
                break
            if (dash_expr and token.startswith("-") and not token.startswith("--")
                    and len(token) > 1 and token not in known):
                return (f"{token!r} reads as an option; an expression that starts with - "
                        f"goes after --: cgsat game -- '{token}'")
            if (dash_position and token.startswith("-") and not token.startswith("--")
                    and len(token) > 1 and token not in known):
                return (f"{token!r} reads as an option; a position that starts with - goes "
                        f"after --: cgsat value RULESET -- '{token}'")
            option = token.split("=", 1)[0]
            if option.startswith("--") and option not in known:
                close = difflib.get_close_matches(option, sorted(known), n=1, cutoff=0.6)
                hint = f" (did you mean {close[0]}?)" if close else ""
                return f"unrecognized argument {option}{hint}"
        return None


def _whole(text: str) -> int:
    """``text`` as a whole number written in ASCII digits (no full-width ``３``), at most
    :data:`MAX_DIGITS` digits, else :class:`argparse.ArgumentTypeError`."""
    t = text.strip()
    if not re.fullmatch(r"[+-]?[0-9]+", t):
        raise argparse.ArgumentTypeError(f"expected a whole number (digits 0-9), got {text!r}")
    if len(t.lstrip("+-")) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(
            f"expected a whole number of at most {MAX_DIGITS} digits, got one of "
            f"{len(t.lstrip('+-'))} digits")
    return int(t)


VALUE_RULESETS = ("timber", "timber-path", "phyminoes", "lumberjack", "thickets",
                  "green-cordon", "toppling")
"""The rulesets of ``cgsat value`` (``cgsat.games.RULESET_NAMES``; a test keeps them equal,
and the CLI does not import the games to print its help)."""
FIND_RULESETS = ("timber", "timber-path", "phyminoes", "green-cordon", "toppling")
"""The rulesets ``cgsat find`` searches."""
JSON_HELP = "print JSON (docs/reference.md gives its fields)"
DB_HELP = ("the results store, default $CGSAT_DB, else ./cgsat-results.sqlite (never "
           ":memory:)")


VALUE_SYNTAX = (
    ("timber", "arcs x>y, by spaces or commas", "0>1 1>2 1>3"),
    ("timber-path", "a word over L and R", "LLRRLR"),
    ("phyminoes", "arcs x>y, as timber (--distances)", "0>1 1>2 2>0"),
    ("lumberjack", "edges u-v, root=R1,R2 (default 0)", "0-1 1-2 1-3"),
    ("thickets", "arcs a>b:c (b,r,g); blue:[01] stalk:RL", "1>0:b 2>1:r 3>1:g"),
    ("green-cordon", "N:A1,A2 leaves at v_Ai; N: a stalk; +", "7:2,4,5 + 3:1"),
    ("toppling", "rows over L, R, E; spaces: a sum", "LRRLL EE"),
)
"""``(ruleset, syntax, example)``: the position syntax ``cgsat value --help`` shows, one
line per ruleset (docs/reference.md gives it in full; a test runs every example)."""


def value_epilog() -> str:
    """The epilog of ``cgsat value --help``: every ruleset's position syntax, with an
    example, and two command lines.

    Examples
    --------
    >>> print(value_epilog().splitlines()[1])
      timber        arcs x>y, by spaces or commas          "0>1 1>2 1>3"
    """
    lines = ["position syntax (the empty position is () in every ruleset):"]
    lines += [f"  {name:<13} {syntax:<38} \"{example}\"" for name, syntax, example
              in VALUE_SYNTAX]
    lines += ["", "examples:",
              "  cgsat value toppling LRRLL             outcome, value {1|*}, temperature 1/2",
              "  cgsat value green-cordon 7:2,4,5 --json",
              "  printf 'LR\\nLLR\\n' | cgsat value timber-path -     one line per position",
              "", EPILOG]
    return "\n".join(lines)


GAME_DESCRIPTION = """\
A calculator in CGSuite notation. EXPR is a game, or two games compared.

games:        integers and dyadic fractions (3, -1/2, 3/4); * and *n; ^ and v (^^, ^3,
              v*, ^^*3); +-G (the switch {G|-G}); {L1,L2|R1,R2} nested at any depth,
              longer bars binding last ({0|0||0|0} is {{0|0}|{0|0}}); sums and
              differences with + and -; parentheses
comparisons:  <  <=  >  >=  ==  <> (confused with, CGSuite's ||),
              <| (less than or confused), |> (greater than or confused)

A game prints its canonical form, then its outcome, temperature, mean, Left and Right
stops, and atomic weight (all-small games). A comparison prints true or false, then how
the two canonical forms relate. A malformed EXPR is one line naming the column of the
error (exit 2)."""
GAME_EPILOG = """\
examples:
  cgsat game "{0|0||0|0}"            prints 0
  cgsat game "^ + ^ + *"             ^^*, atomic weight 2
  cgsat game "{1|-1} <> 0"           true: +-1 is confused with 0
  cgsat game "{2|-1}" --plot t.png   the thermograph of {2|-1}
  cgsat game "{1|0} > *" --json"""


def non_negative_int(text: str) -> int:
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"a bound must be at least 0, got {value}")
    return value


def positive_float(text: str) -> float:
    """A ``--timeout``: positive, finite seconds in ASCII digits, at most
    :data:`MAX_TIMEOUT`.

    Examples
    --------
    >>> positive_float("0.5"), positive_float("60"), positive_float("1e3")
    (0.5, 60.0, 1000.0)
    """
    t = text.strip()
    if not re.fullmatch(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]{1,3})?", t):
        raise argparse.ArgumentTypeError(f"expected seconds (digits 0-9), got {text!r}")
    value = float(t) if len(t) <= 40 else math.inf
    if not value > 0:
        raise argparse.ArgumentTypeError(f"a timeout must be positive, got {text}")
    if not math.isfinite(value) or value > MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(
            f"a timeout is at most {MAX_TIMEOUT:.0f} seconds (30 days), got {text}")
    return value


def positive_int(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {value}")
    return value


def controls_count(text: str) -> int:
    value = _whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"the number of controls must be at least 0, got "
                                         f"{value}")
    if value > MAX_CONTROLS:
        raise argparse.ArgumentTypeError(f"the number of controls is at most {MAX_CONTROLS}, "
                                         f"got {value}")
    return value


def add_claims_files(p: argparse.ArgumentParser) -> None:
    """``--claims FILE`` (repeatable): a user's own claims (docs/own-conjectures.md)."""
    p.add_argument("--claims", dest="claims_files", action="append", default=[],
                   metavar="FILE",
                   help="a Python file of your own claims (a list CLAIMS of "
                   "cgsat.kit.claim records, ids user.<label>; docs/own-conjectures.md); "
                   "may be repeated")


class _Formatter(argparse.HelpFormatter):
    """Help text wrapped as argparse wraps it, except the ``examples:`` epilog, whose
    command lines are kept as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.startswith("examples:"):
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


def _examples(*commands: str) -> str:
    """The ``examples:`` epilog of a command's ``--help`` (issue 39: help that stands
    alone, for a user without the docs)."""
    return "examples:\n" + "\n".join(f"  {c}" for c in commands)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cgsat", description=__doc__.splitlines()[0], epilog=EPILOG,
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"cgsat {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("value", help="solve one position (or one per line from stdin with -)",
                       description="Solve one position: its outcome, its nim-value "
                                   "(impartial rulesets) or its value\nwith temperature, "
                                   "mean, stops and atomic weight (partizan rulesets), and "
                                   "its winning\nmoves. Each ruleset's position syntax is "
                                   "below (in full:\ndocs/reference.md).",
                       epilog=value_epilog(),
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("ruleset", metavar="RULESET",
                   help=f"one of: {', '.join(VALUE_RULESETS)}")
    p.add_argument("position", help="a position in the ruleset's syntax, or - for stdin")
    p.add_argument("--misere", action="store_true", help="misère play (impartial rulesets)")
    p.add_argument("--distances", choices=["minus-edge", "graph"], default=None,
                   help="phyminoes: measure distances in G - xy (default) or in G")
    p.add_argument("--full", action="store_true",
                   help="print a value longer than a screen whole (text output; --json "
                        "always prints it whole)")
    p.add_argument("--json", action="store_true", help=JSON_HELP)

    p = sub.add_parser("game", help="a calculator in CGSuite notation: canonical forms, "
                                    "invariants, comparisons",
                       description=GAME_DESCRIPTION, epilog=GAME_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("expr", metavar="EXPR",
                   help="a game such as '{0|0||0|0}' or '^ + ^ + *', or a comparison of "
                        "two games ('{1|0} > *'); quote it for the shell")
    p.add_argument("--plot", default=None, metavar="FILE.png",
                   help="draw the game's thermograph into FILE.png (matplotlib)")
    p.add_argument("--json", action="store_true", help=JSON_HELP)

    p = sub.add_parser("play", help="play a position against cgsat in the terminal",
                       description="Play POSITION against cgsat, which moves perfectly "
                                   "(the direct solver, or the proved automata where a "
                                   "family is proved for every size). Type moves as "
                                   "`cgsat value --json` prints winning moves (an arc 0>1, "
                                   "a domino 3W, an edge 1-3), or moves, hint, undo, help, "
                                   "quit; Ctrl-D ends the game.",
                       epilog=_examples("cgsat play toppling LRRLL --side L --turn first",
                                        "cgsat play timber '0>1 1>2 1>3' --turn second",
                                        "cgsat play green-cordon 300:3,7"),
                       formatter_class=_Formatter)
    p.add_argument("ruleset", metavar="RULESET",
                   help=f"one of: {', '.join(VALUE_RULESETS)}")
    p.add_argument("position", metavar="POSITION",
                   help="the starting position in the ruleset's syntax (as cgsat value "
                        "takes it)")
    p.add_argument("--turn", choices=["first", "second"], default=None,
                   help="move first or second (asked when not given)")
    p.add_argument("--side", choices=["L", "R"], default=None,
                   help="partizan rulesets: play Left or Right (asked when not given)")
    p.add_argument("--misere", action="store_true",
                   help="misère play: who cannot move wins (impartial rulesets)")
    p.add_argument("--distances", choices=["minus-edge", "graph"], default=None,
                   help="phyminoes: measure distances in G - xy (default) or in G")

    p = sub.add_parser("list", help="list the registered claims",
                       description="List the registered claims (and those of --claims "
                                   "FILE): id, kind, statement, bounds and methods.",
                       epilog=_examples("cgsat list", "cgsat list --json",
                                        "cgsat list --claims my_claims.py"),
                       formatter_class=_Formatter)
    p.add_argument("--json", action="store_true", help=JSON_HELP)
    add_claims_files(p)

    p = sub.add_parser("check", help="check claims size by size and store the results",
                       description="Check claims size by size by each of their methods "
                                   "(SAT and the direct solver), and store the verdicts.",
                       epilog=_examples("cgsat check timber.thm2.3 --up-to 12",
                                        "cgsat check toppling.conj22 --method sat --up-to 8",
                                        "cgsat check --all",
                                        "cgsat check --claims my_claims.py user.my-claim"),
                       formatter_class=_Formatter)
    p.add_argument("claims", nargs="*", metavar="CLAIM", help="claim ids (see cgsat list)")
    p.add_argument("--all", action="store_true", help="every registered claim")
    p.add_argument("--from", dest="from_n", type=non_negative_int, default=None, metavar="N",
                   help="first size (default: the claim's base size)")
    add_claims_files(p)
    bound = p.add_mutually_exclusive_group()
    bound.add_argument("--up-to", dest="up_to", type=non_negative_int, default=None, metavar="N",
                       help="last size (default: the claim's quick bound)")
    bound.add_argument("--target", action="store_true", help="run up to the target bound")
    p.add_argument("--method", default="all", metavar="M",
                   help="a method of the claim (brute, sat, ...), default all")
    p.add_argument("--timeout", type=positive_float, default=60.0, metavar="S",
                   help="seconds per check (claim, method, n), default 60; a check that "
                        "runs longer is killed, its size is unknown, larger sizes of that "
                        "method are skipped, and the run exits 5")
    p.add_argument("--controls", type=controls_count, default=16, metavar="K",
                   help="sample controls per SAT instance, default 16: positions of the "
                        "size checked whose answers must equal the direct solver's")
    p.add_argument("--jobs", type=positive_int, default=None,
                   help="worker processes of the local executor (default: the cores)")
    p.add_argument("--executor", choices=["local", "dask"], default="local",
                   help="local (default): a process pool here; dask: tasks of the Dask "
                        "cluster at --scheduler (pip install \"cgsat[dask]\")")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="the Dask scheduler, e.g. tcp://host:8786 (with --executor dask)")
    p.add_argument("--memory-limit", dest="memory_limit", type=memory_limit, default="auto",
                   metavar="SIZE",
                   help="resident memory per check, e.g. 2G or 500M, or none; default auto: 80%% "
                        "of the machine's memory divided by --jobs; a check over it is "
                        "killed, its size is unknown (memory), larger sizes of that method "
                        "are skipped, and the run exits 5")
    p.add_argument("--solver", default="cadical195", metavar="NAME",
                   help="the PySAT solver, default cadical195")
    p.add_argument("--proof", action="store_true", help="check DRAT proofs of UNSAT answers")
    p.add_argument("--confirm-with", dest="confirm_with", default=None, metavar="SOLVER",
                   help="re-solve every instance with this second PySAT solver")
    p.add_argument("--external-solver", dest="external_solver", default=None, metavar="CMD",
                   help="solve every SAT instance with this DIMACS solver command (the file "
                        "is appended, or replaces {cnf}; {proof}: its DRAT proof is "
                        "checked); stored under solver external:NAME; controls use --solver")
    p.add_argument("--db", default=None, metavar="PATH", help=DB_HELP)
    p.add_argument("--force", action="store_true",
                   help="recompute even what the store already decides")
    p.add_argument("--revalidate", action="store_true",
                   help="first carry stored runs over to the current fingerprints where "
                        "they were decided by exactly the current code under the earlier "
                        "fingerprint scheme (recorded as aliases; nothing is recomputed)")
    p.add_argument("--json", action="store_true", help=JSON_HELP)

    p = sub.add_parser("export-cnf", help="write the DIMACS instance a SAT method solves",
                       description="Write the exact SAT instance a claim's SAT method "
                                   "solves at size n, with a comment header (claim, n, "
                                   "version, method fingerprint, variable map). UNSAT "
                                   "exactly when the method says holds for it.",
                       epilog=_examples("cgsat export-cnf timber.thm2.3 --n 10 --out t.cnf",
                                        "cgsat export-cnf user.my-claim --n 6 --claims "
                                        "my_claims.py"),
                       formatter_class=_Formatter)
    p.add_argument("claim", metavar="CLAIM", help="a claim id (see cgsat list)")
    p.add_argument("--n", type=non_negative_int, required=True, metavar="N",
                   help="the size whose instance to write")
    p.add_argument("--target", default=None, metavar="LABEL",
                   help="the instance's label (default the first; unlabelled instances are "
                        "numbered 1, 2, ... in the order the method reaches them)")
    p.add_argument("--method", default=None,
                   help="the SAT method (default the claim's first method using a solver)")
    p.add_argument("--out", default=None, metavar="FILE",
                   help="the DIMACS file (default, or -: standard output); never a results "
                        "store")
    p.add_argument("--timeout", type=positive_float, default=60.0, metavar="S",
                   help="seconds the export may take, default 60; beyond, it stops with "
                        "exit 5")
    p.add_argument("--memory-limit", dest="memory_limit", type=memory_limit, default="auto",
                   metavar="SIZE",
                   help="memory the export may take (2G, 500M, none); default auto: 80%% of "
                        "the machine's; beyond, it stops with exit 5")
    add_claims_files(p)

    p = sub.add_parser("find", help="find positions of a shape with a given value",
                       description="Search a whole shape by SAT for positions with a given "
                                   "value or outcome (every position printed is replayed "
                                   "by the direct solver). Shapes: toppling and "
                                   "timber-path --length/--max-length, timber and "
                                   "phyminoes --shape, green-cordon --height.",
                       epilog=_examples(
                           "cgsat find toppling --max-length 9 --value '{{1|0}|0}' --all",
                           "cgsat find timber-path --length 6 --value 0 --count",
                           "cgsat find timber --shape '0-1 1-2 1-3 3-4' --outcome P --all",
                           "cgsat find green-cordon --height 7 --value 0 --all"),
                       formatter_class=_Formatter)
    p.add_argument("ruleset", metavar="RULESET",
                   help=f"one of: {', '.join(FIND_RULESETS)}")
    shape = p.add_mutually_exclusive_group(required=True)
    shape.add_argument("--length", type=non_negative_int, metavar="N",
                       help="rows or words of exactly N letters (toppling, timber-path)")
    shape.add_argument("--max-length", dest="max_length", type=positive_int, metavar="N",
                       help="every length 1..N (toppling, timber-path)")
    shape.add_argument("--shape", metavar="EDGES",
                       help="a graph such as '0-1 1-2'; its orientations are searched "
                            "(timber, phyminoes)")
    shape.add_argument("--height", type=non_negative_int, metavar="N",
                       help="green cordons of height N (green-cordon)")
    target = p.add_mutually_exclusive_group(required=True)
    target.add_argument("--value", metavar="GAME",
                        help="the value to match: 0, *, *k (impartial) or a game such as "
                             "'{1|0}' (toppling)")
    target.add_argument("--outcome", choices=["P", "N", "L", "R"],
                        help="the outcome class to match")
    p.add_argument("--misere", action="store_true",
                   help="misère play (impartial rulesets)")
    p.add_argument("--alphabet", choices=["LR", "LRE"], default=None,
                   help="toppling: dominoes L and R only, or L, R, E (default LRE)")
    p.add_argument("--distances", choices=["minus-edge", "graph"], default=None,
                   help="phyminoes: measure distances in G - xy (default) or in G")
    many = p.add_mutually_exclusive_group()
    many.add_argument("--all", action="store_true", help="print every position found")
    many.add_argument("--count", action="store_true", help="print how many positions match")
    p.add_argument("--controls", type=controls_count, default=16, metavar="K",
                   help="sample controls per SAT instance, default 16: positions of the "
                        "size searched whose answers must equal the direct solver's "
                        "(0: none; the toggled control of a search that found nothing "
                        "still runs)")
    p.add_argument("--jobs", type=positive_int, default=1,
                   help="with --max-length: search the lengths in J processes at once, "
                        "one task per length (default 1: in turn, here)")
    p.add_argument("--executor", choices=["local", "dask"], default="local",
                   help="local (default): here, or --jobs processes; dask: with "
                        "--max-length, one task per length on the Dask cluster at "
                        "--scheduler (pip install \"cgsat[dask]\")")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="the Dask scheduler, e.g. tcp://host:8786 (with --executor dask)")
    p.add_argument("--db", default=None, metavar="PATH",
                   help="green-cordon --value *k --count: the results store whose proof of "
                        "the nim-value's automaton is used (stored there when proved now); "
                        + DB_HELP)
    p.add_argument("--json", action="store_true", help=JSON_HELP)

    p = sub.add_parser("probe", help="run an open-problem probe (data tables, stored)",
                       description="Run an open-problem probe: data tables, a plot and a "
                                   "summary in --out, stored like claims.",
                       epilog=_examples("cgsat probe --list",
                                        "cgsat probe tree-p-counts --up-to 8 --out probe-trees"),
                       formatter_class=_Formatter)
    p.add_argument("name", nargs="?", default=None, metavar="NAME",
                   help="the probe (see cgsat probe --list)")
    p.add_argument("--list", action="store_true", help="list the probes and what --up-to means")
    p.add_argument("--up-to", dest="up_to", type=non_negative_int, default=None, metavar="N",
                   help="largest size computed (the probe's own default and range: --list)")
    p.add_argument("--json", action="store_true", help=JSON_HELP)
    p.add_argument("--out", default=None, help="output directory, default probe-NAME")
    p.add_argument("--db", default=None, metavar="PATH", help=DB_HELP)
    p.add_argument("--force", action="store_true", help="recompute sizes already stored")
    p.add_argument("--executor", choices=["local", "dask"], default="local",
                   help="local (default): the sizes in turn, here; dask: one task per size "
                        "on the Dask cluster at --scheduler")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="the Dask scheduler, e.g. tcp://host:8786 (with --executor dask)")

    p = sub.add_parser("report", help="write bounds.json with bounds.md and bounds.html "
                       "(or bounds.tex with --format latex)",
                       description="Write the report of the results store: bounds.json "
                                   "with bounds.md and bounds.html (or bounds.tex).",
                       epilog=_examples("cgsat report --out report",
                                        "cgsat report --db results.sqlite --format latex "
                                        "--out paper"),
                       formatter_class=_Formatter)
    p.add_argument("--db", default=None, metavar="PATH", help=DB_HELP)
    p.add_argument("--out", default="report", metavar="DIR",
                   help="the directory to write, default report")
    add_claims_files(p)
    p.add_argument("--format", default="html", choices=("html", "latex"),
                   help="html (default): bounds.json, bounds.md, bounds.html; latex: "
                   "bounds.json and bounds.tex (booktabs tables)")
    return parser


def _dispatch(args: argparse.Namespace) -> int:
    """Run the command. Each command module is imported only when it runs: importing them
    all would add about 0.4 s to every ``cgsat`` call, ``cgsat --help`` included."""
    from cgsat.commands.bounded_input import check_args  # issue 38: streams, FIFOs

    check_args(args)
    if args.command == "value":
        from cgsat.commands import value  # CLI start-up time: --help loads no command

        return value.run(args)
    if args.command == "play":
        from cgsat.commands import play  # CLI start-up time: --help loads no command

        return play.run(args)
    if args.command == "game":
        from cgsat.commands import game  # CLI start-up time: --help loads no command

        return game.run(args)
    if args.command == "list":
        from cgsat.commands import list_claims  # CLI start-up time: --help loads no command

        return list_claims.run(args)
    if args.command == "check":
        from cgsat.commands import check  # CLI start-up time: --help loads no command

        return check.run(args)
    if args.command == "report":
        from cgsat.commands import report  # CLI start-up time: --help loads no command

        return report.run(args)
    if args.command == "find":
        from cgsat.commands import find  # CLI start-up time: --help loads no command

        return find.run(args)
    if args.command == "export-cnf":
        from cgsat.commands import export_cnf  # CLI start-up time: --help loads no command

        return export_cnf.run(args)
    if args.command == "probe":
        from cgsat.commands import probe  # CLI start-up time: --help loads no command

        return probe.run(args)
    raise CgsatInputError(f"unknown command {args.command!r}")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``cgsat`` console script."""
    parser = build_parser()
    tokens = list(sys.argv[1:] if argv is None else argv)
    if tokens[:1] == ["--version"] and len(tokens) > 1:
        parser.error(f"--version takes no other argument, got {' '.join(tokens[1:])!r}")
    args = parser.parse_args(tokens)
    handled = _handle_signals()
    try:
        return _dispatch(args)
    except CgsatInputError as exc:
        sys.stderr.write(f"cgsat: error: {shorten(str(exc))}\n")
        return EXIT_USAGE
    except BrokenPipeError:
        return EXIT_OK
    except sqlite3.DatabaseError as exc:  # a damaged store, a file that is none, a full disk
        if "full" in str(exc):
            sys.stderr.write(f"cgsat: error: no space left on the device (ENOSPC) writing the "
                             f"results store {store_of(args)}\n")
        else:
            sys.stderr.write(f"cgsat: error: results store {store_of(args)}: {exc} (the file "
                             "is damaged or is not a cgsat store; give another with --db)\n")
        return EXIT_USAGE
    except OSError as exc:
        if exc.errno != errno.ENOSPC:
            return _internal(exc)
        sys.stderr.write(f"cgsat: error: no space left on the device (ENOSPC) writing "
                         f"{exc.filename or store_of(args)}\n")
        return EXIT_USAGE
    except ValueError as exc:
        if "integer string conversion" in str(exc):  # a number of more than 4,300 digits
            sys.stderr.write("cgsat: error: a number in the input has more than 4300 "
                             "digits\n")
            return EXIT_USAGE
        return _internal(exc)
    except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM during `check` (exit_code 143)
        code = getattr(exc, "exit_code", 130)
        sys.stderr.write("cgsat: interrupted\n" if code == 130 else "cgsat: terminated "
                         f"({signal.Signals(code - 128).name})\n")
        return code
    except Exception as exc:  # noqa: BLE001 - no traceback ever reaches the user
        return _internal(exc)
    finally:
        for signum, old in handled.items():
            signal.signal(signum, old)


class _Signalled(KeyboardInterrupt):
    """SIGTERM or SIGHUP, handled like Ctrl-C (workers stopped, finished work kept); the
    exit code is 128 + the signal's number, as a shell reports for a process it ends."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.exit_code = 128 + signum


def _raise_signalled(signum: int, frame: object) -> None:
    raise _Signalled(signum)


def _handle_signals() -> dict[int, Any]:
    """Turn SIGTERM and SIGHUP into :class:`_Signalled` for every command (issue 26: no
    orphan after any signal; a command that started workers stops them in its cleanup
    before it exits). Returns the handlers to restore. Only in the main thread, and not
    where a caller ignores the signal (``nohup`` ignores SIGHUP)."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    old: dict[int, Any] = {}
    for signum in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(signum) is signal.SIG_IGN:
            continue
        old[signum] = signal.signal(signum, _raise_signalled)
    return old


def _internal(exc: Exception) -> int:
    """Exit 130 for a solver's own Ctrl-C error, else report an internal error (exit 4)."""
    if _solver_interrupted(exc):
        sys.stderr.write("cgsat: interrupted\n")
        return 130
    sys.stderr.write(shorten(
        f"cgsat: internal error ({type(exc).__name__}: {exc}); this is a bug in cgsat, "
        "please report it") + "\n")
    return EXIT_INTERNAL


def _solver_interrupted(exc: BaseException) -> bool:
    """PySAT's solvers turn Ctrl-C during a solve into their own error ("Caught keyboard
    interrupt", class ``pysolvers.error``), not KeyboardInterrupt: exit 130 as well."""
    return (type(exc).__module__ == "pysolvers"
            and "keyboard interrupt" in str(exc).lower())


if __name__ == "__main__":
    sys.exit(main())
